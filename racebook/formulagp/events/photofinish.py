"""FormulaGP events: the Optional Photo Finish (§17.2.2 item 7, §21 15.8; the BOTs' BOT 7.5, §22.14;
racebook.formulagp.photofinish)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class PhotoFinish(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = ("Photo finish (Optional 15.8): {cars} fight for the win on one tile after penalties "
                               "({distance} tiles from the start); they play extra turns in driver sequence with the "
                               "cards left in hand")
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]
    distance: int


@dataclass(frozen=True, slots=True)
class PhotoFinishDie(Event):
    RULE: ClassVar[str] = "§22.14"
    TEMPLATE: ClassVar[str] = "BOT {car} rolls the WHITE die in the photo finish: {face} {colour} (BOT 7.5)"
    car: str
    face: int
    colour: str
    mp: bool

    def body(self) -> str:
        return self.TEMPLATE.format(**self.words()) + (": it has MP available" if self.mp else ": no MP, it stays")


@dataclass(frozen=True, slots=True)
class PhotoFinishDraw(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = ("Photo finish: no contender has a usable movement card; {car} draws the top card of its "
                               "deck: {card} (Optional 15.8.1)")
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class PhotoFinishRound(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = "Photo finish, extra turn {number}: {movers} move (Optional 15.8.1)"
    SEP: ClassVar[dict[str, str]] = {"movers": ", ", "fighting": ", "}
    number: int
    movers: tuple[str, ...]
    fighting: tuple[str, ...]

    def body(self) -> str:
        if len(self.movers) == 1 and len(self.fighting) > 1:
            w = self.words()
            return (f"Photo finish, extra turn {w['number']}: only {w['movers']} can move (a movement card; a BOT: "
                    "its green die): it moves and wins at once (Optional 15.8.1)")
        return self.TEMPLATE.format(**self.words())


@dataclass(frozen=True, slots=True)
class PhotoFinishTied(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = ("Photo finish: {cars} end on the same tile again ({distance} tiles from the start "
                               "after penalties); another extra turn (Optional 15.8.1)")
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]
    distance: int


@dataclass(frozen=True, slots=True)
class PhotoFinishWon(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = "{car} wins the photo finish after {rounds} extra turn(s): {how} (Optional 15.8)"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    rounds: int
    how: str


@dataclass(frozen=True, slots=True)
class PhotoFinishUndecided(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = ("Photo finish: no winner after {rounds} extra turns; {cars} are classified by the "
                               "driver sequence (an engine guard, Optional 15.8)")
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]
    rounds: int
