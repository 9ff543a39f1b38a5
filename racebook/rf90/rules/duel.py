"""Duels in corner sections (§12, §24, §17.2, §19.3, §26.2).

When a corner section (or the leader's subsection of one) is activated, a
duel may be fought before anybody plays. The procedure is a short series of
decisions held in :class:`DuelCtx`:

1. declaring, from the last car forward: ``challenge`` / ``no-challenge``;
2. every eligible car ahead of the challenger: ``join`` / ``decline``;
3. every participant bids 1–2 cards face down (``bid``): simultaneous moves —
   the bids are one :class:`racebook.core.visibility.SealedRound` (``DuelCtx.sealed``): each stays hidden (an
   event says only how many cards) until all are in, and :mod:`racebook.rf90.visibility` says what each player
   sees of another's face-down cards;
4. reveal and resolution: totals, re-ordering, ties, frozen cards.

Robots decide by §17.2 and bid the top two Race Cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from racebook.core.visibility import SealedRound
from racebook.rf90.actions import Action, Assist, Bid, Challenge, Decline, Join, NoAssist, NoChallenge
from racebook.rf90.car import Car, Strategy
from racebook.rf90.cards import PowerKind
from racebook.rf90.events import (
    CardsFaceDown,
    Challenged,
    Damage,
    DrawReason,
    DuelAnswer,
    DuelBids,
    DuelCardsFrozen,
    DuelChanceUsed,
    DuelOrder,
    DuelReveal,
    DuelsDeclared,
    DuelTie,
    Event,
    LeaderCause,
    LeaderToken,
    NobodyChallenges,
    NoDuel,
    NotAssisted,
    NotChallenging,
    NotParticipating,
    Unopposed,
)
from racebook.rf90.rules import assist, payments
from racebook.rf90.rules.drawing import draw_track_card
from racebook.rf90.state import YELLOW_FLAG, Activation, RaceState
from racebook.rf90.track import SectionType

BANGING_WHEELS_BONUS = 3  # §26.2
BID_RULE = "§12.1"  # each participant plays 1 or 2 cards face down (revealed together, §12.2)


def chance_key(act: Activation) -> str:
    """§12.3: one chance per section — or per subsection when it shared the section with the leader."""
    return f"{act.section}:{'ahead' if act.part == 'ahead' else 'main'}"


def duels_possible(state: RaceState, act: Activation) -> str | None:
    """None when a duel may be fought in this activation, else the reason why not."""
    if state.section(act.section).type is not SectionType.CORNER:
        return "not a corner section"
    if state.sc is not None:
        return "the Safety Car is out: no overtaking (§21.3)"
    if state.turn == 1:
        return "no duels at the start (§22)"
    if state.restart and not state.rules.restart_duels:  # AMB-X1-38: Expansion #1 allows them (house rule)
        return "no duels at a restart (§22)"
    if YELLOW_FLAG in state.order[act.section]:
        return "a yellow flag is in the section (§15.1)"
    return None


@dataclass
class DuelCtx:
    activation: Activation
    cars: list[str]  # the group, front to back, at the start of the duel
    eligible: list[str]
    stage: str = "declare"  # declare | join | bid | done
    pointer: int = -1  # index into cars while declaring / joining
    challenger: str | None = None
    participants: list[str] = field(default_factory=list)
    decliners: list[str] = field(default_factory=list)
    bids: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the revealed bids (filled at the reveal)
    to_join: list[str] = field(default_factory=list)
    sealed: SealedRound[str, tuple[str, ...]] = field(default_factory=SealedRound)  # the bids until the reveal (§12.1)
    first: str | None = None  # the car spared the corner modifier (§12.2); None = the group's first car
    unopposed: bool = False  # nobody took up the challenge (§12.2: the decliners still go behind the challenger)
    helper: str | None = None  # a robot teammate's human deciding on an orange card now (Expansion #1 §5.6)
    asked: list[str] = field(default_factory=list)  # robot teammates whose human has been asked here
    boosted: list[str] = field(default_factory=list)  # robots forced by an orange card: +3 (AMB-X1-28)

    @property
    def to_bid(self) -> list[str]:
        """The participants still to bid, front to back (the sealed round's sides still to commit)."""
        return list(self.sealed.waiting)

    @property
    def current(self) -> str | None:
        if self.helper is not None:
            return self.helper
        if self.stage == "declare":
            return self.cars[self.pointer]
        if self.stage == "join":
            return self.to_join[0]
        if self.stage == "bid":
            return self.to_bid[0]
        return None


def start(state: RaceState, act: Activation, cars: list[str], events: list[Event]) -> DuelCtx | None:
    """Open the duel procedure for an activation, or None if nobody can duel (saying why, for corners)."""
    why = duels_possible(state, act)
    if why is not None:
        if why != "not a corner section" and len([c for c in cars if state.cars[c].off_track is None]) > 1:
            events.append(NoDuel(act.section, str(act), why))
        return None
    key = chance_key(act)
    eligible = [c for c in cars if (c, key) not in state.duel_chances and state.cars[c].on_track
                and state.cars[c].off_track is None and (c, "re-entered") not in state.duel_chances]  # §18.5
    if len(eligible) < 2:
        used = [c for c in cars if (c, key) in state.duel_chances]
        if used and len([c for c in cars if state.cars[c].off_track is None]) > 1:
            events.append(DuelChanceUsed(act.section, str(act), tuple(used)))
        return None
    cars = [c for c in cars if state.cars[c].off_track is None]
    ctx = DuelCtx(act, list(cars), eligible, pointer=len(cars) - 1, first=first_car(state, act, cars))
    for c in eligible:  # AMB-39: the offer itself uses each car's chance here, accepted or declined
        state.duel_chances.add((c, key))
    corner = state.track.corner_of(act.section)
    events.append(DuelsDeclared(act.section, str(act), tuple(reversed(eligible)), corner.name if corner else None,
                                corner.duel_modifier if corner else 0))
    _auto(state, ctx, events)
    return ctx if ctx.stage != "done" else None


def first_car(state: RaceState, act: Activation, cars: list[str]) -> str | None:
    """The 'first car in the section', spared the corner modifier (§12.2), when the duel opens.

    House rule ``duel_modifier_spares_group_front``: True (default) = the first car of the activated group (the
    leader's subsection when the Leader token splits the section, §11.2 case 3); False = literally the first car
    of the section, wherever the Leader token is."""
    if state.rules.duel_modifier_spares_group_front:
        return cars[0] if cars else None
    here = state.cars_in(act.section)
    return here[0] if here else None


def _human_ahead_same_lap(state: RaceState, ctx: DuelCtx, robot: Car) -> bool:
    i = ctx.cars.index(robot.id)
    return any(not state.cars[c].is_robot and state.cars[c].lap == robot.lap for c in ctx.cars[:i]
               if c in ctx.eligible)


def robot_challenges(state: RaceState, ctx: DuelCtx, robot: Car) -> bool:
    """§17.2: a robot challenges only with a same-lap human ahead of it (so never to unlap itself, and never
    among robots only); not when it is ahead of the leader in his section. Ex. 42: a lapped robot does challenge
    a human on its own lap."""
    if state.ahead_of_leader(robot.id):
        return False
    return _human_ahead_same_lap(state, ctx, robot)


def robot_joins(state: RaceState, ctx: DuelCtx, robot: Car) -> bool:
    """§17.2: a robot defends against a same-lap human's challenge; not if it is ahead of the leader. A robot
    forced to challenge by its teammate's orange card is fought like a human (Expansion #1 Ex. X1-12: the
    unsupported robot red takes part and draws its two cards)."""
    if state.ahead_of_leader(robot.id):
        return False
    ch = state.cars[ctx.challenger] if ctx.challenger else None
    return ch is not None and (not ch.is_robot or ch.id in ctx.boosted) and ch.lap == robot.lap


def _ask_helper(state: RaceState, ctx: DuelCtx, robot: Car) -> bool:
    """Expansion #1 §5.6: before a robot teammate decides, its human may discard an orange card (asked once)."""
    if robot.id in ctx.asked or not assist.duel_options(state, robot, ctx.stage):
        return False
    ctx.asked.append(robot.id)
    ctx.helper = assist.duel_options(state, robot, ctx.stage)[-1].car
    return True


def _has_eligible_ahead(ctx: DuelCtx, car_id: str) -> bool:
    i = ctx.cars.index(car_id)
    return any(c in ctx.eligible for c in ctx.cars[:i])


def _auto(state: RaceState, ctx: DuelCtx, events: list[Event]) -> None:
    """Advance through robots and cars with nothing to decide until a human must choose."""
    key = chance_key(ctx.activation)
    while ctx.stage != "done":
        if ctx.stage == "declare":
            if ctx.pointer < 0:
                events.append(NobodyChallenges(ctx.activation.section, str(ctx.activation)))
                ctx.stage = "done"
                return
            cid = ctx.cars[ctx.pointer]
            if cid not in ctx.eligible or not _has_eligible_ahead(ctx, cid):
                ctx.pointer -= 1
                continue
            car = state.cars[cid]
            if not car.is_robot or _ask_helper(state, ctx, car):
                return
            state.duel_chances.add((cid, key))
            if cid in ctx.boosted or robot_challenges(state, ctx, car):
                _challenge(state, ctx, cid, events)
            else:
                ctx.pointer -= 1
            continue
        if ctx.stage == "join":
            if not ctx.to_join:
                _to_bids(state, ctx, events)
                continue
            cid = ctx.to_join[0]
            car = state.cars[cid]
            if not car.is_robot or _ask_helper(state, ctx, car):
                return
            state.duel_chances.add((cid, key))
            ctx.to_join.pop(0)
            if cid in ctx.boosted or robot_joins(state, ctx, car):
                ctx.participants.append(cid)
                events.append(DuelAnswer(ctx.activation.section, cid, True, robot=True))
            else:
                ctx.decliners.append(cid)
                events.append(DuelAnswer(ctx.activation.section, cid, False, robot=True))
            continue
        if ctx.stage == "bid":
            for cid in [c for c in ctx.to_bid if state.cars[c].is_robot]:
                # §17.2: robots play the top two Race Cards, face down
                drawn = [code for code in (state.race_deck.draw(state.rng) for _ in range(2)) if code is not None]
                ctx.sealed.commit(cid, tuple(drawn))
                state.cars[cid].table.extend(drawn)
                state.face_down.update(drawn)
            if ctx.sealed.ready:
                reveal(ctx)
                resolve(state, ctx, events)
            return


def _challenge(state: RaceState, ctx: DuelCtx, cid: str, events: list[Event]) -> None:
    ctx.challenger = cid
    ctx.participants = [cid]
    i = ctx.cars.index(cid)
    ctx.to_join = [c for c in reversed(ctx.cars[:i]) if c in ctx.eligible]
    ctx.stage = "join"
    events.append(Challenged(ctx.activation.section, cid, tuple(ctx.to_join)))


def _to_bids(state: RaceState, ctx: DuelCtx, events: list[Event]) -> None:
    if len(ctx.participants) < 2:
        # §12.2 «Pilotos que se recusaram a participar agora são colocados atrás do DESAFIANTE»: declining
        # costs the places even when nobody accepts (robots refusing by §17.2 too)
        ctx.unopposed = True
        sec, ch = ctx.activation.section, ctx.challenger
        assert ch is not None  # _to_bids runs after the challenge
        if not state.rules.lone_challenger_bids:
            events.append(Unopposed(sec, ch, tuple(ctx.decliners), False))
            resolve(state, ctx, events)
            return
        events.append(Unopposed(sec, ch, tuple(ctx.decliners), True))
        ctx.stage = "bid"
        ctx.sealed.open([ch], BID_RULE)
        return
    ctx.stage = "bid"
    order = [c for c in ctx.cars if c in ctx.participants]
    ctx.sealed.open(order, BID_RULE)
    events.append(DuelBids(ctx.activation.section, tuple(order)))


def legal(state: RaceState, ctx: DuelCtx) -> list[Action]:
    cid = ctx.current
    if cid is None:
        return []
    if ctx.helper is not None:
        return assist.duel_options(state, state.cars[ctx.asked[-1]], ctx.stage)
    if ctx.stage == "declare":
        return [Challenge(cid), NoChallenge(cid)]
    if ctx.stage == "join":
        return [Join(cid), Decline(cid)]
    bids: list[Action] = []
    for bidder in ctx.to_bid:  # simultaneous moves: every participant still to bid may bid now
        hand = sorted(state.cars[bidder].hand)
        bids += [Bid(bidder, (c,)) for c in hand]
        bids += [Bid(bidder, pair) for pair in combinations(hand, 2)]
        bids.append(Bid(bidder, ()))
    return bids


def apply(state: RaceState, ctx: DuelCtx, action: Action, events: list[Event]) -> None:
    key = chance_key(ctx.activation)
    cid = action.car
    if isinstance(action, (Assist, NoAssist)):  # Expansion #1 §5.6: the helper's orange card, or none
        ctx.helper = None
        robot = state.cars[ctx.asked[-1]]
        if isinstance(action, Assist):
            assist.spend(state, robot, action, events)
            ctx.boosted.append(robot.id)
        else:
            events.append(NotAssisted(action.car, robot.id))
    elif isinstance(action, Challenge):
        state.duel_chances.add((cid, key))
        _challenge(state, ctx, cid, events)
    elif isinstance(action, NoChallenge):
        state.duel_chances.add((cid, key))
        events.append(NotChallenging(ctx.activation.section, cid))
        ctx.pointer -= 1
    elif isinstance(action, Join):
        state.duel_chances.add((cid, key))
        ctx.to_join.pop(0)
        ctx.participants.append(cid)
        events.append(DuelAnswer(ctx.activation.section, cid, True))
    elif isinstance(action, Decline):
        state.duel_chances.add((cid, key))
        ctx.to_join.pop(0)
        ctx.decliners.append(cid)
        events.append(DuelAnswer(ctx.activation.section, cid, False))
    elif isinstance(action, Bid):
        ctx.sealed.commit(cid, action.cards, action)
        car = state.cars[cid]
        for c in action.cards:
            car.hand.remove(c)
            car.table.append(c)  # face down on the table until the reveal
            state.face_down.add(c)
        events.append(CardsFaceDown(ctx.activation.section, cid, len(action.cards)))
    _auto(state, ctx, events)


def reveal(ctx: DuelCtx) -> None:
    """§12.2: all cards are revealed at the same time, once every participant has bid face down (§12.1): the sealed
    round's choices become ``ctx.bids`` (front to back)."""
    ctx.bids = dict(ctx.sealed.reveal())


def total(state: RaceState, ctx: DuelCtx, cid: str) -> tuple[int, str]:
    """A participant's duel total and its breakdown (§12.2, §19.3, §26.2)."""
    car = state.cars[cid]
    corner = state.track.corner_of(ctx.activation.section)
    parts = []
    for code in ctx.bids.get(cid, ()):
        card = state.card(code)
        if card.is_track and card.has_power(PowerKind.DUEL) and corner and corner.number in card.corners:
            parts.append((card.mp * 2, f"{code} [{card.mp}]×2 duel power"))
        else:
            parts.append((card.mp, f"{code} [{card.mp}]"))
    first = ctx.first if ctx.first is not None else (ctx.cars[0] if ctx.cars else None)
    if corner and cid != first:
        parts.append((corner.duel_modifier, f"{corner.name} modifier"))
    if car.strategy is Strategy.BANGING_WHEELS:
        parts.append((BANGING_WHEELS_BONUS, "BANGING WHEELS"))
    if cid in ctx.boosted:
        parts.append((assist.ORANGE_BONUS, "teammate's orange card"))
    value = sum(v for v, _ in parts)
    return value, " ".join(f"{v:+d} {w}" for v, w in parts).lstrip("+")


def resolve(state: RaceState, ctx: DuelCtx, events: list[Event]) -> None:
    """Reveal, re-order by totals, collide on ties, freeze the cards (§12.2)."""
    sec = ctx.activation.section
    for cards in ctx.bids.values():
        state.face_down.difference_update(cards)  # the reveal
    players = [c for c in ctx.cars if c in ctx.participants and ctx.bids.get(c)]
    quitters = [c for c in ctx.cars if c in ctx.participants and not ctx.bids.get(c)]
    if ctx.unopposed and not state.rules.lone_challenger_bids:
        players, quitters = [c for c in ctx.cars if c in ctx.participants], []  # no cards: he takes the front
    totals = {c: total(state, ctx, c) for c in players}
    for c in players if ctx.bids else ():
        cards = tuple(ctx.bids[c])
        events.append(DuelReveal(sec, c, cards, tuple(state.card(x).mp for x in cards),
                                 tuple(state.card(x).check for x in cards), totals[c][0], totals[c][1]))
    for c in quitters:
        events.append(NotParticipating(sec, c))
    orig = {c: i for i, c in enumerate(ctx.cars)}
    ranked = sorted(players, key=lambda c: (-totals[c][0], orig[c]))
    # §12.2: decliners behind the participants (AMB-22), cars behind the challenger stay behind
    ch_i = orig[ctx.challenger] if ctx.challenger else len(ctx.cars)
    decl = [c for c in ctx.cars if (c in ctx.decliners or c in quitters) and orig[c] < ch_i]
    rest = [c for c in ctx.cars if c not in ranked and c not in decl and c in ctx.eligible]
    new_order = ranked + decl + rest
    # cars that were not offered this duel (their chance here was used, §12.3) keep their places
    lst = state.order[sec]
    slots = [i for i, x in enumerate(lst) if x in ctx.cars and x in ctx.eligible]
    for i, cid in zip(slots, new_order, strict=True):
        lst[i] = cid
    events.append(DuelOrder(sec, tuple(state.cars_in(sec))))
    # ties: 1 damage to each tied car, order unchanged (AMB-24)
    by_total: dict[int, list[str]] = {}
    for c in players:
        by_total.setdefault(totals[c][0], []).append(c)
    for value, tied in by_total.items():
        if len(tied) > 1:
            events.append(DuelTie(sec, tuple(tied), value))
            for c in tied:
                payments.take_damage(state, state.cars[c], 1, Damage.DUEL, events, "§12.2")
    # frozen cards (robots have no panel: their cards are discarded)
    for c in players + quitters:
        car = state.cars[c]
        # a car the collision retired has already returned its table, bids included (§18.6): only once
        bid = [code for code in ctx.bids.get(c, ()) if code in car.table]
        for code in bid:
            car.table.remove(code)
        if car.is_robot or not car.on_track:
            for code in bid:
                state.discard(code)
        else:
            car.frozen.extend(bid)
    frozen = [c for c in players if not state.cars[c].is_robot and state.cars[c].on_track and ctx.bids.get(c)]
    if frozen:
        events.append(DuelCardsFrozen(sec, tuple(frozen)))
    # BANGING WHEELS Special: win a corner duel against all opponents (§26.2)
    if ranked and len(players) > 1 and totals[ranked[0]][0] > totals[ranked[1]][0]:
        win = state.cars[ranked[0]]
        if win.strategy is Strategy.BANGING_WHEELS and win.on_track and win.bw_card_turn != state.turn:
            win.bw_card_turn = state.turn  # only 1 Track Card per turn (§26.2)
            draw_track_card(state, win, DrawReason.BANGING_WHEELS_DUEL, events, "§26.2")
    front = state.reassign_leader()
    if front is not None:
        events.append(LeaderToken(front, state.cars[front].section, LeaderCause.DUEL, front))
    ctx.stage = "done"
