"""The Red Flag and the restart (digest §19.6, A30).

:func:`red_flag` is called by the 'Safety Car' EVENT card's WHITE die (:func:`safety_car_card`: the card's Safety Car
or Red Flag, here above both rules) and by the loss-of-control rules when a tile is entirely blocked by spun cars.
Every car stops at once: the driver moving ends its move, the drivers still to move lose their turn (the round is
over). The cars line up on the starting grid in the driver sequence of the moment, a car in the pit lane by the tile
it is on, behind the on-track cars of that tile (:func:`racebook.formulagp.rules.order.red_flag_grid`, Example 24);
stress goes to the middle and ERS to the maximum; every token leaves the track and the Safety Car comes in. A car
keeps its lapping status: its lap count is set to the leader's minus its Blue Flags, so the grid keeps the race's lap
order. At the end of the round the Chequered Flag moves one space and the race restarts (A30, ``red_flag_restart``):
by default with race round 1's rules (no draw phase, hands kept; sealed start cards in 2nd gear, the order by their
LEDs), then race round 2's — the round counter starts again at 1, so every race-start rule applies unchanged;
``normal``: a normal round from the grid.

On the grid (step 2) every player car repairs its damage (not its failures) and its driver chooses its tyres, any
dry type (:func:`grid_service`, :func:`choose_tyres`; the choice is :mod:`racebook.formulagp.redflaggrid`); the
'Safety Car' EVENT card leaves the deck (step 5, :func:`safety_car_card_out`). A car in the pit lane lines up by its
tile and its stop is over. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import racelength, safetycar
from racebook.formulagp.damage import repair_all
from racebook.formulagp.eventdeck import EventEffect, event_card
from racebook.formulagp.options import RedFlagRestart
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.rules.order import Place, Runner, driver_order, red_flag_grid
from racebook.formulagp.safetycar import clear_track, end_round_now
from racebook.formulagp.state import Car, Die, Phase, RaceState

__all__ = ["red_flag", "round_end", "place_of", "grid_service", "choose_tyres", "safety_car_card_out",
           "safety_car_card"]


def place_of(s: RaceState, c: Car) -> Place:
    """Where a car is for the Red Flag grid: on track, or in the pit lane beside its tile (§19.6 item 1): a car in
    its box or on the pit-exit space (``Car.pit``, :mod:`racebook.formulagp.pits`) is in the pit lane."""
    return Place.PIT_LANE if c.pit else Place.TRACK


def off_the_pit_lane(c: Car) -> None:
    """A car of the pit lane lined up on the grid leaves the pits: its stop is over (§19.6 item 1)."""
    c.pit, c.pit_hold, c.pit_second, c.pit_die, c.pit_repaired, c.pit_tyres = "", 0, False, 0, False, False


def grid_service(s: RaceState, log: EventLog) -> None:
    """§19.6 step 2: on the grid "drivers are allowed to change tyres and repair damage. System failures cannot be
    repaired." Every player car repairs its DAMAGE cards (:func:`racebook.formulagp.damage.repair_all`, FAILURE cards
    kept; a reading: it only helps, so the engine does it for every driver), and each player chooses its tyres, any
    dry type, its own type too (a fresh set): the ``grid`` phase at the round's end, in grid order
    (:mod:`racebook.formulagp.redflaggrid`). Rookie BOTs have no tyres or damage to change (§22.13.6)."""
    for car in s.grid:
        c = s.cars[car]
        if c.bot:
            if c.bot == "pro":  # a Pro BOT's tyres, repairs and TACTICS card (§22.13.6)
                HOOKS.red_flag(s, car, log)  # bots.pro.red_flag
            continue
        repair_all(s, c, log, failures=False, how="on the Red Flag grid, §19.6")
    s.grid_tyres = tuple(car for car in s.grid if not s.cars[car].bot)


def choose_tyres(s: RaceState) -> bool:
    """The round's end after a Red Flag (the hook at the start of :func:`racebook.formulagp.rounds.start_round`):
    True while a driver still chooses its tyres on the grid — the ``grid`` phase (§19.6 step 2); the round starts
    once every driver has chosen."""
    if not s.grid_tyres or s.finished:
        return False
    s.phase, s.turn = Phase.GRID, None
    return True


def safety_car_card_out(s: RaceState, log: EventLog) -> None:
    """§19.6 step 5: "Remove the 'Safety Car' EVENT card from the deck" — from the draw pile or the discard pile to
    the cards out of the game (``events_out``). A reading: a 'Safety Car' card a driver holds is not in the deck and
    stays in its hand (played later, it is removed as it always is, §19.4)."""
    for code in [x for x in s.events.pile + s.events.discards if event_card(x).effect is EventEffect.SAFETY_CAR]:
        (s.events.pile if code in s.events.pile else s.events.discards).remove(code)
        s.events_out.append(code)
        log.append(ev.EventCardRemoved(code, event_card(code).name))


def red_flag(s: RaceState, log: EventLog, cause: str) -> None:
    """Show the Red Flag (§19.6 steps 1–4): every car on the grid in the sequence of the moment."""
    if s.finished or s.restart:
        return
    runners = [Runner(c.id, c.pos, c.lap, place_of(s, c), blue_flags=c.blue) for c in s.cars.values()]
    sequence = [slot.car for slot in driver_order(s.track, runners)]
    grid = red_flag_grid(s.track, sequence, runners)
    lead_lap = s.cars[sequence[0]].lap
    for place, car in enumerate(grid):
        c = s.cars[car]
        c.pos = s.track.grid[place]
        c.lap = lead_lap - c.blue
        c.stress, c.ers, c.ot, c.gravel = 1, s.board.ers_max, 0, False
        off_the_pit_lane(c)
    end_round_now(s)
    if s.turn is not None:  # the driver moving stops at once; one who had not moved yet (its own 'Safety Car' EVENT
        s.turn.mp_left, s.turn.stopped = 0, True  # card before its move, §6.7) plays no movement card: its turn ends
        if s.phase is Phase.PLAY:
            s.phase = Phase.MOVE
    clear_track(s)
    s.sc_tile, s.sc_until = -1, 0
    s.grid = grid
    s.restart = True
    log.append(ev.RedFlag(cause, grid, "race round 1's rules, then round 2's" if
                          s.rules.red_flag_restart is RedFlagRestart.RACE_START else "a normal round"))
    grid_service(s, log)  # §19.6 step 2
    safety_car_card_out(s, log)  # §19.6 step 5


def round_end(s: RaceState, log: EventLog) -> None:
    """The restart at the end of the Red Flag's round (§19.6 step 6): the Chequered Flag one space on, then the race
    start procedure (A30)."""
    if not s.restart:
        return
    s.restart = False
    racelength.restarted(s)  # the grid faces forward; the round counter's memos start again (A30)
    if s.rules.red_flag_restart is RedFlagRestart.RACE_START:
        s.flag += 1  # round 1 does not advance the flag itself (§4.2)
        s.round = 0
        s.skip_draw = True


def safety_car_card(s: RaceState, log: EventLog) -> None:
    """The 'Safety Car' EVENT card (§19.4, §19.6, A13): roll the WHITE die; a 6 shows the Red Flag (any red face with
    ``red_flag_on_red_face``), any other face deploys the Safety Car for the Standard period."""
    face = s.white_face(s.roll(Die.WHITE))
    red = face.colour.value == "red" if s.rules.red_flag_on_red_face else face.value == 6
    log.append(ev.SafetyCarRoll(face.value, face.colour.value,
                                "a major incident: Red Flag" if red else "the Safety Car is deployed"))
    if red:
        red_flag(s, log, "the 'Safety Car' EVENT card's WHITE die")
    else:  # [ADV] the card's die sets the period too (safety_car_card_one_roll, racebook.formulagp.scperiod)
        safetycar.deploy(s, log, "the 'Safety Car' EVENT card",
                         face if s.mode.advanced and s.rules.safety_car_card_one_roll else None)


safetycar.RED_FLAG["red_flag"] = red_flag  # [ADV] the period roll's major incident (§19.4.1), below this module
