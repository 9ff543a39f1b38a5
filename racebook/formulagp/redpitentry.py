"""The worn-tyres RED die at the next pit entry (digest §14.1 Appendix B's RED die icon, §16.1; the original's
Appendix, "RED die icon": "Roll the RED die after each movement. ... If the result of this RED die roll prevents you
from entering pit lane, do not roll the RED die when you enter pit lane during your next turn"; the digest says the
same).

The dice a car owes at its pit entry are rolled on track first (:func:`racebook.formulagp.pits.enter`); the RED die
of its worn tyres is tagged ``car:red:worn`` in ``RaceState.dice_left`` (:func:`racebook.formulagp.aftermove.
owed_now`), a tricky corner's ``car:red:tricky``, an over-stress RED die (A8) and the YELLOW die of a pair untagged.

* **Which die stopped the entry** (``Turn.entry_loc``): each loss of control (§18.1) that hits the car while it could
  still enter (on its entry space, on track, pointing forward: what :func:`racebook.formulagp.pits.after_dice`
  enters from) records its cause, ``worn`` for the worn-tyres RED die's loss-of-control face, ``other`` for anything
  else (a tricky corner's RED die, a pair's YELLOW die, an over-stress RED die, a RISK card, a collision). The last
  one before the car was taken off its entry is the one that stopped it: a counter-steer into the wall or a
  collision leaves the car on its space (it still enters unless a later die stops it).
* **The mark** (``Car.red_spared``, notation ``rsp=``): when the entry is lost (``PitEntryLost``) and the worn-tyres
  RED die stopped it, the car is marked with the round of its next turn (:class:`~racebook.formulagp.events.
  redpitentry.RedDieExcusedNextEntry`).
* **The next turn**: if that turn's move ends in a pit entry, the worn-tyres RED die is not owed there
  (:func:`spared`, read by the one dice-owed rule; :class:`~racebook.formulagp.events.redpitentry.
  RedDieSparedAtEntry`); every other die the move owes still is. The mark is cleared at the end of that turn,
  used or not: the source spares the die "when you enter pit lane during your next turn" only, so a car that does not
  enter then rolls it after that move as after every move, and at a later entry too (no house rule: the text names
  the next turn).

Readings (the source is silent): "the result of this RED die roll" is its loss-of-control face; a RISK card drawn on
its RISK face is a card's effect and does not spare the next entry's die. The dice rolled before a battle
(§13.2 a) are not rolled "when you enter pit lane": a battle on the way to the entry rolls the worn-tyres die then, as
on any move. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.events import redpitentry as rev
from racebook.formulagp.pitlane import entry_kind
from racebook.formulagp.state import Car, RaceState, Resume

__all__ = ["WORN", "lost_control", "entry_lost", "spared", "spare", "turn_over"]

WORN = "worn"  # the tag of the worn-tyres RED die in ``dice_left`` (``car:red:worn``) and its ``Turn.entry_loc``


def _entering(s: RaceState, c: Car) -> bool:
    """``c``'s own move ends in a pit entry whose dice are being rolled (§16.1: ``resume`` is ``pit`` meanwhile)."""
    return s.resume is Resume.PIT and s.turn is not None and s.turn.car == c.id and not c.pit


def _on_entry(s: RaceState, c: Car) -> bool:
    """``c`` could still enter: on track, pointing forward, on its pit-entry space (the pit-side lane of the entry
    tile, or the space before the 'PIT LANE' space of its own, ``pitentry.at_approach``)."""
    if c.spun or c.off:
        return False
    p = s.track.pit_lane_from
    return bool(entry_kind(s, c)) or (p is not None and (c.pos.tile, c.pos.lane, c.pos.space) ==
                                      (p.tile, p.lane, p.space))


def lost_control(s: RaceState, c: Car, *, worn: bool) -> None:
    """A loss of control hits ``c`` (§18.1); at its pit entry, while it could still enter, record its cause."""
    if _entering(s, c) and _on_entry(s, c):
        assert s.turn is not None
        s.turn.entry_loc = WORN if worn else "other"


def entry_lost(s: RaceState, c: Car, log: EventLog) -> None:
    """The entry is lost (§16.1): when the worn-tyres RED die stopped it, mark the car for its next turn."""
    if s.turn is not None and s.turn.entry_loc == WORN:
        c.red_spared = s.round + 1
        log.append(rev.RedDieExcusedNextEntry(c.id, c.red_spared))


def spared(s: RaceState, c: Car) -> bool:
    """The worn-tyres RED die is not owed now: ``c`` enters the pit lane in the turn after the one that die's roll
    stopped its entry (§14.1, Appendix B)."""
    return bool(c.red_spared) and c.red_spared == s.round and _entering(s, c)


def spare(s: RaceState, c: Car, worn_owed: bool, log: EventLog) -> None:
    """Say so when the spared die would have been owed (the one dice-owed rule leaves it out)."""
    if worn_owed and spared(s, c):
        log.append(rev.RedDieSparedAtEntry(c.id, s.track.name_of(c.pos)))


def turn_over(s: RaceState, c: Car) -> None:
    """The end of ``c``'s turn: the mark lasts its next turn only, used or not."""
    if c.red_spared and c.red_spared <= s.round:
        c.red_spared = 0
