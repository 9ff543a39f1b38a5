"""The Optional street circuits (digest §21 item 15.2, the original's 15.2; house rule ``street_circuit``: 0 off, 1
or 2 on, the defender's +1 or +2 LEDs). The engine's hooks; the pure parts are :mod:`racebook.formulagp.rules.street`.

* All edges are walls: every shift off the racing surface (a counter-steer, a spin, a push, §18.1, §11.3.1) hits the
  wall instead ("remains in its space", §18.3's wall: a DAMAGE card), through
  :func:`racebook.formulagp.losscontrol.shift`; a skid-mark spin (§11.7) is read as going off track too, so it is
  not taken: the car loses control as on any tile (a reading).
* The DAMAGE deck: all but two 'Close Call!' cards are set aside at the set-up (out of the game; the conservation
  check counts them there, :meth:`racebook.formulagp.state.RaceState.incident_cards_everywhere`).
* A track file may say ``street = true`` (:attr:`racebook.formulagp.track.Track.street`): informative; the switch
  decides on every track (an optional rule is the group's, and so is the +1 or +2).
* A battle's defender gets +1 or +2 LEDs (a player's reveal, a Rookie BOT's defence against a player or a BOT); a
  side that does not defend gets none. The battle-odds analysis does not add it (not built).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from racebook.core.errors import SetupError
from racebook.formulagp.incidentcards import IncidentDeck
from racebook.formulagp.options import Rules
from racebook.formulagp.rules.botbattle import Score
from racebook.formulagp.rules.street import STREET_LEDS, defender_leds, removed_damage
from racebook.formulagp.state import RaceState

__all__ = ["check", "set_up", "defender_bonus", "defender_score", "all_walls"]

S = TypeVar("S", bound=Score)


def check(rules: Rules) -> None:
    if rules.street_circuit not in STREET_LEDS:
        raise SetupError(rules.street_circuit, "§21", "street_circuit is 0 (off), 1 or 2 (the defender's LEDs, 15.2)")


def set_up(s: RaceState) -> None:
    """The DAMAGE deck of a street circuit: all but two 'Close Call!' cards out of the game (§21 15.2)."""
    d = s.incident_decks[IncidentDeck.DAMAGE.value]
    for code in removed_damage(s.rules.street_circuit):
        d.discards.remove(code)


def all_walls(s: RaceState) -> bool:
    return s.rules.street_circuit > 0


def defender_bonus(s: RaceState, defends: bool) -> int:
    return defender_leds(s.rules.street_circuit, defends)


def defender_score(s: RaceState, score: S | None) -> S | None:
    """A Rookie BOT's defence score with the street circuit's LEDs (none when it does not defend)."""
    if score is None or score.aborted or not s.rules.street_circuit:
        return score
    return replace(score, leds=score.leds + defender_leds(s.rules.street_circuit))
