"""Issue 14, bug 9 and the CLI promise: every failure is one stderr line ``racebook: …`` and exit status 2, never a
traceback; an unexpected exception is one line and exit status 1; ``simulate --csv`` is checked before racing.

The fuzz suite runs :func:`racebook.cli.main` in-process on random argument lists and paths.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from unittest import mock

import pytest
from fuzzing import fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st

from racebook import cli
from racebook.rf90 import trackfile
from racebook.rf90.analysis import simulate

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str]) -> tuple[int, str, str]:
    """``cli.main(argv)`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(argv)
        except SystemExit as e:  # only --help exits this way, with status 0
            assert e.code == 0, (argv, e.code)
            rc = 0
    return rc, out.getvalue(), err.getvalue()


def one_line_failure(rc: int, err: str) -> str:
    assert rc == 2, (rc, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("racebook: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("cli")
    (d / "adir").mkdir()
    (d / "latin1.toml").write_bytes("[scenario]\nid = 'Mon\xe7a'\n".encode("latin-1"))
    (d / "broken.toml").write_text("[scenario\n", encoding="utf-8")
    (d / "empty.toml").write_text("", encoding="utf-8")
    (d / "track.toml").write_text((ROOT / "tracks" / "rf90" / "teaching.toml").read_text(encoding="utf-8")
                                  .replace('code = "T01"', 'code = "R42"'), encoding="utf-8")
    out = {"dir": str(d / "adir"), "latin1": str(d / "latin1.toml"), "broken": str(d / "broken.toml"),
           "empty": str(d / "empty.toml"), "missing": str(d / "missing.toml"), "badtrack": str(d / "track.toml"),
           "long": "x" * 300, "longpath": str(d / ("y" * 300 + ".toml")), "csv": str(d / "out.csv"),
           "zero": "/dev/zero", "nul": "a\x00b"}
    if hasattr(os, "mkfifo"):
        os.mkfifo(d / "fifo.toml")
        out["fifo"] = str(d / "fifo.toml")
    return out


@pytest.mark.parametrize(("argv", "words"), [
    (["replay", "{dir}"], "{dir}: <file>: is a directory"),
    (["replay", "{latin1}"], "<file>: not UTF-8 text"),
    (["replay", "{long}"], "<file>: no such file"),
    (["replay", "{longpath}"], "<file>: file name too long"),
    (["replay", "{missing}"], "<file>: no such file"),
    (["replay", "{zero}"], "<file>: not a regular file"),
    (["replay", "{nul}"], "<file>"),
    (["replay", "{broken}"], "<toml>"),
    (["replay"], "replay: the following arguments are required: file"),
    (["simulate", "--races", "-1"], "simulate: argument --races"),
    (["simulate", "--races", "²"], "simulate: argument --races"),
    (["simulate", "--players", "9"], "simulate: argument --players"),
    (["simulate", "--track", "{long}"], "<file>"),
    (["simulate", "--track", "{badtrack}"], "track_cards[0].code: 'R42' is a Race Card code"),
    (["workshop", "--port", "99999"], "workshop: argument --port"),
    (["workshop", "{long}"], "is not a notebook"),
    ([], "arguments: the following arguments are required: cmd"),
    (["fly"], "arguments: argument cmd: invalid choice"),
    (["replay", "ex28", "--jsn"], "arguments: unrecognized arguments: --jsn"),
])
def test_bug9_every_cli_failure_is_one_line_and_exit_2(files: dict[str, str], argv: list[str], words: str) -> None:
    argv = [a.format(**files) for a in argv]
    rc, _, err = run(argv)
    assert words.format(**files) in one_line_failure(rc, err)


def test_bug9_fifo_is_refused_without_blocking(files: dict[str, str]) -> None:
    if "fifo" not in files:
        pytest.skip("no FIFOs on this system")
    for argv in (["replay", files["fifo"]], ["tracks", "--check", files["fifo"]]):
        rc, _, err = run(argv)
        assert "not a regular file" in one_line_failure(rc, err)


def test_bug9_simulate_checks_the_csv_path_before_running_races() -> None:
    with mock.patch.object(simulate, "simulate", side_effect=AssertionError("ran races")) as sim:
        for path in ("/no/such/dir/x.csv", "/", "/dev/null", "x" * 300 + "/y.csv"):
            rc, out, err = run(["simulate", "--track", "teaching", "--races", "3", "--csv", path])
            assert "--csv" in one_line_failure(rc, err) and out == ""
        assert not sim.called


def test_simulate_writes_the_csv(files: dict[str, str]) -> None:
    rc, out, err = run(["simulate", "--track", "teaching", "--races", "1", "--csv", files["csv"]])
    assert rc == 0 and err == "" and "1 races" in out
    assert Path(files["csv"]).read_text(encoding="utf-8").count("\n") == 2


def test_tracks_check_reports_every_file_and_never_stops_at_the_first_bad_one(files: dict[str, str]) -> None:
    argv = ["tracks", "--check", files["dir"], files["latin1"], "teaching", files["badtrack"], files["long"],
            files["zero"], "silverstone"]
    rc, out, err = run(argv)
    assert rc == 2 and "Traceback" not in err
    assert [line.split()[1] for line in out.splitlines()] == ["teaching:", "silverstone:"]
    lines = err.splitlines()
    assert len(lines) == 5 and all(line.startswith("racebook: ") for line in lines)


def test_tracks_listing_reports_a_bad_file_on_the_search_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bad.toml").write_text("schema = 2\n", encoding="utf-8")
    monkeypatch.setenv(trackfile.ENV_VAR, str(tmp_path))
    trackfile.clear_cache()
    rc, out, err = run(["tracks"])
    assert "bad.toml: " in one_line_failure(rc, err)
    assert "teaching" in out and "silverstone" in out


def test_an_unexpected_exception_is_one_line_and_exit_1() -> None:
    with mock.patch.object(trackfile, "available_tracks", side_effect=ZeroDivisionError("boom")):
        rc, _, err = run(["tracks"])
    assert rc == 1 and err == "racebook: internal error: ZeroDivisionError: boom (please report it)\n"


def test_help_still_exits_0() -> None:
    rc, out, _ = run(["--help"])
    assert rc == 0 and "replay" in out


# ------------------------------------------------------------------ fuzzing
_WORDS = ["replay", "simulate", "scenarios", "tracks", "workshop", "--check", "--json", "--track", "--races",
          "--seed", "--players", "--driver", "--csv", "--port", "--no-browser", "--help", "-h", "greedy", "random",
          "teaching", "silverstone", "nosuch", "ex28", "ex01", "0", "1", "-1", "7", "x", "²", "1e3", "", " ",
          "99999999999999999999999", "--", "-", "/", ".", "..", "/dev/null", "~", "a\x00b"]


@st.composite
def _argv(draw: st.DrawFn, files: dict[str, str]) -> list[str]:
    pool = _WORDS + sorted(files.values())
    word = st.one_of(st.sampled_from(pool), st.text(max_size=12), st.text(min_size=250, max_size=320))
    if draw(st.booleans()):  # a well-formed command line with random values
        cmd = draw(st.sampled_from(["replay", "replay-json", "simulate", "tracks", "check"]))
        value = st.one_of(st.sampled_from(pool), word)
        if cmd.startswith("replay"):
            return ["replay", draw(st.one_of(st.sampled_from(["ex01", "ex28", "ex11"]), value))] + \
                (["--json"] if cmd == "replay-json" else [])
        if cmd == "simulate":
            return ["simulate", "--races", draw(st.sampled_from(["0", "1", "5"])), "--track",
                    draw(st.one_of(st.just("teaching"), value)), "--seed", draw(st.one_of(st.just("3"), value))]
        if cmd == "tracks":
            return ["tracks"]
        return ["tracks", "--check", *draw(st.lists(value, min_size=1, max_size=3))]
    argv = draw(st.lists(word, max_size=6))
    if argv and draw(st.booleans()):
        argv[0] = draw(st.sampled_from(["replay", "simulate", "tracks", "scenarios", "workshop"]))
    return argv


@pytest.mark.fuzz
def test_fuzz_cli_argument_lists(files: dict[str, str]) -> None:
    """Random argv, run in-process: exit 0 (with no stderr), or exit 2 with one line per failure — never a
    traceback and never exit 1 (an internal error). Voilà is never started (its subprocess is mocked), and
    ``simulate`` runs no race (mocked: the races are fuzzed elsewhere; the arguments, the track and the --csv
    path are still checked for real)."""

    @fuzz_settings(150)
    @given(_argv(files))
    def check(argv: list[str]) -> None:
        with mock.patch("racebook.workshop.subprocess.call", return_value=0), \
                mock.patch.object(simulate, "simulate", return_value=[]):
            rc, _, err = run(argv)
        assert "Traceback" not in err
        if rc == 0:
            assert err == "", (argv, err)
            record("CLI argument lists", "ok")
            return
        assert rc == 2, (argv, rc, err)
        lines = err.splitlines()
        assert lines and all(line.startswith("racebook: ") for line in lines), (argv, err)
        if not (argv and argv[0] == "tracks" and "--check" in argv):
            assert len(lines) == 1, (argv, err)
        record("CLI argument lists", "refused")

    check()
