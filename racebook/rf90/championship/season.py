"""The season: calendar, rules level, Director, players and two-car teams, robot teams (Expansion #1 §6.1–§6.4).

A :class:`Season` is a frozen value checked when it is built; a set-up the rules refuse raises
:class:`SeasonSetupError` (a :class:`~racebook.core.errors.SetupError`) naming the rule and the field
(``calendar``, ``teams[1].players``, …), so the season-file reader can name the same field in its file error.

What is fixed for the season (§6.4, AMB-X1-34): the calendar, the rules level, the teams, each player's car panel
and skill. What is chosen per race: tyres, strategy, refuel chit (:class:`Choices`, with per-round overrides).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path

from racebook.core.datafile import load_toml
from racebook.core.errors import SetupError
from racebook.rf90.car import CAR_ID, RobotType, Setup, Skill, Strategy, Tyre
from racebook.rf90.trackfile import available_tracks

#: §6.2 (Expansion #1): at least 4 and at most 12 circuits
MIN_ROUNDS, MAX_ROUNDS = 4, 12
ROBOT_TEAMS_FILE = Path(__file__).parents[1] / "data" / "robot_teams.toml"
X1 = "(Expansion #1)"


class SeasonSetupError(SetupError):
    """A season the rules refuse (§6.2–§6.4 Expansion #1); ``field`` names the season-file field at fault."""

    def __init__(self, value: object, rule: str, reason: str, field: str = "season") -> None:
        self.field = field
        super().__init__(value, rule, reason)


class Level(Enum):
    """§6.2: the Director picks the basic or the advanced rules for the whole season."""

    BASIC = "basic"
    ADVANCED = "advanced"


@dataclass(frozen=True)
class RobotTeam:
    """A named robot team (§6.3): two robots of one type; the better-placed car scores for the first driver."""

    key: str
    name: str
    type: RobotType
    first: str  # car id
    second: str
    first_name: str = ""
    second_name: str = ""
    advanced_only: bool = False

    @property
    def drivers(self) -> tuple[str, str]:
        return (self.first, self.second)


@cache
def robot_teams() -> dict[str, RobotTeam]:
    """The three robot teams of §6.3 from ``data/robot_teams.toml`` (names are data), by key."""
    data = load_toml(ROBOT_TEAMS_FILE)  # the one safe reader (racebook.core.datafile)
    return {t["key"]: RobotTeam(t["key"], t["name"], RobotType(t["type"]), t["first"]["id"], t["second"]["id"],
                                t["first"]["name"], t["second"]["name"], t["advanced_only"])
            for t in data["teams"]}


def default_robot_teams(level: Level) -> tuple[RobotTeam, ...]:
    """§6.3, AMB-X1-32: SuperFast (advanced only), Fast and Slow — 6 robot cars advanced, 4 basic."""
    return tuple(t for t in robot_teams().values() if level is Level.ADVANCED or not t.advanced_only)


@dataclass(frozen=True)
class Choices:
    """A player's per-race choices (AMB-X1-34): starting tyres, Strategy Card, secret refuel chit (the manual's §7,
    §9.2)."""

    tyre: Tyre = Tyre.HARD
    strategy: Strategy = Strategy.SAVE_TYRES
    refuel: int = 12


@dataclass(frozen=True)
class Player:
    """A human driver: car id (his name), car panel and skill fixed for the season (§6.4), default choices."""

    name: str
    panel: Setup = Setup()
    skill: Skill | None = None
    choices: Choices = Choices()


@dataclass(frozen=True)
class Team:
    """Two cars (§6.3): two players, or one player and his robot teammate (``robot``: that car's id)."""

    name: str
    players: tuple[str, ...]
    robot: str | None = None

    @property
    def drivers(self) -> tuple[str, ...]:
        return self.players + ((self.robot,) if self.robot else ())


@dataclass(frozen=True)
class Round:
    """One race of the calendar: its name in the report, the track file it is raced on, per-player overrides.

    ``track`` differs from ``name`` when no board of that circuit ships (``source`` then says so: a stand-in board
    is an ``invented-for-teaching`` choice, never the printed game)."""

    name: str
    track: str
    source: str = ""
    choices: tuple[tuple[str, Choices], ...] = ()

    @property
    def stand_in(self) -> bool:
        """Raced on another circuit's board (the name is not the track id, case aside)."""
        return self.name.casefold() != self.track.casefold()


@dataclass(frozen=True)
class SeasonRules:
    """House-rule switches of the championship (defaults = the digest's recommended readings)."""

    classify_retired: bool = False  # AMB-X1-35: False = retired cars unclassified (0 points, no countback place)
    drivers_only: bool = False  # AMB-X1-31: False = every player in a two-car team, drivers' and teams' standings;
    # True = a drivers-only championship: no teams, no teammates, the drivers' standings only


@dataclass(frozen=True)
class Season:
    """A championship (§6): checked on construction (see the module docstring)."""

    title: str
    director: str
    level: Level
    calendar: tuple[Round, ...]
    players: tuple[Player, ...]
    teams: tuple[Team, ...]
    robot_teams: tuple[RobotTeam, ...] | None = None  # None = the default line-up of §6.3 for the level
    rules: SeasonRules = SeasonRules()
    cite: str = "Expansion #1 §6"
    known_tracks: tuple[str, ...] | None = field(default=None, compare=False, repr=False)  # None: the track files

    def __post_init__(self) -> None:
        if self.robot_teams is None:
            object.__setattr__(self, "robot_teams", default_robot_teams(self.level))
        _check(self)

    # -------------------------------------------------------------- derived
    @property
    def robots(self) -> tuple[RobotTeam, ...]:
        assert self.robot_teams is not None
        return self.robot_teams

    @property
    def teammate_type(self) -> RobotType:
        """§5.3, §6.3, AMB-X1-32/33: a robot teammate is the top category — SuperFast advanced, Fast basic."""
        return RobotType.SUPERFAST if self.level is Level.ADVANCED else RobotType.FAST

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def lineup(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Every team of the championship and its two drivers: the players' teams, then the robot teams (named
        after their drivers, as in Ex. X1-14: "Gourdo/Matrelli"). None in a drivers-only championship (house rule
        ``drivers_only``, AMB-X1-31): no teams' standings are contested."""
        if self.rules.drivers_only:
            return ()
        return (tuple((t.name, t.drivers) for t in self.teams)
                + tuple((f"{t.first}/{t.second}", t.drivers) for t in self.robots))

    @property
    def drivers(self) -> tuple[str, ...]:
        """Every driver of the championship, in team order (players' teams first); in a drivers-only championship
        the players, then the robot teams' drivers."""
        if self.rules.drivers_only:
            return self.player_names + tuple(d for t in self.robots for d in t.drivers)
        return tuple(d for _, ds in self.lineup for d in ds)

    @property
    def robot_cars(self) -> tuple[tuple[str, RobotType], ...]:
        """The robots of every race: each robot teammate (added, AMB-X1-33), then the robot teams' cars."""
        mates = tuple((t.robot, self.teammate_type) for t in self.teams if t.robot)
        return mates + tuple((d, t.type) for t in self.robots for d in t.drivers)

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def choices(self, round_no: int, name: str) -> Choices:
        """The choices of player ``name`` for round ``round_no`` (1-based): the round's override, else his own."""
        return dict(self.calendar[round_no - 1].choices).get(name, self.player(name).choices)

    def display_name(self, driver: str) -> str:
        for t in self.robots:
            if driver == t.first and t.first_name:
                return t.first_name
            if driver == t.second and t.second_name:
                return t.second_name
        for team in self.teams:
            if driver == team.robot:
                return f"{driver} ({team.players[0]}'s robot teammate)"
        return driver


def _check(s: Season) -> None:
    """§6.2–§6.4 (Expansion #1): the rules a season must satisfy; the first one broken raises."""
    err = SeasonSetupError
    n = len(s.calendar)
    if not MIN_ROUNDS <= n <= MAX_ROUNDS:
        raise err(f"{n} circuits", f"§6.2 {X1}", f"a championship has {MIN_ROUNDS} to {MAX_ROUNDS} circuits",
                  "calendar")
    known = s.known_tracks if s.known_tracks is not None else tuple(available_tracks())
    for i, r in enumerate(s.calendar):
        if r.track not in known:
            raise err(r.track, f"§6.2 {X1}", f"unknown track (known: {', '.join(known)}); a circuit with no board "
                      "of its own may name one: {name = ..., track = ...}", f"calendar[{i}]")
    for rt in s.robots:
        if rt.advanced_only and s.level is Level.BASIC:
            raise err(rt.name, f"§6.3 {X1}", f"the {rt.name} robot team races in the advanced game only "
                      "(AMB-X1-32)", "robot_teams")
    for p in s.players:
        where = f"players.{p.name}"
        if s.level is Level.BASIC and p.skill is not None:
            raise err(p.skill.value, f"§6.4 {X1}", "skills are chosen in the advanced game only", f"{where}.skill")
        if s.level is Level.BASIC and (p.skill is Skill.FLAT_OUT or p.choices.strategy is Strategy.RECOVERY):
            raise err(p.choices.strategy.value, "§28", "RECOVERY is marked <STK>: not for the basic game",
                      f"{where}.strategy")
        try:
            p.panel.validate(p.skill)  # §6.2 of the manual: the car panel, fixed for the season (§6.4)
        except SetupError as e:
            raise err(e.value, e.rule, e.reason, f"{where}.panel") from None
    if s.rules.drivers_only and s.teams:
        raise err(s.teams[0].name, f"§6.1 {X1}", "a drivers-only championship (house rule drivers_only, "
                  "AMB-X1-31) has no teams: every player races alone, with no teammate", "teams")
    in_team: dict[str, str] = {}
    team_names: set[str] = set()
    for i, t in enumerate(s.teams):
        where = f"teams[{i}]"
        if t.name in team_names:
            raise err(t.name, f"§6.3 {X1}", "two teams have this name", f"{where}.name")
        team_names.add(t.name)
        cars = len(t.players) + (1 if t.robot else 0)
        if cars != 2:
            why = ("a player without a human teammate races with a robot teammate (AMB-X1-31)" if cars == 1 else
                   "a team of two players has no robot teammate" if t.robot else "a team has two cars, not more")
            raise err(f"{t.name}: {cars} car{'s' * (cars != 1)}", f"§6.3 {X1}", f"teams are always two cars; {why}",
                      f"{where}.players")
        for name in t.players:
            if name not in s.player_names:
                raise err(name, f"§6.3 {X1}", "not a player of this season (add a [players] table)",
                          f"{where}.players")
            if name in in_team:
                raise err(name, f"§6.3 {X1}", f"already in team {in_team[name]!r}", f"{where}.players")
            in_team[name] = t.name
    for name in s.player_names:
        if name not in in_team and not s.rules.drivers_only:
            raise err(name, f"§6.3 {X1}", "every player races in a two-car team (AMB-X1-31; house rule "
                      "drivers_only: a drivers-only championship)", "teams")
    ids = list(s.player_names) + [rid for rid, _ in s.robot_cars]
    for i, cid in enumerate(ids):
        if not CAR_ID.fullmatch(cid):
            raise err(repr(cid), "§6.1", "a car id is a letter, then letters, digits or _", "players")
        if cid in ids[:i]:
            raise err(cid, f"§6.3 {X1}", "two drivers have this name; give each car its own id", "teams")
    for i, r in enumerate(s.calendar):
        for name, _ in r.choices:
            if name not in s.player_names:
                raise err(name, f"§6.4 {X1}", "per-race choices name a player of the season",
                          f"calendar[{i}].choices")
