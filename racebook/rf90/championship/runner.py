"""Running a season: each race through the RF90 race engine with computer drivers (Expansion #1 §6.7).

:func:`season_race_setup` is the **one** place that turns "race ``n`` of this season" into a race set-up
(:func:`racebook.rf90.teams.team_race`, championship mode): the human players (driven by
:class:`~racebook.rf90.analysis.drivers.GreedyDriver`), each robot teammate as an extra robot of the top category
(AMB-X1-33) and the robot teams' cars as robots of their type, every pair racing as a team under §5 (a teammate is
transparent in movement, teammates may duel, a robot teammate pits on its own-colour chit). The team structure is
also returned beside the set-up (:attr:`SeasonRace.teams`) for the scoring.

:class:`SeasonRun` is a season in progress: the season, its seed and the results so far. Race ``n`` is always
played from seed :func:`race_seed` ``(seed, n)``, so a season run in one go, or saved and resumed, gives the same
results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from racebook.core.errors import RacebookError, SetupError
from racebook.rf90.analysis.drivers import GreedyDriver, play_out
from racebook.rf90.championship.points import RaceResult, RoundScore, score_race
from racebook.rf90.championship.season import Season, SeasonSetupError
from racebook.rf90.championship.standings import Standing, driver_standings, team_standings
from racebook.rf90.game import Race
from racebook.rf90.rules.classification import classification, retired_order
from racebook.rf90.setup import Driver, RaceSetup
from racebook.rf90.teams import Team as RaceTeam
from racebook.rf90.teams import TeamRobot, team_race
from racebook.rf90.trackfile import load_track

#: race seeds of one season: ``seed * SEED_STRIDE + round`` (a calendar has at most 12 races)
SEED_STRIDE = 16


def race_seed(seed: int, round_no: int) -> int:
    """The seed of race ``round_no`` (1-based) of a season played from ``seed`` (distinct for every pair)."""
    return seed * SEED_STRIDE + round_no


@dataclass(frozen=True)
class SeasonRace:
    """Race ``round`` of a season, set up: the engine's :class:`~racebook.rf90.setup.RaceSetup`, the human cars
    (each needs a driver) and the teams as pairs of car ids (§6.3)."""

    round: int
    track: str
    setup: RaceSetup
    humans: tuple[str, ...]
    teams: tuple[tuple[str, tuple[str, ...]], ...]


def season_race_setup(season: Season, round_no: int, seed: int) -> SeasonRace:
    """Set up race ``round_no`` (1-based) of ``season`` from ``seed``: the season → race mapping, in one place.

    Panels and skills come from the season (fixed, §6.4), tyres, strategy and refuel chit from the round's choices
    (AMB-X1-34). The robots are the robot teammates (top category, added: AMB-X1-33) then the robot teams (§6.3)."""
    if not 1 <= round_no <= len(season.calendar):
        raise SeasonSetupError(round_no, "§6.2 (Expansion #1)", f"the calendar has races 1..{len(season.calendar)}",
                               "calendar")
    rnd = season.calendar[round_no - 1]
    drivers = {}
    for p in season.players:
        c = season.choices(round_no, p.name)
        drivers[p.name] = Driver(p.name, skill=p.skill, setup=p.panel, refuel=c.refuel, qualify_card=0, tyre=c.tyre,
                                 strategy=c.strategy)
    # §6.3: every car is in a two-car team — the players' teams (two players, or a player and his robot teammate,
    # added on top of the robot teams: AMB-X1-33), then the robot teams (two robots of one type).
    # In the race a team is named by its two cars ("Bob+BobMate", the position notation's default); the season
    # keeps its own names ("Bob/Robot teammate") for the standings.
    teams: list[RaceTeam] = []
    for t in season.teams:
        members: list[Driver | TeamRobot] = [drivers[n] for n in t.players]
        if t.robot:
            members.append(TeamRobot(t.robot))
        teams.append(RaceTeam("+".join(m.id for m in members), (members[0], members[1])))
    if season.rules.drivers_only:  # AMB-X1-31: no teammates; the robot teams' cars race as plain robots
        setup = team_race(load_track(rnd.track), (), level=season.level.value, drivers=list(drivers.values()),
                          robots=season.robot_cars, championship=True, seed=seed)
        return SeasonRace(round_no, rnd.track, setup, season.player_names, ())
    teams += [RaceTeam(f"{t.first}+{t.second}", (TeamRobot(t.first, t.type), TeamRobot(t.second, t.type)))
              for t in season.robots]
    setup = team_race(load_track(rnd.track), teams, level=season.level.value, robots=(), championship=True,
                      seed=seed)
    return SeasonRace(round_no, rnd.track, setup, season.player_names, season.lineup)


def check_races(season: Season) -> None:
    """Set up every round once (no race is played): the race engine's own checks (the manual's grid places §7.2,
    refuel chits §7.1, strategies §26) refuse a season that could not be raced, as a :class:`SeasonSetupError`
    naming the round."""
    seen: set[tuple[str, tuple]] = set()
    for i, rnd in enumerate(season.calendar):
        key = (rnd.track, tuple(season.choices(i + 1, p) for p in season.player_names))
        if key in seen:
            continue
        seen.add(key)
        try:
            season_race_setup(season, i + 1, 0)
        except SeasonSetupError:
            raise
        except SetupError as e:
            raise SeasonSetupError(e.value, e.rule, e.reason, f"calendar[{i}]") from None
        except RacebookError as e:
            raise SeasonSetupError(rnd.track, "§6.7 (Expansion #1)", str(e), f"calendar[{i}]") from None


def play_race(season: Season, round_no: int, seed: int) -> tuple[Race, RaceResult]:
    """Play race ``round_no`` to the flag with computer drivers; its result for the championship: the classified
    cars (the manual's §25: those still in the race, a car waiting at a re-entry point behind its section) and the
    retired cars in the order they left."""
    sr = season_race_setup(season, round_no, seed)
    race = Race(sr.setup.state, frames=False)
    play_out(race, {c: GreedyDriver(seed + i) for i, c in enumerate(sr.humans)})
    order = tuple(classification(race.state, in_race_only=True))
    gone = tuple(c for c in retired_order(race.events) if c not in order)
    return race, RaceResult(round_no, sr.track, seed, order, gone)


@dataclass
class SeasonRun:
    """A season in progress: ``results`` of the races played so far (in calendar order)."""

    season: Season
    seed: int = 0
    results: list[RaceResult] = field(default_factory=list)

    @property
    def done(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.done == len(self.season.calendar)

    @property
    def scores(self) -> list[RoundScore]:
        return [score_race(self.season, r) for r in self.results]

    def drivers(self) -> tuple[Standing, ...]:
        return driver_standings(self.season, self.scores)

    def teams(self) -> tuple[Standing, ...]:
        return team_standings(self.season, self.scores)

    def next_race(self) -> RaceResult:
        """Play the next race of the calendar and record its result."""
        if self.finished:
            raise SeasonSetupError(self.done, "§6.2 (Expansion #1)", "the season is over: every race is run",
                                   "calendar")
        n = self.done + 1
        result = play_race(self.season, n, race_seed(self.seed, n))[1]
        self.results.append(result)
        return result

    def run(self, races: int | None = None, progress: Callable[[int, int], None] | None = None) -> SeasonRun:
        """Play ``races`` more races (None: to the end of the calendar); ``progress(done, total)`` after each."""
        todo = len(self.season.calendar) - self.done if races is None else min(races, len(self.season.calendar)
                                                                                - self.done)
        for _ in range(max(0, todo)):
            self.next_race()
            if progress is not None:
                progress(self.done, len(self.season.calendar))
        return self


def replayed(season: Season, seed: int, results: Sequence[RaceResult]) -> list[RaceResult]:
    """The results that the races ``1..len(results)`` give when played again from ``seed`` (saves check this)."""
    return [play_race(season, i + 1, race_seed(seed, i + 1))[1] for i in range(len(results))]
