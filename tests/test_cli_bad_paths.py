"""Issue 35 items 11, 12 and 14 on the command line, both games: every output option and every input file argument
refuses a FIFO or a device at once (one line, exit 2) instead of blocking forever; an empty or blank file name gets a
real message; ``workshop --ip`` with something that is not an address says so.

Output options: ``replay --svg``, ``simulate --csv``, ``season run|resume --save``, ``automobiles
replay|race|resume --save``; all go through racebook.core.datafile.write_text (one check for every output).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from racebook.cli import main
from racebook.core.errors import DataError

#: Each output option: the arguments with FILE where the output path goes (made quick: few races).
OUTPUTS: dict[str, list[str]] = {
    "replay --svg": ["replay", "ex05", "--svg", "FILE"],
    "simulate --csv": ["simulate", "--track", "teaching", "--races", "1", "--csv", "FILE"],
    "season run --save": ["season", "run", "mini", "--races", "0", "--save", "FILE"],
    "season resume --save": ["season", "resume", "SEASON", "--races", "0", "--save", "FILE"],
    "automobiles replay --save": ["automobiles", "replay", "auto_ex25", "--save", "FILE"],
    "automobiles race --save": ["automobiles", "race", "--players", "2", "--save", "FILE"],
    "automobiles resume --save": ["automobiles", "resume", "AUTOSAVE", "--play", "--save", "FILE"],
}

#: Each input file argument: the arguments with FILE where the input path goes.
INPUTS: dict[str, list[str]] = {
    "replay": ["replay", "FILE"],
    "tracks --check": ["tracks", "--check", "FILE"],
    "season run": ["season", "run", "FILE"],
    "season resume": ["season", "resume", "FILE"],
    "season standings": ["season", "standings", "FILE"],
    "season odds": ["season", "odds", "FILE"],
    "automobiles replay": ["automobiles", "replay", "FILE"],
    "automobiles resume": ["automobiles", "resume", "FILE"],
}


def _saves(tmp: Path) -> dict[str, str]:
    season, auto = tmp / "season.json", tmp / "auto.json"
    assert main(["season", "run", "mini", "--races", "0", "--save", str(season)]) == 0
    assert main(["automobiles", "replay", "auto_ex25", "--save", str(auto)]) == 0
    return {"SEASON": str(season), "AUTOSAVE": str(auto)}


def _run(args: list[str], timeout: float = 60.0) -> int:
    """``main(args)`` in a thread: fails if it is still running after ``timeout`` seconds (it blocked)."""
    out: list[int] = []
    th = threading.Thread(target=lambda: out.append(main(args)), daemon=True)
    th.start()
    th.join(timeout)
    assert not th.is_alive(), f"racebook {' '.join(args)} blocked"
    return out[0]


def _unblock(fifo: Path) -> Callable[[], None]:
    def close() -> None:  # a writer or reader stuck on the FIFO gets its other end
        fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
        os.close(fd)
    return close


# ------------------------------------------------------------------ item 11: FIFOs and devices
@pytest.mark.parametrize("what", OUTPUTS)
def test_fifo_or_device_as_an_output_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        what: str) -> None:
    subst = _saves(tmp_path)
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    capsys.readouterr()
    for target in (str(fifo), "/dev/null"):
        args = [target if a == "FILE" else subst.get(a, a) for a in OUTPUTS[what]]
        try:
            assert _run(args) == 2
        finally:
            _unblock(fifo)()
        err = capsys.readouterr().err
        flag = what.split()[-1]
        assert err == f"racebook: {target}: {flag}: not a regular file (a device, pipe or socket is never written)\n"


@pytest.mark.parametrize("what", OUTPUTS)
def test_a_directory_or_a_missing_folder_as_an_output(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      what: str) -> None:
    subst = _saves(tmp_path)
    capsys.readouterr()
    for target, reason in ((str(tmp_path), "is a directory, not a file"),
                           (str(tmp_path / "no" / "x.out"), "no such directory")):
        args = [target if a == "FILE" else subst.get(a, a) for a in OUTPUTS[what]]
        assert _run(args) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"racebook: {target}: {what.split()[-1]}: {reason}") and err.count("\n") == 1, err


@pytest.mark.parametrize("what", INPUTS)
def test_fifo_or_device_as_an_input_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       what: str) -> None:
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)
    for target in (str(fifo), "/dev/zero"):
        try:
            assert _run([target if a == "FILE" else a for a in INPUTS[what]]) == 2
        finally:
            _unblock(fifo)()
        err = capsys.readouterr().err
        assert err.startswith(f"racebook: {target}: <file>: not a regular file") and err.count("\n") == 1, err


# ------------------------------------------------------------------ item 12: empty and blank file names
@pytest.mark.parametrize("name", ["", " ", "\t "])
@pytest.mark.parametrize("what", INPUTS)
def test_an_empty_or_blank_file_name_gets_a_real_message(capsys: pytest.CaptureFixture[str], what: str,
                                                         name: str) -> None:
    assert _run([name if a == "FILE" else a for a in INPUTS[what]]) == 2
    err = capsys.readouterr().err
    assert "(no message)" not in err and err.count("\n") == 1, err
    assert err.startswith(f"racebook: {json.dumps(name)}: <file>: "), err
    assert "file name is" in err, err


@pytest.mark.parametrize("name", ["", " "])
@pytest.mark.parametrize("what", OUTPUTS)
def test_an_empty_or_blank_output_name_gets_a_real_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           what: str, name: str) -> None:
    subst = _saves(tmp_path)
    capsys.readouterr()
    assert _run([name if a == "FILE" else subst.get(a, a) for a in OUTPUTS[what]]) == 2
    err = capsys.readouterr().err
    assert "(no message)" not in err and err.count("\n") == 1 and "file name is" in err, err


# ------------------------------------------------------------------ item 14: workshop --ip that is no address
@pytest.mark.parametrize("ip", ["999.1.1.1", "1.2.3", "not an address", " ", "::g", "127.0.0.1:80", "0x7f.1",
                                "256.0.0.1", "1.2.3.4.5", "localhost\x00", "example.org"])
def test_workshop_ip_that_is_no_address_says_so(capsys: pytest.CaptureFixture[str], ip: str) -> None:
    from racebook import workshop
    with pytest.raises(DataError):
        workshop.check_ip(ip)  # (checked alone first: before the fix a valid-looking one could start a server)
    assert main(["workshop", "--ip", ip, "--no-browser", "--port", "8999"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "busy" not in err and "not an IP address" in err, err
    assert err.startswith("racebook: <args>: --ip: "), err


@pytest.mark.parametrize("ip", ["127.0.0.1", "0.0.0.0", "::1", "::", "localhost", ""])
def test_workshop_ip_addresses_are_accepted(ip: str) -> None:
    from racebook import workshop
    assert workshop.check_ip(ip) == ip
