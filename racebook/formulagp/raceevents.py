"""Race events in the round (digest §19.3–§19.8): the hooks the round, the card play and the move call, each one
line in the shared modules, so that the Yellow Flags (:mod:`~racebook.formulagp.flags`), the Safety Car
(:mod:`~racebook.formulagp.safetycar`), the Red Flag (:mod:`~racebook.formulagp.redflag`), lapping
(:mod:`~racebook.formulagp.lapping`) and Gravel (:mod:`~racebook.formulagp.gravel`) act where the rules say.

* the round (:mod:`~racebook.formulagp.rounds`): :func:`round_end` (race round 1's Yellow Flags, the failed-lapping
  markers, the Safety Car leaving or the race ending under it, the Red Flag restart), :func:`round_started` (zones whose
  radar Green Flag is reached), :func:`movement_phase` (the Safety Car drives, A16), :func:`turn_started`, the draw
  skipped after a Red Flag (:func:`skips_draw`), Blue Flags in the classification (:func:`finish`);
* the card play (:mod:`~racebook.formulagp.cardplay`): :func:`pair_bans` (a zone, the Safety Car, Gravel),
  :func:`tyre_bonus` (Gravel), :func:`after_play` (no lane-change wear under the Safety Car), the Safety Car's
  discards (:func:`discards`, :func:`apply_discard`, :func:`explain_discard`);
* the move (:mod:`~racebook.formulagp.moving`): :func:`entry` (no overtaking in a zone or under the Safety Car, the
  Safety Car's tile, the cars passed freely), :func:`after_step` (Gravel driven through, the Green Flag stop),
  :func:`stop` (leftover MP lost under the Safety Car; failed lapping attempts);
* the end of the move (:mod:`~racebook.formulagp.aftermove`): :func:`end_of_move` (Gravel, Blue Flags),
  :func:`quiet` (no dice, no stress relief under the Safety Car or a Red Flag), :func:`in_zone`.

Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import (
    debrisoil,
    flags,
    gravel,
    hazardtokens,
    lapping,
    redflag,
    safetycar,
    scvariants,
    vsc,
    weather,
)
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Discard, FgpAction
from racebook.formulagp.components import CardType, card_type
from racebook.formulagp.rules.classification import Finish
from racebook.formulagp.rules.movement import PairBan
from racebook.formulagp.rules.passing import Entry, entering
from racebook.formulagp.state import Car, RaceState, Turn
from racebook.formulagp.trackparts import Pos

START_ROUNDS = 2  # race rounds 1-2 pass freely (§13.1): the foundation's reading, kept outside zones and the SC
def in_zone(s: RaceState, tile: int) -> bool:
    return flags.in_zone(s, tile)


def quiet(s: RaceState) -> bool:
    """Every track event is off: the Safety Car is out, the Red Flag shown, the Virtual Safety Car's moves under way
    (§19.4.2, §19.6, §19.5)."""
    return s.sc_tile >= 0 or s.restart or vsc.moving(s)


# ------------------------------------------------------------------ the round
def round_end(s: RaceState, log: EventLog) -> bool:
    """The end of a round; True when the race ends now (under the Safety Car, §19.4.1)."""
    flags.round_end(s, log)
    lapping.round_end(s, log)
    vsc.round_end(s, log)
    if safetycar.round_end(s, log):
        return True
    redflag.round_end(s, log)
    return False


def round_started(s: RaceState, log: EventLog) -> None:
    flags.round_started(s, log)
    weather.round_started(s, log)  # [ADV] §4.3, §19.1, §19.1.1


def skips_draw(s: RaceState) -> bool:
    """No draw phase this round (the Red Flag restart keeps the hands, A30)."""
    return s.skip_draw


def sequence(s: RaceState, order: tuple[str, ...], log: EventLog) -> tuple[str, ...]:
    """The round's driver sequence after a Virtual Safety Car (§19.5 step 7)."""
    return vsc.sequence(s, order, log)


def vsc_turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """A turn under the Virtual Safety Car: no card, a set number of spaces (§19.5); True when it is one. So is a
    turn under the Safety Car with the Optional 15.11.2 (racebook.formulagp.scvariants)."""
    return vsc.turn(s, c, log) or scvariants.faster_sc_turn(s, c, log)


def movement_phase(s: RaceState, log: EventLog) -> None:
    s.skip_draw = False
    safetycar.movement_phase(s, log)


def turn_started(s: RaceState, c: Car, log: EventLog) -> None:
    """A spun car is passed in a zone until its next move (§19.3.1): it moves now."""
    if c.id in s.passable:
        s.passable = tuple(x for x in s.passable if x != c.id)


def finish(c: Car, default: Finish) -> Finish:
    """Lapped (Blue Flag) cars are classified behind all others (§17.2.2)."""
    return Finish.LAPPED if c.blue else default


# ------------------------------------------------------------------ the card play
def pair_bans(s: RaceState, c: Car) -> set[PairBan]:
    out = set()
    if flags.in_zone(s, c.pos.tile):
        out.add(PairBan.YELLOW_ZONE)  # §19.3.1
    if s.sc_tile >= 0:
        out.add(PairBan.SAFETY_CAR)  # §19.4.2
    if c.gravel:
        out.add(PairBan.GRAVEL)  # §19.8.1
    if hazardtokens.pair_ban(s, c):
        out.add(PairBan.HAZARD)  # [ADV] §19.8.2-§19.8.4: from a Debris, Oil or Standing Water tile
    return out


def tyre_bonus(s: RaceState, c: Car) -> int:
    """The tyre bonus of the move: none with a Gravel token over it (§19.8.1)."""
    return weather.tyre_bonus(s, c, 0 if c.gravel else s.board.tyre_bonus(c.tyre, s.tyre_state(c)))  # [ADV] §14.2


def after_play(s: RaceState, c: Car, t: Turn) -> None:
    if s.sc_tile >= 0:
        t.wear_per_lane_change = 0  # §19.4.2: no tyre wear for movement and lane changes


def discards(s: RaceState, c: Car) -> list[FgpAction]:
    """Under the Safety Car, before moving: one Tyre Wear card a turn and any Option cards (§19.4.2)."""
    t = s.turn
    if s.sc_tile < 0 or t is None or t.cards:
        return []
    out: list[FgpAction] = []
    for x in sorted(set(c.hand)):
        kind = card_type(x)
        if kind is CardType.OPTION or (kind is CardType.TYRE_WEAR and not t.sc_discard):
            out.append(Discard(c.id, x))
    return out


def apply_discard(s: RaceState, a: FgpAction, log: EventLog) -> bool:
    if not isinstance(a, Discard):
        return False
    c, t = s.cars[a.car], s.turn
    assert t is not None
    c.hand.remove(a.card)
    c.deck.discard(a.card)
    if card_type(a.card) is CardType.TYRE_WEAR:
        t.sc_discard = True
    log.append(ev.ScDiscard(c.id, a.card))
    return True


def explain_discard(s: RaceState, a: Discard) -> tuple[str, str]:
    if s.sc_tile < 0:
        return "§10.1.1", "cards are discarded in the draw phase (or under the Safety Car, §19.4.2)"
    return "§19.4.2", ("under the Safety Car a driver may discard, before moving, one Tyre Wear card a turn and any "
                       "Option cards from its hand")


# ------------------------------------------------------------------ the move
def _free(s: RaceState, mover: Car, other: Car, zone: bool) -> bool:
    """``mover`` passes ``other`` freely: a car that just spun or went off (it called :func:`flags.incident`, §19.3.1,
    §18.2); under the Safety Car a Blue Flag car passes cars without one (§19.4.2); else a double Blue Flag or a
    double failed-lapping marker (§19.7.2, §19.7.3)."""
    if other.id in s.passable:
        return True
    if zone:
        return False  # A33: no overtaking of any kind, lapping included
    if s.sc_tile >= 0:
        return mover.blue > 0 and other.blue == 0
    return lapping.free_to_pass(s, mover, other)


def entry(s: RaceState, c: Car, here: Pos, nxt: Pos, default: Entry) -> Entry:
    """Entering tile ``nxt.tile`` from ``here`` under the race events: in a Yellow Flag zone and under the Safety Car
    no overtaking (a car stops one tile behind the car ahead, a free Slipstream shadow right behind it allowed, A33,
    §19.4.2), nobody but a Blue Flag car enters the Safety Car's tile; cars passed freely are left out."""
    sc = s.sc_tile >= 0
    if sc and nxt.tile == s.sc_tile and not c.blue:
        return Entry.STOP
    others = [o for o in s.cars.values() if o is not c and o.pos.tile == nxt.tile]
    if not others:
        return default
    zone = flags.in_zone(s, nxt.tile) or vsc.moving(s)  # §19.5: no overtaking under the VSC either
    blockers = [o.pos for o in others if not _free(s, c, o, zone)]
    if not (zone or sc):
        if len(blockers) == len(others) or s.round <= START_ROUNDS:
            return default
        return entering(s.track, here, nxt.lane, blockers)
    if not blockers:
        return Entry.FREE
    return Entry.SHADOW if entering(s.track, here, nxt.lane, blockers) is Entry.SHADOW else Entry.STOP


def explain_step(s: RaceState, c: Car, to: Pos) -> tuple[str, str] | None:
    """Why a step onto another tile is refused by a race event, or None (then §13.2's stop is the reason)."""
    if to.tile == c.pos.tile:
        return None
    if s.sc_tile >= 0 and to.tile == s.sc_tile and not c.blue:
        return "§19.4.2", "the Safety Car fills its tile and cannot be passed (only a Blue Flag car may)"
    if not any(o is not c and o.pos.tile == to.tile for o in s.cars.values()):
        return None
    if s.sc_tile >= 0:
        return "§19.4.2", "no overtaking under the Safety Car: stop one tile behind the car ahead"
    if vsc.moving(s):
        return "§19.5", "no overtaking under the Virtual Safety Car"
    if flags.in_zone(s, to.tile):
        return "§19.3.1", "no overtaking in a Yellow Flag zone (A33), except past a car that has just spun there"
    return None


def after_step(s: RaceState, c: Car, t: Turn, frm: Pos, to: Pos, log: EventLog) -> None:
    """A step done: Gravel driven onto (§19.8.1); a RED or BLUE move through a zone stops on the Green Flag tile, its
    leftover MP lost (§19.3.1); under the Safety Car a stop in a Slipstream shadow charges no OT (§19.4.2)."""
    if to.tile == frm.tile:
        return
    gravel.entered(s, c, t, to.tile, log)
    debrisoil.after_step(s, c, t, frm, to, log)  # [ADV] §19.8.2, §19.8.3
    if t.pace != "green" and not t.stopped:
        for z in s.zones:
            if to.tile == z.green and frm.tile in flags.zone_tiles(s, z):
                log.append(ev.YellowStop(c.id, t.pace, s.track.name_of(to), t.mp_left))
                t.mp_left, t.stopped = 0, True
                break
    if s.sc_tile >= 0 and t.stopped:
        c.ot = 0


def stop(s: RaceState, c: Car, t: Turn, blocked: bool, log: EventLog) -> bool:
    """A stop behind a car (§13.2): under the Safety Car the leftover MP are lost and no OT is charged (returns True,
    the stop is done); otherwise a car a lap ahead of the car that blocks it marks a failed lapping attempt."""
    if not blocked:
        return False
    if s.sc_tile >= 0 or vsc.moving(s):
        log.append(ev.MpWasted(c.id, s.track.name_of(c.pos), t.mp_left, "no overtaking under the Safety Car"
                               if s.sc_tile >= 0 else "no overtaking under the Virtual Safety Car"))
        t.mp_left, t.stopped = 0, True
        return True
    nxt = s.track.next_tile(c.pos.tile)
    if not flags.in_zone(s, nxt):
        lapping.blocked(s, c, [o for o in s.cars.values() if o is not c and o.pos.tile == nxt], log)
    return False


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    gravel.end_of_move(s, c, t, log)
    debrisoil.end_of_move(s, c, t, log)  # [ADV] §19.8.2: a stop on a Debris tile
    weather.end_of_move(s, c, t, log)  # [ADV] wet tyres on a dry track (§14.2)
    lapping.update(s, log)
    vsc.end_of_move(s, c, t, log)


def no_overtaking(s: RaceState, *tiles: int) -> str:
    """Why no battle may be fought now by cars on ``tiles`` ("" when one may): under the Safety Car (§19.4.2) or the
    VSC (§19.5), or with a car in a Yellow Flag zone (A33, §19.3.1: no overtaking of any kind, battles included)."""
    if s.sc_tile >= 0:
        return "no overtaking under the Safety Car (§19.4.2)"
    if vsc.moving(s):
        return "no overtaking under the Virtual Safety Car (§19.5)"
    if any(flags.in_zone(s, tile) for tile in tiles):
        return "no overtaking in a Yellow Flag zone (A33, §19.3.1)"
    return ""
