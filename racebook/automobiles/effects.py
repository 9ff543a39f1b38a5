"""Card effects as small programs of primitive steps (§6 item 5, §28): gain, pick (remove / discard / return / take),
draw, move, choose, a condition, a turn flag.

A program is a tuple of steps, applied in printed order (AMB-7). Automatic steps run at once; a *decision* step waits
for its decider's choices, one at a time (``pick``, ``draw``, ``move``, ``choose``, ``stop``), so that the legal
actions stay few and each is explained. "Up to N" allows fewer, down to 0; a plain imperative is mandatory when
possible (AMB-7, AMB-10, AMB-19). A step with nothing left to choose ends by itself.

The programs of the cards are in :mod:`racebook.automobiles.cards`, the primitive steps in
:mod:`racebook.automobiles.steps`; this module holds the step base classes, the context and the runner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from racebook.automobiles.actions import Stop
from racebook.automobiles.cubes import CODES
from racebook.automobiles.state import GameState, Pending
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
class Decision(Step):
    auto = False
    kind = "choose"  # what the decider does, for the refusal message

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
    kind = step.kind
    legal = " ".join(str(a).split(" ", 1)[1] for a in options(state))
    return rule, f"{name} is resolving: {kind} (legal: {legal or 'nothing'})"
