"""FormulaGP events: the Optional weather change modifier (§21 15.14; racebook.formulagp.weathermodifier)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class WeatherTokenModified(Event):
    RULE: ClassVar[str] = "§21"
    TEMPLATE: ClassVar[str] = ("Optional 15.14: the WHITE die shows {face} ({colour}), then {second}: the Weather "
                               "token moves {moved} space(s) {way}, to radar space {token}")
    face: int
    colour: str
    second: int
    moved: int
    way: str
    token: int
