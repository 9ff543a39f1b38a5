"""A Rookie BOT's qualifying score (digest §22.6, [BOT 1.5.2]): one BATTLE card; score = the Control card's max OT
+ the LEDs of the chosen difficulty side + the card's LEDs. The qualifying phase (§9.2, sealed bids) calls
:func:`rookie_score` for each Rookie when the players' scores are known, and discards the card drawn; the grid
(:func:`racebook.formulagp.rules.qualifying.qualifying_grid`) then orders players and BOTs together. Pure.
"""

from __future__ import annotations

from racebook.formulagp.bots.cards import BattleCard, Control
from racebook.formulagp.rules.qualifying import QualifyingScore

__all__ = ["rookie_score"]


def rookie_score(control: Control, side: str, card: BattleCard) -> QualifyingScore:
    """§22.6: max OT + the side's LEDs + the BATTLE card's LEDs (a Rookie has no tyre bonus, plays no card of its
    own and never crashes), as a score :func:`~racebook.formulagp.rules.qualifying.qualifying_grid` reads."""
    return QualifyingScore(control.max_ot + control.side(side).leds + card.leds, True, False)
