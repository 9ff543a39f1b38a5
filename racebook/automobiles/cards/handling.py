"""Handling (red) cards, §18: movement bonuses. "Move your red cube …" places the red cube as a movement cube."""

from __future__ import annotations

from racebook.automobiles.cards.helpers import ALL, below, gears_in, is_gear, lower, wear_if
from racebook.automobiles.effects import Ctx, Program
from racebook.automobiles.steps import Flag, Gain, MoveStep, PickStep


def _one_lower_of_picked(c: Ctx) -> frozenset[str]:
    g = lower(c.picked()) if c.regs.get("n") else None  # a white gear has no colour 1 lower (AMB-21)
    return frozenset({g}) if g else frozenset()


def _lower_than_active(c: Ctx) -> frozenset[str]:
    gears = gears_in(c.me.active)  # the red cube is not a gear, so it cannot select itself (§18.4)
    return below(max(gears, key="WLDK".index)) if gears else frozenset()


def _one_lower_of_discard(c: Ctx) -> frozenset[str]:
    return frozenset(g for g in (lower(x) for x in gears_in(c.me.discard)) if g)


def _camber_moves(c: Ctx) -> bool:
    """§18.6: the move needs the discarded gear (house rule ``camber_toe_needs_discard``)."""
    return c.regs.get("n", 0) > 0 or not c.state.rules.camber_toe_needs_discard


PROGRAMS: dict[str, Program] = {
    # §18.1: this turn's Decline phase counts as drafting
    "aerodynamics": (Flag(name="aerodynamics"),),
    # §18.2: +1 wear; discard 1 Active gear; up to 3 spaces of the colour 1 lower (§24 Ex. 2)
    "steering": (Gain(n=1, when=wear_if(lambda c: bool(gears_in(c.me.active) - {"W"}))),
                 PickStep(src=("active",), dest="discard", most=1, least=1, only=is_gear, reg="n"),
                 MoveStep(colours=_one_lower_of_picked, most=3)),
    # §18.3: +1 wear; 1 space of a colour some gear in the Discard pile has (it stays there) (§24 Ex. 3)
    "suspension": (Gain(n=1, when=wear_if(lambda c: bool(gears_in(c.me.discard)))),
                   MoveStep(colours=lambda c: gears_in(c.me.discard), most=1)),
    # §18.4: 1 space of a colour lower than a gear in the Active pile (it stays there); no wear (§24 Ex. 4)
    "tires": (MoveStep(colours=_lower_than_active, most=1),),
    # §18.5: +1 wear; select a Discard gear (kept); up to 2 spaces of the colour 1 lower, one colour (§24 Ex. 5)
    "burnout": (Gain(n=1, when=wear_if(lambda c: bool(_one_lower_of_discard(c)))),
                MoveStep(colours=_one_lower_of_discard, most=2, same=True)),
    # §18.6: discard 1 Active gear (the cost); then 1 space of any colour; no wear (§24 Ex. 6)
    "camber_toe": (PickStep(src=("active",), dest="discard", most=1, least=1, only=is_gear, reg="n"),
                   MoveStep(colours=lambda c: ALL, most=1, when=_camber_moves)),
    # §18.7: for the rest of the Action phase, white cubes may go onto any colour, +1 wear each (AMB-22)
    "redline": (Flag(name="redline"),),
}
