"""Readable choices (issue 19 item 4): a short human label for each legal action, built from the action's fields.

``str(action)`` is the engine's one text form (``Blue skip strategy=push``): exact, parseable, and what a tooltip
shows. A button shows :func:`label` instead ("skip, change strategy to PUSH"), derived from the fields (never by
parsing a text), with the cards' movement points where a position is given. :data:`RULE_BY_VERB` names the rules
section of each kind of action, so a tooltip can say where the rule is. Standard library only.

    >>> from racebook.rf90.actions import Pit, Skip
    >>> from racebook.rf90.car import Strategy
    >>> label(Pit("Blue", 1))
    'pit, +1 extra section: +3 turns of fuel'
    >>> label(Skip("Blue", Strategy.PUSH))
    'skip, change strategy to PUSH'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from racebook.rf90.actions import (
    BLIND,
    Action,
    Assist,
    Bid,
    Challenge,
    Chase,
    Decline,
    Discard,
    Draw,
    Extreme,
    Force,
    GreenFlag,
    Join,
    LateBrake,
    LeaderCheck,
    NoAssist,
    NoChallenge,
    NoFlag,
    NoForce,
    NoLateBrake,
    Occupy,
    Pay,
    Pit,
    PitDiscard,
    PitDone,
    PitStrategy,
    PitTyres,
    Play,
    Skip,
    Start,
    StayOut,
    Take,
    TakeFlag,
    Test,
    Versatility,
    Weather,
    WiseDriving,
    YellowFlag,
)
from racebook.rf90.car import Strategy
from racebook.rf90.events.base import strategy_name
from racebook.rf90.rules.pits import FUEL_PER_EXTRA_SECTION, FUEL_PER_STOP
from racebook.rf90.rules.safetycar import SC_FUEL

#: The rules section of each kind of action (its verb), for a tooltip.
RULE_BY_VERB: dict[str, str] = {
    "start": "§13.A", "skip": "§13.A.1", "pit": "§13.A.3", "pit-discard": "§13.A.3", "pit-done": "§13.A.3",
    "pit-tyres": "§13.A.3", "pit-strategy": "§13.A.3", "versatility": "§27", "wise-driving": "§27",
    "chase": "§26.8", "take": "§26.8", "draw": "§13.B", "play": "§13.C", "pay": "§13.D.1", "discard": "§13.D.1",
    "test": "§13.D.2", "leader-check": "§20", "weather": "§16.1", "yellow-flag": "§15.1", "green-flag": "§15.2",
    "take-flag": "§15.3", "no-flag": "§15", "force": "§15.4", "no-force": "§15.4", "occupy": "§13.F.2",
    "late-brake": "§13.F.1", "no-late-brake": "§13.F.1", "extreme": "§4.3 (Expansion #1)", "stay-out": "§21.1",
    "challenge": "§12.1", "no-challenge": "§12.1", "join": "§12.1", "decline": "§12.1", "bid": "§12.1",
    "assist": "§5.6 (Expansion #1)", "no-assist": "§5.6 (Expansion #1)",
}

_ASSIST = {"mp": "+1 MP", "lb": "a forced late braking, +20 on the check", "et": "the Extreme Trajectory {arg}",
           "duel": "declare a duel, +3", "defend": "take part in a duel, +3", "yellow-flag": "a yellow flag {arg}",
           "green-flag": "remove the yellow flag in {arg}", "weather": "move the weather {arg}"}


def _strategy(strategy: Strategy | None) -> str:
    return strategy_name(strategy) if strategy is not None else "—"


def _find(code: str, state: Any) -> Any:
    """The card ``code`` of the position (a Race Card or a Track Card), or None."""
    if state is None:
        return None
    try:
        return state.card(code)
    except KeyError:
        return None


def _card(code: str, state: Any) -> str:
    """A card as a label shows it: its code, and its movement points where the position knows the card."""
    card = _find(code, state)
    return code if card is None else f"{code} [{card.mp}]"


def _cards(codes: Sequence[str], state: Any) -> str:
    return " + ".join(_card(c, state) for c in codes)


def _play(a: Play, state: Any) -> str:
    cards = _cards(a.cards, state)
    found = [_find(c, state) for c in a.cards]
    text = f"play {cards}" if cards else "play no card"
    if found and all(c is not None for c in found):
        text += f" and move {sum(c.mp for c in found)} MP"
    extras = []
    if a.trajectory:
        bonus = None
        car = state.cars.get(a.car) if state is not None else None
        if car is not None and car.trajectory:
            bonus = state.track.trajectory(car.trajectory).bonus
        extras.append("use the trajectory" + (f" ({bonus:+d} MP)" if bonus is not None else ""))
    if a.blue:
        extras.append("a blue token (+1 MP)")
    if a.minus_one is not None:
        extras.append(f"the -1 symbol in corner {a.minus_one}")
    if a.et is not None:
        extras.append("the Extreme Trajectory flat out" if a.et == "flat" else
                      f"the Extreme Trajectory with {a.et}'s power")
    return text + ("" if not extras else ", " + ", ".join(extras))


def _using(using: str, state: Any) -> str:
    if using == BLIND:
        return "a blind draw"
    card = _find(using, state)
    return using if card is None else f"{_card(using, state)} (check {card.check:02d})"


#: The rule of a decision taken behind the Safety Car, where it differs from the ordinary turn's.
_SC_RULE = {"start": "§21.3", "pit": "§21.4", "discard": "§21.3"}


def _behind_safety_car(state: Any) -> bool:
    """The decision is a turn behind the Safety Car (§21.3), where a pit stop follows §21.4, not §13.A.3."""
    ctx = getattr(state, "turn_ctx", None)
    return getattr(ctx, "sc_mode", None) == "running"


def label(action: Action, state: Any = None) -> str:
    """A short label for ``action`` from its fields ("pit, +1 extra section: +3 turns of fuel"); ``state`` (a
    :class:`racebook.rf90.state.RaceState`) adds the cards' MP and a trajectory's bonus."""
    a = action
    if isinstance(a, Start):
        if _behind_safety_car(state):
            return "follow the Safety Car: draw one card, move one section"
        return "start the turn: no declaration"
    if isinstance(a, Skip):
        return f"skip, change strategy to {_strategy(a.strategy)}" if a.strategy else "skip the turn"
    if isinstance(a, Pit):
        if _behind_safety_car(state) and not a.extra:
            return f"pit under the Safety Car: {SC_FUEL} turns of fuel, to the back of the queue"
        if not a.extra:
            return f"pit: {FUEL_PER_STOP} turns of fuel"
        return f"pit, +{a.extra} extra section{'s' if a.extra > 1 else ''}: +{FUEL_PER_EXTRA_SECTION * a.extra} " \
               "turns of fuel"
    if isinstance(a, PitDiscard):
        return f"pit: discard {_card(a.card, state)}"
    if isinstance(a, PitDone):
        return "pit: stop discarding, draw up to the hand limit"
    if isinstance(a, PitTyres):
        return "pit: keep the tyres" if a.tyre == "keep" else f"pit: fit {a.tyre} tyres"
    if isinstance(a, PitStrategy):
        return "pit: keep the strategy" if a.strategy is None else f"pit: change strategy to {_strategy(a.strategy)}"
    if isinstance(a, Play):
        return _play(a, state)
    if isinstance(a, Versatility):
        return f"VERSATILITY: change strategy to {_strategy(a.strategy)}"
    if isinstance(a, WiseDriving):
        return f"WISE DRIVING: discard {_cards(a.cards, state)} and draw" if a.cards else \
            "WISE DRIVING: discard nothing"
    if isinstance(a, Chase):
        return f"CHASE {a.target}"
    if isinstance(a, Take):
        return f"take {_card(a.card, state)} from the chased car's discards"
    if isinstance(a, Pay):
        parts = [f"{a.chips} tyre chip{'s' if a.chips != 1 else ''}"] if a.chips or not a.cards else []
        if a.cards:
            parts.append(f"card{'s' if len(a.cards) > 1 else ''} {_cards(a.cards, state)}")
        return "pay " + " and ".join(parts)
    if isinstance(a, Discard):
        return f"discard {_cards(a.cards, state)}" if a.cards else "discard nothing"
    if isinstance(a, Test):
        return f"test {a.test} with {_using(a.using, state)}"
    if isinstance(a, LeaderCheck):
        return f"lapping check with {_using(a.using, state)}"
    if isinstance(a, Weather):
        return "leave the weather" if a.step == 0 else \
            f"move the weather pawn one step {'right' if a.step > 0 else 'left'}"
    if isinstance(a, YellowFlag):
        return f"yellow flag in {a.section}, behind {a.behind} car{'s' if a.behind != 1 else ''}"
    if isinstance(a, GreenFlag):
        return f"remove the yellow flag in {a.section}"
    if isinstance(a, TakeFlag):
        return f"take the {a.flag} pawn"
    if isinstance(a, NoFlag):
        return "no flag"
    if isinstance(a, Occupy):
        return f"occupy trajectory {a.trajectory}" if a.trajectory else "occupy no trajectory"
    if isinstance(a, LateBrake):
        return f"late-brake with {_card(a.card, state)}'s power" if a.card else "late-brake: blind test"
    if isinstance(a, NoLateBrake):
        return "no late braking"
    if isinstance(a, Extreme):
        if a.card == "flat":
            return "Extreme Trajectory flat out"
        return f"Extreme Trajectory with {_card(a.card, state)}'s power" if a.card else \
            "Extreme Trajectory: blind check"
    if isinstance(a, Draw):
        return f"draw, then discard {_card(a.discard, state)}" if a.discard else "draw"
    if isinstance(a, StayOut):
        return "stay out: no pit stop now"
    if isinstance(a, Force):
        return f"force {a.robot} to late-brake" if a.what == "lb" else f"force {a.robot} onto {a.what}"
    if isinstance(a, NoForce):
        return "let the robot be"
    if isinstance(a, Challenge):
        return "start a duel"
    if isinstance(a, NoChallenge):
        return "no duel"
    if isinstance(a, Join):
        return "join the duel"
    if isinstance(a, Decline):
        return "stay out of the duel"
    if isinstance(a, Bid):
        return f"bid {_cards(a.cards, state)}" if a.cards else "bid nothing"
    if isinstance(a, Assist):
        if a.what == "yellow-flag" and "@" in str(a.arg):  # its argument is "<section>@<cars behind>" (§5.7)
            section, _, behind = str(a.arg).partition("@")
            what = f"a yellow flag in {section}, behind {behind} car{'s' if behind != '1' else ''}"
        else:
            what = _ASSIST.get(a.what, a.what).format(arg=a.arg)
        return f"help {a.robot} with {_card(a.card, state)}: {what}"
    if isinstance(a, NoAssist):
        return "no assistance"
    return a.verb  # a verb added later: its word, never its arguments' syntax


@dataclass(frozen=True, slots=True)
class ActionLabel:
    """One legal action as a button shows it: ``label`` on the button; ``text`` (the action's one text form) and
    ``rule`` (its section) in the tooltip."""

    action: Action
    label: str
    text: str
    rule: str

    def tooltip(self, state: Any = None) -> str:
        """The action text and its rule, then one line per card the action names (``Card.describe()``)."""
        lines = [f"{self.text} — {self.rule}" if self.rule else self.text]
        if state is not None:
            for code in _codes(self.action):
                card = _find(code, state)
                if card is not None:
                    lines.append(card.describe())
        return "\n".join(lines)


def _codes(a: Action) -> list[str]:
    """The card codes an action names (its fields, not its text)."""
    out: list[str] = []
    for name in ("cards", "card", "using", "discard", "et"):
        v = getattr(a, name, None)
        if isinstance(v, tuple):
            out.extend(v)
        elif isinstance(v, str) and v:
            out.append(v)
    return out


def describe(action: Action, state: Any = None) -> ActionLabel:
    """The :class:`ActionLabel` of one action."""
    rule = RULE_BY_VERB.get(action.verb, "")
    if _behind_safety_car(state) and action.verb in _SC_RULE:
        rule = _SC_RULE[action.verb]
    return ActionLabel(action, label(action, state), str(action), rule)


def labels(actions: Sequence[Action], state: Any = None) -> list[ActionLabel]:
    """The labels of a list of legal actions; where they belong to more than one car, each starts with its car."""
    several = len({a.car for a in actions}) > 1
    out = []
    for a in actions:
        d = describe(a, state)
        out.append(ActionLabel(a, f"{a.car}: {d.label}", d.text, d.rule) if several else d)
    return out
