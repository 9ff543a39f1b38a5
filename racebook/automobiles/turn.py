"""The turn machine: who decides, what is legal, what an action does, and why one is refused (§4–§14).

One table of handlers per phase: :func:`legal` lists the actions, :func:`apply` applies one of them, and
:func:`why_not` says why an action is refused, from the same tests. After a decision the automatic steps run:
the Car, Decline and End phases (§10–§12), the next player's turn, the end of the race (§14).
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.actions import Buy, Pass, Pit, Play
from racebook.automobiles.cubes import ACTIONS, COLOUR_NAMES, GEARS, WEAR
from racebook.automobiles.events import (
    Cleanup,
    CubeBought,
    FinishTriggered,
    MoneyCounted,
    MoneyLost,
    PitStop,
    PreRaceMoney,
    RaceFinished,
    StartingOrder,
    TurnStarted,
    WearPassed,
)
from racebook.automobiles.rules import buying, movement
from racebook.automobiles.rules.decline import decline
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.rules.standings import has_finished, standings
from racebook.automobiles.rules.stock import remove
from racebook.automobiles.state import GameState, Phase, Turn
from racebook.core.actions import Action
from racebook.core.log import EventLog

RULES = {Phase.PRERACE: "§4 item 5", Phase.ACTION: "§6", Phase.BUY: "§9"}


# ------------------------------------------------------------------ listing
def legal(state: GameState) -> list[Action]:
    t = state.turn
    if state.finished or t is None:
        return []
    car = t.car
    if t.phase is Phase.ACTION:
        out: list[Action] = [] if t.played else [Pit(car)]
        p = state.players[car]
        for code in GEARS:
            if p.active.get(code):
                out.extend(Play(car, code, r.ids) for r in _gear_routes(state, car, code))
        if p.active.get(WEAR):
            out.append(Play(car, WEAR))
        return out + [Pass(car)]
    return [Buy(car, c) for c in buying.buyable(state, t.money)] + [Pass(car)]


def _gear_routes(state: GameState, car: str, code: str) -> list[movement.Route]:
    """A gear cube moves to 1 adjacent space of its colour (§7.1)."""
    return movement.colour_routes(state, car, {code}, 1)


# ------------------------------------------------------------------ refusing
def why_not(state: GameState, action: Action) -> tuple[str, str]:
    """The rule and the reason ``action`` is not legal now (call only for an action not in :func:`legal`)."""
    t = state.turn
    if state.finished or t is None:
        return "§14", "the race is over"
    if action.car != t.car:
        known = action.car in state.players
        return "§5", (f"it is {t.car}'s turn ({t.phase.value} phase)" if known
                      else f"{action.car} is not in this race ({', '.join(state.players)})")
    phase_rule = RULES[t.phase]
    if t.phase in (Phase.PRERACE, Phase.BUY):
        if isinstance(action, Buy):
            return phase_rule, buying.why_not_buy(state, action.cube, t.money)
        what = "before the race players only buy cubes or pass" if t.phase is Phase.PRERACE \
            else "the Action phase is over: buy cubes or pass"
        return phase_rule, what
    if isinstance(action, Buy):
        return "§5.1", "cubes are bought in the Buy phase: 'pass' ends the Action phase first"
    if isinstance(action, Pit):
        return "§8", "a pit stop replaces the whole turn: it is chosen before any cube is played"
    if isinstance(action, Play):
        return _why_not_play(state, t.car, action)
    return phase_rule, "not an action of this phase"


def _why_not_play(state: GameState, car: str, a: Play) -> tuple[str, str]:
    p = state.players[car]
    if not p.active.get(a.cube):
        return "§6", f"no {a.cube} cube in the Active pile ({zones.text(p.active)})"
    if a.cube == WEAR:
        return "§16.5", "a wear cube is played for the Wear card, onto no space"
    if a.cube in ACTIONS:
        name = state.comps.cubes[a.cube].name
        return "§2", (f"the {name} card's effect is not in this engine yet: the {COLOUR_NAMES[a.cube]} cube "
                      "stays in the Active pile, worth its $ value in the Buy phase")
    if len(a.spaces) != 1:
        return "§7.1", f"a gear cube moves exactly 1 space (got {len(a.spaces)})"
    sid = a.spaces[0]
    space = state.board.spaces.get(sid)
    if space is None:
        return "§7.1", f"there is no space {sid} on the board {state.board.name}"
    lane, prog = movement.head(state, car)
    near = [s.id for s in state.board.adjacent(lane, prog)]
    if sid not in near:
        where = "the last cube placed" if p.track else "the car"
        return "§7.1, AMB-8", f"{sid} is not adjacent to {where} (adjacent: {' '.join(near)})"
    if space.colour != a.cube:
        return "§7.1", (f"a {COLOUR_NAMES[a.cube]} cube moves onto a {COLOUR_NAMES[a.cube]} space; {sid} is "
                        f"{COLOUR_NAMES[space.colour]}")
    return "§7.3, AMB-11", f"every segment of {sid} ahead is held by another car"


# ------------------------------------------------------------------ applying
def opening(state: GameState, events: EventLog) -> None:
    """The automatic opening: the starting order, then the pre-race money or the first turn (§4)."""
    assert state.turn is not None
    events.append(StartingOrder(tuple(state.order)))
    if state.turn.phase is Phase.PRERACE:
        _prerace_turn(state, state.order[0], events)
    else:
        events.append(TurnStarted(state.turn.car, state.round, zones.text(state.players[state.turn.car].active)))


def _prerace_turn(state: GameState, car: str, events: EventLog) -> None:
    p = state.players[car]
    state.turn = Turn(car, Phase.PRERACE, money=p.money)
    events.append(PreRaceMoney(car, p.money, state.order.index(car) + 1))


def apply(state: GameState, action: Action, events: EventLog) -> None:
    """Apply a legal ``action`` (the caller checked it is in :func:`legal`)."""
    t = state.turn
    assert t is not None
    p = state.players[t.car]
    if isinstance(action, Buy):
        into, to, rule = (p.bag, "Bag", "§4 item 5, AMB-4") if t.phase is Phase.PRERACE else \
            (p.used, "Used pile", "§9, AMB-3")
        t.money -= buying.buy(state, action.cube, into)
        events.append(CubeBought(t.car, action.cube, state.comps.cost(action.cube), t.money, to, rule))
    elif isinstance(action, Pass):
        if t.phase is Phase.PRERACE:
            _after_prerace(state, t.car, events)
        elif t.phase is Phase.ACTION:
            t.phase, t.money = Phase.BUY, buying.money(state, p.active)
            events.append(MoneyCounted(t.car, zones.text(p.active), t.money))
        else:
            if t.money:
                events.append(MoneyLost(t.car, t.money))
            t.money = 0
            dark = movement.car_phase(state, t.car, events)
            decline(state, t.car, dark, events)
            _end_phase(state, t.car, events)
    elif isinstance(action, Pit):
        wear = p.active.get(WEAR, 0)
        if wear:
            remove(state, p.active, WEAR, wear)
        events.append(PitStop(t.car, wear))
        _end_phase(state, t.car, events)
    elif isinstance(action, Play):
        t.played = True
        if action.cube == WEAR:
            zones.take(p.active, WEAR)
            zones.add(p.discard, WEAR)
            events.append(WearPassed(t.car))
        else:
            route = next(r for r in _gear_routes(state, t.car, action.cube) if r.ids == action.spaces)
            movement.place(state, t.car, action.cube, route, events)


def _after_prerace(state: GameState, car: str, events: EventLog) -> None:
    i = state.order.index(car)
    if i + 1 < len(state.order):
        _prerace_turn(state, state.order[i + 1], events)
        return
    for pid in state.order:  # AMB-4: the purchases are in the Bag, then everyone draws 7
        draw(state, pid, state.comps.draw, events, "§4, AMB-4")
    state.round = 1
    first = state.order[0]
    state.turn = Turn(first, Phase.ACTION)
    events.append(TurnStarted(first, 1, zones.text(state.players[first].active)))


def _end_phase(state: GameState, car: str, events: EventLog) -> None:
    """The End phase (§12), then the next turn or the end of the race (§14)."""
    p = state.players[car]
    swept: dict[str, int] = {}
    for z in (p.active, p.used, zones.of(c.code for c in p.track)):
        for c, n in z.items():
            zones.add(swept, c, n)
    for c, n in swept.items():
        zones.add(p.discard, c, n)
    p.active.clear()
    p.used.clear()
    p.track.clear()
    events.append(Cleanup(car, zones.text(swept)))
    draw(state, car, state.comps.draw, events)
    if state.finish_triggered is None and has_finished(state, car):
        state.finish_triggered = car
        events.append(FinishTriggered(car))
    i = state.order.index(car)
    if i + 1 == len(state.order) and state.finish_triggered is not None:
        state.finished, state.turn = True, None
        events.append(RaceFinished(tuple(standings(state)), state.round))
        return
    nxt = state.order[(i + 1) % len(state.order)]
    if i + 1 == len(state.order):
        state.round += 1
    state.turn = Turn(nxt, Phase.ACTION)
    events.append(TurnStarted(nxt, state.round, zones.text(state.players[nxt].active)))
