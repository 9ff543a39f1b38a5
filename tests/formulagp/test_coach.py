"""The coach of notebook F0's first race (issue 33 item 1): exactly one suggested choice with its reason at every
decision, the reason's numbers those of a look-ahead on a same-seed clone that never reads a card the learner cannot
see, a battle's sealed cards chosen by their exact odds, the hazard check's exact odds, a quick click, and a learner
who follows the coach finishing ahead, on average over 30 seeds, of one who always takes the first choice."""

from __future__ import annotations

import time

import pytest
from coaching import follow_the_coach, places

from racebook.formulagp import scenario as fgp_scenario
from racebook.formulagp.actions import Attack, Bid, End, Launch, Stop, To
from racebook.formulagp.agents import Greedy
from racebook.formulagp.analysis import coach
from racebook.formulagp.analysis.battleodds import battle_odds
from racebook.formulagp.analysis.hazardodds import odds_if_ending
from racebook.formulagp.game import Race
from racebook.formulagp.lessons.firstrace import YOU, FirstRace
from racebook.formulagp.state import Phase

SEEDS = range(1, 31)
EX17 = "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"


def _first_choice(race: FirstRace) -> None:
    race.coach = False
    race.decide(race.labelled_choices()[0].key)


def test_following_the_coach_finishes_ahead_of_the_first_choice_over_30_seeds() -> None:
    """Measured: on average place 1.73 (coached) against 2.47 (first choice) over these 30 seeds, better in 15 races
    and worse in 1; the margin asserted is well under the measured 0.73."""
    coached, first = places(SEEDS, FirstRace, _first_choice)
    mean_coached, mean_first = sum(coached) / len(SEEDS), sum(first) / len(SEEDS)
    assert mean_first - mean_coached >= 0.3, (mean_coached, mean_first, coached, first)
    assert sum(c < f for c, f in zip(coached, first, strict=True)) > sum(c > f for c, f in
                                                                         zip(coached, first, strict=True))


def test_the_reason_names_the_look_ahead_of_the_suggested_choice_on_a_clone() -> None:
    race = FirstRace(3)
    while race.race.state.phase is not Phase.MOVE:
        race.decide(next(c.key for c in race.labelled_choices() if c.suggested))
    advice = race.advice()
    assert advice is not None and advice.outcomes is not None
    before = race.race.position()
    rngs = {car: d.rng.state for car, d in race.computers.items()}
    actions = race.legal()
    again = [coach.look_ahead(race.race, a, YOU, race.computers, race.race.state.round, race.seed) for a in actions]
    assert list(advice.outcomes) == again  # same seed, same cards, same computer choices: the same outcomes
    assert race.race.position() == before and {car: d.rng.state for car, d in race.computers.items()} == rngs
    best = advice.outcomes[advice.index]
    assert advice.index == min(range(len(again)), key=lambda i: again[i].key())  # the first of the best
    assert f"leaves you {best.words()}" in advice.reason and f"round {best.round}" in advice.reason


def test_the_look_ahead_never_reads_another_players_hidden_cards() -> None:
    """Two positions that differ only in which unseen cards Red holds (§5) get the same advice."""
    race = FirstRace(5)
    race.coach = False
    while race.race.state.phase is not Phase.MOVE:
        race.decide(race.labelled_choices()[0].key)
    other = race.race.clone()
    red = other.state.cars["Red"]
    n = len(red.hand)
    red.deck.pile, red.hand = red.deck.pile[n:] + red.hand, red.deck.pile[:n]  # the same count, other cards
    red.drawn = []
    other.refresh()
    assert red.hand != race.race.state.cars["Red"].hand
    actions = race.legal()
    a = coach.suggest(race.race, actions, YOU, race.computers, race.race.state.round, race.seed)
    b = coach.suggest(other, actions, YOU, race.computers, race.race.state.round, race.seed)
    assert a == b


def test_start_cards_sealed_before_the_learner_are_sealed_again_after_it_on_the_clone() -> None:
    race = FirstRace(2)
    race.coach = False
    while race.race.state.phase is not Phase.START:
        race.decide(race.labelled_choices()[0].key)
    s = race.race.state
    assert s.start.committed and s.start.waiting[0] == YOU  # the players ahead on the grid have sealed
    clone = race.race.clone()
    coach.blind(clone, YOU, race.seed)
    assert clone.state.start.committed == () and clone.state.start.waiting[0] == YOU
    assert set(clone.state.start.waiting) == set(s.start.sides) and s.start.committed  # the race is untouched
    advice = race.advice()
    assert advice is not None and isinstance(race.legal()[advice.index], Launch)
    assert "to the end of your turn" in advice.reason  # many choices: looked ahead to the end of the turn


def _ex17(declared: bool) -> Race:
    """Example 17 after the forced stop: Orange (OT 2, the cap) may attack Green; ``declared``: it has."""
    sc = fgp_scenario.read(EX17)
    race = sc.race(play=False)
    for a in sc.actions[:sc.actions.index("Orange end")]:
        race.apply(a)
    if declared:
        race.apply("Orange attack Green")
    return race


def test_a_battles_sealed_cards_are_suggested_by_their_exact_odds() -> None:
    race = _ex17(True)
    bids = [a for a in race.legal_actions() if isinstance(a, Bid)]
    assert len(bids) > 1
    advice = coach.suggest(race, bids, "Orange", {"Green": Greedy(1)}, race.state.round, 1)
    odds = battle_odds(race, "Orange", "Green")
    best = odds.best()
    assert str(bids[advice.index]) == best.bid and advice.outcomes is None
    assert f"an exact {best.percent()[0]:.0f}% chance" in advice.reason and f"{best.leds} LEDs" in advice.reason
    assert f"Green's {odds.hand} cards you cannot see" in advice.reason


def test_a_decision_to_attack_names_the_exact_chance_of_the_best_cards() -> None:
    race = _ex17(False)
    attack = next(a for a in race.legal_actions() if isinstance(a, Attack))
    advice = coach.suggest(race, [attack], "Orange", {"Green": Greedy(1)}, race.state.round, 1)
    chance = battle_odds(race, "Orange", "Green").best().percent()[0]
    assert advice.reason == (f"your only legal move now; your best cards overtake Green with an exact {chance:.0f}% "
                             "chance.")


def test_the_end_of_a_move_names_its_hazard_checks_exact_odds() -> None:
    seen = 0
    for seed in range(1, 8):
        race = FirstRace(seed, rounds=3)
        while not race.finished and seen < 3:
            s = race.race.state
            advice = race.advice()
            assert advice is not None
            chosen = race.legal()[advice.index]
            if s.phase is Phase.MOVE and s.turn is not None and (
                    isinstance(chosen, (End, Stop)) or isinstance(chosen, To) and s.turn.mp_left == 1):
                odds = odds_if_ending(race.race, YOU, None if isinstance(chosen, (End, Stop)) else chosen.to)
                if odds.owed.red or odds.owed.yellow:
                    assert (f": exact chances {float(odds.loss_of_control):.0%} of losing control, "
                            f"{float(odds.risk):.0%} of a RISK card") in advice.reason, advice.reason
                    assert "rolls " + ("1 RED die" if odds.owed.red == 1 else f"{odds.owed.red} RED dice"
                                       if odds.owed.red else "") in advice.reason or not odds.owed.red
                    seen += 1
                else:
                    assert "dice" not in advice.reason
            race.decide(race.labelled_choices()[advice.index].key)
        if seen >= 3:
            return
    pytest.fail(f"only {seen} move ends with dice met")


def test_a_single_legal_move_is_suggested_as_the_only_one() -> None:
    race = FirstRace(4)
    only = race.legal()[:1]
    advice = coach.suggest(race.race, only, YOU, race.computers, 1, race.seed)
    assert advice.index == 0 and advice.reason.startswith("your only legal move now") and advice.outcomes is None
    with pytest.raises(ValueError, match="no legal action"):
        coach.suggest(race.race, [], YOU, race.computers, 1)


def test_every_decision_has_exactly_one_suggestion_and_the_coach_can_be_turned_off() -> None:
    race = FirstRace(6, rounds=2)
    assert len(follow_the_coach(race)) >= 10 and race.finished
    off = FirstRace(6, rounds=2)
    off.coach = False
    assert not any(c.suggested or c.reason for c in off.labelled_choices())


def test_the_suggestion_answers_a_click_quickly() -> None:
    """CPU time per click (the decision, everything up to the learner's next one, the next suggestion): on average
    well under the 100 ms a click may take (measured over seeds 3-5: 13 ms median, 18 ms mean; the slowest, round 1's
    draw with 22-24 choices, up to 181 ms)."""
    race = FirstRace(7)
    race.labelled_choices()
    times = []
    while not race.finished:
        key = next(c.key for c in race.labelled_choices() if c.suggested)
        t0 = time.process_time()
        race.decide(key)
        race.labelled_choices()
        times.append(time.process_time() - t0)
    assert sum(times) / len(times) < 0.1, times
    assert sorted(times)[len(times) // 2] < 0.1, times
