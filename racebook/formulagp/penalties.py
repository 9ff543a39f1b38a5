"""Penalty tokens during the race and at its end (digest §17.3, §17.4, §17.2.1, §6.6, §6.7): the one place a car
takes Penalty tokens (:func:`give`, which other mechanics call: a collision, a push off track, pit speeding, a
yellow line crossed, §17.3), the 'Investigation' EVENT card (every car shows the EVENT cards it holds; one token per
penalty icon), and the end-of-race reveal (every card left in hand and every EVENT card held; one token per penalty
icon). The tokens sit on the car's Pit Box tile (``Car.penalties``); serving them at a pit stop is the pits'
(§16.2, A45); those not served cost 5 tiles each at the end (:mod:`racebook.formulagp.rules.classification`).

With the Optional rule 15.9 (``Rules.race_director``, §21) :func:`give` lets the Race Director decide a penalty from
an incident involving another car (the caller names it: ``against=``) and doubles an ordinary 1-token offence of a
driver already warned (:mod:`racebook.formulagp.racedirector`); the cards' penalty icons counted by the Investigation
and the end-of-race reveal are no offence (``offence=False``).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import racedirector
from racebook.formulagp.components import cards
from racebook.formulagp.eventdeck import event_card
from racebook.formulagp.state import Car, RaceState


def give(s: RaceState, c: Car, tokens: int, reason: str, rule: str, log: EventLog, *, against: str = "",
         offence: bool = True) -> None:
    """``c`` takes ``tokens`` Penalty tokens (§17.3), placed on its Pit Box tile in view of everyone. ``against``:
    the other car of a two-car incident (a collision, a push off track), which the Race Director judges with the
    Optional rule 15.9 on; ``offence``: False for penalty icons counted on cards (never doubled by a warning)."""
    if tokens <= 0 or c.bot == "rookie":  # §22.13.8: Rookie BOTs never get penalties (a Pro BOT does)
        return
    if s.rules.race_director:
        if against:
            verdict = racedirector.judge(s, c, against, reason, log)
            if verdict is racedirector.Verdict.RACING_INCIDENT:
                return
            if verdict is racedirector.Verdict.WARNING:
                _take(c, racedirector.warn(c, log), f"warning number {c.warnings} of the race", racedirector.RULE,
                      log)
                return
        if offence and racedirector.doubled(c, tokens) != tokens:
            tokens, reason = racedirector.doubled(c, tokens), f"{reason}; already warned: 2 tokens, Optional 15.9"
    _take(c, tokens, reason, rule, log)


def _take(c: Car, tokens: int, reason: str, rule: str, log: EventLog) -> None:
    if tokens <= 0:
        return
    c.penalties += tokens
    log.append(ev.PenaltyTaken(c.id, tokens, c.penalties, reason, rule))


def held_icons(c: Car) -> int:
    """The penalty icons on the EVENT cards ``c`` holds face down (§6.7, §17.4)."""
    return sum(event_card(x).penalty_icons for x in c.events)


def hand_icons(c: Car) -> int:
    """The penalty icons on the ACTION cards in ``c``'s hand (the Draw Failure card's, §6.6)."""
    return sum(cards().card(x).penalty_icons for x in c.hand)


def investigation(s: RaceState, log: EventLog) -> None:
    """The 'Investigation' EVENT card (§17.4): every car shows the EVENT cards it holds and takes one Penalty token
    per penalty icon on the cards "in their hand" (the original's 13.12.1) — with ``investigation_counts_hand`` (the
    default) the ACTION cards in hand with penalty icons too (a Draw Failure card), as the end-of-race reveal counts
    the hand "including EVENT cards" (§17.2.1); without it only the EVENT cards shown (the digest's summary)."""
    for c in s.cars.values():
        hand = tuple(x for x in c.hand if cards().card(x).penalty_icons) if s.rules.investigation_counts_hand else ()
        icons = held_icons(c) + sum(cards().card(x).penalty_icons for x in hand)
        log.append(ev.CardsShown(c.id, tuple(c.events) + hand, icons, "§17.4"))
        give(s, c, icons, "penalty icons shown to the Investigation", "§17.4", log, offence=False)


def reveal_at_end(s: RaceState, log: EventLog) -> None:
    """§17.2.1 step 1: every car shows all cards left in hand, EVENT cards included; each penalty icon = +1 Penalty
    token, added to those of the race."""
    for c in s.cars.values():
        icons = held_icons(c) + hand_icons(c)
        log.append(ev.CardsShown(c.id, tuple(c.hand + c.events), icons, "§17.2.1"))
        give(s, c, icons, "penalty icons revealed at the end of the race", "§17.2.1", log, offence=False)
