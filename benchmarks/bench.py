"""racebook benchmarks (a script, not a timed test): every figure with its ratio to the apply-only floor and to the
robot individual turn (issue 16 item 7).

    .venv/bin/python benchmarks/bench.py                 # the table
    .venv/bin/python benchmarks/bench.py --json          # the same figures as JSON (by game)
    .venv/bin/python benchmarks/bench.py --races 200     # fewer races for the races figures
    .venv/bin/python benchmarks/bench.py --notebooks     # also time the notebook suite under nbval (minutes)
    .venv/bin/python benchmarks/bench.py --notebooks --readme   # rewrite the figures table of docs/benchmarks.md

Figures (RF90; then Automobiles; FormulaGP gets its rows when it exists):

- apply-only floor: the actions of races with 4 automatic human drivers + 6 robots replayed with no legal listing at
  all (``apply`` accepts them unchecked), per individual turn (robots' turns included): what the turns cost at least;
- human-driver race, engine: the same actions replayed as a widget does (``legal_actions()`` then ``apply``);
- human-driver race, full loop: the races played by ``GreedyDriver`` (listing, the driver's choice, ``apply``);
- robot individual turn: full races of 10 robots (Silverstone), per individual turn;
- Monte Carlo (benchmarks/bench_montecarlo.py): 1,000 robot races serially and with ``jobs=2``, the season's
  title odds, Automobiles' and FormulaGP's ``racebook simulate``: serial CPU, pooled wall, the workers' CPU over the
  serial CPU, and the idle 2-core wall time estimated from the CPU figures (issue 36's 6 s for 1,000 races);
- CLI start-up: whole ``racebook`` processes (``--help``, ``scenarios``, ``replay`` of each game), CPU with a bytecode
  cache (issue 36's 0.2 s);
- exact late-braking odds, exact duel odds, ``Race.clone()`` against a replay by ``at(n)``;
- frames (issue 16 item 5): the human-driver races replayed keeping frames (a copy of the position every
  ``Race.snapshot_every`` steps), with the memory each race keeps per event with frames and without; a walk back
  through a whole race by ``at(n)`` (every click, n = N … 0); clicks of the stepper (◀ and the slider) on a
  1,000-event race, engine and view (needs the ``lab`` extra).
- RF90 Championship (Expansion #1 §6): the shipped 4-race season ``mini`` run through the race engine (the CLI's
  ``racebook season run mini``), and title odds: sampled seasons per second after race 1 (3 races each).
- FormulaGP (benchmarks/bench_formulagp.py ``figures``): the apply-only floor per action, the engine and the full
  loop, whole 2- and 6-car races, 4 players + 2 Rookie BOTs (bench_formulagp_rookies.py), clone against ``at(n)``;
  the exact battle odds against 8 unseen cards (``battleodds_figure``); notebook F3's pit-window
  planner at the widest the sliders go (``pitwindow_figure``).
- Automobiles: a decision of a greedy computer player (listing, choice, ``apply``), a whole 4-player race with the
  greedy players, ``Race.clone()`` against ``at(n)``, a click back at the end of a race with frames (``at(n - 1)``,
  with the number of actions it replays).
- ``--auto-pair DIR`` (issue 39): the whole-race figure of this checkout against another one (e.g. an export of the
  commit before a change, ``git archive``), in paired runs: each pair runs both in fresh processes, in alternating
  order, so both see the same machine load; the ratio is the median of the pairs'. ``--auto-only`` skips RF90.

Per-turn and per-call figures are CPU time of this process (time.process_time), so a busy machine inflates them
less; the races figures give CPU and wall time (a process pool's work is only visible on the wall clock). The
notebook suite is timed separately: the script prints the command (``--notebooks`` runs it, wall clock).
Targets (issue 16, issue 36): human-driver individual turn < 100 µs and within 1.5x of the floor; robot turn < 60 µs;
1,000 robot races < 6 s of wall time with --jobs 2 on an idle 2-core machine; CLI start-up < 0.2 s; exact
late-braking odds < 1 ms; notebook suite under nbval < 90 s. Every figure is shown over its game's apply-only floor
and over the same figure of the previous run's JSON (``--compare``, the committed benchmarks/baseline.json).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from racebook.rf90 import events as ev  # noqa: E402
from racebook.rf90.analysis import odds  # noqa: E402
from racebook.rf90.analysis import simulate as sim  # noqa: E402
from racebook.rf90.car import RobotType  # noqa: E402
from racebook.rf90.game import Race  # noqa: E402
from racebook.rf90.setup import new_race  # noqa: E402
from racebook.rf90.trackfile import load_track  # noqa: E402

TEN_ROBOTS = [(f"SuperFast{i}", RobotType.SUPERFAST) for i in range(1, 4)] + \
    [(f"Fast{i}", RobotType.FAST) for i in range(1, 5)] + [(f"Slow{i}", RobotType.SLOW) for i in range(1, 4)]
TRACK = "silverstone"
NBVAL = [".venv/bin/python", "-m", "pytest", "--nbval", "--nbval-current-env", "notebooks", "-q"]


@dataclass
class Figure:
    key: str
    label: str
    seconds: float  # per unit
    unit: str  # "turn", "race", "call", "1,000 races"…
    target: float | None = None  # seconds per unit
    note: str = ""
    floor_ratio: float | None = None
    robot_ratio: float | None = None
    previous: float | None = None  # the same figure in the previous run's JSON (--compare)
    previous_ratio: float | None = None  # seconds / previous: above 1 is slower than last time


def turns_of(race: Race) -> int:
    return sum(1 for e in race.events if isinstance(e, ev.TurnBegins))


def robot_race(seed: int) -> tuple[float, int]:
    rs = new_race(load_track(TRACK), [], TEN_ROBOTS, seed=seed)
    t0 = time.process_time()
    race = Race(rs.state, frames=False)
    dt = time.process_time() - t0
    assert race.is_over
    return dt, turns_of(race)


class _Everything(list):  # type: ignore[type-arg]
    """A 'legal list' that holds every action: apply's check passes without listing anything."""

    def __contains__(self, item: object) -> bool:
        return True


def _no_listing() -> list:  # type: ignore[type-arg]
    raise AssertionError("the apply-only floor listed legal actions")


def replay(race: Any, actions: list, listing: bool, frames: bool = False) -> float:  # type: ignore[type-arg]
    """CPU time to apply ``actions`` to a fresh copy of ``race``'s start; with or without a legal listing."""
    r = race._fresh(frames)
    if not listing:
        everything = _Everything()
        r._legal_now = lambda: everything  # type: ignore[method-assign]
        r._list_legal = _no_listing  # type: ignore[method-assign]
    t0 = time.process_time()
    if listing:
        for a in actions:
            r.legal_actions()
            r.apply(a)
    else:
        for a in actions:
            r.apply(a)
    dt = time.process_time() - t0
    assert r.is_over and _final(r) == _final(race)
    return dt


def _final(race: Any) -> Any:
    """What must match after a replay: the final state (RF90), or every event's sentence (Automobiles)."""
    return race.state.to_dict() if hasattr(race.state, "to_dict") else [str(e) for e in race.events]


def per_call(fn: Callable[[], Any], n: int) -> float:
    t0 = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t0) / n


def kept_bytes(race: Race, frames: bool) -> int:
    """The memory (tracemalloc) a race keeps after replaying ``race``'s actions, with or without frames."""
    gc.collect()
    tracemalloc.start()
    try:
        r = race._fresh(frames)
        for a in race.actions:
            r.apply(a)
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def human_figures(n: int) -> list[Figure]:
    loop = engine = floor = kept = 0.0
    turns = 0
    for i in range(n):
        t0 = time.process_time()
        race, _ = sim.one_race(TRACK, seed=i, players=4, robots=TEN_ROBOTS[:6])
        loop += time.process_time() - t0
        turns += turns_of(race)
        actions = race.actions
        engine += replay(race, actions, listing=True)
        floor += replay(race, actions, listing=False)
        kept += replay(race, actions, listing=True, frames=True)
    events = len(race.events)
    on, off = kept_bytes(race, True), kept_bytes(race, False)
    return [
        Figure("floor_turn", "apply-only floor: 4 automatic human drivers + 6 robots, actions replayed unchecked",
               floor / turns, "individual turn", note=f"{n} races, {turns} individual turns"),
        Figure("human_turn", "human-driver race, engine: legal_actions() + apply per decision", engine / turns,
               "individual turn", target=100e-6),
        Figure("human_turn_loop", "human-driver race, full loop: listing + GreedyDriver's choice + apply",
               loop / turns, "individual turn", note=f"{loop / n * 1e3:.0f} ms per race"),
        Figure("human_turn_frames", f"the same, keeping frames (a copy of the position every {Race.snapshot_every} "
               "steps)", kept / turns, "individual turn",
               note=f"{kept / engine:.2f}x without frames; memory kept {on / events:,.0f} B/event with frames, "
                    f"{off / events:,.0f} without ({events:,} events)"),
    ]


def robot_figures(n: int) -> list[Figure]:
    times, turns = [], 0
    for i in range(n):
        dt, k = robot_race(i)
        times.append(dt)
        turns += k
    return [
        Figure("robot_turn", f"robot individual turn (10 robots, {load_track(TRACK).turns.last_turn}-turn {TRACK})",
               sum(times) / turns, "individual turn", target=60e-6),
        Figure("robot_race", "full robot race (10 cars)", statistics.median(times), "race (median)", target=20e-3),
    ]


def races_figures(n: int, odds_samples: int) -> list[Figure]:
    """RF90's Monte Carlo: robot races and title odds, serially and in two worker processes (bench_montecarlo)."""
    import bench_montecarlo as mc
    return [Figure(**d) for d in mc.rf90_races(n) + mc.season_odds(odds_samples)]


def odds_and_copy_figures() -> list[Figure]:
    sc_race, _ = sim.one_race(TRACK, seed=1)
    mid = sc_race.at(len(sc_race.actions) // 2)
    t_clone = per_call(mid.clone, 100)
    t_at = per_call(lambda: sc_race.at(len(mid.actions)), 10)
    s = sc_race.at(40).state
    car = next(c for c in s.cars.values() if not c.is_robot and c.on_track)
    pairs = odds.duel_vs_robot(s, car.id, 5, -2).pairs
    t_duel = per_call(lambda: odds.duel_vs_robot(s, car.id, 5, -2), 20)
    zone = next(x for x in s.track.sections if x.lb_modifier is not None)
    s.remove(car.id)
    s.place(car.id, zone.name)
    t_lb = per_call(lambda: odds.late_braking(s, car), 20)
    return [
        Figure("late_braking_odds", f"exact late-braking odds incl. the off-track route ({zone.name})", t_lb, "call",
               target=1e-3),
        Figure("duel_odds", f"exact duel odds vs a robot's two blind cards ({pairs:,} pairs)", t_duel, "call"),
        Figure("clone", f"Race.clone() of a mid-race position ({len(mid.actions)} actions)", t_clone, "call"),
        Figure("replay_at", "the same position replayed from the start, at(n) of a race without frames", t_at,
               "call", note=f"clone is {t_at / t_clone:.0f}x faster"),
    ]


def travel_figures() -> list[Figure]:
    """A walk back through a whole human-driver race with frames by at(n), and stepper clicks on 1,000 events."""
    race, _ = sim.one_race(TRACK, seed=1, players=4, robots=TEN_ROBOTS[:6], frames=True)
    clicks = []
    for n in range(len(race.actions), -1, -1):
        t0 = time.process_time()
        race.at(n)
        clicks.append(time.process_time() - t0)
    out = [Figure("walk_back", f"a click back through a whole race with frames: at(n), n = {len(clicks) - 1} … 0",
                  statistics.mean(clicks), "click (mean)",
                  note=f"{len(clicks) / sum(clicks):.0f} clicks/s; worst click {fmt(max(clicks))}")]
    try:
        from racebook.rf90.ui import ScenarioPlayer
    except ImportError:  # pragma: no cover - the lab extra is not installed
        return out
    k = next(i for i in range(len(race.steps)) if sum(len(st.events) for st in race.steps[:i + 1]) >= 1000)
    small = race.at(k)
    player = ScenarioPlayer(small, position=None)
    stepper, rnd, times = player.stepper, random.Random(0), []
    for i in range(80):
        t0 = time.process_time()
        stepper.prev() if i < 40 else stepper.go(rnd.randrange(stepper.count + 1))
        times.append(time.process_time() - t0)
    assert player.errors.text == "", player.errors.text
    out.append(Figure("stepper_click", f"a stepper click on a {len(small.events):,}-event race (engine + track view + "
                      "log): 40 x ◀ from the end, 40 slider jumps", statistics.mean(times), "click (mean)",
                      target=0.1, note=f"worst click {fmt(max(times))}"))
    return out


def season_figures(samples: int) -> list[Figure]:
    """A whole 4-race season from a shipped file, and the title odds' Monte Carlo (sampled seasons per second)."""
    from racebook.rf90.championship import SeasonRun, load_season
    from racebook.rf90.championship.titleodds import title_odds
    season = load_season("mini")
    w0, c0 = time.perf_counter(), time.process_time()
    run = SeasonRun(season, 0).run()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    c0 = time.process_time()
    title_odds(season, run.results[:1], samples=samples, seed=0)
    per = (time.process_time() - c0) / samples
    return [Figure("season_run", "a 4-race season from a file (mini: 8 cars), computer drivers", cpu, "season",
                   note=f"wall {wall:.2f} s"),
            Figure("title_odds", f"title odds after race 1 of 4: one sampled season (3 races; {samples} samples)",
                   per, "sampled season", note=f"{1 / per:.1f} seasons/s on one core")]


def automobiles_figures(n: int) -> list[Figure]:
    from racebook.automobiles.agents import GreedyDriver
    from racebook.automobiles.game import Race as AutoRace
    from racebook.automobiles.setup import new_state
    from racebook.core.agents import play_out
    cpu, decisions, races = 0.0, 0, []
    for seed in range(n):
        t0 = time.process_time()
        r = play_out(AutoRace(new_state(4, seed=seed), frames=False), GreedyDriver())
        cpu += time.process_time() - t0
        decisions += len(r.actions)
        races.append(r)
    mid = races[0].at(len(races[0].actions) // 2, frames=False)
    t_clone = per_call(mid.clone, 100)
    t_at = per_call(lambda: races[0].at(len(mid.actions), frames=False), 5)
    floor = sum(replay(r, r.actions, listing=False) for r in races) / decisions
    engine = sum(replay(r, r.actions, listing=True) for r in races) / decisions
    return [Figure("auto_floor", "Automobiles: apply-only floor: the greedy races' actions replayed unchecked", floor,
                   "decision", note=f"{n} races, {decisions:,} decisions"),
            Figure("auto_engine", "Automobiles: engine: legal_actions() + apply per decision", engine, "decision")] \
        + automobiles_base(cpu, decisions, n, mid, t_clone, t_at) + [automobiles_click_back()] \
        + automobiles_more(max(1, n // 5), mid)


def automobiles_click_back(seeds: int = 3) -> Figure:
    """A click back at the end of a 4-player greedy race with frames, as the stepper's ◀ does: ``at(n - 1)``; the
    note says how many actions each click replays (counted through ``apply_recorded``)."""
    from racebook.automobiles.agents import GreedyDriver
    from racebook.automobiles.game import Race as AutoRace
    from racebook.automobiles.setup import new_state
    from racebook.core.agents import play_out
    times, replayed, lengths = [], [], []
    for seed in range(seeds):
        race = play_out(AutoRace(new_state(4, seed=seed), frames=True), GreedyDriver())
        n = len(race.actions)
        lengths.append(n)
        count = [0]
        real = AutoRace.apply_recorded

        def counting(self: Any, action: Any, real: Any = real, count: list[int] = count) -> Any:
            count[0] += 1
            return real(self, action)

        AutoRace.apply_recorded = counting  # type: ignore[method-assign]
        try:
            t0 = time.process_time()
            back = race.at(n - 1)
            times.append(time.process_time() - t0)
        finally:
            AutoRace.apply_recorded = real  # type: ignore[method-assign]
        assert back.actions == race.actions[:-1]
        replayed.append(count[0])
    return Figure("auto_click_back", "Automobiles: a click back at the end of a 4-player race with frames, "
                  "at(n - 1)", statistics.mean(times), "click (mean)",
                  note=f"replays {max(replayed)} actions at most (races of {min(lengths)}–{max(lengths)} actions)")


AUTO_RUN = """
import sys, time
from racebook.automobiles.agents import GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.setup import new_state
from racebook.core.agents import play_out
n, total = int(sys.argv[1]), 0.0
for seed in range(n):
    state = new_state(4, seed=seed)
    t0 = time.process_time()
    play_out(Race(state, frames=False), GreedyDriver())
    total += time.process_time() - t0
print(total / n)
"""


def _auto_race_cpu(root: Path, races: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", AUTO_RUN, str(races)], env=env, capture_output=True, text=True,
                         check=True, cwd=root)
    return float(out.stdout.strip().splitlines()[-1])


def automobiles_paired(other: Path, pairs: int, races: int) -> list[Figure]:
    """The whole-race CPU time (4 greedy players, frames off) of this checkout and of ``other``, in paired runs."""
    mine, theirs = [], []
    for i in range(pairs):
        order = [(ROOT, mine), (other, theirs)]
        for root, out in order if i % 2 == 0 else order[::-1]:
            out.append(_auto_race_cpu(root, races))
    ratios = sorted(t / m for m, t in zip(mine, theirs, strict=True))
    return [Figure("auto_race_pair", f"Automobiles: a whole 4-player greedy race, this checkout ({pairs} paired "
                   f"runs of {races} races)", statistics.median(mine), "race",
                   note=f"{other}: {fmt(statistics.median(theirs))}; median ratio {statistics.median(ratios):.2f}x "
                        f"(pairs {ratios[0]:.2f}x–{ratios[-1]:.2f}x)")]


def automobiles_more(n: int, mid: Any) -> list[Figure]:
    """The second computer policy, a whole Season, and a save of a race in progress resumed."""
    from racebook.automobiles import saves
    from racebook.automobiles.agents import BuilderDriver, GreedyDriver
    from racebook.automobiles.game import Race as AutoRace
    from racebook.automobiles.setup import new_state
    from racebook.core.agents import play_out
    cpu_b, dec_b, cpu_s, dec_s = 0.0, 0, 0.0, 0
    for seed in range(n):
        t0 = time.process_time()
        r = play_out(AutoRace(new_state(4, seed=seed), frames=False), BuilderDriver())
        cpu_b += time.process_time() - t0
        dec_b += len(r.actions)
        t0 = time.process_time()
        r = play_out(AutoRace(new_state(4, seed=seed, season=3, draft=True), frames=False), GreedyDriver())
        cpu_s += time.process_time() - t0
        dec_s += len(r.actions)
    text = saves.dumps(mid)
    t_load = per_call(lambda: saves.loads(text, frames=False), 3)
    return [
        Figure("auto_builder_race", "Automobiles: a whole 4-player race of builder players", cpu_b / n, "race",
               note=f"{dec_b / n:.0f} decisions a race"),
        Figure("auto_season", "Automobiles: a 3-race Season with sponsors and a driver draft, 4 greedy players",
               cpu_s / n, "season", note=f"{dec_s / n:.0f} decisions a season"),
        Figure("auto_save_load", f"Automobiles: saves.loads of a race in progress ({len(mid.actions)} actions, "
               f"{len(text) // 1024} KiB), replayed and checked", t_load, "call"),
    ]


def automobiles_base(cpu: float, decisions: int, n: int, mid: Any, t_clone: float, t_at: float) -> list[Figure]:
    return [
        Figure("auto_decision", "Automobiles: a greedy player's decision (list, choose, apply)", cpu / decisions,
               "decision", note=f"{decisions / n:.0f} decisions a race"),
        Figure("auto_race", "Automobiles: a whole 4-player race of greedy players", cpu / n, "race"),
        Figure("auto_clone", f"Automobiles: Race.clone() mid-race ({len(mid.actions)} actions)", t_clone, "call"),
        Figure("auto_replay_at", "Automobiles: the same position by replay, at(n)", t_at, "call",
               note=f"clone is {t_at / t_clone:.0f}x faster"),
    ]


def fmt(seconds: float | None) -> str:
    if seconds is None or seconds != seconds:  # nan: not measured
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def ratio(x: float | None) -> str:
    return "—" if x is None or x != x else f"{x:,.1f}x"


def vs_previous(f: Figure) -> str:
    """The figure against the previous run's: ``0.82x`` (faster), ``1.40x SLOWER`` past :data:`SLOWER`."""
    if f.previous_ratio is None or f.previous_ratio != f.previous_ratio:
        return "—"
    return f"{f.previous_ratio:.2f}x" + (" SLOWER" if f.previous_ratio > SLOWER else "")


README = ROOT / "docs" / "benchmarks.md"  # where --readme writes the figures (moved from README.md, issue 18)
BASELINE = ROOT / "benchmarks" / "baseline.json"  # the previous run's figures (--save writes it, --compare reads it)
BEGIN, END = "<!-- bench:begin (written by benchmarks/bench.py --readme) -->", "<!-- bench:end -->"
SLOWER = 1.25  # a figure this much above the previous run's is marked SLOWER (CPU times vary 10-20 % on a busy box)
FLOORS = {"rf90": "floor_turn", "automobiles": "auto_floor", "formulagp": "fgp_floor"}  # each game's apply-only floor


def with_ratios(games: dict[str, list[Figure]], previous: dict[str, Any] | None) -> None:
    """Each figure over its game's apply-only floor (RF90 also over the robot individual turn) and over the same
    figure of the ``previous`` run's JSON (matched by game and key)."""
    old = {(g, f["key"]): f["seconds"] for g, fs in (previous or {}).get("games", {}).items() for f in fs
           if f.get("seconds") is not None}
    robot = next((f.seconds for f in games.get("rf90", []) if f.key == "robot_turn"), None)
    for game, figures in games.items():
        floor = next((f.seconds for f in figures if f.key == FLOORS.get(game)), None)
        for f in figures:
            f.floor_ratio = f.seconds / floor if floor else None
            f.robot_ratio = f.seconds / robot if robot and game == "rf90" else None
            f.previous = old.get((game, f.key))
            f.previous_ratio = f.seconds / f.previous if f.previous else None


def as_json(games: dict[str, list[Figure]], load: float | None) -> dict[str, Any]:
    return {"machine": {"cpus": os.cpu_count(), "load1": load, "python": platform.python_version()},
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "games": {g: [{k: None if isinstance(v, float) and v != v else v  # nan: not measured
                           for k, v in asdict(f).items()} for f in fs] for g, fs in games.items()},
            "nbval_command": " ".join(NBVAL)}


def readme_table(games: dict[str, list[Figure]], load: float | None, previous: dict[str, Any] | None,
                 when: str | None = None) -> str:
    """The figures block of docs/benchmarks.md: one row per figure, with its ratios and target, and the run's
    conditions."""
    when = when or time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_text = "?" if load is None else f"{load:.1f}"
    was = (previous or {}).get("machine") or {}
    since = f"the previous run's JSON ({previous.get('when', '?')}, load {_load(was.get('load1'))})" if previous \
        else "no previous run"
    lines = [BEGIN,
             f"Figures from one run of `.venv/bin/python benchmarks/bench.py --readme` ({when}; {os.cpu_count()} CPUs, "
             f"load average {load_text}; Python {platform.python_version()}; CPU time unless marked wall). "
             "× floor: the figure over its game's apply-only floor per individual turn (RF90), decision "
             "(Automobiles) or action (FormulaGP; the CLI rows have none); × robot: over the RF90 robot individual "
             f"turn; × previous: over the same figure in {since}, marked SLOWER above {SLOWER}x.",
             "",
             "| measure | per | figure | × floor | × robot | × previous | target | note |",
             "|---|---|---|---|---|---|---|---|"]
    for figures in games.values():
        for f in figures:
            lines.append(f"| {f.label} | {f.unit} | {fmt(f.seconds)} | {ratio(f.floor_ratio)} | "
                         f"{ratio(f.robot_ratio)} | {vs_previous(f)} | {fmt(f.target) if f.target else '—'} | "
                         f"{f.note or '—'} |")
    lines.append(END)
    return "\n".join(lines)


def _load(load: object) -> str:
    return f"{load:.1f}" if isinstance(load, int | float) else "?"


def from_json(saved: dict[str, Any]) -> dict[str, list[Figure]]:
    """The figures of a run saved by ``--save`` (``--from-json``: its table written again without measuring)."""
    return {g: [Figure(**f) for f in fs] for g, fs in saved["games"].items()}


def write_readme(games: dict[str, list[Figure]], load: float | None, previous: dict[str, Any] | None,
                 when: str | None = None) -> None:
    text = README.read_text(encoding="utf-8")
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        raise SystemExit(f"{README}: needs exactly one pair of bench markers ({BEGIN} … {END})")
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    README.write_text(head + readme_table(games, load, previous, when) + tail, encoding="utf-8")
    print(f"wrote the figures into {README.relative_to(ROOT)}", file=sys.stderr)


def formulagp_figures(n: int) -> list[Figure]:
    """FormulaGP's rows (benchmarks/bench_formulagp.py ``figures``), its ``racebook simulate`` in two processes."""
    import bench_formulagp as bf
    import bench_montecarlo as mc
    return [Figure(**d) for d in bf.figures(n, lambda r, a, listing: replay(r, a, listing), per_call)
            + mc.game_races("formulagp", max(2, n // 2))]


def battleodds_figure() -> Figure:
    """FormulaGP: the exact battle odds against 8 unseen cards, the first click (legality tables built), Example
    17's battle (issue 32 item 4's target: 50 ms); benchmarks/bench_battleodds.py has the sweep and the reference."""
    import bench_battleodds as bb

    from racebook.formulagp.analysis import battleodds as bo
    race = bb._race(8)
    cpu, _ = bb._cpu(lambda: bo.battle_odds(race, "Orange"), 3)
    return Figure("fgp_battle_odds", "FormulaGP exact battle odds, 8 unseen cards (first click)", cpu, "call",
                  target=0.05, note="strongest model; median of 3")


def pitwindow_figure() -> Figure:
    """FormulaGP: notebook F3's pit-window planner at the widest its sliders go — 30 rounds left, the pit entry every
    2 rounds from round 1: 745 plans of up to two stops (a click's target: 100 ms)."""
    from racebook.formulagp.analysis import pitwindow as pw
    pw.teaching_plan("soft", 5, 16, first=2, lap_rounds=6)  # the board and track loaded
    times = []
    for _ in range(3):
        t0 = time.process_time()
        w = pw.teaching_plan("soft", 5, 30, first=1, lap_rounds=2)
        times.append(time.process_time() - t0)
    return Figure("fgp_pit_window", "FormulaGP pit-window planner, 30 rounds (F3's widest)", sorted(times)[1], "call",
                  target=0.1, note=f"{len(w.plans)} plans; median of 3")


def main() -> int:
    ap = argparse.ArgumentParser(description="racebook benchmarks")
    ap.add_argument("--races", type=int, default=1000, help="robot races for the races figures (scaled to 1,000)")
    ap.add_argument("--human-races", type=int, default=20)
    ap.add_argument("--robot-races", type=int, default=50)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--notebooks", action="store_true", help="also time the notebook suite under nbval")
    ap.add_argument("--auto-races", type=int, default=10, help="Automobiles races for its figures")
    ap.add_argument("--fgp-races", type=int, default=4, help="FormulaGP races for its figures")
    ap.add_argument("--cli-runs", type=int, default=5, help="runs of each CLI start-up figure (0: none)")
    ap.add_argument("--readme", action="store_true", help="write the figures into docs/benchmarks.md")
    ap.add_argument("--odds-samples", type=int, default=20, help="sampled seasons for the title-odds figure")
    ap.add_argument("--auto-only", action="store_true", help="only the Automobiles figures")
    ap.add_argument("--auto-pair", type=Path, metavar="DIR",
                    help="also time Automobiles races against the checkout in DIR, in paired runs")
    ap.add_argument("--pairs", type=int, default=6, help="paired runs for --auto-pair")
    ap.add_argument("--compare", type=Path, default=BASELINE,
                    help="the previous run's JSON to compare with (default benchmarks/baseline.json)")
    ap.add_argument("--save", type=Path, nargs="?", const=BASELINE, default=None,
                    help="write this run's JSON there (default benchmarks/baseline.json): the next run's previous")
    ap.add_argument("--fail-slower", type=float, default=None, metavar="X",
                    help="exit 1 when a figure is more than X times its previous value (a regression gate)")
    ap.add_argument("--from-json", type=Path, metavar="FILE",
                    help="with --readme: write the table of a run saved by --save (compared with --compare), "
                    "measuring nothing")
    args = ap.parse_args()
    previous = json.loads(args.compare.read_text(encoding="utf-8")) if args.compare.is_file() else None
    if args.from_json:
        saved = json.loads(args.from_json.read_text(encoding="utf-8"))
        games = from_json(saved)
        with_ratios(games, previous)
        write_readme(games, saved["machine"]["load1"], previous, saved["when"])
        return 0
    if args.auto_only:
        auto = automobiles_figures(args.auto_races)
        if args.auto_pair:
            auto += automobiles_paired(args.auto_pair.resolve(), args.pairs, args.auto_races)
        if args.json:
            print(json.dumps({"automobiles": [asdict(f) for f in auto]}, indent=1))
            return 0
        w = max(len(f.label) for f in auto)
        for f in auto:
            print(f"{f.label:<{w}}  {f.unit:<14} {fmt(f.seconds):>10}  {f.note}")
        return 0
    load_track(TRACK)
    robot_race(0)  # warm up imports and caches
    figures = human_figures(args.human_races) + robot_figures(args.robot_races)
    figures += odds_and_copy_figures() + travel_figures() + races_figures(args.races, args.odds_samples)
    figures += season_figures(args.odds_samples)
    if args.notebooks:
        w0 = time.perf_counter()
        r = subprocess.run([sys.executable, *NBVAL[1:]], cwd=ROOT, capture_output=True, text=True)
        last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else "no output"
        figures.append(Figure("nbval", "notebook suite under nbval", time.perf_counter() - w0, "suite (wall)",
                              target=90.0, note=last))
    auto = automobiles_figures(args.auto_races)
    if args.auto_pair:
        auto += automobiles_paired(args.auto_pair.resolve(), args.pairs, args.auto_races)
    import bench_montecarlo as mc
    auto += [Figure(**d) for d in mc.game_races("automobiles", max(2, args.auto_races // 2))]
    games = {"rf90": figures, "automobiles": auto,
             "formulagp": formulagp_figures(args.fgp_races) + [battleodds_figure(), pitwindow_figure()]}
    if args.cli_runs:
        games["cli"] = [Figure(**d) for d in mc.cli_figures(args.cli_runs)]
    with_ratios(games, previous)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if args.readme:
        write_readme(games, load, previous)
    if args.save is not None:
        args.save.write_text(json.dumps(as_json(games, load), indent=1) + "\n", encoding="utf-8")
        print(f"wrote this run's figures to {args.save}", file=sys.stderr)
    slower = [f for fs in games.values() for f in fs
              if args.fail_slower is not None and f.previous_ratio is not None and f.previous_ratio > args.fail_slower]
    if args.json:
        print(json.dumps(as_json(games, load), indent=1))
        return 1 if slower else 0
    print(f"racebook benchmarks; {os.cpu_count()} CPUs, load average {load:.1f}, Python "
          f"{platform.python_version()}; CPU time unless marked wall")
    print("ratios: x floor = / the game's apply-only floor; x robot = / RF90 robot individual turn; x prev = / the "
          + (f"previous run ({args.compare.name}, {previous.get('when', '?')})" if previous else "previous run (none)"))
    w = max(len(f.label) for fs in games.values() for f in fs)
    print(f"{'figure':<{w}}  {'per':<18} {'value':>10} {'x floor':>9} {'x robot':>9} {'x prev':>12} {'target':>9}"
          "  note")
    for fs in games.values():
        for f in fs:
            print(f"{f.label:<{w}}  {f.unit:<18} {fmt(f.seconds):>10} {ratio(f.floor_ratio):>9} "
                  f"{ratio(f.robot_ratio):>9} {vs_previous(f):>12} {fmt(f.target) if f.target else '—':>9}  {f.note}")
    if not args.notebooks:
        print(f"notebook suite under nbval: measured separately (wall clock): {' '.join(NBVAL)}")
    for f in slower:
        print(f"SLOWER than the previous run: {f.key} {fmt(f.seconds)} vs {fmt(f.previous)} "
              f"({f.previous_ratio:.2f}x > {args.fail_slower})", file=sys.stderr)
    return 1 if slower else 0


if __name__ == "__main__":
    sys.exit(main())
