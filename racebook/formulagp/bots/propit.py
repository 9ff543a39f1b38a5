"""A Pro BOT's pit stop (digest §22.11.1 last bullets, §22.12.1–§22.12.4; the BOT rulebook's [BOT 4.1], [BOT 5.1]–
[BOT 5.4]): rules, not an agent, run from the BOT turn engine (:mod:`racebook.formulagp.bots.rookie`, one-line
hooks) with the players' own pit rules called, not copied:

* **the way in** ([§22.11.1][]: "on the track tile immediately before the pit entry tile, the BOT will ignore its lane
  preference and change lanes to enter the pits"; [§22.12.1][]): a Pro BOT whose Pit token is at the pit-lane entry
  (:func:`pitting`: "pit required", before the cut-off) steers on that tile and the entry tile by the shortest way to
  the pit entry, then enters through the players' rule — the 'PIT LANE' space of its own past the shadow car
  (:func:`racebook.formulagp.pitentry.enter`, "it can enter the pits even if another car is ahead of the yellow
  line") or from the entry tile's pit-side lane (:func:`racebook.formulagp.pitlane.into_pit_lane`: across the yellow
  line a Penalty token, "if the Pro BOT needs to change lanes and crosses the yellow line … a Penalty token"). Its MP
  left are lost (it "stops at the pit entry and enters the pit lane");
* **the stop** ([§22.12.2][], next turn, in its box): Penalty tokens served first (1 round, 2 with 3 or more:
  :func:`racebook.formulagp.rules.pitstop.hold_rounds`, the players' A45 and its switch ``pit_serves_penalties``),
  the repairs ([§22.12.3][]: one problem with the tyres, the WHITE die's 1 makes it a round longer; two problems
  always a round longer), the next STRATEGY tyre and a new Pit token counted from the current round
  (:func:`racebook.formulagp.bots.pro.fit_tyres`, ``set_pit_token(at_start=False)``), a new TACTICS card, and on to
  the pit-exit space (:func:`racebook.formulagp.pits.leave_box`: the players' exit order, §16.2);
* **the way out** ([§22.12.4][]): next round 2nd gear (every car leaving the pit exit, §16.5) with the WHITE die for
  the pace (:func:`racebook.formulagp.rules.botpace.pace_rule`'s ``pit_exit``), no corner modifier that turn, no
  lane change across the yellow line on the pit-exit tile (``Turn.pit_exit``, as a pit-lane start), and the Cold
  Tyres token as a player's (−2 LED in its battles this round and next; :func:`left_exit`).

Readings (docs/formulagp.md, "Pro BOTs"): **N-P6** "at the end of the race Pro BOTs will pass the pits": no Pro BOT
turns in once the race's final round has begun (besides the round-22 cut-off; house rule
``pro_pass_pits_in_final_round``, false: the cut-off only); **N-P7** a pitting BOT that cannot
reach the entry this move (too few MP, a car in the way, a car holding the lane beside the 'PIT LANE' space) drives
on by its TACTICS card and its Pit token stays at the entry: it pits the next time it comes by. A failure from a
TACTICS card (house rule ``pro_tactics_failures``) is :mod:`racebook.formulagp.bots.profailure`. Not built: the
speeding die when a corner modifier takes it into the pit lane ([§22.12.1][]). The Late Pit Bonus's Fresh Tyres
token ([§22.12.5][]) is the players' (:func:`racebook.formulagp.latepit.on_stop` from
:func:`racebook.formulagp.pits.leave_box`). Standard library only.
"""

from __future__ import annotations

from dataclasses import replace

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import moving, pitentry, pits, rounds
from racebook.formulagp.actions import To
from racebook.formulagp.bots import pro, profailure, prostressing, proweather
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.pitlane import IN_BOX, cold_led, entry_kind, exit_pos, into_pit_lane
from racebook.formulagp.rules import pitstop, protyres
from racebook.formulagp.rules.botbattle import Score
from racebook.formulagp.rules.protyres import PitSide
from racebook.formulagp.rules.tyres import COLD_TYRES_ROUNDS
from racebook.formulagp.state import Car, Die, RaceState, Turn
from racebook.formulagp.track import pit_lane_of
from racebook.formulagp.trackparts import Pos

__all__ = ["box_turn", "cold_tyres", "drive_in", "exit_turn", "left_exit", "pitting"]

_Key = tuple[int, int, int]
_REACH = 12  # the steps the way in looks ahead (two tiles' spaces and lanes)


def pitting(s: RaceState, c: Car) -> bool:
    """§22.11.1, §22.12.1: a Pro BOT on track turns into the pits when its Pit token is at the pit-lane entry ("pit
    required"), not on round 22 or later (the cut-off) and not once the final round has begun (N-P6, house rule
    ``pro_pass_pits_in_final_round``)."""
    pb = s.pro.bots.get(c.id)
    return (pb is not None and c.bot == pro.PRO and not c.pit and pb.pit.side is PitSide.ENTRY
            and protyres.may_pit(s.flag) and not (s.final_round and s.rules.pro_pass_pits_in_final_round))


def _approach_tile(s: RaceState) -> int:
    """The track tile immediately before the pit-entry tile (§22.11.1)."""
    if s.track.pit_lane_from is not None:
        return s.track.pit_lane_from.tile
    return next(i for i in range(len(s.track.tiles)) if s.track.next_tile(i) == s.track.pit_entry)


def _targets(s: RaceState) -> dict[_Key, int]:
    """Where a pitting BOT enters, by the Penalty tokens it costs: the space before the 'PIT LANE' space of its own
    and the entry tile's pit-side front space (0: no yellow line crossed), the other pit-side spaces of the entry tile
    (1: across the yellow line, §16.1)."""
    track = s.track
    lane = pit_lane_of(track, track.pit_entry)
    spaces = len(track.tiles[track.pit_entry].spaces(lane))
    out = {(track.pit_entry, lane, i): (0 if i == spaces - 1 else 1) for i in range(spaces)}
    p = track.pit_lane_from
    if p is not None:
        out[(p.tile, p.lane, p.space)] = 0
    return out


def _way(s: RaceState, start: Pos, targets: dict[_Key, int]) -> tuple[int, int] | None:
    """(penalty, steps) of the best way from ``start`` to an entry space by forward and lateral steps over the
    approach and entry tiles (the geometry only: the cars on the way are the move's business); None: no way."""
    track = s.track
    tiles = {_approach_tile(s), track.pit_entry}
    best: tuple[int, int] | None = None
    seen = {(start.tile, start.lane, start.space)}
    frontier = [start]
    for steps in range(_REACH + 1):
        nxt: list[Pos] = []
        for p in frontier:
            k = (p.tile, p.lane, p.space)
            if k in targets and (best is None or (targets[k], steps) < best):
                best = (targets[k], steps)
            around = [track.lateral(p, p.lane - 1), track.lateral(p, p.lane + 1)]
            for q in [*track.forward(p), *(x for x in around if x is not None)]:
                kq = (q.tile, q.lane, q.space)
                if q.tile in tiles and kq not in seen:
                    seen.add(kq)
                    nxt.append(q)
        frontier = nxt
    return best


def drive_in(s: RaceState, c: Car, free: list[Pos], log: EventLog) -> bool:
    """One step of a pitting Pro BOT's move near the pits, before its lane choice (§22.11.1, §22.12.1): into the pit
    lane when it can (the players' entry), else the free step that brings it nearest the entry. False: not pitting,
    not near the pits, or no step gets it nearer (it moves by its TACTICS card, N-P7)."""
    if not pitting(s, c) or c.pos.tile not in (_approach_tile(s), s.track.pit_entry):
        return False
    t = s.turn
    assert t is not None
    if pitentry.can_enter(s, c):  # §16.1: through the 'PIT LANE' space of its own, past the shadow car
        log.append(pev.ProPitsIn(c.id, f"it enters the pit lane from {s.track.name_of(c.pos)} (its Pit token is at "
                                       "the pit-lane entry, §22.11.1)"))
        pitentry.enter(s, c, log)
        return True
    if entry_kind(s, c):  # on the entry tile's pit-side lane: forward, or across the yellow line (a Penalty token)
        log.append(pev.ProPitsIn(c.id, f"it enters the pit lane from {s.track.name_of(c.pos)} (its Pit token is at "
                                       "the pit-lane entry, §22.11.1)"))
        into_pit_lane(s, c, log)
        return True
    targets = _targets(s)
    here = _way(s, c.pos, targets)
    ways = [(w, i) for i, p in enumerate(free) if (w := _way(s, p, targets)) is not None]
    if not ways:
        return False
    way, i = min(ways)
    if here is not None and way >= here:
        return False
    step = free[i]
    if step.lane != c.pos.lane and step.tile == c.pos.tile:
        log.append(pev.ProPitsIn(c.id, f"it ignores its lane preference and changes to lane {step.lane} for the pit "
                                       "entry (§22.11.1)"))
    moving.apply_move(s, To(c.id, s.track.name_of(step)), log)
    return True


# ------------------------------------------------------------------ the stop (§22.12.2, §22.12.3)
def box_turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """A Pro BOT's turn in its pit box (§22.12.2 [BOT 5.2]); the turn ends here. False: not in the box."""
    if c.bot != pro.PRO or c.pit not in IN_BOX:
        return False
    if c.pit == "box" and s.rules.pit_serves_penalties and pitstop.hold_rounds(c.penalties):
        c.pit, c.pit_hold = "held", pitstop.hold_rounds(c.penalties)  # §22.12.2 item 1: penalties first
    if c.pit == "held":
        c.pit_hold -= 1
        log.append(ev.HeldInBox(c.id, f"serving {c.penalties} Penalty token(s)", c.pit_hold, "§22.12.2 [BOT 5.2]"))
        if c.pit_hold == 0:
            log.append(ev.PenaltiesServed(c.id, c.penalties))
            c.penalties, c.pit = 0, "box"  # the stop itself on its next turn (as a player's, A45)
    elif c.pit == "done":  # the second round of a long repair: the tyres now (§22.12.3)
        _service(s, c, log, 0)
    else:
        pb = s.pro.bots[c.id]
        problems = int(pb.dmg_ot) + int(pb.dmg_tyre) + int(profailure.holds(s, c.id))  # a FAILURE card (§22.12.4)
        face = 0
        if problems:  # §22.12.3: repaired during the stop
            pb.dmg_ot = pb.dmg_tyre = False
            c.pit_repaired = True
            if problems == 1:
                face = s.white_face(s.roll(Die.WHITE)).value
            long = problems > 1 or face == pitstop.ICON
            log.append(pev.ProPitRepair(
                c.id, problems, f", the WHITE die shows {face}" if face else "",
                ("it takes longer: this round goes on the repair, the next on the tyres" if long
                 else "repaired while the tyres are changed")))
            if long:
                c.pit, face = "done", 0
                rounds.end_turn(s, log)
                return True
        _service(s, c, log, face)
    rounds.end_turn(s, log)
    return True


def _service(s: RaceState, c: Car, log: EventLog, die: int) -> None:
    """§22.12.2 items 3–5: the next STRATEGY tyre and its new Pit token (from the current round), a new TACTICS card,
    to the pit-exit space (the players' exit order: ``die`` a repair roll, §16.2, §16.3)."""
    pb = s.pro.bots[c.id]
    log.append(pev.ProPitStop(c.id, pb.stops + 1, "new tyres, a new Pit token, a new TACTICS card, then to the end "
                                                  "of the pit lane"))
    pro.fit_tyres(s, c.id, log, "§22.12.2 item 3: the pit stop", proweather.stop_tyre(s, c.id))
    if profailure.holds(s, c.id):
        log.append(hzev.ProFailure(c.id, pb.tactics, "is repaired: the card goes back to the TACTICS deck",
                                   "§22.12.3 [BOT 5.3]"))
    pro.new_tactics(s, c.id, log, "§22.12.2 item 4: the pit stop", repair=True)
    prostressing.reset(s, c.id, "its pit stop", log)  # §22.14 BOT 7.4 (optional): level 1
    pits.leave_box(s, c, log, die=die)


# ------------------------------------------------------------------ the way out (§22.12.4)
def exit_turn(s: RaceState, c: Car, t: Turn) -> None:
    """A Pro BOT's turn from the pit-exit space (§22.12.4): no corner modifier this turn, no lane change across the
    yellow line on the pit-exit tile (``Turn.pit_exit``, as a pit-lane start, §9.3), no sideways exit."""
    if c.pit == "exit" and c.bot == pro.PRO:
        t.pit_exit, t.lane_changes = True, False


def left_exit(s: RaceState, c: Car, log: EventLog) -> None:
    """After each step of a BOT's move: the first step off the pit-exit space leaves the pit lane (§16.5,
    §22.12.4): the Cold Tyres token, lane changes again (not on the pit-exit tile)."""
    t = s.turn
    if c.pit == "exit" and t is not None and (c.pos.tile, c.pos.lane, c.pos.space) != _exit_key(s):
        c.pit, c.cold, t.lane_changes = "", COLD_TYRES_ROUNDS, True
        log.append(ev.PitRejoined(c.id, s.track.name_of(c.pos)))


def cold_tyres(s: RaceState, car: str, score: Score, log: EventLog) -> Score:
    """§22.12.4 ([BOT 5.4]): "this penalty is only in effect during any battles in this and the next game round" — a
    Pro BOT's Cold Tyres token takes 2 LEDs off its BATTLE card's score, as a player's (A35,
    :func:`racebook.formulagp.pitlane.cold_led`); an aborted score stays 0."""
    cold = cold_led(s, car)
    if not cold or score.aborted:
        return score
    log.append(pev.ProColdTyres(car, score.leds, score.leds + cold))
    return replace(score, leds=score.leds + cold)


def _exit_key(s: RaceState) -> _Key:
    p = exit_pos(s.track)
    return (p.tile, p.lane, p.space)
