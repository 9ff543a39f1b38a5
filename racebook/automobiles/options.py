"""House rules for Automobiles: named switches for the readings the digest marks ambiguous (§25) and for the
engine's own readings where the digest is silent (as :mod:`racebook.rf90.options` does for RF90).

Each switch defaults to the digest's recommended reading (or the engine's documented reading); a club that reads the
rules otherwise flips it. What each switch means, its section and both readings are **data**, in
``data/house_rules.toml`` (:func:`house_rule_docs`); a test keeps the file and this class in step. A race carries
its switches in ``GameState.rules``; scenario files set them in a ``[rules]`` table; the position notation and the
saves record the switches that differ from the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from racebook.automobiles.cubes import DATA
from racebook.core.houserules import HouseRules, RuleDoc, load_docs

#: The house rule ``round_limit`` (§14; the source sets no limit): a race of L laps ends at the end of round
#: L x ROUNDS_PER_LAP if no car has completed the laps by then. Computer players that race (GreedyDriver,
#: BuilderDriver) need 11-17 rounds a lap on the teaching board and up to 33 on the Weaving variant (the 96 races of
#: tests/data/equivalence_automobiles.json: none reaches the limit); uniformly random legal play needs more
#: (docs/automobiles.md). 30 a lap, the first value, cut one greedy Weaving race short at round 90 of its 97.
ROUNDS_PER_LAP = 40


class GainsTo(Enum):
    """AMB-3: where gained and bought cubes go."""

    USED = "used"  # recommended: the Used pile (then the Discard pile in the End phase)
    DISCARD = "discard"  # straight into the Discard pile


class DraftOrder(Enum):
    """§22.2: the order in which players choose a driver (not in the source)."""

    REVERSE_GRID = "reverse_grid"  # recommended: the back of the grid chooses first
    GRID = "grid"  # the front of the grid chooses first


class SeasonGrid(Enum):
    """AMB-26: the grid of races 2, 3, … of a Season."""

    FINISHING = "finishing"  # recommended: the winner on pole, in finishing order
    REVERSED = "reversed"  # the winner at the back


class SponsorTiers(Enum):
    """AMB-27: which finishing positions use a sponsor's last-place effect."""

    THIRD_OR_WORSE = "third_or_worse"  # recommended fallback: 1st first, 2nd middle, 3rd or worse last (fits Ex. 22)
    LAST_ONLY = "last_only"  # 1st first, the last player last, everyone else middle


@dataclass(frozen=True, slots=True)
class Rules(HouseRules):
    """House-rule switches of an Automobiles race. Defaults = the recommended readings."""

    # -- the engine's own readings (the digest is silent: docs/automobiles.md "House rules")
    wear_buyable: bool = False  # §9: wear is gained, never bought
    pit_team_gains_wear: bool = False  # §19.4: Pit Team's new cube cannot be wear
    redline_fi_one_colour: bool = True  # §18.7 + §20.6, AMB-22: a white cube moving 2 stays on one colour
    camber_toe_needs_discard: bool = True  # §18.6: Camber & Toe moves only if a gear was discarded
    mag_matthews_active_pays: bool = True  # §22.2: a cube Mag Matthews puts in the Active pile adds its value
    round_limit: bool = True  # §14: nobody has finished after ROUNDS_PER_LAP rounds a lap: the race ends (club rule)
    # -- the digest's ambiguities (§25)
    gains_to: GainsTo = GainsTo.USED  # AMB-3
    drafting_diagonal: bool = False  # AMB-14: a car diagonally ahead (adjacent lane) also gives the draft
    refill_every_draw: bool = True  # AMB-15: the refill rule for every draw, not only the End phase's 7
    finish_the_round: bool = True  # AMB-17: equal turns: the round in which the finish is triggered is finished
    fuel_injection_exactly_two: bool = False  # AMB-10: under Fuel Injection a gear cube moves 1 or 2 (True: 2)
    mechanic_mandatory: bool = True  # AMB-19: Mechanic's extra cube is mandatory when the Active pile has one
    printed_wear_without_move: bool = True  # AMB-21: a moving card's printed wear even when it can move nothing
    prerace_buys_to_bag: bool = True  # AMB-4: the pre-race purchases go into the Bag (False: the Discard pile)
    juan_goody_without_cubes: bool = True  # AMB-24 (c): Juan Goody's move even when no cube was placed
    driver_draft: DraftOrder = DraftOrder.REVERSE_GRID  # §22.2
    season_grid: SeasonGrid = SeasonGrid.FINISHING  # AMB-26
    sponsor_tiers: SponsorTiers = SponsorTiers.THIRD_OR_WORSE  # AMB-27


def rules_text(rules: Rules) -> str:
    """The changed switches as one word for the position notation: ``gains_to=discard,wear_buyable=1``."""
    return rules.text()


def parse_rules_text(text: str) -> Rules:
    """The inverse of :func:`rules_text` (a DataError for anything else)."""
    return Rules.parse_text(text)


@cache
def house_rule_docs() -> dict[str, RuleDoc]:
    """The documentation of every switch, from ``data/house_rules.toml`` (validated against :class:`Rules`)."""
    return load_docs(DATA / "house_rules.toml", Rules)
