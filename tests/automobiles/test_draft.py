"""The driver draft (§22.2) as actions of the race: the order (house rule ``driver_draft``), each driver once,
``pass`` for none, events, and the pre-race purchases after it."""

from __future__ import annotations

import pytest

from racebook.automobiles.actions import DraftDriver, Pass, parse
from racebook.automobiles.events import DraftOrder, DriverDeclined, DriverDrafted
from racebook.automobiles.game import Race
from racebook.automobiles.notation import format_state, parse_position
from racebook.automobiles.options import DraftOrder as Order
from racebook.automobiles.options import Rules
from racebook.automobiles.setup import new_state
from racebook.automobiles.state import Phase
from racebook.core.errors import IllegalAction, SetupError


def test_the_draft_is_actions_in_reverse_grid_order() -> None:
    r = Race(new_state(["A", "B", "C"], seed=1, random_order=False, draft=True))
    (order,) = [e for e in r.events if isinstance(e, DraftOrder)]
    assert order.order == ("C", "B", "A")
    assert r.phase is Phase.DRAFT and r.current_car == "C"
    legal = r.legal_actions()
    assert len(legal) == 11 and legal[-1] == Pass("C") and DraftDriver("C", "kaia_lin") in legal
    r.apply("C draft kaia_lin")
    assert r.current_car == "B" and DraftDriver("B", "kaia_lin") not in r.legal_actions()
    v = r.explain("B draft kaia_lin")
    assert not v.legal and v.rule == "§22.2" and "C's driver" in v.reason
    with pytest.raises(IllegalAction):
        r.apply("B draft kaia_lin")
    r.apply("B pass")
    r.apply("A draft josh_trin")
    assert [type(e) for e in r.steps[-3].events] == [DriverDrafted]
    assert [e for e in r.events if isinstance(e, DriverDeclined)] == [DriverDeclined("B")]
    assert {p.id: p.driver for p in r.state.players.values()} == {"A": "josh_trin", "B": "", "C": "kaia_lin"}
    assert r.phase is Phase.PRERACE and r.current_car == "A"  # the pre-race purchases follow, front first


def test_driver_draft_grid_order() -> None:
    r = Race(new_state(["A", "B", "C"], seed=1, random_order=False, draft=True,
                       rules=Rules(driver_draft=Order.GRID)))
    assert r.current_car == "A"
    assert [e for e in r.events if isinstance(e, DraftOrder)][0].order == ("A", "B", "C")


def test_draft_positions_round_trip_and_notation() -> None:
    r = Race(new_state(3, seed=5, draft=True), frames=False)
    for _ in range(3):
        text = format_state(r.state)
        assert format_state(parse_position(text)) == text
        assert [str(a) for a in Race(parse_position(text), frames=False).legal_actions()] == \
            [str(a) for a in r.legal_actions()]
        r.apply(r.legal_actions()[1])
    assert parse("A draft josh_trin") == DraftDriver("A", "josh_trin") and str(DraftDriver("A", "x_y")) == "A draft x_y"


def test_drivers_given_and_drafted_is_refused() -> None:
    with pytest.raises(SetupError, match="not both"):
        new_state(2, draft=True, drivers={"A": "josh_trin"})
