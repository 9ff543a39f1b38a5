"""Automobiles' race on the core Race base (issue 39): apply is atomic without copying the state, and a click back
replays at most K - 1 actions.

* While actions succeed nothing is copied: the state is copied once for the initial state, and with frames once
  every ``snapshot_every`` actions (the kept positions), never before every action (it was 55 % of a race's CPU).
* An action that raises half-way rewinds the race by replaying from the nearest kept position (or the start): the
  same position, legal actions and log, in the same state and player objects; a raw exception becomes an
  EngineError naming the action and the position, a racebook error and an interrupt propagate unchanged.
* ``at(n)`` starts from the nearest kept position: a click back at the end of a race replays at most K - 1 actions
  (counted, not timed) and gives the position a fresh replay gives.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from racebook.automobiles import turn
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.setup import new_state
from racebook.automobiles.state import GameState
from racebook.core.agents import play_out
from racebook.core.errors import EngineError, IllegalAction, RacebookError


def _race(frames: bool = True, seed: int = 5) -> Race:
    return play_out(Race(new_state(4, seed=seed), frames=frames), GreedyDriver())


def _look(race: Race) -> tuple:
    return (race.position(), race.state.rng.state, race.current_car, race.phase,
            [str(a) for a in race.legal_actions()], len(race.steps), [str(e) for e in race.events], list(race.frames))


@contextmanager
def _counting(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> Iterator[list[int]]:
    count = [0]
    real = getattr(cls, name)

    def counted(*args: object, **kw: object) -> object:
        count[0] += 1
        return real(*args, **kw)

    monkeypatch.setattr(cls, name, counted)
    yield count
    monkeypatch.setattr(cls, name, real)


def _halfway(race: Race, steps: int) -> Race:
    """The race replayed through ``steps`` actions, with frames (so it keeps positions), as a live race."""
    r = race._fresh(True)
    for a in race.actions[:steps]:
        r.apply(a)
    return r


def _break(monkeypatch: pytest.MonkeyPatch, failing: object, error: BaseException) -> None:
    """``turn.apply`` applies ``failing`` (changing the state), then raises ``error``, once (the same action played
    earlier in the race replays as ever); other actions as ever."""
    real = turn.apply
    armed = [True]

    def broken(state, action, events):  # type: ignore[no-untyped-def]
        real(state, action, events)
        if action == failing and armed[0]:
            armed[0] = False
            raise error

    monkeypatch.setattr(turn, "apply", broken)


def test_nothing_is_copied_while_actions_succeed(monkeypatch: pytest.MonkeyPatch) -> None:
    with _counting(monkeypatch, GameState, "copy") as copies:
        race = _race(frames=False)
    assert race.is_over and copies[0] == 1  # the initial state, kept for at(n) and saves
    with _counting(monkeypatch, GameState, "copy") as copies:
        race = _race(frames=True)
    k = Race.snapshot_every
    assert race.snapshots == list(range(0, len(race.actions), k))
    assert copies[0] == 1 + len(race.snapshots)


@pytest.mark.parametrize("steps", [5, 70])
def test_a_raw_exception_mid_apply_rewinds_the_race_in_place(monkeypatch: pytest.MonkeyPatch, steps: int) -> None:
    race = _halfway(_race(), steps)
    failing = race.legal_actions()[0]
    before = _look(race)
    state, players = race.state, dict(race.state.players)
    _break(monkeypatch, failing, ZeroDivisionError("bug"))
    with _counting(monkeypatch, Race, "apply_recorded") as replayed:
        with pytest.raises(EngineError) as err:
            race.apply(failing)
    e = err.value
    assert e.restored and isinstance(e.__cause__, ZeroDivisionError) and e.action == failing
    assert e.position == before[0] and "engine bug" in str(e)
    assert replayed[0] <= Race.snapshot_every - 1  # from the nearest kept position
    assert _look(race) == before
    assert race.state is state and all(race.state.players[p] is players[p] for p in players)  # restored in place
    monkeypatch.undo()
    race.apply(failing)  # the race goes on
    assert race.actions[-1] == failing


def test_a_racebook_error_or_an_interrupt_mid_apply_propagates_unchanged_after_the_rewind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    race = _halfway(_race(), 40)
    failing = race.legal_actions()[-1]
    before = _look(race)
    boom = IllegalAction("x", "§0", "raised mid-step")
    _break(monkeypatch, failing, boom)
    with pytest.raises(IllegalAction) as err:
        race.apply(failing)
    assert err.value is boom and _look(race) == before
    _break(monkeypatch, failing, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        race.apply(failing)
    assert _look(race) == before


def test_engine_error_says_when_the_state_was_changed_outside_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    """The edit comes after the last kept position (an edit before it is in the copy, and replays as the race went):
    the replay's events differ from the log, so the race is left as it is and the error says so."""
    race = _halfway(_race(), Race.snapshot_every + 2)
    for p in race.state.players.values():
        p.bag["K"] = p.bag.get("K", 0) + 6  # edited outside apply: not in the log (changes the next draws)
    race.refresh()
    driver = GreedyDriver()
    for _ in range(20):
        race.apply(driver.choose(race, race.legal_actions()))
    failing = race.legal_actions()[0]
    _break(monkeypatch, failing, ZeroDivisionError("bug"))
    with pytest.raises(EngineError) as err:
        race.apply(failing)
    assert not err.value.restored and "could NOT be restored" in str(err.value)
    assert isinstance(err.value, RacebookError)


def test_a_click_back_at_the_end_of_a_race_replays_at_most_k_minus_1_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    k = Race.snapshot_every
    for seed in (1, 2, 3):
        race = _race(seed=seed)
        n = len(race.actions)
        assert n > 3 * k
        with _counting(monkeypatch, Race, "apply_recorded") as replayed:
            back = race.at(n - 1)
        assert replayed[0] <= k - 1
        assert replayed[0] == (n - 1) % k  # from the kept position at the last multiple of K
        fresh = race.replay(n - 1)
        assert back.position() == fresh.position() and back.state.rng.state == fresh.state.rng.state
        assert back.actions == race.actions[:-1] and back.events == fresh.events
        assert back.frames == race.frames[:len(back.frames)]
        assert back.legal_actions() == fresh.legal_actions()
        for m in (0, 1, k, n // 2, n):
            with _counting(monkeypatch, Race, "apply_recorded") as replayed:
                r = race.at(m)
            assert replayed[0] <= k - 1 and r.position() == race.replay(m).position()


def test_legal_actions_are_listed_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    race = _halfway(_race(frames=False), 10)
    with _counting(monkeypatch, Race, "_list_legal") as listed:
        first = race.legal_actions()
        race.explain(first[0])
        race.legal_actions().clear()  # a copy: the race's list is not changed
        assert race.legal_actions() == first
        race.apply(first[0])
        race.legal_actions()
    assert listed[0] == 2
