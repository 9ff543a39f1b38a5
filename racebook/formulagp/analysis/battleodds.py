"""The exact chance of winning a battle against cards you cannot see (digest §13.3, §13.4; issue 32 item 4).

What the viewer knows is what :mod:`racebook.formulagp.visibility` shows it: its own hand in full, of the opponent
only how many cards it holds; the tokens on the table (OT, ERS, stress: the opponent's OT level LEDs, its ERS charge,
whether it is Stressed and may not pair); the cards the opponent played face up. The opponent's hand is modelled as
a uniformly random set of that many cards from its ACTION deck (the real composition, `cards.toml`, 45 cards, each
car its own deck, §3, §5) less the cards the viewer knows are elsewhere:

* :attr:`Memory.DISCARDS` (the default): the opponent's discard pile — every card in it went there face up (played
  for movement, revealed in a battle, cleared, discarded by a visible action) since its deck was last reshuffled, so
  a player with a perfect memory knows them; :attr:`Memory.NONE`: the viewer remembers nothing (the whole deck);
  ``known_out`` adds any other codes the caller knows are out of the hand.
* The chance of a hand is hypergeometric over the unseen cards (``math.comb``; cards grouped by what a battle reads:
  type and LEDs); an attacking opponent declared its attack, so its hands without a movement or Tyre Wear card are
  left out and the rest renormalised (§13.2, §13.3). The model ignores what the opponent's earlier choices reveal
  (e.g. which card it kept), and the cards returned to the bottom of its deck (§10.1) are treated as unseen.
* The opponent's choice is a **model**, a parameter: a function from the LED totals of its legal bids in a hand
  (``None`` for a defender's yield), with how many of the engine's bids give each total, to a distribution over
  them. :func:`strongest` (the default): its strongest
  legal bid (spending its ERS charge when that adds LEDs; it never yields while it can bid); :func:`uniform`: each
  legal bid the engine lists (and the yield) equally likely. A model that reads only the highest total says so
  (``reads_only_the_strongest = True``, as :func:`strongest` does): the fast path then hands it only that.

Every legal bid of the viewer (:func:`racebook.formulagp.battles.bids`, the engine's list) gets its chance of an
overtake, a tie and a failed attack, as exact :class:`~fractions.Fraction`\\ s (§13.4: more LEDs for the attacker —
the overtake; fewer — it fails; equal — a tie, +1 stress each; an undefended attack succeeds). A side's LEDs are the
engine's (§13.3 item 4): the cards' printed LEDs checked by :func:`racebook.formulagp.rules.battle.check_cards`, the
attacker's OT level (:meth:`~racebook.formulagp.playerboard.PlayerBoard.ot_level_leds`), one ERS charge
(:func:`racebook.formulagp.rules.resources.spend_ers_in_battle`), summed by
:func:`racebook.formulagp.rules.battle.total` (a test compares them with the engine's reveal for every bid). Not
modelled: a Rookie BOT opponent (it draws a BATTLE card, §22.10), EVENT cards and driver skill (not played in
battles yet), the [ADV] second attempt after a tie.

**Speed.** A hand's bids depend only on how many cards of each *kind* (type and LEDs) it holds, so the opponent's
hands are enumerated as multisets of kinds weighted by the hypergeometric count, and a multiset's bid totals are
built as a polynomial (a packed integer: one 32-bit slot per LED total, counting the engine's bids with that total):
for each movement-card primary the engine lists (none, one card, a pair — :func:`racebook.formulagp.battles.bids`:
one bid per card code, one per pair of codes), times the Tyre Wear and Option cards it may add, each combination's
legality and LEDs checked once by :func:`racebook.formulagp.rules.battle.check_cards` (the engine's rule, not a
copy). Exact, and about 100× faster for a hand of 8 unseen cards than putting each multiset through the engine's
bid list (``reference=True``, kept as the reference the tests compare against; benchmarks/bench_battleodds.py).
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from racebook.core.errors import IllegalAction
from racebook.formulagp import battles, visibility
from racebook.formulagp.actions import Attack, Bid, FgpAction, Yield
from racebook.formulagp.battleextras import extra_leds
from racebook.formulagp.components import CardType, cards
from racebook.formulagp.pitlane import cold_led
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.state import Phase, RaceState

__all__ = ["Memory", "Model", "strongest", "uniform", "BidOdds", "BattleOdds", "battle_odds", "bid_leds",
           "unseen_pool", "hand_distribution"]

Total = int | None  # a side's LEDs; None: the defender yields (§13.3 item 2)
Totals = Mapping[Total, int] | Sequence[Total]  # a hand's bid totals: with how many bids give each, or listed
Model = Callable[[Totals], dict[Total, Fraction]]


def _counts(totals: Totals) -> dict[Total, int]:
    if isinstance(totals, Mapping):
        return {t: n for t, n in totals.items() if n}
    out: dict[Total, int] = {}
    for t in totals:
        out[t] = out.get(t, 0) + 1
    return out


def strongest(totals: Totals) -> dict[Total, Fraction]:
    """The opponent plays its strongest legal bid (the most LEDs it can lay); it yields only with no bid."""
    bids = [t for t in _counts(totals) if t is not None]
    return {max(bids) if bids else None: Fraction(1)}


#: a model that reads only the strongest total may say so: the fast path then hands it only the highest totals
strongest.reads_only_the_strongest = True  # type: ignore[attr-defined]


def uniform(totals: Totals) -> dict[Total, Fraction]:
    """The opponent picks one of its legal bids (and, as defender, the yield) at random, each equally likely."""
    counts = _counts(totals)
    whole = sum(counts.values())
    return {t: Fraction(n, whole) for t, n in counts.items()}


class Memory(Enum):
    """What the viewer remembers of the opponent's cards (see the module's docstring)."""

    NONE = "nothing: the opponent's hand is drawn from its whole deck"
    DISCARDS = "every card the opponent showed since its last reshuffle: its discard pile"


@dataclass(frozen=True, slots=True)
class BidOdds:
    """One legal bid of the viewer: its LEDs (None: yield) and the chance of each result of the attack (§13.4)."""

    bid: str
    leds: Total
    overtake: Fraction
    tie: Fraction
    fail: Fraction

    def percent(self) -> tuple[float, float, float]:
        return float(self.overtake * 100), float(self.tie * 100), float(self.fail * 100)


@dataclass(frozen=True)
class BattleOdds:
    """The odds for each legal bid of ``viewer`` (attacker or defender) against ``opponent``'s unseen hand.

    ``opponent_leds`` is the distribution of the opponent's total under ``model`` (None: it yields); ``pool`` the
    number of unseen cards its ``hand`` of that many is drawn from; ``hands`` the number of distinct hands by what a
    battle reads (type and LEDs of each card)."""

    viewer: str
    opponent: str
    role: str
    attacker: str
    defender: str
    model: str
    memory: Memory
    hand: int
    pool: int
    hands: int
    opponent_leds: dict[Total, Fraction]
    bids: tuple[BidOdds, ...]

    def best(self) -> BidOdds:
        """The viewer's bid with the best chance: the attacker's most overtakes (then fewest ties, fewest LEDs),
        the defender's fewest overtakes (then fewest ties, fewest LEDs) — fewer LEDs keep cards for later."""
        def key(b: BidOdds) -> tuple[Fraction, Fraction, int]:
            win = b.overtake if self.role == "attacker" else -b.overtake
            return (-win, b.tie, b.leds if b.leds is not None else -1)
        return min(self.bids, key=key)

    def sentence(self) -> str:
        b = self.best()
        o, t, f = b.percent()
        return (f"{self.viewer} ({self.role}) against {self.opponent}'s {self.hand} unseen cards (drawn from "
                f"{self.pool}, the opponent playing {self.model}): best {b.bid.split(' ', 1)[1]} with {b.leds} LEDs — "
                f"overtake {o:.1f}%, tie {t:.1f}%, fail {f:.1f}% (§13.4)")


def bid_leds(state: RaceState, car: str, bid: FgpAction, attacker: bool) -> Total:
    """A side's LED total for ``bid`` as the engine reveals it (§13.3 item 4): the cards' LEDs, the attacker's OT
    level, one ERS charge at the level before it drops, a Cold Tyres token's −2 (A35). None for a yield. The
    position is not changed."""
    if isinstance(bid, Yield):
        return None
    assert isinstance(bid, Bid)
    c = state.cars[car]
    checked = battles._check(state, c, bid.cards)
    ot = state.board.ot_level_leds(c.ot) if attacker else 0
    ers = spend_ers_in_battle(state.board, c.ers, len(c.hand) - len(bid.cards)).leds if bid.ers else 0
    events, skill = extra_leds(state, bid)  # §13.3 items 3-4: EVENT cards, the driver skill
    return bt.total(checked.leds, ot_leds=ot, ers_leds=ers, event_leds=events, skill_leds=skill,
                    cold_tyres=cold_led(state, car) != 0)


def unseen_pool(state: RaceState, viewer: str, opponent: str, memory: Memory = Memory.DISCARDS,
                known_out: Iterable[str] = ()) -> list[str]:
    """The opponent's ACTION cards the viewer cannot place: its deck's codes less what ``memory`` and ``known_out``
    account for. The cards in the opponent's hand are among them (never read: only how many there are)."""
    if viewer == opponent:
        raise ValueError("the viewer sees its own hand")
    codes = [c.code for c in cards().action]
    out = Counter(codes)
    gone = list(known_out) + (list(state.cars[opponent].deck.discards) if memory is Memory.DISCARDS else [])
    for x in gone:
        if out[x] < 1:
            raise ValueError(f"{x}: not an ACTION card of {opponent}'s deck, or named twice")
        out[x] -= 1
    return [x for x in codes if out[x] > 0]


def _class(code: str) -> tuple[str, int]:
    card = cards().card(code)
    return card.type.value, card.leds


def hand_distribution(pool: Sequence[str], size: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every hand of ``size`` cards from ``pool`` by what a battle reads (card type and LEDs), as representative
    codes, with its exact chance (hypergeometric: the product of C(n_k, m_k) over C(N, size))."""
    groups: dict[tuple[str, int], list[str]] = {}
    for x in pool:
        groups.setdefault(_class(x), []).append(x)
    keys = sorted(groups)
    whole = comb(len(pool), size)
    if size > len(pool) or size < 0:
        raise ValueError(f"a hand of {size} from {len(pool)} unseen cards")
    out = []
    for counts in _compositions([len(groups[k]) for k in keys], size):
        ways = 1
        hand: list[str] = []
        for k, m in zip(keys, counts, strict=True):
            ways *= comb(len(groups[k]), m)
            hand += groups[k][:m]
        out.append((tuple(hand), Fraction(ways, whole)))
    return out


def _compositions(caps: Sequence[int], size: int, partial: bool = False) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` cards from groups of ``caps`` cards (how many from each); ``partial``: at most
    ``size``."""
    if not caps:
        if size == 0 or partial:
            yield ()
        return
    room = sum(caps[1:])
    low = 0 if partial else max(0, size - room)
    for m in range(low, min(caps[0], size) + 1):
        for rest in _compositions(caps[1:], size - m, partial):
            yield (m, *rest)


def _battle_state(race: Any, viewer: str, opponent: str | None) -> tuple[Any, str, str]:
    """A clone of ``race`` with the battle open (attacker, defender): an open battle as it is, or the attack the
    viewer may declare now (declared on the clone)."""
    s = race.state
    if s.battle is not None and s.battle.defender:
        b = s.battle
        if viewer not in (b.attacker, b.defender):
            raise IllegalAction(viewer, "§13.3", f"{viewer} is not in the battle of {b.attacker} and {b.defender}")
        return race.clone(), b.attacker, b.defender
    attacks = [a for a in race.legal_actions() if isinstance(a, Attack)] if race.phase is Phase.BATTLE else []
    attacks = [a for a in attacks if a.car == viewer and (opponent is None or a.defender == opponent)]
    if not attacks:
        raise IllegalAction(viewer, "§13.2", f"{viewer} has no battle to declare or fight now")
    clone = race.clone()
    clone.apply(attacks[0])
    return clone, viewer, attacks[0].defender


def battle_odds(race: Any, viewer: str, opponent: str | None = None, *, model: Model = strongest,
                memory: Memory = Memory.DISCARDS, known_out: Iterable[str] = (), reference: bool = False) -> BattleOdds:
    """The exact odds of each legal bid of ``viewer`` in the battle open in ``race`` (or the attack on ``opponent``
    it may declare now), against the opponent's unseen hand under ``model`` (see the module's docstring). The
    position is not changed. ``reference=True``: each multiset of kinds through the engine's bid list (slow; the
    fast path's reference)."""
    clone, attacker, defender = _battle_state(race, viewer, opponent)
    s = clone.state
    other = defender if viewer == attacker else attacker
    if s.cars[other].bot:
        raise IllegalAction(other, "§22.10", "a Rookie BOT draws a BATTLE card at the reveal: not modelled here")
    mine = battles.bids(s, viewer)
    if not mine:
        raise IllegalAction(viewer, "§13.3", f"{viewer} holds no movement or Tyre Wear card to battle with")
    seen = visibility.table_view(s, viewer)[other]
    pool = unseen_pool(s, viewer, other, memory, known_out)
    dist: dict[Total, Fraction] = {}
    hands = 0
    if s.battle is not None and s.battle.chained:  # §13.4.1: the car ahead cannot defend
        dist = {None: Fraction(1)}
    else:
        found = None if reference else _by_kinds(s, other, pool, len(seen), other == attacker, model)
        if found is None:
            found = _by_engine(s, other, pool, len(seen), other == attacker, model)
        dist, hands = found
        if not dist:
            raise IllegalAction(other, "§13.3", f"no hand of {len(seen)} unseen cards lets {other} attack")
    rows = []
    for b in mine:
        mine_leds = bid_leds(s, viewer, b, viewer == attacker)
        over = tie = fail = Fraction(0)
        for t, p in dist.items():
            att, dfn = (mine_leds, t) if viewer == attacker else (t, mine_leds)
            assert att is not None  # the attacker always lays cards (§13.3 item 2)
            res = bt.result(att, dfn)
            if res.succeeds:
                over += p
            elif res is bt.Result.TIE:
                tie += p
            else:
                fail += p
        rows.append(BidOdds(str(b), mine_leds, over, tie, fail))
    name = getattr(model, "__name__", repr(model))
    return BattleOdds(viewer, other, "attacker" if viewer == attacker else "defender", attacker, defender,
                      name, memory, len(seen), len(pool), hands, dict(sorted(dist.items(), key=_order)), tuple(rows))


def _normalised(weights: dict[Total, Fraction]) -> dict[Total, Fraction]:
    """Conditioned on what the table has seen: a declared attacker's hands without a bid are left out."""
    kept = sum(weights.values(), Fraction(0))
    return {t: p / kept for t, p in weights.items()} if kept else {}


def _by_engine(s: RaceState, car: str, pool: Sequence[str], size: int, attacking: bool,
               model: Model) -> tuple[dict[Total, Fraction], int]:
    """The reference: each multiset of kinds (:func:`hand_distribution`) put in ``car``'s hand, its bids listed by
    the engine (:func:`racebook.formulagp.battles.bids`) and their LEDs by :func:`bid_leds`. Returns the opponent's
    total's distribution and how many multisets were kept."""
    c = s.cars[car]
    real = c.hand
    dist: dict[Total, Fraction] = {}
    hands = 0
    memo: dict[tuple[tuple[str, ...], bool], Total] = {}
    try:
        for hand, p in hand_distribution(pool, size):
            c.hand = list(hand)
            totals = [_leds(memo, s, car, b, attacking) for b in battles.bids(s, car)]
            if attacking and not totals:
                continue  # it declared the attack, so it holds a movement or Tyre Wear card (§13.2, §13.3)
            hands += 1
            for t, q in model(totals or [None]).items():
                dist[t] = dist.get(t, Fraction(0)) + p * q
    finally:
        c.hand = real
    return _normalised(dist), hands


def _leds(memo: dict[tuple[tuple[str, ...], bool], Total], state: RaceState, car: str, bid: FgpAction,
          attacker: bool) -> Total:
    """:func:`bid_leds`, remembered by the cards and the ERS spend within one call (the representative codes of
    :func:`hand_distribution` recur from hand to hand; the car's tokens do not change)."""
    if not isinstance(bid, Bid):
        return None
    key = (bid.cards, bid.ers)
    if key not in memo:
        memo[key] = bid_leds(state, car, bid, attacker)
    return memo[key]


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


def _by_kinds(s: RaceState, car: str, pool: Sequence[str], size: int, attacking: bool,
              model: Model) -> tuple[dict[Total, Fraction], int] | None:
    """The fast path (see the module's docstring); None when the deck has several kinds of Tyre Wear or Option
    card (which of them the engine adds would depend on the codes, not the kinds)."""
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
    extras, tables = _extras(tuple(tuple(moving[i] for i in p) for p in primaries), wear, option, min(n_wear, size),
                     min(n_opt, size), size, c.stress == 2, s.rules.option_backs_any_card)
    inert_kinds = [groups[k] for k in groups if k not in moving and k != wear and k != option]
    inert_hands = [sum(1 for _ in _compositions(inert_kinds, j)) for j in range(size + 1)]
    top_only = getattr(model, "reads_only_the_strongest", False)
    # how each primary's count follows from the hand's counts (the engine lists one bid per card code, one per pair
    # of codes): (class, LEDs shifted, first kind, second kind or -1 (one card) or -2 (two of one kind))
    terms = []
    for i, base, cls in extras:
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
    for counts in _compositions(caps, size, partial=True):
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
                    key = key.bit_length() and 1 << ((key.bit_length() - 1) // SLOT * SLOT)
                weights[key] = weights.get(key, 0) + ways * row[o]
                kept_hands[key] = kept_hands.get(key, 0) + inert_hands[rest - w - o]
    ot = s.board.ot_level_leds(c.ot) if attacking else 0
    cold = bt.total(0, cold_tyres=cold_led(s, car) != 0)
    spends = (0,) if c.ers < 1 else (0, spend_ers_in_battle(s.board, c.ers, 0).leds)  # each bid without and with
    width = max((k.bit_length() for k in weights), default=0) // SLOT + 1  # one ERS charge (A36)
    final = [[bt.total(t, ot_leds=ot, ers_leds=e) + cold for e in spends] for t in range(width)]
    outcome: dict[tuple[Total, int], int] = {}  # (total, denominator) -> numerator, weighted by the ways
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
        hands += kept_hands[key]
        for total_, q in model(totals).items():  # summed in integers, one sum per denominator: few Fractions
            slot = (total_, q.denominator)
            outcome[slot] = outcome.get(slot, 0) + ways * q.numerator
    dist: dict[Total, Fraction] = {}
    for (total_, den), num in outcome.items():
        dist[total_] = dist.get(total_, Fraction(0)) + Fraction(num, den)
    return _normalised(dist), hands


def _order(item: tuple[Total, Fraction]) -> int:
    return -1 if item[0] is None else item[0]
