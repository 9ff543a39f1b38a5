"""A Pro BOT's second attack on a player after a tie (digest §22.10.3 item 4, [BOT 3.2.4.1]), for the battle phase
(:mod:`racebook.formulagp.battles`): the WHITE die (:func:`racebook.formulagp.bots.pro.second_attempt`); green → the
battle is sealed again, the player picks and reveals new cards, the BOT draws anew, and a win overtakes with the
card's OT −1 (:attr:`racebook.formulagp.state.Battle.again`, notation flag ``a``); red → both stay. Only once: a tie
on the second attack ends it. A Rookie never makes a second attempt. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.bots import pro
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.components import FaceColour
from racebook.formulagp.state import Battle, Die, Phase, RaceState
from racebook.formulagp.tyrewear import wear_by

BOT_SIDE = "rookie-battle-card"  # the sealed word of a BOT, which draws at the reveal (battles.BOT_SIDE)


def again(s: RaceState, b: Battle, tie: bool, log: EventLog) -> bool:
    """After a Pro BOT's attack on a player was resolved: True when it attacks again (the battle is sealed anew and
    waits for the player's cards)."""
    if not tie or b.again or b.discards or not pro.is_pro(s, b.attacker):
        return False
    if not pro.second_attempt(s, b.attacker, log):
        return False
    b.again = True
    s.bids.open((b.attacker, b.defender), "§13.3")
    s.bids.commit(b.attacker, f"{b.attacker} {BOT_SIDE}", None)
    log.append(ev.BattleSealed(b.attacker))
    s.phase = Phase.BATTLE
    return True


def defends_again(s: RaceState, b: Battle, car: str, rule: str, log: EventLog) -> bool:
    """[BOT 3.2.4.2] (§22.10.3): a player attacks a Pro BOT again after a tie: the WHITE die; green → the Pro BOT
    defends again (the battle sealed for both: the player's new cards, the BOT's new BATTLE card at the reveal; a win
    overtakes with the OT already lowered by 1); red → it does not defend (the player still plays a card). True when
    it defends (the caller then opens nothing more). A Rookie never defends a second time."""
    if not pro.is_pro(s, b.defender):
        return False
    face = s.white_face(s.roll(Die.WHITE))
    green = face.colour is FaceColour.GREEN
    what = "it defends again" if green else "it does not defend; the player still plays a card"
    log.append(pev.ProDefendsAgain(b.defender, face.value, face.colour.value, what))
    if not green:
        return False
    s.bids.open((car, b.defender), rule)
    s.bids.commit(b.defender, f"{b.defender} {BOT_SIDE}", None)
    log.append(ev.BattleDeclared(car, b.defender, s.cars[car].ot, b.lane,
                                 f", a second attempt after the tie: the Pro BOT {b.defender} defends again "
                                 "([BOT 3.2.4.2])"))
    return True


def blocks(s: RaceState, b: Battle, log: EventLog) -> bool:
    """§22.14 (BOT 7.2, the optional rule ``pro_blocking``): a tie while a Pro BOT defends against a player: the WHITE
    die; green → the BOT blocks the player's lane: the player takes +1 tyre wear and can't attack again (no MP and no
    wear for the BOT); red → no block (the player may attack again with −1 OT). Never against a BOT attacker."""
    if not s.rules.pro_blocking or not pro.is_pro(s, b.defender) or s.cars[b.attacker].bot:
        return False
    face = s.white_face(s.roll(Die.WHITE))
    green = face.colour is FaceColour.GREEN
    log.append(pev.ProBlocked(b.defender, b.attacker, face.value, face.colour.value,
                              "it blocks the lane: +1 tyre wear for the player, no second attack" if green
                              else "no block: the player may attack again with 1 OT less"))
    if green:
        wear_by(s, s.cars[b.attacker], 1, log)
    return green
