"""The primitive steps card and driver programs are made of (§28): automatic ones (gain, flag, compute, remove all,
remove this cube, draw, move all) and decisions (pick, draw up to, draw at once, choose, move).

See :mod:`racebook.automobiles.effects` for how a program runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.automobiles import zones
from racebook.automobiles.actions import Buy, Choose, Draw, Move, Pick
from racebook.automobiles.cubes import CODES, GEARS, WEAR
from racebook.automobiles.effects import Cond, Ctx, Decision, N, Step, val, zone_of
from racebook.automobiles.events import (
    CubeBought,
    CubeMoved,
    CubePlaced,
    CubesDrawn,
    CubesGained,
    CubesRemoved,
    FlagSet,
    MoneyLost,
)
from racebook.automobiles.rules import buying, movement
from racebook.automobiles.rules.drawing import draw, draw_one
from racebook.automobiles.rules.stock import gain, gain_pile
from racebook.automobiles.state import Placed
from racebook.core.actions import Action
from racebook.core.log import EventLog


@dataclass(frozen=True)
class Gain(Step):
    """Gain ``n`` cubes of ``code`` (a code, or a function of the context) from the Stock into the Used pile."""

    code: str | Callable[[Ctx], str | None] = WEAR
    n: N = 1

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        code = self.code(ctx) if callable(self.code) else self.code
        n = val(self.n, ctx)
        if code is None or n <= 0:
            return
        got = gain(ctx.state, ctx.pid, code, n)
        events.append(CubesGained(ctx.pid, code, n, got, rule, gain_pile(ctx.state)))


@dataclass(frozen=True)
class Flag(Step):
    """Turn on a modifier for the rest of the turn (counted: Box(er) counts its cubes)."""

    name: str = ""

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        t = ctx.state.turn
        assert t is not None
        t.flags[self.name] = t.flags.get(self.name, 0) + 1
        events.append(FlagSet(ctx.pid, self.name, t.flags[self.name], rule))


@dataclass(frozen=True)
class Compute(Step):
    """Remember a number counted now (``regs[reg] = fn(ctx)``)."""

    reg: str = ""
    fn: Callable[[Ctx], int] = lambda c: 0

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        ctx.regs[self.reg] = self.fn(ctx)


@dataclass(frozen=True)
class RemoveAll(Step):
    """Remove every cube of ``code`` from a zone (to the Stock)."""

    zone: str = "discard"
    code: str = WEAR

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        z = zone_of(ctx.state, ctx.pid, self.zone)
        n = z.get(self.code, 0)
        if n:
            zones.take(z, self.code, n)
            zones.add(ctx.state.stock, self.code, n)
        events.append(CubesRemoved(ctx.pid, self.code, n, self.zone, rule))


@dataclass(frozen=True)
class RemoveSelf(Step):
    """Remove the played cube itself (Performance Test): from the Used pile to the Stock."""

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        zones.take(ctx.me.used, ctx.pend.cube)
        zones.add(ctx.state.stock, ctx.pend.cube)
        events.append(CubeMoved(ctx.pid, ctx.pend.cube, "used", "stock", rule))


@dataclass(frozen=True)
class DrawN(Step):
    """Draw ``n`` cubes (a mandatory draw, §17.5)."""

    n: N = 1

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        draw(ctx.state, ctx.pid, val(self.n, ctx), events, rule)


@dataclass(frozen=True)
class DrawUntil(Step):
    """Draw until a cube that is not wear is drawn (Crew Chief), or nothing is left to draw."""

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        while True:
            got = draw(ctx.state, ctx.pid, 1, events, rule)
            if not got or got[0] != WEAR:
                return


@dataclass(frozen=True)
class PickStep(Decision):
    """Choose cubes one at a time from ``src`` zones and move them to ``dest`` (``stock`` = remove)."""

    kind = "pick a cube"

    src: tuple[str, ...] = ("discard",)
    dest: str = "stock"
    most: N = 1
    least: N = 0
    only: Callable[[Ctx, str], bool] | None = None
    reg: str = ""  # count the cubes picked
    reg_only: Callable[[Ctx, str], bool] | None = None  # count only the cubes this accepts (Sponsors E: non-wear)
    tally: str = ""  # add up their costs (Pit Team)
    price: int = 0  # each pick costs this much of the Buy phase money (Farmer Kali)
    earn: bool | Cond = False  # each pick adds the cube's value to the Buy phase money (Mag Matthews)

    def options(self, ctx: Ctx) -> list[Action]:
        if ctx.pend.count >= val(self.most, ctx):
            return []
        out: list[Action] = []
        for zname in self.src:
            z = zone_of(ctx.state, ctx.pid, zname)
            for c in CODES:
                if z.get(c) and (self.only is None or self.only(ctx, c)):
                    out.append(Pick(ctx.pend.decider, c, zname))
        return out

    def can_stop(self, ctx: Ctx) -> bool:
        return ctx.pend.count >= val(self.least, ctx)

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        assert isinstance(action, Pick)
        src = zone_of(ctx.state, ctx.pid, action.zone)
        zones.take(src, action.cube)
        zones.add(zone_of(ctx.state, ctx.pid, self.dest), action.cube)
        events.append(CubeMoved(ctx.pid, action.cube, action.zone, self.dest, rule))
        ctx.pend.count += 1
        ctx.regs["last"] = CODES.index(action.cube)
        if self.reg and (self.reg_only is None or self.reg_only(ctx, action.cube)):
            ctx.regs[self.reg] = ctx.regs.get(self.reg, 0) + 1
        if self.tally:
            ctx.regs[self.tally] = ctx.regs.get(self.tally, 0) + ctx.state.comps.cost(action.cube)
        t = ctx.state.turn
        earn = self.earn(ctx) if callable(self.earn) else self.earn
        if t is not None and (self.price or earn):
            t.money += (ctx.state.comps.value(action.cube) if earn else 0) - self.price
        return ctx.pend.count >= val(self.most, ctx)


@dataclass(frozen=True)
class DrawStep(Decision):
    """Draw up to ``most`` cubes one at a time, stopping when you like (§21.1: "one at a time")."""

    kind = "draw or stop"

    most: N = 1
    reg: str = ""

    def options(self, ctx: Ctx) -> list[Action]:
        p = ctx.me
        if ctx.pend.count >= val(self.most, ctx) or not (p.bag or p.discard):
            return []
        return [Draw(ctx.pend.decider)]

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        got = draw(ctx.state, ctx.pid, 1, events, rule)
        ctx.pend.count += 1
        if self.reg:
            ctx.regs[self.reg] = ctx.regs.get(self.reg, 0) + len(got)
        return ctx.pend.count >= val(self.most, ctx)


@dataclass(frozen=True)
class DrawAtOnce(Decision):
    """Decide how many cubes to draw, up to ``most``, before looking (``draw`` once per cube, then ``stop``); they
    are drawn together into the held zone (Mag Matthews, §22.2)."""

    kind = "draw or stop"

    most: N = 3

    def options(self, ctx: Ctx) -> list[Action]:
        p = ctx.me
        owned = zones.size(p.bag) + zones.size(p.discard)
        return [Draw(ctx.pend.decider)] if ctx.pend.count < min(val(self.most, ctx), owned) else []

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        ctx.pend.count += 1
        return False

    def finish(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        got = []
        for _ in range(ctx.pend.count):
            code = draw_one(ctx.state, ctx.pid, events)
            if code is None:
                break
            zones.add(ctx.me.held, code)
            got.append(code)
        events.append(CubesDrawn(ctx.pid, tuple(got), ctx.pend.count, rule))


@dataclass(frozen=True)
class MoveAll(Step):
    """Move every cube of a zone to another (Mag Matthews: the rest go back into the Bag)."""

    src: str = "held"
    dest: str = "bag"

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        z = zone_of(ctx.state, ctx.pid, self.src)
        for c, n in list(z.items()):
            zones.take(z, c, n)
            zones.add(zone_of(ctx.state, ctx.pid, self.dest), c, n)
            events.append(CubeMoved(ctx.pid, c, self.src, self.dest, rule))


@dataclass(frozen=True)
class ChooseStep(Decision):
    """Choose one option of an "… OR …" card: ``regs['choice']`` = 0 for a, 1 for b."""

    kind = "choose a or b"

    def options(self, ctx: Ctx) -> list[Action]:
        return [Choose(ctx.pend.decider, "a"), Choose(ctx.pend.decider, "b")]

    def can_stop(self, ctx: Ctx) -> bool:
        return False

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        assert isinstance(action, Choose)
        ctx.regs["choice"] = "ab".index(action.option)
        return True


def chose(option: str) -> Cond:
    return lambda c: c.regs.get("choice") == "ab".index(option)


@dataclass(frozen=True)
class MoveStep(Decision):
    """Plan a move of up to ``most`` adjacent spaces whose colours are in ``colours`` (all one colour if ``same``):
    with the card's cube (it sits on the last space, §7.2) or, with ``car``, the car itself (a bonus move)."""

    kind = "move to an allowed adjacent space or stop"

    colours: Callable[[Ctx], frozenset[str]] = lambda c: frozenset(GEARS)
    most: N = 1
    same: bool = False
    car: bool = False

    def _allowed(self, ctx: Ctx) -> Callable[[int, str, tuple], bool]:
        cols = self.colours(ctx)
        first = ctx.state.board.space_of(ctx.pend.path[0]).colour if ctx.pend.path else None

        def ok(i: int, colour: str, path: tuple) -> bool:
            if colour not in cols:
                return False
            if self.same:
                lead = first or (path[0].colour if path else None)
                return lead is None or colour == lead
            return True
        return ok

    def _head(self, ctx: Ctx) -> tuple[int, int]:
        if ctx.pend.path:
            return ctx.pend.lane, ctx.pend.progress
        if self.car:
            p = ctx.state.players[ctx.pid]
            return p.lane, p.progress
        return movement.head(ctx.state, ctx.pid)

    def options(self, ctx: Ctx) -> list[Action]:
        left = val(self.most, ctx) - ctx.pend.count
        if left <= 0:
            return []
        seen: list[str] = []
        for r in movement.routes(ctx.state, ctx.pid, self._allowed(ctx), left, self._head(ctx)):
            if r.ids[0] not in seen:
                seen.append(r.ids[0])
        return [Move(ctx.pend.decider, s) for s in seen]

    def can_stop(self, ctx: Ctx) -> bool:
        return ctx.pend.landed

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        assert isinstance(action, Move)
        board = ctx.state.board
        lane, prog = self._head(ctx)
        space = board.space_of(action.space)
        occupied = ctx.state.occupied(but=ctx.pid)
        if ctx.state.weaving:  # §22.1: the chosen segment (a pass-through may use a held one)
            seg = board.segment(space, int(action.space.partition(":")[2]), prog)
            assert seg is not None
            land: int | None = seg if (space.lane, seg % board.length) not in occupied else None
            front = seg
        else:
            land = board.landing(space, prog, occupied)
            front = board.front(space, prog)
        ctx.pend.path.append(action.space)
        ctx.pend.lane = space.lane
        ctx.pend.progress = front if land is None else land
        ctx.pend.landed = land is not None
        ctx.pend.count += 1
        return ctx.pend.count >= val(self.most, ctx) and ctx.pend.landed

    def finish(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        """The move is over: place the cube at its end (or move the car, for a bonus move)."""
        pend = ctx.pend
        if not pend.path:
            return
        route = tuple(pend.path)
        if self.car:
            movement.move_car(ctx.state, ctx.pid, route, pend.lane, pend.progress, events, rule)
        else:
            p = ctx.me
            zones.take(p.used, pend.cube)
            p.track.append(Placed(pend.cube, route, pend.lane, pend.progress))
            events.append(CubePlaced(ctx.pid, pend.cube, route, rule))
        pend.path = []
        pend.landed = True




@dataclass(frozen=True)
class BuyStep(Decision):
    """Spend up to ``money`` on cubes from the Stock, one ``buy`` at a time, into ``dest``; what is left is lost
    (Sponsors A and F, §22.5). The money is fixed when the step is reached."""

    kind = "buy a cube or stop"

    money: N = 0
    dest: str = "bag"

    def enter(self, ctx: Ctx) -> None:
        ctx.regs["money"] = val(self.money, ctx)

    def options(self, ctx: Ctx) -> list[Action]:
        return [Buy(ctx.pend.decider, c) for c in buying.buyable(ctx.state, ctx.regs.get("money", 0))]

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        assert isinstance(action, Buy)
        cost = buying.buy(ctx.state, action.cube, zone_of(ctx.state, ctx.pid, self.dest))
        ctx.regs["money"] -= cost
        events.append(CubeBought(ctx.pid, action.cube, cost, ctx.regs["money"], self.dest.title(), rule))
        return False

    def finish(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        if ctx.regs.get("money", 0) > 0:
            events.append(MoneyLost(ctx.pid, ctx.regs["money"], rule))
        ctx.regs["money"] = 0
