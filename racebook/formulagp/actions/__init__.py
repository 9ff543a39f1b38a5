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
``Grey sets b``              before qualifying: the Option of the limited dry tyre sets (§21 15.10, ``choose``)
===========================  ===================================================================================

Standard library only.
"""

from __future__ import annotations

from racebook.formulagp.actions import base as _base
from racebook.formulagp.actions.base import (
    CAR_ID,
    CARD,
    COLOURS,
    POS,
    Attack,
    Bid,
    Brake,
    Charge,
    Clear,
    Discard,
    End,
    Extend,
    FgpAction,
    Keep,
    Launch,
    Play,
    Return,
    Stop,
    To,
    Yield,
    parse,
    register,
)

# each mechanic's module registers its verbs (racebook.formulagp.actions.base.register) when it is imported, before
# the names below are read: CLASSES and BY_VERB are read from the base after every registration
from racebook.formulagp.actions.cards import (
    EVENT_CARD,
    PARAMS,
    Ladder,
    OptionCard,
    Param,
    PlayEvent,
    Spend,
)
from racebook.formulagp.actions.diequalify import DIE_QUALIFY_CLASSES, Attempt
from racebook.formulagp.actions.incidents import (
    INCIDENT_CARD,
    INCIDENT_CLASSES,
    CounterSteer,
    FaceForward,
    Rejoin,
    Repair,
    Spin,
)
from racebook.formulagp.actions.pits import (
    PIT_CLASSES,
    TYRES,
    BoxRepair,
    Leave,
    PitIn,
    Tyres,
    Wait,
)
from racebook.formulagp.actions.qualify import (
    QUALIFY_CLASSES,
    NoPush,
    Pole,
    Push,
    Qualify,
    Steer,
)
from racebook.formulagp.actions.secondattempt import SECOND_ATTEMPT_CLASSES, Block, NoBlock
from racebook.formulagp.actions.teamradio import TEAM_RADIO_CLASSES, Radio
from racebook.formulagp.actions.tyresets import SET_OPTIONS, TYRE_SET_CLASSES, TyreOption

#: every action class, read once the mechanics' modules above have registered theirs
CLASSES: tuple[type[FgpAction], ...] = _base.CLASSES
BY_VERB: dict[str, type[FgpAction]] = _base.BY_VERB

__all__ = [
    "EVENT_CARD",
    "PARAMS",
    "Spend",
    "Param",
    "OptionCard",
    "PlayEvent",
    "Ladder",
    "INCIDENT_CARD",
    "CounterSteer",
    "Spin",
    "FaceForward",
    "Rejoin",
    "Repair",
    "INCIDENT_CLASSES",
    "DIE_QUALIFY_CLASSES",
    "Attempt",
    "TYRES",
    "PitIn",
    "Tyres",
    "BoxRepair",
    "Leave",
    "Wait",
    "PIT_CLASSES",
    "Qualify",
    "Push",
    "NoPush",
    "Steer",
    "Pole",
    "QUALIFY_CLASSES",
    "CAR_ID",
    "CARD",
    "POS",
    "COLOURS",
    "FgpAction",
    "Keep",
    "Return",
    "Discard",
    "Clear",
    "Brake",
    "Play",
    "Launch",
    "To",
    "Charge",
    "Extend",
    "Stop",
    "End",
    "register",
    "parse",
    "Attack",
    "Bid",
    "Yield",
    "CLASSES",
    "BY_VERB",
    "Block",
    "NoBlock",
    "SECOND_ATTEMPT_CLASSES",
    "Radio",
    "TEAM_RADIO_CLASSES",
    "SET_OPTIONS",
    "TyreOption",
    "TYRE_SET_CLASSES",
]
