"""The reference pages in docs/ (moved there from the README, issue 18) keep their promises: the scenario format, the
examples table, the JSON summary keys, the CLI, house rules, adding a track, the error classes, the bench figures.
(These tests were in tests/test_readme.py; each reads the docs page that now holds its statement.)"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import fields
from enum import Enum
from pathlib import Path

import pytest

from racebook import cli
from racebook.core import errors
from racebook.core.errors import RacebookError, ScenarioError
from racebook.rf90 import actions, scenario
from racebook.rf90.options import HOUSE_RULE_DOCS, Rules
from racebook.rf90.trackfile import clear_cache

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _section(page: str, title: str) -> str:
    """A ``## title`` section of a docs page (to the next ``## `` heading or the end)."""
    text = _page(page)
    assert f"\n## {title}\n" in text, (page, title)
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_examples_table_is_current() -> None:
    table = subprocess.run([sys.executable, str(ROOT / "tools" / "examples_table.py")], capture_output=True,
                           text=True, check=True).stdout.strip()
    current = re.search(r"<!-- examples-table -->\n(.*)\n<!-- /examples-table -->", _page("scenarios.md"), re.S)
    assert current is not None and current.group(1) == table, "run: python tools/examples_table.py"


def test_json_summary_documents_every_key() -> None:
    out = subprocess.run([sys.executable, "-m", "racebook.cli", "replay", "ex28", "--json"], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    data = json.loads(out)
    section = _section("json-summary.md", "The JSON summary")
    for key in data:
        assert f"`{key}`" in section, key
    for key in data["cars"]["Blue"]:
        assert f"`{key}`" in section, key


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 0
    return capsys.readouterr().out


# ----------------------------------------------------------------- the racebook CLI
def test_cli_section_documents_every_subcommand_and_option(capsys: pytest.CaptureFixture[str]) -> None:
    top = _help(["--help"], capsys)
    m = re.search(r"\{([a-z,-]+)\}", top)
    assert m is not None, top
    commands = m.group(1).split(",")
    assert {"replay", "simulate", "scenarios", "tracks", "workshop"} <= set(commands)
    rows = [line for line in _section("cli.md", "The racebook CLI").splitlines() if line.startswith("| `racebook ")]
    for cmd in commands:
        documented = [r for r in rows if re.match(rf"\| `racebook {cmd}[ `]", r)]
        assert documented, f"racebook {cmd} is not in docs/cli.md's table"
        options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", _help([cmd, "--help"], capsys))) - {"--help"}
        for opt in options:
            assert any(opt in r for r in documented), f"racebook {cmd} {opt} is not documented"


# ----------------------------------------------------------------- house rules
def test_house_rules_table_documents_every_rule() -> None:
    section = _section("house-rules.md", "House rules (the book's ambiguities)")
    rows = {r.split("|")[1].strip().strip("`"): [c.strip() for c in r.split("|")[1:-1]]
            for r in section.splitlines() if r.startswith("| `")}
    options_src = (ROOT / "racebook" / "rf90" / "options.py").read_text(encoding="utf-8")
    for f in fields(Rules):
        assert f.name in rows, f"Rules.{f.name} is not in docs/house-rules.md's table"
        _, amb, default_cell, alternative, notebooks = rows[f.name]
        # the AMB number of digest §31, or the rule's section for a reading §31 does not list
        tag = re.search(rf"^\s+{f.name}:.*#\s*(AMB-\d+|§[\d.]+)", options_src, re.M)
        assert tag is not None and tag.group(1) in amb, f.name
        default = getattr(Rules(), f.name)
        assert (f'"{default.value}"' if isinstance(default, Enum) else f"`{default}`") in default_cell, f.name
        assert alternative and f.name in HOUSE_RULE_DOCS
        # checked against HOUSE_RULE_DOCS (what the Set-up tab shows): the same tag and the same sections
        doc_tag = HOUSE_RULE_DOCS[f.name].split(":", 1)[0]
        assert doc_tag.split()[0] in amb, (f.name, doc_tag, amb)
        for cited in re.findall(r"§[\d.]+\d|AMB-[\w-]+\d", doc_tag):
            assert cited in amb, (f.name, cited, amb)
        named = re.findall(r"`(\d\d[a-z]?_\w+)`", notebooks)  # a notebook, or a part of one (05a_…)
        assert named, f.name
        for nb in named:
            assert (ROOT / "notebooks" / "rf90" / f"{nb}.ipynb").is_file(), nb
    assert set(rows) == {f.name for f in fields(Rules)}


# ----------------------------------------------------------------- writing a scenario
def _scenario_example() -> str:
    return _section("scenarios.md", "Writing a scenario").split("```toml\n", 1)[1].split("```", 1)[0]


def test_scenario_example_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blind42.toml"
    path.write_text(_scenario_example(), encoding="utf-8")
    sc = scenario.load(path)
    assert sc.id == "blind42" and len(sc.actions) == 3
    assert any("with a blind draw: (42)" in e.sentence() for e in sc.race.events)
    assert cli.main(["replay", str(path)]) == 0
    printed = capsys.readouterr().out.splitlines()
    shown = _section("scenarios.md", "Writing a scenario").split("prints:\n\n```\n", 1)[1].split("```", 1)[0]
    for line in shown.splitlines():
        if line.strip() != "…":
            assert line in printed, line


def test_scenario_errors_name_the_file_field_and_reason(tmp_path: Path) -> None:
    good = _scenario_example()
    shown = re.findall(r"^racebook: blind42\.toml: (.*)$", _section("scenarios.md", "Writing a scenario"), re.M)
    bad = [good.replace("chips = 10\n", 'chips = 10\ntyre = "slick"\n', 1),
           good.replace('"Blue test 1 blind"', '"Blue test 2 blind"', 1)]
    assert len(shown) == len(bad) and all(b != good for b in bad)
    path = tmp_path / "blind42.toml"
    for text, message in zip(bad, shown, strict=True):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ScenarioError) as e:
            scenario.load(path)
        field, reason = message.split(": ", 1)
        assert (e.value.file, e.value.field, e.value.reason) == (str(path), field, reason)


def test_scenario_section_names_every_key_and_verb() -> None:
    section = _section("scenarios.md", "Writing a scenario")
    verbs = _section("notation.md", "Action texts")  # the action verbs moved to the notation page
    keys = (scenario._TOP | scenario._SCEN | scenario._CAR | scenario._RACE | scenario._SETUP
            | scenario._DRIVER)
    for key in keys:
        assert re.search(rf"(?<![\w-]){key}(?![\w-])", section), f"scenario key {key!r} is not documented"
    for verb in actions._VERBS:
        assert re.search(rf"`{re.escape(verb)}[ `]", verbs), f"action verb {verb!r} is not documented"


# ----------------------------------------------------------------- adding a track
def test_track_section_error_example_is_real(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    section = _section("tracks.md", "Adding a track")
    for needle in ("tracks/rf90/SCHEMA.md", 'source = "invented-for-teaching"', "racebook tracks --check",
                   "racebook.rf90.ui.TrackView", "register_layout", "`[view]`",
                   "racebook.rf90.trackfile.available_tracks()", "racebook.rf90.ui.tracks"):
        assert needle in section, needle
    # The pickers read the track files and the look lives in the file: nothing to add in code.
    assert "add the id there" not in section and "LAYOUT_OVERRIDES" not in section
    assert "## The track view `[view]`" in (ROOT / "tracks" / "rf90" / "SCHEMA.md").read_text(encoding="utf-8")
    schema = (ROOT / "tracks" / "rf90" / "SCHEMA.md").read_text(encoding="utf-8")
    minimal = schema.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    bad = minimal.replace('type = "corner"', 'type = "bend"', 1)
    assert bad != minimal
    path = tmp_path / "oval.toml"
    path.write_text(bad, encoding="utf-8")
    clear_cache()
    assert cli.main(["tracks", "--check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    shown = re.search(r"^ *racebook: …/tracks/rf90/oval\.toml: (.*)$", section, re.M)
    assert shown is not None and err == f"racebook: {path}: {shown.group(1)}"
    path.write_text(minimal, encoding="utf-8")
    clear_cache()
    assert cli.main(["tracks", "--check", str(path)]) == 0
    ok = re.search(r"^ *OK tracks/rf90/oval\.toml: (.*)$", section, re.M)
    assert ok is not None and capsys.readouterr().out.strip() == f"OK {path}: {ok.group(1)}"


def test_errors_section_documents_every_error_class() -> None:
    """The errors table names every class of racebook.core.errors, with ValueError for all but EngineError."""
    section = _page("engine.md").split("Errors are typed the way python-chess", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    classes = sorted(n for n, c in vars(errors).items()
                     if isinstance(c, type) and issubclass(c, RacebookError) and c is not RacebookError)
    for name in classes:
        assert f"`{name}`" in section, f"{name} is not documented in docs/engine.md's errors section"
        documented = any(f"`{name}`" in row for row in rows)
        assert documented or name == "EngineError", f"{name} has no row in the errors table"
        assert issubclass(getattr(errors, name), ValueError) == (name != "EngineError"), name


def test_the_benchmark_figures_are_written_by_the_script() -> None:
    """The figures block of docs/benchmarks.md (moved from the README) comes from ``benchmarks/bench.py --readme``
    (issue 18 item 3: figures from a script, not typed by hand): one pair of markers, the run's conditions, and a row
    per figure."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench"] = bench  # its dataclass looks its module up by name
    try:
        spec.loader.exec_module(bench)
    finally:
        del sys.modules["bench"]
    text = _page("benchmarks.md")
    assert bench.README == DOCS / "benchmarks.md"
    assert text.count(bench.BEGIN) == 1 and text.count(bench.END) == 1
    block = text.split(bench.BEGIN)[1].split(bench.END)[0]
    assert block.strip().startswith("Figures from one run of `.venv/bin/python benchmarks/bench.py --readme`")
    rows = [ln for ln in block.splitlines() if ln.startswith("| ") and not ln.startswith("| measure")]
    assert len(rows) >= 15, block
    # the block the script writes for given figures: ratios and targets formatted as in the page
    f = bench.Figure("floor_turn", "floor", 150e-6, "turn", target=1e-4, floor_ratio=1.0, robot_ratio=2.0)
    made = bench.readme_table({"rf90": [f]}, 1.0, None)
    assert made.startswith(bench.BEGIN) and made.endswith(bench.END)
    assert "| floor | turn | 150.0 µs | 1.0x | 2.0x | — | 100.0 µs | — |" in made


def test_the_benchmark_compares_every_figure_with_its_floor_and_the_previous_run() -> None:
    """Issue 36 item 5: each figure over its own game's apply-only floor and over the same figure (game and key) in
    the previous run's JSON; a figure past ``SLOWER`` times its previous value is marked, one never measured is not
    compared."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench"] = bench
    try:
        spec.loader.exec_module(bench)
    finally:
        del sys.modules["bench"]
    games = {"rf90": [bench.Figure("floor_turn", "floor", 100e-6, "turn"), bench.Figure("robot_turn", "robot", 50e-6,
                                                                                           "turn"),
                      bench.Figure("human_turn", "human", 140e-6, "turn")],
             "automobiles": [bench.Figure("auto_floor", "a floor", 200e-6, "decision"),
                             bench.Figure("auto_engine", "an engine", 300e-6, "decision")]}
    previous = {"games": {"rf90": [{"key": "human_turn", "seconds": 100e-6}, {"key": "floor_turn", "seconds": None}],
                          "automobiles": [{"key": "auto_engine", "seconds": 300e-6}]}}
    bench.with_ratios(games, previous)
    rf90, auto = games["rf90"], games["automobiles"]
    assert [f.floor_ratio for f in rf90] == [1.0, 0.5, pytest.approx(1.4)]
    assert [f.robot_ratio for f in rf90] == [2.0, 1.0, pytest.approx(2.8)]
    assert [f.floor_ratio for f in auto] == [1.0, pytest.approx(1.5)] and [f.robot_ratio for f in auto] == [None, None]
    assert [f.previous_ratio for f in rf90] == [None, None, pytest.approx(1.4)]
    assert [f.previous_ratio for f in auto] == [None, 1.0]
    assert bench.vs_previous(rf90[2]) == "1.40x SLOWER" and bench.vs_previous(auto[1]) == "1.00x"
    assert bench.vs_previous(rf90[0]) == "—"
    block = bench.readme_table(games, 2.0, {"when": "then", "machine": {"load1": 1.0}})
    assert "| human | turn | 140.0 µs | 1.4x | 2.8x | 1.40x SLOWER | — | — |" in block
    assert "the previous run's JSON (then, load 1.0)" in block
    assert json.loads(json.dumps(bench.as_json(games, 2.0)))["games"]["automobiles"][1]["previous_ratio"] == 1.0
