"""Test helpers: a small Automobiles scenario written as TOML text (players on the ladder board), read by the
scenario loader, so tests build positions the way scenario files do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from racebook.automobiles.game import Race
from racebook.automobiles.scenario import read


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    return str(v)


def scenario_text(players: list[dict[str, Any]], cards: dict[str, str] | None = None,
                  rules: dict[str, Any] | None = None, draws: dict[str, list[str]] | None = None,
                  board: str = "ladder", actions: tuple[str, ...] = (), extra: str = "") -> str:
    lines = ["[scenario]", 'id = "t"', f'board = "{board}"', "seed = 1", 'start = "turn"',
             f"actions = {_val(list(actions))}", ""]
    for p in players:
        lines.append("[[player]]")
        lines += [f"{k} = {_val(v)}" for k, v in p.items()]
        lines.append("")
    for name, table in (("cards", cards), ("rules", rules), ("draws", draws)):
        if table:
            lines.append(f"[{name}]")
            lines += [f"{k} = {_val(v)}" for k, v in table.items()]
            lines.append("")
    return "\n".join(lines) + extra


def race_of(tmp: Path, players: list[dict[str, Any]], **kw: Any) -> Race:
    path = tmp / "s.toml"
    path.write_text(scenario_text(players, **kw), encoding="utf-8")
    return read(path).race(frames=False)


def texts(race: Race) -> list[str]:
    return [str(a) for a in race.legal_actions()]
