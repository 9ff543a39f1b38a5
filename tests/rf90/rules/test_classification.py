"""§25: the one classification (racebook.rf90.rules.classification), with ties, lapped, off-track and retired cars,
and the places that use it (the Safety Car queue §21.2, the finish, experiments, simulate)."""

from __future__ import annotations

from collections.abc import Callable

from racebook.rf90 import events as ev
from racebook.rf90.analysis import experiments
from racebook.rf90.analysis.simulate import one_race
from racebook.rf90.car import Status
from racebook.rf90.rules import safetycar
from racebook.rf90.rules.classification import classification, retired_order
from racebook.rf90.state import RaceState

MakeState = Callable[..., RaceState]


def _retire(s: RaceState, *cars: str, status: Status = Status.RETIRED) -> None:
    for cid in cars:
        s.remove(cid)
        s.cars[cid].status = status


def test_cars_in_one_section_are_ranked_by_their_order_within_it(make_state: MakeState) -> None:
    """§25: cars finishing in the same section are ranked by their order within it (the tie-break)."""
    s = make_state("teaching turn=5 lap=2 | G: Blue* Red Green | H: Orange")
    assert classification(s) == ["Blue", "Red", "Green", "Orange"]
    s = make_state("teaching turn=5 lap=2 | G: Green* Blue Red | H: Orange")
    assert classification(s) == ["Green", "Blue", "Red", "Orange"]


def test_laps_count_before_the_section_a_lapped_car_ahead_on_the_track_is_behind(make_state: MakeState) -> None:
    """§25 (laps, then section): Red is physically ahead of the leader in G but a lap down, so behind Green in H."""
    s = make_state("teaching turn=5 lap=2 | G: Red-1 Blue* | H: Green")
    assert s.cars["Red"].lap < s.cars["Green"].lap == s.cars["Blue"].lap
    assert classification(s) == ["Blue", "Green", "Red"]
    s = make_state("teaching turn=5 lap=2 | E: Blue* | G: Red-1 | H: Green-1")
    assert classification(s) == ["Blue", "Red", "Green"]  # both a lap down: then the section


def test_a_car_at_a_re_entry_point_is_behind_every_car_of_its_section(make_state: MakeState) -> None:
    """§18.5 / §21.2: Orange and Pink wait beside G: behind Red (in G), ahead of Green (in H); between themselves
    (a tie) they keep the order of the race's car list."""
    s = make_state("teaching turn=5 lap=2 | E: Blue* | G: Red Orange{off=H} Pink{off=H} | H: Green")
    assert s.cars["Orange"].off_track == s.cars["Pink"].off_track == "G"
    assert classification(s) == ["Blue", "Red", "Orange", "Pink", "Green"]
    assert s.race_order() == ["Blue", "Red", "Green"]  # the track order leaves them out
    assert safetycar.queue(s) == classification(s, in_race_only=True) == classification(s)


def test_retired_cars_come_after_every_car_in_the_race_the_last_one_out_first(make_state: MakeState) -> None:
    """§25 with §18.6 / §13.A.3: out cars follow the running ones, the last out first; the SC queue (§21.2) and the
    finish list only the cars still in the race."""
    s = make_state("teaching turn=5 lap=2 | E: Blue* | G: Red | H: Green Orange | I: Pink")
    _retire(s, "Orange", "Red")
    _retire(s, "Pink", status=Status.OUT_OF_FUEL)
    assert classification(s, ["Orange", "Pink", "Red"]) == ["Blue", "Green", "Red", "Pink", "Orange"]
    assert classification(s) == ["Blue", "Green", "Orange", "Pink", "Red"]  # no log: by name
    assert classification(s, ["Red"]) == ["Blue", "Green", "Red", "Orange", "Pink"]
    assert classification(s, in_race_only=True) == safetycar.queue(s) == ["Blue", "Green"]


def test_retired_order_reads_the_retirements_of_the_log() -> None:
    events = [ev.Retired("Red", "wear"), ev.TurnEnds("Blue", "G"), ev.Retired("Pink", "fuel")]
    assert retired_order(events) == ["Red", "Pink"]


def test_the_finish_experiments_and_simulate_use_the_one_classification() -> None:
    """The RaceFinished event (§25), experiments' finishing positions and simulate's race order all come from
    racebook.rf90.rules.classification."""
    race, result = one_race("teaching", 5, players=2)
    s = race.state
    full = classification(s, retired_order(race.events))
    assert experiments.classification(race) == full and sorted(full) == sorted(s.cars)
    fin = race.events[-1]
    assert isinstance(fin, ev.RaceFinished)
    assert fin.classification == tuple(classification(s, in_race_only=True))
    assert list(result.order) == [c for c in full if s.cars[c].status is Status.RACING and s.cars[c].off_track is None]
    assert list(result.order) == s.race_order()
