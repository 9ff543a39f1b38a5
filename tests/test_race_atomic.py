"""Race.apply is atomic (issue 14): an action that raises half-way leaves the race exactly as it was before it.

A legal action must never raise (tests/test_legal_play_fuzz.py plays many random races to check it); if one does
(an engine bug), ``apply`` rewinds the race to the position before the action and raises
:class:`racebook.core.errors.EngineError` naming the action, the position and the original exception. A typed
racebook error raised mid-step propagates unchanged, also after the rewind.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import racebook
from racebook.core.errors import EngineError, IllegalAction, RacebookError
from racebook.rf90 import turn
from racebook.rf90.game import Race
from racebook.rf90.rules import duel
from racebook.rf90.turn import legality, phases

MakeRace = Callable[..., Race]


def _et_race(make_race: MakeRace) -> Race:
    """Issue 14 bug 1's position: Blue on the red ET D.et1 plays R60 with T04 declared for its ET Discard Power,
    1 chip and R60's 2 tyre units to pay."""
    race = make_race("teaching turn=5 lap=2 | D: Blue*@D.et1 | B: Red",
                     {"Blue": {"hand": ["R60", "T04", "R10"], "target": "R88", "chips": 1},
                      "Red": {"hand": ["R20", "R30"], "target": "R40", "chips": 5}}, deck=["R95"])
    race.apply("Blue start")
    race.apply("Blue play R60 +traj et=T04")
    return race


def _look(race: Race) -> tuple:
    return (race.state.to_dict(), race.position(), race.current_car, race.phase, [str(a) for a in
                                                                                   race.legal_actions()],
            len(race.steps), [str(e) for e in race.events])


def test_a_raw_exception_mid_apply_rewinds_the_race_and_raises_engine_error(make_race: MakeRace,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14 bug 1 with its fix undone (T04 offered to pay tyres): the payment removes T04 from the hand, pays
    the chip, then the ET Discard Power's ``hand.remove(T04)`` raises ValueError. The race is rewound (chips, hand,
    discards, phase, log as before) and an EngineError names the action and the position."""
    race = _et_race(make_race)
    monkeypatch.setattr(legality, "payable_hand", lambda car, ctx: list(car.hand))  # the bug, back
    assert "Blue pay chips=1 cards=T04" in [str(a) for a in race.legal_actions()]
    before = _look(race)
    state, blue = race.state, race.state.cars["Blue"]
    with pytest.raises(EngineError) as err:
        race.apply("Blue pay chips=1 cards=T04")
    e = err.value
    assert isinstance(e, RacebookError) and isinstance(e.__cause__, ValueError) and e.restored
    assert str(e.action) == "Blue pay chips=1 cards=T04" and e.position == before[1]
    assert "engine bug" in str(e) and "Blue pay chips=1 cards=T04" in str(e) and before[1] in str(e)
    assert _look(race) == before
    assert race.state is state and race.state.cars["Blue"] is blue  # restored in place
    monkeypatch.undo()
    race.apply("Blue pay chips=1 cards=R10")  # the race goes on
    assert "T04" in race.state.track_deck.discards and race.state.cars["Blue"].chips == 0


def test_a_racebook_error_mid_apply_rewinds_the_race_and_propagates_unchanged(
        make_race: MakeRace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A typed error raised half-way through a step (after the tyres were paid) propagates as it is; the race is
    back where it was."""
    race = _et_race(make_race)
    before = _look(race)
    boom = IllegalAction("x", "§0", "raised mid-step")

    def fail(*args: object, **kw: object) -> None:
        raise boom

    monkeypatch.setattr(phases, "_after_tyres", fail)
    with pytest.raises(IllegalAction) as err:
        race.apply("Blue pay chips=1 cards=R95")
    assert err.value is boom
    assert _look(race) == before


def test_an_interrupt_mid_apply_rewinds_the_race(make_race: MakeRace, monkeypatch: pytest.MonkeyPatch) -> None:
    """KeyboardInterrupt (not an Exception) is let through unchanged, after the rewind."""
    race = _et_race(make_race)
    before = _look(race)

    def stop(*args: object, **kw: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(phases, "_after_tyres", stop)
    with pytest.raises(KeyboardInterrupt):
        race.apply("Blue pay chips=1 cards=R95")
    assert _look(race) == before


def test_a_bug_in_the_duel_procedure_rewinds_the_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """§12: a failure inside the duel procedure (after the duel chance was recorded) also rewinds the race."""
    race = racebook.load_scenario("ex15").race.at(0)
    assert race.duel is not None
    before = _look(race)
    real = duel._challenge

    def broken(state, ctx, cid, events):  # type: ignore[no-untyped-def]
        real(state, ctx, cid, events)
        raise ZeroDivisionError("bug")

    monkeypatch.setattr(duel, "_challenge", broken)
    challenge = next(a for a in race.legal_actions() if a.verb == "challenge")
    with pytest.raises(EngineError) as err:
        race.apply(challenge)
    assert isinstance(err.value.__cause__, ZeroDivisionError)
    assert _look(race) == before
    monkeypatch.undo()
    race.apply(challenge)
    assert race.duel is not None and race.duel.challenger == challenge.car


def test_engine_error_says_when_the_state_was_changed_outside_apply(make_race: MakeRace,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The rewind replays the logged actions; if the state was edited by hand (here Blue's chips, before his
    payment) the replay's log differs, and the error says the position could not be restored rather than
    pretending."""
    race = _et_race(make_race)
    race.state.cars["Blue"].chips = 3  # edited outside apply: not in the log
    race.apply("Blue pay chips=1 cards=R95")  # the log says: 2 chips left
    failing = race.legal_actions()[0]
    real = turn.apply

    def broken(state, ctx, action, events):  # type: ignore[no-untyped-def]
        if action == failing:
            raise ZeroDivisionError("bug")
        real(state, ctx, action, events)

    monkeypatch.setattr(turn, "apply", broken)
    with pytest.raises(EngineError) as err:
        race.apply(failing)
    assert not err.value.restored and "could NOT be restored" in str(err.value)
