"""Actions: a driver's decisions, as frozen values with a stable text form.

``str(action)`` and :func:`parse` round-trip, so scenario files, the log and
error messages all use the same words, e.g. ``Blue play R13 R45 +traj``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.core.actions import Action as _Action
from racebook.core.errors import ActionSyntaxError, RacebookError
from racebook.rf90.car import Strategy
from racebook.rf90.cards import card_code_problem

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


_VERBS = {
    "start": Start, "skip": Skip, "play": Play, "pay": Pay, "discard": Discard, "test": Test,
    "leader-check": LeaderCheck, "weather": Weather, "yellow-flag": YellowFlag, "green-flag": GreenFlag,
    "take-flag": TakeFlag, "no-flag": NoFlag, "occupy": Occupy, "pit": Pit, "pit-discard": PitDiscard,
    "pit-done": PitDone, "pit-tyres": PitTyres, "pit-strategy": PitStrategy,
    "versatility": Versatility, "wise-driving": WiseDriving, "chase": Chase, "take": Take, "stay-out": StayOut,
    "force": Force, "no-force": NoForce, "draw": Draw, "late-brake": LateBrake, "no-late-brake": NoLateBrake,
    "challenge": Challenge, "no-challenge": NoChallenge, "join": Join, "decline": Decline, "extreme": Extreme,
    "bid": Bid,
}
_VERBS_BY_CLASS = {v: k for k, v in _VERBS.items()}


_NO_ARGS = ("stay-out", "no-force", "start", "no-flag", "pit-done", "challenge", "no-challenge", "join", "decline",
            "no-late-brake")


# verbs with a fixed number of arguments: extra words are refused, not ignored (play, pay, bid, skip, discard
# and wise-driving take lists)
_MAX_ARGS = {"pit": 1, "pit-discard": 1, "pit-tyres": 1, "pit-strategy": 1, "force": 2, "draw": 1, "late-brake": 1,
             "versatility": 1, "chase": 1, "take": 1, "test": 2, "leader-check": 1, "weather": 1, "yellow-flag": 2,
             "green-flag": 1, "take-flag": 1, "occupy": 1, "extreme": 1}
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _int(text: str) -> int:
    """A number of an action text: ASCII digits only (``int`` would also read "١" or "５"), at most 9 of them."""
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"{text!r} is not a number")
    return int(text)


def parse(text: str) -> Action:
    """Parse the text form of an action (``str(action)`` round-trips). A text that cannot be read raises
    ActionSyntaxError (rule "actions") quoting it with repr, so the message stays one line whatever the input.
    A well-formed text is not checked against any position: that is ``Race.apply``'s IllegalAction. Choosing a
    strategy that is NOT IN SOURCE (``strategy=tenth``) raises RuleUnavailable (§0.1)."""
    words = text.split()
    if len(words) < 2 or words[1] not in _VERBS:
        raise ActionSyntaxError(repr(text), "actions",
                                f"cannot read {text!r}: expected 'CAR VERB …' with VERB one of " + ", ".join(_VERBS))
    car, verb, args = words[0], words[1], words[2:]
    most = _MAX_ARGS.get(verb, 0 if verb in _NO_ARGS else None)
    if most is not None and len(args) > most:
        raise ActionSyntaxError(repr(text), "actions", f"cannot read {text!r}: {verb!r} takes at most {most} "
                                f"argument(s), got {len(args)}")

    def card(word: str) -> str:  # a word where a card code stands: the one definition (cards.card_code_problem)
        problem = card_code_problem(word)
        if problem:
            raise ValueError(problem)
        return word

    def cards_of(words: list[str]) -> tuple[str, ...]:
        return tuple(card(x) for a in words for x in a.split(",") if x)

    try:
        if verb == "pit":
            return Pit(car, _int(args[0]) if args else 0)
        if verb == "pit-discard":
            return PitDiscard(car, card(args[0]))
        if verb == "pit-tyres":
            return PitTyres(car, args[0] if args else "keep")
        if verb == "pit-strategy":
            return PitStrategy(car, None if not args or args[0] == "keep" else Strategy.parse(args[0]))
        if verb == "force":
            return Force(car, args[0], args[1] if len(args) > 1 else "lb")
        if verb == "draw":
            return Draw(car, card(args[0]) if args else None)
        if verb in ("late-brake", "extreme"):  # an optional card; "extreme flat": FLAT OUT (Expansion #1)
            return _VERBS[verb](car, w if not (w := next(iter(args), None)) or verb + w == "extremeflat" else card(w))
        if verb == "bid":
            return Bid(car, tuple(card(a) for a in args if a != "none"))
        if verb in _NO_ARGS:
            return _VERBS[verb](car)
        if verb == "skip":
            strat = None
            for a in args:
                k, _, v = a.partition("=")
                if k != "strategy":
                    raise ValueError(a)
                strat = Strategy.parse(v)
            return Skip(car, strat)
        if verb == "play":
            cards, traj, blue, m1, et = [], False, False, None, None
            for a in args:
                if a == "+traj":
                    traj = True
                elif a == "+blue":
                    blue = True
                elif a.startswith("minus1="):
                    m1 = _int(a.split("=", 1)[1])
                elif a.startswith("et="):
                    et = a.split("=", 1)[1]
                    et = et if et == "flat" else card(et)
                else:
                    cards.append(card(a))
            return Play(car, tuple(cards), traj, blue, m1, et)
        if verb == "versatility":
            return Versatility(car, Strategy.parse(args[0]))
        if verb == "wise-driving":
            return WiseDriving(car, tuple(card(x) for a in args for x in a.split(",") if x and x != "none"))
        if verb == "chase":
            return Chase(car, args[0])
        if verb == "take":
            return Take(car, card(args[0]))
        if verb == "pay":
            chips = 0
            cards_t: tuple[str, ...] = ()
            for a in args:
                k, _, v = a.partition("=")
                if k == "chips":
                    chips = _int(v)
                elif k == "cards":
                    cards_t = cards_of([v])
                else:
                    raise ValueError(a)
            return Pay(car, chips, cards_t)
        if verb == "discard":
            return Discard(car, cards_of(args))
        if verb == "test":
            return Test(car, _int(args[0]), BLIND if len(args) < 2 or args[1] == BLIND else card(args[1]))
        if verb == "leader-check":
            return LeaderCheck(car, BLIND if not args or args[0] == BLIND else card(args[0]))
        if verb == "weather":
            return Weather(car, _int(args[0]) if args else 0)
        if verb == "yellow-flag":
            return YellowFlag(car, args[0], _int(args[1]) if len(args) > 1 else 0)
        if verb == "green-flag":
            return GreenFlag(car, args[0])
        if verb == "take-flag":
            return TakeFlag(car, args[0])
        if verb == "occupy":
            return Occupy(car, None if not args or args[0] == "none" else args[0])
    except RacebookError:
        raise  # RuleUnavailable (strategy=tenth) is also a ValueError: it is not a syntax error
    except (ValueError, IndexError) as e:
        raise ActionSyntaxError(repr(text), "actions",
                                f"cannot read the arguments of {verb!r} in {text!r} ({e})") from None
    raise AssertionError(verb)
