"""§6.5–§6.6 (Expansion #1): points, retirements, countback and shared positions; clean errors for bad seasons.

Property tests (hypothesis): points are conserved (the drivers' totals are the points awarded race by race; a
team's total is its drivers' sum), the standings are a total preorder, and the countback agrees with a
brute-force reference that compares two drivers place by place.
"""

from __future__ import annotations

import dataclasses
from functools import cmp_to_key

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.rf90.car import Setup, Skill
from racebook.rf90.championship import (
    POINTS,
    Level,
    Player,
    RaceResult,
    Round,
    Season,
    SeasonRules,
    SeasonSetupError,
    Team,
    driver_standings,
    load_season,
    points_for,
    robot_teams,
    score_race,
    team_standings,
)
from racebook.rf90.championship.points import PointsAwarded, TeamPointsAwarded, Unclassified, car_places
from racebook.rf90.championship.standings import rank

MINI = load_season("mini")


def _season(**kw: object) -> Season:
    return dataclasses.replace(MINI, **kw)  # re-checked by __post_init__


def test_points_table() -> None:
    assert POINTS == (10, 6, 4, 3, 2, 1)
    assert [points_for(p) for p in range(1, 9)] == [10, 6, 4, 3, 2, 1, 0, 0]
    assert points_for(None) == 0


def test_a_retired_car_is_unclassified_and_not_counted_in_the_countback() -> None:
    order = ("Dana", "Eli", "Fay", "FayMate", "Daye", "Tyrone", "Kurtz")
    sc = score_race(MINI, RaceResult(1, "monza", 0, order, ("Giuffre",)))
    assert sc.place_of("Giuffre") is None and sc.points_of("Giuffre") == 0
    assert Unclassified(1, "Giuffre") in sc.events
    assert Unclassified(1, "Giuffre").sentence().endswith("§6.5 (Expansion #1), AMB-X1-35")
    table = driver_standings(MINI, [sc])
    assert table[-1].name == "Giuffre" and sum(table[-1].places) == 0


def test_house_rule_classify_retired_puts_them_behind_the_finishers_last_out_first() -> None:
    s = _season(rules=SeasonRules(classify_retired=True))
    order = ("Dana", "Eli", "Fay", "FayMate", "Daye")
    sc = score_race(s, RaceResult(1, "monza", 0, order, ("Kurtz", "Tyrone", "Giuffre")))  # Kurtz out first
    places = car_places(s, RaceResult(1, "monza", 0, order, ("Kurtz", "Tyrone", "Giuffre")))
    assert (places["Giuffre"], places["Tyrone"], places["Kurtz"]) == (6, 7, 8)
    assert (sc.place_of("Kurtz"), sc.points_of("Kurtz"), sc.place_of("Giuffre")) == (6, 1, 8)  # first driver
    assert car_places(MINI, RaceResult(1, "monza", 0, order, ("Kurtz",)))["Kurtz"] is None  # the default


def test_robot_team_first_driver_gets_the_better_placed_car_even_if_his_own_car_retired() -> None:
    order = ("Tyrone", "Dana", "Eli", "Fay", "FayMate", "Kurtz", "Giuffre")
    sc = score_race(MINI, RaceResult(1, "monza", 0, order, ("Daye",)))
    assert (sc.place_of("Daye"), sc.points_of("Daye")) == (1, 10)  # Tyrone's car won: credited to Daye
    assert sc.place_of("Tyrone") is None


def test_countback_breaks_a_tie_on_points_and_a_full_tie_is_a_shared_position() -> None:
    # A: 10 + 0 = one win; B: 6 + 4 = no win: A ahead on the countback (1st places)
    rows = [("B", 10, (0, 1, 1)), ("A", 10, (1, 0, 0)), ("C", 3, (0, 0, 0)), ("D", 3, (0, 0, 0))]
    table = rank(rows)
    assert [(r.position, r.name, r.tied) for r in table] == [(1, "A", False), (2, "B", False), (3, "C", True),
                                                              (3, "D", True)]


def test_team_countback_counts_both_drivers_places() -> None:
    r1 = RaceResult(1, "monza", 0, ("Dana", "Daye", "Eli", "Tyrone", "Fay", "FayMate", "Kurtz", "Giuffre"))
    sc = score_race(MINI, r1)
    t = {x.name: x for x in team_standings(MINI, [sc])}
    assert t["Dana/Eli"].points == 14 and t["Daye/Tyrone"].points == 9
    assert t["Dana/Eli"].places[:3] == (1, 0, 1)


@pytest.mark.parametrize(("change", "match"), [
    ({"calendar": (Round("monza", "monza"),) * 3}, r"§6.2 \(Expansion #1\): a championship has 4 to 12 circuits"),
    ({"calendar": (Round("monza", "monza"),) * 13}, r"4 to 12 circuits \(got 13 circuits\)"),
    ({"calendar": (Round("hungaroring", "hungaroring"),) * 4}, r"unknown track"),
    ({"teams": (Team("Trio", ("Dana", "Eli", "Fay")),)}, r"teams are always two cars; a team has two cars"),
    ({"teams": (Team("Dana/Eli", ("Dana", "Eli"), "Mate"), Team("Fay", ("Fay",), "FayMate"))},
     r"a team of two players has no robot teammate"),
    ({"teams": (Team("Dana/Eli", ("Dana", "Eli")),)}, r"every player races in a two-car team"),
    ({"teams": (Team("A", ("Dana", "Eli")), Team("B", ("Eli",), "X"), Team("C", ("Fay",), "Y"))}, r"already in"),
    ({"robot_teams": tuple(robot_teams().values())}, r"SuperFast robot team races in the advanced game only"),
    ({"players": (Player("Dana", skill=Skill.QUALIFY),) + MINI.players[1:]}, r"skills are chosen in the advanced"),
    ({"players": (Player("Dana", Setup(12, 6, 5)),) + MINI.players[1:]}, r"setup uses 7 points"),
    ({"teams": (Team("Dana/Eli", ("Dana", "Eli")), Team("Fay", ("Fay",), "Daye"))}, r"two drivers have this name"),
])
def test_a_season_the_rules_refuse_is_one_clean_error(change: dict, match: str) -> None:
    kw = {"known_tracks": ("monza", "spa", "monaco"), **change}
    with pytest.raises(SeasonSetupError, match=match):
        _season(**kw)


def test_an_advanced_season_may_field_the_superfast_team() -> None:
    s = _season(level=Level.ADVANCED, robot_teams=tuple(robot_teams().values()))
    assert len(s.robot_cars) == 7  # FayMate (now SuperFast) + 6


# ------------------------------------------------------------------ properties
DRIVERS = MINI.drivers


@st.composite
def results(draw: st.DrawFn) -> list[RaceResult]:
    n = draw(st.integers(1, 6))
    out = []
    for i in range(n):
        perm = draw(st.permutations(DRIVERS))
        k = draw(st.integers(0, 3))
        out.append(RaceResult(i + 1, "monza", i, tuple(perm[k:]), tuple(perm[:k])))
    return out


@settings(max_examples=150, deadline=None)
@given(results(), st.booleans())
def test_points_are_conserved(rs: list[RaceResult], classify: bool) -> None:
    season = _season(rules=SeasonRules(classify_retired=classify))
    scores = [score_race(season, r) for r in rs]
    awarded = sum(e.points for sc in scores for e in sc.events if isinstance(e, PointsAwarded))
    drivers = driver_standings(season, scores)
    assert sum(d.points for d in drivers) == awarded
    for sc, r in zip(scores, rs, strict=True):  # every classified place 1..6 awarded once, to one driver
        placed = len(r.order) + (len(r.retired) if classify else 0)
        assert sum(p for _, p in sc.points) == sum(POINTS[:placed])
        assert sum(e.points for e in sc.events if isinstance(e, TeamPointsAwarded)) == sum(p for _, p in sc.points)
    by_driver = {d.name: d.points for d in drivers}
    for t in team_standings(season, scores):
        assert t.points == sum(by_driver[d] for d in dict(season.lineup)[t.name])


def _brute_cmp(a: tuple[str, int, tuple[int, ...]], b: tuple[str, int, tuple[int, ...]]) -> int:
    """Reference: more points first; else walk the places 1st, 2nd, … and the first difference decides."""
    if a[1] != b[1]:
        return -1 if a[1] > b[1] else 1
    for x, y in zip(a[2], b[2], strict=True):
        if x != y:
            return -1 if x > y else 1
    return 0


@settings(max_examples=150, deadline=None)
@given(results())
def test_standings_are_a_total_preorder_matching_a_brute_force_countback(rs: list[RaceResult]) -> None:
    scores = [score_race(MINI, r) for r in rs]
    for table in (driver_standings(MINI, scores), team_standings(MINI, scores)):
        rows = [(s.name, s.points, s.places) for s in table]
        for i, a in enumerate(table):
            for j, b in enumerate(table):
                c = _brute_cmp(rows[i], rows[j])
                assert (a.position < b.position) == (c < 0)
                assert (a.position == b.position) == (c == 0)
                if i != j and c == 0:
                    assert a.tied and b.tied
        ref = sorted(rows, key=cmp_to_key(_brute_cmp))
        assert [(r[1], r[2]) for r in ref] == [(s.points, s.places) for s in table]
        assert table[0].position == 1
        for k in range(1, len(table)):  # positions: 1-based, skip after a shared one (1, 2, 2, 4)
            assert table[k].position in (table[k - 1].position, k + 1)
