"""The dice faces, RISK cards, loss of control, spins, off track, walls and collisions (digest §7, §6.8, §18.1,
§18.3, §19.2), and the CONTROL phase in which a driver who lost control decides.

The dice owed after a move (:mod:`racebook.formulagp.aftermove`) wait in ``RaceState.dice_left`` (``car:die``,
``car:red:tricky`` for a tricky corner's RED die, ``car:red:worn`` for the worn-tyres one, §14.1) and are rolled
one at a time (:func:`roll_dice`): Tyre wear +1, Stress +1 (beyond the Stressed space a RED die at once, A8), a RISK
card (drawn and played at once, §6.8), a loss of control (§18.1). A loss of control asks the driver — when it holds a
card with the Counter-steer secondary — to
counter-steer (``countersteer G1``: the WHITE die sends the car one lane right on a green face, left on a red one,
+1 wear) or to spin (``spin``: the WHITE die picks the lane; on track the car is rotated, +1 wear, +1 stress, the
Yellow Flag procedure). Off track after a counter-steer or a push, a second Counter-steer card keeps the car pointing
forward (no Yellow Flag, no DAMAGE); else, and after a spin off, it spins off: +1 wear, +1 stress, a DAMAGE card,
the Yellow Flag. A wall stops the car on its space and costs a DAMAGE card (after a spin also +1 wear, +1 stress, the
Yellow Flag; no Debris in a Standard game, A19). Into a car: a collision (§18.3): each car draws a DAMAGE card, the
initiator takes a Penalty token and stays, the car hit loses control at once (once per collision event). On a tricky
corner the RED die's loss of control spins the car onto the skid marks' end, off track (§11.7). A car without a
Counter-steer card spins without being asked. The decisions wait in ``RaceState.pending`` (``car:kind:by:event``,
kind ``loc`` or ``off``); when none is left the interrupted move goes on, or the turn ends (:func:`hold_turn`).

A spun or off-track car rejoins next round, last in the driver sequence (``Runner.spun``, §10.2 item 7); a car that
spun or went off before its turn this round sits it out (:func:`sits_out`); others pass it freely
(:func:`passable`). Readings: a car already spun or off track does not lose control again; the tricky-corner spin
lands off track beside the skid marks' end space. The Yellow Flag is placed by the race-events module: here the
event :class:`~racebook.formulagp.events.YellowFlagIncident` records it. Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags, hazardtokens, redpitentry
from racebook.formulagp.actions import CounterSteer, FgpAction, Spin
from racebook.formulagp.components import DieFace, FaceColour, Secondary, cards
from racebook.formulagp.damage import drawn_card, take_damage, take_failure
from racebook.formulagp.events import hazardtokens as hev
from racebook.formulagp.events import spins as sev
from racebook.formulagp.incidentcards import Effect, IncidentDeck, card
from racebook.formulagp.penalties import give
from racebook.formulagp.pitspin import spun_into_pit_lane, steered_into_pit_lane
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.rules.classification import Finish
from racebook.formulagp.rules.pushing import Push, PushOutcome, push
from racebook.formulagp.state import Car, Die, Phase, RaceState, Resume
from racebook.formulagp.streetcircuit import all_walls
from racebook.formulagp.stressing import stress_by
from racebook.formulagp.trackparts import Pos, Shape, Surface, Turn
from racebook.formulagp.tyrewear import wear_by

EFFECT = {DieFace.STRESS: "stress +1", DieFace.WEAR: "tyre wear +1", DieFace.RISK: "draw a RISK card (§6.8)",
          DieFace.LOSS_OF_CONTROL: "loss of control (§18.1)"}
SIDE = {FaceColour.GREEN: "right", FaceColour.RED: "left"}

_STEER: set[str] = set()


def steer_cards(s: RaceState, c: Car) -> list[str]:
    """The cards in hand with the Counter-steer secondary function (§5.1), in code order; not the start cards a car
    revealed in race round 1 and has still to play (§9.4.4)."""
    if not _STEER:
        _STEER.update(x.code for x in cards().action if x.secondary is Secondary.COUNTER_STEER)
    launch = s.launches.get(c.id, "")
    committed = {w.partition("=")[0].lstrip("+") for w in launch.split()[2:]}
    return sorted({x for x in c.hand if x in _STEER and x not in committed})


def passable(c: Car) -> bool:
    """Other cars pass a spun or off-track car freely, without a battle (§18.2)."""
    return c.spun or bool(c.off)


def at_of(s: RaceState, c: Car) -> str:
    return s.track.name_of(c.pos) + (f" (off track, {c.off})" if c.off else "")


# ------------------------------------------------------------------ the dice (§7, §19.2)
def roll_dice(s: RaceState, log: EventLog) -> None:
    """Roll the dice left one at a time and resolve each face, until none is left or a loss of control waits for
    its driver."""
    while s.dice_left and not s.pending:
        car, die, *tag = s.dice_left.pop(0).split(":")
        c, d = s.cars[car], Die(die)
        face = s.face(d, s.roll(d))
        if face is DieFace.WEAR:
            wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(ev.DieRolled(c.id, d.value, face.value, EFFECT[face]))
        if face is DieFace.STRESS:
            s.dice_left[0:0] = [f"{car}:red"] * stress_by(s, c, 1, log)
        elif face is DieFace.RISK:
            draw_risk(s, c, log)
        elif face is DieFace.LOSS_OF_CONTROL:
            skid = tag == ["tricky"]
            lose_control(s, c, log, "the tricky corner's RED die, §11.7" if skid else "the RED die", skid=skid,
                         worn=tag == [redpitentry.WORN])


def draw_risk(s: RaceState, c: Car, log: EventLog) -> None:
    """A RISK card: drawn and played at once (§6.8), then discarded."""
    code = drawn_card(s, c, IncidentDeck.RISK, log)
    if code is None:
        return
    k = card(code)
    s.incident_decks[IncidentDeck.RISK.value].discard(code)
    if k.effect is Effect.STRESS:
        for _ in range(k.value):
            s.dice_left[0:0] = [f"{c.id}:red"] * stress_by(s, c, 1, log)
    elif k.effect is Effect.WEAR:
        wear_by(s, c, k.value, log)  # §14.1: the icons reached
    elif k.effect is Effect.ERS:
        c.ers = max(0, c.ers - k.value)
    elif k.effect is Effect.LOSS_OF_CONTROL:
        lose_control(s, c, log, f"the RISK card {code}")
    elif k.effect is Effect.DAMAGE:
        take_damage(s, c, log)
    elif k.effect is Effect.FAILURE:
        take_failure(s, c, log)
    elif k.effect is Effect.YELLOW_FLAG:
        log.append(ev.YellowFlagIncident(c.id, at_of(s, c)))
        flags.incident(s, c.id, log)  # the 'Yellow Flag' RISK card is the on-track procedure (A14)
    elif k.effect is Effect.PENALTY:
        penalise(s, c, k.value, f"the RISK card {code}", log)
    elif k.effect in (Effect.DEBRIS, Effect.OIL):  # [ADV] a three-dot card's token on the car's tile (§19.8)
        hazardtokens.place(s, k.effect.value, c.pos.tile, f"the RISK card {code}", log)


def penalise(s: RaceState, c: Car, n: int, why: str, log: EventLog, rule: str = "§17.3", *, against: str = "") -> None:
    """Penalty tokens for an incident (§17.3), through the one place tokens are given (:func:`penalties.give`;
    ``against``: the other car of a two-car incident, which the Race Director judges with §21 15.9 on)."""
    give(s, c, n, why, rule, log, against=against)


# ------------------------------------------------------------------ loss of control (§18.1)
def control_mark(s: RaceState, car: str) -> tuple[object, ...]:
    """What a loss of control changes on ``car`` (§18.1): its place, spin, off-track side, the round it went out, the
    loss-of-control event it had, the pit lane, a counter-steer decision waiting. Two marks that differ, taken before
    and after some dice, say the car lost control in between (its move, and a battle, end)."""
    c = s.cars[car]
    return c.pos, c.spun, c.off, c.out_round, c.loc_event, c.pit, any(p.split(":")[0] == car for p in s.pending)


def lose_control(s: RaceState, c: Car, log: EventLog, cause: str, *, skid: bool = False, event: int = 0,
                 by: str = "", worn: bool = False) -> None:
    if event:
        c.loc_event = event
    if passable(c) or c.pit:
        where = "in the pit lane" if c.pit else "already spun or off track"
        log.append(ev.LostControl(c.id, at_of(s, c), f"{cause}; {where}: no further effect"))
        return
    redpitentry.lost_control(s, c, worn=worn)  # at the pit entry: which die may stop it (§16.1, §14.1 Appendix B)
    if c.bot and not s.rules.rookie_spins:  # B4: the other reading, a Rookie never loses control (§22.13.2)
        log.append(ev.LostControl(c.id, at_of(s, c), f"{cause}; a Rookie BOT keeps control (B4): no effect"))
        return
    log.append(ev.LostControl(c.id, at_of(s, c), cause))
    if s.rules.pro_stress_levels and c.id in s.pro.stress:
        HOOKS.lost_control(s, c, log)  # §22.14 [BOT 7.4] (optional): a Pro BOT's stress
    tile = s.track.tiles[c.pos.tile]
    skids = [k for k in tile.skids if k.start == (c.pos.lane, c.pos.space)]
    if skid and skids and not all_walls(s):  # §11.7: onto the skid marks' end, off track (OffTrack_B); §21 15.2
        end = skids[0].end
        frm = s.track.name_of(c.pos)
        c.pos = Pos(c.pos.tile, end[0], end[1])
        c.off = "left" if end[0] < skids[0].start[0] else "right"
        log.append(ev.Shifted(c.id, "spins along the skid marks", frm, s.track.name_of(c.pos), "off track (§11.7)"))
        spin_off(s, c, log)
        return
    if steer_cards(s, c):
        s.pending.append(f"{c.id}:loc:{by or '-'}:{event}")
        return
    spin(s, c, log, event)


def _white(s: RaceState) -> tuple[int, FaceColour]:
    f = s.white_face(s.roll(Die.WHITE))
    return f.value, f.colour


def full_space(s: RaceState, me: str, p: Pos) -> bool:
    here = [o for o in s.cars.values() if o.id != me and not o.off and (o.pos.tile, o.pos.lane, o.pos.space) ==
            (p.tile, p.lane, p.space)]
    sp = s.track.space(p)
    return len(here) >= (sp.shadows if sp.surface is Surface.SLIPSTREAM else 1)


def occupied_spaces(s: RaceState, me: str) -> list[Pos]:
    """The full spaces (every car shadow taken) other than ``me``'s: where a shift or a push meets a car."""
    return [o.pos for o in s.cars.values() if o.id != me and not o.off and full_space(s, me, o.pos)]


def shift(s: RaceState, p: Pos, side: str, me: str) -> Push:
    """One lane to ``side`` from ``p`` (a counter-steer, a spin or a push, §18.1, §11.3.1): the geometry of
    :func:`racebook.formulagp.rules.pushing.push`, as if pushed from the other side (a double-lane space is left
    past both its lanes)."""
    covered = s.track.double_lanes(p)
    edge = max(covered) if side == "right" else min(covered)
    from_lane = edge - 1 if side == "right" else edge + 1
    return push(s.track, from_lane, Pos(p.tile, edge, p.space), occupied_spaces(s, me), all_walls(s))  # §21 15.2


def car_at(s: RaceState, p: Pos, me: str) -> Car:
    """The car met on a full space: with every Slipstream shadow taken, each rolls the WHITE die and the lowest is
    the one involved (§18.3, §11.3.1); ties go to the front shadow."""
    here = sorted((o for o in s.cars.values() if o.id != me and not o.off and (o.pos.tile, o.pos.lane, o.pos.space)
                   == (p.tile, p.lane, p.space)), key=lambda o: o.pos.shadow)
    if len(here) == 1:
        return here[0]
    rolls = [(_white(s)[0], i) for i in range(len(here))]
    return here[min(rolls)[1]]


def _target(s: RaceState, c: Car, side: str) -> Pos:
    lane = (max if side == "right" else min)(s.track.double_lanes(c.pos)) + (1 if side == "right" else -1)
    got = s.track.lateral(c.pos, lane)
    assert got is not None
    return got


def counter_steer(s: RaceState, c: Car, code: str, log: EventLog, event: int) -> None:
    """§18.1 CounterSteer: spend the card, the WHITE die's colour picks the side (the Optional 15.6 on a corner tile:
    toward the outside, no die, :func:`outside_of_corner`), +1 wear, one lane over; toward the pit lane at the pit
    entry, into it (§16.1, :mod:`racebook.formulagp.pitspin`)."""
    c.hand.remove(code)
    c.deck.discard(code)
    outside = outside_of_corner(s, c)
    if outside:
        side = outside
        wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(sev.CounterSteeredOutside(c.id, code, s.track.tiles[c.pos.tile].id, side, c.wear))
    else:
        value, colour = _white(s)
        side = SIDE[colour]
        wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(ev.CounterSteered(c.id, code, value, colour.value, side, c.wear))
    if pitting(s, c, side):
        return steered_into_pit_lane(s, c, log)
    got = shift(s, c.pos, side, c.id)
    frm = s.track.name_of(c.pos)
    if got.outcome is PushOutcome.ON_TRACK and got.victim_to is not None:
        move_to(s, c, got.victim_to)
        log.append(ev.Shifted(c.id, "counter-steers", frm, s.track.name_of(c.pos), "still on track, pointing "
                                                                                    "forward"))
    elif got.outcome is PushOutcome.OFF_TRACK:
        c.off, c.out_round = side, s.round
        log.append(ev.Shifted(c.id, "counter-steers", frm, "-", "off track"))
        off_track_a(s, c, log, "", event)
    elif got.outcome is PushOutcome.WALL:
        log.append(ev.Shifted(c.id, "counter-steers", frm, "-", "into the wall"))
        log.append(ev.HitWall(c.id, frm))
        take_damage(s, c, log)
        hazardtokens.place(s, "debris", c.pos.tile, "a wall hit after a counter-steer, §18.1", log)  # A19
    else:
        other = car_at(s, _target(s, c, side), c.id)
        log.append(ev.Shifted(c.id, "counter-steers", frm, s.track.name_of(other.pos), f"into {other.id}"))
        collide(s, c, other, log, event)


def outside_of_corner(s: RaceState, c: Car) -> str:
    """The Optional counter-steer (§21, the original's 15.6; house rule ``countersteer_outside_in_corners``): on a
    corner tile the lane change goes toward the outside of the corner ("right" or "left"), no WHITE die; "" on a
    straight tile or with the rule off (then the WHITE die picks the side, §18.1)."""
    tile = s.track.tiles[c.pos.tile]
    if not s.rules.countersteer_outside_in_corners or tile.shape is not Shape.CORNER or tile.turn is None:
        return ""
    return "left" if tile.turn is Turn.RIGHT else "right"


def pitting(s: RaceState, c: Car, side: str) -> bool:
    """``c`` lost control in the dice it owes at the pit entry (§16.1: rolled on track, before entering) and the
    lane change goes toward the pit lane (the track's pit side)."""
    return (s.resume is Resume.PIT and s.turn is not None and s.turn.car == c.id and not c.pit
            and side == s.track.pit_side.value)


def off_track_a(s: RaceState, c: Car, log: EventLog, by: str, event: int) -> None:
    """Off track after a counter-steer or a push: another Counter-steer card keeps control, else a spin off (B4's
    other reading, ``rookie_spins`` off: a Rookie BOT never spins, it stays off track pointing forward)."""
    if c.bot and not s.rules.rookie_spins:
        c.out_round = s.round
        log.append(ev.LostControl(c.id, at_of(s, c), "pushed off track; a Rookie BOT keeps control (B4): off track, "
                                                     "pointing forward"))
    elif steer_cards(s, c):
        s.pending.append(f"{c.id}:off:{by or '-'}:{event}")
    else:
        spin_off(s, c, log)


def spin(s: RaceState, c: Car, log: EventLog, event: int) -> None:
    """§18.1 Spin: the WHITE die picks the side; off track, a wall, a car, or a spin on track."""
    value, colour = _white(s)
    side = SIDE[colour]
    log.append(ev.SpinDirection(c.id, value, colour.value, side))
    if pitting(s, c, side):
        return spun_into_pit_lane(s, c, log)
    got = shift(s, c.pos, side, c.id)
    frm = s.track.name_of(c.pos)
    if got.outcome is PushOutcome.ON_TRACK and got.victim_to is not None:
        move_to(s, c, got.victim_to)
        log.append(ev.Shifted(c.id, "spins", frm, s.track.name_of(c.pos), "on track"))
        _spun(s, c, "on track", log)
    elif got.outcome is PushOutcome.OFF_TRACK:
        c.off = side
        log.append(ev.Shifted(c.id, "spins", frm, "-", "off track"))
        spin_off(s, c, log)
    elif got.outcome is PushOutcome.WALL:
        log.append(ev.Shifted(c.id, "spins", frm, "-", "into the wall"))
        log.append(ev.HitWall(c.id, frm, ", rotated"))
        hazardtokens.place(s, "debris", c.pos.tile, "a wall hit in a spin, §18.1", log)  # A19
        _spun(s, c, "against the wall", log)
        take_damage(s, c, log)
    else:
        other = car_at(s, _target(s, c, side), c.id)
        log.append(ev.Shifted(c.id, "spins", frm, s.track.name_of(other.pos), f"into {other.id}"))
        collide(s, c, other, log, event)


def spin_off(s: RaceState, c: Car, log: EventLog) -> None:
    """OffTrack_B: rotated off track, +1 wear, +1 stress, a DAMAGE card, the Yellow Flag."""
    _spun(s, c, "off track", log)
    take_damage(s, c, log)


def _spun(s: RaceState, c: Car, where: str, log: EventLog) -> None:
    c.spun, c.out_round = True, s.round
    if not c.bot:  # §22.13.1, §22.13.3: a Rookie takes no tyre wear or stress and never rolls the RED die
        wear_by(s, c, 1, log)  # §14.1: the icons reached
    log.append(ev.Spun(c.id, s.track.name_of(c.pos), where, c.wear))
    if not c.bot:
        s.dice_left[0:0] = [f"{c.id}:red"] * stress_by(s, c, 1, log)
    log.append(ev.YellowFlagIncident(c.id, at_of(s, c)))
    flags.incident(s, c.id, log)  # the Yellow Flag procedure (§19.3.1)


def move_to(s: RaceState, c: Car, p: Pos) -> None:
    """A sideways shift onto ``p`` (a counter-steer, a spin, a push, a rejoin; :func:`full_space` said there is
    room): the first car shadow free there (§2.3)."""
    at = (p.tile, p.lane, p.space)
    taken = {o.pos.shadow for o in s.cars.values() if o.id != c.id and not o.off
             and (o.pos.tile, o.pos.lane, o.pos.space) == at}
    c.pos = Pos(p.tile, p.lane, p.space, min(set(range(len(taken) + 1)) - taken))


def collide(s: RaceState, init: Car, victim: Car, log: EventLog, event: int, *, extra_penalty: int = 0,
            lost_control: bool = True) -> None:
    """§18.3: each car draws a DAMAGE card (at most one damage a round), the initiator takes a Penalty token and
    stays on its space, the car hit loses control at once (each car once per collision event: an initiator that
    lost control counts as having had its loss of control in the event; a pusher did not lose control)."""
    if not event:
        s.collisions += 1
        event = s.collisions
    if lost_control:
        init.loc_event = event
    give(s, init, 1 + extra_penalty, f"the initiator of a collision with {victim.id}", "§18.3", log,
         against=victim.id)  # a two-car incident: the Race Director's (§21 15.9) when on
    log.append(ev.Collided(init.id, victim.id, s.track.name_of(victim.pos), init.penalties))
    take_damage(s, init, log)
    take_damage(s, victim, log)
    if victim.loc_event != event:
        lose_control(s, victim, log, f"hit by {init.id}, §18.3", event=event)


# ------------------------------------------------------------------ the CONTROL phase: counter-steer or spin
def _head(s: RaceState) -> tuple[Car, str, str, int]:
    car, kind, by, event = s.pending[0].split(":")
    return s.cars[car], kind, "" if by == "-" else by, int(event)


def waiting(s: RaceState) -> str | None:
    """The driver whose loss of control waits for a decision."""
    return s.pending[0].split(":")[0] if s.pending else None


def legal_control(s: RaceState) -> list[FgpAction]:
    c, _, _, _ = _head(s)
    return [CounterSteer(c.id, x) for x in steer_cards(s, c)] + [Spin(c.id)]


def apply_control(s: RaceState, a: FgpAction, log: EventLog) -> Resume:
    """The decision (§18.1): counter-steer or spin; then :func:`resume`. Returns where the play goes on (NONE here:
    another decision or the interrupted move; else END, ROUND, PIT or BATTLE, which the CONTROL phase of
    :mod:`racebook.formulagp.control` takes up)."""
    c, kind, by, event = _head(s)
    if a.car != c.id or not isinstance(a, (CounterSteer, Spin)) or (
            isinstance(a, CounterSteer) and a.card not in steer_cards(s, c)):
        rule, reason = explain_control(s, a)
        raise IllegalAction(a, rule, reason)
    s.pending.pop(0)
    if kind == "oil":
        oil_decided(s, c, a.card if isinstance(a, CounterSteer) else "", log)
    elif isinstance(a, CounterSteer) and kind == "loc":
        counter_steer(s, c, a.card, log, event)
    elif isinstance(a, CounterSteer):  # off track, control kept (§18.1 OffTrack_A)
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        log.append(ev.HeldOffTrack(c.id, a.card, s.track.name_of(c.pos)))
        if by and not s.rules.push_penalty_once:  # A20's other reading: a second token for the pusher
            penalise(s, s.cars[by], 1, f"pushed {c.id} off track", log, "§18.2", against=c.id)
    elif kind == "loc":
        spin(s, c, log, event)
    else:
        spin_off(s, c, log)
    return resume(s, log)


def explain_control(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c, kind, _, _ = _head(s)
    if a.car != c.id:
        return "§18.1", f"{c.id} lost control and resolves it first"
    if isinstance(a, CounterSteer):
        return "§18.1", f"{a.card} is not a card with the Counter-steer secondary function in {c.id}'s hand"
    what = {"off": "keep control off track", "oil": "avoid the oil (§19.8.3)"}.get(kind, "counter-steer")
    return "§18.1", f"{c.id} lost control: '{c.id} countersteer <card>' to {what}, or '{c.id} spin'"


def hit_oil(s: RaceState, c: Car, log: EventLog) -> None:
    """[ADV] ``c`` hits the oil (§19.8.3): the token leaves the track, the car loses control and spins (§18.1 Spin,
    no counter-steer) and its move ends (racebook.formulagp.debrisoil)."""
    log.append(hev.OilMet(c.id, s.track.tiles[c.pos.tile].id, "no Counter-steer card spent: it hits the oil and "
                                                              "spins; the token is removed"))
    hazardtokens.remove(s, "oil", c.pos.tile)
    if s.turn is not None and s.turn.car == c.id:
        s.turn.mp_left, s.turn.stopped = 0, True
    spin(s, c, log, 0)


def oil_decided(s: RaceState, c: Car, card: str, log: EventLog) -> None:
    """The driver's decision on an Oil tile (§19.8.3): spend the Counter-steer card ``card`` (the token stays), or
    ("") hit the oil."""
    if not card:
        return hit_oil(s, c, log)
    c.hand.remove(card)
    c.deck.discard(card)
    log.append(hev.OilMet(c.id, s.track.tiles[c.pos.tile].id, f"it spends the Counter-steer card {card}: avoided, "
                                                              "the token stays", card))


def pause(s: RaceState, where: Resume) -> bool:
    """When a decision waits: the CONTROL phase, to come back to ``where`` (:class:`Resume`)."""
    if not s.pending:
        return False
    s.phase, s.resume = Phase.CONTROL, where
    return True


def resume(s: RaceState, log: EventLog) -> Resume:
    """No decision left: back to the move, or on with the dice left; then where the play goes on — NONE (a decision
    waits, or the move goes on), or the turn's END, the ROUND's end (a W2W token's stress, §13.5), the PIT
    entry (§16.1) or the BATTLE that waited for the dice (§13.2 a) — for the caller to take up
    (:func:`racebook.formulagp.control.apply_control`: this module sits below the round, the pits and the battles)."""
    if s.pending:
        return Resume.NONE
    if s.resume is Resume.MOVE:
        s.phase, s.resume = Phase.MOVE, Resume.NONE
        return Resume.NONE
    where = s.resume or Resume.END
    roll_dice(s, log)
    if pause(s, where):
        return Resume.NONE
    s.phase, s.resume = Phase.MOVE, Resume.NONE
    return where


def hold_turn(s: RaceState, log: EventLog) -> bool:
    """Before the next driver (§11.3.1): the dice left, then the cars pushed off track this turn resolve going off
    track; True while a decision waits."""
    roll_dice(s, log)
    while not s.pending and s.later:
        c_id, kind, by, event = s.later.pop(0).split(":")
        off_track_a(s, s.cars[c_id], log, "" if by == "-" else by, int(event))
        roll_dice(s, log)
    return pause(s, Resume.END)


# ------------------------------------------------------------------ the round: sequence, skipped turns, results
def sits_out(s: RaceState, car: str, log: EventLog) -> bool:
    """A car that spun or went off track this round before its turn rejoins next round (§18.2)."""
    c = s.cars[car]
    if c.out_round == s.round and passable(c):
        s.launches.pop(car, None)  # race round 1: its revealed start cards stay in hand, unplayed
        log.append(ev.SitsOut(car))
        return True
    return False


def finish_group(c: Car) -> Finish:
    """The classification group (§17.2.2): crossed, crossed but spun on track, crossed but off track, not crossed."""
    if not c.crossed_final:
        return Finish.NOT_CROSSED
    if c.off:
        return Finish.SPUN_OFF
    return Finish.SPUN if c.spun else Finish.CROSSED

