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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar, runtime_checkable

from racebook.core.coach import ordinal

E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class GuidedChoice:
    """One of the learner's legal decisions, as a button: ``key`` is what :meth:`GuidedRaceModel.decide` takes (the
    action text), ``label`` the button's words, ``tooltip`` its action text and rule; ``primary`` marks the main
    kind of decision (drawn as a primary button); ``group``, when not "", the words its label starts with that it
    shares with its siblings ("skip, change strategy to"): many siblings are offered as one menu, not a row of
    buttons. ``suggested`` marks the coach's choice (issue 33 item 1: at most one of a decision's choices, exactly one
    where the game has a coach) and ``reason`` says why in one plain line the game's engine computed ("" when not
    suggested)."""

    key: str
    label: str
    tooltip: str
    primary: bool = False
    group: str = ""
    suggested: bool = False
    reason: str = ""

    @property
    def option(self) -> str:
        """The label without its group's words ("PUSH"): the choice's entry in its group's menu."""
        return self.label[len(self.group):].strip() if self.group and self.label.startswith(self.group) \
            else self.label


def with_suggestion(choices: Sequence[GuidedChoice], index: int, reason: str) -> list[GuidedChoice]:
    """``choices`` with the one at ``index`` marked as the coach's suggestion, for ``reason`` (a non-empty line);
    every other choice unmarked. A game's coach (its ``analysis/coach.py``) picks ``index`` and words ``reason``."""
    if not 0 <= index < len(choices):
        raise IndexError(f"no choice {index} to suggest: there are {len(choices)}")
    if not reason.strip():
        raise ValueError("a suggestion needs its reason")
    return [replace(c, suggested=i == index, reason=reason if i == index else "") for i, c in enumerate(choices)]


def suggestion(choices: Sequence[GuidedChoice]) -> GuidedChoice | None:
    """The suggested choice among ``choices`` (None when the game gives no advice)."""
    return next((c for c in choices if c.suggested), None)


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
    ``"automobiles"``: how the rule badges link, :mod:`racebook.core.citations`); ``seed`` is the race's seed.

    Optional, read by the widget when present (issue 33 items 3 and 4): ``needs()``, one plain line of what the
    learner needs in view while deciding (your money, your hand, your target), and ``terms``, the codes and
    abbreviations its words use with their meaning (:class:`racebook.core.plainwords.Term`, shown on hover)."""

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
        """The learner's legal decisions now ([] when the race is finished); a game with a coach marks one of them
        ``suggested``, with its ``reason``; a move that does nothing now comes last and its label says so. (A model
        may also have a boolean ``coach`` attribute: the widget sets it False while the learner has turned the
        coach off, and the model then need not compute its advice.)"""
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

    def place(self) -> int:
        """The learner's place now (1 = first): the race order, or the classification at the end."""
        ...


@dataclass(frozen=True, slots=True)
class RaceEnd:
    """How a guided race ended (issue 33 item 6), said alike by every game in its status line and as the last line
    of its story: ``order`` the cars, the first first (``you`` the learner's), after ``played`` ``unit``\\ s ("Game
    Turn", "round"); ``flag`` when the race itself ended (its laps done) before the guided ones were all played;
    ``how`` says in plain words how the order is decided (under ``rule``), ``then`` where to go next ("go on to
    A1")."""

    order: tuple[str, ...]
    you: str
    played: int
    unit: str
    flag: bool
    how: str
    then: str
    rule: str = ""

    @property
    def place(self) -> int:
        """The learner's place (1 = first)."""
        return self.order.index(self.you) + 1

    def order_words(self) -> str:
        """The order as "1. Red, 2. you, 3. Green"."""
        return ", ".join(f"{i}. {'you' if car == self.you else car}" for i, car in enumerate(self.order, 1))

    def sentence(self) -> str:
        """"The guided race is over after 3 Game Turns: you finished 2nd of 5. The order: 1. Red, 2. you, … (how
        the order is decided)." — "The race is over …" when its laps were done first."""
        why = "The race is over" if self.flag else "The guided race is over"
        units = self.unit + "s" * (self.played != 1)
        return (f"{why} after {self.played} {units}: you finished {ordinal(self.place)} of {len(self.order)}. "
                f"The order: {self.order_words()} ({self.how}).")

    def refusal(self) -> str:
        """Why a decision is refused once the race is over: "the guided race is over after 2 rounds: press “new
        race” to play again"."""
        why = "the race is over" if self.flag else "the guided race is over"
        return f"{why} after {self.played} {self.unit}{'s' * (self.played != 1)}: press “new race” to play again"

    def status(self) -> str:
        """The status line at the end: :meth:`sentence`, then what to do next."""
        return f"{self.sentence()} Press “new race” to play again, or {self.then}."

    def line(self, more: str = "", link: str = "", group: str = "") -> StoryLine:
        """The story's last line: :meth:`sentence`, its rule, the notebook that teaches the order."""
        return StoryLine(self.sentence(), self.rule, more, link, False, group)


def until_unplayed(events: Sequence[E], unplayed: Callable[[E], bool]) -> list[E]:
    """``events`` up to (not including) the first for which ``unplayed`` holds: the start of a Game Turn or round
    the guided race does not play (issue 33 item 6: the story ends with the race, not with "Game Turn 4 begins")."""
    cut = next((i for i, e in enumerate(events) if unplayed(e)), len(events))
    return list(events[:cut])
