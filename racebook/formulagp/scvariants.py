"""The Optional Safety Car and Virtual Safety Car variants (digest §21 15.11, §19.4, §19.5; the original's 15.11.1–
15.11.3), each a house-rule switch, off by default (an optional rule is agreed before play).

* **15.11.1 the 'Safety Car' EVENT card shuffled back** (``sc_card_shuffle_back``): "In races where there is already a
  high probability of a Safety Car (such as street circuits or if there is rain), the first time you draw the Safety
  Car EVENT card, return it to the EVENT deck draw pile and reshuffle. If the Safety Car event is drawn a second time,
  play it as normal." The engine: the first time in the race an Option card draws the 'Safety Car' card, it goes back
  into the draw pile, the pile is shuffled with the race's generator, and the driver draws again (a reading: the
  Option card still draws an EVENT card); ``RaceState.sc_card_back`` remembers it (notation ``scb=1``). When to
  agree on it (street circuits, rain) is the club's choice: the switch applies in any race.
* 15.11.2 (the faster Safety Car: 6 spaces a turn, no cards) and 15.11.3 (the faster VSC: 4 spaces for one round)
  are not built (docs/formulagp.md, "The Safety Car period by die").

Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp.eventdeck import EventEffect, draw, event_card
from racebook.formulagp.events import scperiod as sev
from racebook.formulagp.state import RaceState

__all__ = ["option_draw", "head_tokens", "read_head"]


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


def head_tokens(s: RaceState) -> list[str]:
    """``scb=1`` once the 'Safety Car' card has been shuffled back (15.11.1); never written otherwise."""
    return ["scb=1"] if s.sc_card_back else []


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    raw = kv.get("scb", "0")
    if raw not in ("0", "1"):
        raise NotationError(f"{text[:80]!r}…: scb= is 1 once the 'Safety Car' EVENT card was shuffled back (§21 "
                            "15.11.1)")
    s.sc_card_back = raw == "1"
