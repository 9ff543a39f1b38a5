"""FormulaGP events: the Optional qualifying by die roll (§21 15.3; racebook.formulagp.diequalify)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class DieQualifyingRound(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Qualifying by die roll (Optional 15.3), {which}: {cars} in Pit Box order (the box "
                               "nearest the pit exit first)")
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    which: str
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DieAttempted(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("{car} attempts: base {base} (tyre bonus + max OT) + {wear} tyre wear spent, the WHITE "
                               "die shows {face} ({colour}){malus_text}: {outcome}; its qualifying score {best} "
                               "(tyre wear {tyre_wear})")
    car: str
    base: int
    wear: int
    face: int
    colour: str
    malus: int
    outcome: str
    score: int
    best: int
    tyre_wear: int

    def words(self) -> dict[str, Any]:
        out = Event.words(self)
        out["malus_text"] = f", -{self.malus} after a failed attempt" if self.malus else ""
        return out


@dataclass(frozen=True, slots=True)
class DieAttemptDeclined(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = "{car} makes no further attempt: its qualifying score stays {best} (Optional 15.3)"
    car: str
    best: int
