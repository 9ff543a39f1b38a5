"""Battles in the FormulaGP race engine (digest §13.2–§13.5, §6.3.1, §8.1, §8.2, §11.5; A10, A11, A25, A36, A37):
the offer after a forced stop, the sealed cards (nothing shown before both sides have sealed), the reveal and the
three results, the cards' LEDs, OT and ERS, the YELLOW die of a battle pair, the forced discard of Example 3, the
Slipstream attack, the house rules both ways, the notation of a battle in progress, and the worked examples
that involve a battle, on built positions."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from racebook.core.visibility import TABLE, Committed, SealedEntry
from racebook.formulagp import events as ev
from racebook.formulagp import visibility as fgpvis
from racebook.formulagp.actions import Attack, Bid, End, Param, Stop, To, Yield
from racebook.formulagp.agents import Greedy, battle_choice
from racebook.formulagp.battles import attacks
from racebook.formulagp.components import cards, dice
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, Turn
from racebook.formulagp.trackparts import Pos

CODES = Counter(c.code for c in cards().action)


def conserved(race: Race) -> None:
    for c in race.state.cars.values():
        assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id


def built(where: dict[str, str | Pos], hands: dict[str, list[str]], mover: str = "Grey", round_: int = 5,
          rules: Rules | None = None) -> Race:
    """A race at ``mover``'s turn in round ``round_`` with the cars at ``where`` and the ``hands`` given (cards taken
    from each car's piles, so every card stays in one place)."""
    race = new_race(list(where), 1, rules=rules) if rules else new_race(list(where), 1)
    s = race.state
    for cid, p in where.items():
        s.cars[cid].pos = s.track.pos(p) if isinstance(p, str) else p
    for cid, hand in hands.items():
        c = s.cars[cid]
        c.deck.pile += c.hand
        c.hand = []
        for x in hand:
            (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
            c.hand.append(x)
    s.round, s.phase, s.order, s.turn_index, s.turn = round_, Phase.PLAY, (mover,), 0, Turn(mover)
    race.refresh()
    return race


def adjacent_stop(attacker: list[str], defender: list[str], **kw: object) -> Race:
    """Grey at the front of T02 lane 2 plays R1 (8 MP) and must stop: Red is on T03 in the adjacent lane 3; OT 2 (the
    teaching board's maximum, 6 lost), §13.2."""
    race = built({"Grey": "T02.2.2", "Red": "T03.3.1"}, {"Grey": ["R1", *attacker], "Red": defender},
                 **kw)  # type: ignore[arg-type]
    race.apply("Grey play R1")
    race.apply("Grey stop")
    return race


def _face(die: str, kind: str) -> str:
    faces = dice().yellow if die == "yellow" else dice().red
    return str(1 + [f.value for f in faces].index(kind))


def test_a_forced_stop_offers_a_battle_and_nothing_shows_before_both_have_sealed() -> None:
    """§13.2 b: an adjacent lane and 1+ OT; §13.3: attacker then defender seal; the events name only the car."""
    race = adjacent_stop(["B1"], ["G4", "R4"])
    assert race.phase is Phase.BATTLE and race.current_car == "Grey"
    assert race.legal_actions() == [Attack("Grey", "Red"), End("Grey")]
    declared = race.apply("Grey attack Red")
    assert declared == (ev.BattleDeclared("Grey", "Red", 2),)
    legal = race.legal_actions()  # its bids, and first the Red Parameter's +1 OT (§13.2 c, battleextras)
    assert race.current_car == "Grey" and all(isinstance(a, Bid) for a in legal[:-1]) and legal[-1] == Param(
        "Grey", "red")
    sealed = race.apply("Grey bid B1")
    assert sealed == (ev.BattleSealed("Grey"),) and [f.name for f in fields(sealed[0])] == ["car"]
    assert race.current_car == "Red" and Yield("Red") in race.legal_actions()
    assert fgpvis.battle_view(race.state, "Red") == {"Grey": Committed("Grey")}
    assert fgpvis.battle_view(race.state, "Grey") == {"Grey": "Grey bid B1"}
    assert fgpvis.log_view(race, "Red")[-1] == SealedEntry("Grey")
    assert fgpvis.log_view(race, TABLE)[-1] == SealedEntry("Grey")
    assert "B1" in race.state.cars["Grey"].hand  # face down, not yet played
    race.apply("Red bid R4")
    assert fgpvis.log_view(race, "Red")[-2] == Bid("Grey", ("B1",))  # revealed
    conserved(race)


def test_the_attacker_wins_and_drives_one_space_per_ot_point() -> None:
    """§13.3 item 4: BLUE 3 LEDs + the OT level's 2 LEDs = 5 against RED 2; §13.4.1: the defender stays, the attacker
    moves 2 spaces (its OT) in its own lane; the OT is spent; the battle cards are discarded."""
    race = adjacent_stop(["B1"], ["R4"])
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    events = race.apply("Red bid R4")
    revealed = [e for e in events if isinstance(e, ev.BattleRevealed)]
    assert [(e.car, e.card_leds, e.ot_leds, e.ers_leds, e.leds) for e in revealed] == [
        ("Grey", 3, 2, 0, 5), ("Red", 2, 0, 0, 2)]
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert (result.attacker_leds, result.defender_leds, result.citation) == (5, 2, "§13.4.1")
    over = next(e for e in events if isinstance(e, ev.Overtook))
    assert (over.frm, over.to, over.ot, over.spaces, over.lost) == ("T02.2.2", "T03.2.2", 2, 2, 0)
    s = race.state
    assert s.track.name_of(s.cars["Red"].pos) == "T03.3.1" and s.track.name_of(s.cars["Grey"].pos) == "T03.2.2"
    ended = next(e for e in events if isinstance(e, ev.TurnEnded))
    assert ended.ot == 0 and s.cars["Grey"].ot == 0
    assert "B1" in s.cars["Grey"].deck.discards and "R4" in s.cars["Red"].deck.discards
    assert s.battle is None and not s.bids.is_open
    conserved(race)


def test_the_defender_wins_and_both_stay() -> None:
    """§13.4.2: GREEN 0 + OT 2 = 2 against BLUE 3: both stay; the OT is gone at the end of the turn."""
    race = adjacent_stop(["G1"], ["B1"])
    race.apply("Grey attack Red")
    race.apply("Grey bid G1")
    events = race.apply("Red bid B1")
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert (result.attacker_leds, result.defender_leds, result.citation) == (2, 3, "§13.4.2")
    assert not any(isinstance(e, ev.Overtook) for e in events)
    s = race.state
    assert s.track.name_of(s.cars["Grey"].pos) == "T02.2.2" and s.cars["Grey"].ot == 0
    conserved(race)


def test_a_tie_fails_and_both_drivers_take_stress() -> None:
    """§13.4.3: RED 2 + OT 2 = 4 against BLUE 3 + Option 1 = 4: the overtake fails, both +1 stress."""
    race = adjacent_stop(["R4"], ["B1", "P1"])
    before = {c: race.state.cars[c].stress for c in ("Grey", "Red")}
    race.apply("Grey attack Red")
    race.apply("Grey bid R4")
    events = race.apply("Red bid B1 P1")
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert (result.attacker_leds, result.defender_leds, result.citation) == (4, 4, "§13.4.3")
    stressed = [(e.car, e.delta) for e in events if isinstance(e, ev.StressMoved) and e.delta == 1]
    assert ("Grey", 1) in stressed and ("Red", 1) in stressed
    assert race.state.cars["Red"].stress == before["Red"] + 1
    assert race.state.track.name_of(race.state.cars["Grey"].pos) == "T02.2.2"


def test_a_defender_that_yields_loses_and_a_battle_pair_rolls_the_yellow_die() -> None:
    """§13.3 item 2: the defender may decline: the attack succeeds; §6.3, A11: a pair played in the battle (BLUE+BLUE
    is allowed in a battle) owes the YELLOW die after it (stacked: tyre wear)."""
    race = adjacent_stop(["B1", "B2"], ["G4"])
    race.state.stacked["yellow"] = [_face("yellow", "wear")]
    race.apply("Grey attack Red")
    assert Bid("Grey", ("B1", "B2")) in race.legal_actions()
    race.apply("Grey bid B1 B2")
    wear = race.state.cars["Grey"].wear
    events = race.apply("Red yield")
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert (result.attacker_leds, result.citation) == (8, "§13.3")
    assert any(isinstance(e, ev.Overtook) for e in events)
    rolled = [(e.car, e.die, e.face) for e in events if isinstance(e, ev.DieRolled)]
    assert rolled[0] == ("Grey", "yellow", "wear") and race.state.cars["Grey"].wear >= wear + 1
    assert "G4" in race.state.cars["Red"].hand  # a yielding defender plays no card


def test_battle_card_rules_and_refusals() -> None:
    """§13.3, A11: at least one movement or Tyre Wear card, at most one pair, Option cards on top; the attacker may
    not yield; a Stressed driver plays no pair (§15)."""
    race = adjacent_stop(["G4", "R4", "W1", "P1"], ["G5"])
    race.apply("Grey attack Red")
    legal = race.legal_actions()
    assert Bid("Grey", ("W1", "P1")) in legal and Bid("Grey", ("G4", "W1", "P1"), True) in legal
    assert Bid("Grey", ("P1",)) not in legal and Yield("Grey") not in legal
    for text, rule in (("Grey bid P1", "§13.3"), ("Grey yield", "§13.3"), ("Grey bid G4 R4", "§6.3"),
                       ("Grey bid G9", "§13.3"), ("Red bid G5", "§13.3")):
        verdict = race.explain(text)
        assert not verdict.legal and verdict.rule == rule, (text, verdict)
    race.state.cars["Grey"].stress = 2
    race.refresh()
    assert race.explain("Grey bid G4 G5").rule in ("§13.3", "§15")


def test_option_backs_any_card_both_readings() -> None:
    """A11 (house rule option_backs_any_card): by default an Option card backs a Tyre Wear card; off, only a GREEN,
    RED or BLUE card."""
    race = adjacent_stop(["W1", "P1"], ["G5"])
    race.apply("Grey attack Red")
    assert Bid("Grey", ("W1", "P1")) in race.legal_actions()
    race = adjacent_stop(["W1", "P1", "G4"], ["G5"], rules=Rules(option_backs_any_card=False))
    race.apply("Grey attack Red")
    assert Bid("Grey", ("W1", "P1")) not in race.legal_actions()
    assert Bid("Grey", ("G4", "W1", "P1")) in race.legal_actions()
    assert race.explain("Grey bid W1 P1").rule == "§6.5"


def test_extension_into_battle_both_readings() -> None:
    """A10 iii (house rule extension_into_battle): an ERS extension that runs into a car stops it (§13.2) and the
    extension's MP become OT; by default a battle may follow, off it may not."""
    for switch, offered in ((True, True), (False, False)):
        race = built({"Grey": "T09.1.1", "Red": "T11.3.1"}, {"Grey": ["G4", "R4"], "Red": ["G5"]},
                     rules=Rules(extension_into_battle=switch))
        assert next(e for e in race.apply("Grey play G4") if isinstance(e, ev.CardsPlayed)).mp == 4  # 4th gear
        for to in ("T09.1.2", "T10.1.1", "T10.1.2", "T10.2.2"):  # the regular move meets no car
            race.apply(f"Grey to {to}")
        assert race.state.turn is not None and race.state.turn.mp_left == 0
        race.apply("Grey extend ers")  # T10 is a straight: +1 MP
        assert To("Grey", "T11.2.1") not in race.legal_actions()
        stop = next(e for e in race.apply("Grey stop") if isinstance(e, ev.ForcedStop))
        assert (stop.mp, stop.ot) == (1, 1)
        assert (Attack("Grey", "Red") in race.legal_actions()) is offered
        assert (race.phase is Phase.BATTLE) is offered


def test_fgp_ex_17_the_stop_behind_green_then_the_battle() -> None:
    """Example 17 (§13.2): Orange has 4 MP, moves 1 space and stops a tile behind Green (adjacent lane); 3 MP become
    OT, capped at 2 (1 lost); Orange may now attack Green with its 2 OT, or end its move (the OT drops to 0)."""
    race = built({"Orange": "T33.2.1", "Green": "T34.3.1"}, {"Orange": ["G4", "R4"], "Green": ["G5"]},
                 mover="Orange")
    played = next(e for e in race.apply("Orange play G4") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 4
    race.apply("Orange to T33.2.2")
    assert To("Orange", "T34.2.1") not in race.legal_actions() and Stop("Orange") in race.legal_actions()
    stop = next(e for e in race.apply("Orange stop") if isinstance(e, ev.ForcedStop))
    assert (stop.mp, stop.ot, stop.lost) == (3, 2, 1)
    assert race.legal_actions() == [Attack("Orange", "Green"), End("Orange")]
    ended = next(e for e in race.apply("Orange end") if isinstance(e, ev.TurnEnded))
    assert ended.ot == 2 and race.state.cars["Orange"].ot == 0  # declined: the OT drops to 0


def test_fgp_ex_14_the_middle_lane_must_battle() -> None:
    """Example 14 (§13.1, §13.2): Red trailing in the middle lane behind Blue must stop and may battle; shifted one
    lane right, an empty lane separates them and it passes without a battle."""
    race = built({"Red": "T10.2.2", "Blue": "T11.1.1"}, {"Red": ["G4", "R4"], "Blue": ["G5"]}, mover="Red")
    race.apply("Red play G4")
    assert To("Red", "T11.2.1") not in race.legal_actions()
    race.apply("Red stop")
    assert Attack("Red", "Blue") in race.legal_actions()
    race = built({"Red": "T10.2.2", "Blue": "T11.1.1"}, {"Red": ["G4", "R4"], "Blue": ["G5"]}, mover="Red")
    race.apply("Red play G4")
    race.apply("Red to T10.3.2")
    assert To("Red", "T11.3.1") in race.legal_actions() and Stop("Red") not in race.legal_actions()


def test_fgp_ex_16_the_double_lane_space_is_one_lane_so_a_battle() -> None:
    """Example 16 (§13.1, §2.3): Blue on the double-lane space (lanes 2 and 3) cannot pass Orange in lane 4 freely: it
    stops, and Orange counts as in the adjacent lane, so Blue may attack."""
    race = built({"Blue": "T09.2.2", "Orange": "T10.4.1"}, {"Blue": ["G4", "R4"], "Orange": ["G5"]}, mover="Blue")
    race.apply("Blue play G4")
    assert Stop("Blue") in race.legal_actions()
    race.apply("Blue stop")
    assert race.legal_actions() == [Attack("Blue", "Orange"), End("Blue")]


def test_a_slipstream_attack_steps_sideways_with_its_first_ot_point() -> None:
    """§11.5, §13.2 b, §13.4.1, A25, A37: Grey enters the free shadow behind Red in T28's Slipstream space (+2 OT,
    capped at 2); it may attack stepping into lane 1 or 3; winning, its first OT point moves it sideways, the second
    forward; the +2 is not added again."""
    race = built({"Grey": "T27.2.2", "Red": "T28.2.1"}, {"Grey": ["G4", "B1"], "Red": ["G1"]})
    race.apply("Grey play G4")
    stop = next(e for e in race.apply("Grey to T28.2.1") if isinstance(e, ev.ForcedStop))
    assert stop.ot == 2 and "Slipstream" in stop.slip
    assert race.state.cars["Grey"].pos.shadow == 1
    assert race.legal_actions() == [Attack("Grey", "Red", 1), Attack("Grey", "Red", 3), End("Grey")]
    race.apply("Grey attack Red L3")
    race.apply("Grey bid B1")
    events = race.apply("Red bid G1")
    over = next(e for e in events if isinstance(e, ev.Overtook))
    assert (over.frm, over.to, over.ot, over.spaces) == ("T28.2.1", "T28.3.2", 2, 2)
    conserved(race)


def test_a_slipstream_attack_needs_a_free_side_and_two_ot() -> None:
    """§13.2 b: from the Slipstream shadow behind Red, an attack needs a free space beside and 2 OT: none with both
    spaces beside taken (cars that came alongside later), none with 1 OT."""
    where = {"Grey": "T28.2.1", "Red": "T28.2.1", "Blue": "T28.1.1", "Orange": "T28.3.1"}
    for others, ot, expected in ((("Blue", "Orange"), 2, []), ((), 2, [1, 3]), ((), 1, []), (("Blue",), 2, [3])):
        race = built({k: v for k, v in where.items() if k in ("Grey", "Red", *others)},
                     {"Grey": ["G4", "B1"], "Red": ["G1"]})
        s = race.state
        grey = s.cars["Grey"]
        grey.pos, grey.ot = Pos(grey.pos.tile, 2, 0, 1), ot
        s.phase, s.turn = Phase.MOVE, Turn("Grey", ("G9",), mp=4, stopped=True)
        assert [a.lane for a in attacks(s)] == expected, (others, ot)


def test_no_battle_in_race_rounds_1_and_2() -> None:
    """§13.1: race rounds 1-2 pass freely, so no forced stop and no battle."""
    race = built({"Grey": "T02.2.2", "Red": "T03.3.1"}, {"Grey": ["R1"], "Red": ["G5"]}, round_=2)
    race.apply("Grey play R1")
    assert To("Grey", "T03.2.1") in race.legal_actions() and Stop("Grey") not in race.legal_actions()


def test_a_battle_in_progress_round_trips_in_the_notation() -> None:
    """The notation holds the declared battle and the sealed cards (bt=, bs=, bc=) and continues alike."""
    race = adjacent_stop(["B1"], ["R4"])
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    text = race.position()
    assert "bt=Grey,Red,0,-" in text and "bs=Grey,Red" in text and "bc=Grey~bid~B1" in text
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    assert back.current_car == "Red"
    a = back.apply("Red bid R4")
    b = race.apply("Red bid R4")
    assert a == b and back.position() == race.position()
    older = text.replace(" bt=Grey,Red,0,- bs=Grey,Red bc=Grey~bid~B1", "")
    assert parse_position(older).battle is None  # older lines without the tokens still read


def test_greedy_attacks_with_a_fair_chance_and_bids_its_strongest_cards() -> None:
    """The greedy driver (§13.2, §13.3): with BLUE 3 + OT 2 it attacks; it bids its most LEDs; with GREEN 0, OT 2 and
    no ERS against a defender whose ERS level shows 2 LEDs it ends its move; with its ERS, it attacks."""
    race = adjacent_stop(["B1", "G4"], ["R4"])
    assert battle_choice(race, race.legal_actions()) == Attack("Grey", "Red")
    race.apply("Grey attack Red")
    assert Greedy(1).choose(race) == Bid("Grey", ("B1",), True)  # 3 + 2 ERS LEDs: the most, in one card
    race = adjacent_stop(["G1"], ["R4"])
    race.state.cars["Grey"].ers = 0  # GREEN 0 + OT 2 = 2 against 2 + Red's 2 ERS LEDs
    race.refresh()
    assert Greedy(1).choose(race) == End("Grey")
    race.state.cars["Grey"].ers = 4  # + 2 ERS LEDs = 4: a fair chance
    race.refresh()
    assert Greedy(1).choose(race) == Attack("Grey", "Red")


@pytest.mark.parametrize("seed", range(6))
def test_seeded_races_with_battles_end_and_conserve_cards(seed: int) -> None:
    """Mixed greedy and random drivers to the classification: battles happen, every card stays in one place."""
    from racebook.formulagp.agents import RandomDriver

    cars_ = [f"C{i}" for i in range(2 + seed % 5)]
    race = new_race(cars_, 1000 + seed)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    n = 0
    while not race.is_over:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        n += 1
        if race.phase is Phase.BATTLE:
            conserved(race)
        assert n < 20_000
    conserved(race)
    assert sorted(race.classification()) == sorted(cars_)


def _drive_and_end(race: Race, car: str) -> tuple[ev.Event, ...]:
    """Drive ``car``'s move forward to its end, then end the turn; the events of the end."""
    while race.state.turn and race.state.turn.mp_left:
        race.apply(next(a for a in race.legal_actions() if isinstance(a, (To, Stop))))
    return race.apply(End(car))


def test_the_w2w_token_cycle_ends_after_two_rounds_and_alone_loses_it() -> None:
    """A32: a 'Stress' token gives +1 stress again and is removed; a car alone on its tile loses its token."""
    race = built({"Orange": "T10.2.1", "Grey": "T28.2.2", "Blue": "T28.1.2", "Red": "T20.2.1"},
                 {"Orange": ["G4"]}, mover="Orange")
    race.state.cars["Grey"].w2w, race.state.cars["Blue"].w2w, race.state.cars["Red"].w2w = "Stress", "Stress", "VS"
    race.refresh()
    race.apply("Orange play G4")
    events = _drive_and_end(race, "Orange")
    tokens = {(e.car, e.before, e.after, e.stress) for e in events if isinstance(e, ev.W2WToken)}
    assert tokens == {("Grey", "Stress", "none", 1), ("Blue", "Stress", "none", 1), ("Red", "VS", "none", 0)}


def test_no_w2w_tokens_in_race_rounds_1_and_2() -> None:
    """§9.6: race rounds 1-2 place no W2W tokens."""
    race = built({"Orange": "T10.2.1", "Grey": "T28.2.2", "Blue": "T28.1.2"}, {"Orange": ["G4"]}, mover="Orange",
                 round_=2)
    race.apply("Orange play G4")
    assert not any(isinstance(e, ev.W2WToken) for e in _drive_and_end(race, "Orange"))


def test_w2w_token_cars_pass_each_other_freely_but_not_a_car_without_one() -> None:
    """§13.5: during the round after, W2W-token cars move freely around other W2W-token cars, with no battle; a car
    without a token is passed only as usual (a forced stop, §13.2)."""
    for tokens, free in (({"Grey": "VS", "Red": "Stress"}, True), ({"Grey": "VS"}, False)):
        race = built({"Grey": "T02.2.2", "Red": "T03.3.1"}, {"Grey": ["R1", "B1"], "Red": ["G5"]})
        for car, token in tokens.items():
            race.state.cars[car].w2w = token
        race.refresh()
        race.apply("Grey play R1")
        assert (To("Grey", "T03.2.1") in race.legal_actions()) is free
        assert (Stop("Grey") in race.legal_actions()) is not free


def _ended_at(race: Race, car: str, where: str, **turn: int) -> tuple[ev.Event, ...]:
    """``car`` has played its card and driven its move to ``where`` (built): it ends its turn."""
    race.apply(f"{car} play G4")
    s = race.state
    s.cars[car].pos = s.track.pos(where)
    assert s.turn is not None
    s.turn.mp_left, s.turn.seen = 0, ()
    for k, v in turn.items():
        setattr(s.turn, k, v)
    race.refresh()
    return race.apply(End(car))


DRS_CARS = {"Lead": "T25.2.1", "Lapped": "T27.3.1", "Other": "T29.2.1", "Blue2": "T26.4.1"}


def _drs_race(mover: str, round_: int = 5) -> Race:
    race = built(DRS_CARS, {mover: ["G4"]}, mover=mover, round_=round_)
    for car, lap in (("Lead", 2), ("Other", 2), ("Lapped", 1), ("Blue2", 1)):
        race.state.cars[car].lap = lap
        race.state.cars[car].blue = 2 - lap  # the lapped cars hold a single Blue Flag (§19.7)
    race.refresh()
    return race


def test_no_drs_in_rounds_1_and_2_nor_after_a_reduction() -> None:
    """§11.6: DRS is inactive in race rounds 1-2; a turn with a reduction activates no DRS."""
    race = _drs_race("Lead", round_=2)
    assert not any(isinstance(e, ev.DrsMoved) for e in _ended_at(race, "Lead", "T26.2.1"))
    race = _drs_race("Lead")
    assert not any(isinstance(e, ev.DrsMoved) for e in _ended_at(race, "Lead", "T26.2.1", reduced=1))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(3, 6))
@example(seed=90, n=6)  # a chained attack (§13.4.1): the car ahead does not defend, the overtake cites §13.4.1
def test_every_battle_of_a_random_race_adds_up(seed: int, n: int) -> None:
    """Over a seeded race of random and greedy drivers: each side's revealed total is its cards' printed LEDs + its
    OT level's LEDs (attacker only) + its ERS LEDs; the result follows the comparison (§13.4); a success moves the
    attacker and a failure does not; every card stays in one place and a sealed bid is never shown to the other side
    before its reveal."""
    from racebook.formulagp.agents import RandomDriver

    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over and steps < 20_000:
        car = race.current_car
        action = drivers[car].choose(race)  # type: ignore[index]
        bidding = race.phase is Phase.BATTLE and race.state.bids.is_open
        chained = race.state.battle is not None and race.state.battle.chained  # §13.4.1: the car ahead cannot defend
        events = race.apply(action)
        steps += 1
        if bidding and not any(isinstance(e, ev.BattleRevealed) for e in events):
            other = next(c for c in race.state.bids.sides if c != car)
            # a sealed bid stays hidden; the open extras after the declaration (a Red Parameter, +1 OT secondary
            # functions, §13.2) are public the moment they are played
            assert (fgpvis.log_view(race, other)[-1] == SealedEntry(car)) is isinstance(action, Bid)
        sides = [e for e in events if isinstance(e, ev.BattleRevealed)]
        if not sides:
            continue
        conserved(race)
        for e in sides:
            assert e.card_leds == sum(cards().card(x).leds for x in e.cards)
            assert e.leds == (e.card_leds + e.ot_leds + e.ers_leds + e.cold_leds  # A35: Cold Tyres −2
                              + e.event_leds + e.skill_leds)  # §13.3 items 3-4: EVENT cards, driver skill
            assert e.role == "attacker" or e.ot_leds == 0
        att, dfn = sides
        result = next(e for e in events if isinstance(e, ev.BattleResolved))
        expected = ("§13.4.1" if chained else "§13.3" if not dfn.defends else "§13.4.1" if att.leds > dfn.leds
                    else "§13.4.2" if att.leds < dfn.leds else "§13.4.3")
        assert result.citation == expected
        assert any(isinstance(e, ev.Overtook) for e in events) is (expected in ("§13.3", "§13.4.1"))
    assert race.is_over


def test_a_chained_secondary_attack_from_the_slipstream_shadow() -> None:
    """§13.4.1: Grey (1 OT) beats Red in the adjacent lane; its one OT point takes it into T28's Slipstream space,
    into the shadow behind Blue: it may attack Blue again with the OT left (0) + the Slipstream 2, stepping into the
    free lane 1 (lane 3 holds Red); it must play a movement card, and Blue cannot defend."""
    race = built({"Grey": "T27.2.2", "Red": "T28.3.1", "Blue": "T28.2.1"},
                 {"Grey": ["R1", "B1", "G4", "W1"], "Red": ["G1"], "Blue": ["B2"]})
    race.apply("Grey play R1")
    race.apply("Grey stop")
    race.state.cars["Grey"].ot = 1  # as if 1 MP had been left at the stop
    race.refresh()
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    events = race.apply("Red bid G1")
    over = next(e for e in events if isinstance(e, ev.Overtook))
    assert (over.to, over.spaces) == ("T28.2.1", 1) and race.state.cars["Grey"].pos.shadow == 1
    assert race.phase is Phase.BATTLE and race.current_car == "Grey" and race.state.cars["Grey"].ot == 2
    assert race.legal_actions() == [Attack("Grey", "Blue", 1), End("Grey")]
    assert "bt=Grey,-,0,-,c" in race.position()
    back = Race(parse_position(race.position()))
    assert back.legal_actions() == race.legal_actions()
    race.apply("Grey attack Blue L1")
    assert Bid("Grey", ("W1",)) not in race.legal_actions() and Bid("Grey", ("G4",)) in race.legal_actions()
    assert race.explain("Grey bid W1").rule == "§13.4.1"
    events = race.apply("Grey bid G4")
    result = next(e for e in events if isinstance(e, ev.BattleResolved))
    assert result.citation == "§13.4.1" and result.defender == "Blue"
    over = next(e for e in events if isinstance(e, ev.Overtook))
    assert (over.frm, over.to, over.ot, over.spaces) == ("T28.2.1", "T28.1.2", 2, 2)
    assert "B2" in race.state.cars["Blue"].hand and race.state.battle is None
    conserved(race)


def test_greedy_takes_a_chained_attack() -> None:
    """The greedy driver always takes a secondary attack (§13.4.1): the car ahead cannot defend."""
    race = built({"Grey": "T27.2.2", "Red": "T28.3.1", "Blue": "T28.2.1"},
                 {"Grey": ["R1", "B1", "G1"], "Red": ["G1"], "Blue": ["B2"]})
    race.apply("Grey play R1")
    race.apply("Grey stop")
    race.state.cars["Grey"].ot = 1
    race.state.cars["Blue"].ers = 4
    race.state.cars["Grey"].ers = 0  # GREEN 0 + OT 2 = 2 against 2 + Blue's 2 ERS LEDs: no fair chance otherwise
    race.refresh()
    race.apply("Grey attack Red")
    race.apply("Grey bid B1")
    race.apply("Red bid G1")
    assert race.state.battle is not None and race.state.battle.chained
    assert Greedy(3).choose(race) == Attack("Grey", "Blue", 1)
