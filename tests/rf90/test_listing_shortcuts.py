"""The listing's shortcuts give the rules' own answers (issue 36): the §13.C pair verdict remembered per kind of
pair, phase A's fixed actions built once per car and strategy, and ``apply``'s look-up of an action in the listing
(the listed object found by identity first)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

import racebook
from racebook.core.game import listed
from racebook.rf90.actions import Pit, Play, Skip, Start
from racebook.rf90.car import Car, CarKind, Strategy
from racebook.rf90.cards import Card, Colour, DeckKind
from racebook.rf90.turn import cardplay
from racebook.rf90.turn.legality import legal_a


def build(position: str, cars: dict) -> racebook.Race:  # type: ignore[type-arg]
    return racebook.rf90.scenario.build({"scenario": {"id": "s", "track": "teaching", "seed": 9, "position": position},
                                         "cars": cars})


def _card(code: str, mp: int, combination: bool, deck: DeckKind) -> Card:
    return Card(code, deck, Colour.RED, mp, 50, combination=combination)


def test_pair_verdict_remembered_per_kind_is_pair_legal() -> None:
    """§13.C, §19.2, §26.7: for every MP, combination symbol and strategy, the remembered verdict (asked cold, then
    warm) is pair_legal's."""
    cardplay._PAIRS.clear()
    kinds = [(mp, comb, deck) for mp in range(0, 7) for comb in (False, True)
             for deck in (DeckKind.RACE, DeckKind.TRACK) if deck is DeckKind.TRACK or not comb]
    for strategy in (None, Strategy.PUSH, Strategy.SAVE_FUEL):
        car = Car("Blue", CarKind.HUMAN, strategy=strategy)
        for _ in range(2):  # cold, then from the memo
            for (ma, ca, da), (mb, cb, db) in itertools.product(kinds, repeat=2):
                a, b = _card("A", ma, ca, da), _card("B", mb, cb, db)
                key = (cardplay._pair_kind(a), cardplay._pair_kind(b), strategy is Strategy.PUSH)
                remembered = cardplay._PAIRS.get(key)
                verdict = cardplay._pair_ok(car, a, b) if remembered is None else remembered
                assert verdict == cardplay.pair_legal(car, a, b)[0]


def test_phase_a_fixed_actions_follow_the_strategy() -> None:
    """§13.A: the skips offered never include the car's own strategy, after a strategy change too; the pit options
    are the same objects each time (built once), equal to fresh ones."""
    race = build("teaching turn=3 | A: Red*{played} | I: Blue", {"Blue": {"hand": ["R55", "R56"], "target": "R88"}})
    state, car = race.state, race.state.cars["Blue"]
    assert race.ctx is not None
    for strategy in (Strategy.PUSH, Strategy.SAVE_FUEL, Strategy.PUSH):
        car.strategy = strategy
        first, again = legal_a(state, car, race.ctx), legal_a(state, car, race.ctx)
        assert first == again and all(x is y for x, y in zip(first, again, strict=True))
        assert first[:2] == [Start("Blue"), Skip("Blue")]
        assert Skip("Blue", strategy) not in first
        assert [a for a in first if isinstance(a, Skip) and a.strategy is not None]
        assert [a for a in first if isinstance(a, Pit)] == [Pit("Blue", k) for k in range(len(
            [a for a in first if isinstance(a, Pit)]))]


@given(st.lists(st.tuples(st.sampled_from(["Blue", "Red"]), st.sampled_from(["R01", "R02", "T01"]),
                          st.booleans()), max_size=6),
       st.tuples(st.sampled_from(["Blue", "Red"]), st.sampled_from(["R01", "R02", "T01"]), st.booleans()))
def test_listed_is_in(items: list[tuple[str, str, bool]], probe: tuple[str, str, bool]) -> None:
    """``listed`` answers as ``in`` does, for the listed object itself and for an equal copy of an action."""
    legal = [Play(c, (k,), t) for c, k, t in items]
    copy = Play(probe[0], (probe[1],), probe[2])
    assert listed(copy, legal) == (copy in legal)
    for a in legal:
        assert listed(a, legal)
