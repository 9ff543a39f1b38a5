"""The optional Pro BOT stress levels in the race (digest §22.14 [BOT 7.4], house rule ``pro_stress_levels``, off by
default): when the pure machine :mod:`racebook.formulagp.rules.prostress` runs, and its events. Every function does
nothing when the switch is off (a race without it plays as before):

* :func:`deal` at set-up: every Pro BOT at maximum stress;
* :func:`new_round` (from :func:`racebook.formulagp.bots.pro.new_round`): the round-3 and round-4 drops, then a
  W2W token Stress side up (the stress of the round the Pro BOT holds it);
* :func:`gain`: the RED die (:func:`racebook.formulagp.bots.pro.red_die`, not its counter-steer roll) and a loss of
  control (:mod:`racebook.formulagp.losscontrol` through the hook ``lost_control`` of
  :mod:`racebook.formulagp.prohooks`);
* :func:`after_move` (from :func:`racebook.formulagp.bots.rookie.end_move`): a level down after its move;
* :func:`reset` (a pit stop, the Safety Car's start, its VSC turn): level 1;
* :func:`stressed` (GREEN pace, asked by the BOT pace rule) and :func:`focus_mp` (+1 MP, in
  :func:`racebook.formulagp.bots.pro.speed`).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.log import EventLog
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.prohooks import register
from racebook.formulagp.rules import prostress as ps
from racebook.formulagp.rules.prostress import ProStress
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.stressing import is_leader

__all__ = ["deal", "new_round", "gain", "after_move", "reset", "stressed", "focus_mp", "lost_control"]


def _on(s: RaceState, car: str) -> bool:
    return s.rules.pro_stress_levels and car in s.pro.stress


def _apply(s: RaceState, car: str, got: ProStress, why: str, log: EventLog, *, quiet_same: bool = True) -> None:
    before = s.pro.stress[car]
    s.pro.stress[car] = got
    if got.level == before.level and quiet_same:
        return
    lead = got.level is ps.Level.ZERO and is_leader(s, s.cars[car])
    after = "no change" if got.level == before.level else ps.name(got.level, leader=lead)
    log.append(pev.ProStressLevel(car, why, ps.name(before.level, leader=lead), after))


def _neutralised(s: RaceState) -> bool:
    """The Safety Car or the VSC is out: the reset's level 1 holds."""
    return s.sc_tile >= 0 or s.vsc != 0


def deal(s: RaceState, pros: Sequence[str]) -> None:
    """Set-up: each Pro BOT begins at maximum stress (the Stress token backside up)."""
    if s.rules.pro_stress_levels:
        for car in pros:
            s.pro.stress[car] = ProStress()


def new_round(s: RaceState, log: EventLog) -> None:
    """The start of a round: the start's drops (rounds 3 and 4), then a W2W token on its Stress side."""
    for car in list(s.pro.stress) if s.rules.pro_stress_levels else []:
        got = ps.round_start(s.pro.stress[car], s.round, neutralised=_neutralised(s))
        _apply(s, car, got, f"the start of round {s.round}", log)
        if s.cars[car].w2w == "Stress":
            gain(s, car, "its Wheel-to-Wheel token is on its Stress side", log)


def gain(s: RaceState, car: str, why: str, log: EventLog) -> None:
    """A cause of stress (at most once a round; at maximum nothing, no RED die)."""
    if not _on(s, car):
        return
    st = s.pro.stress[car]
    got = ps.gain(st, s.round)
    if got == st:
        return  # its stress already rose this round: nothing
    if got.level == st.level:
        why += (", already at maximum stress: nothing more (no RED die)" if st.level is ps.Level.MAX
                else ", but no maximum stress in rounds 1-2")
    _apply(s, car, got, why, log, quiet_same=False)


def lost_control(s: RaceState, c: Car, log: EventLog) -> None:
    """The hook :mod:`racebook.formulagp.losscontrol` calls for a Pro BOT that loses control."""
    gain(s, c.id, "it loses control", log)


def after_move(s: RaceState, c: Car, log: EventLog) -> None:
    """After its move: a level down when its stress did not rise this round (from round 4; not under the SC/VSC)."""
    if _on(s, c.id):
        got = ps.after_move(s.pro.stress[c.id], s.round, neutralised=_neutralised(s))
        _apply(s, c.id, got, "its move is over and its stress did not rise this round", log)


def reset(s: RaceState, car: str, why: str, log: EventLog) -> None:
    """A pit stop, the VSC or the Safety Car: level 1."""
    if _on(s, car):
        _apply(s, car, ps.reset(s.pro.stress[car]), why, log)


def stressed(s: RaceState, car: str) -> bool:
    """At maximum stress: GREEN pace."""
    return _on(s, car) and ps.green_pace(s.pro.stress[car])


def focus_mp(s: RaceState, car: str) -> int:
    """The Focus Bonus: +1 MP at zero stress, not for the race leader."""
    if not _on(s, car) or s.pro.stress[car].level is not ps.Level.ZERO:
        return 0
    return ps.focus_mp(s.pro.stress[car], leader=is_leader(s, s.cars[car]))


register(lost_control=lost_control)  # a loss of control anywhere (losscontrol knows no BOT engine)
