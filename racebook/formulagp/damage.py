"""DAMAGE and FAILURE cards on the car (digest §6.6, §6.8, §18.4, §18.5) and the draws from the shared incident
decks (RISK, DAMAGE, FAILURE; :mod:`racebook.formulagp.incidentcards`).

A draw takes a card stacked by a scenario first (``RaceState.card_stack[deck]``, next first), else the top of the
deck, shuffled with the race's generator when its pile is empty (every card starts in the discard pile, so the
first draw shuffles it). A car takes at most one damage a round (§18.4); a DAMAGE card stays by the board until
repaired at a pit stop or on the Red Flag grid (:func:`repair_all`, for the pit and race-event modules), except a
card with no lasting effect ('Close Call!'), which is discarded at once. A FAILURE card (the Draw Failure card,
§6.6, or a RISK card) stays until a pit stop or a **Quick Repair** (§18.5): at any time of its turn — here, before
its movement card(s) — the driver spends the ACTION cards printed on the card. While held, the cards take MP off
every move (never below 0, N5), cover the tyre bonus or lower the hand limit. Standard library only.
"""

from __future__ import annotations

from itertools import combinations, permutations

from racebook.core.errors import IllegalAction, SetupError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Repair
from racebook.formulagp.components import CardType, cards
from racebook.formulagp.incidentcards import Cost, Effect, IncidentDeck, card, held
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.state import Car, RaceState

_SAYS = {Effect.MP: "-{v} MP on every move until repaired", Effect.TYRE_BONUS: "no tyre bonus until repaired",
         Effect.HAND: "hand limit -{v} until repaired", Effect.NONE: "no lasting effect: discarded at once",
         Effect.STRESS: "stress +{v}", Effect.WEAR: "tyre wear +{v}", Effect.ERS: "-{v} ERS charge",
         Effect.LOSS_OF_CONTROL: "a loss of control (§18.1)", Effect.DAMAGE: "draw a DAMAGE card (§18.4)",
         Effect.FAILURE: "draw a FAILURE card (§18.5)", Effect.YELLOW_FLAG: "the Yellow Flag procedure (§19.3)",
         Effect.PENALTY: "+{v} Penalty token", Effect.DEBRIS: "a Debris token on the car's tile (§19.8.2)",
         Effect.OIL: "an Oil token on the car's tile (§19.8.3)"}


def says(code: str) -> str:
    """What an incident card does, in words (from its data)."""
    k = card(code)
    return _SAYS[k.effect].format(v=k.value)


def stack_cards(s: RaceState, deck: IncidentDeck, codes: list[str]) -> None:
    """Stack the next draws of a shared deck (a scenario's "the next RISK card is RK9"): each code must be a card
    of that deck, in its piles (not by a board), stacked once (:class:`SetupError` otherwise)."""
    d = s.incident_decks[deck.value]
    for i, code in enumerate(codes):
        if code in codes[:i] or code not in d.pile + d.discards:
            raise SetupError(f"stack {code}", deck.rule, f"{code} is not a card in the {deck.value.upper()} deck's "
                                                         "piles, or is stacked twice")
    s.card_stack[deck.value] = list(codes) + [x for x in s.card_stack.get(deck.value, []) if x not in codes]


def draw_incident(s: RaceState, deck: IncidentDeck) -> str | None:
    """The next card of a shared deck (§6.8): stacked first, else drawn with the race's generator; None when every
    card is by a board."""
    d = s.incident_decks[deck.value]
    stack = s.card_stack.get(deck.value, [])
    while stack:
        code = stack.pop(0)
        for pile in (d.pile, d.discards):
            if code in pile:
                pile.remove(code)
                return code
    return d.draw(s.rng)


def drawn_card(s: RaceState, c: Car, deck: IncidentDeck, log: EventLog) -> str | None:
    code = draw_incident(s, deck)
    if code is None:
        log.append(ev.IncidentCardDrawn(c.id, deck.value.upper(), "-", "none left", "every card is by a board",
                                        deck.rule))
        return None
    log.append(ev.IncidentCardDrawn(c.id, deck.value.upper(), code, card(code).name, says(code), deck.rule))
    return code


def take_damage(s: RaceState, c: Car, log: EventLog) -> None:
    """Draw a DAMAGE card (§18.4): at most one damage a round; a card with no lasting effect is discarded at once.
    A Rookie BOT takes no damage (§22.13.3); a Pro BOT rolls the WHITE die for its Damage tokens (§22.13.3)."""
    if c.bot:
        if c.bot == "pro":
            HOOKS.damage(s, c, log)  # bots.pro.damage (the BOT engine imports this module)
        return
    if c.damaged_round == s.round:
        log.append(ev.DamageSpared(c.id))
        return
    c.damaged_round = s.round
    code = drawn_card(s, c, IncidentDeck.DAMAGE, log)
    if code is None:
        return
    if card(code).effect is Effect.NONE:
        s.incident_decks[IncidentDeck.DAMAGE.value].discard(code)
    else:
        c.damage.append(code)


def take_failure(s: RaceState, c: Car, log: EventLog) -> None:
    """Draw a FAILURE card and place it by the board (§18.5; the Draw Failure card, §6.6, or a RISK card)."""
    code = drawn_card(s, c, IncidentDeck.FAILURE, log)
    if code is not None:
        c.failures.append(code)


def mp_penalty(c: Car) -> int:
    """MP taken off every move by the DAMAGE and FAILURE cards held (§10.3 step 11)."""
    return held(c.damage + c.failures, Effect.MP)


def no_tyre_bonus(c: Car) -> bool:
    """A DAMAGE or FAILURE card covers the tyre bonus, or the car rejoins after a spin or going off track (§18.2)."""
    return c.spun or bool(c.off) or held(c.damage + c.failures, Effect.TYRE_BONUS) > 0


# ------------------------------------------------------------------ Quick Repair (§18.5)
def _pays(code: str, cost: Cost) -> bool:
    t = cards().card(code).type
    if cost is Cost.MOVEMENT:
        return t.colour is not None
    if cost is Cost.TYRE_WEAR:
        return t is CardType.TYRE_WEAR
    if cost is Cost.OPTION:
        return t is CardType.OPTION
    return t is not CardType.DRAW_FAILURE


def covers(cards_: tuple[str, ...], costs: tuple[Cost, ...]) -> bool:
    """The cards pay the cost: one card per cost item, each of its kind."""
    return len(cards_) == len(costs) and any(all(_pays(x, k) for x, k in zip(p, costs, strict=True))
                                             for p in permutations(cards_))


def quick_repairs(s: RaceState, c: Car) -> list[Repair]:
    """Every Quick Repair the car can pay now: a FAILURE card and the hand cards its cost names."""
    out = []
    for code in sorted(set(c.failures)):
        costs = card(code).repair
        for chosen in combinations(sorted(set(c.hand)), len(costs)):
            if covers(chosen, costs):
                out.append(Repair(c.id, code, chosen))
    return out


def check_repair(s: RaceState, c: Car, a: Repair) -> None:
    if a.failure not in c.failures:
        raise IllegalAction(a, "§18.5", f"{a.failure} is not a FAILURE card by {c.id}'s board")
    for x in a.cards:
        if x not in c.hand:
            raise IllegalAction(a, "§18.5", f"{x} is not in {c.id}'s hand")
    costs = card(a.failure).repair
    if len(set(a.cards)) != len(a.cards) or not covers(a.cards, costs):
        raise IllegalAction(a, "§18.5", f"{a.failure}'s Quick Repair costs {', '.join(k.value for k in costs)} "
                                        f"(one ACTION card each)")


def apply_repair(s: RaceState, a: Repair, log: EventLog) -> None:
    c = s.cars[a.car]
    check_repair(s, c, a)
    for x in a.cards:
        c.hand.remove(x)
        c.deck.discard(x)
    c.failures.remove(a.failure)
    s.incident_decks[IncidentDeck.FAILURE.value].discard(a.failure)
    log.append(ev.Repaired(c.id, a.failure, card(a.failure).name, "Quick Repair, §18.5", a.cards))


def explain_repair(s: RaceState, a: Repair) -> tuple[str, str]:
    c = s.cars[a.car]
    try:
        check_repair(s, c, a)
    except IllegalAction as e:
        return e.rule, e.reason
    return "§18.5", "a Quick Repair comes before the movement card(s) are played"


def repair_all(s: RaceState, c: Car, log: EventLog, *, damage: bool = True, failures: bool = True,
               how: str = "pit stop, §16.3") -> None:
    """Repair at a pit stop (DAMAGE and FAILURE) or on the Red Flag grid (DAMAGE only, §19.6): the cards go to their
    decks' discard piles (for the pit-stop and race-event modules)."""
    for kind, codes in ((IncidentDeck.DAMAGE, c.damage if damage else []),
                        (IncidentDeck.FAILURE, c.failures if failures else [])):
        for code in list(codes):
            codes.remove(code)
            s.incident_decks[kind.value].discard(code)
            log.append(ev.Repaired(c.id, code, card(code).name, how, (), "§18.4" if kind is IncidentDeck.DAMAGE
                                   else "§18.5"))
