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

from racebook.core.byclass import ByClass
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


#: The words of each action class's button (issue 39 item 4: registered per class, no ``isinstance`` ladder), given
#: the position (a :class:`racebook.rf90.state.RaceState`, or None).
BUTTON: ByClass[Any, str] = ByClass("RF90's button words")


def _behind_safety_car(state: Any) -> bool:
    """The decision is a turn behind the Safety Car (§21.3), where a pit stop follows §21.4, not §13.A.3."""
    ctx = getattr(state, "turn_ctx", None)
    return getattr(ctx, "sc_mode", None) == "running"


def label(action: Action, state: Any = None) -> str:
    """A short label for ``action`` from its fields ("pit, +1 extra section: +3 turns of fuel"); ``state`` (a
    :class:`racebook.rf90.state.RaceState`) adds the cards' MP and a trajectory's bonus. Each action class registers
    its words in :data:`BUTTON`; a verb added later without words: its word, never its arguments' syntax."""
    return BUTTON.get(state, action, action.verb)


@BUTTON.register(Start)
def _start(state: Any, a: Start) -> str:
    if _behind_safety_car(state):
        return "follow the Safety Car: draw one card, move one section"
    return "start the turn: no declaration"


@BUTTON.register(Skip)
def _skip(state: Any, a: Skip) -> str:
    return f"skip, change strategy to {_strategy(a.strategy)}" if a.strategy else "skip the turn"


@BUTTON.register(Pit)
def _pit(state: Any, a: Pit) -> str:
    if _behind_safety_car(state) and not a.extra:
        return f"pit under the Safety Car: {SC_FUEL} turns of fuel, to the back of the queue"
    if not a.extra:
        return f"pit: {FUEL_PER_STOP} turns of fuel"
    return f"pit, +{a.extra} extra section{'s' if a.extra > 1 else ''}: +{FUEL_PER_EXTRA_SECTION * a.extra} " \
           "turns of fuel"


@BUTTON.register(PitDiscard)
def _pit_discard(state: Any, a: PitDiscard) -> str:
    return f"pit: discard {_card(a.card, state)}"


@BUTTON.register(PitDone)
def _pit_done(state: Any, a: PitDone) -> str:
    return "pit: stop discarding, draw up to the hand limit"


@BUTTON.register(PitTyres)
def _pit_tyres(state: Any, a: PitTyres) -> str:
    return "pit: keep the tyres" if a.tyre == "keep" else f"pit: fit {a.tyre} tyres"


@BUTTON.register(PitStrategy)
def _pit_strategy(state: Any, a: PitStrategy) -> str:
    return "pit: keep the strategy" if a.strategy is None else f"pit: change strategy to {_strategy(a.strategy)}"


@BUTTON.register(Play)
def _play_words(state: Any, a: Play) -> str:
    return _play(a, state)


@BUTTON.register(Versatility)
def _versatility(state: Any, a: Versatility) -> str:
    return f"VERSATILITY: change strategy to {_strategy(a.strategy)}"


@BUTTON.register(WiseDriving)
def _wise_driving(state: Any, a: WiseDriving) -> str:
    return f"WISE DRIVING: discard {_cards(a.cards, state)} and draw" if a.cards else \
        "WISE DRIVING: discard nothing"


@BUTTON.register(Chase)
def _chase(state: Any, a: Chase) -> str:
    return f"CHASE {a.target}"


@BUTTON.register(Take)
def _take(state: Any, a: Take) -> str:
    return f"take {_card(a.card, state)} from the chased car's discards"


@BUTTON.register(Pay)
def _pay(state: Any, a: Pay) -> str:
    parts = [f"{a.chips} tyre chip{'s' if a.chips != 1 else ''}"] if a.chips or not a.cards else []
    if a.cards:
        parts.append(f"card{'s' if len(a.cards) > 1 else ''} {_cards(a.cards, state)}")
    return "pay " + " and ".join(parts)


@BUTTON.register(Discard)
def _discard(state: Any, a: Discard) -> str:
    return f"discard {_cards(a.cards, state)}" if a.cards else "discard nothing"


@BUTTON.register(Test)
def _test(state: Any, a: Test) -> str:
    return f"test {a.test} with {_using(a.using, state)}"


@BUTTON.register(LeaderCheck)
def _leader_check(state: Any, a: LeaderCheck) -> str:
    return f"lapping check with {_using(a.using, state)}"


@BUTTON.register(Weather)
def _weather(state: Any, a: Weather) -> str:
    return "leave the weather" if a.step == 0 else \
        f"move the weather pawn one step {'right' if a.step > 0 else 'left'}"


@BUTTON.register(YellowFlag)
def _yellow_flag(state: Any, a: YellowFlag) -> str:
    return f"yellow flag in {a.section}, behind {a.behind} car{'s' if a.behind != 1 else ''}"


@BUTTON.register(GreenFlag)
def _green_flag(state: Any, a: GreenFlag) -> str:
    return f"remove the yellow flag in {a.section}"


@BUTTON.register(TakeFlag)
def _take_flag(state: Any, a: TakeFlag) -> str:
    return f"take the {a.flag} pawn"


@BUTTON.register(NoFlag)
def _no_flag(state: Any, a: NoFlag) -> str:
    return "no flag"


@BUTTON.register(Occupy)
def _occupy(state: Any, a: Occupy) -> str:
    return f"occupy trajectory {a.trajectory}" if a.trajectory else "occupy no trajectory"


@BUTTON.register(LateBrake)
def _late_brake(state: Any, a: LateBrake) -> str:
    return f"late-brake with {_card(a.card, state)}'s power" if a.card else "late-brake: blind test"


@BUTTON.register(NoLateBrake)
def _no_late_brake(state: Any, a: NoLateBrake) -> str:
    return "no late braking"


@BUTTON.register(Extreme)
def _extreme(state: Any, a: Extreme) -> str:
    if a.card == "flat":
        return "Extreme Trajectory flat out"
    return f"Extreme Trajectory with {_card(a.card, state)}'s power" if a.card else \
        "Extreme Trajectory: blind check"


@BUTTON.register(Draw)
def _draw(state: Any, a: Draw) -> str:
    return f"draw, then discard {_card(a.discard, state)}" if a.discard else "draw"


@BUTTON.register(StayOut)
def _stay_out(state: Any, a: StayOut) -> str:
    return "stay out: no pit stop now"


@BUTTON.register(Force)
def _force(state: Any, a: Force) -> str:
    return f"force {a.robot} to late-brake" if a.what == "lb" else f"force {a.robot} onto {a.what}"


@BUTTON.register(NoForce)
def _no_force(state: Any, a: NoForce) -> str:
    return "let the robot be"


@BUTTON.register(Challenge)
def _challenge(state: Any, a: Challenge) -> str:
    return "start a duel"


@BUTTON.register(NoChallenge)
def _no_challenge(state: Any, a: NoChallenge) -> str:
    return "no duel"


@BUTTON.register(Join)
def _join(state: Any, a: Join) -> str:
    return "join the duel"


@BUTTON.register(Decline)
def _decline(state: Any, a: Decline) -> str:
    return "stay out of the duel"


@BUTTON.register(Bid)
def _bid(state: Any, a: Bid) -> str:
    return f"bid {_cards(a.cards, state)}" if a.cards else "bid nothing"


@BUTTON.register(Assist)
def _assist(state: Any, a: Assist) -> str:
    if a.what == "yellow-flag" and "@" in str(a.arg):  # its argument is "<section>@<cars behind>" (§5.7)
        section, _, behind = str(a.arg).partition("@")
        what = f"a yellow flag in {section}, behind {behind} car{'s' if behind != '1' else ''}"
    else:
        what = _ASSIST.get(a.what, a.what).format(arg=a.arg)
    return f"help {a.robot} with {_card(a.card, state)}: {what}"


@BUTTON.register(NoAssist)
def _no_assist(state: Any, a: NoAssist) -> str:
    return "no assistance"


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
