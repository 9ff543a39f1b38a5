"""The steps of the duel procedure (§12, §17.2)."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.rf90.events.base import Event, card_faces


@dataclass(frozen=True, slots=True)
class DuelEvent(Event):
    """Base of the steps of the duel procedure (§12): each names the activated section."""

    RULE = "§12"
    section: str


@dataclass(frozen=True, slots=True)
class NoDuel(DuelEvent):
    RULE = "§12.3"
    TEMPLATE = "No duel in {label}: {why}"
    PROSE = frozenset({"label", "why"})
    label: str  # the activation, e.g. "B2 (subsection 2)"
    why: str  # from rules.duel.duels_possible


@dataclass(frozen=True, slots=True)
class DuelChanceUsed(DuelEvent):
    RULE = "§12.3"
    TEMPLATE = "No duel in {label}: {cars} already had the chance to duel here this Game Turn"
    PROSE = frozenset({"label"})
    SEP = {"cars": ", "}
    label: str
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelsDeclared(DuelEvent):
    RULE = "§12.1"
    PROSE = frozenset({"label", "corner"})
    label: str
    eligible: tuple[str, ...]  # from the last car forward
    corner: str | None = None  # the corner's name
    modifier: int = 0  # its duel modifier

    def body(self) -> str:
        name = f"{self.corner} (duel modifier {self.modifier:+d})" if self.corner else self.section
        return (f"{self.label} is a corner section, {name}: duels are declared from the last car forward "
                f"({', '.join(self.eligible)})")


@dataclass(frozen=True, slots=True)
class NobodyChallenges(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "Nobody challenges: no duel in {label}"
    PROSE = frozenset({"label"})
    label: str


@dataclass(frozen=True, slots=True)
class NotChallenging(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} does not challenge"
    car: str


@dataclass(frozen=True, slots=True)
class Challenged(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} is the CHALLENGER; the cars ahead must say whether they take part ({ahead})"
    SEP = {"ahead": ", "}
    car: str
    ahead: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelAnswer(DuelEvent):
    """A car ahead of the challenger takes part or declines (§12.1); a robot's answer follows §17.2."""

    car: str
    joins: bool
    robot: bool = False

    @property
    def citation(self) -> str:
        return "§17.2" if self.robot else "§12.1"

    def body(self) -> str:
        if self.robot:
            return f"{self.car} (robot) {'joins the duel' if self.joins else 'stays out of the duel'}"
        return f"{self.car} {'takes part in the duel' if self.joins else 'declines the duel'}"


@dataclass(frozen=True, slots=True)
class Unopposed(DuelEvent):
    """Nobody takes up the challenge (§12.2); ``bids``: the challenger still plays cards (house rule)."""

    RULE = "§12.2"
    SEP = {"decliners": ", "}
    car: str
    decliners: tuple[str, ...]
    bids: bool

    def body(self) -> str:
        who = ", ".join(self.decliners)
        if not self.bids:
            return (f"Nobody takes up {self.car}'s challenge: {who} will go behind {self.car}; he lays no card "
                    "(house rule lone_challenger_bids = False)")
        return (f"Nobody takes up {self.car}'s challenge: {who} will go behind {self.car}, who still plays 1 or 2 "
                "cards face down (house rule lone_challenger_bids); with none he is not participating and the order "
                "is kept")


@dataclass(frozen=True, slots=True)
class DuelBids(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "Duel: {cars} each play 1 or 2 cards face down (pair rules do not apply)"
    SEP = {"cars": ", "}
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsFaceDown(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} places {count} card(s) face down"
    car: str
    count: int


@dataclass(frozen=True, slots=True)
class DuelReveal(DuelEvent):
    RULE = "§12.2"
    PROSE = frozenset({"breakdown"})
    car: str
    cards: tuple[str, ...]
    mps: tuple[int, ...]
    checks: tuple[int, ...]
    total: int
    breakdown: str  # e.g. "3 R12 [3] +2 BANGING WHEELS"

    def body(self) -> str:
        return (f"{self.car} reveals {card_faces(self.cards, self.mps, self.checks)}: total {self.total} "
                f"({self.breakdown})")


@dataclass(frozen=True, slots=True)
class NotParticipating(DuelEvent):
    RULE = "§12.1"
    TEMPLATE = "{car} played no card: not participating"
    car: str


@dataclass(frozen=True, slots=True)
class DuelOrder(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "New order in {section}: {order}"
    SEP = {"order": ", "}
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelTie(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "{cars} tie on {total}: they collide and each takes 1 damage; their order is kept"
    SEP = {"cars": " and "}
    cars: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True)
class DuelCardsFrozen(DuelEvent):
    RULE = "§12.2"
    TEMPLATE = "The duel cards of {cars} are frozen until the next Game Turn"
    SEP = {"cars": ", "}
    cars: tuple[str, ...]
