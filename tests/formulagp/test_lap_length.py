"""The race circuit and the lap's length (issue 37, docs/formulagp.md "Lap length calibration").

A lap takes (its spaces) / (the spaces a car drives a round) rounds. The source's moves are about 5-6 spaces (Example
10: 5), a Standard race is 16 rounds (§1) and from space 24 the current lap is the final lap (§17.1); a Safety Car on
or after round 24 ends the race (§19.4.1). The teaching circuit's lap (81 spaces in lane 2) took about 13 rounds, so
its final lap alone added about 9 rounds; the race circuit ``teaching_short`` (invented-for-teaching, marked
``default_race`` in its file) is lapped in about 4 and new races use it; the worked examples keep ``teaching``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.errors import TrackDataError
from racebook.formulagp import events as ev
from racebook.formulagp import hooks, integrity
from racebook.formulagp import track as trackmod
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.lessons.firstrace import FirstRace
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import load_track, parse_track, race_track
from racebook.formulagp.trackparts import Shape, Surface


def lane_spaces(track_id: str, lane: int) -> int:
    """The spaces of one lane all the way round (the lane must be open on every movement tile)."""
    t = load_track(track_id)
    assert all(x.racing(lane) for x in t.tiles if x.costs_mp)
    return sum(len(x.spaces(lane)) for x in t.tiles if x.costs_mp)


def test_the_race_circuit_is_the_one_the_data_marks() -> None:
    assert race_track() == "teaching_short"
    assert [t for t in trackmod.track_ids() if load_track(t).default_race] == ["teaching_short"]
    assert hooks.new_race(0).state.track.name == "teaching_short"  # the registry's races (racebook replay, simulate)
    assert FirstRace(seed=3, rounds=1).race.state.track.name == "teaching_short"  # notebook F0
    assert new_race(["Grey", "Red"], 0).state.track.name == "teaching"  # the engine's tests and the examples


def test_a_lap_of_the_race_circuit_is_a_third_of_the_teaching_circuits() -> None:
    """About 4 rounds of 6 spaces against about 13 (the teaching circuit keeps its 40 tiles for the examples)."""
    short, teaching = load_track("teaching_short"), load_track("teaching")
    assert (short.movement_tiles, teaching.movement_tiles) == (23, 40)
    assert lane_spaces("teaching_short", 2) == 24 and lane_spaces("teaching", 2) == 81
    assert all(len(x.spaces(ln)) in (1, 2) for x in short.tiles if x.costs_mp for ln in range(1, 5) if x.racing(ln))
    assert all(len(x.spaces(ln)) == 1 for x in short.tiles if x.shape is Shape.STRAIGHT for ln in range(1, 5)
               if x.racing(ln))  # one space a lane on a straight; one or two in a corner (Example 1 of §2.3)


def test_the_race_circuit_holds_every_tile_kind_a_race_meets() -> None:
    t = load_track("teaching_short")
    moving = [x for x in t.tiles if x.costs_mp]
    assert t.pit_shadow is not None and t.pit_source.startswith("invented-for-teaching")
    assert t.source.startswith("invented-for-teaching")
    assert any(x.skids for x in moving) and any(x.no_pairs for x in moving) and any(x.walls for x in moving)
    assert any(x.straight_token for x in moving) and {x.drs for x in moving if x.drs} == {"D1"}
    assert any(s.surface is Surface.SLIPSTREAM for x in moving for ln in range(1, 5) for s in x.spaces(ln))
    assert any(s.surface is Surface.DOUBLE for x in moving for ln in range(1, 5) for s in x.spaces(ln))
    assert any(t.lane_ends(x.index, ln) for x in moving for ln in range(1, 5))
    assert {x.gear for x in moving} == {2, 4, 6, 8} and len(t.grid) == 6


def _doc(**extra: object) -> dict[str, object]:
    return {"schema": 1, "name": "x", "source": "invented-for-teaching: a test", "laps": 1,
            "grid": ["A1.1.1", "A2.1.1"],
            "tiles": [{"id": "SF", "feature": "finish"}]
            + [{"id": f"A{i}", "shape": "straight", "gear": 8, "lanes": ["n", "n", "n", "n"]} for i in range(1, 8)]
            + [{"id": "A8", "shape": "corner", "turn": "left", "gear": 4, "lanes": ["n", "n", "n", "n"]}],
            "pit": {"side": "right", "entry": "A7", "exit": "A1", "boxes": 2}, **extra}


def test_default_race_is_true_or_false_and_exactly_one_shipped_track_says_true(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_track(_doc(), "x.toml", "x").default_race is False
    assert parse_track(_doc(default_race=True), "x.toml", "x").default_race is True
    with pytest.raises(TrackDataError, match=r"x\.toml: default_race: 'yes' is not true or false"):
        parse_track(_doc(default_race="yes"), "x.toml", "x")
    for tid in ("one", "two"):  # two shipped tracks marked: no race circuit
        text = (trackmod.TRACKS / "teaching_short.toml").read_text(encoding="utf-8")
        (tmp_path / f"{tid}.toml").write_text(text.replace('name = "teaching_short"', f'name = "{tid}"'),
                                              encoding="utf-8")
    monkeypatch.setattr(trackmod, "TRACKS", tmp_path)
    monkeypatch.setattr(trackmod, "_INSTALLED", tmp_path / "none")
    trackmod.load_track.cache_clear()
    try:
        with pytest.raises(TrackDataError, match="exactly one shipped FormulaGP track says default_race = true "
                                                 r"\(got one, two\)"):
            race_track()
        (tmp_path / "two.toml").unlink()
        assert race_track() == "one"
        one = tmp_path / "one.toml"
        one.write_text(one.read_text(encoding="utf-8").replace("default_race = true\n", ""), encoding="utf-8")
        trackmod.load_track.cache_clear()
        with pytest.raises(TrackDataError, match=r"\(got none\)"):
            race_track()
    finally:
        trackmod.load_track.cache_clear()


def _leader_lap_rounds(race: Race) -> list[int]:
    """The rounds between the first car's crossings of the line (the leader's laps, §17.1)."""
    crossed: dict[int, int] = {}
    rnd = 0
    for step in race.steps:
        for e in step.events:
            if isinstance(e, ev.RoundStarted):
                rnd = e.round
            elif isinstance(e, ev.CrossedLine):
                crossed.setdefault(e.lap, rnd)
    laps = sorted(crossed)
    return [crossed[b] - crossed[a] for a, b in zip(laps, laps[1:], strict=False)]


def test_seeded_races_on_the_race_circuit_run_four_rounds_a_lap_and_end_near_16_rounds() -> None:
    """Measured on 100 seeded races (benchmarks/safetycar_formulagp.py): 4.1 rounds a lap, 17.6 rounds a race, 2.6
    from space 24 (the teaching circuit: 11.4, 23.7 and 8.7). Here 6 greedy races of 2-6 cars."""
    laps: list[int] = []
    for seed in range(6):
        cars = [f"C{i}" for i in range(2 + seed % 5)]
        race = new_race(cars, seed, track=race_track())
        play_out(race, {c: Greedy(seed + i) for i, c in enumerate(cars)}, max_actions=30_000)
        s = race.state
        assert race.is_over and s.flag - s.final_lap_at <= 7  # the final lap: at most 7 rounds past space 24
        laps += _leader_lap_rounds(race)
        assert max(c.lap for c in s.cars.values()) >= 4  # the start's crossing and 3 laps or more
    assert 3 <= sum(laps) / len(laps) <= 5.5


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), cars=st.integers(2, 6), bots=st.integers(0, 2))
def test_any_seeded_race_on_the_race_circuit_ends_with_every_card_in_place(seed: int, cars: int, bots: int) -> None:
    ids = [f"C{i}" for i in range(cars)]
    rookies = ids[cars - min(bots, cars - 1):] if bots else []
    race = new_race(ids, seed, bots=rookies, qualifying=seed % 2 == 0, track=race_track())
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(ids)
               if c not in rookies}
    play_out(race, drivers, max_actions=30_000)  # type: ignore[arg-type]
    assert race.is_over and integrity.problems(race.state) == []
    assert sorted(race.classification()) == sorted(ids)
