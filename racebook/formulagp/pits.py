"""Pit stops (digest §16.1–§16.5, §2.5, A45): entering the pit lane as a move choice, the stop in the box (penalties
served first, ERS +1, stress to the middle, new tyres, refreshing the hand, repairs), teammates sharing a box, the
order at the pit exit, rejoining in 2nd gear without pairs, and the Cold Tyres token.

The pit lane on the teaching geometry (``tracks/formulagp/SCHEMA.md``, "The pit lane"): the pit-side lane is the
outermost racing lane on the track's pit side. From the front space of that lane on the pit-entry tile one step
(1 MP) reaches the 'PIT LANE' space without crossing the yellow line; from another space of that lane the car enters
sideways across the line (1 Penalty token at once, §16.1). Once in the pit lane no more MP are needed: the car goes
to its box, its leftover MP are lost (no ERS charging: the turn ends). The dice it owes are rolled on track first
(:func:`racebook.formulagp.aftermove.end_of_move`). Entering with a BLUE card or with a move extension rolls the
WHITE die: the icon is speeding, 1 Penalty token. Every Penalty token is given by
:func:`racebook.formulagp.penalties.give` (the one place, §17.3: a ``PenaltyTaken`` event; never to a Rookie BOT).

A car's pit status (Appendix B) is ``Car.pit``: ``box`` (arrived), ``held`` (serving penalties: ``pit_hold`` rounds
left, its only action ``wait``), ``service`` (its stop in progress), ``done`` (a long repair or "fix all": at its
next turn its only action is ``leave``), ``exit`` (on the pit-exit 'Pit Lane' space). A turn in the box is the
``PIT`` phase; :mod:`racebook.formulagp.pitlane` holds the state and geometry the round reads (its hooks).
Cars in the pits block no one and
are passed without a battle (§16.2). On its first turn in the box a car serves its Penalty tokens (A45: 1 round, 2
with 3 or more; switch ``pit_serves_penalties``), then makes its stop. When it leaves it draws up to its hand limit
(the refresh, §16.2); when two or more cars left their boxes in the same round, those that did not repair roll
the WHITE die for the exit order at the start of the next movement phase (§16.2–§16.4, :mod:`racebook.formulagp.
rules.pitexit`); crossing the finish line in the pit lane counts as crossing it (§17.1). Next round it moves in 2nd
gear, no pairs, forward from the pit-exit space (§16.5), and gets a Cold Tyres token: −2 LED in any battle that
round and the next (A35, :func:`racebook.formulagp.pitlane.cold_led` for the battles).

Readings (the source is silent): the Pit Box tiles are laid out in grid order (the pole's team's box closest to the
pit exit; the set-up shuffles them, §4.1); a car in its box counts, for the driver order, as in the pit lane beside
the pit-entry tile; cars on the pit-exit space that left their boxes in different rounds move oldest first; a car
that repaired everything ("fix all" or a long repair) rolls no die and follows the cars that did. Leaving the pit
exit sideways across the yellow line (1 Penalty token, §16.5) is a lateral step into the space beside the pit-exit
space, which is where the car stands in ``Car.pos`` (``Grey to T02.4.2`` from the exit). Repairs act on a car's
DAMAGE and FAILURE cards (``Car.damage`` / ``Car.failures``, lists of card codes, when the loss-of-control mechanic
provides them; until then there is nothing to repair).
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import latepit, limitedtyres, moving, pitentry, redpitentry, rounds, weather
from racebook.formulagp.actions import BoxRepair, Discard, FgpAction, Leave, PitIn, To, Tyres, Wait
from racebook.formulagp.aftermove import end_of_move
from racebook.formulagp.cardplay import card_type
from racebook.formulagp.components import CardType
from racebook.formulagp.events import spins as sev
from racebook.formulagp.hand import draw
from racebook.formulagp.incidentcards import IncidentDeck
from racebook.formulagp.laps import cross_line
from racebook.formulagp.losscontrol import pause
from racebook.formulagp.penalties import give
from racebook.formulagp.pitlane import (
    barred,
    cards_of,
    damage_of,
    entry_kind,
    exit_pos,
    into_pit_lane,
    on_shadow,
)
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules import pitstop
from racebook.formulagp.rules.tyres import COLD_TYRES_ROUNDS, fit
from racebook.formulagp.state import Car, Die, RaceState, Resume
from racebook.formulagp.track import pit_lane_of
from racebook.formulagp.tyrewear import wear_by

DRY = (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)
__all__ = ["legal_move", "apply_move", "explain_move", "legal_pit", "apply_pit", "explain_pit"]


# ------------------------------------------------------------------ entering the pits (§16.1), the exit (§16.5)
def legal_move(s: RaceState) -> list[FgpAction]:
    """The MOVE phase (:func:`racebook.formulagp.moving.legal_move`, whose steps know the pit exit's: forward, or
    sideways across the yellow line, §16.5; and the shadow car's stop, §16.1) with the pit entry (§16.1)."""
    out = moving.legal_move(s)
    c = s.current()
    assert c is not None
    if entry_kind(s, c) or pitentry.can_enter(s, c):  # §16.1: past the shadow car (pitentry.py)
        out.append(PitIn(c.id))
    return out


def _key(s: RaceState, text: str) -> tuple[int, int, int]:
    p = s.track.pos(text)
    return (p.tile, p.lane, p.space)


def apply_move(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c = s.cars[a.car]
    if isinstance(a, PitIn):
        enter(s, c, log)
        return
    leaving = c.pit == "exit" and isinstance(a, To)
    if leaving and isinstance(a, To) and a.to == s.track.name_of(c.pos):  # sideways across the yellow line
        t = s.turn
        assert t is not None
        t.mp_left -= 1
        t.seen += ((c.pos.tile, c.pos.lane, c.pos.space),)
        wear_by(s, c, t.wear_per_lane_change, log)
        log.append(ev.Moved(c.id, "the pit-exit space", a.to, "lateral", t.mp_left, t.wear_per_lane_change))
        give(s, c, 1, "it crossed the yellow line to leave the pit lane", "§16.5", log)
    else:
        moving.apply_move(s, a, log)
    if leaving:
        c.pit, c.cold = "", COLD_TYRES_ROUNDS
        log.append(ev.PitRejoined(c.id, s.track.name_of(c.pos)))


def enter(s: RaceState, c: Car, log: EventLog) -> None:
    """§16.1: the dice owed on track first, then into the pit lane (sideways: a Penalty token; BLUE or an extension:
    the WHITE die's speed check); leftover MP are lost and the turn ends in the box. A loss of control in those dice
    may take the car into the pit lane or away from it (the original's 11.1, :mod:`racebook.formulagp.pitspin`);
    when a driver must decide (a counter-steer card), the entry goes on after the CONTROL phase (``resume=pit``)."""
    t = s.turn
    assert t is not None
    t.stopped = True
    s.resume = Resume.PIT  # the dice are rolled at the pit entry (racebook.formulagp.losscontrol.pitting)
    end_of_move(s, c, t, log)
    if pause(s, Resume.PIT):
        return
    s.resume = Resume.NONE
    after_dice(s, c, log)


def after_dice(s: RaceState, c: Car, log: EventLog) -> None:
    """The dice owed at the pit entry are resolved (§16.1): a car still on its entry space, on track and pointing
    forward enters the pit lane; one a spin or a counter-steer already put in the pit lane is there; any other does
    not enter this turn. Then the turn ends."""
    t = s.turn
    assert t is not None
    if not c.pit:
        if entry_kind(s, c) and not c.spun and not c.off:
            into_pit_lane(s, c, log)
        elif pitentry.at_approach(s, c):  # §16.1: through the 'PIT LANE' space of its own
            pitentry.enter(s, c, log)
        else:
            why = "it lost control" if c.spun or c.off else "its counter-steer took it away from the pit lane"
            log.append(sev.PitEntryLost(c.id, f"{why} (§16.1, §18.1)"))
            redpitentry.entry_lost(s, c, log)  # the worn-tyres RED die stopped it: none at next turn's entry (§14.1)
    t.mp_left = 0
    rounds.end_turn(s, log)


# ------------------------------------------------------------------ the turn in the box (§16.2, §16.3)
def legal_pit(s: RaceState) -> list[FgpAction]:
    c = s.current()
    assert c is not None
    if c.pit == "held":  # serving penalties (§16.2, A45)
        return [Wait(c.id)]
    if c.pit == "done":  # a long repair or "fix all": it leaves with no pit action (§16.2, §16.3)
        return [Leave(c.id)]
    out: list[FgpAction] = []
    if not c.pit_tyres:
        out += [Tyres(c.id, ty.value) for ty in limitedtyres.offered(s, c, DRY) + weather.tyre_choices(s)]  # §21 15.10
    out += [Discard(c.id, x) for x in sorted(set(c.hand)) if card_type(x) is not CardType.DRAW_FAILURE]
    broken = damage_of(c)
    if broken and not c.pit_repaired:
        out += [BoxRepair(c.id, x) for x in sorted(set(broken))] + [BoxRepair(c.id, "all")]
    out.append(Leave(c.id))
    return out


def apply_pit(s: RaceState, a: FgpAction, log: EventLog) -> None:
    c = s.cars[a.car]
    if isinstance(a, Wait):
        c.pit_hold -= 1
        log.append(ev.HeldInBox(c.id, f"serving {c.penalties} Penalty token(s)", c.pit_hold))
        if c.pit_hold == 0:
            log.append(ev.PenaltiesServed(c.id, c.penalties))
            c.penalties, c.pit = 0, "box"  # the normal stop starts on its next turn
        rounds.end_turn(s, log)
    elif c.pit == "done":
        leave_box(s, c, log)
        rounds.end_turn(s, log)
    elif isinstance(a, Tyres):
        limitedtyres.fitting(s, c, Tyre(a.tyre), log)  # §21 15.10: one set from the stock
        got = fit(s.board, Tyre(a.tyre), s.rules.medium_one_space_early)  # §21 15.5
        c.tyre, c.wear, c.pit_tyres = Tyre(a.tyre), got.wear, True
        log.append(ev.TyresFitted(c.id, a.tyre, got.wear, got.bonus))
        weather.fitted(s, c, log)  # [ADV] §4.6's tyre types, A17's temperature wear
    elif isinstance(a, Discard):
        c.hand.remove(a.card)
        c.deck.discard(a.card)
        log.append(ev.PitDiscarded(c.id, a.card))
    elif isinstance(a, BoxRepair):
        broken = tuple(damage_of(c))
        c.pit_repaired = True
        if a.card == "all":
            _remove(s, c, broken)
            log.append(ev.BoxRepaired(c.id, broken, pitstop.RepairOption.ALL.value))
            c.pit = "done"
            rounds.end_turn(s, log)
            return
        _remove(s, c, (a.card,))
        log.append(ev.BoxRepaired(c.id, (a.card,), pitstop.RepairOption.ONE.value))
    else:
        face = 0
        if c.pit_repaired:  # §16.3 a): the WHITE die before leaving the box
            face = s.white_face(s.roll(Die.WHITE)).value
            if face == pitstop.ICON:  # §16.3: the repair runs long
                rest = tuple(damage_of(c))
                _remove(s, c, rest)
                log.append(ev.BoxRepaired(c.id, rest, "the repair runs long: every card goes, the car waits"))
                c.pit, c.pit_die = "done", 0
                rounds.end_turn(s, log)
                return
        leave_box(s, c, log, die=face)
        rounds.end_turn(s, log)


def _remove(s: RaceState, c: Car, cards: tuple[str, ...]) -> None:
    """The repaired DAMAGE / FAILURE cards leave the car's board for their decks' discard piles (§16.3, §6.8)."""
    for name, deck in (("damage", IncidentDeck.DAMAGE), ("failures", IncidentDeck.FAILURE)):
        held = cards_of(c, name)
        for x in cards:
            if x in held:
                held.remove(x)
                s.incident_decks[deck.value].discard(x)


def leave_box(s: RaceState, c: Car, log: EventLog, die: int = 0) -> None:
    """§16.2: draw up to the hand limit (the refresh) and move to the pit-exit space (over the finish line if it lies
    in the pit lane). ``die`` is a repair roll (§16.3); the pit-stop times of cars that did not repair are rolled at
    the start of the next movement phase, when two or more left together (:func:`racebook.formulagp.pitlane.
    roll_pit_times`)."""
    got = draw(s, c, s.hand_limit(c) - len(c.hand))
    c.pit_die, c.pit_round = die, s.round  # from now on: the round it left its box (the exit groups, §16.2)
    if s.track.pit_exit < s.track.pit_entry:  # the finish line lies in the pit lane (§17.1)
        cross_line(s, c, log)
    c.pos, c.pit = exit_pos(s.track), "exit"
    log.append(ev.LeftBox(c.id, s.track.name_of(c.pos), tuple(got), die, " (its repair roll)" if die else ""))
    latepit.on_stop(s, c, log)  # [ADV] the Late Pit Bonus's Fresh Tyres token (§16.6)


def explain_pit(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.current()
    assert c is not None
    if a.car != c.id:
        return "§10.2", f"it is {c.id}'s turn"
    if c.pit == "held":
        return "§16.2", f"{c.id} serves its Penalty tokens in its box this round: 'wait' ({c.pit_hold} round(s))"
    if c.pit == "done":
        return "§16.3", f"{c.id} stayed in its box after its repair: no pit action this turn, only 'leave'"
    if isinstance(a, Wait):
        return "§16.2", f"{c.id} serves no penalty now: tyres, discard, fix or leave"
    if isinstance(a, Tyres) and a.tyre not in {t.value for t in DRY + weather.tyre_choices(s)}:
        return "§14.2", "wet tyres are fitted in an Advanced race only ([ADV] §14.2)"
    if isinstance(a, Tyres):
        return "§16.2", "new tyres are fitted once a stop"
    if isinstance(a, Discard):
        return "§16.2", f"{a.card} is not a card in {c.id}'s hand it may discard (never the Draw Failure card)"
    if isinstance(a, BoxRepair):
        return "§16.3", "nothing of that to repair (or already repaired in this stop)"
    return "§16.2", f"{c.id} is in its pit box: tyres, discard, fix or leave"


def explain_move(s: RaceState, a: FgpAction) -> tuple[str, str]:
    c = s.current()
    assert c is not None
    if isinstance(a, Wait) and a.car == c.id:
        return "§16.2", "only a car serving penalties in its box waits"
    if isinstance(a, PitIn) and a.car == c.id:
        if c.pit:
            return "§16.5", f"{c.id} is leaving the pits"
        if s.turn is not None and s.turn.mp_left < 1:
            return "§16.1", "reaching the 'PIT LANE' space takes 1 MP (extend first)"
        if c.spun or c.off:
            return "§18.2", f"{c.id} spun or is off track: it rejoins the race first ('face' / 'rejoin')"
        if (why := pitentry.explain(s, c)) is not None:  # §13.2 on the way past the shadow car
            return why
        before = s.track.pit_lane_from
        return "§16.1", (f"the pit lane is entered from the pit-side lane of {s.track.tiles[s.track.pit_entry].id} "
                         f"(lane {pit_lane_of(s.track, s.track.pit_entry)})"
                         + (f" or from {s.track.name_of(before)}, one step before its 'PIT LANE' space"
                            if before is not None else ""))
    if isinstance(a, To) and a.car == c.id and c.pit == "exit" and s.turn is not None and s.turn.mp_left > 0:
        try:
            key = _key(s, a.to)
        except (ValueError, KeyError):
            return moving.explain_move(s, a)
        if key == (c.pos.tile, c.pos.lane, c.pos.space):
            return "§16.5", ("leaving the pit exit sideways is a lane change (1 MP, not with a BLUE card) into a free "
                             "space, before any other step")
        if key not in {(p.tile, p.lane, p.space) for p in s.track.forward(c.pos)}:
            return "§16.5", ("a car leaves the pit exit forward, or sideways across the yellow line into the space "
                             "beside it (1 Penalty token)")
    if isinstance(a, To) and a.car == c.id and on_shadow(s, c) and s.turn is not None and s.turn.mp_left > 0:
        try:
            to = s.track.pos(a.to)
        except (ValueError, KeyError):
            return moving.explain_move(s, a)
        if barred(s, c, c.pos, to):
            return "§16.1", (f"{c.id} is on the shadow car ahead of the yellow line: the lane ahead is the pit lane "
                             "('pit' enters it); a car that does not pit stops here ('stop')")
    return moving.explain_move(s, a)
