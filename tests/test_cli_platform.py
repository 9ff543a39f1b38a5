"""The CLI over the game registry (issue 39 item 2) and a newcomer's CLI (issue 34 item 6, issue 36 item 4):
every game through ``replay``/``scenarios``/``tracks``/``simulate``; a closed pipe, ``racebook`` alone,
``--version`` and ``-h``; progress only on a terminal; unknown ids listed one way; every option with help and a
default, and docs/cli.md checked against the parser; ``import racebook.cli`` imports no engine."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import racebook
from racebook import cli
from racebook.core import registry
from racebook.core.choices import unknown, valid_ids, wrapped

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(argv: list[str], tty: bool = False) -> tuple[int, str, str]:
    out = io.StringIO()
    err = _Tty() if tty else io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(argv)
        except SystemExit as e:
            rc = int(e.code or 0)
    return rc, out.getvalue(), err.getvalue()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


# ------------------------------------------------------------------ the registry
def test_import_racebook_lists_the_games() -> None:
    games = racebook.games()
    assert [g.name for g in games][:2] == ["rf90", "automobiles"]
    for g in games:
        assert g.race_class.__name__ == "Race" and g.scenario_ids() and callable(g.api.play_scenario)
        assert registry.game(g.name) is g
    assert [g.name for g in games] == ["rf90", "automobiles", "formulagp"]
    with pytest.raises(registry.RegistryError, match="did you mean 'formulagp'\\? the 3 valid games: rf90, "
                                                     "automobiles, formulagp"):
        registry.game("formula1")


def test_scenario_ids_are_unique_across_games() -> None:
    index = registry.scenario_index()  # raises on an id shipped by two games
    assert sum(len(g.scenario_ids()) for g in registry.games()) == len(index)
    for g in registry.games():
        for sid in g.scenario_ids():
            assert index[sid] is g and registry.game_of_scenario(sid) is g


def test_a_second_game_with_a_taken_name_is_refused() -> None:
    rf90 = registry.game("rf90")
    with pytest.raises(registry.RegistryError, match="registered twice"):
        registry.register(registry.GameSpec(**{**rf90.__dict__, "title": "another"}))
    assert registry.game("rf90") is rf90


def test_scenarios_lists_every_game_and_game_filters() -> None:
    rc, out, err = run(["scenarios"])
    assert rc == 0 and err == ""
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == [sid for g in registry.games() for sid in g.scenario_ids()]
    rc, only, _ = run(["scenarios", "--game", "automobiles"])
    assert [line.split()[0] for line in only.splitlines()] == registry.game("automobiles").scenario_ids()
    rc, same, _ = run(["automobiles", "scenarios"])
    assert same == only
    rc, rf90, _ = run(["scenarios", "--game", "rf90"])
    rc, fgp, _ = run(["scenarios", "--game", "formulagp"])
    assert rf90 + only + fgp == out and "ex27         Ex. 27" in rf90
    assert [line.split()[0] for line in fgp.splitlines()] == registry.game("formulagp").scenario_ids()


@pytest.mark.parametrize("game", ["rf90", "automobiles", "formulagp"])
def test_replay_plays_a_scenario_of_every_game(game: str, tmp_path: Path) -> None:
    spec = registry.game(game)
    sid = spec.scenario_ids()[0]
    rc, out, err = run(["replay", sid])
    assert rc == 0 and err == "" and out.startswith(spec.scenario_title(sid))
    rc, js, _ = run(["replay", sid, "--json"])
    assert rc == 0 and json.loads(js)["scenario"] == sid
    svg = tmp_path / "p.svg"
    assert run(["replay", sid, "--svg", str(svg), "--step", "0"])[0] == 0
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    other = next(g for g in registry.games() if g is not spec)
    rc, _, err = run(["replay", sid, "--game", other.name])
    assert rc == 2 and f"no shipped {other.name} scenario {sid!r}" in err


def test_automobiles_replay_is_the_same_through_both_commands() -> None:
    assert run(["replay", "auto_ex25"])[1] == run(["automobiles", "replay", "auto_ex25"])[1]
    assert run(["replay", "auto_ex14_turbo", "--json"])[1] == run(["automobiles", "replay", "auto_ex14_turbo",
                                                                   "--json"])[1]


def test_a_scenario_file_names_its_game(tmp_path: Path) -> None:
    text = (registry.game("automobiles").scenario_dir / "auto_ex25.toml").read_text(encoding="utf-8")
    f = tmp_path / "mine.toml"
    f.write_text(text.replace("[scenario]\n", '[scenario]\ngame = "automobiles"\n', 1), encoding="utf-8")
    assert registry.game_of_scenario(str(f)) is registry.game("automobiles")
    rc, out, _ = run(["replay", str(f)])
    assert rc == 0 and out == run(["replay", "auto_ex25"])[1]
    f.write_text(text.replace("[scenario]\n", '[scenario]\ngame = "rf90"\n', 1), encoding="utf-8")
    rc, _, err = run(["automobiles", "replay", str(f)])
    assert rc == 2 and "scenario.game: this is a rf90 scenario, not automobiles" in err
    f.write_text(text.replace("[scenario]\n", '[scenario]\ngame = "chess"\n', 1), encoding="utf-8")
    rc, _, err = run(["replay", str(f)])
    assert rc == 2 and "scenario.game: no game 'chess'; the 3 valid games: rf90, automobiles, formulagp" in err
    rf90 = (registry.game("rf90").scenario_dir / "ex27.toml").read_text(encoding="utf-8")
    f.write_text(rf90.replace("[scenario]\n", '[scenario]\ngame = "rf90"\n', 1), encoding="utf-8")
    assert run(["replay", str(f)])[1].splitlines()[1:] == run(["replay", "ex27"])[1].splitlines()[1:]


def test_tracks_lists_every_game_and_simulate_plays_every_game(tmp_path: Path) -> None:
    rc, out, _ = run(["tracks"])
    ids = [line.split()[0] for line in out.splitlines()]
    assert rc == 0 and ids == [t for g in registry.games() for t in g.api.track_ids()]
    rc, boards, _ = run(["tracks", "--game", "automobiles"])
    assert rc == 0 and [line.split()[0] for line in boards.splitlines()] == ["ladder", "teaching"]
    rc, out, _ = run(["tracks", "--game", "automobiles", "--check", "ladder"])
    assert rc == 0 and out.startswith("OK ladder: Automobiles board")
    csv = tmp_path / "a.csv"
    rc, out, err = run(["simulate", "--game", "automobiles", "--races", "2", "--seed", "5", "--csv", str(csv)])
    assert rc == 0 and err == "" and out.startswith("2 races\nwinners: ")
    assert csv.read_text(encoding="utf-8").splitlines()[0] == "seed,winner,order,rounds,actions"
    rc, _, err = run(["simulate", "--game", "automobiles", "--players", "6", "--races", "1"])
    assert rc == 2 and "--players: 6 is not in 2..5" in err
    rc, out, _ = run(["tracks", "--game", "formulagp"])
    assert rc == 0 and out.startswith("teaching     FormulaGP circuit: ") and "40 movement tiles" in out
    rc, out, err = run(["simulate", "--game", "formulagp", "--races", "2", "--seed", "3", "--players", "4",
                        "--csv", str(csv)])
    assert rc == 0 and err == "" and out.startswith("2 races\nwinners: ")
    assert csv.read_text(encoding="utf-8").splitlines()[0] == "seed,winner,classification,rounds,actions"
    assert run(["simulate", "--game", "formulagp", "--races", "2", "--seed", "3", "--players", "4"])[1] == out
    rc, _, err = run(["simulate", "--game", "formulagp", "--players", "1", "--races", "1"])
    assert rc == 2 and "--players: 1 is not in 2..6" in err


# ------------------------------------------------------------------ usage, version, hints
def test_racebook_alone_prints_the_usage_and_a_hint() -> None:
    rc, out, err = run([])
    assert rc == 2 and out.startswith("usage: racebook") and "racebook COMMAND -h" in out
    assert err.count("\n") == 1 and "required: cmd (see 'racebook -h')" in err


def test_version_and_help() -> None:
    rc, out, _ = run(["--version"])
    assert rc == 0 and re.match(r"racebook \d+\.\d+\.\d+\S* — Race! Formula 90", out) and "racebook COMMAND -h" in out
    from importlib.metadata import PackageNotFoundError, version
    try:
        expected = version("racebook")
    except PackageNotFoundError:
        expected = racebook.__version__
    assert out.startswith(f"racebook {expected} ")
    rc, out, _ = run(["-h"])
    assert rc == 0 and out.startswith("usage: racebook") and "racebook COMMAND -h" in out and "--version" in out


def test_version_is_read_as_importlib_metadata_finds_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: --version reads the first racebook-*.dist-info on sys.path itself (importlib.metadata costs a
    quarter of the start-up); the same version importlib.metadata gives, and None (it decides) when in doubt."""
    from importlib.metadata import PackageNotFoundError, version

    from racebook.cliparser import _dist_info_version
    try:
        installed: str | None = version("racebook")
    except PackageNotFoundError:
        installed = None
    assert _dist_info_version() in (installed, None)
    fake = tmp_path / "Racebook-9.8.7.dist-info"
    fake.mkdir()
    (fake / "METADATA").write_text("Metadata-Version: 2.1\nName: Racebook\nVersion: 9.8.7\n\nVersion: 1\n")
    (tmp_path / "racebook_extra-1.0.dist-info").mkdir()  # another distribution's name is not racebook's
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _dist_info_version() == version("racebook") == "9.8.7"
    (fake / "METADATA").write_text("Metadata-Version: 2.1\nName: Racebook\n\nVersion: 1\n")  # no version header
    assert _dist_info_version() is None
    fake.rename(tmp_path / "racebook.egg-info")
    assert _dist_info_version() is None  # an egg: importlib.metadata decides
    probe = ("import sys\nfrom racebook.cli import main\nfrom racebook.cliparser import _dist_info_version\n"
             "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
             "print(_dist_info_version() is None or 'importlib.metadata' not in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "True"


# ------------------------------------------------------------------ a closed pipe
@pytest.mark.parametrize("argv", [["scenarios"], ["tracks"], ["automobiles", "scenarios"],
                                  ["replay", "ex27", "--json"]])
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    p = subprocess.Popen([sys.executable, "-m", "racebook.cli", *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=ROOT, env=ENV)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # the reader goes away before racebook writes (as `| head -1` does after its line)
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == cli.EXIT_PIPE
    assert err == "", err


def test_a_closed_pipe_in_process_is_the_pipe_status() -> None:
    class Closed(io.StringIO):
        def write(self, s: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    err = io.StringIO()
    with contextlib.redirect_stdout(Closed()), contextlib.redirect_stderr(err):
        assert cli.main(["scenarios"]) == cli.EXIT_PIPE
    assert err.getvalue() == ""


# ------------------------------------------------------------------ Ctrl-C
def _wait_for_cpu(pid: int, seconds: float, timeout: float = 120) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU (Linux /proc; elsewhere a fixed wait)."""
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not stat.exists():
            time.sleep(5)
            return
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") >= seconds:
            return
        time.sleep(0.1)


def test_ctrl_c_is_one_line_and_the_interrupt_status() -> None:
    """A long command interrupted (SIGINT): one line on stderr, status 130, no traceback."""
    p = subprocess.Popen([sys.executable, "-m", "racebook.cli", "simulate", "--track", "teaching", "--races",
                          "100000", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=ENV)
    _wait_for_cpu(p.pid, 1.5)  # imports done, races running (however loaded the machine is)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == cli.EXIT_INTERRUPTED == 130
    assert err.decode() == "racebook: interrupted\n" and b"Traceback" not in out + err


# ------------------------------------------------------------------ progress only on a terminal
def test_progress_is_shown_on_a_terminal_only() -> None:
    argv = ["simulate", "--track", "teaching", "--races", "3"]
    rc, out, err = run(argv, tty=True)
    assert rc == 0 and "simulate rf90: 3/3 (100%)" in err and err.endswith("\r")  # the line is cleared
    rc2, out2, err2 = run(argv)
    assert rc2 == 0 and err2 == "" and out2 == out  # the same races, nothing on a pipe
    assert run([*argv, "--quiet"], tty=True)[2] == ""
    rc, _, err = run(["automobiles", "race", "--players", "2", "--seed", "1"], tty=True)
    assert rc == 0 and "automobiles race: 1/1 (100%), round " in err
    rc, out, err = run(["season", "run", "mini", "--races", "1"], tty=True)
    assert rc == 0 and "season run: 1/4 (25%)" in err and "season run" not in out
    assert run(["season", "run", "mini", "--races", "1", "-q"], tty=True)[2] == ""


# ------------------------------------------------------------------ unknown ids, one way
@pytest.mark.parametrize(("argv", "valid"), [
    (["replay", "nosuch"], "ex27"),
    (["replay", "ex27x"], "did you mean 'ex27'?"),
    (["automobiles", "replay", "nosuch"], "auto_ex25"),
    (["season", "run", "nosuch"], "the "),
    (["tracks", "--check", "nosuch"], "silverstone"),
    (["simulate", "--track", "nosuch", "--races", "1"], "teaching"),
    (["simulate", "--game", "automobiles", "--track", "nosuch", "--races", "1"], "ladder"),
    (["simulate", "--game", "nosuch"], "rf90, automobiles"),
    (["scenarios", "--game", "nosuch"], "rf90, automobiles"),
])
def test_every_unknown_id_lists_the_valid_ids_the_same_way(argv: list[str], valid: str) -> None:
    rc, out, err = run(argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and re.search(r"; (did you mean '[\w-]+'\? )?the \d+ valid (ids|games): ", err), err
    assert valid in err


def test_the_list_is_wrapped_on_a_terminal() -> None:
    rc, _, err = run(["replay", "nosuch"], tty=True)
    lines = err.splitlines()
    assert rc == 2 and len(lines) > 3 and all(len(line) < 100 for line in lines) and lines[1].startswith("  ")
    assert " ".join(line.strip() for line in lines) == run(["replay", "nosuch"])[2].strip()


def test_the_helper() -> None:
    assert unknown("track", "silverstne", ["monza", "silverstone"]) == (
        "no track 'silverstne'; did you mean 'silverstone'? the 2 valid ids: monza, silverstone")
    assert valid_ids("x", []) == "there are no valid ids"
    assert wrapped("a " * 60, 40).count("\n") >= 2


# ------------------------------------------------------------------ every option: help, default, docs/cli.md
def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...],
                                                                                        argparse.ArgumentParser]]:
    out = []
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [(path, parser)]
    for name, p in subs[0].choices.items():
        out += _commands(p, (*path, name))
    return out


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]


def test_every_option_has_help_and_shows_its_default() -> None:
    for path, parser in _commands(cli._build_parser()):
        text = parser.format_help()
        for a in _options(parser):
            assert a.help, (path, a.dest)
            if a.option_strings and a.default not in (None, False, argparse.SUPPRESS):
                assert "default" in cli._Formatter("x")._get_help_string(a), (path, a.dest)
        assert "(default: None)" not in text and "(default: False)" not in text, path


def test_docs_cli_lists_every_command_and_option() -> None:
    section = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").split("## The racebook CLI", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `racebook ")]
    for path, parser in _commands(cli._build_parser()):
        cmd = " ".join(path)
        documented = [r for r in rows if re.match(rf"\| `racebook {re.escape(cmd)}[ `]", r)]
        assert documented, f"racebook {cmd} has no row in docs/cli.md"
        for a in _options(parser):
            for opt in a.option_strings:
                if opt.startswith("--"):
                    assert any(opt in r for r in documented), f"racebook {cmd} {opt} is not in docs/cli.md"


# ------------------------------------------------------------------ start-up: import what a command needs
_PROBE = """
import sys
import time
import racebook.cli
before = sorted(m for m in sys.modules if m.startswith(("racebook.rf90", "racebook.automobiles", "racebook.formulagp")))
from racebook.cli import main
try:
    main({argv!r})
except SystemExit:
    pass
after = sorted(m for m in sys.modules if m.startswith(("racebook.rf90", "racebook.automobiles", "racebook.formulagp")))
import json
print(json.dumps([before, after]))
"""


@pytest.mark.parametrize("argv", [["--help"], ["scenarios"], ["automobiles", "scenarios"]])
def test_import_racebook_cli_imports_no_engine(argv: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", _PROBE.format(argv=argv)], capture_output=True, text=True,
                         cwd=ROOT, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    before, after = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == []
    # listing the games reads each game's spec module (data), never its engine
    assert set(after) <= {"racebook.rf90", "racebook.rf90.spec", "racebook.automobiles", "racebook.automobiles.spec",
                          "racebook.formulagp", "racebook.formulagp.spec"}


@pytest.mark.parametrize(("scenario_id", "game"), [("ex01", "rf90"), ("auto_ex01_maintenance_crew", "automobiles"),
                                                  ("fgp_ex10", "formulagp")])
def test_replay_imports_the_engine_but_no_driver_labels_or_series(scenario_id: str, game: str) -> None:
    """Issue 36: `racebook replay` imports the scenario reader and the engine it plays (the spec's replay hooks,
    racebook.<game>.replayhooks), not the game's other hooks: computer drivers, button labels, series of races."""
    out = subprocess.run([sys.executable, "-c", _PROBE.format(argv=["replay", scenario_id])], capture_output=True,
                         text=True, cwd=ROOT, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    after = set(json.loads(out.stdout.strip().splitlines()[-1])[1])
    assert {f"racebook.{game}.game", f"racebook.{game}.scenario", f"racebook.{game}.replayhooks"} <= after
    assert not {f"racebook.{game}.{m}" for m in ("hooks", "agents", "actionlabels", "analysis")} & after


def test_a_game_module_is_reached_from_import_racebook_as_before() -> None:
    """`import racebook` imports no engine, yet `racebook.rf90.scenario.load(...)` (notebook 00, users' code) and
    every game's modules are still reached as attributes: imported on first use (racebook.core.lazymodules)."""
    code = ("import racebook, sys\n"
            "assert 'racebook.rf90.game' not in sys.modules\n"
            "print(racebook.rf90.scenario.load('ex27', play=False).title)\n"
            "print(racebook.automobiles.scenario.__name__, racebook.formulagp.state.__name__)\n"
            "for bad in ('racebook.rf90.nosuch', 'racebook.nosuch', 'racebook.rf90.__wrapped__'):\n"
            "    try:\n"
            "        eval(bad)\n"
            "    except AttributeError:\n"
            "        pass\n"
            "    else:\n"
            "        raise SystemExit(bad + ' did not raise AttributeError')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["Ex. 27 — a pass on the straight, then BANGING WHEELS in a braking zone",
                                       "racebook.automobiles.scenario racebook.formulagp.state"]


def test_a_worked_example_is_named_by_its_number() -> None:
    """`racebook replay fgp_ex10` (issue 37 item 5): a unique prefix before an ``_`` names the shipped id; an
    ambiguous or unknown prefix is refused with the list, under the name typed."""
    full = run(["replay", "fgp_ex10_green_in_sixth_gear"])
    assert full[0] == 0 and run(["replay", "fgp_ex10"]) == full
    assert registry.short_id("auto_ex13", registry.scenario_index()) == "auto_ex13"  # two gearbox scenarios
    rc, out, err = run(["replay", "auto_ex13"])
    assert rc == 2 and out == "" and "no shipped scenario 'auto_ex13'" in err
    rc, out, _ = run(["replay", "fgp_ex06"])  # a round starts before the first action: its events are printed
    assert rc == 0 and "\n  Driver sequence: Red, Grey, Orange — §10.2\n" in out and "\n> " not in out
    rc, _, err = run(["replay", "fgp_ex10", "--game", "rf90"])
    assert rc == 2 and "no shipped rf90 scenario 'fgp_ex10'" in err
