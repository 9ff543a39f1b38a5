"""The Optional rule 15.9, "let the Race Director decide" (digest §21 15.9; racebook/formulagp/racedirector.py, house
rule ``race_director``): a penalty from an incident involving another car (a collision's initiator, a push off
track) is judged by the WHITE die — a racing incident, a warning (the 2nd and each later one: 1 Penalty token) or
the penalty — and a driver already warned takes 2 tokens for an ordinary 1-token offence. Tested both ways on built
positions with stacked WHITE faces, the data file's validation, the notation's ``wn=``, and seeded races."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loaders import toml_text

from racebook.core.errors import DataError, NotationError, ScenarioError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import penalties, scenario
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.events import racedirector as rdev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.racedirector import Verdict, load_ranges_file, parse_ranges, ranges
from racebook.formulagp.setup import new_race
from tests.formulagp.test_race import EVENT_CODES, at_turn
from tests.formulagp.test_rookie import conserved as bot_cards_conserved
from tests.formulagp.test_scenario import EX10

E = TypeVar("E")
ON = Rules(race_director=True)
# the invented-for-teaching ranges of data/race_director.toml: 1-2 racing incident, 3-4 warning, 5-6 penalty
INCIDENT, WARNING, PENALTY = "1", "3", "5"


def wall_push(rules: Rules, white: list[str], warnings: int = 0) -> tuple[Race, list[object]]:
    """Grey changes lane into Red on T19, whose far side is a wall: a collision (§11.3.1, §18.3), Grey its
    initiator (the case of test_losscontrol's test_a_push_in_the_move_and_into_a_wall_is_a_collision)."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3, rules=rules), "Grey",
                   {"Grey": "T19.2.1", "Red": "T19.3.1", "Blue": "T33.1.1"}, ["G5"])
    race.state.cars["Grey"].warnings = warnings
    race.state.stacked["white"] = list(white)
    race.refresh()
    race.apply("Grey play G5")
    return race, list(race.apply("Grey to T19.3.1"))


def of(events: list[object], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


# ------------------------------------------------------------------ off: as today
def test_off_a_collision_costs_one_token_and_rolls_no_white_die() -> None:
    race, events = wall_push(Rules(), [PENALTY, INCIDENT])
    grey = race.state.cars["Grey"]
    assert any(isinstance(e, ev.Collided) for e in events) and grey.penalties == 1 and grey.warnings == 0
    assert not of(events, rdev.RaceDirectorRoll) and race.state.stacked["white"][:1] == [PENALTY]


def test_off_a_warning_count_never_doubles_a_token() -> None:
    race, _ = wall_push(Rules(), [], warnings=1)
    assert race.state.cars["Grey"].penalties == 1


# ------------------------------------------------------------------ on: each range of the WHITE die
@pytest.mark.parametrize(("face", "verdict", "tokens", "warnings"), [
    (INCIDENT, Verdict.RACING_INCIDENT, 0, 0), ("2", Verdict.RACING_INCIDENT, 0, 0),
    (WARNING, Verdict.WARNING, 0, 1), ("4", Verdict.WARNING, 0, 1),
    (PENALTY, Verdict.PENALTY, 1, 0), ("6", Verdict.PENALTY, 1, 0)])
def test_on_the_white_die_judges_a_collision(face: str, verdict: Verdict, tokens: int, warnings: int) -> None:
    race, events = wall_push(ON, [face])
    grey = race.state.cars["Grey"]
    rolls = of(events, rdev.RaceDirectorRoll)
    assert len(rolls) == 1 and rolls[0].citation == "§21"
    r = rolls[0]
    assert (r.car, r.other, r.face, r.outcome) == ("Grey", "Red", int(face), verdict.value)
    assert r.range == ranges().range_number(verdict)
    assert (grey.penalties, grey.warnings) == (tokens, warnings)
    assert any(isinstance(e, ev.Collided) for e in events)  # the collision itself happens whatever the verdict
    assert "Optional 15.9" in r.sentence()


def test_on_a_second_warning_gives_a_penalty_token_at_once_and_each_later_one_too() -> None:
    race, events = wall_push(ON, [WARNING], warnings=1)
    grey = race.state.cars["Grey"]
    warned = of(events, rdev.RaceDirectorWarning)
    assert (grey.warnings, grey.penalties) == (2, 1)
    assert [(w.count, w.tokens) for w in warned] == [(2, 1)]
    taken = of(events, ev.PenaltyTaken)
    assert [(t.car, t.tokens) for t in taken] == [("Grey", 1)]
    race, _ = wall_push(ON, [WARNING], warnings=2)  # the third warning: 1 token again (not doubled)
    assert (race.state.cars["Grey"].warnings, race.state.cars["Grey"].penalties) == (3, 1)


def test_on_a_driver_already_warned_takes_two_tokens_for_the_penalty() -> None:
    race, events = wall_push(ON, [PENALTY], warnings=1)
    grey = race.state.cars["Grey"]
    assert (grey.penalties, grey.warnings) == (2, 1)
    taken = of(events, ev.PenaltyTaken)[0]
    assert taken.tokens == 2 and "already warned" in taken.reason


def test_on_a_racing_incident_of_a_warned_driver_costs_nothing() -> None:
    race, _ = wall_push(ON, [INCIDENT], warnings=1)
    assert (race.state.cars["Grey"].penalties, race.state.cars["Grey"].warnings) == (0, 1)


@pytest.mark.parametrize(("rules", "face", "tokens"), [(Rules(), INCIDENT, 1), (ON, INCIDENT, 0), (ON, PENALTY, 1)])
def test_a_push_off_track_is_judged_only_with_the_rule(rules: Rules, face: str, tokens: int) -> None:
    """§11.3.1: Grey pushes Red off track on T05 (lane 4 is grass): the pusher's token, judged with the rule on."""
    race = at_turn(new_race(["Grey", "Red", "Blue"], 3, rules=rules), "Grey",
                   {"Grey": "T05.2.1", "Red": "T05.3.1", "Blue": "T33.1.1"}, ["G5"])
    race.state.stacked["white"] = [face]
    race.refresh()
    race.apply("Grey play G5")
    events = list(race.apply("Grey to T05.3.1"))
    assert race.state.cars["Red"].off == "right" and race.state.cars["Grey"].penalties == tokens
    rolls = of(events, rdev.RaceDirectorRoll)
    assert [(r.car, r.other) for r in rolls] == ([("Grey", "Red")] if rules.race_director else [])


# ------------------------------------------------------------------ the one place tokens are given
@pytest.mark.parametrize(("on", "warnings", "tokens"), [(False, 0, 1), (False, 1, 1), (True, 0, 1), (True, 1, 2)])
def test_pit_speeding_is_not_judged_but_doubled_for_a_warned_driver(on: bool, warnings: int, tokens: int) -> None:
    """Pit speeding involves no other car: no WHITE die; an ordinary 1-token offence: 2 tokens once warned."""
    race = new_race(["A", "B"], 1, rules=Rules(race_director=on))
    s, c = race.state, race.state.cars["A"]
    c.warnings = warnings
    s.stacked["white"] = [INCIDENT]
    log = EventLog(None)
    penalties.give(s, c, 1, "speeding in the pit lane", "§16.1", log)
    assert c.penalties == tokens and s.stacked["white"] == [INCIDENT] and not of(list(log), rdev.RaceDirectorRoll)


def test_penalty_icons_counted_on_cards_are_never_doubled() -> None:
    race = new_race(["A", "B"], 1, rules=ON)
    s, c = race.state, race.state.cars["A"]
    c.warnings = 1
    penalties.give(s, c, 1, "penalty icons revealed at the end of the race", "§17.2.1", EventLog(None), offence=False)
    penalties.give(s, c, 2, "a 2-token offence", "§17.3", EventLog(None))  # only a 1-token offence doubles
    assert c.penalties == 3


def test_a_rookie_bot_is_never_judged() -> None:
    """§22.13.8: Rookie BOTs never get penalties, so the Race Director rolls nothing for them."""
    race = new_race(["A", "B"], 1, rules=ON, bots=("B",))
    s, b = race.state, race.state.cars["B"]
    s.stacked["white"] = [WARNING]
    log = EventLog(None)
    penalties.give(s, b, 1, "the initiator of a collision with A", "§18.3", log, against="A")
    assert (b.penalties, b.warnings, list(log), s.stacked["white"]) == (0, 0, [], [WARNING])


# ------------------------------------------------------------------ the data file
def test_the_ranges_are_invented_for_teaching_and_cover_the_die() -> None:
    r = ranges()
    assert r.source.startswith("invented-for-teaching: ")
    assert [r.verdict(f) for f in range(1, 7)] == [Verdict.RACING_INCIDENT] * 2 + [Verdict.WARNING] * 2 + [
        Verdict.PENALTY] * 2


def _doc(**kw: object) -> dict[str, object]:
    t = {"racing_incident": [1, 2], "warning": [3, 4], "penalty": [5, 6], "source": "invented-for-teaching: a test"}
    t.update(kw)
    return {"schema": 1, "race_director": {k: v for k, v in t.items() if v is not None}}


@pytest.mark.parametrize(("doc", "field"), [
    (_doc(warning=[4, 4]), "race_director.warning"),  # a gap: 3 is no range's
    (_doc(warning=[2, 4]), "race_director.warning"),  # an overlap with the 1st range
    (_doc(penalty=[5, 5]), "race_director.penalty"),  # 6 is no range's
    (_doc(penalty=[5, 7]), "race_director.penalty"),  # no face 7
    (_doc(warning=[4, 3]), "race_director.warning"),  # the lowest first
    (_doc(warning="3-4"), "race_director.warning"),
    (_doc(warning=[3, True]), "race_director.warning"),
    (_doc(penalty=None), "race_director.penalty"),
    (_doc(source="made up"), "race_director.source"),
    (_doc(extra=1), "race_director.extra"),
    ({"schema": 2}, "schema"),
    ({"schema": 1}, "race_director"),
])
def test_a_bad_ranges_file_is_a_clean_data_error(doc: dict[str, object], field: str) -> None:
    with pytest.raises(DataError) as e:
        parse_ranges(doc, "race_director.toml")
    assert e.value.file == "race_director.toml" and e.value.field == field and e.value.reason


def test_the_ranges_file_loads_from_a_path(tmp_path: Path) -> None:
    f = tmp_path / "rd.toml"
    f.write_text('schema = 1\n[race_director]\nracing_incident = [1, 1]\nwarning = [2, 5]\npenalty = [6, 6]\n'
                 'source = "invented-for-teaching: a club\'s dice"\n', encoding="utf-8")
    r = load_ranges_file(f)
    assert (r.verdict(1), r.verdict(5), r.verdict(6)) == (Verdict.RACING_INCIDENT, Verdict.WARNING, Verdict.PENALTY)


# ------------------------------------------------------------------ the notation
def test_warnings_round_trip_in_the_notation_and_are_written_only_when_held() -> None:
    race = new_race(["A", "B"], 1, rules=ON)
    line = format_state(race.state)
    assert " wn=" not in line
    race.state.cars["B"].warnings = 2
    line = format_state(race.state)
    assert " wn=2" in line and parse_position(line).cars["B"].warnings == 2
    assert format_state(parse_position(line)) == line
    for bad in ("wn=x", "wn=-1", "wn=01", "wn=²"):
        with pytest.raises(NotationError, match="wn="):
            parse_position(line.replace("wn=2", bad))


# ------------------------------------------------------------------ seeded races with the rule on
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), greedy=st.booleans(), bots=st.integers(0, 2))
def test_seeded_races_with_the_race_director_end_and_conserve_cards_and_tokens(seed: int, n: int, greedy: bool,
                                                                              bots: int) -> None:
    ids = [f"C{i}" for i in range(n)]
    race = new_race(ids, seed, rules=ON, bots=tuple(ids[:bots]))
    play_out(race, {c: (Greedy(seed + i) if greedy else RandomDriver(seed + i)) for i, c in enumerate(ids)})
    assert race.is_over
    bot_cards_conserved(race)  # each player's ACTION cards and every BOT card in one place
    assert Counter(race.state.events_everywhere()) == EVENT_CODES
    events = list(race.events)
    taken: Counter[str] = Counter()
    for e in events:
        if isinstance(e, ev.PenaltyTaken):
            taken[e.car] += e.tokens
        elif isinstance(e, ev.PenaltiesServed):
            taken[e.car] -= e.tokens
    warned = Counter(e.car for e in events if isinstance(e, rdev.RaceDirectorWarning))
    for c in race.state.cars.values():
        assert c.penalties == taken[c.id] >= 0, c.id  # every token given, served or still held is accounted for
        assert c.warnings == warned[c.id]
        if c.bot == "rookie":
            assert c.penalties == 0 and c.warnings == 0
    for r in (e for e in events if isinstance(e, rdev.RaceDirectorRoll)):
        assert ranges().verdict(r.face).value == r.outcome and r.car != r.other
    line = format_state(race.state)
    assert format_state(parse_position(line)) == line


# ------------------------------------------------------------------ a scenario's [[car]] key
def test_a_scenario_sets_a_cars_warnings_and_refuses_a_bad_count(tmp_path: Path) -> None:
    doc = tomllib.loads(EX10.read_text(encoding="utf-8"))
    f = tmp_path / "s.toml"
    doc["car"][0]["warnings"] = 1
    f.write_text(toml_text(doc), encoding="utf-8")
    assert scenario.read(f).state.cars["Grey"].warnings == 1
    doc["car"][0]["warnings"] = 10
    f.write_text(toml_text(doc), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        scenario.read(f)
    assert e.value.field == "car[0].warnings" and "out of range" in e.value.reason
