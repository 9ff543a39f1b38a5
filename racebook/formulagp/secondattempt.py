"""The [ADV] second attempt after a tied battle between two players, and the optional Defending Position (digest
§13.4.3, §21 15.7.2; the rules in :mod:`racebook.formulagp.rules.secondattempt`), for the battle phase
(:mod:`racebook.formulagp.battles`, whose hooks call :func:`after_tie`, :func:`decider`, :func:`legal`,
:func:`apply`, :func:`explain` and :func:`bids`).

After a tie in an Advanced race (both drivers +1 stress, the played cards discarded, §13.4.3) the attacker is
offered ``Grey attack Red`` (again; its OT −1) or ``Grey end`` (the OT drops to 0, the move ends), when it holds a
movement card and keeps at least 1 OT (:func:`racebook.formulagp.rules.secondattempt.may_try_again`). A second
attempt is a new sealed battle (:class:`racebook.core.visibility.SealedRound` ``state.bids``, both sides, attacker
first) from the cards left in each hand; its attack lays a movement card (SA2); one ERS charge again (A36); the
LEDs of the OT level after the −1. :attr:`racebook.formulagp.state.Battle.retry` marks the offer and the attempt
(as it does for a Rookie defender, :mod:`racebook.formulagp.bots.retry`, which keeps that case);
:attr:`~racebook.formulagp.state.Battle.tries` counts the second attempts made (notation ``t<N>`` in ``bt=``).

With the switch ``defending_position`` (§21 15.7.2, off) the defender decides first, when the attack did not start
from a Slipstream space (:attr:`~racebook.formulagp.state.Battle.lane` 0) and it holds a GREEN, RED or ORANGE card:
``Red block G3`` (the card to its discard pile; the attacker +1 tyre wear, no second attempt, its move ends) or
``Red noblock`` (the attacker's offer follows). :attr:`~racebook.formulagp.state.Battle.blocking` marks that
decision (notation flag ``k``). A Rookie or Pro BOT on either side keeps its own clauses (§22.10.3). Standard
library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Attack, Bid, End, FgpAction
from racebook.formulagp.actions.secondattempt import Block, NoBlock
from racebook.formulagp.bots import retry
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.events import secondattempt as sev
from racebook.formulagp.moving import apply_move
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules import secondattempt as sa
from racebook.formulagp.state import Battle, Car, Mode, Phase, RaceState
from racebook.formulagp.tyrewear import wear_by

RULE = "§13.4.3"
BLOCK_RULE = "§21 15.7.2"


def players(s: RaceState, b: Battle) -> bool:
    """Both sides are players' cars (a BOT on either side keeps its own clauses, §22.10.3)."""
    return bool(b.defender) and not s.cars[b.attacker].bot and not s.cars[b.defender].bot


def after_tie(s: RaceState, b: Battle, res: bt.Result, c: Car, lost: bool, log: EventLog) -> None:
    """After a players' battle was resolved (the tie's stress taken): offer the second attempt (``b.retry``) and,
    with ``defending_position``, the defender's block first (``b.blocking``) — not when a car ``lost`` control to the
    battle's dice (§15, §18.1: its move, and the battle, end)."""
    if not players(s, b) or b.chained or res is not bt.Result.TIE or lost:
        return
    types = [card_type(x) for x in c.hand]
    if not sa.may_try_again(advanced=s.mode is Mode.ADVANCED, tie=True, retried=b.tries > 0,
                            once=s.rules.second_attempt_once, ot=c.ot, hand=types):
        return
    b.retry = True
    b.blocking = sa.may_block(option_on=s.rules.defending_position, tie=True, slipstream=bool(b.lane),
                              hand=[card_type(x) for x in s.cars[b.defender].hand])
    how = f"; {b.defender} may first block with a GREEN, RED or ORANGE card (§21 15.7.2)" if b.blocking else ""
    log.append(sev.SecondAttemptOffered(b.attacker, b.defender, c.ot - sa.RETRY_OT_COST, how))


def decider(b: Battle) -> str:
    """Whose decision the offer waits for: the defender's block first, then the attacker's."""
    return b.defender if b.blocking else b.attacker


def legal(s: RaceState, b: Battle) -> list[FgpAction]:
    """The block or not (the defender), then attack again or end the move (the attacker)."""
    if b.blocking:
        d = s.cars[b.defender]
        codes = sorted({x for x in d.hand if card_type(x) in sa.BLOCK_CARDS}, key=lambda x: (len(x), x))
        return [*(Block(d.id, x) for x in codes), NoBlock(d.id)]
    return [Attack(b.attacker, b.defender, b.lane), End(b.attacker)]


def apply(s: RaceState, b: Battle, a: FgpAction, log: EventLog) -> None:
    """Apply the block decision or the attacker's choice (a BOT defender: :func:`.bots.retry.apply`)."""
    if not players(s, b):
        return retry.apply(s, b, a, log)
    c = s.cars[b.attacker]
    if isinstance(a, NoBlock):
        b.blocking = False
        log.append(sev.NotBlocked(a.car, b.attacker))
        return
    if isinstance(a, (Block, End)):
        if isinstance(a, Block):  # §21 15.7.2: the card played, the attacker +1 wear, no second attempt
            d = s.cars[a.car]
            d.hand.remove(a.card)
            d.deck.discard(a.card)
            log.append(sev.Blocked(a.car, b.attacker, a.card, wear_by(s, c, sa.BLOCK_WEAR, log)))
        s.battle = None
        s.phase = Phase.MOVE
        c.ot = 0  # §8.2: the OT is used by the battle
        apply_move(s, End(b.attacker), log)
        return
    assert isinstance(a, Attack)
    c.ot -= sa.RETRY_OT_COST
    b.tries += 1
    s.bids.open((b.attacker, b.defender), "§13.3")
    log.append(ev.BattleDeclared(b.attacker, b.defender, c.ot, b.lane,
                                 ", a second attempt after the tie from the cards left in each hand (§13.4.3)"))


def bids(s: RaceState, car: str, out: list[FgpAction]) -> list[FgpAction]:
    """SA2 (``second_attempt_plays_movement``): a second attempt's attack lays a movement card."""
    b = s.battle
    if b is None or not b.tries or car != b.attacker or not s.rules.second_attempt_plays_movement:
        return out
    return [a for a in out if not isinstance(a, Bid) or any(card_type(x) in bt.MOVEMENT for x in a.cards)]


def explain_bid(s: RaceState, a: Bid) -> tuple[str, str] | None:
    """Why a second attempt's bid without a movement card is refused (SA2), or None."""
    b = s.battle
    if b is None or not b.tries or a.car != b.attacker or not s.rules.second_attempt_plays_movement:
        return None
    if all(x in s.cars[a.car].hand for x in a.cards) and not any(card_type(x) in bt.MOVEMENT for x in a.cards):
        return RULE, "a second attempt lays a movement card: 'if the attacker does not have a movement card to play, " \
                     "they cannot attack again' (SA2)"
    return None


def explain(s: RaceState, b: Battle, a: FgpAction) -> tuple[str, str]:
    if b.blocking:
        if isinstance(a, Block):
            return BLOCK_RULE, f"{a.card}: the block plays a GREEN, RED or ORANGE card from {a.car}'s hand"
        return BLOCK_RULE, (f"after the tie {b.defender} may block with a GREEN, RED or ORANGE card "
                            f"('block <card>') or let {b.attacker} attack again ('noblock')")
    return RULE, (f"a tie: attack {b.defender} again with 1 OT less ('attack {b.defender}"
                  f"{f' L{b.lane}' if b.lane else ''}', from the cards left in each hand) or end the move ('end')")
