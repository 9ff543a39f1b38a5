"""How a turn begins (§4 item 5, §13): a player's race turn, whose race position is the one cards read, or a
grid slot's pre-race purchases. Both the turn pipeline (:mod:`racebook.automobiles.phases`) and the Season
(:mod:`racebook.automobiles.season`: the next race's pre-race turns) start turns here, so neither imports the other
for it.
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.events import PreRaceMoney, TurnStarted
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.state import GameState, Phase, Turn
from racebook.core.log import EventLog

__all__ = ["start_turn", "prerace_turn"]


def start_turn(state: GameState, car: str, events: EventLog) -> None:
    """A player's turn begins: the race position now is the one cards read (§13, AMB-16)."""
    state.turn = Turn(car, Phase.ACTION, start_order=tuple(standings(state)))
    events.append(TurnStarted(car, state.round, zones.text(state.players[car].active)))


def prerace_turn(state: GameState, car: str, events: EventLog) -> None:
    """``car`` may spend its grid slot's money before the race (§4 item 5)."""
    p = state.players[car]
    state.turn = Turn(car, Phase.PRERACE, money=p.money)
    events.append(PreRaceMoney(car, p.money, state.order.index(car) + 1))
