"""Actions: a driver's decisions, as frozen values with a stable text form.

``str(action)`` and :func:`racebook.rf90.actiontext.parse` round-trip, so scenario files, the log and
error messages all use the same words, e.g. ``Blue play R13 R45 +traj``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.actions import Action as _Action
from racebook.rf90.car import Strategy

BLIND = "blind"


@dataclass(frozen=True, slots=True)
class Action(_Action):
    """An RF90 decision (the game-agnostic base is :class:`racebook.core.actions.Action`); its verb is its
    class's entry in the verb table below."""

    @property
    def verb(self) -> str:
        return _VERBS_BY_CLASS[type(self)]


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Phase A with no declaration: go on to phase B (§13.A)."""


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """A.1 skip turn, optionally changing strategy (§13.A.1)."""

    strategy: Strategy | None = None

    def _args(self) -> str:
        return f"strategy={self.strategy.value}" if self.strategy else ""


@dataclass(frozen=True, slots=True)
class Pit(Action):
    """A.3: announce a pit stop, backing ``extra`` (0–2) sections beyond the pit time for fuel (§13.A.3, §8)."""

    extra: int = 0

    def _args(self) -> str:
        return str(self.extra)


@dataclass(frozen=True, slots=True)
class PitDiscard(Action):
    """Pit procedure step 3: discard one card from hand (§13.A.3)."""

    card: str = ""

    def _args(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True)
class PitDone(Action):
    """Pit procedure: stop discarding; draw Race Cards up to the panel limit (§13.A.3 step 4)."""


@dataclass(frozen=True, slots=True)
class PitTyres(Action):
    """Pit procedure step 5: fit a new set (soft/hard/intermediate/rain) or ``keep`` the tyres (§13.A.3)."""

    tyre: str = "keep"

    def _args(self) -> str:
        return self.tyre


@dataclass(frozen=True, slots=True)
class PitStrategy(Action):
    """Pit procedure step 6: change strategy or ``keep`` it (§13.A.3)."""

    strategy: Strategy | None = None

    def _args(self) -> str:
        return self.strategy.value if self.strategy else "keep"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Phase C: one or two movement cards (§13.C) and phase-C declarations. ``trajectory``: use the trajectory the
    car stands on (pay its cost / try the ET, §13.D). ``blue``: spend one blue token for +1 MP (§13.D.1).
    ``minus_one``: the corner number where a Track Card's "-1" symbol is used (§19.2). ``et``: how an Extreme
    Trajectory is taken: None = the blind test; ``"flat"`` = FLAT OUT (no test, bonus -1, §27); a Track Card code =
    its ET Discard Power (automatic success, §19.3)."""

    cards: tuple[str, ...] = ()
    trajectory: bool = False
    blue: bool = False
    minus_one: int | None = None
    et: str | None = None

    def __post_init__(self) -> None:  # card order does not matter: one canonical form
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        bits = list(self.cards)
        if self.trajectory:
            bits.append("+traj")
        if self.blue:
            bits.append("+blue")
        if self.minus_one is not None:
            bits.append(f"minus1={self.minus_one}")
        if self.et is not None:
            bits.append(f"et={self.et}")
        return " ".join(bits)


@dataclass(frozen=True, slots=True)
class Versatility(Action):
    """A.2 VERSATILITY: change strategy now (§13.A, §27)."""

    strategy: Strategy | None = None

    def _args(self) -> str:
        return self.strategy.value if self.strategy else ""


@dataclass(frozen=True, slots=True)
class WiseDriving(Action):
    """A.2 WISE DRIVING: discard these Race Cards and draw up to the hand limit (§13.A, §27)."""

    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        return ",".join(self.cards) if self.cards else "none"


@dataclass(frozen=True, slots=True)
class Chase(Action):
    """A: CHASE — place the Chased token on ``target``, a driver ahead on the same lap (§26.8)."""

    target: str = ""

    def _args(self) -> str:
        return self.target


@dataclass(frozen=True, slots=True)
class Take(Action):
    """B (CHASE): take one of the chased car's discarded movement cards instead of drawing (§26.8)."""

    card: str = ""

    def _args(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """D.1 tyre payment: chips and cards from hand (§13.D.1)."""

    chips: int = 0
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:  # card order does not matter: one canonical form
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        return f"chips={self.chips}" + (f" cards={','.join(self.cards)}" if self.cards else "")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """D.1 card-discard cost: which hand cards go (§13.D.1)."""

    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:  # card order does not matter: one canonical form
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        return ",".join(self.cards)


@dataclass(frozen=True, slots=True)
class Test(Action):
    """D.2: resolve pending test number ``test`` (1-based) with a card or a blind draw (§13.D.2)."""

    __test__: ClassVar[bool] = False  # not a pytest test class

    test: int = 1
    using: str = BLIND

    def _args(self) -> str:
        return f"{self.test} {self.using}"


@dataclass(frozen=True, slots=True)
class LeaderCheck(Action):
    """E: the Leader lapping check with a hand card or a blind draw (§20)."""

    using: str = BLIND

    def _args(self) -> str:
        return self.using


@dataclass(frozen=True, slots=True)
class Weather(Action):
    """D.4: move the weather pawn one step left (-1) or right (+1), or leave it (0) (§16.1)."""

    step: int = 0

    def _args(self) -> str:
        return f"{self.step:+d}" if self.step else "0"


@dataclass(frozen=True, slots=True)
class YellowFlag(Action):
    """D.4: place a yellow flag in a corner section, after ``behind`` cars (§15.1)."""

    section: str = ""
    behind: int = 0

    def _args(self) -> str:
        return f"{self.section} {self.behind}"


@dataclass(frozen=True, slots=True)
class GreenFlag(Action):
    """D.4: remove the yellow flag of a section (§15.2)."""

    section: str = ""

    def _args(self) -> str:
        return self.section


@dataclass(frozen=True, slots=True)
class TakeFlag(Action):
    """D.4: take the blue pawn or the orange pawn (§15.3, §15.4)."""

    flag: str = "blue"

    def _args(self) -> str:
        return self.flag


@dataclass(frozen=True, slots=True)
class NoFlag(Action):
    """D.4: decline an optional flag (§15: using a flag is optional)."""


@dataclass(frozen=True, slots=True)
class Occupy(Action):
    """F.2: occupy a free trajectory, or ``none`` (§13.F.2)."""

    trajectory: str | None = None

    def _args(self) -> str:
        return self.trajectory or "none"


@dataclass(frozen=True, slots=True)
class LateBrake(Action):
    """F.1: attempt late braking — a blind test, or ``card``: a Track Card's LB Discard Power (§13.F.1, §19.3)."""

    card: str | None = None

    def _args(self) -> str:
        return self.card or ""


@dataclass(frozen=True, slots=True)
class Extreme(Action):
    """Expansion #1 (expansion1 digest §4.3): follow the ET now: a blind check, ``card`` (ET power) or ``"flat"``."""

    card: str | None = None

    def _args(self) -> str:
        return self.card or ""


@dataclass(frozen=True, slots=True)
class NoLateBrake(Action):
    """F.1: do not attempt late braking."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Phase B with a choice (§13.B): SAVE FUEL may first discard a card > 2 MP to draw two; LUCKY draws two and
    then discards ``discard`` (any card in hand, one of the two drawn included)."""

    discard: str | None = None

    def _args(self) -> str:
        return self.discard or ""


@dataclass(frozen=True, slots=True)
class StayOut(Action):
    """§21.1: when the Safety Car comes out, a player who has not played declines to pit."""


@dataclass(frozen=True, slots=True)
class Force(Action):
    """§15.4: the orange-flag holder forces robot ``robot`` to late-brake (``what="lb"``) or to occupy the
    Extreme Trajectory ``what`` (an ET id)."""

    robot: str = ""
    what: str = "lb"

    def _args(self) -> str:
        return f"{self.robot} {self.what}"


@dataclass(frozen=True, slots=True)
class NoForce(Action):
    """§15.4: the orange-flag holder lets the robot be."""


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """§12.1: start a duel in the activated corner section (asked from the last car forward)."""


@dataclass(frozen=True, slots=True)
class NoChallenge(Action):
    """§12.1: pass on starting a duel (this uses the car's duel chance here, §12.3)."""


@dataclass(frozen=True, slots=True)
class Join(Action):
    """§12.1: a car ahead of the challenger takes part in the duel."""


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """§12.1: a car ahead of the challenger stays out; it will be placed behind the participants (§12.2)."""


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """§12.1: 1 or 2 cards face down for the duel (pair rules do not apply); none = not participating."""

    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:  # card order does not matter: one canonical form
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        return " ".join(self.cards) if self.cards else "none"


@dataclass(frozen=True, slots=True)
class Assist(Action):
    """expansion1 §5.6: the human ``car`` discards ``card`` to help his robot teammate ``robot``: ``what`` is one of
    :data:`racebook.rf90.teamactions.ASSIST_WHATS`, ``arg`` its argument (an ET id; ``SECTION@BEHIND``; a section;
    ``+1``/``-1``). Its words are read by :func:`racebook.rf90.teamactions.parse_team`."""

    robot: str = ""
    card: str = ""
    what: str = "mp"
    arg: str = ""

    def _args(self) -> str:
        return f"{self.robot} {self.card} {self.what}" + (f"={self.arg}" if self.arg else "")


@dataclass(frozen=True, slots=True)
class NoAssist(Action):
    """expansion1 §5.6: no assistance card in this window."""


_VERBS = {
    "start": Start, "skip": Skip, "play": Play, "pay": Pay, "discard": Discard, "test": Test,
    "leader-check": LeaderCheck, "weather": Weather, "yellow-flag": YellowFlag, "green-flag": GreenFlag,
    "take-flag": TakeFlag, "no-flag": NoFlag, "occupy": Occupy, "pit": Pit, "pit-discard": PitDiscard,
    "pit-done": PitDone, "pit-tyres": PitTyres, "pit-strategy": PitStrategy,
    "versatility": Versatility, "wise-driving": WiseDriving, "chase": Chase, "take": Take, "stay-out": StayOut,
    "force": Force, "no-force": NoForce, "draw": Draw, "late-brake": LateBrake, "no-late-brake": NoLateBrake,
    "challenge": Challenge, "no-challenge": NoChallenge, "join": Join, "decline": Decline, "extreme": Extreme,
    "bid": Bid,
    # Expansion #1's team verbs (expansion1 §5.6; their arguments: racebook.rf90.teamactions)
    "assist": Assist, "no-assist": NoAssist,
}
_VERBS_BY_CLASS = {v: k for k, v in _VERBS.items()}
