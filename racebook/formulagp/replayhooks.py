"""FormulaGP's ``racebook replay`` hooks (:class:`racebook.core.registry.GameHooks` ``play_scenario`` and
``summary_json``), apart from :mod:`racebook.formulagp.hooks` so that a replay imports the scenario reader and the
engine it plays, and not the computer drivers, the series of races and their CSV, the labels nor the conservation
check (issue 36: import what a command needs). The spec's ``hook_paths`` name them; the hooks module re-exports them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.registry import Played
from racebook.formulagp import scenario, scenariosummary

if TYPE_CHECKING:
    from racebook.formulagp.game import Race


def play_scenario(source: str) -> Played:
    sc = scenario.read(source)
    return Played(sc.id, sc.title, sc.cite, sc.assumed, sc.race(), tuple(e.sentence() for e in sc.prelude))


def summary_json(race: Race, scenario_id: str | None) -> str:
    return scenariosummary.summary_json(race, scenario_id)
