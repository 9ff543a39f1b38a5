"""The Optional turn order by momentum (digest §21, the original's 15.1; house rule ``momentum_order``): the pure rule,
and seeded races both ways through the engine."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.core.errors import NotationError
from racebook.formulagp import events as ev
from racebook.formulagp import integrity
from racebook.formulagp.actions import Launch, Play
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.events import momentum as mev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.rules.momentum import groups, momentum_order, shown_cards
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase

ON = Rules(momentum_order=True)


def test_the_pure_rule_most_leds_first_ties_by_the_sequence_worn_tyres_last() -> None:
    order = ("A", "X", "B", "C", "D")  # X is on another tile (or in a Slipstream space): it keeps its place
    found = groups(order, {"A": 5, "B": 5, "C": 5, "D": 3})
    assert found == [("A", "B", "C")]  # D is alone on its tile: no group
    assert momentum_order(order, found, {"A": 2, "B": 4, "C": 4}) == ("B", "X", "C", "A", "D")
    assert momentum_order(order, found, {"A": 2, "B": 4, "C": 4}, frozenset({"B"})) == ("C", "X", "A", "B", "D")
    assert momentum_order(order, found, {"A": 3, "B": 3, "C": 3}) == order  # a tie: the standard sequence
    with pytest.raises(ValueError, match="15.1"):
        momentum_order(order, found, {"A": 1})
    assert shown_cards(["O1=red", "G2"]) == (("O1", "G2"), "red") and shown_cards(["B3"]) == (("B3",), "")


def _race(seed: int, rules: Rules, bots: tuple[str, ...] = ()) -> Race:
    race = new_race(["A", "B", "C", "D"], seed, qualifying=seed % 2 == 0, rules=rules, bots=bots)
    drivers = {c: (Greedy(seed) if seed % 3 else RandomDriver(seed)) for c in "ABCD"}
    play_out(race, drivers)
    return race


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5])
def test_seeded_races_both_ways(seed: int) -> None:
    """On: every group's order is its LEDs' (worn tyres last, ties by the standard sequence, checked by the pure
    rule on the events), each shown card is the one the car plays; off: no card is shown after race round 1."""
    bots = ("D",) if seed in (3, 5) else ()
    race = _race(seed, ON, bots)
    assert race.is_over
    assert integrity.problems(race.state) == []
    log = list(race.events)
    kinds = Counter(type(e) for e in log)
    assert kinds[mev.MomentumOrder] > 0
    assert kinds[mev.MomentumSealed] == kinds[mev.MomentumShown]
    leds: dict[str, int] = {}
    shown: dict[str, tuple[str, ...]] = {}
    standard: tuple[str, ...] = ()
    gone: dict[str, str] = {}
    matched = 0
    for e in log:
        if isinstance(e, ev.RoundStarted):
            leds, shown = {}, {}
        elif isinstance(e, mev.MomentumShown):
            leds[e.car] = e.leds
            shown[e.car] = e.cards
        elif isinstance(e, mev.MomentumDie):
            leds[e.car] = e.leds
            assert 1 <= e.leds <= 6
        elif isinstance(e, mev.MomentumOrder):
            worn = set(e.worn)
            assert sorted(e.order, key=lambda c: (c in worn, -leds.get(c, 0))) == list(e.order)  # a stable sort
        elif isinstance(e, ev.CardsPlayed) and e.car in shown:
            if tuple(x.split("=")[0] for x in e.cards) == shown[e.car]:  # the card(s) it showed
                matched += 1
            else:  # only if a shown card left the hand first (a Parameter token's redraw, a discard): it lapses
                assert any(x in gone.get(e.car, "") for x in shown[e.car]), (e, shown[e.car])
            shown.pop(e.car)
        elif getattr(e, "car", None) in shown and "discard" in str(e):
            gone[e.car] = gone.get(e.car, "") + str(e)
        elif isinstance(e, ev.OrderSet):
            standard = e.order
    assert standard and matched > 0
    off = _race(seed, Rules(), bots)
    assert not any(type(e).__module__.endswith(".momentum") for e in off.events)


def _at_show(seed: int = 2) -> Race:
    race = new_race(["A", "B", "C", "D"], seed, qualifying=True, rules=ON)
    drivers = {c: RandomDriver(seed) for c in "ABCD"}
    for _ in range(5000):
        if race.phase is Phase.START and race.state.round > 1:
            return race
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    raise AssertionError("no momentum showing")


def test_the_showing_is_sealed_round_trips_and_refuses_with_a_rule() -> None:
    race = _at_show()
    s = race.state
    waiting = s.start.waiting
    assert len(waiting) >= 1
    legal = race.legal_actions()
    assert legal and all(isinstance(a, Launch) and a.car == waiting[0] and not a.extras for a in legal)
    assert parse_position(format_state(s)).start.waiting == waiting
    assert " mo=" not in format_state(s)
    assert race.explain(Launch(waiting[0], legal[0].cards, legal[0].as_colour, ("W1",))).rule == "§21"
    other = next(c for c in s.cars if c not in waiting)
    assert race.explain(Launch(other, ("G1",))).rule == "§21"
    before = race.position()
    # the sealed choice is in no event field: the first driver's choice stays hidden until all have chosen
    sealed = race.apply(legal[-1])
    assert [type(e) for e in sealed][:1] == [mev.MomentumSealed]
    while race.phase is Phase.START:
        race.apply(race.legal_actions()[0])
    assert race.position() != before
    s = race.state
    assert s.momentum_shown and " mo=" in format_state(s)
    assert format_state(parse_position(format_state(s))) == format_state(s)
    # at a showing car's turn only the card(s) it showed are listed; another play is refused citing §21
    for _ in range(400):
        car = race.current_car
        if race.phase is Phase.PLAY and car is not None and any(t.split()[0] == car for t in s.momentum_shown):
            text = next(t for t in s.momentum_shown if t.split()[0] == car)
            cards, colour = shown_cards(text.split()[2:])
            plays = [a for a in race.legal_actions() if isinstance(a, Play)]
            assert plays and all((a.cards, a.as_colour) == (cards, colour) for a in plays)
            other_cards = [x for x in s.cars[car].hand if x not in cards and x[0] in "GRB"]
            if other_cards:
                assert race.explain(Play(car, (other_cards[0],))).rule in {"§21", "§6.2", "§6.3", "§10.3"}
            return
        race.apply(Greedy(1).choose(race))
    raise AssertionError("no showing car's turn")


def test_a_bad_mo_token_is_a_clean_notation_error() -> None:
    line = format_state(new_race(["A", "B"], 1, rules=ON).state)
    head, _, rest = line.partition(" | ")
    with pytest.raises(NotationError, match="mo="):
        parse_position(head + " mo=A~play~G1 | " + rest)
