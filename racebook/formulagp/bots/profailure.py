"""A failure from a TACTICS card (digest §22.12.4 [BOT 5.4], §22.12.3 [BOT 5.3], §22.13.6 [BOT 6.6]; house rule
``pro_tactics_failures``, off: the teaching Pro TACTICS set has no such card, the source prints no faces). With the
switch the invented FAILURE cards of ``data/probots.toml`` (``[failure]``) join the Pro TACTICS deck
(:func:`deck_codes`). One drawn (:func:`drawn`, after every Pro TACTICS draw, and when the race start turns the first
card up) "covers the current TACTICS card": it is the BOT's card until it is repaired —

* "They must [go to the pit lane] as soon as possible": its Pit token goes to the pit-lane entry, so the way in of
  :mod:`racebook.formulagp.bots.propit` takes it in (pit required; not from round 22 on, §22.11.1's cut-off; across
  the yellow line a Penalty token, as any Pro BOT's, §22.11.2);
* "The BOT cannot attack or defend" (:func:`racebook.formulagp.bots.rookie.decide`) "and follows the direction of the
  yellow arrow when a lane change is required": the card keeps its lane (lane 0) and shows only its yellow arrow;
* no other new TACTICS card is drawn over it (:func:`holds`: the lost battle, the hazard roll, round 2, W2W, the Red
  Flag — "failures can't be fixed" there, §22.13.6);
* at the stop it counts as one problem for the repairs (§22.12.3) and goes back to the TACTICS deck (its discard
  pile, reshuffled with it) when the stop's new TACTICS card is drawn (§22.12.2 item 4).

Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.state import RaceState

__all__ = ["deck_codes", "drawn", "holds"]


def deck_codes(s: RaceState) -> list[str]:
    """The Pro TACTICS deck (§22.1): the 20 teaching cards, and the FAILURE cards with ``pro_tactics_failures``."""
    data = pro_cards()
    return [x.code for x in data.tactics] + ([x.code for x in data.failures] if s.rules.pro_tactics_failures else [])


def holds(s: RaceState, car: str) -> bool:
    """The Pro BOT's card is a FAILURE card (not repaired yet)."""
    code = s.pro.bots[car].tactics
    return bool(code) and pro_cards().tactics_card(code).failure


def drawn(s: RaceState, car: str, log: EventLog) -> None:
    """The card just drawn or turned up is a FAILURE card: to the pits as soon as possible (§22.12.4)."""
    if not holds(s, car):
        return
    pb = s.pro.bots[car]
    pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
    log.append(hzev.ProFailure(car, pb.tactics, "gives a failure: its Pit token goes to the pit-lane entry (it pits "
                                                "as soon as it can), it neither attacks nor defends and follows the "
                                                "card's yellow arrow"))
