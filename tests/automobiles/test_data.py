"""Component data (issue 22 item 2): the digest's values kept, every other value marked with its provenance, and the
board validated like a track (file, field, reason)."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.automobiles import cubes
from racebook.automobiles.board import board_ids, load_board, load_board_file, parse_board
from racebook.automobiles.cubes import INVENTED, load_components
from racebook.core.datafile import load_toml
from racebook.core.errors import DataError

BOARD = cubes.DATA / "boards" / "teaching.toml"


def test_the_digest_values_are_kept() -> None:
    c = cubes.components()
    assert c.starting_bag == {"W": 5, "L": 2, "Y": 5}  # §4 item 4, AMB-1
    assert sum(c.starting_bag.values()) == 12
    assert c.draw == 7  # §12
    assert c.decline == {"W": 1, "L": 2, "D": 3, "K": 4}  # §11, §24 Ex. 25
    assert set(c.cubes) == set(cubes.CODES) and len(c.cubes) == 10  # §1
    assert c.value("X") == 0  # AMB-13


def test_third_party_figures_are_marked_as_such() -> None:
    c = cubes.components()
    assert c.stock() == {"W": 30, "L": 28, "D": 24, "K": 16, "X": 80, "Y": 40, "R": 16, "P": 16, "B": 16, "G": 16}
    assert sum(c.stock().values()) == 282  # [EXT] §27: "282 wooden cubes"
    for t in c.cubes.values():
        src = dict(t.sources)
        assert src["stock"].startswith("third-party: ")
        assert src["cost"].startswith((f"{INVENTED}: ", "digest §"))
    assert c.sources["laps"].startswith("third-party: ") and c.laps == 3


def test_every_cost_and_value_is_invented_or_cited() -> None:
    for t in cubes.components().cubes.values():
        for field, src in t.sources:
            assert src.startswith(("digest §", f"{INVENTED}: ", "third-party: ")), (t.code, field)


def test_the_board_is_a_loop_of_equal_lanes() -> None:
    b = load_board("teaching")
    assert board_ids() == ["ladder", "teaching"]
    assert b.source.startswith(f"{INVENTED}: ")
    assert b.length == 40 and b.lanes == 3
    for lane in range(1, 4):
        assert sum(s.length for s in b.spaces.values() if s.lane == lane) == 40
    # darker spaces are longer on this board (§7.1: "usually")
    by = {g: {s.length for s in b.spaces.values() if s.colour == g} for g in cubes.GEARS}
    assert max(by["W"]) < min(by["L"]) <= max(by["L"]) < min(by["D"]) <= max(by["D"]) < min(by["K"])
    # forward and lateral adjacency, wrapping round the loop at the finish line
    assert {s.id for s in b.adjacent(1, 39)} == {"1.1", "2.1"}
    assert {s.id for s in b.adjacent(2, 39)} == {"1.1", "2.1", "3.1"}
    assert [s.money for s in b.grid] == [10, 11, 12, 13, 14]
    assert dict(b.grid_sources)["money"].startswith("third-party: ")


def _doc() -> dict:
    return load_toml(BOARD)


@pytest.mark.parametrize("change, field, reason", [
    (lambda d: d.update(schema=2), "schema", "must be 1"),
    (lambda d: d.update(name="monza"), "name", "file's id"),
    (lambda d: d.update(source="my guess"), "source", "provenance"),
    (lambda d: d["lanes"].__setitem__(1, d["lanes"][1] + " W"), "lanes[1]", "covers 41 rows"),
    (lambda d: d["lanes"].__setitem__(0, "WX " + d["lanes"][0]), "lanes[0]", "one colour letter"),
    (lambda d: d["lanes"].__setitem__(2, 7), "lanes[2]", "must be a string"),
    (lambda d: d.update(lanes=["WWWW LLLL DDDD"]), "lanes", "every gear colour"),
    (lambda d: d["grid"][1].update(lane=9), "grid[1].lane", "1..3"),
    (lambda d: d["grid"][1].update(lane=1), "grid", "share a segment"),
    (lambda d: d["grid"].reverse(), "grid", "front to back"),
    (lambda d: d["grid"][0].update(money=20), "grid", "at least as much money"),
    (lambda d: d["grid_source"].pop("money"), "grid_source.money", "provenance"),
    (lambda d: d.update(pits=1), "pits", "unknown key"),
])
def test_a_bad_board_names_the_file_the_field_and_the_reason(change, field, reason) -> None:
    d = _doc()
    change(d)
    with pytest.raises(DataError) as e:
        parse_board(d, "x.toml", "teaching")
    assert (e.value.file, e.value.field) == ("x.toml", field) and reason in e.value.reason, str(e.value)


def test_a_bad_cube_file_names_the_field(tmp_path: Path) -> None:
    text = (cubes.DATA / "cubes.toml").read_text().replace('source.cost = "invented-for-teaching: the source prints '
                                                           'no price (§26); the weakest gear is the cheapest"',
                                                           'source.cost = "cheap"')
    f = tmp_path / "cubes.toml"
    f.write_text(text)
    with pytest.raises(DataError) as e:
        load_components(f)
    assert e.value.field == "cube[0].source.cost" and "provenance" in e.value.reason
    f.write_text("[[cube]]\ncode = 'Q'\n")
    with pytest.raises(DataError, match=r"cube\[0\].code: must be one of"):
        load_components(f)


def test_the_board_file_loads_by_path() -> None:
    assert load_board_file(BOARD).spaces == load_board("teaching").spaces
    with pytest.raises(DataError, match="unknown board 'nope'"):
        load_board("nope")


def test_the_39_cards_and_the_10_drivers() -> None:
    from racebook.automobiles.cards import card_set, choose_cards, load_cards
    from racebook.automobiles.drivers import drivers
    cs = card_set()
    assert len(cs.cards) == 39
    assert [len(cs.of_colour(c)) for c in cubes.ACTIONS] == [7, 7, 7, 7, 6]  # §2: 34 variable cards
    assert sum(1 for c in cs.cards.values() if c.fixed) == 5
    assert all(c.section.startswith("§") and c.printed for c in cs.cards.values())
    assert cs.standard == {"Y": "administrator", "R": "suspension", "P": "crew_chief", "B": "hybrid_engine",
                           "G": "gearbox"} and cs.standard_source.startswith("third-party: ")
    assert choose_cards({"G": "turbo"})["G"] == "turbo"
    with pytest.raises(ValueError, match="not a card of colour G"):
        choose_cards({"G": "redline"})
    assert load_cards().cards == cs.cards
    d = drivers()
    assert len(d) == 10 and [x.number for x in d.values()] == list(range(1, 11))


def test_a_bad_card_file_names_the_field(tmp_path: Path) -> None:
    from racebook.automobiles.cards import CARDS_FILE, load_cards
    f = tmp_path / "cards.toml"
    f.write_text(CARDS_FILE.read_text().replace('id = "turbo"', 'id = "nitro"'))
    with pytest.raises(DataError, match=r"card\[\d+\]\.id: nitro has no effect program"):
        load_cards(f)
    f.write_text(CARDS_FILE.read_text().replace('colour = "G"\nsection = "§21.3"', 'colour = "X"\nsection = "§21.3"'))
    with pytest.raises(DataError, match=r"colour"):
        load_cards(f)


def test_a_board_of_a_million_rows_is_refused_quickly(tmp_path) -> None:
    """Issue 35 (numbers far out of range, bounded memory): a lane of 100 000 nine-segment spaces made 900 000
    segment entries (180 MB, 1.4 s for a 1 MB file; 4 MB: ~700 MB). A board is at most MAX_ROWS rows, checked as the
    lane is read."""
    import resource
    import time
    from pathlib import Path

    from racebook.automobiles.board import BOARDS, MAX_ROWS, load_board_file
    from racebook.core.errors import DataError
    text = (BOARDS / "teaching.toml").read_text(encoding="utf-8")
    first = text.split('lanes = [\n  "', 1)[1].split('"', 1)[0]
    f = Path(tmp_path) / "teaching.toml"
    f.write_text(text.replace(first, " ".join(["KKKKKKKKK"] * 100_000), 1), encoding="utf-8")
    before, t = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.process_time()
    with pytest.raises(DataError) as e:
        load_board_file(f)
    assert e.value.field == "lanes[0]" and f"at most {MAX_ROWS}" in e.value.reason, e.value
    assert time.process_time() - t < 0.5 and resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000
