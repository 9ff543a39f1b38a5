"""The worn-tyres RED die at the next pit entry (digest §14.1 Appendix B's RED die icon, §16.1; the original's
Appendix: "If the result of this RED die roll prevents you from entering pit lane, do not roll the RED die when you
enter pit lane during your next turn"), through the engine on built positions with stacked dice, as the pit-entry
spin tests build them (:mod:`tests.formulagp.test_spin_pitlane`): Grey on the teaching circuit's pit-entry tile T39,
pit-side lane 4, its wear marker on the RED die icon; the WHITE die's red face sends a spin or a counter-steer left,
onto lane 3, away from the pit lane."""

from __future__ import annotations

import pytest

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import losscontrol, pits
from racebook.formulagp.events import redpitentry as rev
from racebook.formulagp.events import spins as sev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, Resume
from tests.formulagp.test_losscontrol import LOC, RED, RED_ICON, face, kinds
from tests.formulagp.test_race import at_turn, conserved
from tests.formulagp.test_spin_pitlane import FAR, pitting

YELLOW_RISK = face("yellow", "risk")  # the YELLOW die has no loss-of-control face: a RISK card may have one
RED_RISK = face("red", "risk")
SNAP = "RK14"  # the RISK card 'Snap oversteer': a loss of control
RED_BLANK = face("red", "wear")  # not a loss of control (Tyre wear +1; test_spin_pitlane: the car enters)
PANIC = "RK9"  # the RISK card 'Moment of panic': Stress +1


def red_rolls(events: list[object]) -> list[str]:
    return [e.face for e in events if isinstance(e, ev.DieRolled) and e.die == "red"]


def next_turn_at_entry(race: Race, hand: list[str], red: list[str]) -> Race:
    """Grey's turn in round 4 (the engine's next round, the cars kept where they are), the RED die's faces stacked."""
    s = race.state
    assert s.round == 4  # the engine went on to the next round after Grey's turn (the only car in the order)
    at_turn(race, "Grey", {}, hand, round_=4)
    s.stacked["red"] = list(red)
    race.refresh()
    return race


def lost_to_the_worn_die() -> tuple[Race, list[object]]:
    """Round 3: Grey's worn-tyres RED die shows loss of control at its pit entry, the spin goes left (on track, lane
    3): the entry is lost."""
    race, events = pitting("T39.4.2", ["G5"], {"red": [LOC], "white": [RED]})
    return race, events


def test_the_worn_die_that_stops_the_entry_spares_the_next_turns_entry() -> None:
    race, events = lost_to_the_worn_die()
    s, grey = race.state, race.state.cars["Grey"]
    assert grey.spun and grey.pit == "" and s.track.name_of(grey.pos) == "T39.3.2"
    assert kinds(events).index("PitEntryLost") < kinds(events).index("RedDieExcusedNextEntry")
    excused = next(e for e in events if isinstance(e, rev.RedDieExcusedNextEntry))
    assert excused.round == 4 and grey.red_spared == 4 and "next turn (round 4)" in excused.sentence()
    next_turn_at_entry(race, ["G5"], [LOC])
    race.apply("Grey play G5")  # 8th gear GREEN: 3 MP (worn tyres: no bonus)
    race.apply("Grey face")  # §18.2: the 1st MP turns the spun car
    race.apply("Grey to T39.4.2")  # back into the pit-side lane, the front space
    events = list(race.apply("Grey pit"))
    spared = next(e for e in events if isinstance(e, rev.RedDieSparedAtEntry))
    assert spared.at == "T39.4.2" and "§16.1" in spared.sentence() and "Appendix B" in spared.sentence()
    assert red_rolls(events) == [] and s.stacked["red"] == [LOC]  # the stacked loss of control is never rolled
    assert grey.pit == "box" and "PitEntered" in kinds(events)
    assert kinds(events).index("RedDieSparedAtEntry") < kinds(events).index("PitEntered")
    assert grey.red_spared == 0  # used: cleared at the end of the turn
    assert " rsp=" not in format_state(s)
    conserved(race)


def test_the_spare_is_only_the_worn_die_a_pair_still_rolls_its_yellow_die() -> None:
    """After a counter-steer away from the pit lane (on track, pointing forward, no stress, no Yellow Flag: a pair is
    allowed next turn)."""
    race, _ = pitting("T39.4.2", ["G5", "G1"], {"red": [LOC], "white": [RED]})
    race.apply("Grey countersteer G1")
    next_turn_at_entry(race, ["G5", "G6"], [LOC])
    s, grey = race.state, race.state.cars["Grey"]
    assert grey.red_spared == 4 and not grey.spun
    s.stacked["yellow"] = [face("yellow", "wear")]
    race.apply("Grey play G5 G6")  # a movement pair: the YELLOW die is owed (§6.3)
    race.apply("Grey to T39.4.2")
    events = list(race.apply("Grey pit"))
    rolled = [e.die for e in events if isinstance(e, ev.DieRolled)]
    assert rolled == ["yellow"] and "RedDieSparedAtEntry" in kinds(events) and grey.pit == "box"


@pytest.mark.parametrize(("stacked", "stress", "play"), [
    ({"red": [RED_BLANK], "yellow": [YELLOW_RISK], "white": [RED]}, 1, "G5 G6"),  # the pair's YELLOW die: RK14
    # Stressed, a single RED card (no relief): the worn die's RISK card Moment of panic, then the over-stress die (A8)
    ({"red": [RED_RISK, LOC], "white": [RED], "risk": [PANIC]}, 2, "R2"),
    ({"red": [RED_RISK], "white": [RED]}, 1, "G5"),  # the reading: the worn die's RISK face, the card stops it
])
def test_another_die_that_stops_the_entry_spares_nothing(stacked: dict[str, list[str]], stress: int, play: str) -> None:
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey", {"Grey": "T39.4.2", **FAR}, play.split())
    s, grey = race.state, race.state.cars["Grey"]
    grey.wear, grey.stress = RED_ICON, stress
    s.stacked.update({k: list(v) for k, v in stacked.items() if k != "risk"})
    s.card_stack["risk"] = list(stacked.get("risk", [SNAP]))
    race.refresh()
    race.apply(f"Grey play {play}")
    events = list(race.apply("Grey pit"))
    assert grey.spun and "PitEntryLost" in kinds(events)
    assert "RedDieExcusedNextEntry" not in kinds(events) and grey.red_spared == 0
    next_turn_at_entry(race, ["R2"], [RED_BLANK])  # 5 MP (a DAMAGE card drawn on the way may cost one)
    race.apply("Grey play R2")
    race.apply("Grey face")
    race.apply("Grey to T39.4.2")
    events = list(race.apply("Grey pit"))
    assert red_rolls(events) == ["wear"] and "RedDieSparedAtEntry" not in kinds(events)  # owed as after any move
    assert grey.pit == "box"


def test_a_tricky_corners_red_die_that_stops_the_entry_spares_nothing() -> None:
    """The teaching circuit's pit entry has no skid marks: the tricky corner's RED die is queued at the entry as the
    dice-owed rule tags it (``car:red:tricky``), before the worn-tyres one, and rolled by the engine's dice roller."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3), "Grey", {"Grey": "T39.4.2", **FAR}, ["G5"])
    s, grey = race.state, race.state.cars["Grey"]
    grey.wear = RED_ICON
    race.refresh()
    race.apply("Grey play G5")
    log = EventLog(None)
    s.resume, s.dice_left = Resume.PIT, ["Grey:red:tricky", "Grey:red:worn"]
    s.stacked.update({"red": [LOC, LOC], "white": [RED]})
    losscontrol.roll_dice(s, log)
    assert grey.spun and s.turn is not None and s.turn.entry_loc == "other"
    assert "already spun" in [e for e in log if isinstance(e, ev.LostControl)][-1].cause
    pits.after_dice(s, grey, log)
    assert "PitEntryLost" in kinds(list(log)) and "RedDieExcusedNextEntry" not in kinds(list(log))
    assert grey.red_spared == 0


def test_a_counter_steer_away_is_stopped_by_the_worn_die_too_and_the_positions_round_trip() -> None:
    """The decision waits in the CONTROL phase (resume=pit) with ``el=worn`` in the turn; after the counter-steer
    away from the pit lane the car is marked (``rsp=4``), and both positions round-trip."""
    race, _ = pitting("T39.4.2", ["G5", "G1"], {"red": [LOC], "white": [RED]})
    s = race.state
    assert s.phase is Phase.CONTROL and s.turn is not None and s.turn.entry_loc == "worn"
    text = format_state(s)
    assert " el=worn" in text and format_state(parse_position(text)) == text
    events = list(race.apply("Grey countersteer G1"))
    grey = s.cars["Grey"]
    assert not grey.spun and s.track.name_of(grey.pos) == "T39.3.2"
    assert isinstance(next(e for e in events if isinstance(e, sev.PitEntryLost)), sev.PitEntryLost)
    assert grey.red_spared == 4
    text = format_state(s)
    assert " rsp=4" in text and format_state(parse_position(text)) == text
    old = text.replace(" rsp=4", "")  # a line written before the mark existed still reads: no mark
    assert parse_position(old).cars["Grey"].red_spared == 0


def test_a_worn_die_that_does_not_stop_the_entry_marks_nothing() -> None:
    """A collision or a wall leaves the car on its entry space (N27): here no loss of control at all, the entry is
    made and nothing is marked; the worn die's stacked face is rolled."""
    race, events = pitting("T39.4.2", ["G5"], {"red": [RED_BLANK]})
    grey = race.state.cars["Grey"]
    assert grey.pit == "box" and red_rolls(events) == ["wear"] and grey.red_spared == 0


def test_the_spare_lapses_when_the_next_turn_does_not_enter() -> None:
    """'during your next turn': a car that does not enter then rolls the worn-tyres RED die after that move, as after
    every move, and the mark is gone."""
    race, _ = lost_to_the_worn_die()
    next_turn_at_entry(race, ["G5"], [RED_BLANK])
    s, grey = race.state, race.state.cars["Grey"]
    race.apply("Grey play G5")
    race.apply("Grey face")
    race.apply("Grey to T40.3.1")
    race.apply("Grey to T40.3.2")  # the last MP
    events = list(race.apply("Grey end"))
    assert red_rolls(events) == ["wear"] and "RedDieSparedAtEntry" not in kinds(events)
    assert grey.red_spared == 0 and grey.pit == ""
    assert s.round == 5


@pytest.mark.parametrize("bad", ["Grey:yellow:worn", "Grey:red:spare", "Nobody:red:worn"])
def test_the_notation_refuses_a_bad_worn_die_tag(bad: str) -> None:
    race, _ = lost_to_the_worn_die()
    text = format_state(race.state)
    assert " dl=- " in text
    good = text.replace(" dl=- ", " dl=Grey:red:worn ")
    assert format_state(parse_position(good)) == good
    with pytest.raises(NotationError, match="dl="):
        parse_position(text.replace(" dl=- ", f" dl={bad} "))
    with pytest.raises(NotationError, match="rsp="):
        parse_position(text.replace(" rsp=4", " rsp=-1"))
