"""A Rookie BOT's own attack (digest §22.10.2–§22.10.4, §22.13.7; [BOT 3.2], [BOT 3.3], [BOT 6.7]): when its move
is done the engine checks whether it is in position to attack a car ahead
(:func:`racebook.formulagp.rules.botbattle.in_position_to_attack`), decides by its TACTICS card (the WHITE die when
the card shows it; always when lapping) and resolves the battle — the three matchups of
:mod:`racebook.formulagp.rules.botbattle`:

* **against a player** ([BOT 3.2.4.1]): the battle opens through :mod:`racebook.formulagp.battles` (``state.battle``
  and the sealed round ``state.bids`` for both cars); the BOT's side is committed at once (its BATTLE card is drawn
  at the reveal, :data:`racebook.formulagp.battles.BOT_SIDE`), so the table waits only for the player, who bids (or
  yields) as any defender. At the reveal the player's cards show first, then the BOT draws
  (:func:`racebook.formulagp.bots.rookie.battle_score`, the player's LEDs known for the "lose" symbol). A winning
  BOT overtakes with its card's OT (≤ max OT; at least 2 from a Slipstream space, :func:`botbattle.overtake_ot`);
  a tie: the player +1 stress (its RED dice at once, A8), both stay; a Rookie never makes a second attempt;
* **against a BOT** ([BOT 3.2.4.3]): no action: the attacker draws first, then the defender decides (its TACTICS
  card) and draws; the result at once;
* **a Pro BOT lapping a car** (§22.13.7, [BOT 6.7]): no battle: a BATTLE card says whether the attack is possible,
  the car being lapped can't defend (§19.7.1; :func:`racebook.formulagp.bots.prochain.undefended`); a Rookie lapping
  a car battles as above (its decision without the die). A Pro's winning overtake may chain (§22.10.4,
  :func:`racebook.formulagp.bots.prochain.chained`).

The position to attack: the front space of the tile behind the opponent in an adjacent lane; in its lane with at
least 1 MP left to change lane toward the yellow arrow (the BOT steps into the space beside with that MP before the
battle, B2); or in the Slipstream space of the opponent, behind it (the first OT point steps into a free space beside,
A25, as a player's Slipstream attack). A BOT takes no OT from MP: :attr:`racebook.formulagp.bots.table.BotTable.left`
holds the MP it stopped with for the check. No battle in race rounds 1–2 (§22.8), none in a Yellow Flag zone, under
the Safety Car or the VSC (A33, §19.4.2, §19.5: no overtaking of any kind; the BOT's move already stops behind the car
ahead there, :func:`racebook.formulagp.raceevents.entry`), none between two W2W-token holders (§13.5). With
``Rules.rookie_battles_once_a_round`` (B1) a Rookie attacks or defends at most once a round.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import lapping, raceevents
from racebook.formulagp.battles import BOT_SIDE, bot_overtakes
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import pro, prochain, rookie
from racebook.formulagp.losscontrol import passable
from racebook.formulagp.occupancy import room
from racebook.formulagp.options import RookieAttackOrder
from racebook.formulagp.rules import botbattle, botlanes
from racebook.formulagp.rules.passing import lanes_of
from racebook.formulagp.state import Battle, Car, Phase, RaceState
from racebook.formulagp.streetcircuit import defender_score
from racebook.formulagp.trackparts import Pos
from racebook.formulagp.w2w import free_between

RULE = "§22.10.2"
_ADJACENT = {0: 0, 1: 1, 2: 2}  # B3 (kinds: 0 the adjacent lane, 1 the Slipstream space, 2 its own lane)
_AHEAD = {1: 0, 2: 1, 0: 2}  # B3's other reading: the car straight ahead first


def _opponents(s: RaceState, c: Car, left: int) -> list[Car]:
    """The cars ``c`` is in position to attack (§22.10.2 item 1), the adjacent lane first, then the Slipstream
    space, then its own lane (the lane change it needs), each the lane nearer the yellow arrow first (B3; house rule
    ``rookie_attack_order``: ``ahead`` puts the Slipstream space and its own lane before the adjacent lane)."""
    rank = _AHEAD if s.rules.rookie_attack_order is RookieAttackOrder.AHEAD else _ADJACENT
    card = rookie.card_of(s, c.id)
    order = botlanes.yellow_first(s.track, c.pos, card.yellow)
    out = []
    for o in s.cars.values():
        if o is c or passable(o) or o.pit or o.pit_start or free_between(c, o):
            continue
        if not botbattle.in_position_to_attack(s.track, c.pos, o.pos, left):
            continue
        same = (o.pos.tile, o.pos.lane, o.pos.space) == (c.pos.tile, c.pos.lane, c.pos.space)
        gap = 0 if same else min(abs(a - b) for a in lanes_of(s.track, c.pos) for b in lanes_of(s.track, o.pos))
        kind = rank[1 if same else (0 if gap == 1 else 2)]
        side = min((i for i, ln in enumerate(order) if ln in lanes_of(s.track, o.pos)), default=len(order))
        out.append((kind, side, o.id))
    return [s.cars[car] for _, _, car in sorted(out)]


def start(s: RaceState, c: Car, log: EventLog) -> bool:
    """After a BOT's move (:func:`racebook.formulagp.bots.rookie.resolve`): an attack if it is in position and
    decides to. True when a battle waits for a player's cards (the turn goes on in the BATTLE phase); False when
    the turn may end (no attack, or a BOT-against-BOT battle resolved here)."""
    left, s.bots.left = s.bots.left, 0
    if s.round <= rookie.START_ROUNDS or s.finished:
        return False  # §22.8: no battles in rounds 1-2
    if s.pending or passable(c):
        return False  # a driver's decision waits (its push, B2), or the BOT is still off track
    if s.rules.rookie_battles_once_a_round and c.id in s.bots.battled:
        return False
    for o in _opponents(s, c, left):
        if why := raceevents.no_overtaking(s, c.pos.tile, o.pos.tile):
            log.append(bev.BotHeld(c.id, o.id, why))
            return False
        slip = (o.pos.tile, o.pos.lane, o.pos.space) == (c.pos.tile, c.pos.lane, c.pos.space)
        step = prochain.side_step(s, c)
        if step is None and (slip or _same_lane(s, c, o)):
            continue  # no free space beside: no lane change to attack from
        laps = prochain.laps(s, c, o)
        decision = rookie.decide(s, c.id, attacking=True, lapping=laps)
        card = rookie.card_of(s, c.id)
        if decision is None:
            face = s.white_face(s.bots.face)
            log.append(bev.BotAttackDecided(c.id, o.id, card.code, f"the WHITE die shows {face.value} (red)",
                                            " aborts: it stays where it is"))
            return False
        if c.bot == "rookie":  # B1 counts the Rookies (a Pro BOT battles as often as it meets cars)
            s.bots.battled.append(c.id)
        lane, how = 0, ""
        if slip:
            assert step is not None
            lane, how = step.lane, f" from the Slipstream space, its first OT point into lane {step.lane} (§22.10.4)"
        elif _same_lane(s, c, o):
            assert step is not None
            how = f" after a lane change with 1 MP left toward its yellow arrow, lane {step.lane}"
        log.append(bev.BotAttackDecided(c.id, o.id, card.code, decision,
                                        f" attacks{how}; its OT comes from its BATTLE card"))
        if _same_lane(s, c, o) and step is not None:
            log.append(bev.BotLane(c.id, card.code, c.pos.lane, step.lane, "to attack (§22.10.2)"))
            c.pos = Pos(step.tile, step.lane, step.space, room(s, c.id, step) or 0)
        if laps and c.bot == pro.PRO:
            _lap(s, c, o, lane, decision, log)
            return False
        if o.bot:
            _against_bot(s, c, o, lane, log)
            return False
        s.battle = Battle(c.id, o.id, lane)
        s.bids.open((c.id, o.id), "§13.3")
        s.bids.commit(c.id, f"{c.id} {BOT_SIDE}", None)  # a BOT decides nothing more: it draws at the reveal
        log.append(ev.BattleSealed(c.id))
        s.phase = Phase.BATTLE
        return True
    return False


def _lap(s: RaceState, c: Car, o: Car, lane: int, decision: str, log: EventLog) -> None:
    """§22.13.7 [BOT 6.7]: a Pro BOT's lapping attempt (:func:`racebook.formulagp.bots.prochain.undefended`): no
    battle decision, a BATTLE card to see whether an attack is possible, the car being lapped can't defend (§19.7.1);
    a success overtakes with the card's OT and the lapped car gets its Blue Flag; a card that aborts is a failed
    attempt: the slower car is marked as by the players' rule (§19.7.3: the second failure lets every car move
    around it next round); then a Pro's battle aftermath (the battle-area hazard, §22.9.3)."""
    ot = prochain.undefended(s, c, o, slipstream=bool(lane), what="lapping attempt", rule=prochain.LAPPING_RULE,
                             decision=decision, log=log)
    if ot:
        bot_overtakes(s, c, ot, lane, log)
    else:  # "unable to lap the slower car on the first attempt": the players' procedure, the marker (§19.7.3)
        lapping.blocked(s, c, [o], log)
    pro.after_battle(s, c.id, attacked=True, lost=False, log=log)


def _same_lane(s: RaceState, c: Car, o: Car) -> bool:
    return o.pos.tile != c.pos.tile and bool(set(lanes_of(s.track, c.pos)) & set(lanes_of(s.track, o.pos)))


def _against_bot(s: RaceState, c: Car, o: Car, lane: int, log: EventLog) -> None:
    """[BOT 3.2.4.3]: the attacker draws first; the defender's TACTICS card decides, then it draws."""
    max_ot = pro.bot_max_ot(s, c.id)
    att = rookie.battle_score(s, c.id, attacking=True, opponent_leds=None, decision="BOT against BOT: draws first",
                              log=log)
    dfn = None
    if not att.aborted:
        if s.rules.rookie_battles_once_a_round and o.id in s.bots.battled:
            log.append(bev.BotBattled(o.id, rookie.card_of(s, o.id).code, "defends",
                                      "it has battled this round: it does not defend again (B1)", (), (), 0, 0))
        else:
            if o.bot == "rookie":  # (B1: Rookies only)
                s.bots.battled.append(o.id)
            dfn = defender_score(s, rookie.battle_side(s, o.id, attacking=False, opponent_leds=att.leds, log=log))
    res = botbattle.bot_attacks_bot(att, dfn, max_ot, slipstream=bool(lane))
    a_leds = 0 if att.aborted else att.leds
    d_leds = dfn.leds if dfn is not None and not dfn.aborted else 0
    log.append(ev.BattleRevealed(c.id, "attacker", att.used, a_leds, 0, 0, a_leds, c.ers, c.wear, not att.aborted))
    log.append(ev.BattleRevealed(o.id, "defender", dfn.used if dfn else (), d_leds, 0, 0, d_leds, o.ers, o.wear,
                                 dfn is not None and not dfn.aborted))
    log.append(ev.BattleResolved(c.id, o.id, a_leds, d_leds, res.outcome.value, "§22.10.3 [BOT 3.2.4.3]"))
    if res.passes:
        bot_overtakes(s, c, res.ot, lane, log)
    pro.after_battle(s, c.id, attacked=True, lost=not res.passes, log=log)  # a Pro's aftermath (§22.10.3, §22.9.3)
    pro.after_battle(s, o.id, attacked=False, lost=res.passes, log=log)


__all__ = ["start"]


rookie.ATTACK[0] = start  # the Rookie BOT engine calls its attack back (issue 39 item 7)
