"""The cars' colours and their second cue (digest §23, colour-blind support).

A car is drawn in its team's colour from a colour-blind-safe palette: the Okabe–Ito colours (Okabe & Ito 2008,
"Color Universal Design"), with a dark grey for the rulebook's grey car. A car or team named after a colour (the
worked examples' Grey, Red, Blue, Orange, Green, Yellow) gets that colour's palette entry; any other team the next
unused entry, in grid order. Under simulated protanopia, deuteranopia and tritanopia every two entries stay apart
(tested: ``tests/formulagp/test_picture.py``).

Colour is never the only cue (§23: each team has an ID number on its Player Board, Pit Box tile and BOT cards): a
car's token carries its letter, and its badge and its line in the key carry the team number. The digest gives no
team numbers for a teaching race, so a team's number here is its place in the grid order of teams (the pole's team
#1), the same order the Pit Boxes are laid out in (``racebook.formulagp.rules.pitstop.box_of``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from racebook.formulagp.rules.pitstop import team_of, teams_in_order

#: Named team colours: Okabe–Ito, dark grey for grey, white for white.
NAMED = {"grey": "#666666", "gray": "#666666", "red": "#D55E00", "blue": "#0072B2", "orange": "#E69F00",
         "green": "#009E73", "yellow": "#F0E442", "purple": "#CC79A7", "pink": "#CC79A7", "sky": "#56B4E9",
         "cyan": "#56B4E9", "black": "#000000", "white": "#FFFFFF"}
#: The order other teams take the palette's entries in.
ORDER = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#666666", "#000000",
         "#FFFFFF")
#: The entries on which a letter is written in white (the others: black).
DARK = frozenset({"#666666", "#D55E00", "#0072B2", "#009E73", "#000000"})


@dataclass(frozen=True)
class Livery:
    """How a car is told apart: its fill, the ink of its letter, its letter(s) and its team number."""

    fill: str
    ink: str
    code: str
    number: int


def codes(car_ids: Iterable[str]) -> dict[str, str]:
    """The letter inside each car's token: its initial; initials shared by two cars: initial + last letter."""
    ids = list(car_ids)
    firsts = [c[0].upper() for c in ids]
    return {c: (f if firsts.count(f) == 1 else f + c[-1].lower()) for c, f in zip(ids, firsts, strict=True)}


def liveries(state: Any) -> dict[str, Livery]:
    """Every car's livery: teams numbered in grid order (cars not on the grid after them), colours as above."""
    cars = state.cars
    order = [c for c in getattr(state, "grid", ()) if c in cars] + [c for c in cars if c not in state.grid]
    teams = teams_in_order(cars, order)
    colour: dict[str, str] = {}
    for t in teams:  # named colours first, so that a named team never loses its colour to an unnamed one
        named = NAMED.get(t.lower()) or NAMED.get(next(c for c in order if team_of(cars[c]) == t).lower())
        if named and named not in colour.values():
            colour[t] = named
    spare = [c for c in ORDER if c not in colour.values()]
    for t in teams:
        if t not in colour:
            colour[t] = spare.pop(0) if spare else ORDER[teams.index(t) % len(ORDER)]
    letters = codes(cars)
    return {cid: Livery(colour[team_of(c)], "white" if colour[team_of(c)] in DARK else "black", letters[cid],
                        teams.index(team_of(c)) + 1) for cid, c in cars.items()}
