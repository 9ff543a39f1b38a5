"""The driver draft (advanced module, §22.2): before the race each player may choose a driver, each driver once.

The draft is part of the race: in the ``draft`` phase the player choosing lists ``draft <driver>`` for every driver
still free, and ``pass`` (no driver). The order is not in the source: the recommended reading is the reverse of the
grid (the back chooses first); the house rule ``driver_draft`` = ``grid`` makes the front choose first. When the last
player has chosen, the pre-race purchases begin (§4 item 5).
"""

from __future__ import annotations

from racebook.automobiles.actions import DraftDriver, Pass
from racebook.automobiles.drivers import drivers
from racebook.automobiles.events import DraftOrder as DraftOrderEvent
from racebook.automobiles.events import DriverDeclined, DriverDrafted
from racebook.automobiles.options import DraftOrder
from racebook.automobiles.state import GameState, Phase, Turn
from racebook.core.actions import Action
from racebook.core.log import EventLog

RULE = "§22.2"


def drafters(state: GameState) -> list[str]:
    """The draft order: the grid (= turn order, AMB-5) reversed, or as it is (house rule ``driver_draft``)."""
    order = state.order
    return order if state.rules.driver_draft is DraftOrder.GRID else order[::-1]


def free(state: GameState) -> list[str]:
    """The drivers nobody has chosen yet, in card order."""
    taken = {p.driver for p in state.players.values()}
    return [d for d in drivers() if d not in taken]


def first_turn(state: GameState) -> Turn:
    """The set-up's first turn when the race starts with a draft (begun by :func:`opening`)."""
    return Turn(drafters(state)[0], Phase.DRAFT, begun=False)


def opening(state: GameState, events: EventLog) -> None:
    t = state.turn
    assert t is not None
    how = "the front of the grid first" if state.rules.driver_draft is DraftOrder.GRID else "the back of the grid first"
    events.append(DraftOrderEvent(tuple(drafters(state)), how))
    t.begun = True


def legal(state: GameState) -> list[Action]:
    t = state.turn
    assert t is not None
    return [DraftDriver(t.car, d) for d in free(state)] + [Pass(t.car)]


def why_not(state: GameState, action: Action) -> tuple[str, str]:
    if not isinstance(action, DraftDriver):
        return RULE, "before the race each player in turn chooses a driver ('draft <driver>') or none ('pass')"
    known = drivers()
    if action.driver not in known:
        return RULE, f"{action.driver} is not a driver ({', '.join(known)})"
    holder = next(p.id for p in state.players.values() if p.driver == action.driver)
    return RULE, f"{known[action.driver].name} is already {holder}'s driver (each driver once)"


def apply(state: GameState, action: Action, events: EventLog) -> bool:
    """Apply a draft choice; True when the draft is over (the caller begins the pre-race purchases)."""
    t = state.turn
    assert t is not None
    if isinstance(action, DraftDriver):
        d = drivers()[action.driver]
        state.players[t.car].driver = d.id
        events.append(DriverDrafted(t.car, d.id, d.name, d.printed))
    else:
        events.append(DriverDeclined(t.car))
    order = drafters(state)
    i = order.index(t.car)
    if i + 1 < len(order):
        state.turn = Turn(order[i + 1], Phase.DRAFT)
        return False
    return True
