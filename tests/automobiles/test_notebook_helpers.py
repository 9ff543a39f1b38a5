"""The helpers behind notebooks A1–A3: the provenance read from the data files, the card sandbox on the ladder board,
and the purchases experiment whose shipped results are reproduced by replaying their first seeds."""

from __future__ import annotations

import pytest

from racebook.automobiles.analysis import purchases as P
from racebook.automobiles.board import board_ids, load_board
from racebook.automobiles.cards import card_set
from racebook.automobiles.cubes import INVENTED, components
from racebook.automobiles.lessons.notebook import (
    card_demo,
    card_race,
    kind_of,
    provenance_counts,
    provenance_html,
    provenance_rows,
    sandbox_race,
)
from racebook.core.errors import SetupError


def test_the_provenance_table_is_read_from_the_data_files() -> None:
    rows = provenance_rows()
    comps = components()
    sources = {src for t in comps.cubes.values() for _f, src in t.sources} | set(comps.sources.values())
    sources |= {load_board(b).source for b in board_ids()} | {card_set().standard_source}
    assert sources <= {r[3] for r in rows}
    assert all(r[2] == kind_of(r[3]) for r in rows)
    black = next(r for r in rows if r[0] == "6th gear (black) cost")
    assert black[1] == str(comps.cost("K")) and black[2] == INVENTED
    counts = provenance_counts()
    assert counts[INVENTED] >= 10 and sum(counts.values()) == len(rows)
    html = provenance_html([INVENTED])
    assert html.count("<tr>") == counts[INVENTED] + 1 and "third-party" not in html.split("</tr>", 1)[1]


@pytest.mark.parametrize("card_id", sorted(card_set().cards))
def test_every_card_can_be_played_in_the_sandbox_and_resolves(card_id: str) -> None:
    card = card_set().cards[card_id]
    race = card_race(card_id)
    state = race.state
    assert state.board.name == "ladder" and state.totals() == {c: n for c, n in sorted(components().stock().items())
                                                               if n}
    if not card.fixed:
        assert state.cards[card.colour] == card_id
    assert any(getattr(a, "cube", None) == card.colour for a in race.legal_actions())
    done = card_demo(card_id)
    assert done.state.turn is not None and done.state.turn.pending is None
    assert done.steps[1].events[0].car_id == "A"


def test_a_sandbox_position_is_checked_by_the_engine() -> None:
    race = sandbox_race({"A": ("1@5", "W3L2", "W2X3Y2", "W1"), "B": ("2@8", "W5", "W2", "-")})
    assert race.current_car == "A" and race.state.players["A"].active == {"W": 2, "X": 3, "Y": 2}
    race.apply("A pit")
    assert race.state.players["A"].owned().get("X", 0) == 0
    with pytest.raises(SetupError, match="the Stock holds"):
        sandbox_race({"A": ("1@5", "W40", "-", "-"), "B": ("2@8", "W5", "W2", "-")})  # more white than the Stock


@pytest.mark.parametrize("experiment", sorted(P.EXPERIMENTS))
def test_the_shipped_results_are_reproduced_from_their_seeds(experiment: str) -> None:
    doc, results = P.load(experiment)
    plans = {k: list(v) for k, v in P.EXPERIMENTS[experiment].items()}
    assert doc["experiment"] == experiment and doc["plans"] == plans
    assert doc.get("prices", {}) == P.PRICES.get(experiment, {})
    assert doc["command"] == f"{P.RECOMPUTE} {experiment}" and doc["races"] == len(results) >= 100
    assert [r.seed for r in results] == list(range(doc["seed"], doc["seed"] + len(results)))
    for r in results[:2]:
        assert P.race_of(experiment, r.seed) == r
    rows = P.summarise(results)
    assert sum(s.wins for s in rows) == len(results) and {s.plan for s in rows} == set(P.EXPERIMENTS[experiment])
    assert all(s.win_low <= s.win_share <= s.win_high for s in rows)


def test_plans_swap_seats_and_the_json_round_trips() -> None:
    r0, r1 = P.one_race(7), P.one_race(8)
    assert r0 != r1
    text = P.dumps([r0, r1], 1.0)
    doc, back = P.loads(text)
    assert back == [r0, r1] and doc["seconds"] == 1.0 and text.count("\n  {") == 2
    assert P.wilson(0, 10)[0] == 0.0 and P.wilson(10, 10)[1] == 1.0
    assert P.main(["nonsense"]) == 2


def test_an_experiments_prices_change_only_those_cubes_and_the_races() -> None:
    """"prices" replays "purchases" (the same plans and seeds) with the card cubes dearer: only those prices change
    (:func:`P.priced`), and the races go otherwise (the first seeds' finishing orders differ)."""
    from racebook.automobiles.cubes import components

    comps = components()
    dear = P.priced(comps, P.PRICES["prices"])
    assert {c for c in comps.cubes if dear.cost(c) != comps.cost(c)} == set(P.PRICES["prices"]) == {"G", "P"}
    assert all(dear.cubes[c].value == comps.cubes[c].value for c in comps.cubes)
    assert P.EXPERIMENTS["prices"] == P.EXPERIMENTS["purchases"]
    shipped = [P.race_of("purchases", s).order for s in range(P.SEED, P.SEED + 4)]
    dearer = [P.race_of("prices", s).order for s in range(P.SEED, P.SEED + 4)]
    assert shipped != dearer
    with pytest.raises(ValueError, match="no cube 'Q'"):
        P.priced(comps, {"Q": 1})
