"""The typed events of the Pro BOTs (digest §22.2–§22.4, §22.9.2, §22.11.1, §22.13.5; the BOT rulebook's numbers in
brackets): data fields, the sentence derived from them, the section cited. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class ProSetUp(Event):
    RULE: ClassVar[str] = "§22.2 [BOT 1.3]"
    TEMPLATE: ClassVar[str] = ("{car} is a Pro BOT: the {colour} Control card, {side} side (max OT {max_ot}){bonus}; "
                               "STRATEGY {strategy} face up, a TACTICS card face down")
    PROSE: ClassVar[frozenset[str]] = frozenset({"bonus"})
    car: str
    colour: str
    side: str
    max_ot: int
    strategy: str
    bonus: str = ""  # ", the bonus MP space uncovered"


@dataclass(frozen=True, slots=True)
class ProTyres(Event):
    RULE: ClassVar[str] = "§22.3 [BOT 1.3.1]"
    TEMPLATE: ClassVar[str] = ("{car} rolls the WHITE die for its starting tyres: {face}, STRATEGY {strategy} gives "
                               "{tyre}")
    car: str
    face: int
    strategy: str
    tyre: str


@dataclass(frozen=True, slots=True)
class ProPitToken(Event):
    RULE: ClassVar[str] = "§22.4 [BOT 1.3.2]"
    TEMPLATE: ClassVar[str] = ("{car}'s tyre life: {tyre} {base} + the WHITE die {die} = {life}; the Pit token goes on "
                               "radar space {space}{flip}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"flip"})
    car: str
    tyre: str
    base: int
    die: int  # the die's count (the icon face counts 0, A42)
    life: int
    space: int
    flip: str = ""  # ", on or past the Medium icon (space 11): flipped to PIT" / ", TYRE side up"
    rule: str = "§22.4 [BOT 1.3.2]"


@dataclass(frozen=True, slots=True)
class ProTyreCheck(Event):
    RULE: ClassVar[str] = "§22.11.1 [BOT 4.1]"
    TEMPLATE: ClassVar[str] = "The Chequered Flag reaches {car}'s Pit token ({side} side){roll}: {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"roll", "what"})
    car: str
    side: str
    roll: str
    what: str


@dataclass(frozen=True, slots=True)
class ProTactics(Event):
    RULE: ClassVar[str] = "§22.7 [BOT 1.7.1]"
    TEMPLATE: ClassVar[str] = "{car} {what} TACTICS card {card} ({why})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    what: str  # "turns face up its" / "draws the"
    card: str
    why: str
    rule: str = "§22.7 [BOT 1.7.1]"


@dataclass(frozen=True, slots=True)
class ProCorner(Event):
    RULE: ClassVar[str] = "§22.9.2 [BOT 2.3.1]"
    TEMPLATE: ClassVar[str] = ("{car} ends its move on a corner: TACTICS {card} shows {modifier:+d}, it moves "
                               "{moved} space(s) {way} to {to}")
    car: str
    card: str
    modifier: int
    moved: int
    way: str  # "forward" / "back"
    to: str


@dataclass(frozen=True, slots=True)
class ProHazard(Event):
    RULE: ClassVar[str] = "§22.9.3 [BOT 2.4]"
    TEMPLATE: ClassVar[str] = ("{car}'s TACTICS {card} has the Red Die hazard in its {area} area: the RED die shows "
                               "{face}{what}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    card: str
    area: str
    face: str
    what: str


@dataclass(frozen=True, slots=True)
class ProSafetyCar(Event):
    RULE: ClassVar[str] = "§22.13.5 [BOT 6.5]"
    TEMPLATE: ClassVar[str] = "Safety Car period: {car}'s Pit token {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    what: str


@dataclass(frozen=True, slots=True)
class ProQualified(Event):
    RULE: ClassVar[str] = "§22.6 [BOT 1.5.1]"
    TEMPLATE: ClassVar[str] = ("{car} (Pro BOT) qualifies with the BATTLE card(s) {cards}: max OT {max_ot} + tyre "
                               "bonus {tyre} + {leds} LEDs = {score}{crash}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"crash"})
    car: str
    cards: str
    max_ot: int
    tyre: int
    leds: int
    score: int
    crash: str = ""


@dataclass(frozen=True, slots=True)
class ProPaced(Event):
    RULE: ClassVar[str] = "§22.9 [BOT 2.1]"
    TEMPLATE: ClassVar[str] = ("{car} (Pro BOT, {colour} Control card, {side} side) drives at {pace} pace{die} in gear "
                               "{gear}: {mp} MP (the card {base} + tyre {tyre} + difficulty {bonus}{focus}{fresh})")
    PROSE: ClassVar[frozenset[str]] = frozenset({"die", "focus", "fresh"})
    car: str
    colour: str
    side: str
    pace: str
    gear: int
    mp: int
    base: int
    tyre: int
    bonus: int
    die: str = ""
    rule: str = "§22.9 [BOT 2.1]"
    focus: str = ""  # " + the Focus Bonus 1" (§22.14 [BOT 7.4], optional)
    fresh: str = ""  # " + Fresh Tyres 2": the Late Pit Bonus (§22.12.5)


@dataclass(frozen=True, slots=True)
class ProDamaged(Event):
    RULE: ClassVar[str] = "§22.13.3 [BOT 6.3]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) is damaged: the WHITE die shows {face} ({colour}), {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProSecondAttempt(Event):
    RULE: ClassVar[str] = "§22.10.3 [BOT 3.2.4.1]"
    TEMPLATE: ClassVar[str] = ("A tie: {car} (Pro BOT) rolls the WHITE die for a second attack: {face} ({colour}), "
                               "{what}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProTyresChanged(Event):
    RULE: ClassVar[str] = "§22.12.2 [BOT 5.2]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) fits {tyre} tyres ({how}; {why})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "why"})
    car: str
    tyre: str
    how: str
    why: str


@dataclass(frozen=True, slots=True)
class ProRepaired(Event):
    RULE: ClassVar[str] = "§22.13.6 [BOT 6.6]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) repairs all its damage: {why}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    why: str


@dataclass(frozen=True, slots=True)
class ProDefendsAgain(Event):
    RULE: ClassVar[str] = "§22.10.3 [BOT 3.2.4.2]"
    TEMPLATE: ClassVar[str] = "The player attacks {car} (Pro BOT) again: the WHITE die shows {face} ({colour}), {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProBlocked(Event):
    RULE: ClassVar[str] = "§22.14 [BOT 7.2]"
    TEMPLATE: ClassVar[str] = "A tie: {car} (Pro BOT) may block {player}: the WHITE die shows {face} ({colour}), {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    player: str
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProUndercut(Event):
    RULE: ClassVar[str] = "§22.14 [BOT 7.1]"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches {token}: {car} (Pro BOT) rolls the WHITE die, "
                               "{face} ({colour}): {what}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what", "token"})
    car: str
    face: int
    colour: str
    what: str
    token: str = "the Pit Check token"  # or the second Weather token (BOT 7.1's weather variant)


@dataclass(frozen=True, slots=True)
class ProGravel(Event):
    RULE: ClassVar[str] = "§22.13.9 [BOT 6.9.1]"
    TEMPLATE: ClassVar[str] = "Gravel: {car} (Pro BOT): {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    what: str


@dataclass(frozen=True, slots=True)
class ProPitsIn(Event):
    RULE: ClassVar[str] = "§22.12.1 [BOT 5.1]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) must pit: {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    what: str
    rule: str = "§22.12.1 [BOT 5.1]"


@dataclass(frozen=True, slots=True)
class ProPitStop(Event):
    RULE: ClassVar[str] = "§22.12.2 [BOT 5.2]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) makes its pit stop (stop {number}): {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    number: int
    what: str


@dataclass(frozen=True, slots=True)
class ProPitRepair(Event):
    RULE: ClassVar[str] = "§22.12.3 [BOT 5.3]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) repairs {problems} problem(s) in its box{roll}: {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"roll", "what"})
    car: str
    problems: int
    roll: str
    what: str


@dataclass(frozen=True, slots=True)
class ProColdTyres(Event):
    RULE: ClassVar[str] = "§22.12.4 [BOT 5.4]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT) has a Cold Tyres token: its BATTLE LEDs {before} − 2 = {after}"
    car: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class ProLatePit(Event):
    RULE: ClassVar[str] = "§22.14 [BOT 7.3]"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches the Late Pit Bonus check: {car} (Pro BOT) rolls the WHITE "
                               "die, {face} ({colour}): {what}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProWeather(Event):
    RULE: ClassVar[str] = "§22.13.10 [BOT 6.10]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT): {what}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    what: str
    rule: str = "§22.13.10 [BOT 6.10]"


@dataclass(frozen=True, slots=True)
class ProEarlyStop(Event):
    RULE: ClassVar[str] = "§22.12.5 [BOT 5.5]"
    TEMPLATE: ClassVar[str] = ("A weather change is confirmed for radar space {change}: {car} (Pro BOT), its stop "
                               "planned on space {planned}, rolls the WHITE die, {face} ({colour}): {what}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    planned: int
    change: int
    face: int
    colour: str
    what: str


@dataclass(frozen=True, slots=True)
class ProStressLevel(Event):
    """§22.14 [BOT 7.4] (optional, ``pro_stress_levels``): a Pro BOT's stress level changes (``before`` and
    ``after`` the sentences of :func:`racebook.formulagp.rules.prostress.name`), or a cause of stress does nothing."""

    RULE: ClassVar[str] = "§22.14 [BOT 7.4]"
    TEMPLATE: ClassVar[str] = "{car} (Pro BOT), {why}: {before} → {after}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why", "before", "after"})
    car: str
    why: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class ProWeatherToken(Event):
    """§22.14 [BOT 7.1]'s weather variant (optional, ``pro_undercut_weather``): the second Weather token placed."""

    RULE: ClassVar[str] = "§22.14 [BOT 7.1]"
    TEMPLATE: ClassVar[str] = ("A weather change is confirmed: the second Weather token (WHITE-die side) goes on radar "
                               "space {space}, 4 ahead of the main Weather token on {main} (on the Chequered Flag's "
                               "side); when the flag reaches it, every Pro BOT whose Pit token is PIT side up from "
                               "space {space} to {main} rolls the WHITE die for an early stop")
    main: int
    space: int
