"""The actions of Automobiles and their one text notation: ``<player> <verb> [arguments]``.

* ``A pit`` — a pit stop instead of a standard turn (§8);
* ``A play W 1.3`` — play a gear cube onto a space (§7.1); several spaces for a multi-space move (``1.3 2.4``);
* ``A play X`` — play a wear cube for the Wear card (§16.5);
* ``A buy L`` — buy one cube from the Stock (Buy phase §9; before the race §4 item 5);
* ``A pass`` — end the phase (Action → Buy → Car, Decline, End; before the race: done buying).

A player id is a name of letters and digits (``A``, ``Red``, ``P2``); a space id is ``<lane>.<n>``
(:mod:`racebook.automobiles.board`). ``parse(str(a)) == a`` for every action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from racebook.automobiles.cubes import CODES
from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError

PLAYER_ID = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}")
SPACE_ID = re.compile(r"[1-6]\.[1-9][0-9]{0,2}")
RULE = "Automobiles actions"


@dataclass(frozen=True, slots=True)
class Pit(Action):
    @property
    def verb(self) -> str:
        return "pit"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    @property
    def verb(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    cube: str = "W"

    @property
    def verb(self) -> str:
        return "buy"

    def _args(self) -> str:
        return self.cube


@dataclass(frozen=True, slots=True)
class Play(Action):
    cube: str = "W"
    spaces: tuple[str, ...] = ()

    @property
    def verb(self) -> str:
        return "play"

    def _args(self) -> str:
        return " ".join((self.cube,) + self.spaces)


def parse(text: object) -> Action:
    """The action written ``text`` (an :class:`ActionSyntaxError` naming what could not be read)."""
    if not isinstance(text, str):
        raise ActionSyntaxError(repr(text), RULE, "not an action text")
    if len(text) > 200:
        raise ActionSyntaxError(repr(text[:60] + "…"), RULE, "too long for an action")
    words = text.split()
    if len(words) < 2:
        raise ActionSyntaxError(repr(text), RULE, "an action is '<player> <verb> …', e.g. 'A play W 1.3'")
    car, verb, args = words[0], words[1], words[2:]
    if not PLAYER_ID.fullmatch(car):
        raise ActionSyntaxError(repr(text), RULE, f"{car!r} is not a player id")
    if verb in ("pit", "pass"):
        if args:
            raise ActionSyntaxError(repr(text), RULE, f"'{verb}' takes no arguments")
        return Pit(car) if verb == "pit" else Pass(car)
    if verb in ("buy", "play"):
        if not args or args[0] not in CODES:
            raise ActionSyntaxError(repr(text), RULE, f"'{verb}' needs a cube code ({' '.join(CODES)})")
        if verb == "buy":
            if len(args) != 1:
                raise ActionSyntaxError(repr(text), RULE, "'buy' takes one cube code")
            return Buy(car, args[0])
        bad = [s for s in args[1:] if not SPACE_ID.fullmatch(s)]
        if bad or len(args) > 12:
            raise ActionSyntaxError(repr(text), RULE, f"{bad[0] if bad else args[12]!r} is not a space id "
                                                      "(lane.n, e.g. 1.3)")
        return Play(car, args[0], tuple(args[1:]))
    raise ActionSyntaxError(repr(text), RULE, f"unknown verb {verb!r} (pit, play, buy, pass)")
