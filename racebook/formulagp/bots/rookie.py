"""The Rookie BOTs in the race (digest §22.1, §22.5, §22.7–§22.9.1, §22.13): rules, not agents. A BOT is never
offered an action: when its turn comes the engine resolves it whole, from its cards and the WHITE die, through the
state's seeded generator (a stacked face or card first).

* Set-up (§22.5, [BOT 1.4.1]): the BOT cars have no ACTION deck; the Rookie TACTICS deck (the 10 single-LED cards)
  and the BATTLE deck are shuffled. At the race start (round 1) one TACTICS card is drawn for all the Rookies (one
  each with the house rule ``rookie_tactics_each``) and stays: a Rookie keeps its card (§22.7, §22.10.3).
* Race round 1 (§22.8.1, [BOT 1.7.2.1]): after the players' start cards are revealed each BOT draws a BATTLE card;
  its LEDs (+2 for a BOT on pole) set the start order with the players' (a tie to the better grid place); the cards
  are discarded at the end of round 1. Rounds 1–2: the pace by the WHITE die's colour (2nd gear in round 1, the
  tile's gear in round 2), no battles (passes are free, §13.1).
* Its turn (§22.9, [BOT 2.1]): RED pace from round 3, the gear of the start tile, the MP from the Control card's
  side; then the move space by space through the movement rules every car uses
  (:mod:`racebook.formulagp.moving`: forward or to the lane beside, free passes, the forced stop, the Slipstream
  shadow, lap counting and the final round), each step chosen by :func:`racebook.formulagp.rules.botlanes.choose`
  (§22.9.1), a blocked BOT by :func:`~racebook.formulagp.rules.botlanes.blocked_choice`. A Rookie rolls no RED die,
  takes no stress, tyre wear, damage or penalty (§22.1, §22.13): its turn ends without the end-of-move dice; it
  takes no OT from MP ([BOT 3.2.1]).

The phases built on it: a BOT's own attack when its move is done (:mod:`racebook.formulagp.bots.attack`, through
the battle phase; its side of any battle: :func:`decide`, :func:`battle_score`, :func:`battle_side`), its
qualifying score (:func:`qualify`, called by :mod:`racebook.formulagp.qualify` at the players' reveal), the push of
an aggressive blocked BOT (:func:`_push`, through :mod:`racebook.formulagp.pushes`), the pace in a Yellow Flag zone,
under the Safety Car, in a W2W turn and rejoining (:func:`racebook.formulagp.rules.botpace.pace_rule`), the VSC's
set spaces, and the players' rejoining steps for a spun or off-track BOT.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from racebook.core.deck import Deck
from racebook.core.errors import SetupError
from racebook.core.log import EventLog
from racebook.formulagp import flags, moving, occupancy, raceevents, rounds, vsc
from racebook.formulagp.actions import FaceForward, Rejoin, To
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import pro, prohazards, propit, prostressing, proweather
from racebook.formulagp.bots.cards import Decide, Tactics, bot_cards
from racebook.formulagp.bots.deckdraw import draw  # (§22.1: the shared decks; re-exported as rookie.draw)
from racebook.formulagp.bots.stop import stop as _stop
from racebook.formulagp.bots.table import BATTLE_RULE, SHARED, TACTICS_RULE
from racebook.formulagp.cardplay import gear_of
from racebook.formulagp.losscontrol import passable, shift
from racebook.formulagp.pushes import push_into
from racebook.formulagp.rules import botbattle, botlanes, botpace, botqualifying
from racebook.formulagp.rules.botlanes import Blocked, Why
from racebook.formulagp.rules.order import race_start_order
from racebook.formulagp.rules.passing import Entry
from racebook.formulagp.rules.pushing import PushOutcome
from racebook.formulagp.rules.qualifying import QualifyingScore
from racebook.formulagp.state import Car, Die, Phase, RaceState
from racebook.formulagp.trackparts import Turn as Side

ROOKIE = "rookie"
SIDES = ("faster", "slower")  # the rain side is for rain only (§22.5 b; weather is [ADV])
START_ROUNDS = rounds.START_ROUNDS  # rounds 1-2: the WHITE die's pace, no battles (§22.8)
POLE_LEDS = 2  # §22.8.1: a BOT on pole gets +2 LEDs


# ------------------------------------------------------------------ set-up
def deal(s: RaceState, bots: Sequence[str], side: str = "faster") -> None:
    """§22.5: make ``bots`` Rookie BOTs (no ACTION deck), shuffle the Rookie TACTICS and the BATTLE decks with the
    race's generator and put the TACTICS card(s) by the Control card (one shared, or one each)."""
    bots = list(bots)
    if not bots:
        return
    if side not in SIDES:
        raise SetupError(side, "§22.5", f"the Rookie Control card is used {' or '.join(SIDES)} side up")
    for b in bots:
        if b not in s.cars or bots.count(b) > 1:
            raise SetupError(b, "§22.5", "a BOT is one of the cars on the grid, named once")
        c = s.cars[b]
        c.bot, c.hand, c.drawn = ROOKIE, [], []
        c.deck = Deck(f"{b} ACTION", rule=c.deck.rule)  # a BOT plays no ACTION card (§22.1)
    data = bot_cards()
    t = s.bots
    t.side = side
    t.tactics_deck = Deck("TACTICS", [x.code for x in data.tactics], rule=TACTICS_RULE)
    t.battle_deck = Deck("BATTLE", [x.code for x in data.battle], rule=BATTLE_RULE)
    t.tactics_deck.shuffle(s.rng)
    t.battle_deck.shuffle(s.rng)


def draw_tactics(s: RaceState, log: EventLog) -> None:
    """§22.5, §22.7: at the race start one Rookie TACTICS card is drawn and put by the Control card for all the
    Rookies (one each with ``rookie_tactics_each``); a Rookie keeps it all race (§22.10.3)."""
    bots = [b for b in s.grid if s.cars[b].bot == ROOKIE]  # (a Pro BOT holds its own card, bots.pro)
    for key in (bots if s.rules.rookie_tactics_each else [SHARED]):
        s.bots.tactics[key] = draw(s, "tactics")
        log.append(bev.BotCardDrawn("Rookies" if key == SHARED else key, "TACTICS", s.bots.tactics[key]))


def is_bot(s: RaceState, car: str) -> bool:
    return bool(s.cars[car].bot)


# ------------------------------------------------------------------ the race start (§22.8)
def start_leds(s: RaceState, log: EventLog) -> dict[str, int]:
    """§22.8.1 item 1: each BOT (grid order) draws a BATTLE card, held until the end of round 1; its LEDs, +2 on
    pole, set its place in round 1's order."""
    out = {}
    for car in s.grid:
        if not s.cars[car].bot or s.cars[car].pit_start:  # a Pro BOT's qualifying crash: the pit lane (§22.6, §9.3)
            continue
        held = s.bots.start_cards.pop(car, "")
        if held:  # a Red Flag restart in race round 1 replays the start (§19.6 step 6): the old card is discarded
            s.bots.battle_deck.discard(held)
        code = draw(s, "battle")
        s.bots.start_cards[car] = code
        pole = POLE_LEDS if s.grid[0] == car else 0
        out[car] = bot_cards().battle_card(code).leds + pole
        log.append(bev.BotStartLeds(car, code, out[car], pole))
    return out


def start_without_players(s: RaceState, log: EventLog, starters: Sequence[str] | None = None) -> None:
    """Race round 1 with no player to seal start cards (BOTs only, or every player waiting in the pit lane after a
    qualifying crash, §9.3): the BATTLE cards' LEDs give the order of ``starters`` (the cars on the grid)."""
    rounds.set_order(s, race_start_order(start_leds(s, log), s.grid if starters is None else starters,
                                         by_grid=s.rules.race_start_by_grid), log)  # §21 15.4


def new_round(s: RaceState, log: EventLog) -> None:
    """The start of a round: the start BATTLE cards are discarded after round 1 (§22.8.1); no BOT has waited yet."""
    t = s.bots
    t.waited, t.battled = [], []
    if s.round == 1 and not t.tactics:
        draw_tactics(s, log)
    if s.pro.active:
        pro.new_round(s, log)  # the Pro BOTs' TACTICS at the start, their tyre checks (§22.8, §22.11.1)
    if s.round > 1 and t.start_cards:
        cards = tuple(t.start_cards.values())
        for code in cards:
            t.battle_deck.discard(code)
        t.start_cards = {}
        log.append(bev.BotStartDiscarded(cards))


# ------------------------------------------------------------------ a BOT's turn
def begin(s: RaceState, log: EventLog) -> None:
    """A BOT's turn has begun (:func:`racebook.formulagp.rounds.begin_turn`): resolve it, and every BOT turn that
    follows, one after the other (a loop, not a recursion: a race of BOTs only runs to the flag here)."""
    if s.bots.running:
        return  # the loop below resolves it
    s.bots.running = True
    try:
        while s.turn is not None and s.phase is Phase.PLAY and s.cars[s.turn.car].bot and not s.finished:
            resolve(s, log)
    finally:
        s.bots.running = False


def card_of(s: RaceState, car: str) -> Tactics:
    if s.cars[car].bot == pro.PRO:
        return pro.lanes_card(s, car)  # its own Pro TACTICS card (§22.2 d)
    return bot_cards().tactics_card(s.bots.tactics_of(car))


def resolve(s: RaceState, log: EventLog) -> None:
    """One BOT turn (§22.8, §22.9): the pace (the WHITE die's colour in rounds 1–2, RED after), the gear, the MP
    from the Control card; the move; the end of the turn (no dice: a Rookie never rolls the RED die, §22.13.1)."""
    t = s.turn
    assert t is not None
    c = s.cars[t.car]
    if propit.box_turn(s, c, log):  # a Pro BOT's turn in its pit box (§22.12.2)
        return
    if vsc.turn(s, c, log):  # §19.5: under the VSC every car moves the VSC driver's spaces, no card, no pace
        t.lane_changes = True
        prostressing.reset(s, c.id, "its turn under the VSC", log)  # §22.14 BOT 7.4 (optional): level 1
    else:
        side = bot_cards().control.side(s.bots.side)
        how = botpace.pace_rule(s.round, w2w=c.w2w != "none", rejoining=passable(c),
                                yellow_zone=flags.in_zone(s, c.pos.tile), safety_car=s.sc_tile >= 0,
                                  pit_exit=c.pit == "exit", dry_in_rain=proweather.dry_in_rain(s, c),
                                  stressed=prostressing.stressed(s, c.id))  # §22.14 BOT 7.4 (optional)
        face = s.white_face(s.roll(Die.WHITE)) if how.source is botpace.Source.DIE else None
        pace = botpace.pace(how, face)
        die = f", the WHITE die shows {face.value} ({pace})" if face else ""
        gear = gear_of(s, c)  # 2nd in round 1, else the start tile's (§22.8.1, §22.9): every car's rule
        mp = pro.speed(s, c.id, gear, pace) if c.bot == pro.PRO else side.speed(gear, pace)  # §22.9: Pro or Rookie
        t.pace, t.mp, t.mp_left, t.lane_changes, t.wear_per_lane_change = pace, mp, mp, True, 0
        propit.exit_turn(s, c, t)  # a Pro BOT leaving the pit exit: no yellow line crossed (§22.12.4)
        s.phase = Phase.MOVE
        log.append(pro.paced(s, c.id, pace, gear, mp, die, how.rule) if c.bot == pro.PRO else
                   bev.BotPaced(c.id, side.name, pace, gear, mp, die, how.rule))
    if drive(s, c, log):
        if c.bot == pro.PRO:
            prohazards.water_through(s, c, log)  # [ADV] Standing Water driven through: fewer MP (§22.13.9)
            pro.after_move(s, c, log)  # the corner modifier and the hazards (§22.9.2, §22.9.3)
            proweather.after_move(s, c, log)  # [ADV] dry tyres on a wet track at RED pace: the RED die (§22.13.10)
            prohazards.stopped(s, c, log)  # [ADV] a stop on Oil or Standing Water: the RED die (§22.13.9)
        if c.pit or not _attack(s, c, log):  # a Pro BOT that entered the pit lane attacks no one (§22.12.1)
            end_move(s, c, log)


def end_move(s: RaceState, c: Car, log: EventLog) -> None:
    """The end of a BOT's move, its own attack included (§10.3 step 5): the end-of-move hooks of the race events every
    car's move calls (:func:`racebook.formulagp.raceevents.end_of_move`: Gravel — which a Rookie ignores, [BOT 6.9.1],
    §22.13.9 —, the Blue Flags, the VSC), but no dice, stress or tyre wear (§22.13.1, §22.13.3); then the turn ends."""
    t = s.turn
    assert t is not None
    raceevents.end_of_move(s, c, t, log)
    prostressing.after_move(s, c, log)  # §22.14 BOT 7.4 (optional): a Pro BOT's stress down after its move
    rounds.end_turn(s, log)


def _attack(s: RaceState, c: Car, log: EventLog) -> bool:
    """The BOT's own attack when its move is done (§22.10.2): True when a battle waits for a player's cards
    (:func:`racebook.formulagp.bots.attack.start`, set in :data:`ATTACK` by its module: it imports the battles, which
    import this one)."""
    return ATTACK[0](s, c, log)


def _near(s: RaceState, c: Car, checks: list[moving.StepCheck]) -> tuple[bool, bool]:
    """A car on the next tile forces a stop (§13.2, ``checks``: the steps with the stops); and one of them is in
    this car's lane."""
    if not any(chk.entry is Entry.STOP and chk.to.tile != c.pos.tile for chk in checks):
        return False, False
    nxt = s.track.next_tile(c.pos.tile)
    mine = set(s.track.double_lanes(c.pos))
    same = any(mine & set(s.track.double_lanes(p)) for p in occupancy.occupants(s, c.id, nxt))
    return True, same


def _beside(s: RaceState, c: Car) -> dict[int, Car]:
    """The cars in the spaces beside ``c`` (by lane)."""
    out = {}
    for lane in botlanes.yellow_first(s.track, c.pos, Side.RIGHT):
        p = s.track.lateral(c.pos, lane)
        if p is None:
            continue
        for o in s.cars.values():
            if o is not c and (o.pos.tile, o.pos.lane, o.pos.space) == (p.tile, p.lane, p.space):
                out[lane] = o
    return out


def drive(s: RaceState, c: Car, log: EventLog) -> bool:
    """The BOT's move, one step at a time through :func:`racebook.formulagp.moving.apply_move` (the rules every car
    moves by), each chosen by §22.9.1. Returns False when the BOT gave up its place (its turn comes later)."""
    t = s.turn
    assert t is not None
    card = card_of(s, c.id)
    spent = s.sc_tile >= 0  # §22.13.5: under the Safety Car no move to the preferred lane (the yellow arrow only)
    attacked = moved = False
    track = s.track
    while passable(c) and t.mp_left > 0 and not t.stopped:  # §18.2, §22.13.5: rejoining as players do
        moving.apply_move(s, FaceForward(c.id) if c.spun else Rejoin(c.id), log)
    while t.mp_left > 0 and not t.stopped:
        here = c.pos
        checks = moving.step_checks(s, c, include_stops=True)
        # a space holding a car is never a free step for a BOT: a push goes through its blocked symbols (§22.9.1)
        free = [chk.to for chk in checks if chk.entry is not Entry.STOP and occupancy.room(s, c.id, chk.to) is not None]
        if c.bot == pro.PRO and propit.drive_in(s, c, free, log):  # a pitting Pro BOT: the way in (§22.11.1)
            continue
        if c.bot == pro.PRO and prohazards.debris_step(s, c, free, log):  # [ADV] Debris: toward its yellow arrow
            spent = True  # it stays in the new lane (§22.13.9 [BOT 6.9.2])
            continue
        stop_ahead, same_lane = _near(s, c, checks)
        beside = _beside(s, c)
        ch = botlanes.choose(track, here, card, free, taken_beside=set(beside), preference_spent=spent,
                             stop_ahead=stop_ahead,
                             same_lane_ahead=same_lane and not attacked and s.round > START_ROUNDS)
        if ch.why is Why.BLOCKED:
            spent = True
            does = _blocked(s, c, card, ch, beside, free, moved, log)
            if does is Blocked.SURRENDER:
                return False
            if does is Blocked.STOP:
                _stop(s, c, t, log, ", blocked")
            continue
        if ch.why is Why.STOP or ch.to is None:
            _stop(s, c, t, log, "" if not stop_ahead else ", behind a car on the next tile")
            break
        if ch.to.lane != here.lane and ch.to.tile == here.tile:
            why = ch.why.value
            if ch.why is Why.PREFERRED:
                why = f"lane {ch.lane} of {track.tiles[track.next_tile(here.tile)].id}, " + why
            log.append(bev.BotLane(c.id, card.code, here.lane, ch.to.lane, why))
        moving.apply_move(s, To(c.id, track.name_of(ch.to)), log)
        propit.left_exit(s, c, log)  # the first step off the pit exit: Cold Tyres (§16.5, §22.12.4)
        moved = True
        attacked = attacked or ch.why is Why.ATTACK
        if ch.to.tile != here.tile and botlanes.matches(track, ch.to.tile, card.shape):
            spent = True  # the first tile of its card's type is entered: the once-a-turn change is used
    return True


def _blocked(s: RaceState, c: Car, card: Tactics, ch: botlanes.Choice, beside: dict[int, Car], free: list,
             moved: bool, log: EventLog) -> Blocked:
    """§22.9.1 blocked ([BOT 2.2.1], [BOT 2.2.2]): the push's risk by the pushing rule (§11.3.1); a risky push
    rolls the WHITE die against the card's symbols."""
    track = s.track
    covered = track.double_lanes(c.pos)
    lane = max(covered) + 1 if ch.lane > max(covered) else min(covered) - 1
    other = beside[lane]
    side = "right" if lane > max(covered) else "left"
    risky = shift(s, other.pos, side, other.id).outcome is not PushOutcome.ON_TRACK  # a double-lane space: its edge
    face = s.white_face(s.roll(Die.WHITE)) if risky else None
    ahead = {(p.tile, p.lane, p.space) for p in track.forward(c.pos)}
    ahead_free = any((p.tile, p.lane, p.space) in ahead for p in free)
    i = s.turn_index
    later = [car for car in s.order[i + 1:] if s.cars[car].pos.tile == c.pos.tile]
    can_surrender = not moved and bool(later) and c.id not in s.bots.waited
    symbol, does = botlanes.blocked_choice(card, face.value if face else None, ahead_free=ahead_free,
                                           can_surrender=can_surrender)
    text = does.value
    if does is Blocked.PUSH and not _pushable(s, c, lane):  # B5: not a lane change a player could make here
        does = Blocked.STRAIGHT if ahead_free else Blocked.STOP
        text += f" — no lane change into lane {lane} from this space (B5): it {does.value}"
    roll = f"the WHITE die shows {face.value}, " if face else "no roll (the push keeps the other car on track), "
    log.append(bev.BotBlocked(c.id, card.code, track.name_of(c.pos), lane, other.id, roll, symbol.value, text))
    if does is Blocked.PUSH:
        _push(s, c, lane, side, log)
    if does is Blocked.SURRENDER:
        order = list(s.order)
        order.insert(order.index(later[-1]) + 1, c.id)
        del order[i]
        s.order = tuple(order)
        s.bots.waited.append(c.id)
        log.append(bev.BotSurrendered(c.id, s.order))
        s.turn = None
        rounds.begin_turn(s, log)
    return does


def _pushable(s: RaceState, c: Car, lane: int) -> bool:
    """The push into ``lane`` is a lane change a player could make from here (a step :mod:`moving` lists: not out of
    a double-lane space past its other lane, not back to a space already driven this turn)."""
    to = s.track.lateral(c.pos, lane)
    return to is not None and (to.tile, to.lane, to.space) in {
        (chk.to.tile, chk.to.lane, chk.to.space) for chk in moving.step_checks(s, c)}


def _push(s: RaceState, c: Car, lane: int, side: str, log: EventLog) -> None:
    """An aggressive BOT changes lane toward the opponent "using the player rules for pushing and collisions"
    ([BOT 2.2.1], §11.3.1, :func:`racebook.formulagp.pushes.push_into`): the car pushed one lane farther — on track
    the BOT steps into the space it left; off track the BOT finishes its move (the car pushed resolves going off track
    before the next driver); into a wall or a car: a collision, the BOT stays and the step's MP is spent. A Rookie
    takes no Penalty token and no damage (§22.13.3, §22.13.8). While a driver's decision waits (a counter-steer card
    to spend) the BOT's move ends there (B2)."""
    t = s.turn
    assert t is not None
    to = s.track.lateral(c.pos, lane)
    assert to is not None  # _pushable
    covered = s.track.double_lanes(c.pos)
    if push_into(s, c, to, max(covered) if side == "right" else min(covered), log):
        t.mp_left -= 1
    else:
        moving.apply_move(s, To(c.id, s.track.name_of(to)), log)
    if s.pending and not t.stopped:
        _stop(s, c, t, log, f", its move ends while {s.pending[0].split(':')[0]} decides (B2)")


# ------------------------------------------------------------------ a BOT's side of a battle (§22.10)
def battle_side(s: RaceState, car: str, *, attacking: bool, opponent_leds: int | None, log: EventLog,
                lapping: bool = False) -> botbattle.Score | None:
    """A BOT's side of a battle, for the battle phase to call once the player's cards are revealed (BOT against
    BOT: the attacker first, ``opponent_leds`` None): its TACTICS card's decision (the WHITE die when it shows one,
    [BOT 3.2.2]; always when lapping), then its BATTLE card(s) from the BOTs' deck and their aggression
    ([BOT 3.2.3]), the die rolled through the state; every card drawn goes to the discard pile. None: it does not
    attack (defend); else its score (``leds``; ``ot`` capped by the Control card's max OT)."""
    decided = decide(s, car, attacking=attacking, lapping=lapping)
    if decided is None:
        card = card_of(s, car)
        face = s.white_face(s.bots.face) if s.bots.face >= 0 else None
        log.append(bev.BotBattled(car, card.code, "attacks" if attacking else "defends",
                                  f"the WHITE die shows {face.value}: aborts" if face else
                                  "its FAILURE card: it can neither attack nor defend (§22.12.4)",
                                  (), (), 0, 0, " (it stays where it is)"))
        return None
    return battle_score(s, car, attacking=attacking, opponent_leds=opponent_leds, decision=decided, log=log)


def decide(s: RaceState, car: str, *, attacking: bool, lapping: bool = False) -> str | None:
    """The TACTICS card's battle decision ([BOT 3.2.2]): the WHITE die rolled when the card shows it (not when
    lapping, §22.13.7). Returns how it decided (for the event), or None when it aborts (the face is kept in
    ``s.bots.face`` for the caller's event)."""
    card = card_of(s, car)
    if s.cars[car].bot == pro.PRO and pro.tactics(s, car).failure:
        s.bots.face = -1
        return None  # §22.12.4: a FAILURE card: it can neither attack nor defend
    symbol = card.attack if attacking else card.defend
    roll = s.roll(Die.WHITE) if symbol is Decide.DIE and not lapping else None
    face = s.white_face(roll) if roll is not None else None
    s.bots.face = -1 if roll is None else roll
    if not botbattle.decides(symbol, face, lapping=lapping):
        return None
    if lapping:
        return "lapping: it always attacks (§22.13.7)"
    return f"the WHITE die shows {face.value} (green)" if face else "no die"


def battle_score(s: RaceState, car: str, *, attacking: bool, opponent_leds: int | None, decision: str,
                 log: EventLog) -> botbattle.Score:
    """The BOT's BATTLE card(s) from the BOTs' deck and their aggression ([BOT 3.2.3]; ``opponent_leds`` the
    player's revealed LEDs, None for a BOT attacker against a BOT), every card drawn discarded."""
    data = bot_cards()
    score = botbattle.score(data.battle_card(draw(s, "battle")),
                            lambda: data.battle_card(draw(s, "battle")), lambda: s.white_face(s.roll(Die.WHITE)),
                            pro.max_ot(s, car) if s.cars[car].bot == pro.PRO else data.control.max_ot,
                            opponent_leds=opponent_leds,
                            abort_on_icon_only=s.rules.bot_abort_on_icon_only)
    for code in score.drawn:
        s.bots.battle_deck.discard(code)
    score = propit.cold_tyres(s, car, score, log)  # a Pro BOT's Cold Tyres token: −2 LED (§22.12.4, A35)
    log.append(bev.BotBattled(car, card_of(s, car).code, "attacks" if attacking else "defends", decision,
                              score.drawn, score.used, score.leds, score.ot,
                              ", aborted (the BATTLE card)" if score.aborted else ""))
    return score


# ------------------------------------------------------------------ a BOT's qualifying (§22.6)
def qualify(s: RaceState, car: str, log: EventLog) -> QualifyingScore:
    """A Rookie's qualifying score, for the qualifying phase to call at the players' reveal (§22.6, [BOT 1.5.2]):
    one BATTLE card from the BOTs' deck (then discarded); max OT + the side's LEDs + the card's LEDs. A Rookie does
    not push the limit and never crashes."""
    if s.cars[car].bot == pro.PRO:
        return pro.qualify(s, car, log)  # §22.6 [BOT 1.5.1]
    data = bot_cards()
    code = draw(s, "battle")
    got = botqualifying.rookie_score(data.control, s.bots.side, data.battle_card(code))
    s.bots.battle_deck.discard(code)
    log.append(bev.BotQualified(car, code, data.control.max_ot, s.bots.side, data.control.side(s.bots.side).leds,
                                data.battle_card(code).leds, got.score))
    return got


def _attack_unset(s: RaceState, c: Car, log: EventLog) -> bool:
    raise RuntimeError("rookie.ATTACK is not set: import racebook.formulagp.turn (the phase table)")


#: The BOT's attack (§22.10.2), set by :mod:`racebook.formulagp.bots.attack` when imported (issue 39 item 7).
ATTACK: list[Callable[[RaceState, Car, EventLog], bool]] = [_attack_unset]

rounds.ABOVE.rookie_new_round = new_round  # the round calls the Rookie BOT engine back (issue 39 item 7)
rounds.ABOVE.rookie_start_without_players = start_without_players
rounds.ABOVE.rookie_begin = begin
