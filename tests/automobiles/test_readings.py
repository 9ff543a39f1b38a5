"""The Automobiles readings without a switch (docs/automobiles.md, "Readings without a switch"): each one the engine
plays, asserted on the ladder board (lane 1 white, 2 light grey, 3 dark grey, 4 black: spaces of 1, 2, 3 and 4
segments), and the page quotes the Spanish words each rests on."""

from __future__ import annotations

from pathlib import Path

import pytest
from autohelp import race_of, texts

from racebook.automobiles.events import BonusMove, CubeMoved, CubesGained

ROOT = Path(__file__).resolve().parents[2]
B = {"id": "B", "lane": 4, "progress": 30, "active": "W2", "bag": "W5"}


def _wear(race, rule: str) -> int:  # type: ignore[no-untyped-def]
    return sum(e.got for e in race.events if isinstance(e, CubesGained) and e.cube == "X" and e.rule == rule)


def _plays(race) -> set[str]:  # type: ignore[no-untyped-def]
    return {t for t in texts(race) if " play " in t}


def test_from_the_rear_segment_of_a_long_space_a_car_must_change_lane_first(tmp_path: Path) -> None:
    """§7.1, §7.3, AMB-11, AMB-12: black 4.3 is rows 8–11 of lane 4. From its rear segment (row 8) the next row of
    lane 4 is still 4.3, so only dark grey 3.4 beside it is adjacent; from its front segment (row 11) black 4.4
    ahead is adjacent too."""
    rear = race_of(tmp_path, [dict(id="A", lane=4, progress=8, active="K1D1", bag="W5"), B])
    assert _plays(rear) == {"A play D 3.4"}
    front = race_of(tmp_path, [dict(id="A", lane=4, progress=11, active="K1D1", bag="W5"), B])
    assert _plays(front) == {"A play D 3.5", "A play K 4.4"}
    board = rear.state.board
    assert [s.id for s in board.adjacent(4, 8)] == ["3.4"] and board.space_at(4, 8).id == "4.3"


def test_redline_a_white_cube_on_a_white_space_costs_no_wear(tmp_path: Path) -> None:
    """§18.7: with Redline a white cube may go on any colour for 1 wear; on a white space it is an ordinary play."""
    r = race_of(tmp_path, [dict(id="A", lane=2, progress=9, active="R1W2", bag="W5"), B], cards={"R": "redline"},
                actions=("A play R",))
    assert _plays(r) == {"A play W 1.11", "A play W 2.6", "A play W 3.4"}
    r.apply("A play W 1.11")
    assert _wear(r, "§18.7") == 0
    r.apply("A play W 2.6")
    assert _wear(r, "§18.7") == 1


def test_steering_with_a_white_gear_discards_it_gains_the_wear_and_moves_nothing(tmp_path: Path) -> None:
    """§18.2, AMB-21: nothing is 1 lower than white; the card's wear (first in its text) is still gained."""
    r = race_of(tmp_path, [dict(id="A", lane=2, progress=9, active="R1W1", bag="W5"), B], cards={"R": "steering"},
                actions=("A play R",))
    assert texts(r) == ["A pick W active"]
    r.apply("A pick W active")
    assert _wear(r, "§18.2") == 1 and r.state.players["A"].discard == {"W": 1}
    assert any(isinstance(e, CubeMoved) and (e.cube, e.src, e.dest) == ("W", "active", "discard") for e in r.events)
    assert texts(r) == ["A pass"]  # no move of the red cube is offered


def test_juan_goody_moves_one_space_even_with_no_cube_placed(tmp_path: Path) -> None:
    """§22.2, AMB-24 (c): a turn with no gear cube still ends the Car phase with Juan Goody's extra space."""
    r = race_of(tmp_path, [dict(id="A", lane=2, progress=9, active="Y1", bag="W9", driver="juan_goody"), B],
                actions=("A pass", "A pass"))
    assert [e for e in r.events if isinstance(e, BonusMove)]
    assert texts(r) == ["A move 1.11", "A move 2.6", "A move 3.4", "A stop"]
    r.apply("A move 3.4")
    assert r.state.players["A"].lane == 3


@pytest.mark.parametrize(("active", "cards", "actions", "offered"), [
    ("B1L1", {"B": "fuel_injection"}, ("A play B",), {"A play L 2.6", "A play L 2.6 2.7"}),  # after it: 1 or 2
    ("B2L1", {"B": "fuel_injection"}, ("A play B", "A play B"), {"A play L 2.6", "A play L 2.6 2.7"}),  # no stacking
    ("L1B1", {"B": "fuel_injection"}, ("A play L 2.6", "A play B"), set()),  # the cube already placed keeps 1 space
])
def test_fuel_injection_doubles_the_gear_cubes_played_after_it_once(tmp_path: Path, active: str,
                                                                    cards: dict[str, str], actions: tuple[str, ...],
                                                                    offered: set[str]) -> None:
    """§20.6, AMB-10, AMB-22: 2 wear per Fuel Injection played; the gear cubes played after it may cover 2 spaces;
    a second one adds nothing but its wear; a gear cube already on the board is not extended."""
    r = race_of(tmp_path, [dict(id="A", lane=2, progress=9, active=active, bag="W5"), B], cards=cards,
                actions=actions)
    assert _plays(r) == offered
    assert _wear(r, "§20.6") == 2 * actions.count("A play B")
    assert all(len(t.spaces) == 1 for t in r.state.players["A"].track)


def test_fuel_injection_does_not_lengthen_camber_and_toe(tmp_path: Path) -> None:
    """§20.6: «no tiene ningún efecto sobre cartas como Camber & Toe»: its move stays 1 space of any colour."""
    r = race_of(tmp_path, [dict(id="A", lane=2, progress=9, active="B1R1L1", bag="W5"), B],
                cards={"B": "fuel_injection", "R": "camber_toe"}, actions=("A play B", "A play R", "A pick L active"))
    assert texts(r) == ["A move 1.11", "A move 2.6", "A move 3.4", "A stop"]


def test_the_page_quotes_the_spanish_words_of_each_reading() -> None:
    page = (ROOT / "docs" / "automobiles.md").read_text(encoding="utf-8")
    section = " ".join(page.split("### Readings without a switch", 1)[1].split("\n## ", 1)[0].split())
    for words in ("el cubo se coloca tan adelante como esté disponible", "debe ser adyacente a tu coche de carreras",
                  "por cada cubo blanco que hayas usado con este efecto", "del color 1 más bajo que el engranaje",
                  "después de terminar tu movimiento normal", "no tiene ningún efecto sobre cartas como Camber & Toe",
                  "activar más de uno de estos cubos azules es superfluo"):
        assert words in section, words
    for test in ("rear_segment", "redline", "steering", "juan_goody", "fuel_injection"):
        assert any(test in name for name in globals() if name.startswith("test_")), test
