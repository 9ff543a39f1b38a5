"""Notebook A3's tables: the invented values the experiments depend on, the buying plans, each plan's results and
whether the shipped runs are reproduced, as markdown (sentences and tables, no raw records).

The experiments themselves are :mod:`racebook.automobiles.analysis.purchases`; this module only words them.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.automobiles.analysis import purchases as P
from racebook.automobiles.cubes import COLOUR_NAMES, GEARS, components
from racebook.automobiles.lessons.notebook import kind_of


def values_table(codes: Sequence[str] = (*GEARS, "Y", "G", "P")) -> str:
    """Each cube's cost, $ value and Stock, with where each figure comes from (``invented-for-teaching``,
    ``third-party``, ``digest``)."""
    comps = components()
    rows = ["| cube | cost | value as money | in the Stock |", "|---|---|---|---|"]
    for code in codes:
        t = comps.cubes[code]
        kinds = {field: kind_of(src) for field, src in t.sources}
        rows.append(f"| {t.name} ({t.colour}) | ${t.cost} ({kinds['cost']}) | ${t.value} ({kinds['value']}) | "
                    f"{t.stock} ({kinds['stock']}) |")
    return "\n".join(rows)


def buys_in_words(buys: Sequence[str]) -> str:
    """A plan's buying list in words: "black, then dark grey, then light grey" ("nothing" for none)."""
    return ", then ".join(COLOUR_NAMES[c] for c in buys) if buys else "nothing"


def plans_table() -> str:
    """Every experiment's plans: what each one buys, in order (:data:`racebook.automobiles.analysis.purchases.
    EXPERIMENTS`)."""
    rows = ["| experiment | plan | buys, the first it can afford |", "|---|---|---|"]
    seen: dict[int, str] = {}
    for name, plans in P.EXPERIMENTS.items():
        if id(plans) in seen:  # the same plans at other prices
            rows.append(f"| {name} | the plans of {seen[id(plans)]} | at other invented prices: "
                        f"{prices_in_words(name)} |")
            continue
        seen[id(plans)] = name
        rows += [f"| {name} | {plan} | {buys_in_words(buys)} |" for plan, buys in plans.items()]
    return "\n".join(rows)


def prices_in_words(experiment: str) -> str:
    """The prices an experiment changes, in words: "Performance (green) $10 instead of $6, …" ("the shipped
    prices" for none)."""
    comps = components()
    changed = P.PRICES.get(experiment, {})
    return ", ".join(f"{comps.cubes[c].name} ({comps.cubes[c].colour}) ${v} instead of ${comps.cost(c)}"
                     for c, v in changed.items()) or "the shipped prices"


def summary_table(results: Sequence[P.RaceResult]) -> str:
    """Each plan's wins, win share with its 95 % interval and mean finishing place (:func:`purchases.summarise`)."""
    rows = ["| plan | won | win share (95 % interval) | mean place |", "|---|---|---|---|"]
    rows += [f"| {s.plan} | {s.wins} of {s.races} | {s.win_share:.0%} ({s.win_low:.0%}–{s.win_high:.0%}) | "
             f"{s.mean_place:.2f} |" for s in P.summarise(results)]
    return "\n".join(rows)


def replayed(experiment: str, results: Sequence[P.RaceResult], n: int) -> str:
    """Replay the first ``n`` shipped races of ``experiment`` live from their seeds and say whether they give the
    same finishing orders, with those orders."""
    live = [P.race_of(experiment, r.seed) for r in results[:n]]
    same = [r.order for r in live] == [r.order for r in results[:n]]
    verdict = "the same finishing orders as the shipped run ✓" if same else \
        "DIFFERENT finishing orders from the shipped run ✗ (recompute the file)"
    lines = [f"The first {n} races, replayed live from their seeds, give {verdict}:"]
    lines += [f"* seed {r.seed}: {' > '.join(r.order)} ({r.rounds} rounds)" for r in live]
    return "\n".join(lines)


def headline(results: Sequence[P.RaceResult]) -> str:
    """What a run shows, in one sentence read from its results: the plan with the most wins, its share and 95 %
    interval, and the runner-up (no number in the notebook's prose has to be kept in step by hand)."""
    rows = sorted(P.summarise(results), key=lambda s: (-s.wins, s.mean_place))
    best, second = rows[0], rows[1]

    def share(s: P.PlanSummary) -> str:
        return f"{s.wins} of {s.races} ({s.win_share:.0%}, 95 % interval {s.win_low:.0%}–{s.win_high:.0%})"

    return (f"**{best.plan}** won {share(best)}; next, **{second.plan}** won {share(second)}, mean place "
            f"{second.mean_place:.2f} against {best.mean_place:.2f}.")
