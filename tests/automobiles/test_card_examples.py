"""The digest's worked examples of the cards (§24 Ex. 1–17, 23, 24) as shipped scenarios (on the ladder board, one
colour per lane), asserting the book's numbers: the "up to N" each card allows, what moves where, the wear gained."""

from __future__ import annotations

from racebook.automobiles import effects
from racebook.automobiles.actions import Move, Pick
from racebook.automobiles.events import BonusMove, CarMoved, CubeMoved, CubePlaced, CubesGained, DeclineWear
from racebook.automobiles.game import Race
from racebook.automobiles.scenario import SCENARIOS, read


def run(sid: str, upto: int) -> Race:
    """The scenario's race after its first ``upto`` actions."""
    sc = read(sid)
    r = sc.race(play=False)
    for a in sc.actions[:upto]:
        r.apply(a)
    return r


def full(sid: str) -> Race:
    return read(sid).race()


def moves(r: Race) -> set[str]:
    return {a.space for a in r.legal_actions() if isinstance(a, Move)}


def gained(r: Race, cube: str = "X") -> int:
    return sum(e.got for e in r.events if isinstance(e, CubesGained) and e.cube == cube)


def placed(r: Race) -> list[tuple[str, ...]]:
    return [e.spaces for e in r.events if isinstance(e, CubePlaced)]


def test_auto_ex_01_maintenance_crew_remove_3_then_up_to_6() -> None:
    r = run("auto_ex01_maintenance_crew", 4)
    assert effects.limit(r.state) == 6
    r = full("auto_ex01_maintenance_crew")
    removed = [e for e in r.events if isinstance(e, CubeMoved) and e.dest == "stock"]
    assert [e.src for e in removed] == ["active"] * 3 + ["discard"] * 6
    assert r.state.turn.pending is None and r.state.players["A"].discard == {"L": 2}


def test_auto_ex_02_steering_black_discarded_gives_3_dark_grey() -> None:
    r = run("auto_ex02_steering", 2)
    assert effects.limit(r.state) == 3 and moves(r) == {"3.4"}  # dark grey only: not 2.5 (light grey), 4.3 (black)
    r = full("auto_ex02_steering")
    assert placed(r) == [("3.4", "3.5", "3.6")]
    assert any(isinstance(e, CubeMoved) and (e.cube, e.src, e.dest) == ("K", "active", "discard") for e in r.events)
    assert r.state.players["A"].owned()["K"] == 1  # the black cube stayed (in the Discard pile, then the Bag)
    card_wear = [e for e in r.events if isinstance(e, CubesGained) and e.rule == "§18.2"]
    assert [e.n for e in card_wear] == [1]
    assert [e.wear for e in r.events if isinstance(e, DeclineWear)] == [3]


def test_auto_ex_03_suspension_dark_grey_in_discard() -> None:
    r = run("auto_ex03_suspension", 1)
    assert effects.limit(r.state) == 1 and moves(r) == {"3.4"}
    r = full("auto_ex03_suspension")
    assert r.state.players["A"].discard == {"D": 1} and gained(r) == 1
    assert placed(r) == [("3.4",)]


def test_auto_ex_04_tires_dark_grey_in_active_gives_light_grey_or_white() -> None:
    r = run("auto_ex04_tires", 1)
    assert moves(r) == {"1.11", "2.6"}  # white or light grey; the dark grey 3.4 beside it is not allowed
    r = full("auto_ex04_tires")
    assert r.state.players["A"].active == {"D": 1} and gained(r) == 0  # the gear stays in the Active pile; no wear


def test_auto_ex_05_burnout_black_in_discard_gives_2_dark_grey() -> None:
    r = run("auto_ex05_burnout", 1)
    assert effects.limit(r.state) == 2 and moves(r) == {"3.4"}
    r = full("auto_ex05_burnout")
    assert placed(r) == [("3.4", "3.5")] and r.state.players["A"].discard == {"K": 1} and gained(r) == 1


def test_auto_ex_06_camber_toe_any_colour() -> None:
    r = run("auto_ex06_camber_toe", 2)
    assert moves(r) == {"1.11", "2.6", "3.4"}  # white, light grey, dark grey: every colour next to the car
    r = full("auto_ex06_camber_toe")
    assert r.state.players["A"].discard == {"L": 1} and gained(r) == 0 and placed(r) == [("3.4",)]


def test_auto_ex_07_air_jacks_five_colours() -> None:
    r = run("auto_ex07_air_jacks", 1)
    assert effects.limit(r.state) == 5 and sum(r.state.players["A"].discard.values()) == 9
    r = full("auto_ex07_air_jacks")
    assert r.state.turn.pending is None and r.state.players["A"].discard == {"D": 2, "Y": 1, "G": 1}


def test_auto_ex_08_pit_mechanic_two_more_when_fewest(tmp_path) -> None:
    r = run("auto_ex08_pit_mechanic", 4)
    assert sum(r.state.players["A"].discard.values()) == 5 and effects.limit(r.state) == 2
    r = full("auto_ex08_pit_mechanic")
    assert r.state.players["A"].discard == {"L": 2, "Y": 1}
    # another player with 5 or fewer: no extra removal (strict, player by player)
    src = tmp_path / "x.toml"
    src.write_text((SCENARIOS / "auto_ex08_pit_mechanic.toml").read_text().replace('"Y7"', '"Y5"').replace(
        '"A pick W discard",\n  "A pick W discard",\n', ""))
    r2 = read(src).race()
    assert r2.state.turn.pending is None and sum(r2.state.players["A"].discard.values()) == 5


def test_auto_ex_09_diesel_three_dark_grey() -> None:
    r = run("auto_ex09_diesel", 1)
    assert effects.limit(r.state) == 3
    r = full("auto_ex09_diesel")
    assert placed(r) == [("3.4", "3.5", "3.6")] and gained(r) == 2


def test_auto_ex_10_hybrid_four_blue_beats_three(tmp_path) -> None:
    r = run("auto_ex10_hybrid", 2)
    assert effects.limit(r.state) == 2 and moves(r) == {"2.7"}  # one colour: light grey after light grey
    r = full("auto_ex10_hybrid")
    assert placed(r) == [("2.6", "2.7")] and gained(r) == 1
    f = tmp_path / "h.toml"  # another player with 4 blue in the Discard pile: no move, the wear is still gained
    f.write_text((SCENARIOS / "auto_ex10_hybrid.toml").read_text().replace('"B3"', '"B4"').replace(
        '"A move 2.6",\n  "A move 2.7",\n', ""))
    r2 = read(f).race()
    assert placed(r2) == [] and gained(r2) == 1 and r2.state.players["A"].used == {"B": 1, "X": 1}


def test_auto_ex_11_rotary_four_colours() -> None:
    r = run("auto_ex11_rotary", 1)
    assert effects.limit(r.state) == 4
    assert placed(full("auto_ex11_rotary")) == [("1.12", "1.13", "1.14", "1.15")]


def test_auto_ex_12_boxer_two_cubes_the_players_behind_move_2_no_wear() -> None:
    r = full("auto_ex12_boxer")
    bonus = [(e.car, e.most) for e in r.events if isinstance(e, BonusMove)]
    assert bonus == [("B", 2), ("C", 2)]  # position order: 2nd then 3rd
    moved = [(e.car, e.spaces) for e in r.events if isinstance(e, CarMoved) and e.car != "A"]
    assert moved == [("B", ("1.12", "1.13")), ("C", ("2.4",))]
    assert all(r.state.players[p].owned().get("X", 0) == 0 for p in "BC")  # no wear for the bonus moves
    assert r.current_car == "B"


def test_auto_ex_13_gearbox_3rd_of_4_and_last() -> None:
    r = run("auto_ex13_gearbox_3rd", 1)
    assert effects.limit(r.state) == 3
    r = run("auto_ex13_gearbox_last", 1)
    assert effects.limit(r.state) == 5
    assert placed(full("auto_ex13_gearbox_last")) == [("2.2", "2.3", "2.4", "2.5", "2.6")]


def test_auto_ex_14_turbo_six() -> None:
    r = run("auto_ex14_turbo", 1)
    assert effects.limit(r.state) == 6
    r = full("auto_ex14_turbo")
    assert len(placed(r)[0]) == 6 and gained(r) == 2


def test_auto_ex_15_adrenaline_two_places_gained_four_spaces() -> None:
    r = run("auto_ex15_adrenaline", 8)
    (b,) = [e for e in r.events if isinstance(e, BonusMove)]
    assert b.most == 4 and effects.limit(r.state) == 4
    r = full("auto_ex15_adrenaline")
    assert r.standings()[:2] == ["D", "A"]
    assert [e.spaces for e in r.events if isinstance(e, CarMoved)][-1] == ("2.10", "2.11", "2.12", "2.13")
    assert [e.wear for e in r.events if isinstance(e, DeclineWear)] == [2]  # light grey at its darkest


def test_auto_ex_16_bump_and_run_last_of_4() -> None:
    r = run("auto_ex16_bump_and_run", 1)
    assert effects.limit(r.state) == 3
    r = full("auto_ex16_bump_and_run")
    assert placed(r) == [("3.2", "3.3", "3.4")] and gained(r) == 1


def test_auto_ex_17_overdrive_2nd_of_3() -> None:
    r = run("auto_ex17_overdrive", 1)
    assert effects.limit(r.state) == 3 and moves(r) == {"1.12", "2.6"}  # white or light grey, not dark grey
    r = full("auto_ex17_overdrive")
    (path,) = placed(r)
    assert [r.state.board.spaces[s].colour for s in path] == ["W", "L", "L"] and gained(r) == 1


def test_auto_ex_23_car_chief_one_gear_higher() -> None:
    r = full("auto_ex23_car_chief")
    got = {e.car: e.cube for e in r.events if isinstance(e, CubesGained) and e.rule == "§17.1"}
    assert got == {"A": "L", "B": "D", "C": "K"}  # D removed black: nothing
    removed = {e.car: e.cube for e in r.events if isinstance(e, CubeMoved) and e.dest == "stock"}
    assert removed == {"A": "W", "B": "L", "C": "D", "D": "K"}
    assert r.state.players["D"].owned().get("K", 0) == 0


def test_auto_ex_24_engineer_same_number() -> None:
    r = full("auto_ex24_engineer")
    out = {p: sum(1 for e in r.events if isinstance(e, CubeMoved) and e.car == p and e.dest == "stock") for p in "ABC"}
    assert out == {"A": 1, "B": 2, "C": 3}
    r = run("auto_ex24_engineer", 3)
    assert effects.limit(r.state) == 1 and not any(type(a).__name__ == "Stop" for a in r.legal_actions())
    assert all(isinstance(a, Pick) for a in r.legal_actions())


def test_auto_ex_18_josh_trin_three_wear_three_light_grey() -> None:
    r = full("auto_ex18a_josh_trin")
    (b,) = [e for e in r.events if isinstance(e, BonusMove)]
    assert (b.car, b.most) == ("A", 3)
    assert [e.spaces for e in r.events if isinstance(e, CarMoved)] == [("3.4",), ("2.7", "2.8", "2.9")]
    assert r.state.players["A"].owned().get("X", 0) == 3  # the bonus move made no more wear (AMB-24 b)
    r = full("auto_ex18b_josh_trin_drafting")
    assert not [e for e in r.events if isinstance(e, BonusMove)] and r.current_car == "B"
    assert [type(e).__name__ for e in r.events if type(e).__name__ in ("Drafting", "DeclineWear")] == ["Drafting"]


def test_auto_ex_19_mike_skipjack_draws_ten() -> None:
    r = run("auto_ex19_mike_skipjack", 3)
    assert effects.limit(r.state) == 3
    r = full("auto_ex19_mike_skipjack")
    assert sum(r.state.players["A"].active.values()) == 10 and r.current_car == "B"


def test_auto_ex_20_kaia_lin_discard_four_draw_four() -> None:
    r = full("auto_ex20_kaia_lin")
    a = r.state.players["A"]
    assert a.active == {"L": 4, "Y": 3} and a.discard == {"W": 4}  # 7 drawn, 4 discarded, 4 drawn
    drawn = [e.cubes for e in r.events if type(e).__name__ == "CubesDrawn" and e.car == "A"]
    assert [len(d) for d in drawn] == [7, 4]
