"""The dice before a battle (digest §13.2 a, §6.3, §7, §19.2; the original's 9.2 a, 4.11.2 and 4.11.3, which the
digest follows).

"If you choose to start a battle: a) Resolve any YELLOW or RED die rolls that are required. b) You may declare you
are starting a battle if …" (the original's 9.2). A movement pair's YELLOW die (4.11.2: "when you played cards in a
pair for movement, roll the YELLOW die … immediately … before starting a battle") and the RED dice a move owes
(4.11.3) are therefore rolled when the driver chooses to attack (``Grey attack Red``), before the battle is declared,
through the one dice-owed rule of a move (:func:`racebook.formulagp.aftermove.owed_now`) and the one place dice are
rolled and resolved (:func:`racebook.formulagp.losscontrol.roll_dice`). Then the declaration is checked again (§13.2
b): a driver its dice spun, sent off track or moved out of reach (a counter-steer), or whose tile a RISK card's Yellow
Flag closed to overtaking, cannot attack that car — :class:`~racebook.formulagp.events.BattleCalledOff`,
:func:`called_off` — and ends its move (its OT drops to 0, §13.2). A loss of control that waits for its driver's
counter-steer decision pauses the attack (``Turn.attack``, ``resume=battle``) and
:func:`racebook.formulagp.battles.resume_attack` takes it up when the decision is made (the CONTROL phase's way back,
:mod:`racebook.formulagp.control`). This module answers; the battle module (which imports it) declares the battle or
ends the move (:class:`Dice`).

The kinds rolled are kept in ``Turn.dice_done`` (notation ``bd=``) so that the end of the move does not roll them
again (reading N28: each kind of die a move owes once a turn — the pair's YELLOW die, the worn tyres' RED die, the
tricky corner's RED die; a hazard that arises only after the battle, e.g. an overtake that ends on a skid-mark start
space, is rolled at the end of the move as before). The dice of the battle itself (a pair played in it, the stress of
a tie) stay after the battle (§13.4). Rookie BOTs roll no dice (§22.13). House rule ``dice_before_battle`` (default
on, the source); off: every die at the end of the move, after the battle. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from racebook.core.log import EventLog
from racebook.formulagp import losscontrol, raceevents
from racebook.formulagp.actions import Attack, parse
from racebook.formulagp.aftermove import owed_now
from racebook.formulagp.events.battleextras import BattleCalledOff, DiceBeforeBattle
from racebook.formulagp.state import Phase, RaceState, Resume

__all__ = ["Dice", "roll_first", "called_off", "waiting"]


class Dice(Enum):
    """What the dice before a battle leave (:func:`roll_first`)."""

    NONE = "none"  # no die owed (or none rolled here): the battle is declared now
    ROLLED = "rolled"  # rolled: is the attack still one the driver may declare (:func:`called_off`, §13.2 b)?
    WAITING = "waiting"  # a loss-of-control decision waits (§18.1); the attack is kept in ``Turn.attack``


def roll_first(s: RaceState, a: Attack, log: EventLog) -> Dice:
    """Before ``a`` is declared: roll the dice the attacker's move owes (§13.2 a). The battle module acts on the
    answer: declare now, check the declaration again first, or wait for a counter-steer decision (the CONTROL
    phase comes back through :func:`racebook.formulagp.battles.resume_attack`)."""
    t = s.turn
    c = s.cars[a.car]
    if t is None or not s.rules.dice_before_battle or c.bot or t.dice_done or raceevents.quiet(s):
        return Dice.NONE  # (under the Safety Car or a Red Flag no die is rolled, §19.4.2, as at the end of a move)
    queue, kinds = owed_now(s, c, t)
    if not queue:
        return Dice.NONE
    t.dice_done = ",".join(kinds)
    log.append(DiceBeforeBattle(c.id, a.defender, tuple(x.split(":")[1] for x in queue)))
    s.dice_left += queue
    losscontrol.roll_dice(s, log)
    if losscontrol.pause(s, Resume.BATTLE):  # a counter-steer decision first (§18.1)
        t.attack = str(a)
        return Dice.WAITING
    return Dice.ROLLED


def called_off(s: RaceState, a: Attack, log: EventLog, attacks: Callable[[RaceState], list[Attack]]) -> bool:
    """§13.2 b after the dice: is ``a`` still an attack the driver may declare (``attacks``: the battle module's
    list of the declarations open to the driver)? If not, the battle is called off and the caller ends the move
    (§13.2: the OT drops to 0)."""
    c = s.cars[a.car]
    if losscontrol.passable(c):
        why = "it spun" if c.spun else "it went off track"
    elif a in attacks(s):
        return False
    else:
        why = "it may no longer declare that battle (§13.2 b)"
    log.append(BattleCalledOff(c.id, a.defender, why))
    s.battle = None
    s.phase = Phase.MOVE
    return True


def waiting(s: RaceState) -> Attack:
    """The attack that waited for the loss of control its dice caused (``Turn.attack``), taken off the turn."""
    t = s.turn
    assert t is not None and t.attack
    a = parse(t.attack)
    t.attack = ""
    assert isinstance(a, Attack)
    return a
