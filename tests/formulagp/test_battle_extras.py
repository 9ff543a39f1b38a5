"""Battle extras (digest §13.2 c, §13.3 items 3–4, §5.1, §8.2, §8.3, §6.7, §6.8; the original's 9.2 c, 9.3, 4.4,
4.8): the +1 OT secondary functions and the Red Parameter after the declaration, an EVENT card that applies in a
battle laid with the battle cards, the driver skill once a round, the house rule ``driver_skills`` both ways, the
action texts and notation, and the teaching DRIVER data, on built positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from racebook.core.errors import ActionSyntaxError, DataError
from racebook.formulagp import driverskill
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Bid, Param, PlayEvent, Spend, To, parse
from racebook.formulagp.components import dice
from racebook.formulagp.eventdeck import EventEffect, event_card, event_deck
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.state import Phase
from tests.formulagp.test_battles import adjacent_stop, built, conserved

EVENTS = Counter(c.code for c in event_deck().cards)
SKILLS = Rules(driver_skills=True)  # the teaching DRIVER cards' skills (N30; off by default)


def events_conserved(race: Race) -> None:
    assert Counter(race.state.events_everywhere()) == EVENTS


def hold_event(race: Race, car: str, code: str) -> None:
    s = race.state
    s.events.pile.remove(code)
    s.cars[car].events.append(code)
    race.refresh()


def _of(events: tuple[ev.Event, ...], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# ------------------------------------------------------------------ OT before the battle (§13.2 c)
def test_plus_one_ot_and_the_red_parameter_after_the_declaration() -> None:
    """§13.2 c: Grey stopped with 1 OT (a built position) declares, then spends O1's +1 OT (§5.1: up to the maximum,
    2) and its Red Parameter (+1 OT, above the maximum: 3, §8.3). At the reveal the OT LEDs are those of the highest
    level (2, §8.2); BLUE 3 + 2 = 5 against RED 2; the overtake moves 3 spaces, one per OT point (§13.4.1)."""
    race = adjacent_stop(["B1", "O1"], ["R4"])
    s = race.state
    s.cars["Grey"].ot = 1
    race.refresh()
    assert Spend("Grey", ("O1",)) not in race.legal_actions()  # not before the declaration (the offer)
    race.apply("Grey attack Red")
    legal = race.legal_actions()
    assert Spend("Grey", ("O1",)) in legal and Param("Grey", "red") in legal
    spent = race.apply("Grey spend O1")
    assert _of(spent, ev.OtBoosted)[0].ot == 2 and _of(spent, ev.OtBoosted)[0].citation == "§13.2"
    assert Spend("Grey", ("O1",)) not in race.legal_actions()  # §5.1: at the maximum; O1 is in the discard pile
    red = race.apply("Grey param red")
    assert _of(red, ev.OtBoosted)[0].ot == 3 and s.cars["Grey"].params == "WY"
    assert Param("Grey", "red") not in race.legal_actions()
    race.apply("Grey bid B1")
    assert Param("Grey", "red") not in race.legal_actions() and race.current_car == "Red"  # the defender: no boost
    done = race.apply("Red bid R4")
    att = _of(done, ev.BattleRevealed)[0]
    assert (att.card_leds, att.ot_leds, att.leds) == (3, 2, 5)
    over = _of(done, ev.Overtook)[0]
    assert (over.frm, over.ot, over.spaces, over.to) == ("T02.2.2", 3, 3, "T04.2.1")  # T03 lane 2: 2 spaces
    conserved(race)


def test_boosts_are_refused_with_the_rule_outside_their_moment() -> None:
    """``explain``: the defender may not raise OT; nor the attacker once its cards are laid; an ORANGE card's +1 OT
    at the maximum is refused by §5.1."""
    race = adjacent_stop(["B1", "O1"], ["R4", "O2"])
    race.apply("Grey attack Red")
    assert race.explain(Spend("Grey", ("O1",))).rule == "§5.1"  # OT 2 is the teaching board's maximum
    race.apply("Grey bid B1")
    verdict = race.explain(Param("Red", "red"))
    assert verdict.rule == "§13.2" and "attacker" in verdict.reason
    with pytest.raises(Exception, match="§13.2"):
        race.apply("Red param red")


# ------------------------------------------------------------------ EVENT cards in a battle (§13.3 item 3)
def test_a_battle_event_card_is_laid_with_the_cards_and_adds_its_leds() -> None:
    """E6 'Late Braking' (invented-for-teaching, +2 LEDs): the defender Red lays it with R4 — 2 + 2 = 4 against
    Grey's GREEN G4 1 + OT 2 = 3: the attack fails (§13.4.2). It leaves the table for the EVENT discard pile; it is
    not offered as a play at the start of a turn (§6.7)."""
    card = event_card("E6")
    assert (card.name, card.effect, card.amount) == ("Late Braking", EventEffect.BATTLE, 2)
    race = adjacent_stop(["G4"], ["R4"])
    hold_event(race, "Red", "E6")
    race.apply("Grey attack Red")
    race.apply("Grey bid G4")
    legal = race.legal_actions()
    assert Bid("Red", ("R4",), False, ("E6",)) in legal and Bid("Red", ("R4",)) in legal
    done = race.apply("Red bid R4 E6")
    played = _of(done, ev.BattleEventPlayed)
    assert [(e.car, e.card, e.leds) for e in played] == [("Red", "E6", 2)]
    dfn = _of(done, ev.BattleRevealed)[1]
    assert (dfn.card_leds, dfn.event_leds, dfn.leds) == (2, 2, 4) and "+2 EVENT" in dfn.body()
    assert _of(done, ev.BattleResolved)[0].result == "failed" or _of(done, ev.BattleResolved)[0].citation == "§13.4.2"
    assert "E6" in race.state.events.discards and "E6" not in race.state.cars["Red"].events
    events_conserved(race)
    conserved(race)


def test_a_battle_event_card_is_not_played_outside_a_battle() -> None:
    race = adjacent_stop(["G4"], ["R4"])
    hold_event(race, "Grey", "E6")
    assert PlayEvent("Grey", "E6") not in race.legal_actions()
    assert race.explain(PlayEvent("Grey", "E6")).rule in ("§13.3", "§13.2")
    race.apply("Grey attack Red")
    assert race.explain(Bid("Grey", ("G4",), False, ("E12",))).rule == "§6.7"  # not held


# ------------------------------------------------------------------ the driver skill (§13.3 item 4, §6.8)
def test_both_drivers_add_their_skill_once_a_round() -> None:
    """Grey (the first car) holds D1 'Late Braker' (attacking, +2), Red D2 'Wall of Steel' (defending, +2). RED 2 +
    OT 2 + 2 = 6 against BLUE 3 + 2 = 5: the overtake succeeds. Each skill is then used for the round (``sk=5``):
    in the same round Red defends again with no ``+skill`` bid; the next round it may."""
    assert [driverskill.driver_of(adjacent_stop([], [], rules=SKILLS).state, c).name for c in ("Grey", "Red")] == [
        "Late Braker", "Wall of Steel"]
    race = adjacent_stop(["R4"], ["B1", "B2"], rules=SKILLS)
    race.apply("Grey attack Red")
    assert Bid("Grey", ("R4",), False, (), True) in race.legal_actions()
    race.apply("Grey bid R4 +skill")
    assert Bid("Red", ("B1",), False, (), True) in race.legal_actions()
    done = race.apply("Red bid B1 +skill")
    used = _of(done, ev.DriverSkillUsed)
    assert [(e.car, e.driver, e.when, e.leds) for e in used] == [("Grey", "D1", "attack", 2),
                                                                 ("Red", "D2", "defend", 2)]
    att, dfn = _of(done, ev.BattleRevealed)
    assert (att.leds, att.skill_leds, dfn.leds, dfn.skill_leds) == (6, 2, 5, 2)
    s = race.state
    assert s.cars["Red"].skill_round == s.cars["Grey"].skill_round == 5 and s.round == 6  # Grey's turn ended round 5
    text = format_state(s)
    assert " sk=5" in text and format_state(parse_position(text)) == text
    s.round = 5  # the same round: Red may not use it again
    assert not driverskill.may_use(s, s.cars["Red"], attacker=False, slipstream=False)
    s.round = 6
    assert driverskill.may_use(s, s.cars["Red"], attacker=False, slipstream=False)
    assert not driverskill.may_use(s, s.cars["Red"], attacker=True, slipstream=False)  # a defending skill
    conserved(race)


def test_a_used_skill_is_refused_with_the_rule() -> None:
    race = adjacent_stop(["R4"], ["B1"], rules=SKILLS)
    race.state.cars["Grey"].skill_round = race.state.round
    race.refresh()
    race.apply("Grey attack Red")
    assert not any(isinstance(a, Bid) and a.skill for a in race.legal_actions())
    verdict = race.explain(Bid("Grey", ("R4",), False, (), True))
    assert verdict.rule == "§13.3" and "once per game round" in verdict.reason


def test_the_house_rule_off_offers_no_skill() -> None:
    """``driver_skills=False`` (the default): no ``+skill`` bid; RED 2 + OT 2 = 4 against BLUE 3: the overtake
    succeeds."""
    race = adjacent_stop(["R4"], ["B1"])
    race.apply("Grey attack Red")
    assert not any(isinstance(a, Bid) and a.skill for a in race.legal_actions())
    race.apply("Grey bid R4")
    assert race.explain(Bid("Red", ("B1",), False, (), True)).rule == "§13.3"
    done = race.apply("Red bid B1")
    att, dfn = _of(done, ev.BattleRevealed)
    assert (att.leds, dfn.leds, att.skill_leds) == (4, 3, 0)


# ------------------------------------------------------------------ texts and data
@pytest.mark.parametrize("text", ["Grey bid R2 E6", "Grey bid R2 W1 E6 +ers +skill", "Grey bid B1 +skill",
                                  "Red bid G4 P1 +ers"])
def test_bid_texts_round_trip(text: str) -> None:
    a = parse(text)
    assert str(a) == text and parse(str(a)) == a


@pytest.mark.parametrize("text", ["Grey bid E6", "Grey bid +skill", "Grey bid R2 +skill +ers", "Grey bid R2 X13"])
def test_bad_bid_texts_are_syntax_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse(text)


def test_the_teaching_drivers() -> None:
    d = driverskill.drivers()
    assert [x.code for x in d.cards] == [f"D{i}" for i in range(1, 7)]
    assert all(v.startswith("invented-for-teaching: ") for v in d.sources.values())
    assert {x.when for x in d.cards} == set(driverskill.When)


def _doc() -> dict[str, Any]:
    import tomllib

    return tomllib.loads((driverskill.DATA / "drivers.toml").read_text())


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["deck"].update(size=7), "driver"),
    (lambda d: d["driver"][0].update(when="always"), "driver[0].when"),
    (lambda d: d["driver"][1].update(leds=0), "driver[1].leds"),
    (lambda d: d["driver"][2].update(name="Late Braker"), "driver[2].name"),
    (lambda d: d["driver"][3].pop("source"), "driver[3].source"),
    (lambda d: d["driver"][3].update(colour="red"), "driver[3].colour"),
    (lambda d: d.update(schema=2), "schema"),
    (lambda d: d.update(driver=[]), "driver"),
])
def test_bad_driver_data_are_data_errors(edit: Any, field: str) -> None:
    doc = _doc()
    edit(doc)
    with pytest.raises(DataError) as e:
        driverskill.parse_drivers(doc, "drivers.toml")
    assert e.value.field == field and e.value.file == "drivers.toml" and "\n" not in str(e.value)


def test_a_battle_phase_position_with_extras_round_trips() -> None:
    race = adjacent_stop(["R4", "O1"], ["B1"], rules=SKILLS)
    hold_event(race, "Grey", "E6")
    race.apply("Grey attack Red")
    race.apply("Grey param red")
    assert race.phase is Phase.BATTLE
    text = format_state(race.state)
    back = parse_position(text)
    assert format_state(back) == text
    assert Bid("Grey", ("R4",), False, ("E6",), True) in race.legal_actions()


# ------------------------------------------------------------------ pushing between W2W cars (§13.5, §11.3.1)
def w2w_pair(grey: str, red: str, rules: Rules | None = None) -> Race:
    """Grey and Red both hold a W2W token ('VS', §13.5); Grey plays G4 (GREEN, 6 MP here)."""
    race = built({"Grey": grey, "Red": red}, {"Grey": ["G4", "B1"], "Red": ["R4"]}, rules=rules)
    for c in ("Grey", "Red"):
        race.state.cars[c].w2w = "VS"
    race.refresh()
    race.apply("Grey play G4")
    return race


def _white(colour: str) -> str:
    return str(1 + next(i for i, f in enumerate(dice().white) if f.colour.value == colour))


def test_w2w_cars_push_each_other_by_a_lane_change() -> None:
    """§13.5 with §11.3.1 (the default reading): Grey changes lane into Red's space T02.2.1 and pushes it one lane
    farther, to T02.3.1; no Penalty token (it stays on track)."""
    race = w2w_pair("T02.1.1", "T02.2.1")
    done = race.apply("Grey to T02.2.1")
    pushed = _of(done, ev.Pushed)[0]
    assert (pushed.car, pushed.other, pushed.to) == ("Grey", "Red", "T02.3.1")
    s = race.state
    assert (s.track.name_of(s.cars["Red"].pos), s.track.name_of(s.cars["Grey"].pos)) == ("T02.3.1", "T02.2.1")
    assert s.cars["Grey"].penalties == 0


def test_a_forward_push_only_with_the_house_rule() -> None:
    """``w2w_forward_push``: off (default), Red's space ahead in Grey's lane is not a step (``explain``: §11.3.1);
    on, it is: the WHITE die (stacked green) pushes Red right to T02.2.2 and Grey takes T02.1.2 (5 MP left)."""
    off = w2w_pair("T02.1.1", "T02.1.2")
    assert To("Grey", "T02.1.2") not in off.legal_actions()
    assert off.explain(To("Grey", "T02.1.2")).rule == "§11.3.1"
    race = w2w_pair("T02.1.1", "T02.1.2", Rules(w2w_forward_push=True))
    assert To("Grey", "T02.1.2") in race.legal_actions()
    race.state.stacked["white"] = [_white("green")]
    done = race.apply("Grey to T02.1.2")
    push = _of(done, ev.W2WForwardPush)[0]
    assert (push.victim, push.colour, push.side, push.citation) == ("Red", "green", "right", "§13.5")
    s = race.state
    assert (s.track.name_of(s.cars["Red"].pos), s.track.name_of(s.cars["Grey"].pos)) == ("T02.2.2", "T02.1.2")
    assert s.turn is not None and s.turn.mp_left == 5
    text = format_state(s)
    assert format_state(parse_position(text)) == text and "w2w_forward_push=1" in text
    conserved(race)


def test_a_forward_push_off_track_costs_the_pusher_a_penalty_token() -> None:
    """On, a red face pushes Red left from lane 1: off track (§11.3.1): Grey takes a Penalty token at once and takes
    the space; Red resolves going off track before the next driver (§18.1 OffTrack_A)."""
    race = w2w_pair("T02.1.1", "T02.1.2", Rules(w2w_forward_push=True))
    race.state.stacked["white"] = [_white("red")]
    done = race.apply("Grey to T02.1.2")
    assert _of(done, ev.W2WForwardPush)[0].side == "left"
    s = race.state
    assert s.cars["Red"].off == "left" and s.cars["Grey"].penalties == 1
    assert s.track.name_of(s.cars["Grey"].pos) == "T02.1.2"


def test_no_forward_push_without_both_tokens() -> None:
    race = w2w_pair("T02.1.1", "T02.1.2", Rules(w2w_forward_push=True))
    race.state.cars["Red"].w2w = "none"
    race.refresh()
    assert To("Grey", "T02.1.2") not in race.legal_actions()
