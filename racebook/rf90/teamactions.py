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

from racebook.rf90.actions import Action, Assist, NoAssist

#: what an assistance card does, by the word in its text; the words with an argument after ``=``
ASSIST_WHATS = ("mp", "lb", "et", "duel", "defend", "yellow-flag", "green-flag", "weather")
_WITH_ARG = frozenset({"et", "yellow-flag", "green-flag", "weather"})


#: the team verbs (their classes are in the one verb table of :mod:`racebook.rf90.actions`)
TEAM_VERBS: dict[str, type[Action]] = {"assist": Assist, "no-assist": NoAssist}


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
