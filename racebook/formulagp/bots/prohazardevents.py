"""The typed events of the Pro BOTs' [ADV] hazards and Late Pit Bonus (digest §22.13.9 [BOT 6.9.2–6.9.4], §22.13.1,
§22.12.5 [BOT 5.5]; :mod:`racebook.formulagp.bots.prohazards`): data fields, the sentence derived from them, the
section cited. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class ProDebris(Event):
    """A Pro BOT on a Debris tile (§22.13.9 [BOT 6.9.2]): its single lane change toward the yellow arrow, or the
    damage (the WHITE die, :class:`racebook.formulagp.bots.proevents.ProDamaged` follows), the token removed on a
    stop."""

    RULE: ClassVar[str] = "§22.13.9 [BOT 6.9.2]"
    TEMPLATE: ClassVar[str] = "Debris: {car} (Pro BOT) {how} {tile}: {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "what"})
    car: str
    how: str  # "enters", "drives through", "stops on"
    tile: str
    what: str


@dataclass(frozen=True, slots=True)
class ProStopsOn(Event):
    """A Pro BOT stops on an Oil or a Standing Water tile (§22.13.9 [BOT 6.9.3], [BOT 6.9.4], §22.13.1): the RED die
    and the Pro loss-of-control procedure (§22.13.2) follow; ``token`` says what becomes of the token."""

    RULE: ClassVar[str] = "§22.13.9 [BOT 6.9.3]"
    TEMPLATE: ClassVar[str] = "{hazard}: {car} (Pro BOT) stops on {tile}, the RED die for a loss of control; {token}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"token"})
    car: str
    hazard: str  # "Oil" / "Standing Water"
    tile: str
    token: str
    rule: str = "§22.13.9 [BOT 6.9.3]"


@dataclass(frozen=True, slots=True)
class ProRedDie(Event):
    """The RED die of a Pro BOT for a cause other than a TACTICS card (§22.13.1, §22.13.2): only the loss-of-control
    face counts; on it, the RED die again (the counter-steer attempt)."""

    RULE: ClassVar[str] = "§22.13.1 [BOT 6.1]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) rolls the RED die ({cause}): it shows {face}{what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause", "what"})
    car: str
    cause: str
    face: str
    what: str


@dataclass(frozen=True, slots=True)
class ProStandingWater(Event):
    """A Pro BOT drove through Standing Water (§22.13.9 [BOT 6.9.4]): after its initial move its MP are reduced by
    the number of tokens passed — it goes back that many spaces (reading N-P11) — before the corner modifier."""

    RULE: ClassVar[str] = "§22.13.9 [BOT 6.9.4]"
    TEMPLATE: ClassVar[str] = ("Standing Water: {car} (Pro BOT) drove through {tokens} token(s) ({tiles}): −{tokens} "
                               "MP after its initial move, back {moved} space(s) to {to}")
    car: str
    tokens: int
    tiles: str
    moved: int
    to: str


@dataclass(frozen=True, slots=True)
class ProFreshTyres(Event):
    """A Pro BOT's stop on or after the Late Pit Bonus round (§22.12.5 [BOT 5.5], §16.6): a Fresh Tyres token, +MP
    each turn as a player's (not on the pit-exit turn; it flips with the Tyre token)."""

    RULE: ClassVar[str] = "§22.12.5 [BOT 5.5]"
    TEMPLATE: ClassVar[str] = ("{car} (Pro BOT) stops in round {round}, on or after the Late Pit Bonus round: a Fresh "
                               "Tyres token, +{mp} MP each turn from its next move (not the pit-exit turn)")
    car: str
    round: int
    mp: int


@dataclass(frozen=True, slots=True)
class ProFailure(Event):
    """A Pro BOT's TACTICS card gives a failure (§22.12.4 [BOT 5.4]; house rule ``pro_tactics_failures``), or the
    failure is repaired at its stop (§22.12.3)."""

    RULE: ClassVar[str] = "§22.12.4 [BOT 5.4]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT): the TACTICS card {card} {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    card: str
    what: str
    rule: str = "§22.12.4 [BOT 5.4]"
