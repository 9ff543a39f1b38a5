"""Human labels of Automobiles actions (issue 19 item 1, notebook A0's buttons): every legal action of many random
positions — the first-game cards and random ones, Weaving, the driver draft, Seasons with sponsors, card effects in
progress — gets a non-empty label, unique in its position, with no action syntax in it."""

from __future__ import annotations

import re

import pytest

from racebook.automobiles import actions as A
from racebook.automobiles.actionlabels import BUTTON, EFFECT, label
from racebook.automobiles.actions import Buy, Pass, Pit, Play
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import ACTIONS, CODES
from racebook.automobiles.game import Race
from racebook.automobiles.lessons.notebook import sandbox_race
from racebook.automobiles.rules.buying import money
from racebook.automobiles.setup import new_state
from racebook.core.agents import RandomDriver
from racebook.core.rng import Rng

CODE_WORD = re.compile(rf"\b[{''.join(CODES)}]\b")  # a cube code standing alone: "buy K"
VERBS = "pit|play|buy|pass|pick|draw|move|choose|stop|driver|draft|sponsor|keep"
VERB_FIRST = re.compile(rf"^[A-Z][A-Za-z0-9]* ({VERBS})\b")  # "<player> <verb>": an action text


def raw_syntax(action: object, text: str) -> str | None:
    """What in ``text`` is action syntax rather than words (None: nothing)."""
    if str(action) in text:
        return "the action text"
    if CODE_WORD.search(text):
        return f"a cube code ({CODE_WORD.search(text).group()})"  # type: ignore[union-attr]
    if VERB_FIRST.match(text):
        return "'<player> <verb>'"
    if "_" in text:
        return "an identifier"
    return None


def test_the_raw_syntax_check_is_not_vacuous() -> None:
    assert raw_syntax("A buy K", "A buy K") == "the action text"
    assert raw_syntax("A buy K", "buy K for $9") == "a cube code (K)"
    assert raw_syntax("A pass", "Red pass now") == "'<player> <verb>'"
    assert raw_syntax("A draft josh_trin", "race with josh_trin") == "an identifier"
    assert raw_syntax("A buy K", "buy a black cube for $9") is None


def _random_setups(n: int) -> list[tuple[int, dict]]:
    cs = card_set()
    out = []
    for seed in range(n):
        rng = Rng(seed)
        cards = {c: cs.of_colour(c)[rng.below(len(cs.of_colour(c)))].id for c in ACTIONS}
        out.append((seed, {"players": 2 + seed % 4, "cards": cards if seed % 3 else None, "weaving": seed % 4 == 1,
                           "draft": seed % 5 == 2, "season": 3 if seed % 7 == 3 else 0}))
    return out


@pytest.mark.parametrize(("seed", "setup"), _random_setups(24), ids=lambda x: str(x) if isinstance(x, int) else "")
def test_every_legal_action_of_random_positions_has_a_unique_readable_label(seed: int, setup: dict) -> None:
    race = Race(new_state(setup.pop("players"), seed=seed, laps=1, **setup), frames=False)
    driver = RandomDriver(seed)
    positions = 0
    for _ in range(300):
        legal = race.legal_actions()
        if not legal:
            break
        labels = [label(race.state, a) for a in legal]
        assert all(labels), [str(a) for a, t in zip(legal, labels, strict=True) if not t]
        assert len(set(labels)) == len(labels), sorted(labels)
        for a, text in zip(legal, labels, strict=True):
            assert raw_syntax(a, text) is None, (str(a), text, raw_syntax(a, text))
        positions += 1
        race.apply(driver.choose(race, legal))
    assert positions >= 100


def test_labels_say_what_the_action_does_with_the_engines_numbers() -> None:
    """A's Action phase near notebook A1's pit-stop position (3 wear cubes drawn, two dark grey ones): the pit stop
    names the wear it throws out, ``pass`` the money the unplayed cubes are worth, a gear each space it may reach
    (its colour, length and lane, from the board), a buy its price (from the data files)."""
    race = sandbox_race({"A": ("1@5", "W3L2", "W1D2X3Y1", "W1"), "B": ("2@8", "W5", "W2", "-")})
    state = race.state
    legal = race.legal_actions()
    pit = next(a for a in legal if isinstance(a, Pit))
    assert label(state, pit) == "pit stop: skip this turn, throw out 3 wear cubes"
    worth = money(state, state.players["A"].active)
    assert label(state, next(a for a in legal if isinstance(a, Pass))) == f"done playing: go shopping with ${worth}"
    gears = [a for a in legal if isinstance(a, Play) and a.spaces]
    assert len(gears) == 2  # dark grey spaces ahead in lanes 1 and 2
    for gear in gears:
        space = state.board.space_of(gear.spaces[0])
        assert label(state, gear) == (f"play the dark grey cube: the {space.length}-row dark grey space in lane "
                                      f"{space.lane}")
    race.apply("A pass")
    buy = next(a for a in race.legal_actions() if isinstance(a, Buy) and a.cube == "D")
    assert label(race.state, buy) == f"buy a dark grey cube for ${race.state.comps.cost('D')}"


def test_every_action_class_registers_its_words() -> None:
    """Issue 39 item 4: labels dispatch by per-class registration: a turn's classes in BUTTON, the choices inside a
    card's effect in EFFECT (a buy is both), every action class in one of them."""
    classes = {c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Action) and c is not A.Action}
    effect = {A.Pick, A.Draw, A.Move, A.Choose, A.Buy, A.Stop}
    assert EFFECT.classes() == effect
    assert BUTTON.classes() == classes - effect | {A.Buy}
