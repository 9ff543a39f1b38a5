"""The race's length on the Weather Radar (digest §1, §4.2 b, §17.1, A5, A6) and the round counter across a Red Flag
restart (§19.6, A30): an Advanced race's final lap comes on radar space 24 after 24 rounds, a Standard race's after
16; after a Red Flag the round counter starts again at 1 while the Chequered Flag keeps the race clock, so a race
that "ends in round 6" ends on space 24 or later (the drift noted in issue 38, explained); the per-round memos that
did drift (damage once a round, a spun car sitting out, a spared RED die, the drying of the track) are cleared or
read on the radar, and the cars lined up on the grid face forward."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import redflag, weather
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.damage import take_damage
from racebook.formulagp.options import RedFlagRestart, Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track


def test_an_advanced_race_is_24_rounds_to_the_final_lap_a_standard_race_16() -> None:
    assert (panel().rounds(True), panel().rounds(False)) == (24, 16)
    for mode, start in ((Mode.ADVANCED, 1), (Mode.STANDARD, 9)):
        s = new_race(["Grey", "Red"], 2, mode=mode).state
        assert (s.flag, s.final_lap_at) == (start, 24)


def _play(seed: int, n: int, rules: Rules | None = None) -> tuple[object, int]:
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, track=race_track(), mode=Mode.ADVANCED, rules=rules, qualifying=seed % 2 == 0)
    drivers = {c: (Greedy(seed + i) if (i + seed) % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars)}
    k = 0
    while not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        k += 1
    return race, k


def test_the_drift_explained_a_race_ending_in_round_5_ends_after_radar_space_24() -> None:
    """Seed 4 (4 cars; the merged Advanced race of issue 38): two Red Flags, the restart's round counter starts again
    at 1 each time; the final lap still came on radar space 24 and the race ended on space 26, in the restart's round 5
    (not a shortened race)."""
    race, _ = _play(4, 4)
    s = race.state  # type: ignore[attr-defined]
    reds = [e for e in race.events if isinstance(e, ev.RedFlag)]  # type: ignore[attr-defined]
    assert len(reds) == 2
    assert (s.round, s.flag) == (5, 26)
    assert [e.flag for e in race.events if isinstance(e, ev.FinalLap)] == [24]  # type: ignore[attr-defined]
    restarts = [e.flag for e in race.events if isinstance(e, ev.RoundStarted) and e.round == 1]  # type: ignore
    assert s.round == s.flag - restarts[-1] + 1  # the counter counts the rounds since the last restart


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_the_flag_is_the_race_clock_and_the_round_counter_restarts_only_at_a_red_flag(seed: int, n: int) -> None:
    """Every round advances the flag one space (race round 1 excepted, §4.2); the counter equals the flag in an
    Advanced race until a Red Flag restart, then counts from 1 again with the flag one space on (§19.6 step 6)."""
    race, _ = _play(seed, n)
    offset, last_flag = 0, 0
    for e in race.events:  # type: ignore[attr-defined]
        if isinstance(e, ev.RedFlag):
            offset = -1
        if isinstance(e, ev.RoundStarted):
            if offset == -1:  # the restart: round 1 on the next radar space
                assert e.round == 1 and e.flag == last_flag + 1
                offset = e.flag - 1
            else:
                assert e.flag == e.round + offset and (not last_flag or e.flag == last_flag + 1)
            last_flag = e.flag
    assert race.state.flag >= 24 or any(isinstance(e, ev.EndsUnderSafetyCar) for e in race.events)  # type: ignore


def _after_red_flag(rules: Rules | None = None, mode: Mode = Mode.ADVANCED) -> object:
    race = new_race(["Grey", "Red", "Blue"], 3, mode=mode, rules=rules)
    s = race.state
    s.round = s.flag = 12
    grey, red = s.cars["Grey"], s.cars["Red"]
    grey.damaged_round = 3  # damaged in round 3, before the Red Flag
    red.spun, red.off, red.out_round = True, "left", 12  # spun off in the Red Flag's round
    redflag.red_flag(s, EventLog(None), "a tile blocked by spun cars")
    redflag.round_end(s, EventLog(None))  # the restart
    return race


def test_after_the_restart_the_grid_faces_forward_and_damage_memos_start_again() -> None:
    race = _after_red_flag()
    s = race.state  # type: ignore[attr-defined]
    assert (s.round, s.flag) == (0, 13)
    assert not s.cars["Red"].spun and s.cars["Red"].off == "" and s.cars["Red"].out_round == 0
    s.round = 3  # the restart's round 3 (flag 15)
    log = EventLog()
    take_damage(s, s.cars["Grey"], log)
    assert not any(isinstance(e, ev.DamageSpared) for e in log)  # one damage a round: this is a new round (§18.4)
    assert [e.deck for e in log if isinstance(e, ev.IncidentCardDrawn)] == ["DAMAGE"]


def test_with_a_normal_restart_the_counter_goes_on_and_the_memos_stand() -> None:
    race = _after_red_flag(Rules(red_flag_restart=RedFlagRestart.NORMAL))
    s = race.state  # type: ignore[attr-defined]
    assert s.round == 12 and s.cars["Grey"].damaged_round == 3 and not s.cars["Red"].spun


def test_a_standard_race_restarts_exactly_as_before() -> None:
    """The fix is the Advanced race's: a Standard race keeps its memos (the equivalence file, seed 3033)."""
    race = _after_red_flag(mode=Mode.STANDARD)
    s = race.state  # type: ignore[attr-defined]
    assert s.cars["Grey"].damaged_round == 3 and s.cars["Red"].spun and s.cars["Red"].out_round == 12


def test_the_track_dries_on_the_radar_after_a_restart() -> None:
    """[ADV] Rainy -> Cloudy: one Standing Water token a round from the next (§19.1.1); the change is kept as the
    radar space, so a Red Flag restart (round counter back to 1) does not stop the drying."""
    race = new_race(["Grey", "Red"], 3, mode=Mode.ADVANCED)
    s = race.state
    s.forecast, s.weather, s.standing_water = "rainy", "cloudy", (3, 7)
    s.round = s.flag = 14
    s.weather_changed = 14
    redflag.red_flag(s, EventLog(None), "a test")
    redflag.round_end(s, EventLog(None))
    s.round = 1
    weather.round_started(s, EventLog(None))
    assert s.standing_water == (7,)
