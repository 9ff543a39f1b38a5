"""The shared incident decks, RISK, DAMAGE and FAILURE (digest §6.8, §18.4, §18.5), read from
``data/incident_cards.toml`` and validated.

The deck sizes are stated (§3: 30, 16, 16), and two names: the RISK card 'Yellow Flag' (§19.3) and the DAMAGE card
'Close Call!' (§6.8); both must also be the named cards of ``cards.toml``. Every other card is a teaching set of a
few kinds whose effects the engine plays, marked ``invented-for-teaching``. Codes: ``RK1``… RISK, ``DM1``… DAMAGE,
``FL1``… FAILURE. Every problem in the file is a :class:`~racebook.core.errors.DataError` naming the file, the field
and the reason. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from racebook.core.datafile import load_toml
from racebook.core.errors import DataError
from racebook.core.fields import get_bool, get_int, get_str, kind_of
from racebook.formulagp import provenance as pv
from racebook.formulagp.components import DATA, cards
from racebook.formulagp.components import Deck as SharedDeck

SCHEMA_VERSION = 1
CODE = re.compile(r"(RK|DM|FL)[1-9][0-9]?")


class IncidentDeck(Enum):
    """The three decks (§6.8) and their code prefixes."""

    RISK = "risk"
    DAMAGE = "damage"
    FAILURE = "failure"

    @property
    def prefix(self) -> str:
        return {"risk": "RK", "damage": "DM", "failure": "FL"}[self.value]

    @property
    def rule(self) -> str:
        return {"risk": "§6.8", "damage": "§18.4", "failure": "§18.5"}[self.value]


class Effect(Enum):
    """What an incident card does (the RISK effects at once, §6.8; DAMAGE / FAILURE while held, §18.4, §18.5)."""

    STRESS = "stress"
    WEAR = "wear"
    ERS = "ers"
    LOSS_OF_CONTROL = "loss_of_control"
    DAMAGE = "damage"
    FAILURE = "failure"
    YELLOW_FLAG = "yellow_flag"
    PENALTY = "penalty"
    MP = "mp"
    TYRE_BONUS = "tyre_bonus"
    HAND = "hand"
    NONE = "none"
    DEBRIS = "debris"  # [ADV] a Debris token on the car's tile (§19.8.2; a three-dot RISK card)
    OIL = "oil"  # [ADV] an Oil token on the car's tile (§19.8.3; a three-dot RISK card)


RISK_EFFECTS = frozenset({Effect.STRESS, Effect.WEAR, Effect.ERS, Effect.LOSS_OF_CONTROL, Effect.DAMAGE,
                          Effect.FAILURE, Effect.YELLOW_FLAG, Effect.PENALTY, Effect.DEBRIS, Effect.OIL})
HELD_EFFECTS = frozenset({Effect.MP, Effect.TYRE_BONUS, Effect.HAND, Effect.NONE})


class Cost(Enum):
    """One ACTION card of a Quick Repair cost (§18.5)."""

    MOVEMENT = "movement"
    TYRE_WEAR = "tyre_wear"
    OPTION = "option"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class IncidentCard:
    code: str
    deck: IncidentDeck
    name: str
    effect: Effect
    value: int
    repair: tuple[Cost, ...] = ()
    three_dots: bool = False  # [ADV] a RISK card with the red banner icon (three dots): not in a Standard game (§4.4)


@dataclass(frozen=True)
class IncidentCards:
    """``cards`` the Standard game's; ``three_dots`` the [ADV] RISK cards with the red banner icon that only an
    Advanced race shuffles in (§4.4; codes after the deck's other cards, racebook.formulagp.threedots)."""

    cards: tuple[IncidentCard, ...]
    sources: dict[str, str]
    examples: dict[str, str]

    def of(self, deck: IncidentDeck) -> tuple[IncidentCard, ...]:
        return tuple(c for c in self.cards if c.deck is deck)

    by_code: dict[str, IncidentCard]
    three_dots: tuple[IncidentCard, ...] = ()

    def advanced_of(self, deck: IncidentDeck) -> tuple[IncidentCard, ...]:
        """The deck of an Advanced race: its cards, then its three-dot cards (§4.4)."""
        return self.of(deck) + tuple(c for c in self.three_dots if c.deck is deck)

    def card(self, code: str) -> IncidentCard:
        return self.by_code[code]


def parse_incident_cards(doc: dict[str, Any], file: str) -> IncidentCards:
    """Validate an incident-deck document (see ``data/incident_cards.toml``)."""
    try:
        if doc.get("schema") != SCHEMA_VERSION:
            raise DataError(file, "schema", f"must be {SCHEMA_VERSION} (got {doc.get('schema')!r})")
        pv.only_keys(doc, {"schema", "examples", "deck", "risk", "damage", "failure"}, file, "")
        deck_t = pv.table(doc, "deck", file)
        names = [d.value for d in IncidentDeck]
        pv.only_keys(deck_t, set(names) | {"risk_three_dots", "source", "sources"}, file, "deck")
        sources = pv.sourced(deck_t, names + (["risk_three_dots"] if "risk_three_dots" in deck_t else []), file,
                             "deck")
        out: list[IncidentCard] = []
        dotted: list[IncidentCard] = []
        for d in IncidentDeck:
            want = get_int(deck_t, d.value, f"deck.{d.value}", lo=1, hi=99)
            got = _groups(doc, d, file, sources)
            plain = [c for c in got if not c.three_dots]
            if len(plain) != want:
                raise DataError(file, d.value, f"{len(plain)} {d.value.upper()} cards in the entries; the deck has "
                                               f"{want} (§3)")
            out += plain
            dotted += [c for c in got if c.three_dots]
        dots = get_int(deck_t, "risk_three_dots", "deck.risk_three_dots", lo=0, hi=30, default=0)
        if len(dotted) != dots:
            raise DataError(file, "risk", f"{len(dotted)} three-dot RISK cards in the entries, not "
                                          f"deck.risk_three_dots = {dots} (§4.4)")
        for named in cards().named:
            if named.deck in (SharedDeck.RISK, SharedDeck.DAMAGE) and not any(
                    c.name == named.name and c.deck.value == named.deck.value for c in out):
                raise DataError(file, named.deck.value, f"the named {named.deck.value.upper()} card "
                                                        f"{named.name!r} (cards.toml, §6.8) is missing")
        return IncidentCards(tuple(out), sources, pv.examples(doc, file), {c.code: c for c in out + dotted},
                             tuple(dotted))
    except DataError as e:
        raise pv.rewrapped(e, file) from None


def _groups(doc: dict[str, Any], deck: IncidentDeck, file: str, sources: dict[str, str]) -> list[IncidentCard]:
    rows = doc.get(deck.value)
    if not isinstance(rows, list) or not rows:
        raise DataError(file, deck.value, f"must be an array of tables [[{deck.value}]]")
    allowed = RISK_EFFECTS if deck is IncidentDeck.RISK else HELD_EFFECTS
    out: list[IncidentCard] = []
    dotted: list[tuple[str, Effect, int]] = []  # [ADV] three-dot RISK cards: numbered after the others (§4.4)
    seen: set[str] = set()
    for i, t in enumerate(rows):
        path = f"{deck.value}[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, path, f"must be a table, not {kind_of(t)}")
        keys = {"name", "count", "effect", "value", "source", "sources"}
        extra = {IncidentDeck.FAILURE: {"repair"}, IncidentDeck.RISK: {"three_dots"}}.get(deck, set())
        pv.only_keys(t, keys | extra, file, path)
        name = get_str(t, "name", f"{path}.name")
        if not name.strip() or name in seen:
            raise DataError(file, f"{path}.name", f"must be a unique card name (got {name!r})")
        seen.add(name)
        count = get_int(t, "count", f"{path}.count", lo=1, hi=30)
        try:
            effect = Effect(t.get("effect"))
        except ValueError:
            raise DataError(file, f"{path}.effect", f"must be one of {', '.join(sorted(e.value for e in allowed))}"
                                                    f" (got {t.get('effect')!r})") from None
        if effect not in allowed:
            raise DataError(file, f"{path}.effect", f"a {deck.value.upper()} card does not have the effect "
                                                    f"{effect.value!r} (§6.8)")
        value = get_int(t, "value", f"{path}.value", lo=0, hi=3)
        if (value == 0) != (effect in (Effect.TYRE_BONUS, Effect.NONE)):
            raise DataError(file, f"{path}.value", "0 for tyre_bonus and none (a covered function), 1-3 otherwise")
        if effect in (Effect.MP, Effect.HAND) and value != 1:
            raise DataError(file, f"{path}.value", "a reduced value shows the token's -1 side: 1 (§18.4, §18.5)")
        repair: tuple[Cost, ...] = ()
        if deck is IncidentDeck.FAILURE:
            raw = t.get("repair")
            if not isinstance(raw, list) or not 1 <= len(raw) <= 3:
                raise DataError(file, f"{path}.repair", "the Quick Repair cost: 1-3 ACTION cards (§18.5)")
            try:
                repair = tuple(Cost(x) for x in raw)
            except ValueError:
                raise DataError(file, f"{path}.repair", "each cost is movement, tyre_wear, option or any") from None
        fields = ["name", "count", "effect", "value"] + (["repair"] if repair else [])
        sources |= pv.sourced(t, fields, file, path)
        dots = get_bool(t, "three_dots", f"{path}.three_dots", default=False)
        if effect in (Effect.DEBRIS, Effect.OIL) and not dots:
            raise DataError(file, f"{path}.three_dots", f"a {effect.value} card places an [ADV] token: it carries the "
                                                        "three dots (§4.4, §4.5)")
        if dots:
            if any(n.name == name for n in cards().named):
                raise DataError(file, f"{path}.three_dots", f"'{name}' is a named card of every game (§6.8)")
            dotted += [(name, effect, value)] * count
            continue
        for _ in range(count):
            out.append(IncidentCard(f"{deck.prefix}{len(out) + 1}", deck, name, effect, value, repair))
    n = len(out)
    return out + [IncidentCard(f"{deck.prefix}{n + i + 1}", deck, name, effect, value, (), True)
                  for i, (name, effect, value) in enumerate(dotted)]


def load_incident_cards_file(path: str | Path) -> IncidentCards:
    return parse_incident_cards(load_toml(path), str(path))


@cache
def incident_cards() -> IncidentCards:
    """The shipped incident decks (read once)."""
    return load_incident_cards_file(DATA / "incident_cards.toml")


def card(code: str) -> IncidentCard:
    return incident_cards().card(code)


def deck_of(code: str) -> IncidentDeck:
    if not CODE.fullmatch(code):
        raise KeyError(code)
    return {"RK": IncidentDeck.RISK, "DM": IncidentDeck.DAMAGE, "FL": IncidentDeck.FAILURE}[code[:2]]


def held(codes: Iterable[str], effect: Effect) -> int:
    """What the DAMAGE / FAILURE cards held take off for ``effect``: a token's -1 side (or a covered function) for
    each deck with such a card — one Damage and one Failure token on a function at most, so 0, 1 or 2 (§18.4,
    §18.5; reading N12)."""
    return len({c.deck for c in (card(x) for x in codes) if c.effect is effect})
