"""[ADV] Debris and Oil tokens (digest §19.8, §19.8.2, §19.8.3, §18.1 Wall_A/Wall_B, A19, A44; the original's 13.13,
13.13.2, 13.13.3, 13.4.4): the lane change that avoids Debris and the DAMAGE card when there is none; the
Counter-steer card that avoids Oil and the spin when it is not spent; the start tile (no pairs, no trigger); the
wall hit's Debris (A19 both ways); the three-dot cards' tokens and the box's two; the Safety Car's clearing; Rookie
BOTs unaffected; the notation, the scenario keys and the picture; the worked scenario fgp_exh1; Advanced races
with tokens injected keep the invariants and end."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import NotationError, ScenarioError
from racebook.core.log import EventLog
from racebook.core.rng import Rng
from racebook.formulagp import debrisoil, hazardtokens, safetycar
from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import CounterSteer, Play, Spin, parse
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.cardplay import play_bans
from racebook.formulagp.damage import stack_cards
from racebook.formulagp.eventcards import play_event
from racebook.formulagp.events import hazardtokens as hev
from racebook.formulagp.game import Race
from racebook.formulagp.incidentcards import IncidentDeck
from racebook.formulagp.integrity import problems
from racebook.formulagp.losscontrol import draw_risk, lose_control
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.picture import state_svg
from racebook.formulagp.rules.movement import PairBan
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase
from racebook.formulagp.track import race_track


def _scenario(tmp_path: Any, actions: list[str], hand: list[str], *, race: str = 'debris = ["T10"]',
              mode: str = "advanced", at: str = "T09.2.1", dice: str = "") -> Race:
    p = tmp_path / "h.toml"
    acts = ", ".join(f'"{a}"' for a in actions)
    cards = ", ".join(f'"{c}"' for c in hand)
    p.write_text(f'[scenario]\nid = "h"\ntitle = "h"\ncite = "§19.8"\ngame = "formulagp"\nseed = 5\nmode = "{mode}"\n'
                 f'actions = [{acts}]\n[race]\nround = 3\n{race}\n'
                 f'[[car]]\nid = "Grey"\nat = "{at}"\nhand = [{cards}]\n'
                 '[[car]]\nid = "Red"\nat = "T30.2.1"\nhand = ["G2", "R2"]\n' + dice, encoding="utf-8")
    sc = fgp_scenario.read(p)
    r = sc.race(play=False)
    for a in sc.actions:
        r.apply(a)
    return r


def _of(race: Race, kind: type[Any]) -> list[Any]:
    return [e for st_ in race.steps for e in st_.events if isinstance(e, kind)]


# ------------------------------------------------------------------ Debris (§19.8.2)
def test_debris_driven_through_without_a_lane_change_costs_a_damage_card(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1", "Grey to T10.2.2",
                                "Grey to T11.2.1"], ["G7", "W1"])
    s = race.state
    met = _of(race, hev.DebrisMet)
    assert [(e.car, e.how, e.tile) for e in met] == [("Grey", "drives through", "T10")]
    assert len(s.cars["Grey"].damage) + len(_of(race, ev.IncidentCardDrawn)) >= 1
    assert [e.deck for e in _of(race, ev.IncidentCardDrawn)] == ["DAMAGE"]
    assert s.debris == ()  # triggered: removed
    assert not problems(s)


def test_a_lane_change_on_the_debris_tile_avoids_it_and_the_token_stays(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T10.2.1", "Grey to T10.3.1", "Grey to T10.3.2",
                                "Grey to T11.3.1"], ["G7", "W1"], at="T09.2.2")
    assert "avoided" in _of(race, hev.DebrisMet)[0].result
    assert race.state.debris == (race.state.track.tile("T10").index,)
    assert not _of(race, ev.IncidentCardDrawn)


def test_stopping_on_debris_without_a_lane_change_is_damage_when_the_move_ends(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1", "Grey to T10.2.2",
                                "Grey brake W1", "Grey end"], ["G7", "W1"])
    assert [(e.how, e.tile) for e in _of(race, hev.DebrisMet)] == [("stops on", "T10")]
    assert race.state.debris == ()


def test_a_move_that_starts_on_debris_is_not_triggered_and_plays_no_pair(tmp_path: Any) -> None:
    """A44: the start tile counts only through "no pairs … when starting from" it (§19.8.2)."""
    race = _scenario(tmp_path, [], ["G7", "G8", "W1"], at="T10.2.1")
    s = race.state
    assert PairBan.HAZARD in play_bans(s, s.cars["Grey"])
    assert Play("Grey", ("G7", "G8")) not in race.legal_actions()
    for a in ["Grey play G7", "Grey to T10.2.2", "Grey to T11.2.1", "Grey to T11.2.2", "Grey to T12.2.1"]:
        race.apply(parse(a))
    assert not _of(race, hev.DebrisMet) and s.debris


# ------------------------------------------------------------------ Oil (§19.8.3)
def test_oil_asks_for_a_counter_steer_card_and_spending_it_keeps_the_token(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1"], ["G7", "G1"],
                     race='oil = ["T10"]')
    assert race.phase is Phase.CONTROL
    assert set(race.legal_actions()) == {CounterSteer("Grey", "G1"), Spin("Grey")}
    race.apply(CounterSteer("Grey", "G1"))
    s = race.state
    assert race.phase is Phase.MOVE and "G1" not in s.cars["Grey"].hand and "G1" in s.cars["Grey"].deck.discards
    assert s.oil == (s.track.tile("T10").index,) and not s.cars["Grey"].spun
    assert s.turn is not None and s.turn.mp_left == 2  # the move goes on
    assert _of(race, hev.OilMet)[0].card == "G1"


def test_not_spending_it_hits_the_oil_spins_and_ends_the_move(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1", "Grey spin"], ["G7", "G1"],
                     race='oil = ["T10"]', dice='[dice]\nwhite = [3]\n')
    s = race.state
    assert s.oil == () and s.cars["Grey"].spun and s.turn is not None and s.turn.mp_left == 0
    assert any(isinstance(e, ev.Spun) for e in race.events)
    assert not problems(s)


def test_without_a_counter_steer_card_the_car_spins_at_once(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1"], ["G7", "W1"],
                     race='oil = ["T10"]', dice='[dice]\nwhite = [3]\n')
    assert race.state.cars["Grey"].spun and race.state.oil == ()
    assert "hits the oil" in _of(race, hev.OilMet)[0].result


def test_tokens_in_a_yellow_zone_do_nothing(tmp_path: Any) -> None:
    race = _scenario(tmp_path, ["Grey play G7", "Grey to T09.2.2", "Grey to T10.2.1", "Grey to T10.2.2",
                                "Grey to T11.2.1"], ["G7", "W1"], race='debris = ["T10"]\nyellow_zones = ["T09/T12/6"]')
    assert not _of(race, hev.DebrisMet) and race.state.debris


# ------------------------------------------------------------------ placing, the box, clearing
@pytest.mark.parametrize("mode, switch, placed", [("advanced", False, True), ("standard", False, False),
                                                  ("standard", True, True)])
def test_a_wall_hit_places_debris_a19_both_ways(mode: str, switch: bool, placed: bool) -> None:
    race = new_race(["Grey", "Red"], 4, mode=Mode(mode), rules=Rules(debris_in_standard=switch))
    s = race.state
    c = s.cars["Grey"]
    c.pos = s.track.pos("T20.2.1")  # the walled street section (T19-T22)
    c.hand = [x for x in c.hand if x not in {"G1", "G2", "G3", "R1", "R2", "R3", "P1", "P2", "P3"}]
    s.round, s.stacked["white"] = 3, ["2", "2"]  # a red face: one lane left, lane 1 ends on T20: the wall
    log = EventLog()
    lose_control(s, c, log, "a test")
    assert any(isinstance(e, ev.HitWall) for e in log)
    assert (s.debris == (s.track.tile("T20").index,)) is placed
    assert any(isinstance(e, hev.HazardTokenPlaced) for e in log) is placed


def test_the_box_holds_two_tokens_of_each_and_one_a_tile() -> None:
    s = new_race(["Grey", "Red"], 4, mode=Mode.ADVANCED).state
    log = EventLog()
    assert hazardtokens.place(s, "oil", 3, "t", log) and not hazardtokens.place(s, "oil", 3, "t", log)
    assert hazardtokens.place(s, "oil", 9, "t", log) and not hazardtokens.place(s, "oil", 12, "t", log)
    assert s.oil == (3, 9) and [type(e) for e in log].count(hev.HazardTokenNone) == 2
    safetycar.deploy(s, log, "a test")
    assert s.oil == () and s.debris == ()
    assert not hazardtokens.place(s, "debris", 5, "t", log)  # none while the Safety Car is out


def test_the_three_dot_cards_place_their_tokens() -> None:
    race = new_race(["Grey", "Red"], 4, mode=Mode.ADVANCED)
    s = race.state
    c = s.cars["Grey"]
    c.pos, s.round = s.track.pos("T10.2.1"), 3
    s.events.pile.remove("E36")
    c.events.append("E36")
    s.stacked["white"] = ["3"]
    log = EventLog()
    play_event(s, c, "E36", log)  # 'Oil on Track': WHITE 3 tiles ahead
    assert s.oil == (s.track.tile("T13").index,)
    stack_cards(s, IncidentDeck.RISK, ["RK33"])
    draw_risk(s, c, log)  # 'Broken Endplate': Debris on its own tile
    assert s.debris == (s.track.tile("T10").index,)
    assert not problems(s)


def test_a_rookie_bot_ignores_the_tokens(tmp_path: Any) -> None:
    s = new_race(["Grey", "Rook"], 4, mode=Mode.ADVANCED, bots=["Rook"]).state
    c = s.cars["Rook"]
    from racebook.formulagp.state import Turn

    t = Turn("Rook", seen=((9, 2, 0),))
    c.pos = s.track.pos("T10.2.1")
    s.debris, s.oil = (10,), (10,)
    log = EventLog()
    debrisoil.after_step(s, c, t, s.track.pos("T09.2.2"), c.pos, log)
    debrisoil.end_of_move(s, c, t, log)
    assert not list(log) and s.debris == (10,) and s.oil == (10,)
    seen: list[str] = []
    debrisoil.BOT_RULES["rookie"] = lambda st_, car, kind, tile, how, lg: seen.append(f"{car.id}:{kind}:{how}")
    try:
        debrisoil.end_of_move(s, c, t, log)
    finally:
        del debrisoil.BOT_RULES["rookie"]
    assert seen == ["Rook:debris:stops on"]  # the neutral hook a Pro BOT engine fills


# ------------------------------------------------------------------ notation, scenario keys, picture
def test_the_tokens_round_trip_and_a_standard_line_has_none() -> None:
    std = new_race(["Grey", "Red"], 4)
    assert " db=" not in std.position() and " oil=" not in std.position()
    race = new_race(["Grey", "Red"], 4, mode=Mode.ADVANCED)
    race.state.debris, race.state.oil = (4, 10), (13,)
    text = race.position()
    assert " db=4,10" in text and " oil=13" in text
    assert format_state(parse_position(text)) == text


@pytest.mark.parametrize("token", ["db=x", "db=4,4", "db=1,2,3", "oil=999", "oil=26"])
def test_a_bad_token_is_one_clean_notation_error(token: str) -> None:
    text = new_race(["Grey", "Red"], 4, mode=Mode.ADVANCED).position()
    head, sep, rest = text.partition(" | ")
    with pytest.raises(NotationError) as e:
        parse_position(f"{head} {token}{sep}{rest}")
    assert "\n" not in str(e.value) and token.split("=")[0] + "=" in str(e.value)


@pytest.mark.parametrize("race_keys, mode, field", [
    ('debris = ["T10"]', "standard", "race.debris"),
    ('oil = ["T99"]', "advanced", "race.oil[0]"),
    ('oil = ["T10", "T11", "T12"]', "advanced", "race.oil"),
])
def test_bad_scenario_keys_are_one_clean_error(tmp_path: Any, race_keys: str, mode: str, field: str) -> None:
    with pytest.raises(ScenarioError) as e:
        _scenario(tmp_path, [], ["G7"], race=race_keys, mode=mode)
    assert field in str(e.value) and "\n" not in str(e.value)


def test_the_picture_draws_a_labelled_chip_for_each_token() -> None:
    race = new_race(["Grey", "Red"], 4, mode=Mode.ADVANCED)
    race.state.debris, race.state.oil = (10,), (13,)
    svg = state_svg(race.state, whole=True)
    assert 'class="debris"' in svg and 'class="oil"' in svg and ">debris<" in svg and ">oil<" in svg


# ------------------------------------------------------------------ the worked scenario
def test_fgp_ex_h1_a_car_through_debris_without_a_lane_change_draws_a_damage_card() -> None:
    """§19.8.2 (no example in Appendix A): scenario fgp_exh1 — Grey drives straight through the Debris tile T10
    (GREEN, 4 MP, lane 2): a DAMAGE card (DM15, the seeded deck), the token removed."""
    sc = fgp_scenario.read("fgp_exh1_through_debris_without_a_lane_change")
    race = sc.race(play=False)
    for a in sc.actions:
        race.apply(a)
    met = _of(race, hev.DebrisMet)
    assert [(e.car, e.tile) for e in met] == [("Grey", "T10")] and "DAMAGE" in met[0].result
    assert race.state.cars["Grey"].damage == ["DM15"] and race.state.debris == ()


# ------------------------------------------------------------------ Advanced races with tokens
def _inject(race: Race, rng: Rng, log: EventLog) -> None:
    s = race.state
    if s.phase is Phase.MOVE and s.turn is not None and rng.below(40) == 0:
        kind = hazardtokens.KINDS[rng.below(2)]
        hazardtokens.place_ahead(s, kind, s.cars[s.turn.car], 1 + rng.below(2), "injected", log)
        race.refresh()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_advanced_races_with_debris_and_oil_keep_the_invariants_and_end(seed: int, n: int) -> None:
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, track=race_track(), mode=Mode.ADVANCED, bots=cars[n - 1:] if seed % 2 else ())
    drivers = {c: (RandomDriver(seed + i) if (i + seed) % 2 else Greedy(seed + i)) for i, c in enumerate(cars)}
    rng, log, steps = Rng(seed), EventLog(None), 0
    while not race.is_over:
        _inject(race, rng, log)
        legal = race.legal_actions()
        assert legal
        if steps % 11 == 0:
            for a in legal[:8]:
                race.clone().apply(a)
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
        if steps % 53 == 0:
            assert not problems(race.state), problems(race.state)
            assert format_state(parse_position(race.position())) == race.position()
    assert sorted(race.classification()) == sorted(cars)
