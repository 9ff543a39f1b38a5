"""The agent (driver) protocol: whatever chooses among a game's legal actions, and the loop that lets agents play.

An agent only *chooses* among ``game.legal_actions()``; the rules stay in the engine, so any agent — a random one,
a heuristic, a search, a person behind a widget — plays any game that offers the :class:`Game` protocol
(``legal_actions()``, ``apply(action)``, ``is_over``). Every action names the car (player) whose decision it is, so
:func:`play_out` asks that car's agent.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from racebook.core.actions import Action
from racebook.core.rng import Rng


class Game(Protocol):
    """What an agent plays: a game position that lists its legal actions and applies one."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Any) -> Any: ...


class Driver(Protocol):
    """An agent: picks one of ``legal`` (never anything else) for the game ``race``."""

    def choose(self, race: Any, legal: list[Any]) -> Any: ...


Agent = Driver

G = TypeVar("G", bound=Game)


@dataclass
class RandomDriver:
    """Uniform over the legal actions, seeded (for fuzzing and baselines)."""

    seed: int = 0

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, race: Any, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


def play_out(race: G, drivers: Driver | dict[str, Driver], max_steps: int = 100_000,
             on_step: Callable[[G], None] | None = None) -> G:
    """Let drivers choose every pending decision until the race ends (or ``max_steps``)."""
    steps = 0
    while not race.is_over and steps < max_steps:
        legal = list(race.legal_actions())
        if not legal:
            break
        who = legal[0].car
        d = drivers.get(who) if isinstance(drivers, dict) else drivers
        if d is None:
            raise KeyError(f"no driver for {who}")
        race.apply(d.choose(race, legal))
        steps += 1
        if on_step is not None:
            on_step(race)
    return race
