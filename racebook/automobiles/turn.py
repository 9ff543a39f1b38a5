"""The turn machine: who decides, what is legal, what an action does, and why one is refused (§4–§14).

One table (:data:`MACHINE`, a :class:`racebook.core.machine.PhaseTable`): each stage of a decision — a card's or a
driver's effect waiting for a choice, the draft, choosing sponsors, the pre-race purchases, the Action phase, the Buy
phase — holds its legal actions, how one applies and why one is refused, together. After a decision the automatic
steps run: the Car, Decline and End phases (§10–§12, :mod:`racebook.automobiles.phases`), the next player's turn, the
end of the race (§14).
"""

from __future__ import annotations

from enum import Enum

from racebook.automobiles import draft, drivers, effects, phases, season, turnstart, zones  # noqa: F401 - drivers
from racebook.automobiles.actions import Buy, Pass, Pit, Play, UseDriver
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import ACTIONS, COLOUR_NAMES, GEARS, WEAR
from racebook.automobiles.events import (
    CardPlayed,
    CubeBought,
    CubesGained,
    MoneyCounted,
    MoneyLost,
    PitStop,
    StartingOrder,
    WearPassed,
)
from racebook.automobiles.rules import buying, movement
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.rules.stock import gain, gain_pile, gain_zone, remove
from racebook.automobiles.state import GameState, Pending, Phase, Turn
from racebook.core.actions import Action
from racebook.core.log import EventLog
from racebook.core.machine import PhaseRules, PhaseTable

#: §8 / §5.2: «Si haces una Parada en boxes, no realizarás la Fase de Acción»: a cube played or an Action-phase driver
#: ability used (David Bird, Eileen Pi, §22.2) is the Action phase done, and a pit stop is no longer open
PIT_TOO_LATE = ("a pit stop replaces the whole turn («no realizarás la Fase de Acción»): it is chosen before any cube "
                "is played or an Action-phase driver ability is used")

RULES = {Phase.SPONSORS: "§22.4", Phase.SPONSOR: "§22.5", Phase.DRAFT: "§22.2", Phase.PRERACE: "§4 item 5",
         Phase.ACTION: "§6", Phase.BUY: "§9", Phase.CAR: "§10",
         Phase.END: "§12",
         Phase.BONUS: "§20.5"}


# ------------------------------------------------------------------ the stages of a decision
class Stage(Enum):
    """Where a decision is (the key of :data:`MACHINE`'s table): a card's or driver's effect waiting for a choice
    (whatever the phase), the draft, choosing sponsors, the pre-race purchases, the Action phase, the Buy phase."""

    OVER = "over"
    EFFECT = "effect"
    DRAFT = "draft"
    SPONSORS = "sponsors"
    PRERACE = "prerace"
    ACTION = "action"
    BUY = "buy"


_STAGE = {Phase.DRAFT: Stage.DRAFT, Phase.SPONSORS: Stage.SPONSORS, Phase.PRERACE: Stage.PRERACE,
          Phase.ACTION: Stage.ACTION, Phase.BUY: Stage.BUY}


def stage(state: GameState) -> Stage:
    t = state.turn
    if state.finished or t is None:
        return Stage.OVER
    if t.pending is not None:
        return Stage.EFFECT
    return _STAGE[t.phase]


# ------------------------------------------------------------------ the race is over
def _over_legal(state: GameState) -> list[Action]:
    return []


def _over_apply(state: GameState, action: Action, events: EventLog) -> None:
    raise AssertionError("no action is legal once the race is over")  # the Race checks legality first


def _over_explain(state: GameState, action: Action) -> tuple[str, str]:
    return "§14", "the race is over"


# ------------------------------------------------------------------ a card's or a driver's effect (§6 item 2, §22.2)
def _effect_apply(state: GameState, action: Action, events: EventLog) -> None:
    t = state.turn
    assert t is not None
    effects.act(state, action, events)
    if t.pending is None and t.phase in (Phase.CAR, Phase.END, Phase.BONUS):
        phases.run(state, events)
    elif t.pending is None and t.phase is Phase.SPONSOR:
        season.resume(state, events)


# ------------------------------------------------------------------ the draft (§22.2)
def _draft_apply(state: GameState, action: Action, events: EventLog) -> None:
    if draft.apply(state, action, events):
        turnstart.prerace_turn(state, state.order[0], events)


# ------------------------------------------------------------------ the pre-race purchases (§4 item 5)
def _prerace_legal(state: GameState) -> list[Action]:
    t = state.turn
    assert t is not None
    return [Buy(t.car, c) for c in buying.buyable(state, t.money)] + [Pass(t.car)]


def _prerace_apply(state: GameState, action: Action, events: EventLog) -> None:
    t = state.turn
    assert t is not None
    if isinstance(action, Buy):
        _buy(state, t, action, events)
    else:  # Pass
        _after_prerace(state, t.car, events)


def _prerace_explain(state: GameState, action: Action) -> tuple[str, str]:
    return _buying_explain(state, action, "before the race players only buy cubes or pass")


# ------------------------------------------------------------------ the Action phase (§6–§8)
def _action_legal(state: GameState) -> list[Action]:
    t = state.turn
    assert t is not None
    car = t.car
    out: list[Action] = [] if t.played else [Pit(car)]
    p = state.players[car]
    for code in GEARS:
        if p.active.get(code):
            out.extend(Play(car, code, r.ids) for r in _gear_routes(state, car, code))
    if p.active.get(WEAR):
        out.append(Play(car, WEAR))
    out.extend(Play(car, c) for c in ACTIONS if p.active.get(c) and c in state.cards)
    return out + _driver_action(state, t) + [Pass(car)]


def _action_apply(state: GameState, action: Action, events: EventLog) -> None:
    t = state.turn
    assert t is not None
    p = state.players[t.car]
    if isinstance(action, UseDriver):
        t.played = True  # §8: using an Action-phase ability (David Bird, Eileen Pi) is doing that phase
        _use_driver(state, t, events)
    elif isinstance(action, Pass):
        t.phase, t.money = Phase.BUY, buying.money(state, p.active)
        events.append(MoneyCounted(t.car, zones.text(p.active), t.money))
    elif isinstance(action, Pit):
        wear = p.active.get(WEAR, 0)
        if wear:
            remove(state, p.active, WEAR, wear)
        events.append(PitStop(t.car, wear))
        t.flags["_pit"], t.stage = 1, phases.PIT
        phases.run(state, events)
    elif isinstance(action, Play):
        t.played = True
        if action.cube == WEAR:
            zones.take(p.active, WEAR)
            zones.add(p.discard, WEAR)
            events.append(WearPassed(t.car))
        elif action.cube in ACTIONS:
            _play_card(state, t.car, action.cube, events)
        else:
            route = next(r for r in _gear_routes(state, t.car, action.cube) if r.ids == action.spaces)
            movement.place(state, t.car, action.cube, route, events)
            if action.cube == "W" and any(s.colour != "W" for s in route.spaces):
                got = gain(state, t.car, WEAR, 1)  # §18.7: 1 wear per white cube used as another colour
                events.append(CubesGained(t.car, WEAR, 1, got, "§18.7", gain_pile(state)))


def _action_explain(state: GameState, action: Action) -> tuple[str, str]:
    t = state.turn
    assert t is not None
    if isinstance(action, UseDriver):
        return "§22.2", _why_not_driver(state, t)
    if isinstance(action, Buy):
        return "§5.1", "cubes are bought in the Buy phase: 'pass' ends the Action phase first"
    if isinstance(action, Pit):
        return "§8", PIT_TOO_LATE
    if isinstance(action, Play):
        return _why_not_play(state, t.car, action)
    return RULES[t.phase], "not an action of this phase"


# ------------------------------------------------------------------ the Buy phase (§9)
def _buy_legal(state: GameState) -> list[Action]:
    t = state.turn
    assert t is not None
    return [Buy(t.car, c) for c in buying.buyable(state, t.money)] + _driver_action(state, t) + [Pass(t.car)]


def _buy_apply(state: GameState, action: Action, events: EventLog) -> None:
    t = state.turn
    assert t is not None
    if isinstance(action, UseDriver):
        _use_driver(state, t, events)
    elif isinstance(action, Buy):
        _buy(state, t, action, events)
    else:  # Pass: the money left is lost (§9), then the Car, Decline and End phases
        if t.money:
            events.append(MoneyLost(t.car, t.money))
        t.money = 0
        phases.run(state, events)


def _buy_explain(state: GameState, action: Action) -> tuple[str, str]:
    return _buying_explain(state, action, "the Action phase is over: buy cubes or pass")


def _buying_explain(state: GameState, action: Action, otherwise: str) -> tuple[str, str]:
    t = state.turn
    assert t is not None
    if isinstance(action, Buy):
        return RULES[t.phase], buying.why_not_buy(state, action.cube, t.money)
    if isinstance(action, UseDriver):
        return "§22.2", _why_not_driver(state, t)
    return RULES[t.phase], otherwise


def _buy(state: GameState, t: Turn, action: Buy, events: EventLog) -> None:
    p = state.players[t.car]
    before = (p.bag, "Bag") if state.rules.prerace_buys_to_bag else (p.discard, "Discard pile")
    into, to, rule = (*before, "§4 item 5, AMB-4") if t.phase is Phase.PRERACE else \
        (gain_zone(state, t.car), gain_pile(state), "§9, AMB-3")
    t.money -= buying.buy(state, action.cube, into)
    events.append(CubeBought(t.car, action.cube, state.comps.cost(action.cube), t.money, to, rule))


def _use_driver(state: GameState, t: Turn, events: EventLog) -> None:
    t.flags["driver"] = 1
    t.pending = Pending(state.players[t.car].driver, "", t.car)
    effects.advance(state, events)


# ------------------------------------------------------------------ the machine
MACHINE: PhaseTable[Stage, GameState, Action] = PhaseTable(stage, {
    Stage.OVER: PhaseRules("§14", _over_legal, _over_apply, _over_explain),
    Stage.EFFECT: PhaseRules("§6", effects.options, _effect_apply, effects.why_not),
    Stage.DRAFT: PhaseRules("§22.2", draft.legal, _draft_apply, draft.why_not),
    Stage.SPONSORS: PhaseRules("§22.4", season.legal, season.choose, season.why_not),
    Stage.PRERACE: PhaseRules("§4 item 5", _prerace_legal, _prerace_apply, _prerace_explain),
    Stage.ACTION: PhaseRules("§6", _action_legal, _action_apply, _action_explain),
    Stage.BUY: PhaseRules("§9", _buy_legal, _buy_apply, _buy_explain),
}, tuple(Stage))


def legal(state: GameState) -> list[Action]:
    return MACHINE.legal(state)


def apply(state: GameState, action: Action, events: EventLog) -> None:
    """Apply a legal ``action`` (the caller checked it is in :func:`legal`)."""
    MACHINE.apply(state, action, events)


def why_not(state: GameState, action: Action) -> tuple[str, str]:
    """The rule and the reason ``action`` is not legal now (call only for an action not in :func:`legal`): not this
    player's turn, else the stage's own reason."""
    t = state.turn
    if not (state.finished or t is None) and action.car != t.car:
        known = action.car in state.players
        return "§5", (f"it is {t.car}'s turn ({t.phase.value} phase)" if known
                      else f"{action.car} is not in this race ({', '.join(state.players)})")
    return MACHINE.explain(state, action)


def _driver_action(state: GameState, t: Turn) -> list[Action]:
    """The driver's ability of this phase, once per turn, when it can do something (§22.2, AMB-28)."""
    p = state.players[t.car]
    if t.flags.get("driver") or not p.driver:
        return []
    usable = {"david_bird": t.phase is Phase.ACTION and bool(p.discard),
              "eileen_pi": t.phase is Phase.ACTION and bool(p.discard),
              "mag_matthews": t.phase is Phase.BUY and bool(p.bag or p.discard),
              "farmer_kali": t.phase is Phase.BUY and bool(p.discard) and t.money > 0}
    return [UseDriver(t.car)] if usable.get(p.driver) else []


def _gear_routes(state: GameState, car: str, code: str) -> list[movement.Route]:
    """A gear cube moves to 1 adjacent space of its colour (§7.1); up to 2 under Fuel Injection (§20.6, AMB-10);
    a white cube onto any colour under Redline (§18.7). House rules: ``redline_fi_one_colour`` (a white cube moving 2
    under Redline stays on one colour), ``fuel_injection_exactly_two``."""
    t = state.turn
    flags = t.flags if t else {}
    colours = set(GEARS) if code == "W" and flags.get("redline") else {code}
    fuel = bool(flags.get("fuel_injection"))
    out = movement.colour_routes(state, car, colours, 2 if fuel else 1, same_colour=state.rules.redline_fi_one_colour)
    if fuel and state.rules.fuel_injection_exactly_two:  # house rule (AMB-10): exactly 2 spaces
        out = [r for r in out if len(r.spaces) == 2]
    return out



# ------------------------------------------------------------------ refusing: the helpers
def _why_not_driver(state: GameState, t: Turn) -> str:
    p = state.players[t.car]
    if not p.driver:
        return f"{t.car} has no driver card"
    if t.flags.get("driver"):
        return "a driver's ability is used once per turn (AMB-28)"
    name = p.driver.replace("_", " ").title()
    return f"{name}'s ability is not for the {t.phase.value} phase, or has nothing to act on"


def _why_not_play(state: GameState, car: str, a: Play) -> tuple[str, str]:
    p = state.players[car]
    if not p.active.get(a.cube):
        return "§6", f"no {a.cube} cube in the Active pile ({zones.text(p.active)})"
    if a.cube == WEAR:
        return "§16.5", "a wear cube is played for the Wear card, onto no space"
    if a.cube in ACTIONS:
        if a.cube not in state.cards:
            return "§2", f"no {COLOUR_NAMES[a.cube]} card is in this game"
        return "§6", "an action cube is played alone: its card's choices follow one at a time"
    most = 2 if state.turn and state.turn.flags.get("fuel_injection") else 1
    least = 2 if most == 2 and state.rules.fuel_injection_exactly_two else 1
    if not least <= len(a.spaces) <= most:
        what = {(1, 1): "exactly 1 space", (1, 2): "1 or 2 spaces (Fuel Injection)",
                (2, 2): "exactly 2 spaces (Fuel Injection; house rule fuel_injection_exactly_two)"}[least, most]
        return "§7.1", f"a gear cube moves {what}"
    sid = a.spaces[-1].partition(":")[0]
    space = state.board.spaces.get(sid)
    bad = [x for x in a.spaces if x.partition(":")[0] not in state.board.spaces]
    if state.weaving != all(":" in x for x in a.spaces):
        return "§22.1", ("with Weaving a cube names its segment, e.g. 1.3:2" if state.weaving
                         else "a segment (1.3:2) is named only with the Weaving module")
    if bad or space is None:
        return "§7.1", f"there is no space {(bad or [sid])[0]} on the board {state.board.name}"
    lane, prog = movement.head(state, car)
    near = [s.id for s in state.board.adjacent(lane, prog)]
    if a.spaces[0].partition(":")[0] not in near:
        where = "the last cube placed" if p.track else "the car"
        return "§7.1, AMB-8", f"{a.spaces[0]} is not adjacent to {where} (adjacent: {' '.join(near)})"
    if space.colour != a.cube:
        return "§7.1", (f"a {COLOUR_NAMES[a.cube]} cube moves onto a {COLOUR_NAMES[a.cube]} space; {sid} is "
                        f"{COLOUR_NAMES[space.colour]}")
    if len(a.spaces) == 2:
        return "§20.6, §7.1", f"{' '.join(a.spaces)} is not a path of 2 adjacent {COLOUR_NAMES[a.cube]} spaces"
    return "§7.3, AMB-11", f"every segment of {sid} ahead is held by another car"


# ------------------------------------------------------------------ applying
def opening(state: GameState, events: EventLog) -> None:
    """The automatic opening: the starting order, then the pre-race money, or the turn the position is in (§4)."""
    events.append(StartingOrder(tuple(state.order)))
    t = state.turn
    if t is None:
        return
    if t.phase is Phase.DRAFT and not t.begun:
        draft.opening(state, events)
    elif t.phase in (Phase.SPONSORS, Phase.SPONSOR) and not t.begun:
        season.opening(state, events)
    elif t.phase is Phase.PRERACE and not t.begun:
        turnstart.prerace_turn(state, state.order[0], events)
    elif t.phase is Phase.ACTION and not t.begun:
        turnstart.start_turn(state, t.car, events)


def _play_card(state: GameState, car: str, code: str, events: EventLog) -> None:
    """Play an action cube (§6 item 2): it goes to the Used pile and its colour's card resolves."""
    t = state.turn
    assert t is not None
    p = state.players[car]
    card = card_set().cards[state.cards[code]]
    zones.take(p.active, code)
    zones.add(p.used, code)
    events.append(CardPlayed(car, code, COLOUR_NAMES[code], card.name, card.printed, card.section))
    t.pending = Pending(card.id, code, car)
    effects.advance(state, events)


def _after_prerace(state: GameState, car: str, events: EventLog) -> None:
    i = state.order.index(car)
    if i + 1 < len(state.order):
        turnstart.prerace_turn(state, state.order[i + 1], events)
        return
    for pid in state.order:  # AMB-4: the purchases are in the Bag, then everyone draws 7
        draw(state, pid, state.comps.draw, events, "§4, AMB-4", refill=True)
    state.round = 1
    turnstart.start_turn(state, state.order[0], events)


