"""Notebook 08's helpers (flags §15, weather §9.1 and §16, tyres §16.2): the engine's answers as sentences and
table rows, never as Python values or action texts.

:func:`flag_card` plays a flag card alone up to its D.4 decisions (the race of
:func:`racebook.rf90.lessons.explore_weather.d4_race`) and names each decision by its human label
(:mod:`racebook.rf90.actionlabels`); :func:`penalty_rows` turns the wrong-tyre table into rows for a table;
:func:`pawns` says who holds the blue and orange pawns. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from racebook.rf90 import turn
from racebook.rf90.actionlabels import label
from racebook.rf90.car import Tyre
from racebook.rf90.lessons.explore_weather import D4_POSITION, d4_race, d4_sentences
from racebook.rf90.state import RaceState
from racebook.rf90.track import Condition


@dataclass(frozen=True)
class FlagCard:
    """A card played alone by Blue (Ex. 25's stage): what it is, what its play caused, the D.4 decisions offered."""

    code: str
    description: str  # Card.describe(): code, MP, check factor, symbols
    sentences: tuple[str, ...]  # the events of phases C-D, each citing its section
    decisions: tuple[str, ...]  # the D.4 decisions, by their human labels (none: nothing to choose)

    def row(self, name: str) -> dict[str, str]:
        """One row of a table: the card, what it did, the D.4 choices."""
        return {"card": name, "printed": self.description, "what happens": " · ".join(self.sentences[1:]) or "–",
                "D.4 choices": "; ".join(self.decisions) or "nothing to choose"}


def flag_card(card: str, orange: str | None = None, blue_flags: Sequence[str] = (),
              position: str = D4_POSITION) -> FlagCard:
    """Blue plays ``card`` alone: its description, the events of phases C–D and the D.4 decisions the engine offers,
    by their labels (every flag is optional: "no flag" is always one; §13.D.4, §15; Ex. 25)."""
    race, before = d4_race(card, orange, blue_flags, position)
    offered = race.legal_actions() if race.phase is turn.Phase.EVENTS else []
    return FlagCard(card, race.state.card(card).describe(), tuple(d4_sentences(race, before)),
                    tuple(label(a, race.state) for a in offered))


def penalty_rows(table: Mapping[Condition, Mapping[Tyre, int]]) -> dict[str, dict[str, str]]:
    """The wrong-tyre table (:func:`racebook.rf90.lessons.explore_weather.wrong_tyre_table`) as table columns:
    one per weather condition, one row per tyre, "-1" for one MP lost a turn and "–" for none (§16.2)."""
    return {c.value: {t.value: (f"-{p}" if p else "–") for t, p in row.items()} for c, row in table.items()}


def pawns(state: RaceState) -> str:
    """Who holds the blue pawns and the orange pawn, in words (§15.3, §15.4)."""
    blue = sorted(state.blue_flags)
    said = f"blue pawns: {', '.join(blue)}" if blue else "no blue pawn held"
    return said + (f"; orange pawn: {state.orange}" if state.orange else "; nobody holds the orange pawn")
