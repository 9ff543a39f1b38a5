"""FormulaGP events: qualifying and the race start (§9).
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from racebook.core.events import Event


# ------------------------------------------------------------------ qualifying and the race start (issue 37)
def _none_for_empty(words: dict[str, Any]) -> dict[str, Any]:
    """An empty list of cars or cards reads 'none' in a sentence."""
    return {k: "none" if v == "" else v for k, v in words.items()}


@dataclass(frozen=True, slots=True)
class PitBoxes(Event):
    RULE: ClassVar[str] = "§4.1"
    TEMPLATE: ClassVar[str] = "The pit boxes from the pit exit: {boxes}"
    SEP: ClassVar[dict[str, str]] = {"boxes": ", "}
    boxes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QualifyingOpened(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "Qualifying: every driver chooses its cards face down (in pit-box order: {cars})"
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QualifyingSealed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} lays its qualifying cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class QualifyingRevealed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = ("{car} reveals {cards}: {leds} LEDs, qualifying score {score} (tyre bonus + maximum "
                               "OT + LEDs; 0 with no card, A38), tyre wear {wear}")
    car: str
    cards: tuple[str, ...]
    leds: int
    score: int
    wear: int


@dataclass(frozen=True, slots=True)
class QualifyingPushed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} pushes the limit: the WHITE die shows {face} ({colour}) — {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    car: str
    face: int
    colour: str
    outcome: str
    score: int


@dataclass(frozen=True, slots=True)
class NotPushed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} does not push: qualifying score {score}"
    car: str
    score: int


@dataclass(frozen=True, slots=True)
class QualifyingSteered(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} spends {card} to counter-steer: it keeps {score}, nothing from the die (A41)"
    car: str
    card: str
    score: int


@dataclass(frozen=True, slots=True)
class GridSet(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = ("The grid: {grid} (the highest score on pole, a tie to the pit box nearer the pit exit, "
                               "no card at the back); from the pit lane: {pit_lane}")
    SEP: ClassVar[dict[str, str]] = {"grid": ", ", "pit_lane": ", "}
    grid: tuple[str, ...]
    pit_lane: tuple[str, ...]

    def words(self) -> dict[str, Any]:
        return _none_for_empty(Event.words(self))


@dataclass(frozen=True, slots=True)
class PitLaneStart(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} crashed in qualifying: it starts from the pit lane after every car on track has "
                               "moved in race round {round} (A7)")
    car: str
    round: int


@dataclass(frozen=True, slots=True)
class PoleBonus(Event):
    RULE: ClassVar[str] = "§9.4"
    TEMPLATE: ClassVar[str] = "{car} on pole looks at the top {n} cards of its deck for its bonus card"
    car: str
    n: int


@dataclass(frozen=True, slots=True)
class PoleKept(Event):
    RULE: ClassVar[str] = "§9.4"
    TEMPLATE: ClassVar[str] = "{car} keeps {card}; on top of its deck: {top}; at the bottom: {bottom}"
    car: str
    card: str
    top: tuple[str, ...]
    bottom: tuple[str, ...]

    def words(self) -> dict[str, Any]:
        return _none_for_empty(Event.words(self))


@dataclass(frozen=True, slots=True)
class StuckInNeutral(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} is stuck in neutral (no movement card after qualifying): draws {card}{what}; "
                               "it moves after all other cars in round 1")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    card: str
    what: str


@dataclass(frozen=True, slots=True)
class PitLaneJoined(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} starts the race from the pit lane at {at}: 2nd gear, one GREEN, RED, BLUE or "
                               "ORANGE card, no pair, forward without crossing the yellow line (lap {lap})")
    car: str
    at: str
    lap: int


@dataclass(frozen=True, slots=True)
class PitLaneExitBlocked(Event):
    """A pit-lane starter's turn while another car stands on the space it joins the track at (§9.3, §16.5): it cannot
    leave the pit lane yet and waits a round more (a reading: a car leaving the pits never joins onto a car)."""

    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} cannot leave the pit lane: {other} stands at {at}, where it would join the "
                               "track; it waits and starts in round {round}")
    car: str
    other: str
    at: str
    round: int
