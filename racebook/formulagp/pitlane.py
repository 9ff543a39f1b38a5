"""The pit lane's state and geometry (digest §2.5, §16, §10.2 item 8, Appendix B): the pit-side lane and the
pit-exit space, teams and their Pit Boxes, a car's DAMAGE/FAILURE cards for repairs, the Cold Tyres token's LEDs and
its count-down, the cars in the pits as the driver order reads them with the pit-exit order, whether the car may
enter the pit lane now, entering it (:func:`into_pit_lane`, §16.1: the sideways Penalty token, the speed check;
also reached by a counter-steer or a spin at the pit entry, :mod:`racebook.formulagp.pitspin`), and how a turn that
starts in the box begins. The round (:mod:`racebook.formulagp.rounds`)
calls these hooks; the pit stop's actions are :mod:`racebook.formulagp.pits`. Standard library only.
"""

from __future__ import annotations

from typing import Any

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.penalties import give
from racebook.formulagp.rules import pitstop
from racebook.formulagp.rules.order import Place, Runner
from racebook.formulagp.rules.pitexit import PitStop, exit_order
from racebook.formulagp.rules.tyres import cold_tyres_led
from racebook.formulagp.state import Car, Die, Phase, RaceState
from racebook.formulagp.track import Track, pit_lane_of  # pit_lane_of: used, and re-exported for agents (§2.5)
from racebook.formulagp.trackparts import Pos

IN_BOX = ("box", "held", "service", "done")


# ------------------------------------------------------------------ where the pit lane is (§2.5)
def exit_pos(track: Track) -> Pos:
    """Where a car on the pit-exit 'Pit Lane' space stands for the order and the move: beside the front space of
    the exit tile's pit-side lane; its forward step is that lane's first space on the next tile (§16.5)."""
    lane = pit_lane_of(track, track.pit_exit)
    return Pos(track.pit_exit, lane, len(track.tiles[track.pit_exit].spaces(lane)) - 1)


def damage_of(c: Car) -> list[str]:
    """The car's DAMAGE and FAILURE cards (the repair interface: ``Car.damage`` and ``Car.failures`` when the
    loss-of-control mechanic provides them)."""
    return list(cards_of(c, "damage")) + list(cards_of(c, "failures"))


def cards_of(c: Car, name: str) -> list[str]:
    got: Any = getattr(c, name, None)
    return got if isinstance(got, list) else []


def cold_led(s: RaceState, car: str) -> int:
    """The Cold Tyres token's LEDs in a battle of ``car``, attacking or defending: −2 or 0 (§16.5, A35)."""
    return cold_tyres_led(s.cars[car].cold)


# ------------------------------------------------------------------ the driver order (§10.2 item 8)
def runners(s: RaceState, log: EventLog | None = None) -> list[Runner]:
    """Every car as the driver order reads it: cars in their box in the pit lane, cars on the pit-exit space in the
    exit order (§16.2, §16.4; logged when two or more wait). With ``log`` (the start of the movement phase) the cars
    that left their boxes together roll their pit-stop times first (:func:`roll_pit_times`)."""
    if log is not None:
        roll_pit_times(s, log)
    ranks = exit_ranks(s)
    if log is not None and len(ranks) > 1:
        log.append(ev.PitExitOrder(tuple(sorted(ranks, key=lambda k: ranks[k]))))
    out = []
    for c in s.cars.values():
        if c.pit == "exit":
            out.append(Runner(c.id, c.pos, c.lap, Place.PIT_EXIT, exit_rank=ranks[c.id]))
        elif c.pit:
            out.append(Runner(c.id, c.pos, c.lap, Place.PIT_LANE))
        else:
            out.append(Runner(c.id, c.pos, c.lap))
    return out


def roll_pit_times(s: RaceState, log: EventLog) -> None:
    """§16.2, §16.4: when two or more cars left their boxes in the same round, each that did not repair rolls the
    WHITE die, its pit-stop time: the first-stopped cars first, then the second-stopped teammates, each by its box
    (nearest the exit first). A car alone at the exit rolls nothing (a car that repaired rolled as it left)."""
    waiting = [c for c in s.cars.values() if c.pit == "exit"]
    for rnd in sorted({c.pit_round for c in waiting}):
        group = [c for c in waiting if c.pit_round == rnd]
        if len(group) < 2:
            continue
        for c in sorted((c for c in group if not c.pit_repaired and not c.pit_die),
                        key=lambda c: (c.pit_second, pitstop.box_of(s.cars, s.grid, c), c.id)):
            c.pit_die = s.white_face(s.roll(Die.WHITE)).value
            log.append(ev.PitStopTime(c.id, c.pit_die, ": a problem, it leaves last of the cars that did not "
                                                        "repair" if c.pit_die == pitstop.ICON else ""))


def exit_ranks(s: RaceState) -> dict[str, int]:
    """The order of the cars on the pit-exit space (§16.2): by the round they left their boxes, then
    :func:`racebook.formulagp.rules.pitexit.exit_order` (no repair by the pit-stop time, the icon last of those,
    second-stopped teammates behind, repaired cars last by their repair roll; ties to the box nearer the exit)."""
    waiting = [c for c in s.cars.values() if c.pit == "exit"]
    order: list[str] = []
    for rnd in sorted({c.pit_round for c in waiting}):
        group = [c for c in waiting if c.pit_round == rnd]
        order += exit_order([PitStop(c.id, c.pit_die or 6, pitstop.box_of(s.cars, s.grid, c), c.pit_repaired,
                                     c.pit_second) for c in group])
    return {car: i for i, car in enumerate(order)}


def new_round(s: RaceState, log: EventLog) -> None:
    """The end of a round (Appendix B item 5): a Cold Tyres token counts down, removed at the end of the round after
    the car left the pit lane (§16.5)."""
    for c in s.cars.values():
        if c.cold > 0:
            c.cold -= 1
            if c.cold == 0:
                log.append(ev.ColdTyresOff(c.id))


# ------------------------------------------------------------------ entering the pits (§16.1)
def entry_kind(s: RaceState, c: Car) -> str:
    """``forward`` (through the 'PIT LANE' space), ``sideways`` (across the yellow line: 1 Penalty token) or ""."""
    t = s.turn
    if c.pit or t is None or t.mp_left < 1 or c.pos.tile != s.track.pit_entry:
        return ""
    if c.spun or c.off:  # a spun or off-track car rejoins first: its 1st MP turns it / puts it back (§18.2)
        return ""
    lane = pit_lane_of(s.track, c.pos.tile)
    if c.pos.lane != lane:
        return ""
    front = len(s.track.tiles[c.pos.tile].spaces(lane)) - 1
    return "forward" if c.pos.space == front else "sideways"


# ------------------------------------------------------------------ the steps the pit lane allows (§16.1, §16.5)
def sideways_exit(s: RaceState, c: Car) -> bool:
    """§16.5: leaving the pit-exit space sideways, across the yellow line, into the space beside it (the front space of
    the exit tile's pit-side lane, where ``Car.pos`` stands): a lane change (1 MP, not with BLUE) before any other
    step, when that space is free; 1 Penalty token. The move lists it as the step to the car's own space
    (:func:`racebook.formulagp.moving.step_checks`), beside the forward step."""
    t = s.turn
    if t is None or t.mp_left < 1 or not t.lane_changes or t.seen:
        return False
    p = c.pos
    here = sum(1 for o in s.cars.values() if o is not c and not o.pit and (o.pos.tile, o.pos.lane, o.pos.space) ==
               (p.tile, p.lane, p.space))
    return here < max(1, s.track.space(p).shadows)


def on_shadow(s: RaceState, c: Car) -> bool:
    """``c`` is on the track's shadow-car space of the pit-entry tile (§2.5, §16.1; ``Track.pit_shadow``)."""
    sh = s.track.pit_shadow
    return sh is not None and not c.pit and (c.pos.tile, c.pos.lane, c.pos.space) == (sh.tile, sh.lane, sh.space)


def barred(s: RaceState, c: Car, here: Pos, to: Pos) -> bool:
    """§16.1: "a car that doesn't want to pit must stop ahead of the yellow line on the shadow car". From the
    shadow-car space the step forward is behind the yellow line (the pit lane: only ``pit`` goes there), and a car
    that moved onto it this turn stops there (no lane change either); a car whose turn starts on it may change lanes
    (a reading). ``here`` is the car's space (``c.pos``)."""
    sh = s.track.pit_shadow
    if sh is None or c.pit or (here.tile, here.lane, here.space) != (sh.tile, sh.lane, sh.space):
        return False
    return to.tile != here.tile or bool(s.turn is not None and s.turn.seen)


def shadow_stop(s: RaceState, c: Car, lost: int, log: EventLog) -> bool:
    """A stop on the shadow car (§16.1): the car does not pit; its ``lost`` MP left are lost (no car forced it: no
    OT, §13.2). False when ``c`` is elsewhere."""
    if not on_shadow(s, c):
        return False
    log.append(ev.ShadowStop(c.id, s.track.name_of(c.pos), lost))
    return True


# ------------------------------------------------------------------ a turn that starts in the box (§16.2)
def begin_pit_turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """A turn that starts in the pits (§16.2): the ``PIT`` phase (:mod:`racebook.formulagp.pits` lists and applies
    its actions). On the first turn in the box, Penalty tokens are served first (A45: ``wait`` 1 round, 2 with 3 or
    more); then the stop begins: ERS +1, stress back to the middle. False for a car on track or on the pit-exit
    space (it plays cards)."""
    if c.pit not in IN_BOX:
        return False
    if c.pit == "box":
        hold = pitstop.hold_rounds(c.penalties) if s.rules.pit_serves_penalties else 0
        if hold:
            c.pit, c.pit_hold = "held", hold
        else:
            before = c.ers
            c.ers = min(s.board.ers_max, c.ers + 1)
            c.stress = 1  # the middle space (§15)
            c.pit = "service"
            log.append(ev.PitService(c.id, before, c.ers))
    s.phase = Phase.PIT
    return True


# ------------------------------------------------------------------ entering the pit lane (§16.1)
def into_pit_lane(s: RaceState, c: Car, log: EventLog, *, steered: bool = False) -> None:
    """Into the pit lane (§16.1): sideways across the yellow line a Penalty token (not when a counter-steer took it
    across, ``steered``); BLUE or an extension: the WHITE die's speed check; leftover MP lost; to the box."""
    t = s.turn
    assert t is not None
    how = "" if steered else entry_kind(s, c)
    at = s.track.name_of(c.pos)
    lost = max(0, t.mp_left - 1)
    t.mp_left, t.stopped = 0, True
    text = " across the yellow line" if how == "sideways" else " (a counter-steer, no penalty)" if steered else ""
    log.append(ev.PitEntered(c.id, at, text, lost))
    if how == "sideways":
        give(s, c, 1, "it crossed the yellow line to enter the pit lane", "§16.1", log)
    why = pitstop.speed_check_due(t.blue, t.extended > 0)
    if why:
        face = s.white_face(s.roll(Die.WHITE)).value
        fast = pitstop.speeding(face)
        log.append(ev.PitSpeedCheck(c.id, why, face, ": speeding in the pit lane" if fast else ": within the limit"))
        if fast:
            give(s, c, 1, "speeding in the pit lane", "§16.1", log)
    into_box(s, c)


def into_box(s: RaceState, c: Car) -> None:
    """The car is in the pit lane, bound for its box: its stop begins on its next turn (§16.1, §16.2)."""
    team = pitstop.team_of(c)
    c.pit_second = any(o.id != c.id and pitstop.team_of(o) == team and o.pit == "box" and o.pit_round == s.round
                       for o in s.cars.values())  # its teammate entered the pit lane earlier this round (§16.4)
    c.pit, c.pit_round, c.pit_hold, c.pit_die = "box", s.round, 0, 0
    c.pit_repaired = c.pit_tyres = False
