"""The conservation check's two readings (:func:`racebook.formulagp.integrity.problems`): a pit-lane starter waiting
to join is in the pit lane (§9.3), not on the track space it is drawn beside; the Red Parameter's +1 OT may exceed
the maximum (§8.3). Each checked both ways, so the check still catches what it should."""

from __future__ import annotations

from racebook.formulagp.integrity import problems
from racebook.formulagp.losscontrol import move_to
from racebook.formulagp.occupancy import room
from racebook.formulagp.setup import new_race
from racebook.formulagp.trackparts import Pos


def test_a_waiting_pit_lane_starter_shares_no_space() -> None:
    s = new_race(["A", "B"], 3, qualifying=False).state
    s.cars["B"].pos = s.cars["A"].pos
    assert problems(s) == ["B and A share a space (§2.3)"]
    s.cars["B"].pit_start = 3  # a qualifying crash: it joins from the pit lane in round 3 (§9.3, A7)
    assert problems(s) == []


def test_the_red_parameter_may_take_the_ot_one_over_the_maximum() -> None:
    s = new_race(["A", "B"], 3, qualifying=False).state
    c = s.cars["A"]
    c.ot = s.board.ot_max + 1
    assert problems(s) == [f"A's OT is {c.ot}, off its track (0..{s.board.ot_max})"]  # the token still unused
    c.params = "WY"  # the Red Parameter used (§8.3)
    assert problems(s) == []
    c.ot = s.board.ot_max + 2
    assert problems(s) == [f"A's OT is {c.ot}, off its track (0..{s.board.ot_max + 1})"]


def test_a_car_left_in_the_back_shadow_gets_no_company_there() -> None:
    """§2.3: T06.1.1 is a Slipstream space of two car shadows. A car left in the back one (the car ahead moved away
    sideways) keeps it: a car shifted sideways onto the space takes the free front shadow (losscontrol.move_to), and
    a move along the lane finds no room it could reach without passing it (occupancy.room). Found by
    test_optional_rules' seed 1704: a counter-steer put B on C's shadow."""
    race = new_race(["A", "B", "C"], 3, qualifying=False)
    s = race.state
    p = s.track.pos("T06.1.1")
    s.cars["C"].pos = Pos(p.tile, p.lane, p.space, 1)
    s.cars["B"].pos = s.track.pos("T06.2.1")
    assert room(s, "B", p) is None and room(s, "A", p) is None
    move_to(s, s.cars["B"], p)
    assert s.cars["B"].pos.shadow == 0 and problems(s) == []
    s.cars["C"].pos = Pos(p.tile, p.lane, p.space, 0)
    s.cars["B"].pos = s.track.pos("T06.2.1")
    assert room(s, "B", p) == 1  # behind the car in the front shadow
    move_to(s, s.cars["B"], p)
    assert s.cars["B"].pos.shadow == 1 and problems(s) == []
