"""The dice before a battle (digest §13.2 a, §6.3, §7, §19.2; the original's 9.2 a, 4.11.2 and 4.11.3): a movement
pair's YELLOW die and the RED dice a move owes are rolled when the driver chooses to attack, before the battle is
declared; the declaration is checked again after them; a kind rolled then is not rolled again at the end of the move
(N28); the house rule ``dice_before_battle`` both ways; built positions with stacked dice."""

from __future__ import annotations

import pytest

from racebook.core.errors import NotationError
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, Bid, CounterSteer, End, Spin
from racebook.formulagp.components import dice
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.state import Phase
from tests.formulagp.test_battles import _face, built, conserved

RED_ICON = 13  # the teaching board's wear space with the RED die icon (§14.1): a RED die after every move


def pair_stop(hand: list[str], *, rules: Rules | None = None, wear: int = 2) -> Race:
    """Grey (front of T02, lane 2) plays the GREEN pair G1 G2 (RED pace, §6.3: the YELLOW die owed) and must stop:
    Red is on T03 in the adjacent lane 3; OT 2 (§13.2)."""
    race = built({"Grey": "T02.2.2", "Red": "T03.3.1"}, {"Grey": ["G1", "G2", *hand], "Red": ["R4"]}, rules=rules)
    race.state.cars["Grey"].wear = wear
    race.refresh()
    race.apply("Grey play G1 G2")
    race.apply("Grey stop")
    assert race.phase is Phase.BATTLE and race.state.cars["Grey"].ot == 2
    return race


def _kinds(events: tuple[ev.Event, ...] | list[ev.Event]) -> list[str]:
    return [e.kind for e in events]


def test_a_movement_pair_rolls_its_yellow_die_before_the_battle_is_declared() -> None:
    """4.11.2: the pair's YELLOW die (stacked: Stress +1) is rolled and resolved before the battle: Grey's stress goes
    from the middle (1) to Stressed (2) first, so the battle it then declares allows it no pair (§15, N19): its
    bids are the single cards B1, R2, R3 (with and without ERS) and no R2 R3 pair."""
    race = pair_stop(["B1", "R2", "R3"])
    race.state.stacked["yellow"] = [_face("yellow", "stress")]
    events = race.apply("Grey attack Red")
    assert _kinds(events) == ["DiceBeforeBattle", "DieRolled", "StressMoved", "BattleDeclared"]
    assert events[0] == ev.DiceBeforeBattle("Grey", "Red", ("yellow",)) and events[0].citation == "§13.2"
    assert "before the battle" in events[0].body()
    assert race.state.cars["Grey"].stress == 2
    bids = race.legal_actions()
    assert Bid("Grey", ("R2", "R3")) not in bids and Bid("Grey", ("R2",)) in bids
    assert race.state.turn is not None and race.state.turn.dice_done == "pair"
    text = format_state(race.state)
    assert " bd=pair " in text and format_state(parse_position(text)) == text
    race.apply("Grey bid R2")
    ended = race.apply("Red bid R4")
    # N28: the pair's die is not rolled a second time at the end of the move
    assert not any(isinstance(e, ev.DieRolled) for e in ended)
    assert sum(isinstance(e, ev.DieRolled) for e in race.events) == 1
    conserved(race)


def test_with_the_house_rule_off_the_pair_die_waits_for_the_end_of_the_move() -> None:
    """``dice_before_battle=False``: the YELLOW die is rolled after the battle, at the end of the move; Grey is still
    at the middle stress when it bids, so the R2 R3 pair is offered (and played: 5 LEDs + OT 2)."""
    race = pair_stop(["B1", "R2", "R3"], rules=Rules(dice_before_battle=False))
    race.state.stacked["yellow"] = [_face("yellow", "stress"), _face("yellow", "wear")]
    events = race.apply("Grey attack Red")
    assert _kinds(events) == ["BattleDeclared"]
    assert Bid("Grey", ("R2", "R3")) in race.legal_actions()
    race.apply("Grey bid R2 R3")
    ended = race.apply("Red bid R4")
    kinds = _kinds(ended)
    assert kinds.index("BattleResolved") < kinds.index("DieRolled")
    rolled = [(e.die, e.face) for e in ended if isinstance(e, ev.DieRolled) and e.car == "Grey"]
    # the battle pair's own YELLOW die (§13.4) after the result, then the movement pair's at the end of the move
    assert rolled == [("yellow", "stress"), ("yellow", "wear")]
    assert race.state.turn is None or race.state.turn.car != "Grey"
    conserved(race)


def test_an_owed_red_die_that_spins_the_car_calls_the_battle_off() -> None:
    """4.11.3: the wear marker on the RED die icon owes a RED die; rolled before the battle (stacked: loss of
    control) with no Counter-steer card in hand (B1 only, §18.1) the car spins: it cannot attack (BattleCalledOff),
    its move ends, its OT drops to 0; the pair's YELLOW die (stacked: tyre wear) was rolled with it, and neither is
    rolled again at the end of the move."""
    race = pair_stop(["B1"], wear=RED_ICON)
    s = race.state
    s.stacked["red"] = [_face("red", "loss_of_control")]
    s.stacked["yellow"] = [_face("yellow", "wear")]
    events = race.apply("Grey attack Red")
    first = events[0]
    assert isinstance(first, ev.DiceBeforeBattle) and first.dice == ("red", "yellow")
    off = next(e for e in events if isinstance(e, ev.BattleCalledOff))
    assert (off.car, off.defender, off.why) == ("Grey", "Red", "it spun")
    assert not any(isinstance(e, (ev.BattleDeclared, ev.BattleRevealed)) for e in events)
    assert [e.die for e in events if isinstance(e, ev.DieRolled)] == ["red", "yellow"]
    assert s.cars["Grey"].spun and s.cars["Grey"].ot == 0 and s.battle is None
    assert any(isinstance(e, ev.TurnEnded) and e.car == "Grey" for e in events)
    conserved(race)


def test_a_counter_steer_decision_pauses_the_attack_and_the_position_round_trips() -> None:
    """The RED die's loss of control with G3 (a Counter-steer card) in hand: the CONTROL phase waits for Grey
    (``resume=battle``, the attack kept as ``ba=``); the notation round-trips there; counter-steering (WHITE die:
    a green face, one lane right, to lane 3) leaves Grey behind Red in the same lane, so the adjacent-lane battle can
    no longer be declared (§13.2 b): called off, the move ends."""
    race = pair_stop(["B1", "G3"], wear=RED_ICON)
    s = race.state
    s.stacked["red"] = [_face("red", "loss_of_control")]
    s.stacked["yellow"] = [_face("yellow", "wear")]
    events = race.apply("Grey attack Red")
    assert race.phase is Phase.CONTROL and s.resume == "battle"
    assert s.turn is not None and s.turn.attack == "Grey attack Red"
    assert race.legal_actions() == [CounterSteer("Grey", "G3"), Spin("Grey")]
    assert not any(isinstance(e, ev.BattleDeclared) for e in events)
    text = format_state(s)
    assert " resume=battle " in text and "ba=Grey~attack~Red" in text
    back = parse_position(text)
    assert format_state(back) == text and back.turn is not None and back.turn.attack == "Grey attack Red"
    white = next(i for i, f in enumerate(dice().white) if f.colour.value == "green")
    s.stacked["white"] = [str(white + 1)]
    done = race.apply("Grey countersteer G3")
    assert s.track.name_of(s.cars["Grey"].pos).startswith("T02.3")
    assert any(isinstance(e, ev.BattleCalledOff) for e in done)
    assert [e.die for e in race.events if isinstance(e, ev.DieRolled) and e.car == "Grey"] == ["red", "yellow"]
    assert s.cars["Grey"].ot == 0 and s.battle is None
    conserved(race)


def test_a_risk_card_before_the_battle_leaves_the_attack_open() -> None:
    """The RED die's RISK face draws a RISK card before the battle (stacked: RK3 'Lock-up', +1 wear: 13 -> 14) and the
    pair's YELLOW die adds +1 stress (middle 1 -> 2); the attack is still open, so the battle is declared after them
    (the order of the original's 9.2: a) the dice, b) the declaration)."""
    race = pair_stop(["B1"], wear=RED_ICON)
    s = race.state
    s.stacked["red"] = [_face("red", "risk")]
    s.stacked["yellow"] = [_face("yellow", "stress")]
    s.card_stack["risk"] = ["RK3"]
    events = race.apply("Grey attack Red")
    kinds = _kinds(events)
    assert kinds[0] == "DiceBeforeBattle" and kinds[-1] == "BattleDeclared"
    assert (s.cars["Grey"].wear, s.cars["Grey"].stress) == (RED_ICON + 1, 2) and race.phase is Phase.BATTLE
    assert "RK3" in s.incident_decks["risk"].discards
    assert race.legal_actions()[0].car == "Grey"


def test_ending_the_move_instead_rolls_the_dice_at_its_end() -> None:
    """§13.2: ending the move (no battle) rolls the owed dice at the end of the move, as before."""
    race = pair_stop(["B1"])
    race.state.stacked["yellow"] = [_face("yellow", "wear")]
    events = race.apply(End("Grey"))
    assert not any(isinstance(e, ev.DiceBeforeBattle) for e in events)
    assert [e.die for e in events if isinstance(e, ev.DieRolled)] == ["yellow"]


def test_no_dice_owed_declares_at_once() -> None:
    """A single card owes no die (§19.2): the battle is declared with nothing rolled."""
    race = built({"Grey": "T02.2.2", "Red": "T03.3.1"}, {"Grey": ["R1", "B1"], "Red": ["R4"]})
    race.apply("Grey play R1")
    race.apply("Grey stop")
    assert race.apply(Attack("Grey", "Red")) == (ev.BattleDeclared("Grey", "Red", 2),)
    assert race.state.turn is not None and race.state.turn.dice_done == ""


@pytest.mark.parametrize("change", [(" bd=-", " bd=foo"), (" ba=-", " ba=Red~attack~Grey"),
                                    (" ba=-", " ba=Grey~bid~G1"), (" ba=-", " ba=x~y"), (" bd=-", " bd=pair,tricky")])
def test_bad_battle_dice_tokens_are_notation_errors(change: tuple[str, str]) -> None:
    """``bd=`` lists dice kinds, ``ba=`` the attacking car's own attack text; anything else is refused in one line."""
    text = format_state(pair_stop(["B1"]).state)
    assert change[0] in text
    with pytest.raises(NotationError, match="bd= lists dice kinds"):
        parse_position(text.replace(change[0], change[1]))
