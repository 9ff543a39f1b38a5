"""FormulaGP card faces and dice, read from ``data/cards.toml`` and ``data/dice.toml`` and validated (§3, §5–§7).

The ACTION deck's composition is stated (digest §3: GREEN 12, RED 10, BLUE 4, ORANGE 4, Tyre Wear 8, Option 6,
Draw Failure 1 = 45); the card faces (LEDs, secondary icons) are not (A2) and are ``invented-for-teaching``. The
shared decks are represented by the named cards whose effects the source states (§6.7, §6.8). The dice faces are
the digest's default reading (A3, A4). Each problem in a file is a :class:`~racebook.core.errors.DataError` naming
the file, the field and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import as_bool, as_enum, as_int, get, get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv

DATA = Path(__file__).resolve().parent / "data"
SCHEMA_VERSION = 1


class Colour(Enum):
    """A movement card's colour (§6.2); ORANGE is wild, played as GREEN or RED."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    ORANGE = "orange"


class CardType(Enum):
    """The seven kinds of ACTION card (§3, §6.1): the four movement colours and three others."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    ORANGE = "orange"
    TYRE_WEAR = "tyre_wear"
    OPTION = "option"
    DRAW_FAILURE = "draw_failure"

    @property
    def colour(self) -> Colour | None:
        """The movement colour of a movement card, None for the others."""
        return Colour(self.value) if self.value in {c.value for c in Colour} else None

    @property
    def prefix(self) -> str:
        return _PREFIX[self]


_PREFIX = {CardType.GREEN: "G", CardType.RED: "R", CardType.BLUE: "B", CardType.ORANGE: "O",
           CardType.TYRE_WEAR: "W", CardType.OPTION: "P", CardType.DRAW_FAILURE: "F"}


class Secondary(Enum):
    """A card's secondary-function icon (§5.1): single-card functions, or 2× functions needing two matching cards."""

    NONE = "none"
    COUNTER_STEER = "counter_steer"
    PLUS_OT = "plus_ot"
    BRAKE = "brake"
    ERS2 = "ers2"
    TYRE2 = "tyre2"
    PARAMETER2 = "parameter2"
    MP2 = "mp2"

    @property
    def pair(self) -> bool:
        """A 2× function: spend two cards whose icons match (§5.1)."""
        return self in (Secondary.ERS2, Secondary.TYRE2, Secondary.PARAMETER2, Secondary.MP2)


class Deck(Enum):
    EVENT = "event"
    RISK = "risk"
    DAMAGE = "damage"
    FAILURE = "failure"


class Effect(Enum):
    """The named cards whose effects the source states (§6.7, §6.8, §17.4, §19.3–§19.5)."""

    INVESTIGATION = "investigation"
    INCIDENT_ON_TRACK = "incident_on_track"
    SAFETY_CAR = "safety_car"
    VIRTUAL_SAFETY_CAR = "virtual_safety_car"
    YELLOW_FLAG = "yellow_flag"
    CLOSE_CALL = "close_call"


class Timing(Enum):
    IMMEDIATELY = "immediately"
    HOLD = "hold"


class FaceColour(Enum):
    GREEN = "green"
    RED = "red"


class DieFace(Enum):
    """A YELLOW or RED die face (§7)."""

    STRESS = "stress"
    WEAR = "wear"
    RISK = "risk"
    LOSS_OF_CONTROL = "loss_of_control"


YELLOW_KINDS = frozenset({DieFace.STRESS, DieFace.WEAR, DieFace.RISK})
RED_KINDS = frozenset({DieFace.WEAR, DieFace.RISK, DieFace.LOSS_OF_CONTROL})


@dataclass(frozen=True, slots=True)
class ActionCard:
    """One ACTION card: ``code`` (``G1``, ``W3``, ``F1``), its type, battle LEDs, secondary icon, penalty icons."""

    code: str
    type: CardType
    leds: int
    secondary: Secondary
    penalty_icons: int

    @property
    def colour(self) -> Colour | None:
        return self.type.colour


@dataclass(frozen=True, slots=True)
class NamedCard:
    deck: Deck
    name: str
    effect: Effect
    timing: Timing
    secondary: Secondary
    penalty_icons: int


@dataclass(frozen=True)
class Cards:
    """The ACTION deck (cards in code order), the stated composition, Sprint speeds and the named shared cards."""

    action: tuple[ActionCard, ...]
    composition: dict[CardType, int]
    sprint: dict[Colour, tuple[int, ...]]
    named: tuple[NamedCard, ...]
    sources: dict[str, str]
    examples: dict[str, str]

    def card(self, code: str) -> ActionCard:
        return self._by_code[code]  # KeyError for an unknown code

    @cached_property
    def _by_code(self) -> dict[str, ActionCard]:
        """The cards by code, built once (a lookup per card in every battle-bid check)."""
        return {c.code: c for c in self.action}

    def named_card(self, name: str) -> NamedCard:
        for c in self.named:
            if c.name == name:
                return c
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class WhiteFace:
    value: int
    colour: FaceColour
    icon: bool


@dataclass(frozen=True)
class Dice:
    white: tuple[WhiteFace, ...]
    yellow: tuple[DieFace, ...]
    red: tuple[DieFace, ...]
    sources: dict[str, str]
    examples: dict[str, str]


def _schema(doc: dict[str, Any], file: str, keys: set[str]) -> None:
    if doc.get("schema") != SCHEMA_VERSION:
        raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
    pv.only_keys(doc, keys | {"schema", "examples"}, file, "")


def parse_cards(doc: dict[str, Any], file: str) -> Cards:
    """Validate a card document (see ``data/cards.toml``)."""
    try:
        _schema(doc, file, {"deck", "sprint", "group", "named"})
        deck = pv.table(doc, "deck", file)
        names = [t.value for t in CardType]
        pv.only_keys(deck, set(names) | {"total", "source", "sources"}, file, "deck")
        sources = pv.sourced(deck, names + ["total"], file, "deck")
        composition = {t: get_int(deck, t.value, f"deck.{t.value}", lo=0, hi=99) for t in CardType}
        total = get_int(deck, "total", "deck.total", lo=1, hi=999)
        if sum(composition.values()) != total:
            raise DataError(file, "deck.total", f"the counts add up to {sum(composition.values())}, not {total}")
        sprint_t = pv.table(doc, "sprint", file)
        pv.only_keys(sprint_t, {c.value for c in Colour} | {"source", "sources"}, file, "sprint")
        sources |= pv.sourced(sprint_t, [c.value for c in Colour], file, "sprint")
        sprint = {c: _ints(get(sprint_t, c.value, f"sprint.{c.value}"), f"sprint.{c.value}") for c in Colour}
        action, counted = _groups(doc, file, sources)
        for t in CardType:
            if counted[t] != composition[t]:
                raise DataError(file, "group", f"{counted[t]} {t.value} cards in the groups; the deck has "
                                               f"{composition[t]} (§3)")
        named = _named(doc, file, sources)
        return Cards(action, composition, sprint, named, sources, pv.examples(doc, file))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _ints(v: Any, path: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not v:
        raise DataError("<state>", path, f"must be a non-empty list of integers, not {kind_of(v)}")
    return tuple(as_int(x, f"{path}[{i}]", 0, 99) for i, x in enumerate(v))


def _groups(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[tuple[ActionCard, ...],
                                                                              dict[CardType, int]]:
    rows = doc.get("group")
    if not isinstance(rows, list) or not rows:
        raise DataError(file, "group", "must be an array of tables [[group]]")
    counted = dict.fromkeys(CardType, 0)
    cards: list[ActionCard] = []
    for i, t in enumerate(rows):
        path = f"group[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(t)}")
        pv.only_keys(t, {"card", "count", "leds", "secondary", "penalty_icons", "source", "sources"}, file, path)
        ctype = get_enum(t, "card", CardType, f"{path}.card")
        count = get_int(t, "count", f"{path}.count", lo=1, hi=45)
        leds = get_int(t, "leds", f"{path}.leds", lo=0, hi=9)
        sec = get_enum(t, "secondary", Secondary, f"{path}.secondary")
        icons = get_int(t, "penalty_icons", f"{path}.penalty_icons", lo=0, hi=2, default=0)
        if (sec is Secondary.BRAKE) != (ctype is CardType.TYRE_WEAR):
            raise DataError(file, f"{path}.secondary", "Brake! is the Tyre Wear cards' secondary function, and "
                                                       "theirs only (§5.1, §6.4)")
        sources |= pv.sourced(t, ["leds", "secondary", "penalty_icons"], file, path)
        for _ in range(count):
            counted[ctype] += 1
            cards.append(ActionCard(f"{ctype.prefix}{counted[ctype]}", ctype, leds, sec, icons))
    return tuple(cards), counted


def _named(doc: dict[str, Any], file: str, sources: dict[str, str]) -> tuple[NamedCard, ...]:
    rows = doc.get("named", [])
    if not isinstance(rows, list):
        raise DataError(file, "named", "must be an array of tables [[named]]")
    out: list[NamedCard] = []
    for i, t in enumerate(rows):
        path = f"named[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(t)}")
        pv.only_keys(t, {"deck", "name", "effect", "timing", "secondary", "penalty_icons", "source", "sources"},
                     file, path)
        name = get_str(t, "name", f"{path}.name")
        if not name.strip() or any(c.name == name for c in out):
            raise DataError(file, f"{path}.name", f"must be a unique card name (got {name!r})")
        sec = get_enum(t, "secondary", Secondary, f"{path}.secondary")
        if sec is Secondary.BRAKE:
            raise DataError(file, f"{path}.secondary", "Brake! is on Tyre Wear cards only (§5.1)")
        sources |= pv.sourced(t, ["effect", "timing", "secondary", "penalty_icons"], file, path)
        out.append(NamedCard(get_enum(t, "deck", Deck, f"{path}.deck"), name,
                             get_enum(t, "effect", Effect, f"{path}.effect"),
                             get_enum(t, "timing", Timing, f"{path}.timing"), sec,
                             get_int(t, "penalty_icons", f"{path}.penalty_icons", lo=0, hi=2)))
    return tuple(out)


def parse_dice(doc: dict[str, Any], file: str) -> Dice:
    """Validate a dice document (see ``data/dice.toml``)."""
    try:
        _schema(doc, file, {"white", "yellow", "red"})
        w = pv.table(doc, "white", file)
        pv.only_keys(w, {"faces", "source", "sources"}, file, "white")
        sources = pv.sourced(w, ["values", "icon", "1", "2", "3", "4", "5", "6"], file, "white")
        rows = w.get("faces")
        if not isinstance(rows, list) or len(rows) != 6:
            raise DataError(file, "white.faces", "must list the six faces 1 to 6 (§7)")
        white = []
        for i, f in enumerate(rows):
            path = f"white.faces[{i}]"
            value = get_int(f, "value", f"{path}.value")
            if value != i + 1:
                raise DataError(file, f"{path}.value", f"faces are listed 1 to 6: this one is {i + 1} (got {value})")
            icon = as_bool(get(f, "icon", f"{path}.icon"), f"{path}.icon")
            if icon != (value == 1):
                raise DataError(file, f"{path}.icon", "the 1 face, and only it, is the icon face (§7)")
            white.append(WhiteFace(value, get_enum(f, "colour", FaceColour, f"{path}.colour"), icon))
        if white[5].colour is not FaceColour.RED:
            raise DataError(file, "white.faces[5].colour", "6 is a red face (§7, the Red Flag rules)")
        colours = {f.colour for f in white}
        if colours != set(FaceColour):
            raise DataError(file, "white.faces", "the WHITE die has green and red faces (§7)")
        yellow = _faces(doc, "yellow", YELLOW_KINDS, file, sources)
        red = _faces(doc, "red", RED_KINDS, file, sources)
        return Dice(tuple(white), yellow, red, sources, pv.examples(doc, file))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _faces(doc: dict[str, Any], key: str, kinds: frozenset[DieFace], file: str,
           sources: dict[str, str]) -> tuple[DieFace, ...]:
    t = pv.table(doc, key, file)
    pv.only_keys(t, {"faces", "source", "sources"}, file, key)
    sources |= pv.sourced(t, ["kinds", "counts"], file, key)
    rows = t.get("faces")
    if not isinstance(rows, list) or len(rows) != 6:
        raise DataError(file, f"{key}.faces", "must list six faces (§7)")
    faces = tuple(as_enum(DieFace, f, f"{key}.faces[{i}]") for i, f in enumerate(rows))
    if set(faces) != kinds:
        allowed = ", ".join(sorted(k.value for k in kinds))
        raise DataError(file, f"{key}.faces", f"the {key.upper()} die shows exactly {allowed} (§7)")
    return faces


def load_cards_file(path: str | Path) -> Cards:
    return parse_cards(load_toml(path), str(path))


def load_dice_file(path: str | Path) -> Dice:
    return parse_dice(load_toml(path), str(path))


@cache
def cards() -> Cards:
    """The shipped card faces (read once)."""
    return load_cards_file(DATA / "cards.toml")


@cache
def dice() -> Dice:
    """The shipped dice (read once)."""
    return load_dice_file(DATA / "dice.toml")


_TYPES: dict[str, CardType] = {}  # by code (filled once from the card data)


def card_type(code: str) -> CardType:
    """The type of an ACTION card by its code (read once from the card data, §6). The one table: the card play
    (:mod:`racebook.formulagp.cardplay`, which re-exports it) and the race events call it."""
    if not _TYPES:
        _TYPES.update((c.code, c.type) for c in cards().action)
    return _TYPES[code]
