"""The rules level of a position scenario (``[race] level``, Expansion #1 §2, §4.7, AMB-X1-29): «Robots: en el
Juego Básico los robots nunca ocupan un punto ET. Sencillamente ignoran estos puntos. En el Juego Avanzado el
jugador que cuenta con la bandera naranja puede forzar a un robot [...] a ocupar ese lugar.» — the position says
which game it is, the engine and the validator follow it."""

from __future__ import annotations

from typing import Any

import pytest

from racebook.core.errors import ScenarioError
from racebook.rf90 import events as ev
from racebook.rf90.actions import Force, NoForce
from racebook.rf90.game import Race
from racebook.rf90.scenario import build
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import Phase

ET = "Descent-2.et1"


def _race(level: str | None, position: str = "spa turn=5 lap=2 | La-Source-brake: Fast1* | Pits: Red{played}",
          cars: dict[str, Any] | None = None) -> Race:
    raw: dict[str, Any] = {"scenario": {"id": "t", "track": "spa", "seed": 3, "position": position},
                           "race": {"orange": "Red"}, "cars": cars or {}, "deck": {"stack": ["R40"]}}
    if level is not None:
        raw["race"]["level"] = level
    return build(raw)


@pytest.mark.parametrize(("level", "et_offered"), [(None, True), ("advanced", True), ("basic", False)])
def test_the_orange_flag_forces_a_robot_onto_an_et_only_in_the_advanced_game(level: str | None,
                                                                            et_offered: bool) -> None:
    """Fast1 (3 MP) ends its move in Descent-2, which holds the start of the ET: in the advanced game (the
    default) the orange-flag holder may force it there; in the basic game robots ignore ETs (no such option)."""
    race = _race(level)
    assert race.state.level == (level or "advanced")
    ends = [e for e in race.events if isinstance(e, ev.TurnEnds) and e.car == "Fast1"]
    if et_offered:
        assert race.current_car == "Red" and race.phase is Phase.ORANGE and not ends
        assert race.state.cars["Fast1"].section == "Descent-2"
        assert race.legal_actions() == [Force("Red", "Fast1", ET), NoForce("Red")]
    else:  # no decision for the orange-flag holder: Fast1's turn ended in Descent-2, off the ET
        assert ends[0].section == "Descent-2" and race.state.turn == 6
        assert not any(isinstance(e, ev.FlagEvent) for e in race.events)


def test_a_basic_game_position_with_a_robot_on_an_et_is_refused_save_a_robot_teammate() -> None:
    on_et = f"spa turn=5 lap=2 | Descent-2: Fast1*@{ET} Red{{played}}"
    with pytest.raises(ScenarioError, match=r"cars\.Fast1\.trajectory: in the basic game robots never occupy an ET"):
        _race("basic", on_et)
    assert _race("advanced", on_et).state.level == "advanced"  # the advanced game allows it (orange flag)
    mate = f"spa turn=5 lap=2 teams=Red+Pink | Descent-2: Pink*@{ET} Red{{played}}"
    race = _race("basic", mate, {"Pink": {"kind": "robot", "robot": "fast"}})  # AMB-X1-29: a green card put it there
    assert race.state.level == "basic"


@pytest.mark.parametrize(("level", "cars", "field", "words"), [
    ("expert", None, "race.level", "not a rules level"),
    (3, None, "race.level", "is not a string"),
    ("basic", {"Fast1": {"robot": "superfast"}}, "cars.Fast1.robot", "no SuperFast robots"),
    ("basic", {"Red": {"skill": "flat_out"}}, "cars.Red.skill", "<STK>"),
])
def test_bad_levels_and_what_the_basic_game_lacks_are_refused_with_the_field(level: Any, cars: Any, field: str,
                                                                            words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        _race(level, cars=cars)
    assert e.value.field == field and words in e.value.reason, (e.value.field, e.value.reason)


def test_the_level_is_saved_only_when_basic_and_read_back() -> None:
    basic, advanced = _race("basic"), _race(None)
    assert basic.state.to_dict()["level"] == "basic" and "level" not in advanced.state.to_dict()
    assert RaceState.from_dict(basic.state.to_dict(), basic.state.track).level == "basic"
    assert basic.state.copy().level == "basic"
