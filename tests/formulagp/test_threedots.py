"""[ADV] The three-dot EVENT and RISK cards (digest §4.4, the original's 3.4: "Remove cards marked with the blue /
red banner icon (three dots) for a Standard game"): the data (validated, invented-for-teaching faces), the decks of a
Standard race (unchanged) and of an Advanced race (the three-dot cards shuffled in at the set-up), their effects
through the existing card-effect code, the scenario key, the conservation check, and Advanced races with random and
greedy drivers keeping every card in one place to the flag."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import DataError, ScenarioError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import scenario
from racebook.formulagp.actions import PlayEvent
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.components import DATA
from racebook.formulagp.damage import stack_cards
from racebook.formulagp.eventdeck import EventEffect, event_card, event_deck, parse_event_deck
from racebook.formulagp.incidentcards import Effect, IncidentDeck, card, incident_cards, parse_incident_cards
from racebook.formulagp.integrity import problems
from racebook.formulagp.losscontrol import draw_risk
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode
from racebook.formulagp.track import race_track
from tests.formulagp.test_race import at_turn

DOTTED_EVENTS = ["E31", "E32", "E33", "E34", "E35", "E36"]
DOTTED_RISK = ["RK31", "RK32", "RK33", "RK34"]


def _doc(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the data
def test_the_three_dot_cards_come_after_the_standard_decks() -> None:
    deck, ic = event_deck(), incident_cards()
    assert deck.codes == [f"E{i}" for i in range(1, 31)]  # the Standard deck, as in issue 37
    assert [c.code for c in deck.three_dots] == DOTTED_EVENTS and all(c.three_dots for c in deck.three_dots)
    assert deck.advanced_codes == deck.codes + DOTTED_EVENTS
    assert not any(c.three_dots for c in deck.cards)
    assert [c.code for c in ic.of(IncidentDeck.RISK)] == [f"RK{i}" for i in range(1, 31)]
    assert [c.code for c in ic.advanced_of(IncidentDeck.RISK)][30:] == DOTTED_RISK
    assert ic.advanced_of(IncidentDeck.DAMAGE) == ic.of(IncidentDeck.DAMAGE)  # only EVENT and RISK have banners
    assert "invented-for-teaching" in deck.sources["deck.three_dots"]
    assert "invented-for-teaching" in ic.sources["deck.risk_three_dots"]
    rows = [i for i, t in enumerate(_doc("event_deck.toml")["card"]) if t.get("three_dots")]
    assert len(rows) == 5 and all(deck.sources[f"card[{i}].effect"].startswith("invented-for-teaching") for i in rows)
    assert card("RK31").effect is Effect.LOSS_OF_CONTROL and card("RK32").effect is Effect.DAMAGE
    assert (card("RK33").effect, card("RK34").effect) == (Effect.DEBRIS, Effect.OIL)
    assert [event_card(x).effect for x in ("E34", "E35", "E36")] == [EventEffect.DEBRIS] * 2 + [EventEffect.OIL]
    assert event_card("E32").effect is EventEffect.ERS


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["deck"].update(three_dots=4), "card"),
    (lambda d: d["card"][-1].update(three_dots=False), "three_dots"),  # an Oil card is an [ADV] card
    (lambda d: d["card"][-1].update(amount=2), "amount"),
    (lambda d: d["deck"].pop("three_dots"), "three_dots"),
    (lambda d: d["card"][0].update(three_dots=True), "card[0].three_dots"),
    (lambda d: d["card"][-1].update(three_dots="yes"), "three_dots"),
    (lambda d: d["card"][-1].update(name="Clean Air"), "name"),
    (lambda d: d["card"][-1].update(effect="safety_car"), "effect"),
    (lambda d: d["deck"].update(three_dots=-1), "deck.three_dots"),
])
def test_bad_three_dot_event_cards_are_one_clean_error(edit: Any, field: str) -> None:
    doc = _doc("event_deck.toml")
    edit(doc)
    with pytest.raises(DataError) as e:
        parse_event_deck(doc, "event_deck.toml")
    assert field in e.value.field and "\n" not in str(e.value)


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["deck"].update(risk_three_dots=3), "risk"),
    (lambda d: d["risk"][-1].pop("three_dots"), "three_dots"),  # an Oil card is an [ADV] card
    (lambda d: d["risk"][0].update(three_dots=True), "risk[0].three_dots"),  # 'Yellow Flag': every game's card
    (lambda d: d["damage"][1].update(three_dots=True), "damage[1].three_dots"),  # DAMAGE cards have no banner
    (lambda d: d["risk"][-1].update(three_dots=1), "three_dots"),
])
def test_bad_three_dot_risk_cards_are_one_clean_error(edit: Any, field: str) -> None:
    doc = _doc("incident_cards.toml")
    edit(doc)
    with pytest.raises(DataError) as e:
        parse_incident_cards(doc, "incident_cards.toml")
    assert field in e.value.field and "\n" not in str(e.value)


# ------------------------------------------------------------------ the decks of a race (§4.4)
def test_a_standard_race_removes_them_and_an_advanced_race_shuffles_them_in() -> None:
    std = new_race(["Grey", "Red"], 3).state
    adv = new_race(["Grey", "Red"], 3, mode=Mode.ADVANCED).state
    assert Counter(std.events_everywhere()) == Counter(event_deck().codes)
    assert Counter(adv.events_everywhere()) == Counter(event_deck().advanced_codes)
    assert not set(DOTTED_RISK) & set(std.incident_cards_everywhere())
    assert set(DOTTED_RISK) <= set(adv.incident_cards_everywhere())
    assert not problems(std) and not problems(adv)


def test_the_conservation_check_names_a_lost_three_dot_card() -> None:
    s = new_race(["Grey", "Red"], 3, mode=Mode.ADVANCED).state
    s.events.pile.remove("E33")
    assert any("EVENT" in p and "E33" in p for p in problems(s))
    s.incident_decks["risk"].discards.append("RK31")
    assert any("RISK" in p and "RK31" in p for p in problems(s))


def test_a_three_dot_event_card_plays_through_the_existing_effect() -> None:
    """'Lift and Coast' (E32, three dots): ERS +1, never above the maximum (§8.1), as 'Battery Boost'."""
    race = new_race(["Grey", "Red"], 3, mode=Mode.ADVANCED)
    s = race.state
    s.events.pile.remove("E32")
    s.cars["Grey"].events.append("E32")
    at_turn(race, "Grey", {"Grey": "T10.2.1", "Red": "T20.2.1"}, ["G1", "G2", "R1"])
    s.cars["Grey"].ers = 1
    race.apply(PlayEvent("Grey", "E32"))
    played = [e for e in race.steps[-1].events if isinstance(e, ev.EventPlayed)]
    assert played and played[0].card == "E32" and s.cars["Grey"].ers == 2
    assert "E32" in s.events.discards and not problems(s)


def test_a_three_dot_risk_card_plays_through_the_existing_effect() -> None:
    """'Aquaplaning' (RK31, three dots): a loss of control (§18.1), as 'Snap oversteer'."""
    race = new_race(["Grey", "Red"], 3, mode=Mode.ADVANCED)
    s = race.state
    at_turn(race, "Grey", {"Grey": "T10.2.1", "Red": "T20.2.1"}, ["G1", "G2"])
    stack_cards(s, IncidentDeck.RISK, ["RK31"])
    log = EventLog()
    draw_risk(s, s.cars["Grey"], log)
    assert any(isinstance(e, ev.LostControl) and "RK31" in e.cause for e in log)
    assert "RK31" in s.incident_decks["risk"].discards


def _scenario(tmp_path: Any, mode: str, draws: str) -> Any:
    p = tmp_path / "d.toml"
    p.write_text(f'[scenario]\nid = "t"\ntitle = "t"\ncite = "§4.4"\ngame = "formulagp"\nmode = "{mode}"\n'
                 f'actions = []\n[race]\nround = 3\nevent_draws = [{draws}]\n'
                 '[[car]]\nid = "Grey"\nat = "T10.2.1"\n[[car]]\nid = "Red"\nat = "T20.2.1"\n', encoding="utf-8")
    return p


def test_a_scenario_stacks_a_three_dot_card_only_in_an_advanced_race(tmp_path: Any) -> None:
    s = scenario.read(_scenario(tmp_path, "advanced", '"E33"')).state
    assert s.events.pile[-1] == "E33"
    with pytest.raises(ScenarioError) as e:
        scenario.read(_scenario(tmp_path, "standard", '"E33"'))
    assert "event_draws" in str(e.value) and "\n" not in str(e.value)


# ------------------------------------------------------------------ Advanced races keep every card in one place
def _race(seed: int, n: int) -> tuple[Any, dict[str, Any]]:
    cars = [f"C{i}" for i in range(n)]
    race = new_race(cars, seed, track=race_track(), mode=Mode.ADVANCED, bots=cars[n - 1:] if seed % 3 == 0 else ())
    drivers = {c: (RandomDriver(seed + i) if (i + seed) % 2 else Greedy(seed + i)) for i, c in enumerate(cars)}
    return race, drivers


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_advanced_races_with_three_dot_cards_conserve_them_and_end(seed: int, n: int) -> None:
    race, drivers = _race(seed, n)
    steps = 0
    while not race.is_over:
        assert race.legal_actions()
        race.apply(drivers[race.current_car].choose(race))
        steps += 1
        assert steps < 30_000
        if steps % 89 == 0:
            assert not problems(race.state), problems(race.state)
            assert format_state(parse_position(race.position())) == race.position()
    assert not problems(race.state)
    assert sorted(race.classification()) == sorted(race.state.cars)
