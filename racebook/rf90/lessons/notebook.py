"""The small helpers several RF90 notebooks share: print a scenario's assumptions, the book's numbers beside the
engine's, a race's event sentences; build a small race from a position. One definition each (they used to be
pasted into the notebooks). No rule lives here: every number printed comes from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from racebook.rf90 import notation, scenario
from racebook.rf90.game import Race
from racebook.rf90.options import Rules

#: Target Checks handed out, in this order, to the human cars of a small position (``rpn_race``).
TARGETS = ("R88", "R77", "R67", "R68", "R86", "R98")


def show_assumed(sc: Any, blank_line: bool = False) -> None:
    """What the book's figure does not show and the scenario had to choose (its ``assumed`` lines)."""
    print(sc.title, f"[{sc.cite}]")
    for line in sc.assumed:
        print("  assumed:", line)
    if blank_line:
        print()


def check(rows: Sequence[tuple[str, Any, Any]], width: int = 12, gap: int = 3) -> None:
    """Print the book's number beside the engine's, with ✓ when they agree (✗ when not).

    ``width``: the columns' width for the book's and the engine's values; ``gap``: spaces after the label."""
    w = max(len(r[0]) for r in rows)
    for what, book, engine in rows:
        print(f"{what:<{w}}{' ' * gap}book: {book!s:<{width}} engine: {engine!s:<{width}} "
              f"{'✓' if book == engine else '✗'}")


def lines(race: Race, kinds: Iterable[str] | None = None, start: int = 0) -> None:
    """Print the race's event sentences (of some kinds only), from event ``start``."""
    wanted = None if kinds is None else set(kinds)
    for e in race.events[start:]:
        if wanted is None or e.kind in wanted:
            print(" ", e.sentence())


def act(race: Race, *actions: str, quiet: Iterable[str] = (), labelled: bool = False) -> None:
    """Apply actions (their text form) and print what each one caused (``quiet``: event kinds not shown);
    ``labelled``: head each with its car and human label (:mod:`racebook.rf90.actionlabels`), not its text."""
    from racebook.rf90.actionlabels import label
    from racebook.rf90.actions import parse

    hidden = set(quiet)
    for a in actions:
        if labelled:
            action = parse(a)
            print(f"> {action.car}: {label(action, race.state)}")
        else:
            print(">", a)
        for e in race.apply(a):
            if e.kind not in hidden:
                print("  ", e.sentence())


def small_race(position: str, cars: Mapping[str, Any], stack: Sequence[str] = (), race: Mapping[str, Any] | None = None,
               track: str = "teaching", rules: Rules | None = None, *, name: str = "demo", seed: int = 1) -> Race:
    """A small race from a scenario-shaped dict (:func:`racebook.rf90.scenario.build`): a position, the cars'
    panels, the next draws of the Race deck (``stack``), race keys and house rules."""
    data: dict[str, Any] = {"scenario": {"id": name, "track": track, "seed": seed, "position": position},
                            "cars": dict(cars), "deck": {"stack": list(stack)}, "race": dict(race or {})}
    if rules is not None:
        data["rules"] = rules.to_dict()
    return scenario.build(data)


def rpn_race(position: str, draws: Sequence[str | int] = (), seed: int = 1, cars: Mapping[str, Any] | None = None,
             **race_keys: Any) -> Race:
    """A race from Race Position Notation, its track named by the position. ``draws``: the next Race-deck draws,
    as card codes or check factors (card Rnn has check factor nn); each human car gets the next free Target Check
    of :data:`TARGETS`; ``cars``: panels to add (hand, target …); ``race_keys``: orange=, safety_car= …"""
    codes = [d if isinstance(d, str) else f"R{d:02d}" for d in draws]
    humans = [c for c in notation.parse(position).car_ids() if notation.robot_type_for(c) is None]
    free = iter(t for t in TARGETS if t not in codes)
    panels: dict[str, dict[str, Any]] = {h: {"target": next(free)} for h in humans}
    for car, panel in (cars or {}).items():
        panels[car] = {**panels.get(car, {}), **panel}
    return scenario.build({"scenario": {"id": "demo", "track": position.split()[0], "seed": seed,
                                        "position": position},
                           "cars": panels, "race": dict(race_keys), "deck": {"stack": codes}})
