"""The digest's worked examples (§24) that the base game covers, as shipped scenarios, asserting the book's numbers."""

from __future__ import annotations

from racebook.automobiles.events import CarMoved, DeclineWear, Drafting
from racebook.automobiles.scenario import load


def test_auto_ex_25_decline_table() -> None:
    """Ex. 25: darkest white / light grey / dark grey / black moved through = 1 / 2 / 3 / 4 wear (§11)."""
    r = load("auto_ex25")
    got = [(e.car, e.darkest, e.wear, e.got) for e in r.events if isinstance(e, DeclineWear)]
    assert got == [("A", "W", 1, 1), ("B", "L", 2, 2), ("C", "D", 3, 3), ("D", "K", 4, 4)]
    assert not [e for e in r.events if isinstance(e, Drafting)]
    # the wear reached each player's collection (Used pile, then the Discard pile in the End phase, AMB-3)
    assert {pid: p.owned().get("X", 0) for pid, p in r.state.players.items()} == {"A": 1, "B": 2, "C": 3, "D": 4}
    moved = {e.car: e.rows for e in r.events if isinstance(e, CarMoved)}
    assert moved == {"A": 1, "B": 2, "C": 3, "D": 4}  # darker spaces are longer on the teaching board (§7.1)
    assert "gains 4 wear" in str([e for e in r.events if isinstance(e, DeclineWear)][-1])
    assert str([e for e in r.events if isinstance(e, DeclineWear)][-1]).endswith("— §11")


def test_auto_drafting_cancels_the_decline_wear() -> None:
    """§11: ending immediately behind another car = drafting, no wear for movement (AMB-14)."""
    r = load("auto_drafting")
    (d,) = [e for e in r.events if isinstance(e, Drafting)]
    assert (d.car, d.ahead, d.wear, d.darkest) == ("A", "B", 2, "L")
    assert not [e for e in r.events if isinstance(e, DeclineWear)]
    assert r.state.players["A"].owned().get("X", 0) == 0
    assert (r.state.players["A"].lane, r.state.players["A"].progress) == (1, 14)
