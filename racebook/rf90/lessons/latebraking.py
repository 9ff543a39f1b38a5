"""The helpers of the late-braking notebooks (05a, 05b; §13.F.1, §18): a car's turn as the engine's sentences, the
check tests of a log, a shipped scenario with some panels or cars moved, the exact odds of a late braking in words,
the LB symbols of the shipped tracks and where each value comes from.

No rule lives here: the races are played by :class:`racebook.rf90.game.Race`, the odds computed by
:mod:`racebook.rf90.analysis.odds`; this module only builds, reads and words them. Standard library only.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from racebook.rf90 import scenario
from racebook.rf90.analysis.odds import LateBrakingChoice
from racebook.rf90.events import CheckTest
from racebook.rf90.game import Race
from racebook.rf90.lessons.notebook import Table, choices, say  # noqa: F401 - choices: the notebooks' import
from racebook.rf90.trackfile import load_track

#: The shipped tracks with LB symbols, in the order the notebook lists them.
LB_TRACKS = ("teaching", "silverstone", "monza")


def turn_story(race: Race, car: str, start: int = 0) -> str:
    """The sentences of ``car``'s individual turn(s) in the log, from its TurnBegins to its TurnEnds (from event
    ``start`` on), one per line."""
    out, on = [], False
    for e in race.events[start:]:
        on = on or (e.kind == "TurnBegins" and e.car_id == car)
        if on:
            out.append(e.sentence())
        if e.kind == "TurnEnds" and e.car_id == car:
            on = False
    return "\n".join(out)


def check_tests(race: Race, car: str | None = None) -> list[CheckTest]:
    """The check tests of the log (§13.D.2), in order; of one car when ``car`` is given."""
    return [e for e in race.events if isinstance(e, CheckTest) and car in (None, e.car)]


def variant(name: str, moves: Mapping[str, str] | None = None, *, stack: Sequence[str] | None = None,
            **cars: Mapping[str, Any]) -> dict[str, Any]:
    """A shipped scenario file as a dict (not played), with some car panels changed (``cars``: car → the keys to
    set), some text of its position replaced (``moves``: old → new, e.g. ``{"Bridge: Red": "Abbey: Red"}``) and
    other next draws of the Race deck (``stack``). What it changes is invented: the notebook says so."""
    raw = copy.deepcopy(tomllib.loads(scenario.resolve_path(name).read_text(encoding="utf-8")))
    if stack is not None:
        raw.setdefault("deck", {})["stack"] = list(stack)
    for car, spec in cars.items():
        raw.setdefault("cars", {}).setdefault(car, {}).update(spec)
    for old, new in (moves or {}).items():
        if old not in raw["scenario"]["position"]:
            raise ValueError(f"{old!r} is not in {name}'s position")
        raw["scenario"]["position"] = raw["scenario"]["position"].replace(old, new)
    return raw


def play_variant(name: str, moves: Mapping[str, str] | None = None, actions: Sequence[str] | None = None, *,
                 stack: Sequence[str] | None = None, **cars: Mapping[str, Any]) -> Race:
    """:func:`variant` built and played: its own actions (``actions`` None) or the ones given."""
    raw = variant(name, moves, stack=stack, **cars)
    race = scenario.build(raw)
    for action in raw["scenario"]["actions"] if actions is None else actions:
        race.apply(action)
    return race


def odds_sentences(c: LateBrakingChoice) -> str:
    """A late braking's exact odds in three sentences: the chance, what a success gives, what a failure costs."""
    f = c.on_failure
    return "\n".join([
        f"Target {c.target}: the blind draw succeeds with {say(c.p_success)} of the {c.pool_size} cards he cannot see.",
        f"A success passes {c.cars_passed} car(s) and gains {c.sections_on_success} section(s).",
        f"A failure follows the {c.route} route: he retires with probability {float(f.p_retire):.1%}, and on average "
        f"pays {float(f.tyres):.2f} tyre chips, draws {float(f.damage):.2f} wear tokens and loses "
        f"{float(f.time_loss):.2f} MP next turn.".replace("%", " %"),
    ])


def _origin(source: str) -> str:
    return "the manual" if source.startswith("manual") else "invented-for-teaching"


def lb_zones(tracks: Iterable[str] = LB_TRACKS) -> Table:
    """Every LB symbol of the shipped tracks: its modifier, its off-track route and where each comes from."""
    rows = []
    for tid in tracks:
        track = load_track(tid)
        for s in track.sections:
            if s.lb_modifier is not None and s.lb_route is not None:
                rows.append((track.name, s.name, f"{s.lb_modifier:+d}",
                             _origin(track.source_of(f"sections.{s.name}.lb_modifier")), s.lb_route,
                             _origin(track.routes[s.lb_route].source)))
    return Table(("track", "braking zone", "LB modifier", "its source", "off-track route", "its source"),
                 tuple(rows))
