"""House rules for FormulaGP: named switches for the readings the digest marks ambiguous (§24, A1–A45) and for the
engine's own readings where the digest is silent, as :mod:`racebook.automobiles.options` does for Automobiles.

Each switch defaults to the digest's recommended reading; a club that reads the rules otherwise flips it. What each
switch means, its section and both readings are **data**, in ``data/house_rules.toml`` (:func:`house_rule_docs`); a
test keeps the file and this class in step. A race carries its switches in ``RaceState.rules``; the position notation
(``rules=``) and the saves record the switches that differ from the defaults. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from racebook.core.houserules import HouseRules, RuleDoc, load_docs
from racebook.formulagp.components import DATA

__all__ = ["Rules", "house_rule_docs"]


@dataclass(frozen=True, slots=True)
class Rules(HouseRules):
    """House-rule switches of a FormulaGP race. Defaults = the digest's recommended readings. Add a switch at the
    end, with its [[rule]] in data/house_rules.toml (same order) and a test of both readings."""

    leader_crossing_in_round_24: bool = True  # A6: a leader crossing during round 24 starts the final round
    pit_lane_start_round: int = 3  # A7: a qualifying crash starts from the pit lane after everyone moved in round 3


@cache
def house_rule_docs() -> dict[str, RuleDoc]:
    """The documentation of every switch, from ``data/house_rules.toml`` (validated against :class:`Rules`)."""
    return load_docs(DATA / "house_rules.toml", Rules)
