"""The exact chance of winning a battle against cards you cannot see (digest §13.3, §13.4; issue 32 item 4, issue 37
item 3).

What the viewer knows is what :mod:`racebook.formulagp.visibility` shows it: its own hand and held EVENT cards in
full, of the opponent only how many cards it holds in hand and how many EVENT cards face down on the table (§6.7);
the tokens on the table (OT, ERS, stress: the opponent's OT level LEDs, its ERS charge, whether it is Stressed and
may not pair); the cards the opponent played face up; the opponent's DRIVER card. Each unseen card is weighed so:

* **The opponent's hand** (§3, §5): a uniformly random set of that many cards from its ACTION deck (the real
  composition, ``cards.toml``, 45 cards, each car its own deck) less the cards the viewer knows are elsewhere.
  :attr:`Memory.DISCARDS` (the default): the opponent's discard pile — every card in it went there face up (played
  for movement, revealed in a battle, cleared, discarded by a visible action) since its deck was last reshuffled, so
  a player with a perfect memory knows them; :attr:`Memory.NONE`: the viewer remembers nothing (the whole deck);
  ``known_out`` adds any other codes the caller knows are out of the hand. The chance of a hand is hypergeometric
  over the unseen cards (``math.comb``; cards grouped by what a battle reads: type and LEDs); an attacking opponent
  declared its attack, so its hands without a movement or Tyre Wear card are left out and the rest renormalised
  (§13.2, §13.3). The model ignores what the opponent's earlier choices reveal (e.g. which card it kept), and the
  cards returned to the bottom of its deck (§10.1) are treated as unseen.
* **Its held EVENT cards** (§13.3 item 3, §6.7; :mod:`racebook.formulagp.analysis.unseenextras`): a uniformly random
  set of that many from the shared 30-card EVENT deck less the viewer's own held cards, ``known_events`` and, with
  :attr:`Memory.DISCARDS`, the EVENT discard pile and the cards removed from the game; hypergeometric, grouped by
  the LEDs a card adds in a battle (a ``battle`` card's amount, every other card nothing: exact, since the engine
  lists a bid with each subset of the held battle cards). Independent of the hand (another deck).
* **Its driver skill** (§13.3 item 4, §6.8, §4.6; the original's 4.8, 5.1.2): public — the DRIVER card lies next to
  the Player Board, the stress track on it — so not enumerated: the engine's
  :func:`racebook.formulagp.driverskill.may_use` says whether it may add its LEDs in this battle (the switch
  ``driver_skills``, once a game round, the card's condition).
* **Its choice** is a **model**, a parameter: a function from the LED totals of its legal bids in a hand
  (``None`` for a defender's yield), with how many of the engine's bids give each total — each bid with every set
  of its held battle EVENT cards and, when it may, its skill (:func:`racebook.formulagp.battleextras.extra_sets`) —
  to a distribution over them. :func:`strongest` (the default): its strongest legal bid (spending its ERS charge,
  laying every battle EVENT card and using its skill when that adds LEDs; it never yields while it can bid);
  :func:`uniform`: each legal bid the engine lists (and the yield) equally likely. A model that reads only the
  highest total says so (``reads_only_the_strongest = True``, as :func:`strongest` does): the fast path then hands
  it only that; a model whose chance of a total is that total's share of the listed bids says so
  (``picks_each_bid_equally = True``, as :func:`uniform` does): the fast path then sums the shares itself.

Every legal bid of the viewer (:func:`racebook.formulagp.battles.bids`, the engine's list, with its own EVENT cards
and skill) gets its chance of an overtake, a tie and a failed attack, as exact :class:`~fractions.Fraction`\\ s
(§13.4: more LEDs for the attacker — the overtake; fewer — it fails; equal — a tie, +1 stress each; an undefended
attack succeeds). A side's LEDs are the engine's (§13.3 item 4): the cards' printed LEDs checked by
:func:`racebook.formulagp.battlereveal.check_bid_cards` (the engine's one check), the attacker's OT level
(:meth:`~racebook.formulagp.playerboard.PlayerBoard.ot_level_leds`), one ERS charge
(:func:`racebook.formulagp.rules.resources.spend_ers_in_battle`), the EVENT cards and the skill
(:func:`racebook.formulagp.battleextras.extra_leds`), summed by :func:`racebook.formulagp.rules.battle.total` (a test
compares them with the engine's reveal for every bid). Not modelled: a Rookie BOT opponent (it draws a BATTLE card,
§22.10). In an Advanced race between two players each bid also gets ``second``, the chance that it ties and the
attacker overtakes on its second attempt (§13.4.3 [ADV], :mod:`racebook.formulagp.analysis.secondodds`, the engine's
own rules on the clone; enumerated hand by hand, as the reference path).

**Speed.** The opponent's hands are enumerated as multisets of card kinds and their bid totals built as packed
polynomials, the held EVENT groups multiplied in (:mod:`racebook.formulagp.analysis.battlekinds`). Exact, and about
100× faster for a hand of 8 unseen cards than putting each multiset through the engine's bid list
(``reference=True``, kept as the reference the tests compare against; benchmarks/bench_battleodds.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import comb
from typing import Any

from racebook.core.errors import IllegalAction
from racebook.formulagp import battles, visibility
from racebook.formulagp.actions import Attack, Bid, FgpAction, Yield
from racebook.formulagp.analysis import secondodds
from racebook.formulagp.analysis.battlekinds import Model, Total, Totals, by_kinds, compositions, normalised
from racebook.formulagp.analysis.unseenextras import event_hands, extras_polynomial, skill_leds, unseen_events
from racebook.formulagp.battleextras import extra_leds
from racebook.formulagp.battlereveal import check_bid_cards
from racebook.formulagp.components import cards
from racebook.formulagp.pitlane import cold_led
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.state import Phase, RaceState

__all__ = ["Memory", "Model", "strongest", "uniform", "BidOdds", "BattleOdds", "battle_odds", "bid_leds",
           "unseen_pool", "hand_distribution"]



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


#: a model whose chance of a total is its share of the listed bids may say so: the fast path then sums those shares
#: itself, without calling it
uniform.picks_each_bid_equally = True  # type: ignore[attr-defined]


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
    second: Fraction = Fraction(0)  # [ADV] a tie, then the attacker overtakes on the second attempt (§13.4.3)

    def percent(self) -> tuple[float, float, float]:
        return float(self.overtake * 100), float(self.tie * 100), float(self.fail * 100)


@dataclass(frozen=True)
class BattleOdds:
    """The odds for each legal bid of ``viewer`` (attacker or defender) against ``opponent``'s unseen hand.

    ``opponent_leds`` is the distribution of the opponent's total under ``model`` (None: it yields); ``pool`` the
    number of unseen cards its ``hand`` of that many is drawn from; ``hands`` the number of distinct hands by what a
    battle reads (type and LEDs of each card, times the groups of held EVENT cards by their battle LEDs); ``events``
    its held EVENT cards, drawn from ``event_pool``; ``skill`` its driver skill's LEDs in this battle."""

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
    events: int = 0  # the opponent's EVENT cards held face down (§6.7): how many, all the viewer sees of them
    event_pool: int = 0  # the EVENT cards the viewer cannot place, those ``events`` are drawn from
    skill: int = 0  # the LEDs the opponent's public driver skill may add in this battle (0: it may not, §13.3 item 4)
    second_attempt: bool = False  # [ADV] the bids' ``second`` chances are counted (§13.4.3)

    def best(self) -> BidOdds:
        """The viewer's bid with the best chance: the attacker's most overtakes (then fewest ties, fewest LEDs),
        the defender's fewest overtakes (then fewest ties, fewest LEDs) — fewer LEDs keep cards for later."""
        def key(b: BidOdds) -> tuple[Fraction, Fraction, int]:
            win = b.overtake + b.second if self.role == "attacker" else -(b.overtake + b.second)
            return (-win, b.tie, b.leds if b.leds is not None else -1)
        return min(self.bids, key=key)

    def sentence(self) -> str:
        b = self.best()
        o, t, f = b.percent()
        extra = (f"; {self.events} face-down EVENT card(s) from {self.event_pool}" if self.events else "") + (
            f"; its driver skill +{self.skill}" if self.skill else "")
        return (f"{self.viewer} ({self.role}) against {self.opponent}'s {self.hand} unseen cards (drawn from "
                f"{self.pool}{extra}, the opponent playing {self.model}): best {b.bid.split(' ', 1)[1]} with "
                f"{b.leds} LEDs — overtake {o:.1f}%, tie {t:.1f}%, fail {f:.1f}% (§13.4)") + (
            f"; a tie then an overtake on the second attempt {float(b.second * 100):.1f}% (§13.4.3)"
            if self.second_attempt else "")


def bid_leds(state: RaceState, car: str, bid: FgpAction, attacker: bool) -> Total:
    """A side's LED total for ``bid`` as the engine reveals it (§13.3 item 4): the cards' LEDs, the attacker's OT
    level, one ERS charge at the level before it drops, a Cold Tyres token's −2 (A35). None for a yield. The
    position is not changed."""
    if isinstance(bid, Yield):
        return None
    assert isinstance(bid, Bid)
    c = state.cars[car]
    checked = check_bid_cards(state, c, bid.cards)  # §13.3 item 2, A11: the engine's one check
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
    for counts in compositions([len(groups[k]) for k in keys], size):
        ways = 1
        hand: list[str] = []
        for k, m in zip(keys, counts, strict=True):
            ways *= comb(len(groups[k]), m)
            hand += groups[k][:m]
        out.append((tuple(hand), Fraction(ways, whole)))
    return out


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
                memory: Memory = Memory.DISCARDS, known_out: Iterable[str] = (), reference: bool = False,
                known_events: Iterable[str] = ()) -> BattleOdds:
    """The exact odds of each legal bid of ``viewer`` in the battle open in ``race`` (or the attack on ``opponent``
    it may declare now), against the opponent's unseen hand and held EVENT cards under ``model`` (see the module's
    docstring); ``known_events``: EVENT codes the caller knows the opponent does not hold. The position is not
    changed. ``reference=True``: each multiset of kinds through the engine's bid list (slow; the fast path's
    reference)."""
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
    held = len(visibility.events_view(s, viewer)[other])  # §6.7: face down, only how many
    event_pool = unseen_events(s, viewer, other, memory is Memory.DISCARDS, known_events)
    groups = event_hands(event_pool, held)
    dist: dict[Total, Fraction] = {}
    hands = 0
    if s.battle is not None and s.battle.chained:  # §13.4.1: the car ahead cannot defend
        dist = {None: Fraction(1)}
    else:
        extras = [(extras_polynomial(s, other, codes), ways) for codes, ways in groups]
        found = None if reference else by_kinds(s, other, pool, len(seen), other == attacker, model, extras)
        if found is None:
            found = _by_engine(s, other, pool, len(seen), other == attacker, model, groups)
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
    again = secondodds.applies(s) and dist != {None: 1}
    if again:  # [ADV] §13.4.3: a tie, then the second attempt
        found2 = secondodds.second_chances(s, viewer, other, viewer == attacker, mine,
                                           hand_distribution(pool, len(seen)), groups, model)
        rows = [BidOdds(r.bid, r.leds, r.overtake, r.tie, r.fail, x) for r, x in zip(rows, found2, strict=True)]
    name = getattr(model, "__name__", repr(model))
    return BattleOdds(viewer, other, "attacker" if viewer == attacker else "defender", attacker, defender,
                      name, memory, len(seen), len(pool), hands, dict(sorted(dist.items(), key=_order)), tuple(rows),
                      held, len(event_pool), 0 if dist == {None: 1} else skill_leds(s, other), again)


def _by_engine(s: RaceState, car: str, pool: Sequence[str], size: int, attacking: bool, model: Model,
               groups: Sequence[tuple[tuple[str, ...], int]] = (((), 1),)) -> tuple[dict[Total, Fraction], int]:
    """The reference: each multiset of kinds (:func:`hand_distribution`) put in ``car``'s hand and each group of
    held EVENT cards (``groups``: representative codes and number of sets,
    :func:`~racebook.formulagp.analysis.unseenextras.event_hands`) on its table, its bids listed by the engine
    (:func:`racebook.formulagp.battles.bids`, with its EVENT cards and skill) and their LEDs by :func:`bid_leds`.
    Returns the opponent's total's distribution and how many (multiset, group) pairs were kept."""
    c = s.cars[car]
    real, real_events = c.hand, c.events
    sets = sum(ways for _, ways in groups)
    dist: dict[Total, Fraction] = {}
    hands = 0
    memo: dict[tuple[tuple[str, ...], bool, tuple[str, ...], bool], Total] = {}
    try:
        for hand, p in hand_distribution(pool, size):
            c.hand = list(hand)
            for events, ways in groups:
                c.events = list(events)
                totals = [_leds(memo, s, car, b, attacking) for b in battles.bids(s, car)]
                if attacking and not totals:
                    continue  # it declared the attack, so it holds a movement or Tyre Wear card (§13.2, §13.3)
                hands += 1
                for t, q in model(totals or [None]).items():
                    dist[t] = dist.get(t, Fraction(0)) + p * Fraction(ways, sets) * q
    finally:
        c.hand, c.events = real, real_events
    return normalised(dist), hands


def _leds(memo: dict[tuple[tuple[str, ...], bool, tuple[str, ...], bool], Total], state: RaceState, car: str,
          bid: FgpAction, attacker: bool) -> Total:
    """:func:`bid_leds`, remembered by the cards, the ERS spend, the EVENT cards and the skill within one call (the
    representative codes of :func:`hand_distribution` recur from hand to hand; the car's tokens do not change)."""
    if not isinstance(bid, Bid):
        return None
    key = (bid.cards, bid.ers, bid.events, bid.skill)
    if key not in memo:
        memo[key] = bid_leds(state, car, bid, attacker)
    return memo[key]


def _order(item: tuple[Total, Fraction]) -> int:
    return -1 if item[0] is None else item[0]
