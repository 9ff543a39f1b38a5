"""Seasons with Sponsors (§22.3–§22.5): the worked examples Ex. 21 and Ex. 22 asserting the digest's numbers, the
season structure (points, sponsor choice in finishing order, keeping one's sponsor, the next grid), the sponsor data
and each group's effect, and the house rules season_grid and sponsor_tiers."""

from __future__ import annotations

from pathlib import Path

import pytest
from autohelp import race_of, texts

from racebook.automobiles import effects
from racebook.automobiles.actions import KeepSponsor, Pass, TakeSponsor
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.events import (
    CubeBought,
    MoneyLost,
    RaceFinished,
    SeasonFinished,
    SeasonPoints,
    SeasonRaceStarted,
    SponsorEffect,
    SponsorKept,
    SponsorTaken,
)
from racebook.automobiles.game import Race
from racebook.automobiles.options import Rules, SeasonGrid
from racebook.automobiles.scenario import load, read
from racebook.automobiles.season import season_data
from racebook.automobiles.setup import new_state
from racebook.automobiles.sponsors import load_sponsors, sponsors
from racebook.automobiles.state import Phase
from racebook.core.agents import play_out
from racebook.core.errors import DataError, ScenarioError, SetupError


def test_auto_ex_21_sponsor_e1_two_non_wear_removed_allow_8_wear() -> None:
    """Ex. 21: E1, finish 1st; the standard removal takes 2 white + 1 wear -> up to 2 × 4 = 8 wear."""
    sc = read("auto_ex21_sponsor_e1")
    r = sc.race(frames=False, play=False)
    (eff,) = [e for e in r.events if isinstance(e, SponsorEffect)]
    assert (eff.car, eff.sponsor, eff.tier, eff.position, eff.amount) == ("A", "E1", "first", 1, "4")
    assert effects.limit(r.state) == 3  # the standard removal (invented-for-teaching: up to 3)
    for a in sc.actions[:3]:  # 2 white + 1 wear
        r.apply(a)
    assert r.state.turn.pending.regs["nonwear"] == 2  # type: ignore[union-attr]
    assert effects.limit(r.state) == 8  # 2 non-wear × 4
    assert all(t.startswith("A pick X") or t == "A stop" for t in texts(r))  # they must be wear
    for a in sc.actions[3:]:
        r.apply(a)
    a = r.state.players["A"].owned()
    assert (a["W"], a.get("X", 0)) == (3, 1)  # 5 - 2 white; 10 - 1 - 8 wear
    assert r.state.season is not None and r.state.season.race == 2 and r.phase is Phase.PRERACE


def test_auto_ex_22_sponsor_f2_third_of_four_uses_last_place_3_removals_then_6_dollars() -> None:
    """Ex. 22: F2, 3rd in a 4-player game: the last-place effect removes up to 3 more; all 3 -> spend up to $6;
    unspent money is lost."""
    sc = read("auto_ex22_sponsor_f2")
    r = sc.race(frames=False, play=False)
    (eff,) = [e for e in r.events if isinstance(e, SponsorEffect)]
    assert (eff.sponsor, eff.tier, eff.position, eff.players, eff.amount) == ("F2", "last", 3, 4, "3")
    r.apply("A stop")  # no standard removal
    assert effects.limit(r.state) == 3
    for _ in range(3):
        r.apply("A pick X bag")
    assert r.state.turn.pending.regs["money"] == 6  # type: ignore[union-attr]  # 3 × $2
    assert "A buy D" in texts(r) and "A buy K" not in texts(r)  # invented costs: D $6, K more
    r.apply("A buy L")
    r.apply("A stop")
    got = [e for e in r.events if isinstance(e, (CubeBought, MoneyLost))]
    assert [(type(e).__name__, getattr(e, "cost", None), e.money if isinstance(e, MoneyLost) else e.left)
            for e in got] == [("CubeBought", 4, 2), ("MoneyLost", None, 2)]
    assert got[-1].sentence().endswith("§22.5")
    assert r.state.players["A"].owned().get("X", 0) == 3 and r.state.players["A"].owned()["L"] == 3


def test_sponsor_tiers_last_only_makes_third_of_four_middle() -> None:
    sc = read("auto_ex22_sponsor_f2")
    st = sc.state.copy()
    st.rules = Rules.from_dict({"sponsor_tiers": "last_only"})
    r = Race(st, frames=False)
    (eff,) = [e for e in r.events if isinstance(e, SponsorEffect)]
    assert (eff.tier, eff.amount) == ("middle", "2")


def test_a_season_runs_to_a_winner_with_points_and_conserved_cubes() -> None:
    r = Race(new_state(3, seed=7, season=3), frames=False)
    totals = r.state.totals()
    play_out(r, GreedyDriver())
    assert r.is_over and r.state.totals() == totals
    assert len([e for e in r.events if isinstance(e, RaceFinished)]) == 3
    pts = [e for e in r.events if isinstance(e, SeasonPoints)]
    assert [e.race for e in pts] == [1, 2, 3]
    (fin,) = [e for e in r.events if isinstance(e, SeasonFinished)]
    table = season_data()["points"]
    assert sum(r.state.season.points.values()) == 3 * sum(table[:3])  # type: ignore[union-attr]
    assert fin.winner == fin.ranking[0]
    assert [e for e in r.events if isinstance(e, SponsorTaken)]  # the greedy player takes sponsors
    starts = [e for e in r.events if isinstance(e, SeasonRaceStarted)]
    finishes = [e.order for e in r.events if isinstance(e, RaceFinished)]
    assert [e.order for e in starts] == finishes[:2]  # the winner on pole (AMB-26)


def test_season_grid_reversed() -> None:
    r = Race(new_state(3, seed=7, season=3, rules=Rules(season_grid=SeasonGrid.REVERSED)), frames=False)
    play_out(r, GreedyDriver(), max_steps=100000)
    starts = [e.order for e in r.events if isinstance(e, SeasonRaceStarted)]
    finishes = [e.order for e in r.events if isinstance(e, RaceFinished)]
    assert starts[0] == finishes[0][::-1]


def test_choosing_sponsors_in_finishing_order_and_keeping_one(tmp_path: Path) -> None:
    players = [{"id": x, "lane": i + 1, "progress": 100 - i, "bag": "W5L2Y5"} for i, x in enumerate("ABC")]
    extra = ('\n[season]\nraces = 3\nfinish = ["B", "A", "C"]\nstage = "sponsors"\nsponsors = { A = "C1" }\n'
             'pool = ["B1", "D2", "E3", "F1"]\n')
    r = race_of(tmp_path, players, extra=extra)
    assert r.current_car == "B" and r.phase is Phase.SPONSORS
    assert KeepSponsor("B", "B1") not in r.legal_actions() and Pass("B") in r.legal_actions()
    assert "no sponsor to keep" in r.explain("B keep B1").reason
    r.apply("B sponsor D2")
    assert r.current_car == "A" and TakeSponsor("A", "D2") not in r.legal_actions()
    assert "not in the pool" in r.explain("A sponsor D2").reason
    r.apply("A keep F1")
    (kept,) = [e for e in r.events if isinstance(e, SponsorKept)]
    assert (kept.sponsor, kept.discarded) == ("C1", "F1")
    r.apply("C pass")
    assert r.state.season.pool == ["B1", "E3"]  # type: ignore[union-attr]
    assert r.state.season.sponsors == {"A": "C1", "B": "D2"}  # type: ignore[union-attr]
    assert r.phase is Phase.SPONSOR and r.current_car == "B"  # the effects, in finishing order


@pytest.mark.parametrize("sid, tier, check", [
    ("A1", "first", lambda r: r.state.turn.pending.regs.get("money") == 4),
    ("B3", "last", lambda r: effects.limit(r.state) == 4),
    ("C2", "middle", lambda r: set(texts(r)) <= {"A pick X bag", "A stop"}),
    ("D3", "last", lambda r: r.state.players["A"].owned().get("K") == 1),
])
def test_each_group_does_what_its_data_says(tmp_path: Path, sid: str, tier: str, check) -> None:  # type: ignore[no-untyped-def]
    order = {"first": ["A", "B", "C"], "middle": ["B", "A", "C"], "last": ["B", "C", "A"]}[tier]
    players = [{"id": x, "lane": i + 1, "progress": 100 - i, "bag": "W5L2Y5X4"} for i, x in enumerate("ABC")]
    extra = (f'\n[season]\nraces = 3\nfinish = {order!r}\nstage = "sponsor"\nsponsors = {{ A = "{sid}" }}\n'
             ).replace("'", '"')
    r = race_of(tmp_path, players, extra=extra)
    if r.state.turn is not None and r.state.turn.pending is not None and r.state.turn.pending.pc == 0:
        r.apply("A stop")  # skip the standard removal
    assert check(r)


def test_sponsor_data_is_validated(tmp_path: Path) -> None:
    assert len(sponsors()) == 18
    assert sponsors()["E3"].tiers[2] == "0" and sponsors()["F2"].tiers[2] == "3"
    for s in sponsors().values():
        assert all(src.startswith(("digest §", "invented-for-teaching: ")) for src in s.sources)
    bad = tmp_path / "sp.toml"
    bad.write_text('schema = 1\n[[sponsor]]\nid = "A1"\ngroup = "A"\nstandard = 3\nfirst = "x"\nmiddle = 1\n'
                   'last = 1\nsource = {standard = "invented-for-teaching: x y z", tiers = "digest §22.5"}\n')
    with pytest.raises(DataError, match="first"):
        load_sponsors(bad)


def test_bad_seasons_get_one_clean_error(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="3 or more"):
        new_state(2, season=2)
    players = [{"id": x, "lane": i + 1, "progress": 100 - i} for i, x in enumerate("AB")]
    for extra, field in [('\n[season]\nfinish = ["A", "Z"]\n', "season"),
                         ('\n[season]\nfinish = ["A", "B"]\nsponsors = { A = "Q9" }\n', "season"),
                         ('\n[season]\nfinish = ["A", "B"]\nstage = "later"\n', "season.stage"),
                         ('\n[season]\nfinish = ["A", "B"]\nnope = 1\n', "season.nope"),
                         ('\n[season]\nraces = 3\nrace = 3\nfinish = ["A", "B"]\n', "season.race")]:
        with pytest.raises(ScenarioError, match=field.replace(".", r"\.")) as e:
            race_of(tmp_path, players, extra=extra)
        assert "\n" not in str(e.value)


def test_the_examples_load_as_shipped_scenarios() -> None:
    for sid in ("auto_ex21_sponsor_e1", "auto_ex22_sponsor_f2"):
        r = load(sid)
        assert r.state.season is not None and r.state.season.race == 2
