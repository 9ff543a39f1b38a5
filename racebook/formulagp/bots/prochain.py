"""A Pro BOT's undefended attacks (digest §22.10.4 [BOT 3.3], §22.13.7 [BOT 6.7]): the chained attack after a
winning overtake, and the lapping attempt. Both draw a **new BATTLE card** against a car that **can't defend**: the
card alone says whether the attack is possible (its cross, or the WHITE die's abort face on a die card, aborts it,
[BOT 3.2.3.1]); a success overtakes with the card's OT (≤ max OT) through the overtake every BOT makes
(:func:`racebook.formulagp.battles.bot_overtakes`, which calls :func:`chained` after each overtake).

* **The chained attack** (§22.10.4, [BOT 3.3]: "If a Pro BOT wins a battle and the overtake maneuver ends in a
  Slipstream space behind another car, the BOT can attempt to overtake that car as well"): only a Pro BOT; the car
  ahead in the same Slipstream space can't defend (the digest's reading, as the players' secondary attack, §13.4.1);
  the OT is the new card's, **never less than 2** (:func:`racebook.formulagp.rules.botbattle.overtake_ot` with the
  Slipstream minimum). Whether the Pro "can attempt" it is decided by its TACTICS card, the decision every BOT attack
  takes (§22.10.2 item 2, [BOT 3.2.2]: no die → it attacks; the die → green attacks, red aborts; always when
  lapping): the rule gives no other decision, and a BOT's choices come from its cards, never from a driver. The first
  OT point steps into the free space beside, yellow arrow side first (A25, as any Slipstream attack; no free space →
  no attack). No chained attack in a Yellow Flag zone, under the Safety Car or the VSC, nor on a W2W partner (§13.5).
  An overtake that ends in a Slipstream space behind yet another car may chain again (at most once per other car).
* **The lapping attempt** (§22.13.7, [BOT 6.7]): a Pro BOT in position to attack a slower car it laps makes no
  battle decision (:func:`racebook.formulagp.bots.rookie.decide` with ``lapping``) and draws a BATTLE card "to check
  if an attack is possible" — the car being lapped can't defend (§19.7.1) —; a success overtakes with the card's OT
  (at least 2 from a Slipstream space) and the lapped car gets its Blue Flag (:func:`racebook.formulagp.lapping.update`
  in the overtake); an aborted card leaves the Pro where it is and is a failed attempt: the slower car gets the
  players' marker (§19.7.3, :func:`racebook.formulagp.lapping.blocked`; a BOT's stop behind a car gives none, as its
  MP turn into no OT): "further attempts follow the player rules" — a second failure lets every car move around it
  in the next round.
  The set-up lane change (a slower car blocking the lane: the BOT ends one tile behind it in the adjacent lane, the
  yellow arrow side first) is the lane change every BOT attack makes (:func:`racebook.formulagp.rules.botlanes.choose`'s
  ``Why.ATTACK``, and with 1 MP left at the stop :mod:`racebook.formulagp.bots.attack`). A Rookie's lapping keeps the
  player's defence (the Standard races are unchanged; see docs/formulagp.md).

Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import lapping, raceevents
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import pro, rookie
from racebook.formulagp.bots import prochainevents as cev
from racebook.formulagp.losscontrol import passable
from racebook.formulagp.occupancy import room
from racebook.formulagp.rules import botbattle, botlanes
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.trackparts import Pos, Surface
from racebook.formulagp.w2w import free_between

__all__ = ["side_step", "undefended", "chain_target", "chained", "laps"]

RULE = "§22.10.4 [BOT 3.3]"
LAPPING_RULE = "§22.13.7 [BOT 6.7], §19.7.1"


def side_step(s: RaceState, c: Car) -> Pos | None:
    """The free space beside ``c`` toward its yellow arrow (then the other way): the lane change before an attack
    from the opponent's lane, or a Slipstream attack's first OT point (A25)."""
    for lane in botlanes.yellow_first(s.track, c.pos, rookie.card_of(s, c.id).yellow):
        p = s.track.lateral(c.pos, lane)
        if p is not None and room(s, c.id, p) is not None:
            return p
    return None


def laps(s: RaceState, c: Car, o: Car) -> bool:
    """``c`` attacking ``o`` is lapping it: ``c`` has covered more of the race (§19.7, §22.13.7)."""
    return lapping.distance(s, c) > lapping.distance(s, o)


def undefended(s: RaceState, c: Car, o: Car, *, slipstream: bool, what: str, rule: str, decision: str,
               log: EventLog) -> int:
    """The BOT draws a new BATTLE card against a car that can't defend (:func:`racebook.formulagp.bots.rookie.
    battle_score`, its aggression symbol included): the OT it overtakes with — the card's, capped by its max OT,
    at least 2 from a Slipstream space — or 0 when the card aborts the attack."""
    score = rookie.battle_score(s, c.id, attacking=True, opponent_leds=None, decision=decision, log=log)
    if score.aborted:
        log.append(cev.ProUndefended(c.id, o.id, what, "", 0, "the BATTLE card aborts it: it stays where it is",
                                     rule))
        return 0
    ot = botbattle.overtake_ot(score.ot, pro.bot_max_ot(s, c.id), slipstream=slipstream)
    low = f" (the card shows {score.ot}: never less than 2 from a Slipstream space)" if ot > score.ot else ""
    log.append(cev.ProUndefended(c.id, o.id, what, score.used[0], ot, f"it overtakes with {ot} OT{low}", rule))
    return ot


def chain_target(s: RaceState, c: Car) -> Car | None:
    """The car in front of ``c`` in the Slipstream space its overtake ended in (§22.10.4), one it may battle: not
    spun or off track, not in the pits, not its W2W partner (§13.5). None when there is none."""
    if s.track.space(c.pos).surface is not Surface.SLIPSTREAM:
        return None
    here = (c.pos.tile, c.pos.lane, c.pos.space)
    ahead = [o for o in s.cars.values() if o is not c and (o.pos.tile, o.pos.lane, o.pos.space) == here
             and o.pos.shadow < c.pos.shadow and not passable(o) and not o.pit and not o.pit_start
             and not free_between(c, o)]
    return max(ahead, key=lambda o: o.pos.shadow, default=None)  # the car straight in front of it


def chained(s: RaceState, c: Car, passed: list[str], log: EventLog) -> tuple[int, int] | None:
    """After a BOT's winning overtake: a Pro BOT's chained attack (§22.10.4). Returns (the lane its first OT point
    steps into, the OT it overtakes with) when the attack succeeds, None when there is none (a Rookie, no car ahead in
    its Slipstream space, overtaking barred, no free space beside, the TACTICS card aborts, the BATTLE card aborts).
    ``passed``: the cars already attacked in this chain (each once)."""
    if not pro.is_pro(s, c.id) or s.finished or passable(c):
        return None
    o = chain_target(s, c)
    if o is None or o.id in passed:
        return None
    if why := raceevents.no_overtaking(s, c.pos.tile):
        log.append(bev.BotHeld(c.id, o.id, why))
        return None
    step = side_step(s, c)
    if step is None:
        return None  # no free space beside: the first OT point has nowhere to go (A25)
    passed.append(o.id)
    card = rookie.card_of(s, c.id)
    decision = rookie.decide(s, c.id, attacking=True, lapping=laps(s, c, o))
    if decision is None:
        face = s.white_face(s.bots.face)
        log.append(cev.ProChainDecided(c.id, o.id, card.code, f"the WHITE die shows {face.value} (red)",
                                       " it aborts: it stays where it is"))
        return None
    log.append(cev.ProChainDecided(c.id, o.id, card.code, decision,
                                   f" it attacks, its first OT point into lane {step.lane}; a new BATTLE card"))
    ot = undefended(s, c, o, slipstream=True, what="chained attack", rule=RULE, decision="a chained attack (§22.10.4)",
                    log=log)
    return (step.lane, ot) if ot else None
