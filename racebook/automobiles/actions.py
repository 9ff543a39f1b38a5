"""The actions of Automobiles and their one text notation: ``<player> <verb> [arguments]``.

* ``A pit`` — a pit stop instead of a standard turn (§8);
* ``A play W 1.3`` — play a gear cube onto a space (§7.1); several spaces for a multi-space move (``1.3 2.4``);
* ``A play X`` — play a wear cube for the Wear card (§16.5);
* ``A buy L`` — buy one cube from the Stock (Buy phase §9; before the race §4 item 5);
* ``A pass`` — end the phase (Action → Buy → Car, Decline, End; before the race: done buying).
* ``A driver`` — use the driver's ability of this phase (David Bird, Eileen Pi, Mag Matthews, Farmer Kali, §22.2).
* ``A draft josh_trin`` — choose a driver in the draft before the race (§22.2; ``A pass``: no driver).
* ``A sponsor E1`` — between two races of a Season, take a sponsor from the pool (§22.4); ``A keep F2`` — keep
  one's sponsor and discard F2 from the pool; ``A pass`` — no sponsor for the next race.

While a card's effect is resolving (§6, racebook.automobiles.effects) its choices are made one at a time:

* ``A pick W discard`` — choose one cube of a zone (to remove, discard, return to the Bag, …, as the card says);
* ``A draw`` — draw one more cube (for "draw up to N");
* ``A move 1.3`` — move the card's cube one more space (for "move up to N spaces");
* ``A choose b`` — choose an option of an "… OR …" card;
* ``A stop`` — stop picking, drawing or moving (when the card allows fewer).

A player id is a name of letters and digits (``A``, ``Red``, ``P2``); a space id is ``<lane>.<n>``
(:mod:`racebook.automobiles.board`); with the Weaving module (§22.1) a segment ``<lane>.<n>:<k>`` (k = 1 the
rearmost). ``parse(str(a)) == a`` for every action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from racebook.automobiles.cubes import CODES
from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError

PLAYER_ID = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}")
SPACE_ID = re.compile(r"[1-6]\.[1-9][0-9]{0,2}(:[1-9])?")
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


@dataclass(frozen=True, slots=True)
class Pick(Action):
    cube: str = "W"
    zone: str = "discard"

    @property
    def verb(self) -> str:
        return "pick"

    def _args(self) -> str:
        return f"{self.cube} {self.zone}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    @property
    def verb(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    @property
    def verb(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Move(Action):
    space: str = "1.1"

    @property
    def verb(self) -> str:
        return "move"

    def _args(self) -> str:
        return self.space


@dataclass(frozen=True, slots=True)
class Choose(Action):
    option: str = "a"

    @property
    def verb(self) -> str:
        return "choose"

    def _args(self) -> str:
        return self.option


@dataclass(frozen=True, slots=True)
class UseDriver(Action):
    @property
    def verb(self) -> str:
        return "driver"


@dataclass(frozen=True, slots=True)
class DraftDriver(Action):
    driver: str = ""

    @property
    def verb(self) -> str:
        return "draft"

    def _args(self) -> str:
        return self.driver


@dataclass(frozen=True, slots=True)
class TakeSponsor(Action):
    sponsor: str = ""

    @property
    def verb(self) -> str:
        return "sponsor"

    def _args(self) -> str:
        return self.sponsor


@dataclass(frozen=True, slots=True)
class KeepSponsor(Action):
    discard: str = ""  # the pool's sponsor discarded to keep one's own (§22.4)

    @property
    def verb(self) -> str:
        return "keep"

    def _args(self) -> str:
        return self.discard


SPONSOR_ID = re.compile(r"[A-Z][1-9]")
DRIVER_ID = re.compile(r"[a-z][a-z_]{1,30}")
ZONE_WORDS = ("active", "used", "discard", "bag", "stock", "held")
_BARE = {"pit": Pit, "pass": Pass, "draw": Draw, "stop": Stop, "driver": UseDriver}


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
    if verb in _BARE:
        if args:
            raise ActionSyntaxError(repr(text), RULE, f"'{verb}' takes no arguments")
        return _BARE[verb](car)
    if verb == "move":
        if len(args) != 1 or not SPACE_ID.fullmatch(args[0]):
            raise ActionSyntaxError(repr(text), RULE, "'move' takes one space id (lane.n, e.g. 1.3)")
        return Move(car, args[0])
    if verb in ("sponsor", "keep"):
        if len(args) != 1 or not SPONSOR_ID.fullmatch(args[0]):
            raise ActionSyntaxError(repr(text), RULE, f"'{verb}' takes a sponsor id, e.g. E1")
        return TakeSponsor(car, args[0]) if verb == "sponsor" else KeepSponsor(car, args[0])
    if verb == "draft":
        if len(args) != 1 or not DRIVER_ID.fullmatch(args[0]):
            raise ActionSyntaxError(repr(text), RULE, "'draft' takes a driver id, e.g. josh_trin")
        return DraftDriver(car, args[0])
    if verb == "choose":
        if len(args) != 1 or args[0] not in ("a", "b"):
            raise ActionSyntaxError(repr(text), RULE, "'choose' takes an option: a or b")
        return Choose(car, args[0])
    if verb == "pick":
        if len(args) != 2 or args[0] not in CODES or args[1] not in ZONE_WORDS:
            raise ActionSyntaxError(repr(text), RULE, f"'pick' takes a cube code and a zone ({', '.join(ZONE_WORDS)})")
        return Pick(car, args[0], args[1])
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
    raise ActionSyntaxError(repr(text), RULE, f"unknown verb {verb!r} (pit, play, buy, pass, pick, draw, move, "
                                              "choose, stop, driver, draft, sponsor, keep)")
