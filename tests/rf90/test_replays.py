"""Replays, time travel and frames (issue 16 items 1 and 5).

* A replay (``at(n)``, ``Race.replay``, loading a save) checks each recorded action with the handler that would list
  it (:meth:`Race.apply_recorded`, :func:`racebook.rf90.turn.allows`) and gives the same race, byte for byte, as
  playing it with the full listing: the equivalence races (tests/equivalence.py) are replayed both ways.
* ``allows`` answers exactly as membership in the listing does, for every legal action and for near-miss plays.
* A race with frames keeps a copy of its position every ``snapshot_every`` steps (no frame per event); ``at(n)`` from
  the nearest copy equals a fresh replay for every n; the frames rebuilt on demand equal the frames recorded live
  after every event; the memory it keeps per event is bounded by its copies, far below a frame per event.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from itertools import combinations

import equivalence as eq
import pytest

from racebook.core.errors import EngineError
from racebook.rf90.actions import Action, Play
from racebook.rf90.analysis.simulate import COLOURS, robots_for
from racebook.rf90.frame import frame_of
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import Phase

# the first races of each track of the equivalence set (all player counts, late braking by the odds, always, never;
# frames on and off)
SPECS = [s for s in eq.race_specs(eq.QUICK_PER_TRACK) if s.seed < 1000 + 8]


def listed_replay(race: Race, n: int | None = None) -> Race:
    """The race replayed through ``apply`` (the full legal listing before every action), from its initial state."""
    r = race._fresh(False)
    for a in race.actions[:n]:
        r.apply(a)
    return r


def texts(race: Race) -> tuple[list[str], list[str], dict]:
    return [str(a) for a in race.actions], [e.sentence() for e in race.events], race.state.to_dict()


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_a_replay_without_the_listing_equals_the_race_byte_for_byte(spec: eq.Spec) -> None:
    """Replaying the actions with ``apply_recorded`` (replay, at(n), a save) gives the played race's actions, event
    sentences and final state, as the full-listing replay does; the events also match the golden fingerprint."""
    played = eq.play(spec)
    race = played.race
    n = len(race.actions)
    want = (played.actions, played.events, played.state)
    assert texts(race.replay(n)) == want
    assert texts(listed_replay(race)) == want
    assert texts(Race.from_json(race.to_json(), frames=False)) == want
    assert [e.to_dict() for e in race.replay(n).events] == [e.to_dict() for e in race.events]
    golden = next(r for r in eq.load_golden()["races"] if (r["track"], r["seed"]) == (spec.track, spec.seed))
    assert eq._sha(texts(race.replay(n))[1]) == golden["events"]
    half = race.at(n // 2)
    assert texts(half) == texts(listed_replay(race, n // 2))


def near_misses(race: Race, legal: list[Action]) -> list[Action]:
    """Actions close to the legal ones: for a phase-C play, every pair of the hand in both orders with and
    without the trajectory, the blue token and a "-1" corner; else the legal actions of the other cars' verbs."""
    if race.ctx is None or race.ctx.phase is not Phase.PLAY:
        return []
    car = race.state.cars[race.ctx.car]
    corner = race.state.track.corners[0].number if race.state.track.corners else None
    combos = [(c,) for c in car.hand] + [p for a, b in combinations(car.hand, 2) for p in ((a, b), (b, a))]
    out: list[Action] = [Play(car.id, ())]
    for cards in combos:
        for traj in (False, True):
            for blue in (False, True):
                for m1 in (None, corner):
                    out.append(Play(car.id, cards, traj, blue, m1))
    out.append(Play("Nobody", combos[0] if combos else ()))
    return out


@pytest.mark.parametrize("track,players,seed", [("teaching", 2, 0), ("silverstone", 3, 1), ("monza", 4, 2)])
def test_allows_answers_as_the_listing_does(track: str, players: int, seed: int) -> None:
    """At every decision of a seeded race: every legal action is allowed, and a near miss is allowed iff it is
    listed (phase C's narrowed listing included); the empty play is checked against the full listing."""
    rs = new_race(load_track(track), [Driver(COLOURS[i]) for i in range(players)], robots_for(players), seed=seed)
    race = Race(rs.state, frames=False)
    rnd = random.Random(seed)
    checked = 0
    while not race.is_over and len(race.actions) < 250:
        legal = race.legal_actions()
        assert all(race._allows(a) for a in legal)
        for a in near_misses(race, legal):
            assert race._allows(a) == (a in legal), a
            checked += 1
        start = [a for a in legal if a.verb == "start"]
        race.apply(start[0] if start and rnd.random() < 0.8 else rnd.choice(legal))
    assert checked > 1000


def kept_race(track: str = "silverstone", players: int = 3, seed: int = 4) -> Race:
    rs = new_race(load_track(track), [Driver(COLOURS[i]) for i in range(players)], robots_for(players), seed=seed)
    race = Race(rs.state, frames=True)
    rnd = random.Random(seed)
    while not race.is_over:
        legal = race.legal_actions()
        start = [a for a in legal if a.verb == "start"]
        race.apply(start[0] if start and rnd.random() < 0.8 else rnd.choice(legal))
    return race


@pytest.fixture(scope="module")
def race() -> Race:
    return kept_race()


def test_a_kept_race_keeps_a_copy_every_k_steps_and_no_frame_per_event(race: Race) -> None:
    k = Race.snapshot_every
    last = len(race.steps) - 1
    assert last > 3 * k
    assert race.snapshots == list(range(0, last, k))  # the copy after step j is taken as step j + 1 is applied
    assert all(st.frames == () for st in race.steps)
    assert race.derives_frames and len(race.frames) == len(race.events)
    assert Race(race._fresh(False).state, frames=False).snapshots == []
    assert race.clone().snapshots == race.snapshots
    half = race.at(last // 2)
    assert half.snapshots == [j for j in race.snapshots if j <= last // 2 - last // 2 % k]


def test_at_n_equals_a_fresh_replay_for_every_n(race: Race) -> None:
    """at(n) starts from the nearest copy; for every n it equals the race replayed with the full listing."""
    fresh = race._fresh(False)
    for n in range(len(race.actions) + 1):
        if n:
            fresh.apply(race.actions[n - 1])
        back = race.at(n)
        assert back.state.to_dict() == fresh.state.to_dict(), n
        assert [str(e) for e in back.events] == [str(e) for e in fresh.events], n
        assert back.steps == fresh.steps[:len(back.steps)] and len(back.steps) == n + 1
        assert back.legal_actions() == fresh.legal_actions(), n
        assert (back.phase, back.current_car) == (fresh.phase, fresh.current_car)
    assert race.at(-1).state.to_dict() == race.replay(len(race.actions) - 1).state.to_dict()  # actions[:-1]
    assert race.at(10_000).state.to_dict() == race.state.to_dict()


def test_rebuilt_frames_equal_the_frames_recorded_after_every_event(race: Race) -> None:
    """The frames rebuilt from the copies, in any order, are those a race recording a frame after every event
    gets (the behaviour before issue 16); the frame of the last event is the position now."""
    live = race._fresh_logging()
    for a in race.actions:
        live.apply(a)
    recorded = [f for st in live.steps for f in st.frames]
    assert len(recorded) == len(race.events) and race.frames == recorded
    order = list(range(len(recorded)))
    random.Random(0).shuffle(order)
    fresh = kept_race()  # nothing cached yet
    for i in order[:60]:
        assert fresh.frames[i] == recorded[i]
    assert race.frames[-1] == frame_of(race.state)
    assert [race.step_frames(i) for i in range(len(race.steps))] == [st.frames for st in live.steps]


def test_frames_of_a_state_edited_outside_apply_say_so(race: Race) -> None:
    """A position changed by hand after the last copy (here a card slipped into a hand in phase C, then played)
    cannot be rebuilt from the actions: asking for that step's frames raises rather than show positions the race
    did not have."""
    k = Race.snapshot_every
    n = next(n for n in range(k + 1, 2 * k) if race.at(n).phase is Phase.PLAY)
    base = race.at(n)
    car = base.state.cars[base.current_car]  # type: ignore[index]
    for card in list(base.state.race_deck.pile):
        car.hand.append(card)  # edited outside apply
        plays = [a for a in base.legal_actions() if isinstance(a, Play) and card in a.cards]
        if plays:
            break
        car.hand.remove(card)
    base.apply(plays[0])
    assert base.snapshots == [j for j in race.snapshots if j < n]
    with pytest.raises(EngineError, match="changed outside apply"):
        base.step_frames(n + 1)
    assert base.step_frames(n) == race.step_frames(n)  # the steps before the edit are rebuilt as ever


def _kept_bytes(build: object) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        kept = build()  # type: ignore[operator]
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return size


def test_memory_per_event_is_bounded_by_the_copies(race: Race) -> None:
    """What frames cost a kept race per event is at most its copies of the position (one every K steps, measured
    here) plus a margin, and under a quarter of one frame: a frame per event would cost at least a frame."""
    def play(frames: bool) -> Race:
        r = race._fresh(frames)
        for a in race.actions:
            r.apply(a)
        return r

    events = len(race.events)
    extra = _kept_bytes(lambda: play(True)) - _kept_bytes(lambda: play(False))
    copy = _kept_bytes(race.state.copy)
    frame = _kept_bytes(lambda: frame_of(race.state))
    bound = len(race.snapshots) * copy * 1.25
    assert extra <= bound, (extra, bound)
    assert extra / events < frame / 4, (extra / events, frame)
