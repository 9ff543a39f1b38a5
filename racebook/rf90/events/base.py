"""The event base class: fields are values, the sentence is derived; ``Note`` for free commentary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from racebook.rf90.car import Strategy

E = TypeVar("E", bound="Event")  # "an event of this class", for helpers that filter a log by class


def _word(value: Any, sep: str = " ") -> Any:
    """A field as it reads in a sentence and in :meth:`Event.to_dict`: an enum by its value, a tuple joined."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return sep.join(str(_word(v)) for v in value)
    return value


def card_faces(cards: tuple[str, ...], mps: tuple[int, ...], checks: tuple[int, ...]) -> str:
    """Cards as a sentence shows them: ``R12[3](57) R15[4](22)``."""
    return " ".join(f"{c}[{m}]({k:02d})" for c, m, k in zip(cards, mps, checks, strict=True))


def strategy_name(strategy: Strategy) -> str:
    """How a Strategy Card is named in a sentence: ``SAVE TYRES``."""
    return strategy.value.upper().replace("_", " ")


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``RULE`` is the default digest section; ``rule`` overrides it per event.

    Fields are values (ints, bools, enums, card and car codes, tuples of codes); the sentence is derived from them
    by :meth:`body` (``TEMPLATE`` filled with the fields, or a class's own :meth:`body`). ``PROSE`` names the
    fields that still hold words rather than a value (a reason or a name); ``SEP`` says how a tuple field is joined
    in the sentence and in :meth:`to_dict` (a space unless given).
    """

    RULE: ClassVar[str] = ""
    TEMPLATE: ClassVar[str] = ""
    PROSE: ClassVar[frozenset[str]] = frozenset()
    SEP: ClassVar[Mapping[str, str]] = {}

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def citation(self) -> str:
        return getattr(self, "rule", "") or self.RULE

    @property
    def car_id(self) -> str | None:
        return getattr(self, "car", None)

    def words(self) -> dict[str, Any]:
        """The fields as they read in the sentence: enums by value, tuples joined (``SEP``)."""
        return {f.name: _word(getattr(self, f.name), self.SEP.get(f.name, " ")) for f in fields(self)}

    def body(self) -> str:
        """The sentence without its citation."""
        return self.TEMPLATE.format(**self.words())

    def sentence(self) -> str:
        return f"{self.body()} — {self.citation}"

    def __str__(self) -> str:
        return self.sentence()

    def to_dict(self) -> dict:
        """JSON-ready: the fields as :meth:`words` (a tuple of codes is one space-joined string, as before)."""
        return {"kind": self.kind, **self.words(), "sentence": self.sentence()}


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Free commentary that is not a rule step. The engine emits none: every rule step has its own class
    (``tests/test_events_are_data.py`` holds it to that); a lesson may still log a remark this way."""

    TEMPLATE = "{text}"
    PROSE = frozenset({"text"})
    text: str
    rule: str = ""
