"""The team actions (Expansion #1 §5.6): a human helps his robot teammate with one discarded card, or does not.

``Blue assist Pink R12 mp`` — a speed (red) card: +1 MP to Pink's movement (AMB-X1-26).
``Blue assist Pink R40 lb`` / ``… et=Eau-Rouge.et`` — a driving (green) card: a forced late braking or ET, +20 on
the next blind check (AMB-X1-27).
``Blue assist Pink R07 duel`` / ``… defend`` — a gears (orange) card: Pink declares a duel / takes part in one,
+3 (AMB-X1-28).
``Blue assist Pink R55 yellow-flag=Rivage@0`` / ``… green-flag=Rivage`` / ``… weather=+1`` — an event (yellow)
card with the matching symbol (AMB-X1-30).
``Blue no-assist`` — no help in this window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.rf90.actions import _VERBS, _VERBS_BY_CLASS, Action

#: what an assistance card does, by the word in its text; the words with an argument after ``=``
ASSIST_WHATS = ("mp", "lb", "et", "duel", "defend", "yellow-flag", "green-flag", "weather")
_WITH_ARG = frozenset({"et", "yellow-flag", "green-flag", "weather"})


@dataclass(frozen=True, slots=True)
class Assist(Action):
    """§5.6 (Expansion #1): the human ``car`` discards ``card`` to help his robot teammate ``robot``: ``what`` is
    one of :data:`ASSIST_WHATS`, ``arg`` its argument (an ET id; ``SECTION@BEHIND``; a section; ``+1``/``-1``)."""

    robot: str = ""
    card: str = ""
    what: str = "mp"
    arg: str = ""

    def _args(self) -> str:
        return f"{self.robot} {self.card} {self.what}" + (f"={self.arg}" if self.arg else "")


@dataclass(frozen=True, slots=True)
class NoAssist(Action):
    """§5.6 (Expansion #1): no assistance card in this window."""


TEAM_VERBS: dict[str, type[Action]] = {"assist": Assist, "no-assist": NoAssist}
_VERBS.update(TEAM_VERBS)
_VERBS_BY_CLASS.update({v: k for k, v in TEAM_VERBS.items()})


def parse_team(car: str, verb: str, args: list[str], card: Callable[[str], str]) -> Action:
    """The team verbs' arguments (``card`` checks a card code); a bad text raises ValueError (the caller's
    ActionSyntaxError)."""
    if verb == "no-assist":
        if args:
            raise ValueError("no-assist takes no argument")
        return NoAssist(car)
    if len(args) != 3:
        raise ValueError("expected 'assist ROBOT CARD WHAT', e.g. 'Blue assist Pink R12 mp'")
    what, eq, arg = args[2].partition("=")
    if what not in ASSIST_WHATS or (what in _WITH_ARG) != bool(arg) or (eq and not arg):
        raise ValueError(f"{args[2]!r}: WHAT is one of mp, lb, et=ET, duel, defend, yellow-flag=SECTION@N, "
                         "green-flag=SECTION, weather=+1/-1")
    return Assist(car, args[0], card(args[1]), what, arg)
