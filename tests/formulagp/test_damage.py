"""The RISK, DAMAGE and FAILURE decks (digest §3, §6.8, §18.4, §18.5): the data and its refusals, stacked draws
through the state, the Draw Failure card drawing a FAILURE card (§6.6), the effects of the cards held (−1 MP, no
tyre bonus, −1 hand limit; one token per deck), at most one damage a round, the Quick Repair and the actions'
texts."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from racebook.core.datafile import load_toml
from racebook.core.errors import ActionSyntaxError, DataError, SetupError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import CounterSteer, FaceForward, Rejoin, Repair, Spin, parse
from racebook.formulagp.damage import draw_incident, repair_all, stack_cards, take_damage
from racebook.formulagp.incidentcards import (
    Effect,
    IncidentDeck,
    incident_cards,
    parse_incident_cards,
)
from racebook.formulagp.losscontrol import sits_out
from racebook.formulagp.provenance import INVENTED, is_stated
from racebook.formulagp.setup import new_race, new_state
from racebook.formulagp.state import Phase
from tests.formulagp.test_race import at_turn

DATA = "racebook/formulagp/data/incident_cards.toml"


def code_of(deck: IncidentDeck, name: str) -> str:
    return next(c.code for c in incident_cards().of(deck) if c.name == name)


def test_the_decks_have_the_stated_sizes_and_named_cards_and_say_what_is_invented() -> None:
    ic = incident_cards()
    assert [len(ic.of(d)) for d in IncidentDeck] == [30, 16, 16]  # §3
    assert ic.card(code_of(IncidentDeck.RISK, "Yellow Flag")).effect is Effect.YELLOW_FLAG  # §19.3
    assert code_of(IncidentDeck.DAMAGE, "Close Call!").startswith("DM")  # §6.8, name only
    assert is_stated(ic.sources["deck.risk"])
    assert is_stated(ic.sources["risk[0].effect"]) and ic.sources["risk[0].count"].startswith(INVENTED)
    assert all(ic.sources[k].startswith(INVENTED) for k in ic.sources if k.startswith(("damage[", "failure[")))
    assert all(c.repair for c in ic.of(IncidentDeck.FAILURE))


def _doc() -> dict[str, Any]:
    return copy.deepcopy(load_toml(DATA))


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["deck"].update(risk=31), "risk"),
    (lambda d: d["risk"][1].update(effect="mp"), "risk[1].effect"),
    (lambda d: d["damage"][1].update(effect="loss_of_control"), "damage[1].effect"),
    (lambda d: d["damage"][1].update(value=2), "damage[1].value"),
    (lambda d: d["failure"][0].pop("repair"), "failure[0].repair"),
    (lambda d: d["failure"][0].update(repair=["wings"]), "failure[0].repair"),
    (lambda d: d["damage"][0].update(name="Front wing damage"), "damage[1].name"),
    (lambda d: d["risk"][0].update(name="Yellow Flags"), "risk"),
    (lambda d: d["risk"][2].update(source="made up"), "risk[2].source"),
    (lambda d: d["damage"][0].update(colour="red"), "damage[0].colour"),
    (lambda d: d.update(schema=2), "schema"),
])
def test_bad_incident_data_is_one_clean_data_error(change: Any, field: str) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(DataError) as e:
        parse_incident_cards(doc, DATA)
    assert e.value.field == field and "\n" not in str(e.value)


def test_draws_are_stacked_first_then_shuffled_by_the_race_generator() -> None:
    s = new_state(["A", "B"], 4)
    assert s.incident_decks["risk"].pile == [] and len(s.incident_decks["risk"].discards) == 30
    stack_cards(s, IncidentDeck.RISK, ["RK9", "RK2"])
    assert [draw_incident(s, IncidentDeck.RISK), draw_incident(s, IncidentDeck.RISK)] == ["RK9", "RK2"]
    again = new_state(["A", "B"], 4)
    again.incident_decks["risk"].discards.remove("RK9")
    again.incident_decks["risk"].discards.remove("RK2")
    assert draw_incident(s, IncidentDeck.RISK) == draw_incident(again, IncidentDeck.RISK)  # same seed, same shuffle
    with pytest.raises(SetupError, match="§6.8"):
        stack_cards(s, IncidentDeck.RISK, ["DM1"])
    with pytest.raises(SetupError):
        stack_cards(s, IncidentDeck.DAMAGE, ["DM1", "DM1"])


def test_at_most_one_damage_a_round_and_repairs_return_the_cards() -> None:
    s = new_state(["A", "B"], 1)
    s.round = 5
    log = EventLog(None)
    wing, floor = code_of(IncidentDeck.DAMAGE, "Front wing damage"), code_of(IncidentDeck.DAMAGE, "Floor damage")
    stack_cards(s, IncidentDeck.DAMAGE, [wing, floor])
    a = s.cars["A"]
    take_damage(s, a, log)
    take_damage(s, a, log)
    assert a.damage == [wing] and any(isinstance(e, ev.DamageSpared) for e in log)
    s.round = 6
    take_damage(s, a, log)
    assert a.damage == [wing, floor]
    repair_all(s, a, log)
    assert a.damage == [] and {wing, floor} <= set(s.incident_decks["damage"].discards)


def test_close_call_is_discarded_at_once() -> None:
    s = new_state(["A", "B"], 1)
    close = code_of(IncidentDeck.DAMAGE, "Close Call!")
    stack_cards(s, IncidentDeck.DAMAGE, [close])
    take_damage(s, s.cars["A"], EventLog(None))
    assert s.cars["A"].damage == [] and close in s.incident_decks["damage"].discards


def test_the_draw_failure_card_draws_a_failure_card_whose_effect_holds_until_a_quick_repair() -> None:
    """§6.6: played first, it draws a FAILURE card (§18.5); 'Gearbox hiccup' takes 1 MP off every move (the
    token's −1 side) until a Quick Repair spends one movement card."""
    gearbox = code_of(IncidentDeck.FAILURE, "Gearbox hiccup")
    race = new_race(["Grey", "Red"], 1)
    race.state.card_stack["failure"] = [gearbox]
    race = at_turn(race, "Grey", {"Grey": "T03.1.1", "Red": "T30.1.1"}, ["F1", "G4", "G5", "G6"])
    s = race.state
    s.turn_index, s.order = 0, ("Grey",)
    from racebook.formulagp.rounds import begin_turn

    log = EventLog(None)
    begin_turn(s, log)
    race.refresh()
    assert [type(e).__name__ for e in log][1:3] == ["DrawFailurePlayed", "IncidentCardDrawn"]
    grey = s.cars["Grey"]
    assert grey.failures == [gearbox] and "F1" in grey.deck.discards
    assert Repair("Grey", gearbox, ("G4",)) in race.legal_actions()
    played = next(e for e in race.clone().apply("Grey play G5") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 4  # 2 (6th gear GREEN) + 3 (Soft) - 1 (the FAILURE card)
    verdict = race.explain(Repair("Grey", gearbox, ("W1",)))
    assert not verdict.legal and verdict.rule == "§18.5"
    race.apply(f"Grey repair {gearbox} G4")
    assert grey.failures == [] and gearbox in s.incident_decks["failure"].discards and "G4" in grey.deck.discards
    played = next(e for e in race.apply("Grey play G5") if isinstance(e, ev.CardsPlayed))
    assert played.mp == 5


def test_held_effects_take_one_token_per_deck() -> None:
    """Two DAMAGE cards on the same value take off 1, a DAMAGE and a FAILURE card 2 (reading N12); the hand limit
    drops by the same rule; a covered tyre bonus is 0."""
    s = new_state(["A", "B"], 1)
    a = s.cars["A"]
    limit = s.hand_limit(a)
    bent = [c.code for c in incident_cards().of(IncidentDeck.DAMAGE) if c.name == "Bent steering arm"]
    radio = code_of(IncidentDeck.FAILURE, "Radio failure")
    a.damage = bent[:2]
    assert s.hand_limit(a) == limit - 1
    a.failures = [radio]
    assert s.hand_limit(a) == limit - 2


@pytest.mark.parametrize("action", [CounterSteer("A", "G1"), Spin("A"), FaceForward("A"), Rejoin("A"),
                                    Repair("A", "FL3", ("G1", "W2"))], ids=str)
def test_incident_action_texts_round_trip(action: object) -> None:
    assert parse(str(action)) == action


@pytest.mark.parametrize("text", ["A countersteer", "A spin now", "A repair", "A repair DM1 G1", "A repair FL1",
                                  "A repair FL1 X9", "A rejoin T03.1.1", "A face left"])
def test_bad_incident_action_texts_are_one_line_errors(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert "\n" not in str(e.value)


def test_a_car_that_spun_before_its_turn_sits_it_out_and_rejoins_next_round() -> None:
    s = new_state(["A", "B"], 1)
    s.round = 7
    b = s.cars["B"]
    b.spun, b.out_round = True, 7
    log = EventLog(None)
    assert sits_out(s, "B", log) and isinstance(log[-1], ev.SitsOut)
    s.round = 8
    assert not sits_out(s, "B", log)
    assert Counter(s.incident_cards_everywhere()) == Counter(c.code for c in incident_cards().cards)
    assert s.phase is Phase.DRAW


def test_a_position_line_without_the_new_tokens_still_reads() -> None:
    """The notation's new key=value tokens are read with defaults: a line written before them gives the same state
    (every incident card in its deck's discard pile, nothing pending, no car spun, off track or damaged)."""
    import re

    from racebook.formulagp.notation import format_state, parse_position

    line = new_race(["A", "B"], 1).position()
    old = re.sub(r" (risk|damage|failure|cstack|pend|later|dl|resume|coll|spun|off|dmg|fail|dr|out|le)=\S+", "",
                 line)
    assert old != line and format_state(parse_position(old)) == line


@pytest.mark.parametrize(("token", "bad"), [(" off=-", " off=up"), (" coll=0", " coll=x"), (" dl=-", " dl=")])
def test_bad_new_tokens_are_notation_errors(token: str, bad: str) -> None:
    from racebook.core.errors import NotationError
    from racebook.formulagp.notation import parse_position

    line = new_race(["A", "B"], 1).position()
    assert token in line
    with pytest.raises(NotationError):
        parse_position(line.replace(token, bad, 1))


def test_the_classification_groups_of_spun_and_off_track_cars() -> None:
    """§17.2.2: among the cars that crossed the line, one that ended in a spin goes behind, on track before off."""
    from racebook.formulagp.losscontrol import finish_group
    from racebook.formulagp.rules.classification import Finish

    c = new_state(["A", "B"], 1).cars["A"]
    assert finish_group(c) is Finish.NOT_CROSSED
    c.crossed_final = True
    assert finish_group(c) is Finish.CROSSED
    c.spun = True
    assert finish_group(c) is Finish.SPUN
    c.off = "left"
    assert finish_group(c) is Finish.SPUN_OFF
