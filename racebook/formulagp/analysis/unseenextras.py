"""The opponent's unseen battle EVENT cards and its driver skill in the battle odds (digest §13.3 items 3–4, §6.7,
§6.8, §4.6; the original's 3, 4.8, 5.1.2 and 9.3; issue 37 item 3, issue 32).

**EVENT cards** (§13.3 item 3: "both players may play any that apply"). A held EVENT card lies face down on the table
(§6.7; the original's 3: "EVENT cards are placed face down on the table until they are used"): the viewer sees how
many the opponent holds (:func:`racebook.formulagp.visibility.events_view`), not which. They are weighed as a
uniformly random set of that many from the EVENT cards the viewer cannot place (:func:`unseen_events`): the shared
deck's 30 cards (``data/event_deck.toml``) less the viewer's own held cards (it sees them) and ``known_out``; a viewer
with a memory also takes out the EVENT discard pile (each card in it was played or spent face up since the deck was
last reshuffled — the original's 3: "You cannot look through the discard piles and will have to rely on your
memory") and the cards removed from the game (a played 'Safety Car' card, §19.4.2). The draw pile and the cards other
cars hold stay unseen. The model ignores what the opponent's earlier choices reveal (e.g. that it kept a card) and an
'Investigation' that showed the held cards (§17.4): a caller who remembers one names the cards in ``known_out``.

The chance of a held set is hypergeometric (``math.comb``), grouped by what a battle reads of an EVENT card: a card
whose effect is ``battle`` by its LEDs (``amount``), every other card in one inert group. The grouping is exact:
the engine lists a bid with each subset of the held battle cards
(:func:`racebook.formulagp.battleextras.extra_sets`), each card adding its amount
(:func:`racebook.formulagp.battleextras.extra_leds`), so every set of a group gives the same bid totals and the group
sums equal terms. (The teaching deck holds one battle card, E6 'Late Braking', +2 LEDs, ``invented-for-teaching``.)

**Driver skill** (§13.3 item 4, §6.8; the original's 4.8: "once per game round, as described on the card"). A DRIVER
card is public: chosen at the set-up and placed next to the Player Board with the Stress token on it (§4.6, the
original's 5.1.2; the stress track is read by everyone), its skill printed on it; with reading N30 the teaching card is
a function of the car's place (:func:`racebook.formulagp.driverskill.driver_of`). So nothing is enumerated: whether the
opponent may use it in this battle — the switch ``driver_skills``, once a game round (a skill is shown at the reveal,
so the round it was used is public), the card's condition — is the engine's
:func:`racebook.formulagp.driverskill.may_use`, read through :func:`~racebook.formulagp.battleextras.extra_sets`.

For each held group, :func:`extras_polynomial` is what the engine's variants of one bid add: ``{LEDs: how many
variants add them}`` (the empty set without the skill adds 0), which the battle odds multiply into the opponent's bid
totals (its totals are a sum, :func:`racebook.formulagp.rules.battle.total`). Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb

from racebook.formulagp import eventdeck
from racebook.formulagp.actions import Bid
from racebook.formulagp.battleextras import extra_leds, extra_sets
from racebook.formulagp.eventdeck import EventEffect
from racebook.formulagp.state import RaceState

__all__ = ["unseen_events", "event_hands", "extras_polynomial", "skill_leds"]


def unseen_events(s: RaceState, viewer: str, opponent: str, remember: bool, known_out: Iterable[str] = ()) -> list[str]:
    """The EVENT cards ``viewer`` cannot place (see the module's docstring): the deck's codes less its own held cards,
    ``known_out`` and, when it ``remember``\\ s, the EVENT discard pile and the cards removed from the game. The
    opponent's held cards are among them (never read: only how many there are)."""
    if viewer == opponent:
        raise ValueError("the viewer sees its own EVENT cards")
    codes = eventdeck.event_deck().advanced_codes if s.mode.advanced else eventdeck.event_deck().codes  # §4.4
    out = Counter(codes)
    gone = list(s.cars[viewer].events) + list(known_out) + (
        list(s.events.discards) + list(s.events_out) if remember else [])
    for x in gone:
        if out[x] < 1:
            raise ValueError(f"{x}: not an EVENT card of the deck, or named twice")
        out[x] -= 1
    return [x for x in codes if out[x] > 0]


def _group(code: str) -> int:
    """What a battle reads of an EVENT card: a battle card's LEDs; 0 for every other card (§13.3 item 3)."""
    card = eventdeck.event_card(code)
    return card.amount if card.effect is EventEffect.BATTLE else 0


def event_hands(pool: Sequence[str], size: int) -> list[tuple[tuple[str, ...], int]]:
    """Every set of ``size`` held EVENT cards from ``pool`` by what a battle reads (:func:`_group`), as
    representative codes, with its number of actual sets (the chance: over ``C(len(pool), size)``)."""
    if size > len(pool) or size < 0:
        raise ValueError(f"{size} held EVENT cards from {len(pool)} unseen")
    groups: dict[int, list[str]] = {}
    for x in pool:
        groups.setdefault(_group(x), []).append(x)
    out: list[tuple[tuple[str, ...], int]] = [((), 1)]
    for codes in groups.values():  # one group at a time: every count of it with every set of the groups before
        out = [(held + tuple(codes[:m]), ways * comb(len(codes), m)) for held, ways in out
               for m in range(min(len(codes), size - len(held)) + 1)]
    return [(held, ways) for held, ways in out if len(held) == size]


def extras_polynomial(s: RaceState, car: str, held: Sequence[str]) -> dict[int, int]:
    """What the engine adds to one bid of ``car`` holding the EVENT cards ``held``: ``{LEDs: how many of its
    variants add them}`` (:func:`racebook.formulagp.battleextras.extra_sets` and ``extra_leds``, the engine's rule;
    the position is not changed)."""
    c = s.cars[car]
    real = c.events
    c.events = list(held)
    try:
        sets = extra_sets(s, car)
    finally:
        c.events = real
    out: dict[int, int] = {}
    for events, skill in sets:
        leds = sum(extra_leds(s, Bid(car, (), False, events, skill)))
        out[leds] = out.get(leds, 0) + 1
    return out


def skill_leds(s: RaceState, car: str) -> int:
    """The LEDs ``car``'s driver skill may add in this battle (0: it may not use it; §13.3 item 4)."""
    return max(extras_polynomial(s, car, ()))
