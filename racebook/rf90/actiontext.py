"""The text form of actions: :func:`parse` reads what ``str(action)`` writes (``Blue play R13 R45 +traj``)."""

from __future__ import annotations

from racebook.core.errors import ActionSyntaxError, RacebookError
from racebook.core.fields import ascii_int
from racebook.rf90.actions import (
    _VERBS,
    BLIND,
    Action,
    Bid,
    Chase,
    Discard,
    Draw,
    Force,
    GreenFlag,
    LeaderCheck,
    Occupy,
    Pay,
    Pit,
    PitDiscard,
    PitStrategy,
    PitTyres,
    Play,
    Skip,
    Take,
    TakeFlag,
    Test,
    Versatility,
    Weather,
    WiseDriving,
    YellowFlag,
)
from racebook.rf90.car import Strategy
from racebook.rf90.cards import card_code_problem
from racebook.rf90.teamactions import TEAM_VERBS, parse_team

_NO_ARGS = ("stay-out", "no-force", "start", "no-flag", "pit-done", "challenge", "no-challenge", "join", "decline",
            "no-late-brake")


# verbs with a fixed number of arguments: extra words are refused, not ignored (play, pay, bid, skip, discard
# and wise-driving take lists)
_MAX_ARGS = {"pit": 1, "pit-discard": 1, "pit-tyres": 1, "pit-strategy": 1, "force": 2, "draw": 1, "late-brake": 1,
             "versatility": 1, "chase": 1, "take": 1, "test": 2, "leader-check": 1, "weather": 1, "yellow-flag": 2,
             "green-flag": 1, "take-flag": 1, "occupy": 1, "extreme": 1}


def _int(text: str) -> int:
    """A number of an action text: ASCII digits only (``int`` would also read "١" or "５"), at most 9 of them
    (racebook.core.fields.ascii_int, the one rule)."""
    n = ascii_int(text, 9, signed=True)
    if n is None:
        raise ValueError(f"{text!r} is not a number")
    return n


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
        if verb in TEAM_VERBS:
            return parse_team(car, verb, args, card)
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
