"""A move's MP itemised (digest §10.3 step 2, §11.1, §11.2, §11.9): what the engine gives a card or pair played now,
term by term, each with its section, and how far the move may then be reduced or extended.

:func:`breakdown` asks the engine: the play is checked by :func:`racebook.formulagp.cardplay.check_play` (pace, pair,
bans), the gear of the start tile by :func:`~racebook.formulagp.cardplay.gear_of`, the MP by
:func:`~racebook.formulagp.cardplay.move_points` (the function the PLAY phase applies) and the reduction and
extension room by :func:`racebook.formulagp.rules.movement.adjust` one step at a time, on the car's context after the
play (a clone: the position is not changed). :func:`tally` reads what the engine then did from a turn's events, so a
test (or a notebook) can put the two side by side.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from racebook.core.errors import IllegalAction
from racebook.formulagp import cardplay, moving
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Play, parse
from racebook.formulagp.rules import movement as mv

__all__ = ["Item", "Room", "MoveBreakdown", "MoveTally", "breakdown", "tally", "plays"]

#: the section of each MP term (§10.3 step 2's numbering: 2.4 base speed … 2.11 penalties)
RULES: dict[mv.Part, str] = {
    mv.Part.BOARD: "§10.3 step 2.4", mv.Part.TYRE: "§10.3 step 2.5", mv.Part.CHARACTERISTIC: "§8.4",
    mv.Part.FOCUS: "§15", mv.Part.SECONDARY: "§5.1", mv.Part.EVENT: "§6.7", mv.Part.LATE_PIT: "§16.6",
    mv.Part.PENALTY: "§10.3 step 2.11"}


@dataclass(frozen=True, slots=True)
class Item:
    """One term of the MP: what it is, how many MP it adds (negative: takes off), its section, and a note."""

    what: str
    mp: int
    rule: str
    note: str = ""

    def __str__(self) -> str:
        sign = f"{self.mp:+d}" if self.what != mv.Part.BOARD.value else str(self.mp)
        return f"{sign} {self.what} ({self.rule}{': ' + self.note if self.note else ''})"


@dataclass(frozen=True, slots=True)
class Room:
    """How many MP a step of §11.2 can add or take off at most, and why it stops there."""

    step: mv.Adjust
    most: int
    rule: str
    why: str


@dataclass(frozen=True, slots=True)
class MoveBreakdown:
    """The MP of one play as the engine computes it (§10.3 step 2), term by term, and the §11.2 room after it.

    ``items`` are the MP terms (the board's speed for ``gear`` × ``pace`` first; terms worth 0 are kept, so a table
    shows every line of the step); ``mp`` is their sum as the engine gives it (never below 0, N5). ``reduce`` is the
    most each reduction can take off before the car drives (charge ERS, Brake!); ``extend`` the most each extension can
    add once the regular move is driven — by ERS if the move ends on a straight, by Tyre Wear cards if on a curve
    (§11.2.2): which applies depends on where the car ends. Extend or reduce, never both (§11.2)."""

    car: str
    play: str
    start: str
    gear: int
    gear_rule: str
    pace: str
    pair: bool
    items: tuple[Item, ...]
    mp: int
    reduce: tuple[Room, ...]
    extend: tuple[Room, ...]

    def equation(self) -> str:
        """The MP as a sum: the gear (and its rule) × the pace, then every term that is not 0, = the MP."""
        terms = " ".join((f"{i.mp:+d}" if k else str(i.mp)) + f" ({i.what})"
                         for k, i in enumerate(self.items) if i.mp or not k)
        return (f"{self.gear}th gear ({self.gear_rule}) × {self.pace} pace{' (a pair, §6.3)' if self.pair else ''}: "
                f"{terms} = {self.mp} MP").replace("2th", "2nd")

    def sentence(self) -> str:
        return f"{self.car} plays {self.play.split(' ', 2)[-1]} from {self.start}: {self.equation()}"

    def rows(self) -> list[tuple[str, str, str]]:
        """(term, MP, rule) rows for a table: every term, then the total."""
        return [(i.what + (f" — {i.note}" if i.note else ""), f"{i.mp:+d}" if k else str(i.mp), i.rule)
                for k, i in enumerate(self.items)] + [("total", str(self.mp), "§10.3")]


@dataclass(frozen=True, slots=True)
class MoveTally:
    """What the engine did with a turn (from its events): the regular MP, the reductions and extensions made, the
    spaces driven, and the MP turned into OT at a forced stop (or wasted, §13.2)."""

    car: str
    mp: int
    reduced: int
    extended: int
    driven: int
    stopped_with: int

    @property
    def accounted(self) -> bool:
        """Every MP went somewhere: driven, reduced, or left at a stop (+ the extensions driven)."""
        return self.mp - self.reduced + self.extended == self.driven + self.stopped_with


def _gear_rule(state: Any, car: str) -> str:
    s = state
    c = s.cars[car]
    if s.round == 1:
        return "§9.4.2: race round 1 is driven in 2nd gear"
    if c.pit == "exit" or (s.turn is not None and s.turn.car == car and s.turn.pit_exit):
        return "§16.5: leaving the pit lane in 2nd gear"
    return "§10.3 step 2.1: the gear printed on the start tile" + (
        "" if s.track.tiles[c.pos.tile].gear else " (none printed: 8th)")


def _room(ctx: mv.AdjustContext, step: mv.Adjust, limit: int) -> tuple[int, str, str]:
    """Repeat ``step`` on the context until the engine refuses it (or ``limit``): how many, and the refusal."""
    state, n = mv.AdjustState(), 0
    while n < limit:
        try:
            done = mv.adjust(ctx, state, step)
        except IllegalAction as e:
            return n, e.rule, e.reason
        n += 1
        state = done.state
        ctx = replace(ctx, ers=ctx.ers + done.ers, mp_left=ctx.mp_left + done.mp,
                      tyre_wear_cards=ctx.tyre_wear_cards - done.cards)
    return n, "§11.2", "every MP of the move"


def breakdown(race: Any, play: str | Play) -> MoveBreakdown:
    """The MP the engine gives ``play`` (an action text such as ``"Grey play G1"`` or a :class:`Play`) in ``race``'s
    position, which must be the PLAY phase of that car's turn; the position is not changed. A play the engine refuses
    raises its :class:`~racebook.core.errors.IllegalAction`."""
    a = parse(play) if isinstance(play, str) else play
    if not isinstance(a, Play):
        raise IllegalAction(str(a), "§10.3", "not a movement play ('<car> play <cards>')")
    verdict = race.explain(a)
    if not verdict.legal:
        raise IllegalAction(str(a), verdict.rule, verdict.reason)
    s = race.state
    c = s.cars[a.car]
    pp = cardplay.check_play(s, c, a)
    mp = cardplay.move_points(s, c, a, pp)
    notes = {mv.Part.BOARD: f"{cardplay.gear_of(s, c)}th gear × {pp.pace.value}".replace("2th", "2nd"),
             mv.Part.TYRE: f"{c.tyre.value}, {s.tyre_state(c).value}",
             mv.Part.FOCUS: "on the Focus space" if c.stress == 0 else "",
             mv.Part.CHARACTERISTIC: "used (once per turn)" if a.characteristic else ""}
    items = tuple(Item(part.value, n, RULES[part], notes.get(part, "")) for part, n in mp.parts
                  if n or part in (mv.Part.BOARD, mv.Part.TYRE, mv.Part.CHARACTERISTIC, mv.Part.FOCUS,
                                   mv.Part.PENALTY))
    after = race.clone()
    after.apply(a)
    ctx = moving.adjust_ctx(after.state, after.state.cars[a.car])
    reduce = tuple(Room(step, *_room(ctx, step, mp.total))
                   for step in (mv.Adjust.CHARGE_ERS, mv.Adjust.BRAKE))
    extend = tuple(Room(step, *_room(replace(ctx, mp_left=0, on_straight=straight), step, 99))
                   for step, straight in ((mv.Adjust.EXTEND_ERS, True), (mv.Adjust.EXTEND_TYRE, False)))
    return MoveBreakdown(a.car, str(a), s.track.name_of(c.pos), cardplay.gear_of(s, c), _gear_rule(s, a.car),
                         pp.pace.value, pp.pair, items, mp.total, reduce, extend)


def plays(race: Any) -> list[Play]:
    """The movement plays the engine lists for the car whose turn it is (PLAY phase)."""
    return [a for a in race.legal_actions() if isinstance(a, Play)]


def tally(events: Iterable[object], car: str) -> MoveTally:
    """What the engine did with ``car``'s move, read from the turn's events (from its CardsPlayed on)."""
    mp = reduced = extended = driven = stopped = 0
    for e in events:
        if getattr(e, "car", None) != car:
            continue
        if isinstance(e, ev.CardsPlayed):
            mp, reduced, extended, driven, stopped = e.mp, 0, 0, 0, 0
        elif isinstance(e, ev.Adjusted):
            if e.step in (mv.Adjust.CHARGE_ERS.value, mv.Adjust.BRAKE.value):
                reduced += 1
            else:
                extended += 1
        elif isinstance(e, ev.Moved):
            driven += 1
        elif isinstance(e, (ev.ForcedStop, ev.NoWay)):
            stopped = e.mp
    return MoveTally(car, mp, reduced, extended, driven, stopped)

