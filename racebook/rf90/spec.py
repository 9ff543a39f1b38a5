"""RF90's entry in the game registry (:mod:`racebook.core.registry`): data only, so listing the games imports no
engine. The engine is reached through the dotted paths and :mod:`racebook.rf90.hooks`."""

from __future__ import annotations

from pathlib import Path

from racebook.core.registry import GameSpec, register

SPEC = register(GameSpec(
    name="rf90",
    title="Race! Formula 90 (2nd edition, advanced mode, with Expansion #1)",
    order=1,
    race="racebook.rf90.game:Race",
    hooks="racebook.rf90.hooks",
    scenario_dir=Path(__file__).resolve().parent / "scenarios",
    parse="racebook.rf90.actiontext:parse",
    track_word="track",
    digest="rf90",
    citation_prefix="§",
    first_race="racebook.rf90.ui.firstrace:GuidedRace",
    first_notebook="notebooks/rf90/00_start_here",
    labels="racebook.rf90.actionlabels:label",
    svg="racebook.rf90.tracksvg:race_svg",
    simulate="racebook.rf90.analysis.simulate:simulate",
    hook_paths={
        "play_scenario": "racebook.rf90.replayhooks:play_scenario",
        "summary_json": "racebook.rf90.replayhooks:summary_json",
        "track_ids": "racebook.rf90.trackfile:available_tracks",
        "describe_track": "racebook.rf90.trackfile:describe_track",
        "check_track": "racebook.rf90.trackfile:describe_track",
        **{hook: f"racebook.rf90.analysis.playouts:{hook}"
           for hook in ("new_race", "driver", "simulate", "summary", "to_csv")},
    },
))
