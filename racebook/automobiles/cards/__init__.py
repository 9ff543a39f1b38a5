"""The 39 cards (§2, §16–§21): their data in ``data/cards.toml`` (names, printed texts, sections, the standard set)
and their effects, one small program of primitive steps per card (:mod:`racebook.automobiles.effects`), in one module
per colour: :mod:`.garage`, :mod:`.handling`, :mod:`.pit`, :mod:`.engine`, :mod:`.performance`.

The gear cards and the Wear card are played by the turn machine itself (§7.1, §16.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from racebook.automobiles import effects
from racebook.automobiles.cards import engine, garage, handling, performance, pit
from racebook.automobiles.cubes import ACTIONS, CODES, DATA, check_source, known_keys
from racebook.core.datafile import load_toml
from racebook.core.errors import DataError, SetupError

CARDS_FILE = DATA / "cards.toml"
_PROGRAMS = {**garage.PROGRAMS, **handling.PROGRAMS, **pit.PROGRAMS, **engine.PROGRAMS, **performance.PROGRAMS}
_FIXED = ("third_gear", "fourth_gear", "fifth_gear", "sixth_gear", "wear")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    source: str  # the name in the seed (Spanish)
    colour: str  # the cube code it belongs to
    fixed: bool
    section: str
    printed: str


@dataclass(frozen=True)
class CardSet:
    cards: dict[str, Card]
    standard: dict[str, str]  # action colour -> card id (the first-game set, [EXT] §27)
    standard_source: str

    def of_colour(self, code: str) -> list[Card]:
        return [c for c in self.cards.values() if c.colour == code and not c.fixed]


def load_cards(path: str | Path = CARDS_FILE) -> CardSet:
    """Read and validate the card data; every card has its program (and every program its card)."""
    file = str(path)
    doc = load_toml(path)
    known_keys(doc, {"schema", "card", "standard"}, file)
    rows = doc.get("card")
    if doc.get("schema") != 1 or not isinstance(rows, list):
        raise DataError(file, "card", "schema = 1 and an array of [[card]] tables")
    cards: dict[str, Card] = {}
    for i, t in enumerate(rows):
        path_ = f"card[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, path_, "must be a table")
        try:
            c = Card(t["id"], t["name"], t["source"], t["colour"], bool(t.get("fixed", False)), t["section"],
                     t["printed"])
        except KeyError as e:
            raise DataError(file, f"{path_}.{e.args[0]}", "missing") from None
        if not all(isinstance(x, str) and x for x in (c.id, c.name, c.source, c.colour, c.section, c.printed)):
            raise DataError(file, path_, "id, name, source, colour, section and printed are non-empty strings")
        if c.colour not in CODES or c.fixed != (c.colour not in ACTIONS):
            raise DataError(file, f"{path_}.colour", f"{c.colour!r}: a variable card is an action colour, a fixed "
                                                     "card a gear or wear")
        if not c.section.startswith("§"):
            raise DataError(file, f"{path_}.section", "a digest section, e.g. §17.1")
        if c.id in cards:
            raise DataError(file, f"{path_}.id", f"{c.id} is listed twice")
        if not c.fixed and c.id not in _PROGRAMS:
            raise DataError(file, f"{path_}.id", f"{c.id} has no effect program")
        cards[c.id] = c
    if tuple(c.id for c in cards.values() if c.fixed) != _FIXED:
        raise DataError(file, "card", f"the fixed cards are {', '.join(_FIXED)} (§16)")
    extra = set(_PROGRAMS) - set(cards)
    if extra:
        raise DataError(file, "card", f"programs without a card: {', '.join(sorted(extra))}")
    std = doc.get("standard")
    if not isinstance(std, dict):
        raise DataError(file, "standard", "must be a table colour = card id")
    source = check_source(std.get("source"), "standard.source", file)
    standard = {k: v for k, v in std.items() if k != "source"}
    if sorted(standard) != sorted(ACTIONS) or any(cards.get(v, None) is None or cards[v].colour != k
                                                  for k, v in standard.items()):
        raise DataError(file, "standard", "one card of each action colour (Y R P B G)")
    return CardSet(cards, standard, source)


@cache
def card_set() -> CardSet:
    cs = load_cards()
    for cid, steps in _PROGRAMS.items():
        effects.PROGRAMS[cid] = (steps, cs.cards[cid].section)
    return cs


effects.PROGRAMS.update(performance.BONUS)


def choose_cards(chosen: dict[str, str] | None = None) -> dict[str, str]:
    """The cards of a game (§4 item 1): the standard set, with any colour replaced by ``chosen`` (colour -> id)."""
    cs = card_set()
    out = dict(cs.standard)
    for colour, cid in (chosen or {}).items():
        if colour not in ACTIONS:
            raise SetupError(colour, "§4 item 1", f"cards are chosen per action colour ({' '.join(ACTIONS)})")
        card = cs.cards.get(cid)
        if card is None or card.colour != colour:
            names = ", ".join(c.id for c in cs.of_colour(colour))
            raise SetupError(cid, "§2", f"not a card of colour {colour}: {names}")
        out[colour] = cid
    return out
