"""Battle extras (digest §13.2 c, §13.3 items 3–4, §5.1, §8.3, §6.7, §6.8; the original's 9.2 c, 9.3, 4.4, 4.8): what
a side may add to a battle besides its cards, OT and ERS, as legal actions of the BATTLE phase
(:mod:`racebook.formulagp.battles` calls each function here from its legal / apply / explain / reveal).

**OT before the battle** (§13.2 c): once the battle is declared and before the attacker lays its cards, it may
spend cards with the +1 OT secondary function (``Grey spend O1``, any number, never above the car's maximum, §5.1;
a held EVENT card with that icon too) and its Red Parameter token (``Grey param red``: +1 OT that may go above the
maximum; the attacker's OT LEDs are then the highest level's, §8.2, and the overtake moves one space per OT point).
Each through the one place those functions live (:mod:`racebook.formulagp.secondary`), then an
:class:`~racebook.formulagp.events.OtBoosted` event citing §13.2.

**EVENT cards in a battle** (§13.3 item 3: "both players may play any that apply"): a held EVENT card whose effect is
``battle`` (the teaching deck's E6 'Late Braking', +2 LEDs, ``invented-for-teaching``: the source prints no card
text) is laid face down with the battle cards — ``Grey bid R2 E6`` — and shown at the reveal, where it leaves the
table for the EVENT discard pile (an overdue 'apply immediately' card still costs its Penalty tokens,
:func:`racebook.formulagp.eventcards.leave_table`) and adds its LEDs. Outside a battle it is not offered.

**Driver skill** (§13.3 item 4, §6.8; the original's 4.8: once per game round, when applicable): ``+skill`` in a
side's bid adds the LEDs of its teaching DRIVER card when the card's condition fits the battle
(:mod:`racebook.formulagp.driverskill`).

Rookie BOTs take none of these (§22.10: their BATTLE cards). Standard library only.
"""

from __future__ import annotations

from itertools import combinations

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp import driverskill
from racebook.formulagp.actions import Bid, FgpAction, Param, Spend
from racebook.formulagp.components import Secondary
from racebook.formulagp.eventcards import leave_table
from racebook.formulagp.eventdeck import EventEffect, event_card
from racebook.formulagp.events.battleextras import BattleEventPlayed, DriverSkillUsed, OtBoosted
from racebook.formulagp.secondary import apply_spend, check_param, check_spend, icon, spends, use_param
from racebook.formulagp.state import Car, RaceState

__all__ = ["boosting", "boosts", "apply_boost", "explain_boost", "with_extras", "check_extras", "reveal",
           "battle_events", "extra_leds", "extra_sets"]


# ------------------------------------------------------------------ OT before the battle (§13.2 c)
def boosting(s: RaceState) -> str | None:
    """The attacker that may raise its OT now: the battle is declared and it has not laid its cards (§13.2 c)."""
    b = s.battle
    if b is None or not b.defender or b.retry or not s.bids.is_open or not s.bids.waiting:
        return None
    car = s.bids.waiting[0]
    return car if car == b.attacker and not s.cars[car].bot else None


def boosts(s: RaceState) -> list[FgpAction]:
    """The +1 OT secondary functions (single cards, not above the maximum) and the Red Parameter (§13.2 c)."""
    car = boosting(s)
    if car is None:
        return []
    c = s.cars[car]
    out: list[FgpAction] = [a for a in spends(s, c) if isinstance(a, Spend) and len(a.cards) == 1
                            and icon(a.cards[0]) is Secondary.PLUS_OT]
    if "R" in c.params:
        out.append(Param(car, "red"))
    return out


def apply_boost(s: RaceState, a: Spend | Param, log: EventLog) -> None:
    c = s.cars[a.car]
    if isinstance(a, Spend):
        apply_spend(s, c, a, log)
        how = f"the +1 OT secondary function of {' '.join(a.cards)} (§5.1: never above the maximum)"
    else:
        use_param(s, c, a, log)
        how = "the Red Parameter token (§8.3: may go above the maximum; the highest level's LEDs, §8.2)"
    log.append(OtBoosted(c.id, how, c.ot))


def explain_boost(s: RaceState, a: Spend | Param) -> tuple[str, str]:
    """Why a boost is refused now (§13.2 c)."""
    car = boosting(s)
    if car is None or a.car != car:
        return "§13.2", ("+1 OT secondary functions and the Red Parameter raise the attacker's OT after it declares "
                         "the battle and before it lays its cards")
    c = s.cars[car]
    try:
        if isinstance(a, Spend):
            f = check_spend(s, c, a)
            if f is not Secondary.PLUS_OT:
                return "§13.2", "only the +1 OT secondary function raises the OT before a battle"
        else:
            check_param(s, c, a)
            if a.which != "red":
                return "§13.2", "only the Red Parameter raises the OT before a battle"
    except IllegalAction as e:
        return e.rule, e.reason
    return "§13.2", "not now"


# ------------------------------------------------------------------ EVENT cards and driver skill in the bid
def battle_events(c: Car) -> list[str]:
    """The held EVENT cards that apply in a battle (§13.3 item 3), in code order."""
    return sorted({x for x in c.events if event_card(x).effect is EventEffect.BATTLE}, key=lambda x: int(x[1:]))


def _slipstream(s: RaceState) -> bool:
    b = s.battle
    return b is not None and bool(b.lane)


def extra_sets(s: RaceState, car: str) -> list[tuple[tuple[str, ...], bool]]:
    """Every (EVENT cards, skill) ``car`` may add to a bid now (§13.3 items 3–4): each set of its held battle EVENT
    cards (none first), each without and, when it may use it, with its driver skill. The battle odds weigh an unseen
    opponent's extras through this list (:mod:`racebook.formulagp.analysis.unseenextras`)."""
    c = s.cars[car]
    b = s.battle
    attacker = b is not None and car == b.attacker
    held = battle_events(c)
    sets = [combo for k in range(len(held) + 1) for combo in combinations(held, k)]
    skills = [False] + ([True] if driverskill.may_use(s, c, attacker=attacker, slipstream=_slipstream(s)) else [])
    return [(e, k) for e in sets for k in skills]


def with_extras(s: RaceState, car: str, bids: list[FgpAction]) -> list[FgpAction]:
    """Each bid with every set of ``car``'s battle EVENT cards and with its driver skill when it may use it
    (:func:`extra_sets`)."""
    sets = extra_sets(s, car)
    if sets == [((), False)]:
        return bids
    return [Bid(a.car, a.cards, a.ers, e, k) for a in bids if isinstance(a, Bid) for e, k in sets]


def check_extras(s: RaceState, a: Bid) -> tuple[str, str] | None:
    """Why a bid's EVENT cards or skill are refused (rule, reason), or None."""
    c = s.cars[a.car]
    for x in a.events:
        if x not in c.events:
            return "§6.7", f"{a.car} holds no EVENT card {x}"
        if event_card(x).effect is not EventEffect.BATTLE:
            return "§13.3", f"{x} '{event_card(x).name}' does not apply in a battle"
    if len(set(a.events)) != len(a.events) or tuple(sorted(a.events, key=lambda x: int(x[1:]))) != a.events:
        return "§13.3", "name each EVENT card once, in code order"
    b = s.battle
    if a.skill and not driverskill.may_use(s, c, attacker=b is not None and a.car == b.attacker,
                                           slipstream=_slipstream(s)):
        d = driverskill.driver_of(s, a.car)
        return "§13.3", (f"{a.car}'s driver skill ({d.name}: {d.when.value}) does not apply to this battle, or was "
                         "used this round (once per game round), or driver skills are off")
    return None


def extra_leds(s: RaceState, a: Bid) -> tuple[int, int]:
    """What a bid's EVENT cards and driver skill add (EVENT LEDs, skill LEDs), read without changing the position
    (the reveal, the greedy driver and the battle odds all count them here)."""
    return (sum(event_card(x).amount for x in a.events),
            driverskill.driver_of(s, a.car).leds if a.skill else 0)


def reveal(s: RaceState, c: Car, a: Bid, attacker: bool, log: EventLog) -> tuple[int, int]:
    """At the reveal: the bid's EVENT cards leave the table for the EVENT discard pile, the skill is used; returns
    (EVENT LEDs, skill LEDs)."""
    ev_leds, sk_leds = extra_leds(s, a)
    for x in a.events:
        card = event_card(x)
        leave_table(s, c, x, log)
        s.events.discard(x)
        log.append(BattleEventPlayed(c.id, x, card.name, card.amount))
    if a.skill:
        d = driverskill.driver_of(s, c.id)
        driverskill.use(s, c)
        log.append(DriverSkillUsed(c.id, d.code, d.name, d.when.value, sk_leds))
    return ev_leds, sk_leds
