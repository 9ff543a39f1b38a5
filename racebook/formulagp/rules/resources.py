"""Car resources (digest §5.1, §8): secondary functions, ERS (battle spend, hand limit, returns) and OT charging.

Pure functions; a refused spend raises :class:`~racebook.core.errors.IllegalAction` citing the section.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from racebook.core.errors import IllegalAction
from racebook.formulagp.components import Secondary
from racebook.formulagp.playerboard import PlayerBoard

SLIPSTREAM_OT = 2  # §11.5: stopping behind an opponent in a Slipstream space gives +2 OT


def secondary_function(icons: Sequence[Secondary]) -> Secondary:
    """The secondary function of spending these cards (§5.1): one card for a single-card function (counter-steer,
    +1 OT, Brake!), or two cards of any types whose 2× icons match (+1 ERS, regain a tyre wear point, regain a
    Parameter, +1 MP). A spent card is discarded and does nothing else."""
    what = " + ".join(i.value for i in icons) or "no card"
    if len(icons) == 1:
        if icons[0] is Secondary.NONE or icons[0].pair:
            raise IllegalAction(what, "§5.1", "a 2x function needs two cards with the same icon" if icons[0].pair
                                else "this card has no secondary function")
        return icons[0]
    if len(icons) == 2:
        if not icons[0].pair or icons[0] is not icons[1]:
            raise IllegalAction(what, "§5.1", "two cards are spent together only when their 2x icons match")
        return icons[0]
    raise IllegalAction(what, "§5.1", "a secondary function spends one card, or two for a 2x function")


@dataclass(frozen=True, slots=True)
class OtCharge:
    """The OT track after a charge (§8.2): the new level and the points lost above the car's maximum."""

    ot: int
    lost: int


def charge_ot(ot: int, gain: int, ot_max: int) -> OtCharge:
    """Add ``gain`` OT, capped at ``ot_max``; anything over is lost at once (§8.2, §13.2). Leftover MP behind a car,
    the Slipstream +2 and +1 OT secondaries all charge this way; only the Red Parameter may go over (:func:`red_ot`)."""
    if gain < 0 or ot < 0:
        raise ValueError("§8.2: OT and a charge are not negative")
    room = max(0, ot_max - ot)
    return OtCharge(ot + min(gain, room), max(0, gain - room))


def slipstream_ot(ot: int, ot_max: int, race_round_1_or_2: bool) -> OtCharge:
    """The Slipstream bonus (§11.5): +2 OT capped at max (A37); not in race rounds 1–2 (cars may still stop there)."""
    return OtCharge(ot, 0) if race_round_1_or_2 else charge_ot(ot, SLIPSTREAM_OT, ot_max)


def red_ot(ot: int) -> int:
    """The Red Parameter (§8.3): +1 OT, which may exceed the maximum (its LEDs are then the highest level's, §8.2)."""
    return ot + 1


@dataclass(frozen=True, slots=True)
class ErsSpend:
    """Spending one ERS charge in a battle (§8.1): the new level, the LEDs gained (those beside the level before it
    drops), the new hand limit and how many cards must be discarded at once."""

    ers: int
    leds: int
    hand_limit: int
    discard: int


def spend_ers_in_battle(board: PlayerBoard, ers: int, hand: int) -> ErsSpend:
    """One ERS charge in a battle (§8.1, §13.3 item 4; at most one per driver per battle, A36)."""
    if ers < 1:
        raise IllegalAction("spend ERS", "§8.1", "the ERS is empty")
    limit = board.hand_limit(ers - 1)
    return ErsSpend(ers - 1, board.ers_level_leds(ers), limit, max(0, hand - limit))


def ers_returns(board: PlayerBoard, ers: int) -> int:
    """How many cards drawn this round may go to the bottom of the deck and be replaced (§10.1 item 2): the LEDs
    beside the current ERS level."""
    return board.ers_level_leds(ers)
