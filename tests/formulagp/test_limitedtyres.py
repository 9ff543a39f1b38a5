"""The Optional limited dry tyre sets (digest §21, the original's 15.10; house rule ``limited_tyre_sets``), both ways:
the Options' sets, the start set taken, a stop offering only the types left, none issued once they are used; with
``choose`` each player's Option chosen before qualifying (the ``sets`` phase, ``Grey sets b``)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racebook.core.errors import ActionSyntaxError, DataError, NotationError
from racebook.formulagp import events as ev
from racebook.formulagp import limitedtyres
from racebook.formulagp.actionlabels import label
from racebook.formulagp.actions import TyreOption, Tyres, parse
from racebook.formulagp.agents import Greedy, RandomDriver, tyre_for
from racebook.formulagp.events import limitedtyres as ltev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules, TyreSets
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.tyresets import TYRE_SET_OPTIONS, available, option_words, sets_after
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Mode, Phase
from tests.formulagp.test_pits import begin_in_box, in_box
from tests.formulagp.test_race import at_turn


def test_the_pure_parts() -> None:
    assert TYRE_SET_OPTIONS == {"a": "ssmh", "b": "smmh"}  # 2 S 1 M 1 H; 1 S 2 M 1 H (stated)
    assert sets_after("ssmh", Tyre.SOFT) == "smh" and sets_after("smh", Tyre.WET) == "smh"
    with pytest.raises(ValueError, match="15.10"):
        sets_after("mh", Tyre.SOFT)
    assert available("mh", (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)) == (Tyre.MEDIUM, Tyre.HARD)
    assert option_words("a") == "2 Soft, 1 Medium, 1 Hard" and option_words("b") == "1 Soft, 2 Medium, 1 Hard"


@pytest.mark.parametrize(("option", "left"), [(TyreSets.OFF, ""), (TyreSets.A, "smh"), (TyreSets.B, "mmh")])
def test_the_sets_dealt_less_the_start_set(option: TyreSets, left: str) -> None:
    s = new_state(["A", "B"], 1, rules=Rules(limited_tyre_sets=option))
    assert {c.tyre_sets for c in s.cars.values()} == {left}
    line = format_state(s)
    assert (" ts=" in line) is bool(left) and format_state(parse_position(line)) == line
    assert parse_position(line).rules == s.rules
    with pytest.raises(DataError):
        Rules.from_dict({"limited_tyre_sets": "c"})
    with pytest.raises(NotationError, match="ts="):
        parse_position(format_state(new_state(["A", "B"], 1, rules=Rules(limited_tyre_sets=TyreSets.A))).replace(
            "ts=smh", "ts=sx"))


@pytest.mark.parametrize("option", [TyreSets.OFF, TyreSets.B])
def test_a_stop_offers_only_the_types_left_and_none_once_used(option: TyreSets) -> None:
    race = at_turn(new_race(["Grey", "Red"], 1, rules=Rules(limited_tyre_sets=option)), "Grey", {"Red": "T30.1.1"},
                   ["G1", "R1"])
    in_box(race, "Grey")
    begin_in_box(race, "Grey")
    s = race.state
    c = s.cars["Grey"]
    offered = {a.tyre for a in race.legal_actions() if isinstance(a, Tyres)}
    if option is TyreSets.OFF:
        assert offered == {"soft", "medium", "hard"} and c.tyre_sets == ""
        return
    assert c.tyre_sets == "mmh" and offered == {"medium", "hard"}  # B less the Soft it starts on
    race.apply("Grey tyres hard")
    assert c.tyre_sets == "mm" and c.tyre is Tyre.HARD
    c.tyre_sets, c.pit_tyres = "0", False
    race.refresh()
    assert not any(isinstance(a, Tyres) for a in race.legal_actions())  # none issued any more
    assert format_state(parse_position(format_state(s))) == format_state(s)


def test_a_start_tyre_choice_gives_the_dealt_set_back() -> None:
    race = new_race(["A", "B"], 1, rules=Rules(limited_tyre_sets=TyreSets.A), choose_tyres=True)
    assert {a.tyre for a in race.legal_actions() if isinstance(a, Tyres)} == {"soft", "medium", "hard"}
    race.apply(Tyres("A", "hard"))
    race.apply(Tyres("B", "soft"))
    assert race.state.cars["A"].tyre_sets == "ssm" and race.state.cars["B"].tyre_sets == "smh"


# ------------------------------------------------------------------ choose: each player's Option (§21 15.10)
CHOOSE = Rules(limited_tyre_sets=TyreSets.CHOOSE)


def test_choose_asks_each_player_in_box_order_before_qualifying() -> None:
    race = new_race(["A", "B", "C"], 3, rules=CHOOSE, qualifying=True, boxes=["B", "A", "C"], bots=["C"])
    s = race.state
    assert race.phase is Phase.SETS and race.current_car == "B"  # pit-box order; the Rookie BOT C chooses nothing
    assert race.legal_actions() == [TyreOption("B", "a"), TyreOption("B", "b")]
    assert [label(s, a) for a in race.legal_actions()] == ["Option A: 2 Soft, 1 Medium, 1 Hard (§21 15.10)",
                                                           "Option B: 1 Soft, 2 Medium, 1 Hard (§21 15.10)"]
    verdict = race.explain(TyreOption("A", "a"))
    assert not verdict.legal and verdict.rule == "§21" and "B's choice" in verdict.reason
    race.apply("B sets a")
    assert s.cars["B"].tyre_option == "a" and s.cars["B"].tyre_sets == "smh"  # A less the Soft it starts on
    line = race.position()
    assert " to=a" in line and format_state(parse_position(line)) == line  # the phase and the choice round-trip
    again = Race(parse_position(line))
    assert again.current_car == "A" and again.legal_actions() == race.legal_actions()
    race.apply("A sets b")
    chosen = [e for e in race.events if isinstance(e, ltev.TyreSetsChosen)]
    assert [(e.car, e.option, e.left) for e in chosen] == [("B", "a", "smh"), ("A", "b", "mmh")]
    assert "Option b" in str(chosen[1]) and chosen[1].RULE == "§21"
    assert race.phase is Phase.DRAW and s.qualifying  # qualifying's draw (§9.1) follows
    assert s.cars["C"].tyre_sets == "" and s.cars["C"].tyre_option == ""
    assert not any(isinstance(a, TyreOption) for a in race.legal_actions())


@pytest.mark.parametrize("option", [TyreSets.OFF, TyreSets.A, TyreSets.B])
def test_without_choose_no_player_is_asked_and_all_share_the_switch(option: TyreSets) -> None:
    race = new_race(["A", "B"], 3, rules=Rules(limited_tyre_sets=option), qualifying=True)
    assert race.phase is not Phase.SETS and not any(isinstance(e, ltev.TyreSetsChosen) for e in race.events)
    s = race.state
    assert {limitedtyres.option_of(s, c) for c in s.cars.values()} == {"" if option is TyreSets.OFF else option.value}
    assert all(c.tyre_option == "" and " to=" not in race.position() for c in s.cars.values())


def test_choose_from_a_given_grid_then_the_start_tyres_give_the_start_set_back() -> None:
    race = new_race(["A", "B"], 1, rules=CHOOSE, choose_tyres=True, pros=["B"])
    assert race.phase is Phase.SETS and race.current_car == "A"  # the Pro BOT chooses nothing
    race.apply("A sets a")
    assert race.phase is Phase.GRID and race.current_car == "A"  # then the start tyres (§4.6)
    race.apply(Tyres("A", "hard"))
    assert race.state.cars["A"].tyre_sets == "ssm"  # the Soft dealt back, the Hard taken
    assert race.state.round == 1 and race.state.cars["B"].tyre_sets == ""


@pytest.mark.parametrize("text", ["A sets", "A sets c", "A sets a b", "A sets A"])
def test_bad_sets_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


def test_bad_to_in_the_notation_and_the_switch_value() -> None:
    race = new_race(["A", "B"], 1, rules=CHOOSE)
    race.apply("A sets b")
    with pytest.raises(NotationError, match="to=") as e:
        parse_position(race.position().replace("to=b", "to=c"))
    assert "\n" not in str(e.value)
    assert Rules.from_dict({"limited_tyre_sets": "choose"}) == CHOOSE
    assert parse_position(race.position()).rules == CHOOSE
    waiting = race.position()
    race.apply("B sets a")
    assert race.phase is Phase.DRAW
    for line in (waiting.replace(" sets ", " draw "), race.position().replace(" draw ", " sets ")):
        with pytest.raises(NotationError, match="sets phase") as e:  # a choice waiting <=> the sets phase
            parse_position(line)
        assert "\n" not in str(e.value)


def test_the_greedy_driver_takes_two_sets_of_the_tyre_it_wants_at_its_stop() -> None:
    standard = new_race(["A", "B"], 1, rules=CHOOSE)  # radar 9 -> 24: 15 rounds, its stop wants Medium at 7 left
    assert tyre_for((standard.state.final_lap_at - standard.state.flag) // 2) == "medium"
    assert Greedy(0).choose(standard) == TyreOption("A", "b")  # Option B: 2 Medium
    advanced = new_race(["A", "B"], 1, rules=CHOOSE, mode=Mode.ADVANCED)  # 23 rounds: Hard, one set in both
    assert Greedy(0).choose(advanced) == TyreOption("A", "b")  # then Medium, its next choice
    short = new_state(["A", "B"], 1, rules=CHOOSE)
    short.flag = short.final_lap_at - 6  # a sprint: 3 rounds at its stop, Soft
    assert Greedy(0).choose(Race(short)) == TyreOption("A", "a")  # Option A: 2 Soft


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), greedy=st.booleans(), bots=st.booleans())
def test_choose_races_to_the_flag_each_player_once_and_never_beyond_its_sets(seed: int, greedy: bool,
                                                                             bots: bool) -> None:
    race = new_race(["A", "B", "C", "D"], seed, rules=CHOOSE, qualifying=True, bots=("D",) if bots else (),
                    track="teaching_short")
    drivers = {c: (Greedy(seed) if greedy else RandomDriver(seed + i)) for i, c in enumerate("ABCD")}
    players = {"A", "B", "C"} | (set() if bots else {"D"})
    start = {car: race.state.cars[car].tyre for car in players}
    n = 0
    while not race.is_over:
        car = race.current_car
        assert car is not None and race.legal_actions()
        if race.phase is Phase.SETS:
            line = race.position()
            assert format_state(parse_position(line)) == line
        race.apply(drivers[car].choose(race))
        n += 1
        assert n < 20_000
    chosen = [e for e in race.events if isinstance(e, ltev.TyreSetsChosen)]
    assert sorted(e.car for e in chosen) == sorted(players)  # each player once, no BOT
    first_other = next(i for i, e in enumerate(race.events) if isinstance(e, ev.PitBoxes))
    assert all(race.events.index(e) < first_other for e in chosen)  # before qualifying
    for e in chosen:
        c = race.state.cars[e.car]
        assert c.tyre_option == e.option
        stock = Counter(TYRE_SET_OPTIONS[e.option])
        used = Counter(x.tyre[0] for x in race.events if isinstance(x, ltev.TyreSetTaken) and x.car == e.car)
        used[start[e.car].value[0]] += 1  # the set it started on
        assert all(used[t] <= stock[t] for t in used), (e.car, used, stock)
    if bots:
        assert race.state.cars["D"].tyre_sets == "" and race.state.cars["D"].tyre_option == ""
