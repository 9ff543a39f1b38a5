"""Property tests: many random legal games on the teaching track keep the race's books balanced.

Each example builds a scenario-shaped race (3–5 humans with dealt hands, 1–3 robots; see conftest.random_setup)
and applies ``rnd.choice(race.legal_actions())`` for up to MAX_STEPS steps. After every step:

* §6.1/§23: the number of cards is constant and every card is in exactly one place;
* §2.2/§13.D.1/§18.6: wear tokens are conserved (bag + panels);
* §14: tyre chips are never negative and only go up when new tyres are fitted at a pit (§13.A.3);
* §10/§11.1: each car plays at most once per Game Turn;
* §11.1/§11.2: whenever a decision is pending the Leader token is on the frontmost car on track;
* every legal action round-trips through its text form (racebook.rf90.actions);
* racebook.rf90.integrity (the validator of scenario files and saved races) finds nothing wrong in any reached state,
  and a race saved at any point reloads to the same state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from ledger import all_cards, located, on_the_table  # tests/ledger.py, shared with racefuzz

from racebook.rf90.actions import Action
from racebook.rf90.actiontext import parse
from racebook.rf90.events import Event
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems
from racebook.rf90.scenario import build
from racebook.rf90.state import RaceState

MAX_STEPS = 150
# Deterministic (derandomize, no database) and fast: no shrinking — a failure reports its seed, which replays
# the whole game (random.Random(seed) drives both the set-up and the choices), and the position text.
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate], suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
Setup = Callable[[random.Random], dict[str, Any]]


def new_race(setup: Setup, rnd: random.Random) -> Race:
    return build(setup(rnd))


def play(race: Race, rnd: random.Random, steps: int = MAX_STEPS) -> Iterator[tuple[Action, list[Event]]]:
    """Apply random legal actions; yield (action, events of that step)."""
    for _ in range(steps):
        legal = race.legal_actions()
        if not legal:
            return
        action = rnd.choice(legal)
        yield action, list(race.apply(action))


def where(race: Race, action: Action | None = None) -> str:
    return f"after {action}: {race.position()} (to play: {race.current_car}, {race.phase})"


# ---------------------------------------------------------------------------- cards


@SETTINGS
@given(seed=SEEDS)
def test_card_count_is_constant(random_race_setup: Setup, seed: int) -> None:
    """§6.1 / §23: cards move between piles, hands and panels; none appears or vanishes (state.card_count())."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    total = len(all_cards(race.state))
    assert race.state.card_count() == total
    for action, _ in play(race, rnd):
        assert race.state.card_count() == total, where(race, action)


@SETTINGS
@given(seed=SEEDS)
def test_every_card_is_in_exactly_one_place(random_race_setup: Setup, seed: int) -> None:
    """§6.1 / §23: state.card_locations() covers every card of the Race deck and the Track deck exactly once."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    cards = all_cards(race.state)
    for action, _ in chain([(None, [])], play(race, rnd)):
        seen = Counter(located(race.state))
        assert not [c for c, n in seen.items() if n > 1], where(race, action)
        assert set(race.state.card_locations()) == cards, where(race, action)


@SETTINGS
@given(seed=SEEDS)
def test_cards_are_conserved_counting_the_cards_on_the_table(random_race_setup: Setup, seed: int) -> None:
    """§23: with the cards in play this turn (movement cards, duel bids) counted, nothing is lost or doubled."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    cards = all_cards(race.state)
    for action, _ in play(race, rnd):
        state_cards = located(race.state)
        seen = Counter(state_cards + [c for c in on_the_table(race) if c not in set(state_cards)])
        assert not [c for c, n in seen.items() if n > 1], where(race, action)
        assert set(seen) == cards, (sorted(cards - set(seen)), where(race, action))


@SETTINGS
@given(seed=SEEDS)
def test_every_reached_state_passes_the_integrity_validator(random_race_setup: Setup, seed: int) -> None:
    """racebook.rf90.integrity.problems (cards once, wear tokens of the box, chips/blue/refuel/turn in range, places)
    is the check scenario files and saves must pass: every state legal play reaches passes it too."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    for action, _ in chain([(None, [])], play(race, rnd)):
        assert problems(race.state) == [], where(race, action)


@settings(SETTINGS, max_examples=10)
@given(seed=SEEDS)
def test_a_race_saved_at_any_point_reloads_exactly(random_race_setup: Setup, seed: int) -> None:
    """Race.to_json / Race.from_json (racebook.rf90.saves): replaying the saved actions gives the saved state."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    for i, _ in enumerate(play(race, rnd, steps=60)):
        if i % 15 == 14:
            again = Race.from_json(race.to_json(), frames=False)
            assert again.state.to_dict() == race.state.to_dict(), where(race)
            assert again.position() == race.position()


# ---------------------------------------------------------------------------- tokens and chips


@SETTINGS
@given(seed=SEEDS)
def test_wear_tokens_are_conserved(random_race_setup: Setup, seed: int) -> None:
    """§2.2 / §13.D.1 / §13.A.3 / §18.6: red and brown tokens are only moved between the bag and panels."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    start = race.state.wear_count()
    for action, _ in play(race, rnd):
        assert race.state.wear_count() == start, where(race, action)
        for car in race.state.cars.values():
            assert len(car.wear) <= car.setup.wear, (car.id, where(race, action))
            assert not car.is_robot or not car.wear  # §17.1: robots suffer no wear


@SETTINGS
@given(seed=SEEDS)
def test_tyre_chips_never_negative_and_only_refilled_at_a_pit(random_race_setup: Setup, seed: int) -> None:
    """§13.D.1 / §14: chips are spent, never below 0; only fitting new tyres at a pit stop refills them (§13.A.3)."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    chips = {c.id: c.chips for c in race.state.cars.values()}
    for action, _ in play(race, rnd):
        for car in race.state.cars.values():
            assert car.chips >= 0, (car.id, where(race, action))
            refit = action.verb == "pit-tyres" and action.car == car.id
            if not refit:
                assert car.chips <= chips[car.id], (car.id, chips[car.id], car.chips, where(race, action))
            chips[car.id] = car.chips


# ---------------------------------------------------------------------------- turn order


@SETTINGS
@given(seed=SEEDS)
def test_each_car_plays_at_most_once_per_game_turn(random_race_setup: Setup, seed: int) -> None:
    """§10 / §11.1: each car plays once per Game Turn. A car that pits resumes its paused turn (phases B–F)
    when its new section is activated (§13.A.3), so it may begin twice, but never after its turn has ended."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    turns: dict[str, list[str]] = {}

    def check(events: list[Event], action: Action | None) -> None:
        nonlocal turns
        for e in events:
            if e.kind == "GameTurnStarted":
                turns = {}
            elif e.kind in ("TurnBegins", "TurnEnds", "Retired"):
                car = str(e.car_id)
                seq = turns.setdefault(car, [])
                if e.kind == "TurnBegins":
                    assert "TurnEnds" not in seq and "Retired" not in seq, (car, seq, where(race, action))
                    assert seq.count("TurnBegins") < 2, (car, seq, where(race, action))
                elif e.kind == "TurnEnds":
                    assert "TurnEnds" not in seq, (car, seq, where(race, action))
                seq.append(e.kind)

    check(list(race.steps[0].events), None)
    for action, events in play(race, rnd):
        check(events, action)


@SETTINGS
@given(seed=SEEDS)
def test_leader_token_is_on_the_frontmost_car(random_race_setup: Setup, seed: int) -> None:
    """§11.1 / §11.2 case 2: whenever a decision is pending, the Leader token is on the frontmost car on track
    (unless the leader is off track with nobody where he lost control, §18.4)."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    for action, _ in chain([(None, [])], play(race, rnd)):
        s = race.state
        if not race.legal_actions():
            continue
        if getattr(s, "fas_anchor", None) is not None:
            continue  # §18.4
        assert s.leader == s.frontmost(), where(race, action)


# ---------------------------------------------------------------------------- actions and replay


@SETTINGS
@given(seed=SEEDS)
def test_every_legal_action_round_trips_through_text(random_race_setup: Setup, seed: int) -> None:
    """racebook.rf90.actions: str(action) and parse(str(action)) agree for every action the engine offers."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    for _ in chain([None], play(race, rnd, steps=60)):
        for a in race.legal_actions():
            assert parse(str(a)) == a, str(a)


@settings(SETTINGS, max_examples=10)
@given(seed=SEEDS)
def test_replay_reproduces_the_race(random_race_setup: Setup, seed: int) -> None:
    """The seeded Rng makes a race a pure function of its start and its actions (Race.at replays)."""
    rnd = random.Random(seed)
    race = new_race(random_race_setup, rnd)
    for _ in play(race, rnd, steps=80):
        pass
    again = race.at(len(race.actions))
    assert again.position() == race.position()
    assert again.state.to_dict() == race.state.to_dict()
    assert [str(e) for e in again.events] == [str(e) for e in race.events]


# ---------------------------------------------------------------------------- a case the random games found


def test_leader_off_track_never_hands_the_token_to_a_lapped_car(make_race: Callable[..., Race]) -> None:
    """§18.4 read with §11.1: the leader Green fails his Leader check behind lapped Blue in braking zone K, then
    fails his late braking and goes off track. The only car left in K is Blue, a lap down, so no car *on the
    leader's lap* is there: Green keeps the Leader token and the FAS stays in K (a lapped car can never hold the
    token, which marks the race leader). Red (L, on the leader's lap but behind K) does not take it yet."""
    race = make_race("teaching turn=5 lap=3 | K: Blue Green* | L: Red",
                     {"Green": {"hand": ["R42", "R99"], "target": "R10"}},
                     deck=["R22", "R98", "R97", "R01"], bag=["red"])
    for text in ("Green start", "Green play R42", "Green leader-check R99", "Green late-brake",
                 "Green test 1 blind"):
        race.apply(text)
    s = race.state
    green = s.cars["Green"]
    assert green.off_track is not None and green.lap == 3  # off track, waiting at a re-entry point
    assert (s.cars["Red"].lap, s.cars["Blue"].lap) == (3, 2)
    assert s.leader == "Green" and s.fas_anchor == "K", race.position()


def test_ahead_of_leader_when_the_leader_is_off_track(make_state: Callable[..., RaceState]) -> None:
    """§18.5: a car at a re-entry point is off the track and ignored by the others, so it splits no section into
    subsections (§11.2 case 3): nobody is "ahead of the leader" in C. Found by random games (seed 3932, 300
    steps): duel.robot_joins → RaceState.ahead_of_leader raised ValueError while a duel was declared in C."""
    s = make_state("teaching turn=4 lap=3 | C: Slow1-1 Blue-1 Red*{off=E}")
    assert s.leader == "Red" and s.cars["Red"].off_track is not None
    assert s.cars_in("C") == ["Slow1", "Blue"]
    assert s.ahead_of_leader("Slow1") is False
    assert s.ahead_of_leader("Blue") is False


def test_listing_legal_plays_does_not_change_the_race(make_state: Callable[..., RaceState]) -> None:
    """§19.1 eligibility is proved by a dry run of the movement, which must leave the state as it was. Here the
    leader Slow0 is off track (§18.4: he keeps the token, the FAS stays in E where he lost control); a dry run of
    Green driving past E must not clear that FAS anchor. Found by random games (seed 3923, 300 steps): after
    "Red start" the legal plays of a Track Card moved the activation front."""
    from racebook.rf90 import turn

    s = make_state("teaching turn=4 lap=3 | H: Green Red | D: Slow0*{off=E}")
    assert s.leader == "Slow0" and s.fas_anchor == "E"
    before = s.to_dict()
    assert turn.dry_run(s, s.cars["Green"], 4, None) == ["G", "F", "E", "D"]
    assert s.to_dict() == before
