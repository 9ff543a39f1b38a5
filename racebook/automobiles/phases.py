"""The automatic part of a turn, after the Buy phase (or a pit stop): a pipeline of stages, each of which may stop
for a choice (a bonus move, a driver's ability) and resume when it is made (§10–§12, §20.5, §22.2, AMB-24).

Car phase (§10): move to the last cube; Adrenaline (b) (§21.4); Juan Goody. Decline (§11): wear or drafting; Josh
Trin. End (§12): Micah Conner; cleanup and draw 7; Mike Skipjack, Nathan Emery, Kaia Lin; the finish check (§14).
Then the Box(er) Engine's moves for the players behind (§20.5) and the next turn or the end of the race (§14).
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.automobiles import effects, zones
from racebook.automobiles.cubes import WEAR
from racebook.automobiles.events import (
    BonusMove,
    Cleanup,
    FinishTriggered,
    RaceFinished,
    RoundLimitReached,
)
from racebook.automobiles.options import ROUNDS_PER_LAP
from racebook.automobiles.rules import movement
from racebook.automobiles.rules.decline import decline
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.rules.standings import has_finished, standings
from racebook.automobiles.season import race_over
from racebook.automobiles.state import GameState, Pending, Phase, Turn
from racebook.automobiles.turnstart import start_turn
from racebook.core.log import EventLog


def bonus(state: GameState, program: str, who: str, most: int, why: str, events: EventLog) -> bool:
    """Start a bonus move or a driver's choice for ``who``; True if it waits for a choice."""
    t = state.turn
    assert t is not None
    if most <= 0:
        return False
    events.append(BonusMove(who, most, why, effects.PROGRAMS[program][1]))
    t.pending = Pending(program, "", who, regs={"most": most})
    effects.advance(state, events)
    return t.pending is not None


def _driver(state: GameState, did: str) -> bool:
    t = state.turn
    return t is not None and state.players[t.car].driver == did


# ------------------------------------------------------------------ the stages (True: wait for a choice)
def _car(state: GameState, t: Turn, events: EventLog) -> bool:
    t.phase = Phase.CAR
    t.flags["_before"] = standings(state).index(t.car)
    movement.car_phase(state, t.car, events)
    return False


def _adrenaline(state: GameState, t: Turn, events: EventLog) -> bool:
    gained = t.flags.get("_before", 0) - standings(state).index(t.car)  # before the bonus (AMB-24 a)
    if not t.flags.get("adrenaline") or gained <= 0:
        return False
    return bonus(state, "adrenaline_bonus", t.car, 2 * gained, f"Adrenaline: {gained} position(s) gained", events)


def _juan(state: GameState, t: Turn, events: EventLog) -> bool:
    if not state.rules.juan_goody_without_cubes and not t.through:  # house rule (AMB-24 c)
        return False
    return _driver(state, "juan_goody") and bonus(state, "juan_goody", t.car, 1, "Juan Goody", events)


def _decline(state: GameState, t: Turn, events: EventLog) -> bool:
    if t.flags.get("_pit"):
        return False
    t.flags["_decline"] = decline(state, t.car, movement.darkest_through(state), events,
                                  bool(t.flags.get("aerodynamics")))
    return False


def _josh(state: GameState, t: Turn, events: EventLog) -> bool:
    wear = t.flags.get("_decline", 0)
    return _driver(state, "josh_trin") and bonus(state, "josh_trin", t.car, wear, f"Josh Trin: {wear} wear", events)


def _micah(state: GameState, t: Turn, events: EventLog) -> bool:
    t.phase = Phase.END
    p = state.players[t.car]
    if not _driver(state, "micah_conner") or not any(z.get(WEAR) for z in (p.active, p.used, p.discard)):
        return False
    return bonus(state, "micah_conner", t.car, 3, "Micah Conner, before drawing", events)


def _cleanup(state: GameState, t: Turn, events: EventLog) -> bool:
    p = state.players[t.car]
    swept: dict[str, int] = {}
    for z in (p.active, p.used, zones.of(c.code for c in p.track)):
        for c, n in z.items():
            zones.add(swept, c, n)
    for c, n in swept.items():
        zones.add(p.discard, c, n)
    p.active.clear()
    p.used.clear()
    p.track.clear()
    events.append(Cleanup(t.car, zones.text(swept)))
    draw(state, t.car, state.comps.draw, events, refill=True)
    return False


def _skipjack(state: GameState, t: Turn, events: EventLog) -> bool:
    wear = t.flags.get("_decline", 0)
    return _driver(state, "mike_skipjack") and bonus(state, "mike_skipjack", t.car, wear,
                                                     f"Mike Skipjack: {wear} wear", events)


def _nathan(state: GameState, t: Turn, events: EventLog) -> bool:
    return _driver(state, "nathan_emery") and bonus(state, "nathan_emery", t.car, 2, "Nathan Emery", events)


def _kaia(state: GameState, t: Turn, events: EventLog) -> bool:
    return _driver(state, "kaia_lin") and bonus(state, "kaia_lin", t.car, zones.size(state.players[t.car].active),
                                                "Kaia Lin", events)


def _boxer(state: GameState, t: Turn, events: EventLog) -> bool:
    """§20.5, AMB-20: the frontmost player behind who has not moved yet moves up to k spaces (no wear); the
    standings are recomputed after each move. Re-entered after each bonus move."""
    check_finish(state, events)
    k = t.flags.get("boxer", 0)
    if not k:
        return False
    if not t.flags.get("_queued"):
        t.phase, t.flags["_queued"] = Phase.BONUS, 1
        order = standings(state)
        t.queue = order[order.index(t.car) + 1:]
    while t.queue:
        mover = next(pid for pid in standings(state) if pid in t.queue)
        t.queue.remove(mover)
        if bonus(state, "boxer_bonus", mover, k, f"Box(er) Engine played by {t.car}", events):
            t.stage -= 1  # come back here for the next player
            return True
    check_finish(state, events)
    return False


def _next(state: GameState, t: Turn, events: EventLog) -> bool:
    i = state.order.index(t.car)
    last = i + 1 == len(state.order) or not state.rules.finish_the_round  # AMB-17 (house rule finish_the_round)
    limit = i + 1 == len(state.order) and out_of_rounds(state)  # house rule round_limit (§14)
    if limit:
        events.append(RoundLimitReached(state.round, state.laps, ROUNDS_PER_LAP))
    if (last and state.finish_triggered is not None) or limit:
        state.finished, state.turn = True, None
        events.append(RaceFinished(tuple(standings(state)), state.round))
        if state.season is not None:  # §22.3: the next race of the Season, or its end
            state.finished = False
            race_over(state, events)
        return False
    if i + 1 == len(state.order):
        state.round += 1
    start_turn(state, state.order[(i + 1) % len(state.order)], events)
    return False


def _finish(state: GameState, t: Turn, events: EventLog) -> bool:
    check_finish(state, events)
    return False


Stage = Callable[[GameState, Turn, EventLog], bool]
STAGES: tuple[Stage, ...] = (_car, _adrenaline, _juan, _decline, _josh, _micah, _cleanup, _skipjack, _nathan, _kaia,
                             _finish, _boxer, _next)
PIT = STAGES.index(_micah)  # a pit stop skips the Action, Buy and Car phases; Decline gives nothing (§8, AMB-6)


def out_of_rounds(state: GameState) -> bool:
    """The house rule ``round_limit`` (§14; the source sets none): the round now ending is the last one allowed —
    laps x :data:`~racebook.automobiles.options.ROUNDS_PER_LAP` — and no car has completed the laps. The race then
    ends after this round (every player has had as many turns, §14); the car furthest on wins."""
    return state.rules.round_limit and state.finish_triggered is None and \
        state.round >= state.laps * ROUNDS_PER_LAP


def check_finish(state: GameState, events: EventLog) -> None:
    """§14: the first car to complete the laps triggers the end of the race (after this round, AMB-17)."""
    if state.finish_triggered is None:
        for pid in state.order:
            if has_finished(state, pid):
                state.finish_triggered = pid
                events.append(FinishTriggered(pid))
                return


def run(state: GameState, events: EventLog) -> None:
    """Run the stages from ``turn.stage`` until one waits for a choice or the next turn has begun."""
    t = state.turn
    while t is not None and state.turn is t and t.pending is None and t.stage < len(STAGES):
        stage = STAGES[t.stage]
        t.stage += 1
        if stage(state, t, events):
            return
