"""A fuel and pit-stop strategy planner (§7.1, §8, §13.A.3, §26.3, §26.7, §27 PITTING).

A plan is a starting refuel chit (8, 10, 12, 14 or 16) and a list of pit stops, each with the extra
sections the car goes back for fuel (0–2). :func:`plan` replays the plan on the track's Turn Indicator
(Indicador de Turno) and returns a :class:`FuelPlan`: the qualifying modifier of the chit, the Game Turn
of each stop, the chit and the fuel after each stop, the sections each stop costs and the totals.
:func:`compare`, :func:`candidate_plans`, :func:`best_plan` and :func:`frontier` put plans side by side.

No number is re-stated here. The arithmetic is the engine's own: each stop calls
:func:`racebook.rf90.rules.pits.refuel` (new chit = old + 10 + 3 per extra section, never beyond the current turn
+ 16; reading 20 of §31) and :func:`racebook.rf90.rules.pits.recoil` (pit time + extra, PITTING −2) on a throw-away
:class:`~racebook.rf90.state.RaceState`, and the qualifying modifier comes from
:func:`racebook.rf90.rules.qualifying.human_entry`. Nothing outside the call is changed.

Conventions (§8, §10, §13.A.3):

* the chit shows the Game Turn on which the car **must** pit: chit 8 = fuel until the beginning of
  turn 8 (Ex. 4). A stop with no explicit turn happens on that turn, the latest legal one;
* "fuel" = turns until the chit is due = chit − current turn; the tank holds at most 16;
* the race ends after the last turn L of the indicator. A chit on L means one more stop on the last
  turn; a chit on L + 1 or later finishes the race. It is placed ``chit − L`` spaces from the top of
  the indicator (the overflow wraps); ``chit − L − 1`` turns of fuel are left unused;
* a car whose chit is due and that does not pit runs out of fuel (pane seca) and is eliminated
  (§13.A.3): such a plan raises :class:`ImpossiblePlan`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

from racebook.core.errors import IllegalAction
from racebook.rf90.car import Car, CarKind, Skill
from racebook.rf90.events import Event, RefuelChitMoved
from racebook.rf90.rules import pits
from racebook.rf90.rules.qualifying import FUEL_MODIFIER, QUALIFY_BONUS, human_entry
from racebook.rf90.state import RaceState
from racebook.rf90.track import Track, TurnSpace
from racebook.rf90.trackfile import load_track

CHITS: tuple[int, ...] = tuple(sorted(FUEL_MODIFIER))  # the players' refuel chits (§7.1 item 2)
EXTRA_CHOICES: tuple[int, ...] = tuple(range(pits.MAX_EXTRA_SECTIONS + 1))  # 0, 1, 2 extra sections (§8)


class ImpossiblePlan(IllegalAction):
    """A plan the rules do not allow: out of fuel before the race end, a stop after the chit was due, …

    ``turn`` is the Game Turn where the plan breaks (None when it is not about one turn), ``stops`` the
    stops worked out before it broke and ``profile`` the fuel up to the turn it runs out (as
    :meth:`FuelPlan.fuel_profile`; empty when the plan does not run dry), so that a view can still draw them.
    """

    def __init__(self, what: object, rule: str, reason: str, *, turn: int | None = None,
                 stops: Sequence[StopResult] = (), profile: Sequence[tuple[int, int]] = ()) -> None:
        super().__init__(what, rule, reason)
        self.turn = turn
        self.stops = tuple(stops)
        self.profile = tuple(profile)


@dataclass(frozen=True, slots=True)
class Stop:
    """One planned pit stop (§13.A.3).

    ``extra``: sections backed beyond the pit time for fuel, 0–2 (§8). ``turn``: None = on the turn the
    refuel chit is due (the latest legal turn); a number = an earlier, voluntary stop on that Game Turn.
    """

    extra: int = 0
    turn: int | None = None


@dataclass(frozen=True, slots=True)
class StopResult:
    """What one stop does (§8, §13.A.3)."""

    number: int  # 1, 2, …
    turn: int  # the Game Turn of the stop
    due: int  # the turn the chit showed when the car pitted (= turn unless the stop is early)
    extra: int  # extra sections backed for fuel
    chit_before: int  # the chit at the stop (after any SAVE FUEL / PUSH moves)
    chit_after: int  # the new chit (may lie past the race end)
    fuel_after: int  # turns of fuel after the stop: chit_after − turn (≤ the 16-turn tank)
    capped: int  # turns of fuel the 16-turn tank could not take (only early stops lose any)
    sections_lost: int  # pit time + extra, PITTING −2 (racebook.rf90.rules.pits.recoil)
    note: str  # the engine's own sentence for the chit move (racebook.rf90.rules.pits.refuel)

    @property
    def early(self) -> bool:
        return self.turn < self.due

    def sentence(self, pit_time: int, skill: Skill | None = None) -> str:
        """One line, e.g. "Stop 1 on turn 8 (chit due): back 9 sections (pit time 8 + 1 extra); chit 8 → 21"."""
        when = "chit due" if not self.early else f"early: the chit showed turn {self.due}"
        parts = [f"pit time {pit_time}"] + ([f"{self.extra} extra"] if self.extra else [])
        saved = pit_time + self.extra - self.sections_lost
        why = " + ".join(parts) + (f", PITTING −{saved}" if skill is Skill.PITTING else "")
        cap = f"; {self.capped} turn(s) of fuel do not fit in the tank" if self.capped else ""
        return (f"Stop {self.number} on turn {self.turn} ({when}): back {self.sections_lost} sections ({why}); "
                f"chit {self.chit_before} → {self.chit_after}, {self.fuel_after} turns of fuel{cap}")


@dataclass(frozen=True, slots=True)
class Stint:
    """The Game Turns run on one load of fuel (a pit turn starts a new stint: phases B–F follow the stop)."""

    number: int  # 1, 2, …
    first: int  # first Game Turn of the stint
    last: int  # last Game Turn before the next stop (or the race's last turn)
    drift: int  # net SAVE FUEL (+1) / PUSH (−1) moves of the chit during the stint (§26.3, §26.7)
    ends: str  # "pit" or "finish"


@dataclass(frozen=True)
class FuelPlan:
    """The result of :func:`plan`. Every number is computed by the engine."""

    track: Track = field(repr=False, compare=False)
    chit: int  # the starting refuel chit (§7.1)
    extras: tuple[int, ...]  # extra sections per stop, as planned
    skill: Skill | None
    qualifying_modifier: int  # fuel weight (+2 … −2) and QUALIFY +2 (§7.1 items 4 and 6)
    qualifying_value: int | None  # card MP + modifier, when a qualifying card was given
    stops: tuple[StopResult, ...]
    stints: tuple[Stint, ...]
    final_chit: int  # the chit after the last stop and the last stint's moves; > last_turn

    @property
    def track_id(self) -> str:
        return self.track.id

    @property
    def last_turn(self) -> int:
        return self.track.turns.last_turn

    @property
    def pit_turns(self) -> tuple[int, ...]:
        return tuple(s.turn for s in self.stops)

    @property
    def sections_lost(self) -> int:
        return sum(s.sections_lost for s in self.stops)

    @property
    def extra_sections(self) -> int:
        return sum(s.extra for s in self.stops)

    @property
    def spare_turns(self) -> int:
        """Turns of fuel left unused at the finish: the chit needs to be on L + 1 only."""
        return self.final_chit - self.last_turn - 1

    @property
    def wrap_space(self) -> int:
        """The overflowing chit goes this many spaces from the top of the Turn Indicator (§8)."""
        return self.final_chit - self.last_turn

    @property
    def label(self) -> str:
        """A short name, e.g. "chit 8, 2 stops (+0, +0)"."""
        n = len(self.stops)
        ex = ", ".join(f"+{e}" for e in self.extras)
        return f"chit {self.chit}, {n} stop{'s' if n != 1 else ''}" + (f" ({ex})" if n else "")

    def lines(self) -> list[str]:
        """The plan in plain English, one line per step, with the rules cited."""
        q = f"qualifying {self.qualifying_modifier:+d} for chit {self.chit}"
        if self.skill is Skill.QUALIFY:
            q += f" (QUALIFY {QUALIFY_BONUS:+d} included)"
        if self.qualifying_value is not None:
            q += f"; qualifying value {self.qualifying_value}"
        out = [f"{self.track.name}: {self.last_turn} turns, pit time -{self.track.pit_time}. Start: {q} — §7.1"]
        for st in self.stints:
            if st.drift:
                out.append(f"Stint {st.number}: the chit moves {st.drift:+d} (SAVE FUEL +1 / PUSH −1) — §26.3, §26.7")
            if st.number <= len(self.stops):
                out.append(self.stops[st.number - 1].sentence(self.track.pit_time, self.skill) + " — §8, §13.A.3")
        out.append(f"Finish: chit on turn {self.final_chit} > last turn {self.last_turn}; it wraps to space "
                   f"{self.wrap_space} at the top of the indicator, {self.spare_turns} turn(s) of fuel unused — §8")
        out.append(f"Total: {len(self.stops)} stop(s), {self.sections_lost} sections lost "
                   f"({self.extra_sections} of them for extra fuel)")
        return out

    def summary(self) -> str:
        turns = ", ".join(str(t) for t in self.pit_turns) or "none"
        return (f"{self.label}: qualifying {self.qualifying_modifier:+d}; pit on turn(s) {turns}; "
                f"{self.sections_lost} sections lost; {self.spare_turns} spare turn(s) of fuel")

    def row(self) -> dict[str, object]:
        """The plan as one column of :func:`compare`."""
        return {
            "starting chit": self.chit,
            "qualifying modifier": f"{self.qualifying_modifier:+d}",
            "stops": len(self.stops),
            "pit turns": ", ".join(str(t) for t in self.pit_turns) or "—",
            "extra sections": ", ".join(f"+{s.extra}" for s in self.stops) or "—",
            "fuel after each stop": ", ".join(str(s.fuel_after) for s in self.stops) or "—",
            "sections lost": self.sections_lost,
            "final chit (wraps to space)": f"{self.final_chit} ({self.wrap_space})",
            "spare turns at the finish": self.spare_turns,
        }

    def fuel_profile(self) -> list[tuple[int, int]]:
        """(turn, fuel) points for a fuel chart: fuel = chit − turn at the start of each Game Turn, and a second
        point on each pit turn after the stop. 0 = the chit is due (§8). Chit moves are drawn at each stint's start."""
        return _profile(self.chit, self.stops, [st.drift for st in self.stints], self.last_turn)


def _profile(chit: int, stops: Sequence[StopResult], moves: Sequence[int], until: int) -> list[tuple[int, int]]:
    pts: list[tuple[int, int]] = []
    now = chit + (moves[0] if moves else 0)
    by = {s.turn: (i, s) for i, s in enumerate(stops)}
    for t in range(1, until + 1):
        if t in by:
            i, s = by[t]
            pts.append((t, s.chit_before - t))
            now = s.chit_after + (moves[i + 1] if i + 1 < len(moves) else 0)
        pts.append((t, now - t))
    return pts


def qualifying_modifier(chit: int, skill: Skill | None = None) -> int:
    """Fuel weight +2 (chit 8) … −2 (chit 16), and QUALIFY +2 (§7.1 items 4 and 6, §29.1).

    Raises SetupError (§7.1) for a chit that does not exist."""
    return human_entry("plan", 0, 0, chit, skill).value


def _engine_stop(track: Track, turn: int, chit: int, extra: int, skill: Skill | None, car: str) -> tuple[int, int, str]:
    """(new chit, sections back, engine note): racebook.rf90.rules.pits.refuel and .recoil on a throw-away state."""
    state = RaceState(track)
    state.turn = turn
    c = Car(car, CarKind.HUMAN, skill=skill, refuel=chit)
    events: list[Event] = []
    pits.refuel(state, c, extra, events)
    back = pits.recoil(state, c, extra)
    note = next((e.body() for e in events if isinstance(e, RefuelChitMoved)), "")
    assert c.refuel is not None
    return c.refuel, back, note


def _track(track: Track | str) -> Track:
    return load_track(track) if isinstance(track, str) else track


def _stops(stops: Iterable[Stop | int]) -> list[Stop]:
    return [s if isinstance(s, Stop) else Stop(int(s)) for s in stops]


def plan(track: Track | str, chit: int, stops: Iterable[Stop | int] = (), *, skill: Skill | None = None,
         drift: Sequence[int] = (), card_mp: int | None = None, car: str = "The car") -> FuelPlan:
    """Work out a fuel plan on ``track`` (a Track or a track id).

    ``chit``: the starting refuel chit (§7.1). ``stops``: :class:`Stop` objects, or plain ints = extra
    sections of a stop made when the chit is due. ``skill``: PITTING (−2 sections a stop, §27) or QUALIFY
    (+2 qualifying) matter here. ``drift``: net chit moves in stint 1, 2, … (SAVE FUEL +1 each time the car
    moves with cards ≤ 2, §26.3; PUSH −1 each [2]+[3–6] combination, §26.7; at most one move per Game Turn).
    ``card_mp``: the qualifying card's MP, to get the qualifying value (§7.2).

    Raises :class:`ImpossiblePlan` when the plan breaks a rule, e.g. the car runs out of fuel (pane seca)
    before the race end (§8, §13.A.3), a stop comes after the chit was due, or a stop has more than 2 extra
    sections (§8).
    """
    tr = _track(track)
    plan_stops = _stops(stops)
    q = qualifying_modifier(chit, skill)
    qv = None if card_mp is None else human_entry("plan", card_mp, 0, chit, skill).value
    last = tr.turns.last_turn
    if len(drift) > len(plan_stops) + 1:
        raise ImpossiblePlan(f"drift {list(drift)}", "§26.3, §26.7",
                             f"{len(drift)} stint values for {len(plan_stops) + 1} stint(s) "
                             f"({len(plan_stops)} stop(s))")
    moves = list(drift) + [0] * (len(plan_stops) + 1 - len(drift))
    done: list[StopResult] = []
    stints: list[Stint] = []
    current = chit
    start = 1  # first Game Turn of the current stint
    for i, stop in enumerate(plan_stops):
        n = i + 1
        if stop.extra not in EXTRA_CHOICES:
            raise ImpossiblePlan(f"stop {n}: {stop.extra} extra sections", "§8",
                                 f"a stop may go back 0 to {pits.MAX_EXTRA_SECTIONS} extra sections for fuel "
                                 f"({pits.FUEL_PER_STOP} + {pits.FUEL_PER_EXTRA_SECTION} per extra section; "
                                 f"the tank holds {pits.TANK_MAX} turns)", stops=done)
        due = current + moves[i]
        if stop.turn is None:
            if due > last:
                raise ImpossiblePlan(f"stop {n}", "§8, §13.A.3",
                                     f"stop {n} is never due: the chit is on turn {due}, past the last turn "
                                     f"{last}, so the car already has the fuel to finish; give the stop a turn "
                                     "to pit anyway (for tyres)", stops=done)
            turn = due
        else:
            turn = stop.turn
            if not 1 <= turn <= last:
                raise ImpossiblePlan(f"stop {n} on turn {turn}", "§10",
                                     f"the Turn Indicator runs from turn 1 to {last}", turn=turn, stops=done)
            if turn > due:
                raise ImpossiblePlan(f"stop {n} on turn {turn}", "§8, §13.A.3",
                                     f"out of fuel (pane seca): the chit is due on turn {due}, before the stop "
                                     f"planned on turn {turn}; the car is eliminated", turn=due, stops=done,
                                     profile=_profile(chit, done, moves, due))
        _check_moves(moves[i], start, turn, n, done)
        if done and turn <= done[-1].turn:
            raise ImpossiblePlan(f"stop {n} on turn {turn}", "§13.A.3",
                                 f"one pit stop per Game Turn: stop {n - 1} was on turn {done[-1].turn}",
                                 turn=turn, stops=done)
        new, back, note = _engine_stop(tr, turn, due, stop.extra, skill, car)
        uncapped = due + pits.FUEL_PER_STOP + pits.FUEL_PER_EXTRA_SECTION * stop.extra
        stints.append(Stint(n, start, turn - 1, moves[i], "pit"))
        done.append(StopResult(n, turn, due, stop.extra, due, new, new - turn, uncapped - new, back, note))
        current, start = new, turn
    final = current + moves[-1]
    _check_moves(moves[-1], start, last + 1, len(plan_stops) + 1, done)
    if final <= last:
        raise ImpossiblePlan(f"{len(plan_stops)} stop(s)", "§8, §13.A.3",
                             f"out of fuel (pane seca): after {'stop ' + str(len(done)) if done else 'the start'} "
                             f"the chit is due on turn {final}, the race runs to the end of turn {last}, and the "
                             "plan has no more stops; the car would be eliminated — add a stop or more extra fuel",
                             turn=final, stops=done, profile=_profile(chit, done, moves, final))
    stints.append(Stint(len(plan_stops) + 1, start, last, moves[-1], "finish"))
    return FuelPlan(tr, chit, tuple(s.extra for s in plan_stops), skill, q, qv, tuple(done), tuple(stints), final)


def _check_moves(moves: int, start: int, end: int, stint: int, done: Sequence[StopResult]) -> None:
    """SAVE FUEL / PUSH move the chit at most once per individual turn: turns start … end − 1 (§26.3, §26.7)."""
    room = max(0, end - start)
    if abs(moves) > room:
        turns = f"turns {start}–{end - 1}" if room > 1 else (f"turn {start}" if room else "no turn")
        raise ImpossiblePlan(f"stint {stint}: {moves:+d} chit moves", "§26.3, §26.7",
                             f"the chit moves at most once per Game Turn, and stint {stint} leaves {turns} to "
                             "move it in", stops=done)


def compare(plans: Mapping[str, FuelPlan]) -> dict[str, dict[str, object]]:
    """Plans side by side: {plan name: {metric: value}}; ``pandas.DataFrame(result)`` has one column per plan."""
    return {name: p.row() for name, p in plans.items()}


def candidate_plans(track: Track | str, stops: int, *, skill: Skill | None = None) -> list[FuelPlan]:
    """Every legal plan with exactly ``stops`` stops, each made when the chit is due: all chits × extras."""
    tr = _track(track)
    out = []
    for chit in CHITS:
        for extras in product(EXTRA_CHOICES, repeat=stops):
            try:
                out.append(plan(tr, chit, extras, skill=skill))
            except ImpossiblePlan:
                continue
    return out


def _key(p: FuelPlan) -> tuple[int, int, int, int, tuple[int, ...]]:
    return (p.sections_lost, -p.qualifying_modifier, len(p.stops), p.chit, p.extras)


def best_plan(track: Track | str, stops: int, *, skill: Skill | None = None) -> FuelPlan | None:
    """The ``stops``-stop plan that loses the fewest sections, then qualifies best (None if there is none).

    The planner weighs only fuel and pit time: fresh tyres, cards and repairs at a stop are not counted."""
    found = candidate_plans(track, stops, skill=skill)
    return min(found, key=_key) if found else None


def frontier(track: Track | str, max_stops: int = 2, *, skill: Skill | None = None) -> list[FuelPlan]:
    """The plans worth considering: no other plan loses fewer sections *and* qualifies at least as well.

    Sorted by sections lost. Plans with 0 … ``max_stops`` stops (each when due) are considered."""
    tr = _track(track)
    every = sorted((p for n in range(max_stops + 1) for p in candidate_plans(tr, n, skill=skill)), key=_key)
    out: list[FuelPlan] = []
    for p in every:
        if not any(o.sections_lost <= p.sections_lost and o.qualifying_modifier >= p.qualifying_modifier
                   for o in out):
            out.append(p)
    return out


def stages(track: Track | str) -> list[list[TurnSpace]]:
    """The Turn Indicator's rows: one Race Stage each, from a black-marked space to the next (§10)."""
    rows: list[list[TurnSpace]] = []
    for sp in _track(track).turns.spaces:
        if sp.stage_start or not rows:
            rows.append([])
        rows[-1].append(sp)
    return rows


def chit_space(track: Track | str, chit: int) -> int:
    """The space a chit sits on: its turn, or counted again from the top once past the last turn (§8)."""
    last = _track(track).turns.last_turn
    if chit < 1:
        raise ImpossiblePlan(f"chit {chit}", "§8", "a chit lies on turn 1 or later")
    return chit if chit <= last else (chit - last - 1) % last + 1


def chits_on_indicator(track: Track | str, chits: Mapping[str, int]) -> dict[int, tuple[str, ...]]:
    """Which cars' refuel chits lie on which space of the Turn Indicator (§8; Ex. 6), spaces in order."""
    tr = _track(track)
    by: dict[int, list[str]] = {}
    for car, turn in chits.items():
        by.setdefault(chit_space(tr, turn), []).append(car)
    return {k: tuple(by[k]) for k in sorted(by)}
