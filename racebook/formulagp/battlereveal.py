"""The battle's reveal, one side at a time (§13.3 item 4): a player's sealed text turned into its cards (checked by
:func:`racebook.formulagp.rules.battle.check_cards`), its Tyre Wear, ERS spend and LED terms, and a Rookie BOT's
defence drawn at the reveal (§22.10.2). :mod:`racebook.formulagp.battles` resolves the result from these."""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import battleextras
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Bid, Yield, parse
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import rookie
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import cards
from racebook.formulagp.hand import discardable
from racebook.formulagp.pitlane import cold_led
from racebook.formulagp.rules import battle as bt
from racebook.formulagp.rules.resources import spend_ers_in_battle
from racebook.formulagp.state import Car, RaceState
from racebook.formulagp.streetcircuit import defender_bonus, defender_score
from racebook.formulagp.tyrewear import wear_by


def card_terms(s: RaceState, c: Car) -> tuple[bool, bool]:
    """What of the position the battle's card rule reads (§13.3 item 2, A11): whether ``c``'s driver is Stressed
    (no pair, §15, N19) and the house rule ``option_backs_any_card`` — (stressed, option_backs_any_card)."""
    return c.stress == 2, s.rules.option_backs_any_card


def check_bid_cards(s: RaceState, c: Car, chosen: tuple[str, ...]) -> bt.BattleCards:
    """``c``'s battle cards ``chosen`` (codes) checked by :func:`racebook.formulagp.rules.battle.check_cards` with
    :func:`card_terms` (§13.3 item 2, A11): their LEDs, pair and wear, or an
    :class:`~racebook.core.errors.IllegalAction`. The one place the engine's bid list, its reveal, its refusals and
    the battle odds (:mod:`racebook.formulagp.analysis.battleodds`) check a side's cards."""
    data = cards()
    stressed, backs_any = card_terms(s, c)
    return bt.check_cards([card_type(x) for x in chosen], [data.card(x).leds for x in chosen],
                          stressed=stressed, option_backs_any_card=backs_any)


def side_leds(s: RaceState, car: str, text: str, attacker: bool,
              log: EventLog | None = None) -> tuple[ev.BattleRevealed, bool]:
    """Reveal one side's sealed text: its cards go to its discard pile (Tyre Wear +1 wear each, through
    :func:`racebook.formulagp.tyrewear.wear_by`, which logs the wear-track icons reached in ``log``), its ERS spend,
    its LED total (§13.3 item 4; a Cold Tyres token −2, A35: :func:`racebook.formulagp.pitlane.cold_led`). Returns
    the event and whether it played a pair (the YELLOW die, §6.3). A forced discard owed after the ERS spend is
    queued on the battle (§8.1)."""
    a = parse(text)
    c = s.cars[car]
    b = s.battle
    assert b is not None
    role = "attacker" if attacker else "defender"
    ot_leds = s.board.ot_level_leds(c.ot) if attacker else 0
    if isinstance(a, Yield):
        return ev.BattleRevealed(car, role, (), 0, ot_leds, 0, ot_leds, c.ers, c.wear, False), False
    assert isinstance(a, Bid)
    checked = check_bid_cards(s, c, a.cards)
    for x in a.cards:
        c.hand.remove(x)
        c.deck.discard(x)
    wear_by(s, c, checked.wear, log if log is not None else EventLog(None))  # §14.1: the icons reached
    ers_leds = 0
    if a.ers:
        spent = spend_ers_in_battle(s.board, c.ers, len(c.hand))
        c.ers, ers_leds = spent.ers, spent.leds
        if spent.discard and discardable(c):
            b.discards += (car,)
    cold = cold_led(s, car)  # §13.3 item 4, A35: a Cold Tyres token, attacking or defending
    ev_leds, sk_leds = battleextras.reveal(s, c, a, attacker, log if log is not None else EventLog(None))
    leds = bt.total(checked.leds, ot_leds=ot_leds, ers_leds=ers_leds, cold_tyres=cold != 0, event_leds=ev_leds,
                    skill_leds=sk_leds) + defender_bonus(s, not attacker)  # §21 15.2: a street circuit's defender
    return ev.BattleRevealed(car, role, a.cards, checked.leds, ot_leds, ers_leds, leds, c.ers, c.wear,
                             cold_leds=cold, event_leds=ev_leds, skill_leds=sk_leds,
                             street_leds=defender_bonus(s, not attacker)), checked.pair


def bot_defends(s: RaceState, car: str, attacker_leds: int, log: EventLog) -> ev.BattleRevealed:
    """A Rookie BOT defending against a player (§22.10.2, [BOT 3.2]): its TACTICS card's decision and its BATTLE
    card(s) against the attacker's revealed LEDs (:func:`racebook.formulagp.bots.rookie.battle_side`); no decision:
    it does not defend. With ``rookie_battles_once_a_round`` (B1) a Rookie that battled this round does not."""
    c = s.cars[car]
    if s.rules.rookie_battles_once_a_round and car in s.bots.battled:
        log.append(bev.BotBattled(car, rookie.card_of(s, car).code, "defends",
                                  "it has battled this round: it does not defend again (B1)", (), (), 0, 0))
        return ev.BattleRevealed(car, "defender", (), 0, 0, 0, 0, c.ers, c.wear, False)
    if c.bot == "rookie":  # B1 counts the Rookies (a Pro BOT defends whenever its card says so)
        s.bots.battled.append(car)
    score = defender_score(s, rookie.battle_side(s, car, attacking=False, opponent_leds=attacker_leds, log=log))
    if score is None:
        return ev.BattleRevealed(car, "defender", (), 0, 0, 0, 0, c.ers, c.wear, False)
    street = defender_bonus(s, not score.aborted)  # §21 15.2 (in score.leds already)
    return ev.BattleRevealed(car, "defender", tuple(score.used), score.leds - street, 0, 0, score.leds, c.ers, c.wear,
                             street_leds=street)
