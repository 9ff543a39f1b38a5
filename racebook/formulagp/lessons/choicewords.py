"""The learner's legal actions in plain words for FormulaGP's guided first race (notebook F0, issue 33 items 1 and 3):
a card's kind in words, the label of each choice (:data:`PLAIN`, one entry per action class: the plain variant of
the button words of :mod:`racebook.formulagp.actionlabels`), the menu its siblings share, and the moves that do
nothing now."""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.byclass import ByClass
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
from racebook.formulagp.actions.secondattempt import Block, NoBlock
from racebook.formulagp.actions.teamradio import Radio
from racebook.formulagp.actions.tyresets import TyreOption
from racebook.formulagp.analysis.movement import breakdown
from racebook.formulagp.game import Race
from racebook.formulagp.rules.tyresets import option_words
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


#: The plain words of each action class in the guided first race, with the menu it shares with its siblings ("":
#: none) — notebook F0's variant of the button words (issue 39 item 4: registered per class, no ``isinstance``
#: ladder); a class with none here is put in its button words (:func:`racebook.formulagp.actionlabels.label`).
PLAIN: ByClass[Race, tuple[str, str]] = ByClass("FormulaGP's plain words (F0)")


def play_group(a: Play) -> str:
    return "play a pair:" if len(a.cards) == 2 else "play one card:"


def choice_label(race: Race, a: FgpAction) -> tuple[str, str]:
    """The plain words of the learner's legal action ``a`` and the group it shares with its siblings ("" none): its
    class's entry in :data:`PLAIN`, else its button words (:func:`racebook.formulagp.actionlabels.label`)."""
    words = PLAIN.find(type(a))
    return (engine_label(race.state, a), "") if words is None else words(race, a)


@PLAIN.register(Keep)
def _keep(race: Race, a: Keep) -> tuple[str, str]:
    return "keep your hand as it is" + DOES_NOTHING, ""


@PLAIN.register(Play)
def _play(race: Race, a: Play) -> tuple[str, str]:
    try:
        mp = f" → {breakdown(race, a).mp} MP"
    except Exception:  # noqa: BLE001 - a play the calculator cannot itemise still gets its words
        mp = ""
    char = " + Car Characteristic" if a.characteristic else ""
    orange = f" as {a.as_colour}" if any(c.startswith("O") for c in a.cards) else ""
    group = play_group(a)
    return f"{group} {cards(a.cards)}{orange}{char}{mp}", group


@PLAIN.register(Launch)
def _launch(race: Race, a: Launch) -> tuple[str, str]:
    extra = f" + {cards(a.extras)} (+{len(a.extras)} LED)" if a.extras else ""
    return f"{GROUPS[Launch]} {cards(a.cards)}{extra}", GROUPS[Launch]


@PLAIN.register(Return)
def _return(race: Race, a: Return) -> tuple[str, str]:
    return f"{GROUPS[Return]} {cards(a.cards)}", GROUPS[Return]


@PLAIN.register(Discard)
def _discard(race: Race, a: Discard) -> tuple[str, str]:
    return f"{GROUPS[Discard]} {card(a.card)}", GROUPS[Discard]


@PLAIN.register(Bid)
def _bid(race: Race, a: Bid) -> tuple[str, str]:
    ers = " + 1 ERS charge" if a.ers else ""
    return f"{GROUPS[Bid]} {cards(a.cards)}{ers}", GROUPS[Bid]


@PLAIN.register(Spend)
def _spend(race: Race, a: Spend) -> tuple[str, str]:
    return f"{GROUPS[Spend]} {cards(a.cards)}{' ' + a.param if a.param else ''}", GROUPS[Spend]


@PLAIN.register(Param)
def _param(race: Race, a: Param) -> tuple[str, str]:
    what = PARAMETERS.get(a.which, "")
    if a.which == "white":
        what += f" (discarding {', '.join(a.cards)})" if a.cards else " (discarding none)"
    return f"{GROUPS[Param]} {a.which}: {what}", GROUPS[Param]


@PLAIN.register(To)
def _to(race: Race, a: To) -> tuple[str, str]:
    s = race.state
    here, there = s.cars[a.car].pos, s.track.pos(a.to)
    left = s.turn.mp_left - 1 if s.turn is not None else 0
    if there.tile == here.tile and there.lane != here.lane:
        return f"change to lane {there.lane} ({a.to}, {left} MP left)", ""
    return f"drive on to {a.to} ({left} MP left)", ""


@PLAIN.register(Clear)
def _clear(race: Race, a: Clear) -> tuple[str, str]:
    return f"play Tyre Wear card {a.card} just to clear it from your hand (+1 tyre wear)", ""


@PLAIN.register(Charge)
def _charge(race: Race, a: Charge) -> tuple[str, str]:
    return "charge the ERS instead of one space (−1 MP, +1 ERS)", ""


@PLAIN.register(Brake)
def _brake(race: Race, a: Brake) -> tuple[str, str]:
    return f"Brake! with {a.card} (−1 MP, +1 tyre wear)", ""


@PLAIN.register(Extend)
def _extend(race: Race, a: Extend) -> tuple[str, str]:
    return ("one more space for an ERS charge (+1 MP)" if a.by == "ers"
            else f"one more space for Tyre Wear card {a.by} (+1 MP, +1 tyre wear)"), ""


@PLAIN.register(Stop)
def _stop(race: Race, a: Stop) -> tuple[str, str]:
    return "stop behind the car ahead (your leftover MP become overtake points)", ""


@PLAIN.register(End)
def _end(race: Race, a: End) -> tuple[str, str]:
    s = race.state
    t = s.turn
    if s.phase is Phase.BATTLE:
        return "do not attack: end your turn (your overtake points are lost)", ""
    left = t.mp_left if t is not None else 0
    return ("end your turn here" + (f" ({left} MP unused are lost)" if left else "")), ""


@PLAIN.register(Attack)
def _attack(race: Race, a: Attack) -> tuple[str, str]:
    return f"attack {a.defender}: a battle with sealed cards", ""


@PLAIN.register(Yield)
def _yield(race: Race, a: Yield) -> tuple[str, str]:
    return "do not defend: let the attacker through", ""


@PLAIN.register(PitIn)
def _pit_in(race: Race, a: PitIn) -> tuple[str, str]:
    return "drive into the pit lane (new tyres; the rest of your MP are lost)", ""


@PLAIN.register(Tyres)
def _tyres(race: Race, a: Tyres) -> tuple[str, str]:
    return f"fit new {a.tyre} tyres", ""


@PLAIN.register(TyreOption)
def _tyre_option(race: Race, a: TyreOption) -> tuple[str, str]:
    return f"take Option {a.option.upper()} of the tyre sets ({option_words(a.option)}: no more for the race)", ""


@PLAIN.register(Leave)
def _leave(race: Race, a: Leave) -> tuple[str, str]:
    return "leave the pit box", ""


@PLAIN.register(Wait)
def _wait(race: Race, a: Wait) -> tuple[str, str]:
    return "wait in the pit box (serving a penalty)", ""


@PLAIN.register(BoxRepair)
def _box_repair(race: Race, a: BoxRepair) -> tuple[str, str]:
    return f"repair {a.card} in the box", ""


@PLAIN.register(CounterSteer)
def _counter_steer(race: Race, a: CounterSteer) -> tuple[str, str]:
    return f"counter-steer with {card(a.card)} to keep control", ""


@PLAIN.register(Spin)
def _spin(race: Race, a: Spin) -> tuple[str, str]:
    return "let the car spin", ""


@PLAIN.register(FaceForward)
def _face_forward(race: Race, a: FaceForward) -> tuple[str, str]:
    return "turn the car to face forward", ""


@PLAIN.register(Rejoin)
def _rejoin(race: Race, a: Rejoin) -> tuple[str, str]:
    return "rejoin the track", ""


@PLAIN.register(Repair)
def _repair(race: Race, a: Repair) -> tuple[str, str]:
    return f"quick repair of {a.failure} with {cards(a.cards)}", ""


@PLAIN.register(OptionCard)
def _option_card(race: Race, a: OptionCard) -> tuple[str, str]:
    return f"play Option card {a.card}: draw an EVENT card", ""


@PLAIN.register(PlayEvent)
def _play_event(race: Race, a: PlayEvent) -> tuple[str, str]:
    return f"play your EVENT card {a.card}", ""


@PLAIN.register(Ladder)
def _ladder(race: Race, a: Ladder) -> tuple[str, str]:
    return f"no movement card: use {card(a.card)} and draw one", ""


# ------------------------------------------------------------------ [ADV] (issue 38; not met in F0's Standard race)
@PLAIN.register(Block)
def _block(race: Race, a: Block) -> tuple[str, str]:
    return f"block the attacker with {card(a.card)}: it takes +1 tyre wear and cannot try again", ""


@PLAIN.register(NoBlock)
def _no_block(race: Race, a: NoBlock) -> tuple[str, str]:
    return "do not block: the attacker may try again with 1 OT less", ""


@PLAIN.register(Radio)
def _radio(race: Race, a: Radio) -> tuple[str, str]:
    paid = f" for Option card {a.card}" if a.what != "keep" and a.card else ""
    return {"": "use your TEAM RADIO card", "keep": f"keep the TEAM RADIO card {a.card}",
            "swap": f"swap your TEAM RADIO card with the top of the discard pile{paid}",
            "draw": f"draw 2 TEAM RADIO cards and keep one of three{paid}"}[a.what], ""
