"""The exact numbers of a duel odds chart (§12.2, §17.2): the duel total of every bid a player could make
(:func:`bid_totals`, via :func:`racebook.rf90.rules.duel.total`), the chance that each beats a robot's two blind cards
(:func:`bid_odds`, via :func:`racebook.rf90.analysis.odds.duel_vs_robot`) and the exact distribution of the robot's
total (:func:`robot_total_distribution`). Nothing here decides a duel.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from racebook.rf90.actions import Bid
from racebook.rf90.analysis import odds
from racebook.rf90.rules import duel
from racebook.rf90.state import Activation, RaceState


def hypothetical_ctx(state: RaceState, section: str, bids: Mapping[str, Sequence[str]] | None = None,
                     stage: str = "bid") -> duel.DuelCtx:
    """A duel context for the cars of ``section`` as they stand (front to back), with the given bids.

    Used only to ask :func:`racebook.rf90.rules.duel.total` and :func:`racebook.rf90.rules.duel.legal` what a bid would
    be worth; it
    is not attached to the race.
    """
    cars = state.cars_in(section)
    ctx = duel.DuelCtx(Activation(section), list(cars), list(cars), stage=stage, participants=list(cars))
    ctx.bids = {c: tuple(b) for c, b in (bids or {}).items()}
    return ctx


def duel_modifiers(state: RaceState, section: str, car_id: str) -> tuple[int, str]:
    """A car's duel total without cards: the corner modifier unless first, BANGING WHEELS +3 (§12.2, §26.2)."""
    return duel.total(state, hypothetical_ctx(state, section), car_id)


def possible_bids(state: RaceState, section: str, car_id: str) -> list[tuple[str, ...]]:
    """Every bid of 1 or 2 cards from the car's hand, as the engine lists them (§12.1: no pair rules)."""
    ctx = hypothetical_ctx(state, section)
    ctx.sealed.open([car_id], duel.BID_RULE)
    return [a.cards for a in duel.legal(state, ctx) if isinstance(a, Bid) and a.car == car_id and a.cards]


@dataclass(frozen=True, slots=True)
class BidTotal:
    cards: tuple[str, ...]
    total: int
    breakdown: str

    @property
    def label(self) -> str:
        return "+".join(self.cards)


def bid_totals(state: RaceState, section: str, car_id: str) -> list[BidTotal]:
    """The duel total of every possible bid of a car, by :func:`racebook.rf90.rules.duel.total`; lowest total first."""
    out = []
    for cards in possible_bids(state, section, car_id):
        value, why = duel.total(state, hypothetical_ctx(state, section, {car_id: cards}), car_id)
        out.append(BidTotal(cards, value, why))
    return sorted(out, key=lambda b: (b.total, len(b.cards), b.cards))


@dataclass(frozen=True, slots=True)
class BidOdds:
    """One bid and its exact chances against a robot's two blind cards (§17.2, §12.2)."""

    bid: BidTotal
    robot_modifier: int
    odds: odds.DuelOdds

    @property
    def label(self) -> str:
        return self.bid.label


def bid_odds(state: RaceState, viewer: str, robot: str, section: str | None = None) -> list[BidOdds]:
    """For every bid in the viewer's hand: P(win / tie / lose) against ``robot`` (:func:`odds.duel_vs_robot`).

    Exact, by enumeration over the cards the viewer cannot see (:func:`racebook.rf90.analysis.odds.unseen`). Compute it
    before the bids are asked for: the robot draws its two cards when the bidding starts.
    """
    sec = section or state.cars[viewer].section
    assert sec is not None
    mod, _ = duel_modifiers(state, sec, robot)
    return [BidOdds(b, mod, odds.duel_vs_robot(state, viewer, b.total, mod)) for b in bid_totals(state, sec, viewer)]


def robot_total_distribution(state: RaceState, viewer: str, modifier: int = 0) -> dict[int, Fraction]:
    """Exact distribution of a robot's duel total (two blind Race Cards + ``modifier``) seen from ``viewer``.

    Every unordered pair of cards the viewer cannot see is equally likely (§17.2: the robot bids the top two
    cards of the Race deck). Keys ascend; the values sum to 1 (empty when fewer than two cards are unseen).
    """
    mps = [state.card(c).mp for c in odds.unseen(state, viewer)]
    counts: dict[int, int] = {}
    for a, b in combinations(mps, 2):
        counts[a + b + modifier] = counts.get(a + b + modifier, 0) + 1
    n = sum(counts.values())
    return {k: Fraction(counts[k], n) for k in sorted(counts)}


def fraction_text(p: Fraction) -> str:
    """``56.4 % (31/55)``: the rounded percentage first, then the exact fraction (issue 19: odds read as
    percentages); a certainty or an impossibility is ``100 %`` or ``0 %``."""
    if p.denominator == 1:
        return f"{float(p) * 100:.0f} %"
    return f"{float(p) * 100:.1f} % ({p.numerator}/{p.denominator})"


def odds_lines(rows: Iterable[BidOdds]) -> list[str]:
    """The odds as a deterministic text table."""
    rows = list(rows)
    out = [f"{'bid':<9} {'total':>5}   {'win':<20} {'tie':<20} {'lose':<20}"]
    for r in rows:
        o = r.odds
        out.append(f"{r.label:<9} {r.bid.total:>5}   {fraction_text(o.win):<20} {fraction_text(o.tie):<20} "
                   f"{fraction_text(o.lose):<20}")
    if rows:
        out.append(f"({rows[0].odds.pairs} equally likely pairs of unseen cards; robot modifier "
                   f"{rows[0].robot_modifier:+d})")
    return out
