"""Section activation and turn order (§10, §11): the manual's Ex. 11–14 and unit checks of the sweep."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90 import notation
from racebook.rf90.rules import activation
from racebook.rf90.state import RaceState
from racebook.rf90.trackfile import load_track


def turn_order(race: racebook.Race, turn: int) -> list[tuple[str, str]]:
    """(activation label, car) for every individual turn begun in Game Turn ``turn``."""
    out, label, current = [], None, None
    for e in race.events:
        if isinstance(e, ev.GameTurnStarted):
            current = e.turn
        elif isinstance(e, ev.SectionActivated):
            label = e.label
        elif isinstance(e, (ev.TurnBegins, ev.TurnResumes)) and current == turn:
            out.append((label, e.car))
    return out


def activations(race: racebook.Race, turn: int) -> list[str]:
    out, current = [], None
    for e in race.events:
        if isinstance(e, ev.GameTurnStarted):
            current = e.turn
        elif isinstance(e, ev.SectionActivated) and current == turn:
            out.append(e.label)
    return out


def test_ex_11_basic_activation_order() -> None:
    """Ex. 11: E(Blue) → D(Purple) → G(Orange, Green) → I(Yellow); Blue and Orange both lap Purple."""
    race = racebook.load_scenario("ex11").race
    assert turn_order(race, 5) == [("E", "Blue"), ("D", "Purple"), ("G", "Orange"), ("G", "Green"), ("I", "Yellow")]
    laps = [(p.car, p.other) for p in race.events if isinstance(p, ev.Pass)]
    assert laps == [("Blue", "Purple"), ("Orange", "Purple")]
    first = next(e for e in race.events if isinstance(e, ev.SectionActivated))
    assert first.sentence() == "E activates: Blue plays (leader, FAS) — §11.2 case 1"


def test_ex_12_leader_section_waits_for_reactivation() -> None:
    """Ex. 12: only Blue plays on E's first activation; D (Purple) next; then E again (Orange, Green); then I."""
    race = racebook.load_scenario("ex12").race
    assert turn_order(race, 5) == [("E", "Blue"), ("D", "Purple"), ("E", "Orange"), ("E", "Green"), ("I", "Black")]
    assert activations(race, 5) == ["E", "D", "E", "I"]
    assert ("Orange", "Purple") in [(p.car, p.other) for p in race.events if isinstance(p, ev.Pass)]


def test_ex_13_leader_pits_token_passes_at_once() -> None:
    """Ex. 13: C (Blue pits, the token goes to Orange at once) → D (Orange laps Purple) → B → E → G."""
    race = racebook.load_scenario("ex13").race
    order = turn_order(race, 5)
    assert [label for label, _ in order][:5] == ["C", "D", "B", "E", "G"]
    assert order[1] == ("D", "Orange")
    tokens = [e for e in race.events if isinstance(e, ev.LeaderToken) and e.rule == "§13.A.3"]
    assert [(t.car, t.section) for t in tokens] == [("Orange", "D")]
    # the token moved before any other car played: right after Blue's recoil
    idx_token = race.events.index(tokens[0])
    idx_orange = next(i for i, e in enumerate(race.events) if isinstance(e, ev.TurnBegins) and e.car == "Orange")
    assert idx_token < idx_orange
    assert ("Orange", "Purple") in [(p.car, p.other) for p in race.events if isinstance(p, ev.Pass)]
    # Blue plays phases B–F when his new section (K) is activated
    assert order[-1] == ("K", "Blue")


def test_ex_14_subsections() -> None:
    """Ex. 14: C2 (Blue only) → D (Orange laps Purple and Yellow, not Red) → B2 (Yellow) → C → G … → B1 (Red) last."""
    race = racebook.load_scenario("ex14").race
    order = turn_order(race, 5)
    assert order[0] == ("C2", "Blue")
    assert order[1] == ("D", "Orange")
    assert order[2] == ("B2", "Yellow")
    assert order[3] == ("C", "Purple")
    assert ("G", "Green") in order
    assert order[-1] == ("B1", "Red")
    laps = [(p.car, p.other) for p in race.events if isinstance(p, ev.Pass) and p.car == "Orange"]
    assert laps == [("Orange", "Purple"), ("Orange", "Yellow")]
    # after Orange's move Red sits ahead of the leader in B: subsection B1
    after = next(i for i, e in enumerate(race.events) if isinstance(e, ev.TurnEnds) and e.car == "Orange")
    frame = race.frames[after]
    assert frame.order["B"][:2] == ("Red", "Orange") and frame.leader == "Orange"


def _state(rpn: str) -> RaceState:
    s = RaceState(load_track("teaching"))
    notation.apply(notation.parse(rpn), s)
    return s


def test_sweep_runs_backwards_from_the_fas_and_ends_with_the_ahead_subsection() -> None:
    """§11.3: FAS first (leader subsection), then every section backwards round the loop, then subsection 1."""
    s = _state("teaching turn=3 lap=2 | C: Purple Blue* Green")
    groups = [str(a) for a in activation.sweep(s)]
    assert groups[0] == "C2" and groups[1] == "D" and groups[-2] == "B" and groups[-1] == "C1"
    assert len(groups) == len(s.track) + 1
    assert activation.cars_of(s, activation.sweep(s)[0]) == ["Blue", "Green"]
    assert activation.cars_of(s, activation.sweep(s)[-1]) == ["Purple"]


def test_only_the_leader_plays_first() -> None:
    """§11.2 case 1: the leader plays alone first, even with cars behind him in his section."""
    s = _state("teaching turn=3 lap=2 | E: Blue* Orange Green | G: Red")
    nxt = activation.next_to_play(s)
    assert nxt is not None and nxt.car == "Blue" and nxt.solo and nxt.rule == "§11.2 case 1"
    s.cars["Blue"].played = True
    nxt = activation.next_to_play(s)
    assert nxt is not None and (nxt.car, nxt.rule) == ("Orange", "§11.2 case 1")


def test_every_car_plays_once_per_game_turn() -> None:
    """§11.1: a section may be activated several times, but each car plays only once per Game Turn."""
    for name in ("ex11", "ex12", "ex13", "ex14"):
        race = racebook.load_scenario(name).race
        cars = [e.car for e in race.events if isinstance(e, ev.TurnBegins)
                and e in race.events[:next(i for i, x in enumerate(race.events) if isinstance(x, ev.GameTurnEnded))]]
        on_track = [c.id for c in race.state.cars.values() if c.on_track]
        assert sorted(cars) == sorted(on_track), name
