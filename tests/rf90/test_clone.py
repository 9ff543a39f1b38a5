"""State you can copy (issue 15 item 6): the turn in progress (§13), the duel procedure (§12) and the Safety Car's
deployment (§21.1) live in the race state, so ``Race.clone()`` copies a position — mid-turn included — without
replaying the log, and the copy continues exactly as the original does."""

from __future__ import annotations

import json
import random
from dataclasses import is_dataclass
from enum import Enum

import pytest
from equivalence import golden_robots  # tests/equivalence.py
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.rf90.actions import Action
from racebook.rf90.analysis.simulate import COLOURS
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.state import RaceState
from racebook.rf90.trackfile import available_tracks, load_track
from racebook.rf90.turn import Phase

TRACKS = tuple(available_tracks())
HORIZON = 6  # actions applied to every clone after it is taken (one clone per step taken by the original)
PHASES_C_TO_F = {Phase.PLAY, Phase.PAY, Phase.TEST, Phase.EVENTS, Phase.LATE_BRAKE, Phase.OCCUPY}  # C, D.1–D.4, F
SC_PHASES = {Phase.SC_WINDOW, Phase.SC_A, Phase.SC_DISCARD}


def seeded_race(track: str, players: int, seed: int, frames: bool = False) -> Race:
    """A race from set-up (§6–§9): ``players`` humans and the robots of the line-up the seeds below were chosen with
    (tests/equivalence.GOLDEN_ROBOTS: the harness's default before Expansion #1's line-ups)."""
    rs = new_race(load_track(track), [Driver(COLOURS[i]) for i in range(players)], golden_robots(players), seed=seed)
    return Race(rs.state, frames=frames)


def choose(race: Race, rnd: random.Random) -> Action:
    """A random legal action; ``start`` four times in five in phase A, so the cars race rather than skip."""
    legal = race.legal_actions()
    start = [a for a in legal if a.verb == "start"]
    return start[0] if start and rnd.random() < 0.8 else rnd.choice(legal)


def snapshot(race: Race) -> tuple:
    """Everything that makes the position: the state's dict (cars, hands, piles, discards, bag, rng), the machine
    states (turn, duel, Safety Car), whose decision it is, the legal actions and the log's length."""
    s = race.state
    return (race.position(), json.dumps(s.to_dict(), sort_keys=True), repr(s.turn_ctx), repr(s.duel_ctx),
            repr(s.sc_machine), s.solo, race.phase, race.current_car, race.is_over,
            [str(a) for a in race.legal_actions()], len(race.steps))


def sentences(race: Race, since: int) -> list[str]:
    return [str(e) for st_ in race.steps[since:] for e in st_.events]


# seeds chosen so that together the races pass through every phase asked for (asserted below)
CASES = [("teaching", 2, 0), ("teaching", 4, 2), ("silverstone", 3, 0), ("silverstone", 2, 1),
         ("monza", 2, 0), ("monza", 3, 2), ("monza", 4, 1), ("monaco", 2, 0), ("spa", 3, 0)]
SC_CASES = {("teaching", 4, 2), ("silverstone", 3, 0), ("monza", 2, 0), ("monza", 3, 2), ("monza", 4, 1)}


def test_the_cases_cover_every_shipped_track() -> None:
    assert {t for t, _, _ in CASES} == set(TRACKS)


@pytest.mark.parametrize(("track", "players", "seed"), CASES)
def test_a_clone_at_any_step_continues_exactly_as_the_original(track: str, players: int, seed: int) -> None:
    """§10–§13, §12, §21: at every step of a seeded race (turn phases A–F, a pending duel, a Safety Car turn) a clone
    shows the same position and legal actions; the same next actions give the same positions, events and legal
    actions on both; an action applied to a clone leaves the original as it was (position, legal actions, deck
    piles, hands, machine states)."""
    race = seeded_race(track, players, seed)
    rnd = random.Random(seed)
    clones: list[tuple[int, Race]] = []
    cloned_in: set[Phase] = set()
    reference: list[tuple] = [snapshot(race)]  # reference[i]: the original after i actions
    while not race.is_over:
        n = len(race.actions)
        before = snapshot(race)
        twin = race.clone()
        assert snapshot(twin) == before
        if race.phase is not None:
            cloned_in.add(race.phase)
        other = twin.clone()
        legal = other.legal_actions()
        other.apply(legal[-1])  # the clone diverges (not necessarily the action the original will take) ...
        assert snapshot(race) == before  # ... and the original is untouched
        assert snapshot(twin) == before  # ... nor is the race it was cloned from
        clones.append((n, twin))
        race.apply(choose(race, rnd))
        reference.append(snapshot(race))
    actions = race.actions
    for n, twin in clones:
        for i in range(n, min(n + HORIZON, len(actions))):
            twin.apply(actions[i])
            assert snapshot(twin) == reference[i + 1], f"clone at step {n}, after {actions[i]}"
        assert sentences(twin, n + 1) == sentences(race, n + 1)[:len(sentences(twin, n + 1))]
    assert PHASES_C_TO_F | {Phase.A, Phase.DUEL} <= cloned_in
    if (track, players, seed) in SC_CASES:
        assert SC_PHASES <= cloned_in


@pytest.mark.parametrize("track", TRACKS)
def test_a_mid_race_clone_plays_to_the_same_finish(track: str) -> None:
    """A clone taken mid-turn and played to the end with the original's actions finishes with the same events,
    frames and classification (§25); the original's log is not lengthened by the clone's steps."""
    race = seeded_race(track, 3, 5, frames=True)
    rnd = random.Random(5)
    while len(race.actions) < 60 or race.phase in (None, Phase.A):
        race.apply(choose(race, rnd))
    n = len(race.actions)
    twin = race.clone()
    while not race.is_over:
        race.apply(choose(race, rnd))
    for a in race.actions[n:]:
        twin.apply(a)
    assert twin.is_over and twin.position() == race.position()
    assert [str(e) for e in twin.events] == [str(e) for e in race.events]
    assert twin.frames == race.frames and twin.steps == race.steps
    assert twin.state.to_dict() == race.state.to_dict()


def test_appending_to_a_clone_does_not_change_the_original_log() -> None:
    """The clone shares the past steps (immutable) but not the list they are in."""
    race = seeded_race("teaching", 2, 1)
    rnd = random.Random(1)
    for _ in range(30):
        race.apply(choose(race, rnd))
    steps = list(race.steps)
    twin = race.clone()
    assert twin.steps == steps and twin.steps is not race.steps
    twin.apply(twin.legal_actions()[0])
    assert race.steps == steps and len(twin.steps) == len(steps) + 1
    race.apply(race.legal_actions()[-1])
    assert twin.steps[:len(steps)] == steps and len(twin.steps) == len(steps) + 1


def test_a_clone_of_a_finished_race_is_finished() -> None:
    """§25: the race is over in the copy too, with the same classification and no decision pending."""
    race = seeded_race("teaching", 2, 3)
    rnd = random.Random(3)
    while not race.is_over:
        race.apply(choose(race, rnd))
    twin = race.clone()
    assert twin.is_over and twin.legal_actions() == [] and twin.phase is None and twin.current_car is None
    assert twin.position() == race.position() and twin.events == race.events
    assert not twin.explain(race.actions[-1]).legal


def test_the_state_copy_keeps_the_machine_states_and_its_dict_leaves_them_out() -> None:
    """RaceState.copy() copies the turn in progress (§13) and the Safety Car's deployment (§21.1) as independent
    objects; to_dict() (the saved and scenario format) is unchanged and holds no machine state, so a state read
    from a dict is between two turns."""
    race = seeded_race("monza", 2, 0)
    rnd = random.Random(0)
    while race.phase is not Phase.PLAY:
        race.apply(choose(race, rnd))
    s = race.state
    c = s.copy()
    assert c.turn_ctx is not None and s.turn_ctx is not None
    assert c.turn_ctx == s.turn_ctx and c.turn_ctx is not s.turn_ctx
    assert c.turn_ctx.play is not s.turn_ctx.play and c.sc_machine is not s.sc_machine
    assert c.to_dict() == s.to_dict()
    assert not {"turn_ctx", "duel_ctx", "solo", "sc_machine"} & set(s.to_dict())
    fresh = RaceState.from_dict(s.to_dict(), s.track, s.cards)
    assert fresh.turn_ctx is None and fresh.duel_ctx is None and not fresh.sc_machine.window


IMMUTABLE = (str, int, float, bool, type(None), Enum, tuple, frozenset)


def shared_mutables(a: object, b: object, path: str = "state") -> list[str]:
    """Where ``b`` (a copy of ``a``) shares a mutable object with it, or differs from it in its fields."""
    frozen = is_dataclass(a) and a.__dataclass_params__.frozen  # type: ignore[union-attr]  # a dataclass's flag
    if isinstance(a, IMMUTABLE) or frozen:
        return [] if a == b else [f"{path}: {a!r:.40} != {b!r:.40}"]
    if a is b:
        return [path]
    if type(a) is not type(b):
        return [f"{path}: {type(a).__name__} != {type(b).__name__}"]
    if isinstance(a, dict):
        if list(a) != list(b):  # type: ignore[call-overload]
            return [f"{path}: keys differ"]
        return [p for k in a for p in shared_mutables(a[k], b[k], f"{path}[{k!r}]")]  # type: ignore[index]
    if isinstance(a, (list, set)):
        if isinstance(a, set):
            return [] if a == b else [f"{path}: {a} != {b}"]
        if len(a) != len(b):  # type: ignore[arg-type]
            return [f"{path}: lengths differ"]
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True))  # type: ignore[call-overload]
                for p in shared_mutables(x, y, f"{path}[{i}]")]
    names = list(vars(a)) if hasattr(a, "__dict__") else list(getattr(type(a), "__slots__", ()))
    if hasattr(a, "__dict__") and list(vars(a)) != list(vars(b)):
        return [f"{path}: attributes differ"]
    return [p for n in names for p in shared_mutables(getattr(a, n), getattr(b, n), f"{path}.{n}")]


@pytest.mark.parametrize("phase", [Phase.PLAY, Phase.DUEL, Phase.SC_WINDOW])
def test_the_state_copy_shares_no_mutable_object_with_the_original(phase: Phase) -> None:
    """RaceState.copy() copies every field (a field added later is caught here): the copy is equal to the original
    and shares with it only immutable values and the read-only track, card sets and rules."""
    race = seeded_race("monza", 2, 0)
    rnd = random.Random(0)
    while race.phase is not phase:
        race.apply(choose(race, rnd))
    s = race.state
    c = s.copy()
    assert c.track is s.track and c.cards is s.cards and c.track_cards is s.track_cards and c.rules is s.rules
    shared = {"track", "cards", "track_cards", "rules"}
    assert list(vars(c)) == list(vars(s))
    problems = [p for n in vars(s) if n not in shared for p in shared_mutables(vars(s)[n], vars(c)[n], n)]
    assert problems == []


def test_the_race_reads_its_machine_states_from_the_state() -> None:
    """Race.ctx / Race.duel / Race.sc_window are the state's turn_ctx / duel_ctx / sc_machine.window."""
    race = seeded_race("teaching", 3, 0)
    rnd = random.Random(0)
    seen_duel = False
    while not race.is_over and not seen_duel:
        assert race.ctx is race.state.turn_ctx and race.duel is race.state.duel_ctx
        assert race.sc_window is race.state.sc_machine.window
        seen_duel = race.duel is not None
        race.apply(choose(race, rnd))
    assert seen_duel


@pytest.mark.fuzz
@fuzz_settings(8)
@given(seed=st.integers(0, 2**31 - 1), track=st.sampled_from(TRACKS), players=st.integers(2, 4),
       at=st.integers(0, 400))
def test_fuzz_clone_at_a_random_step_continues_like_the_original(seed: int, track: str, players: int,
                                                                 at: int) -> None:
    """Random legal play: clone at a random step, continue both with the same random choices; the positions,
    events and legal actions stay identical to the finish."""
    race = seeded_race(track, players, seed)
    rnd = random.Random(seed)
    while not race.is_over and len(race.actions) < at:
        race.apply(choose(race, rnd))
    n = len(race.steps)
    twin = race.clone()
    a_rnd, b_rnd = random.Random(seed + 1), random.Random(seed + 1)
    while not race.is_over:
        assert snapshot(twin) == snapshot(race)
        race.apply(choose(race, a_rnd))
        twin.apply(choose(twin, b_rnd))
    assert twin.is_over and snapshot(twin) == snapshot(race)
    assert sentences(twin, n) == sentences(race, n)
