"""racebook.rf90.analysis.precomputed: notebook 13's long Monte Carlo runs, shipped as small CSV files by
tools/precompute.py (issue 18 item 4). Every file records its seeds, the command and the racebook version, and a
slice of it — the first seed and the last seed of every choice — is reproduced exactly by replaying those races."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from racebook.core.errors import DataError
from racebook.rf90.analysis import experiments as X
from racebook.rf90.analysis import precomputed as P


@pytest.mark.parametrize("name", list(P.RUNS))
def test_file_records_its_provenance_and_every_race(name: str) -> None:
    saved = P.load(name)
    factory, kwargs, races = P.RUNS[name]
    assert saved.experiment == P.experiment(name) and saved.races == races
    exp = saved.experiment
    assert saved.header["command"] == f"python tools/precompute.py {name}"
    assert saved.header["seeds"].startswith(f"{exp.seed}-{exp.seed + races - 1} ")
    assert saved.header["racebook"] and saved.header["experiment"] == factory
    for arm in exp.labels:  # one human car: one row per seed, in seed order
        assert [o.seed for o in saved.results[arm]] == list(exp.seeds(races))
        assert {o.arm for o in saved.results[arm]} == {arm}
    assert (P.DATA_DIR / f"{name}.csv").stat().st_size < 64_000  # small


@pytest.mark.parametrize("name", list(P.RUNS))
def test_a_slice_is_reproduced_by_the_same_seeded_computation(name: str) -> None:
    saved = P.load(name)
    assert P.compute(name, races=1) == saved.first(1)  # the first seed of every choice
    last = saved.experiment.seed + saved.races - 1
    replay = X.run(dataclasses.replace(saved.experiment, seed=last), 1)  # and the last one
    assert replay == {arm: [o for o in outs if o.seed == last] for arm, outs in saved.results.items()}


def test_first_is_the_quick_run_of_the_notebook() -> None:
    saved = P.load("tyres_silverstone")
    quick = saved.first(20)
    assert all(len(v) == 20 and v == saved.results[k][:20] for k, v in quick.items())
    with pytest.raises(ValueError, match="holds 300 races per choice, not 301"):
        saved.first(301)


def test_a_bad_file_is_one_clean_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no precomputed run 'nope'"):
        P.load("nope")
    good = (P.DATA_DIR / "tyres_silverstone.csv").read_text(encoding="utf-8")
    cases = {
        "columns": good.replace("arm,seed,car", "arm,seeds,car"),
        "arguments": good.replace('"seed": 1000', '"seed": 1001'),
        "an arm": good.replace("\nSoft,1000,", "\nMedium,1000,"),
        "a number": good.replace("\nSoft,1000,Blue,", "\nSoft,x,Blue,"),
    }
    for what, text in cases.items():
        (tmp_path / "tyres_silverstone.csv").write_text(text, encoding="utf-8")
        with pytest.raises(P.PrecomputedError) as err:
            P.load("tyres_silverstone", tmp_path)
        assert "\n" not in str(err.value) and str(err.value).startswith(str(tmp_path)), what
    (tmp_path / "tyres_silverstone.csv").unlink()
    with pytest.raises(DataError):
        P.load("tyres_silverstone", tmp_path)


def test_the_panel_shows_a_precomputed_run_at_once() -> None:
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.experiments import ExperimentPanel

    saved = P.load("refuel_silverstone")
    panel = ExperimentPanel(saved.experiment, races=300, extra=("pit stops",))
    panel.show(saved, races=20)
    assert panel.results == saved.first(20) and list(panel.table()["races"]) == [20, 20, 20]
    assert panel.progress.value == panel.progress.max == 60 and panel.progress.bar_style == "success"
    assert "computed in advance" in panel.status.value and "▶ Run plays them live" in panel.status.value
    assert "<table" in panel.table_html.value and not panel.button.disabled
    panel.show(saved)
    assert list(panel.table()["races"]) == [300, 300, 300]
    other = ExperimentPanel(X.refuel((8, 16), track="teaching", seed=3), races=2)  # changed settings: played live
    other.show(saved, 1)
    assert other.results == X.run(other.exp, 1) and "races done" in other.status.value
