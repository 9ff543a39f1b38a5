"""Computer drivers for player cars: a greedy one and a uniform random one, both seeded by their own generator
(never the race's: the race's chance stays the race's).

The greedy driver plays the card(s) giving the most MP (ties: the fewest cards, then the lowest codes), steps
forward when it can (else to the lane beside, the inside first; it keeps its lane when a lane change costs tyre wear
and no car is on the tile ahead), keeps its ERS for extensions on straights,
returns no card and discards its lowest card. In a battle (§13.2, §13.3) it attacks when its strongest cards, OT
and ERS reach what the defender may show by what the table sees (2 LEDs, + its ERS level's LEDs), bids its
strongest cards (the fewest for as many LEDs) and yields only when it holds no battle card. Before moving
(:mod:`racebook.formulagp.secondary`) it plays its 'apply immediately' EVENT cards and those with a penalty icon at
once and the others when they help, plays its Option cards for EVENT cards, spends matching cards its best move does
not need (+1 MP, +1 ERS when not full, a tyre wear point, a used Parameter back), and without a playable movement
card takes the ladder's cheapest step (an Option or Tyre Wear card, two BLUE cards for ERS, a BLUE card swapped, then
the White Parameter discarding its non-movement cards); in a forced discard it lets an Option card go first. It
makes a Quick Repair when it can, counter-steers when it loses control (its lowest Counter-steer card) and rejoins
the track at once. In qualifying (§9) it plays the most LEDs that leave it a movement card for race round 1
(never stuck in neutral, §9.3), pushes the limit only when it holds a counter-steer card to spend on a red face that
is not its last movement card (never risking the crash, A41, nor neutral), spends its lowest-LED counter-steer card
(a non-movement one first), and on pole keeps the fastest movement card and puts the other movement cards on top of
its deck, the rest at the bottom (§9.4). It pits (§16) when its tyres are worn out or would be before it passes the
pit entry again, or it holds damage, unless fewer than 3 rounds are left by its estimate (:func:`rounds_left`: the
radar to space 24, then the leader's tiles to the line at its pace). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from racebook.core.byclass import ByClass, Legal
from racebook.core.rng import Rng
from racebook.formulagp import limitedtyres, speedlimits, teamradio, weather
from racebook.formulagp.actions import (
    Attack,
    Bid,
    Block,
    BoxRepair,
    Charge,
    CounterSteer,
    Discard,
    End,
    Extend,
    FaceForward,
    FgpAction,
    Keep,
    Ladder,
    Launch,
    Leave,
    NoBlock,
    NoPush,
    OptionCard,
    Param,
    PitIn,
    Play,
    PlayEvent,
    Pole,
    Push,
    Qualify,
    Rejoin,
    Repair,
    Spend,
    Steer,
    Stop,
    To,
    TyreOption,
    Tyres,
    Yield,
)
from racebook.formulagp.battleextras import extra_leds
from racebook.formulagp.battles import bids
from racebook.formulagp.cardplay import card_colour, card_type, check_play, gear_of, play_bans
from racebook.formulagp.components import CardType, Colour, Secondary, cards
from racebook.formulagp.eventdeck import EventEffect, event_card
from racebook.formulagp.game import Race
from racebook.formulagp.lapping import distance, lap_tiles
from racebook.formulagp.pitlane import damage_of, entry_kind, on_shadow, pit_lane_of
from racebook.formulagp.playerboard import Pace, TyreState
from racebook.formulagp.qualify import counter_steers, leds
from racebook.formulagp.rules.movement import PairBan
from racebook.formulagp.secondary import icon
from racebook.formulagp.state import Car, Phase, RaceState

_FAST = {Colour.BLUE: 3, Colour.RED: 2, Colour.ORANGE: 1, Colour.GREEN: 0}  # the pace a single card gives (§6.2)


#: The greedy qualifying decisions (§9.2, §9.4 item 1) by the class of the decision's first action (issue 39 item 4:
#: registered per class, no ``isinstance`` ladder); a decision whose first action is of none: not qualifying's.
QUALIFYING: ByClass[tuple[Race, Legal], FgpAction] = ByClass("FormulaGP greedy qualifying")


@QUALIFYING.register(Qualify)
def _qualify(ctx: tuple[Race, Legal], first: Qualify) -> FgpAction:
    race, legal = ctx
    hand = race.state.cars[first.car].hand

    def value(a: Qualify) -> tuple[bool, int, int]:
        left = [x for x in hand if x not in a.cards and card_colour(x) is not None]
        return bool(left), sum(leds(a.cards)), -len(a.cards)

    return max(legal.of(Qualify), key=value)


@QUALIFYING.register(Push, NoPush)
def _push(ctx: tuple[Race, Legal], first: Push | NoPush) -> FgpAction:
    c = ctx[0].state.cars[first.car]
    moving = [x for x in c.hand if card_colour(x) is not None]
    spare = [x for x in counter_steers(c) if card_colour(x) is None or len(moving) > 1]
    return Push(first.car) if spare else NoPush(first.car)


@QUALIFYING.register(Steer)
def _steer(ctx: tuple[Race, Legal], first: Steer) -> FgpAction:
    return min(ctx[1].of(Steer), key=lambda a: (card_colour(a.card) is not None, cards().card(a.card).leds))


@QUALIFYING.register(TyreOption)
def _tyre_option(ctx: tuple[Race, Legal], first: TyreOption) -> FgpAction:
    """Before qualifying (§21 15.10, ``choose``): the Option holding two sets of the tyre the driver will want at its
    one stop, the race's middle — :func:`tyre_for` half the radar's rounds to the final lap: Option A (2 Soft) when
    that is Soft, else Option B (2 Medium; Hard is one set in both Options, and Medium is then its second choice)."""
    s = ctx[0].state
    option = "a" if tyre_for(max(0, s.final_lap_at - s.flag) // 2) == "soft" else "b"
    return next(a for a in ctx[1].of(TyreOption) if a.option == option)


@QUALIFYING.register(Pole)
def _pole(ctx: tuple[Race, Legal], first: Pole) -> FgpAction:
    def speed(code: str) -> int:
        colour = card_colour(code)
        return -1 if colour is None else _FAST[colour]

    def pole_value(a: Pole) -> tuple[int, int, int]:
        return (speed(a.keep), sum(speed(x) >= 0 for x in a.top) - sum(speed(x) >= 0 for x in a.bottom),
                -len(a.top))

    return max(ctx[1].of(Pole), key=pole_value)


def _play_mp(race: Race, a: Play, bans: frozenset[PairBan] | None = None, gear: int | None = None) -> int:
    """The MP ``a`` gives (``bans``, ``gear``: the car's :func:`play_bans` and :func:`gear_of`, if known)."""
    s = race.state
    c = s.cars[a.car]
    play = check_play(s, c, a, bans)
    mp = s.board.speed(gear_of(s, c) if gear is None else gear, play.pace) + (1 if a.characteristic else 0)
    return mp - (1 if play.pace is Pace.BLUE else 0) - (1 if play.pair else 0)


def _card_management(race: Race, legal: Legal, best: Callable[[], Play] | None) -> FgpAction | None:
    """The greedy driver's choice among the card-management actions, or None (then it plays or moves); ``best``
    gives its best movement play (None: it has none)."""
    s = race.state
    if s.phase is Phase.DISCARD:
        drop = legal.of(Discard)
        options = [a for a in drop if card_type(a.card) is CardType.OPTION]
        return (options or drop or legal.actions)[0]
    c = s.current()
    assert c is not None
    for played in legal.of(PlayEvent):
        card = event_card(played.card)
        helps = {EventEffect.MP: True, EventEffect.ERS: c.ers < s.board.ers_max, EventEffect.RELIEF: c.stress > 0,
                 EventEffect.TYRES: c.wear > s.board.wear_start[c.tyre]}.get(card.effect, False)
        if card.immediate or helps or card.penalty_icons:  # a penalty icon costs a token if still held
            return played
    if s.phase is not Phase.PLAY:
        return None
    option_cards = legal.of(OptionCard)
    if option_cards and best is not None:
        return option_cards[0]
    if best is None:  # the ladder (§10.1 step 3): the cheapest step first
        ladder = legal.of(Ladder)
        for kind in (CardType.OPTION, CardType.TYRE_WEAR, CardType.BLUE):
            for step in ladder:
                if card_type(step.card) is kind:
                    return step
        blue = [a for a in legal.of(Spend)  # ACTION cards only: EVENT cards (E…) have secondaries too
                if all(not x.startswith("E") and card_type(x) is CardType.BLUE for x in a.cards)]
        if blue:
            return blue[0]
        white = [a for a in legal.of(Param) if a.which == "white"]
        if white:
            return max(white, key=lambda a: (all(card_colour(x) is None for x in a.cards), len(a.cards)))
        return None
    pairs = [a for a in legal.of(Spend) if len(a.cards) == 2]
    keep = set(best().cards) if pairs else set()
    for a in pairs:
        if keep & set(a.cards):
            continue
        f = icon(a.cards[0])
        if f is Secondary.MP2 or f is Secondary.ERS2 or (f is Secondary.PARAMETER2 and a.param == "white") or (
                f is Secondary.TYRE2 and c.wear > s.board.wear_start[c.tyre]):
            return a
    return None


class Greedy:
    """Seeded greedy driver: ``choose(race)`` -> one legal action."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.pit_margin = Rng(seed + PIT_SEED).below(3)  # pits this many wear spaces before worn out (0-2)

    def choose(self, race: Race) -> FgpAction:
        listed = race.legal_actions()
        legal = Legal(listed)  # the action classes listed (none of them has a subclass)
        qualifying = QUALIFYING.find(type(listed[0])) if listed else None
        if qualifying is not None:
            return qualifying((race, legal), listed[0])
        if (radio := teamradio.greedy(race.state, listed)) is not None:  # [ADV] TEAM RADIO (§6.9)
            return radio
        first = legal.of_any(Repair, CounterSteer, FaceForward, Rejoin)
        if first:  # a Quick Repair first (§18.5); always counter-steer (§18.1); rejoin at once (§18.2)
            return first[0]
        plays = legal.of(Play)

        found: list[Play] = []  # best() worked out once a decision

        def best() -> Play:
            if not found:
                c = race.state.cars[plays[0].car]
                bans, gear = play_bans(race.state, c), gear_of(race.state, c)
                stuck = on_shadow(race.state, c)  # on the shadow car a BLUE card cannot change lanes away (§16.1)
                found.append(max(plays, key=lambda a: (not (stuck and any(card_colour(x) is Colour.BLUE
                                                                          for x in a.cards)),
                                                       speedlimits.greedy_value(race.state, c, a.cards, a.as_colour,
                                                                                _play_mp(race, a, bans, gear)),
                                                       -len(a.cards),
                                                       a.characteristic)))
            return found[0]

        phase = race.state.phase  # in the MOVE phase only an EVENT card is card management (_card_management)
        if phase is Phase.PLAY or phase is Phase.DISCARD or (phase is Phase.MOVE and legal.has(PlayEvent)):
            mine = _card_management(race, legal, best if plays else None)
            if mine is not None:
                return mine
        if plays:
            return best()
        launches = legal.of(Launch)
        if launches:  # race round 1 (§9.4): the most MP in 2nd gear, the most LEDs to move early
            return max(launches, key=lambda a: (_play_mp(race, a.play()), len(a.extras), -len(a.cards)))
        battle = battle_choice(race, legal) if legal.has(Attack, Bid, Yield) else None
        if battle is not None:
            return battle
        if race.phase in (Phase.PIT, Phase.GRID) or legal.has(PitIn):  # the Red Flag grid's tyres too (§19.6)
            pit = pit_choice(race, legal, self.pit_margin)  # when to pit, what to fit (below)
            if pit is not None:
                return pit
        steps = legal.of(To)
        if steps and near_pit(race.state, steps[0].car) and wants_pit(race.state, race.state.cars[steps[0].car],
                                                                       self.pit_margin):
            toward = steer_to_pit(race.state, steps)
            if toward is not None:
                return toward
        if steps:
            s = race.state
            track = s.track
            here = s.cars[steps[0].car].pos
            to = {a.to: track.pos(a.to) for a in steps}
            fwd = [a for a in steps if to[a.to].tile != here.tile or to[a.to].space > here.space]
            pool = fwd or steps
            shadow = track.pit_shadow  # a car that does not pit stops on the shadow car (§16.1): keep off it
            if shadow is not None:
                off = [a for a in steps if a.to != track.name_of(shadow)]
                pool = [a for a in pool if a in off] or off or pool
            t = s.turn
            if t is not None and t.wear_per_lane_change > 0:  # a lane change costs tyre wear (§11.3): keep the
                taken = {o.pos.tile for o in s.cars.values() if o.id != steps[0].car}  # lane unless a car is ahead
                keep = [a for a in pool if to[a.to].lane == here.lane and to[a.to].tile not in taken]
                pool = keep or pool
            return pool[self.rng.below(len(pool))]
        last = LAST.decide((race, legal), legal)
        return last if last is not None else listed[self.rng.below(len(listed))]


class RandomDriver:
    """Seeded uniform choice among the legal actions (fuzzing, property tests)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, race: Race) -> FgpAction:
        legal = race.legal_actions()
        return legal[self.rng.below(len(legal))]


def play_out(race: Race, drivers: dict[str, Greedy | RandomDriver], max_actions: int = 100_000) -> int:
    """Drive every car with its computer driver until the flag; returns the number of actions applied (a race that
    has not ended after ``max_actions`` raises RuntimeError)."""
    n = 0
    while not race.is_over:
        car = race.current_car
        assert car is not None
        race.apply(drivers[car].choose(race))
        n += 1
        if n >= max_actions:
            raise RuntimeError(f"the race did not end in {max_actions} actions: {race!r}")
    return n


def _bid_leds(race: Race, a: Bid) -> int:
    s = race.state
    c = s.cars[a.car]
    ers = s.board.ers_level_leds(c.ers) if a.ers else 0
    return sum(cards().card(x).leds for x in a.cards) + ers + sum(extra_leds(s, a))  # §13.3 items 3-4


def battle_choice(race: Race, listed: Legal | Sequence[FgpAction]) -> FgpAction | None:
    """The greedy driver's battle decisions (§13.2, §13.3), or None when the decision is not a battle's."""
    s = race.state
    legal = listed if isinstance(listed, Legal) else Legal(listed)
    attacks = legal.of(Attack)
    if attacks:
        if s.battle is not None:  # a chained secondary attack (§13.4.1): the car ahead cannot defend
            return attacks[0]
        c = s.cars[attacks[0].car]
        mine = max((_bid_leds(race, b) for b in Legal(bids(s, c.id)).of(Bid)), default=0)
        best = max(attacks, key=lambda a: -s.board.ers_level_leds(s.cars[a.defender].ers))
        fair = 2 + s.board.ers_level_leds(s.cars[best.defender].ers)  # what the defender may show, seen publicly
        if mine + s.board.ot_level_leds(c.ot) >= fair:
            return best
        return legal.of(End)[0]
    offers = legal.of(Bid)
    if offers:
        return max(offers, key=lambda a: (_bid_leds(race, a), -len(a.cards), not a.ers))
    return next(iter(legal.of(Yield)), None)


# ------------------------------------------------------------------ when a computer driver pits (§16)
PIT_LAST_ROUNDS = 3  # no stop with fewer rounds than this before the final-lap space: it would not pay back
PIT_SEED = 7919  # the pit margin's own generator (the driver's main stream stays as it was)
APPROACH = 3  # tiles before the pit entry where a driver that wants to pit heads for the pit-side lane


def leader_pace(s: RaceState) -> float:
    """The race leader's tiles a round so far (the grid stands on lap 0 just behind the line: a lap's tiles)."""
    lap = lap_tiles(s)
    lead = max(distance(s, c) for c in s.cars.values())
    return min(float(lap), max(1.0, (lead - lap) / max(1, s.round)))


def rounds_left(s: RaceState) -> int:
    """The driver's estimate of the rounds still to race (what the table sees): the radar spaces to the final-lap
    space, then the rounds the race leader needs at its pace so far (tiles a round) to reach the line on the final
    lap (§17.1; the final lap lasts until the leader next crosses the line, up to a lap's worth of rounds)."""
    if s.final_round:
        return 0
    lap = lap_tiles(s)
    lead = max(distance(s, c) for c in s.cars.values())
    pace = leader_pace(s)
    to_flag = max(0, s.final_lap_at - s.flag)
    at_flag = lead + pace * to_flag  # the leader's distance when the final lap begins
    to_line = -(-((-at_flag) % lap) // pace)  # whole rounds to the line from there
    return to_flag + int(to_line)


def wants_pit(s: RaceState, c: Car, margin: int) -> bool:
    """Pit when the wear marker is ``margin`` spaces (or fewer) before the tyres' worn-out icon, or worn out (the
    bonus removed, §14.1), or holding a DAMAGE/FAILURE card; not with fewer than :data:`PIT_LAST_ROUNDS` rounds
    left by :func:`rounds_left` (the final lap included: on worn tyres the RED die comes every move once the marker
    reaches its icon, §19.2, and a spin brings Yellow Flags and the Safety Car, which ends a race on or after
    round 24, §19.4.1)."""
    if c.pit:
        return False
    if s.mode.advanced and weather.wants_pit(s, c, rounds_left(s)):  # [ADV] wrong tyres, two dry types (§14.2, §4.6)
        return True
    return (s.board.tyre_state(c.tyre, c.wear + margin) is TyreState.WORN or bool(damage_of(c))
            or worn_before_next_stop(s, c)) and rounds_left(s) >= PIT_LAST_ROUNDS  # (the estimate last: the dearest)


def worn_before_next_stop(s: RaceState, c: Car) -> bool:
    """At its wear rate so far on these tyres, ``c``'s marker would reach the worn-out icon before the car passes
    the pit entry again a lap later, with the race still running then: worn tyres lose the tyre bonus (a slow lap,
    §14.1) and, at the RED die icon, roll the RED die after every move (§19.2), whose spins bring Yellow Flags and the
    Safety Car (§19.3, §19.4)."""
    on_tyres = max(0, s.round - c.pit_round) if c.pit_round else max(0, s.round)
    rate = (c.wear - s.board.wear_start[c.tyre] + 1) / (on_tyres + 1)  # wear spaces a round (+1 smooths the start)
    lap_rounds = lap_tiles(s) / leader_pace(s)
    ahead = c.wear + int(rate * lap_rounds + 0.5)
    return s.board.tyre_state(c.tyre, ahead) is TyreState.WORN and rounds_left(s) > lap_rounds


def near_pit(s: RaceState, car: str) -> bool:
    """Within :data:`APPROACH` tiles before the pit-entry tile (or on it)."""
    return (s.track.pit_entry - s.cars[car].pos.tile) % len(s.track.tiles) <= APPROACH


def steer_to_pit(s: RaceState, steps: Sequence[To]) -> To | None:
    """Within :data:`APPROACH` tiles of the pit entry, the step toward the front space of the entry tile's pit-side
    lane (no step past the entry tile); None elsewhere."""
    c = s.cars[steps[0].car]
    n = len(s.track.tiles)
    if not near_pit(s, c.id):
        return None
    lane = pit_lane_of(s.track, s.track.pit_entry)

    def key(a: To) -> tuple[int, int, int]:
        p = s.track.pos(a.to)
        past = (p.tile - s.track.pit_entry) % n <= APPROACH and p.tile != s.track.pit_entry
        return (int(past), abs(p.lane - lane), -((p.tile - c.pos.tile) % n * 10 + p.space))

    best = min(steps, key=key)
    return None if key(best)[0] else best


def tyre_for(left: int) -> str:
    """The dry tyre a computer driver fits for ``left`` rounds to race: hard for 10 or more, medium for 6 or more,
    else soft."""
    return "hard" if left >= 10 else "medium" if left >= 6 else "soft"


def pit_choice(race: Race, listed: Legal | Sequence[FgpAction], margin: int) -> FgpAction | None:
    """A computer driver's pit decisions: at the pit entry, pit when :func:`wants_pit` (through the 'PIT LANE'
    space; sideways across the yellow line only with 1 MP left); in the box, repair one card if there is damage,
    fit the tyre that lasts the rounds left (hard for 10 or more, medium for 6 or more, else soft) and leave; on the
    Red Flag grid the same tyre. None: drive on."""
    s = race.state
    legal = listed if isinstance(listed, Legal) else Legal(listed)
    car = race.current_car
    assert car is not None
    c = s.cars[car]
    left = rounds_left(s)
    want = tyre_for(left)
    want = limitedtyres.wish(s, c, weather.tyre_wish(s, c, want, left),
                            [a.tyre for a in legal.of(Tyres)])  # [ADV] wet/a 2nd type; §21 15.10
    if race.phase is Phase.GRID:  # the Red Flag grid (§19.6 step 2): the same choice as in the box
        return next(a for a in legal.of(Tyres) if a.tyre == want)
    if race.phase is Phase.PIT:
        if len(legal.actions) == 1:  # waiting out penalties, or leaving after a long repair
            return legal.actions[0]
        for a in legal.of(BoxRepair):
            if a.card != "all":
                return a
        if not c.pit_tyres and legal.of(Tyres):  # §21 15.10: none may be left
            return next(a for a in legal.of(Tyres) if a.tyre == want)
        return legal.of(Leave)[0]
    if not wants_pit(s, c, margin):
        return None
    t = s.turn
    if entry_kind(s, c) == "sideways" and t is not None and t.mp_left > 1:
        return None  # drive to the front space and enter without a penalty
    return PitIn(car)


#: The greedy driver's last resort before a random pick (issue 39 item 4: per action class, in this priority order):
#: an ERS extension only when no speed limit is being left (§11.4.2: no needless speeding), else the first discard,
#: keep, stop, end or charge listed.
LAST: ByClass[tuple[Race, Legal], FgpAction | None] = ByClass("FormulaGP greedy driver's last resort")


@LAST.register(Extend)
def _extend(ctx: tuple[Race, Legal], a: Extend) -> FgpAction | None:
    race, legal = ctx
    ers = next((x for x in legal.of(Extend) if x.by == "ers"), None)
    return ers if ers is not None and not speedlimits.leaving_speeds(race.state) else None


@LAST.register(Block, NoBlock)
def _block(ctx: tuple[Race, Legal], a: Block | NoBlock) -> FgpAction | None:
    """§21 15.7.2 (``defending_position``): after a tie the defender blocks when it can — the attacker takes +1 tyre
    wear and has no second attempt (which could pass it) — with its least valuable card: the slowest colour (§6.2),
    then the fewest LEDs; it keeps its hand only with no card to block with."""
    _race, legal = ctx
    blocks = legal.of(Block)
    if not blocks:
        return legal.of(NoBlock)[0]
    return min(blocks, key=lambda b: (_FAST.get(card_colour(b.card) or Colour.GREEN, 0), leds((b.card,)), b.card))


@LAST.register(Discard, Keep, Stop, End, Charge)
def _first(ctx: tuple[Race, Legal], a: FgpAction) -> FgpAction | None:
    return a
