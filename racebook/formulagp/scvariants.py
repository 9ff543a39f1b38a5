"""The Optional Safety Car and Virtual Safety Car variants (digest §21 15.11, §19.4, §19.5; the original's 15.11.1–
15.11.3), each a house-rule switch, off by default (an optional rule is agreed before play).

* **15.11.1 the 'Safety Car' EVENT card shuffled back** (``sc_card_shuffle_back``): "In races where there is already a
  high probability of a Safety Car (such as street circuits or if there is rain), the first time you draw the Safety
  Car EVENT card, return it to the EVENT deck draw pile and reshuffle. If the Safety Car event is drawn a second time,
  play it as normal." The engine: the first time in the race an Option card draws the 'Safety Car' card, it goes back
  into the draw pile, the pile is shuffled with the race's generator, and the driver draws again (a reading: the
  Option card still draws an EVENT card); ``RaceState.sc_card_back`` remembers it (notation ``scb=1``). When to
  agree on it (street circuits, rain) is the club's choice: the switch applies in any race.
* **15.11.2 the faster Safety Car** (``faster_safety_car``): "Players don't use any cards during a Safety Car, each
  car will drive 6 spaces per turn instead." Under the Safety Car a player's turn plays no card: it drives
  :data:`FASTER_SC_SPACES` spaces (a lane change is a space; no tyre wear, §19.4.2), with every limit of the Safety
  Car (no overtaking, one tile behind the car ahead, leftover spaces lost), as the VSC's card-less turn does
  (:func:`faster_sc_turn`, the hook of ``raceevents.vsc_turn``). Rookie BOTs hold no cards and move by their own
  rules. Not built: its discards ("any cards in hand except FAILURE / DAMAGE cards and only one Tyre Wear card
  during the S.C. phase") — the Safety Car's own discards before moving stay as they are (§19.4.2), and this turn
  skips them.
* 15.11.3 (the faster VSC: 4 spaces for one round, ``faster_vsc``) is built in :mod:`racebook.formulagp.vsc`,
  on the VSC's own machinery.

Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp.eventdeck import EventEffect, draw, event_card
from racebook.formulagp.events import scperiod as sev
from racebook.formulagp.state import Car, Phase, RaceState

__all__ = ["option_draw", "faster_sc_turn", "FASTER_SC_SPACES", "head_tokens", "read_head"]

FASTER_SC_SPACES = 6  # §21 15.11.2: "each car will drive 6 spaces per turn"


def option_draw(s: RaceState, got: str | None, log: EventLog) -> str | None:
    """The EVENT card an Option card drew (``got``), after 15.11.1: the first 'Safety Car' card of the race goes back
    into the draw pile, reshuffled, and the driver draws again."""
    if (not s.rules.sc_card_shuffle_back or got is None or s.sc_card_back
            or event_card(got).effect is not EventEffect.SAFETY_CAR):
        return got
    s.events.pile.append(got)
    s.events.shuffle(s.rng)
    s.sc_card_back = True
    again = draw(s)
    log.append(sev.SafetyCarCardBack(got, again or "-"))
    return again


def faster_sc_turn(s: RaceState, c: Car, log: EventLog) -> bool:
    """15.11.2: under the Safety Car a player's turn drives 6 spaces and plays no card; True when it is one."""
    t = s.turn
    if not s.rules.faster_safety_car or s.sc_tile < 0 or c.bot or t is None or t.cards or c.pit:
        return False
    t.pace, t.mp, t.mp_left, t.wear_per_lane_change = "green", FASTER_SC_SPACES, FASTER_SC_SPACES, 0
    s.phase = Phase.MOVE
    log.append(sev.FasterSafetyCarMove(c.id, FASTER_SC_SPACES))
    return True


def head_tokens(s: RaceState) -> list[str]:
    """``scb=1`` once the 'Safety Car' card has been shuffled back (15.11.1); never written otherwise."""
    return ["scb=1"] if s.sc_card_back else []


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    raw = kv.get("scb", "0")
    if raw not in ("0", "1"):
        raise NotationError(f"{text[:80]!r}…: scb= is 1 once the 'Safety Car' EVENT card was shuffled back (§21 "
                            "15.11.1)")
    s.sc_card_back = raw == "1"
