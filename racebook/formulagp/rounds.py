"""The round (digest §10): the Chequered Flag on the Weather Radar (the race clock, §4.2, §17.1), the draw phase
(draw to 4 + the ERS LEDs, hand-limit discards, ERS returns, the no-movement-card ladder; §10.1) with its legal
actions, their application and refusals, the driver sequence (§10.2), the start and end of each turn, the final
round and the classification (§17.1, §17.2)."""

from __future__ import annotations

from itertools import combinations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Discard, FgpAction, Keep, Launch, Return, parse
from racebook.formulagp.cardplay import apply_play, card_colour, card_type, plays
from racebook.formulagp.components import CardType
from racebook.formulagp.rules.classification import Finish, Finisher, classify
from racebook.formulagp.rules.order import Runner, driver_order
from racebook.formulagp.state import Car, Die, Phase, RaceState, Turn

START_ROUNDS = 2  # race rounds 1-2: passes are free (§13.1), no Slipstream bonus (§11.5)


def start_race(s: RaceState, log: EventLog) -> None:
    """Set-up's last step (§4.2 a): the WHITE die picks the panel side; then qualifying (§9), or round 1 from the
    grid given."""
    i = s.roll(Die.WHITE)
    face = s.white_face(i)
    s.panel_side = face.colour.value
    log.append(ev.PanelSide(face.value, face.colour.value))
    if s.qualifying:
        from racebook.formulagp.qualify import begin_qualifying  # qualify imports this module
        return begin_qualifying(s, log)
    start_round(s, log)


def start_round(s: RaceState, log: EventLog) -> None:
    """§10 item 1–2: advance the Chequered Flag (not in round 1), then everyone draws to the hand limit."""
    s.round += 1
    if s.round > 1:
        s.flag += 1
    log.append(ev.RoundStarted(s.round, s.flag))
    if s.flag >= s.final_lap_at and not s.final_lap:
        s.final_lap = True
        log.append(ev.FinalLap(s.flag))
    if s.round == 1 and s.qualifying:  # §9.4 item 1: the cards left from qualifying, the pole's bonus card
        from racebook.formulagp.qualify import round_one_cards
        return round_one_cards(s, log)
    draw_phase(s, log)


def draw_phase(s: RaceState, log: EventLog) -> None:
    """§10.1 (and qualifying's draw, §9.1): everyone draws to the hand limit, then the draw-phase decisions."""
    for car in _sequence_for_draw(s):
        c = s.cars[car]
        c.drawn = []
        c.returned = False
        limit = s.hand_limit(c)
        got = _draw(s, c, limit - len(c.hand))
        c.drawn = list(got)
        log.append(ev.Drew(car, tuple(got), limit))
    s.phase = Phase.DRAW
    s.turn = None
    _next_draw_decision(s, log)


def _sequence_for_draw(s: RaceState) -> tuple[str, ...]:
    """Last round's sequence, then the cars that had no turn in it (a pit-lane starter, §9.3), by grid; qualifying:
    the pit boxes (§9.1)."""
    if s.round == 0 and s.qualifying:
        return s.boxes
    return s.order + tuple(car for car in s.grid if car not in s.order) if s.order else s.grid


def _draw(s: RaceState, c: Car, n: int) -> list[str]:
    got = []
    for _ in range(max(0, n)):
        code = c.deck.draw(s.rng)
        if code is None:
            break
        c.hand.append(code)
        got.append(code)
    return got


def draw_pending(s: RaceState) -> str | None:
    """The next car with a draw-phase decision (hand over the limit, or an ERS return to make), in sequence."""
    for car in _sequence_for_draw(s):
        c = s.cars[car]
        if len(c.hand) > s.hand_limit(c) and discardable(c):
            return car
        if not c.returned and returnable(s, c):
            return car
    return None


def discardable(c: Car) -> list[str]:
    """Cards that may be discarded to the hand limit: not Tyre Wear, not Draw Failure (§10.1.1)."""
    return [x for x in c.hand if card_type(x) not in (CardType.TYRE_WEAR, CardType.DRAW_FAILURE)]


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
    from racebook.formulagp.qualify import joiners, open_qualifying, starters, unstick
    if s.round == 0:  # qualifying (§9.2): the sealed cards
        return open_qualifying(s, log)
    if s.round == 1:
        for car in starters(s):  # the pit-lane starters skip round 1 (§9.3)
            if not unstick(s, s.cars[car], log):  # stuck in neutral after qualifying (§9.3)
                _ladder(s, s.cars[car], log)
        if not starters(s):
            return set_order(s, (), log)
        s.start.open(starters(s), "§9.4.3")
        s.phase = Phase.START
        return
    runners = [Runner(c.id, c.pos, c.lap) for c in s.cars.values() if not c.pit_start]  # §9.3: not yet started
    set_order(s, tuple(slot.car for slot in driver_order(s.track, runners)) + joiners(s), log)


def set_order(s: RaceState, order: tuple[str, ...], log: EventLog) -> None:
    s.order = order
    log.append(ev.OrderSet(s.order, "§9.4.3" if s.round == 1 else "§10.2"))
    s.turn_index = 0
    if not order:  # every car is waiting in the pit lane (§9.3): the round passes
        return start_round(s, log)
    begin_turn(s, log)


def _ladder(s: RaceState, c: Car, log: EventLog) -> None:
    """§10.1.3 step e: no playable movement card: discard (a non-movement card first) and draw, one at a time."""
    guard = 0
    while not plays(s, c) and guard < 200:
        guard += 1
        out = next((x for x in c.hand if card_colour(x) is None), c.hand[0] if c.hand else None)
        if out is not None:
            c.hand.remove(out)
            c.deck.discard(out)
        got = _draw(s, c, 1)
        log.append(ev.LadderSwap(c.id, out or "-", got[0] if got else "-"))


def begin_turn(s: RaceState, log: EventLog) -> None:
    """§10.3 step 1: the Draw Failure card first; a car with no playable movement card goes down the ladder (§10.1.3,
    step e: discard and draw one card at a time). In race round 1 the car moves with the cards it revealed (§9.4.4)."""
    car = s.order[s.turn_index]
    c = s.cars[car]
    s.turn = Turn(car)
    s.phase = Phase.PLAY
    if c.pit_start:  # the race's first move, from the pit lane (§9.3)
        from racebook.formulagp.qualify import join
        join(s, c, s.turn, log)
    log.append(ev.TurnStarted(car, s.track.name_of(c.pos)))
    for code in [x for x in c.hand if card_type(x) is CardType.DRAW_FAILURE]:
        c.hand.remove(code)
        c.deck.discard(code)
        log.append(ev.DrawFailurePlayed(car, code))
    launch = s.launches.pop(car, None)
    if launch is not None:
        a = parse(launch)
        assert isinstance(a, Launch)
        apply_play(s, a.play(), log)
        return
    _ladder(s, c, log)


def end_turn(s: RaceState, log: EventLog) -> None:
    assert s.turn is not None
    c = s.cars[s.turn.car]
    log.append(ev.TurnEnded(c.id, s.track.name_of(c.pos), c.ot))
    c.ot = 0
    s.turn = None
    s.turn_index += 1
    if s.turn_index < len(s.order):
        begin_turn(s, log)
    elif s.final_round:
        finish(s, log)
    else:
        start_round(s, log)


def finish(s: RaceState, log: EventLog) -> None:
    """§17.2: penalties (tokens held: none are given yet) and the final results."""
    n = sum(1 for t in s.track.tiles if t.costs_mp)
    rank = {t.index: i for i, t in enumerate(t for t in s.track.tiles if t.costs_mp)}
    runners = [Runner(c.id, c.pos, c.lap) for c in s.cars.values()]
    seq = {slot.car: i for i, slot in enumerate(driver_order(s.track, runners))}
    fin = [Finisher(c.id, c.lap * n + rank[c.pos.tile], seq[c.id], c.penalties,
                    Finish.CROSSED if c.crossed_final else Finish.NOT_CROSSED) for c in s.cars.values()]
    result = classify(fin)
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
    if len(c.hand) > s.hand_limit(c) and discardable(c):
        return [Discard(car, x) for x in sorted(set(discardable(c)))]
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
        got = _draw(s, c, len(a.cards))
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
    if len(c.hand) > s.hand_limit(c) and discardable(c):
        if not isinstance(a, Discard):
            return "§10.1.1", f"{car} holds {len(c.hand)} cards over its hand limit of {s.hand_limit(c)}: discard"
        return "§10.1.1", f"{a.card} may not be discarded: not in hand, or a Tyre Wear or Draw Failure card"
    if isinstance(a, Return):
        return "§10.1.2", (f"return at most {s.board.ers_level_leds(c.ers)} cards (the LEDs beside the ERS level), "
                           "each drawn this round and never the Draw Failure card")
    return "§10.1.2", "the draw phase asks for an ERS return: 'keep' or 'return <cards>'"

