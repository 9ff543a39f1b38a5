"""[ADV] The weather radar's exact odds, the start-tyre choice's expected cost (racebook.formulagp.analysis.weatherodds,
§4.3, §14.2, §19.1), the speeding odds (racebook.formulagp.analysis.hazardodds.speeding_odds, §11.4.2, §19.8.4,
A12; Examples 22, 23, x5) and a Pro BOT's pit window (racebook.formulagp.analysis.prowindow, §22.4, §22.11.1;
Examples 27, 31): exact fractions worked out from the rule text, the radar against the engine's own rain checks for
every WHITE face, the speeding odds against the engine's positions, the pit odds against the engine's tyre checks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from racebook.core.log import EventLog
from racebook.formulagp import agents, scenario
from racebook.formulagp.analysis import hazardodds as ho
from racebook.formulagp.analysis import prowindow as pw
from racebook.formulagp.analysis import weatherodds as wo
from racebook.formulagp.bots import pro
from racebook.formulagp.components import Colour, DieFace, FaceColour, dice
from racebook.formulagp.events import weather as wev
from racebook.formulagp.options import RepeatedHazardDice, Rules
from racebook.formulagp.playerboard import Tyre, TyreState, load_board
from racebook.formulagp.rules.hazards import DiceOwed, Hazard
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.rules.weather import Forecast, weather_data
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.ui.battle import before
from tests.formulagp.test_weather import _cloudy_at, _round_start

D = dice()
P_LOC = Fraction(D.red.count(DieFace.LOSS_OF_CONTROL), len(D.red))
SIX = Fraction(1, 6)


def test_the_white_die_results_are_the_files_faces() -> None:
    res = wo.white_results()
    assert sum(p for _r, p in res) == 1 and [r for r, _p in res] == [1, 2, 3, 4, 5, 6]


def test_the_cloudy_set_up_radar_by_hand() -> None:
    """§4.3 + §19.1: the token on 4·W1, the check there rolls W2: T = 4·W2 against R = 4·W1. The change comes at
    4k when W2 = W1 = k (now) or W2 = k > W1 (later): k/36; no change when W2 < W1: 15/36."""
    assert weather_data().multiplier[Forecast.CLOUDY] == 4  # the invented card value these figures rest on
    r = wo.setup_radar("cloudy")
    assert r.changes == {4 * k: Fraction(k, 36) for k in range(1, 7)}
    assert r.never == Fraction(5, 12) and r.after is Forecast.RAINY
    assert r.wet_at(3) == 0 and r.wet_at(8) == Fraction(3, 36) and r.wet_at(24) == Fraction(7, 12)
    rainy = wo.setup_radar("rainy")
    assert rainy.changes == r.changes and rainy.wet_at(3) == 1 and rainy.wet_at(24) == Fraction(5, 12)
    assert wo.setup_radar("sunny").changes == {} and wo.setup_radar("sunny").wet_at(10) == 0


def test_a_token_on_12_and_the_icon_side() -> None:
    """The token on 12, WHITE-die side: W = 1, 2 → T = 4, 8 < 12 no change; W = 3 → now; W = 4, 5, 6 → 16, 20, 24.
    On its icon side the change is certain when the flag reaches it; past the last space it never comes."""
    r = wo.radar("cloudy", 12)
    assert r.changes == {12: SIX, 16: SIX, 20: SIX, 24: SIX} and r.never == Fraction(1, 3)
    assert wo.radar("cloudy", 12, horizon=16).changes == {12: SIX, 16: SIX}
    assert wo.radar("rainy", 16, "icon", now=9).changes == {16: 1}
    assert wo.radar("cloudy", 0).changes == {} and wo.radar("sunny", 8).changes == {}
    assert "cloudy: it turns rainy" in r.sentence() and "will not change" in wo.radar("sunny", 0).sentence()


@pytest.mark.parametrize("token", [8, 12, 20])
def test_the_radar_is_the_engines_rain_check_for_every_white_face(token: int) -> None:
    """For each WHITE face, the engine's own round starts (§19.1, weather.round_started) from the flag one space short
    of the token to the last space: the round the weather changes, each face 1/6, is the radar's odds."""
    seen: dict[int, Fraction] = {}
    for v in range(1, 7):
        s = _cloudy_at(token, flag=token - 1)
        _round_start(s, [v] + [1] * 12)
        while s.weather == "cloudy" and s.flag < 24:
            _round_start(s, [1] * 12)
        if s.weather == "rainy":
            seen[s.weather_changed] = seen.get(s.weather_changed, Fraction(0)) + SIX
    assert wo.radar("cloudy", token, now=token - 1).changes == seen


def test_the_radar_of_a_race_in_progress() -> None:
    race = new_race(["A", "B"], 3, mode=Mode.ADVANCED)
    s = race.state
    r = wo.radar_of(race)
    assert r.weather.value == s.weather and r.horizon == s.final_lap_at
    assert r == wo.radar(s.weather, s.weather_token, s.weather_side or "die", now=s.flag, horizon=s.final_lap_at)
    with pytest.raises(ValueError, match="no weather"):
        wo.radar_of(new_race(["A", "B"], 3))


def test_before_the_draw_the_cards_split_and_the_wet_chance() -> None:
    odds = wo.forecast_odds()
    cards = weather_data().cards
    assert {f: p for f, (p, _r) in odds.items()} == {f: Fraction(cards.count(f), 5) for f in set(cards)}
    # wet at round 1: only a Rainy card; at round 24: Rainy and not dried, or Cloudy and turned
    p = {f: q for f, (q, _r) in odds.items()}
    assert wo.wet_chance(1) == p[Forecast.RAINY]
    assert wo.wet_chance(24) == p[Forecast.RAINY] * Fraction(5, 12) + p[Forecast.CLOUDY] * Fraction(7, 12)


def test_start_tyres_under_a_sure_forecast() -> None:
    """Sunny: dry tyres are never wrong, wet tyres always; Rainy over 3 rounds (no change before space 4): dry tyres
    are wrong every round, no bonus, a RED die a move (§14.2); wet tyres keep their fresh bonus."""
    b = load_board()
    sunny = {c.tyre: c for c in wo.start_tyre_costs(6, forecast="sunny")}
    assert sunny[Tyre.HARD].wrong_rounds == 0 and sunny[Tyre.WET].wrong_rounds == 6
    assert sunny[Tyre.HARD].bonus_mp == 6 * b.tyre_bonus(Tyre.HARD, TyreState.FRESH)  # hard: no temperature wear
    rainy = {c.tyre: c for c in wo.start_tyre_costs(3, forecast="rainy")}
    for t in (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD):
        assert rainy[t].wrong_rounds == 3 and rainy[t].bonus_mp == 0 and rainy[t].spins == 3 * P_LOC
    assert rainy[Tyre.WET].wrong_rounds == 0 and rainy[Tyre.WET].bonus_mp == 3 * b.tyre_bonus(Tyre.WET,
                                                                                              TyreState.FRESH)
    assert wo.start_tyre_costs(3, forecast="rainy")[0].tyre is Tyre.WET


def test_start_tyres_cloudy_wrong_rounds_by_hand() -> None:
    """Cloudy over 8 rounds: dry tyres are wrong from a change at 4 (1/36, rounds 4-8: 5) or at 8 (2/36, 1 round)."""
    cost = {c.tyre: c for c in wo.start_tyre_costs(8, forecast="cloudy")}
    assert cost[Tyre.HARD].wrong_rounds == Fraction(5, 36) + Fraction(2, 36)
    assert cost[Tyre.WET].wrong_rounds == 8 - Fraction(7, 36)


def test_before_the_draw_wrong_rounds_add_the_wet_chances() -> None:
    n = 10
    wet = sum((wo.wet_chance(r) for r in range(1, n + 1)), Fraction(0))
    cost = {c.tyre: c for c in wo.start_tyre_costs(n)}
    assert cost[Tyre.MEDIUM].wrong_rounds == wet and cost[Tyre.WET].wrong_rounds == n - wet


@pytest.mark.parametrize("bad", [dict(side="up"), dict(token=-1), dict(horizon=0)])
def test_bad_radar_input_is_one_clean_error(bad: dict[str, object]) -> None:
    kw: dict[str, object] = {"token": 8, "side": "die", "horizon": 24} | bad
    with pytest.raises(ValueError):
        wo.radar("cloudy", **kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        wo.radar("foggy", 8)
    with pytest.raises(ValueError):
        wo.start_tyre_costs(0)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(Forecast)), st.integers(0, 30), st.sampled_from(["die", "icon"]), st.integers(0, 30),
       st.integers(1, 30))
def test_radar_odds_are_chances(weather: Forecast, token: int, side: str, now: int, horizon: int) -> None:
    r = wo.radar(weather, token, side, now=now, horizon=horizon)
    assert all(0 < p <= 1 and now < space <= horizon for space, p in r.changes.items()) and 0 <= r.never <= 1
    wet = [r.wet_at(x) for x in range(horizon + 1)]
    assert wet == sorted(wet, reverse=weather.wet)  # one change at most: wet only rises (Cloudy) or falls (Rainy)


# ------------------------------------------------------------------ speeding odds (§11.4.2, §19.8.4, A12)
L = ho.Leaving


def test_fgp_ex_22_speeding_odds_from_the_position() -> None:
    """Example 22: a RED card through T07 and T08, both GREEN-limited: the same event twice, 1 RED + 1 YELLOW."""
    o = ho.odds_if_ending(before("fgp_ex22_speeding_through_two_corners", "Grey end"))
    assert o.owed == DiceOwed(1, 1) and o.loss_of_control == P_LOC
    assert o == ho.speeding_odds([L(7, Colour.GREEN), L(8, Colour.GREEN)], Colour.RED)


def test_fgp_ex_x5_a_green_pair_obeys_a_green_limit() -> None:
    """Example x5 (8.4.2): two GREEN cards reach RED pace but obey the GREEN limit: only the pair's YELLOW die."""
    o = ho.odds_if_ending(before("fgp_exx5_pairs_against_speed_limits", "Grey end"))
    assert o.owed == DiceOwed(0, 1) and o.loss_of_control == 0
    assert o == ho.speeding_odds([L(7, Colour.GREEN), L(8, Colour.GREEN)], Colour.GREEN, pair=True)


def test_fgp_ex_23_a_speed_limit_still_rolls_in_a_yellow_zone() -> None:
    """Example 23: inside a Yellow Flag zone the speed limit still rolls (N8); Standing Water does not (§19.3.1)."""
    o = ho.odds_if_ending(before("fgp_ex23_speeding_in_a_yellow_zone_no_second_yellow", "Grey end"))
    assert o.owed == DiceOwed(1, 1) and o.loss_of_control == P_LOC
    water = ho.speeding_odds([L(7, None, True)], Colour.RED, yellow_zone=True)
    assert water.owed == DiceOwed(0, 0)


@pytest.mark.parametrize(("reading", "owed"), [(RepeatedHazardDice.PER_ADDITIONAL, DiceOwed(1, 2)),
                                               (RepeatedHazardDice.ONE_YELLOW, DiceOwed(1, 1))])
def test_three_speeding_tiles_both_readings_of_a12(reading: RepeatedHazardDice, owed: DiceOwed) -> None:
    o = ho.speeding_odds([L(i, Colour.GREEN) for i in (6, 7, 8)], Colour.BLUE,
                         one_yellow=reading is RepeatedHazardDice.ONE_YELLOW)
    assert o.owed == owed
    race = before("fgp_ex22_speeding_through_two_corners", "Grey end")
    race.state.rules = Rules(repeated_hazard_dice=reading)
    assert ho.odds_if_ending(race).owed == DiceOwed(1, 1)  # two tiles: both readings agree (A12)


def test_speeding_with_other_hazards_and_water() -> None:
    o = ho.speeding_odds([L(7, Colour.RED, True)], Colour.BLUE, others=[Hazard.DRY_TYRES_IN_RAIN])
    assert o.owed == DiceOwed(3, 0)  # a speed limit, Standing Water, dry tyres in the rain: three kinds, three RED
    assert o.loss_of_control == 1 - (1 - P_LOC) ** 3
    assert ho.speeding_odds([L(7, Colour.RED)], Colour.RED).owed == DiceOwed(0, 0)
    assert ho.speeding_odds([L(7, Colour.GREEN)], None).owed == DiceOwed(0, 0)


# ------------------------------------------------------------------ a Pro BOT's pit window (§22.4, §22.11.1)
EX27 = "fgp_ex27_a_medium_pit_token_past_its_icon_is_flipped_to_pit"
EX31 = "fgp_ex31_a_soft_pit_token_saves_tyres_only_up_to_space_8"


def test_fgp_ex_27_the_set_up_pit_token_by_hand() -> None:
    """§22.4, Example 27: Medium's life 7 + the WHITE die (icon 0): spaces 7, 9-13, each 1/6; on or past the Medium
    icon (11) flipped to PIT; Example 27's roll of 5 is the PIT token on 12."""
    got = pw.setup_odds("medium")
    want = {PitToken(7, PitSide.TYRE): SIX, PitToken(9, PitSide.TYRE): SIX, PitToken(10, PitSide.TYRE): SIX,
            PitToken(11, PitSide.PIT): SIX, PitToken(12, PitSide.PIT): SIX, PitToken(13, PitSide.PIT): SIX}
    assert got == want
    w = pw.pro_window(scenario.read(EX27).race(), "P")
    assert w.token == PitToken(12, PitSide.PIT) and w.by_space() == {12: 1}
    assert w.lowered == Fraction(sum(f.colour is FaceColour.RED for f in D.white), 6)  # the PIT-side roll (full)


def test_a_hot_or_extreme_track_moves_soft_and_medium_set_up_tokens_earlier() -> None:
    """§22.6 [BOT 1.6]: Hot 1 round earlier, Extreme 2, for Soft and Medium only; the side stays as placed."""
    medium = pw.setup_odds("medium")
    assert pw.setup_odds("medium", temperature="hot") == {PitToken(t.space - 1, t.side): p for t, p in medium.items()}
    assert pw.setup_odds("medium", temperature="extreme") == {PitToken(t.space - 2, t.side): p
                                                               for t, p in medium.items()}
    assert pw.setup_odds("hard", temperature="extreme") == pw.setup_odds("hard")
    assert pw.setup_odds("soft", temperature="normal") == pw.setup_odds("soft")


def test_fgp_ex_31_the_tyre_checks_by_hand() -> None:
    """Example 31's position: Soft, TYRE side on 7, full. A red face: the entry at 7, the Tyre token lowered; a green
    face v (the icon 1): PIT side on 7 + v, whose check sends it to the entry (a red face lowers it)."""
    red = [f for f in D.white if f.colour is FaceColour.RED]
    w = pw.pro_window(scenario.read(EX31).race(), "P")
    want: dict[tuple[int, bool], Fraction] = {(7, False): Fraction(len(red), 6)}
    for f in D.white:
        if f.colour is FaceColour.GREEN:
            space = 7 + (1 if f.icon else f.value)
            for full in (True, False):
                want[(space, full)] = want.get((space, full), Fraction(0)) + SIX * Fraction(
                    6 - len(red) if full else len(red), 6)
    assert w.entry == want and w.no_stop == 0 and "TYRE side up on space 7" in w.sentence()


def test_the_pit_odds_are_the_engines_tyre_checks() -> None:
    """Every pair of WHITE faces through the engine's own tyre check (pro.tyre_check) from Example 31's position."""
    seen: dict[tuple[int, bool], Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            s = scenario.read(EX31).race().state
            s.stacked["white"] = [str(a), str(b)]
            log = EventLog(None)
            pro.tyre_check(s, "P", log)
            pb = s.pro.bots["P"]
            if pb.pit.side is PitSide.PIT:
                s.flag = pb.pit.space
                pro.tyre_check(s, "P", log)
            assert pb.pit.side is PitSide.ENTRY
            seen[(pb.pit.space, pb.full)] = seen.get((pb.pit.space, pb.full), Fraction(0)) + Fraction(1, 36)
    assert pw.pit_odds(PitToken(7, PitSide.TYRE), True) == seen


def test_past_the_cut_off_no_stop() -> None:
    w = pw.pit_odds(PitToken(20, PitSide.TYRE), True)
    late = sum((p for (space, _f), p in w.items() if space >= 22), Fraction(0))
    window = pw.ProWindow("P", Tyre.HARD, True, PitToken(20, PitSide.TYRE), 18, w)
    assert window.no_stop == late > 0
    entry = pw.ProWindow("P", Tyre.HARD, False, PitToken(23, PitSide.ENTRY), 23, {(23, False): Fraction(1)})
    assert "no Pro BOT pits on round 22" in entry.sentence()
    with pytest.raises(ValueError, match="not a Pro BOT"):
        pw.pro_window(scenario.read(EX31).race(), "Q")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2))
@example(4931, 0)  # a Red Flag restart: the change's round is the radar space (A5), not the race round
@example(567, 2)  # a Hot track: the set-up Pit token of a Pro BOT on Medium 1 round earlier (§22.6)
def test_seeded_advanced_races_stay_within_the_odds(seed: int, n_pros: int) -> None:
    """Hypothesis-drawn Advanced races (2 computer drivers, 0-2 Pro BOTs) to the flag: each Pro BOT's set-up Pit
    token is one setup_odds gives its tyre; the weather changes at most once, on a radar space the set-up's radar gave
    a chance."""
    cars = ["A", "B", "P1", "P2"][:2 + n_pros]
    race = new_race(cars, seed, mode=Mode.ADVANCED, pros=cars[2:])
    s = race.state
    for car in cars[2:]:
        pb = s.pro.bots[car]
        assert pw.setup_odds(pb.tyre, temperature=s.temperature).get(pb.pit, 0) > 0
    radar = wo.radar(s.weather, s.weather_token, s.weather_side or "die", now=s.flag, horizon=99)
    agents.play_out(race, {c: agents.Greedy(seed + i) for i, c in enumerate(cars[:2])})
    changes = [e.round for e in race.events if isinstance(e, wev.WeatherChanged)]
    assert len(changes) <= 1
    if changes:
        assert radar.changes.get(changes[0], 0) > 0
