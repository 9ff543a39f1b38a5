"""The event base class: what the rules did, as data, with a sentence derived from it.

Every rule step of every game appends one typed event to its log. A game's events subclass :class:`Event` as frozen
dataclasses whose fields are values; ``TEMPLATE`` formats them into a sentence and ``RULE`` (or a per-event ``rule``
field) names the rules section it cites. Views (steppers, tables, plots) read the fields, never the sentence.

Standard library only.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``RULE`` is the default digest section; ``rule`` overrides it per event."""

    RULE: ClassVar[str] = ""
    TEMPLATE: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def citation(self) -> str:
        return getattr(self, "rule", "") or self.RULE

    @property
    def car_id(self) -> str | None:
        return getattr(self, "car", None)

    def sentence(self) -> str:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return f"{self.TEMPLATE.format(**values)} — {self.citation}"

    def __str__(self) -> str:
        return self.sentence()

    def to_dict(self) -> dict:
        return {"kind": self.kind, **asdict(self), "sentence": self.sentence()}
