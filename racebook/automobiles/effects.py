"""Card effects as small programs of primitive steps (§6 item 5, §28): gain, pick (remove / discard / return / take),
draw, move, choose, a condition, a turn flag.

A program is a tuple of steps, applied in printed order (AMB-7). Automatic steps run at once; a *decision* step waits
for its decider's choices, one at a time (``pick``, ``draw``, ``move``, ``choose``, ``stop``), so that the legal
actions stay few and each is explained. "Up to N" allows fewer, down to 0; a plain imperative is mandatory when
possible (AMB-7, AMB-10, AMB-19). A step with nothing left to choose ends by itself.

The programs of the cards are in :mod:`racebook.automobiles.cards`; this module holds the primitives and the runner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.automobiles import zones
from racebook.automobiles.actions import Choose, Draw, Move, Pick, Stop
from racebook.automobiles.cubes import CODES, GEARS, WEAR
from racebook.automobiles.events import CubeMoved, CubePlaced, CubesDrawn, CubesGained, CubesRemoved, FlagSet
from racebook.automobiles.rules import movement
from racebook.automobiles.rules.drawing import draw, draw_one
from racebook.automobiles.rules.stock import gain
from racebook.automobiles.state import GameState, Pending, Placed
from racebook.automobiles.zones import Zone
from racebook.core.actions import Action
from racebook.core.log import EventLog


class Ctx:
    """What a card's numbers and conditions read: the state, the player, the effect's registers."""

    def __init__(self, state: GameState, pid: str, pend: Pending) -> None:
        self.state, self.pid, self.pend, self.regs = state, pid, pend, pend.regs

    @property
    def me(self):  # type: ignore[no-untyped-def]
        return self.state.players[self.pid]

    def others(self) -> list[str]:
        return [p for p in self.state.players if p != self.pid]

    def position(self) -> int:
        """Race position at the start of the Action phase (§13, AMB-16)."""
        t = self.state.turn
        order = t.start_order if t and t.start_order else tuple(self.state.players)
        return order.index(self.pid) + 1

    def last(self) -> bool:
        return self.position() == len(self.state.players)

    def picked(self) -> str | None:
        """The cube the last pick chose (a selected or discarded gear)."""
        i = self.regs.get("last", -1)
        return CODES[i] if i >= 0 else None


N = int | Callable[[Ctx], int]
Cond = Callable[[Ctx], bool]


def val(n: N, ctx: Ctx) -> int:
    return n(ctx) if callable(n) else n


def zone_of(state: GameState, pid: str, name: str) -> Zone:
    if name == "stock":
        return state.stock
    p = state.players[pid]
    return {"active": p.active, "used": p.used, "discard": p.discard, "bag": p.bag, "held": p.held}[name]


@dataclass(frozen=True)
class Step:
    when: Cond | None = None  # the step applies only if this holds when it is reached

    auto = True

    def run(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        """An automatic step's effect."""


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
        events.append(CubesGained(ctx.pid, code, n, got, rule))


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
class Decision(Step):
    auto = False

    def options(self, ctx: Ctx) -> list[Action]:
        raise NotImplementedError

    def can_stop(self, ctx: Ctx) -> bool:
        return True

    def enter(self, ctx: Ctx) -> None:
        """Called once when the step is reached (a step handing the choice to another player sets the decider)."""

    def stop_ends(self) -> bool:
        """Whether ``stop`` ends the whole step (else it is one choice, e.g. another player declining a draw)."""
        return True

    def act(self, ctx: Ctx, action: Action, events: EventLog, rule: str) -> bool:
        """Apply one choice; True when the step is over."""
        raise NotImplementedError

    def finish(self, ctx: Ctx, events: EventLog, rule: str) -> None:
        """What happens when the step is over (a move places its cube; a draw "at once" draws)."""


@dataclass(frozen=True)
class PickStep(Decision):
    """Choose cubes one at a time from ``src`` zones and move them to ``dest`` (``stock`` = remove)."""

    src: tuple[str, ...] = ("discard",)
    dest: str = "stock"
    most: N = 1
    least: N = 0
    only: Callable[[Ctx, str], bool] | None = None
    reg: str = ""  # count the cubes picked
    tally: str = ""  # add up their costs (Pit Team)
    price: int = 0  # each pick costs this much of the Buy phase money (Farmer Kali)
    earn: bool = False  # each pick adds the cube's value to the Buy phase money (Mag Matthews)

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
        if self.reg:
            ctx.regs[self.reg] = ctx.regs.get(self.reg, 0) + 1
        if self.tally:
            ctx.regs[self.tally] = ctx.regs.get(self.tally, 0) + ctx.state.comps.cost(action.cube)
        t = ctx.state.turn
        if t is not None and (self.price or self.earn):
            t.money += (ctx.state.comps.value(action.cube) if self.earn else 0) - self.price
        return ctx.pend.count >= val(self.most, ctx)


@dataclass(frozen=True)
class DrawStep(Decision):
    """Draw up to ``most`` cubes one at a time, stopping when you like (§21.1: "one at a time")."""

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


# ------------------------------------------------------------------ the runner
Program = tuple[Step, ...]
PROGRAMS: dict[str, tuple[Program, str]] = {}  # program id -> (steps, rule) ; filled by racebook.automobiles.cards


def program(pend: Pending) -> tuple[Program, str]:
    return PROGRAMS[pend.program]


def current(state: GameState) -> tuple[Decision, Ctx, str] | None:
    t = state.turn
    if t is None or t.pending is None:
        return None
    steps, rule = program(t.pending)
    step = steps[t.pending.pc]
    assert isinstance(step, Decision)
    return step, Ctx(state, _owner(state), t.pending), rule


def _owner(state: GameState) -> str:
    """Whose cubes and car the effect works on: the decider (the player, or another for Boost and Box(er))."""
    assert state.turn is not None and state.turn.pending is not None
    return state.turn.pending.decider


def limit(state: GameState) -> int | None:
    """The "up to N" of the step waiting for a choice (what the examples of §24 state), None if there is none."""
    cur = current(state)
    if cur is None:
        return None
    step, ctx, _ = cur
    most = getattr(step, "most", None)
    return None if most is None else val(most, ctx)


def options(state: GameState) -> list[Action]:
    cur = current(state)
    if cur is None:
        return []
    step, ctx, _ = cur
    out = step.options(ctx)
    if step.can_stop(ctx):
        out.append(Stop(ctx.pend.decider))
    return out


def advance(state: GameState, events: EventLog) -> None:
    """Run automatic steps, and end finished decision steps, until a choice is needed or the program is over
    (then ``turn.pending`` is None)."""
    t = state.turn
    assert t is not None and t.pending is not None
    pend = t.pending
    steps, rule = PROGRAMS[pend.program]
    while pend.pc < len(steps):
        step = steps[pend.pc]
        ctx = Ctx(state, pend.decider, pend)
        if step.when is not None and not step.when(ctx) and pend.count == 0 and not pend.path:
            pend.pc += 1
            continue
        if step.auto:
            step.run(ctx, events, rule)
            pend.pc += 1
            continue
        assert isinstance(step, Decision)
        if pend.regs.get("_pc") != pend.pc:
            pend.regs["_pc"] = pend.pc
            step.enter(ctx)
            ctx = Ctx(state, pend.decider, pend)
        if step.options(ctx):
            return
        if not step.can_stop(ctx) and pend.path:
            raise RuntimeError("a move ended in a full space")  # routes() only offers moves that can land
        _end_step(step, ctx, events, rule)
    t.pending = None


def _end_step(step: Decision, ctx: Ctx, events: EventLog, rule: str) -> None:
    step.finish(ctx, events, rule)
    ctx.pend.pc += 1
    ctx.pend.count = 0


def act(state: GameState, action: Action, events: EventLog) -> None:
    """Apply one legal choice (from :func:`options`), then run on."""
    cur = current(state)
    assert cur is not None
    step, ctx, rule = cur
    if isinstance(action, Stop) and step.stop_ends() or step.act(ctx, action, events, rule):
        _end_step(step, ctx, events, rule)
    advance(state, events)


def why_not(state: GameState, action: Action) -> tuple[str, str]:
    cur = current(state)
    assert cur is not None
    step, ctx, rule = cur
    name = ctx.pend.program.replace("_", " ")
    if action.car != ctx.pend.decider:
        return rule, f"{ctx.pend.decider} is choosing for {name}"
    if isinstance(action, Stop):
        return rule, f"{name}: this step is not optional yet (more must be chosen when possible)"
    kind = {PickStep: "pick a cube", MoveStep: "move to an allowed adjacent space or stop",
            ChooseStep: "choose a or b"}.get(type(step), "draw or stop")
    legal = " ".join(str(a).split(" ", 1)[1] for a in options(state))
    return rule, f"{name} is resolving: {kind} (legal: {legal or 'nothing'})"
