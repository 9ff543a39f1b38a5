"""racebook.rf90.championship.oddsfile: notebook 16's title odds, shipped as a small JSON file by
tools/precompute.py (issue 18). The file records its parameters (those of SHIPPED), the command and the racebook
version, the season run's races and every sampled end of season; the first samples of every point are reproduced
exactly by replaying them, and the tallied odds are probabilities."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from racebook.core.errors import DataError
from racebook.rf90.championship import SeasonRun, load_season
from racebook.rf90.championship import oddsfile as O
from racebook.rf90.championship.titleodds import odds_by_race, sample_ends, sampled_end, tally

ROOT = Path(__file__).resolve().parents[3]
NAME = "title_odds_mini"


@pytest.fixture(scope="module")
def shipped() -> O.ShippedOdds:
    return O.load(NAME)


@pytest.mark.parametrize("name", list(O.SHIPPED))
def test_the_shipped_file_holds_the_run_shipped_names(name: str) -> None:
    saved = O.load(name)
    run = O.SHIPPED[name]
    assert saved.run == run and saved.name == name and saved.season == load_season(run.season)
    assert saved.command == f"python tools/precompute.py {name}" and saved.version
    assert saved.file == str(O.DATA_DIR / f"{name}.json")
    assert len(saved.results) == run.races and len(saved.ends) == run.races + 1
    finished = run.races == len(saved.season.calendar)
    assert [len(e) for e in saved.ends] == [run.samples] * run.races + [1 if finished else run.samples]
    text = (O.DATA_DIR / f"{name}.json").read_text(encoding="utf-8")
    head = json.loads(text)
    assert (head["season"], head["season_seed"], head["races"], head["samples"], head["seed"]) == (
        run.season, run.season_seed, run.races, run.samples, run.seed)
    assert head["command"] == saved.command
    assert len(text.encode()) < 64_000  # small


def test_the_mini_run_is_notebook_16s_resumed_season() -> None:
    assert O.SHIPPED[NAME] == O.OddsRun(season="mini", season_seed=7, races=4, samples=100, seed=1)


def test_the_shipped_races_are_the_season_run_played_again(shipped: O.ShippedOdds) -> None:
    played = SeasonRun(load_season("mini"), 7).run(4)
    assert shipped.results == tuple(played.results)
    assert shipped.is_about(played)


@pytest.mark.parametrize("name", list(O.SHIPPED))
def test_the_first_samples_are_reproduced_by_replay(name: str) -> None:
    saved = O.load(name)
    season, seed = saved.season, saved.run.seed
    for k, ends in enumerate(saved.ends):  # the first two samples of every point (one after the last race)
        assert sample_ends(season, saved.results[:k], samples=2, seed=seed) == list(ends[:2]), f"after {k} races"
    last = saved.run.samples - 1  # and the last sample of the odds before the season (a whole season played)
    assert sampled_end(season, (), seed, last) == saved.ends[0][last]


def test_the_odds_are_probabilities_and_the_last_point_is_the_final_standings(shipped: O.ShippedOdds) -> None:
    odds = shipped.odds()
    assert [o.after for o in odds] == [0, 1, 2, 3, 4] and [o.samples for o in odds] == [100, 100, 100, 100, 1]
    for o in odds:
        assert sum(p for _, p in o.drivers) == pytest.approx(1), o.after
        assert sum(p for _, p in o.teams) == pytest.approx(1), o.after
        assert [d for d, _ in o.drivers] == list(shipped.season.drivers)
    final = shipped.season_run()
    leaders = [s.name for s in final.drivers() if s.position == 1]
    assert odds[-1].driver(leaders[0]) == pytest.approx(1 / len(leaders))
    assert odds == [tally(shipped.season, k, e) for k, e in enumerate(shipped.ends)]


def test_a_round_trip_gives_the_same_run_and_the_same_text(shipped: O.ShippedOdds, tmp_path: Path) -> None:
    text = O.dumps(shipped)
    assert text == (O.DATA_DIR / f"{NAME}.json").read_text(encoding="utf-8")  # the writer wrote the file
    again = O.loads(NAME, text, "copy.json")
    assert again == dataclasses.replace(shipped, file="copy.json") and again.odds() == shipped.odds()
    (tmp_path / f"{NAME}.json").write_text(text, encoding="utf-8")
    assert O.load(NAME, tmp_path).ends == shipped.ends


def test_is_about_checks_the_season_its_seed_and_its_races(shipped: O.ShippedOdds) -> None:
    mine = shipped.season_run()
    assert shipped.is_about(mine) and mine.results == list(shipped.results)
    mine.results.pop()  # a copy: the shipped run is unchanged
    assert len(shipped.results) == 4 and not shipped.is_about(mine)
    results = list(shipped.results)
    assert not shipped.is_about(SeasonRun(shipped.season, 8, results))  # another season seed
    assert not shipped.is_about(SeasonRun(load_season("x1_14"), 7, results))  # another season
    swapped = dataclasses.replace(results[3], order=results[3].order[1::-1] + results[3].order[2:])
    assert not shipped.is_about(SeasonRun(shipped.season, 7, results[:3] + [swapped]))  # other results


def test_compute_plays_the_run_with_the_title_odds_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(O.SHIPPED, "tiny", O.OddsRun("mini", 7, 2, 2, 3))
    seen: list[tuple[int, int]] = []
    tiny = O.compute("tiny", progress=lambda i, n: seen.append((i, n)))
    run = SeasonRun(load_season("mini"), 7).run(2)
    assert tiny.is_about(run) and tiny.odds() == odds_by_race(run, samples=2, seed=3)
    assert seen[-1] == (6, 6) and len(seen) == 6  # 2 sampled seasons for each of 3 points
    assert O.loads("tiny", O.dumps(tiny)).odds() == tiny.odds()


def test_the_precompute_tool_writes_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("precompute_tool", ROOT / "tools" / "precompute.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setitem(O.SHIPPED, "tiny", O.OddsRun("mini", 7, 3, 1, 0))
    monkeypatch.setattr(tool, "NAMES", [*tool.NAMES, "tiny"])
    monkeypatch.setattr(O, "DATA_DIR", tmp_path)
    assert tool.main(["tiny"]) == 0
    saved = O.load("tiny", tmp_path)
    assert saved.version and saved.command == "python tools/precompute.py tiny" and len(saved.ends) == 4
    assert NAME in tool.NAMES


def _edit(change: Callable[[dict[str, Any]], object]) -> Callable[[str], str]:
    def apply(text: str) -> str:
        d = json.loads(text)
        change(d)
        return json.dumps(d)
    return apply


BAD: dict[str, tuple[Callable[[str], str], str]] = {
    "not JSON": (lambda t: t[:-3], "<json>"),
    "a list": (lambda t: "[]", "<json>"),
    "an unknown key": (_edit(lambda d: d.update(extra=1)), "extra"),
    "the format": (_edit(lambda d: d.update(format="racebook-title-odds/2")), "format"),
    "another name": (_edit(lambda d: d.update(name="title_odds_x")), "name"),
    "fewer samples": (_edit(lambda d: d.update(samples=50)), "samples"),
    "another seed": (_edit(lambda d: d.update(seed=2)), "seed"),
    "a seed as text": (_edit(lambda d: d.update(season_seed="7")), "season_seed"),
    "a missing version": (_edit(lambda d: d.pop("racebook")), "racebook"),
    "the command": (_edit(lambda d: d.update(command="make odds")), "command"),
    "a race's seed": (_edit(lambda d: d["results"][2].update(seed=1)), "results[2].seed"),
    "a race too few": (_edit(lambda d: d["results"].pop()), "results"),
    "a point too few": (_edit(lambda d: d["ends"].pop()), "ends"),
    "a point's after": (_edit(lambda d: d["ends"][3].update(after=4)), "ends[3].after"),
    "a sample too few": (_edit(lambda d: d["ends"][2]["teams"].pop()), "ends[2].teams"),
    "an unknown driver": (_edit(lambda d: d["ends"][1]["drivers"].__setitem__(5, ["Nobody"])),
                          "ends[1].drivers[5]"),
    "no champion": (_edit(lambda d: d["ends"][0]["drivers"].__setitem__(0, [])), "ends[0].drivers[0]"),
    "a champion twice": (_edit(lambda d: d["ends"][0]["teams"].__setitem__(7, ["Dana/Eli", "Dana/Eli"])),
                         "ends[0].teams[7]"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_file_is_one_line_naming_the_field(case: str, tmp_path: Path) -> None:
    change, field = BAD[case]
    good = (O.DATA_DIR / f"{NAME}.json").read_text(encoding="utf-8")
    path = tmp_path / f"{NAME}.json"
    path.write_text(change(good), encoding="utf-8")
    with pytest.raises(O.OddsFileError) as err:
        O.load(NAME, tmp_path)
    e = err.value
    assert isinstance(e, DataError) and e.field == field and e.file == str(path)
    assert "\n" not in str(e) and str(e).startswith(f"{path}: {field}: ")


def test_a_missing_file_or_an_unknown_run_is_an_odds_file_error(tmp_path: Path) -> None:
    with pytest.raises(O.OddsFileError) as err:
        O.load(NAME, tmp_path)
    assert err.value.field == "<file>"
    with pytest.raises(O.OddsFileError, match="no shipped title odds 'nope'; shipped: title_odds_mini") as err:
        O.load("nope")
    assert err.value.field == "<name>"
