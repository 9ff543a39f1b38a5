"""Garage (yellow) cards, §17: managing the cubes. No Garage card gives wear; "remove" sends cubes to the Stock."""

from __future__ import annotations

from racebook.automobiles.cards.helpers import higher, is_gear
from racebook.automobiles.effects import Program
from racebook.automobiles.steps import DrawN, DrawStep, Gain, PickStep, RemoveSelf

MANY = 999

PROGRAMS: dict[str, Program] = {
    # §17.1: remove 1 gear from the Discard pile, gain the gear 1 higher (black: nothing; AMB-18 if the Stock is out)
    "car_chief": (PickStep(src=("discard",), dest="stock", most=1, least=1, only=is_gear, reg="n"),
                  Gain(code=lambda c: higher(c.picked()) if c.regs.get("n") else None, n=1)),
    # §17.2: up to 3 Active -> Discard; then remove exactly that many from the Discard pile (may be the same cubes)
    "engineer": (PickStep(src=("active",), dest="discard", most=3, reg="k"),
                 PickStep(src=("discard",), dest="stock", most=lambda c: c.regs.get("k", 0),
                          least=lambda c: c.regs.get("k", 0))),
    # §17.3: remove <= 1 Active cube; then <= 1 cube from the Active or Discard pile back into the Bag
    "administrator": (PickStep(src=("active",), dest="stock", most=1),
                      PickStep(src=("active", "discard"), dest="bag", most=1)),
    # §17.4: 1 more Active cube to the Used pile, its effect not applied (mandatory, AMB-19: house rule
    # mechanic_mandatory); remove <= 2 Discard
    "mechanic": (PickStep(src=("active",), dest="used", most=1,
                          least=lambda c: int(c.state.rules.mechanic_mandatory)),
                 PickStep(src=("discard",), dest="stock", most=2)),
    # §17.5: draw 1; then remove exactly 1 from the Active or the Discard pile (it may be the cube just drawn)
    "factory_support": (DrawN(n=1),
                        PickStep(src=("active", "discard"), dest="stock", most=1, least=1)),
    # §17.6: remove k Active cubes; then up to 2k from the Discard pile (§24 Ex. 1)
    "maintenance_crew": (PickStep(src=("active",), dest="stock", most=MANY, reg="k"),
                         PickStep(src=("discard",), dest="stock", most=lambda c: 2 * c.regs.get("k", 0))),
    # §17.7: remove this cube; then draw up to 3, one at a time
    "performance_test": (RemoveSelf(), DrawStep(most=3)),
}
