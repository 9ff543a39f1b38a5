"""The conformance suite (issue 39 item 8): the same checks on every game of the registry, as OpenSpiel runs the same
checks on every game. A new game gets them by registering (``racebook/<game>/spec.py`` and its hooks module).

For seeded play-outs of every game (``hooks.new_race(seed)``, every car played by ``hooks.driver(seed)``: uniformly
random on even seeds, the game's computer player on odd ones):

* every legal action's text parses back to the same action, and the action has a label (the words of its button);
* ``explain`` refuses sampled actions that are not legal now (legal elsewhere in the play-out), naming a rule and a
  reason, and ``apply`` refuses them with that rule, leaving the position unchanged;
* the game's own conservation check (``hooks.problems``: RF90 every card in one place and the box's wear tokens,
  Automobiles the cubes, one car per segment, the cards, FormulaGP each car's ACTION cards in one place, its
  resources on their tracks, one car a space) holds after every action;
* save → load gives the same position (and the same save), after 0, 1, 2, 4, 8, … actions and at the end;
* ``at(n)`` equals a replay of the first n actions from the start (the position and the whole saved state);
* a clone continues independently: an action applied to the clone leaves the race as it was, and the race given the
  same action reaches the clone's position;
* every play-out ends (``is_over``) within the step limit.

``RACEBOOK_CONFORMANCE_SEEDS`` (default 4) sets the seeds per game; the checks of every step are sampled so that
``make test`` stays quick (a few seconds per game).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from racebook.core.errors import IllegalAction
from racebook.core.registry import GameSpec, games
from racebook.core.rng import Rng

SEEDS = int(os.environ.get("RACEBOOK_CONFORMANCE_SEEDS", "4"))
MAX_STEPS = 20_000  # a full race of any game is well under this; it only stops a livelock
PROBES = 3  # non-legal actions explained per sampled step
CHECKPOINTS = frozenset(2**k for k in range(16)) | {0}  # steps where a save, at(n) and a clone are checked (and
# at the end): doubling intervals, so a long race costs about twice its own replay

CASES = [pytest.param(g, seed, id=f"{g.name}-seed{seed}") for g in games() for seed in range(SEEDS)]


def _where(game: GameSpec, seed: int, race: Any) -> str:
    return f"{game.name} seed {seed} step {len(race.actions)}: {race.position()}"


def _check_texts_and_labels(game: GameSpec, race: Any, legal: list[Any], where: str) -> None:
    for a in legal:
        text = str(a)
        assert game.parse_action(text) == a, f"{text!r} parses to {game.parse_action(text)!r}; {where}"
        label = game.api.label(race, a)
        assert isinstance(label, str) and label.strip(), f"{text!r} has no label; {where}"


def _check_refusals(race: Any, legal: list[Any], seen: list[Any], pick: Rng, where: str) -> None:
    """Actions met elsewhere in the play-out that are not legal now: refused with a rule, nothing changed."""
    others = [a for a in seen if a not in legal]
    if not others:
        return
    before = race.position()
    for _ in range(PROBES):
        a = others[pick.below(len(others))]
        v = race.explain(a)
        assert not v.legal, f"{a} is not among the legal actions but explains as legal; {where}"
        assert v.rule and v.reason, f"{a}: refused without a rule or a reason ({v}); {where}"
        with pytest.raises(IllegalAction) as e:
            race.apply(a)
        assert v.rule in str(e.value), (str(e.value), v.rule, where)
        assert race.position() == before, f"a refused {a} changed the position; {where}"


def _check_save_at_clone(game: GameSpec, race: Any, driver: Any, where: str) -> None:
    cls = game.race_class
    saved = race.to_json()
    loaded = cls.from_json(saved, frames=False)
    assert loaded.position() == race.position(), f"save -> load changed the position; {where}"
    assert loaded.to_json() == saved, f"save -> load -> save is another save; {where}"
    n = len(race.actions)
    for k in sorted({n // 2, n} if race.is_over else {n // 2}):
        at, replayed = race.at(k), race.replay(k)
        assert at.position() == replayed.position() and at.to_json() == replayed.to_json(), \
            f"at({k}) is not a replay of {k} actions; {where}"
    if race.is_over:
        return
    legal = list(race.legal_actions())
    if not legal:
        return
    before, before_legal = race.position(), legal
    clone = race.clone()
    a = legal[0]
    clone.apply(a)
    assert race.position() == before and list(race.legal_actions()) == before_legal, \
        f"applying {a} to a clone changed the race; {where}"
    other = race.clone()
    other.apply(a)
    assert other.position() == clone.position(), f"two clones given {a} differ; {where}"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_a_seeded_play_out_conforms(game: GameSpec, seed: int) -> None:
    api = game.api
    race = api.new_race(seed, frames=True)
    driver = api.driver(seed)
    pick = Rng(seed ^ 0xC0FFEE)
    problems = api.problems(race)
    assert not problems, f"{game.name} seed {seed} at the start: {problems}"
    seen: list[Any] = []
    known: set[str] = set()
    steps = 0
    while not race.is_over and steps < MAX_STEPS:
        legal = list(race.legal_actions())
        assert legal, f"no legal action and the race is not over; {_where(game, seed, race)}"
        where = _where(game, seed, race)
        _check_texts_and_labels(game, race, legal, where)
        for a in legal:
            if str(a) not in known and len(seen) < 400:
                known.add(str(a))
                seen.append(a)
        if steps % 5 == 0:
            _check_refusals(race, legal, seen, pick, where)
        if steps in CHECKPOINTS:
            _check_save_at_clone(game, race, driver, where)
        a = driver.choose(race, legal)
        assert a in legal, f"the driver chose {a}, not a legal action; {where}"
        race.apply(a)
        steps += 1
        problems = api.problems(race)
        assert not problems, f"after {a}: {problems}; {_where(game, seed, race)}"
    assert race.is_over, f"the play-out did not end in {MAX_STEPS} steps; {_where(game, seed, race)}"
    assert list(race.legal_actions()) == []
    _check_save_at_clone(game, race, driver, _where(game, seed, race))


def test_every_registered_game_is_covered() -> None:
    """The suite runs on every game of the registry (the three games today; a fourth one by registering)."""
    names = {g.name for g in games()}
    assert {"rf90", "automobiles", "formulagp"} <= names
    assert {p.values[0].name for p in CASES} == names


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_the_checks_catch_a_broken_position(game: GameSpec) -> None:
    """The suite can fail: a card or cube created outside the rules breaks the game's conservation check, and a
    position changed outside ``apply`` makes ``at(n)`` differ from what the race shows."""
    api = game.api
    race = api.new_race(1)
    for _ in range(6):
        race.apply(api.driver(1).choose(race, list(race.legal_actions())))
    assert api.problems(race) == []
    broken = race.clone()
    if game.name == "rf90":
        car = next(c for c in broken.state.cars.values() if c.hand)
        car.hand.append(car.hand[0])  # one card in two places (§6.1)
    elif game.name == "automobiles":
        p = next(iter(broken.state.players.values()))
        p.bag["W"] = p.bag.get("W", 0) + 1  # a cube out of nowhere (§1.2)
    else:
        car = next(c for c in broken.state.cars.values() if c.hand)
        car.deck.discards.append(car.hand[0])  # one ACTION card in two places (§5)
    assert api.problems(broken), game.name
    assert broken.to_json() != race.at(len(race.actions)).to_json() == race.to_json()
