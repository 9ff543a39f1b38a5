"""Human labels for the actions of Automobiles: what a button says ("buy a dark grey cube for $6", "play the black
cube: the 4-row black space in lane 1", "done buying: end the turn"), where the action text (``A buy D``,
:mod:`racebook.automobiles.actions`) stays the notation and goes in the button's tooltip.

:func:`label` reads the position the action is legal in (the phase, the money, the card being resolved, the
board's spaces), so each legal action of a position gets its own label: no cube code, no verb-first syntax, no
player id. It only describes; what is legal stays :func:`racebook.automobiles.turn.legal`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles import effects
from racebook.automobiles.actions import (
    Buy,
    Choose,
    DraftDriver,
    Draw,
    KeepSponsor,
    Move,
    Pass,
    Pick,
    Pit,
    Play,
    Stop,
    TakeSponsor,
    UseDriver,
)
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import COLOUR_NAMES, WEAR
from racebook.automobiles.rules import buying
from racebook.automobiles.state import GameState, Phase
from racebook.core.actions import Action
from racebook.core.byclass import ByClass

#: Where a picked cube goes, by the card step's destination zone (racebook.automobiles.steps.PickStep.dest).
PICK_VERBS = {"stock": "remove", "bag": "put back into your Bag", "discard": "discard", "active": "take",
              "used": "set aside", "held": "hold"}
STOP_WORDS = {"pick": "pick no more cubes", "draw": "draw no more", "move": "stop the move here",
              "buy": "buy no more", "choose": "choose neither"}
ZONE_NAMES = {"active": "Active pile", "used": "Used pile", "discard": "Discard pile", "bag": "Bag",
              "stock": "Stock", "held": "held cubes"}


def colour(code: str) -> str:
    """A cube's colour as a learner says it: ``K`` → "black", ``X`` → "wear" (brown)."""
    return "wear" if code == WEAR else COLOUR_NAMES[code]


def _where(state: GameState, token: str) -> str:
    """A space a route enters, in words: "the 4-row black space in lane 1" (with Weaving: its segment)."""
    space = state.board.space_of(token)
    seg = token.partition(":")[2]
    rows = "1-row" if space.length == 1 else f"{space.length}-row"
    segment = f", segment {seg} from the back" if seg else ""
    return f"the {rows} {COLOUR_NAMES[space.colour]} space in lane {space.lane}{segment}"


def _card_name(program: str) -> str:
    """The name of the card (or driver) whose effect is being resolved."""
    card = card_set().cards.get(program)
    if card is not None:
        return card.name
    return program.replace("_", " ").title()


@dataclass(frozen=True, slots=True)
class Resolving:
    """A card's effect being resolved: the position, the card's name, the step and its context
    (:func:`racebook.automobiles.effects.current`)."""

    state: GameState
    card: str
    step: Any
    ctx: Any


#: The words of each action class's button in a turn (issue 39 item 4: registered per class, no ``isinstance``
#: ladder) ...
BUTTON: ByClass[GameState, str] = ByClass("Automobiles' button words")
#: ... and inside a card's effect, after the card's name.
EFFECT: ByClass[Resolving, str] = ByClass("Automobiles' words inside a card's effect")


def does_nothing(state: GameState, action: Action) -> bool:
    """``action`` does nothing now: a pit stop with no wear cube in the Active pile (§8, AMB-6: the car skips its move
    and its shopping and throws out nothing). A guided race offers such a move last, its label saying so (issue 33)."""
    return isinstance(action, Pit) and not state.players[action.car].active.get(WEAR, 0)


def label(state: GameState, action: Action) -> str:
    """The human label of ``action``, legal in ``state`` (a button's text; the action text is its tooltip): its
    class's words in :data:`BUTTON`, or in :data:`EFFECT` while a card's effect is resolving."""
    t = state.turn
    if t is not None and t.pending is not None:
        return _decision(state, action)
    words = BUTTON.find(type(action))
    if words is None:
        raise ValueError(f"no label for {action}")  # every action class has its label (tests/automobiles)
    return words(state, action)


@BUTTON.register(Pit)
def _pit(state: GameState, action: Pit) -> str:
    wear = state.players[action.car].active.get(WEAR, 0)
    if does_nothing(state, action):
        return "pit stop: skip this turn — does nothing now (no wear to throw out)"
    return f"pit stop: skip this turn, throw out {wear} wear cube{'s' * (wear != 1)}"


@BUTTON.register(Play)
def _play(state: GameState, action: Play) -> str:
    if action.spaces:
        path = " then ".join(_where(state, s) for s in action.spaces)
        return f"play the {colour(action.cube)} cube: {path}"
    if action.cube == WEAR:
        return "play a wear cube (it only goes to your Discard pile)"
    card = state.cards.get(action.cube, "")
    value = state.comps.value(action.cube)
    return f"play a {colour(action.cube)} cube for its card, {_card_name(card)} (gives up ${value})"


@BUTTON.register(Buy)
def _buy(state: GameState, action: Buy) -> str:
    return f"buy a {colour(action.cube)} cube for ${state.comps.cost(action.cube)}"


@BUTTON.register(UseDriver)
def _use_driver(state: GameState, action: UseDriver) -> str:
    return f"use your driver, {_card_name(state.players[action.car].driver)}"


@BUTTON.register(DraftDriver)
def _draft_driver(state: GameState, action: DraftDriver) -> str:
    return f"race with the driver {_card_name(action.driver)}"


@BUTTON.register(TakeSponsor)
def _take_sponsor(state: GameState, action: TakeSponsor) -> str:
    return f"take the sponsor card {action.sponsor}"


@BUTTON.register(KeepSponsor)
def _keep_sponsor(state: GameState, action: KeepSponsor) -> str:
    return f"keep your sponsor, dropping the card {action.discard} from the pool"


@BUTTON.register(Pass)
def _pass(state: GameState, action: Pass) -> str:
    t = state.turn
    assert t is not None
    if t.phase is Phase.PRERACE:
        return "done buying: wait for the start"
    if t.phase is Phase.ACTION:
        money = buying.money(state, state.players[action.car].active)
        return f"done playing: go shopping with ${money}"
    if t.phase is Phase.DRAFT:
        return "race without a driver"
    if t.phase is Phase.SPONSORS:
        return "take no sponsor for the next race"
    return f"done buying: end the turn (${t.money} unspent is lost)" if t.money else "done buying: end the turn"


def _decision(state: GameState, action: Action) -> str:
    """A choice inside a card's effect (:mod:`racebook.automobiles.effects`)."""
    cur = effects.current(state)
    assert cur is not None
    step, ctx, _rule = cur
    card = _card_name(ctx.pend.program)
    words = EFFECT.find(type(action))
    if words is None:
        raise ValueError(f"no label for {action} while {card} is resolving")
    return words(Resolving(state, card, step, ctx), action)


@EFFECT.register(Pick)
def _pick_in_effect(r: Resolving, action: Pick) -> str:
    verb = PICK_VERBS.get(getattr(r.step, "dest", ""), "pick")
    return f"{r.card}: {verb} a {colour(action.cube)} cube from your {ZONE_NAMES[action.zone]}"


@EFFECT.register(Draw)
def _draw_in_effect(r: Resolving, action: Draw) -> str:
    return f"{r.card}: draw one more cube"


@EFFECT.register(Move)
def _move_in_effect(r: Resolving, action: Move) -> str:
    what = "your car" if getattr(r.step, "car", False) else f"the {colour(r.ctx.pend.cube)} cube" \
        if r.ctx.pend.cube else "the cube"
    return f"{r.card}: move {what} on to {_where(r.state, action.space)}"


@EFFECT.register(Choose)
def _choose_in_effect(r: Resolving, action: Choose) -> str:
    return f"{r.card}: the first option (before the “OR”)" if action.option == "a" \
        else f"{r.card}: the second option (after the “OR”)"


@EFFECT.register(Buy)
def _buy_in_effect(r: Resolving, action: Buy) -> str:
    return f"{r.card}: buy a {colour(action.cube)} cube for ${r.state.comps.cost(action.cube)}"


@EFFECT.register(Stop)
def _stop_in_effect(r: Resolving, action: Stop) -> str:
    verb = r.step.kind.split()[0]
    return f"{r.card}: {STOP_WORDS.get(verb, 'stop here')}"


def choices(state: GameState, actions: list[Action]) -> list[tuple[Action, str]]:
    """Each action with its label, in the engine's order (a button row)."""
    return [(a, label(state, a)) for a in actions]
