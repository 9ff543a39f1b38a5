"""The [ADV] second attempt in the battle odds (digest §13.4.3, §21 15.7.2; issue 38 item 1): the exact chance that a
bid of the viewer ties the first battle and the attacker then overtakes on its second attempt, for
:func:`racebook.formulagp.analysis.battleodds.battle_odds` in an Advanced race between two players.

It runs the engine's own rules on the odds' clone of the position: for each hand of the opponent (the same
hypergeometric hands and held-EVENT groups as the reference path, :func:`~.battleodds.hand_distribution`) and each
bid the model gives it (the bid of that total that lays the fewest cards), a tie leaves both sides the cards not
played, one ERS charge less for a side that spent one, +1 stress each (:func:`racebook.formulagp.rules.stress.
change_stress`: a Stressed driver plays no pair); then :func:`racebook.formulagp.rules.secondattempt.may_try_again`
(a movement card, an OT point left after the −1, the switch SA1) and, with ``defending_position``,
:func:`~racebook.formulagp.rules.secondattempt.may_block` — the model's defender blocks whenever it may; the second
battle's bids are the engine's (:func:`racebook.formulagp.battles.bids` with the attempt marked on the battle, so
SA2's movement card and the OT level after the −1 apply), the viewer's strongest against the opponent's model.

The model's choices: the attacker always attacks again when it may (a second attempt only adds overtakes); the
viewer plays its strongest second bid. Not modelled (said in the result's sentence): the forced discard after an ERS
spend (the hand is kept whole), the dice of the tie's stress and of a pair, a third attempt with SA1 off, an EVENT
card drawn between the battles. Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from racebook.formulagp import battles
from racebook.formulagp.actions import Bid, FgpAction, Yield
from racebook.formulagp.analysis.battlekinds import Model, Total
from racebook.formulagp.battleextras import extra_leds
from racebook.formulagp.battlereveal import check_bid_cards
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.pitlane import cold_led
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules import secondattempt as sa
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.rules.stress import Stress, change_stress
from racebook.formulagp.secondattempt import players
from racebook.formulagp.state import Car, Mode, RaceState

__all__ = ["applies", "second_chances"]


def applies(s: RaceState) -> bool:
    """The second attempt can follow this battle: an Advanced race, two players, not a chained attack, not itself a
    last attempt (SA1)."""
    b = s.battle
    return (s.mode is Mode.ADVANCED and b is not None and players(s, b) and not b.chained
            and not (b.tries and s.rules.second_attempt_once))


def _leds(s: RaceState, car: str, bid: FgpAction, attacker: bool) -> Total:
    """A side's LED total as the engine reveals it (the same terms as :func:`~.battleodds.bid_leds`)."""
    if not isinstance(bid, Bid):
        return None
    c = s.cars[car]
    checked = check_bid_cards(s, c, bid.cards)
    ot = s.board.ot_level_leds(c.ot) if attacker else 0
    ers = spend_ers_in_battle(s.board, c.ers, len(c.hand) - len(bid.cards)).leds if bid.ers else 0
    events, skill = extra_leds(s, bid)
    return bt.total(checked.leds, ot_leds=ot, ers_leds=ers, event_leds=events, skill_leds=skill,
                    cold_tyres=cold_led(s, car) != 0)


def _totals(s: RaceState, car: str, attacker: bool) -> tuple[list[Total], dict[Total, FgpAction]]:
    """The LED total of each bid ``car`` may lay now (as the model reads them: one a bid), and for each total the bid
    that lays the fewest cards (no ERS first)."""
    out: dict[Total, FgpAction] = {}
    listed: list[Total] = []
    for a in battles.bids(s, car):
        t = _leds(s, car, a, attacker)
        listed.append(t)
        old = out.get(t)
        if old is None or (isinstance(a, Bid) and isinstance(old, Bid)
                           and (len(a.cards), a.ers) < (len(old.cards), old.ers)):
            out[t] = a
    return listed, out


def _played(s: RaceState, c: Car, bid: FgpAction) -> None:
    """A side's first bid played: its cards out of hand, its ERS charge spent, +1 stress (the tie, §13.4.3)."""
    if isinstance(bid, Bid):
        for x in bid.cards:
            c.hand.remove(x)
        if bid.ers:
            c.ers -= 1
    c.stress = int(change_stress(Stress(c.stress), 1, leader=False).stress)


def _second(s: RaceState, viewer: str, other: str, viewer_attacks: bool, model: Model) -> Fraction:
    """The attacker's chance to overtake on the second attempt, from the position after the tie."""
    b = s.battle
    assert b is not None
    att = s.cars[viewer if viewer_attacks else other]
    dfn = s.cars[other if viewer_attacks else viewer]
    if not sa.may_try_again(advanced=True, tie=True, retried=b.tries > 0, once=s.rules.second_attempt_once,
                            ot=att.ot, hand=[card_type(x) for x in att.hand]):
        return Fraction(0)
    if sa.may_block(option_on=s.rules.defending_position, tie=True, slipstream=bool(b.lane),
                    hand=[card_type(x) for x in dfn.hand]):
        return Fraction(0)  # the model's defender blocks whenever it may (§21 15.7.2)
    att.ot -= sa.RETRY_OT_COST
    b.tries += 1
    b.retry = True
    mine = [t for t in _totals(s, viewer, viewer_attacks)[0] if t is not None]
    if not mine:
        return Fraction(0) if viewer_attacks else Fraction(1)  # no card to defend with: the viewer yields
    best = max(mine)
    theirs = _totals(s, other, not viewer_attacks)[0] or [None]
    win = Fraction(0)
    for t, p in model(theirs).items():
        a, d = (best, t) if viewer_attacks else (t, best)
        if a is not None and bt.result(a, d).succeeds:
            win += p
    return win


def second_chances(s: RaceState, viewer: str, other: str, viewer_attacks: bool, mine: Sequence[FgpAction],
                   hands: Sequence[tuple[tuple[str, ...], Fraction]], groups: Sequence[tuple[tuple[str, ...], int]],
                   model: Model) -> list[Fraction]:
    """For each of the viewer's bids ``mine``: the chance that it ties and the attacker overtakes on the second
    attempt, over the opponent's ``hands`` (representative codes, chance) and held-EVENT ``groups`` (codes, sets),
    the opponent choosing by ``model``. The position is left as it was."""
    b = s.battle
    assert b is not None
    v, o = s.cars[viewer], s.cars[other]
    saved = (list(v.hand), v.ers, v.stress, list(o.hand), list(o.events), o.ers, o.stress,
             v.ot if viewer_attacks else o.ot, b.tries, b.retry)
    att = v if viewer_attacks else o
    sets = sum(w for _, w in groups)
    out = [Fraction(0)] * len(mine)
    weight = Fraction(0)
    mine_leds = [_leds(s, viewer, m, viewer_attacks) for m in mine]
    try:
        for hand, p in hands:
            for events, ways in groups:
                o.hand, o.events = list(hand), list(events)
                listed, reps = _totals(s, other, not viewer_attacks)
                if not viewer_attacks and not listed:
                    continue  # it declared the attack, so it holds a card to attack with (§13.2, §13.3)
                q = p * Fraction(ways, sets)
                weight += q
                first = (o.hand, o.events, o.ers, o.stress)
                for t, pt in model(listed or [None]).items():
                    ob = reps.get(t, Yield(other))
                    for i, (m, ml) in enumerate(zip(mine, mine_leds, strict=True)):
                        if ml is None or t is None or ml != t:
                            continue  # §13.4.3: only a tie offers the second attempt
                        v.hand, v.ers, v.stress = list(saved[0]), saved[1], saved[2]
                        o.hand, o.events, o.ers, o.stress = list(first[0]), list(first[1]), first[2], first[3]
                        att.ot, b.tries, b.retry = saved[7], saved[8], saved[9]
                        _played(s, v, m)
                        _played(s, o, ob)
                        out[i] += q * pt * _second(s, viewer, other, viewer_attacks, model)
                o.ers, o.stress = saved[5], saved[6]
    finally:
        v.hand, v.ers, v.stress = saved[0], saved[1], saved[2]
        o.hand, o.events, o.ers, o.stress = saved[3], saved[4], saved[5], saved[6]
        att.ot, b.tries, b.retry = saved[7], saved[8], saved[9]
    return [x / weight if weight else Fraction(0) for x in out]
