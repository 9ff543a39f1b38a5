"""A car's hand of ACTION cards (digest §10.1): drawing from its deck, the cards that may be discarded to the hand
limit (§10.1.1, §14.1) and the no-movement-card ladder (§10.1.3 step e). The round
(:mod:`racebook.formulagp.rounds`), the driver's turn-start choices (:mod:`racebook.formulagp.secondary`), the battles
and the pit stop all use them; this module calls none of them back, so each imports it at the top."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.cardplay import card_colour, card_type, has_play
from racebook.formulagp.components import CardType
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.tyrewear import worn_out


def draw(s: RaceState, c: Car, n: int) -> list[str]:
    """Draw ``n`` cards (or fewer: the deck runs out) from the car's ACTION deck into its hand; the cards drawn."""
    got = []
    for _ in range(max(0, n)):
        code = c.deck.draw(s.rng)
        if code is None:
            break
        c.hand.append(code)
        got.append(code)
    return got


def discardable(c: Car, s: RaceState | None = None) -> list[str]:
    """Cards that may be discarded to the hand limit: not Tyre Wear (unless the tyres are worn out, §14.1, §6.4),
    not Draw Failure (§10.1.1)."""
    keep = (CardType.DRAW_FAILURE,) if s is not None and worn_out(s, c) else (CardType.TYRE_WEAR,
                                                                                CardType.DRAW_FAILURE)
    return [x for x in c.hand if card_type(x) not in keep]


def ladder(s: RaceState, c: Car, log: EventLog) -> None:
    """§10.1.3 step e: no playable movement card: discard (a non-movement card first) and draw, one at a time."""
    guard = 0
    while not has_play(s, c) and guard < 200:
        guard += 1
        out = next((x for x in c.hand if card_colour(x) is None), c.hand[0] if c.hand else None)
        if out is not None:
            c.hand.remove(out)
            c.deck.discard(out)
        got = draw(s, c, 1)
        log.append(ev.LadderSwap(c.id, out or "-", got[0] if got else "-"))
