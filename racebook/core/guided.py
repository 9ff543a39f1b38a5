"""The guided first race, for any game: what a game's first-race lesson gives the shared widget
(:class:`racebook.ui.guidedrace.GuidedRaceController`).

A guided first race (issue 19 item 1) is a short race in which the learner makes the decisions of one car and the
computer plays the rest; after each decision the learner reads what happened in plain sentences, each with its rule
and the notebook that teaches it. Every game's ``lessons/firstrace.py`` implements :class:`GuidedRaceModel` over its
own engine (the engine decides what is legal and what happens); the widget only shows the choices, the status, the
story and the game's track view. So no rule lives in the widget, and both games' first races look and behave alike.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class GuidedChoice:
    """One of the learner's legal decisions, as a button: ``key`` is what :meth:`GuidedRaceModel.decide` takes (the
    action text), ``label`` the button's words, ``tooltip`` its action text and rule; ``primary`` marks the main
    kind of decision (drawn as a primary button); ``group``, when not "", the words its label starts with that it
    shares with its siblings ("skip, change strategy to"): many siblings are offered as one menu, not a row of
    buttons."""

    key: str
    label: str
    tooltip: str
    primary: bool = False
    group: str = ""

    @property
    def option(self) -> str:
        """The label without its group's words ("PUSH"): the choice's entry in its group's menu."""
        return self.label[len(self.group):].strip() if self.group and self.label.startswith(self.group) \
            else self.label


@dataclass(frozen=True, slots=True)
class StoryLine:
    """One line of the story: a plain ``sentence`` (no citation), the ``rule`` it cites ("" when none), where it is
    taught (``more``, the words of the "learn more →" link, and ``link``, the notebook's file relative to the
    notebook that shows the race; "" when no notebook teaches it), ``mine`` when it is the learner's own, and
    ``group``: the heading of the run of lines it belongs to ("Red (the computer) decides:"; "" for none)."""

    sentence: str
    rule: str = ""
    more: str = ""
    link: str = ""
    mine: bool = False
    group: str = ""

    def text(self) -> str:
        """The line as text: sentence — rule · learn more → notebook."""
        rule = f" — {self.rule}" if self.rule else ""
        more = f" · learn more → {self.more}" if self.more else ""
        return f"{self.sentence}{rule}{more}"


@runtime_checkable
class GuidedRaceModel(Protocol):
    """A game's guided first race, without widgets. ``game`` names its rules reference (``"rf90"``,
    ``"automobiles"``: how the rule badges link, :mod:`racebook.core.citations`); ``seed`` is the race's seed."""

    game: str
    seed: int

    @property
    def finished(self) -> bool:
        """The guided race is over: no more decisions."""
        ...

    def status(self) -> str:
        """Where the race stands, in one plain line."""
        ...

    def hint_line(self) -> StoryLine | None:
        """What the learner decides now, in plain words, with its rule and notebook; None when nothing is asked."""
        ...

    def labelled_choices(self) -> list[GuidedChoice]:
        """The learner's legal decisions now ([] when the race is finished)."""
        ...

    def decide(self, key: str) -> list[StoryLine]:
        """Apply the learner's decision ``key`` (a refused one raises the engine's one-line error and changes
        nothing), then everything the others do until the learner's next decision; the story of it."""
        ...

    def latest(self) -> list[StoryLine]:
        """The story since the learner's last decision (at the start: the race's set-up and the others' first
        decisions)."""
        ...

    def restart(self, seed: int | None = None) -> None:
        """A new race: ``seed``, or the next one."""
        ...
