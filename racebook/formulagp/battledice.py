"""The dice before a battle (digest §13.2 a, §6.3, §7, §19.2; the original's 9.2 a, 4.11.2 and 4.11.3, which the
digest follows).

"If you choose to start a battle: a) Resolve any YELLOW or RED die rolls that are required. b) You may declare you
are starting a battle if …" (the original's 9.2). A movement pair's YELLOW die (4.11.2: "when you played cards in a
pair for movement, roll the YELLOW die … immediately … before starting a battle") and the RED dice a move owes
(4.11.3) are therefore rolled when the driver chooses to attack (``Grey attack Red``), before the battle is declared,
through the one dice-owed rule of a move (:func:`racebook.formulagp.aftermove.owed_now`) and the one place dice are
rolled and resolved (:func:`racebook.formulagp.losscontrol.roll_dice`). Then the declaration is checked again (§13.2
b): a driver its dice spun, sent off track or moved out of reach (a counter-steer), or whose tile a RISK card's Yellow
Flag closed to overtaking, cannot attack that car — :class:`~racebook.formulagp.events.BattleCalledOff` — and ends
its move (its OT drops to 0, §13.2). A loss of control that waits for its driver's counter-steer decision pauses the
attack (``Turn.attack``, ``resume=battle``) and :func:`resume` takes it up when the decision is made.

The kinds rolled are kept in ``Turn.dice_done`` (notation ``bd=``) so that the end of the move does not roll them
again (reading N28: each kind of die a move owes once a turn — the pair's YELLOW die, the worn tyres' RED die, the
tricky corner's RED die; a hazard that arises only after the battle, e.g. an overtake that ends on a skid-mark start
space, is rolled at the end of the move as before). The dice of the battle itself (a pair played in it, the stress of
a tie) stay after the battle (§13.4). Rookie BOTs roll no dice (§22.13). House rule ``dice_before_battle`` (default
on, the source); off: every die at the end of the move, after the battle. Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import ActionSyntaxError
from racebook.core.log import EventLog
from racebook.formulagp import losscontrol, raceevents
from racebook.formulagp.actions import Attack, End, parse
from racebook.formulagp.aftermove import owed_now
from racebook.formulagp.events.battleextras import BattleCalledOff, DiceBeforeBattle
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.state import Phase, RaceState, Turn

__all__ = ["roll_first", "resume", "readable"]


def roll_first(s: RaceState, a: Attack, log: EventLog) -> bool:
    """Before ``a`` is declared: roll the dice the attacker's move owes (§13.2 a). True when the attack is handled
    here — it waits for a loss-of-control decision, or the dice took it away and the move ended; False when the
    battle is to be declared now (no dice owed, or they left the attack open)."""
    t = s.turn
    c = s.cars[a.car]
    if t is None or not s.rules.dice_before_battle or c.bot or t.dice_done or raceevents.quiet(s):
        return False  # (under the Safety Car or a Red Flag no die is rolled, §19.4.2, as at the end of a move)
    queue, kinds = owed_now(s, c, t)
    if not queue:
        return False
    t.dice_done = ",".join(kinds)
    log.append(DiceBeforeBattle(c.id, a.defender, tuple(x.split(":")[1] for x in queue)))
    s.dice_left += queue
    losscontrol.roll_dice(s, log)
    if losscontrol.pause(s, "battle"):  # a counter-steer decision first (§18.1)
        t.attack = str(a)
        return True
    return _called_off(s, a, log)


def _called_off(s: RaceState, a: Attack, log: EventLog) -> bool:
    """§13.2 b after the dice: is ``a`` still an attack the driver may declare? If not, the move ends."""
    from racebook.formulagp.battles import attacks  # the battle module calls this one

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
    from racebook.formulagp.moving import apply_move

    apply_move(s, End(c.id), log)  # §13.2: the move ends; the OT drops to 0
    return True


def resume(s: RaceState, log: EventLog) -> None:
    """The loss of control the dice caused is resolved (:func:`racebook.formulagp.losscontrol.resume`): declare the
    attack that waited, or end the move when it can no longer be declared."""
    t = s.turn
    assert t is not None and t.attack
    a = parse(t.attack)
    t.attack = ""
    assert isinstance(a, Attack)
    if _called_off(s, a, log):
        return
    from racebook.formulagp.battles import declare

    s.phase = Phase.BATTLE
    declare(s, a, log)


def readable(t: Turn) -> bool:
    """The notation's check of a turn's ``bd=`` and ``ba=`` (the dice kinds rolled, the attack that waits)."""
    kinds = {h.name.lower() for h in Hazard} | {"pair"}
    if t.dice_done and not set(t.dice_done.split(",")) <= kinds:
        return False
    if not t.attack:
        return True
    try:
        a = parse(t.attack)
    except ActionSyntaxError:
        return False
    return isinstance(a, Attack) and a.car == t.car
