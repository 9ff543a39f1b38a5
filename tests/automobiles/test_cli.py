"""``racebook automobiles …``: replay a scenario (text or a JSON summary), list scenarios, a computer race."""

from __future__ import annotations

import json

from racebook.cli import main


def test_replay_prints_the_events_and_the_json_summary(capsys) -> None:
    assert main(["automobiles", "replay", "auto_ex25"]) == 0
    out = capsys.readouterr().out
    assert "Ex. 25" in out and "gains 4 wear" in out and "— §11" in out
    assert main(["automobiles", "replay", "auto_ex14_turbo", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["game"] == "automobiles" and d["scenario"] == "auto_ex14_turbo" and d["board"] == "ladder"
    assert d["players"]["A"]["zones"]["used"] == "X2" and d["cards"]["G"] == "turbo"


def test_a_computer_race_runs_to_a_winner(capsys) -> None:
    assert main(["automobiles", "race", "--players", "5", "--seed", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["finished"] and len(d["standings"]) == 5
    assert max(p["laps"] for p in d["players"].values()) >= d["laps"]


def test_bad_inputs_are_one_line(capsys, tmp_path) -> None:
    assert main(["automobiles", "replay", "no_such_scenario"]) == 2
    assert main(["automobiles", "replay", str(tmp_path)]) == 2
    f = tmp_path / "x.toml"
    f.write_text('[scenario]\nid = "x"\n')
    assert main(["automobiles", "replay", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("racebook: ") for line in err)
    assert main(["automobiles", "scenarios"]) == 0
    assert "auto_ex01_maintenance_crew" in capsys.readouterr().out


def test_race_policies_seasons_drafts_saves_and_resume(capsys, tmp_path) -> None:
    f = tmp_path / "s.json"
    assert main(["automobiles", "race", "--players", "2", "--policy", "mixed", "--season", "3", "--draft",
                 "--save", str(f)]) == 0
    assert "wins the Season" in capsys.readouterr().out
    assert main(["automobiles", "resume", str(f), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["finished"] and d["season"]["race"] == 3 and all(p["driver"] for p in d["players"].values())
    g = tmp_path / "g.json"
    assert main(["automobiles", "replay", "auto_ex22_sponsor_f2", "--save", str(g)]) == 0
    capsys.readouterr()
    assert main(["automobiles", "resume", str(g)]) == 0
    assert "to play: B" in capsys.readouterr().out  # race 2's pre-race purchases, the winner first
    assert main(["automobiles", "resume", str(g), "--play", "--policy", "builder", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"]
    assert main(["automobiles", "race", "--policy", "builder", "--seed", "3"]) == 0
    assert "the race is over" in capsys.readouterr().out
    g.write_text("{}")
    assert main(["automobiles", "resume", str(g)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("racebook: ")
