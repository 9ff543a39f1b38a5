"""The RF90 Championship (Expansion #1 §6): seasons, points, standings, saved seasons, reports and title odds.

* :mod:`~racebook.rf90.championship.season` — the season (calendar, level, Director, teams, robot teams);
* :mod:`~racebook.rf90.championship.seasonfile` — season files (TOML, docs/season.md);
* :mod:`~racebook.rf90.championship.points` — points of one race (§6.5, §6.6) as typed events;
* :mod:`~racebook.rf90.championship.standings` — drivers' and teams' standings with the countback;
* :mod:`~racebook.rf90.championship.runner` — each race through the race engine (``season_race_setup``);
* :mod:`~racebook.rf90.championship.savefile` — a season in progress as a file that resumes exactly;
* :mod:`~racebook.rf90.championship.report` — the championship report in Markdown and JSON;
* :mod:`~racebook.rf90.championship.titleodds` — who wins the title: Monte Carlo over the remaining races.
* :mod:`~racebook.rf90.championship.oddsfile` — notebook 16's title odds, computed in advance and shipped as JSON.
"""

from racebook.rf90.championship.points import POINTS, RaceResult, RoundScore, points_for, score_race
from racebook.rf90.championship.runner import SeasonRun, play_race, race_seed, season_race_setup
from racebook.rf90.championship.season import (
    Choices,
    Level,
    Player,
    RobotTeam,
    Round,
    Season,
    SeasonRules,
    SeasonSetupError,
    Team,
    robot_teams,
)
from racebook.rf90.championship.seasonfile import SeasonDataError, available_seasons, load_season
from racebook.rf90.championship.standings import Standing, champions, driver_standings, team_standings

__all__ = [
    "POINTS", "Choices", "Level", "Player", "RaceResult", "RobotTeam", "RoundScore", "Round", "Season",
    "SeasonDataError", "SeasonRules", "SeasonRun", "SeasonSetupError", "Standing", "Team", "available_seasons",
    "champions", "driver_standings", "load_season", "play_race", "points_for", "race_seed", "robot_teams",
    "score_race", "season_race_setup", "team_standings",
]
