"""House-rule switches (racebook.automobiles.options): the documentation file covers every switch, the defaults are
the recommended readings, scenario files set them, and each switch changes what it says (and nothing at default)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from autohelp import race_of, texts

from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.events import (
    BonusMove,
    CubesGained,
    FinishTriggered,
    RaceFinished,
    RoundLimitReached,
    TurnStarted,
)
from racebook.automobiles.game import Race
from racebook.automobiles.notation import parse_position
from racebook.automobiles.options import ROUNDS_PER_LAP, GainsTo, Rules, house_rule_docs
from racebook.automobiles.rules.decline import car_ahead
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.setup import new_state
from racebook.core.agents import play_out
from racebook.core.errors import DataError, ScenarioError
from racebook.core.log import EventLog

A = {"id": "A", "lane": 1, "progress": 9}
B = {"id": "B", "lane": 4, "progress": 30, "active": "W2", "bag": "W5"}


def test_every_switch_is_documented_in_the_data_file() -> None:
    docs = house_rule_docs()
    assert list(docs) == [f.name for f in fields(Rules)]
    for d in docs.values():
        assert d.cite and d.default != d.alternative and len(d.text) > 40


def test_rules_from_a_table_and_bad_tables() -> None:
    assert Rules.from_dict({"gains_to": "discard", "wear_buyable": True}).changed() == {
        "wear_buyable": True, "gains_to": "discard"}
    for bad in ({"nope": True}, {"wear_buyable": "yes"}, {"gains_to": "bag"}, []):
        with pytest.raises(DataError):
            Rules.from_dict(bad)


def test_a_scenario_sets_switches_and_the_position_records_them(tmp_path: Path) -> None:
    r = race_of(tmp_path, [dict(A, active="W1"), B], rules={"gains_to": "discard", "drafting_diagonal": True})
    assert r.state.rules.gains_to is GainsTo.DISCARD and r.state.rules.drafting_diagonal
    text = r.position()
    assert "rules gains_to=discard,drafting_diagonal=1" in text
    assert parse_position(text).rules == r.state.rules
    with pytest.raises(ScenarioError, match="rules.nope"):
        race_of(tmp_path, [A, B], rules={"nope": True})


def test_wear_buyable() -> None:
    for on in (False, True):
        r = Race(new_state(2, seed=1, rules=Rules(wear_buyable=on)), frames=False)
        assert (f"{r.current_car} buy X" in texts(r)) is on
        if not on:
            assert "never bought" in r.explain(f"{r.current_car} buy X").reason


def test_pit_team_gains_wear(tmp_path: Path) -> None:
    for on in (False, True):
        r = race_of(tmp_path, [dict(A, active="P1", discard="W1"), B], cards={"P": "pit_team"},
                    rules={"pit_team_gains_wear": on}, actions=("A play P", "A pick W discard"))
        assert ("A pick X stock" in texts(r)) is on


def _flagged(tmp: Path, active: str, rules: dict[str, bool], **flags: int) -> Race:
    r = race_of(tmp, [dict(A, active=active), B], rules=rules)
    r.state.turn.flags.update(flags)  # type: ignore[union-attr]
    r._legal_cache = None
    return r


def test_redline_fi_one_colour(tmp_path: Path) -> None:
    for on in (True, False):
        r = _flagged(tmp_path, "W1", {"redline_fi_one_colour": on}, redline=1, fuel_injection=1)
        twos = [a for a in r.legal_actions() if getattr(a, "spaces", ()) and len(a.spaces) == 2]
        board = r.state.board
        mixed = [a for a in twos if len({board.space_of(x).colour for x in a.spaces}) > 1]
        assert twos and bool(mixed) is not on


def test_fuel_injection_exactly_two(tmp_path: Path) -> None:
    for on in (False, True):
        r = _flagged(tmp_path, "W1", {"fuel_injection_exactly_two": on}, fuel_injection=1)
        lengths = {len(a.spaces) for a in r.legal_actions() if getattr(a, "spaces", ())}
        assert lengths == ({2} if on else {1, 2})
        if on:
            one = next(a for a in _flagged(tmp_path, "W1", {}, fuel_injection=1).legal_actions()
                       if getattr(a, "spaces", ()) and len(a.spaces) == 1)
            assert "exactly 2 spaces" in r.explain(one).reason


def test_camber_toe_needs_discard(tmp_path: Path) -> None:
    for on in (True, False):
        r = race_of(tmp_path, [dict(A, active="R1Y1"), B], cards={"R": "camber_toe"},
                    rules={"camber_toe_needs_discard": on}, actions=("A play R",))
        assert any(t.startswith("A move") for t in texts(r)) is not on


def test_mag_matthews_active_pays(tmp_path: Path) -> None:
    for on in (True, False):
        r = race_of(tmp_path, [dict(A, active="Y1", bag="D3", driver="mag_matthews"), B],
                    rules={"mag_matthews_active_pays": on}, actions=("A pass", "A driver", "A draw", "A stop",
                                                                      "A stop", "A pick D held"))
        money = r.state.turn.money  # type: ignore[union-attr]
        assert money == r.state.comps.value("Y") + (r.state.comps.value("D") if on else 0)


def test_gains_to(tmp_path: Path) -> None:
    for pile in ("used", "discard"):
        r = race_of(tmp_path, [dict(A, active="R1W1"), B], rules={"gains_to": pile}, actions=("A play R",))
        p = r.state.players["A"]
        assert (p.used.get("X", 0), p.discard.get("X", 0)) == ((1, 0) if pile == "used" else (0, 1))
        (g,) = [e for e in r.events if isinstance(e, CubesGained)]
        assert g.to == ("Used pile" if pile == "used" else "Discard pile")


def test_drafting_diagonal() -> None:
    s = new_state(["A", "B"], seed=1, board="ladder", random_order=False)
    s.players["A"].lane, s.players["A"].progress = 1, 10
    s.players["B"].lane, s.players["B"].progress = 2, 11
    assert car_ahead(s, "A") is None
    s.rules = Rules(drafting_diagonal=True)
    assert car_ahead(s, "A") == "B"


def test_refill_every_draw() -> None:
    for on in (True, False):
        s = new_state(["A", "B"], seed=1, rules=Rules(refill_every_draw=on))
        p = s.players["A"]
        p.discard, p.bag = p.bag, {}
        assert len(draw(s, "A", 2, EventLog())) == (2 if on else 0)
        assert len(draw(s, "A", 2, EventLog(), refill=True)) == 2  # the End phase's draw always refills


def test_finish_the_round() -> None:
    for on in (True, False):
        r = Race(new_state(3, seed=4, rules=Rules(finish_the_round=on)), frames=False)
        play_out(r, GreedyDriver())
        (trig,) = [e for e in r.events if isinstance(e, FinishTriggered)]
        last_turn = [e for e in r.events if isinstance(e, TurnStarted)][-1]
        assert isinstance(r.events[-1], RaceFinished)
        assert trig.car != r.state.order[-1]  # the seed's trigger is not the last player of the round
        assert (last_turn.car == trig.car) is not on
        assert (last_turn.car == r.state.order[-1]) is on


class _NobodyMoves:
    """A table where nobody races: each player pits when he may, else passes (or takes the first choice offered)."""

    def choose(self, race: Race, legal: list) -> object:  # type: ignore[type-arg]
        for verb in ("pit", "pass"):
            for a in legal:
                if a.verb == verb:
                    return a
        return legal[0]


def test_round_limit() -> None:
    """§14 sets no limit and nothing obliges a player to move: with the house rule round_limit (default) a race of
    L laps where nobody moves ends at the end of round L x ROUNDS_PER_LAP, the car furthest on winning; without it
    the same race is still running there."""
    for on in (True, False):
        r = Race(new_state(3, seed=2, laps=1, rules=Rules(round_limit=on)), frames=False)
        play_out(r, _NobodyMoves(), max_steps=3 * 3 * (ROUNDS_PER_LAP + 2) + 50)
        assert r.is_over is on
        limits = [e for e in r.events if isinstance(e, RoundLimitReached)]
        if on:
            assert len(limits) == 1 and limits[0].round == ROUNDS_PER_LAP and "round_limit" in limits[0].sentence()
            assert isinstance(r.events[-1], RaceFinished) and r.events[-1].round == ROUNDS_PER_LAP
            assert list(r.events[-1].order) == r.standings()
            assert not any(isinstance(e, FinishTriggered) for e in r.events)
        else:
            assert not limits and r.state.round > ROUNDS_PER_LAP
    # a race that is won ends by the laps, as before: the limit is never reached
    r = Race(new_state(3, seed=4), frames=False)
    play_out(r, GreedyDriver())
    assert r.is_over and r.state.round < r.state.laps * ROUNDS_PER_LAP
    assert not any(isinstance(e, RoundLimitReached) for e in r.events)


def test_mechanic_mandatory(tmp_path: Path) -> None:
    for on in (True, False):
        r = race_of(tmp_path, [dict(A, active="Y1W1"), B], cards={"Y": "mechanic"},
                    rules={"mechanic_mandatory": on}, actions=("A play Y",))
        assert ("A stop" in texts(r)) is not on


def test_juan_goody_without_cubes(tmp_path: Path) -> None:
    for on in (True, False):
        r = race_of(tmp_path, [dict(A, active="Y1", bag="W9", driver="juan_goody"), B],
                    rules={"juan_goody_without_cubes": on}, actions=("A pass", "A pass"))
        assert bool([e for e in r.events if isinstance(e, BonusMove)]) is on


@pytest.mark.parametrize("card, active, discard", [
    ("suspension", "R1", "Y1"),  # no gear in the Discard pile
    ("steering", "R1W1", "-"),  # only a white gear: nothing 1 lower
    ("burnout", "R1", "W2"),  # only white gears in the Discard pile
])
def test_printed_wear_without_move(tmp_path: Path, card: str, active: str, discard: str) -> None:
    for on in (True, False):
        r = race_of(tmp_path, [dict(A, active=active, discard=discard), B], cards={"R": card},
                    rules={"printed_wear_without_move": on}, actions=("A play R",))
        assert r.state.players["A"].owned().get("X", 0) == (1 if on else 0)
    r = race_of(tmp_path, [dict(A, active="R1D1", discard="D1"), B], cards={"R": card},
                rules={"printed_wear_without_move": False}, actions=("A play R",))
    assert r.state.players["A"].owned().get("X", 0) == 1  # a card that can move still costs its wear


def test_prerace_buys_to_bag() -> None:
    for on in (True, False):
        r = Race(new_state(["A", "B"], seed=1, random_order=False, rules=Rules(prerace_buys_to_bag=on)),
                 frames=False)
        r.apply("A buy K")
        p = r.state.players["A"]
        assert (p.bag.get("K", 0), p.discard.get("K", 0)) == ((1, 0) if on else (0, 1))
