"""Qualifying and the race start's special cases (digest §9.1–§9.3, §9.4 item 1, §9.5 item 6, §9.6; A7, A23, A38,
A40, A41): the QUALIFY phase's legal actions, their application and refusals, together.

Qualifying (§9.1, §9.2), before race round 1:

1. Everyone draws 4 + the ERS LEDs with the normal ERS return (the draw phase of :mod:`racebook.formulagp.rounds`,
   in pit-box order). **The same hand serves qualifying and race round 1** (§9.1 item 1).
2. Every driver chooses its qualifying cards face down — a :class:`racebook.core.visibility.SealedRound` opened in
   pit-box order (the one closest to the pit exit first); nothing is shown until every driver has sealed. The cards
   combine as in a battle (§13.3): one movement card or a pair (ORANGE wild, BLUE + BLUE allowed; no YELLOW die for
   a pair in qualifying), any Tyre Wear cards (+1 LED and +1 wear each) and Option cards (their LEDs, no EVENT; they
   back a primary card: A11); BLUE costs no ERS. Or no card at all: the whole score is 0 and the car starts at the
   back (A38).
3. The reveal (A23: the reveal text of the round overview [7.1] belongs here): score = the starting tyre's bonus +
   the car's maximum OT + the LEDs (:func:`racebook.formulagp.rules.qualifying.qualifying_score`). Every card used
   counts as played and is discarded (§9.2 item 6); the others stay in hand for race round 1.
4. Pushing the limit, one driver at a time in pit-box order (only a car that played cards: a car with no card has
   no score to push, A38): the WHITE die's value is added (the icon face counts 1); on a red face the driver spends
   a counter-steer card of its choice and adds nothing, or with none crashes: score 0 and a start from the pit lane
   (A41, :func:`racebook.formulagp.rules.qualifying.pushed`).
5. The grid (§9.2 item 5, §9.3): the highest score on pole, a tie to the pit box nearer the pit exit, the cars with
   no card at the back by pit box; the crashed cars start from the pit lane
   (:func:`racebook.formulagp.rules.qualifying.qualifying_grid`).

Race round 1's cards, a car stuck in neutral and the pit-lane start (§9.3, §9.4 item 1):
:mod:`racebook.formulagp.gridstart`.

Race round 2's EVENT draws are allowed (A40): nothing in this module stops them.

Rookie BOTs (§22.6 [BOT 1.5.2]): the sealed round is opened for the player cars only; at the players' reveal each
Rookie, in pit-box order, draws one BATTLE card (:func:`racebook.formulagp.bots.rookie.qualify`: max OT + the Control
card side's LEDs + the card's LEDs; the card discarded) and is ranked with the players; a Rookie never pushes the
limit and never crashes. A race of BOTs only opens no sealed round: the scores are drawn at once.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

from racebook.core.log import EventLog
from racebook.formulagp import diequalify, rounds
from racebook.formulagp import events as ev
from racebook.formulagp.actions import FgpAction, NoPush, Pole, Push, Qualify, Steer, parse
from racebook.formulagp.bots import rookie
from racebook.formulagp.cardplay import card_colour, card_type
from racebook.formulagp.components import CardType, Colour, Secondary, cards
from racebook.formulagp.gridstart import POLE_LOOK, pit_lane_space
from racebook.formulagp.rounds import begin_movement_phase, start_round
from racebook.formulagp.rules.qualifying import pushed, qualifying_grid, qualifying_score
from racebook.formulagp.state import Car, Die, Phase, RaceState

RULE = "§9.2"
TYRE_WEAR_LEDS = 1  # §9.1: a Tyre Wear card adds +1 LED to the qualifying score
_ORDER = "GRBOWPF"


def _key(code: str) -> tuple[int, int]:
    return _ORDER.index(code[0]), int(code[1:])


# ----------------------------------------------------------------- the sealed cards (§9.2; the draw: rounds.start_race)
def open_qualifying(s: RaceState, log: EventLog) -> None:
    """§9.2 items 2–3: every driver seals its qualifying cards; nothing shows until all have sealed. The round is
    opened for the player cars only (a Rookie BOT plays no card: its score is drawn at the reveal, §22.6); a race of
    BOTs only reveals at once."""
    if s.rules.die_qualifying:
        return diequalify.open_rounds(s, log, _set_grid)  # §21 15.3: the attempts by die roll instead
    s.phase = Phase.QUALIFY
    drivers = tuple(car for car in s.boxes if not s.cars[car].bot)
    log.append(ev.QualifyingOpened(drivers))
    if not drivers:
        return _reveal(s, log)
    s.qual.open(drivers, RULE)


# ------------------------------------------------------------------ the cards a driver may seal (§9.1, §13.3)
def _pair_ok(x: str, y: str) -> bool:
    """A battle pair (§6.3, §13.3): one colour, ORANGE wild for GREEN or RED, BLUE + BLUE allowed."""
    a, b = card_colour(x), card_colour(y)
    if a is None or b is None:
        return False
    if Colour.ORANGE in (a, b):
        return {a, b} <= {Colour.ORANGE, Colour.GREEN, Colour.RED}
    return a is b


def _alike(code: str) -> tuple[CardType, int, Secondary]:
    c = cards().card(code)
    return c.type, c.leds, c.secondary


def choices(c: Car) -> list[Qualify]:
    """Every qualifying play of ``c``'s hand (§9.1): none; or a primary (one movement card, a battle pair, or Tyre
    Wear cards alone) with any Tyre Wear and Option cards. Of alike extra cards (same type, LEDs and secondary icon)
    the lowest codes are named first: which one is played changes nothing."""
    hand = sorted(c.hand, key=_key)
    moving = [x for x in hand if card_colour(x) is not None]
    primaries: list[tuple[str, ...]] = [()] + [(x,) for x in moving]
    primaries += [(x, y) for x, y in combinations(moving, 2) if _pair_ok(x, y)]
    groups: dict[tuple[CardType, int, Secondary], list[str]] = {}
    for x in hand:
        if card_type(x) in (CardType.TYRE_WEAR, CardType.OPTION):
            groups.setdefault(_alike(x), []).append(x)
    extras: list[tuple[str, ...]] = [()]
    for group in groups.values():
        extras = [e + tuple(group[:k]) for e in extras for k in range(len(group) + 1)]
    out = [Qualify(c.id, ())]
    for p in primaries:
        for e in extras:
            if not p and not any(card_type(x) is CardType.TYRE_WEAR for x in e):
                continue  # an Option card backs a primary card only (§13.3, A11)
            if p or e:
                out.append(Qualify(c.id, tuple(sorted(p + e, key=_key))))
    return out


def leds(codes: tuple[str, ...]) -> list[int]:
    """Each played card's LEDs for qualifying (§9.1): its printed LEDs; a Tyre Wear card +1."""
    return [TYRE_WEAR_LEDS if card_type(x) is CardType.TYRE_WEAR else cards().card(x).leds for x in codes]


def counter_steers(c: Car) -> list[str]:
    """The cards in hand with the Counter-steer secondary function (§5.1), lowest first."""
    return sorted({x for x in c.hand if cards().card(x).secondary is Secondary.COUNTER_STEER}, key=_key)


# ------------------------------------------------------------------ the phase: who decides, legal, apply, explain
def pending(s: RaceState) -> str | None:
    """Whose qualifying decision it is: the pole's bonus card, a counter-steer to spend, a push to declare, or the
    first driver still to seal its cards (pit-box order)."""
    if s.pole_bonus:
        return s.pole_bonus
    if s.dq_queue:  # §21 15.3
        return s.dq_queue[0]
    if s.qual_steer:
        return s.qual_steer
    if s.qual_push:
        return s.qual_push[0]
    return s.qual.waiting[0] if s.qual.waiting else None


def legal_qualify(s: RaceState) -> list[FgpAction]:
    car = pending(s)
    if car is None:
        return []
    c = s.cars[car]
    if s.pole_bonus:
        return list(_pole_choices(s, c))
    if s.dq_round:
        return diequalify.legal(s)  # §21 15.3
    if s.qual_steer:
        return [Steer(car, x) for x in counter_steers(c)]
    if s.qual_push:
        return [Push(car), NoPush(car)]
    return list(choices(c))


def apply_qualify(s: RaceState, a: FgpAction, log: EventLog) -> None:
    if s.dq_round and not s.pole_bonus:
        return diequalify.apply(s, a, log, _set_grid)  # §21 15.3
    if isinstance(a, Qualify):
        seal(s, a, log)
    elif isinstance(a, Push):
        _push(s, s.cars[a.car], log)
    elif isinstance(a, NoPush):
        log.append(ev.NotPushed(a.car, s.qual_scores[a.car].score))
        _next_push(s, log)
    elif isinstance(a, Steer):
        c = s.cars[a.car]
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        s.qual_steer = ""
        log.append(ev.QualifyingSteered(a.car, a.card, s.qual_scores[a.car].score))
        _next_push(s, log)
    else:
        assert isinstance(a, Pole)
        _keep_bonus(s, s.cars[a.car], a, log)


def seal(s: RaceState, a: Qualify | FgpAction, log: EventLog) -> None:
    """One driver seals its qualifying choice (``a``'s text) in the race's sealed round; the reveal follows the last
    seal. A computer or BOT driver commits here through the same :class:`~racebook.core.visibility.SealedRound`."""
    s.qual.commit(a.car, str(a), a)
    log.append(ev.QualifyingSealed(a.car))
    if s.qual.ready:
        _reveal(s, log)


def _reveal(s: RaceState, log: EventLog) -> None:
    """§9.2 items 3 and 6: every choice together, in pit-box order; the cards played are discarded."""
    for car, text in s.qual.reveal() if s.qual.is_open else ():
        a = parse(text)
        assert isinstance(a, Qualify)
        c = s.cars[car]
        for x in a.cards:
            c.hand.remove(x)
            c.deck.discard(x)
            if card_type(x) is CardType.TYRE_WEAR:
                c.wear = min(s.board.wear_length, c.wear + 1)
        got = leds(a.cards)
        s.qual_scores[car] = qualifying_score(s.board, c.tyre, got)
        log.append(ev.QualifyingRevealed(car, a.cards, sum(got), s.qual_scores[car].score, c.wear))
    bots_qualify(s, log)
    s.qual_push = tuple(car for car in s.boxes if s.qual_scores[car].played and not s.cars[car].bot)
    _next_push(s, log, first=True)


def bots_qualify(s: RaceState, log: EventLog) -> None:
    """§22.6 [BOT 1.5.2]: at the players' reveal each Rookie BOT, in pit-box order, draws one BATTLE card for its
    score (:func:`racebook.formulagp.bots.rookie.qualify`); it never pushes the limit (left out of the push queue)."""
    for car in s.boxes:
        if s.cars[car].bot:
            s.qual_scores[car] = rookie.qualify(s, car, log)


def _push(s: RaceState, c: Car, log: EventLog) -> None:
    face = s.white_face(s.roll(Die.WHITE))
    before = s.qual_scores[c.id]
    if face.colour.value == "red" and counter_steers(c):
        s.qual_steer = c.id
        log.append(ev.QualifyingPushed(c.id, face.value, face.colour.value,
                             "a red face: spend a counter-steer card or crash (A41)", before.score))
        return
    after = pushed(before, face, counter_steer=False)
    s.qual_scores[c.id] = after
    outcome = ("a red face and no counter-steer card: the car crashes, score 0, a start from the pit lane"
               if after.crashed else f"+{face.value}")
    log.append(ev.QualifyingPushed(c.id, face.value, face.colour.value, outcome, after.score))
    _next_push(s, log)


def _next_push(s: RaceState, log: EventLog, first: bool = False) -> None:
    if not first:
        s.qual_push = s.qual_push[1:]
    if not s.qual_push:
        _set_grid(s, log)


def _set_grid(s: RaceState, log: EventLog) -> None:
    """§9.2 item 5, §9.3: the grid by score; the crashed cars wait in the pit lane; then race round 1."""
    box = {car: i for i, car in enumerate(s.boxes)}
    g = qualifying_grid(s.qual_scores, box)
    s.grid = g.grid + g.pit_lane
    for i, car in enumerate(g.grid):
        s.cars[car].pos = s.track.grid[i]
    s.cars = {car: s.cars[car] for car in s.grid}  # the position lists the cars in grid order
    log.append(ev.GridSet(g.grid, g.pit_lane))
    for car in g.pit_lane:
        c = s.cars[car]
        c.pos = pit_lane_space(s)
        c.pit_start = s.rules.pit_lane_start_round
        log.append(ev.PitLaneStart(car, c.pit_start))
    start_round(s, log)


def explain_qualify(s: RaceState, a: FgpAction) -> tuple[str, str]:
    if s.dq_round and not s.pole_bonus:
        return diequalify.explain(s, a)  # §21 15.3
    car = pending(s)
    if a.car != car:
        return RULE, f"in qualifying it is {car}'s decision now"
    c = s.cars[a.car]
    if s.pole_bonus:
        return "§9.4", ("the pole keeps one of the top three cards of its deck and puts the other two on top or at "
                        "the bottom: 'pole keep=<card> top=<cards> bottom=<cards>'")
    if s.qual_steer:
        return "§9.2", (f"{a.car} rolled a red face: spend one of its counter-steer cards "
                        f"({', '.join(counter_steers(c))})")
    if s.qual_push:
        return "§9.2", f"{a.car} declares whether it pushes the limit: 'push' or 'nopush'"
    if not isinstance(a, Qualify):
        return "§9.2", f"{a.car} seals its qualifying cards: 'qualify <cards>' or 'qualify none'"
    return _why_not(c, a)


def _why_not(c: Car, a: Qualify) -> tuple[str, str]:
    if any(x not in c.hand for x in a.cards) or len(set(a.cards)) != len(a.cards):
        return "§9.2", f"each card once, from {c.id}'s hand"
    kinds = Counter(card_type(x) for x in a.cards)
    moving = [x for x in a.cards if card_colour(x) is not None]
    if kinds[CardType.DRAW_FAILURE]:
        return "§9.1", "the Draw Failure card adds no LEDs to qualifying"
    if len(moving) > 2 or (len(moving) == 2 and not _pair_ok(*moving)):
        return "§13.3", "one movement card, or two as a pair (one colour, ORANGE wild, BLUE + BLUE allowed)"
    if not moving and not kinds[CardType.TYRE_WEAR]:
        return "§13.3", "an Option card only backs a movement or Tyre Wear card (A11)"
    if list(a.cards) != sorted(a.cards, key=_key):
        return "§9.2", "the engine names the cards in code order (G, R, B, O, W, P): " + " ".join(
            sorted(a.cards, key=_key))
    return "§9.2", "of alike cards (same type, LEDs, secondary icon) the engine names the lowest codes first"


def _looked(c: Car) -> list[str]:
    """The cards the pole looks at: the top of its draw pile (the top is the end of the list)."""
    return list(reversed(c.deck.pile[-POLE_LOOK:]))


def _pole_choices(s: RaceState, c: Car) -> list[Pole]:
    seen = _looked(c)
    out = []
    for keep in seen:
        rest = [x for x in seen if x != keep]
        for order in permutations(rest):
            for k in range(len(order) + 1):
                out.append(Pole(c.id, keep, tuple(order[:k]), tuple(order[k:])))
    return out


def _keep_bonus(s: RaceState, c: Car, a: Pole, log: EventLog) -> None:
    for x in [a.keep, *a.top, *a.bottom]:
        c.deck.pile.remove(x)
    c.hand.append(a.keep)
    c.deck.pile += list(reversed(a.top))  # the first named ends on top
    c.deck.pile[0:0] = list(reversed(a.bottom))  # the last named ends at the very bottom
    s.pole_bonus = ""
    log.append(ev.PoleKept(c.id, a.keep, a.top, a.bottom))
    begin_movement_phase(s, log)


rounds.ABOVE.open_qualifying = open_qualifying  # the round opens qualifying (round 0) through it (issue 39 item 7)
