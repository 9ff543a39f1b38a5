"""Season files, fuzzed: a mutated or random file either loads or raises one SeasonDataError (file, field,
reason) — never another exception (Expansion #1 §6; docs/season.md)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fuzzing import fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st

from racebook.rf90.championship.seasonfile import SEASONS_DIR, SeasonDataError, load_season, season_from_dict

pytestmark = pytest.mark.fuzz

BASES = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(SEASONS_DIR.glob("*.toml"))]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                 st.text(max_size=20), st.lists(st.text(max_size=8), max_size=14),
                 st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
                 st.sampled_from(["monza", "spa", "SPA", "hungaroring", "advanced", "basic", "superfast", "Bob",
                                  "qualify", "sixth_sense", "tenth", "soft", "recovery", "Gourdo", ""]))


def _paths(d: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, prefix + (i,))
    return out


def _check(d: Any) -> None:
    try:
        season_from_dict(d, "fuzz.toml")
        record("season files", "accepted")
    except SeasonDataError as e:
        assert e.file == "fuzz.toml" and e.field and "\n" not in str(e)
        record("season files", "refused")


@fuzz_settings(120)
@given(st.integers(0, 10**6), st.integers(0, 10**6), JUNK, st.sampled_from(["set", "delete", "dup"]))
def test_a_mutated_season_is_one_clean_error(which: int, where: int, value: Any, how: str) -> None:
    d = copy.deepcopy(BASES[which % len(BASES)])
    paths = _paths(d)
    path = paths[where % len(paths)]
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "dup" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    else:
        parent[key] = value
    _check(d)


@fuzz_settings(40)
@given(st.binary(max_size=200))
def test_random_bytes_are_one_clean_error(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    p: Path = tmp_path_factory.mktemp("s") / "season.toml"
    p.write_bytes(data)
    with pytest.raises(SeasonDataError):
        load_season(p)


def test_a_directory_and_a_missing_file_are_one_clean_error(tmp_path: Path) -> None:
    with pytest.raises(SeasonDataError, match="is a directory"):
        load_season(tmp_path)
    with pytest.raises(SeasonDataError, match="no such file"):
        load_season(tmp_path / "none.toml")
