"""`racebook tracks --check FILE …`: validate track files with the track loader (OK, or the error and exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.cli import main
from racebook.rf90.trackfile import clear_cache

ROOT = Path(__file__).resolve().parents[2]


def _minimal() -> str:
    schema = (ROOT / "tracks" / "rf90" / "SCHEMA.md").read_text(encoding="utf-8")
    return schema.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    clear_cache()


def test_check_ok_for_a_path_and_for_shipped_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(_minimal(), encoding="utf-8")
    assert main(["tracks", "--check", str(path), "silverstone", "teaching"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.splitlines() == [
        f"OK {path}: Tiny (4 sections, pit -1, 2 turns)",
        "OK silverstone: Silverstone (31 sections, pit -8, 24 turns)",
        "OK teaching: Teaching track (12 sections, pit -8, 16 turns)",
    ]


def test_check_names_file_field_and_reason_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(_minimal().replace("duel_modifier = -2", "duel_modifer = -2"), encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text(_minimal(), encoding="utf-8")
    assert main(["tracks", "--check", str(bad), str(good)]) == 2  # every file is checked, the status says one failed
    out = capsys.readouterr()
    assert out.out.strip() == f"OK {good}: Tiny (4 sections, pit -1, 2 turns)"
    assert out.err.startswith(f"racebook: {bad}: corners[0].duel_modifer: unknown key 'duel_modifer'; "
                              "did you mean 'duel_modifier'?")


def test_check_unknown_id_and_malformed_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tracks", "--check", "no_such_track"]) == 2
    assert "racebook: no_such_track: <file>: no track 'no_such_track'" in capsys.readouterr().err
    broken = tmp_path / "broken.toml"
    broken.write_text("schema = \n", encoding="utf-8")
    assert main(["tracks", "--check", str(broken)]) == 2
    assert f"racebook: {broken}: <toml>: malformed TOML" in capsys.readouterr().err


def test_plain_tracks_still_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tracks"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert {"monza", "silverstone", "teaching"} <= set(ids)
