"""Expansion #1's track schema and its two tracks, Monaco and Spa (issue 20; expansion1 digest §3, §4, §11).

The values the expansion states are kept and cited ``expansion1: …``, the values it implies are ``derived: …``,
everything else is ``invented-for-teaching`` (tracks/rf90/SCHEMA.md, "Expansion #1 fields")."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.rf90.analysis.simulate import one_race
from racebook.rf90.car import RobotType
from racebook.rf90.cards import Colour, PowerKind
from racebook.rf90.cards import TestKind as CardTestKind
from racebook.rf90.track import INVENTED, EffectKind, EtProcedure, NodeKind, SectionType, Track, TrajectoryKind
from racebook.rf90.trackfile import available_tracks, load_track

ROOT = Path(__file__).resolve().parents[2]
TRACKS = ROOT / "tracks" / "rf90"


@pytest.fixture(scope="module")
def spa() -> Track:
    return load_track("spa")


@pytest.fixture(scope="module")
def monaco() -> Track:
    return load_track("monaco")


def test_the_check_command_passes_on_both_tracks(capsys: pytest.CaptureFixture[str]) -> None:
    from racebook.cli import main

    assert main(["tracks", "--check", str(TRACKS / "monaco.toml"), str(TRACKS / "spa.toml")]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "Monaco (30 sections, pit -9, 28 turns)" in out and "Spa-Francorchamps" in out


# ----------------------------------------------------------------------------- Spa (digest §4.10)


def test_spa_stated_values(spa: Track) -> None:
    assert "spa" in available_tracks() and spa.et_procedure is EtProcedure.EXPANSION1
    assert spa.pit_time == 6 and spa.source_of("pit.time").startswith("expansion1:")
    names = [c.name for c in sorted(spa.corners, key=lambda c: c.number)]
    assert names == ["La Source", "Eau Rouge", "Raidillon", "Les Combes", "Rivage", "Pouhon", "Stavelot",
                     "Blanchimont", "Bus Stop"]
    eau_rouge = next(c for c in spa.corners if c.name == "Eau Rouge")
    before = spa.straight_before(eau_rouge.number)
    ets = [t for t in spa.trajectories if t.kind is TrajectoryKind.EXTREME]
    assert len(ets) == 1
    et = ets[0]
    assert et.section == before and spa.section(before).type is SectionType.STRAIGHT
    assert et.colours == (Colour.GREEN,) and et.check_value == 60 and et.bonus == 4  # Fig. 1, Fig. 2 (AMB-X1-3)
    assert spa.source_of(f"trajectories.{et.id}.check_value").startswith("expansion1: Fig. 1")
    assert spa.source_of(f"trajectories.{et.id}.bonus").startswith("derived: Fig. 2")
    std = [t for t in spa.trajectories_in(before) if t.kind is TrajectoryKind.STANDARD]
    assert [t.colours for t in std] == [(Colour.GREEN,)]  # Fig. 1: a standard green trajectory beside it


def test_spa_eau_rouge_off_track_route(spa: Track) -> None:
    et = next(t for t in spa.trajectories if t.kind is TrajectoryKind.EXTREME)
    assert et.recovery is not None
    route = spa.routes[et.recovery]
    first = route.nodes[route.start]
    assert first.kind is NodeKind.TEST and first.test is not None
    assert first.test.kind is CardTestKind.NORMAL and first.test.modifier == -20  # 60 - 20 = 40 (Fig. 3)
    assert first.on_pass is not None
    passed = route.nodes[first.on_pass]
    assert [(e.kind, e.amount) for e in passed.effects] == [(EffectKind.TIME_LOSS, 2)]
    assert passed.next is not None
    reentry = route.nodes[passed.next]
    assert reentry.kind is NodeKind.REENTRY and reentry.section is not None
    # the first re-entry point: the nearest one after the ET section
    n = len(spa)
    ahead = sorted((spa.section(nd.section).index - spa.section(et.section).index) % n  # type: ignore[arg-type]
                   for nd in route.nodes.values() if nd.kind is NodeKind.REENTRY)
    assert (spa.section(reentry.section).index - spa.section(et.section).index) % n == ahead[0]


def test_spa_distances_of_figures_2_and_4(spa: Track) -> None:
    et = next(t for t in spa.trajectories if t.kind is TrajectoryKind.EXTREME)
    i = spa.section(et.section).index
    rivage = spa.sections[(i + 7) % len(spa)]  # Fig. 2: 7 MP on a clear track
    assert spa.corner_of(rivage.name) is not None and spa.corner_of(rivage.name).name == "Rivage"  # type: ignore
    assert any(Colour.ORANGE in t.colours for t in spa.trajectories_in(rivage.name))
    brake = spa.sections[(i + 6) % len(spa)]  # Fig. 7: the braking section before Rivage has the LB symbol
    assert brake.type is SectionType.BRAKING and brake.lb_modifier == -10  # AMB-X1-14: 70 - 10 = 60
    assert spa.source_of(f"sections.{brake.name}.lb_modifier").startswith("derived: AMB-X1-14")
    fig4 = spa.sections[(i + 4) % len(spa)]  # Fig. 4: [2] + 1, then 2 MP to that braking section
    assert [(t.bonus, Colour.ORANGE in t.colours) for t in spa.trajectories_in(fig4.name)] == [(1, True)]
    assert any(t.bonus == 2 and t.colours == (Colour.RED,) and "Stavelot" in t.section
               for t in spa.trajectories)  # Fig. 6


def test_spa_weather_is_tightened_and_its_cards_carry_the_crossed_et(spa: Track) -> None:
    inter = [s for s in spa.weather.spaces if s.condition.value == "intermediate"]
    monza = [s for s in load_track("monza").weather.spaces if s.condition.value == "intermediate"]
    assert sum(s.high - s.low + 1 for s in inter) < sum(s.high - s.low + 1 for s in monza)
    et = next(t for t in spa.trajectories if t.kind is TrajectoryKind.EXTREME)
    scoped = [c for c in spa.track_cards if c.code in spa.et_scoped_cards]
    assert scoped and all(spa.et_power_reaches(c, et) for c in scoped)
    assert all(any(p.kind is PowerKind.ET for p in c.powers) for c in scoped)
    assert sum(1 for c in spa.track_cards if c.weather) >= 4  # "more weather symbols" (§4.9)


# ----------------------------------------------------------------------------- Monaco (digest §3.6)


def test_monaco_stated_values(monaco: Track) -> None:
    assert "monaco" in available_tracks() and monaco.et_procedure is EtProcedure.SECOND_EDITION
    assert monaco.pit_time == 9 and monaco.source_of("pit.time").startswith("expansion1:")
    assert monaco.turns.last_turn == 28 and monaco.turns.source.startswith("expansion1:")
    names = [c.name for c in sorted(monaco.corners, key=lambda c: c.number)]
    assert names == ["Ste Devote", "Casino", "Mirabeau", "Grand Hotel hairpin", "Portier", "Chicane", "Tabac",
                     "Piscine", "Rascasse", "Anthony Noghes"]
    # the corners come in that order along the lap, and the start is on a (short) straight
    firsts = [monaco.section(c.sections[0]).index for c in sorted(monaco.corners, key=lambda c: c.number)]
    assert firsts == sorted(firsts)
    assert monaco.sections[0].type is SectionType.STRAIGHT and monaco.sections[1].type is not SectionType.STRAIGHT


def test_monaco_braking_sections_without_lb(monaco: Track) -> None:
    braking = [s for s in monaco.sections if s.type is SectionType.BRAKING]
    without = [s for s in braking if s.lb_modifier is None]
    assert len(without) >= 3  # "several" (§3.2)
    mirabeau = next(s for s in braking if s.corner == next(c.number for c in monaco.corners if c.name == "Mirabeau"))
    assert mirabeau.lb_modifier is not None  # "a favourite place to late-brake" (§3.1, AMB-X1-19)


def test_monaco_trajectories_and_cards(monaco: Track) -> None:
    chicane = next(c for c in monaco.corners if c.name == "Chicane")
    before = monaco.straight_before(chicane.number)
    assert before is not None and [t.bonus for t in monaco.trajectories_in(before)] == [2]
    assert monaco.source_of(f"trajectories.{monaco.trajectories_in(before)[0].id}.bonus").startswith("expansion1:")
    for name in ("Tabac", "Piscine", "Rascasse", "Anthony Noghes"):
        corner = next(c for c in monaco.corners if c.name == name)
        assert any(monaco.trajectories_in(s) for s in corner.sections), name
    assert sum(1 for c in monaco.track_cards if any(p.kind is PowerKind.DUEL for p in c.powers)) >= 2
    assert all(monaco.source_of(f"track_cards.{c.code}") == INVENTED for c in monaco.track_cards)


@pytest.mark.parametrize("track_id", ["monaco", "spa"])
def test_header_says_the_board_is_invented(track_id: str) -> None:
    head = (TRACKS / f"{track_id}.toml").read_text(encoding="utf-8").split("schema = 1", 1)[0]
    assert "NOT THE PRINTED BOARD" in head and "invented-for-teaching" in head and "expansion1" in head


# ----------------------------------------------------------------------------- full races


@pytest.mark.parametrize("track_id", ["monaco", "spa"])
def test_full_robot_race(track_id: str) -> None:
    robots = [("SuperFast1", RobotType.SUPERFAST), ("Fast1", RobotType.FAST), ("Fast2", RobotType.FAST),
              ("Slow1", RobotType.SLOW)]
    race, res = one_race(track_id, 11, players=0, robots=robots)
    assert race.state.turn == load_track(track_id).turns.last_turn
    assert set(res.order) | set(res.retired) <= {r for r, _ in robots} and res.order


@pytest.mark.parametrize("track_id", ["monaco", "spa"])
@pytest.mark.parametrize("driver", ["greedy", "random"])
def test_full_race_with_automatic_human_drivers(track_id: str, driver: str) -> None:
    race, res = one_race(track_id, 3, players=3, driver=driver)
    assert race.state.turn == load_track(track_id).turns.last_turn
    humans = {"Blue", "Red", "Green"} & set(race.state.cars)
    assert len(humans) == 3 and res.order
    assert all(race.state.cars[h].pits >= 1 or h in res.retired for h in humans)


def test_both_tracks_appear_in_the_pickers() -> None:
    pytest.importorskip("ipywidgets")
    from racebook.rf90.ui import fullrace

    assert {"monaco", "spa"} <= set(fullrace.race_tracks())
