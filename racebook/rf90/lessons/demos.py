"""Tiny live demos of every strategy (§26) and skill (§27), for notebook 11 and its dropdown.

Each :class:`Demo` is data: one or more :class:`Run` s, each a small engine position (a
:func:`racebook.rf90.scenario.build` dict with stacked decks, or a shipped scenario id plus a patch) and the
actions to apply. :func:`play` replays a demo and returns its lines — the engine's own event sentences,
the legal actions at chosen moments and a few panel values — with the lines that show the effect marked.
A few effects happen outside a race (qualifying, Free Practice, the pre-race): those runs call the engine
functions directly (:mod:`racebook.rf90.rules.qualifying`, :class:`racebook.rf90.car.Setup`,
:mod:`racebook.rf90.setup`).

Nothing here decides a rule: every number comes from the engine. The ``expect`` strings of a run are
what its log must contain (and ``absent`` what it must not), so ``tests/test_demos.py`` checks that each
demo really shows its effect::

    from racebook.rf90.lessons import demos
    print(demos.demo_text("save_tyres"))        # every run of the SAVE TYRES demo, effect lines starred
    [r.effects for r in demos.play("push")]     # just the lines that show PUSH at work
"""

from __future__ import annotations

from racebook.rf90.lessons.demo_catalogue import (  # noqa: F401 - the computed runs, re-exported
    DEMOS,
    SKILL_DEMOS,
    STRATEGY_DEMOS,
    qualify_entries,
    rain_expert_tables,
    sixth_sense,
    tenth_strategy,
    tuning_setup,
)
from racebook.rf90.lessons.demo_runs import (  # noqa: F401 - re-exported: the demos' public names live here
    PANEL,
    STAR,
    Demo,
    Line,
    Run,
    RunResult,
    build_race,
    play_run,
    run_actions,
    scenario_dict,
)
from racebook.rf90.options import HOUSE_RULE_DOCS


def play(demo: Demo | str) -> list[RunResult]:
    """Replay every run of a demo (by :class:`Demo` or key, e.g. ``"push"``)."""
    d = DEMOS[demo] if isinstance(demo, str) else demo
    return [play_run(r) for r in d.runs]


def demo_text(demo: Demo | str) -> str:
    """The whole demo as text: a heading, then each run with its effect lines starred."""
    d = DEMOS[demo] if isinstance(demo, str) else demo
    head = f"{d.name} — {d.kind} ({d.cite}); {STAR} = the line that shows the effect"
    return "\n\n".join([head] + [r.text for r in play(d)])


# ------------------------------------------------------------------ the tables
def strategy_rows() -> list[dict[str, str]]:
    """The strategies table (§26, §26.10): one row per Strategy Card, the 10th included."""
    return [{"strategy": d.name, "Portuguese": d.pt, "Bonus": d.bonus, "Special (Track Card)": d.special,
             "digest": d.cite, "engine": d.status} for d in STRATEGY_DEMOS]


def skill_rows() -> list[dict[str, str]]:
    """The skills table (§27): one row per skill; SIXTH SENSE is marked incomplete (AMB-15)."""
    tokens = {"versatility", "wise_driving", "sixth_sense"}
    return [{"skill": d.name, "effect": d.bonus, "token (rotated, reset at a pit)": "yes" if d.key in tokens else "",
             "digest": d.cite, "engine": d.status} for d in SKILL_DEMOS]


def markdown_table(rows: list[dict[str, str]], columns: list[str]) -> str:
    """These columns of ``rows`` as a Markdown table, left-aligned, every cell whole (notebook 11's tables:
    ``IPython.display.Markdown(markdown_table(strategy_rows(), ["strategy", "Bonus"]))``)."""
    def cell(value: str) -> str:
        return str(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cell(c) for c in columns) + " |", "|" + "|".join(":---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(cell(row[c]) for c in columns) + " |" for row in rows]
    return "\n".join(lines)


def ambiguities() -> list[tuple[str, str]]:
    """The readings this notebook shows (§31), as (tag, the engine's reading)."""
    return [
        ("AMB-7", "10 strategies, 9 described: the 10th raises RuleUnavailable (§26)."),
        ("AMB-8", "SAVE FUEL / LUCKY / CHASE draw in phase B, not 'at the end of the turn' (§13.B)."),
        ("AMB-9", "LUCKY's discard: house rule lucky_discard_mandatory — "
                  + HOUSE_RULE_DOCS["lucky_discard_mandatory"]),
        ("AMB-10", "HAZARD's late braking: 2 sections if empty instead of +1 MP (§26.6)."),
        ("AMB-11", "CHASE: any driver ahead on the same lap, chosen in phase A; a robot gives +1 MP (§26.8)."),
        ("AMB-15", "SIXTH SENSE: its flags are NOT IN SOURCE; the skill raises RuleUnavailable (§27)."),
    ]


__all__ = ["DEMOS", "Demo", "Line", "Run", "RunResult", "SKILL_DEMOS", "STRATEGY_DEMOS", "ambiguities",
           "build_race", "demo_text", "markdown_table", "play", "play_run", "run_actions", "scenario_dict",
           "skill_rows", "strategy_rows"]
