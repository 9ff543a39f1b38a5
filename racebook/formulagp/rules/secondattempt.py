"""The [ADV] second attempt after a tied battle and the optional Defending Position (digest §13.4.3, §21 15.7.2; the
original's 9.4.3 and 15.7.2): pure rule functions over numbers and card types, shared by the players' battle
(:mod:`racebook.formulagp.secondattempt`) and the battle odds (:mod:`racebook.formulagp.analysis.battleodds`); a Pro
BOT's own clauses (§22.10.3 item 4: its WHITE die) may call :func:`may_try_again` for the part every attacker shares.

* **The second attempt** (§13.4.3 [ADV], the original's 9.4.3): "The attacker may make a second attempt to overtake.
  If they do: the attacker reduces their OT by -1 and a new battle starts using the remaining cards in each player's
  hand. If the attacker does not have a movement card to play, they cannot attack again." A tie has already given
  both drivers +1 stress and sent the played cards to the discard piles. The new battle is a battle like the first
  (sealed cards, the LEDs of the OT level *after* the −1, one ERS charge again, A36). Readings (switches of
  :class:`racebook.formulagp.options.Rules`):

  - **SA1** ``second_attempt_once`` (default true): the source names "a second attempt", once a battle; false: a
    tie on the second attempt allows another, while the OT and a movement card last;
  - **SA2** ``second_attempt_plays_movement`` (default true): "if the attacker does not have a movement card to play,
    they cannot attack again" — the new attack must lay a movement card (as a chained attack, §13.4.1); false: the
    movement card must only be held, and the bid is any battle bid (a Tyre Wear card alone, as a first attack);
  - the OT after the −1 must still be at least 1 (an attack with no OT point could not move, §13.2 b): so the
    attacker needs 2 OT or more before the −1 (the BOT rulebook's player clause, [BOT 3.2.4.2], reads the same).

* **Defending Position** (§21, optional 15.7.2; off by default: ``defending_position``): after a tie the defender
  may play a GREEN, RED or ORANGE movement card "to change lanes and block the attacker": the attacker takes +1 tyre
  wear and cannot attack again; if it does not block, the second attempt (−1 OT) is offered as usual; no block when
  the attacker started the battle from a Slipstream space. The block card goes to the defender's discard pile and
  the defender stays where it is (reading **SA3**: "change lanes" is the block's flavour; the cars stay put after a
  tie, §13.4.3; not a switch: the source gives the block no lane or space to move to).
"""

from __future__ import annotations

from collections.abc import Iterable

from racebook.formulagp.components import CardType

RETRY_OT_COST = 1  # §13.4.3 [ADV]: "the attacker reduces their OT by -1"
BLOCK_WEAR = 1  # §21 15.7.2: the blocked attacker "must then increase tyre wear +1"
BLOCK_CARDS = (CardType.GREEN, CardType.RED, CardType.ORANGE)  # §21 15.7.2: a GREEN, RED or ORANGE card blocks
MOVEMENT = (CardType.GREEN, CardType.RED, CardType.BLUE, CardType.ORANGE)


def may_try_again(*, advanced: bool, tie: bool, retried: bool, once: bool, ot: int,
                  hand: Iterable[CardType]) -> bool:
    """§13.4.3 [ADV]: may the attacker of a tied battle attack again? Only in an Advanced race, after a tie, not
    after a second attempt when ``once`` (SA1), with an OT point left after the −1 and a movement card in ``hand``
    (the attacker's card types)."""
    return (advanced and tie and not (retried and once) and ot - RETRY_OT_COST >= 1
            and any(t in MOVEMENT for t in hand))


def may_block(*, option_on: bool, tie: bool, slipstream: bool, hand: Iterable[CardType]) -> bool:
    """§21 15.7.2 (optional): may the defender of a tied battle block? The option on, a tie, the attack not started
    from a Slipstream space, and a GREEN, RED or ORANGE card in ``hand`` (the defender's card types)."""
    return option_on and tie and not slipstream and any(t in BLOCK_CARDS for t in hand)
