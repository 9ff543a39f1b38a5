"""A pit-window planner: when to stop and on which tyres, and what each plan costs (digest §10.3, §14.1, §16.1–§16.5,
§19.2; issue 32 item 5).

Nothing here is a rule of its own: every number comes from the engine's rules and data.

* **The tyre bonus** of each round is the board's (:meth:`racebook.formulagp.playerboard.PlayerBoard.tyre_bonus`,
  §10.3 step 5) for the state of the tyres at the wear marker (:meth:`~racebook.formulagp.playerboard.PlayerBoard.
  tyre_state`, §14.1): fresh, degraded (the lower side), worn out (none). The marker moves by
  :func:`racebook.formulagp.rules.tyres.change_wear`; new tyres start where :func:`racebook.formulagp.rules.tyres.fit`
  puts them.
* **Worn tyres roll the RED die** after every move once the marker reaches the RED die icon (§14.1, §19.2): each
  such round has the chance of a loss of control of :func:`racebook.formulagp.analysis.hazardodds.hazard_odds` for
  that one hazard (A4's invented faces) — counted as the expected number of spins, not in MP.
* **A stop** (§16.1–§16.5): the move that reaches the pit entry ends there, its MP left lost (§16.1: ``entry_loss``,
  which depends on where the card's MP run out: by default half a regular move, rounded down, as when the move's
  end is as likely anywhere on it); the car sits out its next turn in the box (§16.2), longer
  with Penalty tokens (:func:`racebook.formulagp.rules.pitstop.hold_rounds`, A45); the turn after, it moves from the
  pit exit in **2nd gear** (§16.5: the board's 2nd-gear speed for the pace); the pit lane saves the MP of the track
  it bypasses (the fewest steps from the pit-entry front space to the pit-exit space on the track, from the track
  file). Cold Tyres (−2 LED in battles for 2 rounds, §16.5) cost no MP and are reported, not priced.
* **A regular round** moves the board's speed for ``gear`` × ``pace`` (by default the circuit's commonest gear and
  GREEN) + the tyre bonus; the car reaches the pit entry at round ``first`` and then every ``lap_rounds`` rounds.

:func:`plan_pits` lists every plan of 0, 1 or 2 stops at those passages with any dry tyre (§14.2: wet tyres are
[ADV]) and its total MP over the rounds left; :func:`pit_window` reads a race: the car's tyre and wear, its wear rate
so far, the rounds left and the laps by the computer driver's own estimates (:mod:`racebook.formulagp.agents`).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, deque
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from racebook.formulagp import agents
from racebook.formulagp.analysis.hazardodds import hazard_odds
from racebook.formulagp.lapping import lap_tiles
from racebook.formulagp.playerboard import Pace, PlayerBoard, Tyre, TyreState, load_board
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.rules.pitstop import hold_rounds
from racebook.formulagp.rules.tyres import change_wear, fit
from racebook.formulagp.track import Track, load_track, pit_lane_of
from racebook.formulagp.trackparts import Pos

__all__ = ["Stop", "PitPlan", "PitWindow", "pit_lane_saving", "plan_pits", "pit_window", "teaching_plan", "wear_track",
           "DRY"]

DRY = (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)  # the tyres a Standard race fits at a stop (§14.2; wet is [ADV])
EXIT_GEAR = 2  # §16.5: the move out of the pit lane is in 2nd gear


@dataclass(frozen=True, slots=True)
class Stop:
    round: int  # rounds from now (1 = this coming round) when the car's move reaches the pit entry
    tyre: Tyre


@dataclass(frozen=True, slots=True)
class PitPlan:
    """One plan over the rounds left: its stops, the MP it moves, and what the tyres do."""

    stops: tuple[Stop, ...]
    mp: int  # every MP moved over the rounds left (the pit lane's saving counted as MP moved)
    bonus_mp: int  # of which tyre bonus
    stop_mp: int  # MP the stops cost against racing on (box rounds, the 2nd-gear exit, MP lost at the entry, less the
    #               pit lane's saving)
    worn_rounds: int  # rounds on worn-out tyres (no tyre bonus, §14.1)
    red_die_rounds: int  # rounds rolling the RED die for worn tyres (§14.1, §19.2)
    spins: Fraction  # the expected losses of control from those RED dice

    def sentence(self) -> str:
        when = ", ".join(f"round {s.round} for {s.tyre.value}" for s in self.stops) or "no stop"
        risk = f", {float(self.spins):.2f} expected losses of control" if self.spins else ""
        cost = f"cost {self.stop_mp}" if self.stop_mp >= 0 else f"gain {-self.stop_mp}"
        stops = f", the stops {cost} MP" if self.stops else ""
        return f"{when}: {self.mp} MP ({self.bonus_mp} of tyre bonus{stops}){risk}"


@dataclass(frozen=True)
class PitWindow:
    """Every plan, best first (most MP, then fewer expected spins, then fewer stops)."""

    tyre: Tyre
    wear: int
    rounds: int
    passages: tuple[int, ...]  # the rounds the car reaches the pit entry
    round_mp: int  # the board's speed for the gear and pace, before the tyre bonus
    stop_cost: int  # one stop's cost in MP on fresh tyres of the same bonus (box rounds + exit + entry − saving)
    saving: int  # MP of track the pit lane bypasses
    plans: tuple[PitPlan, ...]

    @property
    def best(self) -> PitPlan:
        return self.plans[0]

    @property
    def no_stop(self) -> PitPlan:
        return next(p for p in self.plans if not p.stops)

    def sentence(self) -> str:
        b, n = self.best, self.no_stop
        if not b.stops:
            return f"stay out: {b.sentence()}"
        return f"best: {b.sentence()} — {b.mp - n.mp:+d} MP against staying out ({n.mp} MP)"


def pit_lane_saving(track: Track) -> int:
    """The MP of track the pit lane bypasses: the fewest steps (forward or sideways, 1 MP each, §11.3) from the
    pit-entry tile's pit-side front space to the pit-exit space (:func:`racebook.formulagp.pitlane.exit_pos`)."""
    lane = pit_lane_of(track, track.pit_entry)
    start = Pos(track.pit_entry, lane, len(track.tiles[track.pit_entry].spaces(lane)) - 1)
    exit_lane = pit_lane_of(track, track.pit_exit)
    goal = Pos(track.pit_exit, exit_lane, len(track.tiles[track.pit_exit].spaces(exit_lane)) - 1)
    seen = {start: 0}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        if p == goal:
            return seen[p]
        steps = [*track.forward(p), *(track.lateral(p, ln) for ln in (p.lane - 1, p.lane + 1) if 1 <= ln <= 4)]
        for q in steps:
            if q is not None and q not in seen:
                seen[q] = seen[p] + 1
                todo.append(q)
    raise ValueError(f"{track.name}: no way on track from the pit entry to the pit exit")


def _spin_chance() -> Fraction:
    """The chance that one RED die for worn tyres brings a loss of control (the only hazard of the move)."""
    return hazard_odds([Hazard.WORN_TYRES]).loss_of_control


def plan_pits(board: PlayerBoard, track: Track, tyre: Tyre, wear: int, rounds: int, *, first: int,
              lap_rounds: int, wear_per_round: int = 1, gear: int | None = None, pace: Pace = Pace.GREEN,
              penalties: int = 0, entry_loss: int | None = None, most_stops: int = 2) -> PitWindow:
    """Every plan of at most ``most_stops`` stops for a car on ``tyre`` with its wear marker on ``wear`` and
    ``rounds`` rounds to race, reaching the pit entry at round ``first`` and every ``lap_rounds`` after."""
    if rounds < 0 or first < 1 or lap_rounds < 1 or wear_per_round < 0 or penalties < 0 or (entry_loss or 0) < 0:
        raise ValueError("rounds ≥ 0, first ≥ 1, lap_rounds ≥ 1, wear_per_round, penalties and entry_loss ≥ 0")
    if not 0 <= wear < board.wear_length:
        raise ValueError(f"§14.1: the wear marker is on a space 0..{board.wear_length - 1} (got {wear})")
    gear = gear if gear is not None else Counter(t.gear for t in track.tiles if t.gear).most_common(1)[0][0]
    base = board.speed(gear, pace)
    if entry_loss is None:
        entry_loss = (base + board.tyre_bonus(tyre, board.tyre_state(tyre, wear))) // 2
    saving = pit_lane_saving(track)
    box = 1 + hold_rounds(penalties)  # turns in the box: the stop, after any penalty rounds (§16.2, A45)
    p_spin = _spin_chance()
    passages = tuple(range(first, rounds + 1, lap_rounds))
    # a stop needs its box turn(s) and the exit move before the race ends, or it only costs
    usable = tuple(r for r in passages if r + box + 1 <= rounds)

    stints: dict[tuple[Tyre, int, int], tuple[int, int, int, int, int]] = {}

    def stint(t: Tyre, w: int, n: int) -> tuple[int, int, int, int, int]:
        """``n`` regular rounds on ``t`` from wear ``w``: MP, tyre bonus, worn rounds, RED-die rounds, the wear after
        (kept: the plans share their stints)."""
        key = (t, w, n)
        if key not in stints:
            mp = bonus = worn = red = 0
            for _ in range(n):
                state = board.tyre_state(t, w)
                b = board.tyre_bonus(t, state)
                mp, bonus = mp + base + b, bonus + b
                worn += state is TyreState.WORN
                red += board.red_die_every_move(w)
                w = change_wear(board, t, w, wear_per_round).wear
            stints[key] = (mp, bonus, worn, red, w)
        return stints[key]

    def run(stops: tuple[Stop, ...]) -> PitPlan:
        t, w, r = tyre, wear, 1
        mp = bonus_mp = stop_mp = worn = red = 0
        for s in stops:  # race on to the stop's round, then the stop
            m, b, wo, rd, w = stint(t, w, s.round - r)
            mp, bonus_mp, worn, red = mp + m, bonus_mp + b, worn + wo, red + rd
            state = board.tyre_state(t, w)
            bonus = board.tyre_bonus(t, state)
            worn += state is TyreState.WORN
            red += board.red_die_every_move(w)  # the dice owed on track come before the pit entry too (§16.1)
            # drive to the entry (its MP left lost), the box turn(s), then the exit in 2nd gear on the new tyres
            new = fit(board, s.tyre)
            full = base + bonus
            moved = full - entry_loss + saving + board.speed(EXIT_GEAR, pace) + new.bonus
            mp, bonus_mp, stop_mp = mp + moved, bonus_mp + bonus + new.bonus, stop_mp + full * (box + 2) - moved
            t, w, r = s.tyre, change_wear(board, s.tyre, new.wear, wear_per_round).wear, s.round + box + 2
        m, b, wo, rd, _w = stint(t, w, rounds - r + 1)
        mp, bonus_mp, worn, red = mp + m, bonus_mp + b, worn + wo, red + rd
        return PitPlan(stops, mp, bonus_mp, stop_mp, worn, red, red * p_spin)

    plans = [run(())]
    for n in range(1, most_stops + 1):
        for when in combinations(usable, n):
            if any(b - a < box + 2 for a, b in itertools.pairwise(when)):
                continue
            for tyres in product(DRY, repeat=n):
                plans.append(run(tuple(Stop(r, ty) for r, ty in zip(when, tyres, strict=True))))
    plans.sort(key=lambda p: (-p.mp, p.spins, len(p.stops), [(s.round, DRY.index(s.tyre)) for s in p.stops]))
    fresh = board.tyre_bonus(tyre, TyreState.FRESH)
    one = (base + fresh) * (box + 2) - (base + fresh - entry_loss + saving + board.speed(EXIT_GEAR, pace) + fresh)
    return PitWindow(tyre, wear, rounds, passages, base, one, saving, tuple(plans))


def pit_window(race: Any, car: str, *, gear: int | None = None, pace: Pace = Pace.GREEN,
               entry_loss: int | None = None) -> PitWindow:
    """The pit window of ``car`` in ``race``: its tyre and wear, its Penalty tokens, its wear a round so far on these
    tyres (at least 1), the rounds left and the rounds a lap by the computer driver's estimates
    (:func:`racebook.formulagp.agents.rounds_left`, :func:`~racebook.formulagp.agents.leader_pace`), and the rounds to
    the pit entry at that pace."""
    s = race.state
    if car not in s.cars:
        raise ValueError(f"{car!r}: no such car")
    c = s.cars[car]
    on_tyres = max(1, s.round - c.pit_round) if c.pit_round else max(1, s.round)
    rate = max(1, round((c.wear - s.board.wear_start[c.tyre]) / on_tyres))
    pace_tiles = agents.leader_pace(s)
    lap = lap_tiles(s)
    to_entry = (s.track.rank(s.track.pit_entry) - s.track.rank(c.pos.tile)) % lap
    first = max(1, math.ceil(to_entry / pace_tiles))
    lap_rounds = max(1, round(lap / pace_tiles))
    return plan_pits(s.board, s.track, c.tyre, c.wear, agents.rounds_left(s), first=first, lap_rounds=lap_rounds,
                     wear_per_round=rate, gear=gear, pace=pace, penalties=c.penalties, entry_loss=entry_loss)


def teaching_plan(tyre: str, wear: int, rounds: int, **kw: Any) -> PitWindow:
    """:func:`plan_pits` on the teaching board and circuit (both invented-for-teaching), the tyre by name."""
    return plan_pits(load_board(), load_track(), Tyre(tyre), wear, rounds, **kw)


def wear_track(tyre: str, board: PlayerBoard | None = None) -> list[tuple[int, str, int, bool]]:
    """The board's Tyre Wear track for ``tyre`` (§14.1): per space its state (fresh / degraded / worn), the tyre
    bonus there and whether the RED die is rolled after every move; the teaching board by default."""
    b = board or load_board()
    t = Tyre(tyre)
    return [(w, b.tyre_state(t, w).value, b.tyre_bonus(t, b.tyre_state(t, w)), b.red_die_every_move(w))
            for w in range(b.wear_length)]
