"""Race round 1 (digest §9.4): every driver chooses its start cards face down — movement card(s), a pair allowed,
and Tyre Wear or Option cards for +1 LED each (a Tyre Wear card also +1 wear), never the Car Characteristic — and
all are revealed together (a :class:`racebook.core.visibility.SealedRound` opened in grid order); the most LEDs move
first, a tie to the better grid place (:func:`racebook.formulagp.rules.order.race_start_order`); each car then moves
in 2nd gear with the cards it revealed (§9.4.4). The START phase's legal actions, application and refusals.

With qualifying (:mod:`racebook.formulagp.qualify`) round 1's cards are those left from qualifying plus the pole's
bonus card, a car stuck in neutral moves last, and the pit-lane starters seal nothing; a race started from a given
grid draws round 1's cards in its draw phase.
"""

from __future__ import annotations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import momentum
from racebook.formulagp.actions import FgpAction, Launch, parse
from racebook.formulagp.bots.rookie import start_leds
from racebook.formulagp.cardplay import card_type, check_play, plays
from racebook.formulagp.components import CardType, cards
from racebook.formulagp.gridstart import starters, stuck
from racebook.formulagp.rounds import set_order
from racebook.formulagp.rules.order import race_start_order
from racebook.formulagp.state import RaceState
from racebook.formulagp.tyrewear import wear_by

EXTRA = (CardType.TYRE_WEAR, CardType.OPTION)


def _extras(hand: list[str], kind: CardType) -> list[str]:
    return sorted((x for x in hand if card_type(x) is kind), key=lambda x: (len(x), x))


def legal_start(s: RaceState) -> list[FgpAction]:
    """The first car still to seal its start cards: every play (no Car Characteristic in round 1) with 0.. of its
    Tyre Wear and Option cards, lowest codes first (which of two alike cards is added changes nothing)."""
    if s.round > 1:
        return momentum.legal(s)  # §21 15.1: the movement cards shown for the momentum order
    if not s.start.waiting:
        return []
    car = s.start.waiting[0]
    c = s.cars[car]
    wear, opt = _extras(c.hand, CardType.TYRE_WEAR), _extras(c.hand, CardType.OPTION)
    out: list[FgpAction] = []
    for p in plays(s, c):
        if p.characteristic:
            continue
        for w in range(len(wear) + 1):
            for o in range(len(opt) + 1):
                out.append(Launch(car, p.cards, p.as_colour, tuple(wear[:w] + opt[:o])))
    return out


def _leds(a: Launch) -> int:
    """The start score (§9.4.3): the LEDs on the movement card(s), +1 for each Tyre Wear or Option card."""
    return sum(cards().card(x).leds for x in a.cards) + len(a.extras)


def apply_start(s: RaceState, a: FgpAction, log: EventLog) -> None:
    assert isinstance(a, Launch)
    if s.round > 1:
        return momentum.apply(s, a, log, set_order)  # §21 15.1
    s.start.commit(a.car, str(a), a)
    log.append(ev.StartSealed(a.car))
    if not s.start.ready:
        return
    leds = {}
    for car, text in s.start.reveal():
        launch = launch_of(text)
        c = s.cars[car]
        for x in launch.extras:
            c.hand.remove(x)
            c.deck.discard(x)
            if card_type(x) is CardType.TYRE_WEAR:
                wear_by(s, c, 1, log)  # §14.1: the icons reached
        leds[car] = _leds(launch)
        s.launches[car] = text
        log.append(ev.StartRevealed(car, launch.cards, launch.extras, leds[car], c.wear))
    leds |= start_leds(s, log)  # the BOTs' BATTLE cards, after the players' reveal (§22.8.1)
    order = race_start_order(leds, starters(s), stuck(s), by_grid=s.rules.race_start_by_grid)  # §21 15.4
    set_order(s, order, log)  # §9.3: no pit-lane starter; stuck last


def launch_of(text: str) -> Launch:
    """The launch a sealed text names (its reading back, §9.4.3)."""
    a = parse(text)
    assert isinstance(a, Launch)
    return a


def explain_start(s: RaceState, a: FgpAction) -> tuple[str, str]:
    if s.round > 1:
        return momentum.explain(s, a)  # §21 15.1
    waiting = s.start.waiting
    if not isinstance(a, Launch):
        return "§9.4.3", "race round 1 starts with every driver sealing its start cards: 'launch <cards>'"
    if a.car not in waiting:
        return "§9.4.3", (f"{a.car} has already sealed its start cards" if a.car in s.start.committed
                          else f"{a.car} is not in the race")
    if a.car != waiting[0]:
        return "§9.4.3", f"the start cards are sealed in grid order: {waiting[0]} first"
    c = s.cars[a.car]
    try:
        check_play(s, c, a.play())
    except IllegalAction as e:
        return e.rule, e.reason
    for x in a.extras:
        if x not in c.hand or card_type(x) not in EXTRA or x in a.cards:
            return "§9.4.3", f"{x} is not a Tyre Wear or Option card in {a.car}'s hand"
    if len(set(a.extras)) != len(a.extras):
        return "§9.4.3", "each extra card once"
    return "§9.4.3", "two alike extra cards: the engine lists the lowest codes first"

