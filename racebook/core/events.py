"""The event base class: what the rules did, as data, with a sentence derived from it.

Every rule step of every game appends one typed event to its log. A game's events subclass :class:`Event` as frozen
dataclasses whose fields are values; ``TEMPLATE`` formats them into a sentence and ``RULE`` (or a per-event ``rule``
field) names the rules section it cites. Views (steppers, tables, plots) read the fields, never the sentence.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from racebook.core import citations
from racebook.core.citations import Citation
from racebook.core.frozen import FAST_INIT_FILE, fast_init  # noqa: F401 - FAST_INIT_FILE re-exported

E = TypeVar("E", bound="Event")  # "an event of this class", for helpers that filter a log by class


def _word(value: Any, sep: str = " ") -> Any:
    """A field as it reads in a sentence and in :meth:`Event.to_dict`: an enum by its value, a tuple joined."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return sep.join(str(_word(v)) for v in value)
    return value


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

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The slotted class ``dataclass(frozen=True, slots=True)`` creates last gets the fast constructor
        (:func:`fast_init`); the plain class it starts from (no ``__slots__`` of its own yet) keeps its own."""
        super(Event, cls).__init_subclass__(**kwargs)  # (a bare super() names the class before slots were added)
        fast_init(cls)

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def citation(self) -> str:
        return getattr(self, "rule", "") or self.RULE

    @property
    def rule_link(self) -> Citation | None:
        """The citation's first section as a link target (file and anchor in ``docs/rules/``), or None when the
        rule field cites no section; derived from ``citation``, which it never changes."""
        return citations.first(self.citation, citations.doc_of_module(type(self).__module__))

    def rule_url(self, base: str = citations.NOTEBOOK_BASE) -> str | None:
        """Where the citation links: ``<base>/<file>#<anchor>`` (``base`` = ``docs/rules`` relative to the page;
        by default as seen from ``notebooks/<game>/``), or None."""
        link = self.rule_link
        return link.url(base) if link is not None else None

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
