"""Pit (purple) cards, §19: removing cubes you own, especially wear, mostly from the Discard pile. No wear."""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.cards.helpers import colours_in, is_wear
from racebook.automobiles.cubes import WEAR
from racebook.automobiles.effects import Ctx, Program
from racebook.automobiles.steps import ChooseStep, Compute, DrawUntil, PickStep, RemoveAll, chose


def _fewest_discards(c: Ctx) -> bool:
    """§19.7: fewer cubes in my Discard pile than each other player has in theirs (strict, one by one)."""
    mine = zones.size(c.me.discard)
    return all(mine < zones.size(c.state.players[o].discard) for o in c.others())


def _affordable(c: Ctx, code: str) -> bool:
    """§19.4: a new cube whose cost is at most the removed cubes' total cost (not wear: house rule
    ``pit_team_gains_wear``)."""
    return (code != WEAR or c.state.rules.pit_team_gains_wear) and c.state.comps.cost(code) <= c.regs.get("budget", 0)


PROGRAMS: dict[str, Program] = {
    # §19.1: draw until a cube that is not wear (all to the Active pile); then remove all wear from the Discard pile
    "crew_chief": (DrawUntil(), RemoveAll(zone="discard", code=WEAR)),
    # §19.2: remove up to 6 from the Discard pile
    "pit_captain": (PickStep(src=("discard",), dest="stock", most=6),),
    # §19.3: (a) all wear from the Discard pile, or (b) any 2 cubes from it (fewer if fewer, AMB-10)
    "pit_crew": (ChooseStep(), RemoveAll(zone="discard", code=WEAR, when=chose("a")),
                 PickStep(src=("discard",), dest="stock", most=2, least=2, when=chose("b"))),
    # §19.4: remove up to 3 from the Discard pile; gain 1 cube costing at most their total cost (costs, not values)
    "pit_team": (PickStep(src=("discard",), dest="stock", most=3, tally="budget"),
                 PickStep(src=("stock",), dest="used", most=1, least=1, only=_affordable)),
    # §19.5: remove up to as many as there are distinct colours in the Discard pile now (§24 Ex. 7)
    "air_jacks": (Compute(reg="n", fn=lambda c: colours_in(c.me.discard)),
                  PickStep(src=("discard",), dest="stock", most=lambda c: c.regs["n"])),
    # §19.6: remove up to 4 from the Discard pile; then all wear in the Used pile (gained so far this turn)
    "impact_wrench": (PickStep(src=("discard",), dest="stock", most=4), RemoveAll(zone="used", code=WEAR)),
    # §19.7: remove up to 6 wear from the Discard pile; then up to 2 more if strictly fewest discards (§24 Ex. 8)
    "pit_mechanic": (PickStep(src=("discard",), dest="stock", most=6, only=is_wear),
                     PickStep(src=("discard",), dest="stock", most=2, when=_fewest_discards)),
}
