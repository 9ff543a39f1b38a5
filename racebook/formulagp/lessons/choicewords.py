"""The learner's legal actions in plain words for FormulaGP's guided first race (notebook F0, issue 33 items 1 and 3):
a card's kind in words, the label of each choice, the menu its siblings share, and the moves that do nothing now."""

from __future__ import annotations

from collections.abc import Sequence

from racebook.formulagp.actionlabels import label as engine_label
from racebook.formulagp.actions import (
    Attack,
    Bid,
    Brake,
    Charge,
    Clear,
    Discard,
    End,
    Extend,
    FgpAction,
    Keep,
    Launch,
    Play,
    Return,
    Stop,
    To,
    Yield,
)
from racebook.formulagp.actions.cards import Ladder, OptionCard, Param, PlayEvent, Spend
from racebook.formulagp.actions.incidents import CounterSteer, FaceForward, Rejoin, Repair, Spin
from racebook.formulagp.actions.pits import BoxRepair, Leave, PitIn, Tyres, Wait
from racebook.formulagp.analysis.movement import breakdown
from racebook.formulagp.game import Race
from racebook.formulagp.state import Phase

# ------------------------------------------------------------------ the learner's choices in words
#: What the label of a move that does nothing now ends with (issue 33 item 1).
DOES_NOTHING = " — does nothing now"

CARD_WORDS = {"G": "green", "R": "red", "B": "blue", "O": "orange", "W": "Tyre Wear", "P": "Option",
              "F": "Draw Failure"}


def card(code: str) -> str:
    """A card's code with its kind in words: "R7 (red)"."""
    kind = CARD_WORDS.get(code[:1])
    return f"{code} ({kind})" if kind else code


def cards(codes: Sequence[str]) -> str:
    return " + ".join(card(c) for c in codes)


def does_nothing(action: FgpAction) -> bool:
    """``action`` changes nothing now: keeping the cards drawn (§10.1.2: no ERS return)."""
    return isinstance(action, Keep)


#: The words the siblings of one decision share, by action class: one menu each (issue 33 item 3).
GROUPS: dict[type, str] = {Return: "return cards just drawn and draw again:", Discard: "discard to the hand limit:",
                           Launch: "seal your start cards:", Bid: "seal your battle cards:",
                           Spend: "use a card's secondary icon:", Param: "use a Parameter token:"}


#: What each one-use Parameter token gives (§8.3), for its label.
PARAMETERS = {"white": "discard, then draw up to your hand limit", "yellow": "+1 ERS charge",
              "red": "+1 overtake point, even over the limit"}


def _play_group(a: Play) -> str:
    return "play a pair:" if len(a.cards) == 2 else "play one card:"


def choice_label(race: Race, a: FgpAction) -> tuple[str, str]:
    """The plain words of the learner's legal action ``a`` and the group it shares with its siblings ("" none)."""
    s = race.state
    if isinstance(a, Keep):
        return "keep your hand as it is" + DOES_NOTHING, ""
    if isinstance(a, Play):
        try:
            mp = f" → {breakdown(race, a).mp} MP"
        except Exception:  # noqa: BLE001 - a play the calculator cannot itemise still gets its words
            mp = ""
        char = " + Car Characteristic" if a.characteristic else ""
        orange = f" as {a.as_colour}" if any(c.startswith("O") for c in a.cards) else ""
        group = _play_group(a)
        return f"{group} {cards(a.cards)}{orange}{char}{mp}", group
    if isinstance(a, Launch):
        extra = f" + {cards(a.extras)} (+{len(a.extras)} LED)" if a.extras else ""
        return f"{GROUPS[Launch]} {cards(a.cards)}{extra}", GROUPS[Launch]
    if isinstance(a, Return):
        return f"{GROUPS[Return]} {cards(a.cards)}", GROUPS[Return]
    if isinstance(a, Discard):
        return f"{GROUPS[Discard]} {card(a.card)}", GROUPS[Discard]
    if isinstance(a, Bid):
        ers = " + 1 ERS charge" if a.ers else ""
        return f"{GROUPS[Bid]} {cards(a.cards)}{ers}", GROUPS[Bid]
    if isinstance(a, Spend):
        return f"{GROUPS[Spend]} {cards(a.cards)}{' ' + a.param if a.param else ''}", GROUPS[Spend]
    if isinstance(a, Param):
        what = PARAMETERS.get(a.which, "")
        if a.which == "white":
            what += f" (discarding {', '.join(a.cards)})" if a.cards else " (discarding none)"
        return f"{GROUPS[Param]} {a.which}: {what}", GROUPS[Param]
    if isinstance(a, To):
        here, there = s.cars[a.car].pos, s.track.pos(a.to)
        left = s.turn.mp_left - 1 if s.turn is not None else 0
        if there.tile == here.tile and there.lane != here.lane:
            return f"change to lane {there.lane} ({a.to}, {left} MP left)", ""
        return f"drive on to {a.to} ({left} MP left)", ""
    if isinstance(a, Clear):
        return f"play Tyre Wear card {a.card} just to clear it from your hand (+1 tyre wear)", ""
    if isinstance(a, Charge):
        return "charge the ERS instead of one space (−1 MP, +1 ERS)", ""
    if isinstance(a, Brake):
        return f"Brake! with {a.card} (−1 MP, +1 tyre wear)", ""
    if isinstance(a, Extend):
        return ("one more space for an ERS charge (+1 MP)" if a.by == "ers"
                else f"one more space for Tyre Wear card {a.by} (+1 MP, +1 tyre wear)"), ""
    if isinstance(a, Stop):
        return "stop behind the car ahead (your leftover MP become overtake points)", ""
    if isinstance(a, End):
        t = s.turn
        if s.phase is Phase.BATTLE:
            return "do not attack: end your turn (your overtake points are lost)", ""
        left = t.mp_left if t is not None else 0
        return ("end your turn here" + (f" ({left} MP unused are lost)" if left else "")), ""
    if isinstance(a, Attack):
        return f"attack {a.defender}: a battle with sealed cards", ""
    if isinstance(a, Yield):
        return "do not defend: let the attacker through", ""
    if isinstance(a, PitIn):
        return "drive into the pit lane (new tyres; the rest of your MP are lost)", ""
    if isinstance(a, Tyres):
        return f"fit new {a.tyre} tyres", ""
    if isinstance(a, Leave):
        return "leave the pit box", ""
    if isinstance(a, Wait):
        return "wait in the pit box (serving a penalty)", ""
    if isinstance(a, BoxRepair):
        return f"repair {a.card} in the box", ""
    if isinstance(a, CounterSteer):
        return f"counter-steer with {card(a.card)} to keep control", ""
    if isinstance(a, Spin):
        return "let the car spin", ""
    if isinstance(a, FaceForward):
        return "turn the car to face forward", ""
    if isinstance(a, Rejoin):
        return "rejoin the track", ""
    if isinstance(a, Repair):
        return f"quick repair of {a.failure} with {cards(a.cards)}", ""
    if isinstance(a, OptionCard):
        return f"play Option card {a.card}: draw an EVENT card", ""
    if isinstance(a, PlayEvent):
        return f"play your EVENT card {a.card}", ""
    if isinstance(a, Ladder):
        return f"no movement card: use {card(a.card)} and draw one", ""
    return engine_label(s, a), ""
