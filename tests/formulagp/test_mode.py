"""The race's mode (issue 38's foundation): the Standard race, or the Advanced race whose Chequered Flag starts on the
radar's Advanced start space (§4.2 b: space 1, 24 rounds) and whose [ADV] rules apply. The mode is set up by
``new_race(mode=…)``, a scenario's ``mode`` key and ``racebook simulate --mode``; the position notation writes
``mode=advanced`` (a Standard race's line is as before) and reads it back; a bad mode is one clean error."""

from __future__ import annotations

import contextlib
import io
import tomllib
from pathlib import Path

import pytest
from loaders import toml_text

from racebook import cli
from racebook.core.errors import NotationError, ScenarioError, SetupError
from racebook.formulagp import hooks, scenario
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.panel import panel
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track


def test_the_standard_race_is_the_default_and_its_line_has_no_mode() -> None:
    s = new_state(["A", "B"], 1)
    assert s.mode is Mode.STANDARD and not s.mode.advanced
    assert s.flag == panel().start_space() == 9  # §4.2 b: the Standard start, 16 rounds to the final lap
    assert "mode=" not in format_state(s)


def test_the_advanced_race_starts_the_flag_on_space_1_and_round_trips() -> None:
    s = new_state(["A", "B"], 1, mode=Mode.ADVANCED)
    assert s.mode.advanced and s.flag == panel().start_space(advanced=True) == 1  # §4.2 b: 24 rounds
    assert panel().rounds(advanced=True) == 24
    line = format_state(s)
    assert line.split(" | ")[0].endswith("mode=advanced")
    back = parse_position(line)
    assert back.mode is Mode.ADVANCED and format_state(back) == line


def test_a_bad_mode_is_one_clean_error() -> None:
    line = format_state(new_state(["A", "B"], 1, mode=Mode.ADVANCED)).replace("mode=advanced", "mode=wet", 1)
    with pytest.raises(NotationError, match="mode= is standard or advanced"):
        parse_position(line)
    with pytest.raises(SetupError, match="the mode is one of standard, advanced"):
        new_state(["A", "B"], 1, mode="advanced")  # type: ignore[arg-type]


def _final_lap_round(mode: Mode, seed: int = 7) -> int:
    race = new_race(["A", "B", "C"], seed, track=race_track(), mode=mode)
    greedy = {c: Greedy(seed + i) for i, c in enumerate("ABC")}
    while not race.state.final_lap and not race.is_over:
        car = race.current_car
        assert car is not None
        race.apply(greedy[car].choose(race))
    return race.state.round


def test_the_final_lap_comes_at_round_16_or_24() -> None:
    """The radar is the race clock (§4.2 b, §17.1): the final lap begins when the flag reaches space 24 — in round
    16 of a Standard race and in round 24 of an Advanced race (unless a Red Flag restart moves the clock)."""
    assert _final_lap_round(Mode.STANDARD) == 16
    # seed 8: an Advanced race with TEAM RADIO cards and the Safety Car period by die (issue 38) whose final lap
    # is not moved by a Red Flag restart or cut by a Safety Car in round 23 (§19.4.1)
    assert _final_lap_round(Mode.ADVANCED, 8) == 24


def test_an_advanced_race_runs_to_the_flag_and_replays() -> None:
    s = new_state(["A", "B", "C", "D"], 3, track=race_track(), mode=Mode.ADVANCED, qualifying=True)
    s.stacked["weather"] = ["sunny"]  # a dry race (seed 3 draws Rainy since the weather: its SC ends it in round 23)
    race = Race(s)
    play_out(race, {c: Greedy(3 + i) for i, c in enumerate("ABCD")})
    assert race.state.finished and sorted(race.classification()) == ["A", "B", "C", "D"]
    assert race.state.round >= 24
    assert Race.from_json(race.to_json()).position() == race.position()


def test_a_scenario_names_its_mode(tmp_path: Path) -> None:
    ex10 = scenario.SCENARIOS / "fgp_ex10_green_in_sixth_gear.toml"
    doc = tomllib.loads(ex10.read_text(encoding="utf-8"))
    assert scenario.read(ex10).state.mode is Mode.STANDARD
    doc["scenario"]["mode"] = "advanced"
    doc["race"].pop("flag", None)
    f = tmp_path / "adv.toml"
    f.write_text(toml_text(doc), encoding="utf-8")
    s = scenario.read(f).state
    assert s.mode is Mode.ADVANCED and s.flag == 1 + s.round - 1  # the Advanced start + round - 1 (§4.2 b)
    doc["scenario"]["mode"] = "wet"
    f.write_text(toml_text(doc), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        scenario.read(f)
    assert e.value.field == "scenario.mode" and "is not a race mode" in e.value.reason


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(argv)
    return rc, out.getvalue() + err.getvalue()


def test_simulate_plays_the_advanced_race_from_the_cli() -> None:
    # seed 10: an Advanced race (TEAM RADIO, the Safety Car period by die: issue 38) not ended by a Safety Car
    # out on radar space 24 (§19.4.1)
    adv = hooks.one_race(race_track(), 10, 3, mode="advanced")
    std = hooks.one_race(race_track(), 10, 3)
    assert adv.rounds >= 24 > 16 and adv.rounds > std.rounds
    assert hooks.simulate(None, 1, 10, 3, mode="advanced") == [adv]
    rc, text = _run(["simulate", "--game", "formulagp", "--races", "1", "--seed", "10", "--mode", "advanced",
                     "--quiet"])
    assert rc == 0 and "winners:" in text
    rc, text = _run(["simulate", "--races", "1", "--quiet", "--mode", "advanced"])
    assert rc == 2 and "--mode is FormulaGP's" in text
    rc, text = _run(["simulate", "--game", "formulagp", "--races", "1", "--quiet", "--mode", "wet"])
    assert rc == 2 and "invalid choice" in text
