"""The Rookie BOTs in the phases built after them (issue 37 items 1–2): qualifying (§22.6 [BOT 1.5.2]), the BOT's
own attacks (§22.10 [BOT 3.2]), an aggressive BOT's push (§22.9.1 [BOT 2.2.2], §11.3.1) and the yellow zones, the
Safety Car and the VSC (§22.9, §22.13.4, §22.13.5, §18/§19). Each test drives the engine; no BOT is ever offered an
action."""

from __future__ import annotations

from collections import Counter

import pytest

from racebook.formulagp import events as ev
from racebook.formulagp.actions import Keep
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase

from .rookie_helpers import BOT_CODES

CODES = Counter(c.code for c in cards().action)
CONTROL = bot_cards().control


def conserved(race: Race) -> None:
    """Each player's 45 ACTION cards and every BOT card are each in exactly one place."""
    s = race.state
    for c in s.cars.values():
        if c.bot:
            assert not c.hand and not c.deck.pile and not c.deck.discards, c.id
        else:
            assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id
    if any(c.bot for c in s.cars.values()):
        assert Counter(s.bots.cards()) == BOT_CODES


def events_of(race: Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


def _keep_all(race: Race) -> None:
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]


# ------------------------------------------------------------------ qualifying (§22.6)
def test_rookies_qualify_with_one_battle_card_each_at_the_players_reveal() -> None:
    """§22.6 [BOT 1.5.2]: the sealed round waits for the players only; at their reveal each Rookie (pit-box order)
    draws one BATTLE card: max OT + the side's LEDs + the card's LEDs; the card is discarded; the Rookies are ranked
    with the players and never asked to push."""
    boxes = ["R1", "A", "R2", "B"]
    race = new_race(boxes, 2, bots=["R1", "R2"], qualifying=True, boxes=boxes)
    s = race.state
    s.stacked["battle"] = ["BC12", "BC1"]  # R1: 4 LEDs, R2: 0 LEDs
    _keep_all(race)
    assert race.phase is Phase.QUALIFY and s.qual.sides == ("A", "B")
    opened = events_of(race, ev.QualifyingOpened)[0]
    assert opened.cars == ("A", "B")
    race.apply("A qualify none")
    assert not events_of(race, bev.BotQualified)  # nothing drawn before the last player seals
    race.apply("B qualify none")
    got = {e.car: (e.card, e.score) for e in events_of(race, bev.BotQualified)}
    side = CONTROL.side("faster").leds
    assert got == {"R1": ("BC12", CONTROL.max_ot + side + 4), "R2": ("BC1", CONTROL.max_ot + side + 0)}
    assert [e.car for e in events_of(race, bev.BotQualified)] == ["R1", "R2"]  # pit-box order
    assert s.bots.battle_deck.discards[-2:] == ["BC12", "BC1"]
    grid = events_of(race, ev.GridSet)[0]
    assert grid.grid == ("R1", "R2", "A", "B") and grid.pit_lane == ()  # no card: the players at the back (A38)
    assert not events_of(race, ev.QualifyingPushed) and not events_of(race, ev.NotPushed)
    assert events_of(race, bev.BotQualified)[0].RULE.startswith("§22.6")
    conserved(race)


def test_players_push_and_the_rookies_do_not() -> None:
    boxes = ["A", "R1"]
    race = new_race(boxes, 5, bots=["R1"], qualifying=True, boxes=boxes)
    _keep_all(race)
    play = next(a for a in race.legal_actions() if len(a.cards) == 1)  # type: ignore[attr-defined]
    race.apply(play)
    assert race.state.qual_push == ("A",) and race.current_car == "A"
    assert {str(a) for a in race.legal_actions()} == {"A push", "A nopush"}
    race.apply("A nopush")
    assert events_of(race, ev.GridSet) and "R1" in race.state.qual_scores
    conserved(race)


def test_a_position_mid_qualifying_with_rookies_round_trips() -> None:
    boxes = ["R1", "A", "B"]
    race = new_race(boxes, 4, bots=["R1"], qualifying=True, boxes=boxes)
    _keep_all(race)
    race.apply("A qualify none")
    line = format_state(race.state)
    back = parse_position(line)
    assert format_state(back) == line and back.qual.waiting == ("B",)


def test_a_race_of_rookies_only_qualifies_and_runs_without_any_action() -> None:
    """All BOTs: no sealed round, the BATTLE cards set the grid, the race runs to the flag at set-up."""
    race = new_race(["R1", "R2", "R3"], 7, bots=["R1", "R2", "R3"], qualifying=True)
    scores = {e.car: e.score for e in events_of(race, bev.BotQualified)}
    assert sorted(scores) == ["R1", "R2", "R3"]
    grid = events_of(race, ev.GridSet)[0].grid
    box = {c: i for i, c in enumerate(race.state.boxes)}
    assert list(grid) == sorted(scores, key=lambda c: (-scores[c], box[c]))
    assert race.state.finished and sorted(race.classification()) == ["R1", "R2", "R3"]
    conserved(race)


@pytest.mark.parametrize("seed", range(12))
def test_seeded_races_with_rookies_and_qualifying_end(seed: int) -> None:
    """Players (greedy and random) and Rookies mixed, qualifying to the classification; every card in one place;
    the notation round-trips after qualifying."""
    n = 2 + seed % 5
    cars_ = [f"C{i}" for i in range(n)]
    bots = cars_[seed % n:][: 1 + seed % 3]
    race = new_race(cars_, seed, bots=bots, qualifying=True)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)
               if c not in bots}
    while race.state.round < 1 and not race.state.finished:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    line = format_state(race.state)
    assert format_state(parse_position(line)) == line
    play_out(race, drivers, max_actions=40_000)  # type: ignore[arg-type]
    assert race.state.finished and sorted(race.classification()) == sorted(cars_)
    assert sorted(e.car for e in events_of(race, bev.BotQualified)) == sorted(bots)
    conserved(race)


# ------------------------------------------------------------------ a full Standard race from the CLI and the API
def test_the_registrys_full_race_qualifies_by_default_and_can_start_from_a_grid() -> None:
    """The registry's race (``racebook`` replay/conformance/UI) is the Standard race: qualifying first (§9)."""
    from racebook.core.errors import DataError
    from racebook.formulagp import hooks

    q = hooks.new_race(4)
    assert q.state.qualifying and q.phase is Phase.DRAW and q.state.round == 0
    g = hooks.new_race(4, start="grid")
    assert not g.state.qualifying and g.state.round == 1
    with pytest.raises(DataError, match="--start"):
        hooks.new_race(4, start="pole")


def test_simulate_runs_full_races_with_qualifying_unless_told_to_start_from_the_grid() -> None:
    from racebook.formulagp import hooks

    full = hooks.one_race("teaching", 3, 3)
    grid = hooks.one_race("teaching", 3, 3, start="grid")
    assert hooks.simulate(None, 1, 3, 3) == [full]
    assert hooks.simulate(None, 1, 3, 3, start="grid") == [grid]
    assert full != grid  # the same seed: qualifying draws and reorders the grid


def test_the_cli_start_option() -> None:
    import contextlib
    import io

    from racebook import cli

    def run(argv: list[str]) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = cli.main(argv)
        return rc, out.getvalue() + err.getvalue()

    rc, text = run(["simulate", "--game", "formulagp", "--races", "1", "--seed", "3", "--quiet"])
    assert rc == 0 and "winners:" in text
    rc, text = run(["simulate", "--races", "1", "--quiet", "--start", "grid"])
    assert rc == 2 and "--start is FormulaGP's" in text
