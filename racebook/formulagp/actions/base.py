"""The base of FormulaGP's actions (:mod:`racebook.formulagp.actions` documents the words of every verb):
:class:`FgpAction`, the text helpers, the verbs of the draw, the card play, the move and the battle, :func:`parse`
and :func:`register`, through which each mechanic's module adds its verbs. Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError

CAR_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
CARD = re.compile(r"[GRBOWPF][1-9][0-9]?")
_EVENT_CODE = re.compile(r"E[1-9][0-9]?")  # a held EVENT card in a bid (§6.7; actions.cards.EVENT_CARD alike)
POS = re.compile(r"[A-Za-z0-9_-]+\.[1-4]\.[1-9]")
COLOURS = ("green", "red")


def syntax_error(text: str, reason: str) -> ActionSyntaxError:
    return ActionSyntaxError(text, "actions", reason)


def card_code(word: str, text: str) -> str:
    if not CARD.fullmatch(word):
        raise syntax_error(text, f"{word!r} is not a card code (G1, R10, B2, O3, W8, P1, F1)")
    return word


@dataclass(frozen=True, slots=True)
class FgpAction(Action):
    """A FormulaGP action (the base of every class below)."""

    VERB: ClassVar[str] = ""

    @property
    def verb(self) -> str:
        return self.VERB

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if words:
            raise syntax_error(text, f"'{cls.VERB}' takes no arguments")
        return cls(car)


@dataclass(frozen=True, slots=True)
class Keep(FgpAction):
    VERB: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Return(FgpAction):
    VERB: ClassVar[str] = "return"
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join(self.cards)

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not words:
            raise syntax_error(text, "'return' names the cards returned (or say 'keep')")
        return cls(car, tuple(card_code(w, text) for w in words))


@dataclass(frozen=True, slots=True)
class OneCard(FgpAction):
    card: str = ""

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1:
            raise syntax_error(text, f"'{cls.VERB}' names one card")
        return cls(car, card_code(words[0], text))


@dataclass(frozen=True, slots=True)
class Discard(OneCard):
    VERB: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Clear(OneCard):
    VERB: ClassVar[str] = "clear"


@dataclass(frozen=True, slots=True)
class Brake(OneCard):
    VERB: ClassVar[str] = "brake"


@dataclass(frozen=True, slots=True)
class Play(FgpAction):
    """The card(s) played for movement; ``as_colour`` is what an ORANGE card is played as."""

    VERB: ClassVar[str] = "play"
    cards: tuple[str, ...] = ()
    as_colour: str = ""
    characteristic: bool = False

    def _args(self) -> str:
        words = [f"{c}={self.as_colour}" if c.startswith("O") else c for c in self.cards]
        return " ".join(words + (["+char"] if self.characteristic else []))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        char = bool(words) and words[-1] == "+char"
        if char:
            words = words[:-1]
        if not 1 <= len(words) <= 2:
            raise syntax_error(text, "'play' names one movement card or two (a pair), then optionally +char")
        cards, colours = [], set()
        for w in words:
            code, _, colour = w.partition("=")
            card_code(code, text)
            if code.startswith("O"):
                if colour not in COLOURS:
                    raise syntax_error(text, f"an ORANGE card says what it is played as: {code}=green or {code}=red")
                colours.add(colour)
            elif colour:
                raise syntax_error(text, f"only an ORANGE card is played as another colour ({w})")
            cards.append(code)
        if len(colours) > 1:
            raise syntax_error(text, "two ORANGE cards in a pair are played as one colour")
        return cls(car, tuple(cards), colours.pop() if colours else "", char)


@dataclass(frozen=True, slots=True)
class Launch(FgpAction):
    """Race round 1's sealed start cards (§9.4.3): the movement card(s) and the extra cards for +1 LED each."""

    VERB: ClassVar[str] = "launch"
    cards: tuple[str, ...] = ()
    as_colour: str = ""
    extras: tuple[str, ...] = ()

    def _args(self) -> str:
        words = [f"{c}={self.as_colour}" if c.startswith("O") else c for c in self.cards]
        return " ".join(words + [f"+{x}" for x in self.extras])

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        extras = tuple(card_code(w[1:], text) for w in words if w.startswith("+"))
        if any(not x.startswith(("W", "P")) for x in extras):
            raise syntax_error(text, "only Tyre Wear (W) and Option (P) cards are added to a start for +1 LED")
        play = Play._read(car, [w for w in words if not w.startswith("+")], text)
        assert isinstance(play, Play)
        return cls(car, play.cards, play.as_colour, extras)

    def play(self) -> Play:
        return Play(self.car, self.cards, self.as_colour)


@dataclass(frozen=True, slots=True)
class To(FgpAction):
    VERB: ClassVar[str] = "to"
    to: str = ""

    def _args(self) -> str:
        return self.to

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not POS.fullmatch(words[0]):
            raise syntax_error(text, "'to' names one space as tile.lane.space, e.g. T05.2.1")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Charge(FgpAction):
    VERB: ClassVar[str] = "charge"


@dataclass(frozen=True, slots=True)
class Extend(FgpAction):
    """``by`` is ``ers`` or the Tyre Wear card's code."""

    VERB: ClassVar[str] = "extend"
    by: str = "ers"

    def _args(self) -> str:
        return self.by

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not (words[0] == "ers" or CARD.fullmatch(words[0])):
            raise syntax_error(text, "'extend' takes 'ers' or a Tyre Wear card, e.g. extend W3")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Stop(FgpAction):
    VERB: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class End(FgpAction):
    VERB: ClassVar[str] = "end"


CLASSES: tuple[type[FgpAction], ...] = (Keep, Return, Discard, Clear, Play, Launch, To, Charge, Brake, Extend, Stop,
                                        End)
BY_VERB: dict[str, type[FgpAction]] = {c.VERB: c for c in CLASSES}


def register(*classes: type[FgpAction], listed: bool = True) -> None:
    """Add a mechanic's action classes: their verbs parse (:data:`BY_VERB`); ``listed``: also in :data:`CLASSES`
    (the classes the property tests build examples of). Each mechanic's module of
    :mod:`racebook.formulagp.actions` registers its own."""
    global CLASSES
    for c in classes:
        if c.VERB in BY_VERB:
            raise ValueError(f"verb {c.VERB!r} registered twice")  # a programming error
        BY_VERB[c.VERB] = c
    if listed:
        CLASSES += classes


def parse(text: str) -> FgpAction:
    """The action a text names (:class:`ActionSyntaxError` if none)."""
    if not isinstance(text, str):
        raise syntax_error(repr(text), "an action is a text such as 'Grey play G3'")
    words = text.split()
    if len(words) < 2:
        raise syntax_error(text, "an action is '<car> <verb> …', e.g. 'Grey play G3'")
    car, verb, rest = words[0], words[1], words[2:]
    if not CAR_ID.fullmatch(car):
        raise syntax_error(text, f"{car!r} is not a car id (a letter, then letters, digits or _)")
    cls = BY_VERB.get(verb)
    if cls is None:
        raise syntax_error(text, f"unknown verb {verb!r}; the verbs are {', '.join(BY_VERB)}")
    return cls._read(car, rest, text)


@dataclass(frozen=True, slots=True)
class Attack(FgpAction):
    """Declare a battle (§13.2 b) against ``defender``; ``lane``: the lane a Slipstream attack steps into with its
    first OT point (§13.4.1), 0 from an adjacent lane. Text ``Grey attack Red`` or ``Grey attack Red L3``."""

    VERB: ClassVar[str] = "attack"
    defender: str = ""
    lane: int = 0

    def _args(self) -> str:
        return self.defender + (f" L{self.lane}" if self.lane else "")

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not 1 <= len(words) <= 2 or not CAR_ID.fullmatch(words[0]):
            raise syntax_error(text,
                               "'attack' names the defender's car, then a Slipstream attack's lane: attack Red L3")
        lane = 0
        if len(words) == 2:
            if not re.fullmatch(r"L[1-4]", words[1]):
                raise syntax_error(text, f"{words[1]!r} is not a lane (L1 to L4)")
            lane = int(words[1][1:])
        return cls(car, words[0], lane)


@dataclass(frozen=True, slots=True)
class Bid(FgpAction):
    """A side's battle cards, laid face down (§13.3 item 2): movement card(s) (a pair allowed), Tyre Wear and Option
    cards; ``+ers``: spend one ERS charge for the LEDs beside its level (§8.1, A36). Text ``Grey bid R2 W1 P3 +ers``."""

    VERB: ClassVar[str] = "bid"
    cards: tuple[str, ...] = ()
    ers: bool = False
    events: tuple[str, ...] = ()  # held EVENT cards that apply in the battle (§13.3 item 3): ``E6``
    skill: bool = False  # ``+skill``: the driver skill, once a round (§6.8, §13.3 item 4)

    def _args(self) -> str:
        return " ".join(list(self.cards) + list(self.events) + (["+ers"] if self.ers else [])
                        + (["+skill"] if self.skill else []))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        skill = bool(words) and words[-1] == "+skill"
        if skill:
            words = words[:-1]
        ers = bool(words) and words[-1] == "+ers"
        if ers:
            words = words[:-1]
        events = tuple(w for w in words if _EVENT_CODE.fullmatch(w))
        words = [w for w in words if not _EVENT_CODE.fullmatch(w)]
        if not words:
            raise syntax_error(text, "'bid' names the battle cards (at least one movement or Tyre Wear card), "
                                     "EVENT cards, then +ers, +skill")
        return cls(car, tuple(card_code(w, text) for w in words), ers, events, skill)


@dataclass(frozen=True, slots=True)
class Yield(FgpAction):
    """The defender does not defend: the attack succeeds (§13.3 item 2)."""

    VERB: ClassVar[str] = "yield"


register(Attack, Bid, Yield)
