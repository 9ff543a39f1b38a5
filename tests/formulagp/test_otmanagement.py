"""The Optional OT management (digest §21, the original's 15.7.1; house rule ``ot_management``), both ways."""

from __future__ import annotations

import pytest

from racebook.formulagp import events as ev
from racebook.formulagp import integrity
from racebook.formulagp.actions import Attack, End
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from tests.formulagp.test_battles import adjacent_stop, built

ON = Rules(ot_management=True)


@pytest.mark.parametrize("on", [False, True])
def test_a_full_ot_must_attack(on: bool) -> None:
    """Grey's forced stop charges OT 2, the teaching board's maximum (§13.2): with the rule it may not end its move."""
    race = adjacent_stop(["B1"], ["R4"], rules=ON if on else Rules())
    s = race.state
    assert s.cars["Grey"].ot == s.board.ot_max
    legal = race.legal_actions()
    assert Attack("Grey", "Red") in legal and (End("Grey") in legal) is not on
    if on:
        assert race.explain(End("Grey")).rule == "§21"


def test_an_ot_below_the_maximum_may_still_end_the_move() -> None:
    race = adjacent_stop(["B1"], ["R4"], rules=ON)
    race.state.cars["Grey"].ot = 1
    race.refresh()
    assert End("Grey") in race.legal_actions() and Attack("Grey", "Red") in race.legal_actions()


def _won_into_a_car(rules: Rules) -> Race:
    """Grey wins its battle (BLUE 3 + OT 2 against RED 2) and drives its 2 OT in lane 2 of T03; Blue sits on the
    second space of that lane."""
    race = built({"Grey": "T02.2.2", "Red": "T03.3.1", "Blue": "T03.2.2"},
                 {"Grey": ["R1", "B1"], "Red": ["R4"]}, rules=rules)
    race.apply("Grey play R1")
    race.apply("Grey stop")
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    race.apply("Red bid R4")
    return race


@pytest.mark.parametrize("on", [False, True])
def test_a_won_overtake_drives_every_ot_point_into_the_car_in_its_way(on: bool) -> None:
    race = _won_into_a_car(ON if on else Rules())
    over = next(e for e in race.events if isinstance(e, ev.Overtook))
    assert (over.ot, over.spaces, over.lost) == (2, 1, 1)
    hit = [e for e in race.events if isinstance(e, ev.Collided)]
    assert [(e.car, e.other) for e in hit][:1] == ([("Grey", "Blue")] if on else [])
    assert integrity.problems(race.state) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seeded_races_with_ot_management_end(seed: int) -> None:
    race = new_race(["A", "B", "C", "D"], seed, qualifying=True, rules=ON, bots=("D",) if seed else ())
    play_out(race, {c: (Greedy(seed) if seed % 2 else RandomDriver(seed)) for c in "ABCD"})
    assert race.is_over and integrity.problems(race.state) == []


@pytest.mark.parametrize(("rules", "off", "wall"), [(Rules(), "", False), (ON, "left", False),
                                                    (Rules(ot_management=True, street_circuit=1), "", True)])
def test_a_lane_end_sends_the_overtaker_off_track_or_into_a_street_wall(rules: Rules, off: str, wall: bool) -> None:
    from racebook.core.log import EventLog
    from racebook.formulagp.otmanagement import blocked
    from racebook.formulagp.setup import new_state

    s = new_state(["A", "B"], 1, rules=rules)
    c = s.cars["A"]
    c.pos = s.track.pos("T03.1.1")
    log = EventLog(None)
    blocked(s, c, None, 0, 1, log)
    assert c.off == off and any(isinstance(e, ev.HitWall) for e in log) is wall
    blocked(s, c, None, 2, 1, log)  # a Slipstream attack: the rule does not apply
    assert c.off == off
