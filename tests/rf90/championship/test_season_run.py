"""Running, saving, resuming and reporting a season; title odds; the ``racebook season`` CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from racebook.cli import main
from racebook.rf90.championship import SeasonRun, load_season, race_seed, season_race_setup
from racebook.rf90.championship.report import report_dict, report_markdown
from racebook.rf90.championship.savefile import SeasonSaveError, from_json, load, save, to_json
from racebook.rf90.championship.seasonfile import available_seasons, season_from_dict, season_to_dict
from racebook.rf90.championship.titleodds import odds_by_race, title_odds

MINI = load_season("mini")


@pytest.fixture(scope="module")
def full() -> SeasonRun:
    return SeasonRun(MINI, 5).run()


def test_shipped_seasons_load_and_write_back_equal() -> None:
    assert {"mini", "x1_14", "x1_15"} <= set(available_seasons())
    for name in available_seasons():
        s = load_season(name)
        assert season_from_dict(season_to_dict(s)) == s


def test_the_race_setup_is_the_seasons_cars_with_fixed_panels_and_per_race_choices() -> None:
    s = load_season("x1_14")
    sr = season_race_setup(s, 2, 7)
    st = sr.setup.state
    assert sr.track == "silverstone" and st.track.id == "silverstone"  # Hungaroring's stand-in board
    assert set(st.cars) == set(s.drivers) and sr.humans == ("Alan", "Bob", "Carl")
    assert st.cars["Bob"].chips <= 12 and st.cars["Carl"].strategy.value == "banging_wheels"
    assert st.cars["BobMate"].robot.value == "superfast"
    assert dict(sr.teams)["Bob/Robot teammate"] == ("Bob", "BobMate")


def test_a_season_runs_every_race_and_every_car_is_placed(full: SeasonRun) -> None:
    assert full.finished and [r.round for r in full.results] == [1, 2, 3, 4]
    assert [r.seed for r in full.results] == [race_seed(5, n) for n in (1, 2, 3, 4)]
    for r in full.results:
        assert sorted(r.order + r.retired) == sorted(MINI.drivers)
    with pytest.raises(ValueError, match="the season is over"):
        full.next_race()


def test_a_saved_season_resumes_exactly(full: SeasonRun, tmp_path: Path) -> None:
    half = SeasonRun(MINI, 5).run(2)
    save(half, tmp_path / "s.json")
    again = load(tmp_path / "s.json")
    assert again.results == half.results and again.done == 2
    again.run()
    assert again.results == full.results
    assert report_dict(again) == report_dict(full)


def test_a_tampered_save_is_refused(full: SeasonRun) -> None:
    d = json.loads(to_json(full))
    d["results"][1]["order"][0], d["results"][1]["order"][1] = d["results"][1]["order"][1], d["results"][1]["order"][0]
    with pytest.raises(SeasonSaveError, match=r"results\[1\]: does not replay"):
        from_json(json.dumps(d))
    d = json.loads(to_json(full))
    d["results"][0]["seed"] += 1
    with pytest.raises(SeasonSaveError, match=r"results\[0\]\.seed"):
        from_json(json.dumps(d))
    d = json.loads(to_json(full))
    d["season"]["calendar"] = d["season"]["calendar"][:3]
    with pytest.raises(SeasonSaveError, match=r"season\.calendar: .*4 to 12 circuits"):
        from_json(json.dumps(d))


def test_the_report_holds_calendar_teams_panels_races_and_standings(full: SeasonRun) -> None:
    d = report_dict(full)
    assert [c["track"] for c in d["calendar"]] == ["monza", "spa", "monaco", "monza"]
    assert d["level"] == "basic" and d["robot_teammate_type"] == "fast"
    assert [t["name"] for t in d["teams"]] == ["Dana/Eli", "Fay/Robot teammate", "Daye/Tyrone", "Kurtz/Giuffre"]
    assert d["players"][1]["panel"] == {"tyres": 12, "cards": 5, "wear": 5}
    assert sum(sum(r["points"].values()) for r in d["races"]) == sum(x["points"] for x in d["drivers"])
    md = report_markdown(full)
    for part in ("## Calendar", "## Teams", "Drivers' championship (§6.5)", "Teams' championship (§6.6)",
                 "Vito Giuffrè"):
        assert part in md


def test_title_odds_are_reproducible_probabilities_with_progress() -> None:
    run = SeasonRun(MINI, 5).run(3)
    seen: list[tuple[int, int]] = []
    a = title_odds(MINI, run.results, samples=4, seed=2, progress=lambda i, n: seen.append((i, n)))
    b = title_odds(MINI, run.results, samples=4, seed=2)
    assert a == b and seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert sum(p for _, p in a.drivers) == pytest.approx(1) and sum(p for _, p in a.teams) == pytest.approx(1)


def test_after_the_last_race_the_odds_name_the_champion(full: SeasonRun) -> None:
    odds = odds_by_race(full, samples=1, seed=0)
    assert [o.after for o in odds] == [0, 1, 2, 3, 4]
    last = odds[-1]
    champ = full.drivers()[0]
    assert last.samples == 1 and last.driver(champ.name) == pytest.approx(1 / sum(
        d.position == 1 for d in full.drivers()))


def test_cli_runs_saves_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_to = str(tmp_path / "s.json")
    assert main(["season", "run", "mini", "--seed", "5", "--races", "2", "--save", save_to]) == 0
    assert "2 of 4 races run" in capsys.readouterr().out
    assert main(["season", "resume", save_to, "--save", save_to, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True
    assert main(["season", "standings", save_to]) == 0
    assert "4 of 4 races run" in capsys.readouterr().out
    assert main(["season", "odds", save_to, "--samples", "2"]) == 0
    assert "title odds after 4 of 4 races" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "err"), [
    (["season", "run", "no/such.toml"], "racebook: no/such.toml: <file>: no such file or directory"),
    (["season", "run", "mini", "--races", "13"], "racebook: season run: argument --races: 13 is not in 0..12"),
    (["season", "standings", "mini"], "racebook: mini: <file>: no such file or directory"),
])
def test_cli_errors_are_one_line(args: list[str], err: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.strip() == err


def test_a_season_race_is_raced_by_its_teams_and_its_position_reads_back() -> None:
    """§6.3 + §5 (Expansion #1): every car of a season race is in its two-car team (the players' teams, Bob's robot
    teammate added on top of the robot teams), and the race's position names the teams so that it reads back."""
    from racebook.rf90 import notation
    from racebook.rf90.game import Race

    season = load_season("x1_14")
    race = Race(season_race_setup(season, 1, 7).setup.state)
    assert sorted(ids for _, ids in notation.teams_of(race.state)) == sorted(ds for _, ds in season.lineup)
    assert len(race.state.cars) == 10 and all(c.team is not None for c in race.state.cars.values())
    text = notation.format_state(race.state)
    assert str(notation.parse(text)) == text
