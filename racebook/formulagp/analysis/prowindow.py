"""[ADV] A Pro BOT's pit window, read from its public state (digest §22.4, §22.11.1, §22.13.5; [BOT 1.3.2],
[BOT 4.1], [BOT 6.5]; issue 38 item 6, notebook F4).

Nothing here is a rule of its own, and nothing reads the BOT's hidden cards: only its Tyre token (the tyre and its
side), its Pit token (radar space and side) and the flag, then the pure rules of
:mod:`racebook.formulagp.rules.protyres` on every WHITE face (``data/dice.toml``, each face 1/6; which faces are
green is invented-for-teaching, A3):

* **The set-up's Pit token** (:func:`setup_odds`, §22.4): tyre life = the base life of the tyre + the WHITE die (the
  icon counts 0, A42), on radar space ``life`` (A5), flipped to PIT at once on or past the tyre's radar icon
  (:func:`~racebook.formulagp.rules.protyres.place`; Example 27); a Hot or Extreme track moves a Soft or Medium
  token 1 or 2 rounds earlier (§22.6).
* **The tyre checks** (:func:`pit_odds`, §22.11.1): when the flag reaches a TYRE-side token, a green face moves it
  forward by the roll and flips it to PIT, a red face lowers the Tyre token and sends the Pit token to the pit-lane
  entry; a PIT-side token goes to the entry (with the full bonus, a red face lowers it). A token at the entry means
  the BOT pits the next time it reaches the pit entrance — never on round 22 or later (the cut-off,
  :func:`~racebook.formulagp.rules.protyres.may_pit`). The odds are of the radar space at which the token goes to the
  entry and of the Tyre token's side then; a Safety Car (§22.13.5: the 2-space saving, the early stop) or a stop's
  new token in between is not foreseen.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from racebook.formulagp.components import Dice, dice
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.protyres import (
    CUT_OFF,
    PitSide,
    PitToken,
    check_needs_die,
    icon_of,
    may_pit,
    place,
    temperature_shift,
    tyre_check,
    tyre_life,
)

__all__ = ["ProWindow", "setup_odds", "pit_odds", "pro_window", "CUT_OFF", "PitSide", "PitToken"]


def setup_odds(tyre: Tyre | str, data: Dice | None = None, *, temperature: str = "") -> dict[PitToken, Fraction]:
    """§22.4: the set-up Pit token for a Pro BOT on ``tyre`` (the Advanced race: radar space = the tyre life, A5),
    with its chance over the WHITE die's faces; on a Hot or Extreme track (``temperature``, the race start's roll)
    Soft and Medium tokens 1 or 2 rounds earlier (§22.6,
    :func:`~racebook.formulagp.rules.protyres.temperature_shift`)."""
    t = Tyre(tyre)
    p = panel()
    faces = (data or dice()).white
    out: dict[PitToken, Fraction] = {}
    for f in faces:
        tok = temperature_shift(place(tyre_life(p.bot_tyre_life[t], f), icon_of(t, p.radar)), t, temperature)
        out[tok] = out.get(tok, Fraction(0)) + Fraction(1, len(faces))
    return dict(sorted(out.items(), key=lambda kv: (kv[0].space, kv[0].side.value)))


@dataclass(frozen=True)
class ProWindow:
    """Where a Pro BOT's Pit token goes to the pit-lane entry (it pits at its next pit entrance), and how likely."""

    car: str
    tyre: Tyre
    full: bool  # the Tyre token on its full bonus side
    token: PitToken
    flag: int
    entry: dict[tuple[int, bool], Fraction]  # (radar space, Tyre token still full) -> chance

    def by_space(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for (space, _full), p in self.entry.items():
            out[space] = out.get(space, Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def no_stop(self) -> Fraction:
        """The chance the token reaches the entry only on the cut-off round or later: no stop (§22.11.1)."""
        return sum((p for (space, _f), p in self.entry.items() if not may_pit(space)), Fraction(0))

    @property
    def lowered(self) -> Fraction:
        """The chance the Tyre token is on its lower side when the token reaches the entry."""
        return sum((p for (_s, full), p in self.entry.items() if not full), Fraction(0))

    def sentence(self) -> str:
        if self.token.side is PitSide.ENTRY:
            where = ("it pits the next time it reaches the pit entrance (§22.11.1)" if may_pit(self.flag)
                     else f"but no Pro BOT pits on round {CUT_OFF} or later (§22.11.1)")
            return f"{self.car} on {self.tyre.value}: its Pit token is at the pit-lane entry: {where}"
        spaces = ", ".join(f"{s} ({float(p):.0%})" for s, p in self.by_space().items())
        return (f"{self.car} on {self.tyre.value}, Pit token {self.token.side.value.upper()} side up on space "
                f"{self.token.space} (flag on {self.flag}): to the pit-lane entry at space {spaces}; no stop before "
                f"the cut-off {float(self.no_stop):.0%} (§22.4, §22.11.1)")


def pit_odds(token: PitToken, full: bool, data: Dice | None = None) -> dict[tuple[int, bool], Fraction]:
    """Every tyre check from ``token`` until it reaches the pit-lane entry (§22.11.1, by
    :func:`~racebook.formulagp.rules.protyres.tyre_check`): (the radar space it goes to the entry, the Tyre token
    still full) -> chance."""
    faces = (data or dice()).white
    out: dict[tuple[int, bool], Fraction] = {}

    def go(tok: PitToken, is_full: bool, p: Fraction) -> None:
        if tok.side is PitSide.ENTRY:
            out[(tok.space, is_full)] = out.get((tok.space, is_full), Fraction(0)) + p
            return
        if not check_needs_die(tok, is_full):
            got = tyre_check(tok, is_full, None)
            return go(got.token, is_full and not got.lower, p)
        for f in faces:
            got = tyre_check(tok, is_full, f)
            go(got.token, is_full and not got.lower, p / len(faces))

    go(token, full, Fraction(1))
    return dict(sorted(out.items()))


def pro_window(race: Any, car: str) -> ProWindow:
    """The pit window of Pro BOT ``car`` in ``race``, from its Tyre and Pit tokens (public) and the flag."""
    s = race.state
    pb = s.pro.bots.get(car) if s.pro else None
    if pb is None:
        raise ValueError(f"{car!r}: not a Pro BOT in this race")
    return ProWindow(car, pb.tyre, pb.full, pb.pit, s.flag, pit_odds(pb.pit, pb.full))
