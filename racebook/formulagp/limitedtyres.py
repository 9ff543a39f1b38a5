"""The Optional limited dry tyre sets (digest §21 item 15.10, the original's 15.10; house rule ``limited_tyre_sets``:
off, a or b for every player — a reading: the source has each player "select Option A or B prior to starting
the qualifying round"; here the group's switch chooses one Option for all). The pure parts are
:mod:`racebook.formulagp.rules.tyresets`.

Each player car holds its sets left (``Car.tyre_sets``, initials; "0" when none is left): dealt at the set-up, the set
it starts on taken out (a start-tyre choice before the race gives the dealt set back); a pit stop (§16.2) or the Red
Flag grid (§19.6) offers only the dry types with a set left and takes one; with none left the car keeps its tyres.
Wet tyres ([ADV] §14.2) are not limited. Rookie BOTs keep their own tyre rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.log import EventLog
from racebook.formulagp.events import limitedtyres as ltev
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.tyresets import TYRE_SET_OPTIONS, available, sets_after
from racebook.formulagp.state import Car, RaceState

__all__ = ["deal", "offered", "grid_offer", "fitting", "wish"]

NONE_LEFT = "0"


def _left(c: Car) -> str:
    return "" if c.tyre_sets == NONE_LEFT else c.tyre_sets


def deal(s: RaceState) -> None:
    """The set-up: each player car's Option, less the set it starts on."""
    option = s.rules.limited_tyre_sets.value
    if option not in TYRE_SET_OPTIONS:
        return
    for c in s.cars.values():
        if not c.bot:
            c.tyre_sets = sets_after(TYRE_SET_OPTIONS[option], c.tyre) or NONE_LEFT


def offered(s: RaceState, c: Car, dry: tuple[Tyre, ...]) -> tuple[Tyre, ...]:
    """The dry types a stop or the grid offers ``c``."""
    if not c.tyre_sets:
        return dry
    left = _left(c) + ("" if s.round else _initial(c.tyre))  # before the race: the dealt set may be changed
    return available(left, dry)


def grid_offer(s: RaceState, c: Car, dry: tuple[Tyre, ...]) -> tuple[Tyre, ...]:
    """The Red Flag grid's offer (§19.6 step 2 asks a choice of every driver): the types left, or with none left
    the car's own type (NOT exact: its marker returns to the start, as the grid's fitting does)."""
    got = offered(s, c, dry)
    return got or ((c.tyre,) if c.tyre in dry else dry[:1])


def wish(s: RaceState, c: Car, want: str, offered_types: Sequence[str]) -> str:
    """A computer driver's tyre wish, changed to a type offered (``offered_types``: the tyres of the listed ``Tyres``
    actions) when its wish has no set left (agents.pit_choice)."""
    return want if want in offered_types or not offered_types else offered_types[0]


def _initial(tyre: Tyre) -> str:
    return {Tyre.SOFT: "s", Tyre.MEDIUM: "m", Tyre.HARD: "h"}.get(tyre, "")


def fitting(s: RaceState, c: Car, tyre: Tyre, log: EventLog) -> None:
    """``c`` is about to fit a ``tyre`` set (before its tyre changes): one set of it leaves its stock."""
    if not c.tyre_sets:
        return
    left = _left(c) + ("" if s.round else _initial(c.tyre))
    if _initial(tyre) and _initial(tyre) not in left:
        return  # the grid's refit of its own type with no set left (grid_offer)
    c.tyre_sets = sets_after(left, tyre) or NONE_LEFT
    log.append(ltev.TyreSetTaken(c.id, tyre.value, _left(c) or "none"))
