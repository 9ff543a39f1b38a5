"""Strategies and skills (§26, §27) not covered elsewhere: CHASE, LUCKY, SAVE FUEL, VERSATILITY, WISE DRIVING,
FLAT OUT and the ET Discard Power (§19.3); Ex. 10."""

from __future__ import annotations

import racebook
from racebook.rf90 import events as ev
from racebook.rf90.actions import Chase, Draw, Play, Take, Versatility, WiseDriving
from racebook.rf90.car import Strategy


def finish(race: racebook.Race, car: str) -> None:
    """Play out ``car``'s pending decisions, declining every optional extra (trajectory, LB, flags)."""
    while race.current_car == car:
        acts = race.legal_actions()
        decline = [a for a in acts if a.verb in ("occupy", "no-late-brake", "no-flag") and str(a).endswith(
            ("none", "no-late-brake", "no-flag"))]
        race.apply(decline[0] if decline else acts[0])


def build(position: str, cars: dict, stack: list[str], track: str = "teaching") -> racebook.Race:
    return racebook.rf90.scenario.build({"scenario": {"id": "s", "track": track, "seed": 9, "position": position},
                                    "cars": cars, "deck": {"stack": stack}})


def test_ex_10_lucky_draw_two_discard_one_and_special() -> None:
    """Ex. 10 / §26.4: in phase B draw 2 and discard a card; a Track Card if the two share value or colour."""
    race = build("teaching turn=3 | A: Red*{played} | I: Blue",
                 {"Blue": {"hand": ["R55"], "target": "R88", "strategy": "lucky"}}, ["R22", "R24"])
    race.apply("Blue start")
    drawn = [e.card for e in race.events if isinstance(e, ev.CardDrawn)]
    assert drawn[:2] == ["R22", "R24"]  # both [2] orange: same value and colour
    assert any(race.state.card(c).is_track for c in race.state.cars["Blue"].hand)
    assert {a for a in race.legal_actions()} >= {Draw("Blue", "R55"), Draw("Blue", "R22")}
    assert Draw("Blue") not in race.legal_actions()  # AMB-9: the discard is mandatory by default
    race.apply("Blue draw R55")
    assert "R55" in race.state.race_deck.discards


def test_save_fuel_trades_a_big_card_for_two_and_moves_the_chit() -> None:
    """§26.3: discard a card > 2 MP to draw two; moving with cards ≤ 2 only moves the refuel chit +1 and gives
    the Special's Track Card."""
    race = build("teaching turn=3 | A: Red*{played} | I: Blue",
                 {"Blue": {"hand": ["R04", "R22"], "target": "R88", "strategy": "save_fuel", "refuel": 12}},
                 ["R24", "R63"])
    race.apply("Blue start")
    # §26.3: only a card of more than 2 MP may be traded (R04 is a [3], R22 a [2]); the normal draw stays legal
    assert set(race.legal_actions()) == {Draw("Blue"), Draw("Blue", "R04")}
    race.apply("Blue draw R04")
    assert sorted(race.state.cars["Blue"].hand) == ["R22", "R24", "R63"]
    race.apply("Blue play R22 R24")
    finish(race, "Blue")
    blue = race.state.cars["Blue"]
    assert blue.refuel == 13
    assert any(race.state.card(c).is_track for c in blue.hand)


def test_chase_token_reserved_cards_and_plus_one() -> None:
    """§26.8: choose a car ahead on the same lap in phase A; with no card of his to take, +1 MP; later take one of
    his discarded movement cards instead of drawing."""
    race = build("teaching turn=3 | H: Red* | I: Blue",
                 {"Red": {"hand": ["R22", "R24", "R56"], "target": "R77"},
                  "Blue": {"hand": ["R63", "R76", "R87"], "target": "R88", "strategy": "chase"}},
                 ["R01", "R02", "R03", "R05"])
    race.apply("Red start")
    race.apply("Red play R22 R24")
    finish(race, "Red")
    assert Chase("Blue", "Red") in race.legal_actions()
    race.apply("Blue chase Red")
    race.apply("Blue start")  # Red's cards were discarded before the token: none reserved → +1 MP
    race.apply("Blue play R63")
    mp = [e for e in race.events if isinstance(e, ev.MovementPoints) and e.car == "Blue"][-1]
    finish(race, "Blue")
    assert "+1 CHASE" in mp.breakdown
    # next Game Turn: Red plays first and his movement cards are reserved for Blue
    while race.current_car != "Red" or race.phase is None or race.phase.name != "A":
        race.apply(race.legal_actions()[0])
    race.apply("Red start")
    race.apply(next(a for a in race.legal_actions() if isinstance(a, Play) and a.cards))
    finish(race, "Red")
    race.apply("Blue start")
    takes = [a for a in race.legal_actions() if isinstance(a, Take)]
    assert takes and all(c in race.state.reserved["Red"] for c in (t.card for t in takes))
    race.apply(takes[0])
    assert takes[0].card in race.state.cars["Blue"].hand


def test_versatility_and_wise_driving_in_phase_a() -> None:
    """§27: VERSATILITY changes strategy in A.2 (once until a pit); WISE DRIVING discards Race Cards and draws up
    to the limit (Track Cards do not count)."""
    race = build("teaching turn=3 | A: Red*{played} | I: Blue",
                 {"Blue": {"hand": ["R55", "R56"], "target": "R88", "skill": "versatility"}}, [])
    race.apply("Blue versatility push")
    assert race.state.cars["Blue"].strategy is Strategy.PUSH
    assert not [a for a in race.legal_actions() if isinstance(a, Versatility)]
    wd = build("teaching turn=3 | A: Red*{played} | I: Blue",
               {"Blue": {"hand": ["R55", "R56", "T01"], "target": "R88", "skill": "wise_driving"}}, [])
    assert WiseDriving("Blue", ("R55",)) in wd.legal_actions()
    wd.apply("Blue wise-driving R55")
    hand = wd.state.cars["Blue"].hand
    assert "R55" not in hand and sum(1 for c in hand if not wd.state.card(c).is_track) == 6 and "T01" in hand


def test_flat_out_and_the_et_discard_power() -> None:
    """§27 FLAT OUT: take the ET with no test, its bonus 1 less; §19.3 ET power: automatic success, colour
    respected."""
    flat = build("teaching turn=3 | A: Red*{played} | G: Blue@G.et1",
                 {"Blue": {"hand": ["R20", "R55"], "target": "R88", "skill": "flat_out"}}, ["R01"])
    flat.apply("Blue start")
    assert Play("Blue", ("R20",), True, et="flat") in flat.legal_actions()
    flat.apply("Blue play R20 +traj et=flat")
    flat.apply("Blue test 1 R20")
    mp = next(e for e in flat.events if isinstance(e, ev.MovementPoints))
    assert mp.mp == 2 + 2 - 1
    assert not [e for e in flat.events if isinstance(e, ev.CheckTest) and e.test is ev.Checked.ET]
    power = build("teaching turn=3 | A: Red*{played} | D: Blue@D.et1",
                  {"Blue": {"hand": ["R14", "T04", "R55"], "target": "R88"}}, ["R01"])
    power.apply("Blue start")
    assert Play("Blue", ("R14",), True, et="T04") in power.legal_actions()  # T04: et:red power, D.et1 is red
    power.apply("Blue play R14 +traj et=T04")
    power.apply("Blue pay chips=2")
    assert next(e for e in power.events if isinstance(e, ev.MovementPoints)).mp == 4 + 3
    assert "T04" in power.state.track_deck.discards
