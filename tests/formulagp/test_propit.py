"""A Pro BOT's pit stop (digest §22.11.1 last bullets, §22.12.1–§22.12.4; [BOT 4.1], [BOT 5.1]–[BOT 5.4]):
racebook.formulagp.bots.propit, run from the BOT turn engine with the players' pit-entry and pit-exit rules."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.bots import pro, prolate, propit
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.events import pits as pitev
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.panel import panel
from racebook.formulagp.rules import protyres
from racebook.formulagp.rules.botbattle import Score
from racebook.formulagp.rules.tyres import COLD_TYRES_ROUNDS
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track

SCENARIO = """
[scenario]
id = "pro_pit"
title = "A Pro BOT whose Pit token is at the pit-lane entry reaches the tile before the pit entry"
cite = "§22.11.1, §22.12"
seed = 5
assumed = ["the teaching circuit: T38 the tile before the pit entry T39, T38.4.2 one step before the 'PIT LANE' space"]
actions = []

[race]
round = 5
order = ["P", "Q"]

[pros]
cars = ["P"]
tactics = { P = "PT1" }
tyre = { P = "medium" }
pit = { P = "%s" }

[[car]]
id = "P"
at = "%s"
penalties = %d

[[car]]
id = "Q"
at = "T20.2.1"
hand = ["G1", "G2"]
"""


def _race(tmp_path: Path, pit: str = "4:entry", at: str = "T38.2.1", penalties: int = 0) -> tuple[Race, list]:
    f = tmp_path / "pro_pit.toml"
    f.write_text(SCENARIO % (pit, at, penalties), encoding="utf-8")
    sc = fgp_scenario.read(f)
    race = sc.race()
    return race, list(sc.prelude)


def _until(race: Race, done, limit: int = 400) -> list:  # type: ignore[no-untyped-def]
    """Q drives greedily until ``done(race)``; the events on the way."""
    g, out = Greedy(1), []
    for _ in range(limit):
        if done(race) or race.is_over:
            return out
        k = len(race.steps)
        race.apply(g.choose(race))
        out += [e for st in race.steps[k:] for e in st.events]
    raise AssertionError("not reached")


def test_a_pitting_pro_bot_changes_lanes_and_enters_the_pit_lane(tmp_path: Path) -> None:
    race, prelude = _race(tmp_path)
    s = race.state
    ins = [e for e in prelude if isinstance(e, pev.ProPitsIn)]
    assert [e.what.split(" (")[0] for e in ins] == [
        "it ignores its lane preference and changes to lane 3 for the pit entry",
        "it ignores its lane preference and changes to lane 4 for the pit entry",
        "it enters the pit lane from T38.4.2"]
    entered = [e for e in prelude if isinstance(e, pitev.PitEntered)]
    assert len(entered) == 1 and entered[0].at == "T38.4.2" and entered[0].lost == 5  # its MP left are lost
    assert s.cars["P"].pit == "box" and s.cars["P"].penalties == 0  # no yellow line crossed (§16.1)
    assert not [e for e in prelude if isinstance(e, pev.ProCorner)]  # no corner modifier once in the pit lane
    assert race.current_car == "Q" and problems(s) == []


def test_a_bot_not_pitting_keeps_its_lane_choice(tmp_path: Path) -> None:
    race, prelude = _race(tmp_path, pit="20:tyre")
    assert not [e for e in prelude if isinstance(e, pev.ProPitsIn)]
    assert race.state.cars["P"].pit == "" and not [e for e in prelude if isinstance(e, pitev.PitEntered)]


def test_the_stop_fits_the_strategy_tyre_sets_a_pit_token_from_the_round_and_a_new_tactics_card(
        tmp_path: Path) -> None:
    race, _ = _race(tmp_path)
    s = race.state
    pb = s.pro.bots["P"]
    card = pro_cards().strategy_card(pb.strategy)
    tactics_before = pb.tactics
    s.stacked["white"] = ["4"]  # the new tyre life's die (a STRATEGY card that rolls at the stop: see below)
    if card.then[0] == "die":
        s.stacked["white"].insert(0, "3")
    evs = _until(race, lambda r: r.state.cars["P"].pit == "exit")
    stop = [e for e in evs if isinstance(e, pev.ProPitStop)]
    assert len(stop) == 1 and stop[0].number == 1
    want = card.start[2] if card.then[0] == "die" else card.then[0]
    assert pb.tyre.value == str(getattr(want, "value", want)) and pb.full and pb.stops == 1
    life = panel().bot_tyre_life[pb.tyre] + 4  # S 5 / M 7 / H-W 10 + the die, from the current round (§22.12.2)
    assert pb.pit.space == s.flag + life
    assert pb.tactics != tactics_before and pb.face_up
    left = [e for e in evs if isinstance(e, pitev.LeftBox)]
    assert len(left) == 1 and left[0].car == "P" and left[0].drawn == ()
    assert problems(s) == []


def test_leaving_the_pits_second_gear_the_white_die_pace_and_cold_tyres(tmp_path: Path) -> None:
    race, _ = _race(tmp_path)
    s = race.state
    _until(race, lambda r: r.state.cars["P"].pit == "exit")
    evs = _until(race, lambda r: r.state.cars["P"].pit == "" and r.state.turn is not None
                 and r.state.turn.car != "P")
    paced = [e for e in evs if isinstance(e, pev.ProPaced) and e.car == "P"]
    assert paced[0].gear == 2 and paced[0].rule == "§22.12.4 [BOT 5.4]" and "WHITE die" in paced[0].die
    out = [e for e in evs if isinstance(e, pitev.PitRejoined)]
    assert len(out) == 1 and s.track.tiles[s.track.pos(out[0].at).tile].id == "T03"
    assert s.cars["P"].cold in (COLD_TYRES_ROUNDS, COLD_TYRES_ROUNDS - 1)
    turn = evs[evs.index(paced[0]):]
    turn = turn[:next(i for i, e in enumerate(turn) if type(e).__name__ == "TurnEnded")]
    assert not [e for e in turn if isinstance(e, pev.ProCorner)]  # no corner modifier on the pit-exit turn
    assert not [e for e in turn if type(e).__name__ == "Moved" and e.frm.startswith("T02") and e.to.startswith("T02")]


@pytest.mark.parametrize(("tokens", "rounds"), [(1, 1), (2, 1), (3, 2)])
def test_penalties_are_served_first(tmp_path: Path, tokens: int, rounds: int) -> None:
    """§22.12.2 item 1: 1 round in the box, 2 with 3 or more Penalty tokens; then discarded."""
    race, _ = _race(tmp_path, penalties=tokens)
    s = race.state
    evs = _until(race, lambda r: r.state.cars["P"].pit == "exit")
    held = [e for e in evs if isinstance(e, pitev.HeldInBox)]
    assert len(held) == rounds and held[-1].left == 0
    assert [e.tokens for e in evs if isinstance(e, pitev.PenaltiesServed)] == [tokens]
    assert s.cars["P"].penalties == 0 and len([e for e in evs if isinstance(e, pev.ProPitStop)]) == 1


@pytest.mark.parametrize(("damage", "die", "long"), [(1, "3", False), (1, "1", True), (2, None, True)])
def test_repairs_one_problem_with_the_tyres_a_one_or_two_problems_a_round_longer(
        tmp_path: Path, damage: int, die: str | None, long: bool) -> None:
    """§22.12.3: one problem is repaired while the tyres are changed, the WHITE die's 1 makes it a round longer; two
    problems always take one extra round."""
    race, _ = _race(tmp_path)
    s = race.state
    pb = s.pro.bots["P"]
    pb.dmg_ot, pb.dmg_tyre = True, damage == 2
    if die:
        s.stacked["white"] = [die]
    evs = _until(race, lambda r: r.state.cars["P"].pit == "exit")
    rep = [e for e in evs if isinstance(e, pev.ProPitRepair)]
    assert len(rep) == 1 and rep[0].problems == damage and ("takes longer" in rep[0].what) is long
    assert not pb.dmg_ot and not pb.dmg_tyre and s.cars["P"].pit_repaired
    turns = [e for e in evs if type(e).__name__ == "TurnStarted" and e.car == "P"]
    assert len(turns) == (2 if long else 1)


def test_no_stop_from_the_cut_off_nor_in_the_final_round(tmp_path: Path) -> None:
    race, _ = _race(tmp_path, at="T30.2.1")
    s = race.state
    c = s.cars["P"]
    assert propit.pitting(s, c)
    s.flag = protyres.CUT_OFF  # §22.11.1: never on round 22 or later (the red-filled radar spaces)
    assert not propit.pitting(s, c)
    s.flag, s.final_round = protyres.CUT_OFF - 1, True  # N-P6: at the end of the race it passes the pits
    assert not propit.pitting(s, c)
    s.rules = replace(s.rules, pro_pass_pits_in_final_round=False)  # the other reading: the cut-off only
    assert propit.pitting(s, c)


def test_a_cold_tyres_token_takes_two_leds_off_a_pro_bots_battle_score(tmp_path: Path) -> None:
    race, _ = _race(tmp_path)
    s = race.state
    score = Score(5, 2, False, ("B1",), ("B1",))
    log = EventLog(None)
    assert propit.cold_tyres(s, "P", score, log) is score
    s.cars["P"].cold = COLD_TYRES_ROUNDS
    assert propit.cold_tyres(s, "P", score, log).leds == 3
    assert [(e.before, e.after) for e in log] == [(5, 3)]
    aborted = Score(0, 0, True, ("B1",), ("B1",))
    assert propit.cold_tyres(s, "P", aborted, log) is aborted


def test_the_position_round_trips_with_a_pro_bot_in_its_box(tmp_path: Path) -> None:
    race, _ = _race(tmp_path, penalties=3)
    _until(race, lambda r: r.state.cars["P"].pit == "held")
    line = format_state(race.state)
    assert format_state(parse_position(line)) == line


def test_seeded_races_with_pro_bots_make_their_stops() -> None:
    """Pro BOTs pit in seeded races (Standard and Advanced), every card in one place, every stop ends at the pit
    exit and back on track unless the flag came first."""
    stops, exits = Counter[str](), Counter[str]()
    for seed in range(6):
        mode = Mode.ADVANCED if seed % 2 else Mode.STANDARD
        cars = ["A", "B", "C", "D"]
        race = new_race(cars, seed, pros=["C", "D"], qualifying=False, track=race_track(), mode=mode,
                        choose_tyres=mode.advanced)
        drv = {c: (Greedy(seed) if i % 2 else RandomDriver(seed)) for i, c in enumerate(cars[:2])}
        while not race.is_over:
            race.apply(drv[race.current_car].choose(race))  # type: ignore[index]
        for st in race.steps:
            for e in st.events:
                if isinstance(e, pev.ProPitStop):
                    stops[e.car] += 1
                elif isinstance(e, pitev.PitRejoined) and e.car in ("C", "D"):
                    exits[e.car] += 1
        assert problems(race.state) == []
        assert sorted(race.classification()) == cars
    assert sum(stops.values()) >= 6
    assert all(0 <= stops[c] - exits[c] <= 1 for c in stops)
    assert pro.PRO == "pro"


# ------------------------------------------------------------------ the optional rule 7.3 (house rule pro_late_pit)
def _late_state(on: bool):  # type: ignore[no-untyped-def]
    from racebook.formulagp.options import Rules
    from racebook.formulagp.setup import new_state

    s = new_state(["A", "B", "C"], 7, pros=["B", "C"], rules=Rules(pro_late_pit=on), mode=Mode.ADVANCED)
    for car in ("B", "C"):
        s.pro.bots[car].stops = 1
        s.pro.bots[car].pit = protyres.PitToken(20, protyres.PitSide.PIT)
    s.cars["A"].lap = 3  # the race leader (a player here): every Pro BOT that has pitted rolls
    s.flag = prolate.check_space()
    return s


@pytest.mark.parametrize("on", [False, True])
def test_the_late_pit_bonus_check_both_readings(on: bool) -> None:
    """§22.14 BOT 7.3 (optional, ``pro_late_pit``): 2 spaces before the Late Pit Bonus icon each Pro BOT that has
    pitted, the leader excepted, rolls the WHITE die: green → a stop for the final weather-change tyre; red → none."""
    s = _late_state(on)
    s.stacked["white"] = ["3", "2"]  # B green, C red
    log = EventLog(None)
    prolate.check(s, log)
    rolled = [(e.car, e.colour) for e in log if isinstance(e, pev.ProLatePit)]
    assert rolled == ([("B", "green"), ("C", "red")] if on else [])
    assert (s.pro.bots["B"].pit.side is protyres.PitSide.ENTRY) is on and s.pro.late == (["B"] if on else [])
    assert s.pro.bots["C"].pit.side is protyres.PitSide.PIT
    if on:
        card = pro_cards().strategy_card(s.pro.bots["B"].strategy)
        assert pro.next_tyre(s, "B")[0] is card.weather and s.pro.late == []
        line = format_state(s)
        assert "plate=" not in line


def test_the_late_pit_check_skips_the_leader_and_bots_that_never_pitted() -> None:
    s = _late_state(True)
    s.cars["A"].lap, s.cars["B"].lap = 0, 5  # B leads
    s.pro.bots["C"].stops = 0
    log = EventLog(None)
    prolate.check(s, log)
    assert not [e for e in log if isinstance(e, pev.ProLatePit)]
    s.flag += 1
    prolate.check(s, log)  # only on the check's own space
    assert not list(log)


def test_the_late_stop_round_trips_in_the_notation() -> None:
    s = _late_state(True)
    s.stacked["white"] = ["3", "3"]
    prolate.check(s, EventLog(None))
    line = format_state(s)
    assert "plate=B,C" in line and format_state(parse_position(line)) == line
    with pytest.raises(NotationError, match="plate"):
        parse_position(line.replace("plate=B,C", "plate=B,X"))


# ------------------------------------------------------------------ W2W (§22.10.4 [BOT 3.4])
@pytest.mark.parametrize(("token", "drawn"), [("none", False), ("VS", False), ("Stress", True)])
def test_a_pro_bot_draws_a_new_tactics_card_at_the_start_of_its_second_w2w_round(token: str, drawn: bool) -> None:
    """"BOTs take no stress from W2W. Instead a Pro draws a new TACTICS card at the start of the 2nd W2W round": the
    token flipped to its Stress side at the last round's end (A32) marks that round."""
    from racebook.formulagp.setup import new_state

    s = new_state(["A", "B"], 5, pros=["B"])
    s.round, s.flag = 6, 14
    s.pro.bots["B"].face_up = True
    s.pro.bots["B"].pit = protyres.PitToken(30, protyres.PitSide.TYRE)
    s.cars["B"].w2w = token
    before = s.pro.bots["B"].tactics
    log = EventLog(None)
    pro.new_round(s, log)
    got = [e for e in log if isinstance(e, pev.ProTactics)]
    assert bool(got) is drawn and (s.pro.bots["B"].tactics != before) is drawn
    assert all("2nd Wheel-to-Wheel" in e.why for e in got)
