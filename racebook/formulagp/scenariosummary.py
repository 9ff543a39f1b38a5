"""The final-state summary of a FormulaGP race printed by ``racebook replay --json`` (docs/json-summary.md), moved
out of :mod:`racebook.formulagp.scenario` (which re-exports it) to keep that module under the 500-line limit.
Standard library only."""

from __future__ import annotations

from typing import Any

from racebook.core import scenario as core
from racebook.formulagp.game import Race


def summary(race: Race, scenario_id: str | None = None) -> dict[str, Any]:
    """The final-state summary printed by ``racebook replay --json`` (docs/json-summary.md)."""
    s = race.state
    return {
        "game": "formulagp",
        "scenario": scenario_id,
        "track": s.track_id,
        "board": s.board_id,
        "round": s.round,
        "flag": s.flag,
        "final_lap": s.final_lap,
        "final_round": s.final_round,
        "rules": s.rules.changed(),
        "to_play": race.current_car,
        "phase": s.phase.value,
        "finished": s.finished,
        "order": list(s.order),
        "classification": list(s.result),
        "cars": {c.id: {"at": s.track.name_of(c.pos) + (f"/{c.pos.shadow}" if c.pos.shadow else ""),
                        "lap": c.lap, "hand": list(c.hand), "ers": c.ers, "ot": c.ot, "tyre": c.tyre.value,
                        "wear": c.wear, "stress": c.stress, "penalties": c.penalties}
                 for c in s.cars.values()},
        "steps": len(race.steps) - 1,
        "events": sum(len(st.events) for st in race.steps),
    }


def summary_json(race: Race, scenario_id: str | None = None) -> str:
    return core.summary_json(summary(race, scenario_id))
