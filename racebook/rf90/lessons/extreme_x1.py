"""Notebook 14's helpers (Expansion #1's Extreme Trajectory at Spa, Monaco's braking zones): the position of
Ex. X1-1/X1-2 replayed under the manual's procedure, the exact odds of both procedures for several Target Checks,
what a failed ET costs, and a small Monaco strategy comparison, as sentences and table rows.

The rules are in :mod:`racebook.rf90.rules.extreme_x1`, the odds in :mod:`racebook.rf90.analysis.odds`, the races in
:mod:`racebook.rf90.analysis.simulate`; this module only sets the positions up and lays the numbers out.
"""

from __future__ import annotations

import tomllib
from typing import Any

from racebook.rf90 import notation, scenario
from racebook.rf90.analysis import odds
from racebook.rf90.analysis.simulate import COLOURS, simulate
from racebook.rf90.car import Strategy
from racebook.rf90.game import Race
from racebook.rf90.track import Trajectory, TrajectoryKind
from racebook.rf90.trackfile import load_track
from racebook.rf90.trackframe import focus_of
from racebook.rf90.tracksvg import frame_of_position, position_svg

#: the scenario whose position the comparisons start from (Ex. X1-1 and X1-2, expansion1 digest §8)
BASE = "x1_02"
#: the manual's procedure on Ex. X1-2's position: Red declares the ET with his card, the ET is tested in phase D.2
MANUAL_ACTIONS = ("Red start", "Red play R12 +traj", "Red test 1 blind")
#: the same three cards as Ex. X1-2, in the order the manual's procedure draws them (phase B first, then the ET test)
MANUAL_STACK = ("R33", "R57", "R40")


def base_raw() -> dict[str, Any]:
    """Ex. X1-2's scenario file as a dict, without its house rules (the expansion's procedure, Spa's default)."""
    raw = tomllib.loads(scenario.resolve_path(BASE).read_text(encoding="utf-8"))
    raw.pop("rules", None)
    return raw


def extreme_trajectory(race: Race) -> Trajectory:
    """The track's (first) Extreme Trajectory: Eau Rouge's at Spa."""
    return next(t for t in race.state.track.trajectories if t.kind is TrajectoryKind.EXTREME)


ET_FIELDS = ("section", "colours", "check_value", "bonus", "test_modifier", "recovery")


def provenance_rows(race: Race) -> list[dict[str, Any]]:
    """The track's Extreme Trajectory field by field: its value and where the value comes from (the track file's
    provenance: ``expansion1:``, ``derived:`` or ``invented-for-teaching``)."""
    track, et = race.state.track, extreme_trajectory(race)
    rows = []
    for f in ET_FIELDS:
        value = getattr(et, f)
        shown = ", ".join(c.value for c in value) if isinstance(value, tuple) else value
        rows.append({"field": f, "value": shown, "source": track.source_of(f"trajectories.{et.id}.{f}")})
    return rows


def manual_procedure() -> tuple[Race, int]:
    """Ex. X1-2's position played with the house rule ``et_procedure = "2e"`` (the 2nd-edition manual's ET): the
    race after Red's start, card and ET test, and the index of its first new event."""
    raw = base_raw()
    raw["rules"] = {"et_procedure": "2e"}
    raw["deck"] = {**raw["deck"], "stack": list(MANUAL_STACK)}
    race = scenario.build(raw)
    start = len(race.events)
    for text in MANUAL_ACTIONS:
        race.apply(text)
    return race, start


def with_target_check(tc: int) -> Race:
    """Ex. X1-1's position (before Red's turn) with Red's Target Check replaced by card R``tc``."""
    raw = base_raw()
    raw["cars"] = {"Red": {**raw["cars"]["Red"], "target": f"R{tc:02d}"}}
    return scenario.build(raw)


def odds_rows(target_checks: tuple[int, ...] = (35, 50, 67, 83, 95)) -> list[dict[str, Any]]:
    """Both procedures' targets and exact P(pass) from Ex. X1-1's position, one row per Target Check; with the
    expansion's expected bonus MP (P(pass) × the ET's bonus)."""
    rows = []
    for tc in target_checks:
        race = with_target_check(tc)
        car, et = race.state.cars["Red"], extreme_trajectory(race)
        target_x1, p_x1 = odds.et_check_x1(race.state, car, et)
        target_2e, p_2e = odds.blind_test(race.state, car, et.test_modifier or 0)
        rows.append({"Target Check": tc, "expansion: target": target_x1, "expansion: P(pass)": f"{float(p_x1):.1%}",
                     "manual: target": target_2e, "manual: P(pass)": f"{float(p_2e):.1%}",
                     "expected bonus MP (expansion)": f"{float(p_x1 * (et.bonus or 0)):.2f}"})
    return rows


def failure_cost_row() -> dict[str, str]:
    """What failing the ET of Ex. X1-1's position costs Red under the expansion: P(fail), then the exact outcome of
    Spa's off-track route walked from the ET value (:func:`racebook.rf90.analysis.odds.route_outcome`)."""
    race = scenario.build(base_raw())
    car, et = race.state.cars["Red"], extreme_trajectory(race)
    cost = odds.route_outcome(race.state, car, et.recovery or "", et.check_value or 0)
    p_fail = 1 - odds.et_check_x1(race.state, car, et)[1]
    return {"P(fail the ET)": f"{float(p_fail):.1%}", "then P(retire)": f"{float(cost.p_retire):.1%}",
            "then expected damage tokens": f"{float(cost.damage):.2f}",
            "then expected MP lost next turn": f"{float(cost.time_loss):.2f}"}


MONACO_STRATEGIES = (Strategy.BANGING_WHEELS, Strategy.SAVE_TYRES, Strategy.BALANCE)


def monaco_rows(races: int = 4, seed: int = 40, players: int = 3) -> list[dict[str, Any]]:
    """Seeded automatic races at Monaco, ``races`` per strategy, every human driver with that strategy: the humans'
    mean place and their retirements (:func:`racebook.rf90.analysis.simulate.simulate`)."""
    humans = COLOURS[:players]
    rows = []
    for strat in MONACO_STRATEGIES:
        results = simulate("monaco", races, seed=seed, players=players, strategy=strat)
        places = [r.order.index(h) + 1 for r in results for h in humans if h in r.order]
        rows.append({"strategy": strat.value, "races": len(results),
                     "mean place of the humans": f"{sum(places) / len(places):.2f}",
                     "retired": sum(h in r.retired for r in results for h in humans)})
    return rows


#: Monaco's example view (notebook 14, issue 33 item 5): Red waits in Grand-Hotel-brake, a braking section without
#: the LB symbol; Blue (the leader) and Green behind him at Mirabeau cannot late-brake past him there (§13.E.3).
#: The position is invented for teaching (the expansion prints no Monaco example).
MONACO_POSITION = "monaco turn=4 lap=2 | Grand-Hotel-brake: Red | Mirabeau: Blue* Green | Metropole: Pink"


def monaco_view(display_width: int = 980) -> str:
    """:data:`MONACO_POSITION` drawn framed on its cars' sections and their neighbours, its tokens readable when the
    picture is shown ``display_width`` px wide."""
    pos = notation.parse(MONACO_POSITION)
    track, frame = load_track("monaco"), frame_of_position(pos)
    focus, home = focus_of(track, frame)
    return position_svg(track, frame, focus=focus, home=home, display_width=display_width, title=str(pos))
