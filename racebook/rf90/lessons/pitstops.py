"""Notebook 07's helpers (fuel and pit stops, §8, §13.A.3): a pit stop's events as sentences, the choices the engine
offers at each decision of a stop with their human labels, and the hand limit at a stop. Nothing here decides
anything: every sentence, choice and number is the engine's.
"""

from __future__ import annotations

import tomllib

from racebook.rf90 import actionlabels, scenario
from racebook.rf90.events import LeaderCause, LeaderToken
from racebook.rf90.game import Race

#: the events of a pit stop, in the order the engine writes them (§8, §13.A.3, §17.3 A)
PIT_STEPS = frozenset({"PitDeclared", "MovedBack", "RefuelChitMoved", "Repaired", "TyresKept", "TyresFitted",
                       "StrategyChanged", "JustPit", "RobotChitDue", "JustPitRemoved", "TurnResumes"})


def pit_stop_lines(race: Race) -> list[str]:
    """The sentences of every pit-stop event of a race, and the Leader token passing because a leader pitted."""
    return [e.sentence() for e in race.events
            if e.kind in PIT_STEPS or isinstance(e, LeaderToken) and e.cause is LeaderCause.PITTED]


def choices_walk(name: str) -> list[str]:
    """Replay a shipped scenario: before each of its actions, the choices the engine offers (human labels,
    :mod:`racebook.rf90.actionlabels`) and the one the scenario takes."""
    sc = scenario.load(name, play=False)
    race, out = sc.race, []
    for text in sc.actions:
        offered = race.legal_actions()
        chosen = next(a for a in offered if str(a) == text)
        out.append(f"{len(offered)} choices: {' · '.join(actionlabels.label(a, race.state) for a in offered)}")
        out.append(f"  → {chosen.car} chooses: {actionlabels.label(chosen, race.state)}")
        race.apply(chosen)
    return out


def hand_limit_demo() -> list[str]:
    """Ex. 17's Blue comes in with 5 cards in hand and 2 frozen from a duel (7 for a limit of 6): may he finish
    discarding before and after one discard (§13.A.3: frozen cards count)?"""
    raw = tomllib.loads(scenario.resolve_path("ex17").read_text(encoding="utf-8"))
    raw["cars"]["Blue"].update(hand=["R55", "R56", "R57", "R63", "R64"], frozen=["R76", "R77"])
    race = scenario.build(raw)
    race.apply("Blue pit 0")
    out = []
    for before in ("with 5 in hand and 2 frozen", "after discarding R63"):
        if before.startswith("after"):
            race.apply("Blue pit-discard R63")
        may = any(str(a) == "Blue pit-done" for a in race.legal_actions())
        out.append(f"{before}: Blue {'may' if may else 'may not'} finish discarding")
    return out
