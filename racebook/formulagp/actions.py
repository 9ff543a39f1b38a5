"""FormulaGP actions: one decision of one driver, a frozen value with ONE text form, ``"<car> <verb> <arguments>"``.

Each class declares its verb and how its fields read as words (``_args``) and back (``_read``); :func:`parse` finds
the class by the verb, so ``parse(str(a)) == a`` for every action. The words:

===========================  ===================================================================================
``Grey keep``                the draw phase: return no card (§10.1.2)
``Grey return G3 R2``        the draw phase: put cards drawn this round on the bottom of the deck, draw as many
``Grey discard G3``          the draw phase: discard down to the hand limit (§10.1.1)
``Grey clear W3``            before moving: play a Tyre Wear card just to clear the hand (+1 wear, §10.3 step 1)
``Grey play G3 G5 +char``    the card(s) for movement, a pair, an ORANGE card as ``O1=red``; ``+char``: the Car
                             Characteristic (+1 MP, §8.4, §10.3)
``Grey launch G3 +W1 +P2``  race round 1: seal the start card(s) (a pair allowed, ORANGE as ``O1=red``) and Tyre
                             Wear / Option cards for +1 LED each (§9.4.3)
``Grey to T05.2.1``          one step of the move, forward or to the lane beside (§11.3)
``Grey charge``              reduce: -1 MP, +1 ERS (§11.2.1)
``Grey brake W3``            reduce: Brake! with a Tyre Wear card (§11.2.1, §11.9)
``Grey extend ers``          extend: +1 MP for an ERS charge on a straight (§11.2.2); ``extend W3``: a Tyre Wear
                             card on a curve
``Grey stop``                stop here: a forced stop behind a car (leftover MP become OT, §13.2), or no space to go
``Grey end``                 end the turn (§10.3); after a forced stop: end the move, the OT drops to 0 (§13.2)
``Grey attack Red``          declare a battle (§13.2 b); ``attack Red L3``: a Slipstream attack stepping into lane 3
``Grey bid R2 W1 P3 +ers``   a battle's cards, sealed (§13.3): movement card(s), Tyre Wear, Option; ``+ers``: 1 ERS
``Red yield``                the defender does not defend: the attack succeeds (§13.3)
===========================  ===================================================================================

Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from racebook.core.actions import Action
from racebook.core.errors import ActionSyntaxError

CAR_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
CARD = re.compile(r"[GRBOWPF][1-9][0-9]?")
POS = re.compile(r"[A-Za-z0-9_-]+\.[1-4]\.[1-9]")
COLOURS = ("green", "red")


def _bad(text: str, reason: str) -> ActionSyntaxError:
    return ActionSyntaxError(text, "actions", reason)


def _card(word: str, text: str) -> str:
    if not CARD.fullmatch(word):
        raise _bad(text, f"{word!r} is not a card code (G1, R10, B2, O3, W8, P1, F1)")
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
            raise _bad(text, f"'{cls.VERB}' takes no arguments")
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
            raise _bad(text, "'return' names the cards returned (or say 'keep')")
        return cls(car, tuple(_card(w, text) for w in words))


@dataclass(frozen=True, slots=True)
class _OneCard(FgpAction):
    card: str = ""

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1:
            raise _bad(text, f"'{cls.VERB}' names one card")
        return cls(car, _card(words[0], text))


@dataclass(frozen=True, slots=True)
class Discard(_OneCard):
    VERB: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Clear(_OneCard):
    VERB: ClassVar[str] = "clear"


@dataclass(frozen=True, slots=True)
class Brake(_OneCard):
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
            raise _bad(text, "'play' names one movement card or two (a pair), then optionally +char")
        cards, colours = [], set()
        for w in words:
            code, _, colour = w.partition("=")
            _card(code, text)
            if code.startswith("O"):
                if colour not in COLOURS:
                    raise _bad(text, f"an ORANGE card says what it is played as: {code}=green or {code}=red")
                colours.add(colour)
            elif colour:
                raise _bad(text, f"only an ORANGE card is played as another colour ({w})")
            cards.append(code)
        if len(colours) > 1:
            raise _bad(text, "two ORANGE cards in a pair are played as one colour")
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
        extras = tuple(_card(w[1:], text) for w in words if w.startswith("+"))
        if any(not x.startswith(("W", "P")) for x in extras):
            raise _bad(text, "only Tyre Wear (W) and Option (P) cards are added to a start for +1 LED")
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
            raise _bad(text, "'to' names one space as tile.lane.space, e.g. T05.2.1")
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
            raise _bad(text, "'extend' takes 'ers' or a Tyre Wear card, e.g. extend W3")
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


def parse(text: str) -> FgpAction:
    """The action a text names (:class:`ActionSyntaxError` if none)."""
    if not isinstance(text, str):
        raise _bad(repr(text), "an action is a text such as 'Grey play G3'")
    words = text.split()
    if len(words) < 2:
        raise _bad(text, "an action is '<car> <verb> …', e.g. 'Grey play G3'")
    car, verb, rest = words[0], words[1], words[2:]
    if not CAR_ID.fullmatch(car):
        raise _bad(text, f"{car!r} is not a car id (a letter, then letters, digits or _)")
    cls = BY_VERB.get(verb)
    if cls is None:
        raise _bad(text, f"unknown verb {verb!r}; the verbs are {', '.join(BY_VERB)}")
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
            raise _bad(text, "'attack' names the defender's car, then a Slipstream attack's lane: attack Red L3")
        lane = 0
        if len(words) == 2:
            if not re.fullmatch(r"L[1-4]", words[1]):
                raise _bad(text, f"{words[1]!r} is not a lane (L1 to L4)")
            lane = int(words[1][1:])
        return cls(car, words[0], lane)


@dataclass(frozen=True, slots=True)
class Bid(FgpAction):
    """A side's battle cards, laid face down (§13.3 item 2): movement card(s) (a pair allowed), Tyre Wear and Option
    cards; ``+ers``: spend one ERS charge for the LEDs beside its level (§8.1, A36). Text ``Grey bid R2 W1 P3 +ers``."""

    VERB: ClassVar[str] = "bid"
    cards: tuple[str, ...] = ()
    ers: bool = False

    def _args(self) -> str:
        return " ".join(list(self.cards) + (["+ers"] if self.ers else []))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        ers = bool(words) and words[-1] == "+ers"
        if ers:
            words = words[:-1]
        if not words:
            raise _bad(text, "'bid' names the battle cards (at least one movement or Tyre Wear card), then +ers")
        return cls(car, tuple(_card(w, text) for w in words), ers)


@dataclass(frozen=True, slots=True)
class Yield(FgpAction):
    """The defender does not defend: the attack succeeds (§13.3 item 2)."""

    VERB: ClassVar[str] = "yield"


CLASSES += (Attack, Bid, Yield)
BY_VERB.update({c.VERB: c for c in (Attack, Bid, Yield)})
# ------------------------------------------------------------------ card management beyond movement (issue 37)
EVENT_CARD = re.compile(r"E[1-9][0-9]?")
PARAMS = ("white", "yellow", "red")


def _any_card(word: str, text: str) -> str:
    if not (CARD.fullmatch(word) or EVENT_CARD.fullmatch(word)):
        raise _bad(text, f"{word!r} is not an ACTION or EVENT card code (G1, O3, W8, P1, E2)")
    return word


@dataclass(frozen=True, slots=True)
class Spend(FgpAction):
    """``Grey spend O1`` (a single-card secondary function, §5.1: +1 OT), ``Grey spend G7 R7`` (a 2× function by the
    matching icons: +1 ERS, a tyre wear point, +1 MP), ``Grey spend G4 E1 white`` (2× regain a Parameter: which)."""

    VERB: ClassVar[str] = "spend"
    cards: tuple[str, ...] = ()
    param: str = ""

    def _args(self) -> str:
        return " ".join(self.cards + ((self.param,) if self.param else ()))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        param = words[-1] if words and words[-1] in PARAMS else ""
        if param:
            words = words[:-1]
        if not 1 <= len(words) <= 2:
            raise _bad(text, "'spend' names one card or two (a 2x function), then a Parameter to regain if any")
        if param and len(words) != 2:
            raise _bad(text, "a Parameter is regained by spending two cards (2x)")
        return cls(car, tuple(_any_card(w, text) for w in words), param)


@dataclass(frozen=True, slots=True)
class Param(FgpAction):
    """``Grey param yellow`` / ``red``; ``Grey param white G1 R3``: the White Parameter discards the cards named
    (maybe none) and draws up to the hand limit (§8.3)."""

    VERB: ClassVar[str] = "param"
    which: str = "white"
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join((self.which,) + self.cards)

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if not words or words[0] not in PARAMS:
            raise _bad(text, "'param' names a Parameter token: white, yellow or red")
        if words[0] != "white" and len(words) > 1:
            raise _bad(text, "only the White Parameter names cards (those it discards)")
        return cls(car, words[0], tuple(_card(w, text) for w in words[1:]))


@dataclass(frozen=True, slots=True)
class OptionCard(_OneCard):
    """``Grey option P2``: play an Option card for its primary function, draw an EVENT card (§6.5)."""

    VERB: ClassVar[str] = "option"


@dataclass(frozen=True, slots=True)
class PlayEvent(FgpAction):
    """``Grey event E3``: play a held EVENT card (§6.7)."""

    VERB: ClassVar[str] = "event"
    card: str = ""

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not EVENT_CARD.fullmatch(words[0]):
            raise _bad(text, "'event' names one EVENT card, e.g. E3")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Ladder(_OneCard):
    """``Grey ladder P2``: the no-movement-card ladder (§10.1 step 3): play an Option or Tyre Wear card, resolve it,
    draw one card (step b); ``Grey ladder B1``: discard a BLUE card and draw one (step d)."""

    VERB: ClassVar[str] = "ladder"


CLASSES += (Spend, Param, OptionCard, PlayEvent, Ladder)
BY_VERB.update({c.VERB: c for c in (Spend, Param, OptionCard, PlayEvent, Ladder)})
# ------------------------------------------------------------------ loss of control and damage (issue 37)
#   ``Grey countersteer G1``   a loss of control: spend a card with the Counter-steer secondary (§18.1)
#   ``Grey spin``              a loss of control: no counter-steer, the car spins (§18.1)
#   ``Grey face``              rejoining after a spin: the 1st MP turns the car the right way (§18.2)
#   ``Grey rejoin``            rejoining from off track: 1 MP back onto the nearest space, pushing a car there
#                              (§18.2 b, §11.3.1)
#   ``Grey repair FL3 G1 G2``  a Quick Repair: spend the cards a FAILURE card names (§18.5)
INCIDENT_CARD = re.compile(r"(RK|DM|FL)[1-9][0-9]?")


@dataclass(frozen=True, slots=True)
class CounterSteer(_OneCard):
    VERB: ClassVar[str] = "countersteer"


@dataclass(frozen=True, slots=True)
class Spin(FgpAction):
    VERB: ClassVar[str] = "spin"


@dataclass(frozen=True, slots=True)
class FaceForward(FgpAction):
    VERB: ClassVar[str] = "face"


@dataclass(frozen=True, slots=True)
class Rejoin(FgpAction):
    VERB: ClassVar[str] = "rejoin"


@dataclass(frozen=True, slots=True)
class Repair(FgpAction):
    """A Quick Repair (§18.5): the FAILURE card repaired and the ACTION cards spent."""

    VERB: ClassVar[str] = "repair"
    failure: str = ""
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join((self.failure, *self.cards))

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) < 2 or not INCIDENT_CARD.fullmatch(words[0]) or not words[0].startswith("FL"):
            raise _bad(text, "'repair' names a FAILURE card, then the cards spent, e.g. repair FL3 G1")
        return cls(car, words[0], tuple(_card(w, text) for w in words[1:]))


INCIDENT_CLASSES: tuple[type[FgpAction], ...] = (CounterSteer, Spin, FaceForward, Rejoin, Repair)
BY_VERB.update({c.VERB: c for c in INCIDENT_CLASSES})


# ------------------------------------------------------------------ tyres and pit stops (issue 37)
TYRES = ("soft", "medium", "hard")  # the dry tyre types a Standard race fits (§4.6; wet tyres are [ADV], §14.2)


@dataclass(frozen=True, slots=True)
class PitIn(FgpAction):
    """``Grey pit``: drive into the pit lane through the 'PIT LANE' space (1 MP; leftover MP are lost, §16.1)."""

    VERB: ClassVar[str] = "pit"


@dataclass(frozen=True, slots=True)
class Tyres(FgpAction):
    """``Grey tyres hard``: fit new tyres in the box, any type, the same one too (§16.2)."""

    VERB: ClassVar[str] = "tyres"
    tyre: str = "soft"

    def _args(self) -> str:
        return self.tyre

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or words[0] not in TYRES:
            raise _bad(text, f"'tyres' names one tyre type: {', '.join(TYRES)}")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class BoxRepair(FgpAction):
    """``Grey fix D2``: repair one DAMAGE or FAILURE card (then a WHITE die as it leaves); ``Grey fix all``:
    every one, no die, the car waits in its box until next round (§16.3)."""

    VERB: ClassVar[str] = "fix"
    card: str = "all"

    def _args(self) -> str:
        return self.card

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if len(words) != 1 or not (words[0] == "all" or re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", words[0])):
            raise _bad(text, "'fix' names one DAMAGE or FAILURE card, or 'all'")
        return cls(car, words[0])


@dataclass(frozen=True, slots=True)
class Leave(FgpAction):
    """``Grey leave``: the stop is done: draw up to the hand limit, leave the box for the pit-exit space (§16.2)."""

    VERB: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Wait(FgpAction):
    """``Grey wait``: a round in the pit box serving Penalty tokens (§16.2, A45)."""

    VERB: ClassVar[str] = "wait"


PIT_CLASSES: tuple[type[FgpAction], ...] = (PitIn, Tyres, BoxRepair, Leave, Wait)
CLASSES += PIT_CLASSES
BY_VERB.update({c.VERB: c for c in PIT_CLASSES})


# ------------------------------------------------------------------ qualifying and the race start (issue 37)
@dataclass(frozen=True, slots=True)
class Qualify(FgpAction):
    """The sealed qualifying cards (§9.1, §9.2 item 2): ``Grey qualify G3 G5 W1 P2`` — a movement card or a pair
    (BLUE + BLUE allowed, as in a battle), any Tyre Wear and Option cards; ``Grey qualify none``: no card (score 0,
    A38)."""

    VERB: ClassVar[str] = "qualify"
    cards: tuple[str, ...] = ()

    def _args(self) -> str:
        return " ".join(self.cards) or "none"

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        if words == ["none"]:
            return cls(car, ())
        if not words:
            raise _bad(text, "'qualify' names the cards played, or 'none'")
        return cls(car, tuple(_card(w, text) for w in words))


@dataclass(frozen=True, slots=True)
class Push(FgpAction):
    """Push the limit in qualifying: roll the WHITE die (§9.2 item 4)."""

    VERB: ClassVar[str] = "push"


@dataclass(frozen=True, slots=True)
class NoPush(FgpAction):
    """Decline to push the limit (§9.2 item 4)."""

    VERB: ClassVar[str] = "nopush"


@dataclass(frozen=True, slots=True)
class Steer(_OneCard):
    """After a red face on a push: spend this counter-steer card (§9.2 item 4, A41)."""

    VERB: ClassVar[str] = "steer"


@dataclass(frozen=True, slots=True)
class Pole(FgpAction):
    """The pole's bonus card (§9.4 item 1): keep one of the top three cards of the deck; the other two go on top
    or at the bottom of the deck, each list read from the top down: ``Grey pole keep=G3 top=R2 bottom=W1``."""

    VERB: ClassVar[str] = "pole"
    keep: str = ""
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()

    def _args(self) -> str:
        return f"keep={self.keep} top={','.join(self.top) or '-'} bottom={','.join(self.bottom) or '-'}"

    @classmethod
    def _read(cls, car: str, words: list[str], text: str) -> FgpAction:
        keys = [w.partition("=")[0] for w in words]
        if keys != ["keep", "top", "bottom"]:
            raise _bad(text, "'pole' reads keep=<card> top=<cards> bottom=<cards> (comma lists, '-' for none)")
        vals = [w.partition("=")[2] for w in words]

        def codes(v: str) -> tuple[str, ...]:
            return () if v == "-" else tuple(_card(x, text) for x in v.split(","))

        return cls(car, _card(vals[0], text), codes(vals[1]), codes(vals[2]))


QUALIFY_CLASSES: tuple[type[FgpAction], ...] = (Qualify, Push, NoPush, Steer, Pole)
CLASSES += QUALIFY_CLASSES
BY_VERB.update({c.VERB: c for c in QUALIFY_CLASSES})
