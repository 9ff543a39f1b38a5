"""Battles (digest §13.2–§13.4, §6.3.1, §8.1, §8.2, §11.5; A10, A11, A25, A35, A36, A37): the BATTLE phase's legal
actions, application and refusals, together.

**The offer** (§13.2). A car whose move ends in a forced stop (its leftover MP became OT, :mod:`moving`) may, when
the rules allow it (:func:`racebook.formulagp.rules.battle.may_declare`: an adjacent lane and at least 1 OT, or a
Slipstream space behind the opponent with a space free beside it and at least 2 OT), declare a battle — ``Grey
attack Red`` (a Slipstream attack names the lane its first OT point steps into: ``Grey attack Red L3``) — or end its
move (``Grey end``: the OT drops to 0). :func:`offer` switches the MOVE phase to BATTLE after such a stop (the hook
in :func:`racebook.formulagp.turn.apply`). Race rounds 1–2 have no forced stops (free passes, §13.1). With the house
rule ``extension_into_battle=False`` (A10 iii) a stop reached by an extension offers no battle.

**The sealed cards** (§13.3). The attacker, then the defender, lays its cards face down: ``Grey bid R2 W1 P3 +ers``
(movement card(s), a pair allowed, BLUE+BLUE too; Tyre Wear and Option cards on top, A11; ``+ers`` spends one ERS
charge, A36) or, for the defender only, ``Red yield`` (it does not defend: the attack succeeds). The choices are
action texts in the race's :class:`racebook.core.visibility.SealedRound` ``state.bids``, opened for (attacker,
defender): nothing is revealed until both have sealed (the event :class:`~racebook.formulagp.events.BattleSealed`
has only the car; :mod:`racebook.formulagp.visibility` keeps another car's ``bid`` sealed in the log until the
reveal).

**The reveal** (§13.3 item 4, §13.4). Each side's cards leave its hand for its discard pile (a Tyre Wear card +1 tyre
wear); its LEDs are the cards' printed LEDs, the attacker's OT level's LEDs (§8.2), one ERS charge's LEDs at the level
before it drops (§8.1, Example 3). The result (:func:`racebook.formulagp.rules.battle.result`): the attacker wins — it
moves forward one space per OT point in its lane, all of them (a Slipstream attack's first point steps sideways, A25:
the +2 was charged at the stop and is not added again), as far as it can (a car in the way or the lane's end: the rest
is lost), other cars cannot defend (§13.4.1); the defender wins — both stay (§13.4.2); a tie — both stay and both
drivers take +1 stress (§13.4.3). A pair played in the battle owes the YELLOW die (§6.3, A11); the OT is spent. A car
whose ERS spend cut its hand limit discards down at once (§8.1: ``Red discard G3``; never Tyre Wear or Draw Failure
cards, A34's play-and-resolve is not offered), then the attacker's turn ends (A10 ii: nothing after the OT move).

**A chained attack** (§13.4.1): an overtake that ends in a Slipstream shadow behind another car may go on — the OT
left + the Slipstream 2 (capped, A37) — with ``attack <car> L<lane>`` (or ``end``); the attacker alone seals its
cards, which must hold a movement card; the car ahead cannot defend.

**Before and beside the cards**: the dice a move owes are rolled when the driver chooses to attack, before the
declaration (§13.2 a, :mod:`racebook.formulagp.battledice`); the attacker's +1 OT secondary functions and Red
Parameter after it (§13.2 c), EVENT cards that apply in a battle and the driver skill in a bid (§13.3 items 3–4) are
:mod:`racebook.formulagp.battleextras`; Cold Tyres −2 (A35) is :func:`racebook.formulagp.pitlane.cold_led`.

The [ADV] second attempt after a tie and the optional 15.7.2 Defending Position are :mod:`.secondattempt`; the
optional 15.7.1 OT Management :mod:`.otmanagement`; 15.2's street-circuit defender bonus :mod:`.streetcircuit`.

**A hook for BOTs** (§22.10): a BOT commits its side's sealed choice in ``state.bids`` with :func:`seal` (a BOT's own
text, e.g. its BATTLE card's LEDs, needs its reading in :func:`side_leds`), so the reveal and the result stay the
ones here; :func:`deciding` names the side the table waits for.
"""

from __future__ import annotations

from itertools import combinations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import battledice, battleextras, otmanagement, overtakemode, pitlane, secondattempt
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, Bid, Discard, End, FgpAction, Param, Spend, Yield
from racebook.formulagp.aftermove import battle_dice
from racebook.formulagp.battlereveal import bot_defends, check_bid_cards, side_leds
from racebook.formulagp.bots import pro, proattack, prochain, retry, rookie
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.hand import discardable
from racebook.formulagp.lapping import update as lapping_update
from racebook.formulagp.laps import cross_line
from racebook.formulagp.moving import apply_move
from racebook.formulagp.occupancy import room
from racebook.formulagp.raceevents import no_overtaking
from racebook.formulagp.rounds import START_ROUNDS
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules import botbattle
from racebook.formulagp.rules.passing import lanes_of
from racebook.formulagp.rules.resources import slipstream_ot
from racebook.formulagp.state import Battle, Car, Phase, RaceState
from racebook.formulagp.trackparts import Pos, Surface
from racebook.formulagp.w2w import free_between

RULE = "§13.3"


# ------------------------------------------------------------------ the offer (§13.2)
def attacks(s: RaceState) -> list[Attack]:
    """The battles the car whose turn it is may declare now (§13.2 b): it stopped (a forced stop), holds OT and a
    movement or Tyre Wear card to attack with (§13.3), and a car is ahead in an adjacent lane (on the next tile) or
    in front of it in the Slipstream space it shares."""
    t = s.turn
    if t is None or not t.stopped or t.mp_left or s.round <= START_ROUNDS:
        return []
    c = s.cars[t.car]
    if c.ot < 1 or (t.extended and not s.rules.extension_into_battle):
        return []
    if not any(card_type(x) in bt.MOVEMENT or card_type(x) is CardType.TYRE_WEAR for x in c.hand):
        return []  # §13.3: the attacker must play at least 1 movement or Tyre Wear card
    out: list[Attack] = []
    nxt = s.track.next_tile(c.pos.tile)
    mine = lanes_of(s.track, c.pos)
    here = s.track.space(c.pos)
    for o in s.cars.values():
        if o is c or free_between(c, o):  # two W2W-token cars: no battle (§13.5)
            continue
        if no_overtaking(s, c.pos.tile, o.pos.tile):  # a Yellow Flag zone, the SC, the VSC (A33, §19.4.2, §19.5)
            continue
        if o.pos.tile == nxt and c.pos.space == len(s.track.tiles[c.pos.tile].spaces(c.pos.lane)) - 1:
            gap = min(abs(a - b) for a in mine for b in lanes_of(s.track, o.pos))
            if bt.may_declare(adjacent=gap == 1, slipstream=False, side_free=False, ot=c.ot):
                out.append(Attack(c.id, o.id))
        elif ((o.pos.tile, o.pos.lane, o.pos.space) == (c.pos.tile, c.pos.lane, c.pos.space)
              and here.surface is Surface.SLIPSTREAM and o.pos.shadow < c.pos.shadow):
            for lane in _side_lanes(s, c):
                if bt.may_declare(adjacent=False, slipstream=True, side_free=True, ot=c.ot):
                    out.append(Attack(c.id, o.id, lane))
    return out


def _side_lanes(s: RaceState, c: Car) -> list[int]:
    """The lanes a Slipstream attacker may step into with its first OT point: the space beside it is free."""
    out = []
    for lane in (c.pos.lane - 1, c.pos.lane + 1):
        side = s.track.lateral(c.pos, lane)
        if side is not None and room(s, c.id, side) is not None:
            out.append(lane)
    return out


def offer(s: RaceState) -> None:
    """After a MOVE-phase action: a forced stop with a battle to declare turns the phase to BATTLE (§13.2)."""
    if s.phase is Phase.MOVE and s.battle is None and s.turn is not None and s.turn.stopped and attacks(s):
        s.phase = Phase.BATTLE


# ------------------------------------------------------------------ the sealed cards (§13.3)
def deciding(s: RaceState) -> str | None:
    """Whose decision the BATTLE phase waits for: the attacker's declaration, a side still to seal (attacker first),
    or a car owing a forced discard."""
    b = s.battle
    if b is None:
        return s.turn.car if s.turn else None
    if s.bids.is_open:
        return s.bids.waiting[0] if s.bids.waiting else None
    if not b.defender or (b.retry and not b.discards):
        return secondattempt.decider(b)  # a chained attack offered (§13.4.1), a second attempt (§13.4.3, [BOT 3.2.4.2])
    return b.discards[0] if b.discards else None


def _by_code(xs: list[str]) -> list[str]:
    return sorted(xs, key=lambda x: (len(x), x))


def bids(s: RaceState, car: str) -> list[FgpAction]:
    """Every legal set of battle cards of ``car`` (§13.3, A11): no movement card, one, or a legal pair; with 0.. of
    its Tyre Wear and Option cards (lowest codes first: which of two alike cards is added changes nothing); at least
    one movement or Tyre Wear card; with and without one ERS charge. The defender may also yield."""
    c = s.cars[car]
    moving = _by_code([x for x in set(c.hand) if card_type(x) in bt.MOVEMENT])
    wear = _by_code([x for x in c.hand if card_type(x) is CardType.TYRE_WEAR])
    opt = _by_code([x for x in c.hand if card_type(x) is CardType.OPTION])
    primaries: list[tuple[str, ...]] = [()] + [(x,) for x in moving] + list(combinations(moving, 2))
    out: list[FgpAction] = []
    for prim in primaries:
        for w in range(len(wear) + 1):
            for o in range(len(opt) + 1):
                chosen = prim + tuple(wear[:w]) + tuple(opt[:o])
                try:
                    check_bid_cards(s, c, chosen)
                except IllegalAction:
                    continue
                out.append(Bid(car, chosen))
                if c.ers > 0:
                    out.append(Bid(car, chosen, True))
    if s.battle is not None and s.battle.chained:  # §13.4.1: a secondary attack plays a movement card
        out = [a for a in out if isinstance(a, Bid) and any(card_type(x) in bt.MOVEMENT for x in a.cards)]
    out = battleextras.with_extras(s, car, out)  # EVENT cards and the driver skill (§13.3 items 3-4)
    out = secondattempt.bids(s, car, out)  # [ADV] a second attempt's attack lays a movement card (§13.4.3, SA2)
    if s.battle is not None and car == s.battle.defender:
        out.append(Yield(car))
    return out


def seal(s: RaceState, a: FgpAction, log: EventLog) -> None:
    """One side seals its battle choice (the BOT hook: any side of ``state.bids`` commits through here); once both
    have, the reveal and the result (:func:`resolve`)."""
    s.bids.commit(a.car, str(a), a)
    log.append(ev.BattleSealed(a.car))
    for car in list(s.bids.waiting):  # a Rookie BOT decides nothing: its side is drawn at the reveal (§22.10)
        if s.cars[car].bot:
            s.bids.commit(car, f"{car} {BOT_SIDE}", None)
            log.append(ev.BattleSealed(car))
    if s.bids.ready:
        resolve(s, log)


# ------------------------------------------------------------------ the reveal and the result (§13.3 item 4, §13.4)


#: what a Rookie BOT's side of the sealed round holds until the reveal: its BATTLE card is drawn then (§22.10.2)
BOT_SIDE = proattack.BOT_SIDE


def resolve(s: RaceState, log: EventLog) -> None:
    b = s.battle
    assert b is not None
    if s.cars[b.attacker].bot:
        return _bot_attacks(s, log)  # a Rookie's attack on a player (§22.10.3 [BOT 3.2.4.1])
    sealed = dict(s.bids.reveal())
    att, pair_a = side_leds(s, b.attacker, sealed[b.attacker], True, log)
    # a chained attack's car ahead cannot defend (§13.4.1): it lays no card
    if sealed.get(b.defender, "").endswith(f" {BOT_SIDE}"):
        dfn, pair_d = bot_defends(s, b.defender, att.leds, log), False
    else:
        dfn, pair_d = side_leds(s, b.defender, sealed.get(b.defender, f"{b.defender} yield"), False, log)
    log.append(att)
    log.append(dfn)
    res = bt.result(att.leds, dfn.leds if dfn.defends else None)
    log.append(ev.BattleResolved(b.attacker, b.defender, att.leds, dfn.leds, res.value,
                                 "§13.4.1" if b.chained else res.rule))
    c = s.cars[b.attacker]
    if res.succeeds:
        left = _overtake(s, c, b.lane, log)
        b.chain_next = _chain(s, c, left)
    pro.after_battle(s, b.defender, attacked=False, lost=res.succeeds, log=log)  # a Pro defender (§22.10.3)
    blocked = res is bt.Result.TIE and proattack.blocks(s, b, log)  # §22.14 BOT 7.2 (optional): a Pro's block
    tie = {b.attacker: 1, b.defender: 1} if res is bt.Result.TIE else {}
    lost = battle_dice(s, tie, [car for car, pair in ((b.attacker, pair_a), (b.defender, pair_d)) if pair], log)
    b.retry = not blocked and not lost and retry.offered(s, b, res, c, att.leds, dfn.leds)
    secondattempt.after_tie(s, b, res, c, lost, log)  # [ADV] the second attempt (§13.4.3), a block first (15.7.2)
    if not b.chain_next and not b.retry:
        c.ot = 0  # §8.2: the OT is used by the battle; it never carries over
    _done(s, log)


def _chain(s: RaceState, c: Car, left: int) -> bool:
    """§13.4.1: an overtake that ends in a Slipstream space behind another car may go on with a secondary attack, with
    the OT left + the 2 of the Slipstream bonus (capped, A37), if the attacker holds a movement card to play and a
    space beside is free. Sets the OT for it; returns whether it is offered."""
    before, c.ot = c.ot, slipstream_ot(min(left, s.board.ot_max), s.board.ot_max, False).ot
    if _chain_attacks(s, c):
        return True
    c.ot = before
    return False


def _chain_attacks(s: RaceState, c: Car) -> list[Attack]:
    """The secondary attacks open to ``c`` (§13.4.1): Slipstream attacks on the car in front of it in its space."""
    if not any(card_type(x) in bt.MOVEMENT for x in c.hand):
        return []  # §13.4.1: the attacker must still play a movement card
    return [a for a in attacks(s) if a.lane and s.cars[a.defender].pos.tile == c.pos.tile]


def _overtake(s: RaceState, c: Car, lane: int, log: EventLog) -> int:
    """§13.4.1: one space per OT point, all of them, in the car's lane (a Slipstream attack: the first point to the
    lane beside); a car in the way or the lane's end stops it and the rest is lost. Returns the OT points lost.

    The pit entry's shadow car (§16.1; the original's 11.1: a car that does not pit "must stop ahead of the yellow
    line on the shadow car"; "the space behind the yellow line is not considered a part of the racing lane and a
    player cannot end their movement there without entering the pit lane"): an overtake is no pit entry (the pits are
    entered by ``pit`` in the move, and nothing follows the OT move, A10 ii), so an overtake that reaches or starts on
    the shadow car stops there and its OT points left are lost, by the move's own rule
    (:func:`racebook.formulagp.pitlane.barred`)."""
    frm, ot, moved, why = c.pos, c.ot, 0, ""
    for k in range(ot):
        if k == 0 and lane:
            nxt: Pos | None = s.track.lateral(c.pos, lane)
        else:
            nxt = next((p for p in s.track.forward(c.pos) if p.lane == c.pos.lane), None)
        if nxt is None:
            otmanagement.blocked(s, c, None, lane, ot - moved, log)  # §21 15.7.1: off the lane's end
            break
        if pitlane.barred(s, c, c.pos, nxt):  # §16.1: not across the yellow line from the shadow car
            why = "; stopped on the shadow car ahead of the yellow line, §16.1"
            break
        shadow = room(s, c.id, nxt)
        if shadow is None:
            otmanagement.blocked(s, c, nxt, lane, ot - moved, log)  # §21 15.7.1: into the car in the way
            break
        before = c.pos
        c.pos = Pos(nxt.tile, nxt.lane, nxt.space, shadow)
        moved += 1
        if nxt.tile < before.tile:
            cross_line(s, c, log)
    log.append(ev.Overtook(c.id, s.track.name_of(frm), s.track.name_of(c.pos), ot, moved, ot - moved, why))
    return ot - moved


def _done(s: RaceState, log: EventLog) -> None:
    """The battle is over once every forced discard is made: the attacker's turn ends (A10 ii)."""
    b = s.battle
    assert b is not None
    while b.discards and not _owes_discard(s, s.cars[b.discards[0]]):
        b.discards = b.discards[1:]
    if b.discards:
        return
    if b.chain_next:  # §13.4.1: the secondary attack is offered (or the move ends)
        s.battle = Battle(b.attacker, "", chained=True)
        return
    if b.retry:  # [BOT 3.2.4.2]: the second attempt against a Rookie is offered (or the move ends)
        return
    attacker = b.attacker
    s.battle = None
    s.phase = Phase.MOVE
    if s.cars[attacker].bot:
        return rookie.end_move(s, s.cars[attacker], log)  # its move's end: no dice (§22.13.1)
    apply_move(s, End(attacker), log)


def _owes_discard(s: RaceState, c: Car) -> bool:
    return len(c.hand) > s.hand_limit(c) and bool(discardable(c))


# ------------------------------------------------------------------ the phase's three answers
def legal_battle(s: RaceState) -> list[FgpAction]:
    b = s.battle
    if b is None:
        car = s.turn.car if s.turn else ""
        return otmanagement.must_attack(s, [*attacks(s), End(car)])  # §21 15.7.1: a full OT must attack
    if not b.defender:
        return [*_chain_attacks(s, s.cars[b.attacker]), End(b.attacker)]
    if s.bids.is_open:  # the attacker may first raise its OT (§13.2 c)
        return bids(s, s.bids.waiting[0]) + battleextras.boosts(s) if s.bids.waiting else []
    if b.retry and not b.discards:
        return secondattempt.legal(s, b)  # attack again or not (§13.4.3, [BOT 3.2.4.2]), a block first (§21 15.7.2)
    c = s.cars[b.discards[0]]
    return [Discard(c.id, x) for x in sorted(set(discardable(c)))]


def apply_battle(s: RaceState, a: FgpAction, log: EventLog) -> None:
    b = s.battle
    if b is None:
        if isinstance(a, End):  # §13.2: end the move; the OT drops to 0
            s.phase = Phase.MOVE
            apply_move(s, a, log)
            return
        assert isinstance(a, Attack)
        dice = battledice.roll_first(s, a, log)  # §13.2 a: the dice owed first; they may take the attack away
        if dice is battledice.Dice.WAITING:  # a counter-steer decision first (§18.1): resume_attack goes on
            return
        if dice is battledice.Dice.ROLLED and _called_off(s, a, log):
            return
        declare(s, a, log)
        return
    if not b.defender:  # the chained secondary attack (§13.4.1): the car ahead cannot defend
        if isinstance(a, End):
            s.battle = None
            s.phase = Phase.MOVE
            s.cars[a.car].ot = 0
            apply_move(s, a, log)
            return
        assert isinstance(a, Attack)
        b.defender, b.lane = a.defender, a.lane
        s.bids.open((a.car,), RULE)
        log.append(ev.BattleDeclared(a.car, a.defender, s.cars[a.car].ot, a.lane,
                                     f", a secondary attack from the Slipstream space into lane {a.lane}: "
                                     f"{a.defender} cannot defend (§13.4.1)"))
        return
    if s.bids.is_open and isinstance(a, (Spend, Param)):  # §13.2 c: OT raised before the cards are laid
        battleextras.apply_boost(s, a, log)
        return
    if s.bids.is_open:
        seal(s, a, log)
        return
    if b.retry and not b.discards:
        return secondattempt.apply(s, b, a, log)  # a BOT defender: bots.retry.apply ([BOT 3.2.4.2])
    assert isinstance(a, Discard)
    c = s.cars[a.car]
    c.hand.remove(a.card)
    c.deck.discard(a.card)
    log.append(ev.Discarded(c.id, a.card, s.hand_limit(c)))
    _done(s, log)


def _called_off(s: RaceState, a: Attack, log: EventLog) -> bool:
    """§13.2 b after the dice before the battle (:func:`racebook.formulagp.battledice.called_off`): when the driver
    may no longer declare ``a``, the move ends (§13.2: the OT drops to 0) and True."""
    if not battledice.called_off(s, a, log, attacks):
        return False
    apply_move(s, End(a.car), log)
    return True


def resume_attack(s: RaceState, log: EventLog) -> None:
    """The loss of control the dice before a battle caused is resolved (the CONTROL phase's way back,
    :mod:`racebook.formulagp.control`): declare the attack that waited, or end the move when it can no longer be
    declared (§13.2 a–b)."""
    a = battledice.waiting(s)
    if _called_off(s, a, log):
        return
    s.phase = Phase.BATTLE
    declare(s, a, log)


def declare(s: RaceState, a: Attack, log: EventLog) -> None:
    """§13.2 b: the battle is declared (after the dice, :mod:`racebook.formulagp.battledice`); both sides seal."""
    c = overtakemode.spend(s, s.cars[a.car], log)  # §21 15.13: a banked OT goes into it, once
    s.battle = Battle(a.car, a.defender, a.lane)
    s.bids.open((a.car, a.defender), RULE)
    how = f", stepping into lane {a.lane} with its first OT point (Slipstream, §13.4.1)" if a.lane else ""
    log.append(ev.BattleDeclared(a.car, a.defender, c.ot, a.lane, how))


def explain_battle(s: RaceState, a: FgpAction) -> tuple[str, str]:
    b = s.battle
    who = deciding(s)
    if a.car != who:
        return RULE if b is not None else "§13.2", f"it is {who}'s decision in the battle"
    if b is None:
        if (why := otmanagement.explain_end(s, a)) is not None:  # §21 15.7.1
            return why
        if isinstance(a, Attack):
            if a.defender not in s.cars or a.defender == a.car:
                return "§13.2", f"{a.defender} is not an opponent in the race"
            return "§13.2", ("a battle is declared from a lane adjacent to the opponent ahead with at least 1 OT, or "
                             "from a Slipstream space behind it with a free space beside and at least 2 OT "
                             "(a Slipstream attack names that lane, e.g. L3)")
        return "§13.2", f"{a.car} stopped behind a car: attack it ('attack <car>') or end the move ('end')"
    if not b.defender:
        return "§13.4.1", (f"{a.car} may make a secondary attack on the car in front of it in the Slipstream space "
                           "('attack <car> L<lane>', with a movement card to play) or end its move ('end')")
    if s.bids.is_open:
        if isinstance(a, (Spend, Param)):
            return battleextras.explain_boost(s, a)
        if isinstance(a, Bid) and (why := battleextras.check_extras(s, a)) is not None:
            return why
        if isinstance(a, Bid) and (why := secondattempt.explain_bid(s, a)) is not None:
            return why
        if b.chained and isinstance(a, Bid) and all(x in s.cars[a.car].hand for x in a.cards) and not any(
                card_type(x) in bt.MOVEMENT for x in a.cards):
            return "§13.4.1", "a secondary attack must still play a movement card"
        if isinstance(a, Yield):
            return RULE, "only the defender may decline to defend; the attacker plays at least one card"
        if not isinstance(a, Bid):
            return RULE, f"{a.car} lays its battle cards face down: 'bid <cards> [+ers]'"
        c = s.cars[a.car]
        for x in a.cards:
            if x not in c.hand:
                return RULE, f"{x} is not in {a.car}'s hand"
        if len(set(a.cards)) != len(a.cards):
            return RULE, "each card once"
        if a.ers and c.ers < 1:
            return "§8.1", "the ERS is empty"
        try:
            check_bid_cards(s, c, a.cards)
        except IllegalAction as e:
            return e.rule, e.reason
        return RULE, "two alike Tyre Wear or Option cards: the engine lists the lowest codes first"
    if b.retry and not b.discards and secondattempt.players(s, b):
        return secondattempt.explain(s, b, a)  # [ADV] §13.4.3, §21 15.7.2
    if b.retry and not b.discards:
        return "§22.10.3", (f"a tie with the Rookie {b.defender}: attack again with 1 OT less "
                            f"('attack {b.defender}{f' L{b.lane}' if b.lane else ''}', it does not defend a second "
                            "time, a card must still be played) or end the move ('end')")
    if isinstance(a, Discard):
        return "§8.1", f"{a.card} may not be discarded: not in hand, or a Tyre Wear or Draw Failure card"
    return "§8.1", f"the ERS spent in the battle cut {a.car}'s hand limit: discard down to it at once"


# ------------------------------------------------------------------ a Rookie BOT's attack on a player (§22.10.3)
def _bot_attacks(s: RaceState, log: EventLog) -> None:
    """The reveal of a Rookie's attack on a player ([BOT 3.2.4.1]; the battle opened by
    :func:`racebook.formulagp.bots.attack.start`): the player's cards first, then the BOT draws its BATTLE card(s)
    against their LEDs (:func:`racebook.formulagp.bots.rookie.battle_score`). A winning BOT overtakes with its card's
    OT (≤ max OT; at least 2 from a Slipstream space, :func:`racebook.formulagp.rules.botbattle.overtake_ot`); a tie:
    the player +1 stress (its RED dice at once), both stay, no second attempt by a Rookie; a pair the player played
    owes the YELLOW die (§6.3); then the BOT's turn ends (:func:`_done`)."""
    b = s.battle
    assert b is not None
    sealed = dict(s.bids.reveal())
    dfn, pair = side_leds(s, b.defender, sealed[b.defender], False)
    player = dfn.leds if dfn.defends else 0
    score = rookie.battle_score(s, b.attacker, attacking=True, opponent_leds=player,
                                decision="the player's cards shown first (§22.10.2)", log=log)
    c = s.cars[b.attacker]
    leds = 0 if score.aborted else score.leds
    log.append(ev.BattleRevealed(c.id, "attacker", score.used, leds, 0, 0, leds, c.ers, c.wear, not score.aborted))
    log.append(dfn)
    res = botbattle.bot_attacks_player(score, player, pro.bot_max_ot(s, c.id), slipstream=bool(b.lane))
    log.append(ev.BattleResolved(c.id, b.defender, leds, player, res.outcome.value, "§22.10.3 [BOT 3.2.4.1]"))
    if res.passes:
        bot_overtakes(s, c, res.ot - int(b.again), b.lane, log)  # a Pro's second attack: 1 OT less (§22.10.3)
    stress = {b.defender: res.player_stress} if res.player_stress else {}  # §22.10.3: a tie: the player +1 stress
    lost = battle_dice(s, stress, [b.defender] if pair else [], log)
    if proattack.again(s, b, res.player_stress > 0 and not lost, log):
        return  # the Pro BOT attacks again: the player picks new cards (§22.10.3 item 4)
    pro.after_battle(s, c.id, attacked=True, lost=not res.passes, log=log)
    _done(s, log)


def bot_overtakes(s: RaceState, c: Car, ot: int, lane: int, log: EventLog) -> None:
    """A winning BOT moves with its BATTLE card's OT through the overtake every car makes (:func:`_overtake`; a BOT
    may pass several cars when the track is clear, [BOT 3.2.4]); its OT is 0 after; a car it lapped gets its Blue
    Flag (§22.13.7, :func:`racebook.formulagp.lapping.update`). A Pro BOT whose overtake ends in a Slipstream space
    behind another car may attack that car too, and so on (§22.10.4, :func:`racebook.formulagp.bots.prochain.chained`:
    a new BATTLE card, the car can't defend)."""
    passed: list[str] = []
    while True:
        c.ot = ot
        _overtake(s, c, lane, log)
        c.ot = 0
        lapping_update(s, log)
        chain = prochain.chained(s, c, passed, log)
        if chain is None:
            return
        lane, ot = chain
