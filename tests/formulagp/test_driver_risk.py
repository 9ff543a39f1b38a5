"""The computer driver's risk-taking (issue 37 item 1): when ``agents.Greedy`` pits and how it spends tyre wear.

Worn tyres lose their bonus and, at the RED die icon, roll the RED die after every move (§14.1, §19.2); its loss of
control face spins the car, a spin places a Yellow Flag, two zones or the Race Control token bring out the Safety Car
(§19.3, §19.4), and a Safety Car on or after round 24 ends the race (§19.4.1). The driver used to stop pitting three
rounds before the final-lap space although the final lap lasts until the leader next crosses the line (§17.1), and to
change lanes at random with RED cards (+1 wear each, §11.3): most seeded races ended under the Safety Car.
"""

from __future__ import annotations

from racebook.formulagp import events as ev
from racebook.formulagp.actions import End, To
from racebook.formulagp.agents import Greedy, play_out, rounds_left, wants_pit, worn_before_next_stop
from racebook.formulagp.game import Race
from racebook.formulagp.lapping import lap_tiles
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from racebook.formulagp.track import race_track
from tests.formulagp.test_race import at_turn


def _final_lap(race: Race, leader_at: str) -> None:
    """Round 16 on the final-lap space (24), the leader (Red) on lap 2 at ``leader_at``, Grey behind it."""
    s = race.state
    s.flag, s.final_lap, s.round = s.final_lap_at, True, 16
    s.cars["Red"].pos, s.cars["Red"].lap = s.track.pos(leader_at), 2
    s.cars["Grey"].lap = 2


def test_the_final_lap_counts_in_the_rounds_left() -> None:
    """§17.1: from space 24 the race runs until the leader next crosses the line; the driver's estimate counts the
    leader's tiles to the line at its pace so far (2 laps + a few tiles in 16 rounds: about 3 tiles a round)."""
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T03.1.1", "Red": "T05.1.1"}, ["G1"])
    s = race.state
    _final_lap(race, "T05.1.1")  # a lap to go for the leader: about 12 rounds
    long = rounds_left(s)
    assert long >= lap_tiles(s) // 4
    c = s.cars["Grey"]
    c.wear = 9  # soft: worn out at 8
    assert wants_pit(s, c, 0)  # the final lap is long: the stop pays back
    _final_lap(race, "T40.1.1")  # the leader a tile before the line: the race is over within a round or two
    s.cars["Grey"].pos = s.track.pos("T38.1.1")
    assert rounds_left(s) < 3 and not wants_pit(s, c, 0)
    s.final_round = True
    assert rounds_left(s) == 0


def test_tyres_that_will_not_last_a_lap_are_changed_at_this_pass() -> None:
    """A car whose wear marker will reach the worn-out icon before it comes round again pits now, though it is
    still more than its margin before the icon."""
    race = at_turn(new_race(["Grey", "Red"], 1), "Grey", {"Grey": "T38.1.1", "Red": "T30.1.1"}, ["G1"])
    s = race.state
    c = s.cars["Grey"]
    s.round, s.flag = 8, 16  # half-way: Red (the leader) on lap 1, T30
    s.cars["Red"].lap = c.lap = 1
    c.wear = 6  # soft from 2: 4 spaces in 8 rounds, about a lap's worth of rounds to go before 8 (worn out)
    assert worn_before_next_stop(s, c) and wants_pit(s, c, 0)
    c.wear = 2  # fresh: no stop
    assert not worn_before_next_stop(s, c) and not wants_pit(s, c, 0)


def _drive(race: Race, car: str) -> list[To]:
    steps: list[To] = []
    driver = Greedy(3)
    while race.current_car == car and race.phase in (Phase.PLAY, Phase.MOVE):
        a = driver.choose(race)
        if isinstance(a, To):
            steps.append(a)
        if isinstance(a, End):
            break
        race.apply(a)
    return steps


def test_the_driver_keeps_its_lane_when_a_lane_change_costs_wear() -> None:
    """A RED card: each lane change +1 wear (§11.3); with a free lane ahead the driver stays in it."""
    for seed in range(6):
        race = at_turn(new_race(["Grey", "Red"], seed), "Grey", {"Grey": "T26.3.1", "Red": "T10.1.1"}, ["R1"])
        steps = _drive(race, "Grey")
        s = race.state
        assert steps and all(s.track.pos(a.to).lane == 3 for a in steps[:6])


def test_the_driver_changes_lane_round_a_car_ahead() -> None:
    """The lane-keeping gives way when the tile ahead in the lane holds a car (the driver looks for a way past)."""
    race = at_turn(new_race(["Grey", "Red"], 2), "Grey", {"Grey": "T26.3.1", "Red": "T27.3.2"}, ["R1"])
    steps = _drive(race, "Grey")
    assert any(race.state.track.pos(a.to).lane != 3 for a in steps)


def test_seeded_greedy_races_rarely_end_under_the_safety_car() -> None:
    """Measured on 100 seeded races (docs/formulagp.md, race events): 80 ended under the Safety Car before the
    driver's changes, 13 after; on the teaching circuit with 'Incident on Track' resolved 46 (2 of these 12), and on
    the race circuit, whose lap takes about 4 rounds (docs/formulagp.md, "Lap length calibration"), 14 (1 of these
    12). Here 12 races on the race circuit, 2-6 cars: at most a sixth."""
    ended = 0
    for seed in range(12):
        cars = [f"C{i}" for i in range(2 + seed % 5)]
        race = new_race(cars, seed, track=race_track())
        play_out(race, {c: Greedy(seed + i) for i, c in enumerate(cars)}, max_actions=30_000)
        ended += any(isinstance(e, ev.EndsUnderSafetyCar) for st in race.steps for e in st.events)
    assert ended <= 2
