"""Season files: a championship as TOML (the format is documented in docs/season.md).

Read through :mod:`racebook.core.datafile` (regular UTF-8 files only, size-limited); every problem — a malformed
field or a season the rules refuse (§6.2–§6.4 Expansion #1) — is one :class:`SeasonDataError` naming the file, the
field and the reason. :func:`season_to_dict` writes the same table back (a saved season carries it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from racebook.core.choices import unknown
from racebook.core.datafile import DATA_ID, file_path, load_toml
from racebook.core.errors import DataError, RacebookError, SetupError
from racebook.core.fields import as_enum, as_strs, bad, field_key, get, get_bool, get_int, get_str, kind_of
from racebook.rf90.car import Setup, Skill, Strategy, Tyre
from racebook.rf90.championship.runner import check_races
from racebook.rf90.championship.season import (
    Choices,
    Level,
    Player,
    Round,
    Season,
    SeasonRules,
    SeasonSetupError,
    Team,
    robot_teams,
)
from racebook.rf90.trackfile import available_tracks

SEASONS_DIR = Path(__file__).parents[1] / "data" / "seasons"
_TOP = {"title", "director", "level", "cite", "calendar", "robot_teams", "house_rules", "players", "teams"}
_PLAYER = {"panel", "skill", "tyre", "strategy", "refuel"}
_CHOICES = {"tyre", "strategy", "refuel"}


class SeasonDataError(DataError):
    """A season file (or a saved season's season table) is malformed or refused by the rules."""


def available_seasons() -> list[str]:
    """The shipped seasons' ids (file names in ``racebook/rf90/data/seasons`` without ``.toml``)."""
    return sorted(p.stem for p in SEASONS_DIR.glob("*.toml"))


def season_path(path_or_id: str | os.PathLike[str]) -> Path:
    """A shipped season id (``x1_14``) or a path."""
    text = os.fspath(path_or_id)
    if DATA_ID.fullmatch(text) and not os.path.lexists(text):
        if (SEASONS_DIR / f"{text}.toml").is_file():
            return SEASONS_DIR / f"{text}.toml"
        if not text.endswith(".toml"):
            raise SeasonDataError(text, "<file>", "no such file, and " + unknown("shipped season", text,
                                                                                  available_seasons()))
    return file_path(text, SeasonDataError)


def load_season(path_or_id: str | os.PathLike[str]) -> Season:
    """Read and check a season file (a path or a shipped id); any problem is one :class:`SeasonDataError`."""
    path = season_path(path_or_id)
    data = load_toml(path, SeasonDataError)
    return season_from_dict(data, str(path))


def season_from_dict(d: Any, file: str = "<season>") -> Season:
    """A :class:`Season` from a season file's table; errors name ``file`` and the field."""
    try:
        season = _read(d)
    except SeasonSetupError as e:
        raise SeasonDataError(file, e.field, str(e)) from None
    except DataError as e:
        raise SeasonDataError(file, e.field, e.reason) from None
    except RacebookError as e:  # e.g. RuleUnavailable for a strategy or skill the engine cannot play
        raise SeasonDataError(file, "season", str(e)) from None
    try:
        check_races(season)  # the race engine's own set-up checks, round by round (grid places, chits, …)
    except SeasonSetupError as e:
        raise SeasonDataError(file, e.field, str(e)) from None
    return season


def _choices(d: Any, path: str, base: Choices, keys: set[str]) -> Choices:
    _only(d, keys, path)
    return Choices(
        tyre=as_enum(Tyre, d["tyre"], f"{path}.tyre") if "tyre" in d else base.tyre,
        strategy=as_enum(Strategy, d["strategy"], f"{path}.strategy", Strategy.parse) if "strategy" in d
        else base.strategy,
        refuel=get_int(d, "refuel", f"{path}.refuel", lo=1, hi=99) if "refuel" in d else base.refuel)


def _only(d: Any, keys: set[str], path: str) -> None:
    if not isinstance(d, dict):
        raise bad(path, f"must be a table, not {kind_of(d)}")
    for k in d:
        if k not in keys:
            raise bad(f"{path}.{field_key(k)}" if path else field_key(k),
                      f"unknown field (known: {', '.join(sorted(keys))})")


def _read(d: Any) -> Season:
    _only(d, _TOP, "")
    level = as_enum(Level, get(d, "level", "level"), "level")
    players_t = get(d, "players", "players")
    if not isinstance(players_t, dict):
        raise bad("players", f"must be a table of players, not {kind_of(players_t)}")
    players = []
    for name, p in players_t.items():
        path = f"players.{field_key(name)}"
        _only(p, _PLAYER, path)
        panel_t = get(p, "panel", f"{path}.panel", {})
        _only(panel_t, {"tyres", "cards", "wear"}, f"{path}.panel")
        panel = Setup(**{k: get_int(panel_t, k, f"{path}.panel.{k}", lo=0, hi=99) for k in panel_t})
        skill = as_enum(Skill, p["skill"], f"{path}.skill", Skill.parse) if "skill" in p else None
        players.append(Player(name, panel, skill, _choices({k: v for k, v in p.items() if k in _CHOICES}, path,
                                                           Choices(), _CHOICES)))
    calendar = []
    cal = get(d, "calendar", "calendar")
    if not isinstance(cal, list):
        raise bad("calendar", f"must be a list of tracks, not {kind_of(cal)}")
    by_name = {p.name: p for p in players}
    for i, r in enumerate(cal):
        path = f"calendar[{i}]"
        if isinstance(r, str):
            calendar.append(Round(r, r))
            continue
        _only(r, {"name", "track", "source", "choices"}, path)
        track = get_str(r, "track", f"{path}.track")
        name = get_str(r, "name", f"{path}.name", track)
        source = get_str(r, "source", f"{path}.source", "")
        if Round(name, track).stand_in and "invented-for-teaching" not in source:
            raise bad(f"{path}.source", f"{name!r} is raced on the {track!r} board: say so with a source that "
                      "contains 'invented-for-teaching' (a stand-in board is not the printed game)")
        ch = get(r, "choices", f"{path}.choices", {})
        _only(ch, set(by_name), f"{path}.choices")
        calendar.append(Round(name, track, source, tuple(
            (n, _choices(c, f"{path}.choices.{field_key(n)}", by_name[n].choices, _CHOICES)) for n, c in ch.items())))
    teams = []
    tl = get(d, "teams", "teams", [])
    if not isinstance(tl, list):
        raise bad("teams", f"must be a list of team tables ([[teams]]), not {kind_of(tl)}")
    for i, t in enumerate(tl):
        path = f"teams[{i}]"
        _only(t, {"name", "players", "robot"}, path)
        teams.append(Team(get_str(t, "name", f"{path}.name"), tuple(as_strs(get(t, "players", f"{path}.players"),
                                                                             f"{path}.players")),
                          get_str(t, "robot", f"{path}.robot", None, optional=True)))
    keys = get(d, "robot_teams", "robot_teams", None)
    known = robot_teams()
    lineup = None
    if keys is not None:
        lineup = []
        for i, k in enumerate(as_strs(keys, "robot_teams", unique=False)):
            if k not in known:
                raise bad(f"robot_teams[{i}]", f"{k!r} is not a robot team (known: {', '.join(known)})")
            if known[k] in lineup:
                raise bad(f"robot_teams[{i}]", f"{k!r} is named twice")
            lineup.append(known[k])
    hr = get(d, "house_rules", "house_rules", {})
    _only(hr, {"classify_retired", "drivers_only"}, "house_rules")
    rules = SeasonRules(**{k: get_bool(hr, k, f"house_rules.{k}") for k in hr})
    try:
        return Season(get_str(d, "title", "title"), get_str(d, "director", "director"), level, tuple(calendar),
                      tuple(players), tuple(teams), None if lineup is None else tuple(lineup), rules,
                      get_str(d, "cite", "cite", "Expansion #1 §6"), known_tracks=tuple(available_tracks()))
    except SeasonSetupError:
        raise
    except SetupError as e:
        raise SeasonSetupError(e.value, e.rule, e.reason) from None


def _choice_dict(c: Choices) -> dict:
    return {"tyre": c.tyre.value, "strategy": c.strategy.value, "refuel": c.refuel}


def season_to_dict(s: Season) -> dict:
    """The season-file table of ``s`` (:func:`season_from_dict` reads it back to an equal season)."""
    players = {}
    for p in s.players:
        row: dict[str, Any] = {"panel": {"tyres": p.panel.tyres, "cards": p.panel.cards, "wear": p.panel.wear}}
        if p.skill is not None:
            row["skill"] = p.skill.value
        players[p.name] = {**row, **_choice_dict(p.choices)}
    cal: list[Any] = []
    for r in s.calendar:
        if r.name == r.track and not r.source and not r.choices:
            cal.append(r.track)
        else:
            cal.append({"name": r.name, "track": r.track, "source": r.source,
                        "choices": {n: _choice_dict(c) for n, c in r.choices}})
    teams = [{"name": t.name, "players": list(t.players), **({"robot": t.robot} if t.robot else {})}
             for t in s.teams]
    return {"title": s.title, "director": s.director, "level": s.level.value, "cite": s.cite, "calendar": cal,
            "robot_teams": [t.key for t in s.robots], "house_rules": house_rules_dict(s),
            "players": players, "teams": teams}


def house_rules_dict(s: Season) -> dict[str, bool]:
    """The season's ``house_rules`` table: ``classify_retired`` always, ``drivers_only`` when set (a team
    championship's table is the one it always was)."""
    return {"classify_retired": s.rules.classify_retired, **({"drivers_only": True} if s.rules.drivers_only else {})}
