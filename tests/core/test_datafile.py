"""racebook.core.datafile: only regular, small, UTF-8 files are read; everything else is a clean DataError."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from racebook.core.datafile import load_toml, read_text
from racebook.core.errors import DataError, TrackDataError


def test_reads_a_regular_utf8_file(tmp_path: Path) -> None:
    f = tmp_path / "a.toml"
    f.write_text('x = "é"\n', encoding="utf-8")
    assert read_text(f) == 'x = "é"\n'
    assert load_toml(f) == {"x": "é"}


@pytest.mark.parametrize("make, reason", [
    (lambda d: d / "missing.toml", "no such file"),
    (lambda d: d, "is a directory"),
])
def test_missing_and_directory(tmp_path: Path, make, reason: str) -> None:
    with pytest.raises(TrackDataError, match=reason) as e:
        read_text(make(tmp_path), TrackDataError)
    assert e.value.field == "<file>"


def test_device_and_fifo_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not a regular file"):
        read_text("/dev/zero")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="not a regular file"):
        read_text(fifo)  # would block forever if opened


def test_size_cap_and_encoding(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 101)
    with pytest.raises(DataError, match="too large"):
        read_text(big, max_bytes=100)
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b"name = '\xe9'\n")
    with pytest.raises(DataError, match="not UTF-8"):
        read_text(bad)
    with pytest.raises(DataError, match="<file>"):
        read_text(str(tmp_path / "x\0y"))


def test_malformed_toml(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text("x = \n", encoding="utf-8")
    with pytest.raises(DataError, match="malformed TOML") as e:
        load_toml(f)
    assert e.value.field == "<toml>"
