"""Readable choices (issue 19 item 4): every action the engine offers has a short human label, derived from its
fields, with no action syntax in it, and the labels of one position's legal actions are all different."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from racebook.core import citations
from racebook.rf90 import scenario
from racebook.rf90.actionlabels import BUTTON, RULE_BY_VERB, describe, label, labels
from racebook.rf90.actions import _VERBS, Pit, Play, Skip, Test
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.simulate import COLOURS, robots_for
from racebook.rf90.car import Skill, Strategy
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import load_track

SYNTAX = re.compile(r"=|@|\+traj|\+blue|\bminus1\b|\bchips=|\bstrategy=|^[A-Z][A-Za-z0-9_]* [a-z-]+ ")
SCENARIOS = sorted(p.stem for p in (Path(scenario.__file__).parent / "scenarios").glob("*.toml"))


def _check_position(race: Race, seen: set[str]) -> None:
    legal = race.legal_actions()
    shown = labels(legal, race.state)
    texts = [d.label for d in shown]
    for d in shown:
        assert d.label.strip(), d.text
        assert not SYNTAX.search(d.label), (d.label, d.text)
        assert d.text == str(d.action) and d.rule, d.text
        seen.add(d.action.verb)
    assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)


def _races() -> Iterable[Race]:
    strategies = [Strategy.SAVE_TYRES, Strategy.PUSH, Strategy.SAVE_FUEL, Strategy.BANGING_WHEELS]
    skills = [None, Skill.VERSATILITY, Skill.WISE_DRIVING, Skill.FLAT_OUT]
    for i, (track, seed, players) in enumerate([("teaching", 1, 2), ("teaching", 2, 3), ("spa", 3, 2),
                                                ("monaco", 4, 2), ("silverstone", 5, 3), ("monza", 6, 1)]):
        drivers = [Driver(COLOURS[k], refuel=8 + 2 * k, qualify_card=0, strategy=strategies[(i + k) % 4],
                          skill=skills[(i + k) % 4]) for k in range(players)]
        rs = new_race(load_track(track), drivers, robots_for(players), seed=seed)
        yield Race(rs.state)


def test_every_label_of_many_greedy_races_is_readable_and_unique() -> None:
    seen: set[str] = set()
    for race in _races():
        agents = {c: GreedyDriver(n) for n, c in enumerate(race.state.cars)}
        for _ in range(3000):
            if race.is_over or not race.legal_actions():
                break
            _check_position(race, seen)
            legal = race.legal_actions()
            race.apply(agents[legal[0].car].choose(race, legal))
    for name in SCENARIOS:  # the worked examples reach the rarer kinds (duels, flags, skills, pits, teams)
        sc = scenario.load(name, play=False)
        for text in sc.actions:
            _check_position(sc.race, seen)
            sc.race.apply(text)
    print(f"{len(seen)} kinds of action seen:", " ".join(sorted(seen)))
    assert {"start", "play", "pay", "test", "pit", "occupy", "late-brake", "bid", "challenge"} <= seen, seen


@pytest.mark.parametrize("verb", sorted(_VERBS))
def test_every_verb_has_a_label_and_a_rule_that_resolves(verb: str) -> None:
    action = _VERBS[verb]("Blue")
    text = label(action)
    assert text.strip() and not SYNTAX.search(text), text
    rule = describe(action).rule
    assert rule == RULE_BY_VERB[verb]
    found = citations.find(rule, "rf90")
    rules = Path(__file__).resolve().parents[2] / "docs" / "rules"
    assert found and all(c.anchor in citations.anchors_in((rules / c.file).read_text(encoding="utf-8"))
                         for c in found), rule


def test_the_books_words() -> None:
    assert label(Pit("Blue", 1)) == "pit, +1 extra section: +3 turns of fuel"
    assert label(Pit("Blue", 2)) == "pit, +2 extra sections: +6 turns of fuel"
    assert label(Skip("Blue", Strategy.PUSH)) == "skip, change strategy to PUSH"
    assert label(Test("Blue", 2)) == "test 2 with a blind draw"
    sc = scenario.load("ex27", play=False)
    sc.race.apply("Blue start")
    play = Play("Blue", ("R14", "R18"), trajectory=True)
    assert play in sc.race.legal_actions()
    a, b = (sc.race.state.card(c).mp for c in play.cards)
    assert label(play, sc.race.state) == f"play R14 [{a}] + R18 [{b}] and move {a + b} MP, use the trajectory (+2 MP)"
    tip = describe(play).tooltip(sc.race.state)
    assert tip.startswith("Blue play R14 R18 +traj — §13.C") and "R14" in tip.splitlines()[1]


def test_a_yellow_flag_assist_names_its_section_and_place_in_words() -> None:
    """§5.7 (Expansion #1): ``yellow-flag=Rivage@0`` is the flag's section and the cars it goes behind."""
    from racebook.rf90.actiontext import parse
    assert label(parse("Blue assist Pink R55 yellow-flag=Rivage@0")) == \
        "help Pink with R55: a yellow flag in Rivage, behind 0 cars"
    assert label(parse("Blue assist Pink R55 yellow-flag=Rivage@1")).endswith("behind 1 car")


def test_labels_behind_the_safety_car() -> None:
    """§21.3, §21.4: behind the Safety Car "start" follows it and a pit stop loads 16 turns (Ex. 40's Orange)."""
    sc = scenario.load("ex40", play=False)
    for a in sc.actions[:4]:  # Blue pits under the SC; Orange decides
        sc.race.apply(a)
    shown = {d.text: (d.label, d.rule) for d in labels(sc.race.legal_actions(), sc.race.state)}
    assert shown == {"Orange start": ("follow the Safety Car: draw one card, move one section", "§21.3"),
                     "Orange pit 0": ("pit under the Safety Car: 16 turns of fuel, to the back of the queue",
                                      "§21.4")}
    assert label(Pit("Orange", 0)) == "pit: 10 turns of fuel"  # without the position: the ordinary stop


def test_every_action_class_registers_its_button_words() -> None:
    """Issue 39 item 4: the labels dispatch by per-class registration (actionlabels.BUTTON), one entry per class of
    the verb table; a class without one would be labelled by its bare verb."""
    assert BUTTON.classes() == set(_VERBS.values())
    assert label(Skip("Blue")) == "skip the turn" and BUTTON.get(None, Skip("Blue"), "?") == "skip the turn"
