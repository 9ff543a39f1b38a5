"""FormulaGP's entry in the game registry (:mod:`racebook.core.registry`): data only, so listing the games imports
no engine. The engine is reached through the dotted paths and :mod:`racebook.formulagp.hooks`."""

from __future__ import annotations

from pathlib import Path

from racebook.core.registry import GameSpec, register

SPEC = register(GameSpec(
    name="formulagp",
    title="FormulaGP (Standard and Advanced race, Rookie and Pro BOTs, teaching components)",
    order=3,
    race="racebook.formulagp.game:Race",
    hooks="racebook.formulagp.hooks",
    scenario_dir=Path(__file__).resolve().parent / "scenarios",
    parse="racebook.formulagp.actions:parse",
    track_word="track",
    digest="formulagp",
    citation_prefix="§",
    labels="racebook.formulagp.actionlabels:label",
    svg="racebook.formulagp.picture:race_svg",
    simulate="racebook.formulagp.hooks:simulate",
    hook_paths={
        "play_scenario": "racebook.formulagp.replayhooks:play_scenario",
        "summary_json": "racebook.formulagp.replayhooks:summary_json",
        "track_ids": "racebook.formulagp.trackfiles:track_ids",
        "describe_track": "racebook.formulagp.trackfiles:describe_track",
        "check_track": "racebook.formulagp.trackfiles:describe_track",
    },
    id_width=36,
    season="racebook.formulagp.championship:play_season",
))
