"""The order in which cars leave the pits when two or more leave in the same round (digest §16.2, §16.3, §16.4).

Cars that did not repair go first, by their WHITE die roll (the pit-stop time: the lowest first); a roll of 1, the
icon, is a problem: that car leaves last of the cars that did not repair, still ahead of every car that repaired.
With teammates sharing a box, all first-stopped cars line up before all second-stopped cars (the second car waited
for service, §16.4; Example 19). Cars that repaired follow, ordered by their own repair rolls (§16.3). Ties: the car
whose pit box is closer to the pit exit goes first. A repair roll of 1 keeps the car in its box (a long repair,
§16.3): it does not leave this round, so it is not in the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ICON = 1  # the WHITE die's icon face (§7)


@dataclass(frozen=True, slots=True)
class PitStop:
    car: str
    die: int  # the WHITE die (1 = the icon)
    box: int  # the pit box's distance from the pit exit (0 = the closest)
    repaired: bool = False
    second: bool = False  # the second car of a team pitting in the same round (it waited, §16.4)


def exit_order(stops: Sequence[PitStop]) -> tuple[str, ...]:
    """The cars in the order they move next round from the pit-exit space (§16.2)."""
    if len({s.car for s in stops}) != len(stops):
        raise ValueError("§16.2: each car once")
    for s in stops:
        if not 1 <= s.die <= 6:
            raise ValueError(f"§16.2: a WHITE die shows 1 to 6 (got {s.die} for {s.car})")
        if s.repaired and s.die == ICON:
            raise ValueError(f"§16.3: a repair roll of 1 keeps {s.car} in its box this round")

    def key(s: PitStop) -> tuple[int, int, int, int]:
        if s.repaired:
            return (3, 0, s.die, s.box)
        problem = s.die == ICON
        return (2 if problem else int(s.second), int(s.second) if problem else 0, s.die, s.box)

    return tuple(s.car for s in sorted(stops, key=key))
