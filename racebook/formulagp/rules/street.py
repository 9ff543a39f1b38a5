"""The Optional street circuits (digest §21 item 15.2; the original's 15.2), the pure parts: which DAMAGE cards leave
the deck, and the defender's LEDs. House rule ``street_circuit``: 0 (default, off), or 1 / 2 — a street circuit whose
battles give the defender +1 / +2 LEDs ("players decision").

* "treat all track edges as walls, regardless of the track tile graphics": :func:`racebook.formulagp.rules.pushing
  .push` with ``all_walls``;
* "remove all but two of the 'Close Call!' cards from the deck of DAMAGE cards": :func:`removed_damage` (the
  teaching deck holds four, `invented-for-teaching`; the two with the highest codes leave, out of the game);
* "During a battle, the defender receives +1 or +2 LEDs": :func:`defender_leds`.
"""

from __future__ import annotations

from racebook.formulagp.incidentcards import IncidentDeck, incident_cards

__all__ = ["CLOSE_CALL", "KEPT_CLOSE_CALLS", "STREET_LEDS", "removed_damage", "defender_leds"]

CLOSE_CALL = "Close Call!"  # the one DAMAGE card the source names (§6.8)
KEPT_CLOSE_CALLS = 2  # §21 15.2: "remove all but two"
STREET_LEDS = (0, 1, 2)  # the switch's values: off, +1, +2


def removed_damage(street: int) -> tuple[str, ...]:
    """The DAMAGE cards out of the game on a street circuit (none when ``street`` is 0): every 'Close Call!' but the
    first two."""
    if not street:
        return ()
    close = [c.code for c in incident_cards().of(IncidentDeck.DAMAGE) if c.name == CLOSE_CALL]
    return tuple(close[KEPT_CLOSE_CALLS:])


def defender_leds(street: int, defends: bool = True) -> int:
    """The defender's extra LEDs in a battle on a street circuit (0 for a side that does not defend)."""
    return street if defends else 0
