"""Phase D.4 in a player's turn (§13.D.4): resolving the weather and flag event the player chose, then the next
event. The flag rules themselves are :mod:`racebook.rf90.rules.flags`'."""

from __future__ import annotations

import racebook.rf90.turn.phases as phases
from racebook.rf90.actions import Action, GreenFlag, TakeFlag, Weather, YellowFlag
from racebook.rf90.car import Car
from racebook.rf90.events import Event, FlagEvent, FlagStep, WeatherMoved
from racebook.rf90.rules import flags
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.turnctx import TurnCtx


def _event(state: RaceState, car: Car, ctx: TurnCtx, action: Action, events: list[Event]) -> None:
    what = ctx.play.d4.pop(0)
    if isinstance(action, Weather):
        if action.step:
            flags.move_weather(state, car.id, action.step, events)
        else:
            sp = state.track.weather.spaces[state.weather]
            events.append(WeatherMoved(car.id, "leaves", sp.label(), sp.condition))
    elif isinstance(action, YellowFlag):
        state.order[action.section].insert(action.behind, YELLOW_FLAG)
        events.append(FlagEvent(car.id, FlagStep.YELLOW_PLACED, section=action.section, behind=action.behind))
    elif isinstance(action, GreenFlag):
        state.order[action.section].remove(YELLOW_FLAG)
        events.append(FlagEvent(car.id, FlagStep.GREEN, section=action.section))
    elif isinstance(action, TakeFlag):
        if action.flag == "blue":
            state.blue_flags.add(car.id)
            events.append(FlagEvent(car.id, FlagStep.BLUE_TAKEN, action.flag))
        else:
            state.orange = car.id
            events.append(FlagEvent(car.id, FlagStep.ORANGE_TAKEN, action.flag))
    else:
        events.append(FlagEvent(car.id, FlagStep.DECLINED, what))
    phases.next_event(state, car, ctx, events)
