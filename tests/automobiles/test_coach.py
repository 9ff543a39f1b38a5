"""The coach of notebook A0's first race (issue 33 item 1): exactly one suggested choice with its reason at every
decision, the reason's numbers those of a look-ahead on a clone (same seed), exact bag odds for a buy before the race,
a move that does nothing offered last and saying so, and a learner who follows the coach finishing at least one place
ahead, on average over 30 seeds, of one who always takes the first choice."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from coaching import follow_the_coach, places

from racebook.automobiles.actionlabels import colour, does_nothing, label
from racebook.automobiles.actions import Buy, Pit
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.analysis.coach import _odds, look_ahead, suggest
from racebook.automobiles.analysis.odds import at_least
from racebook.automobiles.cubes import WEAR
from racebook.automobiles.game import Race
from racebook.automobiles.lessons.firstrace import YOU, FirstRace
from racebook.automobiles.options import Rules
from racebook.automobiles.setup import new_state
from racebook.core.guided import GuidedChoice, suggestion, with_suggestion

SEEDS = range(1, 31)


def test_following_the_coach_finishes_at_least_one_place_ahead_of_the_first_choice_over_30_seeds() -> None:
    coached, first = places(SEEDS, lambda seed: FirstRace(seed, 2, 4), lambda race: race.play(race.choices()[0].action))
    mean_coached, mean_first = sum(coached) / len(SEEDS), sum(first) / len(SEEDS)
    assert mean_first - mean_coached >= 1, (mean_coached, mean_first, coached, first)


@pytest.mark.parametrize(("seed", "opponents", "rounds"), [(3, 1, 3), (8, 2, 6), (11, 1, 2)])
def test_every_decision_has_exactly_one_suggestion_with_its_reason(seed: int, opponents: int, rounds: int) -> None:
    race = FirstRace(seed, opponents, rounds)
    assert len(follow_the_coach(race)) > 5 and race.finished


def test_the_reason_names_the_look_ahead_of_the_suggested_choice_on_a_clone() -> None:
    race = FirstRace(5, 2, rounds=4)
    for _ in range(12):  # through the buys before the race into round 1
        race.decide(next(c.key for c in race.labelled_choices() if c.suggested))
    before = race.race.position()
    advice = race.advice()
    assert advice is not None and advice.outcomes is not None
    assert race.race.position() == before  # looking ahead changed nothing
    actions = [c.action for c in race.choices()]
    drivers = {**race.computers, YOU: GreedyDriver()}
    again = [look_ahead(race.race, a, YOU, drivers, race.rounds) for a in actions]
    assert list(advice.outcomes) == again  # same seed, same draws: the same outcomes every time
    best = advice.outcomes[advice.index]
    assert best.key() == min(o.key() for o in advice.outcomes)
    assert advice.index == min(range(len(again)), key=lambda i: again[i].key())  # the first of the best
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}[best.place]
    assert f"leaves you {ordinal} with {best.rows} row" in advice.reason
    # the suggested choice's own look-ahead, played on: it does reach that place and those rows
    clone = race.race.clone()
    clone.apply(actions[advice.index])
    while not clone.is_over and clone.state.round <= race.rounds:
        legal = clone.legal_actions()
        clone.apply(drivers[legal[0].car].choose(clone, legal))
    assert clone.state.players[YOU].progress == best.rows and clone.standings().index(YOU) + 1 == best.place


def test_a_buy_before_the_race_says_its_exact_bag_odds() -> None:
    found = 0
    for seed in range(1, 6):
        race = FirstRace(seed, 2, rounds=4)
        advice = race.advice()
        assert advice is not None
        action = race.choices()[advice.index].action
        if not isinstance(action, Buy):
            assert "chance" not in advice.reason
            continue
        p, n = race.race.state.players[YOU], race.race.state.comps.draw
        bag = dict(p.bag)
        bag[action.cube] = bag.get(action.cube, 0) + 1  # a buy before the race goes into the Bag (AMB-4)
        chance = at_least(bag, p.discard, action.cube, 1, n)
        assert isinstance(chance, Fraction) and 0 < chance <= 1
        assert (f"your first draw of {n} holds a {colour(action.cube)} cube with an exact {round(100 * chance)}% "
                f"chance ({bag[action.cube]} of the {sum(bag.values())} cubes in your Bag).") in advice.reason, \
            advice.reason
        found += 1
    assert found >= 3


def test_with_prerace_buys_to_the_discard_pile_the_odds_follow_the_engine() -> None:
    """House rule ``prerace_buys_to_bag`` off: a cube bought before the race goes to the Discard pile, so the first
    draw meets it only when the Bag runs out; the odds say so (0% while the Bag holds 7 or more)."""
    race = Race(new_state([YOU, "Greedy"], seed=3, laps=1, rules=Rules(prerace_buys_to_bag=False)))
    while race.legal_actions()[0].car != YOU:
        race.apply(GreedyDriver().choose(race, race.legal_actions()))
    buys = [a for a in race.legal_actions() if isinstance(a, Buy) and a.cube == "K"]
    assert buys and race.state.players[YOU].bag.get("K", 0) == 0
    advice = suggest(race, [buys[0], buys[0]], YOU, {YOU: GreedyDriver(), "Greedy": GreedyDriver()}, 1)
    size = sum(race.state.players[YOU].bag.values())
    expected = at_least(race.state.players[YOU].bag, {**race.state.players[YOU].discard, "K": 1}, "K", 1, 7)
    assert (size >= 7) == (expected == 0)
    assert f"black cube with an exact {round(100 * expected)}% chance (0 of the {size} cubes in your Bag)" in \
        advice.reason, advice.reason


def test_a_single_legal_move_is_suggested_as_the_only_one() -> None:
    race = FirstRace(3, 2, rounds=4)
    only = race.race.legal_actions()[:1]
    advice = suggest(race.race, only, YOU, {**race.computers, YOU: GreedyDriver()}, 4)
    assert advice.index == 0 and advice.outcomes is None
    # the only move says its exact odds as a suggested one does (racebook.core.coach.advise: the same words for RF90
    # and FormulaGP), here the buy before the race
    assert isinstance(only[0], Buy) and advice.reason == f"your only legal move now{_odds(race.race, only[0])}."
    assert "; if you buy nothing else, your first draw of 7 holds a " in advice.reason
    with pytest.raises(ValueError, match="no legal action"):
        suggest(race.race, [], YOU, {}, 4)


def test_a_pit_stop_without_wear_comes_last_and_says_it_does_nothing_now() -> None:
    seen = 0
    for seed in (1, 2, 3):
        race = FirstRace(seed, 2, rounds=4)
        while not race.finished:
            choices = race.choices()
            state = race.race.state
            for i, c in enumerate(choices):
                if isinstance(c.action, Pit):
                    wear = state.players[YOU].active.get(WEAR, 0)
                    assert does_nothing(state, c.action) == (wear == 0)
                    if not wear:
                        seen += 1
                        assert i == len(choices) - 1 and "does nothing now" in c.label, c.label
                    else:
                        assert "does nothing" not in c.label and f"throw out {wear} wear" in c.label
            race.play(next(c.action for c in choices if not does_nothing(state, c.action)))
    assert seen > 5
    assert label(FirstRace(1).race.state, Buy(YOU, "W")).startswith("buy a white cube")


def test_the_suggestion_answers_a_click_quickly() -> None:
    """CPU time per decision of a guided race (the learner's click: the decision, the computer players' turns and
    the next suggestion): on average well under the 100 ms a click may take (about 10 ms measured)."""
    race = FirstRace(4, 2, rounds=4)
    race.labelled_choices()
    times = []
    while not race.finished:
        key = next(c.key for c in race.labelled_choices() if c.suggested)
        t0 = time.process_time()
        race.decide(key)
        race.labelled_choices()
        times.append(time.process_time() - t0)
    assert sum(times) / len(times) < 0.1, times


def test_with_suggestion_marks_exactly_one_choice_and_refuses_nonsense() -> None:
    choices = [GuidedChoice(f"k{i}", f"choice {i}", "") for i in range(3)]
    assert suggestion(choices) is None and not any(c.suggested for c in choices)
    marked = with_suggestion(choices, 1, "it goes furthest")
    assert [c.suggested for c in marked] == [False, True, False] and [c.reason for c in marked] == \
        ["", "it goes furthest", ""]
    assert suggestion(marked) == marked[1]
    with pytest.raises(IndexError, match="no choice 3"):
        with_suggestion(choices, 3, "why")
    with pytest.raises(ValueError, match="needs its reason"):
        with_suggestion(choices, 0, "  ")
