"""Notebook A3's tables (racebook.automobiles.lessons.experiments): read from the data, the plans and the shipped
results; the replay check says when a shipped run is not reproduced."""

from __future__ import annotations

import dataclasses

from racebook.automobiles.analysis import purchases as P
from racebook.automobiles.cubes import components
from racebook.automobiles.lessons.experiments import buys_in_words, plans_table, replayed, summary_table, values_table


def test_the_values_table_reads_the_data_files_with_their_provenance() -> None:
    rows = values_table().splitlines()[2:]
    black = components().cubes["K"]
    assert len(rows) == 7  # the four gears, Garage, and the two card cubes the plans buy (Performance, Pit)
    assert rows[3] == (f"| 6th gear (black) | ${black.cost} (invented-for-teaching) | ${black.value} "
                       f"(invented-for-teaching) | {black.stock} (third-party) |")


def test_the_plans_table_lists_every_plan_in_words() -> None:
    rows = plans_table().splitlines()[2:]
    distinct = {id(p): p for p in P.EXPERIMENTS.values()}.values()
    assert len(rows) == sum(len(p) for p in distinct) + len(P.EXPERIMENTS) - len(distinct)
    assert "| purchases | black first | black, then dark grey, then light grey |" in rows
    assert ("| prices | the plans of purchases | at other invented prices: Performance (green) $10 instead of $6, "
            "Pit (purple) $9 instead of $4 |") in rows
    assert buys_in_words(()) == "nothing"


def test_the_summary_table_gives_each_plans_share_and_interval() -> None:
    _doc, results = P.load("purchases")
    rows = summary_table(results).splitlines()[2:]
    best = P.summarise(results)[0]
    assert len(rows) == 5 and rows[0] == (f"| {best.plan} | {best.wins} of {best.races} | {best.win_share:.0%} "
                                          f"({best.win_low:.0%}–{best.win_high:.0%}) | {best.mean_place:.2f} |")


def test_the_replay_says_whether_the_shipped_orders_are_reproduced() -> None:
    _doc, results = P.load("fallbacks")
    assert "the same finishing orders as the shipped run ✓" in replayed("fallbacks", results, 1)
    tampered = [dataclasses.replace(results[0], order=tuple(reversed(results[0].order)))]
    text = replayed("fallbacks", tampered, 1)
    assert "DIFFERENT finishing orders" in text and f"seed {results[0].seed}: " in text


def test_the_headline_is_read_from_the_results() -> None:
    from racebook.automobiles.lessons.experiments import headline

    _doc, results = P.load("fallbacks")
    rows = sorted(P.summarise(results), key=lambda s: (-s.wins, s.mean_place))
    text = headline(results)
    assert text.startswith(f"**{rows[0].plan}** won {rows[0].wins} of {len(results)} ")
    assert f"next, **{rows[1].plan}** won {rows[1].wins} of" in text
