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
  (``None`` for a defender's yield) to a distribution over them. :func:`strongest` (the default): its strongest
  legal bid (spending its ERS charge when that adds LEDs; it never yields while it can bid); :func:`uniform`: each
  legal bid the engine lists (and the yield) equally likely.

Every legal bid of the viewer (:func:`racebook.formulagp.battles.bids`, the engine's list) gets its chance of an
overtake, a tie and a failed attack, as exact :class:`~fractions.Fraction`\\ s (§13.4: more LEDs for the attacker —
the overtake; fewer — it fails; equal — a tie, +1 stress each; an undefended attack succeeds). A side's LEDs are the
engine's (§13.3 item 4): the cards' printed LEDs checked by :func:`racebook.formulagp.rules.battle.check_cards`, the
attacker's OT level (:meth:`~racebook.formulagp.playerboard.PlayerBoard.ot_level_leds`), one ERS charge
(:func:`racebook.formulagp.rules.resources.spend_ers_in_battle`), summed by
:func:`racebook.formulagp.rules.battle.total` (a test compares them with the engine's reveal for every bid). Not
modelled: a Rookie BOT opponent (it draws a BATTLE card, §22.10), EVENT cards and driver skill (not played in
battles yet), the [ADV] second attempt after a tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import comb
from typing import Any

from racebook.core.errors import IllegalAction
from racebook.formulagp import battles, visibility
from racebook.formulagp.actions import Attack, Bid, FgpAction, Yield
from racebook.formulagp.battleextras import extra_leds
from racebook.formulagp.components import cards
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.state import Phase, RaceState

__all__ = ["Memory", "Model", "strongest", "uniform", "BidOdds", "BattleOdds", "battle_odds", "bid_leds",
           "unseen_pool", "hand_distribution"]

Total = int | None  # a side's LEDs; None: the defender yields (§13.3 item 2)
Model = Callable[[Sequence[Total]], dict[Total, Fraction]]


def strongest(totals: Sequence[Total]) -> dict[Total, Fraction]:
    """The opponent plays its strongest legal bid (the most LEDs it can lay); it yields only with no bid."""
    bids = [t for t in totals if t is not None]
    return {max(bids) if bids else None: Fraction(1)}


def uniform(totals: Sequence[Total]) -> dict[Total, Fraction]:
    """The opponent picks one of its legal bids (and, as defender, the yield) at random, each equally likely."""
    out: dict[Total, Fraction] = {}
    for t in totals:
        out[t] = out.get(t, Fraction(0)) + Fraction(1, len(totals))
    return out


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
    level, one ERS charge at the level before it drops. None for a yield. The position is not changed."""
    if isinstance(bid, Yield):
        return None
    assert isinstance(bid, Bid)
    c = state.cars[car]
    checked = battles._check(state, c, bid.cards)
    ot = state.board.ot_level_leds(c.ot) if attacker else 0
    ers = spend_ers_in_battle(state.board, c.ers, len(c.hand) - len(bid.cards)).leds if bid.ers else 0
    events, skill = extra_leds(state, bid)  # §13.3 items 3-4: EVENT cards, the driver skill
    return bt.total(checked.leds, ot_leds=ot, ers_leds=ers, event_leds=events, skill_leds=skill)


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


def _compositions(caps: Sequence[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` cards from groups of ``caps`` cards (how many from each)."""
    if not caps:
        if size == 0:
            yield ()
        return
    room = sum(caps[1:])
    for m in range(max(0, size - room), min(caps[0], size) + 1):
        for rest in _compositions(caps[1:], size - m):
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
                memory: Memory = Memory.DISCARDS, known_out: Iterable[str] = ()) -> BattleOdds:
    """The exact odds of each legal bid of ``viewer`` in the battle open in ``race`` (or the attack on ``opponent``
    it may declare now), against the opponent's unseen hand under ``model`` (see the module's docstring). The
    position is not changed."""
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
        c = s.cars[other]
        real = c.hand
        kept = Fraction(0)
        memo: dict[tuple[tuple[str, ...], bool], Total] = {}
        try:
            for hand, p in hand_distribution(pool, len(seen)):
                c.hand = list(hand)
                totals = [_leds(memo, s, other, b, other == attacker) for b in battles.bids(s, other)]
                if other == attacker and not totals:
                    continue  # it declared the attack, so it holds a movement or Tyre Wear card (§13.2, §13.3)
                hands += 1
                kept += p
                for t, q in model(totals or [None]).items():
                    dist[t] = dist.get(t, Fraction(0)) + p * q
        finally:
            c.hand = real
        if not kept:
            raise IllegalAction(other, "§13.3", f"no hand of {len(seen)} unseen cards lets {other} attack")
        dist = {t: p / kept for t, p in dist.items()}  # conditioned on what the table has seen
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


def _order(item: tuple[Total, Fraction]) -> int:
    return -1 if item[0] is None else item[0]
