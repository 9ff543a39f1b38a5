"""The battle odds' fast path (digest §13.3, §13.4; issue 32 item 4, issue 37 item 3): the opponent's hands as
multisets of card kinds, their bid totals as packed polynomials. :mod:`racebook.formulagp.analysis.battleodds` calls
:func:`by_kinds` and keeps the engine's bid list as the reference the tests compare it with.

A hand's bids depend only on how many cards of each *kind* (type and LEDs) it holds, so the opponent's hands are
enumerated as multisets of kinds weighted by the hypergeometric count, and a multiset's bid totals are built as a
polynomial (a packed integer: one 32-bit slot per LED total, counting the engine's bids with that total): for each
movement-card primary the engine lists (none, one card, a pair — :func:`racebook.formulagp.battles.bids`: one bid per
card code, one per pair of codes), times the Tyre Wear and Option cards it may add, each combination's legality and
LEDs checked once by :func:`racebook.formulagp.rules.battle.check_cards` with the position's terms
(:func:`racebook.formulagp.battlereveal.card_terms`, the engine's rule, not a copy). The opponent's held EVENT cards
and driver skill (:mod:`racebook.formulagp.analysis.unseenextras`) multiply in as a polynomial of the LEDs each of the
engine's variants of a bid adds (a side's total is a sum, :func:`racebook.formulagp.rules.battle.total`), weighted by
the number of held sets of each group. Exact; benchmarks/bench_battleodds.py measures it against the reference.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from racebook.core.errors import IllegalAction
from racebook.formulagp.battlereveal import card_terms
from racebook.formulagp.components import CardType, cards
from racebook.formulagp.pitlane import cold_led
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.state import RaceState

__all__ = ["Total", "Totals", "Model", "by_kinds", "normalised", "compositions"]

Total = int | None  # a side's LEDs; None: the defender yields (§13.3 item 2)
Totals = Mapping[Total, int] | Sequence[Total]  # a hand's bid totals: with how many bids give each, or listed
Model = Callable[[Totals], dict[Total, Fraction]]
Extras = Sequence[tuple[Mapping[int, int], int]]  # per held EVENT group: {LEDs a variant adds: variants}, its sets
NO_EXTRAS: Extras = (({0: 1}, 1),)  # none held, no skill: every bid as it is


def normalised(weights: dict[Total, Fraction]) -> dict[Total, Fraction]:
    """Conditioned on what the table has seen: a declared attacker's hands without a bid are left out."""
    kept = sum(weights.values(), Fraction(0))
    return {t: p / kept for t, p in weights.items()} if kept else {}


def compositions(caps: Sequence[int], size: int, partial: bool = False) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` cards from groups of ``caps`` cards (how many from each); ``partial``: at most
    ``size``."""
    if not caps:
        if size == 0 or partial:
            yield ()
        return
    room = sum(caps[1:])
    low = 0 if partial else max(0, size - room)
    for m in range(low, min(caps[0], size) + 1):
        for rest in compositions(caps[1:], size - m, partial):
            yield (m, *rest)


def packed(poly: Mapping[int, int]) -> int:
    """A polynomial ``{LEDs: count}`` (LEDs >= 0) as a packed integer, one 32-bit slot per LED total."""
    return sum(n << (SLOT * leds) for leds, n in poly.items())


def _top(key: int) -> int:
    """The highest slot of a packed multiset, with a count of 1 (0 stays 0)."""
    return key.bit_length() and 1 << ((key.bit_length() - 1) // SLOT * SLOT)


SLOT = 32  # bits per LED total in a packed multiset of bid totals (a hand lists far fewer than 2**32 bids)
MASK = (1 << SLOT) - 1
Kind = tuple[CardType, int]  # what a battle reads of a card: its type and printed LEDs
Term = tuple[int, int, int]  # a primary: its index, its printed LEDs, its class (the index of its table)
Table = tuple[tuple[int, ...], ...]  # [w][o]: the packed LEDs the bids on a primary add with w Tyre Wear, o Options
SLOT_CODE = next(code for code in "IL" if array(code).itemsize * 8 == SLOT)  # an unsigned 32-bit array item


def _slots(packed: int, width: int) -> array[int]:
    """The ``width`` 32-bit slots of a packed multiset, lowest first (how many bids have each LED total)."""
    out = array(SLOT_CODE, packed.to_bytes(width * SLOT // 8, "little"))
    if sys.byteorder == "big":
        out.byteswap()
    return out


@lru_cache(maxsize=64)
def _extras(primaries: tuple[tuple[Kind, ...], ...], wear: Kind | None, option: Kind | None, wear_max: int,
            option_max: int, size: int, stressed: bool, backs_any: bool) -> tuple[tuple[Term, ...], tuple[Table, ...]]:
    """For each primary (0–2 movement cards by kind), its printed LEDs, and the packed multiset of the LEDs its
    legal bids add on top for every (Tyre Wear, Option) count the hand may hold: ``(primary, leds, class)``, where
    ``class`` indexes the tables returned (primaries whose tables are equal share one). Legality and LEDs are
    :func:`racebook.formulagp.rules.battle.check_cards`'s, for every ``w`` Tyre Wear and ``o`` Option cards (the
    engine lists the lowest-coded ``w`` and ``o`` of the hand: with one kind of each, their kinds are known)."""
    out: list[Term] = []
    tables: dict[Table, int] = {}
    for i, prim in enumerate(primaries):
        base = sum(k[1] for k in prim)
        room = size - len(prim)  # a hand of ``size`` holds at most this many Tyre Wear and Option cards besides
        cum = [[0] * (option_max + 1) for _ in range(wear_max + 1)]
        legal = False
        for w in range(wear_max + 1):
            for o in range(option_max + 1):
                cell = 0
                if w + o <= room:
                    chosen = list(prim) + ([wear] * w if wear else []) + ([option] * o if option else [])
                    try:
                        leds = bt.check_cards([k[0] for k in chosen], [k[1] for k in chosen], stressed=stressed,
                                              option_backs_any_card=backs_any).leds
                        cell, legal = 1 << (SLOT * (leds - base)), True
                    except IllegalAction:
                        pass
                # the hand holds w Tyre Wear and o Option cards: the engine lists every w' <= w, o' <= o
                cum[w][o] = cell + (cum[w - 1][o] if w else 0) + (cum[w][o - 1] if o else 0) - (
                    cum[w - 1][o - 1] if w and o else 0)
        if legal:  # never legal (e.g. a Stressed driver's pair): left out
            out.append((i, base, tables.setdefault(tuple(tuple(row) for row in cum), len(tables))))
    return tuple(out), tuple(tables)


def by_kinds(s: RaceState, car: str, pool: Sequence[str], size: int, attacking: bool, model: Model,
             extras: Extras = NO_EXTRAS) -> tuple[dict[Total, Fraction], int] | None:
    """The fast path (see the module's docstring): the distribution of ``car``'s total under ``model`` and how many
    hands (multisets of kinds, times held EVENT groups) were kept. ``extras``: for each group of held EVENT cards,
    the LEDs the engine's variants of one bid add
    (:func:`racebook.formulagp.analysis.unseenextras.extras_polynomial`) and its number of held sets. None when the
    deck has several kinds of Tyre Wear or Option card (which of them the engine adds would depend on the codes, not
    the kinds)."""
    data = cards()
    groups: dict[Kind, int] = {}
    for x in pool:
        k = (data.card(x).type, data.card(x).leds)
        groups[k] = groups.get(k, 0) + 1
    moving = sorted((k for k in groups if k[0] in bt.MOVEMENT), key=lambda k: (k[0].value, k[1]))
    wears = [k for k in groups if k[0] is CardType.TYRE_WEAR]
    options = [k for k in groups if k[0] is CardType.OPTION]
    if len(wears) > 1 or len(options) > 1:
        return None
    if size > len(pool) or size < 0:
        raise ValueError(f"a hand of {size} from {len(pool)} unseen cards")
    wear, option = (wears[0] if wears else None), (options[0] if options else None)
    n_wear, n_opt = (groups[wear] if wear else 0), (groups[option] if option else 0)
    n_inert = len(pool) - n_wear - n_opt - sum(groups[k] for k in moving)
    caps = [min(groups[k], size) for k in moving]
    ns = [groups[k] for k in moving]
    primaries: list[tuple[int, ...]] = [()] + [(i,) for i in range(len(moving))] + [
        (i, j) for i in range(len(moving)) for j in range(i, len(moving)) if i != j or caps[i] >= 2]
    c = s.cars[car]
    prims, tables = _extras(tuple(tuple(moving[i] for i in p) for p in primaries), wear, option, min(n_wear, size),
                     min(n_opt, size), size, *card_terms(s, c))
    inert_kinds = [groups[k] for k in groups if k not in moving and k != wear and k != option]
    inert_hands = [sum(1 for _ in compositions(inert_kinds, j)) for j in range(size + 1)]
    each_equally = getattr(model, "picks_each_bid_equally", False)  # a model reading shares needs every total
    top_only = getattr(model, "reads_only_the_strongest", False) and not each_equally
    # how each primary's count follows from the hand's counts (the engine lists one bid per card code, one per pair
    # of codes): (class, LEDs shifted, first kind, second kind or -1 (one card) or -2 (two of one kind))
    terms = []
    for i, base, cls in prims:
        p = primaries[i]
        first, second = (p[0], -1) if len(p) == 1 else (p[0], -2) if len(p) == 2 and p[0] == p[1] else \
            (p[0], p[1]) if p else (-1, -1)
        terms.append((cls, 1 << (SLOT * base), first, second))
    ways_rest = [[[comb(n_wear, w) * comb(n_opt, o) * comb(n_inert, r - w - o) for o in range(r - w + 1)]
                  for w in range(r + 1)] for r in range(size + 1)]
    weights: dict[int, int] = {}
    kept_hands: dict[int, int] = {}
    choose = [[comb(n, m) for m in range(size + 1)] for n in ns]  # C(cards of the kind, how many in the hand)
    pairs = [comb(m, 2) for m in range(size + 1)]
    for counts in compositions(caps, size, partial=True):
        ways = 1
        for table, m in zip(choose, counts, strict=True):
            ways *= table[m]
        poly = [0] * len(tables)
        for cls, shifted, first, second in terms:
            if first < 0:
                poly[cls] += shifted
            elif second == -1:
                poly[cls] += counts[first] * shifted
            elif second == -2:
                poly[cls] += pairs[counts[first]] * shifted
            else:
                poly[cls] += counts[first] * counts[second] * shifted
        used = [(a, tab) for a, tab in zip(poly, tables, strict=True) if a]
        rest = size - sum(counts)
        ways_here = ways_rest[rest]
        for w in range(min(n_wear, rest) + 1):
            row = ways_here[w]
            for o in range(min(n_opt, rest - w) + 1):
                if rest - w - o > n_inert:
                    continue
                key = 0
                for a, tab in used:
                    key += a * tab[w][o]
                if top_only:  # the highest slot: the model reads only the strongest total
                    key = _top(key)
                weights[key] = weights.get(key, 0) + ways * row[o]
                kept_hands[key] = kept_hands.get(key, 0) + inert_hands[rest - w - o]
    if not each_equally and tuple(extras) != tuple(NO_EXTRAS):  # each hand with each held group (and the skill)
        weights, kept_hands = _with_extras(weights, kept_hands, [(packed(x), n) for x, n in extras], top_only)
    ot = s.board.ot_level_leds(c.ot) if attacking else 0
    cold = bt.total(0, cold_tyres=cold_led(s, car) != 0)
    spends = (0,) if c.ers < 1 else (0, spend_ers_in_battle(s.board, c.ers, 0).leds)  # each bid without and with
    width = max((k.bit_length() for k in weights), default=0) // SLOT + 1  # one ERS charge (A36)
    final = [[bt.total(t, ot_leds=ot, ers_leds=e) + cold for e in spends] for t in range(width)]
    if each_equally:
        outcome, hands = _shares(weights, kept_hands, width, final, extras, attacking)
    else:
        outcome, hands = _by_model(weights, kept_hands, width, final, model, attacking)
    dist: dict[Total, Fraction] = {}
    for (total_, den), num in outcome.items():
        dist[total_] = dist.get(total_, Fraction(0)) + Fraction(num, den)
    return normalised(dist), hands


def _with_extras(weights: dict[int, int], kept: dict[int, int], extras: Sequence[tuple[int, int]],
                 top_only: bool) -> tuple[dict[int, int], dict[int, int]]:
    """The packed bid totals of every (hand, held group): a bid of total t with an extra of e LEDs is a bid of
    t + e — polynomials multiply (a side's total is a sum, :func:`racebook.formulagp.rules.battle.total`); weights
    multiply (the ACTION hand and the held EVENT cards come from different decks); each group is one more hand."""
    out: dict[int, int] = {}
    hands: dict[int, int] = {}
    for key, ways in weights.items():
        for poly, sets in extras:
            k = key * poly
            if top_only:
                k = _top(k)
            out[k] = out.get(k, 0) + ways * sets
            hands[k] = hands.get(k, 0) + kept[key]
    return out, hands


def _by_model(weights: Mapping[int, int], kept: Mapping[int, int], width: int, final: Sequence[Sequence[int]],
              model: Model, attacking: bool) -> tuple[dict[tuple[Total, int], int], int]:
    """Each packed hand's totals (``final[t]``: a card total's LED totals, without and with one ERS charge) handed to
    ``model``: ``(total, denominator) -> numerator``, weighted by the ways, and the hands kept."""
    outcome: dict[tuple[Total, int], int] = {}
    hands = 0
    for key, ways in weights.items():
        totals: dict[Total, int] = {}
        for t, n in enumerate(_slots(key, width)):
            if n:
                for led in final[t]:
                    totals[led] = totals.get(led, 0) + n
        if attacking and not totals:
            continue  # it declared the attack, so it holds a movement or Tyre Wear card (§13.2, §13.3)
        if not attacking:
            totals[None] = 1  # the defender may yield (§13.3 item 2)
        hands += kept[key]
        for total_, q in model(totals).items():  # summed in integers, one sum per denominator: few Fractions
            slot = (total_, q.denominator)
            outcome[slot] = outcome.get(slot, 0) + ways * q.numerator
    return outcome, hands


def _shares(weights: Mapping[int, int], kept: Mapping[int, int], width: int, final: Sequence[Sequence[int]],
            extras: Extras, attacking: bool) -> tuple[dict[tuple[Total, int], int], int]:
    """:func:`_by_model` for a model that picks each listed bid equally (``picks_each_bid_equally``): the chance of a
    total in a hand is its bids over the hand's bids (and the defender's yield, 1). With a held group's extras ``x``
    (``|x|`` variants of each bid), a hand of ``b`` card bids lists ``b·|spends|·|x|`` (+ the yield), a card total
    ``t`` with ``n`` bids becoming each ``final[t] + e`` with ``n·x[e]`` — all linear in the hand, so the hands are
    summed by ``b`` first (the slot counts times the ways) and the ERS spends and each group applied once to a sum."""
    sums: dict[int, tuple[list[int], list[int]]] = {}  # card bids in a hand -> (per card total: bids x ways, [ways])
    hands = 0
    for key, ways in weights.items():
        slots = _slots(key, width)
        bids = sum(slots)
        if attacking and not bids:
            continue  # it declared the attack, so it holds a movement or Tyre Wear card (§13.2, §13.3)
        acc, whole = sums.setdefault(bids, ([0] * width, [0]))
        for t, n in enumerate(slots):
            if n:
                acc[t] += ways * n
        whole[0] += ways
        hands += kept[key] * len(extras)
    out: dict[tuple[Total, int], int] = {}
    for bids, (acc, whole) in sums.items():
        for poly, sets in extras:
            den = bids * len(final[0]) * sum(poly.values()) + (0 if attacking else 1)
            for t, n in enumerate(acc):
                if n:
                    for led in final[t]:
                        for e, m in poly.items():
                            slot = (led + e, den)
                            out[slot] = out.get(slot, 0) + sets * n * m
            if not attacking:  # the defender may yield (§13.3 item 2): one choice more in every hand
                out[(None, den)] = out.get((None, den), 0) + sets * whole[0]
    return out, hands
