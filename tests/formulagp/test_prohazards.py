"""[ADV] The Pro BOTs on Debris, Oil and Standing Water (digest §22.13.9 [BOT 6.9.2]–[BOT 6.9.4], §22.13.1–§22.13.3)
and the Late Pit Bonus's Fresh Tyres token (§22.12.5 [BOT 5.5]): racebook.formulagp.bots.prohazards and
racebook.formulagp.latepit, on built Advanced positions (a Pro BOT's whole turn through the BOT turn engine, stacked
dice) and seeded races with rain."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.log import EventLog
from racebook.formulagp import latepit
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.bots import pro, profailure, prohazards, propit, rookie
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.protyres import PitSide
from racebook.formulagp.setup import new_state
from racebook.formulagp.state import Mode, Phase, RaceState, Turn
from tests.formulagp.test_probots import PRO_CODES, conserved
from tests.formulagp.test_propit import _race as _pit_race
from tests.formulagp.test_propit import _until

# PT10: stays in its lane (lane 0), yellow arrow right, corner 0, no hazard; PT20: the same, yellow left, corner +1.
# From T01.2.1 / T02.2.1 a red faster Pro on Hard drives 9 MP (gear 8: the card 7 + tyre 1 + difficulty 1).


def _turn(tactics: str, start: str, *, debris: tuple[int, ...] = (), oil: tuple[int, ...] = (),
          water: tuple[int, ...] = (), weather: str = "", white: tuple[str, ...] = (),
          red: tuple[str, ...] = ()) -> tuple[RaceState, list[Any]]:
    """An Advanced position in round 3 with Pro BOT P to move from ``start`` (player A far away), the tokens and the
    weather given; P's whole turn resolved by the BOT turn engine. Returns the state and P's events."""
    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED)
    s.round, s.phase, s.order, s.turn_index, s.turn = 3, Phase.PLAY, ("P", "A"), 0, Turn("P")
    pb = s.pro.bots["P"]
    pb.tactics, pb.face_up = tactics, True
    s.cars["A"].pos, s.cars["P"].pos = s.track.pos("T20.2.1"), s.track.pos(start)
    s.debris, s.oil, s.standing_water, s.weather = debris, oil, water, weather
    if weather == "rainy":  # on Wet tyres: its pace stays RED, no dry-tyres RED die (§22.13.10)
        pb.tyre = s.cars["P"].tyre = Tyre.WET
    s.stacked["white"], s.stacked["red"] = list(white), list(red)
    log = EventLog(None)
    rookie.resolve(s, log)
    return s, list(log)


def _at(s: RaceState, car: str = "P") -> str:
    return s.track.name_of(s.cars[car].pos)


def _of(evs: list[Any], kind: type) -> list[Any]:
    return [e for e in evs if isinstance(e, kind)]


# ------------------------------------------------------------------ Debris [BOT 6.9.2]
def test_a_pro_bot_entering_debris_changes_one_lane_toward_its_yellow_arrow_and_stays_there() -> None:
    s, evs = _turn("PT10", "T01.2.1", debris=(2,))
    deb = _of(evs, hzev.ProDebris)
    assert [(e.how, e.tile) for e in deb] == [("enters", "T02")] and "lane 2 → 3: avoided" in deb[0].what
    lanes = [e.to for e in evs if type(e).__name__ == "Moved"]
    assert lanes[2] == "T02.3.1" and all(x.split(".")[1] == "3" for x in lanes[2:])  # it stays in the new lane
    assert s.debris == (2,) and not _of(evs, pev.ProDamaged)  # driven through: the token stays
    assert _at(s) == "T06.3.1" and problems(s) == []


def test_a_pro_bot_that_cannot_change_toward_its_yellow_arrow_takes_damage_by_the_white_die() -> None:
    """PT20's yellow arrow is left and P is in lane 1: no lane change; it drives through → damage (WHITE 2, red:
    max OT −1); the token stays (only a stop removes it)."""
    s, evs = _turn("PT20", "T01.1.1", debris=(2,), white=("2",))
    assert [(e.how, e.tile) for e in _of(evs, hzev.ProDebris)] == [("enters", "T02"), ("drives through", "T02")]
    dmg = _of(evs, pev.ProDamaged)
    assert len(dmg) == 1 and (dmg[0].face, dmg[0].colour) == (2, "red")
    assert s.pro.bots["P"].dmg_ot and pro.max_ot(s, "P") == 2 and s.debris == (2,)


def test_a_pro_bot_entering_debris_with_its_last_mp_stops_on_it_damaged_and_removes_the_token() -> None:
    s, evs = _turn("PT10", "T02.2.2", debris=(7,), white=("3",))  # 9 MP end on T07.2.1, its last MP entering it
    assert _at(s) == "T07.2.1"
    deb = _of(evs, hzev.ProDebris)
    assert [(e.how, e.tile) for e in deb] == [("stops on", "T07")] and "damage, the token is removed" in deb[0].what
    assert s.pro.bots["P"].dmg_tyre and s.debris == ()  # WHITE 3, green: tyre bonus −1


def test_a_pro_bot_that_changed_lanes_and_stops_on_debris_removes_it_without_damage() -> None:
    s, evs = _turn("PT10", "T02.2.1", debris=(6,))
    assert [e.how for e in _of(evs, hzev.ProDebris)] == ["enters", "stops on"]
    assert s.debris == () and not _of(evs, pev.ProDamaged) and _at(s) == "T06.3.1"


def test_a_rookie_ignores_debris_and_oil() -> None:
    s = new_state(["A", "R"], 3, bots=["R"], mode=Mode.ADVANCED)
    s.round, s.phase, s.order, s.turn_index, s.turn = 3, Phase.PLAY, ("R", "A"), 0, Turn("R")
    s.cars["A"].pos, s.cars["R"].pos = s.track.pos("T20.2.1"), s.track.pos("T01.2.1")
    s.debris, s.oil = (2,), (3,)
    log = EventLog(None)
    rookie.draw_tactics(s, log)
    rookie.resolve(s, log)
    assert not [e for e in log if type(e).__name__ in ("ProDebris", "DebrisMet", "ProStopsOn", "OilHit")]
    assert (s.debris, s.oil) == ((2,), (3,))


# ------------------------------------------------------------------ Oil [BOT 6.9.3]
def test_a_pro_bot_drives_through_oil_untouched() -> None:
    s, evs = _turn("PT10", "T02.2.1", oil=(3,))
    assert s.oil == (3,) and not _of(evs, hzev.ProStopsOn) and not _of(evs, hzev.ProRedDie)


@pytest.mark.parametrize("red,holds", [(("5", "1"), "the counter-steer holds"), (("1",), "no effect")])
def test_a_pro_bot_stopping_on_oil_removes_it_and_rolls_the_red_die(red: tuple[str, ...], holds: str) -> None:
    s, evs = _turn("PT10", "T02.2.1", oil=(6,), red=red)
    assert _at(s) == "T06.2.2" and s.oil == ()
    stop = _of(evs, hzev.ProStopsOn)
    assert [(e.hazard, e.tile) for e in stop] == [("Oil", "T06")]
    die = _of(evs, hzev.ProRedDie)
    assert len(die) == 1 and holds in die[0].what and "Oil of T06" in die[0].cause
    assert die[0].sentence().startswith("P (Pro BOT) rolls the RED die (a stop on the Oil of T06)")


def test_a_pro_bot_losing_control_on_oil_spins() -> None:
    s, evs = _turn("PT10", "T02.2.1", oil=(6,), red=("5", "6"), white=("3",))
    assert "loses control" in _of(evs, hzev.ProRedDie)[0].what
    assert [e for e in evs if type(e).__name__ == "LostControl"]


# ------------------------------------------------------------------ Standing Water [BOT 6.9.4]
def test_standing_water_driven_through_takes_one_mp_per_token_after_the_move() -> None:
    s, evs = _turn("PT10", "T02.2.1", water=(3, 4), weather="cloudy")  # without: T06.2.2
    w = _of(evs, hzev.ProStandingWater)
    assert len(w) == 1 and (w[0].tokens, w[0].tiles, w[0].moved) == (2, "T03,T04", 1)  # back to space 1 only
    assert _at(s) == "T06.2.1" and s.standing_water == (3, 4)  # driven through: the tokens stay


def test_standing_water_comes_before_the_corner_modifier() -> None:
    """PT20 (+1 on a corner): without water P ends on T05.2.2 and the modifier takes it to T06.2.1; one token
    driven through takes it back to T05.2.1 first, then +1 → T05.2.2."""
    s, evs = _turn("PT20", "T01.2.1", weather="cloudy")
    assert _at(s) == "T06.2.1"
    s, evs = _turn("PT20", "T01.2.1", water=(3,), weather="cloudy")
    kinds = [type(e).__name__ for e in evs if type(e).__name__ in ("ProStandingWater", "ProCorner")]
    assert kinds == ["ProStandingWater", "ProCorner"] and _at(s) == "T05.2.2"


@pytest.mark.parametrize("weather,left", [("rainy", (6,)), ("cloudy", ())])
def test_a_stop_on_standing_water_rolls_the_red_die_and_removes_it_only_once_the_rain_stopped(
        weather: str, left: tuple[int, ...]) -> None:
    s, evs = _turn("PT10", "T02.2.1", water=(6,), weather=weather, red=("1",))
    stop = _of(evs, hzev.ProStopsOn)
    assert [(e.hazard, e.tile) for e in stop] == [("Standing Water", "T06")] and stop[0].rule.endswith("6.9.4]")
    assert len(_of(evs, hzev.ProRedDie)) == 1 and s.standing_water == left


def test_a_move_that_never_leaves_its_tile_stops_on_nothing_and_the_safety_car_turns_tokens_off() -> None:
    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED)
    tile = s.cars["P"].pos.tile
    s.turn, s.oil = Turn("P"), (tile,)
    s.turn.seen = ((tile, 3, 0),)
    log = EventLog(None)
    prohazards.stopped(s, s.cars["P"], log)  # it never left its start tile (A44)
    assert not list(log) and s.oil
    s.turn.seen, s.sc_tile, s.standing_water = ((tile - 1, 3, 0),), 5, (tile,)
    prohazards.stopped(s, s.cars["P"], log)  # under the Safety Car no token acts (§19.4.2)
    assert not list(log) and not prohazards.water_live(s, tile)


# ------------------------------------------------------------------ the Late Pit Bonus [BOT 5.5]
def _fresh_state(flag: int) -> RaceState:
    s = new_state(["A", "P", "R"], 3, pros=["P"], bots=["R"], mode=Mode.ADVANCED)
    s.round, s.flag = 17, flag
    return s


@pytest.mark.parametrize("before,earned", [(0, True), (1, False)])
def test_a_pro_bot_stopping_on_or_after_the_late_pit_bonus_round_takes_a_fresh_tyres_token(
        before: int, earned: bool) -> None:
    s = _fresh_state(panel().radar["fresh_tyres"] - before)
    p, log = s.cars["P"], EventLog(None)
    mp = pro.speed(s, "P", 4, "red")
    latepit.on_stop(s, p, log)
    latepit.on_stop(s, s.cars["R"], log)  # a Rookie never pits; the hook gives it nothing either
    assert (p.fresh_tyres == 17) is earned and not s.cars["R"].fresh_tyres
    assert [e.car for e in log if isinstance(e, hzev.ProFreshTyres)] == (["P"] if earned else [])
    assert pro.speed(s, "P", 4, "red") == mp + (2 if earned else 0)  # +2 MP each turn, as players (§16.6)


def test_the_fresh_tyres_bonus_flips_with_the_tyre_token_and_skips_the_pit_exit_turn() -> None:
    s = _fresh_state(panel().radar["fresh_tyres"])
    p, pb = s.cars["P"], s.pro.bots["P"]
    base = pro.speed(s, "P", 4, "red")
    latepit.on_stop(s, p, EventLog(None))
    p.pit = "exit"
    assert pro.speed(s, "P", 4, "red") == base  # not on the turn it leaves the pit lane
    p.pit = ""
    s.turn = Turn("P")
    ev = pro.paced(s, "P", "red", 4, pro.speed(s, "P", 4, "red"), "", "§22.9")
    assert ev.sentence().endswith("+ Fresh Tyres 2) — §22.9") and ev.bonus == 1
    pb.full = False  # the Tyre token flipped at a tyre check (§22.11.1): Fresh Tyres flipped too
    assert latepit.move_bonus(s, p) == 1
    s.weather, pb.tyre = "rainy", Tyre.HARD  # dry tyres on a wet track: no Late Pit Bonus (§16.6)
    assert latepit.move_bonus(s, p) == 0
    text = format_state(s)
    assert " ft=17" in text and parse_position(text).cars["P"].fresh_tyres == 17  # the players' ft= word


def test_standard_races_take_no_fresh_tyres_token() -> None:
    s = new_state(["A", "P"], 3, pros=["P"])
    s.flag = panel().radar["fresh_tyres"]
    latepit.on_stop(s, s.cars["P"], EventLog(None))
    assert latepit.move_bonus(s, s.cars["P"]) == 0


# ------------------------------------------------------------------ seeded races and a property
def _race(cars_: list[str], seed: int, pros: list[str], bots: list[str], rain: bool) -> Race:
    """A seeded Advanced race (a Rainy start when ``rain``: the WEATHER card stacked before the set-up draws it),
    with Debris, Oil and Standing Water on early tiles, where the Pro BOTs meet them."""
    s = new_state(cars_, seed, pros=pros, bots=bots, mode=Mode.ADVANCED)
    if rain:
        s.stacked["weather"] = ["rainy"]
    race = Race(s)
    s = race.state
    tiles = [t.index for t in s.track.tiles if t.costs_mp]
    s.debris, s.oil = (tiles[1 + seed % 3],), (tiles[5 + seed % 4],)
    s.standing_water = tuple(sorted(set(s.standing_water) | {tiles[2 + seed % 5], tiles[9]}))
    return race


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(3, 5), k=st.integers(1, 3), rain=st.booleans())
def test_properties_of_advanced_races_with_pro_bots_hazards_and_rain(seed: int, n: int, k: int, rain: bool) -> None:
    """Seeded Advanced races with Pro BOTs, the three [ADV] tokens on the track and (half the time) a Rainy start run
    to the flag: every card in one place after every action (conservation), the position consistent (integrity) and
    its notation round-trips, a Pro BOT never offered an action, the race classifies every car."""
    cars_ = [f"C{i}" for i in range(n)]
    pros = cars_[-min(k, n - 1):]
    race = _race(cars_, seed, pros, [], rain)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal and race.current_car not in pros
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
        if steps % 17 == 0:
            text = race.position()
            assert format_state(parse_position(text)) == text
            assert problems(race.state) == []
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)


def test_seeded_races_with_pro_bots_on_the_tokens_use_every_clause() -> None:
    """Six seeded Advanced races (two or three Pro BOTs, a Rookie, two computer players; a Rainy start in half) with
    tokens on the track run to the flag, and between them the Pro BOTs meet each token and take the Late Pit Bonus."""
    seen: set[str] = set()
    for seed in range(6):
        cars_ = ["A", "B", "R", "P1", "P2", "P3"][: 5 + seed % 2]
        race = _race(cars_, seed, [c for c in cars_ if c.startswith("P")], ["R"], bool(seed % 2))
        drivers = {"A": Greedy(seed), "B": RandomDriver(seed)}
        while not race.is_over:
            k = len(race.steps)
            race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
            seen |= {f"{type(e).__name__}:{getattr(e, 'hazard', getattr(e, 'how', ''))}"
                     for step in race.steps[k:] for e in step.events}
        assert sorted(race.classification()) == sorted(cars_)
        conserved(race)
    for x in ("ProDebris:enters", "ProStopsOn:Oil", "ProStopsOn:Standing Water", "ProStandingWater:",
              "ProRedDie:", "ProFreshTyres:"):
        assert x in seen, x


# ------------------------------------------------------------------ a failure from a TACTICS card (§22.12.4)
FAILS = Rules(pro_tactics_failures=True)


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_pro_tactics_failures_puts_the_failure_cards_in_the_pro_deck(on: bool) -> None:
    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED, rules=FAILS if on else None)
    codes = set(s.pro.cards())
    assert ({"PF1", "PF2"} <= codes) is on and bool({"PF1", "PF2"} & codes) is on
    assert len(s.pro.cards()) == len(pro_cards().tactics) + len(pro_cards().strategy) + (2 if on else 0)


def test_a_failure_card_sends_the_pro_to_the_pits_and_stays_until_repaired() -> None:
    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED, rules=FAILS)
    s.round = 5
    pb, log = s.pro.bots["P"], EventLog(None)
    s.stacked["protactics"] = ["PF1"]
    pro.new_tactics(s, "P", log, "§22.10.3: it lost the battle")
    assert pb.tactics == "PF1" and pb.pit.side is PitSide.ENTRY and propit.pitting(s, s.cars["P"])
    fail = [e for e in log if isinstance(e, hzev.ProFailure)]
    assert len(fail) == 1 and "gives a failure" in fail[0].what
    pro.new_tactics(s, "P", log, "§22.9.3: after the hazard roll")  # covered: no new card over it
    pro.red_flag(s, "P", log)  # failures can't be fixed on the Red Flag grid (§22.13.6)
    assert pb.tactics == "PF1"
    assert rookie.decide(s, "P", attacking=True) is None and rookie.decide(s, "P", attacking=False) is None
    card = rookie.card_of(s, "P")
    assert (card.lane, card.yellow.value) == (0, "right")  # its lane; the yellow arrow when forced
    text = format_state(s)
    back = parse_position(text)
    assert back.pro.bots["P"].tactics == "PF1" and format_state(back) == text


def test_a_failure_is_one_problem_repaired_at_the_stop_and_the_card_goes_back(tmp_path: Any) -> None:
    """The Pro reaches its box (test_propit's position) holding a FAILURE card: one problem (§22.12.3), the WHITE die
    (3: repaired while the tyres are changed), a new TACTICS card (PT3 stacked), the FAILURE card to the discards."""
    race, _ = _pit_race(tmp_path)
    s = race.state
    pb = s.pro.bots["P"]
    assert s.cars["P"].pit == "box"
    s.pro.tactics_deck.discard(pb.tactics)
    pb.tactics = "PF1"
    s.stacked["white"], s.stacked["protactics"] = ["3"], ["PT3"]
    evs = _until(race, lambda r: r.state.cars["P"].pit == "exit")
    rep = [e for e in evs if isinstance(e, pev.ProPitRepair)]
    assert len(rep) == 1 and rep[0].problems == 1 and "repaired while" in rep[0].what
    assert [e.rule for e in evs if isinstance(e, hzev.ProFailure)] == ["§22.12.3 [BOT 5.3]"]
    assert pb.tactics == "PT3" and "PF1" in s.pro.tactics_deck.discards and not profailure.holds(s, "P")


def test_seeded_races_with_failure_cards_run_to_the_flag() -> None:
    """Four seeded Advanced races with ``pro_tactics_failures`` (three Pro BOTs each): every card, the two FAILURE
    cards included, in one place after the race; between them a failure is drawn and repaired."""
    seen: set[str] = set()
    for seed in range(4):
        cars_ = ["A", "B", "P1", "P2", "P3"]
        s = new_state(cars_, seed, pros=["P1", "P2", "P3"], mode=Mode.ADVANCED, rules=FAILS)
        race = Race(s)
        drivers = {"A": Greedy(seed), "B": RandomDriver(seed)}
        while not race.is_over:
            k = len(race.steps)
            race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
            seen |= {e.what.split(":")[0] for step in race.steps[k:] for e in step.events
                     if isinstance(e, hzev.ProFailure)}
        assert sorted(race.classification()) == sorted(cars_)
        assert Counter(race.state.pro.cards()) == Counter(PRO_CODES) + Counter(["PF1", "PF2"])
        assert problems(race.state) == []
    assert seen >= {"gives a failure", "is repaired"}
