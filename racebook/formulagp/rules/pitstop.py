"""The pit stop's rules as pure functions (digest §16.1–§16.3, A45): the pit speed check, the box hold for Penalty
tokens, and the repair options with their WHITE die.

* Entering with a BLUE card, or with a move extension (ERS or a Tyre Wear card) to reach the pit lane, rolls the
  WHITE die: the icon face (1) is speeding, 1 Penalty token (§16.1). Crossing the yellow line sideways to enter (or
  to leave) is deliberate: 1 Penalty token at once.
* Penalty tokens held at a stop are served first (A45): the car stays in its box 1 round, 2 rounds with 3 or more
  tokens; the normal stop starts on its next turn; then the tokens are discarded (§16.2).
* Repairs (§16.3): a) one DAMAGE or FAILURE card, then a WHITE die before leaving: the icon (1) is a long repair
  (every DAMAGE and FAILURE card goes, the car stays in its box until next round), a number orders it among the cars
  that repaired, after every car that did not; b) all of them, no die, the car waits in its box until next round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

ICON = 1  # the WHITE die's icon face (§7)


class Teamed(Protocol):
    """A car as the Pit Boxes read it (:class:`racebook.formulagp.state.Car`, or a view's copy)."""

    @property
    def id(self) -> str: ...

    @property
    def team(self) -> str: ...


def team_of(car: Teamed) -> str:
    """The car's team: teammates share a Pit Box (§2.5, §16.4); a car with no team is a team of its own."""
    return car.team or car.id


def teams_in_order(cars: Mapping[str, Teamed], order: Iterable[str]) -> list[str]:
    """The teams in the order of their first car in ``order`` (the grid): the Pit Boxes from the pit exit, the pole's
    team's the closest (a reading: the set-up shuffles the boxes, §4.1), and the teams' numbers on the picture."""
    teams: list[str] = []
    for car in order:
        t = team_of(cars[car])
        if t not in teams:
            teams.append(t)
    return teams


def box_of(cars: Mapping[str, Teamed], grid: Iterable[str], car: Teamed) -> int:
    """The car's Pit Box distance from the pit exit, 0 the closest: its team's place in :func:`teams_in_order`."""
    return teams_in_order(cars, grid).index(team_of(car))


def speed_check_due(blue: bool, extended: bool) -> str:
    """Why the pit speed limit is checked (§16.1), or "" when it is not: a BLUE card, or a move extension."""
    if blue:
        return "with a BLUE card"
    if extended:
        return "using a move extension"
    return ""


def speeding(die: int) -> bool:
    """The WHITE die's icon face (1) is speeding in the pit lane: 1 Penalty token (§16.1)."""
    if not 1 <= die <= 6:
        raise ValueError(f"§7: a WHITE die shows 1 to 6 (got {die})")
    return die == ICON


def hold_rounds(penalties: int) -> int:
    """Rounds a car with ``penalties`` Penalty tokens stays in its box before its stop (§16.2, A45)."""
    if penalties < 0:
        raise ValueError("§17.3: a car holds 0 or more Penalty tokens")
    return 0 if penalties == 0 else 1 if penalties < 3 else 2


class RepairOption(Enum):
    ONE = "a) repair one card, then the WHITE die"
    ALL = "b) repair every card, no die: wait in the box until next round"


@dataclass(frozen=True, slots=True)
class RepairResult:
    removed: tuple[str, ...]  # the DAMAGE/FAILURE cards removed
    kept: tuple[str, ...]  # those still on the board
    long: bool  # the car stays in its box until next round
    die: int  # the WHITE die (0: none rolled)


def repair(cards: tuple[str, ...], option: RepairOption, card: str = "", die: int = 0) -> RepairResult:
    """Repair at a stop (§16.3): ``cards`` are the car's DAMAGE and FAILURE cards; option a) names ``card`` and the
    WHITE die it rolls before leaving (``die``), option b) removes every card and rolls none."""
    if not cards:
        raise ValueError("§16.3: nothing to repair")
    if option is RepairOption.ALL:
        return RepairResult(tuple(cards), (), True, 0)
    if card not in cards:
        raise ValueError(f"§16.3: {card!r} is not one of the car's DAMAGE or FAILURE cards")
    if not 1 <= die <= 6:
        raise ValueError(f"§7: a WHITE die shows 1 to 6 (got {die})")
    if die == ICON:  # the repair runs long: every card goes, the car waits
        return RepairResult(tuple(cards), (), True, die)
    kept = list(cards)
    kept.remove(card)
    return RepairResult((card,), tuple(kept), False, die)
