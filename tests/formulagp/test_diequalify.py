"""The Optional qualifying by die roll (digest §21, the original's 15.3; house rules ``die_qualifying`` and A24's
``die_qualifying_any_green_fails``): the worked scenario with the rule text's numbers, the pure scoring, both
readings of each switch, the notation and the refusals."""

from __future__ import annotations

import pytest

from racebook.core.errors import NotationError
from racebook.formulagp import events as ev
from racebook.formulagp import integrity, scenario
from racebook.formulagp.actions import NoPush, Qualify
from racebook.formulagp.actions.diequalify import Attempt
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.components import dice
from racebook.formulagp.events import diequalify as dev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.playerboard import Tyre, TyreState, load_board
from racebook.formulagp.rules.diequalifying import Outcome, attempt, base_score, fails
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase

ON = Rules(die_qualifying=True)
WHITE = dice().white


def test_fgp_ex_o3_qualifying_by_die_roll() -> None:
    """15.3's numbers on the teaching board: base = tyre bonus 3 + max OT 2 = 5; Grey +2 wear and a 4: 11; Red fails
    (0), tries again with +1 wear and a 6, -1: 11; Blue fails twice: a crash, 0 and tyre wear +1; the second round
    costs Grey +1 wear and its failure keeps its 11; the tie goes to Grey's pit box, nearer the exit; pole's bonus."""
    race = scenario.read("fgp_exo3_qualifying_by_die_roll").race()
    tries = [e for e in race.events if isinstance(e, dev.DieAttempted)]
    assert [(e.car, e.base, e.wear, e.face, e.malus, e.score, e.best) for e in tries] == [
        ("Grey", 5, 2, 4, 0, 11, 11), ("Red", 5, 0, 1, 0, 0, 0), ("Red", 5, 1, 6, 1, 11, 11),
        ("Blue", 5, 0, 1, 0, 0, 0), ("Blue", 5, 0, 1, 1, 0, 0), ("Grey", 5, 0, 1, 0, 0, 11)]
    assert [e.outcome for e in tries] == [Outcome.SCORED.value, Outcome.FAILED.value, Outcome.SCORED.value,
                                         Outcome.FAILED.value, Outcome.CRASHED.value, Outcome.FAILED.value]
    s = race.state
    assert {c: s.cars[c].wear for c in s.cars} == {"Grey": 2 + 2 + 1, "Red": 2 + 1, "Blue": 2 + 1}
    grid = next(e for e in race.events if isinstance(e, ev.GridSet))
    assert grid.grid == ("Grey", "Red", "Blue") and grid.pit_lane == ()  # a crash here is no pit-lane start
    assert s.pole_bonus == "Grey" and race.phase is Phase.QUALIFY  # the pole's bonus card (§9.4 item 1)
    assert s.dq_round == 0 and " dq=" not in format_state(s)


def test_the_pure_scoring() -> None:
    b = load_board()
    icon, green3, red6 = WHITE[0], WHITE[2], WHITE[5]
    assert icon.icon and not green3.icon
    assert base_score(b, Tyre.SOFT) == 5 and base_score(b, Tyre.HARD) == b.tyre_bonus(Tyre.HARD, TyreState.FRESH) + 2
    assert attempt(b, Tyre.SOFT, 3, red6, False).score == 14
    assert attempt(b, Tyre.SOFT, 3, red6, True).score == 13
    assert attempt(b, Tyre.SOFT, 3, icon, False).outcome is Outcome.FAILED
    assert attempt(b, Tyre.SOFT, 3, icon, True).outcome is Outcome.CRASHED
    assert not fails(green3) and fails(green3, any_green=True) and not fails(red6, any_green=True)
    with pytest.raises(ValueError, match="15.3"):
        attempt(b, Tyre.SOFT, -1, red6, False)


def _at_qualifying(rules: Rules, seed: int = 4) -> Race:
    race = new_race(["A", "B", "C"], seed, qualifying=True, rules=rules)
    while race.phase is Phase.DRAW:
        race.apply(race.legal_actions()[0])
    return race


def test_die_qualifying_both_ways() -> None:
    off = _at_qualifying(Rules())
    assert all(isinstance(a, Qualify) for a in off.legal_actions())  # the sealed cards (§9.2)
    on = _at_qualifying(ON)
    legal = on.legal_actions()
    first = on.state.boxes[0]
    assert legal[0] == Attempt(first, 0) and all(isinstance(a, Attempt) for a in legal)  # no nopush at first
    assert on.explain(NoPush(first)).rule == "§21"
    assert on.explain(Attempt(on.state.boxes[1])).rule == "§21"
    assert on.explain(Attempt(first, 40)).reason.endswith("spaces left to spend")


@pytest.mark.parametrize("any_green", [False, True])
def test_a24_which_face_fails_both_ways(any_green: bool) -> None:
    race = _at_qualifying(Rules(die_qualifying=True, die_qualifying_any_green_fails=any_green))
    s = race.state
    s.stacked["white"] = ["3"]  # a green face without the icon
    car = s.dq_queue[0]
    race.apply(Attempt(car))
    got = next(e for e in reversed(race.events) if isinstance(e, dev.DieAttempted))
    assert got.face == 3 and got.outcome == (Outcome.FAILED if any_green else Outcome.SCORED).value
    assert got.score == (0 if any_green else 5 + 3)


def test_mid_qualifying_positions_round_trip_and_a_bad_token_is_refused() -> None:
    race = _at_qualifying(ON)
    s = race.state
    s.stacked["white"] = ["1"]
    race.apply(Attempt(s.dq_queue[0], 1))  # a failure: the same driver decides at once
    line = format_state(race.state)
    assert " dq=1/" in line
    back = parse_position(line)
    assert (back.dq_round, back.dq_queue, back.dq_failed) == (s.dq_round, s.dq_queue, s.dq_failed)
    assert NoPush(s.dq_queue[0]) in race.legal_actions()
    assert format_state(back) == line
    with pytest.raises(NotationError, match="dq="):
        parse_position(line.replace(" dq=1/", " dq=7/"))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_seeded_races_with_die_qualifying_end(seed: int) -> None:
    race = new_race(["A", "B", "C", "D"], seed, qualifying=True, rules=ON, bots=("D",) if seed % 2 else ())
    play_out(race, {c: (Greedy(seed) if seed % 2 else RandomDriver(seed)) for c in "ABCD"})
    assert race.is_over and integrity.problems(race.state) == []
    assert any(isinstance(e, dev.DieQualifyingRound) for e in race.events)
    assert not any(isinstance(e, ev.QualifyingRevealed) for e in race.events)
