"""Engine (blue) cards, §20: moving a long way, at a price in wear. "Move your blue cube …" places the blue cube."""

from __future__ import annotations

from racebook.automobiles.cards.helpers import ALL, colours_in, wear_if
from racebook.automobiles.effects import Ctx, Program
from racebook.automobiles.steps import Flag, Gain, MoveStep, PickStep


def _hybrid(c: Ctx) -> bool:
    """§20.2: my blue cubes in the Active, Used (with the track, this cube included) and Discard piles outnumber the
    blue cubes in each other player's Discard pile (strict, one by one; §24 Ex. 10)."""
    me = c.me
    mine = me.active.get("B", 0) + me.used.get("B", 0) + sum(1 for x in me.track if x.code == "B") \
        + me.discard.get("B", 0)
    return all(mine > c.state.players[o].discard.get("B", 0) for o in c.others())


PROGRAMS: dict[str, Program] = {
    # §20.1: +2 wear; up to as many dark grey spaces as dark grey cubes in the Discard pile (§24 Ex. 9)
    "diesel_engine": (Gain(n=2, when=wear_if(lambda c: c.me.discard.get("D", 0) > 0)),
                      MoveStep(colours=lambda c: frozenset("D"), most=lambda c: c.me.discard.get("D", 0))),
    # §20.2: +1 wear (whatever happens); if the blue count wins, up to 2 spaces of one colour
    "hybrid_engine": (Gain(n=1, when=wear_if(_hybrid)),
                      MoveStep(colours=lambda c: ALL, most=2, same=True, when=_hybrid)),
    # §20.3: +1 wear; up to as many white spaces as distinct colours in the Discard pile (§24 Ex. 11)
    "rotary_engine": (Gain(n=1), MoveStep(colours=lambda c: frozenset("W"), most=lambda c: colours_in(c.me.discard))),
    # §20.4: +1 wear; up to 2 cubes from the Discard pile into the Active pile
    "supercharged": (Gain(n=1), PickStep(src=("discard",), dest="active", most=2)),
    # §20.5: up to 3 spaces of one colour, no card wear; after the End phase the players behind move (turn machine)
    "boxer_engine": (MoveStep(colours=lambda c: ALL, most=3, same=True), Flag(name="boxer")),
    # §20.6: +2 wear (even for a superfluous second one); gear cubes played after it move up to 2 spaces (AMB-22)
    "fuel_injection": (Gain(n=2), Flag(name="fuel_injection")),
    # §20.7: discard 1 Active cube; then up to 3 Discard -> Active, +1 wear each
    "internal_combustion": (PickStep(src=("active",), dest="discard", most=1, least=1),
                            PickStep(src=("discard",), dest="active", most=3, reg="n"),
                            Gain(n=lambda c: c.regs.get("n", 0))),
}
