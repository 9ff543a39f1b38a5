"""Notebook 15's helpers (teams and robot teammates, Expansion #1 §5): the line-up table and its worked examples as
rows, and what an assistance window offers. The rules are in :mod:`racebook.rf90.teams` and
:mod:`racebook.rf90.rules.assist`; this module only lays them out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from racebook.rf90.actionlabels import label
from racebook.rf90.actions import Assist
from racebook.rf90.actiontext import parse
from racebook.rf90.car import RobotType
from racebook.rf90.game import Race
from racebook.rf90.lessons.notebook import small_race, told
from racebook.rf90.options import Rules
from racebook.rf90.setup import Driver
from racebook.rf90.teams import Team, TeamRobot, lineups, team_race
from racebook.rf90.trackfile import load_track


def lineup_rows() -> list[dict[str, Any]]:
    """The recommended line-ups (``robot_lineups.toml``) as table rows."""
    return [{"game": r.level, "players": f"{r.players[0]}–{r.players[1]}" if r.players[0] != r.players[1]
             else str(r.players[0]), "SuperFast": r.superfast, "Fast": r.fast, "Slow": r.slow, "source": r.source}
            for r in sorted(lineups(), key=lambda r: (r.level, r.players))]


def _solo(name: str, mate: str) -> Team:
    return Team(name, (Driver(name), TeamRobot(mate)))


#: Ex. X1-5 … X1-9 (expansion1 digest §8) as (example, level, teams, the book's total)
EXAMPLES: tuple[tuple[str, str, tuple[Team, ...], int | None], ...] = (
    ("X1-5", "basic", (_solo("Blue", "Pink"), _solo("Red", "Cyan"), _solo("Green", "Lime"),
                       _solo("Yellow", "Grey")), 10),
    ("X1-6", "basic", (Team("Blue+Red", (Driver("Blue"), Driver("Red"))), _solo("Green", "Pink")), 9),
    ("X1-7", "advanced", (_solo("Blue", "Pink"), _solo("Red", "Cyan"), _solo("Green", "Lime")), 12),
    ("X1-8", "advanced", (Team("Blue+Red", (Driver("Blue"), Driver("Red"))), _solo("Green", "Pink"),
                          _solo("Yellow", "Cyan")), 10),
    ("X1-9", "advanced", (_solo("Blue", "Pink"), _solo("Green", "Red")), None),  # 10, derived, not printed
)


def example_rows(track: str = "spa", seed: int = 1) -> list[dict[str, Any]]:
    """Ex. X1-5 … X1-9 set up by :func:`racebook.rf90.teams.team_race`: who is on the grid."""
    rows = []
    for name, level, teams, book in EXAMPLES:
        rs = team_race(load_track(track), teams, level=level, seed=seed)
        cars = rs.state.cars.values()
        mates = Counter(c.robot.value for c in cars if c.is_robot and c.team is not None and c.robot)
        others = Counter(c.robot.value for c in cars if c.is_robot and c.team is None and c.robot)
        rows.append({"example": name, "game": level, "humans": sum(not c.is_robot for c in cars),
                     "robot teammates": ", ".join(f"{n} {t}" for t, n in mates.items()) or "—",
                     "other robots": ", ".join(f"{n} {t}" for t, n in others.items()),
                     "cars": len(rs.state.cars), "book": book if book is not None else "10 (derived)"})
    return rows


def window(race: Race) -> None:
    """Print who decides now, in which phase, and the assistance actions open (Expansion #1 §5.6), each as its
    human label (:mod:`racebook.rf90.actionlabels`)."""
    phase = race.phase.value if race.phase is not None else "—"
    print(f"{race.current_car} decides ({phase}):")
    for a in race.legal_actions():
        if isinstance(a, Assist) or a.verb == "no-assist":
            print("  ", label(a, race.state))


def play(race: Race, *actions: str, quiet: Iterable[str] = ()) -> None:
    """Apply actions (their text form) and print, for each, who did what in plain words (its human label), then
    the sentences of the events it caused (``quiet``: event kinds not shown)."""
    for line in told(race, *actions, quiet=quiet, mark=""):
        print(line)


def choices(race: Race, first: int = 3) -> str:
    """A sentence: who decides now and the first ``first`` legal actions as human labels."""
    legal = race.legal_actions()
    shown = "; ".join(label(a, race.state) for a in legal[:first])
    return f"{race.current_car} decides: {shown}" + (f"; … ({len(legal)} choices)" if len(legal) > first else "")


def refusals(race: Race, texts: Iterable[str]) -> list[dict[str, str]]:
    """Why each action is refused now, from :meth:`racebook.rf90.game.Race.explain`: one row per action, its human
    label, the rule and the reason."""
    rows = []
    for text in texts:
        action = parse(text)
        v = race.explain(action)
        rows.append({"who": action.car, "tries to": label(action, race.state), "rule": v.rule, "why not": v.reason})
    return rows


#: a position for the house rule ``teammate_ends_ahead`` (AMB-X1-22): Green's 3rd MP takes him into Rivage, where his
#: teammate Red waits
ENDS_AHEAD_POSITION = ("spa turn=6 lap=2 teams=Green+Red | Pouhon-brake: Blue*{played} | Rivage: Red{played} | "
                       "Les-Combes-brake: Green@Les-Combes-brake.t1")


def teammate_ends_ahead(ahead: bool) -> str:
    """A sentence: where Green ends, behind or ahead of his teammate Red, under ``teammate_ends_ahead=ahead``
    (Green plays an orange [2] and his +1 trajectory: 3 MP, the 3rd into Rivage)."""
    race = small_race(ENDS_AHEAD_POSITION, {"Green": {"hand": ["R22", "R28", "R44"], "target": "R70"}}, ["R33"],
                      track="spa", rules=Rules(teammate_ends_ahead=ahead))
    race.apply("Green start")
    race.apply("Green play R22 +traj")
    return f"teammate_ends_ahead = {ahead}: Rivage, front to back: {', '.join(race.state.cars_in('Rivage'))}"


TOP = {"basic": RobotType.FAST, "advanced": RobotType.SUPERFAST}  # the highest robot category (§5.3)
