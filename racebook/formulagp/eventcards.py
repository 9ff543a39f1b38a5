"""Option and EVENT cards in a race (digest §6.5, §6.7, §17.4): an Option card played before moving draws an EVENT
card (not in race round 1; round 2 allows it, A40), which its car holds face down on the table (not part of the
hand, §8.5); a held EVENT card is played at the start of its car's turn (before moving) or at its end (after the
move), its effect resolved, then it is discarded. An 'apply immediately' card may be held, but once the turn it was
drawn in is over it is *overdue*: when it is used later (played or spent) its car takes one Penalty token per penalty
icon (§6.7, §17.3, the rulebook's example x1). The 'Investigation' card makes every car show its held EVENT cards
(:func:`racebook.formulagp.penalties.investigation`).

The race-event cards ('Incident on Track', 'Safety Car', 'Virtual Safety Car', §19.3–§19.5) are drawn, held and
played here; their effect on the race is the race events' (:data:`RACE_EVENTS`: 'Incident on Track' a Yellow Flag at
the car's tile and Race Control advanced by the WHITE die, :func:`racebook.formulagp.flags.incident_on_track`;
'Safety Car' the WHITE die's Safety Car or Red Flag, :func:`racebook.formulagp.redflag.safety_car_card`; 'Virtual
Safety Car' the VSC from the end of this driver's move, :func:`racebook.formulagp.vsc.deploy`). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import flags, hazardtokens, penalties, redflag, safetycar, scvariants, vsc
from racebook.formulagp.actions import FgpAction, OptionCard, PlayEvent
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.eventdeck import EventEffect, draw, event_card
from racebook.formulagp.state import Car, Phase, RaceState
from racebook.formulagp.stressing import stress_by

#: the race events' effects of the named race-event cards (§19.3–§19.5): effect -> resolve(state, car, log), run
#: after the card's EventPlayed event. 'Incident on Track' places a Yellow Flag at the car's tile and advances Race
#: Control by the WHITE die (:func:`racebook.formulagp.flags.incident_on_track`, §19.3.2, A14); the 'Safety Car' card
#: rolls the WHITE die: the Safety Car, or on a 6 the Red Flag (:func:`racebook.formulagp.redflag.safety_car_card`,
#: §19.4, §19.6, A13); the 'Virtual Safety Car' the VSC (:func:`racebook.formulagp.vsc.deploy`, §19.5).
RACE_EVENTS: dict[EventEffect, Callable[[RaceState, Car, EventLog], None]] = {
    EventEffect.INCIDENT_ON_TRACK: lambda s, c, log: flags.incident_on_track(s, c.id, log),  # §19.3
    EventEffect.SAFETY_CAR: lambda s, c, log: redflag.safety_car_card(s, log),  # §19.4, §19.6
    EventEffect.VIRTUAL_SAFETY_CAR: lambda s, c, log: vsc.deploy(s, c.id, log),  # §19.5
    EventEffect.DEBRIS: lambda s, c, log: hazardtokens.card_token(s, c, "debris", log),  # [ADV] §19.8.2
    EventEffect.OIL: lambda s, c, log: hazardtokens.card_token(s, c, "oil", log),  # [ADV] §19.8.3
}
_SECTION = {EventEffect.INCIDENT_ON_TRACK: "§19.3", EventEffect.SAFETY_CAR: "§19.4",
            EventEffect.VIRTUAL_SAFETY_CAR: "§19.5", EventEffect.INVESTIGATION: "§17.4", EventEffect.DEBRIS: "§19.8.2",
            EventEffect.OIL: "§19.8.3"}
REMOVED_AFTER_PLAY = frozenset({EventEffect.SAFETY_CAR})  # §19.4.2 step 5: removed from the deck once played


# ------------------------------------------------------------------ Option cards (§6.5)
def option_plays(s: RaceState, c: Car) -> list[FgpAction]:
    """Option cards playable for an EVENT card: before moving, never in race round 1 (§6.7, A40), never under the
    Safety Car ("Events are inactive during the Safety Car and players may discard Option cards", §19.4.2)."""
    if s.round <= 1 or s.phase is not Phase.PLAY or safetycar.on(s):
        return []
    return [OptionCard(c.id, x) for x in sorted(set(c.hand)) if card_type(x) is CardType.OPTION]


def play_option(s: RaceState, c: Car, code: str, log: EventLog) -> None:
    """Play the Option card ``code``: discard it and draw an EVENT card, held face down (§6.5, §6.7)."""
    c.hand.remove(code)
    c.deck.discard(code)
    got = scvariants.option_draw(s, draw(s), log) if s.round > 1 else None  # §9.4: round 1 LEDs only; §21 15.11.1
    if got is not None:
        c.events.append(got)
    log.append(ev.OptionPlayed(c.id, code, got or "-"))


def check_option(s: RaceState, c: Car, a: OptionCard) -> None:
    if a.card not in c.hand or card_type(a.card) is not CardType.OPTION:
        raise IllegalAction(a, "§6.5", f"{a.card} is not an Option card in {c.id}'s hand")
    if s.round <= 1:
        raise IllegalAction(a, "§6.7", "no EVENT card is drawn in race round 1")
    if s.phase is not Phase.PLAY:
        raise IllegalAction(a, "§6.5", "an Option card is played for its primary function before moving only")
    if safetycar.on(s):
        raise IllegalAction(a, "§19.4.2", "EVENT cards are off under the Safety Car (an Option card may be discarded)")


# ------------------------------------------------------------------ EVENT cards (§6.7)
def event_plays(s: RaceState, c: Car, before_move: bool) -> list[FgpAction]:
    """The held EVENT cards ``c`` may play now (§6.7: at the start or the end of its own turn; a card adding MP only
    before the move, §10.3 step 2.9); none under the Safety Car (§19.4.2: "Events are inactive")."""
    if safetycar.on(s):
        return []
    return [PlayEvent(c.id, x) for x in sorted(set(c.events))
            if (before_move or event_card(x).effect is not EventEffect.MP)
            and event_card(x).effect is not EventEffect.BATTLE]  # laid with battle cards (battleextras, §13.3)


def check_event(s: RaceState, c: Car, a: PlayEvent, before_move: bool) -> None:
    if a.card not in c.events:
        raise IllegalAction(a, "§6.7", f"{c.id} holds no EVENT card {a.card}")
    if safetycar.on(s):
        raise IllegalAction(a, "§19.4.2", "EVENT cards are off under the Safety Car")
    if not before_move and event_card(a.card).effect is EventEffect.MP:
        raise IllegalAction(a, "§10.3", "an EVENT card adding MP is played before the move")
    if event_card(a.card).effect is EventEffect.BATTLE:
        raise IllegalAction(a, "§13.3", "this EVENT card applies in a battle: lay it with the battle cards (bid … E6)")


def leave_table(s: RaceState, c: Car, code: str, log: EventLog) -> None:
    """A held EVENT card is used (played or spent): off the table; if it was an 'apply immediately' card held past
    its turn, the proof is there: one Penalty token per penalty icon (§6.7, §17.3)."""
    c.events.remove(code)
    if code in c.overdue:
        c.overdue.remove(code)
        card = event_card(code)
        log.append(ev.HeldTooLong(c.id, code, card.name, card.penalty_icons))
        penalties.give(s, c, card.penalty_icons, f"'{card.name}' held too long", "§6.7", log)


def play_event(s: RaceState, c: Car, code: str, log: EventLog) -> None:
    """Play the held EVENT card ``code`` and resolve it (§6.7), then discard it (the 'Safety Car' card is removed
    from the game, §19.4.2)."""
    card = event_card(code)
    leave_table(s, c, code, log)
    rule = _SECTION.get(card.effect, "§6.7")
    t = s.turn
    if card.effect is EventEffect.MP and t is not None:
        t.event_mp += card.amount
        effect = f"+{card.amount} MP to this move"
    elif card.effect is EventEffect.ERS:
        before = c.ers
        c.ers = min(s.board.ers_max, c.ers + card.amount)
        effect, rule = f"ERS +{c.ers - before}, now {c.ers} (never above the maximum)", "§8.1"
    elif card.effect is EventEffect.TYRES:
        c.wear = max(0, c.wear - card.amount)
        effect, rule = f"regains {card.amount} tyre wear point(s), wear {c.wear}", "§14.1"
    elif card.effect is EventEffect.RELIEF:
        effect, rule = "stress -1", "§15"
    elif card.effect is EventEffect.INVESTIGATION:
        effect = "every car shows the EVENT cards it holds"
    elif card.effect in RACE_EVENTS:
        effect = "resolved now (below)"
    else:
        effect = f"not resolved yet: the race event of {rule} is not built on this branch"
    if card.effect in REMOVED_AFTER_PLAY:
        s.events_out.append(code)
    else:
        s.events.discard(code)
    log.append(ev.EventPlayed(c.id, code, card.name, effect, rule))
    if card.effect in RACE_EVENTS:
        RACE_EVENTS[card.effect](s, c, log)
    elif card.effect is EventEffect.RELIEF:
        stress_by(s, c, -1, log)
    elif card.effect is EventEffect.INVESTIGATION:
        penalties.investigation(s, log)


def turn_over(s: RaceState, c: Car) -> None:
    """The end of ``c``'s turn: the 'apply immediately' cards it still holds are overdue from now on (§6.7; the house
    rule ``immediate_event_overdue_after_its_turn``)."""
    if not s.rules.immediate_event_overdue_after_its_turn:
        return
    for x in c.events:
        if event_card(x).immediate and x not in c.overdue:
            c.overdue.append(x)
