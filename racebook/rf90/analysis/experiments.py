"""What usually happens if…? Seeded Monte Carlo comparisons of one choice, all else equal (§7, §8, §9.2, §13.F.1,
§18, §25).

An :class:`Experiment` is a track, a number of players and a few :class:`Arm` s: keyword options of
:func:`racebook.rf90.analysis.simulate.one_race` that differ in **one** choice (the refuel chit, late braking, the
starting
tyres). Every arm plays the **same seeds** (common random numbers): race ``seed`` of arm A and race ``seed`` of
arm B start from the same shuffled decks, so the arms differ only by the choice and what follows from it.

The engine is the referee; the human cars are driven by :class:`racebook.rf90.analysis.drivers.GreedyDriver`, a
documented
heuristic that only chooses among the legal actions. The numbers therefore describe *that* driver, not best
play. This module turns the finished races into per-car outcomes (:class:`CarOutcome`) and the outcomes into
tables (mean finishing position with its standard error, win and podium shares, retirements, pit turns, late
braking). It is pure: the standard library only, no widgets.

Classification (§25, the engine's one implementation: racebook.rf90.rules.classification). The manual names only
the winner; for the other places the engine's race order is used (laps, then section, then the order inside the
section, :meth:`racebook.rf90.state.RaceState.race_order`). Two cases that order leaves out get a documented place:

* a car **waiting at a re-entry point** when the race ends (it failed a late braking on the last turn, §18.5)
  is placed behind the cars of its re-entry section, where it would re-enter ("behind all other cars", §18.5);
* **retired** (§18.6) and out-of-fuel (§13.A.3) cars come after every running car, the last one out first.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from racebook.rf90 import events as ev
from racebook.rf90.actions import LateBrake, Play
from racebook.rf90.analysis import planner
from racebook.rf90.analysis.simulate import RaceResult, map_in_order, one_race
from racebook.rf90.car import Status, Tyre
from racebook.rf90.game import Race
from racebook.rf90.rules.classification import classification as _classification
from racebook.rf90.rules.classification import retired_order

#: the keyword options of :func:`racebook.rf90.analysis.simulate.one_race` an arm may set
ARM_OPTIONS = frozenset({"driver", "refuel", "tyre", "strategy", "late_brake"})
Z95 = 1.96  # two-sided 95 % normal quantile
Z80 = 0.84  # one-sided quantile for 80 % power


@dataclass(frozen=True)
class Arm:
    """One choice of an experiment: a label and the :func:`~racebook.rf90.analysis.simulate.one_race` options it
    sets."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.options) - ARM_OPTIONS
        if unknown:
            raise ValueError(f"arm {self.label!r}: unknown one_race option(s) {sorted(unknown)}; "
                             f"use {sorted(ARM_OPTIONS)}")


@dataclass(frozen=True)
class Experiment:
    """A comparison: the same ``track``, ``players`` and seeds for every arm; only the arm's options change."""

    title: str
    arms: tuple[Arm, ...]
    track: str = "silverstone"
    players: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        labels = [a.label for a in self.arms]
        if not labels or len(set(labels)) != len(labels):
            raise ValueError(f"an experiment needs arms with distinct labels, got {labels}")

    @property
    def labels(self) -> list[str]:
        return [a.label for a in self.arms]

    def describe(self) -> str:
        """The experiment in words: track, field, seeds and each arm's one_race options."""
        def opt(v: Any) -> str:
            return repr(v.value) if hasattr(v, "value") else repr(v)

        lines = [f"{self.title} on {self.track}: {self.players} automatic driver(s), seeds {self.seed}, "
                 f"{self.seed + 1}, … for every choice"]
        for a in self.arms:
            args = ", ".join(f"{k}={opt(v)}" for k, v in a.options.items()) or "the defaults"
            lines.append(f"  {a.label:<12} one_race({args})")
        return "\n".join(lines)

    def seeds(self, races: int) -> range:
        """The seeds every arm plays: ``seed``, ``seed + 1``, … (``races`` of them)."""
        return range(self.seed, self.seed + races)


@dataclass(frozen=True)
class CarOutcome:
    """What happened to one human car in one race."""

    arm: str
    seed: int
    car: str
    position: int  # 1 = winner … ``cars`` = last (see the module docstring for off-track and retired cars)
    cars: int  # cars in the field
    status: str  # "running", "off track" (at a re-entry point at the end), "retired", "out of fuel"
    won: bool  # holds the Leader token at the end (§25)
    pit_turns: tuple[int, ...] = ()  # Game Turns of its pit stops (§8, §13.A.3)
    lb_attempts: int = 0  # late brakings tried, Discard Powers included (§13.F.1, §19.3)
    lb_failures: int = 0  # failed LB tests: each one sends the car off the track (§18.3)
    blue_tokens: int = 0  # Soft tyres' +1 MP blue tokens spent (§9.2)
    gap: int | None = None  # sections behind the winner at the end (laps × sections + sections); None if out
    why_out: str = ""  # the retirement's reason, as :func:`retirement_kind` names it ("" while racing)

    @property
    def finished(self) -> bool:
        """Still in the race at the end (on the track or waiting at a re-entry point)."""
        return self.status in ("running", "off track")


# ------------------------------------------------------------------ one race
def classification(race: Race) -> list[str]:
    """Every car, 1st to last (§25, with the two documented readings of the module docstring):
    :func:`racebook.rf90.rules.classification.classification` with the retirements of the race's log."""
    return _classification(race.state, retired_order(race.events))


def distance(race: Race, car_id: str) -> int:
    """Sections covered: laps × the track's sections + the section's index (a car at a re-entry point counts
    its re-entry section, §18.5)."""
    s = race.state
    car = s.cars[car_id]
    return car.lap * len(s.track.sections) + s.section(car.off_track or car.section).index


def gap_to_winner(race: Race, car_id: str) -> int | None:
    """Sections between ``car_id`` and the winner (the Leader token, §25) at the end; None for a car that is out."""
    s = race.state
    car = s.cars[car_id]
    if car.status is not Status.RACING or not car.section or s.leader is None:
        return None
    return max(0, distance(race, s.leader) - distance(race, car_id))


RETIREMENT_KINDS = ("wear slots full", "crash off the track", "no tyre chips", "no cards to discard")
RETIREMENT_KIND = {  # the short name of each §18.6 cause
    ev.Retirement.NO_WEAR_SLOT: RETIREMENT_KINDS[0], ev.Retirement.CRASH_OUT: RETIREMENT_KINDS[1],
    ev.Retirement.RECOVERY_CHART: RETIREMENT_KINDS[1], ev.Retirement.TYRES: RETIREMENT_KINDS[2],
    ev.Retirement.CARDS: RETIREMENT_KINDS[3],
}


def retirement_kind(why: ev.Retired | str) -> str:
    """A short name for a :class:`racebook.rf90.events.Retired` event's cause (§18.6): wear that finds no free slot
    (§13.D.1), a Crash Out or a "retire" on an off-track route (§18.1), tyre chips or cards the car cannot pay.
    A reason sentence (a 0.1 log's ``Retired.why``) is still read, by its words."""
    if isinstance(why, ev.Retired):
        return RETIREMENT_KIND[why.cause]
    if "wear slot" in why:
        return RETIREMENT_KINDS[0]
    if "Crash Out" in why or "recovery chart" in why:
        return RETIREMENT_KINDS[1]
    if "tyre" in why:
        return RETIREMENT_KINDS[2]
    if "discard" in why:
        return RETIREMENT_KINDS[3]
    return why


def _status(race: Race, car_id: str) -> str:
    car = race.state.cars[car_id]
    if car.status is Status.RETIRED:
        return "retired"
    if car.status is Status.OUT_OF_FUEL:
        return "out of fuel"
    return "off track" if car.off_track is not None else "running"


def outcomes(race: Race, result: RaceResult, arm: str = "") -> list[CarOutcome]:
    """The human cars' outcomes of one finished race (robots are the field, not the subject)."""
    s = race.state
    order = classification(race)
    humans = [c.id for c in s.cars.values() if not c.is_robot]
    lb = Counter(a.car for a in race.actions if isinstance(a, LateBrake))
    blue = Counter(a.car for a in race.actions if isinstance(a, Play) and a.blue)
    events = race.events
    failed = Counter(e.car for e in events if isinstance(e, ev.CheckTest) and e.rule == "§13.F.1" and not e.passed)
    why = {e.car: retirement_kind(e) for e in events if isinstance(e, ev.Retired)}
    return [CarOutcome(arm, result.seed, c, order.index(c) + 1, len(order), _status(race, c), result.winner == c,
                       tuple(result.pit_turns.get(c, ())), lb[c], failed[c], blue[c], gap_to_winner(race, c),
                       why.get(c, "")) for c in humans]


def run_race(exp: Experiment, arm: Arm, seed: int, frames: bool = False) -> tuple[Race, RaceResult]:
    """Play race ``seed`` of ``arm`` with :func:`racebook.rf90.analysis.simulate.one_race`."""
    return one_race(exp.track, seed, players=exp.players, frames=frames, **arm.options)


# ------------------------------------------------------------------ many races
def _outcomes_job(task: tuple[Experiment, int, int]) -> list[CarOutcome]:
    """Race ``seed`` of arm number ``i`` of the experiment and its human cars' outcomes, in a worker process: the
    race is built from the experiment and the seed alone and only the small outcomes travel back."""
    exp, i, seed = task
    arm = exp.arms[i]
    race, result = run_race(exp, arm, seed)
    return outcomes(race, result, arm.label)


def iter_runs(exp: Experiment, races: int,
              jobs: int | str | None = 1) -> Iterator[tuple[Arm, int, list[CarOutcome]]]:
    """Play ``races`` seeds for every arm, seed by seed (all arms of a seed, then the next seed), so that a
    progress display sees every arm grow together. Yields ``(arm, seed, outcomes of its human cars)``.

    ``jobs`` > 1 (0 or ``"auto"``: every core) plays the races in that many worker processes
    (:func:`racebook.rf90.analysis.simulate.map_in_order`); they are still yielded in the same order, with the
    same outcomes as the serial run (default ``jobs=1``)."""
    tasks = [(exp, i, seed) for seed in exp.seeds(races) for i in range(len(exp.arms))]
    for (_, i, seed), outs in zip(tasks, map_in_order(_outcomes_job, tasks, jobs), strict=True):
        yield exp.arms[i], seed, outs


def run(exp: Experiment, races: int,
        on_race: Callable[[Arm, int, list[CarOutcome]], None] | None = None,
        jobs: int | str | None = 1) -> dict[str, list[CarOutcome]]:
    """All the outcomes of :func:`iter_runs` (``jobs`` worker processes), by arm label (in the experiment's arm
    order)."""
    out: dict[str, list[CarOutcome]] = {a.label: [] for a in exp.arms}
    for arm, seed, outs in iter_runs(exp, races, jobs):
        out[arm.label].extend(outs)
        if on_race is not None:
            on_race(arm, seed, outs)
    return out


# ------------------------------------------------------------------ statistics
def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of the mean (sample s.d. / √n); the error is 0.0 for fewer than 2 values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, math.sqrt(var / n)


def by_race(outs: Sequence[CarOutcome], value: Callable[[CarOutcome], float]) -> dict[int, float]:
    """One number per race, by seed (the mean over that race's human cars)."""
    by_seed: dict[int, list[float]] = {}
    for o in outs:
        by_seed.setdefault(o.seed, []).append(value(o))
    return {seed: sum(v) / len(v) for seed, v in sorted(by_seed.items())}


def per_race(outs: Sequence[CarOutcome], value: Callable[[CarOutcome], float]) -> list[float]:
    """:func:`by_race` as a list in seed order: races, not cars, are the independent unit (the human cars of
    one race share its cards and weather)."""
    return list(by_race(outs, value).values())


def races_needed(sd: float, difference: float, z_alpha: float = Z95, z_power: float = Z80) -> int:
    """Races per arm to tell two arms apart whose means differ by ``difference`` when one race's value has
    standard deviation ``sd``: n = 2 (z_α + z_β)² sd² / difference² (two-sided 5 %, 80 % power by default)."""
    if difference <= 0:
        raise ValueError("the difference to detect must be positive")
    return max(2, math.ceil(2 * (z_alpha + z_power) ** 2 * sd ** 2 / difference ** 2))


@dataclass(frozen=True)
class ArmStats:
    """The summary of one arm's outcomes."""

    arm: str
    races: int
    cars: int  # human car-races (races × players)
    mean_position: float
    se_position: float  # standard error of the mean position, races as the unit
    sd_position: float  # standard deviation of one race's (mean human) position
    win_share: float
    podium_share: float  # finished 1st–3rd
    retired_share: float  # retired or out of fuel (§18.6, §13.A.3)
    pit_stops: float  # per car and race
    lb_attempts: float  # per car and race
    lb_failures: float  # per car and race: trips off the track after a late braking (§18.3)
    blue_tokens: float  # per car and race
    gap: float  # mean sections behind the winner, cars still in the race only

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the mean position (normal approximation: mean ± 1.96 SE)."""
        return self.mean_position - Z95 * self.se_position, self.mean_position + Z95 * self.se_position


def arm_stats(arm: str, outs: Sequence[CarOutcome]) -> ArmStats:
    """Summarise one arm's outcomes (see :class:`ArmStats`)."""
    n = len(outs)
    pos = per_race(outs, lambda o: o.position)
    mean, se = mean_and_error(pos)
    races = len(pos)

    def share(pred: Callable[[CarOutcome], bool]) -> float:
        return sum(1 for o in outs if pred(o)) / n if n else math.nan

    def avg(value: Callable[[CarOutcome], int]) -> float:
        return sum(value(o) for o in outs) / n if n else math.nan

    gaps = [o.gap for o in outs if o.gap is not None]
    return ArmStats(arm, races, n, mean, se, se * math.sqrt(races), share(lambda o: o.won),
                    share(lambda o: o.position <= 3), share(lambda o: not o.finished),
                    avg(lambda o: len(o.pit_turns)), avg(lambda o: o.lb_attempts), avg(lambda o: o.lb_failures),
                    avg(lambda o: o.blue_tokens), sum(gaps) / len(gaps) if gaps else math.nan)


def stats(results: Mapping[str, Sequence[CarOutcome]]) -> list[ArmStats]:
    """:func:`arm_stats` of every arm, in order."""
    return [arm_stats(a, outs) for a, outs in results.items()]


def stats_table(results: Mapping[str, Sequence[CarOutcome]], digits: int = 2) -> list[dict[str, Any]]:
    """One row per arm for printing (rounded): races, mean position ± SE, 95 % interval, shares, per-race counts."""
    rows = []
    for st in stats(results):
        lo, hi = st.interval
        rows.append({
            "choice": st.arm, "races": st.races, "mean position": round(st.mean_position, digits),
            "± SE": round(st.se_position, digits), "95% interval": f"{lo:.{digits}f}–{hi:.{digits}f}",
            "win %": round(100 * st.win_share, 1), "podium %": round(100 * st.podium_share, 1),
            "retired %": round(100 * st.retired_share, 1), "gap": round(st.gap, 1),
            "pit stops": round(st.pit_stops, digits),
            "LB tries": round(st.lb_attempts, digits), "LB off track": round(st.lb_failures, digits),
            "blue tokens": round(st.blue_tokens, digits),
        })
    return rows


def position_distribution(outs: Sequence[CarOutcome], cars: int | None = None) -> list[float]:
    """Share of the outcomes finishing 1st, 2nd, … ``cars``-th (retired cars counted at their place)."""
    n = cars if cars is not None else max((o.cars for o in outs), default=0)
    counts = Counter(o.position for o in outs)
    total = len(outs)
    return [counts[p] / total if total else 0.0 for p in range(1, n + 1)]


def pit_turn_histogram(outs: Sequence[CarOutcome]) -> dict[int, int]:
    """How many pit stops were made on each Game Turn (§8: the chit's turn, then 10 turns later, …)."""
    return dict(sorted(Counter(t for o in outs for t in o.pit_turns).items()))


def pit_turn_table(results: Mapping[str, Sequence[CarOutcome]]) -> dict[str, dict[int, int]]:
    """:func:`pit_turn_histogram` per arm, every arm listing the same turns (0 where none pitted)."""
    hist = {a: pit_turn_histogram(outs) for a, outs in results.items()}
    turns = sorted({t for h in hist.values() for t in h})
    return {a: {t: h.get(t, 0) for t in turns} for a, h in hist.items()}


def status_table(results: Mapping[str, Sequence[CarOutcome]]) -> dict[str, dict[str, int]]:
    """How the human cars ended, per arm: running / off track / retired / out of fuel (§18.5, §18.6, §13.A.3)."""
    kinds = ("running", "off track", "retired", "out of fuel")
    return {a: {k: sum(1 for o in outs if o.status == k) for k in kinds} for a, outs in results.items()}


def retirement_table(results: Mapping[str, Sequence[CarOutcome]]) -> dict[str, dict[str, int]]:
    """Why the human cars retired, per arm (:func:`retirement_kind`; every arm lists the same kinds)."""
    kinds = list(RETIREMENT_KINDS) + sorted({o.why_out for outs in results.values() for o in outs
                                            if o.why_out and o.why_out not in RETIREMENT_KINDS})
    return {a: {k: sum(1 for o in outs if o.why_out == k) for k in kinds} for a, outs in results.items()}


@dataclass(frozen=True)
class Difference:
    """Arm ``b`` minus arm ``a`` (mean position by default), race by race over their common seeds."""

    a: str
    b: str
    races: int
    mean: float  # for positions: negative = ``b`` finishes further forward
    se: float
    what: str = "places"

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - Z95 * self.se, self.mean + Z95 * self.se

    @property
    def clear(self) -> bool:
        """The 95 % interval excludes zero."""
        lo, hi = self.interval
        return lo > 0 or hi < 0

    def sentence(self, digits: int = 2) -> str:
        lo, hi = self.interval
        verdict = "a clear difference" if self.clear else "not clear: it could be noise"
        return (f"{self.b} minus {self.a}: {self.mean:+.{digits}f} {self.what} (95% interval {lo:+.{digits}f} to "
                f"{hi:+.{digits}f}, {self.races} paired races) — {verdict}")


def paired_difference(results: Mapping[str, Sequence[CarOutcome]], a: str, b: str,
                      value: Callable[[CarOutcome], float] | None = None, what: str = "places") -> Difference:
    """:class:`Difference` of ``value`` (default: the finishing position), pairing the races of ``a`` and ``b``
    that share a seed; e.g. ``value=lambda o: not o.finished, what="retirements per car"``."""
    fn = value if value is not None else (lambda o: o.position)
    pa = by_race(results[a], fn)
    pb = by_race(results[b], fn)
    diffs = [pb[s] - pa[s] for s in sorted(set(pa) & set(pb))]
    mean, se = mean_and_error(diffs)
    return Difference(a, b, len(diffs), mean, se, what)


def lb_failure_event(race: Race, car: str) -> int | None:
    """1-based position in ``race.events`` of ``car``'s first failed late-braking test (§13.F.1, §18.3), or None."""
    for i, e in enumerate(race.events, start=1):
        if isinstance(e, ev.CheckTest) and e.rule == "§13.F.1" and e.car == car and not e.passed:
            return i
    return None


def lb_excursion(race: Race, car: str) -> list[ev.Event]:
    """The events of ``car``'s first failed late braking: from the failed test (§13.F.1) along the off-track route
    (§18.3) to the end of that individual turn (at the re-entry point, §18.5) or the car's retirement (§18.6)."""
    start = lb_failure_event(race, car)
    if start is None:
        return []
    events = race.events
    out: list[ev.Event] = []
    for e in events[start - 1:]:
        out.append(e)
        if (isinstance(e, ev.TurnEnds) or isinstance(e, ev.Retired)) and e.car == car:
            break
    return out


def greedy_fuel_plan(track: str, chit: int, max_stops: int = 4) -> planner.FuelPlan:
    """The fuel plan the automatic driver follows: pit only when the chit is due, never an extra section (§8,
    §13.A.3), as few stops as reach the finish (:func:`racebook.rf90.analysis.planner.plan`). Forced pit stops after an
    off-track excursion (§18.1) and Safety Car stops (§21.4) come on top of it in a real race."""
    for stops in range(max_stops + 1):
        try:
            return planner.plan(track, chit, [0] * stops)
        except planner.ImpossiblePlan:
            continue
    raise ValueError(f"chit {chit} on {track}: no plan with at most {max_stops} stops")


# ------------------------------------------------------------------ the notebook's three experiments
def refuel(chits: Sequence[int] = (8, 12, 16), track: str = "silverstone", players: int = 1,
           seed: int = 0) -> Experiment:
    """Experiment 1: the refuel chit (§7.1 qualifying modifier, §8 mandatory pit turn); Hard tyres, SAVE TYRES."""
    return Experiment("Refuel chit", tuple(Arm(f"chit {c}", {"refuel": c}) for c in chits), track, players, seed)


def late_braking(track: str = "silverstone", players: int = 1, seed: int = 0) -> Experiment:
    """Experiment 2: late braking always / never / when the exact odds are ≥ 60 % (§13.F.1, §18.3)."""
    arms = (Arm("always", {"late_brake": True}), Arm("never", {"late_brake": False}),
            Arm("by the odds", {"late_brake": None}))
    return Experiment("Late braking", arms, track, players, seed)


def tyres(track: str = "silverstone", players: int = 1, seed: int = 0) -> Experiment:
    """Experiment 3: start on Soft or Hard tyres (§9.2); everything else as in one_race's defaults."""
    arms = (Arm("Soft", {"tyre": Tyre.SOFT}), Arm("Hard", {"tyre": Tyre.HARD}))
    return Experiment("Starting tyres", arms, track, players, seed)
