"""Tyre wear on the player board's Tyre Wear track (digest §14.1, A28).

Each +1 wear moves the marker one space; an icon fires when the marker reaches it, by the tyre fitted: degraded
(the Tyre Bonus token flips to its lower side), worn out (the token is removed: bonus 0, no more Tyre Wear cards to
extend or Brake!, and Tyre Wear cards may be discarded), the RED die icon (roll the RED die after every move from now
on). Regaining wear moves the marker back (never before the start of the track, possibly behind the tyre's start
position) and undoes a flip it moves back past. New tyres at a pit stop put the marker on that type's start position.
The marker stops on the last space of the track (a reading: the source draws no end).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState
from racebook.formulagp.rules.tyresets import start_wear


class TyreEvent(Enum):
    DEGRADED = "degraded: the Tyre Bonus token flips to its lower side"
    WORN_OUT = "worn out: the Tyre Bonus token is removed"
    RED_DIE = "the RED die icon: a RED die after every move"
    RESTORED = "back past an icon: the flip is undone"


@dataclass(frozen=True, slots=True)
class WearChange:
    wear: int
    state: TyreState
    bonus: int
    red_die_every_move: bool
    events: tuple[TyreEvent, ...]


_RANK = {TyreState.FRESH: 0, TyreState.DEGRADED: 1, TyreState.WORN: 2}


def change_wear(board: PlayerBoard, tyre: Tyre, wear: int, delta: int) -> WearChange:
    """Move the wear marker from ``wear`` by ``delta`` (+ more wear, − regained) and report what fired (§14.1)."""
    new = max(0, min(board.wear_length - 1, wear + delta))
    before, after = board.tyre_state(tyre, wear), board.tyre_state(tyre, new)
    events: list[TyreEvent] = []
    if _RANK[after] > _RANK[before]:
        if before is TyreState.FRESH:
            events.append(TyreEvent.DEGRADED)
        if after is TyreState.WORN:
            events.append(TyreEvent.WORN_OUT)
    elif _RANK[after] < _RANK[before]:
        events.append(TyreEvent.RESTORED)
    red = board.red_die_every_move(new)
    if red and not board.red_die_every_move(wear):
        events.append(TyreEvent.RED_DIE)
    return WearChange(new, after, board.tyre_bonus(tyre, after), red, tuple(events))


def fit(board: PlayerBoard, tyre: Tyre, medium_early: bool = False) -> WearChange:
    """New tyres (setup, a pit stop): the marker on the type's start position (§4.6, §16.2); a Medium set one space
    earlier with the Optional 15.5 (``medium_early``, :func:`racebook.formulagp.rules.tyresets.start_wear`)."""
    start = start_wear(board, tyre, medium_early)
    state = board.tyre_state(tyre, start)
    return WearChange(start, state, board.tyre_bonus(tyre, state), board.red_die_every_move(start), ())


COLD_TYRES_LED = -2  # §16.5, A35: a Cold Tyres token is -2 LED to the car's battle total, attacking or defending
COLD_TYRES_ROUNDS = 2  # the round it leaves the pit lane and the next one, removed at the end of that (§16.5)


def cold_tyres_led(rounds_left: int) -> int:
    """The LEDs a car's Cold Tyres token adds to its total in any battle, attacking or defending (§16.5, A35)."""
    if rounds_left < 0:
        raise ValueError("§16.5: Cold Tyres rounds left is 0 or more")
    return COLD_TYRES_LED if rounds_left > 0 else 0
