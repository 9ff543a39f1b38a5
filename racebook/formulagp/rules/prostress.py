"""The optional Pro BOT stress levels (digest §22.14 [BOT 7.4], house rule ``pro_stress_levels``): a pure state
machine of three levels, the transitions given what happened in the round. The engine's side (when each transition
runs, the events) is :mod:`racebook.formulagp.bots.prostressing`.

* **levels** (the most literal reading, the house rule's text): :attr:`Level.MAX` the Stress token backside up, where
  every Pro BOT starts; :attr:`Level.ONE` its front side ("level 1", where a pit stop, the VSC and the SC reset it);
  :attr:`Level.ZERO` no Stress token: the +1 Focus Bonus token (the race leader: the Focus token flipped to its Race
  Leader side, no bonus);
* **the start**: the start of round 3 drops one level (:func:`round_start`); the start of round 4 drops one more
  unless the stress rose in round 3 ("the following game round, if the BOT's stress level did not increase"); not
  under the Safety Car or the VSC;
* **gaining** (:func:`gain`): ZERO → ONE, ONE → MAX (not in rounds 1–2: it stays on ONE), at MAX nothing (no RED die);
  at most once a round: a second cause in the same round does nothing. A gain the maximum (or rounds 1–2) absorbs
  still counts as the round's gain (no loss after the move);
* **losing** (:func:`after_move`): one level after its move, from round 4 on (rounds 1–3 are the start's), when the
  stress did not rise in the round, never below ZERO, not under the Safety Car or the VSC (the reset holds);
* **effects**: MAX → GREEN pace (:func:`green_pace`, asked by :func:`racebook.formulagp.rules.botpace.pace_rule`);
  ZERO → +1 MP unless the race leader (:func:`focus_mp`).

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum

__all__ = ["Level", "ProStress", "RULE", "DROP_ROUND", "FOCUS_ROUND", "FOCUS_MP", "round_start", "gain",
           "after_move", "reset", "green_pace", "focus_mp", "name"]

RULE = "§22.14 [BOT 7.4]"
DROP_ROUND = 3  # the start of round 3: one level down
FOCUS_ROUND = 4  # the start of round 4: one more unless it rose in round 3; the loss after each move from here on
NO_MAX_BEFORE = 3  # "except during the first two rounds": no flip to the backside in rounds 1-2
FOCUS_MP = 1  # the +1 Focus Bonus token


class Level(IntEnum):
    ZERO = 0  # no Stress token: the Focus Bonus token (the leader: the Race Leader side)
    ONE = 1  # the Stress token, front side
    MAX = 2  # the Stress token, backside: GREEN pace


@dataclass(frozen=True, slots=True)
class ProStress:
    """A Pro BOT's stress: its level and the round in which its stress last rose (0: never)."""

    level: Level = Level.MAX
    rose: int = 0

    def word(self) -> str:
        return f"{int(self.level)}.{self.rose}"

    @classmethod
    def read(cls, text: str) -> ProStress:
        """The :meth:`word` back; ValueError when malformed."""
        level, rose = text.split(".")
        got = cls(Level(int(level)), int(rose))
        if got.rose < 0:
            raise ValueError(f"{text!r}: the round the stress rose is 0 or more")
        return got


def _down(st: ProStress) -> ProStress:
    return replace(st, level=Level(max(Level.ZERO, st.level - 1)))


def round_start(st: ProStress, round_: int, *, neutralised: bool = False) -> ProStress:
    """The start of a round: round 3, one level down; round 4, one more if the stress did not rise in round 3 (not
    under the Safety Car or the VSC, ``neutralised``: the reset's level 1 holds)."""
    if neutralised:
        return st
    if round_ == DROP_ROUND or (round_ == FOCUS_ROUND and st.rose != DROP_ROUND):
        return _down(st)
    return st


def gain(st: ProStress, round_: int) -> ProStress:
    """A cause of stress (the RED die not for a counter-steer, a W2W token Stress side up, a loss of control): one
    level up, at most once a round; ONE → MAX not in rounds 1–2; at MAX nothing."""
    if st.rose == round_:
        return st
    up = st.level + 1 if st.level is Level.ZERO or round_ >= NO_MAX_BEFORE else st.level
    return ProStress(Level(min(Level.MAX, up)), round_)


def after_move(st: ProStress, round_: int, *, neutralised: bool = False) -> ProStress:
    """After its move: one level down from round 4 on when its stress did not rise this round (not under the Safety
    Car or the VSC, ``neutralised``)."""
    if round_ < FOCUS_ROUND or st.rose == round_ or neutralised:
        return st
    return _down(st)


def reset(st: ProStress) -> ProStress:
    """A pit stop, the VSC or the Safety Car: level 1, even from MAX or ZERO."""
    return replace(st, level=Level.ONE)


def green_pace(st: ProStress) -> bool:
    """At maximum stress the Pro BOT moves at GREEN pace."""
    return st.level is Level.MAX


def focus_mp(st: ProStress, *, leader: bool) -> int:
    """The Focus Bonus token's MP: +1 at zero stress, none for the race leader (its token on the Race Leader side)."""
    return FOCUS_MP if st.level is Level.ZERO and not leader else 0


def name(level: Level, *, leader: bool = False) -> str:
    """The level as the sentence says it."""
    if level is Level.MAX:
        return "maximum stress (the Stress token backside up: GREEN pace)"
    if level is Level.ONE:
        return "stress level 1 (the Stress token front side up)"
    return ("zero stress (the Focus token flipped to its Race Leader side: no bonus)" if leader
            else "zero stress (the +1 Focus Bonus token)")
