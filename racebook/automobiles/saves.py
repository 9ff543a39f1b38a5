"""Saved Automobiles races: :func:`dumps` / :func:`loads` (and :func:`save` / :func:`load` for files), a public
interface like RF90's saves (:mod:`racebook.rf90.saves`).

A save is one JSON object::

    {"format": "racebook-automobiles/1",
     "initial": {"position": "<the initial position, racebook.automobiles.notation>", "rng": <generator state>,
                 "stacks": {"A": ["W", "L"]}},
     "actions": ["A buy L", "A pass", ...],
     "final": {"position": "<the position after the last action>", "rng": <generator state>}}

The position notation carries everything a race is made of (board, laps, cards, house rules, Season, drivers, the
turn in progress, a card effect in progress); the generator state and the stacked draws complete it, so a game in
progress (a single race, a draft, a Season between two races) resumes **exactly**: the same legal actions and the
same future draws. Loading validates like a scenario: the JSON, every field, the initial position (its parser), every
action (each must be legal when replayed) and that replaying reproduces the saved final position and generator. Any
problem is one :class:`~racebook.core.errors.SaveDataError` naming the file (``<save>`` or the path), the field and
the reason.
"""

from __future__ import annotations

import os

from racebook.automobiles.game import Race, Saves
from racebook.automobiles.savefile import FORMAT
from racebook.core.datafile import read_text, write_text
from racebook.core.errors import SaveDataError

__all__ = ["FORMAT", "dumps", "loads", "save", "load"]

dumps = Saves.dumps
loads = Saves.loads


def save(race: Race, path: str | os.PathLike[str]) -> None:
    """Write the save of ``race`` to ``path`` (an OSError is a SaveDataError naming the path)."""
    write_text(path, dumps(race), SaveDataError)  # a FIFO or a device is refused, never waited on


def load(path: str | os.PathLike[str], frames: bool = True) -> Race:
    """The race saved in the file ``path`` (errors name the path)."""
    return loads(read_text(path, SaveDataError), str(path), frames)
