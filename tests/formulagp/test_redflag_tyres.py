"""Choosing tyres on the Red Flag grid (digest §19.6 step 2; the original's 13.10 item 2: "Drivers are allowed to
change tyres and repair damage during a Red Flag event"): at the Red Flag's round end each player car, in grid order,
chooses any dry type (its own too: a fresh set) — the ``grid`` phase of the one machine, ``Grey tyres hard``, a
``GridTyres`` event — then the race restarts (A30, both readings); Rookie BOTs change nothing (§22.13.6)."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import redflag
from racebook.formulagp.actions import Tyres, parse
from racebook.formulagp.agents import Greedy
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import RedFlagRestart, Rules
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase
from tests.formulagp.test_race import conserved


def _red_flag(cars: list[str], restart: RedFlagRestart = RedFlagRestart.RACE_START, bots: tuple[str, ...] = (),
              seed: int = 7) -> tuple[Race, int]:
    """A race played by greedy drivers to a move in round 4, a Red Flag shown there, the round played out to the
    grid's tyre choice. Returns the race and the flag's radar space when the Red Flag was shown."""
    race = new_race(cars, seed, rules=Rules(red_flag_restart=restart), bots=bots)
    drivers = {c: Greedy(i) for i, c in enumerate(cars)}
    while not (race.state.round == 4 and race.phase is Phase.MOVE):
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    flag = race.state.flag
    redflag.red_flag(race.state, EventLog(None), "a test")
    race.refresh()
    while race.phase is not Phase.GRID:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    return race, flag


def test_each_driver_chooses_its_tyres_in_grid_order() -> None:
    race, _ = _red_flag(["Grey", "Red", "Blue"])
    s = race.state
    assert s.grid_tyres == s.grid and race.current_car == s.grid[0]
    first = s.grid[0]
    assert race.legal_actions() == [Tyres(first, "soft"), Tyres(first, "medium"), Tyres(first, "hard")]
    for a in race.legal_actions():
        assert parse(str(a)) == a  # the action text round-trips
    conserved(race)


def test_another_tyre_type_is_fitted_fresh_and_told_by_a_typed_event() -> None:
    race, _ = _red_flag(["Grey", "Red", "Blue"])
    s = race.state
    first = s.cars[s.grid[0]]
    assert first.tyre is Tyre.SOFT
    first.wear = 11  # worn soft tyres
    events = list(race.apply(f"{first.id} tyres hard"))
    fitted = next(e for e in events if isinstance(e, ev.GridTyres))
    assert (fitted.car, fitted.tyre, fitted.wear) == (first.id, "hard", s.board.wear_start[Tyre.HARD])
    assert fitted.citation == "§19.6" and "hard" in fitted.sentence()
    assert first.tyre is Tyre.HARD and first.wear == s.board.wear_start[Tyre.HARD]
    assert s.grid_tyres == s.grid[1:] and race.phase is Phase.GRID and race.current_car == s.grid[1]


def test_the_own_type_again_is_a_fresh_set() -> None:
    race, _ = _red_flag(["Grey", "Red"])
    s = race.state
    first = s.cars[s.grid[0]]
    first.wear = 11
    race.apply(f"{first.id} tyres {first.tyre.value}")
    assert first.wear == s.board.wear_start[first.tyre]


@pytest.mark.parametrize("restart", list(RedFlagRestart))
def test_the_race_restarts_once_every_driver_has_chosen(restart: RedFlagRestart) -> None:
    race, flag = _red_flag(["Grey", "Red", "Blue"], restart)
    s = race.state
    for car in s.grid:
        assert race.phase is Phase.GRID and s.flag == flag
        race.apply(f"{car} tyres medium")
    assert s.grid_tyres == () and all(c.tyre is Tyre.MEDIUM for c in s.cars.values())
    assert s.flag == flag + 1  # §19.6 step 6: the Chequered Flag one space on
    if restart is RedFlagRestart.RACE_START:
        assert (s.round, s.phase) == (1, Phase.START)
    else:
        assert s.round == 5 and s.phase in (Phase.DRAW, Phase.PLAY)
    conserved(race)


def test_explain_refuses_with_the_rule() -> None:
    race, _ = _red_flag(["Grey", "Red", "Blue"])
    s = race.state
    first, second = s.grid[0], s.grid[1]
    verdict = race.explain(f"{second} tyres hard")
    assert not verdict.legal and verdict.rule == "§19.6" and first in verdict.reason
    verdict = race.explain(f"{first} end")
    assert not verdict.legal and verdict.rule == "§19.6" and "tyres" in verdict.reason
    before = race.position()
    with pytest.raises(Exception, match="§19.6"):
        race.apply(f"{second} tyres hard")
    assert race.position() == before


def test_the_grid_phase_round_trips_in_the_notation() -> None:
    race, _ = _red_flag(["Grey", "Red", "Blue"])
    race.apply(f"{race.state.grid[0]} tyres hard")
    text = race.position()
    assert " grid " in text and "gt=" in text
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert back.current_car == race.current_car


def test_rookie_bots_choose_no_tyres() -> None:
    race, _ = _red_flag(["A", "R1", "B"], bots=("R1",), seed=4)
    s = race.state
    assert "R1" not in s.grid_tyres and set(s.grid_tyres) == {"A", "B"}
    assert [c for c in s.grid if c != "R1"] == list(s.grid_tyres)


def test_a_race_with_a_red_flag_and_a_grid_choice_runs_to_the_flag() -> None:
    race, _ = _red_flag(["Grey", "Red", "Blue", "Orange"], seed=11)
    drivers = {c: Greedy(i) for i, c in enumerate(race.state.cars)}
    while not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    assert sorted(race.classification()) == sorted(race.state.cars)
    conserved(race)
