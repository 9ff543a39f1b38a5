"""Drawing from the Bag, with the refill rule (§12 items 3–4; AMB-15: the same rule for every draw).

A draw takes one cube at a time from the player's Bag (a :class:`racebook.core.bag.Bag` over the player's Bag zone,
kinds in cube-code order): the next stacked cube if a scenario stacked one (it must be in the Bag then), else a
uniform random cube through the state's seeded generator. When the Bag is empty the whole Discard pile goes back
into it; when both are empty, nothing more is drawn.
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.cubes import CODES
from racebook.automobiles.events import BagRefilled, CubesDrawn
from racebook.automobiles.state import GameState
from racebook.core.bag import Bag
from racebook.core.log import EventLog

RULE = "§12"  # drawing from the Bag, refilling it from the Discard pile


def draw_one(state: GameState, pid: str, events: EventLog, refill: bool | None = None) -> str | None:
    """One cube from ``pid``'s Bag into nothing yet (the caller puts it somewhere), refilling first if needed
    (``refill`` None: as the house rule ``refill_every_draw`` says; the End phase's draw always refills)."""
    p = state.players[pid]
    if refill is None:
        refill = state.rules.refill_every_draw
    if not p.bag and (not p.discard or not refill):
        return None
    bag = Bag(p.bag, CODES, state.stacks.get(pid), name=f"{pid}'s Bag", rule=RULE)
    return bag.draw(state.rng, p.discard if refill else None,
                    lambda pile: events.append(BagRefilled(pid, zones.text(pile))))


def draw(state: GameState, pid: str, n: int, events: EventLog, rule: str = "", refill: bool | None = None) -> list[str]:
    """Draw up to ``n`` cubes into ``pid``'s Active pile; one event lists them."""
    got = []
    for _ in range(n):
        code = draw_one(state, pid, events, refill)
        if code is None:
            break
        zones.add(state.players[pid].active, code)
        got.append(code)
    events.append(CubesDrawn(pid, tuple(got), n, rule))
    return got
