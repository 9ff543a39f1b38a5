"""The Optional Faster VSC (digest §21 15.11.3, §19.5; the original's 15.11.3), ``faster_vsc``: the driver who drew
the 'Virtual Safety Car' card finishes its turn, the Chequered Flag advances, every car moves 4 spaces in the VSC round
with no card drawn or played, the VSC lasts one round, the current sequence continues. Both readings of the switch on
a built position, and seeded races with both Optional rules of this branch on."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.events import Event
from racebook.core.log import EventLog
from racebook.core.rng import Rng
from racebook.formulagp import events as ev
from racebook.formulagp import vsc
from racebook.formulagp.actions import End, FgpAction, Play, To
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.events.scperiod import FasterVscDeployed, FasterVscEnded, FasterVscMove
from racebook.formulagp.game import Race
from racebook.formulagp.integrity import problems
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase, Turn
from tests.formulagp.test_race import conserved
from tests.formulagp.test_raceevents import inject

WHERE = {"A": "T10.2.1", "B": "T20.2.1", "C": "T30.2.1"}


def _vsc_drawn(on: bool) -> Race:
    """Round 5, sequence A, B, C; A has moved; B drew the 'Virtual Safety Car' card on its turn; A is stressed."""
    race = new_race(list(WHERE), 3, rules=Rules(faster_vsc=on))
    s = race.state
    for car, text in WHERE.items():
        s.cars[car].pos = s.track.pos(text)
    s.round, s.phase, s.order, s.turn_index, s.turn = 5, Phase.PLAY, ("A", "B", "C"), 1, Turn("B")
    s.cars["A"].stress = 2
    race.refresh()
    vsc.deploy(s, "B", EventLog())
    race.refresh()
    return race


def _drive(race: Race, car: str) -> list[Event]:
    """``car``'s card-less VSC turn: a forward step while one is offered, then the end of its move."""
    out: list[Event] = []
    while race.current_car == car and race.state.phase is Phase.MOVE:
        legal = race.legal_actions()
        steps: list[FgpAction] = [a for a in legal if isinstance(a, To)]
        here = race.state.cars[car].pos.tile
        forward = [a for a in steps if isinstance(a, To) and race.state.track.pos(a.to).tile != here]
        out += race.apply((forward or steps or [End(car)])[0])
    return out


def _b_finishes(race: Race) -> list[Event]:
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play)))
    return _drive(race, "B")


def test_off_the_vsc_procedure_of_19_5() -> None:
    """Off: the other drivers move B's spaces this round, A moves a second time; stress goes to the middle."""
    race = _vsc_drawn(False)
    flag = race.state.flag
    events = _b_finishes(race)
    assert any(isinstance(e, ev.VscDeployed) for e in events) and not any(
        isinstance(e, FasterVscDeployed) for e in events)
    assert race.state.vsc == 2 and race.state.flag == flag and race.current_car == "C"
    assert race.state.cars["A"].stress == 1


def test_on_the_round_ends_and_every_car_moves_4_spaces_in_the_vsc_round() -> None:
    """On: B finishes its turn; the flag advances at once (C, still to move, loses that turn); the VSC round has no
    draw, every car moves 4 spaces with no card in the current sequence continued (C, A, B); A's stress is left
    alone; the VSC ends with that round and the next round draws again."""
    race = _vsc_drawn(True)
    s = race.state
    flag = s.flag
    events = _b_finishes(race)
    dep = [e for e in events if isinstance(e, FasterVscDeployed)]
    assert [(e.car, e.lost, e.spaces, e.sequence) for e in dep] == [("B", ("C",), 4, ("C", "A", "B"))]
    assert not any(isinstance(e, ev.VscDeployed) for e in events)
    assert s.flag == flag + 1 and s.vsc == vsc.FASTER_ROUND and s.order == ("C", "A", "B")
    assert not any(isinstance(e, ev.Drew) for e in events)  # §21 15.11.3: no new cards drawn
    assert format_state(parse_position(race.position())) == race.position()
    hands = {c: list(x.hand) for c, x in s.cars.items()}
    for car in ("C", "A", "B"):
        assert race.current_car == car and s.turn is not None and s.turn.mp_left == 4 and s.turn.cards == ()
        start = s.cars[car].pos
        events += _drive(race, car)
        assert s.cars[car].pos != start
        if car != "B":
            assert s.cars[car].hand == hands[car]  # no card played
    assert [(e.car, e.spaces) for e in events if isinstance(e, FasterVscMove)] == [("C", 4), ("A", 4), ("B", 4)]
    after = race.steps[-1].events
    assert any(isinstance(e, FasterVscEnded) for e in after) and s.vsc == 0
    assert any(isinstance(e, ev.Drew) for e in after) and s.flag == flag + 2  # normal play resumes
    assert s.cars["A"].stress == 2  # 15.11.3 names no stress step
    assert not problems(s)
    conserved(race)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5), st.booleans())
def test_races_with_the_faster_vsc_and_the_new_overtake_mode_end_and_conserve_cards(seed: int, n: int,
                                                                                  advanced: bool) -> None:
    """Seeded races with both switches on and 'Virtual Safety Car' cards injected (tests/formulagp/test_raceevents):
    the cards stay each in one place, the notation round-trips, every race ends with a full classification."""
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, mode=Mode.ADVANCED if advanced else Mode.STANDARD,
                    rules=Rules(new_overtake_mode=True, faster_vsc=True))
    drivers = {c: (RandomDriver(seed + i) if (i + seed) % 2 else Greedy(seed + i)) for i, c in enumerate(cars)}
    rng, log, steps = Rng(seed + 7), EventLog(None), 0
    while not race.is_over:
        if race.state.phase is Phase.PLAY and rng.below(25) == 0:
            vsc.deploy(race.state, race.current_car or "", log)
            race.refresh()
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        steps += 1
        assert steps < 30_000
        if steps % 53 == 0:
            assert not problems(race.state)
            assert format_state(parse_position(race.position())) == race.position()
            if not advanced:
                conserved(race)
    assert sorted(race.classification()) == sorted(cars)


def test_a_race_with_race_events_injected_and_the_faster_vsc_ends() -> None:
    """The race-event injector of tests/formulagp/test_raceevents.py (spins, Gravel, the Safety Car, the Red Flag, the
    'Virtual Safety Car' card) in a 3-car race with the Faster VSC: it ends, every card in one place."""
    race = new_race(["A", "B", "C"], 11, rules=Rules(faster_vsc=True))
    rng, log, steps, seen = Rng(8), EventLog(None), 0, set()
    driver = RandomDriver(11)
    while not race.is_over and steps < 6000:
        seen.add(inject(race, rng, log, rate=12))
        if race.is_over:
            break
        race.apply(driver.choose(race))
        steps += 1
    assert race.is_over and sorted(race.classification()) == ["A", "B", "C"]
    assert "virtual safety car card" in seen
    conserved(race)
