"""Property tests (hypothesis): cubes are conserved across the zones and the Stock; no legal action raises; every
legal action explains as legal and every refused one gives a rule and a reason; computer players finish races."""

from __future__ import annotations

import copy

import pytest
from autofuzz import Tally, play
from autofuzz import race as autorace
from fuzzing import SCALE, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import ACTIONS
from racebook.automobiles.drivers import drivers
from racebook.automobiles.game import Race
from racebook.automobiles.options import ROUNDS_PER_LAP
from racebook.automobiles.setup import new_state
from racebook.core.agents import RandomDriver, play_out
from racebook.core.rng import Rng


def _check(r: Race, totals: dict[str, int]) -> None:
    assert r.state.totals() == totals  # nothing created or lost (§1.2: a finite Stock)
    for p in r.state.players.values():
        assert all(n > 0 for z in p.zones().values() for n in z.values())
    cars = {(p.lane, p.progress % r.state.board.length) for p in r.state.players.values()}
    assert len(cars) == len(r.state.players)  # one car per segment (§7.3)


PER_TURN = 20  # actions a player's turn, on average, at most (a random race averages ~6)
CARDS = card_set()
DRIVERS = drivers()
CHOICE = st.fixed_dictionaries({c: st.sampled_from([k.id for k in CARDS.of_colour(c)]) for c in ACTIONS})


@fuzz_settings(30)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(1, 500), cards=CHOICE,
       drivers=st.permutations(sorted(DRIVERS)), weaving=st.booleans())
def test_cubes_are_conserved_and_no_legal_action_raises(players: int, seed: int, steps: int, cards: dict[str, str],
                                                        drivers: list[str], weaving: bool) -> None:
    ids = ["A", "B", "C", "D", "E"][:players]
    chosen = dict(zip(ids, drivers, strict=False)) if seed % 2 else {}
    r = Race(new_state(ids, seed=seed, cards=cards, drivers=chosen, weaving=weaving), frames=False)
    totals = r.state.totals()
    pick = Rng(seed ^ 0x5A5A)
    for _ in range(steps):
        legal = r.legal_actions()
        if not legal:
            break
        probe = legal[pick.below(len(legal))]
        assert r.explain(probe).legal
        c = r.clone()
        before, turn = r.position(), copy.deepcopy(r.state.turn)
        for a in legal[:12]:  # every legal action applies (on a clone) without raising
            c2 = c.clone()
            c2.apply(a)
            _check(c2, totals)
        assert r.position() == before and r.state.turn == turn  # the clones share nothing with the race
        r.apply(probe)
        _check(r, totals)


@fuzz_settings(40)
@given(seed=st.integers(0, 2**32), text=st.sampled_from(["A pit", "A pass", "B pass", "A play W 1.1", "A buy K",
                                                        "C play X", "A play Y", "E buy X", "A play L 2.1 2.2"]))
def test_a_refused_action_names_a_rule_and_a_reason(seed: int, text: str) -> None:
    r = Race(new_state(["A", "B", "C"], seed=seed, random_order=False), frames=False)
    play_out(r, RandomDriver(seed), max_steps=seed % 40)
    v = r.explain(text)
    if not v.legal:
        assert v.rule.startswith("§") and v.reason and str(v.error()).startswith(v.rule)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_computer_players_race_to_a_winner(players: int) -> None:
    cards = {c: CARDS.of_colour(c)[players % len(CARDS.of_colour(c))].id for c in ACTIONS}
    r = Race(new_state(players, seed=100 + players, cards=cards), frames=False)
    totals = r.state.totals()
    play_out(r, GreedyDriver())
    assert r.is_over
    finished = r.events[-1]
    assert type(finished).__name__ == "RaceFinished" and len(finished.order) == players
    winner = r.state.players[finished.order[0]]
    assert winner.progress >= r.state.laps * r.state.board.length or any(
        p.progress >= r.state.laps * r.state.board.length for p in r.state.players.values())
    assert list(finished.order) == r.standings()
    _check(r, totals)


def test_a_random_race_also_ends() -> None:
    r = Race(new_state(3, seed=9), frames=False)
    play_out(r, RandomDriver(4))
    assert r.is_over


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(6 * SCALE))
def test_every_random_race_ends_within_the_round_limit_and_conserves_every_cube_and_card(seed: int) -> None:
    """§14 and the house rule round_limit (issue 35): a race of uniformly random legal actions (2–5 players, random
    cards, drivers, Weaving; tests/autofuzz.py) ends by round laps x ROUNDS_PER_LAP, within PER_TURN actions a
    player's turn on average; after every action every cube and card is in exactly one place (§1.2, §2, §22.2) with
    one car per segment (§7.3). Without the house rule such races took a median 173 rounds, 58 % of them past
    3,000 actions (200 measured, docs/automobiles.md)."""
    race = autorace(1_000_000 + 7919 * seed)
    bound = race.state.laps * ROUNDS_PER_LAP * len(race.state.players) * PER_TURN
    tally = Tally()
    r = play(race, seed, tally, cap=bound)
    assert r.is_over, f"seed {seed}: still running after {bound} actions, round {r.state.round}"
    assert r.state.round <= r.state.laps * ROUNDS_PER_LAP and 0 < tally.actions[0] <= bound
