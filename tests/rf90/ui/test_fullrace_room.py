"""Notebook 12's race table for a room (issue 34 item 1, issue 33 item 3), headless: grouped choices that carry the
engine's Action objects, and a set-up tab in players' words. The one-screen layout itself is measured in a real
browser: tests/test_browser_fullrace.py."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from racebook.rf90.actions import Action, Play, Skip  # noqa: E402
from racebook.rf90.lessons.choicewords import DOES_NOTHING  # noqa: E402
from racebook.rf90.options import Rules  # noqa: E402
from racebook.rf90.turn import Phase  # noqa: E402
from racebook.rf90.ui.fullrace import RaceTable, choice_family  # noqa: E402
from racebook.ui.choicegroups import MENU_FROM  # noqa: E402


def _walk(w: Any):  # every widget below w
    yield w
    for child in getattr(w, "children", ()):
        yield from _walk(child)


def _started(seed: int = 12) -> RaceTable:
    t = RaceTable(track="teaching", players=2, seed=seed)
    t.deal()
    t.qualify()
    assert t.start() is not None
    return t


def _controls(t: RaceTable) -> int:
    """The clickable things a decision shows: its buttons and its menus (a menu and its "go" count once)."""
    return len(t.action_buttons) + len(t.menus)


def test_phase_a_offers_the_strategy_changes_as_one_menu() -> None:
    """Phase A's 13 legal actions (a plain skip, 8 "skip, change strategy to …" and 3 pit stops) are 4 controls in 4
    rows: the strategy changes one menu, the pit stops another, the plain skip, which does nothing now, in its own
    last row (issue 33 item 1)."""
    t = _started()
    race = t.race
    assert race is not None and race.phase is Phase.A
    legal = race.legal_actions()
    assert len(legal) == 13
    menu, go = t.menus["skip, change strategy to"]
    changes = [a for a in legal if isinstance(a, Skip) and a.strategy is not None]
    assert [v for _l, v in menu.options] == changes  # the Action objects themselves, in the engine's order
    assert [label for label, _v in menu.options][0] == "BANGING WHEELS"  # the row's title says the rest
    pits = [a for a in legal if not isinstance(a, Skip)][1:]  # the start of the turn, then the 3 pit stops
    assert [v for _l, v in t.menus["pit stop:"][0].options] == pits
    assert len(changes) == 8 and len(pits) == 3 and len(t.actions_box.children) == 4
    assert _controls(t) == 13 - len(changes) + 1 - len(pits) + 1 == 4
    assert [b.description for b in t.actions_box.children[-1].children[1:]] == [f"skip the turn{DOES_NOTHING}"]
    assert go.description == "go"


def test_a_click_applies_the_action_object_never_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _started()
    race = t.race
    assert race is not None
    applied: list[Any] = []
    real = race.apply
    monkeypatch.setattr(race, "apply", lambda action: (applied.append(action), real(action))[1])
    menu, go = t.menus["skip, change strategy to"]
    wanted = menu.options[3][1]
    menu.value = wanted
    go.click()
    assert applied and applied[0] is wanted and isinstance(applied[0], Skip)
    assert race.actions[0] == wanted and not t.errors.errors
    # a button too: the Action object of its choice
    t.press(next(iter(t.action_buttons)))
    assert all(isinstance(a, Action) for a in applied)


def test_plays_are_one_row_per_number_of_cards() -> None:
    """Phase C: the plays of one card and of two cards each in their own row (a menu when many)."""
    t = _started()
    race = t.race
    assert race is not None
    for _ in range(200):
        if race.phase is Phase.PLAY and race.current_car in t.computer:
            break
        t.computer_step()
    legal = race.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    by_count: dict[int, list[Play]] = {}
    for a in plays:
        by_count.setdefault(len(a.cards), []).append(a)
    assert len(by_count) >= 2, by_count
    for n, acts in by_count.items():
        title, _words = choice_family(acts[0])
        assert title == f"play {('no', 'one', 'two')[n]} card{'s' * (n != 1)}:"
        if len(acts) >= MENU_FROM:
            assert [v for _l, v in t.menus[title][0].options] == acts
        else:
            assert all(str(a) in t.action_buttons for a in acts)
    assert len(t.actions_box.children) == len(by_count) + (len(legal) > len(plays))
    assert _controls(t) <= 2 * len(by_count) + len(legal) - len(plays)


def test_every_decision_of_a_race_is_at_most_a_few_rows() -> None:
    """Over 150 decisions: every legal action offered exactly once, never more than 5 rows and 8 controls."""
    t = _started(seed=3)
    race = t.race
    assert race is not None
    for _ in range(150):
        if race.is_over:
            break
        legal = race.legal_actions()
        keys = list(t.action_buttons) + [str(v) for dd, _b in t.menus.values() for _l, v in dd.options]
        assert sorted(keys) == sorted(str(a) for a in legal)
        assert len(t.actions_box.children) <= 5 and _controls(t) <= 8, (race.phase, [str(a) for a in legal])
        t.computer_step()
    assert not t.errors.errors


#: Words a player should not read in the set-up tab: source notes, code paths, identifiers.
DEVELOPER_WORDS = ("NOT IN SOURCE", "racebook.", "ROBOTS_BY_PLAYERS", "AMB-", "presumed)", "(§")


def _setup_words(t: RaceTable) -> list[str]:
    """Every text the set-up tab shows: descriptions, HTML, menu entries, button words, tooltips."""
    out = []
    for w in _walk(t.setup_tab):
        for attr in ("description", "value", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str) and not (isinstance(w, widgets.HTML) and v.startswith("<style>")):
                out.append(v)
        out += [o[0] if isinstance(o, tuple) else str(o) for o in getattr(w, "options", ())]
        titles = getattr(w, "titles", ())
        out += [x for x in titles if x]
    return out


def test_the_setup_tab_speaks_players_words() -> None:
    t = RaceTable(track="teaching", players=6, seed=12)
    words = _setup_words(t)
    text = "\n".join(words)
    for bad in DEVELOPER_WORDS:
        assert bad not in text, bad
    for f in fields(Rules):  # no house rule by its identifier
        assert f.name not in text, f.name
    assert "House rules (where the book can be read two ways)" in words
    assert "Intermediate tyres in the wrong weather:" in text and "Extreme Trajectories:" in text
    assert any("as printed: dry -1, drizzle -1, rain 0" in w for w in words)
    assert {"1. Deal the hands", "2. Qualify", "3. Start the race"} <= set(words)
    assert "SuperFast" in words  # a robot kind by its whole name


def test_house_rule_switches_still_set_the_rules() -> None:
    """The plain words change nothing: each widget sets its switch of Rules."""
    t = RaceTable(track="teaching", players=2, seed=12)
    assert t.rules() == Rules()
    t.rules_w["restart_duels"].value = True
    t.rules_w["et_procedure"].value = "2e"
    r = t.rules()
    assert r.restart_duels and r.et_procedure.value == "2e" and r.teammate_ends_ahead is False


def test_the_next_step_is_said_beside_the_buttons() -> None:
    t = RaceTable(track="teaching", players=2, seed=12)
    assert "1. Deal the hands" in t.next_html.value
    t.deal()
    assert "2. Qualify" in t.next_html.value
    t.qualify()
    assert "3. Start the race" in t.next_html.value
    t.start()
    assert "Race tab" in t.next_html.value
