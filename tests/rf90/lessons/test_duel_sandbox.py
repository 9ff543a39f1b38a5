"""racebook.rf90.lessons.duel_sandbox: hypothetical duels resolved by the engine, duel records, exact odds (§12,
§17.2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from racebook.core.errors import IllegalAction, ScenarioError
from racebook.rf90.analysis import odds
from racebook.rf90.game import Race
from racebook.rf90.lessons import duel_sandbox as ds

D = ds.DuelCar

EX16 = ds.DuelSetup("silverstone", "Stowe", (
    D("Blue", hand=("R14", "R22", "R55"), choice="join", bid=("R14", "R22")),
    D("Orange", hand=("R56", "R57"), choice="out", bid=("R56", "R57")),
    D("Green", hand=("R04", "R13", "R63"), strategy="banging_wheels", choice="challenge", bid=("R04", "R13")),
), seed=16, turn=6, lap=2, wear_stack=("red", "red", "red"))


def test_corner_sections_carry_the_printed_modifier_and_its_source() -> None:
    teaching = {c.section: c for c in ds.corner_sections("teaching")}
    assert set(teaching) == {"J", "G", "D", "C"}
    assert teaching["C"].modifier == -2 and teaching["C"].from_manual  # Ex. 15
    assert not teaching["G"].from_manual
    silver = {c.section: c for c in ds.corner_sections("silverstone")}
    assert silver["Stowe"].modifier == -3 and silver["Stowe"].from_manual  # Ex. 16
    assert "Stowe — Stowe (duel modifier -3, from the manual)" == silver["Stowe"].label()
    assert [c.section for c in ds.corner_sections("silverstone")][:2] == ["Copse", "Becketts-1"]  # race order


def test_position_puts_a_leader_who_has_played_in_the_next_section() -> None:
    assert ds.position(EX16) == "silverstone turn=6 lap=2 | Stowe-exit: Red*{played} | Stowe: Blue Orange Green"
    s = ds.DuelSetup("teaching", "C", (D("Blue"), D("Purple", robot="slow", laps_down=1)), leader=0,
                     yellow_flag=True)
    assert ds.position(s) == "teaching turn=5 lap=3 | C: (Y) Blue* Purple-1"


def test_sandbox_reproduces_ex_16() -> None:
    """Ex. 16: Green 3+3+3-3 = 6, Blue 4+2 = 6: a tie, 1 damage each, order Blue, Green, Orange (§12.2)."""
    r = ds.run(EX16)
    assert r.actions == ("Green challenge", "Orange decline", "Blue join", "Blue bid R14 R22", "Green bid R04 R13")
    rec = r.record
    assert rec is not None and rec.fought and r.reason is None
    assert rec.challenger == "Green" and rec.decliners == ("Orange",)
    assert {c: t[0] for c, t in rec.totals.items()} == {"Blue": 6, "Green": 6}
    assert rec.totals["Green"][1] == "3 R04 [3] +3 R13 [3] -3 Stowe modifier +3 BANGING WHEELS"
    assert rec.order_after == ("Blue", "Green", "Orange")
    assert rec.damage == {"Blue": ("red",), "Green": ("red",)}
    assert rec.frozen == {"Blue": ("R14", "R22"), "Green": ("R04", "R13")}
    assert rec.leader_before == rec.leader_after == "Red"
    _, book = ds.scenario_duels("ex16")
    assert book[0].order_after == rec.order_after and book[0].totals == rec.totals


def test_sandbox_what_if_orange_joins() -> None:
    r = ds.run(_with_choice(EX16, 1, "join"))
    rec = r.record
    assert rec is not None and rec.participants == ("Blue", "Orange", "Green") and rec.decliners == ()
    assert rec.totals["Orange"][0] == 3 + 3 - 3
    assert rec.order_after == ("Blue", "Green", "Orange")
    assert "Orange" in rec.frozen and "Orange" not in rec.damage


def _with_choice(setup: ds.DuelSetup, i: int, choice: str) -> ds.DuelSetup:
    cars = list(setup.cars)
    cars[i] = replace(cars[i], choice=choice)
    return replace(setup, cars=tuple(cars))


def test_robot_behind_a_same_lap_human_challenges_and_bids_the_top_two_cards() -> None:
    """§17.2: a robot challenges a same-lap human ahead of it; a robot does not defend against a robot."""
    s = ds.DuelSetup("teaching", "C", (D("Black", robot="superfast"), D("Blue", hand=("R14", "R22"), choice="join",
                                        bid=("R14",)), D("Purple", robot="slow")), robot_draws=("R03", "R40"))
    r = ds.run(s)
    rec = r.record
    assert rec is not None and rec.challenger == "Purple" and rec.decliners == ("Black",)
    assert rec.bids["Purple"] == ("R03", "R40")
    assert rec.totals["Purple"] == (3, "4 R03 [4] +1 R40 [1] -2 Curve 2 modifier")
    assert rec.totals["Blue"][0] == 2
    assert rec.order_after == ("Purple", "Blue", "Black")  # the decliner goes behind the participants (AMB-22)
    assert "Purple" not in rec.frozen  # robots' cards are discarded, not frozen
    assert "R03" in r.race.state.race_deck.discards


def test_robots_never_duel_each_other() -> None:
    r = ds.run(ds.DuelSetup("teaching", "C", (D("Black", robot="superfast"), D("Purple", robot="slow"))))
    assert r.record is None and r.reason == "Nobody challenges: no duel in C"
    assert r.sentences()[-1] == "Nobody challenges: no duel in C — §12.1"


@pytest.mark.parametrize(("kw", "reason"), [
    ({"turn": 1}, "no duels at the start (§22)"),
    ({"restart": True}, "no duels at a restart (§22)"),
    ({"yellow_flag": True}, "a yellow flag is in the section (§15.1)"),
])
def test_no_duel_at_start_restart_or_under_a_yellow_flag(kw: dict, reason: str) -> None:
    cars = (D("Blue", hand=("R14",), choice="join", bid=("R14",)),
            D("Green", hand=("R21",), choice="challenge", bid=("R21",)))
    r = ds.run(ds.DuelSetup("teaching", "C", cars, **kw))
    assert r.record is None and r.reason == reason


def test_nobody_challenges() -> None:
    cars = (D("Blue", hand=("R14",), choice="join"), D("Green", hand=("R21",), choice="join"))
    r = ds.run(ds.DuelSetup("teaching", "C", cars))
    assert r.record is not None and not r.record.fought and r.record.challenger is None
    assert r.actions == ("Green no-challenge",)


def test_the_leader_loses_his_token_to_a_same_lap_winner() -> None:
    """§12.2 / Ex. 15: the leader took part and a same-lap car finished ahead: it takes the Leader token."""
    cars = (D("Blue", hand=("R07",), choice="join", bid=("R07",)),
            D("Orange", hand=("R14", "R21"), choice="challenge", bid=("R14", "R21")))
    rec = ds.run(ds.DuelSetup("teaching", "C", cars, leader=0)).record
    assert rec is not None and rec.leader_before == "Blue" and rec.leader_after == "Orange"
    assert rec.order_after == ("Orange", "Blue")


def test_a_lapped_winner_does_not_take_the_leader_token() -> None:
    """§12.2 / Ex. 42: a lapped car that wins goes ahead of the leader without becoming leader."""
    cars = (D("Red", hand=("R07",), choice="join", bid=("R07",)),
            D("Orange", hand=("R14", "R21"), choice="challenge", bid=("R14", "R21"), laps_down=1))
    rec = ds.run(ds.DuelSetup("teaching", "C", cars, leader=0)).record
    assert rec is not None and rec.order_after == ("Orange", "Red") and rec.leader_after == "Red"


def test_duel_power_doubles_only_in_its_own_corner() -> None:
    """§19.3: T05 (teaching, corner 1 = G) has the duel Discard Power: [3] counts 6 in G, 3 elsewhere."""
    for section, expected in (("G", 3 * 2 - 1), ("C", 3 - 2)):
        cars = (D("Blue", hand=("R07",), choice="join", bid=("R07",)),
                D("Green", hand=("T05",), choice="challenge", bid=("T05",)))
        rec = ds.run(ds.DuelSetup("teaching", section, cars)).record
        assert rec is not None and rec.totals["Green"][0] == expected
        assert rec.frozen["Green"] == ("T05",)  # not discarded: frozen like any duel card


def test_illegal_bids_are_refused_by_the_engine() -> None:
    cars = (D("Blue", hand=("R07", "R14", "R22"), choice="join", bid=("R07", "R14", "R22")),
            D("Green", hand=("R21",), choice="challenge", bid=("R21",)))
    with pytest.raises(IllegalAction, match="§12"):
        ds.run(ds.DuelSetup("teaching", "C", cars))
    with pytest.raises(ScenarioError, match="R999"):
        ds.run(ds.DuelSetup("teaching", "C", (D("Blue", hand=("R999",)), D("Green"))))
    with pytest.raises(ValueError, match="2 to 4"):
        ds.scenario_dict(ds.DuelSetup("teaching", "C", (D("Blue"),)))


def test_scenario_duels_records_the_books_examples() -> None:
    _, r15 = ds.scenario_duels("ex15")
    assert len(r15) == 1 and r15[0].order_after == ("Orange", "Green", "Blue")
    assert r15[0].leader_before == "Blue" and r15[0].leader_after == "Orange"
    assert r15[0].totals["Orange"][0] == 6 and r15[0].totals["Green"][0] == 2 and r15[0].totals["Blue"][0] == 1
    _, r41 = ds.scenario_duels("ex41")
    assert len(r41) == 1 and r41[0].order_after == ("Red", "Blue", "Black") and r41[0].totals["Black"][0] == 1
    _, r42 = ds.scenario_duels("ex42")
    assert [r.activation for r in r42] == ["G2", "G1"]
    assert r42[0].order_after == ("Yellow", "Orange", "Red", "Purple") and r42[0].leader_after == "Red"
    assert r42[1].decliners == ("Yellow",) and r42[1].participants == ("Orange",)
    assert r42[1].totals["Orange"][0] == 3 - 1  # R57 [3], Curve 1 -1 (Yellow is the group's first car)
    assert r42[1].order_after == ("Orange", "Yellow", "Red", "Purple")  # §12.2: the decliner behind the challenger


def _odds_race() -> Race:
    s = ds.DuelSetup("silverstone", "Copse", (D("Red"), D("Blue", hand=("R14", "R22", "R89", "T02"),
                                               strategy="banging_wheels"), D("Black", robot="superfast")),
                     discards=("R01", "R02"))
    return ds.build(s)


def test_bid_totals_come_from_the_engine() -> None:
    st = _odds_race().state
    totals = {b.label: b.total for b in ds.bid_totals(st, "Copse", "Blue")}
    # Copse -1 (Blue is not first), BANGING WHEELS +3, T02 [3] doubled in its corner (Copse, corner 1)
    assert totals["R14"] == 4 - 1 + 3 and totals["T02"] == 6 - 1 + 3 and totals["R14+T02"] == 10 - 1 + 3
    assert len(totals) == 4 + 6  # every single card and every pair: no pair rules (§12.1)
    assert ds.duel_modifiers(st, "Copse", "Black") == (-1, "-1 Copse modifier")
    assert ds.duel_modifiers(st, "Copse", "Red") == (0, "")


def test_bid_odds_are_duel_vs_robot_for_each_bid_and_match_the_distribution() -> None:
    st = _odds_race().state
    rows = ds.bid_odds(st, "Blue", "Black")
    dist = ds.robot_total_distribution(st, "Blue", -1)
    assert sum(dist.values()) == 1
    for r in rows:
        assert r.odds == odds.duel_vs_robot(st, "Blue", r.bid.total, -1)
        assert r.odds.win + r.odds.tie + r.odds.lose == 1
        assert r.odds.win == sum((p for t, p in dist.items() if t < r.bid.total), Fraction(0))
        assert r.odds.tie == dist.get(r.bid.total, Fraction(0))


def test_robot_total_distribution_is_exact() -> None:
    st = _odds_race().state
    pool = odds.unseen(st, "Blue")
    assert "R01" not in pool and "R14" not in pool  # a discard and a card in hand are seen
    mps = [st.card(c).mp for c in pool]
    pairs = list(combinations(mps, 2))
    dist = ds.robot_total_distribution(st, "Blue", 0)
    assert list(dist) == sorted(dist) and min(dist) == 2 and max(dist) == 8
    assert dist[8] == Fraction(sum(1 for a, b in pairs if a + b == 8), len(pairs))


def test_fraction_text_and_odds_lines() -> None:
    assert ds.fraction_text(Fraction(1, 4)) == "25.0 % (1/4)"
    assert ds.fraction_text(Fraction(0)) == "0 %" and ds.fraction_text(Fraction(1)) == "100 %"
    lines = ds.odds_lines(ds.bid_odds(_odds_race().state, "Blue", "Black"))
    assert lines[0].split() == ["bid", "total", "win", "tie", "lose"]
    assert lines[-1].startswith("(") and "robot modifier -1" in lines[-1]


def test_discards_must_be_in_the_deck() -> None:
    with pytest.raises(ValueError, match="R14"):
        ds.build(ds.DuelSetup("teaching", "C", (D("Blue", hand=("R14",)), D("Green")), discards=("R14",)))


# ------------------------------------------------------------------ the widgets (headless)
def test_sandbox_widget_shows_the_engines_resolution() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.duels import DuelSandbox

    sb = DuelSandbox(EX16)
    assert sb.result is not None and sb.result.record is not None
    assert sb.result.record.order_after == ("Blue", "Green", "Orange")
    assert "tie on 6" in sb.out.value and sb.errors.text == ""
    assert sb.rows[0].kind.value == "human" and sb.rows[0].strategy.value == "none"  # never None: shown blank
    assert sb.setup.cars[0].strategy is None and sb.setup.cars[2].strategy == "banging_wheels"
    sb.rows[1].choice.value = "join"  # Orange joins: the engine resolves again
    assert sb.result.record.participants == ("Blue", "Orange", "Green")
    sb.rows[0].hand.value = "R14 R22 R55 R07"
    assert list(sb.rows[0].bid_buttons) == ["R14", "R22", "R55", "R07"]
    sb.rows[0].bid_buttons["R07"].value = True  # three cards: the engine refuses
    assert sb.result is None and "§12" in sb.message and "refuses" in sb.out.value
    sb.start.value = True
    assert sb.result is not None and sb.result.reason == "no duels at the start (§22)"
    sb.start.value = False
    sb.rows[0].bid_buttons["R07"].value = False
    sb.leader.value = 0  # Blue, first, holds the Leader token
    assert sb.setup.leader == 0 and sb.result is not None and sb.result.record is not None
    assert sb.result.record.leader_before == "Blue"
    sb.track.value = "teaching"
    assert sb.corner.value in {c.section for c in ds.corner_sections("teaching")}
    assert sb.errors.text == ""


def test_odds_panel_plots_the_engines_numbers() -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("bqplot")
    from racebook.rf90.ui.duels import DuelOddsPanel

    p = DuelOddsPanel(section="Copse", hand=("R14", "R22", "R89", "T02"), first="other", strategy="banging_wheels")
    st = ds.build(p.setup).state
    rows = ds.bid_odds(st, p.ME, p.ROBOT, "Copse")
    assert [r.odds for r in p.rows] == [r.odds for r in rows]
    assert list(p.m_bids.y[0]) == [float(r.odds.win) for r in rows]
    assert list(p.m_dist.x) == list(ds.robot_total_distribution(st, p.ME, -1))
    best = max(rows, key=lambda r: r.odds.win)
    assert p.rows[p.compare.value].odds.win == best.odds.win
    p.compare_bid("R22+R89")
    five = p.rows[p.compare.value].bid.total
    assert five == 5 and list(p.m_dist.colors)[list(p.m_dist.x).index(5)] == "#f0b400"  # a tie colour at 5
    with pytest.raises(ValueError, match="no bid"):
        p.compare_bid("R55")
    p.first.value = "robot"
    assert all(r.robot_modifier == 0 for r in p.rows)
    p.hand.value = "R999"
    assert p.rows == [] and "R999" in p.message
    assert p.errors.text == ""


def test_odds_panel_without_bqplot_draws_the_same_numbers_as_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook 04 offline (issue 34 item 4): the bids' stacked win/tie/lose bars and the robot's totals as SVG."""
    pytest.importorskip("ipywidgets")
    import sys
    import xml.etree.ElementTree as ET

    from racebook.rf90.ui.duels import DuelOddsPanel

    monkeypatch.setitem(sys.modules, "bqplot", None)
    p = DuelOddsPanel(section="Copse", hand=("R14", "R22", "R89", "T02"), first="other", strategy="banging_wheels")
    assert p.m_bids is None
    st = ds.build(p.setup).state
    rows = ds.bid_odds(st, p.ME, p.ROBOT, "Copse")
    svg = "{http://www.w3.org/2000/svg}"
    bars = [r for r in ET.fromstring(p.fig_bids.value).iter(f"{svg}rect") if r.find(f"{svg}title") is not None]
    assert len(bars) == 3 * len(rows)  # win, tie and lose for each bid
    wins = [float(b.get("height", "0")) for b in bars[:len(rows)]]
    best = max(range(len(rows)), key=lambda i: rows[i].odds.win)
    assert max(range(len(wins)), key=wins.__getitem__) == best
    p.compare_bid("R22+R89")
    dist = ds.robot_total_distribution(st, p.ME, -1)
    totals = [r for r in ET.fromstring(p.fig_dist.value).iter(f"{svg}rect") if r.find(f"{svg}title") is not None]
    assert [t.find(f"{svg}title").text.split(":")[0] for t in totals] == [str(t) for t in dist]  # type: ignore[union-attr]
    assert totals[list(dist).index(5)].get("fill") == "#f0b400"  # a tie colour at 5, as in the bqplot chart
    assert "against my R22+R89 = 5" in p.fig_dist.value
