"""The next card of the BOTs' shared ``"tactics"`` or ``"battle"`` deck (digest §22.1, §22.5, §22.7): the Rookie
engine (:mod:`racebook.formulagp.bots.rookie`) and the Pro BOTs' qualifying (:mod:`racebook.formulagp.bots.pro`,
§22.6) both draw from them, so the draw lives below both. Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import SetupError
from racebook.formulagp.state import RaceState

__all__ = ["draw"]


def draw(s: RaceState, deck: str) -> str:
    """The next card of the BOTs' ``"tactics"`` or ``"battle"`` deck: a card a scenario stacked for it
    (``stacked[deck]``, next first), else the top of the shuffled pile (its discards reshuffled when empty)."""
    d = s.bots.tactics_deck if deck == "tactics" else s.bots.battle_deck
    stack = s.stacked.get(deck)
    if stack:
        d.stack([stack.pop(0)])
    code = d.draw(s.rng)
    if code is None:  # pragma: no cover - every BOT card returns to its deck
        raise SetupError(deck, d.rule, f"the {deck.upper()} deck and its discards are empty")
    return code
