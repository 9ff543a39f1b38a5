"""Lapping and Blue Flags (digest §19.7, Example 25, Example 26).

A car's distance is its laps times the movement tiles of a lap plus its tile's rank from the line (the classification's
measure, §17.2). Lapping is complete when the race leader ends its move a tile ahead of the slower car one lap down:
the leader's distance exceeds the slower car's by more than a lap (§19.7.1); on the same tile it is not complete. The
lapped car gets a single Blue Flag (a double when lapped again, §19.7.2) and, if it has not moved yet this round, loses
its turn. It gets a lap back (§19.7.4) when it ends its move at least one tile ahead of the leader: the leader's lead
is then less than a lap (single → none, double → single). Nothing changes while the slower car is in a Yellow Flag
zone (no lapping or unlapping there, §19.3.1, §19.7.1); under the Safety Car unlapping is allowed (§19.4.2).

The status (:func:`status`: 0 lead lap, 1 single, 2 double) sets the driver sequence (a Blue Flag car moves after the
cars of its tile without one, §10.2 item 6), DRS (same status only, Example 26, A39), the classification (lapped cars
behind all others, §17.2) and the passing rules: cars without a double Blue Flag move around a double-blue car freely,
double-blue cars pass each other normally (§19.7.2).

Unsuccessful lapping (§19.7.3): a car a lap ahead forced to stop behind the car it would lap marks it (a Blue Flag
behind it); a second failed attempt flips the marker to double: in the next round every car moves around that car
freely, and the marker goes at the end of that round. The marker goes when the car is lapped (at once here; the source
says at the end of that round). A car that gets its last Blue Flag back "immediately returns to the normal players'
sequence" (§19.7.4, :func:`rejoin_sequence`): it takes its place among the cars still to move and may move a second
time in the round. Standard library only.
"""

from __future__ import annotations

from dataclasses import replace

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import pitlane
from racebook.formulagp.flags import in_zone
from racebook.formulagp.losscontrol import passable
from racebook.formulagp.rules.order import Runner, driver_order, leader
from racebook.formulagp.state import Car, Phase, RaceState

__all__ = ["status", "distance", "lap_tiles", "update", "blocked", "round_end", "FLAGS", "rejoin_sequence"]

FLAGS = ("no", "single", "double")
TURN_PHASES = (Phase.PLAY, Phase.MOVE, Phase.BATTLE, Phase.DISCARD, Phase.CONTROL, Phase.PIT)


def status(s: RaceState, car: str) -> int:
    """The lapping status of ``car`` (Appendix B): 0 on the lead lap, 1 single Blue Flag, 2 double. DRS (§11.6,
    A39) compares it between the two cars."""
    return s.cars[car].blue


def lap_tiles(s: RaceState) -> int:
    return s.track.movement_tiles


def distance(s: RaceState, c: Car) -> int:
    """Movement tiles from the start: laps × the lap's tiles + the tile's rank after the line (§17.2)."""
    return c.lap * lap_tiles(s) + s.track.rank(c.pos.tile)


def _leader(s: RaceState) -> Car:
    return s.cars[leader(s.track, [Runner(c.id, c.pos, c.lap) for c in s.cars.values()]).car]


def update(s: RaceState, log: EventLog) -> None:
    """After a move: Blue Flags given (§19.7.1, §19.7.2) and taken back (§19.7.4) against the race leader."""
    n = lap_tiles(s)
    if not any(c.blue for c in s.cars.values()):  # no Blue Flag to take back, and none to give when no car is
        far = [distance(s, c) for c in s.cars.values()]  # more than a lap behind another (the leader is one of
        if max(far) - min(far) <= n:  # them): the loop's answer, found without working out who leads
            return
    lead = _leader(s)
    top = distance(s, lead)
    for c in s.cars.values():
        if c is lead or in_zone(s, c.pos.tile):
            continue
        gap = top - distance(s, c)
        if c.blue < 2 and gap > (c.blue + 1) * n:
            c.blue += 1
            c.attempts, c.free_round = 0, 0
            lost = ""
            if s.turn is not None and c.id in s.order[s.turn_index + 1:]:
                s.order = tuple(x for i, x in enumerate(s.order) if i <= s.turn_index or x != c.id)
                lost = ": it loses its turn this round"
            log.append(ev.Lapped(c.id, lead.id, FLAGS[c.blue], gap // n, lost,
                                 "§19.7.1" if c.blue == 1 else "§19.7.2"))
        elif c.blue > 0 and gap < c.blue * n:
            c.blue -= 1
            log.append(ev.Unlapped(c.id, lead.id, FLAGS[c.blue] + " Blue Flag" if c.blue else "on the lead lap"))
            if not c.blue:
                rejoin_sequence(s, c, log)


def rejoin_sequence(s: RaceState, c: Car, log: EventLog) -> None:
    """§19.7.4: the Blue Flag removed, the car "immediately returns to the normal players' sequence", which "allows a
    driver to move two times in a game round". Among the cars still to move this round it takes the place the
    driver order gives it now (§10.2, its Blue Flag gone); a car that has moved already moves again when that place
    comes — at most twice a round. Outside the turns of a round (no turn in progress) nothing changes: the next
    round's sequence is set from the track."""
    if s.turn is None or s.phase not in TURN_PHASES:
        return
    done, rest = s.order[:s.turn_index + 1], [x for x in s.order[s.turn_index + 1:] if x != c.id]
    if c.id not in s.order[s.turn_index + 1:] and done.count(c.id) >= 2:
        return  # it moved twice already this round
    wanted = {*rest, c.id}
    runners = [replace(r, blue_flags=s.cars[r.car].blue, spun=passable(s.cars[r.car]))
               for r in pitlane.runners(s) if r.car in wanted]
    ahead = set()
    for slot in driver_order(s.track, runners):
        if slot.car == c.id:
            break
        ahead.add(slot.car)
    at = max((i + 1 for i, x in enumerate(rest) if x in ahead), default=0)
    rest.insert(at, c.id)
    again = c.id in done
    s.order = done + tuple(rest)
    log.append(ev.SequenceRejoined(c.id, tuple(rest), ": it moves a second time this round" if again else ""))


def blocked(s: RaceState, c: Car, ahead: list[Car], log: EventLog) -> None:
    """``c`` is forced to stop behind the cars ``ahead``: each of them it would lap gets a failed-attempt marker
    (§19.7.3); the second one is double, and the next round every car moves around that car freely."""
    n = lap_tiles(s)
    for o in ahead:
        if o.attempts >= 2 or distance(s, c) - distance(s, o) < (o.blue + 1) * n - 1:
            continue
        o.attempts += 1
        free = ""
        if o.attempts == 2:
            o.free_round = s.round + 1
            free = f": in round {o.free_round} every car may move around it"
        log.append(ev.LappingFailed(c.id, o.id, FLAGS[o.attempts], free))


def round_end(s: RaceState, log: EventLog) -> None:
    """A double failed-attempt marker leaves at the end of the round in which cars moved around it freely."""
    for c in s.cars.values():
        if c.attempts == 2 and c.free_round and c.free_round <= s.round:
            c.attempts, c.free_round = 0, 0
            log.append(ev.LappingMarkerRemoved(c.id))


def free_to_pass(s: RaceState, mover: Car, other: Car) -> bool:
    """``mover`` moves around ``other`` freely, no OT and no battle (§19.7.2, §19.7.3)."""
    return (other.blue == 2 and mover.blue < 2) or other.free_round == s.round
