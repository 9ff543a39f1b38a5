"""Pro BOTs in a championship season (issue 38 item 2 with §20; the Championship section's "Not built" item 1):
racebook.formulagp.championship passes Kind.PRO entries to new_race like Rookies; ``racebook season play --pros N``."""

from __future__ import annotations

import json

import pytest

from racebook.cli import main
from racebook.core.errors import SetupError
from racebook.formulagp.championship import Championship, Entry, Kind, SeasonRun, quick_field
from racebook.formulagp.state import Mode


def test_a_quick_field_puts_the_pros_after_the_players() -> None:
    field = quick_field(2, 2, pros=2)
    assert [(e.car, e.kind) for e in field] == [("Grey", Kind.PLAYER), ("Red", Kind.PLAYER), ("Blue", Kind.PRO),
                                               ("Orange", Kind.PRO), ("Green", Kind.ROOKIE), ("Yellow", Kind.ROOKIE)]
    teams = {e.team for e in quick_field(2, 0, constructors=True, pros=2)}
    assert len(teams) == 2  # each player with its Pro BOT teammate (§20.4)
    with pytest.raises(SetupError, match="2 to 6 cars"):
        quick_field(3, 2, pros=2)
    with pytest.raises(SetupError, match="2 to 6 cars"):
        quick_field(2, 0, pros=-1)


@pytest.mark.parametrize("mode", [Mode.STANDARD, Mode.ADVANCED])
def test_a_season_with_pro_bots_produces_both_standings(mode: Mode) -> None:
    ch = Championship(2, quick_field(2, 2, constructors=True, pros=2), constructors=True, mode=mode)
    run = SeasonRun(ch, seed=3)
    run.run()
    assert run.done and all(sorted(r.classification) == sorted(ch.cars) for r in run.results)
    assert {d.name for d in run.drivers()} == set(ch.cars) and {t.name for t in run.teams()} == set(ch.teams)
    assert "Drivers' Championship (§20.3)" in run.report()


def test_a_pro_entry_is_a_pro_bot_in_the_race() -> None:
    ch = Championship(1, (Entry("Grey", "A"), Entry("Red", "B", Kind.PRO), Entry("Blue", "C", Kind.ROOKIE)))
    assert Kind.PRO.bot
    run = SeasonRun(ch, seed=1)
    run.run()
    assert sorted(run.results[0].classification) == ["Blue", "Grey", "Red"]


def test_cli_season_play_with_pro_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """``racebook season play --game formulagp --pros 2 --rookies 2 --players 2 --mode advanced``."""
    argv = ["season", "play", "--races", "2", "--players", "2", "--pros", "2", "--rookies", "2", "--mode", "advanced",
            "--json", "--quiet", "--seed", "4"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["run"] == 2 and len(doc["drivers"]) == 6
    assert main(["season", "play", "--players", "2", "--pros", "3", "--rookies", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "2 to 6 cars" in err and err.count("\n") == 1
