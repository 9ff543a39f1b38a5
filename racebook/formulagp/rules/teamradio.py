"""[ADV] TEAM RADIO cards (digest §6.9, the original's 4.9; §3, §16.2): the teaching deck (``data/team_radio.toml``,
invented-for-teaching: the source prints no card text, A2) and the pure rules of a card's use.

The source: "TEAM RADIO cards are engineering tradeoffs that give you a benefit if you pay the price"; "Each player
can have one TEAM RADIO card at a time"; "Before the start of the race each player draws 2 TEAM RADIO cards, chooses
1, then discards the other"; "You can hold on to a TEAM RADIO card for as long as you like, using it once per turn,
when applicable"; it is changed for free during a pit stop (11.2) or for an Option card: take the top card of the
discard pile (a swap), or draw the top two, keep one of the three, the others face up on the discard pile; "You
cannot play cards in pairs when resolving this card" (the teaching cards play no card, so that clause never bites).

The teaching cards trade the car's own resources (:class:`Gain`, :class:`Cost`): +1 ERS for +1 tyre wear, −1 tyre
wear for −1 ERS, −1 stress for −1 ERS. :func:`applies` says when a card applies (its gain does something and its
price can be paid). Each problem in the data file is a :class:`~racebook.core.errors.DataError`. Standard library
only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA

SCHEMA_VERSION = 1
RULE = "§6.9"
DRAW = 2  # §6.9: draw 2 (before the race: keep 1; for an Option card: keep one of the three)


class Gain(Enum):
    ERS = "ers"  # +1 ERS, never above the maximum (§8.1)
    WEAR = "wear"  # −1 tyre wear, never past a fresh set's start space (§14.1)
    STRESS = "stress"  # −1 stress (§15)


class Cost(Enum):
    ERS = "ers"  # −1 ERS (§8.1: the hand limit may fall)
    WEAR = "wear"  # +1 tyre wear (§14.1: the icons reached)


@dataclass(frozen=True, slots=True)
class RadioCard:
    code: str
    name: str
    gain: Gain
    cost: Cost

    def text(self) -> str:
        g = {Gain.ERS: "+1 ERS", Gain.WEAR: "−1 tyre wear", Gain.STRESS: "−1 stress"}[self.gain]
        c = {Cost.ERS: "−1 ERS", Cost.WEAR: "+1 tyre wear"}[self.cost]
        return f"{g} for {c}"


@dataclass(frozen=True)
class RadioDeck:
    cards: tuple[RadioCard, ...]
    sources: dict[str, str]

    def card(self, code: str) -> RadioCard:
        for c in self.cards:
            if c.code == code:
                return c
        raise KeyError(code)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)


def applies(card: RadioCard, *, ers: int, ers_max: int, wear: int, wear_start: int, stress: int) -> bool:
    """§6.9 "when applicable": the card's gain changes something and its price can be paid."""
    gain = {Gain.ERS: ers < ers_max, Gain.WEAR: wear > wear_start, Gain.STRESS: stress > 0}[card.gain]
    return gain and (card.cost is not Cost.ERS or ers >= 1)


_KEYS = {"name", "count", "gain", "cost", "source", "sources"}


def parse_team_radio(doc: dict[str, Any], file: str) -> RadioDeck:
    """Validate a TEAM RADIO deck document (see ``data/team_radio.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "deck", "card", "examples"}, file, "")
        deck = pv.table(doc, "deck", file)
        pv.only_keys(deck, {"size", "source", "sources"}, file, "deck")
        sources = pv.sourced(deck, ["size"], file, "deck")
        size = get_int(deck, "size", "deck.size", lo=1, hi=30)
        rows = doc.get("card")
        if not isinstance(rows, list) or not rows:
            raise DataError(file, "card", "must be an array of tables [[card]]")
        out: list[RadioCard] = []
        for i, t in enumerate(rows):
            path = f"card[{i}]"
            if not isinstance(t, dict):
                raise DataError(file, path, f"must be a table, not {kind_of(t)}")
            pv.only_keys(t, _KEYS, file, path)
            name = get_str(t, "name", f"{path}.name")
            if not name.strip() or any(c.name == name for c in out):
                raise DataError(file, f"{path}.name", f"must be a unique card name (got {name!r})")
            count = get_int(t, "count", f"{path}.count", lo=1, hi=30)
            gain = get_enum(t, "gain", Gain, f"{path}.gain")
            cost = get_enum(t, "cost", Cost, f"{path}.cost")
            if gain.value == cost.value:
                raise DataError(file, f"{path}.cost", "a trade-off pays with another resource than it gains (§6.9)")
            sources |= pv.sourced(t, ["count", "gain", "cost"], file, path)
            out += [RadioCard(f"TR{len(out) + k + 1}", name, gain, cost) for k in range(count)]
        if len(out) != size:
            raise DataError(file, "card", f"the cards add up to {len(out)}, not deck.size = {size}")
        return RadioDeck(tuple(out), sources)
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def load_team_radio_file(path: str | Path) -> RadioDeck:
    return parse_team_radio(load_toml(path), str(path))


@cache
def team_radio_deck() -> RadioDeck:
    return load_team_radio_file(DATA / "team_radio.toml")
