"""Yellow Flags (digest §19.3): the incident entry point, the Race Control Panel's yellow track, the zones on track,
and what a zone forbids.

:func:`incident` is what a loss of control calls ("this car spun / went off track here", §18.1): in race round 1 the
Yellow Flag waits until every driver has ended the round (§19.3.1); in the final round a spun car may simply be
passed and no Yellow Flag is placed (§17.1); under the Safety Car every track event is off (§19.4.2); inside an active
zone no second Yellow Flag is issued, the radar's Green Flag moves one space on instead (§19.3.1, Example 23).
Otherwise the procedure: the Race Control Yellow Flag token advances one space (reaching the Safety Car space deploys
the Safety Car, §19.3.2), a Yellow Flag on the incident tile, the Green Flag the WHITE die's number of tiles ahead (the
icon face counts 1, A3), a Green Flag on the radar two spaces ahead of the Chequered Flag (the zone lasts two rounds,
the round it is placed included). A second, separate zone while the first is active deploys the Safety Car (§19.4).

Inside a zone (:func:`in_zone`: the Yellow Flag's tile up to the tile before the Green Flag's): no pairs on a move
that starts there; a RED or BLUE move through or from it stops on the Green Flag tile and its leftover MP are lost;
no overtaking of any kind, battles and free passes alike (A33), except of a car that has just spun there (until its
next move); no lapping and no unlapping; tricky corners and hazards are off (§19.3.1, §19.2).

After a Safety Car the Race Control token goes back to its first space (a reading, docs/formulagp.md "race events":
the source is silent; left where it was, every later Yellow Flag would deploy the Safety Car again). Standard library
only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import safetycar
from racebook.formulagp.components import FaceColour, WhiteFace
from racebook.formulagp.panel import panel
from racebook.formulagp.state import Die, RaceState, Zone

__all__ = ["incident", "advance", "risk_yellow_flag", "incident_on_track", "in_zone", "zone_of", "zone_tiles",
           "threshold", "round_end", "round_started", "green_result"]


def green_result(s: RaceState, face: WhiteFace) -> int:
    """The WHITE die's number where the source says "a green result equals 1" (§19.3.1, §19.3.2, A3): the icon face
    counts 1, any other face its number; ``green_result_any_green_face``: every green face counts 1."""
    if face.icon or (s.rules.green_result_any_green_face and face.colour is FaceColour.GREEN):
        return 1
    return face.value


def threshold(s: RaceState) -> int:
    """The Yellow Flag track's Safety Car space on the panel side in use (§19.3.2; invented-for-teaching values)."""
    side = FaceColour(s.panel_side) if s.panel_side else FaceColour.GREEN
    return panel().sides[side].safety_car


def zone_tiles(s: RaceState, z: Zone) -> tuple[int, ...]:
    """The tiles of zone ``z``: its Yellow Flag's tile up to the tile before the Green Flag's (§19.3.1)."""
    return s.track.run(z.yellow, z.green)


def zone_of(s: RaceState, tile: int) -> Zone | None:
    for z in s.zones:
        if tile in zone_tiles(s, z):
            return z
    return None


def in_zone(s: RaceState, tile: int) -> bool:
    """Tile ``tile`` lies in an active Yellow Flag zone (DRS, tricky corners and hazards are off there, §19.3.1)."""
    return bool(s.zones) and zone_of(s, tile) is not None


def advance(s: RaceState, spaces: int, cause: str, log: EventLog) -> bool:
    """Move the Race Control Yellow Flag token ``spaces`` on (§19.3.2); at the Safety Car space the Safety Car is
    deployed (and the token goes back to its first space). Returns True when the Safety Car was deployed."""
    top = threshold(s)
    s.yellow_track = min(top, s.yellow_track + spaces)
    log.append(ev.RaceControl(spaces, cause, s.yellow_track, top))
    if s.yellow_track >= top:
        _deploy_safety_car(s, log, "the Race Control Yellow Flag token reached the Safety Car space")
        return True
    return False


def incident(s: RaceState, car_id: str, log: EventLog) -> None:
    """Car ``car_id`` spun or went off track where it stands (§19.3.1, §19.3.2): place the Yellow Flag, advance the
    Race Control yellow track, maybe deploy the Safety Car. The loss-of-control rules call this."""
    if car_id not in s.passable:
        s.passable += (car_id,)  # stopped: it may be passed until its next move, in a zone too (§19.3.1, §18.2)
    if _flags_on(s, car_id, log):
        _incident(s, car_id, s.cars[car_id].pos.tile, log, race_control=1)


def risk_yellow_flag(s: RaceState, car_id: str, log: EventLog) -> None:
    """The 'Yellow Flag' RISK card (§19.3, §19.3.2, A14): the on-track Yellow Flag procedure at the car's tile, +1 on
    Race Control in all (``race_control_double_count``: +1 for the card, then the procedure's +1)."""
    if not _flags_on(s, car_id, log):
        return
    if s.rules.race_control_double_count and advance(s, 1, "the 'Yellow Flag' RISK card", log):
        return
    _incident(s, car_id, s.cars[car_id].pos.tile, log, race_control=1, cause="the 'Yellow Flag' RISK card")


def incident_on_track(s: RaceState, car_id: str, log: EventLog) -> None:
    """The 'Incident on Track' EVENT card (§19.3.2, A14): a Yellow Flag on track at the car's tile, Race Control
    advanced by the WHITE die (the icon face counts 1) instead of +1 (``race_control_double_count``: both)."""
    if not _flags_on(s, car_id, log):
        return
    face = s.white_face(s.roll(Die.WHITE))
    n = green_result(s, face)
    _incident(s, car_id, s.cars[car_id].pos.tile, log,
              race_control=n + (1 if s.rules.race_control_double_count else 0),
              cause=f"the 'Incident on Track' EVENT card: the WHITE die shows {face.value}")


def _flags_on(s: RaceState, car_id: str, log: EventLog) -> bool:
    c = s.cars[car_id]
    where = s.track.tiles[c.pos.tile].id
    if s.final_round:
        log.append(ev.NoYellowFlag(car_id, where, "a car that spins or goes off in the final round may be passed",
                                   "§17.1"))
        return False
    if s.sc_tile >= 0 or s.restart:
        log.append(ev.NoYellowFlag(car_id, where, "every track event is off under the Safety Car", "§19.4.2"))
        return False
    return True


def _incident(s: RaceState, car_id: str, tile: int, log: EventLog, race_control: int,
              cause: str = "a Yellow Flag on track", pending_ok: bool = True) -> None:
    """The procedure (§19.3.1) for an incident of ``car_id`` on ``tile`` (the caller checked that flags are on)."""
    where = s.track.tiles[tile].id
    z = zone_of(s, tile)
    if z is not None:
        grown = Zone(z.yellow, z.green, z.until + 1)
        s.zones = tuple(grown if x == z else x for x in s.zones)
        log.append(ev.YellowExtended(car_id, where, grown.until))
        return
    if s.round == 1 and pending_ok:
        s.yellow_pending += ((car_id, tile),)
        log.append(ev.YellowPending(car_id, where))
        return
    if advance(s, race_control, cause, log):
        return  # the Safety Car is out: the track is cleared
    face = s.white_face(s.roll(Die.WHITE))
    n = green_result(s, face)
    green = tile
    for _ in range(n):
        green = s.track.next_tile(green)
    zone = Zone(tile, green, s.flag + panel().periods["yellow_zone"])
    s.zones += (zone,)
    log.append(ev.YellowFlag(car_id, where, face.value, s.track.tiles[green].id, zone.until))
    if len(s.zones) >= 2:
        _deploy_safety_car(s, log, "two separate Yellow Flag zones on track")


def _deploy_safety_car(s: RaceState, log: EventLog, cause: str) -> None:
    """The flags' two ways to the Safety Car (§19.3.2 the Race Control token, §19.4 two zones), through the Safety
    Car's own rule (:func:`racebook.formulagp.safetycar.deploy`)."""
    safetycar.deploy(s, log, cause)


def round_end(s: RaceState, log: EventLog) -> None:
    """Race round 1's Yellow Flags, placed once every driver has ended the round (§19.3.1)."""
    pending, s.yellow_pending = s.yellow_pending, ()
    for car, tile in pending:
        if s.sc_tile >= 0:
            return
        _incident(s, car, tile, log, race_control=1, pending_ok=False)


def round_started(s: RaceState, log: EventLog) -> None:
    """The Chequered Flag reaches a radar Green Flag: that zone's flags leave the track (§19.3.1)."""
    for z in s.zones:
        if s.flag >= z.until:
            log.append(ev.FlagsCleared(s.flag, s.track.tiles[z.yellow].id))
    s.zones = tuple(z for z in s.zones if s.flag < z.until)
