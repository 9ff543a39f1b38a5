"""FormulaGP events: the dice before a battle (§13.2 a; the original's 4.11.2–4.11.3) and the battle extras (§13.2 c,
§13.3 item 3, §6.7). Re-exported by :mod:`racebook.formulagp.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class DiceBeforeBattle(Event):
    """A driver who chose to attack rolls the dice its move owes now, before the battle is declared (§13.2 a)."""

    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = ("{car} chooses to attack {defender}: first the dice it owes, rolled now before the "
                               "battle ({dice}; the original's 4.11.2–4.11.3)")
    SEP: ClassVar[dict[str, str]] = {"dice": ", "}
    car: str
    defender: str
    dice: tuple[str, ...]  # "yellow" / "red", in the order rolled


@dataclass(frozen=True, slots=True)
class BattleCalledOff(Event):
    """After the dice before a battle the attack can no longer be declared (§13.2 b): the move ends, OT to 0."""

    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{car} cannot attack {defender} after its dice ({why}): it ends its move"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    defender: str
    why: str


@dataclass(frozen=True, slots=True)
class OtBoosted(Event):
    """The attacker raises its OT after declaring, before laying its cards (§13.2 c): a +1 OT secondary function
    (never above the maximum) or the Red Parameter (may go above it; the highest level's LEDs then)."""

    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{car} raises its OT for the battle with {how}: OT {ot}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    how: str
    ot: int


@dataclass(frozen=True, slots=True)
class BattleEventPlayed(Event):
    """An EVENT card that applies in a battle, laid with the battle cards and shown at the reveal (§13.3 item 3)."""

    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = "{car} plays the EVENT card {card} '{name}' in the battle: +{leds} LEDs"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name"})
    car: str
    card: str
    name: str
    leds: int


@dataclass(frozen=True, slots=True)
class DriverSkillUsed(Event):
    """A driver's battle skill, once a game round (§6.8, §13.3 item 4; the original's 4.8)."""

    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = "{car}'s driver {driver} '{name}' uses its skill ({when}): +{leds} LEDs, once this round"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name"})
    car: str
    driver: str
    name: str
    when: str
    leds: int


@dataclass(frozen=True, slots=True)
class W2WForwardPush(Event):
    """A W2W car drives forward into a W2W opponent's space (§13.5, house rule ``w2w_forward_push``): the WHITE die's
    colour sends the opponent one lane right (green) or left (red), §7."""

    RULE: ClassVar[str] = "§13.5"
    TEMPLATE: ClassVar[str] = ("{car} drives into {victim}'s space {at} wheel to wheel: the WHITE die {face} "
                               "({colour}) pushes {victim} to the {side}")
    car: str
    victim: str
    at: str
    face: int
    colour: str
    side: str
