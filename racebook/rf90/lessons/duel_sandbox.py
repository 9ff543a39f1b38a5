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

The duel records are in :mod:`racebook.rf90.lessons.duel_records` and the odds chart in
:mod:`racebook.rf90.lessons.duel_odds`; this module exports their names too. Everything is plain data and the
standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.rf90 import scenario
from racebook.rf90.actions import Action, Bid, Challenge, Decline, Join, NoChallenge
from racebook.rf90.cards import default_race_deck
from racebook.rf90.events import DuelEvent, Event
from racebook.rf90.game import Race
from racebook.rf90.lessons.duel_odds import (  # noqa: F401 - the odds chart, exported here
    BidOdds,
    BidTotal,
    bid_odds,
    bid_totals,
    duel_modifiers,
    fraction_text,
    hypothetical_ctx,
    odds_lines,
    possible_bids,
    robot_total_distribution,
)
from racebook.rf90.lessons.duel_records import (  # noqa: F401 - the duel records, exported here
    STOP,
    DuelRecord,
    DuelWatch,
    chances_lines,
    scenario_duels,
    show_duels,
)
from racebook.rf90.rules import duel
from racebook.rf90.state import Activation
from racebook.rf90.track import SectionType, Track
from racebook.rf90.trackfile import load_track

CHOICES = ("challenge", "join", "out")
"""A human's decision in the sandbox: ``challenge`` (start a duel when asked, §12.1, or take part if someone
behind challenged first), ``join`` (do not start one, but take part when challenged) or ``out`` (never)."""

ROBOT_TYPES = ("superfast", "fast", "slow")
_LEADER_IDS = ("Red", "White", "Pink", "Grey")


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
        if e.kind in STOP:
            break
        out.append(e)
    return tuple(out)
