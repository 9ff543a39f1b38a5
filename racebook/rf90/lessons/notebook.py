"""The small helpers several RF90 notebooks share: print a scenario's assumptions, the book's numbers beside the
engine's (as text, or as a small :class:`Table` a notebook shows as markdown), a race's event sentences; build a
small race from a position. One definition each (they used to be pasted into the notebooks). No rule lives here:
every number printed comes from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from racebook.rf90 import actionlabels, actiontext, notation, scenario
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


def say(value: Any) -> str:
    """A value as a sentence shows it: ``None`` → "none", a bool → "yes"/"no", a list → "Fast1, Green" ("none" when
    empty), a fraction → "7/41 (17.1 %)"; anything else as ``str``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator} ({float(value):.1%})".replace("%", " %")
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(say(v) for v in value) if value else "none"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


@dataclass(frozen=True, slots=True, repr=False)
class Table:
    """A small table with an optional sentence above it and notes below: Jupyter shows it as markdown
    (``_repr_markdown_``), a terminal as aligned text (``str`` / ``repr``)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    intro: str = ""
    notes: tuple[str, ...] = ()

    def _repr_markdown_(self) -> str:
        out = [self.intro, ""] if self.intro else []
        out += ["| " + " | ".join(_cell(h) for h in self.header) + " |",
                "|" + "---|" * len(self.header)]
        out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in self.rows]
        if self.notes:
            out += [""] + [f"* {_cell(n)}" for n in self.notes]
        return "\n".join(out)

    def __str__(self) -> str:
        widths = [max(len(r[i]) for r in (self.header, *self.rows)) for i in range(len(self.header))]
        out = [self.intro] if self.intro else []
        out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                for r in (self.header, *self.rows)]
        out += [f"* {n}" for n in self.notes]
        return "\n".join(out)

    __repr__ = __str__


@dataclass(frozen=True, slots=True, repr=False)
class Tables:
    """Several :class:`Table` (or sentences) shown one under the other, as one cell's output."""

    parts: tuple[Table | str, ...]

    def _repr_markdown_(self) -> str:
        return "\n\n".join(p._repr_markdown_() if isinstance(p, Table) else p for p in self.parts)

    def __str__(self) -> str:
        return "\n\n".join(str(p) for p in self.parts)

    __repr__ = __str__


def book_table(rows: Sequence[tuple[str, Any, Any]], intro: str = "",
               sides: tuple[str, str] = ("the book", "the engine")) -> Table:
    """The book's numbers beside the engine's, one row each, ✓ when they agree (✗ when not) — :func:`check` as a
    :class:`Table`; the values read as sentences (:func:`say`). ``sides`` names the two columns compared."""
    return Table(("", *sides, ""),
                 tuple((what, say(book), say(engine), "✓" if book == engine else "✗") for what, book, engine in rows),
                 intro=intro)


def choices(race: Race) -> str:
    """The decisions open now, as the buttons label them ("late-brake: blind test; no late braking")."""
    return "; ".join(actionlabels.label(a, race.state) for a in race.legal_actions())


def lines(race: Race, kinds: Iterable[str] | None = None, start: int = 0) -> None:
    """Print the race's event sentences (of some kinds only), from event ``start``."""
    wanted = None if kinds is None else set(kinds)
    for e in race.events[start:]:
        if wanted is None or e.kind in wanted:
            print(" ", e.sentence())


def told(race: Race, *actions: str, quiet: Iterable[str] = (), kinds: Iterable[str] | None = None,
         mark: str = ">", indent: str = "   ") -> list[str]:
    """Apply actions (their text form) and tell them: for each, a line with ``mark``, its player and its label as a
    button shows it ("> Blue: play R13 [3] + R45 [2]", read in the position before it), then the sentences of what
    it caused, each after ``indent`` (``quiet``: event kinds left out; ``kinds``: only these kinds, when given)."""
    hidden, wanted = set(quiet), None if kinds is None else set(kinds)
    out = []
    for text in actions:
        action = actiontext.parse(text)
        out.append(f"{mark} {action.car}: {actionlabels.label(action, race.state)}".lstrip())
        out.extend(f"{indent}{e.sentence()}" for e in race.apply(action)
                   if e.kind not in hidden and (wanted is None or e.kind in wanted))
    return out


def act(race: Race, *actions: str, quiet: Iterable[str] = ()) -> None:
    """Print :func:`told`: each decision by its label ("> Blue: start the turn: no declaration"), then what it
    caused."""
    for line in told(race, *actions, quiet=quiet):
        print(line)


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
