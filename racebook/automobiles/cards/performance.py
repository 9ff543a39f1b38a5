"""Performance (green) cards, §21: catch-up effects. Position is the one at the start of the Action phase (§13,
AMB-16) except where a card says otherwise."""

from __future__ import annotations

from dataclasses import dataclass

from racebook.automobiles.actions import Draw
from racebook.automobiles.cards.helpers import ALL, wear_if
from racebook.automobiles.effects import Ctx, Decision, Program
from racebook.automobiles.rules.drawing import draw
from racebook.automobiles.steps import ChooseStep, DrawStep, Flag, Gain, MoveStep, chose
from racebook.core.actions import Action
from racebook.core.log import EventLog

LG = frozenset("L")


@dataclass(frozen=True)
class OthersMayDraw(Decision):
    """§21.1: each other player, in turn order after the player (AMB-23), may draw 1 cube (no wear). The decider
    is that player; when all have chosen, the effect is the player's again."""

    def _queue(self, ctx: Ctx) -> list[str]:
        t = ctx.state.turn
        assert t is not None
        order = ctx.state.order
        i = order.index(t.car)
        return order[i + 1:] + order[:i]

    def enter(self, ctx: Ctx) -> None:
        ctx.pend.regs["i"] = 0
        self._point(ctx)

    def _point(self, ctx: Ctx) -> None:
        q = self._queue(ctx)
        i = ctx.pend.regs.get("i", 0)
        t = ctx.state.turn
        assert t is not None
        ctx.pend.decider = q[i] if i < len(q) else t.car

    def options(self, ctx: Ctx) -> list[Action]:
        t = ctx.state.turn
        assert t is not None
        if ctx.pend.decider == t.car:
            return []
        other = ctx.state.players[ctx.pend.decider]
        return [Draw(other.id)] if other.bag or other.discard else []

    def can_stop(self, ctx: Ctx) -> bool:
        return ctx.pend.decider != ctx.state.turn.car  # type: ignore[union-attr]

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        if isinstance(action, Draw):
            draw(ctx.state, ctx.pend.decider, 1, events, rule)
        ctx.pend.regs["i"] = ctx.pend.regs.get("i", 0) + 1
        self._point(ctx)
        return ctx.pend.decider == ctx.state.turn.car  # type: ignore[union-attr]

    def stop_ends(self) -> bool:
        return False


def _overdrive(c: Ctx) -> frozenset[str]:
    """§21.6: 1st white; last dark grey or lower; any other position light grey or lower."""
    if c.position() == 1:
        return frozenset("W")
    return frozenset("WLD") if c.last() else frozenset("WL")


def _greens(c: Ctx) -> int:
    return sum(p.discard.get("G", 0) for p in c.state.players.values())


PROGRAMS: dict[str, Program] = {
    # §21.1: draw up to 3 one at a time, +1 wear each; then each other player may draw 1
    "boost": (DrawStep(most=3, reg="n"), Gain(n=lambda c: c.regs.get("n", 0)), OthersMayDraw()),
    # §21.2: +1 wear; up to (position) light grey spaces, +1 if last (§24 Ex. 13)
    "gearbox": (Gain(n=1), MoveStep(colours=lambda c: LG, most=lambda c: c.position() + (1 if c.last() else 0))),
    # §21.3: +2 wear; up to 2 + (green cubes in every Discard pile, mine included) light grey spaces (§24 Ex. 14)
    "turbo": (Gain(n=2), MoveStep(colours=lambda c: LG, most=lambda c: 2 + _greens(c))),
    # §21.4: (a) 1 light grey space, or (b) in the Car phase up to 2 light grey spaces per position gained (§24 Ex. 15)
    "adrenaline": (ChooseStep(), MoveStep(colours=lambda c: LG, most=1, when=chose("a")),
                   Flag(name="adrenaline", when=chose("b"))),
    # §21.5: +1 wear; not 1st: up to 2 dark grey spaces, +1 if last (§24 Ex. 16)
    "bump_and_run": (Gain(n=1, when=wear_if(lambda c: c.position() != 1)), MoveStep(colours=lambda c: frozenset("D"),
                                         most=lambda c: 0 if c.position() == 1 else 2 + (1 if c.last() else 0))),
    # §21.6: +1 wear; up to 3 spaces, colours by position, mixing allowed (§24 Ex. 17)
    "overdrive": (Gain(n=1), MoveStep(colours=_overdrive, most=3)),
}

#: The bonus moves that are not a card's own program (they move the car itself): Adrenaline (b) in the Car phase
#: (§21.4, AMB-24) and the Box(er) Engine's moves for the players behind (§20.5, no wear).
BONUS: dict[str, tuple[Program, str]] = {
    "adrenaline_bonus": ((MoveStep(colours=lambda c: LG, most=lambda c: c.regs["most"], car=True),), "§21.4"),
    "boxer_bonus": ((MoveStep(colours=lambda c: ALL, most=lambda c: c.regs["most"], car=True),), "§20.5, AMB-20"),
}
