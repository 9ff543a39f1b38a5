"""The movement cards shown for the Optional turn order by momentum (§21 15.1), held until each car plays them: what
the PLAY phase lists (:func:`keep_shown`) and refuses (:func:`refusal`), and the notation's ``mo=`` token. Below
:mod:`racebook.formulagp.cardplay` (which calls it) and the notation; the showing itself is
:mod:`racebook.formulagp.momentum`'s.

A car that showed its card(s) plays them at its turn ("the played Movement cards"), with or without the Car
Characteristic; if it can no longer make that play (the card left its hand, the play is now barred), the restriction
lapses and any play is listed (a reading: the source is silent).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import TypeVar

from racebook.formulagp.actions import FgpAction, Play
from racebook.formulagp.rules.momentum import shown_cards
from racebook.formulagp.state import Car, RaceState

__all__ = ["shown_of", "keep_shown", "keep_shown_cards", "refusal"]

P = TypeVar("P", bound=FgpAction)


def shown_of(s: RaceState, car: str) -> tuple[tuple[str, ...], str] | None:
    """The cards (and an ORANGE card's colour) ``car`` showed this round, None if it showed none."""
    if s.round < 2:
        return None
    for text in s.momentum_shown:
        words = text.split()
        if words[0] == car:
            return shown_cards(words[2:])
    return None


def keep_shown(s: RaceState, c: Car, plays: list[P]) -> list[P]:
    """The plays of ``c``'s listing it may make: those of the card(s) it showed, if any is among them."""
    shown = shown_of(s, c.id)
    if shown is None:
        return plays
    kept: list[P] = [p for p in plays if isinstance(p, Play) and (p.cards, p.as_colour) == shown]
    return kept or plays


def _named(a: FgpAction) -> set[str]:
    """The card codes an action names (every text field but the car, and the texts of its tuple fields)."""
    out: set[str] = set()
    for f in fields(a):
        v = getattr(a, f.name)
        if f.name != "car" and isinstance(v, str):
            out.add(v)
        elif f.name != "car" and isinstance(v, tuple):
            out |= {x for x in v if isinstance(x, str)}
    return out


def keep_shown_cards(s: RaceState, actions: list[FgpAction]) -> list[FgpAction]:
    """The PLAY phase's listing without the choices before the move that would spend, discard or swap a card the
    car showed (a secondary function, a Parameter token's redraw, a clear): it is kept for the play."""
    if not s.momentum_shown or not actions:
        return actions
    shown = shown_of(s, actions[0].car)
    if shown is None:
        return actions
    return [a for a in actions if isinstance(a, Play) or not (_named(a) & set(shown[0]))]


def refusal(s: RaceState, c: Car, a: Play, listed: Sequence[Play]) -> tuple[str, str] | None:
    """Why the play ``a`` (not in the listing ``listed``) is refused: it is not the card(s) shown."""
    shown = shown_of(s, c.id)
    if shown is None or (a.cards, a.as_colour) == shown or not any(p.cards == shown[0] for p in listed):
        return None
    return "§21", f"{c.id} showed {' + '.join(shown[0])} for the momentum order (Optional 15.1) and plays it"
