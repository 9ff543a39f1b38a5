"""A player's second attempt on a Rookie BOT after a tie (digest §22.10.3, [BOT 3.2.4.2]), for the battle phase
(:mod:`racebook.formulagp.battles`): the player takes +1 stress (the battle's tie) and may attack again with 1 OT
less from the cards left in hand; a Rookie never defends a second time, but the player must still play a card, so
the overtake succeeds. The offer is :attr:`racebook.formulagp.state.Battle.retry` (notation flag ``r``). Standard
library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, End, FgpAction
from racebook.formulagp.bots import proattack
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.moving import apply_move
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules import botbattle
from racebook.formulagp.state import Battle, Car, Phase, RaceState

RULE = "§13.3"


def offered(s: RaceState, b: Battle, res: bt.Result, c: Car, leds: int, bot_leds: int) -> bool:
    """[BOT 3.2.4.2], §22.10.3: a player who ties with a Rookie BOT (not on a second attempt already) may attack again
    with 1 OT less, from the cards left in hand (:func:`racebook.formulagp.rules.botbattle.player_attacks_bot`);
    offered when it holds a movement or Tyre Wear card to play."""
    if b.retry or res is not bt.Result.TIE or c.bot or not s.cars[b.defender].bot:
        return False
    got = botbattle.player_attacks_bot(leds, c.ot, botbattle.Score(bot_leds, 0, False, (), ()))
    return got.player_may_retry and any(card_type(x) in bt.MOVEMENT or card_type(x) is CardType.TYRE_WEAR
                                        for x in c.hand)


def apply(s: RaceState, b: Battle, a: FgpAction, log: EventLog) -> None:
    """The second attempt ([BOT 3.2.4.2]): ``attack`` — 1 OT less, the player alone seals its cards (at least one
    movement or Tyre Wear card: "the player must still play a card"), the Rookie never defends a second time, so the
    overtake succeeds at the reveal; or ``end``: the OT drops to 0 and the move ends."""
    c = s.cars[a.car]
    if isinstance(a, End):
        s.battle = None
        s.phase = Phase.MOVE
        c.ot = 0
        apply_move(s, a, log)
        return
    assert isinstance(a, Attack)
    c.ot -= 1
    if proattack.defends_again(s, b, a.car, RULE, log):  # a Pro BOT may defend again ([BOT 3.2.4.2])
        return
    s.bids.open((a.car,), RULE)
    log.append(ev.BattleDeclared(a.car, b.defender, c.ot, b.lane,
                                 f", a second attempt after the tie: the Rookie {b.defender} does not defend a second "
                                 "time ([BOT 3.2.4.2])"))
