"""The round (digest §10): the Chequered Flag on the Weather Radar (the race clock, §4.2, §17.1), the draw phase
(draw to 4 + the ERS LEDs, hand-limit discards, ERS returns, the no-movement-card ladder; §10.1) with its legal
actions, their application and refusals, the driver sequence (§10.2), the start and end of each turn, the final
round and the classification (§17.1, §17.2)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import (
    lapping,
    limitedtyres,
    momentum,
    pitlane,
    raceevents,
    redflag,
    redpitentry,
    teamradio,
    weather,
)
from racebook.formulagp import photofinish as photo_finish
from racebook.formulagp.actions import Discard, FgpAction, Keep, Launch, Return, parse
from racebook.formulagp.cardplay import apply_play, card_type, check_play
from racebook.formulagp.components import CardType
from racebook.formulagp.damage import take_failure
from racebook.formulagp.eventcards import turn_over
from racebook.formulagp.gridstart import blocker, join, joiners, round_one_cards, starters, unstick, wait_blocked
from racebook.formulagp.hand import discardable, draw, ladder
from racebook.formulagp.losscontrol import finish_group, hold_turn, passable, pause, sits_out
from racebook.formulagp.penalties import reveal_at_end
from racebook.formulagp.rules.classification import Finisher, classify
from racebook.formulagp.rules.order import Runner, driver_order
from racebook.formulagp.secondary import ladder_at_turn_start
from racebook.formulagp.state import Car, Die, Phase, RaceState, Resume, Turn
from racebook.formulagp.w2w import end_of_round as w2w_end_of_round

START_ROUNDS = 2  # race rounds 1-2: passes are free (§13.1), no Slipstream bonus (§11.5)


def start_race(s: RaceState, log: EventLog) -> None:
    """Set-up's last step (§4.2 a): the WHITE die picks the panel side; then qualifying (§9), or round 1 from the
    grid given."""
    i = s.roll(Die.WHITE)
    face = s.white_face(i)
    s.panel_side = face.colour.value
    log.append(ev.PanelSide(face.value, face.colour.value))
    weather.setup(s, log)  # [ADV] §4.2 g-i: the forecast, the Weather token, Standing Water (formulagp.weather)
    if limitedtyres.choosing(s):  # §21 15.10 (``choose``): each player's tyre sets, before qualifying
        return
    if weather.start_tyres(s):  # §4.6: the drivers choose their start tyres first (new_race(choose_tyres=True))
        return
    after_setup(s, log)


def after_setup(s: RaceState, log: EventLog) -> None:
    """The set-up is done (and, in an Advanced race, the start tyres chosen, §4.6): qualifying's draw (§9.1 item 1:
    the normal draw phase, ERS returns included, in pit-box order; the sealed cards come when every draw decision is
    made, qualify.open_qualifying), or round 1 from the grid."""
    if s.qualifying:
        log.append(ev.PitBoxes(s.boxes))
        return draw_phase(s, log)
    start_round(s, log)


def start_round(s: RaceState, log: EventLog) -> None:
    """§10 item 1–2: advance the Chequered Flag (not in round 1), then everyone draws to the hand limit."""
    if redflag.choose_tyres(s):  # §19.6 step 2: the drivers choose their tyres on the Red Flag grid first
        return
    pitlane.new_round(s, log)  # the end of the last round: Cold Tyres (§16.5)
    if raceevents.round_end(s, log):  # the race events at the round's end (§19); True: it ends under the SC
        return finish(s, log)
    s.round += 1
    if s.round > 1:
        s.flag += 1
    log.append(ev.RoundStarted(s.round, s.flag))
    if s.bots.active:
        ABOVE.rookie_new_round(s, log)  # the start BATTLE cards discarded after round 1 (§22.8.1)
    if s.flag >= s.final_lap_at and not s.final_lap:
        s.final_lap = True
        log.append(ev.FinalLap(s.flag))
    raceevents.round_started(s, log)
    if s.round == 1 and s.qualifying:  # §9.4 item 1: the cards left from qualifying, the pole's bonus card
        if not round_one_cards(s, log):  # the pole keeps its bonus card first (qualify.apply_qualify)
            begin_movement_phase(s, log)
        return
    draw_phase(s, log)


def draw_phase(s: RaceState, log: EventLog) -> None:
    """§10.1 (and qualifying's draw, §9.1): everyone draws to the hand limit, then the draw-phase decisions."""
    for car in _sequence_for_draw(s):
        c = s.cars[car]
        if c.bot:
            continue  # a BOT holds no ACTION cards (§22.1)
        c.drawn = []
        c.returned = False
        limit = s.hand_limit(c)
        got = draw(s, c, limit - len(c.hand))
        c.drawn = list(got)
        log.append(ev.Drew(car, tuple(got), limit))
    s.phase = Phase.DRAW
    s.turn = None
    _next_draw_decision(s, log)


def _sequence_for_draw(s: RaceState) -> tuple[str, ...]:
    """Last round's sequence, then the cars that had no turn in it (a pit-lane starter, §9.3), by grid; qualifying:
    the pit boxes (§9.1); none after a Red Flag restart (A30)."""
    if raceevents.skips_draw(s):
        return ()
    if s.round == 0 and s.qualifying:
        return s.boxes
    return s.order + tuple(car for car in s.grid if car not in s.order) if s.order else s.grid


def draw_pending(s: RaceState) -> str | None:
    """The next car with a draw-phase decision (hand over the limit, or an ERS return to make), in sequence."""
    for car in _sequence_for_draw(s):
        c = s.cars[car]
        if len(c.hand) > s.hand_limit(c) and discardable(c, s):
            return car
        if not c.returned and returnable(s, c):
            return car
    return None


def returnable(s: RaceState, c: Car) -> list[str]:
    """Cards drawn this round, still in hand, never the Draw Failure card (§10.1.2), when the ERS level shows LEDs."""
    if s.board.ers_level_leds(c.ers) == 0:
        return []
    return [x for x in c.drawn if x in c.hand and card_type(x) is not CardType.DRAW_FAILURE]


def _next_draw_decision(s: RaceState, log: EventLog) -> None:
    if draw_pending(s) is None:
        begin_movement_phase(s, log)


def begin_movement_phase(s: RaceState, log: EventLog) -> None:
    """§10 item 3: the driver sequence (§10.2). Race round 1 (§9.4): every car first has a movement card (the
    ladder), then seals its start cards; the order comes from their LEDs at the reveal
    (:mod:`racebook.formulagp.start`)."""
    if s.round == 0:  # qualifying (§9.2): the sealed cards
        return ABOVE.open_qualifying(s, log)
    raceevents.movement_phase(s, log)
    if s.round == 1:
        drivers = [car for car in starters(s) if not s.cars[car].bot]  # BOTs draw a BATTLE card (§22.8.1)
        for car in drivers:  # the pit-lane starters skip round 1 (§9.3)
            if not unstick(s, s.cars[car], log):  # stuck in neutral after qualifying (§9.3)
                ladder(s, s.cars[car], log)
        if not drivers:
            if any(s.cars[car].bot for car in s.grid):
                return ABOVE.rookie_start_without_players(s, log, starters(s))  # §9.3: not the pit lane
            return set_order(s, (), log)
        teamradio.offer_before_start(s)  # [ADV] each player draws 2 TEAM RADIO cards, keeps 1 (§6.9)
        s.start.open(drivers, "§9.4.3")
        s.phase = Phase.START
        return
    runners = [replace(r, blue_flags=s.cars[r.car].blue, spun=passable(s.cars[r.car]))  # §18.2, §19.7
               for r in pitlane.runners(s, log)  # cars in the pits and at the pit exit (§10.2 item 8, §16.2)
               if not s.cars[r.car].pit_start]  # §9.3: not started yet
    momentum.sequence(s, raceevents.sequence(s, tuple(slot.car for slot in driver_order(s.track, runners)) + joiners(s),
                                             log), log, set_order)  # §21 15.1: set_order, or the cards shown first


def set_order(s: RaceState, order: tuple[str, ...], log: EventLog) -> None:
    s.order = order
    log.append(ev.OrderSet(s.order, "§9.4.3" if s.round == 1 else "§10.2"))
    s.turn_index = 0
    if not order:  # every car is waiting in the pit lane (§9.3): the round passes
        return start_round(s, log)
    begin_turn(s, log)


def begin_turn(s: RaceState, log: EventLog) -> None:
    """§10.3 step 1: the Draw Failure card first; a car with no playable movement card goes down the ladder (§10.1.3,
    step e: discard and draw one card at a time). In race round 1 the car moves with the cards it revealed (§9.4.4)."""
    car = s.order[s.turn_index]
    c = s.cars[car]
    s.turn = Turn(car)
    s.phase = Phase.PLAY
    if sits_out(s, car, log):  # §18.2: spun or off track this round before its turn
        return end_turn(s, log)
    raceevents.turn_started(s, c, log)
    if c.pit_start:  # the race's first move, from the pit lane (§9.3)
        other = blocker(s, c)
        if other:  # a car stands where it would join: it waits in the pit lane a round more
            wait_blocked(s, c, other, log)
            return end_turn(s, log)
        join(s, c, s.turn, log)
    log.append(ev.TurnStarted(car, s.track.name_of(c.pos)))
    if c.bot:
        return ABOVE.rookie_begin(s, log)  # a BOT's turn is resolved by the rules (§22.9)
    for code in [x for x in c.hand if card_type(x) is CardType.DRAW_FAILURE]:
        c.hand.remove(code)
        c.deck.discard(code)
        log.append(ev.DrawFailurePlayed(car, code))
        take_failure(s, c, log)  # §6.6: it draws a FAILURE card (§18.5)
    if pitlane.begin_pit_turn(s, c, log):  # a turn that starts in the pits (§16.2)
        return
    launch = s.launches.pop(car, None)
    if launch is not None:
        a = parse(launch)
        assert isinstance(a, Launch)
        try:
            check_play(s, c, a.play())
        except IllegalAction as e:  # it can no longer make that play (e.g. it is now at the pit exit, §16.5)
            log.append(ev.LaunchVoid(car, e.rule, e.reason))
        else:
            apply_play(s, a.play(), log)
            return
    if not raceevents.vsc_turn(s, c, log):  # under the Virtual Safety Car no card is played (§19.5)
        ladder_at_turn_start(s, c, log)  # steps a-d are the driver's choices (racebook.formulagp.secondary)


def end_turn(s: RaceState, log: EventLog) -> None:
    assert s.turn is not None
    if hold_turn(s, log):  # §11.3.1, §18.1: the dice left and the cars pushed off decide first
        return
    c = s.cars[s.turn.car]
    log.append(ev.TurnEnded(c.id, s.track.name_of(c.pos), c.ot))
    turn_over(s, c)  # held 'apply immediately' EVENT cards are overdue from now on (§6.7)
    redpitentry.turn_over(s, c)  # a spared worn-tyres RED die lasts the next turn only (§14.1 Appendix B)
    c.ot = c.ot_bank  # §8.2: OT never carries over, except the New Overtake Mode's bank (§21 15.13, overtakemode)
    s.turn = None
    s.turn_index += 1
    if s.turn_index < len(s.order):
        begin_turn(s, log)
    elif s.final_round:
        finish(s, log)
    else:
        w2w_end_of_round(s, log)  # §13.4.1, §13.5: the Wheel-to-Wheel tokens (racebook.formulagp.w2w)
        if pause(s, Resume.ROUND):  # a token's stress made a driver lose control (§18.1): it decides first
            return
        start_round(s, log)


def finish(s: RaceState, log: EventLog) -> None:
    """§17.2: penalties (the tokens of the race and the penalty icons revealed, §17.2.1) and the final results; with
    the Optional Photo Finish (§17.2.2 item 7, :mod:`racebook.formulagp.photofinish`) the contenders first play their
    extra turns, each ending here again (the penalty icons are revealed once)."""
    if not s.photo:  # (extra turns of a photo finish were played: the penalties were applied before them)
        reveal_at_end(s, log)
    runners = [Runner(c.id, c.pos, c.lap) for c in s.cars.values()]
    seq = {slot.car: i for i, slot in enumerate(driver_order(s.track, runners))}
    fin = [Finisher(c.id, lapping.distance(s, c), seq[c.id], c.penalties,  # laps x a lap's tiles + the tile's rank
                    raceevents.finish(c, finish_group(c))) for c in s.cars.values()]  # §17.2.2: groups
    fin = [replace(f, finish=weather.finish(s, s.cars[f.car], f.finish)) for f in fin]  # [ADV] §17.2.2 item 6
    order = photo_finish.decide(s, fin, log, set_order)  # §21 15.8: None while the extra turns are played
    if order is None:
        return
    weather.disqualified(s, log)
    result = classify(fin, photo=order)
    s.result = tuple(r.car for r in result)
    for r in result:
        log.append(ev.Classified(r.car, r.position, r.distance, r.finish.value))
    s.finished = True
    s.phase = Phase.OVER


# ------------------------------------------------------------------ the draw phase (§10.1)
def legal_draw(s: RaceState) -> list[FgpAction]:
    car = draw_pending(s)
    if car is None:
        return []
    c = s.cars[car]
    if len(c.hand) > s.hand_limit(c) and discardable(c, s):
        return [Discard(car, x) for x in sorted(set(discardable(c, s)))]
    ret = returnable(s, c)
    n = min(s.board.ers_level_leds(c.ers), len(ret))
    out: list[FgpAction] = [Keep(car)]
    for k in range(1, n + 1):
        out += [Return(car, combo) for combo in combinations(ret, k)]
    return out


def apply_draw(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c = s.cars[a.car]
    if isinstance(a, Discard):
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        log.append(ev.Discarded(c.id, a.card, s.hand_limit(c)))
    elif isinstance(a, Return):
        for x in a.cards:
            c.hand.remove(x)
        c.deck.pile[0:0] = list(reversed(a.cards))  # the bottom of the pile (top = end), first named lowest
        got = draw(s, c, len(a.cards))
        c.returned = True
        log.append(ev.Returned(c.id, a.cards, tuple(got)))
    else:
        c.returned = True
        log.append(ev.Kept(c.id))
    _next_draw_decision(s, log)


def explain_draw(s: RaceState, a: FgpAction) -> tuple[str, str]:
    car = draw_pending(s)
    if a.car != car:
        return "§10.1", f"in the draw phase it is {car}'s decision now"
    c = s.cars[a.car]
    if len(c.hand) > s.hand_limit(c) and discardable(c, s):
        if not isinstance(a, Discard):
            return "§10.1.1", f"{car} holds {len(c.hand)} cards over its hand limit of {s.hand_limit(c)}: discard"
        return "§10.1.1", f"{a.card} may not be discarded: not in hand, or a Tyre Wear or Draw Failure card"
    if isinstance(a, Return):
        return "§10.1.2", (f"return at most {s.board.ers_level_leds(c.ers)} cards (the LEDs beside the ERS level), "
                           "each drawn this round and never the Draw Failure card")
    return "§10.1.2", "the draw phase asks for an ERS return: 'keep' or 'return <cards>'"


# ------------------------------------------------------------------ the mechanics above the round (issue 39 item 7)
def _unwired(name: str) -> Callable[..., None]:
    def refuse(*args: object) -> None:
        raise RuntimeError(f"rounds.ABOVE.{name} is not set: import racebook.formulagp.turn (the phase table)")
    return refuse


class Above:
    """The mechanics above the round that it calls back, each set by its own module when imported (the dependency
    inverted: the round imports none of them, as no engine module imports inside a function): qualifying's sealed
    cards (§9.2, :mod:`racebook.formulagp.qualify`) and the Rookie BOT engine (§22, :mod:`racebook.formulagp.bots.
    rookie`). :mod:`racebook.formulagp.turn` imports them all, so every race has them."""

    def __init__(self) -> None:
        self.open_qualifying: Callable[[RaceState, EventLog], None] = _unwired("open_qualifying")
        self.rookie_new_round: Callable[[RaceState, EventLog], None] = _unwired("rookie_new_round")
        self.rookie_start_without_players: Callable[[RaceState, EventLog, Sequence[str] | None], None] = _unwired(
            "rookie_start_without_players")
        self.rookie_begin: Callable[[RaceState, EventLog], None] = _unwired("rookie_begin")


ABOVE = Above()
