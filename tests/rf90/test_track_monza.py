"""Tests for tracks/monza.toml: the values of the manual's Ex. 33 and Ex. 34 (digest §30, §32), and their provenance.

The manual quotes two spots on the Monza board: the Extreme Trajectory at the exit of the 1st Di Lesmo
(Ex. 33) and the LB symbol in the braking zone of Variante Ascari (Ex. 34). Those values must be kept exactly
and cited "manual: …". Everything else in the file is invented-for-teaching.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from racebook.rf90.cards import Colour, PowerKind
from racebook.rf90.cards import TestKind as CardTestKind  # aliased: pytest would try to collect "Test*"
from racebook.rf90.track import INVENTED, EffectKind, NodeKind, Route, RouteNode, SectionType, Track, TrajectoryKind
from racebook.rf90.trackfile import available_tracks, load_track

ET_ID = "Lesmo1-exit.et1"
ASCARI_BRAKE = "Ascari-brake"
ASCARI_REENTRY = "Ascari-2"


@pytest.fixture(scope="module")
def monza() -> Track:
    return load_track("monza")


def _valid_source(s: str) -> bool:
    return s == INVENTED or (s.startswith("manual:") and bool(s[len("manual:"):].strip()))


def _effects(node: RouteNode) -> list[tuple[EffectKind, int]]:
    return [(e.kind, e.amount) for e in node.effects]


def _follow(route: Route, nid: str | None) -> RouteNode:
    assert nid is not None
    return route.nodes[nid]


# ----------------------------------------------------------------------------- layout


def test_monza_loads_with_the_1990_layout(monza: Track) -> None:
    assert "monza" in available_tracks()
    assert monza.name == "Monza"
    assert 26 <= len(monza.sections) <= 30
    assert [c.name for c in sorted(monza.corners, key=lambda c: c.number)] == [
        "Variante Goodyear", "Curva Grande", "Variante della Roggia", "1st Di Lesmo", "2nd Di Lesmo",
        "Variante Ascari", "Curva Parabolica",
    ]
    # The first section after the finish line is a straight, and so is the last one (the pit straight).
    assert monza.sections[0].type is SectionType.STRAIGHT
    assert monza.sections[-1].type is SectionType.STRAIGHT
    # The long straights: Serraglio before Ascari, the back straight before Parabolica.
    types = [s.type for s in monza.sections]
    assert types.count(SectionType.STRAIGHT) >= 10


# ----------------------------------------------------------------------------- Ex. 33: the 1st Di Lesmo ET


def test_ex33_et_at_the_exit_of_the_1st_di_lesmo(monza: Track) -> None:
    et = monza.trajectory(ET_ID)
    assert et.kind is TrajectoryKind.EXTREME
    assert et.bonus == 3  # a [3] "hoping for 6 MP"
    assert et.test_modifier == 0  # TC 67 against the blind 83, no modifier
    assert len(et.colours) == 1 and et.colours[0] in set(Colour)
    # "at the exit of": the last section of the 1st Di Lesmo.
    lesmo = monza.corner_of(et.section)
    assert lesmo is not None and lesmo.name == "1st Di Lesmo"
    assert lesmo.sections[-1] == et.section
    assert et.recovery is not None


def test_ex33_recovery_chart_normal_minus_10_then_2_or_4_mp(monza: Track) -> None:
    et = monza.trajectory(ET_ID)
    assert et.recovery is not None
    chart = monza.routes[et.recovery]
    t1 = chart.nodes[chart.start]
    assert t1.kind is NodeKind.TEST
    assert t1.test is not None and t1.test.kind is CardTestKind.NORMAL and t1.test.modifier == -10
    green = _follow(chart, t1.on_pass)
    red = _follow(chart, t1.on_fail)
    assert _effects(green) == [(EffectKind.MP_LOSS, 2)]
    assert _effects(red) == [(EffectKind.MP_LOSS, 4)]
    assert _follow(chart, green.next).kind is NodeKind.BACK_ON_TRACK
    assert _follow(chart, red.next).kind is NodeKind.BACK_ON_TRACK
    # The example's arithmetic: TC 83 after the failed blind draw, target 83 - 10 = 73, the (42) from hand
    # passes; net movement 3 - 2 = 1 MP; on the red arrow 3 - 4 < 1, so the car does not move (NO MOVE).
    assert 83 + t1.test.modifier == 73 and 42 <= 73
    assert 3 - green.effects[0].amount == 1
    assert 3 - red.effects[0].amount <= 0


# ----------------------------------------------------------------------------- Ex. 34: Variante Ascari


def test_ex34_ascari_braking_zone_lb_minus_10(monza: Track) -> None:
    brake = monza.section(ASCARI_BRAKE)
    assert brake.type is SectionType.BRAKING
    assert brake.lb_modifier == -10
    assert brake.corner is not None and monza.corner(brake.corner).name == "Variante Ascari"
    nxt = monza.sections[monza.next_index(brake.index)]
    assert monza.corner_of(nxt.name) == monza.corner(brake.corner)
    assert 77 + brake.lb_modifier == 67  # TC 77, modifier -10 -> 67; the draw (73) fails


def test_ex34_ascari_route_minus_20_then_tyre_and_time_loss_then_reentry(monza: Track) -> None:
    brake = monza.section(ASCARI_BRAKE)
    assert brake.lb_route is not None
    route = monza.routes[brake.lb_route]
    t1 = route.nodes[route.start]
    assert t1.kind is NodeKind.TEST
    assert t1.test is not None and t1.test.modifier == -20
    assert t1.test.kind is CardTestKind.NORMAL  # invented: the manual does not say normal or blind
    assert 73 + t1.test.modifier == 53
    passed = _follow(route, t1.on_pass)
    assert _effects(passed) == [(EffectKind.TYRE_WEAR, 1), (EffectKind.TIME_LOSS, 2)]
    reentry = _follow(route, passed.next)
    assert reentry.kind is NodeKind.REENTRY and reentry.section == ASCARI_REENTRY
    assert monza.section(ASCARI_REENTRY).reentry
    # "Failing the recovery would have meant serious damage to the car": damage, then back on the track.
    failed = _follow(route, t1.on_fail)
    assert EffectKind.DAMAGE in {k for k, _ in _effects(failed)}
    assert _follow(route, failed.next).kind is NodeKind.REENTRY


# ----------------------------------------------------------------------------- provenance of the manual values

MANUAL_PATHS = {
    # Ex. 33
    f"trajectories.{ET_ID}.kind": "Ex. 33",
    f"trajectories.{ET_ID}.bonus": "Ex. 33",
    f"trajectories.{ET_ID}.test_modifier": "Ex. 33",
    f"trajectories.{ET_ID}.recovery": "Ex. 33",
    "routes.lesmo1-et.start": "Ex. 33",
    "routes.lesmo1-et.nodes.t1.test": "Ex. 33",
    "routes.lesmo1-et.nodes.t1.modifier": "Ex. 33",
    "routes.lesmo1-et.nodes.pass.effects": "Ex. 33",
    "routes.lesmo1-et.nodes.fail.effects": "Ex. 33",
    "routes.lesmo1-et.nodes.back.kind": "Ex. 33",
    "corners.4.name": "Ex. 33",
    # Ex. 34
    f"sections.{ASCARI_BRAKE}.type": "Ex. 34",
    f"sections.{ASCARI_BRAKE}.lb_modifier": "Ex. 34",
    f"sections.{ASCARI_BRAKE}.lb_route": "Ex. 34",
    "routes.ascari-lb.start": "Ex. 34",
    "routes.ascari-lb.nodes.t1.modifier": "Ex. 34",
    "routes.ascari-lb.nodes.pass.effects": "Ex. 34",
    "routes.ascari-lb.nodes.pass.next": "Ex. 34",
    "corners.6.name": "Ex. 34",
    # Both examples name the track.
    "name": "Ex. 33",
}

INVENTED_PATHS = [
    f"trajectories.{ET_ID}.colours",  # the manual gives no colour
    f"trajectories.{ET_ID}.section",  # the exit as a section of its own
    f"sections.{ASCARI_BRAKE}.corner",  # corner numbers are invented
    "corners.4.number", "corners.4.duel_modifier", "corners.4.sections",
    "corners.6.number", "corners.6.duel_modifier", "corners.6.sections",
    "routes.ascari-lb.nodes.in.section",  # the re-entry section
    "routes.ascari-lb.nodes.fail.effects",  # "serious damage": the amounts are invented
    "pit.time", "weather.rain_side", "turns.spaces", "description",
]


@pytest.mark.parametrize(("path", "example"), sorted(MANUAL_PATHS.items()))
def test_every_manual_value_cites_the_manual(monza: Track, path: str, example: str) -> None:
    assert path in monza.sources, path
    src = monza.source_of(path)
    assert src.startswith("manual:") and example in src, (path, src)


@pytest.mark.parametrize("path", INVENTED_PATHS)
def test_invented_values_are_marked_invented(monza: Track, path: str) -> None:
    assert path in monza.sources, path
    assert monza.source_of(path) == INVENTED, (path, monza.source_of(path))


def test_ascari_test_kind_is_flagged_invented_in_its_citation(monza: Track) -> None:
    # A route node takes a single `source` (no `sources` override), so the node holding the manual's -20 cites
    # Ex. 34 and its citation says that the test kind is invented.
    src = monza.source_of("routes.ascari-lb.nodes.t1.test")
    assert src.startswith("manual: Ex. 34") and "-20" in src
    assert "'normal' is invented-for-teaching" in src


def test_only_ex33_and_ex34_are_cited(monza: Track) -> None:
    manual = {k: v for k, v in monza.sources.items() if v != INVENTED}
    assert set(MANUAL_PATHS) <= set(manual)
    for path, src in manual.items():
        assert "Ex. 33" in src or "Ex. 34" in src, (path, src)
    # No other table claims a manual value: the other corners, sections, trajectories and routes are invented.
    for s in monza.sections:
        assert (s.source != INVENTED) == (s.name == ASCARI_BRAKE), s
    for c in monza.corners:
        assert (c.source != INVENTED) == (c.number in (4, 6)), c
    for t in monza.trajectories:
        assert (t.source != INVENTED) == (t.id == ET_ID), t
    assert {rid for rid, r in monza.routes.items() if r.source != INVENTED} == {"lesmo1-et", "ascari-lb"}


def test_every_table_carries_a_valid_source(monza: Track) -> None:
    objects = [*monza.sections, *monza.corners, *monza.trajectories, *monza.routes.values(),
               *monza.weather.spaces, monza.turns]
    for obj in objects:
        assert _valid_source(obj.source), obj
    assert all(_valid_source(v) for v in monza.sources.values())
    raw = tomllib.loads(Path(monza.file).read_text(encoding="utf-8"))
    tables = [raw, raw["pit"], raw["weather"], raw["turns"], *raw["sections"], *raw["corners"],
              *raw["trajectories"], *raw["routes"].values(), *raw["weather"]["spaces"], *raw["grid"],
              *raw["track_cards"]]
    for table in tables:
        assert _valid_source(table["source"]), table
    # An object marked invented holds no manual value.
    for s in monza.sections:
        if s.source == INVENTED:
            assert all(v == INVENTED for k, v in monza.sources.items() if k.startswith(f"sections.{s.name}."))
    for c in monza.corners:
        if c.source == INVENTED:
            assert all(v == INVENTED for k, v in monza.sources.items() if k.startswith(f"corners.{c.number}."))
    for rid, r in monza.routes.items():
        if r.source == INVENTED:
            assert all(v == INVENTED for k, v in monza.sources.items() if k.startswith(f"routes.{rid}."))


# ----------------------------------------------------------------------------- the invented rest


def test_invented_pit_weather_turns_grid(monza: Track) -> None:
    assert monza.pit_time == 6  # printed -6
    assert monza.weather.rain_side == "right"
    assert monza.weather.spaces[0].condition.value == "dry" and monza.weather.spaces[-1].condition.value == "rain"
    assert [monza.weather.spaces[monza.weather.index_for(c)].covers(c) for c in range(1, 100)] == [True] * 99
    assert monza.turns.last_turn == 22
    assert [s.turn for s in monza.turns.spaces if s.stage_start] == [1, 7, 13, 18]
    assert monza.grid[0].section == monza.sections[-1].name
    assert sum(g.cars for g in monza.grid) == 12


def test_other_lb_zones_and_a_crash_out_with_the_safety_car(monza: Track) -> None:
    lb = [s.name for s in monza.sections if s.lb_modifier is not None]
    assert ASCARI_BRAKE in lb and len(lb) >= 2
    retire = [n for r in monza.routes.values() for n in r.nodes.values() if n.kind is NodeKind.RETIRE]
    assert any(n.crash_out and n.safety_car for n in retire)


def test_track_cards_cover_the_corners_with_lb_and_et_powers(monza: Track) -> None:
    cards = monza.track_cards
    assert 6 <= len(cards) <= 10
    assert all(monza.source_of(f"track_cards.{c.code}") == INVENTED for c in cards)
    assert {n for c in cards for n in c.corners} == {c.number for c in monza.corners}
    powers = [p for c in cards for p in c.powers]
    assert any(p.kind is PowerKind.LB for p in powers)
    et_colours = {p.colour for p in powers if p.kind is PowerKind.ET}
    assert et_colours and et_colours <= {col for t in monza.trajectories if t.kind is TrajectoryKind.EXTREME
                                         for col in t.colours}
