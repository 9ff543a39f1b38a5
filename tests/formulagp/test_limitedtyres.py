"""The Optional limited dry tyre sets (digest §21, the original's 15.10; house rule ``limited_tyre_sets``), both ways:
the Options' sets, the start set taken, a stop offering only the types left, none issued once they are used."""

from __future__ import annotations

import pytest

from racebook.core.errors import DataError, NotationError
from racebook.formulagp.actions import Tyres
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules, TyreSets
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.tyresets import TYRE_SET_OPTIONS, available, sets_after
from racebook.formulagp.setup import new_race, new_state
from tests.formulagp.test_pits import begin_in_box, in_box
from tests.formulagp.test_race import at_turn


def test_the_pure_parts() -> None:
    assert TYRE_SET_OPTIONS == {"a": "ssmh", "b": "smmh"}  # 2 S 1 M 1 H; 1 S 2 M 1 H (stated)
    assert sets_after("ssmh", Tyre.SOFT) == "smh" and sets_after("smh", Tyre.WET) == "smh"
    with pytest.raises(ValueError, match="15.10"):
        sets_after("mh", Tyre.SOFT)
    assert available("mh", (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)) == (Tyre.MEDIUM, Tyre.HARD)


@pytest.mark.parametrize(("option", "left"), [(TyreSets.OFF, ""), (TyreSets.A, "smh"), (TyreSets.B, "mmh")])
def test_the_sets_dealt_less_the_start_set(option: TyreSets, left: str) -> None:
    s = new_state(["A", "B"], 1, rules=Rules(limited_tyre_sets=option))
    assert {c.tyre_sets for c in s.cars.values()} == {left}
    line = format_state(s)
    assert (" ts=" in line) is bool(left) and format_state(parse_position(line)) == line
    assert parse_position(line).rules == s.rules
    with pytest.raises(DataError):
        Rules.from_dict({"limited_tyre_sets": "c"})
    with pytest.raises(NotationError, match="ts="):
        parse_position(format_state(new_state(["A", "B"], 1, rules=Rules(limited_tyre_sets=TyreSets.A))).replace(
            "ts=smh", "ts=sx"))


@pytest.mark.parametrize("option", [TyreSets.OFF, TyreSets.B])
def test_a_stop_offers_only_the_types_left_and_none_once_used(option: TyreSets) -> None:
    race = at_turn(new_race(["Grey", "Red"], 1, rules=Rules(limited_tyre_sets=option)), "Grey", {"Red": "T30.1.1"},
                   ["G1", "R1"])
    in_box(race, "Grey")
    begin_in_box(race, "Grey")
    s = race.state
    c = s.cars["Grey"]
    offered = {a.tyre for a in race.legal_actions() if isinstance(a, Tyres)}
    if option is TyreSets.OFF:
        assert offered == {"soft", "medium", "hard"} and c.tyre_sets == ""
        return
    assert c.tyre_sets == "mmh" and offered == {"medium", "hard"}  # B less the Soft it starts on
    race.apply("Grey tyres hard")
    assert c.tyre_sets == "mm" and c.tyre is Tyre.HARD
    c.tyre_sets, c.pit_tyres = "0", False
    race.refresh()
    assert not any(isinstance(a, Tyres) for a in race.legal_actions())  # none issued any more
    assert format_state(parse_position(format_state(s))) == format_state(s)


def test_a_start_tyre_choice_gives_the_dealt_set_back() -> None:
    race = new_race(["A", "B"], 1, rules=Rules(limited_tyre_sets=TyreSets.A), choose_tyres=True)
    assert {a.tyre for a in race.legal_actions() if isinstance(a, Tyres)} == {"soft", "medium", "hard"}
    race.apply(Tyres("A", "hard"))
    race.apply(Tyres("B", "soft"))
    assert race.state.cars["A"].tyre_sets == "ssm" and race.state.cars["B"].tyre_sets == "smh"
