"""Cards: Race Cards, Track Cards and the deck files that define them (§5, §19).

A card is a frozen value. Cards are referred to by a short ``code``:

* Race Cards: ``R`` + two-digit check factor, e.g. ``R42``. The shipped Race
  deck gives every card a distinct check factor 1–99 (an invented composition,
  see ``racebook/rf90/data/race_deck.toml``), so the manual's "a blind draw of (42)"
  names exactly one card.
* Track Cards: ``T`` + a per-track number, e.g. ``T07``.

A card code is a word of the action grammar (:mod:`racebook.rf90.actions`): :func:`card_code_problem` is the one
definition of a valid code, used by the action parser and by the deck and track validators. Codes are unique
across decks: ``R`` + two digits belongs to the Race deck, so no Track Card may use it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from racebook.core.datafile import file_path, load_toml
from racebook.core.errors import DeckDataError

#: A card code: a letter, then letters, digits or '_' (at most 16 characters), with at least one digit (a card is
#: named by its number: ``R42``, ``T07``) — one word of an action text, with no ',', '=', '+' or space, which the
#: action grammar uses as separators. The digit keeps words out: "play fly to the moon" is no play of four cards.
CARD_CODE_RE = re.compile(r"(?=[A-Za-z0-9_]*[0-9])[A-Za-z][A-Za-z0-9_]{0,15}")
#: Words the action grammar reads where a card code could stand (``test 1 blind``, ``bid none``, ``et=flat``,
#: ``pit-tyres keep``, ``force Fast1 lb``): never card codes, in any letter case.
RESERVED_WORDS = frozenset({"blind", "none", "flat", "keep", "lb"})
#: The Race deck's codes: ``R`` + the two-digit check factor (§5.1); no Track Card code may look like one.
RACE_CODE_RE = re.compile(r"R[0-9]+")


def card_code_problem(code: object) -> str | None:
    """Why ``code`` cannot be a card code, or None when it can (the one definition; see the module docstring)."""
    if not isinstance(code, str):
        return f"{code!r} is not a string"
    if code.lower() in RESERVED_WORDS:
        return f"{code!r} is a word of the action grammar ({', '.join(sorted(RESERVED_WORDS))}), not a card code"
    if not CARD_CODE_RE.fullmatch(code):
        return (f"{code!r} is not a card code: a letter, then letters, digits or '_' with at least one digit (at "
                "most 16 characters), e.g. 'R42' or 'T07'")
    return None


def is_card_code(code: object) -> bool:
    """True when ``code`` is a valid card code (:func:`card_code_problem` finds nothing)."""
    return card_code_problem(code) is None


class Colour(Enum):
    """Card / trajectory colour = card type (§0, §5.1)."""

    RED = "red"  # Speed (Velocidade)
    GREEN = "green"  # Manoeuvre (Manobra)
    ORANGE = "orange"  # Gears (Marcha)
    YELLOW = "yellow"  # Events (Eventos)


class TestKind(Enum):
    """The two test symbols (§13.D.2)."""

    NORMAL = "normal"
    BLIND = "blind"


class Flag(Enum):
    """Flag symbols on cards (§15)."""

    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    ORANGE = "orange"


class DeckKind(Enum):
    RACE = "race"
    TRACK = "track"


class PowerKind(Enum):
    """Track Card Discard Powers (§19.3)."""

    LB = "lb"  # automatic late-braking success
    ET = "et"  # automatic Extreme Trajectory success, respecting colour
    DUEL = "duel"  # MP doubled in a duel in the card's corner


@dataclass(frozen=True, slots=True)
class CardTest:
    """A test symbol on a card: kind and printed modifier (§13.D.2)."""

    kind: TestKind
    modifier: int = 0

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.kind.value} test{mod and ' ' + mod}"


@dataclass(frozen=True, slots=True)
class DiscardPower:
    kind: PowerKind
    colour: Colour | None = None  # for ET powers: the colour that must match

    def __str__(self) -> str:
        return self.kind.value + (f":{self.colour.value}" if self.colour else "")


@dataclass(frozen=True, slots=True)
class Card:
    """One Race Card or Track Card (§5.1, §5.2).

    Costs (§13.D.1): ``tyres`` tyre units, ``damage`` random wear draws,
    ``discard`` cards discarded from hand. ``tests`` are the test symbols,
    ``draw`` the extra Race Cards drawn in D.3, ``flag`` and ``weather`` the
    D.4 events. Track-Card-only fields: ``corners`` (the corner numbers the
    card is valid for), ``combination`` (phase-C combination symbol, §19.2),
    ``minus_one`` (phase-E "-1" symbol, §19.2) and ``powers`` (§19.3).
    """

    code: str
    deck: DeckKind
    colour: Colour
    mp: int
    check: int
    tyres: int = 0
    damage: int = 0
    discard: int = 0
    tests: tuple[CardTest, ...] = ()
    draw: int = 0
    flag: Flag | None = None
    weather: bool = False
    corners: tuple[int, ...] = ()
    combination: bool = False
    minus_one: bool = False
    powers: tuple[DiscardPower, ...] = ()

    @property
    def is_track(self) -> bool:
        return self.deck is DeckKind.TRACK

    def has_power(self, kind: PowerKind) -> bool:
        return any(p.kind is kind for p in self.powers)

    def __str__(self) -> str:
        return f"[{self.mp}]({self.check:02d})"

    def describe(self) -> str:
        """A one-line description, e.g. ``R42 [3] red (42): 2 tyres, 1 damage``."""
        bits = []
        if self.tyres:
            bits.append(f"{self.tyres} tyre{'s' * (self.tyres > 1)}")
        if self.damage:
            bits.append(f"{self.damage} damage")
        if self.discard:
            bits.append(f"discard {self.discard}")
        bits += [str(t) for t in self.tests]
        if self.draw:
            bits.append(f"draw {self.draw}")
        if self.flag:
            bits.append(f"{self.flag.value} flag")
        if self.weather:
            bits.append("weather")
        if self.corners:
            bits.append("corner " + "/".join(map(str, self.corners)))
        if self.combination:
            bits.append("combination")
        if self.minus_one:
            bits.append('"-1"')
        bits += [f"{p} power" for p in self.powers]
        tail = (": " + ", ".join(bits)) if bits else ""
        return f"{self.code} [{self.mp}] {self.colour.value} ({self.check:02d}){tail}"


_CARD_KEYS = {
    "code", "colour", "mp", "check", "tyres", "damage", "discard", "tests", "draw",
    "flag", "weather", "corners", "combination", "minus_one", "powers", "source",
}


def _enum(file: str, fieldname: str, enum: type[Enum], value: Any) -> Any:
    try:
        return enum(value)
    except (ValueError, TypeError):
        allowed = ", ".join(repr(e.value) for e in enum)  # type: ignore[attr-defined]
        raise DeckDataError(file, fieldname, f"{value!r} is not one of {allowed}") from None


def _int(file: str, fieldname: str, value: Any, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        shown = "nan" if isinstance(value, float) and math.isnan(value) else repr(value)
        raise DeckDataError(file, fieldname, f"{shown} must be an integer in {lo}..{hi}")
    return value


def _bool(file: str, fieldname: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise DeckDataError(file, fieldname, f"{value!r} must be true or false")
    return value


def _list(file: str, fieldname: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise DeckDataError(file, fieldname, f"{value!r} must be an array")
    return value


def card_from_dict(raw: dict[str, Any], deck: DeckKind, file: str, where: str) -> Card:
    """Build a Card from one parsed table; errors name file and field."""
    if not isinstance(raw, dict):
        raise DeckDataError(file, where, "must be a table")
    unknown = set(raw) - _CARD_KEYS
    if unknown:
        raise DeckDataError(file, f"{where}.{sorted(unknown)[0]}", "unknown field")
    for key in ("colour", "mp", "check"):
        if key not in raw:
            raise DeckDataError(file, f"{where}.{key}", "missing")
    check = _int(file, f"{where}.check", raw["check"], 1, 99)
    max_mp = 4 if deck is DeckKind.RACE else 6  # §5.1: Race Cards 1–4; AMB-2: Track Cards up to 6
    mp = _int(file, f"{where}.mp", raw["mp"], 1, max_mp)
    if deck is DeckKind.TRACK and "code" not in raw:
        raise DeckDataError(file, f"{where}.code", "missing (Track Cards need a code such as 'T07')")
    code = raw.get("code", f"R{check:02d}")  # a Race Card's code defaults to R + its check factor (§5.1)
    problem = card_code_problem(code)
    if problem:
        raise DeckDataError(file, f"{where}.code", problem)
    if deck is DeckKind.TRACK and (RACE_CODE_RE.fullmatch(code) or code in default_race_deck()):
        raise DeckDataError(file, f"{where}.code", f"{code!r} is a Race Card code (R + check factor, §5.1); "
                                                   "card codes are unique across decks: use e.g. 'T07'")
    tests = []
    for i, t in enumerate(_list(file, f"{where}.tests", raw.get("tests", []))):
        if not isinstance(t, dict) or "kind" not in t:
            raise DeckDataError(file, f"{where}.tests[{i}]", "must be a table with 'kind'")
        extra = sorted(set(t) - {"kind", "modifier"})
        if extra:
            raise DeckDataError(file, f"{where}.tests[{i}].{extra[0]}", "unknown field (kind, modifier)")
        tests.append(
            CardTest(
                _enum(file, f"{where}.tests[{i}].kind", TestKind, t["kind"]),
                _int(file, f"{where}.tests[{i}].modifier", t.get("modifier", 0), -99, 99),
            )
        )
    powers = []
    for i, p in enumerate(_list(file, f"{where}.powers", raw.get("powers", []))):
        if not isinstance(p, str):
            raise DeckDataError(file, f"{where}.powers[{i}]", f"{p!r} must be a string such as 'lb' or 'et:green'")
        kind, _, col = p.partition(":")
        pk = _enum(file, f"{where}.powers[{i}]", PowerKind, kind)
        colour = _enum(file, f"{where}.powers[{i}]", Colour, col) if col else None
        if pk is PowerKind.ET and colour is None:
            raise DeckDataError(file, f"{where}.powers[{i}]", "an ET power names its colour, e.g. 'et:green' (§19.3)")
        if pk is not PowerKind.ET and colour is not None:
            raise DeckDataError(file, f"{where}.powers[{i}]", f"{p!r}: only an ET power names a colour (§19.3)")
        powers.append(DiscardPower(pk, colour))
    weather = _bool(file, f"{where}.weather", raw.get("weather", False))
    combination = _bool(file, f"{where}.combination", raw.get("combination", False))
    minus_one = _bool(file, f"{where}.minus_one", raw.get("minus_one", False))
    corners = _list(file, f"{where}.corners", raw.get("corners", []))
    if deck is DeckKind.RACE and (corners or combination or minus_one or powers):
        raise DeckDataError(file, where, "corners, combination, minus_one and powers are Track-Card-only (§19.2)")
    if deck is DeckKind.TRACK and not corners:
        raise DeckDataError(file, f"{where}.corners", "a Track Card names at least one corner (§5.2)")
    corner_numbers = tuple(_int(file, f"{where}.corners[{i}]", c, 1, 99) for i, c in enumerate(corners))
    if len(set(corner_numbers)) != len(corner_numbers):
        raise DeckDataError(file, f"{where}.corners", f"{corners!r} names a corner twice")
    flag = raw.get("flag")
    if "source" in raw and not isinstance(raw["source"], str):
        raise DeckDataError(file, f"{where}.source", f"{raw['source']!r} must be a string")
    return Card(
        code=code,
        deck=deck,
        colour=_enum(file, f"{where}.colour", Colour, raw["colour"]),
        mp=mp,
        check=check,
        tyres=_int(file, f"{where}.tyres", raw.get("tyres", 0), 0, 3),
        damage=_int(file, f"{where}.damage", raw.get("damage", 0), 0, 2),
        discard=_int(file, f"{where}.discard", raw.get("discard", 0), 0, 3),
        tests=tuple(tests),
        draw=_int(file, f"{where}.draw", raw.get("draw", 0), 0, 3),
        flag=_enum(file, f"{where}.flag", Flag, flag) if flag is not None else None,
        weather=weather,
        corners=corner_numbers,
        combination=combination,
        minus_one=minus_one,
        powers=tuple(powers),
    )


@dataclass(frozen=True)
class CardSet:
    """An immutable catalogue of cards by code."""

    cards: tuple[Card, ...]
    source: str = ""
    by_code: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_code", {c.code: c for c in self.cards})

    def __getitem__(self, code: str) -> Card:
        return self.by_code[code]

    def __contains__(self, code: object) -> bool:
        return code in self.by_code

    def __len__(self) -> int:
        return len(self.cards)

    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)


def parse_cards(raw_cards: Any, deck: DeckKind, file: str, where: str = "cards") -> tuple[Card, ...]:
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckDataError(file, where, "must be a non-empty array of tables")
    cards = tuple(card_from_dict(c, deck, file, f"{where}[{i}]") for i, c in enumerate(raw_cards))
    seen: dict[str, int] = {}
    for i, c in enumerate(cards):
        if c.code in seen:
            raise DeckDataError(file, f"{where}[{i}].code", f"duplicate code {c.code!r} (also {where}[{seen[c.code]}])")
        seen[c.code] = i
    return cards


DATA_DIR = Path(__file__).parent / "data"


def load_race_deck(path: str | Path | None = None) -> CardSet:
    """Load a Race deck file (default: the shipped, invented composition); errors are DeckDataError."""
    p = file_path(path, DeckDataError) if path is not None else DATA_DIR / "race_deck.toml"
    raw = load_toml(p, DeckDataError)
    extra = sorted(set(raw) - {"cards", "source"})
    if extra:
        raise DeckDataError(str(p), extra[0], "unknown top-level key (cards, source)")
    source = raw.get("source", "")
    if not isinstance(source, str):
        raise DeckDataError(str(p), "source", f"{source!r} must be a string")
    cards = parse_cards(raw.get("cards"), DeckKind.RACE, str(p))
    checks: dict[int, str] = {}
    for i, c in enumerate(cards):
        if c.check in checks:
            raise DeckDataError(str(p), f"cards[{i}].check", f"check factor {c.check} already used by "
                                f"{checks[c.check]}; the Race deck keeps check factors unique so '(42)' names one card")
        checks[c.check] = c.code
    return CardSet(cards, source)


_DEFAULT: CardSet | None = None


def default_race_deck() -> CardSet:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_race_deck()
    return _DEFAULT
