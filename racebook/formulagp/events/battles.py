"""FormulaGP events: battles (§13.2–§13.5), Wheel-to-Wheel, DRS (§11.6).
Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class BattleDeclared(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{attacker} attacks {defender} with {ot} OT{how}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    attacker: str
    defender: str
    ot: int
    lane: int = 0
    how: str = ""


@dataclass(frozen=True, slots=True)
class BattleSealed(Event):
    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = "{car} lays its battle cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class BattleRevealed(Event):
    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = ("{car} ({role}) reveals {cards}: {card_leds} LEDs on the cards, +{ot_leds} OT, "
                               "+{ers_leds} ERS = {leds} LEDs (ERS {ers}, tyre wear {wear})")
    car: str
    role: str  # "attacker" / "defender"
    cards: tuple[str, ...]
    card_leds: int
    ot_leds: int
    ers_leds: int
    leds: int
    ers: int
    wear: int
    defends: bool = True
    cold_leds: int = 0  # −2 with a Cold Tyres token (§13.3 item 4, A35), else 0
    event_leds: int = 0  # EVENT cards played in the battle (§13.3 item 3)
    skill_leds: int = 0  # the driver skill (§13.3 item 4, §6.8)
    street_leds: int = 0  # a street circuit's defender +1 or +2 (§21 15.2), else 0

    def body(self) -> str:
        """The sentence; a Cold Tyres token's −2 LEDs, EVENT cards' and a driver skill's LEDs are named when there."""
        text = self.TEMPLATE.format(**self.words())
        extra = (f", {self.cold_leds} Cold Tyres" if self.cold_leds else "") + (
            f", +{self.event_leds} EVENT" if self.event_leds else "") + (
            f", +{self.skill_leds} driver skill" if self.skill_leds else "") + (
            f", +{self.street_leds} street circuit" if self.street_leds else "")
        if extra:
            text = text.replace(" ERS = ", f" ERS{extra} = ", 1)
        return text


@dataclass(frozen=True, slots=True)
class BattleResolved(Event):
    RULE: ClassVar[str] = "§13.4"
    TEMPLATE: ClassVar[str] = "{attacker} {attacker_leds} LEDs against {defender} {defender_leds}: {result}"
    attacker: str
    defender: str
    attacker_leds: int
    defender_leds: int
    result: str
    rule: str = "§13.4"


@dataclass(frozen=True, slots=True)
class Overtook(Event):
    RULE: ClassVar[str] = "§13.4.1"
    TEMPLATE: ClassVar[str] = ("{car} overtakes with {ot} OT from {frm} to {to} ({spaces} spaces, {lost} OT lost"
                               "{why}); OT 0")
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    frm: str
    to: str
    ot: int
    spaces: int
    lost: int
    why: str = ""  # what stopped it short, when a rule other than §13.4.1's did (the shadow car, §16.1)


@dataclass(frozen=True, slots=True)
class W2WToken(Event):
    RULE: ClassVar[str] = "§13.5"
    TEMPLATE: ClassVar[str] = "{car}: Wheel-to-Wheel token {before} -> {after} (stress +{stress})"
    car: str
    before: str
    after: str
    stress: int


@dataclass(frozen=True, slots=True)
class DrsMoved(Event):
    RULE: ClassVar[str] = "§11.6"
    TEMPLATE: ClassVar[str] = "DRS: {car} moves from {frm} to {to}, behind the next car ahead in DRS zone {zone}"
    car: str
    frm: str
    to: str
    zone: str
