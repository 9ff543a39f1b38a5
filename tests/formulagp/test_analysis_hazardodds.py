"""Exact hazard-check odds (racebook.formulagp.analysis.hazardodds, §7, §19.2, A8, A12) against the dice file's
faces (their counts are the digest's placeholder, A4: every expected chance here is computed from the file, not
typed in) and against the engine's own rolls on Example 21."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racebook.formulagp import events as ev
from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.analysis import hazardodds as ho
from racebook.formulagp.components import DieFace, dice
from racebook.formulagp.game import Race
from racebook.formulagp.rules.hazards import DiceOwed, Hazard
from racebook.formulagp.rules.stress import Stress

EX21 = "fgp_ex21_two_different_hazards_two_red_dice"
D = dice()


def _p(die: tuple[DieFace, ...], face: DieFace) -> Fraction:
    return Fraction(die.count(face), len(die))


def _before_end() -> Race:
    sc = fgp_scenario.read(EX21)
    race = sc.race(play=False)
    for a in sc.actions[:-1]:
        race.apply(a)
    return race


def test_one_die_is_its_faces() -> None:
    for owed, die in ((DiceOwed(1, 0), D.red), (DiceOwed(0, 1), D.yellow)):
        o = ho.dice_odds(owed)
        assert sum(o.outcomes.values()) == 1
        assert o.loss_of_control == _p(die, DieFace.LOSS_OF_CONTROL) and o.risk == _p(die, DieFace.RISK)
        assert o.expected("wear") == _p(die, DieFace.WEAR) and o.expected("stress") == _p(die, DieFace.STRESS)


def test_fgp_ex_21_two_red_dice_from_the_position() -> None:
    """Example 21 (§19.2): ending on the tricky corner's skid marks with the wear marker on the RED die icon: two
    different hazards, two RED dice; no loss of control with chance (1 - P(face))²."""
    o = ho.odds_if_ending(_before_end())
    assert o.owed == DiceOwed(2, 0)
    keep = 1 - _p(D.red, DieFace.LOSS_OF_CONTROL)
    assert o.loss_of_control == 1 - keep * keep
    assert o.chance(lambda t: t.wear == 2) == _p(D.red, DieFace.WEAR) ** 2  # the scenario's stacked roll
    assert ho.odds_if_ending(_before_end(), at="T05.2.1").owed == DiceOwed(1, 0)  # off the skid marks: worn only


def test_fgp_ex_21_every_stacked_roll_through_the_engine() -> None:
    """All 36 rolls of the two RED dice, stacked face by face and resolved by the engine, give the odds."""
    race = _before_end()
    o = ho.odds_if_ending(race)
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(1, 7):
        for j in range(1, 7):
            r = race.clone()
            r.state.stacked["red"] = [str(i), str(j)]
            r.apply("Grey end")
            faces = [e.face for e in r.events if isinstance(e, ev.DieRolled) and e.car == "Grey"][:2]
            key = (faces.count("loss_of_control"), faces.count("risk"), faces.count("wear"))
            counts[key] = counts.get(key, 0) + 1
    mine: dict[tuple[int, int, int], Fraction] = {}
    for t, p in o.outcomes.items():
        k = (t.loss_of_control, t.risk, t.wear)
        mine[k] = mine.get(k, Fraction(0)) + p
    assert mine == {k: Fraction(n, 36) for k, n in counts.items()}


def test_yellow_zone_safety_car_and_repeats() -> None:
    tricky = [Hazard.TRICKY_CORNER, Hazard.WORN_TYRES]
    assert ho.hazard_odds(tricky, yellow_zone=True).owed == DiceOwed(1, 0)  # §19.3.1: the tricky corner is off
    sc = ho.hazard_odds(tricky, pair=True, safety_car=True)
    assert sc.owed == DiceOwed(0, 0) and sc.outcomes == {ho.Tally(): 1} and sc.sentence() == "no dice to roll"
    again = ho.hazard_odds([Hazard.SPEED_LIMIT, Hazard.SPEED_LIMIT])  # A12: 1 RED + 1 YELLOW
    assert again.owed == DiceOwed(1, 1)
    assert again.loss_of_control == _p(D.red, DieFace.LOSS_OF_CONTROL)  # a middle-stress YELLOW brings no RED


def test_a_stressed_drivers_yellow_die_can_bring_a_red_one() -> None:
    """A8: a Stress face beyond the Stressed space rolls a RED die at once."""
    o = ho.hazard_odds([], pair=True, stress=Stress.STRESSED)
    stress = _p(D.yellow, DieFace.STRESS)
    assert o.owed == DiceOwed(0, 1)
    assert o.chance(lambda t: t.red == 1) == stress
    assert o.loss_of_control == stress * _p(D.red, DieFace.LOSS_OF_CONTROL)
    calm = ho.hazard_odds([], pair=True, stress=Stress.MIDDLE)
    assert calm.loss_of_control == 0 and calm.chance(lambda t: t.red > 0) == 0


@pytest.mark.parametrize("red, yellow", [(0, 0), (1, 1), (2, 1), (3, 0), (1, 3)])
@pytest.mark.parametrize("stress", list(Stress))
def test_chances_add_up_and_the_dice_are_counted(red: int, yellow: int, stress: Stress) -> None:
    o = ho.dice_odds(DiceOwed(red, yellow), stress=stress)
    assert sum(o.outcomes.values()) == 1
    assert all(t.yellow == yellow and t.red >= red for t in o.outcomes)
    assert all(t.loss_of_control + t.risk + t.wear + t.stress == t.red + t.yellow for t in o.outcomes)
    assert o.expected("loss_of_control") >= red * _p(D.red, DieFace.LOSS_OF_CONTROL)
    assert o.rows()[0][1] == max(o.outcomes.values())
