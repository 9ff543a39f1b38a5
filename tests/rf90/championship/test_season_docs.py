"""docs/season.md stays true: its example season file parses, its keys are the reader's, its commands exist."""

from __future__ import annotations

import re
from pathlib import Path

from racebook.rf90.championship import Level, load_season, robot_teams
from racebook.rf90.championship.seasonfile import _PLAYER, _TOP, available_seasons

DOC = (Path(__file__).resolve().parents[3] / "docs" / "season.md").read_text(encoding="utf-8")


def test_the_documented_example_parses(tmp_path: Path) -> None:
    m = re.search(r"<!-- season-example -->\n```toml\n(.*?)```\n<!-- /season-example -->", DOC, re.S)
    assert m is not None
    p = tmp_path / "club.toml"
    p.write_text(m.group(1), encoding="utf-8")
    s = load_season(p)
    assert s.level is Level.ADVANCED and len(s.calendar) == 4 and s.choices(4, "Bob").refuel == 14
    assert [name for name, _ in s.lineup][:2] == ["Alan/Carl", "Bob/Robot teammate"]


def test_every_key_and_shipped_season_is_documented() -> None:
    for key in _TOP | _PLAYER:
        assert f"`{key}" in DOC or f".{key}`" in DOC or f"`players.NAME.{key}" in DOC, key
    for name in available_seasons():
        assert f"`{name}`" in DOC, name
    for t in robot_teams().values():
        assert t.first in DOC and t.second in DOC.replace("Giuffrè", "Giuffre")
