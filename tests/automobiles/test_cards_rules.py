"""Each card and driver that no worked example covers, on the ladder board (lane 1 white, 2 light grey, 3 dark grey,
4 black): what it moves where, the wear it costs, the choices it offers (§16–§22)."""

from __future__ import annotations

import pytest

from racebook.automobiles import effects
from racebook.automobiles.actions import Buy, Draw, Move, Pick, Pit, Stop, UseDriver
from racebook.automobiles.events import AeroDrafting, CarMoved, CubeMoved, CubesGained
from racebook.automobiles.game import Race
from racebook.automobiles.notation import parse_position
from racebook.automobiles.scenario import read
from racebook.core.errors import IllegalAction


def race(tmp_path, a: str, actions: tuple[str, ...] = (), cards: str = "", draws: str = "", others: str = "",
         driver: str = "") -> Race:
    f = tmp_path / "s.toml"
    acts = ", ".join(f'"{x}"' for x in actions)
    drv = f'driver = "{driver}"\n' if driver else ""
    if "bag =" not in a:
        a += '\nbag = "W5"'
    f.write_text(f'[scenario]\nid = "t"\nboard = "ladder"\nactions = [{acts}]\n'
                 f'[[player]]\nid = "A"\n{a}\n{drv}'
                 f'[[player]]\nid = "B"\nlane = 4\nprogress = 30\nactive = "W2"\nbag = "Y5"\n{others}\n'
                 f'[cards]\n{cards}\n{draws}')
    return read(f).race()


def wear(r: Race, rule: str) -> int:
    return sum(e.got for e in r.events if isinstance(e, CubesGained) and e.cube == "X" and e.rule == rule)


L2 = 'lane = 2\nprogress = 9'


def test_redline_white_cubes_onto_any_colour_for_one_wear(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "R1W2"', ("A play R",), 'R = "redline"')
    plays = {str(a) for a in r.legal_actions() if str(a).startswith("A play W")}
    assert plays == {"A play W 1.11", "A play W 2.6", "A play W 3.4"}
    r.apply("A play W 3.4")
    assert wear(r, "§18.7") == 1
    r.apply("A play W 4.4")
    assert wear(r, "§18.7") == 2


def test_fuel_injection_gear_cubes_move_up_to_two_spaces(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "B1L1"', ("A play B",), 'B = "fuel_injection"')
    assert wear(r, "§20.6") == 2
    legal = {str(a) for a in r.legal_actions()}
    assert {"A play L 2.6", "A play L 2.6 2.7"} <= legal
    r.apply("A play L 2.6 2.7")
    assert r.state.players["A"].track[-1].spaces == ("2.6", "2.7")


def test_aerodynamics_counts_as_drafting(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "R1D1"', ("A play R", "A play D 3.4", "A pass", "A pass"), 'R = "aerodynamics"')
    (e,) = [e for e in r.events if isinstance(e, AeroDrafting)]
    assert (e.wear, e.darkest) == (3, "D") and r.state.players["A"].owned().get("X", 0) == 0


def test_boost_draws_with_wear_then_the_others_may_draw(tmp_path) -> None:
    others = '[[player]]\nid = "C"\nlane = 1\nprogress = 40\nactive = "W1"\nbag = "Y5"\n'
    r = race(tmp_path, L2 + '\nactive = "G1"', ("A play G", "A draw", "A draw", "A stop"), 'G = "boost"',
             others=others)
    assert wear(r, "§21.1") == 2 and sum(r.state.players["A"].active.values()) == 2
    assert r.legal_actions() == [Draw("B"), Stop("B")] and r.current_car == "A"
    r.apply("B draw")
    assert r.legal_actions() == [Draw("C"), Stop("C")]
    r.apply("C stop")
    assert r.state.turn.pending is None
    assert r.state.players["B"].active == {"W": 2, "Y": 1} and r.state.players["C"].active == {"W": 1}
    assert r.state.players["B"].owned().get("X", 0) == 0


def test_pit_crew_all_wear_or_two_cubes(tmp_path) -> None:
    a = L2 + '\nactive = "P1"\ndiscard = "X4W2"'
    r = race(tmp_path, a, ("A play P", "A choose a"), 'P = "pit_crew"')
    assert r.state.players["A"].discard == {"W": 2}
    r = race(tmp_path, a, ("A play P", "A choose b", "A pick X discard"), 'P = "pit_crew"')
    assert Stop("A") not in r.legal_actions()  # "any 2": the second is not optional while cubes remain
    r.apply("A pick W discard")
    assert r.state.players["A"].discard == {"X": 3, "W": 1} and r.state.turn.pending is None


def test_pit_team_buys_with_the_removed_cubes_costs(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "P1"\ndiscard = "L1W1X1"',
             ("A play P", "A pick L discard", "A pick W discard", "A stop"), 'P = "pit_team"')
    gains = {a.cube for a in r.legal_actions() if isinstance(a, Pick)}
    assert gains == {"W", "L", "D", "Y", "R", "P", "G"}  # cost <= 4 + 2 = 6; not B (7), K (9); never wear
    r.apply("A pick D stock")
    assert r.state.players["A"].used == {"P": 1, "D": 1}


def test_crew_chief_draws_until_not_wear_then_clears_the_discard_wear(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "P1"\nbag = "X2W3"\ndiscard = "X3L1"', ("A play P",), 'P = "crew_chief"',
             draws='[draws]\nA = ["X", "X", "W"]')
    a = r.state.players["A"]
    assert a.active == {"X": 2, "W": 1} and a.discard == {"L": 1}


def test_impact_wrench_clears_the_wear_gained_so_far(tmp_path) -> None:
    r = race(tmp_path, 'lane = 3\nprogress = 8\nbag = "W5"\nactive = "R1P1"\ndiscard = "K1W1"',
             ("A play R", "A move 3.4", "A stop", "A play P", "A pick W discard", "A stop"),
             'R = "burnout"\nP = "impact_wrench"')
    assert wear(r, "§18.5") == 1 and r.state.players["A"].used == {"P": 1}  # the Burnout wear is gone
    assert r.state.players["A"].discard == {"K": 1}


def test_supercharged_and_internal_combustion(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "B1"\ndiscard = "K2"', ("A play B", "A pick K discard", "A pick K discard"),
             'B = "supercharged"')
    assert r.state.players["A"].active == {"K": 2} and wear(r, "§20.4") == 1
    r = race(tmp_path, L2 + '\nactive = "B1Y1"\ndiscard = "K2"',
             ("A play B", "A pick Y active", "A pick Y discard", "A pick K discard", "A pick K discard"),
             'B = "internal_combustion"')
    assert r.state.players["A"].active == {"Y": 1, "K": 2} and wear(r, "§20.7") == 3


def test_garage_cards(tmp_path) -> None:
    a = L2 + '\nactive = "Y1X1"\ndiscard = "W2"'
    r = race(tmp_path, a, ("A play Y",), 'Y = "factory_support"', draws='[draws]\nA = ["W"]')
    assert r.state.players["A"].active == {"W": 1, "X": 1} and Stop("A") not in r.legal_actions()
    r.apply("A pick X active")
    assert r.state.turn.pending is None
    r = race(tmp_path, a, ("A play Y", "A stop", "A pick W discard"), 'Y = "administrator"')
    assert r.state.players["A"].bag == {"W": 6} and r.state.players["A"].active == {"X": 1}
    r = race(tmp_path, a, ("A play Y", "A pick X active"), 'Y = "mechanic"')
    assert r.state.players["A"].used == {"Y": 1, "X": 1} and effects.limit(r.state) == 2
    r = race(tmp_path, a, ("A play Y", "A draw", "A stop"), 'Y = "performance_test"')
    assert "Y" not in r.state.players["A"].owned() and sum(r.state.players["A"].active.values()) == 2


def test_adrenaline_option_a_and_tires_with_white_only(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "G1"', ("A play G", "A choose a"), 'G = "adrenaline"')
    assert {a.space for a in r.legal_actions() if isinstance(a, Move)} == {"2.6"} and effects.limit(r.state) == 1
    r = race(tmp_path, L2 + '\nactive = "R1W1"', ("A play R",), 'R = "tires"')
    assert r.state.turn.pending is None and r.state.players["A"].used == {"R": 1}  # nothing lower than white (AMB-21)


def test_driver_action_abilities_once_per_turn(tmp_path) -> None:
    a = L2 + '\nactive = "W1"\ndiscard = "K2Y2"'
    r = race(tmp_path, a, ("A driver", "A pick K discard"), driver="david_bird")
    assert r.state.players["A"].active == {"W": 1, "K": 1}
    with pytest.raises(IllegalAction, match="once per turn"):
        r.apply(UseDriver("A"))
    r = race(tmp_path, a, ("A driver", "A pick K discard", "A pick Y discard", "A stop"), driver="eileen_pi")
    assert r.state.players["A"].bag == {"W": 5, "K": 1, "Y": 1}


def test_a_pit_stop_means_no_action_phase_so_an_action_phase_driver_ability_rules_it_out(tmp_path) -> None:
    """§8 / §5.2, the Spanish original: «Si haces una Parada en boxes, no realizarás la Fase de Acción». Using David
    Bird's or Eileen Pi's ability (§22.2, Action phase) is doing the Action phase, as playing a cube is: the pit stop
    is then neither listed nor accepted, and explain gives §8. (Before the fix, David Bird pulled a wear cube from the
    Discard pile into the Active pile and the pit stop then removed it from the game.)"""
    a = L2 + '\nactive = "W1"\ndiscard = "X2Y2"'
    for driver, steps in (("david_bird", ("A driver", "A pick X discard")),
                          ("eileen_pi", ("A driver", "A pick Y discard", "A stop"))):
        fresh = race(tmp_path, a, (), driver=driver)
        assert Pit("A") in fresh.legal_actions()  # before the ability, the pit stop is open
        r = race(tmp_path, a, steps, driver=driver)
        assert r.state.turn is not None and r.state.turn.pending is None
        assert Pit("A") not in r.legal_actions(), driver
        v = r.explain("A pit")
        assert not v.legal and v.rule == "§8" and "no realizarás la Fase de Acción" in v.reason, driver
        assert "+" in r.position().split("|")[0]  # the position says the Action phase has begun (no pit stop)
        assert Pit("A") not in Race(parse_position(r.position()), frames=False).legal_actions()  # and resumed
    # the wear cube David Bird brought into the Active pile stays in the game: only a real pit stop removes it
    r = race(tmp_path, a, ("A driver", "A pick X discard"), driver="david_bird")
    assert r.state.players["A"].active == {"W": 1, "X": 1}
    with pytest.raises(IllegalAction, match="§8"):
        r.apply(Pit("A"))


def test_buy_phase_drivers(tmp_path) -> None:
    a = L2 + '\nactive = "Y2"\ndiscard = "X3"'
    r = race(tmp_path, a, ("A pass", "A driver", "A pick X discard", "A pick X discard", "A stop"),
             driver="farmer_kali")
    assert r.state.turn.money == 2 and r.state.players["A"].discard == {"X": 1}
    assert Buy("A", "W") in r.legal_actions() and UseDriver("A") not in r.legal_actions()
    r = race(tmp_path, L2 + '\nactive = "Y1"\nbag = "K1Y1W1"',
             ("A pass", "A driver", "A draw", "A draw", "A draw"), driver="mag_matthews",
             draws='[draws]\nA = ["K", "Y", "W"]')
    assert r.state.players["A"].held == {"K": 1, "Y": 1, "W": 1}
    for x in ("A pick W held", "A stop", "A pick Y held", "A stop"):
        r.apply(x)
    a = r.state.players["A"]
    assert a.held == {} and a.bag == {"K": 1} and a.active == {"Y": 2} and r.state.turn.money == 4


def test_end_and_car_phase_drivers(tmp_path) -> None:
    r = race(tmp_path, L2 + '\nactive = "L1"', ("A play L 2.6", "A pass", "A pass"), driver="juan_goody")
    assert {a.space for a in r.legal_actions() if isinstance(a, Move)} == {"1.13", "2.7", "3.5"}
    r.apply("A move 3.5")
    moved = [e.spaces for e in r.events if isinstance(e, CarMoved)]
    assert moved == [("2.6",), ("3.5",)] and r.state.players["A"].owned().get("X") == 3  # darkest: dark grey
    r = race(tmp_path, L2 + '\nactive = "X2"\ndiscard = "X2"', ("A pass", "A pass", "A pick X active",
                                                                 "A pick X discard", "A pick X discard"),
             driver="micah_conner")
    assert r.state.players["A"].owned().get("X") == 1
    r = race(tmp_path, L2 + '\nbag = "W9"', ("A pass", "A pass", "A draw", "A draw"), driver="nathan_emery")
    assert sum(r.state.players["A"].active.values()) == 9 and r.current_car == "B"
    moved = [e for e in r.events if isinstance(e, CubeMoved)]
    assert moved == []


def test_weaving_any_segment_and_cutting(tmp_path) -> None:
    """§22.1: with Weaving a cube may go onto any segment of a space; from a rear segment the spaces beside it that
    the front segment no longer touches are reachable ("cutting")."""
    a = 'lane = 3\nprogress = 8\nactive = "D1L1"'
    normal = race(tmp_path, a)
    assert {str(x) for x in normal.legal_actions() if str(x).startswith("A play D")} == {"A play D 3.4"}
    f = tmp_path / "w.toml"
    f.write_text((tmp_path / "s.toml").read_text().replace('board = "ladder"', 'board = "ladder"\nweaving = true'))
    r = read(f).race()
    assert {str(x) for x in r.legal_actions() if str(x).startswith("A play D")} == {
        "A play D 3.4:1", "A play D 3.4:2", "A play D 3.4:3"}
    assert "plays a dark grey cube" not in r.explain("A play D 3.4").reason
    assert r.explain("A play D 3.4").rule == "§22.1"
    r.apply("A play D 3.4:1")
    assert r.state.players["A"].track[-1].progress == 9
    assert {str(x) for x in r.legal_actions() if str(x).startswith("A play L")} == {"A play L 2.6:1", "A play L 2.6:2"}
    r.apply("A play L 2.6:2")
    r.apply("A pass")
    r.apply("A pass")
    assert (r.state.players["A"].lane, r.state.players["A"].progress) == (2, 11)
    assert r.state.players["A"].owned().get("X") == 3  # darkest: dark grey (§11)
