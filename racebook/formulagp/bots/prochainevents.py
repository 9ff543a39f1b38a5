"""The typed events of a BOT's undefended attacks (digest §22.10.4 [BOT 3.3], §22.13.7 [BOT 6.7]): a Pro BOT's
chained attack after a winning overtake, and a Pro BOT's lapping attempt. Data fields, the sentence derived from them,
the section cited. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class ProChainDecided(Event):
    """A Pro BOT's overtake ended in a Slipstream space behind ``opponent``: its TACTICS card decides whether it
    attacks that car too (§22.10.4, the decision of §22.10.2 item 2)."""

    RULE: ClassVar[str] = "§22.10.4 [BOT 3.3]"
    TEMPLATE: ClassVar[str] = ("{car}'s overtake ends in the Slipstream space behind {opponent}: a chained attack? "
                               "Its TACTICS card {card}: {decision};{does}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"decision", "does"})
    car: str
    opponent: str
    card: str
    decision: str
    does: str  # " it attacks, its first OT point into lane 2; ..." / " it aborts: it stays where it is"


@dataclass(frozen=True, slots=True)
class ProUndefended(Event):
    """The result of an attack the opponent can't defend (a chained attack, §22.10.4; a lapping attempt, §22.13.7 and
    §19.7.1): the BOT's new BATTLE card alone decides — aborted (the cross, or the die's abort face) or not; a success
    overtakes with the card's OT (≤ max OT), never less than 2 from a Slipstream space."""

    RULE: ClassVar[str] = "§22.10.4 [BOT 3.3]"
    TEMPLATE: ClassVar[str] = "{car}'s {what} on {opponent} ({opponent} can't defend): {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what", "result"})
    car: str
    opponent: str
    what: str  # "chained attack" / "lapping attempt"
    card: str  # the BATTLE card used ("" when aborted)
    ot: int  # the OT it overtakes with, 0 when the attack is aborted
    result: str
    rule: str = "§22.10.4 [BOT 3.3]"
