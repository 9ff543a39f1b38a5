"""What the engine did in every duel of a race (§12, §17.2, §24): :class:`DuelWatch` follows a race's log and
builds one :class:`DuelRecord` per duel (who challenged, the bids and totals, the order after, the damage, the
frozen cards); :func:`scenario_duels` plays a shipped scenario and returns its duels (:func:`show_duels` prints
them, notebook 04); :func:`chances_lines` says who has used his duel chance this Game Turn. Nothing here decides a duel;
the sandbox that sets duels up is :mod:`racebook.rf90.lessons.duel_sandbox`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from racebook.rf90 import scenario
from racebook.rf90.actions import Action
from racebook.rf90.events import Damage, DamageTaken, DuelOrder, DuelsDeclared, Event, LeaderToken
from racebook.rf90.game import Frame, Race
from racebook.rf90.rules import duel
from racebook.rf90.state import RaceState

#: the events after which a duel's slice of the log stops (the next turn or activation has begun)
STOP = {"TurnBegins", "TurnSkipped", "SectionActivated", "GameTurnEnded", "GameTurnStarted", "RaceFinished"}


@dataclass(frozen=True)
class DuelRecord:
    """What the engine did in one duel procedure (one :class:`racebook.rf90.rules.duel.DuelCtx`)."""

    activation: str  # e.g. "Stowe", or "G2" for the leader's subsection (§11.2 case 3)
    section: str
    turn: int
    corner: str  # "Stowe (duel modifier -3)"
    cars: tuple[str, ...]  # the group front to back when the duel was declared
    challenger: str | None
    participants: tuple[str, ...]  # front to back, as they were
    decliners: tuple[str, ...]
    bids: Mapping[str, tuple[str, ...]]
    totals: Mapping[str, tuple[int, str]]  # car -> (total, breakdown) from racebook.rf90.rules.duel.total
    order_after: tuple[str, ...]  # the section's order right after the duel
    damage: Mapping[str, tuple[str, ...]]  # car -> wear tokens drawn for the collision (§12.2)
    frozen: Mapping[str, tuple[str, ...]]  # car -> duel cards frozen until the next Game Turn
    leader_before: str | None
    leader_after: str | None
    events: tuple[Event, ...]
    frames: tuple[Frame, ...] = field(default=(), repr=False)

    @property
    def fought(self) -> bool:
        """True when cards were revealed (someone challenged and someone took the challenge up)."""
        return bool(self.totals)

    def sentences(self) -> list[str]:
        return [e.sentence() for e in self.events]

    def lines(self) -> list[str]:
        """A short text report: the key numbers of the duel (deterministic)."""
        out = [f"Duel in {self.activation} — {self.corner}, Game Turn {self.turn}",
               f"  order before : {', '.join(self.cars)}"]
        if self.challenger is None:
            out.append("  nobody challenges: no duel")
            return out
        joined = [c for c in self.participants if c != self.challenger]
        out.append(f"  CHALLENGER   : {self.challenger}; joined: {', '.join(joined) or '-'}; "
                   f"declined: {', '.join(self.decliners) or '-'}")
        if not self.fought:
            kept = [c for c in self.order_after if c in self.cars] == list(self.cars)
            out.append("  nobody takes up the challenge: " + ("the order is kept" if kept else
                                                              "the decliners go behind the challenger (§12.2)"))
            out.append(f"  order after  : {', '.join(self.order_after)}")
            return out
        width = max(len(c) for c in self.totals)
        for c in self.participants:
            if c in self.totals:
                value, why = self.totals[c]
                out.append(f"  {c:<{width}} : {why} = {value}")
            else:
                out.append(f"  {c:<{width}} : no card played (not participating)")
        out.append(f"  order after  : {', '.join(self.order_after)}")
        dmg = [f"{c} {len(t)} ({' '.join(t)})" for c, t in self.damage.items() if t]
        out.append(f"  damage       : {', '.join(dmg) if dmg else 'none'}")
        frz = [f"{c} {' '.join(t)}" for c, t in self.frozen.items() if t]
        out.append(f"  frozen       : {'; '.join(frz) if frz else 'none'} (back in hand next Game Turn)")
        change = "unchanged" if self.leader_after == self.leader_before else f"was {self.leader_before}"
        out.append(f"  Leader token : {self.leader_after} ({change})")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass
class _Open:
    ctx: duel.DuelCtx
    step: int  # the step whose events opened it
    leader: str | None


class DuelWatch:
    """Apply actions to a Race and keep a :class:`DuelRecord` of every duel procedure it goes through.

    A duel procedure that needs no human decision at all (e.g. only robots, who never duel each other, §17.2)
    leaves no record: only its events in the log.
    """

    def __init__(self, race: Race) -> None:
        self.race = race
        self.records: list[DuelRecord] = []
        self._open: _Open | None = None
        self._look(0)

    @property
    def pending(self) -> duel.DuelCtx | None:
        """The duel procedure waiting for a decision, if any."""
        return self._open.ctx if self._open else None

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        events = self.race.apply(action)
        step = len(self.race.steps) - 1
        if self._open is not None and self._open.ctx.stage == "done":
            self.records.append(self._record(self._open, step))
            self._open = None
        self._look(step)
        return events

    def _look(self, step: int) -> None:
        ctx = self.race.duel
        if ctx is not None and (self._open is None or self._open.ctx is not ctx):
            leader = self._leader_when_opened(step, ctx)
            self._open = _Open(ctx, step, leader)

    def _leader_when_opened(self, step: int, ctx: duel.DuelCtx) -> str | None:
        st = self.race.steps[step]
        start = _opening_index(st.events, ctx)
        frames = self.race.step_frames(step)
        return frames[start].leader if frames and start < len(frames) else self.race.state.leader

    def _record(self, op: _Open, end_step: int) -> DuelRecord:
        race, ctx = self.race, op.ctx
        state = race.state
        events: list[Event] = []
        frames: list[Frame] = []
        for i in range(op.step, end_step + 1):
            st = race.steps[i]
            evs = list(st.events)
            st_frames = race.step_frames(i)
            lo = _opening_index(evs, ctx) if i == op.step else 0
            for j in range(lo, len(evs)):
                if i == end_step and j > lo and evs[j].kind in STOP:
                    break
                events.append(evs[j])
                if st_frames:
                    frames.append(st_frames[j])
        sec = ctx.activation.section
        order = tuple(frames[-1].order.get(sec, ())) if frames else tuple(state.cars_in(sec))
        for e, fr in zip(events, frames, strict=False):
            if isinstance(e, DuelOrder) and e.section == sec:
                order = tuple(c for c in fr.order.get(sec, ()) if c in state.cars)
        damage: dict[str, list[str]] = {}
        for e in events:
            if isinstance(e, DamageTaken) and e.cause is Damage.DUEL:
                damage.setdefault(e.car, []).append(e.token)
        players = [c for c in ctx.cars if c in ctx.participants and ctx.bids.get(c)]
        totals = {c: duel.total(state, ctx, c) for c in players} if ctx.to_bid == [] and ctx.bids else {}
        frozen = {c: tuple(x for x in ctx.bids[c] if x in state.cars[c].frozen) for c in players
                  if not state.cars[c].is_robot}
        leader_after = frames[-1].leader if frames else state.leader
        for e in events:
            if isinstance(e, LeaderToken):
                leader_after = e.car
        corner = state.track.corner_of(sec)
        return DuelRecord(
            str(ctx.activation), sec, frames[0].turn if frames else state.turn,
            f"{corner.name} (duel modifier {corner.duel_modifier:+d})" if corner else sec,
            tuple(ctx.cars), ctx.challenger, tuple(c for c in ctx.cars if c in ctx.participants),
            tuple(c for c in ctx.cars if c in ctx.decliners), {c: tuple(v) for c, v in ctx.bids.items()},
            totals, order, {c: tuple(v) for c, v in damage.items()}, frozen, op.leader, leader_after,
            tuple(events), tuple(frames))


def _opening_index(events: Sequence[Event], ctx: duel.DuelCtx) -> int:
    """Index of the first event of a duel procedure (its "duels are declared" sentence) in a step's events."""
    sec = ctx.activation.section
    idx = [j for j, e in enumerate(events) if isinstance(e, DuelsDeclared) and e.section == sec]
    return idx[-1] if idx else 0


def scenario_duels(name: str) -> tuple[scenario.Scenario, list[DuelRecord]]:
    """Replay a scenario (shipped id or path) action by action; its duels as the engine resolved them."""
    sc = scenario.load(name, play=False)
    watch = DuelWatch(sc.race)
    for text in sc.actions:
        watch.apply(text)
    return sc, watch.records


def show_duels(name: str) -> tuple[scenario.Scenario, list[DuelRecord]]:
    """Print a shipped scenario's title, the assumptions it had to make and every duel the engine resolved in it
    (:func:`scenario_duels`, one :class:`DuelRecord` report each); returns them for further reading."""
    sc, records = scenario_duels(name)
    print(sc.title, f"[{sc.cite}]")
    for line in sc.assumed:
        print("  assumed:", line)
    for rec in records:
        print()
        print(rec)
    return sc, records


def _chance_place(key: str) -> str:
    section, _, part = key.partition(":")
    if part == "ahead":
        return f"{section}, subsection ahead of the leader"
    return section


def chances_lines(state: RaceState) -> list[str]:
    """Who has used his duel chance this Game Turn, one line per section or subsection (§12.3, AMB-39: the offer
    itself uses it), in plain words: ``Abbey: Black, Blue, Red have had their chance``."""
    by_place: dict[str, list[str]] = {}
    for car, key in sorted(state.duel_chances):
        if key == "re-entered":
            by_place.setdefault("re-entered from off track (no duel this Game Turn, §18.5)", []).append(car)
        else:
            by_place.setdefault(_chance_place(key), []).append(car)
    return [f"{place}: {', '.join(cars)} " + ("has had his chance" if len(cars) == 1 else "have had their chance")
            for place, cars in by_place.items()]
