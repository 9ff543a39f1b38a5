"""The Optional limited dry tyre sets (digest §21 item 15.10, the original's 15.10; house rule ``limited_tyre_sets``:
off; a or b, one Option for every player (a reading: the group's switch chooses); or ``choose``, the source's own
words: each player "select[s] Option A or B prior to starting the qualifying round" — the ``sets`` phase before
qualifying (or round 1 from a given grid), :mod:`racebook.formulagp.tyresetchoice`, each player car in grid order
(``Grey sets b``, ``Car.tyre_option``). The pure parts are :mod:`racebook.formulagp.rules.tyresets`.

Each player car holds its sets left (``Car.tyre_sets``, initials; "0" when none is left): dealt at the set-up, the set
it starts on taken out (a start-tyre choice before the race gives the dealt set back); a pit stop (§16.2) or the Red
Flag grid (§19.6) offers only the dry types with a set left and takes one; with none left the car keeps its tyres.
Wet tyres ([ADV] §14.2) are not limited. Rookie and Pro BOTs keep their own tyre rules: no sets, no choice (15.10
gives the sets to "each player").
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.log import EventLog
from racebook.formulagp.events import limitedtyres as ltev
from racebook.formulagp.options import TyreSets
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.tyresets import TYRE_SET_OPTIONS, available, sets_after
from racebook.formulagp.state import Car, Phase, RaceState

__all__ = ["deal", "offered", "grid_offer", "fitting", "wish", "pending", "choosing", "choose", "option_of"]

NONE_LEFT = "0"


def _left(c: Car) -> str:
    return "" if c.tyre_sets == NONE_LEFT else c.tyre_sets


def deal(s: RaceState) -> None:
    """The set-up: each player car's Option, less the set it starts on (with ``choose``: none until it chooses)."""
    option = s.rules.limited_tyre_sets.value
    if option not in TYRE_SET_OPTIONS:
        return
    for c in s.cars.values():
        if not c.bot:
            c.tyre_sets = sets_after(TYRE_SET_OPTIONS[option], c.tyre) or NONE_LEFT


def option_of(s: RaceState, c: Car) -> str:
    """``c``'s Option ("a" or "b"): its own choice with ``choose``, else the switch's; "" for none (a BOT, off, or
    not chosen yet)."""
    if c.bot:
        return ""
    return c.tyre_option or (s.rules.limited_tyre_sets.value if s.rules.limited_tyre_sets.value in TYRE_SET_OPTIONS
                             else "")


def pending(s: RaceState) -> tuple[str, ...]:
    """The player cars still to choose their Option, in grid order (pit-box order before qualifying); none unless
    the switch is ``choose`` and the race has not started."""
    if s.rules.limited_tyre_sets is not TyreSets.CHOOSE or s.round:
        return ()
    return tuple(car for car in s.grid if not s.cars[car].bot and not s.cars[car].tyre_option)


def choosing(s: RaceState) -> bool:
    """At the set-up's end (before the start tyres, §4.6, and qualifying, §9): the ``sets`` phase while a player is
    still to choose (§21 15.10, ``choose``)."""
    if s.finished or not pending(s):
        return False
    s.phase, s.turn = Phase.SETS, None
    return True


def choose(s: RaceState, c: Car, option: str, log: EventLog) -> None:
    """``c`` takes ``option``'s sets, less the set it starts on (a start-tyre choice after it gives that back)."""
    c.tyre_option = option
    c.tyre_sets = sets_after(TYRE_SET_OPTIONS[option], c.tyre) or NONE_LEFT
    log.append(ltev.TyreSetsChosen(c.id, option, _left(c) or "none"))


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
