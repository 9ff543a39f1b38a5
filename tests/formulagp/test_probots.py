"""Pro BOTs (digest §22.2–§22.4, §22.6, §22.9.2, §22.9.3, §22.11.1, §22.13.5; the BOT rulebook's numbers in
brackets): their cards and set-up, the tyre life and the Pit token (Example 27), the corner modifier (Example 29), the
Safety Car's tyre saving (Example 31), the tyre check, the house rules both ways, the notation and seeded races."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import DataError, NotationError, ScenarioError, SetupError
from racebook.core.log import EventLog
from racebook.formulagp import safetycar
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.bots import pro
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.bots.procards import Hazard, load_pro_cards_file, parse_pro_cards, pro_cards
from racebook.formulagp.components import DATA, FaceColour, dice
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules import protyres
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode, Turn

WHITE = dice().white
PRO_CODES = Counter([x.code for x in pro_cards().tactics] + [x.code for x in pro_cards().strategy])
BOT_CODES = Counter([x.code for x in bot_cards().tactics] + [x.code for x in bot_cards().battle])


def _face(value: int) -> object:
    return WHITE[value - 1]


def conserved(race: Race) -> None:
    """Every Pro card (TACTICS, STRATEGY) and every shared BOT card (Rookie TACTICS, BATTLE) in one place; a BOT
    holds no ACTION card."""
    s = race.state
    for c in s.cars.values():
        if c.bot:
            assert not c.hand and not c.deck.pile and not c.deck.discards, c.id
    assert Counter(s.pro.cards()) == PRO_CODES
    assert Counter(s.bots.cards()) == BOT_CODES


# ------------------------------------------------------------------ the cards (data/probots.toml)
def test_the_pro_cards_load_and_are_marked_invented() -> None:
    data = pro_cards()
    assert len(data.controls) == 6 and len(data.tactics) == 20 and len(data.strategy) == 8
    assert all(v.startswith("invented-for-teaching") or "digest" in v for v in data.sources.values())
    assert data.tactics_card("PT1").corner == 1 and data.tactics_card("PT1").hazard is Hazard.NONE
    assert {t.hazard for t in data.tactics} == set(Hazard)
    assert {t.corner for t in data.tactics} >= {-1, 1, 2}


def _doc() -> str:
    return (DATA / "probots.toml").read_text()


@pytest.mark.parametrize("old,new,field", [
    ("schema = 1", "schema = 2", "schema"),
    ("soft = [2, 1]", "soft = [1, 2]", "control.tyre_bonus.soft"),
    ('colour = "blue"', 'colour = "red"', "control.card[1].colour"),
    ('code = "PT1",', 'code = "TC1",', "tactics.cards[0].code"),
    ('hazard = "none" }', 'hazard = "brakes" }', "tactics.cards[0].hazard"),
    ('corner = 1, hazard = "none" }', 'corner = 9, hazard = "none" }', "tactics.cards[0].corner"),
    ('start = ["soft", "soft", "medium", "medium", "medium", "hard"]', 'start = ["soft"]', "strategy.cards[0].start"),
    ('then = ["medium", "hard"]', 'then = ["medium", "wet"]', "strategy.cards[0].then[1]"),
    ("count = 20", "count = 21", "tactics.cards"),
])
def test_bad_pro_card_data_is_one_clean_data_error(tmp_path: Path, old: str, new: str, field: str) -> None:
    text = _doc()
    assert old in text
    f = tmp_path / "probots.toml"
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_pro_cards_file(f)
    assert e.value.field == field and "\n" not in str(e.value)


def test_a_document_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(DataError):
        parse_pro_cards({"schema": 1, "control": []}, "x.toml")


# ------------------------------------------------------------------ the pure rules (§22.4, §22.11.1, §22.13.5)
def test_tyre_life_counts_the_icon_face_as_zero() -> None:
    """§22.4 [BOT 1.3.2] '(a result of 0)', A42: Soft 5 + die, Medium 7 + die, Hard/Wet 10 + die."""
    life = panel().bot_tyre_life
    assert (life[Tyre.SOFT], life[Tyre.MEDIUM], life[Tyre.HARD], life[Tyre.WET]) == (5, 7, 10, 10)
    assert [protyres.tyre_life(7, f) for f in WHITE] == [7, 9, 10, 11, 12, 13]


def test_the_tyre_check_by_the_white_die() -> None:
    """§22.11.1 [BOT 4.1]: TYRE side, green → forward by the roll (icon 1), PIT side up; red → lower bonus, entry.
    PIT side → entry, a full bonus rolls (red → lower)."""
    green = next(f for f in WHITE if f.colour is FaceColour.GREEN and not f.icon)
    icon = next(f for f in WHITE if f.icon)
    red = next(f for f in WHITE if f.colour is FaceColour.RED)
    tok = PitToken(9, PitSide.TYRE)
    assert protyres.tyre_check(tok, True, green).token == PitToken(9 + green.value, PitSide.PIT)
    assert protyres.tyre_check(tok, True, icon).token == PitToken(10, PitSide.PIT)
    got = protyres.tyre_check(tok, True, red)
    assert got.token.side is PitSide.ENTRY and got.lower
    pit = PitToken(12, PitSide.PIT)
    assert protyres.tyre_check(pit, True, red).lower and not protyres.tyre_check(pit, True, green).lower
    assert not protyres.check_needs_die(pit, False) and protyres.tyre_check(pit, False, None).token.side \
        is PitSide.ENTRY
    assert protyres.may_pit(21) and not protyres.may_pit(22)


def test_the_corner_modifier_applies_only_from_round_3_and_not_leaving_the_pits_or_after_an_overtake() -> None:
    ok = dict(on_curve=True, left_pits=False, overtook=False)
    assert protyres.corner_applies(3, **ok)
    assert not protyres.corner_applies(2, **ok) and not protyres.corner_applies(1, **ok)
    assert not protyres.corner_applies(3, **dict(ok, left_pits=True))
    assert not protyres.corner_applies(3, **dict(ok, overtook=True))
    assert not protyres.corner_applies(3, **dict(ok, on_curve=False))


# ------------------------------------------------------------------ set-up (§22.2-§22.4)
def test_setup_deals_each_pro_its_cards_and_tokens() -> None:
    s = new_state(["A", "P1", "R", "P2"], 5, bots=["R"], pros=["P1", "P2"], mode=Mode.ADVANCED)
    assert [c.bot for c in s.cars.values()] == ["", "pro", "rookie", "pro"]
    p1, p2 = s.pro.bots["P1"], s.pro.bots["P2"]
    assert (p1.colour, p2.colour) == ("red", "blue") and not p1.face_up
    for car, pb in s.pro.bots.items():
        assert s.cars[car].tyre is pb.tyre and pb.tyre in pro_cards().strategy_card(pb.strategy).start
        icon = protyres.icon_of(pb.tyre, panel().radar)
        assert pb.pit.side is (PitSide.PIT if pb.pit.space >= icon else PitSide.TYRE)
        base = panel().bot_tyre_life[pb.tyre]
        assert base <= pb.pit.space <= base + 6
    assert Counter(s.pro.cards()) == PRO_CODES


def test_a_pro_bots_mp_add_the_tyre_and_difficulty_bonuses() -> None:
    """§22.9, §22.8.1 item 4: the Control card's side + the tyre bonus + the difficulty bonus (+ the optional MP)."""
    s = new_state(["A", "P"], 5, pros=["P"], pro_bonus=True)
    pb = s.pro.bots["P"]
    ctl = pro_cards().control(pb.colour)
    tyre = pro_cards().tyre_bonus[pb.tyre][0]
    assert pro.speed(s, "P", 4, "red") == ctl.speed("faster", 4, "red") + tyre + 1 + 1
    pb.full = False
    assert pro.speed(s, "P", 4, "red") == ctl.speed("faster", 4, "red") + pro_cards().tyre_bonus[pb.tyre][1] + 2


@pytest.mark.parametrize("kw,match", [
    (dict(pros=["Z"]), "§22.2"), (dict(pros=["A", "A"]), "§22.2"), (dict(pros=["B"], bots=["B"]), "§22.2"),
    (dict(pros=["B"], pro_side="rain"), "§22.2"),
])
def test_bad_pro_setups_are_one_setup_error(kw: dict, match: str) -> None:
    with pytest.raises(SetupError, match=match) as e:
        new_state(["A", "B", "C"], 1, **kw)
    assert "\n" not in str(e.value)


def test_races_without_pros_write_no_pro_word() -> None:
    race = new_race(["A", "B"], 3, bots=["B"])
    assert "pro=" not in race.position() and not race.state.pro.active


# ------------------------------------------------------------------ Example 27 (§22.4)
def test_fgp_ex_27_a_medium_pit_token_on_round_12_is_flipped_to_pit() -> None:
    """Example 27 [BOT 1.3.2]: a Pro BOT on Medium rolls 5: 5 + 7 = 12; the Pit token goes on the 12th game round
    and, past the Medium icon on the 11th, is flipped to PIT at once."""
    sc = fgp_scenario.read("fgp_ex27_a_medium_pit_token_past_its_icon_is_flipped_to_pit")
    s = sc.race().state
    assert panel().radar["medium_icon"] == 11 and panel().bot_tyre_life[Tyre.MEDIUM] == 7
    pb = s.pro.bots["P"]
    assert pb.tyre is Tyre.MEDIUM and pb.pit == PitToken(12, PitSide.PIT)
    # the same through the set-up's event, a 5 rolled
    s.stacked["white"] = ["5"]
    log = EventLog(None)
    pro.set_pit_token(s, "P", log, at_start=True)
    e = next(x for x in log if isinstance(x, pev.ProPitToken))
    assert (e.base, e.die, e.life, e.space) == (7, 5, 12, 12) and "flipped to PIT" in e.sentence()
    # one round less would lie before the icon: TYRE side up
    assert protyres.place(10, 11).side is PitSide.TYRE and protyres.place(11, 11).side is PitSide.PIT


@pytest.mark.parametrize("from_start,space", [(True, 20), (False, 12)])
def test_house_rule_pro_pit_round_from_race_start_in_a_standard_race(from_start: bool, space: int) -> None:
    """A5: the set-up token lies on the literal radar space (12, the default) or counts the race's rounds (a Standard
    race starts on space 9: 9 + 12 - 1 = 20)."""
    s = new_state(["A", "P"], 2, pros=["P"], rules=Rules(pro_pit_round_from_race_start=from_start))
    s.pro.bots["P"].tyre = Tyre.MEDIUM
    s.stacked["white"] = ["5"]
    pro.set_pit_token(s, "P", EventLog(None), at_start=True)
    assert s.pro.bots["P"].pit == PitToken(space, PitSide.PIT)


# ------------------------------------------------------------------ Example 29 (§22.9.2)
def test_fgp_ex_29_a_pro_bot_ending_on_a_corner_moves_one_space_forward() -> None:
    """Example 29 [BOT 2.3.1]: the Pro BOT finishes its move on a corner tile; its TACTICS card shows +1, so it moves
    1 space forward."""
    sc = fgp_scenario.read("fgp_ex29_a_pro_bot_ends_on_a_corner_and_moves_one_forward")
    race = sc.race()
    s = race.state
    corner = [e for e in sc.prelude if isinstance(e, pev.ProCorner)]
    assert len(corner) == 1 and (corner[0].modifier, corner[0].moved, corner[0].way) == (1, 1, "forward")
    moves = [e for e in sc.prelude if type(e).__name__ == "Moved"]
    assert moves[-2].to == "T04.3.1" and moves[-1].to == "T05.3.1" == corner[0].to
    assert s.track.tiles[s.track.pos("T04.3.1").tile].shape.value == "corner"
    assert s.track.name_of(s.cars["P"].pos) == "T05.3.1" and race.current_car == "Q"


def test_a_red_corner_modifier_moves_the_bot_back_in_its_lane() -> None:
    s = fgp_scenario.read("fgp_ex29_a_pro_bot_ends_on_a_corner_and_moves_one_forward").race().state
    card = next(c for c in pro_cards().tactics if c.corner == -1)
    s.cars["P"].pos = s.track.pos("T06.3.2")
    s.turn = Turn("P")
    log = EventLog(None)
    assert pro.corner(s, s.cars["P"], card, log)
    assert s.track.name_of(s.cars["P"].pos) == "T06.3.1"
    assert [e.way for e in log if isinstance(e, pev.ProCorner)] == ["back"]


# ------------------------------------------------------------------ Example 31 (§22.13.5)
def test_fgp_ex_31_a_soft_tyre_token_is_not_moved_past_space_8() -> None:
    """Example 31 [BOT 6.5]: at the start of a Safety Car period each TYRE-side Pit token moves 2 spaces forward,
    but not past the icon of the tyre in use: on Soft, not past the 8th space."""
    sc = fgp_scenario.read("fgp_ex31_a_soft_pit_token_saves_tyres_only_up_to_space_8")
    s = sc.race().state
    assert panel().radar["soft_icon"] == 8 and s.pro.bots["P"].pit == PitToken(7, PitSide.TYRE)
    log = EventLog(None)
    safetycar.deploy(s, log, "a test")
    assert s.pro.bots["P"].pit == PitToken(8, PitSide.TYRE)
    said = [e.sentence() for e in log if isinstance(e, pev.ProSafetyCar)]
    assert "(red): it keeps its strategy" in said[0] and "from space 7 to 8" in said[1]
    # far from the icon the full 2 spaces; already on the icon, no move
    assert protyres.sc_saving(PitToken(4, PitSide.TYRE), 8, flip_on_icon=False) == PitToken(6, PitSide.TYRE)
    assert protyres.sc_saving(PitToken(8, PitSide.TYRE), 8, flip_on_icon=False) == PitToken(8, PitSide.TYRE)
    assert protyres.sc_saving(PitToken(5, PitSide.PIT), 8, flip_on_icon=False) == PitToken(5, PitSide.PIT)


@pytest.mark.parametrize("flip", [False, True])
def test_house_rule_pro_sc_saving_flips_on_icon(flip: bool) -> None:
    assert protyres.sc_saving(PitToken(7, PitSide.TYRE), 8, flip_on_icon=flip) == \
        PitToken(8, PitSide.PIT if flip else PitSide.TYRE)


def test_a_green_white_die_under_the_safety_car_brings_an_early_stop() -> None:
    sc = fgp_scenario.read("fgp_ex31_a_soft_pit_token_saves_tyres_only_up_to_space_8")
    s = sc.race().state
    # the [ADV] Safety Car's period is a WHITE die first (§19.4.1, racebook.formulagp.scperiod): 2 rounds; then the
    # Pro BOT's die: a green face
    s.stacked["white"] = ["2", "3"]
    safetycar.deploy(s, EventLog(None), "a test")
    assert s.sc_from and not s.stacked["white"]
    assert s.pro.bots["P"].pit == PitToken(7, PitSide.ENTRY)


# ------------------------------------------------------------------ the tyre check in a race (§22.11.1)
def test_the_flag_reaching_the_pit_token_runs_the_tyre_check() -> None:
    race = new_race(["A", "P"], 8, pros=["P"], mode=Mode.ADVANCED)
    s = race.state
    play_out(race, {"A": Greedy(1)}, max_actions=20_000)
    checks = [e for e in race.events if isinstance(e, pev.ProTyreCheck)]
    assert checks, "the flag passes the Pit token in a 24-round race"
    assert all(e.side in ("tyre", "pit") for e in checks)
    assert s.pro.bots["P"].pit.side is PitSide.ENTRY or s.pro.bots["P"].pit.space > s.flag


# ------------------------------------------------------------------ the notation
def test_the_notation_round_trips_pro_bots_and_refuses_bad_words() -> None:
    race = new_race(["A", "P", "R"], 4, pros=["P"], bots=["R"], mode=Mode.ADVANCED)
    text = race.position()
    assert " pro=P:red:faster:" in text
    back = parse_position(text)
    assert format_state(back) == text and back.pro.bots == race.state.pro.bots
    for old, new in ((" pro=P:red:", " pro=P:mauve:"), (":faster:", ":fastest:"), (" ptr=0", " ptr=x"),
                     (" pro=P:red:faster:0:", " pro=A:red:faster:0:")):
        bad = text.replace(old, new, 1)
        assert bad != text
        with pytest.raises(NotationError) as e:
            parse_position(bad)
        assert "\n" not in str(e.value)


def test_bad_scenario_pro_keys_are_field_errors(tmp_path: Path) -> None:
    base = (Path(fgp_scenario.__file__).parent / "scenarios" /
            "fgp_ex31_a_soft_pit_token_saves_tyres_only_up_to_space_8.toml").read_text()
    for old, new, field in (('pit = { P = "7:tyre" }', 'pit = { P = "7:wet" }', "pros.pit.P"),
                            ('tyre = { P = "soft" }', 'tyre = { P = "slick" }', "pros.tyre.P"),
                            ('tyre = { P = "soft" }', 'tyre = { Q = "soft" }', "pros.tyre.Q"),
                            ('cars = ["P"]', 'cars = ["P", "Q"]', "pros.cars"),
                            ('cars = ["P"]', 'cars = ["P"]\nbogus = 1', "pros.bogus")):
        f = tmp_path / "x.toml"
        f.write_text(base.replace(old, new, 1))
        with pytest.raises(ScenarioError) as e:
            fgp_scenario.read(str(f))
        assert field in str(e.value) and "\n" not in str(e.value)


# ------------------------------------------------------------------ seeded races and properties
@pytest.mark.parametrize("seed", range(16))
def test_seeded_races_with_pro_bots_end_without_an_engine_error(seed: int) -> None:
    """Pro BOTs, Rookies and computer drivers, Standard and Advanced races, from qualifying or the grid."""
    n = 3 + seed % 4
    cars_ = [f"C{i}" for i in range(n)]
    pros = cars_[: 1 + seed % 2]
    rookies = cars_[len(pros): len(pros) + seed % 3] if n - len(pros) - seed % 3 >= 1 else []
    mode = Mode.ADVANCED if seed % 2 else Mode.STANDARD
    race = new_race(cars_, seed, pros=pros, bots=rookies, mode=mode, qualifying=seed % 3 == 0,
                    pro_side="slower" if seed % 4 == 3 else "faster", pro_bonus=seed % 5 == 0)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)
               if c not in pros and c not in rookies}
    play_out(race, drivers, max_actions=20_000)  # type: ignore[arg-type]
    assert sorted(race.classification()) == sorted(cars_)
    conserved(race)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), k=st.integers(1, 3), advanced=st.booleans())
def test_properties_of_races_with_pro_bots(seed: int, n: int, k: int, advanced: bool) -> None:
    """Every legal action applies (on a clone); every card in one place after every action; the notation round-trips
    and continues alike; a Pro BOT is never offered an action; the race ends."""
    cars_ = [f"C{i}" for i in range(n)]
    pros = cars_[-min(k, n - 1):]
    race = new_race(cars_, seed, pros=pros, mode=Mode.ADVANCED if advanced else Mode.STANDARD)
    drivers = {c: RandomDriver(seed + i) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal and race.current_car not in pros
        if steps % 13 == 0:
            for a in legal:
                race.clone().apply(a)
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
        steps += 1
        assert steps < 20_000
    assert sorted(race.classification()) == sorted(cars_)


# ------------------------------------------------------------------ damage (§22.13.3)
@pytest.mark.parametrize("faces,dot,dtyre", [
    (["1"], False, False),  # the close-call icon: no damage
    (["2"], True, False),  # red: max OT −1
    (["3"], False, True),  # green: tyre bonus −1
    (["2", "4"], True, True),  # a second red goes to the other icon
    (["3", "5", "2"], True, True),  # a third damage does nothing
])
def test_a_pro_bots_damage_by_the_white_die(faces: list[str], dot: bool, dtyre: bool) -> None:
    from racebook.formulagp.damage import take_damage

    s = new_state(["A", "P"], 3, pros=["P"])
    ot, bonus = pro.max_ot(s, "P"), pro.tyre_bonus(s, "P")
    s.stacked["white"] = list(faces)
    log = EventLog(None)
    for i in range(len(faces)):
        s.round = 3 + i  # (a player's one damage a round does not apply to a Pro's tokens)
        take_damage(s, s.cars["P"], log)
    pb = s.pro.bots["P"]
    assert (pb.dmg_ot, pb.dmg_tyre) == (dot, dtyre)
    assert pro.max_ot(s, "P") == ot - int(dot) and pro.tyre_bonus(s, "P") == max(0, bonus - int(dtyre))
    said = [e.sentence() for e in log if isinstance(e, pev.ProDamaged)]
    assert len(said) == len(faces) and not s.cars["P"].damage  # no DAMAGE card for a BOT
    if len(faces) == 3:
        assert "nothing more" in said[-1]


# ------------------------------------------------------------------ battles (§22.10.3, §22.9.3, §22.7)
def _battle_state(white: list[str]) -> tuple[object, object]:
    from racebook.formulagp.state import Battle

    s = new_state(["A", "P", "R"], 3, pros=["P"], bots=["R"])
    s.round = 3
    s.stacked["white"] = list(white)
    return s, Battle("P", "A")


@pytest.mark.parametrize("white,again", [(["3"], True), (["2"], False)])
def test_a_pro_bot_attacks_a_player_again_after_a_tie_on_green(white: list[str], again: bool) -> None:
    """§22.10.3 item 4 ([BOT 3.2.4.1]): a tie → the WHITE die; green → the Pro attacks again (the battle sealed anew for
    the player's new cards, a win with 1 OT less); red → both stay."""
    from racebook.formulagp.bots import proattack
    from racebook.formulagp.state import Phase

    s, b = _battle_state(white)
    log = EventLog(None)
    assert proattack.again(s, b, True, log) is again  # type: ignore[arg-type]
    assert b.again is again  # type: ignore[attr-defined]
    if again:
        assert s.phase is Phase.BATTLE and s.bids.sides == ("P", "A")  # type: ignore[attr-defined]
        assert not proattack.again(s, b, True, EventLog(None))  # type: ignore[arg-type]  # only once
    said = [e.sentence() for e in log if isinstance(e, pev.ProSecondAttempt)]
    assert len(said) == 1 and ("attacks again" in said[0]) is again


def test_no_second_attack_without_a_tie_or_by_a_rookie() -> None:
    from racebook.formulagp.bots import proattack
    from racebook.formulagp.state import Battle

    s, b = _battle_state(["3"])
    assert not proattack.again(s, b, False, EventLog(None))  # type: ignore[arg-type]
    assert not proattack.again(s, Battle("R", "A"), True, EventLog(None))  # type: ignore[arg-type]
    assert s.stacked["white"] == ["3"]  # type: ignore[attr-defined]  # no die rolled


def test_a_pro_that_loses_a_battle_draws_a_new_tactics_card_and_a_battle_hazard_rolls_the_red_die() -> None:
    s = new_state(["A", "P"], 3, pros=["P"])
    pb = s.pro.bots["P"]
    calm = next(c.code for c in pro_cards().tactics if c.hazard is Hazard.NONE and c.code != pb.tactics)
    s.pro.tactics_deck.pile.remove(calm)
    s.pro.tactics_deck.pile.append(pb.tactics)
    pb.tactics = calm
    log = EventLog(None)
    pro.after_battle(s, "P", attacked=True, lost=False, log=log)
    assert pb.tactics == calm  # won, no hazard: it keeps its card
    pro.after_battle(s, "P", attacked=True, lost=True, log=log)
    assert pb.tactics != calm and calm in s.pro.tactics_deck.discards
    risky = next(c.code for c in pro_cards().tactics if c.hazard is Hazard.BATTLE)
    (s.pro.tactics_deck.pile if risky in s.pro.tactics_deck.pile else s.pro.tactics_deck.discards).remove(risky)
    s.pro.tactics_deck.pile.append(pb.tactics)
    pb.tactics = risky
    s.stacked["red"] = ["1"]  # a tyre-wear face: only the loss-of-control face counts (§22.13.1)
    pro.after_battle(s, "P", attacked=True, lost=False, log=log)
    hz = [e for e in log if isinstance(e, pev.ProHazard)]
    assert len(hz) == 1 and hz[0].area == "battle" and "no effect" in hz[0].sentence() and pb.tactics != risky
    assert Counter(s.pro.cards()) == PRO_CODES


# ------------------------------------------------------------------ the Red Flag (§22.13.6), penalties (§22.13.8)
@pytest.mark.parametrize("pit,changes", [(PitToken(9, PitSide.TYRE), True), (PitToken(20, PitSide.TYRE), False),
                                         (PitToken(30, PitSide.ENTRY), True)])
def test_the_red_flag_changes_a_pro_bots_tyres_when_its_stop_is_near(pit: PitToken, changes: bool) -> None:
    from racebook.formulagp.redflag import grid_service

    s = new_state(["A", "P"], 3, pros=["P"], mode=Mode.ADVANCED)
    s.flag, s.round = 6, 6
    pb = s.pro.bots["P"]
    s.pro.strategy_deck.pile.append(pb.strategy)
    s.pro.strategy_deck.pile.remove("ST7")
    pb.strategy, pb.tyre, pb.pit, pb.dmg_ot, pb.full = "ST7", Tyre.MEDIUM, pit, True, False
    card = pb.tactics
    log = EventLog(None)
    grid_service(s, log)
    assert (pb.stops == 1) is changes and not pb.dmg_ot and pb.tactics != card
    if changes:  # ST7's first stop: Hard; the new Pit token from the current round (flag 6 + 10 + die)
        assert pb.tyre is Tyre.HARD and pb.full and 16 <= pb.pit.space <= 22
    assert any(isinstance(e, pev.ProRepaired) for e in log)
    assert Counter(s.pro.cards()) == PRO_CODES


def test_a_pro_bot_takes_penalties_and_a_rookie_none() -> None:
    from racebook.formulagp.penalties import give

    s = new_state(["A", "P", "R"], 3, pros=["P"], bots=["R"])
    give(s, s.cars["P"], 1, "a test", "§17.3", EventLog(None))
    give(s, s.cars["R"], 1, "a test", "§17.3", EventLog(None))
    assert (s.cars["P"].penalties, s.cars["R"].penalties) == (1, 0)


@pytest.mark.parametrize("white,defends", [(["3"], True), (["2"], False)])
def test_a_pro_bot_defends_again_against_a_players_second_attack_on_green(white: list[str], defends: bool) -> None:
    """[BOT 3.2.4.2] (§22.10.3): after a tie the player may attack again with 1 OT less; the WHITE die: green → the
    Pro BOT defends again (both sealed, the BOT draws at the reveal); red → it does not (a Rookie never does)."""
    from racebook.formulagp.bots import proattack
    from racebook.formulagp.state import Battle

    s = new_state(["A", "P", "R"], 3, pros=["P"], bots=["R"])
    s.stacked["white"] = list(white)
    log = EventLog(None)
    assert proattack.defends_again(s, Battle("A", "P"), "A", "§13.3", log) is defends
    assert (s.bids.sides == ("A", "P")) is defends
    assert [e.face for e in log if isinstance(e, pev.ProDefendsAgain)] == [int(white[0])]
    assert not proattack.defends_again(s, Battle("A", "R"), "A", "§13.3", EventLog(None))  # a Rookie: no die


# ------------------------------------------------------------------ the optional Pro BOT rules (§22.14)
@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("white,blocks", [(["3"], True), (["2"], False)])
def test_house_rule_pro_blocking(on: bool, white: list[str], blocks: bool) -> None:
    """§22.14 BOT 7.2 (optional, ``pro_blocking``): off → no die, no block; on → a tie while a Pro defends against a
    player: green blocks (+1 tyre wear for the player, no second attack), red does not."""
    from racebook.formulagp.bots import proattack
    from racebook.formulagp.state import Battle

    s = new_state(["A", "P", "R"], 3, pros=["P"], bots=["R"], rules=Rules(pro_blocking=on))
    s.stacked["white"] = list(white)
    wear = s.cars["A"].wear
    log = EventLog(None)
    got = proattack.blocks(s, Battle("A", "P"), log)
    assert got is (on and blocks)
    assert s.cars["A"].wear == wear + int(on and blocks)
    assert len([e for e in log if isinstance(e, pev.ProBlocked)]) == int(on)
    assert not proattack.blocks(s, Battle("A", "R"), EventLog(None))  # Rookies never block
    assert not proattack.blocks(s, Battle("R", "P"), EventLog(None))  # never against a BOT


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("white,early", [(["3"], True), (["2"], False)])
def test_house_rule_pro_undercut(on: bool, white: list[str], early: bool) -> None:
    """§22.14 BOT 7.1 (optional, ``pro_undercut``): the Pit Check token 2 spaces before the first PIT-side Pit token;
    when the flag reaches it the Pro BOT there rolls the WHITE die: green → an early stop (the token to the entry),
    red → its strategy; the Tyre token stays; then the Pit Check token moves on."""
    s = new_state(["A", "P", "Q"], 3, pros=["P", "Q"], mode=Mode.ADVANCED, rules=Rules(pro_undercut=on))
    s.pro.bots["P"].pit = PitToken(10, PitSide.PIT)
    s.pro.bots["Q"].pit = PitToken(14, PitSide.PIT)
    s.round = s.flag = 5
    if on:
        pro.undercut(s, EventLog(None))
    assert s.pro.pit_check == (8 if on else 0)
    s.round = s.flag = 8
    s.stacked["white"] = list(white)
    log = EventLog(None)
    pro.new_round(s, log)
    pb = s.pro.bots["P"]
    assert pb.pit.side is (PitSide.ENTRY if on and early else PitSide.PIT) and pb.full
    assert len([e for e in log if isinstance(e, pev.ProUndercut)]) == int(on)
    assert s.pro.pit_check == (12 if on else 0)
    if on:
        text = format_state(s)
        assert " pchk=12" in text and parse_position(text).pro.pit_check == 12


# ------------------------------------------------------------------ Gravel (§22.13.9)
def test_gravel_takes_a_pro_bots_tyre_bonus_for_its_next_move() -> None:
    """§22.13.9 [BOT 6.9.1]: a Pro BOT that stops on Gravel, or drives through it faster than GREEN, loses its tyre
    bonus for its next move (then the Tyre token goes back); stopping on the tile removes the token."""
    from racebook.formulagp.gravel import live

    s = new_state(["A", "P"], 3, pros=["P"])
    s.round = 3
    c = s.cars["P"]
    here, ahead = c.pos.tile, s.track.next_tile(s.cars["P"].pos.tile)
    bonus = pro.tyre_bonus(s, "P")
    assert bonus > 0
    s.gravel = (here, ahead)
    t = Turn("P")
    t.pace, t.seen = "green", ((ahead, 1, 0),)
    log = EventLog(None)
    pro.gravel(s, c, t, log, live)  # stops on Gravel (any pace): loses the bonus, removes the token
    assert c.gravel and here not in s.gravel and ahead in s.gravel and pro.tyre_bonus(s, "P") == 0
    c.pos = s.track.pos("T20.2.1")
    pro.gravel(s, c, t, log, live)  # the next move: the bonus back; through Gravel at GREEN pace: nothing
    assert not c.gravel and pro.tyre_bonus(s, "P") == bonus
    t.pace = "red"
    pro.gravel(s, c, t, log, live)  # through Gravel at RED pace: the bonus lost, the token stays
    assert c.gravel and ahead in s.gravel
    assert len([e for e in log if isinstance(e, pev.ProGravel)]) == 3


# ------------------------------------------------------------------ the CLI (issue 38's done-when)
def test_an_advanced_race_with_pros_rookies_and_computer_players_runs_from_the_cli(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``racebook simulate --game formulagp --mode advanced --players 2 --pros 2 --rookies 2``: 2 Pro BOTs, 2 Rookies
    and 2 computer-driven players run to the flag; --pros with another game or too many cars: exit 2."""
    from racebook.cli import main

    argv = ["simulate", "--game", "formulagp", "--mode", "advanced", "--players", "2", "--pros", "2", "--rookies",
            "2", "--races", "2", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 races" in out and "winners:" in out
    assert main(["simulate", "--game", "rf90", "--pros", "1", "--races", "1", "--quiet"]) == 2
    assert "--pros is FormulaGP's" in capsys.readouterr().err
    assert main(["simulate", "--game", "formulagp", "--players", "3", "--pros", "3", "--rookies", "1", "--races", "1",
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "3 players + 3 Pro BOTs + 1 Rookie BOTs is not 2..6 cars" in err
    assert err.count("\n") == 1


def test_one_race_puts_the_bots_after_the_players() -> None:
    from racebook.formulagp import hooks

    got = hooks.one_race("teaching", 5, 2, "greedy", "grid", "advanced", pros=2, rookies=2)
    assert len(got.classification) == 6 and got.rounds >= 1
