"""Shared fixtures: small race states from Race Position Notation, races from scenario-shaped dicts,
and a random race builder for the property tests (tests/rf90/test_properties.py).

Fixtures are session-scoped factories, so hypothesis tests may use them too.
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from racebook.rf90 import notation
from racebook.rf90.car import Skill
from racebook.rf90.cards import default_race_deck
from racebook.rf90.game import Race
from racebook.rf90.options import Rules
from racebook.rf90.scenario import build
from racebook.rf90.state import RaceState
from racebook.rf90.track import SectionType, Track
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES

HUMAN_IDS = ("Blue", "Red", "Green", "Orange", "Yellow")
ROBOT_PREFIXES = ("SuperFast", "Fast", "Slow")


def state_from(position: str, rules: Rules | None = None, seed: int = 0) -> RaceState:
    """A fresh RaceState (all cards in the Race/Track piles) with the cars of ``position`` placed."""
    pos = notation.parse(position)
    state = RaceState(load_track(pos.track), rules=rules, seed=seed)
    notation.apply(pos, state)
    return state


def take(state: RaceState, code: str) -> str:
    """Take a card out of its draw pile (as if drawn), so that card accounting stays exact."""
    state.deck_of(code).pile.remove(code)
    return code


def scenario_dict(position: str, cars: dict[str, dict[str, Any]] | None = None, *, seed: int = 0,
                  deck: Iterable[str] = (), track_deck: Iterable[str] = (), bag: Iterable[str] = (),
                  rules: dict[str, Any] | None = None, track: str | None = None) -> dict[str, Any]:
    """A dict shaped like a parsed scenario file (racebook/rf90/scenario.py docstring)."""
    raw: dict[str, Any] = {
        "scenario": {"id": "test", "track": track or position.split()[0], "seed": seed, "position": position},
        "cars": cars or {},
        "deck": {"stack": list(deck)},
        "track_deck": {"stack": list(track_deck)},
        "bag": {"stack": list(bag)},
    }
    if rules:
        raw["rules"] = rules
    return raw


def race_from(position: str, cars: dict[str, dict[str, Any]] | None = None, **kw: Any) -> Race:
    return build(scenario_dict(position, cars, **kw))


def random_setup(rnd: random.Random, track: Track | None = None) -> dict[str, Any]:
    """A random but legal scenario dict on the teaching track: 3–5 humans with dealt hands, 1–3 robots.

    Cars are spread over the sections; the first car listed (frontmost) is the leader; some cars behind are
    a lap down; corners sometimes carry a yellow flag; turn 1 and the last turn (16) are over-represented.
    """
    track = track or load_track("teaching")
    front_first = [s.name for s in reversed(track.sections)]
    humans = list(HUMAN_IDS[: rnd.randint(3, 5)])
    robots = [rnd.choice(ROBOT_PREFIXES) + str(i) for i in range(rnd.randint(1, 3))]
    cars = humans + robots
    rnd.shuffle(cars)
    where = {c: rnd.choice(front_first) for c in cars}
    groups: list[str] = []
    first = True
    for sec in front_first:
        toks: list[str] = []
        for c in (c for c in cars if where[c] == sec):
            toks.append(c + ("-1" if not first and rnd.random() < 0.2 else ""))
            first = False
        if not toks:
            continue
        if track.section(sec).type is SectionType.CORNER and rnd.random() < 0.15:
            toks.insert(rnd.randint(0, len(toks)), "(Y)")
        groups.append(f"{sec}: " + " ".join(toks))
    turn = rnd.choice([1, 1, 2, 5, 8, 12, 15, 16, 16])
    position = f"{track.id} turn={turn} lap=3 weather={rnd.randrange(len(track.weather.spaces))} | " \
        + " | ".join(groups)
    codes = list(default_race_deck().codes())
    rnd.shuffle(codes)
    track_codes = [c.code for c in track.track_cards]
    rnd.shuffle(track_codes)
    strategies = sorted(s.value for s in IMPLEMENTED_STRATEGIES)
    skills = [s.value for s in Skill if s is not Skill.SIXTH_SENSE]
    spec: dict[str, dict[str, Any]] = {}
    for c in humans:
        hand = [codes.pop() for _ in range(rnd.randint(3, 6))]
        if track_codes and rnd.random() < 0.3:
            hand.append(track_codes.pop())
        d: dict[str, Any] = {
            "hand": hand,
            "target": codes.pop(),
            "chips": rnd.randint(0, 10),
            "tyre": rnd.choice(["hard", "soft", "intermediate", "rain"]),
            "wear": [rnd.choice(["red", "red", "red", "brown"]) for _ in range(rnd.randint(0, 2))],
        }
        refuel = rnd.choice([None, None, turn, turn + 1, turn + 4])
        if refuel is not None:
            d["refuel"] = refuel
        if rnd.random() < 0.7:
            d["strategy"] = rnd.choice(strategies)
        if rnd.random() < 0.7:
            d["skill"] = rnd.choice(skills)
        spec[c] = d
    return scenario_dict(position, spec, seed=rnd.randrange(2**32), track=track.id)


def random_team_setup(rnd: random.Random, track: Track | None = None) -> dict[str, Any]:
    """:func:`random_setup` with teams (Expansion #1 §5): each robot is the robot teammate of a human while there
    are humans left, and two more humans may team up; the position's header gets ``teams=``."""
    spec = random_setup(rnd, track)
    position = spec["scenario"]["position"]
    ids = notation.parse(position).car_ids()
    humans = [c for c in ids if notation.robot_type_for(c) is None]
    robots = [c for c in ids if notation.robot_type_for(c) is not None]
    rnd.shuffle(humans)
    pairs = list(zip(humans, robots, strict=False))
    left = humans[len(pairs):]
    if len(left) >= 2 and rnd.random() < 0.7:
        pairs.append((left[0], left[1]))
    if pairs:
        head, rest = position.split(" | ", 1)
        spec["scenario"]["position"] = f"{head} teams={','.join(f'{a}+{b}' for a, b in pairs)} | {rest}"
    return spec


@pytest.fixture(scope="session")
def teaching() -> Track:
    return load_track("teaching")


@pytest.fixture(scope="session")
def silverstone() -> Track:
    return load_track("silverstone")


@pytest.fixture(scope="session")
def make_state() -> Callable[..., RaceState]:
    """``make_state("teaching turn=5 lap=2 | G: Red Blue*")`` → a RaceState with those cars."""
    return state_from


@pytest.fixture(scope="session")
def make_race() -> Callable[..., Race]:
    """``make_race(position, {"Blue": {"hand": [...]}}, deck=[...], bag=[...])`` → a Race via scenario.build."""
    return race_from


@pytest.fixture(scope="session")
def take_card() -> Callable[[RaceState, str], str]:
    return take


@pytest.fixture(scope="session")
def random_race_setup() -> Callable[[random.Random], dict[str, Any]]:
    return random_setup



if importlib.util.find_spec("xdist") is not None:  # pytest-xdist (the test extra): make test's pytest -n auto

    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
        """``pytest -n N`` (``--dist load``, make test) over the tests and the executed notebooks (nbval): the tests go
        to the workers one by one, as with xdist's own ``load``, but all the cells of one notebook go to one worker,
        in order, since they run in that notebook's one kernel. (xdist's ``loadgroup`` would do it with an
        ``xdist_group`` mark, but under pytest 9.2 its group never reaches the node id.) They are handed out in the
        order of :func:`pytest_collection_modifyitems`: the longest tests first."""
        if config.getoption("dist") != "load":
            return None
        from xdist.scheduler import LoadScopeScheduling

        config.option.loadscopereorder = False  # the order of pytest_collection_modifyitems below

        class NotebookScheduling(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                return path if path.endswith(".ipynb") else nodeid

        return NotebookScheduling(config, log)


#: The longest tests of make test, started first on the xdist workers so that none of them is left running alone at the
#: end. Measured per test (issue 34 item 5, a temporary plugin recording time.process_time of the test and of its
#: subprocesses: kernels, JupyterLab, Chromium): the browser checks first (CPU 13-229 s each, and they wait on the
#: browser), then the unit tests by CPU (35 s down to 4.8 s; no other test takes over 4 s). A renamed test only loses
#: its place in the queue.
LONGEST_FIRST = (
    "tests/test_browser_walk.py::test_every_notebook_runs_in_jupyterlab_and_its_main_widget_responds",  # 229 s
    "tests/test_lite.py::test_site_offline_in_chromium",  # 29 s (builds the site; Pyodide boots)
    "tests/test_first_race_screens.py::test_each_first_race_has_board_and_choices_on_one_screen_in_jupyterlab",
    "tests/test_first_race_screens.py::test_each_first_race_has_board_and_choices_on_one_screen_in_presenter_mode",
    "tests/test_ui.py::test_every_track_view_in_lab",
    "tests/test_ui.py::test_example_views_frame_the_action_in_lab",  # four players in one JupyterLab
    "tests/formulagp/test_coach.py::test_following_the_coach_finishes_ahead_of_the_first_choice_over_30_seeds",  # 35
    "tests/test_rule_links.py::test_clicked_citations_land_on_their_section_in_jupyterlab_and_presenter_mode",  # 21
    "tests/automobiles/test_ui.py::test_automobiles_board_views_in_lab",  # 19 s
    "tests/automobiles/test_coach.py::test_following_the_coach_finishes_at_least_one_place_ahead_of_the_first_choice"
    "_over_30_seeds",  # 14.5 s
    "tests/test_ui.py::test_presenter_mode_in_browser",  # 14 s
    "tests/test_ui.py::test_activation_notebook_in_lab",  # 13 s
    "tests/formulagp/test_race.py::test_properties_of_a_random_race",  # 13 s
    "tests/rf90/ui/test_titleodds_chart.py::test_the_sample_button_resamples_from_the_next_seed",  # 9.3 s
    "tests/rf90/test_replays.py::test_at_n_equals_a_fresh_replay_for_every_n",  # 7.0 s
    "tests/ui/test_background.py::test_notebook_16s_sample_button_stops_with_the_points_computed",  # 6.6 s
    "tests/rf90/lessons/test_coach.py::test_following_the_coach_finishes_at_least_one_place_ahead_of_the_first_choice"
    "_over_30_seeds",  # 5.9 s
    "tests/rf90/test_team_properties.py::test_with_teams_a_save_reloads_exactly",  # 5.3 s
    "tests/automobiles/test_season_properties.py::test_whole_seasons_round_trip_at_every_step",  # 4.8 s
    "tests/automobiles/test_properties.py::test_cubes_are_conserved_and_no_legal_action_raises",  # 4.8 s
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the xdist workers of ``pytest -n N``: the tests of :data:`LONGEST_FIRST` first (in that order), then the
    notebooks' cells (each notebook's in order), then the other tests in collection order."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    rank = {nodeid: i for i, nodeid in enumerate(LONGEST_FIRST)}

    def key(item: pytest.Item) -> tuple[int, int]:
        if item.nodeid in rank:
            return (0, rank[item.nodeid])
        return (1, 0) if item.path.suffix == ".ipynb" else (2, 0)

    items.sort(key=key)
