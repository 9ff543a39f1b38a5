"""A battle's overtake and the pit entry's shadow car (digest §16.1, §13.4.1; the original's 11.1: a car that does
not pit "must stop ahead of the yellow line on the shadow car"; the space behind the yellow line "is not considered a
part of the racing lane"). The overtake asks the move's own rule (``pitlane.barred``): one that reaches or starts on
the shadow car stops there, its OT points left lost; it never crosses into the pit lane. On the teaching circuit the
shadow car is T39.4.2 (invented-for-teaching) and lane 4 ahead of it, T40.4, is behind the yellow line from there."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.battles import bot_overtakes
from racebook.formulagp.game import Race
from racebook.formulagp.state import Turn
from tests.formulagp.test_battles import built, conserved


def _overtook(log: EventLog) -> ev.Overtook:
    return next(e for e in log if isinstance(e, ev.Overtook))


def _bot_overtake(where: dict[str, str], ot: int, lane: int = 0, moved: bool = False) -> tuple[Race, ev.Overtook]:
    """``R`` overtakes with ``ot`` OT (a Rookie's BATTLE card gives up to 3, ``bots.toml`` ``max_ot``) through the
    overtake every car makes (:func:`racebook.formulagp.battles.bot_overtakes`); ``moved``: R moved this turn."""
    race = built(where, {}, mover="R")
    s = race.state
    s.turn = Turn("R")
    if moved:
        p = s.track.pos("T39.4.1")  # it came from T39.4.1 onto the shadow car
        s.turn.seen = ((p.tile, p.lane, p.space),)
    log = EventLog(None)
    bot_overtakes(s, s.cars["R"], ot, lane, log)
    return race, _overtook(log)


def test_an_overtake_passing_the_shadow_car_stops_on_it() -> None:
    """3 OT from T38.4.2 in lane 4: T39.4.1, T39.4.2 (the shadow car), then T40.4.1 would be behind the yellow line:
    the overtake stops on the shadow car and 1 OT is lost (§16.1)."""
    race, took = _bot_overtake({"R": "T38.4.2", "P": "T39.3.1"}, 3)
    s = race.state
    assert (took.frm, took.to, took.ot, took.spaces, took.lost) == ("T38.4.2", "T39.4.2", 3, 2, 1)
    assert "shadow car" in took.why and "§16.1" in took.why and "§16.1" in str(took)
    assert s.track.name_of(s.cars["R"].pos) == "T39.4.2" and s.cars["R"].pit == "" and s.cars["R"].ot == 0
    conserved(race)


def test_an_overtake_starting_on_the_shadow_car_does_not_move_forward() -> None:
    """A car on the shadow car goes forward only into the pits (§16.1): its overtake's points are all lost."""
    race, took = _bot_overtake({"R": "T39.4.2", "P": "T30.1.1"}, 2)
    assert (took.frm, took.to, took.spaces, took.lost) == ("T39.4.2", "T39.4.2", 0, 2) and "§16.1" in took.why
    assert race.state.track.name_of(race.state.cars["R"].pos) == "T39.4.2"


def test_a_slipstream_overtake_from_the_shadow_car_steps_sideways_only_as_the_move_would() -> None:
    """The first point of a Slipstream overtake steps to the lane beside; from the shadow car the move allows that
    only to a car whose turn starts there (``pitlane.barred``, a reading of §16.1): one rule for both."""
    _, fresh = _bot_overtake({"R": "T39.4.2", "P": "T30.1.1"}, 2, lane=3)
    assert (fresh.to, fresh.spaces, fresh.lost, fresh.why) == ("T40.3.1", 2, 0, "")
    _, moved = _bot_overtake({"R": "T39.4.2", "P": "T30.1.1"}, 2, lane=3, moved=True)
    assert (moved.to, moved.spaces, moved.lost) == ("T39.4.2", 0, 2) and "§16.1" in moved.why


def test_other_lanes_and_an_overtake_that_ends_on_the_shadow_car_are_unchanged() -> None:
    """Lane 3 runs on past T39 (3 OT: T39.3.1, T39.3.2, T40.3.1); a player's 2 OT from T38.4.2 end exactly on the
    shadow car with nothing lost (the teaching board's OT maximum is 2)."""
    _, lane3 = _bot_overtake({"R": "T38.3.2", "P": "T30.1.1"}, 3)
    assert (lane3.to, lane3.spaces, lane3.lost, lane3.why) == ("T40.3.1", 3, 0, "")
    race = built({"Grey": "T38.4.2", "Red": "T39.3.1"}, {"Grey": ["R1", "B1"], "Red": ["R4"]})
    race.apply("Grey play R1")
    race.apply("Grey stop")  # Red on T39 in the adjacent lane: a forced stop, OT 2 (§13.2)
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    events = race.apply("Red bid R4")
    took = next(e for e in events if isinstance(e, ev.Overtook))
    assert (took.frm, took.to, took.spaces, took.lost, took.why) == ("T38.4.2", "T39.4.2", 2, 0, "")
    assert race.state.track.name_of(race.state.cars["Grey"].pos) == "T39.4.2" and race.state.cars["Grey"].pit == ""
    conserved(race)
