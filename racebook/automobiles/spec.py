"""Automobiles' entry in the game registry (:mod:`racebook.core.registry`): data only, so listing the games imports
no engine. The engine is reached through the dotted paths and :mod:`racebook.automobiles.hooks`."""

from __future__ import annotations

from pathlib import Path

from racebook.core.registry import GameSpec, register

SPEC = register(GameSpec(
    name="automobiles",
    title="Automobiles (David Short, AEG 2016)",
    order=2,
    race="racebook.automobiles.game:Race",
    hooks="racebook.automobiles.hooks",
    scenario_dir=Path(__file__).resolve().parent / "scenarios",
    parse="racebook.automobiles.actions:parse",
    track_word="board",
    digest="automobiles",
    citation_prefix="§",
    first_race="racebook.automobiles.ui.firstrace:GuidedRace",
    first_notebook="notebooks/automobiles/A0_first_race",
    labels="racebook.automobiles.actionlabels:label",
    svg="racebook.automobiles.boardsvg:race_svg",
    simulate="racebook.automobiles.hooks:simulate",
    hook_paths={
        "play_scenario": "racebook.automobiles.replayhooks:play_scenario",
        "summary_json": "racebook.automobiles.replayhooks:summary_json",
        "track_ids": "racebook.automobiles.board:board_ids",
        "describe_track": "racebook.automobiles.board:describe_board",
        "check_track": "racebook.automobiles.board:describe_board",
    },
    id_width=32,
))
