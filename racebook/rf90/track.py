"""Track data model (§3, §32). Loading and validation live in ``racebook.rf90.trackfile``.

Sections are listed in race order. Index 0 is the first section after the
finish line; moving from the last section to section 0 completes a lap.
Every printed value carries its provenance in ``source``: either a manual
citation ("manual: Ex. 16 (§30)") or ``invented-for-teaching``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from racebook.rf90.cards import Card, CardTest, Colour

INVENTED = "invented-for-teaching"


class SectionType(Enum):
    STRAIGHT = "straight"  # brown border
    BRAKING = "braking"  # grey border
    CORNER = "corner"  # yellow border


class Condition(Enum):
    """Weather conditions (§16)."""

    DRY = "dry"
    INTERMEDIATE = "intermediate"  # drizzle / uncertain (Garoa)
    RAIN = "rain"


class EtProcedure(Enum):
    """Which Extreme Trajectory procedure a track plays (expansion1 digest §4.11, AMB-X1-2)."""

    SECOND_EDITION = "2e"  # the manual's (§13.D.2, §18.2): the car's Target Check, after the cards are played
    EXPANSION1 = "expansion1"  # Expansion #1 (§4.3): at the start of the turn, against the printed check value


class TrajectoryKind(Enum):
    STANDARD = "standard"  # circle
    EXTREME = "extreme"  # diamond (ET)


@dataclass(frozen=True, slots=True)
class Cost:
    """Extra cost symbols next to a trajectory, paid in D.1 (§13.D)."""

    tyres: int = 0
    damage: int = 0
    cards: int = 0

    def __bool__(self) -> bool:
        return bool(self.tyres or self.damage or self.cards)


@dataclass(frozen=True, slots=True)
class Trajectory:
    """A trajectory spot in a section (§3 items 5–6, §13.D, §13.F.2)."""

    id: str  # unique on the track, e.g. "G.t1"
    section: str
    kind: TrajectoryKind
    colours: tuple[Colour, ...]  # one or two
    bonus: int
    cost: Cost = Cost()
    lateral: int = 0  # larger = further outside (robots take the outermost on ties, §17.3 F)
    test_modifier: int = 0  # ET blind-test modifier if printed
    recovery: str | None = None  # off-track route id followed when the ET test fails (§18.2)
    source: str = INVENTED
    check_value: int | None = None  # Expansion #1: the absolute ET check value in the green diamond (60 at Spa)


class EffectKind(Enum):
    """Symbols on an off-track route (§18.1)."""

    TYRE_WEAR = "tyre_wear"  # pay N tyre chips now, cards may not substitute
    DAMAGE = "damage"  # draw N damage tokens now
    DISCARD = "discard"  # discard N cards now
    TIME_LOSS = "time_loss"  # -N MP in phase E of the next turn
    MP_LOSS = "mp_loss"  # -N MP this turn (ET recovery charts, Ex. 33)
    FORCED_PIT = "forced_pit"  # must pit at the start of the next turn


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    amount: int = 1


class NodeKind(Enum):
    TEST = "test"  # a recovery attempt: pass -> on_pass, fail -> on_fail
    EFFECTS = "effects"  # apply effects, then go to next
    REENTRY = "reentry"  # place the car on the re-entry point of `section`
    BACK_ON_TRACK = "back_on_track"  # ET charts: the car stays in its section and moves on
    RETIRE = "retire"  # the car retires (Crash Out); `safety_car` brings out the SC


@dataclass(frozen=True, slots=True)
class RouteNode:
    id: str
    kind: NodeKind
    test: CardTest | None = None  # for TEST nodes; the modifier applies to the car's TC (AMB-6)
    on_pass: str | None = None
    on_fail: str | None = None
    effects: tuple[Effect, ...] = ()
    next: str | None = None  # for EFFECTS nodes
    section: str | None = None  # for REENTRY nodes: the section re-entered
    safety_car: bool = False  # SC symbol at this spot (§18.1, §21.1)
    crash_out: bool = False  # "Crash Out" symbol


@dataclass(frozen=True, slots=True)
class Route:
    """An off-track route (LB failure) or ET recovery chart (§18)."""

    id: str
    start: str
    nodes: dict[str, RouteNode]
    source: str = INVENTED


@dataclass(frozen=True, slots=True)
class Corner:
    number: int
    name: str
    duel_modifier: int  # printed next to the corner name (§3 item 4, §12.2)
    sections: tuple[str, ...]
    source: str = INVENTED


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    type: SectionType
    index: int  # position in race order (0 = first after the finish line)
    corner: int | None = None  # corner number for corner sections (and braking zones that belong to one)
    lb_modifier: int | None = None  # LB symbol with its modifier; None = no LB here (§13.F.1)
    lb_route: str | None = None  # off-track route followed when LB fails (§18.3)
    reentry: bool = False  # a re-entry point (green car icon) lies beside this section
    source: str = INVENTED


@dataclass(frozen=True, slots=True)
class WeatherSpace:
    low: int
    high: int  # inclusive check-factor range
    condition: Condition
    source: str = INVENTED

    def covers(self, check: int) -> bool:
        return self.low <= check <= self.high

    def label(self) -> str:
        return f"{self.high}-{self.low}"


@dataclass(frozen=True, slots=True)
class WeatherTable:
    """Ordered left to right (§9.1). ``rain_side`` tells which end is rain."""

    spaces: tuple[WeatherSpace, ...]
    rain_side: str = "right"  # "left" | "right"

    def index_for(self, check: int) -> int:
        for i, s in enumerate(self.spaces):
            if s.covers(check):
                return i
        raise ValueError(f"check factor {check} is on no weather space")


@dataclass(frozen=True, slots=True)
class TurnSpace:
    turn: int
    laps: str  # the small flavour number(s), e.g. "2-3"
    stage_start: bool  # marked black: a new Race Stage begins here (§10)


@dataclass(frozen=True, slots=True)
class TurnIndicator:
    spaces: tuple[TurnSpace, ...]
    source: str = INVENTED

    @property
    def last_turn(self) -> int:
        return self.spaces[-1].turn


@dataclass(frozen=True, slots=True)
class GridSlot:
    section: str
    cars: int


@dataclass(frozen=True)
class ViewLayout:
    """A track file's ``[view]`` table: how the track view draws the loop (drawing only: no rule reads it).

    ``None`` (or no weights) = the view's default (:class:`racebook.rf90.ui.layout.LayoutSpec`).

    * ``shape``: ``"rounded_rect"`` or ``"superellipse"``.
    * ``aspect``: width / height of the loop (0.2–5).
    * ``corner``: rounded_rect — corner radius as a fraction of the height (0–0.5); superellipse — the
      exponent (0.5–20; 2 = ellipse, larger = squarer).
    * ``finish``: where the finish line lies, as a fraction of the loop clockwise from the top centre (0–1).
    * ``band``: width of the section band, as a fraction of the height (0.05–0.5).
    * ``gap``: blank space between two sections, as a fraction of the loop (0–0.05).
    * ``weights``: ``(section name, relative length)`` pairs (others weigh 1; a weight is 0.1–20).
    """

    shape: str | None = None
    aspect: float | None = None
    corner: float | None = None
    finish: float | None = None
    band: float | None = None
    gap: float | None = None
    weights: tuple[tuple[str, float], ...] = ()

    def given(self) -> dict[str, Any]:
        """The keys the file sets (``weights`` as a dict), e.g. as keyword arguments of ``LayoutSpec``."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)
                               if f.name != "weights" and getattr(self, f.name) is not None}
        if self.weights:
            out["weights"] = dict(self.weights)
        return out


@dataclass(frozen=True)
class CircuitLayout:
    """A track file's ``[layout]`` table: the circuit's shape (drawing only: no rule reads it).

    * ``points``: the centre line, in the race direction, in the file's own units (y up), closed (the first
      point is the finish line); ``smooth`` rounds of corner cutting turn the drawn polygon into curves;
    * ``band``: the width of the track band, in the same units;
    * ``spans``: ``(section, from, to)`` in race order, as fractions of the (smoothed) centre line's length.
    """

    points: tuple[tuple[float, float], ...]
    band: float
    spans: tuple[tuple[str, float, float], ...]
    smooth: int = 0


@dataclass(frozen=True)
class Track:
    id: str
    name: str
    sections: tuple[Section, ...]
    corners: tuple[Corner, ...]
    trajectories: tuple[Trajectory, ...]
    routes: dict[str, Route]
    pit_time: int  # printed as "-8": the car goes back this many sections (8)
    weather: WeatherTable
    turns: TurnIndicator
    grid: tuple[GridSlot, ...]
    track_cards: tuple[Card, ...] = ()
    description: str = ""
    sources: dict[str, str] = field(default_factory=dict)  # field path -> source, for scalar values
    file: str = ""
    view: ViewLayout | None = None  # the file's [view] table: how the track view draws the loop (no rule)
    layout: CircuitLayout | None = None  # the file's [layout] table: the circuit's shape (no rule)
    # -- Expansion #1 (issue 20): see the block "Expansion #1" below
    et_procedure: EtProcedure = EtProcedure.SECOND_EDITION
    et_scoped_cards: frozenset[str] = frozenset()  # Track Cards whose ET power holds only in the straight before
    # the corner they name (expansion1 digest §4.6)

    # Derived lookups (built once; Track is immutable).
    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {s.name: s for s in self.sections})
        object.__setattr__(self, "_index_of", {s.name: s.index for s in self.sections})
        object.__setattr__(self, "_corner_by_number", {c.number: c for c in self.corners})
        traj: dict[str, list[Trajectory]] = {}
        for t in self.trajectories:
            traj.setdefault(t.section, []).append(t)
        object.__setattr__(self, "_traj_by_section", {k: tuple(v) for k, v in traj.items()})
        by_id: dict[str, Trajectory] = {}
        for t in self.trajectories:
            by_id.setdefault(t.id, t)  # the first of a repeated id, as a scan would find it
        object.__setattr__(self, "_traj_by_id", by_id)

    def __len__(self) -> int:
        return len(self.sections)

    def section(self, name: str) -> Section:
        try:
            return self._by_name[name]  # type: ignore[attr-defined]
        except KeyError:
            names = ", ".join(s.name for s in self.sections)
            raise KeyError(f"track {self.id!r} has no section {name!r}; sections: {names}") from None

    def index_of(self, name: str) -> int:
        """The position of section ``name`` around the loop (its ``index``; one dict lookup)."""
        try:
            return self._index_of[name]  # type: ignore[attr-defined,no-any-return]
        except KeyError:
            return self.section(name).index  # raises the KeyError naming the sections

    def has_section(self, name: str) -> bool:
        return name in self._by_name  # type: ignore[attr-defined]

    def corner(self, number: int) -> Corner:
        return self._corner_by_number[number]  # type: ignore[attr-defined]

    def corner_of(self, section: str) -> Corner | None:
        n = self.section(section).corner
        return self.corner(n) if n is not None and self.section(section).type is SectionType.CORNER else None

    def trajectories_in(self, section: str) -> tuple[Trajectory, ...]:
        return self._traj_by_section.get(section, ())  # type: ignore[attr-defined]

    def trajectory(self, tid: str) -> Trajectory:
        t = self._traj_by_id.get(tid)  # type: ignore[attr-defined]
        if t is None:
            raise KeyError(f"track {self.id!r} has no trajectory {tid!r}")
        return t  # type: ignore[no-any-return]

    def next_index(self, index: int) -> int:
        return (index + 1) % len(self.sections)

    def prev_index(self, index: int) -> int:
        return (index - 1) % len(self.sections)

    def source_of(self, path: str) -> str:
        return self.sources.get(path, INVENTED)

    # -- Expansion #1 (issue 20) --------------------------------------------------------------------------

    def straight_before(self, corner: int) -> str | None:
        """The straight section before corner ``corner`` (expansion1 digest §4.6): going back from the corner's
        first section past its braking zones, the first section reached if it is a straight, else None."""
        first = self.section(self.corner(corner).sections[0])
        i = self.prev_index(first.index)
        while self.sections[i].type is SectionType.BRAKING and i != first.index:
            i = self.prev_index(i)
        s = self.sections[i]
        return s.name if s.type is SectionType.STRAIGHT else None

    def et_power_reaches(self, card: Card, traj: Trajectory) -> bool:
        """May ``card``'s ET power pass ``traj``'s check here? Anywhere on the track (§19.3), except a Spa-style
        card of :attr:`et_scoped_cards`: only in the straight before a corner it names (expansion1 digest §4.6,
        AMB-X1-12). The colour is checked by the caller."""
        if card.code not in self.et_scoped_cards:
            return True
        return any(c in self._corner_by_number and self.straight_before(c) == traj.section  # type: ignore[attr-defined]
                   for c in card.corners)
