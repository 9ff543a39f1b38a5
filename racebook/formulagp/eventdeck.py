"""The shared EVENT deck (digest §3, §5, §6.7): its cards read from ``data/event_deck.toml`` and validated, and the
deck's handling in a race: drawn through the race's seeded generator (shuffled at the first draw, which is the same
as shuffling it at the set-up since nobody sees it before: seeded races that never draw an EVENT card keep their
draws), stacked by scenarios (:func:`stack`), its discard pile reshuffled when it runs out (§5).

A card named in ``cards.toml``'s ``[[named]]`` table takes its effect, timing, secondary icon and penalty icons from
there (each value written once). Each problem in the file is a :class:`~racebook.core.errors.DataError` naming the
file, the field and the reason. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.deck import Deck
from racebook.core.errors import DataError
from racebook.core.fields import get_bool, get_enum, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA, Secondary, Timing, cards
from racebook.formulagp.components import Deck as SharedDeck

RULE = "§6.7"  # the EVENT deck's citation (a refused stack names it)
SCHEMA_VERSION = 1


class EventEffect(Enum):
    """What playing an EVENT card does (§6.7): the four named cards' stated effects and the teaching set's invented
    ones."""

    INVESTIGATION = "investigation"  # §17.4
    INCIDENT_ON_TRACK = "incident_on_track"  # §19.3
    SAFETY_CAR = "safety_car"  # §19.4
    VIRTUAL_SAFETY_CAR = "virtual_safety_car"  # §19.5
    MP = "mp"  # +amount MP to this turn's move (§10.3 step 2.9): before moving only
    ERS = "ers"  # +amount ERS, never above the maximum (§8.1)
    RELIEF = "relief"  # stress -1 (§15)
    TYRES = "tyres"  # regain a tyre wear point (§14.1)
    BATTLE = "battle"  # +amount LEDs in a battle, laid with the battle cards (§13.3 item 3)
    DEBRIS = "debris"  # [ADV] a Debris token, WHITE die tiles ahead of the car (§6.7's icon, §19.8.2; three dots)
    OIL = "oil"  # [ADV] an Oil token, WHITE die tiles ahead of the car (§6.7's icon, §19.8.3; three dots)


@dataclass(frozen=True, slots=True)
class EventCard:
    """One EVENT card: ``code`` (``E1``…), name, effect (and its amount), timing icon, secondary icon (§5.1) and the
    penalty icons (§6.7, §17.2.1, §17.4)."""

    code: str
    name: str
    effect: EventEffect
    amount: int
    timing: Timing
    secondary: Secondary
    penalty_icons: int
    three_dots: bool = False  # [ADV] the blue banner icon (three dots): removed for a Standard game (§4.4)

    @property
    def immediate(self) -> bool:
        return self.timing is Timing.IMMEDIATELY


@dataclass(frozen=True)
class EventDeck:
    """The deck: ``cards`` the Standard game's (the box's cards without the blue banner), ``three_dots`` the [ADV]
    cards with the blue banner icon (three dots) that only an Advanced race shuffles in (§4.4; codes after the
    Standard ones, racebook.formulagp.threedots)."""

    cards: tuple[EventCard, ...]
    sources: dict[str, str]
    examples: dict[str, str]
    three_dots: tuple[EventCard, ...] = ()

    def card(self, code: str) -> EventCard:
        for c in self.cards + self.three_dots:
            if c.code == code:
                return c
        raise KeyError(code)

    @property
    def codes(self) -> list[str]:
        """The Standard game's deck (§4.4: the blue-banner cards removed)."""
        return [c.code for c in self.cards]

    @property
    def advanced_codes(self) -> list[str]:
        """The Advanced race's deck: every card, the three-dot ones after the others (§4.4)."""
        return [c.code for c in self.cards + self.three_dots]


_KEYS = {"name", "count", "effect", "amount", "timing", "secondary", "penalty_icons", "three_dots", "source",
         "sources"}
_FACE = ("effect", "amount", "timing", "secondary", "penalty_icons")


def parse_event_deck(doc: dict[str, Any], file: str) -> EventDeck:
    """Validate an EVENT deck document (see ``data/event_deck.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "deck", "card", "examples"}, file, "")
        deck = pv.table(doc, "deck", file)
        pv.only_keys(deck, {"size", "three_dots", "source", "sources"}, file, "deck")
        sources = pv.sourced(deck, ["size"] + (["three_dots"] if "three_dots" in deck else []), file, "deck")
        size = get_int(deck, "size", "deck.size", lo=1, hi=30)
        dots = get_int(deck, "three_dots", "deck.three_dots", lo=0, hi=30, default=0)
        rows = doc.get("card")
        if not isinstance(rows, list) or not rows:
            raise DataError(file, "card", "must be an array of tables [[card]]")
        named = {c.name: c for c in cards().named if c.deck is SharedDeck.EVENT}
        out: list[EventCard] = []
        adv: list[tuple[int, dict[str, Any], str]] = []  # [ADV] three-dot cards: numbered after the others (§4.4)
        for i, t in enumerate(rows):
            path = f"card[{i}]"
            if not isinstance(t, dict):
                raise DataError(file, path, f"must be a table, not {kind_of(t)}")
            pv.only_keys(t, _KEYS, file, path)
            name = get_str(t, "name", f"{path}.name")
            if not name.strip() or any(c.name == name for c in out):
                raise DataError(file, f"{path}.name", f"must be a unique card name (got {name!r})")
            count = get_int(t, "count", f"{path}.count", lo=1, hi=30)
            if any(n == name for _, _, n in adv):
                raise DataError(file, f"{path}.name", f"must be a unique card name (got {name!r})")
            if get_bool(t, "three_dots", f"{path}.three_dots", default=False):
                if name in named:
                    raise DataError(file, f"{path}.three_dots", f"'{name}' is a named card of every game (§6.7)")
                adv.append((i, t, name))
                continue
            if name in named:
                face = [k for k in _FACE if k in t]
                if face:
                    raise DataError(file, f"{path}.{face[0]}", f"'{name}' is a named card: its {face[0]} is in "
                                                               "cards.toml's [[named]] (written once)")
                n = named[name]
                effect, amount, timing = EventEffect(n.effect.value), 0, n.timing
                sec, icons = n.secondary, n.penalty_icons
                sources |= pv.sourced(t, ["count"], file, path)
            else:
                (effect, amount, timing, sec, icons), src = _face(t, file, path)
                sources |= src
                if effect in (EventEffect.DEBRIS, EventEffect.OIL):
                    raise DataError(file, f"{path}.three_dots", f"a {effect.value} card places an [ADV] token: it "
                                                                "carries the three dots (§4.4, §4.5)")
            for _ in range(count):
                out.append(EventCard(f"E{len(out) + 1}", name, effect, amount, timing, sec, icons))
        if len(out) != size:
            raise DataError(file, "card", f"the cards add up to {len(out)}, not deck.size = {size}")
        dotted: list[EventCard] = []
        for i, t, name in adv:
            (eff, amt, tim, sec, icons), src = _face(t, file, f"card[{i}]")
            sources |= src
            if eff in (EventEffect.DEBRIS, EventEffect.OIL) and amt != 1:
                raise DataError(file, f"card[{i}].amount", "a Debris or Oil card places one token: amount = 1")
            for _ in range(get_int(t, "count", f"card[{i}].count", lo=1, hi=30)):
                dotted.append(EventCard(f"E{len(out) + len(dotted) + 1}", name, eff, amt, tim, sec, icons, True))
        if len(dotted) != dots:
            raise DataError(file, "card", f"the three-dot cards add up to {len(dotted)}, not deck.three_dots = "
                                          f"{dots} (§4.4)")
        return EventDeck(tuple(out), sources, pv.examples(doc, file), tuple(dotted))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _face(t: dict[str, Any], file: str, path: str) -> tuple[tuple[EventEffect, int, Timing, Secondary, int],
                                                             dict[str, str]]:
    """An invented card's face: effect, amount, timing, secondary icon, penalty icons (and their provenance)."""
    effect = get_enum(t, "effect", EventEffect, f"{path}.effect")
    if effect in (EventEffect.INVESTIGATION, EventEffect.INCIDENT_ON_TRACK, EventEffect.SAFETY_CAR,
                  EventEffect.VIRTUAL_SAFETY_CAR):
        raise DataError(file, f"{path}.effect", f"{effect.value} is a named card's effect (§6.7): "
                                                "name the card as cards.toml does")
    amount = get_int(t, "amount", f"{path}.amount", lo=1, hi=3)
    timing = get_enum(t, "timing", Timing, f"{path}.timing")
    sec = get_enum(t, "secondary", Secondary, f"{path}.secondary")
    if sec is Secondary.BRAKE:
        raise DataError(file, f"{path}.secondary", "Brake! is on Tyre Wear cards only (§5.1)")
    icons = get_int(t, "penalty_icons", f"{path}.penalty_icons", lo=0, hi=2)
    return (effect, amount, timing, sec, icons), pv.sourced(t, ["count", *_FACE], file, path)


def load_event_deck_file(path: str | Path) -> EventDeck:
    return parse_event_deck(load_toml(path), str(path))


@cache
def event_deck() -> EventDeck:
    """The shipped teaching EVENT deck (read once)."""
    return load_event_deck_file(DATA / "event_deck.toml")


@cache
def _by_code() -> dict[str, EventCard]:
    d = event_deck()
    return {c.code: c for c in d.cards + d.three_dots}


def event_card(code: str) -> EventCard:
    """The shipped EVENT card ``code`` (KeyError if none)."""
    return _by_code()[code]


def new_deck(advanced: bool = False) -> Deck:
    """The EVENT deck of a new race, in file order: shuffled at its first draw (:func:`draw`); the blue-banner
    (three-dot) cards only in an Advanced race (§4.4)."""
    return Deck("EVENT", event_deck().advanced_codes if advanced else event_deck().codes, rule=RULE)


# ------------------------------------------------------------------ the deck in a race
def _shuffled(s: Any) -> None:
    if not s.events_shuffled:
        s.events.shuffle(s.rng)
        s.events_shuffled = True


def draw(s: Any) -> str | None:
    """Draw the top EVENT card (§6.7; the deck shuffled at its first draw, its discards reshuffled when it runs out,
    §5); None when every card is held or out of the game."""
    _shuffled(s)
    return s.events.draw(s.rng)


def stack(s: Any, codes: list[str]) -> None:
    """A scenario's stacked EVENT draws: ``codes`` are drawn next, the first first (a card held or out of the game
    cannot be stacked: :class:`~racebook.core.errors.SetupError` citing §6.7)."""
    _shuffled(s)
    s.events.stack(codes)
