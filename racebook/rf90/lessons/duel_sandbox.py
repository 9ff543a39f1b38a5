"""Hypothetical duels, set up and resolved by the engine (§12, §17.2, §19.3, §24, §26.2).

Nothing here decides a duel: every total, order, damage token and frozen card
comes from :mod:`racebook.rf90.rules.duel`, run inside a real :class:`racebook.rf90.game.Race`.
This module only

* describes a hypothetical corner section (:class:`DuelSetup`: the corner,
  2–4 cars front to back, their hands, strategies, decisions and bids) and
  builds it as a scenario (:func:`scenario_dict`, :func:`racebook.rf90.scenario.build`);
* drives the engine's duel procedure with those decisions, as ordinary actions
  (``Blue challenge``, ``Orange decline``, ``Blue bid R14 R22``; :func:`run`);
* records what the engine did in every duel of a race (:class:`DuelWatch`,
  :class:`DuelRecord`, :func:`scenario_duels`);
* gives the exact numbers of an odds chart: the duel total of every bid a
  player could make (:func:`bid_totals`, via :func:`racebook.rf90.rules.duel.total`), the
  chance that each beats a robot's two blind cards (:func:`bid_odds`, via
  :func:`racebook.rf90.analysis.odds.duel_vs_robot`) and the exact distribution of the
  robot's total (:func:`robot_total_distribution`).

Everything is plain data and the standard library.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from racebook.rf90 import scenario
from racebook.rf90.actions import Action, Bid, Challenge, Decline, Join, NoChallenge
from racebook.rf90.analysis import odds
from racebook.rf90.events import Damage, DamageTaken, DuelEvent, DuelOrder, DuelsDeclared, Event, LeaderToken
from racebook.rf90.game import Frame, Race
from racebook.rf90.rules import duel
from racebook.rf90.state import Activation, RaceState
from racebook.rf90.track import SectionType, Track
from racebook.rf90.trackfile import load_track

CHOICES = ("challenge", "join", "out")
"""A human's decision in the sandbox: ``challenge`` (start a duel when asked, §12.1, or take part if someone
behind challenged first), ``join`` (do not start one, but take part when challenged) or ``out`` (never)."""

ROBOT_TYPES = ("superfast", "fast", "slow")
_LEADER_IDS = ("Red", "White", "Pink", "Grey")
_STOP = {"TurnBegins", "TurnSkipped", "SectionActivated", "GameTurnEnded", "GameTurnStarted", "RaceFinished"}


# ------------------------------------------------------------------ corners
@dataclass(frozen=True, slots=True)
class CornerSection:
    """A corner section of a track and the duel modifier printed next to its corner's name (§3, §12.2)."""

    track: str
    section: str
    corner: int
    name: str
    modifier: int
    source: str  # provenance of the modifier: "manual: …" or "invented-for-teaching" (tracks/rf90/SCHEMA.md)

    @property
    def from_manual(self) -> bool:
        return self.source.startswith("manual:")

    def label(self) -> str:
        origin = "from the manual" if self.from_manual else "invented for teaching"
        return f"{self.section} — {self.name} (duel modifier {self.modifier:+d}, {origin})"


def corner_sections(track: Track | str) -> list[CornerSection]:
    """Every corner section of a track, in race order, with its corner's duel modifier (§12.2)."""
    tr = load_track(track) if isinstance(track, str) else track
    out = []
    for sec in tr.sections:
        corner = tr.corner_of(sec.name)
        if sec.type is SectionType.CORNER and corner is not None:
            out.append(CornerSection(tr.id, sec.name, corner.number, corner.name, corner.duel_modifier,
                                     tr.source_of(f"corners.{corner.number}.duel_modifier")))
    return out


# ------------------------------------------------------------------ set-up
@dataclass(frozen=True, slots=True)
class DuelCar:
    """One car of a hypothetical corner section.

    ``robot`` is None for a human player, else ``"superfast"``, ``"fast"`` or ``"slow"`` (§17.1): robots have no
    hand, no strategy and decide by §17.2 themselves, so ``hand``, ``strategy``, ``choice`` and ``bid`` are
    ignored for them. ``bid`` is the 1–2 cards the human would play face down (§12.1); empty = none.
    """

    id: str
    robot: str | None = None
    hand: tuple[str, ...] = ()
    strategy: str | None = None
    choice: str = "out"
    bid: tuple[str, ...] = ()
    laps_down: int = 0
    target: str | None = None  # the Target Check on the panel; None = an unused card chosen for it

    @property
    def is_robot(self) -> bool:
        return self.robot is not None


@dataclass(frozen=True, slots=True)
class DuelSetup:
    """A corner section about to be activated, and what every human in it would decide.

    ``cars`` are front to back. ``leader`` is the index in ``cars`` of the car holding the Leader token, or
    None: then a leader (``Red``) who has already played this Game Turn waits in the next section, so the
    corner is simply the next section to activate (as in Ex. 16). ``robot_draws`` are the next Race-deck
    cards, drawn in order: robots bid the top two (§17.2). ``discards`` are cards already in the Race discard
    pile (seen by everyone, so not in the odds' unseen pool). ``turn=1`` is the race start and ``restart`` a
    restart (no duels there, §22); ``yellow_flag`` puts a yellow flag in the section (§15.1).
    """

    track: str
    section: str
    cars: tuple[DuelCar, ...]
    leader: int | None = None
    robot_draws: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    seed: int = 0
    turn: int = 5
    lap: int = 3
    restart: bool = False
    yellow_flag: bool = False
    wear_stack: tuple[str, ...] = ()  # the next damage-bag draws ("red"/"brown"); empty = seeded random


def leader_id(setup: DuelSetup) -> str:
    """The id of the car holding the Leader token in the set-up's position."""
    if setup.leader is not None:
        return setup.cars[setup.leader].id
    used = {c.id for c in setup.cars}
    return next(i for i in _LEADER_IDS if i not in used)


def position(setup: DuelSetup) -> str:
    """The set-up as Race Position Notation (front of the race first)."""
    track = load_track(setup.track)
    sec = track.section(setup.section)
    toks = ["(Y)"] if setup.yellow_flag else []
    for i, c in enumerate(setup.cars):
        toks.append(c.id + ("*" if setup.leader == i else "") + (f"-{c.laps_down}" if c.laps_down else ""))
    groups = [f"{setup.section}: {' '.join(toks)}"]
    if setup.leader is None:
        ahead = track.sections[track.next_index(sec.index)].name
        groups.insert(0, f"{ahead}: {leader_id(setup)}*{{played}}")
    return f"{setup.track} turn={setup.turn} lap={setup.lap} | " + " | ".join(groups)


def scenario_dict(setup: DuelSetup) -> dict[str, Any]:
    """The set-up as a parsed scenario file, for :func:`racebook.rf90.scenario.build`."""
    if not 2 <= len(setup.cars) <= 4:
        raise ValueError(f"a duel sandbox holds 2 to 4 cars in the section, not {len(setup.cars)}")
    ids = [c.id for c in setup.cars]
    if len(set(ids)) != len(ids):
        raise ValueError(f"two cars share an id: {', '.join(ids)}")
    for c in setup.cars:
        if c.robot is not None and c.robot not in ROBOT_TYPES:
            raise ValueError(f"{c.id}: robot type {c.robot!r} is not one of {', '.join(ROBOT_TYPES)}")
        if c.choice not in CHOICES:
            raise ValueError(f"{c.id}: decision {c.choice!r} is not one of {', '.join(CHOICES)}")
    used = {code for c in setup.cars for code in (*c.hand, *((c.target,) if c.target else ()))}
    used |= set(setup.robot_draws) | set(setup.discards)
    spare = [code for code in reversed(_race_codes()) if code not in used]  # unused cards for the panels
    cars: dict[str, Any] = {}
    for c in setup.cars:
        if c.is_robot:
            cars[c.id] = {"kind": "robot", "robot": c.robot}
            continue
        spec: dict[str, Any] = {"kind": "human", "hand": list(c.hand), "target": c.target or spare.pop(0)}
        if c.strategy:
            spec["strategy"] = c.strategy
        cars[c.id] = spec
    if setup.leader is None:
        cars[leader_id(setup)] = {"kind": "human", "hand": [], "target": spare.pop(0)}
    raw: dict[str, Any] = {
        "scenario": {"id": "duel-sandbox", "title": f"A duel in {setup.section}", "track": setup.track,
                     "seed": setup.seed, "position": position(setup)},
        "cars": cars,
        "deck": {"stack": list(setup.robot_draws)},
        "bag": {"stack": list(setup.wear_stack)},
    }
    if setup.restart:
        raw["race"] = {"restart": True}
    return raw


def _race_codes() -> tuple[str, ...]:
    from racebook.rf90.cards import default_race_deck

    return default_race_deck().codes()


def build(setup: DuelSetup) -> Race:
    """Build the set-up as a Race (it stops at the first decision a human must take)."""
    race = scenario.build(scenario_dict(setup), "<duel sandbox>")
    deck = race.state.race_deck
    for code in setup.discards:  # before any bid is drawn: robots draw only once the bids are asked for
        if code not in deck.pile:
            where = race.state.card_locations().get(code, "not a Race Card")
            raise ValueError(f"discard {code}: it is not in the Race deck ({where})")
        deck.pile.remove(code)
        deck.discards.append(code)
    return race


# ------------------------------------------------------------------ records
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
        return st.frames[start].leader if st.frames and start < len(st.frames) else self.race.state.leader

    def _record(self, op: _Open, end_step: int) -> DuelRecord:
        race, ctx = self.race, op.ctx
        state = race.state
        events: list[Event] = []
        frames: list[Frame] = []
        for i in range(op.step, end_step + 1):
            st = race.steps[i]
            evs = list(st.events)
            lo = _opening_index(evs, ctx) if i == op.step else 0
            for j in range(lo, len(evs)):
                if i == end_step and j > lo and evs[j].kind in _STOP:
                    break
                events.append(evs[j])
                if st.frames:
                    frames.append(st.frames[j])
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


# ------------------------------------------------------------------ sandbox
@dataclass(frozen=True)
class SandboxResult:
    """The engine's resolution of a :class:`DuelSetup`."""

    setup: DuelSetup
    race: Race
    actions: tuple[str, ...]  # the decisions applied, in the engine's text form
    record: DuelRecord | None  # None: no duel procedure needed a decision
    reason: str | None  # why there was no duel, when there was none
    events: tuple[Event, ...]  # from the corner's activation to the end of the duel procedure

    def sentences(self) -> list[str]:
        return [e.sentence() for e in self.events]


def decision_for(ctx: duel.DuelCtx, setup: DuelSetup) -> list[Action]:
    """The actions a set-up's human decisions give at the duel procedure's current stage (§12.1)."""
    cars = {c.id: c for c in setup.cars}
    cid = ctx.current
    if cid is None:
        return []
    choice = cars[cid].choice if cid in cars else "out"
    if ctx.stage == "declare":
        return [Challenge(cid) if choice == "challenge" else NoChallenge(cid)]
    if ctx.stage == "join":
        return [Join(cid) if choice in ("challenge", "join") else Decline(cid)]
    return [Bid(b, cars[b].bid if b in cars else ()) for b in list(ctx.to_bid)]  # simultaneous, hidden bids


def run(setup: DuelSetup) -> SandboxResult:
    """Build the set-up and let the engine resolve the corner's duel with the humans' decisions and bids.

    Raises :class:`racebook.core.errors.IllegalAction` (e.g. a bid of three cards, or a card not in hand) or
    :class:`racebook.core.errors.ScenarioError` (an unknown card code) with the engine's own message.
    """
    race = build(setup)
    state = race.state
    watch = DuelWatch(race)
    actions: list[str] = []
    while watch.pending is not None and watch.pending.activation.section == setup.section and not watch.records:
        for a in decision_for(watch.pending, setup):
            watch.apply(a)
            actions.append(str(a))
    record = watch.records[0] if watch.records else None
    reason = None
    if record is None:
        reason = duel.duels_possible(state, Activation(setup.section))
        if reason is None:
            texts = [e.body() for e in race.events if isinstance(e, DuelEvent) and e.section == setup.section]
            reason = texts[-1] if texts else "fewer than two cars in the section may be offered a duel (§12.3)"
    events = record.events if record is not None else _activation_events(race, setup.section)
    return SandboxResult(setup, race, tuple(actions), record, reason, events)


def _activation_events(race: Race, section: str) -> tuple[Event, ...]:
    evs = race.events
    start = next((i for i, e in enumerate(evs) if e.kind == "SectionActivated"
                  and getattr(e, "section", None) == section), None)
    if start is None:
        return ()
    out = [evs[start]]
    for e in evs[start + 1:]:
        if e.kind in _STOP:
            break
        out.append(e)
    return tuple(out)


# ------------------------------------------------------------------ odds
def hypothetical_ctx(state: RaceState, section: str, bids: Mapping[str, Sequence[str]] | None = None,
                     stage: str = "bid") -> duel.DuelCtx:
    """A duel context for the cars of ``section`` as they stand (front to back), with the given bids.

    Used only to ask :func:`racebook.rf90.rules.duel.total` and :func:`racebook.rf90.rules.duel.legal` what a bid would
    be worth; it
    is not attached to the race.
    """
    cars = state.cars_in(section)
    ctx = duel.DuelCtx(Activation(section), list(cars), list(cars), stage=stage, participants=list(cars))
    ctx.bids = {c: tuple(b) for c, b in (bids or {}).items()}
    return ctx


def duel_modifiers(state: RaceState, section: str, car_id: str) -> tuple[int, str]:
    """A car's duel total without cards: the corner modifier unless first, BANGING WHEELS +3 (§12.2, §26.2)."""
    return duel.total(state, hypothetical_ctx(state, section), car_id)


def possible_bids(state: RaceState, section: str, car_id: str) -> list[tuple[str, ...]]:
    """Every bid of 1 or 2 cards from the car's hand, as the engine lists them (§12.1: no pair rules)."""
    ctx = hypothetical_ctx(state, section)
    ctx.to_bid = [car_id]
    return [a.cards for a in duel.legal(state, ctx) if isinstance(a, Bid) and a.car == car_id and a.cards]


@dataclass(frozen=True, slots=True)
class BidTotal:
    cards: tuple[str, ...]
    total: int
    breakdown: str

    @property
    def label(self) -> str:
        return "+".join(self.cards)


def bid_totals(state: RaceState, section: str, car_id: str) -> list[BidTotal]:
    """The duel total of every possible bid of a car, by :func:`racebook.rf90.rules.duel.total`; lowest total first."""
    out = []
    for cards in possible_bids(state, section, car_id):
        value, why = duel.total(state, hypothetical_ctx(state, section, {car_id: cards}), car_id)
        out.append(BidTotal(cards, value, why))
    return sorted(out, key=lambda b: (b.total, len(b.cards), b.cards))


@dataclass(frozen=True, slots=True)
class BidOdds:
    """One bid and its exact chances against a robot's two blind cards (§17.2, §12.2)."""

    bid: BidTotal
    robot_modifier: int
    odds: odds.DuelOdds

    @property
    def label(self) -> str:
        return self.bid.label


def bid_odds(state: RaceState, viewer: str, robot: str, section: str | None = None) -> list[BidOdds]:
    """For every bid in the viewer's hand: P(win / tie / lose) against ``robot`` (:func:`odds.duel_vs_robot`).

    Exact, by enumeration over the cards the viewer cannot see (:func:`racebook.rf90.analysis.odds.unseen`). Compute it
    before the bids are asked for: the robot draws its two cards when the bidding starts.
    """
    sec = section or state.cars[viewer].section
    assert sec is not None
    mod, _ = duel_modifiers(state, sec, robot)
    return [BidOdds(b, mod, odds.duel_vs_robot(state, viewer, b.total, mod)) for b in bid_totals(state, sec, viewer)]


def robot_total_distribution(state: RaceState, viewer: str, modifier: int = 0) -> dict[int, Fraction]:
    """Exact distribution of a robot's duel total (two blind Race Cards + ``modifier``) seen from ``viewer``.

    Every unordered pair of cards the viewer cannot see is equally likely (§17.2: the robot bids the top two
    cards of the Race deck). Keys ascend; the values sum to 1 (empty when fewer than two cards are unseen).
    """
    mps = [state.card(c).mp for c in odds.unseen(state, viewer)]
    counts: dict[int, int] = {}
    for a, b in combinations(mps, 2):
        counts[a + b + modifier] = counts.get(a + b + modifier, 0) + 1
    n = sum(counts.values())
    return {k: Fraction(counts[k], n) for k in sorted(counts)}


def fraction_text(p: Fraction) -> str:
    """``31/55 (56.4%)``: an exact fraction and its rounded percentage."""
    if p.denominator == 1:
        return f"{p.numerator} ({float(p):.0%})"
    return f"{p.numerator}/{p.denominator} ({float(p):.1%})"


def odds_lines(rows: Iterable[BidOdds]) -> list[str]:
    """The odds as a deterministic text table."""
    rows = list(rows)
    out = [f"{'bid':<9} {'total':>5}   {'win':<20} {'tie':<20} {'lose':<20}"]
    for r in rows:
        o = r.odds
        out.append(f"{r.label:<9} {r.bid.total:>5}   {fraction_text(o.win):<20} {fraction_text(o.tie):<20} "
                   f"{fraction_text(o.lose):<20}")
    if rows:
        out.append(f"({rows[0].odds.pairs} equally likely pairs of unseen cards; robot modifier "
                   f"{rows[0].robot_modifier:+d})")
    return out
