"""RF90's ``racebook replay`` hooks (:class:`racebook.core.registry.GameHooks` ``play_scenario`` and
``summary_json``), apart from :mod:`racebook.rf90.hooks` so that a replay imports the scenario reader and the engine
it plays, and not the buttons' labels nor the conservation check (issue 36: import what a command needs). The spec's
``hook_paths`` name them; :mod:`racebook.rf90.hooks` re-exports them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from racebook.core.registry import Played
from racebook.rf90 import scenario

if TYPE_CHECKING:
    from racebook.rf90.game import Race


def play_scenario(source: str) -> Played:
    sc = scenario.load(source)
    return Played(sc.id, sc.title, sc.cite, sc.assumed, sc.race)


def summary_json(race: Race, scenario_id: str | None) -> str:
    return scenario.summary_json(race, scenario_id)
