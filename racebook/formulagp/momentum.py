"""The Optional turn order by momentum (digest §21, the original's 15.1; house rule ``momentum_order``, off by
default): the START phase's sealed showing from race round 2 on.

At the start of each movement phase (§10 item 3) the standard driver sequence is set (§10.2); then, when two or more
cars share a track tile — on track, not in a Slipstream space ("this does not apply to cars in slipstream spaces"),
not spun or off track (they move last anyway, §18.2), not in the pit lane — the players among them choose their
movement card(s) face down (a ``launch`` text with no extra card, the same sealed round as race round 1's start,
:class:`racebook.core.visibility.SealedRound`), shown together; each BOT of the group rolls the WHITE die for its
LEDs ("green result = 1": :func:`racebook.formulagp.flags.green_result`, A3). The pure rule
(:func:`racebook.formulagp.rules.momentum.momentum_order`) then orders each group: worn tyres last, the most LEDs
first, a tie by the standard sequence. Each car plays the card(s) it showed at its turn
(:mod:`racebook.formulagp.momentumshown`). Not under the Safety Car or the VSC (their order is the field's, §19.4,
§19.5: a reading), and not in race round 1 (its order already comes from the LEDs, §9.4).

The group is fixed when the sequence is set ("two or more cars start their turn on the same track tile": read as
the tile each car is on when the round's order is decided, §10.2).
"""

from __future__ import annotations

from collections.abc import Callable

from racebook.core.errors import IllegalAction
from racebook.core.log import EventLog
from racebook.formulagp.actions import FgpAction, Launch, parse
from racebook.formulagp.cardplay import check_play, has_play, plays
from racebook.formulagp.components import cards
from racebook.formulagp.events import momentum as mev
from racebook.formulagp.flags import green_result
from racebook.formulagp.losscontrol import passable
from racebook.formulagp.playerboard import TyreState
from racebook.formulagp.rules.momentum import groups, momentum_order
from racebook.formulagp.state import Die, Phase, RaceState
from racebook.formulagp.trackparts import Surface

__all__ = ["sequence", "legal", "apply", "explain"]

RULE = "§21"
SetOrder = Callable[[RaceState, tuple[str, ...], EventLog], None]


def _groups(s: RaceState, order: tuple[str, ...]) -> list[tuple[str, ...]]:
    tile_of = {}
    for car in order:
        c = s.cars[car]
        if c.pit or c.pit_start or passable(c) or s.track.space(c.pos).surface is Surface.SLIPSTREAM:
            continue
        tile_of[car] = c.pos.tile
    return groups(order, tile_of)


def applies(s: RaceState) -> bool:
    return s.rules.momentum_order and s.round > 1 and s.sc_tile < 0 and not s.vsc


def sequence(s: RaceState, order: tuple[str, ...], log: EventLog, set_order: SetOrder) -> None:
    """The hook of :func:`racebook.formulagp.rounds.begin_movement_phase`: set ``order`` (the standard sequence), or
    first let the cars sharing a tile show their movement cards (the START phase)."""
    s.momentum_shown = ()
    found = _groups(s, order) if applies(s) else []
    if not found:
        return set_order(s, order, log)
    s.order, s.turn_index, s.turn = order, 0, None
    showing = [car for car in order if any(car in g for g in found) and not s.cars[car].bot
               and has_play(s, s.cars[car])]
    if not showing:
        return _reveal(s, log, set_order)
    log.append(mev.MomentumToShow(tuple(showing)))
    s.start.open(showing, RULE)
    s.phase = Phase.START


def _reveal(s: RaceState, log: EventLog, set_order: SetOrder) -> None:
    found = _groups(s, s.order)
    leds = {car: 0 for g in found for car in g}  # a car with no movement card to show: 0 LEDs (a reading)
    shown = []
    for car, text in s.start.reveal() if s.start.is_open else ():
        a = parse(text)
        assert isinstance(a, Launch)
        leds[car] = sum(cards().card(x).leds for x in a.cards)
        shown.append(text)
        log.append(mev.MomentumShown(car, a.cards, leds[car]))
    for car in (car for g in found for car in g if s.cars[car].bot):
        face = s.white_face(s.roll(Die.WHITE))
        leds[car] = green_result(s, face)
        log.append(mev.MomentumDie(car, face.value, face.colour.value, leds[car]))
    s.momentum_shown = tuple(shown)
    worn = frozenset(car for g in found for car in g if s.tyre_state(s.cars[car]) is TyreState.WORN)
    order = momentum_order(s.order, found, leds, worn)
    for g in found:
        log.append(mev.MomentumOrder(s.track.name_of(s.cars[g[0]].pos).split(".")[0],
                                     tuple(car for car in order if car in g), tuple(c for c in g if c in worn)))
    set_order(s, order, log)


def legal(s: RaceState) -> list[FgpAction]:
    """The first car still to show: each of its movement plays (no Car Characteristic: it is added at the play)."""
    if not s.start.waiting:
        return []
    c = s.cars[s.start.waiting[0]]
    return [Launch(c.id, p.cards, p.as_colour) for p in plays(s, c) if not p.characteristic]


def apply(s: RaceState, a: FgpAction, log: EventLog, set_order: SetOrder) -> None:
    assert isinstance(a, Launch)
    s.start.commit(a.car, str(a), a)
    log.append(mev.MomentumSealed(a.car))
    if s.start.ready:
        _reveal(s, log, set_order)


def explain(s: RaceState, a: FgpAction) -> tuple[str, str]:
    waiting = s.start.waiting
    if not isinstance(a, Launch):
        return RULE, "Optional 15.1: the cars sharing a tile first choose their movement card(s): 'launch <cards>'"
    if a.car not in waiting:
        return RULE, (f"{a.car} has already chosen its movement card(s)" if a.car in s.start.committed
                      else f"{a.car} does not share a tile with another car: it shows nothing (Optional 15.1)")
    if a.car != waiting[0]:
        return RULE, f"the movement cards are chosen in the driver sequence: {waiting[0]} first"
    if a.extras:
        return RULE, "only the movement card(s) are shown for the momentum order (Optional 15.1)"
    try:
        check_play(s, s.cars[a.car], a.play())
    except IllegalAction as e:
        return e.rule, e.reason
    return RULE, "not a play of this position"
