"""The FormulaGP Championship (digest §20, the original's 14): the points table with the source's rows, both
readings of A22, C1 and C2, the standings, the pit-box order, team orders, the season runner and its CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.cli import main
from racebook.core.errors import SetupError
from racebook.formulagp.championship import (
    Championship,
    Entry,
    Kind,
    RaceScore,
    SeasonRun,
    TeamOrder,
    driver_standings,
    give_order,
    order_giver,
    pit_boxes,
    points_for,
    quick_field,
    score_race,
    team_standings,
    title_odds,
)
from racebook.formulagp.options import Rules, SmallFieldPoints
from racebook.formulagp.setup import new_state

ABOVE = Rules(small_field_points=SmallFieldPoints.ABOVE)


# ------------------------------------------------------------------ §20.2 points, the source's rows
def test_points_rows_are_the_sources() -> None:
    assert [points_for(10, p) for p in range(1, 11)] == [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]
    assert [points_for(8, p) for p in range(1, 11)] == [10, 7, 5, 4, 3, 2, 1, 0, 0, 0]
    assert [points_for(6, p) for p in range(1, 7)] == [6, 4, 3, 2, 1, 0]
    assert points_for(12, 11) == 0 and points_for(12, 1) == 13  # "10+ cars"


def test_a22_seven_and_nine_cars_both_readings() -> None:
    # below (the digest's reading): 7 -> the 6-car row, 9 -> the 8-car row
    assert [points_for(7, p) for p in range(1, 8)] == [6, 4, 3, 2, 1, 0, 0]
    assert [points_for(9, p) for p in range(1, 10)] == [10, 7, 5, 4, 3, 2, 1, 0, 0]
    # above: 7 -> the 8-car row, 9 -> the 10-car row
    assert [points_for(7, p, ABOVE) for p in range(1, 8)] == [10, 7, 5, 4, 3, 2, 1]
    assert [points_for(9, p, ABOVE) for p in range(1, 10)] == [13, 10, 8, 6, 5, 4, 3, 2, 1]
    # listed sizes are the same under both readings; small fields use the 6-car row
    for n in (6, 8, 10):
        assert [points_for(n, p) for p in range(1, n + 1)] == [points_for(n, p, ABOVE) for p in range(1, n + 1)]
    assert points_for(4, 1) == points_for(4, 1, ABOVE) == 6


def test_a_position_starts_at_one() -> None:
    with pytest.raises(ValueError, match="§20.2"):
        points_for(6, 0)


# ------------------------------------------------------------------ standings
def _ch(constructors: bool = False, team_orders: bool = False, rules: Rules | None = None) -> Championship:
    return Championship(6, quick_field(3, 3, constructors), constructors=constructors, team_orders=team_orders,
                        rules=rules or Rules())


def test_both_cars_of_a_team_score() -> None:
    ch = _ch(constructors=True)  # Team1 Grey+Orange, Team2 Red+Green, Team3 Blue+Yellow
    assert [ch.cars_of(t) for t in ch.teams] == [("Grey", "Orange"), ("Red", "Green"), ("Blue", "Yellow")]
    s = score_race(1, "teaching", ["Red", "Grey", "Orange", "Blue", "Yellow", "Green"])
    assert s.points == (6, 4, 3, 2, 1, 0)
    teams = {r.name: r.points for r in team_standings(ch, [s])}
    assert teams == {"Team1": 7, "Team2": 6, "Team3": 3}
    assert team_standings(ch, [s])[0].name == "Team1"


def test_c1_tie_shared_or_countback() -> None:
    a = score_race(1, "t", ["Grey", "Red", "Blue", "Orange", "Green", "Yellow"])  # Grey 6, Red 4
    b = score_race(2, "t", ["Red", "Blue", "Grey", "Orange", "Green", "Yellow"])  # Red 6, Grey 3 ... Blue 4
    c = score_race(3, "t", ["Grey", "Orange", "Blue", "Red", "Green", "Yellow"])  # Grey 6, Red 2
    table = driver_standings(_ch(), [a, b])  # Grey 6+3=9, Red 4+6=10, Blue 3+4=7
    assert [(r.name, r.points) for r in table[:3]] == [("Red", 10), ("Grey", 9), ("Blue", 7)]
    tie = [score_race(1, "t", ["Grey", "Blue", "Red", "Orange", "Green", "Yellow"]),
           score_race(2, "t", ["Red", "Blue", "Orange", "Grey", "Green", "Yellow"]),
           score_race(3, "t", ["Blue", "Orange", "Green", "Yellow", "Grey", "Red"])]
    # Blue 4+4+6 = 14; Grey 6+2+1 = 9 (places 1, 4, 5); Red 3+6+0 = 9 (places 3, 1, 6)
    shared = driver_standings(_ch(), tie)
    assert [(r.position, r.name, r.tied) for r in shared[:3]] == [(1, "Blue", False), (2, "Grey", True),
                                                                   (2, "Red", True)]
    counted = driver_standings(_ch(rules=Rules(championship_countback=True)), tie)
    # one win each, no 2nd place; Red has a 3rd place: Red ahead
    assert [(r.position, r.name, r.tied) for r in counted[:3]] == [(1, "Blue", False), (2, "Red", False),
                                                                    (3, "Grey", False)]
    assert c.points_of("Yellow") == 0 and c.place_of("Nobody") is None


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.lists(st.permutations(range(n)), min_size=1, max_size=8)),
       st.booleans(), st.booleans())
def test_points_are_conserved(orders: list[list[int]], above: bool, constructors: bool) -> None:
    """Property: the sum of the Drivers' standings equals the sum of the races' points, and so does the sum of the
    Constructors' standings; every race scores its row's points exactly once."""
    n = len(orders[0])
    rules = ABOVE if above else Rules()
    ch = Championship(len(orders), quick_field(n - n // 2, n // 2, constructors), constructors=constructors,
                      rules=rules)
    scores = [score_race(i + 1, "t", [ch.cars[j] for j in o], rules) for i, o in enumerate(orders)]
    total = sum(sum(s.points) for s in scores)
    assert sum(r.points for r in driver_standings(ch, scores)) == total
    assert sum(r.points for r in team_standings(ch, scores)) == total
    assert all(sum(s.points) == sum(points_for(n, p, rules) for p in range(1, n + 1)) for s in scores)
    boxes = pit_boxes(ch, scores, 0)
    assert sorted(boxes) == sorted(ch.cars)


# ------------------------------------------------------------------ pit boxes (§20.1, §20.3, §20.4)
def test_pit_boxes_random_first_then_by_standings() -> None:
    ch = _ch()
    firsts = {pit_boxes(ch, [], seed) for seed in range(12)}
    assert len(firsts) > 1 and all(sorted(f) == sorted(ch.cars) for f in firsts)  # random for race 1
    s = score_race(1, "t", ["Blue", "Yellow", "Grey", "Red", "Orange", "Green"])
    assert pit_boxes(ch, [s], 5) == ("Blue", "Yellow", "Grey", "Red", "Orange", "Green")  # leader nearest the exit


def test_pit_boxes_by_team_standings_player_first() -> None:
    ch = _ch(constructors=True)  # Team1 Grey+Orange, Team2 Red+Green, Team3 Blue+Yellow
    s = score_race(1, "t", ["Yellow", "Green", "Red", "Blue", "Orange", "Grey"])  # Team2 7, Team3 8, Team1 1
    boxes = pit_boxes(ch, [s], 0)
    assert boxes == ("Blue", "Yellow", "Red", "Green", "Grey", "Orange")  # Team3, Team2, Team1; player then BOT
    # Drivers' only (no Constructors'): a shared box is placed by its better driver
    ch2 = Championship(6, ch.entries)
    assert pit_boxes(ch2, [s], 0)[:2] == ("Blue", "Yellow")
    # the state takes the order and qualifies in it
    st_ = new_state(list(ch.cars), 0, qualifying=True, boxes=boxes, bots=["Orange", "Green", "Yellow"],
                    teams={c: e.team for e in ch.entries for c in (e.car,)})
    assert st_.boxes == boxes


# ------------------------------------------------------------------ team orders (§20.4)
def test_c2_who_may_give_team_orders_both_readings() -> None:
    ch = _ch(constructors=True, team_orders=True)
    assert order_giver(ch, [], "Team1") is None  # level on 0: the literal reading
    level = _ch(constructors=True, team_orders=True, rules=Rules(team_orders_when_level=True))
    assert order_giver(level, [], "Team1") == ("Grey", "Orange")
    s = score_race(1, "t", ["Grey", "Orange", "Red", "Blue", "Yellow", "Green"])
    assert order_giver(ch, [s], "Team1") == ("Grey", "Orange")  # the player ahead of its BOT
    s2 = score_race(1, "t", ["Orange", "Grey", "Red", "Blue", "Yellow", "Green"])
    assert order_giver(ch, [s2], "Team1") is None  # behind its BOT
    assert order_giver(_ch(constructors=True), [s], "Team1") is None  # not agreed at the start
    run = SeasonRun(ch, 0, [s])
    assert run.report().endswith("Team orders in race 2 (§20.4): Grey may order Orange; Red may order Green; "
                                 "Blue may order Yellow")


def test_non_player_team_the_bot_with_more_points_gives_orders() -> None:
    ch = Championship(3, (Entry("Grey", "A"), Entry("Red", "B", Kind.ROOKIE), Entry("Blue", "B", Kind.ROOKIE)),
                      constructors=True, team_orders=True)
    s = score_race(1, "t", ["Blue", "Grey", "Red"])
    assert order_giver(ch, [s], "B") == ("Blue", "Red")
    assert order_giver(ch, [], "B") == ("Red", "Blue")  # level: the first listed


def test_give_order_white_die_green_obeys() -> None:
    s = new_state(["Grey", "Red", "Blue"], 0, bots=["Red"], teams={"Grey": "A", "Red": "A"})
    colours = {i + 1: s.white_face(i).colour.value for i in range(6)}
    for face in range(1, 7):
        s.stacked["white"] = [face]
        r = give_order(s, "Grey", "Red", TeamOrder.NO_OVERTAKE)
        assert r.face == face and r.obeyed is (colours[face] == "green")
        assert ("obeys" in r.sentence) is r.obeyed and "§20.4" in r.sentence
    with pytest.raises(SetupError, match="teammate"):
        give_order(s, "Blue", "Red", TeamOrder.NO_DEFENCE)
    with pytest.raises(SetupError, match="BOT teammate"):
        give_order(s, "Red", "Grey", TeamOrder.NO_DEFENCE)


# ------------------------------------------------------------------ set-up errors (one line each)
@pytest.mark.parametrize("kwargs, match", [
    ({"races": 0}, "1 to 24 races"),
    ({"entries": (Entry("Grey", "A"),)}, "2 to 6 cars"),
    ({"entries": (Entry("Grey", "A"), Entry("Grey", "B"))}, "each car once"),
    ({"entries": (Entry("Grey", "A"), Entry("Red", "A"), Entry("Blue", "A"))}, "at most two cars"),
    ({"entries": (Entry("1x", "A"), Entry("Red", "B"))}, "car id"),
    ({"team_orders": True}, "Constructors'"),
    ({"tracks": ("nope",)}, "not a FormulaGP track"),
    ({"tracks": ("teaching", "teaching")}, "one track"),
])
def test_bad_setups_are_refused(kwargs: dict, match: str) -> None:
    base: dict = {"races": 3, "entries": (Entry("Grey", "A"), Entry("Red", "B"))} | kwargs
    with pytest.raises(SetupError, match=match) as e:
        Championship(**base)
    assert "\n" not in str(e.value)


# ------------------------------------------------------------------ the season (done-when: 6 races, both standings)
def test_a_six_race_championship_produces_both_standings() -> None:
    ch = Championship(6, quick_field(2, 4, constructors=True), constructors=True)
    run = SeasonRun(ch, seed=2)
    run.run()
    assert run.done and len(run.results) == 6
    assert all(sorted(r.classification) == sorted(ch.cars) for r in run.results)
    assert all(r.points == (6, 4, 3, 2, 1, 0) for r in run.results)  # a 6-car field
    drivers, teams = run.drivers(), run.teams()
    assert {d.name for d in drivers} == set(ch.cars) and {t.name for t in teams} == set(ch.teams)
    assert sum(d.points for d in drivers) == sum(t.points for t in teams) == 6 * 16
    for i, r in enumerate(run.results[1:], start=1):  # races 2+: the pit boxes follow the team standings
        assert pit_boxes(ch, run.results[:i], 0)[0] in ch.cars_of(team_standings(ch, run.results[:i])[0].name)
        assert isinstance(r, RaceScore)
    report = run.report()
    assert "Drivers' Championship (§20.3)" in report and "Constructors' Championship (§20.4)" in report
    with pytest.raises(SetupError, match="all run"):
        run.next_race()


def test_title_odds_sum_to_one() -> None:
    ch = Championship(2, quick_field(1, 2))
    run = SeasonRun(ch, 0)
    run.run(1)
    odds = title_odds(run, 3, seed=1)
    assert odds.after == 1 and odds.samples == 3
    assert sum(odds.drivers.values()) == pytest.approx(1.0) and sum(odds.teams.values()) == pytest.approx(1.0)
    assert len(run.results) == 1  # the sampled seasons leave the run as it was


def test_cli_season_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["season", "play", "--races", "6", "--constructors", "--json", "--quiet", "--seed", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["run"] == 6 and doc["drivers"] and doc["teams"]
    assert sum(d["points"] for d in doc["drivers"]) == sum(sum(r["points"]) for r in doc["results"])
    assert main(["season", "play", "--game", "rf90", "--quiet"]) == 2
    assert "season run FILE" in capsys.readouterr().err
    assert main(["season", "play", "--players", "5", "--rookies", "3", "--quiet"]) == 2
    assert main(["season", "play", "--rules", "small_field_points=sideways", "--races", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "small_field_points" in err


# ------------------------------------------------------------------ fuzz: bad input, one clean line
_WORDS = st.text(alphabet="abcXYZ019_-= ,", max_size=8)


@settings(max_examples=60, deadline=None)
@given(st.integers(-3, 30), st.lists(st.tuples(_WORDS, _WORDS, st.sampled_from(list(Kind))), max_size=8),
       st.lists(_WORDS, max_size=3), st.booleans(), st.booleans())
def test_fuzz_setups_fail_cleanly(races: int, entries: list, tracks: list, cons: bool, orders: bool) -> None:
    try:
        ch = Championship(races, tuple(Entry(c, t, k) for c, t, k in entries), tuple(tracks), constructors=cons,
                          team_orders=orders)
    except SetupError as e:
        assert "\n" not in str(e)
        return
    assert 1 <= ch.races <= 24 and 2 <= len(ch.cars) <= 6 and len(set(ch.cars)) == len(ch.cars)
    assert all(len(ch.cars_of(t)) <= 2 for t in ch.teams)


@settings(max_examples=40, deadline=None)
@given(st.integers(-2, 8), st.integers(-2, 8), _WORDS)
def test_fuzz_quick_season_arguments(players: int, rookies: int, rules: str) -> None:
    from racebook.formulagp.championship import play_season
    if 2 <= players + rookies <= 6 and players >= 0 and rookies >= 0 and not rules:
        return  # a valid season: played by the tests above, too slow to repeat here
    try:
        play_season(1, players, rookies, rules=rules or "bogus")
    except SetupError as e:
        assert "\n" not in str(e)
    else:
        raise AssertionError("a bad season argument was accepted")


def test_rf90_keeps_its_standings_names() -> None:
    from racebook.core import standings as core
    from racebook.rf90.championship import standings as rf90
    assert rf90.rank is core.rank and rf90.Standing is core.Standing and rf90.champions is core.champions


def test_an_advanced_season() -> None:
    """A season of Advanced races (§4.2 b: the flag starts on radar space 1), both standings."""
    from racebook.formulagp.state import Mode
    ch = Championship(1, quick_field(1, 1, constructors=True), constructors=True, mode=Mode.ADVANCED)
    run = SeasonRun(ch, 0)
    run.run()
    assert run.results[0].points == (6, 4) and [t.points for t in run.teams()] == [10]
    with pytest.raises(SetupError, match="mode"):
        Championship(1, ch.entries, mode="wet")  # type: ignore[arg-type]
