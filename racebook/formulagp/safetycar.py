"""The Safety Car (digest §19.4): deployment, its period, its drive round by round, and the limits and benefits
under it.

:func:`deploy` is called by a second separate Yellow Flag zone and by the Race Control token reaching the Safety Car
space (:mod:`racebook.formulagp.flags`) and by the 'Safety Car' EVENT card
(:func:`racebook.formulagp.redflag.safety_car_card`, whose WHITE die shows the Red Flag on a 6, A13:
``red_flag_on_red_face``). The procedure (§19.4.2): the Safety Car on the tile in front of
the race leader; the round ends at once (the drivers still to move lose their turn; the driver moving finishes its
turn); every token leaves the track (flags, hazards); the SC token on the radar two spaces ahead of the Chequered Flag
(the Standard period, §19.4.1; on the radar, A15): at the end of the round the Chequered Flag reaches it, the Safety
Car leaves. Stress goes to the middle and stays there, ERS is charged to the maximum.

The Safety Car drives 3 tiles each round (A16, ``safety_car_moves``: at the start of the movement phase by default, or
at the end of each round), never in the round it came out. Under it (:mod:`racebook.formulagp.raceevents` applies
these): no pairs; no overtaking — a car stops one tile behind the car ahead (a free Slipstream shadow right behind it
allowed) and never enters the Safety Car's tile, its leftover MP lost; Blue Flag cars pass cars without one and the
Safety Car freely (to unlap themselves); no tyre wear for movement and lane changes; one Tyre Wear card a turn and
any Option cards may be discarded; DRS, tricky corners, hazards, the dice of the move and stress relief are off. Still
out on or after the final-lap space of the radar (24): the race ends under the Safety Car, every car where it stands
(§19.4.1, §17.2; the house rule ``safety_car_in_final_lap_ends_race`` reads "still on track" as "out since before
space 24"). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import scperiod
from racebook.formulagp.components import WhiteFace
from racebook.formulagp.options import SafetyCarMoves
from racebook.formulagp.panel import panel
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.rules.order import Runner, leader
from racebook.formulagp.state import Phase, RaceState

__all__ = ["on", "deploy", "drive", "round_end", "movement_phase", "TILES_PER_ROUND"]

TILES_PER_ROUND = 3  # §19.4.2 step 4
#: [ADV] the Red Flag, for a major incident at the period roll (§19.4.1): filled by racebook.formulagp.redflag, which
#: sits above this module (red_flag(state, log, cause))
RED_FLAG: dict[str, Callable[[RaceState, EventLog, str], None]] = {}


def on(s: RaceState) -> bool:
    """The Safety Car is on track (Appendix B: SC on track)."""
    return s.sc_tile >= 0


def _leader(s: RaceState) -> str:
    return leader(s.track, [Runner(c.id, c.pos, c.lap, blue_flags=c.blue) for c in s.cars.values()]).car


def end_round_now(s: RaceState) -> tuple[str, ...]:
    """The current round ends at once: the drivers who have not moved yet lose their turn (§19.4.2 step 2, §19.6);
    the driver moving finishes its turn. Returns the cars that lost their turn. [ADV] Also while a loss of control
    waits for its driver's decision (the CONTROL phase): an Advanced race's period roll can show the Red Flag there
    (racebook.formulagp.scperiod); a Standard race keeps its issue-37 behaviour (the equivalence file)."""
    if s.turn is None or s.phase not in ((Phase.PLAY, Phase.MOVE, Phase.CONTROL) if s.mode.advanced
                                         else (Phase.PLAY, Phase.MOVE)):
        return ()
    lost = s.order[s.turn_index + 1:]
    s.order = s.order[:s.turn_index + 1]
    return lost


def clear_track(s: RaceState) -> None:
    """Every token off the track (§19.4.2 step 3): flags, the Blue Flag markers of failed lapping attempts, hazards
    (no Standing Water in a Standard race)."""
    s.zones, s.yellow_pending, s.passable, s.gravel = (), (), (), ()
    s.debris, s.oil = (), ()  # [ADV] Debris and Oil (racebook.formulagp.hazardtokens)
    for c in s.cars.values():
        c.attempts, c.free_round = 0, 0
    s.vsc, s.vsc_car, s.vsc_spaces, s.vsc_twice = 0, "", 0, ()  # the Virtual Safety Car gives way to it
    s.yellow_track = 0  # a reading (docs: race events): the Race Control token starts over
    s.sc_from = 0  # [ADV] the Safety Car's deployment space (racebook.formulagp.scperiod)


def deploy(s: RaceState, log: EventLog, cause: str, face: WhiteFace | None = None) -> None:
    """Deploy the Safety Car (§19.4.2 steps 1–3, §19.4.1). Nothing happens while it is already out. [ADV] The period
    is the WHITE die's (``face``: the 'Safety Car' card's own roll, racebook.formulagp.scperiod), which may show the
    Red Flag instead."""
    if on(s) or s.finished or s.restart:
        return
    until = s.flag + panel().periods["safety_car"]
    if s.mode.advanced:  # [ADV] §19.4.1: the period by die
        got = scperiod.roll(s, log, face)
        if got == scperiod.RED_FLAG:
            return RED_FLAG["red_flag"](s, log, f"{cause}: the Safety Car period's WHITE die (§19.4.1)")
        until = s.flag + got
    lead = _leader(s)
    s.sc_tile = s.track.next_tile(s.cars[lead].pos.tile)
    s.sc_until = until
    lost = end_round_now(s)
    clear_track(s)
    s.sc_from = s.flag if s.mode.advanced else 0
    for c in s.cars.values():
        c.stress = 1  # the middle space, kept there while the Safety Car is out
        c.ers = s.board.ers_max
    log.append(ev.SafetyCarDeployed(cause, s.track.tiles[s.sc_tile].id, lead, lost, s.sc_until))
    if s.pro.active:  # the Pro BOTs' early stop and tyre saving (§22.13.5)
        HOOKS.safety_car(s, log)


def drive(s: RaceState, log: EventLog) -> None:
    """The Safety Car drives 3 tiles (§19.4.2 step 4), spaces ignored."""
    frm = s.sc_tile
    for _ in range(TILES_PER_ROUND):
        s.sc_tile = s.track.next_tile(s.sc_tile)
    log.append(ev.SafetyCarMoved(s.track.tiles[frm].id, s.track.tiles[s.sc_tile].id))


def _came_out_this_round(s: RaceState) -> bool:
    return s.sc_from == s.flag if s.mode.advanced else s.sc_until == s.flag + panel().periods["safety_car"]


def _out_since(s: RaceState) -> int:
    """The radar space the Safety Car came out on ([ADV] its period varies: the space is kept, §19.4.1)."""
    return s.sc_from if s.mode.advanced else s.sc_until - panel().periods["safety_car"]


def movement_phase(s: RaceState, log: EventLog) -> None:
    """A16's default: the Safety Car drives at the start of each round's movement phase, before the first car."""
    if on(s) and s.rules.safety_car_moves is SafetyCarMoves.ROUND_START and not _came_out_this_round(s):
        drive(s, log)


def round_end(s: RaceState, log: EventLog) -> bool:
    """The end of a round: the Safety Car drives (A16 ``round_end``), leaves when the Chequered Flag is on its token
    (§19.4.2 step 5); still out for a round on or after the final-lap space, the race ends under it (§19.4.1; with
    ``safety_car_in_final_lap_ends_race`` off, only a Safety Car that came out before that space: one deployed in the
    final lap runs its period). Returns True when the race ends now."""
    if not on(s):
        return False
    if s.rules.safety_car_moves is SafetyCarMoves.ROUND_END and not _came_out_this_round(s):
        drive(s, log)
    if s.flag >= s.sc_until:
        s.sc_tile, s.sc_until, s.sc_from = -1, 0, 0
        log.append(ev.SafetyCarIn(s.flag))
        return False
    if s.flag + 1 >= s.final_lap_at and (s.rules.safety_car_in_final_lap_ends_race
                                         or _out_since(s) < s.final_lap_at):
        log.append(ev.EndsUnderSafetyCar(s.flag + 1))
        return True
    return False
