"""One player's seat at notebook 12's race table, as the shared debrief replays it (issue 33 item 2,
:mod:`racebook.core.debrief`): the race from the point of view of one player car.

:class:`Seat` is a :class:`racebook.core.debrief.Replayable`: its choices are the car's legal actions in the order
the table offers them (:func:`offered`: a move that does nothing now last, its label saying so), the coach's
suggestion marked (:func:`racebook.rf90.analysis.coach.at_the_table`); a decision applies the car's action, then
every other decision up to the car's next one is taken by the table's computer drivers (copies: each player car by
its own, the robots by the engine). A copy clones the race (its seeded generator too) and copies the drivers, so a
replay meets the same cards as long as the play is the same. In a replay the other player cars are driven by the
computer, as in the coach's look-ahead. Standard library only; no rule here (every action goes through the engine).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from racebook.core.guided import GuidedChoice, with_suggestion
from racebook.rf90.actionlabels import labels
from racebook.rf90.actions import Action
from racebook.rf90.actiontext import parse
from racebook.rf90.analysis.coach import Seats, at_the_table
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.game import Race
from racebook.rf90.lessons.choicewords import DOES_NOTHING, does_nothing
from racebook.rf90.rules.classification import classification

#: Decisions of the other cars between two of the seat's (a whole race has a few hundred at most): only a guard.
MAX_STEPS = 20_000


def offered(legal: Sequence[Action]) -> list[Action]:
    """The legal actions in the order the table offers them: a move that does nothing now
    (:func:`racebook.rf90.lessons.choicewords.does_nothing`) last."""
    return [a for a in legal if not does_nothing(a)] + [a for a in legal if does_nothing(a)]


@dataclass
class Seat:
    """The race ``race`` seen from player car ``you``; ``drivers`` the table's computer driver of each player car
    (the seat's own drives its replays: :meth:`autopilot`); ``seed`` the table's."""

    race: Race
    you: str
    drivers: Mapping[str, Any]
    seed: int = 0
    #: The coach marks its suggestion among :meth:`labelled_choices` (off: none is computed).
    coach: bool = True
    _pilot: GreedyDriver | None = field(default=None, repr=False)

    @property
    def finished(self) -> bool:
        """The race is over (the seat has nothing more to decide)."""
        return self.race.is_over or not self.race.legal_actions()

    def actions(self) -> list[Action]:
        """The seat's legal actions now, in the table's order ([] when another car decides)."""
        legal = self.race.legal_actions()
        return offered(legal) if legal and all(a.car == self.you for a in legal) else []

    def buttons(self) -> list[GuidedChoice]:
        """The seat's choices as the table labels them, nothing suggested."""
        s = self.race.state
        return [GuidedChoice(d.text, d.label + (DOES_NOTHING if does_nothing(d.action) else ""), d.tooltip(s))
                for d in labels(self.actions(), s)]

    def labelled_choices(self) -> list[GuidedChoice]:
        """:meth:`buttons`, the coach's suggestion marked while :attr:`coach` is on."""
        out = self.buttons()
        if not out or not self.coach:
            return out
        advice = at_the_table(self.race, self.actions(), self.drivers, self.seed)
        return with_suggestion(out, advice.index, advice.reason)

    def advice(self) -> Any:
        """The coach's advice now (its ``index`` into :meth:`actions`, its ``outcomes``), None with nothing to
        decide."""
        actions = self.actions()
        return at_the_table(self.race, actions, self.drivers, self.seed) if actions else None

    def decide(self, key: str) -> list[Any]:
        """The seat's action ``key`` (its text), then every other decision up to the seat's next one, by the
        drivers."""
        self.race.apply(parse(key))
        others = Seats(self.drivers, self.seed)
        for _ in range(MAX_STEPS):
            legal = self.race.legal_actions()
            if self.race.is_over or not legal or legal[0].car == self.you:
                break
            self.race.apply(others.choose(self.race, legal))
        return []

    def standings(self) -> list[str]:
        """The cars in race order (§25)."""
        return list(classification(self.race.state))

    def place(self) -> int:
        """The seat's place now (1 = first, §25)."""
        return self.standings().index(self.you) + 1

    def when(self) -> str:
        return f"Game Turn {self.race.state.turn}"

    def copy(self) -> Seat:
        """A same-seed copy: the race cloned (frames off), the drivers copied, a fresh autopilot."""
        race = self.race.clone()
        race.record_frames = False
        return replace(self, race=race, drivers=copy.deepcopy(dict(self.drivers)), _pilot=None)

    def autopilot(self) -> str:
        """The seat's decision as the coach's look-ahead drives it: a ``GreedyDriver`` with the seat's driver's seed
        (:func:`racebook.rf90.analysis.coach.at_the_table`)."""
        if self._pilot is None:
            self._pilot = GreedyDriver(int(getattr(self.drivers.get(self.you), "seed", self.seed)))
        return str(self._pilot.choose(self.race, self.race.legal_actions()))
