"""Setting up a race with teams (Expansion #1 §5.1, §5.3, §5.4): the recommended robot line-ups, robot teammates
and their own refuel chits.

:func:`team_race` is the one entry point: it takes the teams (two humans; a human and a robot teammate; two robots,
as the championship's robot teams) and plays Free Practice, qualifying and the grid through
:func:`racebook.rf90.setup.new_race`. The line-ups are data: ``racebook/rf90/data/robot_lineups.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from racebook.core.datafile import load_toml
from racebook.core.errors import DeckDataError, SetupError
from racebook.rf90.car import RobotType
from racebook.rf90.events import Event, RobotTeammateJoins
from racebook.rf90.notation import TEAM_NAME
from racebook.rf90.options import Rules
from racebook.rf90.setup import Driver, RaceSetup, new_race
from racebook.rf90.state import LEVELS as STATE_LEVELS
from racebook.rf90.track import Track

LINEUPS_FILE = Path(__file__).parent / "data" / "robot_lineups.toml"
LEVELS = STATE_LEVELS  # the rules levels (racebook.rf90.state.LEVELS)
ROBOT_ORDER = (RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW)


@dataclass(frozen=True)
class Lineup:
    """One row of the line-up table (§5.3 X1): robots of each type for ``players`` (fewest, most)."""

    level: str
    players: tuple[int, int]
    superfast: int
    fast: int
    slow: int
    source: str

    @property
    def counts(self) -> tuple[int, int, int]:
        return self.superfast, self.fast, self.slow


@cache
def lineups() -> tuple[Lineup, ...]:
    """The rows of ``robot_lineups.toml``; a malformed file raises DeckDataError naming the field."""
    f = str(LINEUPS_FILE)
    raw = load_toml(LINEUPS_FILE, DeckDataError)
    rows = raw.get("lineup")
    if not isinstance(rows, list):
        raise DeckDataError(f, "lineup", "must be a list of tables")
    out = []
    for i, r in enumerate(rows):
        p = f"lineup[{i}]"
        try:
            lo, hi = r["players"]
            row = Lineup(r["level"], (int(lo), int(hi)), int(r["superfast"]), int(r["fast"]), int(r["slow"]),
                         str(r["source"]))
        except (KeyError, TypeError, ValueError) as e:
            raise DeckDataError(f, p, "needs level, players = [fewest, most], superfast, fast, slow and source "
                                      f"({e})") from None
        if row.level not in LEVELS or not 1 <= lo <= hi or min(row.counts) < 0:
            raise DeckDataError(f, p, f"level must be one of {LEVELS}, players 1 or more, counts 0 or more")
        if row.level == "basic" and row.superfast:
            raise DeckDataError(f, f"{p}.superfast", "the basic game has no SuperFast robots (§5.3 X1)")
        out.append(row)
    return tuple(out)


def lineup(players: int, level: str = "advanced") -> Lineup:
    """The recommended line-up for ``players`` players at ``level`` (§5.3 X1; the one-player rows are invented)."""
    for row in lineups():
        if row.level == level and row.players[0] <= players <= row.players[1]:
            return row
    raise SetupError(players, "§5.3 (Expansion #1)", f"no recommended {level} line-up for {players} players "
                                                     "(the table covers 1-6)")


def lineup_robots(players: int, level: str = "advanced") -> list[tuple[str, RobotType]]:
    """The line-up's robots as (id, type): SuperFast1…, Fast1…, Slow1…"""
    out: list[tuple[str, RobotType]] = []
    for rt, n in zip(ROBOT_ORDER, lineup(players, level).counts, strict=True):
        label = {RobotType.SUPERFAST: "SuperFast", RobotType.FAST: "Fast", RobotType.SLOW: "Slow"}[rt]
        out += [(f"{label}{i + 1}", rt) for i in range(n)]
    return out


def top_robot(level: str) -> RobotType:
    """The highest robot category in the game (§5.3 X1): SuperFast (advanced), Fast (basic)."""
    return RobotType.SUPERFAST if level == "advanced" else RobotType.FAST


@dataclass(frozen=True)
class TeamRobot:
    """A robot member of a team: ``robot=None`` is a human's robot teammate (the top category, §5.3 X1); a type is a
    robot team's car (the championship's SuperFast, Fast and Slow teams, §6.3 X1)."""

    id: str
    robot: RobotType | None = None


@dataclass(frozen=True)
class Team:
    """Two cars racing as one team (§5.1 X1): two :class:`~racebook.rf90.setup.Driver` (human teammates), a driver
    and a :class:`TeamRobot` (a robot teammate), or two TeamRobots with types (a robot team)."""

    name: str
    members: tuple[Driver | TeamRobot, Driver | TeamRobot]


def team_race(track: Track, teams: Sequence[Team], *, level: str = "advanced", drivers: Sequence[Driver] = (),
              robots: Sequence[tuple[str, RobotType]] | None = None, championship: bool = False, seed: int = 0,
              rules: Rules | None = None, stack: Sequence[str] = ()) -> RaceSetup:
    """Set up a race whose entrants include teams (§5.1–5.4 X1); then Free Practice to the grid as
    :func:`~racebook.rf90.setup.new_race`.

    ``drivers``: humans racing alone. ``robots``: the uncoloured robots; None = the recommended line-up for the
    number of human players (§5.3). Each robot teammate (a :class:`TeamRobot` without a type beside a human) is a
    robot of the top category of ``level``: outside a championship it replaces an uncoloured robot of that type
    while one is left, else it is an additional robot (§5.3); in a ``championship`` it is always added (§6.3,
    AMB-X1-33). A robot teammate's qualifying chit is replaced by the refuel chit of its own colour with the same
    turn (§5.4, AMB-X1-24). A team of two robots (the championship's robot teams) keeps the robot rules' chits."""
    if level not in LEVELS:
        raise SetupError(level, "§5.3 (Expansion #1)", f"the level is one of {', '.join(LEVELS)}")
    humans = list(drivers)
    names: dict[str, str] = {}
    mates: list[tuple[str, RobotType, str]] = []  # robot teammates: (id, type, human)
    team_robots: list[tuple[str, RobotType]] = []
    for team in teams:
        if len(team.members) != 2:
            raise SetupError(team.name, "§5.1 (Expansion #1)", "a team is two cars")
        if not TEAM_NAME.fullmatch(team.name):
            raise SetupError(team.name, "§5.1 (Expansion #1)", "a team name is letters, digits, '_' and '-' (or "
                                                               "its two cars, 'Green+Red'), so positions can name it")
        team_humans = [m for m in team.members if isinstance(m, Driver)]
        for m in team.members:
            if m.id in names:
                raise SetupError(m.id, "§5.1 (Expansion #1)", f"{m.id} is in two teams ({names[m.id]}, {team.name})")
            names[m.id] = team.name
            if isinstance(m, Driver):
                humans.append(m)
            elif m.robot is None:
                if not team_humans:
                    raise SetupError(m.id, "§5.3 (Expansion #1)", "a robot teammate belongs to a human's team; a "
                                                                   "robot team names its robots' types")
                mates.append((m.id, top_robot(level), team_humans[0].id))
            else:
                team_robots.append((m.id, m.robot))
    field = list(lineup_robots(len(humans), level) if robots is None else robots)
    events: list[Event] = []
    for rid, rt, human in mates:
        replaced = None
        if not championship:
            replaced = next((r for r, t in field if t is rt), None)
            if replaced is not None:
                field = [(r, t) for r, t in field if r != replaced]
        events.append(RobotTeammateJoins(rid, human, rt, replaced))
    cars = [(rid, rt) for rid, rt, _ in mates] + team_robots + field
    rs = new_race(track, humans, cars, seed=seed, rules=rules, stack=tuple(stack), teams=names,
                  own_chits=frozenset(rid for rid, _, _ in mates))
    rs.state.level = level  # the basic game's robots ignore ETs (Expansion #1 §4.7)
    return RaceSetup(rs.state, rs.grid, events + rs.events)
