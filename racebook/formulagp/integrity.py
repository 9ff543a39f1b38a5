"""FormulaGP's conservation check (the conformance suite's ``hooks.problems``, issue 39 item 8): what no rule may
create or lose. Each car's ACTION deck (§3, §5: 45 cards) is in one place — hand, draw pile or discard pile — every
card exactly as often as the deck holds it; the car's resources stay on their tracks (ERS §8.1, OT §8.2, the wear
marker §14.1, the stress token §15); two cars on track never share a space (or a Slipstream car shadow, §2.3) and
every car is on a racing space. A Rookie BOT holds no ACTION card (§22.1); every BOT card (the TACTICS and BATTLE
decks, §22.5) is in one place. A mechanic that adds cards or decks (RISK, DAMAGE, FAILURE, EVENT) extends
:func:`problems`. Standard library only.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.components import cards
from racebook.formulagp.eventdeck import event_deck
from racebook.formulagp.incidentcards import IncidentDeck, incident_cards
from racebook.formulagp.state import RaceState

RED_PARAM = "R"  # the Red Parameter token's letter in ``Car.params`` (§8.3)


@cache
def _deck() -> Counter[str]:
    return Counter(c.code for c in cards().action)


def problems(s: RaceState) -> list[str]:
    """Every broken invariant of ``s`` as a sentence (empty when sound)."""
    out: list[str] = []
    deck = _deck()
    b = s.board
    where: dict[tuple[int, int, int, int], str] = {}
    for c in s.cars.values():
        have = Counter(c.hand + c.deck.pile + c.deck.discards)
        if c.bot:
            if have:
                out.append(f"{c.id} is a Rookie BOT and holds ACTION cards (§22.1): {sorted(have.elements())}")
        elif have != deck:
            extra, missing = have - deck, deck - have
            out.append(f"{c.id}'s ACTION cards are not each in one place (§5): "
                       f"extra {sorted(extra.elements())}, missing {sorted(missing.elements())}")
        ot_max = b.ot_max + (RED_PARAM not in c.params)  # the Red Parameter's +1 "may exceed the maximum" (§8.3)
        for name, value, hi in (("ERS", c.ers, b.ers_max), ("OT", c.ot, ot_max), ("OT bank", c.ot_bank, b.ot_max),
                                ("wear", c.wear, b.wear_length), ("stress", c.stress, 2)):
            if not 0 <= value <= hi:
                out.append(f"{c.id}'s {name} is {value}, off its track (0..{hi})")
        if not s.track.on_track(c.pos):
            out.append(f"{c.id} is not on a racing space ({c.pos})")
        if c.off or c.pit or c.pit_start:  # off track beside its space (§18.1), in the pit lane / at the pit exit
            continue  # (§16), or a pit-lane starter waiting to join (§9.3: in the pit lane, not on the track's space)
        key = (c.pos.tile, c.pos.lane, c.pos.space, c.pos.shadow)
        if key in where:
            out.append(f"{c.id} and {where[key]} share a space (§2.3)")
        where[key] = c.id
    if s.bots.active and Counter(s.bots.cards()) != _bot_deck():
        out.append(f"the BOT cards are not each in one place (§22.5): {sorted(s.bots.cards())}")
    for which, held, want in (("EVENT", s.events_everywhere(), _shared(s.mode.advanced)[0]),
                              ("RISK, DAMAGE and FAILURE", s.incident_cards_everywhere(), _shared(s.mode.advanced)[1])):
        got = Counter(held)
        if got != want:  # §4.4: an Advanced race's decks hold the three-dot cards too
            extra, missing = got - want, want - got
            out.append(f"the {which} cards are not each in one place (§6.7, §6.8, §4.4): "
                       f"extra {sorted(extra.elements())}, missing {sorted(missing.elements())}")
    return out


@cache
def _shared(advanced: bool) -> tuple[Counter[str], Counter[str]]:
    """The EVENT deck and the three incident decks of a race of that mode (§3, §4.4)."""
    ic = incident_cards()
    codes = event_deck().advanced_codes if advanced else event_deck().codes
    return Counter(codes), Counter(c.code for d in IncidentDeck for c in (ic.advanced_of(d) if advanced
                                                                            else ic.of(d)))


@cache
def _bot_deck() -> Counter[str]:
    data = bot_cards()
    return Counter([x.code for x in data.tactics] + [x.code for x in data.battle])
