"""The Pro BOTs' hooks in the race events (issue 38; digest §22.13.3, §22.13.5, §22.13.6, §22.13.9): the race-event
modules (:mod:`racebook.formulagp.damage`, :mod:`racebook.formulagp.gravel`, :mod:`racebook.formulagp.safetycar`,
:mod:`racebook.formulagp.redflag`) must not know the Pro BOT engine (:mod:`racebook.formulagp.bots.pro`, which imports
the movement and battle rules that import them), so they call the handler this table holds, and the BOT engine fills
it when it is imported (the only way a car becomes a Pro BOT is :func:`racebook.formulagp.bots.pro.deal`, so the
table is full whenever a Pro BOT races). The dependency points down: this module imports only the state's types.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from racebook.core.log import EventLog
    from racebook.formulagp.state import Car, RaceState, Turn

__all__ = ["HOOKS", "ProHooks", "register"]


def _missing(*_: Any) -> None:
    raise RuntimeError("a Pro BOT races but the Pro BOT engine (racebook.formulagp.bots.pro) was not imported")


@dataclass
class ProHooks:
    """What a race event asks of a Pro BOT (each slot a function of :mod:`racebook.formulagp.bots.pro`)."""

    #: §22.13.3: a Pro BOT's damage by the WHITE die, ``(s, car, log)``
    damage: Callable[[RaceState, Car, EventLog], None] = _missing
    #: §22.13.9: a Pro BOT's Gravel at the end of its move, ``(s, car, turn, log, live)``
    gravel: Callable[[RaceState, Car, Turn, EventLog, Callable[[RaceState, int], bool]], None] = _missing
    #: §22.13.5: the start of a Safety Car period, ``(s, log)``
    safety_car: Callable[[RaceState, EventLog], None] = _missing
    #: §22.13.6: a Pro BOT on the Red Flag grid, ``(s, car, log)``
    red_flag: Callable[[RaceState, str, EventLog], None] = _missing
    #: [ADV] the weather's set-up, temperature, change and confirmed change (§22.3, §22.6, §22.11.2, §22.12.5),
    #: ``(s, log, what)`` (bots.proweather.weather_event)
    weather: Callable[[RaceState, EventLog, str], None] = _missing
    #: §22.14 [BOT 7.4] (optional): a Pro BOT loses control (its stress), ``(s, car, log)``
    #: (bots.prostressing.lost_control)
    lost_control: Callable[[RaceState, Car, EventLog], None] = _missing


HOOKS = ProHooks()


def register(**handlers: Callable[..., None]) -> None:
    """Fill the table (called once by :mod:`racebook.formulagp.bots.pro` at import); an unknown slot is an error."""
    for name, fn in handlers.items():
        if not hasattr(HOOKS, name):
            raise TypeError(f"no Pro BOT hook {name!r}")
        setattr(HOOKS, name, fn)
