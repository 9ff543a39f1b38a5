"""The Pro BOTs in the weather [ADV] (digest §22.3 wet, §22.6 track temperature, §22.11.2, §22.12.5, §22.13.10):
racebook.formulagp.bots.proweather on h8's weather (racebook.formulagp.weather), and Example x4."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import prohooks, weather
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.bots import pro, proweather
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules import botpace
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode, RaceState, Turn
from racebook.formulagp.track import race_track

X4 = "fgp_exx4_a_pro_bots_planned_stop_near_a_weather_change"


def _drive(race, done, limit: int = 400) -> list:  # type: ignore[no-untyped-def]
    g, out = Greedy(1), []
    for _ in range(limit):
        if done(race) or race.is_over:
            return out
        k = len(race.steps)
        race.apply(g.choose(race))
        out += [e for st in race.steps[k:] for e in st.events]
    raise AssertionError("not reached")


def test_fgp_ex_x4_a_pro_bots_planned_stop_near_a_weather_change() -> None:
    """[BOT 5.5] (§22.12.5): "if a Pro BOT makes a planned pit stop within 4 rounds of a confirmed weather change, roll
    the WHITE die. If the result is Green, it will make an early stop to change to the appropriate tyre type for the
    upcoming weather change … If the upcoming weather is Rain, it will switch to Wet tyres." Rain confirmed for
    space 12 (WHITE 3 x 4 in round 8), P's stop planned on space 10 (2 rounds from it, within 4): the WHITE die 5,
    green: it stops at once — into the pit lane this round, Wet tyres fitted at its stop."""
    sc = fgp_scenario.read(X4)
    race = sc.race()
    s = race.state
    early = [e for e in sc.prelude if isinstance(e, pev.ProEarlyStop)]
    assert len(early) == 1
    e = early[0]
    assert (e.car, e.planned, e.change, e.face, e.colour) == ("P", 10, 12, 5, "green")
    assert abs(e.planned - e.change) <= proweather.EARLY_WINDOW == 4
    assert s.weather == "cloudy" and (s.weather_token, s.weather_side) == (12, "icon")
    assert s.pro.bots["P"].pit.side is PitSide.ENTRY and s.pro.early == ["P"]
    evs = _drive(race, lambda r: r.state.cars["P"].pit == "exit")
    changed = [x for x in evs if isinstance(x, pev.ProTyresChanged)]
    assert [x.tyre for x in changed] == ["wet"] and s.pro.bots["P"].tyre is Tyre.WET and s.pro.early == []
    assert s.pro.bots["P"].pit.space == s.flag + 10 + 4  # Wet 10 + the WHITE die 4, from the current round
    assert problems(s) == []


def _x4(tmp_path: Path, white: list[int], pit: str = "10:tyre", rainy: bool = False) -> RaceState:
    """Example x4's scenario with other dice, another planned stop, or the rain stopping instead of starting."""
    doc = (Path(fgp_scenario.__file__).parent / "scenarios" / f"{X4}.toml").read_text(encoding="utf-8")
    doc = doc.replace("white = [3, 5, 4]", f"white = {white}").replace('pit = { P = "10:tyre" }',
                                                                       f'pit = {{ P = "{pit}" }}')
    if rainy:  # the Rainy card on the panel: the change confirmed is back to Cloudy
        doc = doc.replace('weather = "cloudy"', 'weather = "rainy"\nforecast = "rainy"').replace(
            'tyre = { P = "medium" }', 'tyre = { P = "wet" }')
    f = tmp_path / "x4.toml"
    f.write_text(doc, encoding="utf-8")
    return fgp_scenario.read(f).race().state


def test_x4_red_keeps_its_strategy(tmp_path: Path) -> None:
    s = _x4(tmp_path, [3, 2, 4])
    assert s.pro.bots["P"].pit == PitToken(10, PitSide.TYRE) and s.pro.early == []


def test_x4_a_stop_planned_more_than_4_rounds_from_the_change_rolls_nothing(tmp_path: Path) -> None:
    s = _x4(tmp_path, [3, 5, 4], pit="17:tyre")
    assert s.pro.bots["P"].pit == PitToken(17, PitSide.TYRE) and s.stacked.get("white") == ["5", "4"]


def test_x4_before_the_rain_stops_the_early_stop_fits_the_weather_change_tyre(tmp_path: Path) -> None:
    """"if the upcoming weather is Cloudy, it will switch to the final tyre type on its STRATEGY card"."""
    s = _x4(tmp_path, [3, 5, 4], rainy=True)
    assert s.pro.early == ["P"]
    card = pro_cards().strategy_card(s.pro.bots["P"].strategy)
    tyre, how = proweather.stop_tyre(s, "P") or (None, "")
    assert tyre is card.weather and "weather-change" in how and s.pro.early == []


def _adv(pros: list[str] | None = None) -> RaceState:
    return new_state(["A", "B", "C"], 3, pros=pros or ["B", "C"], mode=Mode.ADVANCED)


def test_a_wet_start_puts_the_pro_bots_on_wet_tyres_and_places_their_pit_token_for_wet() -> None:
    s = _adv()
    s.weather = s.forecast = "rainy"
    s.stacked["white"] = ["3", "5"]
    log = EventLog(None)
    proweather.weather_event(s, log, "setup")
    for car in ("B", "C"):
        assert s.pro.bots[car].tyre is Tyre.WET and s.cars[car].tyre is Tyre.WET
    tokens = [e for e in log if isinstance(e, pev.ProPitToken)]
    assert [(e.tyre, e.base, e.life) for e in tokens] == [("wet", 10, 13), ("wet", 10, 15)]


@pytest.mark.parametrize(("temp", "earlier"), [("normal", 0), ("hot", 1), ("extreme", 2)])
def test_the_track_temperature_moves_soft_and_medium_pit_tokens_earlier(temp: str, earlier: int) -> None:
    """§22.6 [BOT 1.6]: Hot 1 round earlier, Extreme 2, for Pro BOTs on Soft or Medium only."""
    s = _adv()
    s.weather = s.forecast = "sunny"
    s.temperature = temp
    s.pro.bots["B"].tyre, s.pro.bots["C"].tyre = Tyre.MEDIUM, Tyre.HARD
    s.pro.bots["B"].pit = s.pro.bots["C"].pit = PitToken(12, PitSide.TYRE)
    proweather.weather_event(s, EventLog(None), "temperature")
    assert s.pro.bots["B"].pit.space == 12 - earlier and s.pro.bots["C"].pit.space == 12


def test_a_change_to_rain_sends_the_pro_bots_on_dry_tyres_to_the_pits() -> None:
    """§22.11.2 [BOT 4.2]: on detection the Tyre token is flipped and the Pit token goes to the pit-lane entry."""
    s = _adv()
    s.weather, s.forecast = "rainy", "cloudy"
    s.pro.bots["B"].tyre, s.pro.bots["C"].tyre = Tyre.SOFT, Tyre.WET
    s.pro.bots["B"].pit = s.pro.bots["C"].pit = PitToken(15, PitSide.TYRE)
    proweather.weather_event(s, EventLog(None), "change")
    assert s.pro.bots["B"].pit.side is PitSide.ENTRY and not s.pro.bots["B"].full
    assert s.pro.bots["C"].pit == PitToken(15, PitSide.TYRE) and s.pro.bots["C"].full
    assert proweather.stop_tyre(s, "B") == (Tyre.WET, "the track is wet: Wet tyres (§22.3)")


def test_wet_tyres_on_a_dry_track_have_no_tyre_bonus_and_are_the_wrong_tyres() -> None:
    s = _adv()
    s.weather = s.forecast = "cloudy"
    s.pro.bots["B"].tyre = s.cars["B"].tyre = Tyre.WET
    assert pro.tyre_bonus(s, "B") == 0 and proweather.wrong(s, "B")
    s.weather = "rainy"
    assert pro.tyre_bonus(s, "B") > 0 and not proweather.wrong(s, "B")


def test_dry_tyres_on_a_wet_track_the_white_die_pace_and_the_red_die_at_red_pace() -> None:
    """§22.13.10: the WHITE die sets the pace each turn; RED pace → a RED die hazard check after moving."""
    s = _adv()
    s.weather = "rainy"
    c = s.cars["B"]
    s.pro.bots["B"].tyre = Tyre.MEDIUM
    assert proweather.dry_in_rain(s, c)
    rule = botpace.pace_rule(5, dry_in_rain=True)
    assert rule.source is botpace.Source.DIE and rule.rule == "§22.13.10 [BOT 6.10]"
    assert botpace.pace_rule(5).source is botpace.Source.RED
    s.turn = Turn("B")
    s.turn.pace = "green"
    log = EventLog(None)
    proweather.after_move(s, c, log)
    assert list(log) == []
    s.turn.pace = "red"
    s.stacked["red"] = ["2"]
    proweather.after_move(s, c, log)
    assert [e.area for e in log if isinstance(e, pev.ProHazard)] == ["dry-tyres-in-the-rain"]


def test_a_second_stop_in_a_dry_race_takes_the_weather_change_tyre() -> None:
    s = _adv()
    s.weather = s.forecast = "sunny"
    card = pro_cards().strategy_card(s.pro.bots["B"].strategy)
    assert proweather.stop_tyre(s, "B") is None  # the first stop: the STRATEGY card's next tyre
    s.pro.bots["B"].stops = 1
    assert proweather.stop_tyre(s, "B") == (card.weather, f"a second stop in a dry race: STRATEGY {card.code}'s "
                                                          "weather-change tyre (§22.11.2)")
    s.mode = Mode.STANDARD
    assert proweather.stop_tyre(s, "B") is None


def test_the_weather_hook_is_filled_and_the_early_list_round_trips() -> None:
    assert prohooks.HOOKS.weather is proweather.weather_event
    s = _adv()
    s.weather = s.forecast = "cloudy"
    s.pro.early = ["C"]
    line = format_state(s)
    assert "pearly=C" in line and format_state(parse_position(line)) == line


def test_seeded_advanced_races_with_pro_bots_in_the_weather() -> None:
    """20 seeded Advanced races with Pro BOTs: to the flag, every card in one place; the weather rules met."""
    seen: set[str] = set()
    for seed in range(20):
        cars = ["A", "B", "C", "D"][:3 + seed % 2]
        race = new_race(cars, seed, pros=cars[1:3], qualifying=seed % 3 == 0, track=race_track(),
                        mode=Mode.ADVANCED, choose_tyres=True)
        drv = Greedy(seed) if seed % 2 else RandomDriver(seed)
        while not race.is_over:
            race.apply(drv.choose(race))
        assert problems(race.state) == [] and sorted(race.classification()) == sorted(cars)
        seen |= {type(e).__name__ for st in race.steps for e in st.events if type(e).__name__.startswith("Pro")}
        assert weather.active(race.state)
    assert {"ProPitStop", "ProWeather"} <= seen
