"""Battles (digest §13.2–§13.4, §6.3.1, §8.1, §8.2, A11, A25, A35, A36): who may declare one, which cards a side
may lay face down, each side's LED total and the result. Pure functions over card types and LED numbers; a refused
choice raises :class:`~racebook.core.errors.IllegalAction` citing the section.

* **Declaring** (§13.2 b): from a lane adjacent to the opponent with at least 1 OT, or from a Slipstream space
  behind the opponent with a space free to the left or right and at least 2 OT (the Slipstream bonus).
* **The cards** (§13.3 item 2, §6.3.1, A11): at least one movement or Tyre Wear card; at most two movement cards,
  and two only as a legal pair (one colour, ORANGE wild, BLUE+BLUE allowed in a battle); any number of Tyre Wear
  cards (each +1 tyre wear) and Option cards on top (by default an Option card backs any primary card;
  ``option_backs_any_card=False``: only a GREEN, RED or BLUE primary card, the rulebook's 4.3.3 list). A pair
  played in a battle owes the YELLOW die after it (§6.3). Pairs are forbidden to a Stressed driver (§15).
* **The totals** (§13.3 item 4): the LEDs printed on the cards played; the attacker adds the LEDs beside its OT
  level (above the maximum: the highest level's, §8.2); each side may spend at most one ERS charge (A36) and adds
  the LEDs beside its level before it drops (§8.1, Example 3); Cold Tyres −2 (A35) when the caller says so.
* **The result** (§13.4): more LEDs for the attacker — the overtake succeeds; more for the defender — it fails; a
  tie fails and gives both drivers +1 stress. A defender who declines to defend loses at once (§13.3 item 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from racebook.core.errors import IllegalAction
from racebook.formulagp.components import CardType
from racebook.formulagp.rules.tyres import COLD_TYRES_LED

MOVEMENT = (CardType.GREEN, CardType.RED, CardType.BLUE, CardType.ORANGE)
COLD_TYRES_LEDS = COLD_TYRES_LED  # A35: the Cold Tyres token, attacking or defending (§13.3 item 4; one value)
SLIPSTREAM_ATTACK_OT = 2  # §13.2 b: a Slipstream attack needs the 2 OT of the Slipstream bonus


class Result(Enum):
    """How a battle ends (§13.4)."""

    OVERTAKE = "the overtake succeeds"  # §13.4.1
    FAILED = "the overtake fails"  # §13.4.2
    TIE = "a tie: the overtake fails and both drivers take +1 stress"  # §13.4.3
    UNDEFENDED = "the defender does not defend: the overtake succeeds"  # §13.3 item 2

    @property
    def rule(self) -> str:
        return {Result.OVERTAKE: "§13.4.1", Result.FAILED: "§13.4.2", Result.TIE: "§13.4.3",
                Result.UNDEFENDED: "§13.3"}[self]

    @property
    def succeeds(self) -> bool:
        return self in (Result.OVERTAKE, Result.UNDEFENDED)


@dataclass(frozen=True, slots=True)
class BattleCards:
    """A side's cards, checked (§13.3): ``pair`` when two movement cards are played (the YELLOW die after, §6.3);
    ``wear`` the Tyre Wear cards among them (+1 tyre wear each)."""

    leds: int
    pair: bool
    wear: int


def may_declare(*, adjacent: bool, slipstream: bool, side_free: bool, ot: int) -> bool:
    """§13.2 b: a battle may be declared from an adjacent lane with at least 1 OT, or from a Slipstream space behind
    the opponent, able to step left or right, with at least 2 OT."""
    if adjacent:
        return ot >= 1
    return slipstream and side_free and ot >= SLIPSTREAM_ATTACK_OT


def check_cards(types: Sequence[CardType], leds: Sequence[int], *, stressed: bool = False,
                option_backs_any_card: bool = True) -> BattleCards:
    """The battle cards one side lays face down (§13.3 item 2, §6.3.1, A11): their LEDs and whether they hold a pair.
    ``types`` and ``leds`` are per card, in the same order."""
    what = " + ".join(t.value for t in types) or "no card"
    if any(t is CardType.DRAW_FAILURE for t in types):
        raise IllegalAction(what, "§13.3", "the Draw Failure card is not a battle card")
    moving = [t for t in types if t in MOVEMENT]
    if not moving and CardType.TYRE_WEAR not in types:
        raise IllegalAction(what, "§13.3", "a battle needs at least 1 movement or Tyre Wear card")
    if len(moving) > 2:
        raise IllegalAction(what, "§13.3", "at most two movement cards, as a pair (A11)")
    if len(moving) == 2:
        a, b = moving
        if CardType.ORANGE in (a, b):
            if CardType.BLUE in (a, b):
                raise IllegalAction(what, "§6.3", "ORANGE pairs as GREEN or RED, never with BLUE")
        elif a is not b:
            raise IllegalAction(what, "§6.3", "a pair is two cards of the same colour (ORANGE is wild)")
        if stressed:
            raise IllegalAction(what, "§15", "a Stressed driver plays no pairs")
    if not option_backs_any_card and CardType.OPTION in types and not any(
            t in (CardType.GREEN, CardType.RED, CardType.BLUE) for t in types):
        raise IllegalAction(what, "§6.5", "an Option card backs a GREEN, RED or BLUE card (house rule A11)")
    return BattleCards(sum(leds), len(moving) == 2, sum(t is CardType.TYRE_WEAR for t in types))


def total(cards_leds: int, *, ot_leds: int = 0, ers_leds: int = 0, cold_tyres: bool = False, event_leds: int = 0,
          skill_leds: int = 0) -> int:
    """A side's LED total (§13.3 items 3–4): the cards, the OT level's LEDs (the attacker only), one ERS charge's LEDs,
    Cold Tyres −2 (A35), EVENT cards that apply in the battle, the driver skill's LEDs."""
    return cards_leds + ot_leds + ers_leds + (COLD_TYRES_LEDS if cold_tyres else 0) + event_leds + skill_leds


def result(attacker: int, defender: int | None) -> Result:
    """§13.4: compare the totals (``defender`` None: it declined to defend, §13.3 item 2)."""
    if defender is None:
        return Result.UNDEFENDED
    if attacker > defender:
        return Result.OVERTAKE
    if attacker < defender:
        return Result.FAILED
    return Result.TIE
