"""The move (digest §10.3 step 2, §11, §13.1, §13.2): space by space, forward or to the lane beside (1 MP each, the
lane-change wear of the cards played), free passes with an empty lane between, the forced stop whose leftover MP
become OT with the cap, the Slipstream shadow (+2 OT), extend XOR reduce (§11.2: charge ERS, Brake!, ERS on a
straight, a Tyre Wear card on a curve); the MOVE phase's legal actions, application and refusals."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.errors import IllegalAction
from racebook.core.frozen import fast_init
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import pitlane, raceevents, w2wpush
from racebook.formulagp.actions import Brake, Charge, End, Extend, FgpAction, Stop, To
from racebook.formulagp.aftermove import end_of_move
from racebook.formulagp.bots.stop import stop_in_slipstream
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.laps import cross_line
from racebook.formulagp.occupancy import occupants, room
from racebook.formulagp.overtakemode import after_move as drs_after_move
from racebook.formulagp.playerboard import Pace, TyreState
from racebook.formulagp.pushes import is_push, push_step
from racebook.formulagp.rejoin import apply_rejoin, explain_rejoin, legal_rejoin
from racebook.formulagp.rounds import START_ROUNDS, end_turn
from racebook.formulagp.rules import movement as mv
from racebook.formulagp.rules.passing import Entry, entering
from racebook.formulagp.rules.resources import charge_ot, slipstream_ot
from racebook.formulagp.state import Car, RaceState, Turn
from racebook.formulagp.trackparts import Pos
from racebook.formulagp.tyrewear import wear_by


@dataclass(frozen=True, slots=True)
class StepCheck:
    to: Pos
    entry: Entry


fast_init(StepCheck)  # one per step listed: the slot-storing constructor (racebook.core.frozen)


def _forward_blocked(s: RaceState, c: Car, checks: list[StepCheck] | None = None) -> bool:
    """A forward step onto the next tile is a forced stop (§13.2): the car must stop here. ``checks``: the car's
    :func:`step_checks` with the stops, if already listed."""
    if checks is None:
        checks = step_checks(s, c, include_stops=True)
    return any(chk.entry is Entry.STOP for chk in checks if chk.to.tile != c.pos.tile)


def _entry(s: RaceState, c: Car, here: Pos, nxt: Pos) -> Entry:
    """How the car enters ``nxt``, a forward step from ``here`` (§13.2): freely within its tile; onto the next tile
    as the cars there allow (free, into a shadow, or a forced stop), then the yellow zones, the Safety Car and the
    Blue Flags (§19, racebook.formulagp.raceevents)."""
    if nxt.tile == here.tile:
        return Entry.FREE
    entry = entering(s.track, here, nxt.lane, occupants(s, c.id, nxt.tile)) if s.round > START_ROUNDS else Entry.FREE
    return raceevents.entry(s, c, here, nxt, entry)


def step_checks(s: RaceState, c: Car, include_stops: bool = False) -> list[StepCheck]:
    """The steps the car may take now, each with how it enters the space (with ``include_stops``, the forward steps
    that are a forced stop too)."""
    t, track = s.turn, s.track
    assert t is not None
    out = []
    here = c.pos
    for nxt in track.forward(here):
        if pitlane.barred(s, c, here, nxt):  # §16.1: behind the yellow line from the pit entry's shadow car
            continue
        entry = _entry(s, c, here, nxt)
        if entry is Entry.STOP:
            if include_stops:
                out.append(StepCheck(nxt, entry))
            continue
        if (nxt.tile, nxt.lane, nxt.space) in t.seen or (
                room(s, c.id, nxt) is None and not w2wpush.forward(s, c, nxt)):  # §13.5: a W2W forward push
            continue
        out.append(StepCheck(nxt, entry))
    if c.pit == "exit":  # §16.5: forward, or sideways across the yellow line to its own space (pitlane.py)
        return out + [StepCheck(here, Entry.FREE)] if pitlane.sideways_exit(s, c) else out
    if t.lane_changes and not (t.pit_exit and here.tile == track.pit_exit):  # the yellow line (§9.3, §16.5)
        for lane in (here.lane - 1, here.lane + 1):
            side = track.lateral(here, lane)
            if side is None or pitlane.barred(s, c, here, side):  # §16.1: the shadow car
                continue
            if (side.tile, side.lane, side.space) in t.seen or (
                    room(s, c.id, side) is None and not is_push(s, c, side)):
                continue  # a full space beside: a push (§11.3.1, racebook.formulagp.pushes)
            out.append(StepCheck(side, Entry.FREE))
    return out


def adjust_ctx(s: RaceState, c: Car) -> mv.AdjustContext:
    t = s.turn
    assert t is not None
    return mv.AdjustContext(c.ers, s.board.ers_max, t.mp_left, s.track.tiles[c.pos.tile].straight,
                            s.tyre_state(c) is TyreState.WORN,
                            sum(card_type(x) is CardType.TYRE_WEAR for x in c.hand), t.blue)


def _adjust_ok(s: RaceState, c: Car, step: mv.Adjust, ctx: mv.AdjustContext | None = None) -> bool:
    t = s.turn
    assert t is not None
    return mv.refusal(ctx or adjust_ctx(s, c), mv.AdjustState(t.reduced, t.extended), step) is None


def _wear_cards(c: Car) -> list[str]:
    """The Tyre Wear cards in hand, each code once (a Brake! or a tyre extension plays one, §11.2)."""
    return sorted({x for x in c.hand if card_type(x) is CardType.TYRE_WEAR})


def legal_move(s: RaceState) -> list[FgpAction]:
    c, t = s.current(), s.turn
    assert c is not None and t is not None
    if (rejoining := legal_rejoin(s, c, t)) is not None:  # §18.2: turn, rejoin first
        return rejoining
    out: list[FgpAction] = []
    if t.mp_left > 0:
        checks = step_checks(s, c, include_stops=True)
        steps = [chk for chk in checks if chk.entry is not Entry.STOP]
        name_of = s.track.name_of
        out += [To(c.id, name_of(chk.to)) for chk in steps]
        if t.extended == 0:
            ctx = adjust_ctx(s, c)
            if _adjust_ok(s, c, mv.Adjust.CHARGE_ERS, ctx):
                out.append(Charge(c.id))
            if _adjust_ok(s, c, mv.Adjust.BRAKE, ctx):
                out += [Brake(c.id, x) for x in _wear_cards(c)]
        if not steps or _forward_blocked(s, c, checks):
            out.append(Stop(c.id))
        return out
    if not t.stopped:
        ctx = adjust_ctx(s, c)
        if _adjust_ok(s, c, mv.Adjust.EXTEND_ERS, ctx):
            out.append(Extend(c.id, "ers"))
        if _adjust_ok(s, c, mv.Adjust.EXTEND_TYRE, ctx):
            out += [Extend(c.id, x) for x in _wear_cards(c)]
    out.append(End(c.id))
    return out


def apply_move(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c, t = s.cars[a.car], s.turn
    assert t is not None
    if apply_rejoin(s, a, log):  # §18.2
        return
    if isinstance(a, To):
        _step(s, c, t, s.track.pos(a.to), log)
    elif isinstance(a, (Charge, Brake, Extend)):
        step = {Charge: mv.Adjust.CHARGE_ERS, Brake: mv.Adjust.BRAKE}.get(type(a)) or (
            mv.Adjust.EXTEND_ERS if isinstance(a, Extend) and a.by == "ers" else mv.Adjust.EXTEND_TYRE)
        done = mv.adjust(adjust_ctx(s, c), mv.AdjustState(t.reduced, t.extended), step)
        t.reduced, t.extended = done.state.reduced, done.state.extended
        t.mp_left += done.mp
        c.ers += done.ers
        wear_by(s, c, done.wear, log)  # §14.1: the icons reached
        card = a.card if isinstance(a, Brake) else a.by if isinstance(a, Extend) and a.by != "ers" else ""
        if card:
            c.hand.remove(card)
            c.deck.discard(card)
        rule = "§11.2.1" if step.reduces else "§11.2.2"
        log.append(ev.Adjusted(c.id, step.value, card, t.mp_left, c.ers, c.wear, rule))
    elif isinstance(a, Stop):
        at = s.track.name_of(c.pos)
        if raceevents.stop(s, c, t, _forward_blocked(s, c), log):  # under the Safety Car: MP lost (§19.4.2)
            pass
        elif _forward_blocked(s, c):
            got = charge_ot(c.ot, t.mp_left, s.board.ot_max)
            log.append(ev.ForcedStop(c.id, at, t.mp_left, got.ot, got.lost))
            c.ot = got.ot
        elif not pitlane.shadow_stop(s, c, t.mp_left, log):  # §16.1: not pitting, on the shadow car
            log.append(ev.NoWay(c.id, at, t.mp_left))
        t.mp_left, t.stopped = 0, True
    else:
        drs_after_move(s, c, t, log)  # §11.6 DRS (drszone), or §21 15.13's control point (overtakemode)
        end_of_move(s, c, t, log)
        end_turn(s, log)


def _step(s: RaceState, c: Car, t: Turn, to: Pos, log: EventLog) -> None:
    if push_step(s, c, t, to, log) or w2wpush.push_ahead(s, c, t, to, log):  # §11.3.1, §13.5: a collision,
        return  # the car stays
    play = mv.PacePlay(Pace(t.pace), t.pair, (), t.lane_changes, t.wear_per_lane_change, 0, False, False)
    w = mv.walk(s.track, c.pos, [to], play)
    entry = _entry(s, c, c.pos, to)  # a lane change enters freely (§13.2): as :func:`step_checks` listed it
    frm = c.pos
    shadow = room(s, c.id, to) or 0
    t.seen += ((frm.tile, frm.lane, frm.space),)
    c.pos = Pos(to.tile, to.lane, to.space, shadow)
    wear_by(s, c, w.wear, log)  # §14.1: the icons reached
    t.mp_left -= 1
    log.append(ev.Moved(c.id, s.track.name_of(frm), s.track.name_of(to), w.steps[0].value, t.mp_left, w.wear))
    if to.tile < frm.tile:  # over the finish line (the loop's first tile)
        cross_line(s, c, log)
    if entry is Entry.SHADOW and c.bot:  # a BOT takes no OT from MP (§22.10.2, [BOT 3.2.1])
        return stop_in_slipstream(s, c, t, log)
    if entry is Entry.SHADOW:  # §13.2: one space onto the tile, into the free shadow; then stop
        got = charge_ot(c.ot, t.mp_left, s.board.ot_max)
        slip = slipstream_ot(got.ot, s.board.ot_max, s.round <= START_ROUNDS)
        log.append(ev.ForcedStop(c.id, s.track.name_of(to), t.mp_left, slip.ot, got.lost + slip.lost,
                                 ", +2 OT Slipstream (§11.5)" if s.round > START_ROUNDS else ""))
        c.ot = slip.ot
        t.mp_left, t.stopped = 0, True
    raceevents.after_step(s, c, t, frm, to, log)  # Gravel, the Green Flag stop (§19)


def explain_move(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c, t = s.current(), s.turn
    assert c is not None and t is not None
    if a.car != c.id:
        return "§10.2", f"it is {c.id}'s turn"
    if (why := explain_rejoin(s, a)) is not None:  # §18.2
        return why
    if isinstance(a, To):
        if t.mp_left < 1:
            return "§11.2.2", "no MP left: extend first (ERS on a straight, a Tyre Wear card on a curve) or end"
        try:
            to = s.track.pos(a.to)
        except (ValueError, KeyError):
            return "§2.3", f"{a.to} is not a racing space of this circuit"
        if t.pit_exit and c.pos.tile == s.track.pit_exit and to.lane != c.pos.lane:
            return "§9.3", "leaving the pit lane: forward, without crossing the yellow line on the pit-exit tile"
        play = mv.PacePlay(Pace(t.pace), t.pair, (), t.lane_changes, t.wear_per_lane_change, 0, False, False)
        try:
            mv.walk(s.track, c.pos, [to], play)
        except IllegalAction as e:
            return e.rule, e.reason
        if (to.tile, to.lane, to.space) in t.seen:
            return "§11.3", "a car may not return to a space it already moved from"
        if room(s, c.id, to) is None:
            return "§11.3.1", "that space holds a car: only a lane change pushes it"
        if (why := raceevents.explain_step(s, c, to)) is not None:  # a zone, the Safety Car (§19)
            return why
        return "§13.2", "a car in the same or an adjacent lane holds that tile: stop on the front space of this tile"
    if isinstance(a, (Charge, Brake, Extend)):
        step = {Charge: mv.Adjust.CHARGE_ERS, Brake: mv.Adjust.BRAKE}.get(type(a)) or (
            mv.Adjust.EXTEND_ERS if isinstance(a, Extend) and a.by == "ers" else mv.Adjust.EXTEND_TYRE)
        if not step.reduces and t.mp_left > 0:
            return "§11.2.2", "an extension comes after the regular move is complete"
        if not step.reduces and t.stopped:
            return "§13.2", "the move ended with a stop"
        if t.extended and step.reduces:
            return "§11.2", "a move is extended or reduced, never both: this one was extended"
        card = a.card if isinstance(a, Brake) else a.by if isinstance(a, Extend) and a.by != "ers" else ""
        if card and (card not in c.hand or card_type(card) is not CardType.TYRE_WEAR):
            return "§6.4", f"{card} is not a Tyre Wear card in {c.id}'s hand"
        try:
            mv.adjust(adjust_ctx(s, c), mv.AdjustState(t.reduced, t.extended), step)
        except IllegalAction as e:
            return e.rule, e.reason
        return "§11.2", "not now"
    if isinstance(a, Stop):
        if t.mp_left < 1:
            return "§10.3", "the move is over: end the turn"
        return "§13.2", "a car stops only when a car ahead forces it (same or adjacent lane) or no space is free"
    if isinstance(a, End):
        return "§10.3", f"{t.mp_left} MP left to drive (or reduce: charge ERS, Brake!)"
    return "§10.3", f"{c.id} is moving: step, reduce, extend, stop or end"
