"""Whole races with automatic drivers: determinism, save/load, and the race-level invariants (§10, §11, §25)."""

from __future__ import annotations

from racebook.rf90 import events as ev
from racebook.rf90.analysis.simulate import one_race, robots_for, simulate, summary, to_csv
from racebook.rf90.car import RobotType
from racebook.rf90.game import Race


def test_a_seeded_race_replays_identically() -> None:
    a, ra = one_race("teaching", seed=5)
    b, rb = one_race("teaching", seed=5)
    assert ra == rb
    assert [str(x) for x in a.actions] == [str(x) for x in b.actions]
    assert a.state.to_dict() == b.state.to_dict()
    assert a.is_over and ra.winner == a.state.leader


def test_save_and_load_round_trip_is_exact_mid_race() -> None:
    race, _ = one_race("teaching", seed=7)
    half = race.at(len(race.actions) // 2)
    saved = half.to_json()
    loaded = Race.from_json(saved)
    assert loaded.state.to_dict() == half.state.to_dict()
    assert loaded.legal_actions() == half.legal_actions()
    assert [e.sentence() for e in loaded.events] == [e.sentence() for e in half.events]


def test_every_car_plays_once_per_game_turn_and_the_race_ends_on_the_last_turn() -> None:
    race, _ = one_race("silverstone", seed=3, frames=False)
    per_turn: dict[int, list[str]] = {}
    turn = 0
    for e in race.events:
        if isinstance(e, ev.GameTurnStarted):
            turn = e.turn
        elif isinstance(e, ev.TurnBegins):
            per_turn.setdefault(turn, []).append(e.car)
    for t, cars in per_turn.items():
        assert len(cars) == len(set(cars)), (t, cars)
    assert race.state.turn == race.state.track.turns.last_turn
    assert isinstance(race.events[-1], ev.RaceFinished)


def test_simulate_summary_and_csv() -> None:
    results = simulate("teaching", 3, seed=1)
    text = summary(results)
    assert text.startswith("3 races") and "winners:" in text
    rows = to_csv(results).strip().splitlines()
    assert rows[0] == "seed,winner,order,retired,pit_turns,actions" and len(rows) == 4


def test_robot_default_per_number_of_players_is_documented() -> None:
    """§6.1: the manual's robot table is missing; Expansion #1 §5.3 recommends one for 2-6 players (advanced: 2
    SuperFast, 3 Fast, 3 Slow for 2-3 players; 2, 2, 2 for 4-6); one player keeps the invented (2, 2, 1)."""
    assert [len(robots_for(p)) + p for p in range(1, 7)] == [6, 10, 11, 10, 11, 12]
    assert [r for _, r in robots_for(2)].count(RobotType.SUPERFAST) == 2


def test_cli_simulate_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    from racebook.cli import main

    assert main(["simulate", "--track", "teaching", "--races", "2", "--seed", "4"]) == 0
    assert "2 races" in capsys.readouterr().out
