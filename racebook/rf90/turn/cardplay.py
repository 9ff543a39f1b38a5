"""Phase C (§13.C): the legal card plays — pairs, costs, MP and the §19.1 Track Card dry run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from racebook.rf90.actions import Play
from racebook.rf90.car import Car, Strategy
from racebook.rf90.cards import Card, PowerKind
from racebook.rf90.rules import checks, movement, payments, skills, trajectories
from racebook.rf90.rules.movement import Move
from racebook.rf90.state import RaceState
from racebook.rf90.track import SectionType, Track, Trajectory, TrajectoryKind


def pair_legal(car: Car, a: Card, b: Card) -> tuple[bool, str]:
    """§13.C pair rules with the PUSH and combination-symbol exceptions."""
    if a.combination or b.combination:
        return True, "Track Card combination symbol (§19.2)"
    if a.mp == 1 or b.mp == 1:
        return True, "a [1] pairs with any card"
    if a.mp == 2 and b.mp == 2:
        return True, "[2] with [2]"
    if car.strategy is Strategy.PUSH and 2 in (a.mp, b.mp) and max(a.mp, b.mp) >= 3:
        return True, "PUSH: [2] with [3]–[6] (§26.7)"
    return False, "only [1]+any and [2]+[2] pairs are legal (AMB-4)"


def _costs(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None) -> tuple[int, int, int]:
    tyres = sum(state.card(c).tyres for c in cards)
    disc = sum(state.card(c).discard for c in cards)
    dmg = sum(state.card(c).damage for c in cards)
    if traj is not None:
        tyres += traj.cost.tyres
        disc += traj.cost.cards
        dmg += traj.cost.damage
    return payments.tyre_cost(car, tyres), disc, dmg


def _base_mp(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None,
             et_ok: bool, blue: bool) -> list[tuple[int, str]]:
    parts = [(sum(state.card(c).mp for c in cards), "cards")]
    if traj is not None and (traj.kind is TrajectoryKind.STANDARD or et_ok):
        parts.append((traj.bonus, f"trajectory {traj.id}"))
    if blue:
        parts.append((1, "blue token"))
    return parts + skills.hooks(car).mp_parts(state, car, cards)


def penalties(state: RaceState, car: Car) -> list[tuple[int, str]]:
    out = []
    p = movement.tyre_penalty(state, car)
    if p:
        out.append((-p, f"{car.tyre.value} tyres in {state.condition().value} weather (§16.2)"))
    if car.time_loss:
        out.append((-car.time_loss, "time loss from off track (§18.1)"))
    return out


@dataclass(slots=True)
class _Run:
    """One Track-Card dry run (§19.1): the sections the car enters, each with the least MP that reaches it.

    Movement spends MP along one path whatever the MP (pass costs do not depend on them, §13.E.7), so a run made
    with the most MP any play of the listing has answers every smaller MP: a section is entered with ``mp`` MP iff
    its ``need`` is at most ``mp``. ``free`` is the re-entry section of a car off track (§18.5, reached for any MP);
    ``been`` every section the car was in (start included), to tell which "-1" corners can change the run;
    ``checked``: the run met a Leader check (§20), so another best check card could end it elsewhere."""

    free: list[str]
    entries: list[tuple[str, int]]
    been: set[str]
    checked: bool = False

    def visited(self, mp: int) -> list[str]:
        return self.free + [s for s, need in self.entries if need <= mp]


def _record(state: RaceState, car: Car, mp: int, minus_one: int | None, best: int | None) -> _Run:
    """Run the movement with ``mp`` MP (after any §18.5 re-entry MP), without randomness; state is restored.

    A Leader check counts as passed only if ``best`` (the lowest check of the hand's Race Cards not moving the car)
    surely passes it (§19.1, Ex. 36; AMB-26: movement cards cannot be used for it). Only what movement changes is
    saved and restored: the mover's section, lap and trajectory, the order lists it can reach, the Leader token and
    the §18.4 anchor. It runs movement's dry mode (no events)."""
    sections = state.track.sections
    start = car.off_track if car.off_track is not None else car.section
    reach = [start] if start else []
    if car.section and car.section != start:
        reach.append(car.section)
    if start:  # the sections ahead it can enter: one MP each (§13.E.2)
        i, n = state.section(start).index, len(sections)
        reach += [sections[(i + k) % n].name for k in range(1, min(max(mp, 0), n) + 1)]
    order = state.order
    saved_lists = [(lst, list(lst)) for lst in (order.get(s) for s in dict.fromkeys(reach)) if lst is not None]
    saved_car = (car.section, car.lap, car.trajectory)
    saved_leader, saved_anchor = state.leader, state.fas_anchor
    free: list[str] = []
    entries: list[tuple[str, int]] = []
    been = {start} if start else set()
    try:
        if car.off_track is not None:  # §18.5: re-entering costs 1 MP, behind the cars of the re-entry section
            state.place(car.id, car.off_track)
            free.append(car.off_track)
        mv = Move(car.id, mp, minus_one)
        need = 0
        left = mp
        checked = False
        while True:
            movement.advance(state, mv, None)  # the dry mode: the same walk, its steps in mv.trace
            need, left = _note(mv.trace, mp, need, left, entries, been)
            if mv.done or mv.awaiting_check is None:
                break
            checked = True
            target = checks.target_value(state, car, checks.modifiers(state, car, leader_check=True))
            if best is None or best > target:
                break
            movement.advance(state, mv, None, check_result=True)
            need, left = _note(mv.trace, mp, need, left, entries, been)
            if mv.done:
                break
        return _Run(free, entries, been, checked)
    finally:
        for lst, saved in saved_lists:
            lst[:] = saved
        car.section, car.lap, car.trajectory = saved_car
        state.leader, state.fas_anchor = saved_leader, saved_anchor


def _note(trace: list[tuple[str | None, int]], mp: int, need: int, left: int, entries: list[tuple[str, int]],
          been: set[str]) -> tuple[int, int]:
    """Fold the steps of ``trace`` (movement's dry mode: the section entered or None, the MP left) into the least
    MP needed so far: a step costing ``c`` from ``left`` MP needs ``mp - left + max(c, 1)`` (movement goes on only
    while MP are left, §13.E.2)."""
    for section, after in trace:
        cost = left - after
        here = mp - left + (cost if cost > 1 else 1)
        if here > need:
            need = here
        left = after
        if section is not None:
            entries.append((section, need))
            been.add(section)
    trace.clear()
    return need, left


def dry_run(state: RaceState, car: Car, mp: int, minus_one: int | None, playing: tuple[str, ...] = ()) -> list[str]:
    """Sections the car would enter with ``mp`` MP, without randomness; state is restored.

    A Leader check counts as passed only if a hand card other than the movement cards ``playing`` surely
    passes it (§19.1, Ex. 36; AMB-26: movement cards cannot be used for it)."""
    checks_left = [state.card(c).check for c in car.hand if not state.card(c).is_track and c not in playing]
    run = _record(state, car, mp - (car.off_track is not None), minus_one, min(checks_left) if checks_left else None)
    return run.free + [s for s, _ in run.entries]


# A candidate play before its "-1" variants (§19.2): its Play fields (cards, trajectory, blue, et), its eligibility
# question (§13.C, §19.1) — is each of the sets ``wanted`` (a Track Card's corners, one set per Track Card played)
# entered with ``mp`` MP, with ``best`` the lowest Leader-check card left? (no set: no question) — and the corners
# where its "-1" symbol may be used (None: not used), each a variant asking the same question with that corner.
_Candidate = tuple[tuple[str, ...], bool, bool, str | None, tuple[frozenset[str], ...], int, int | None,
                   tuple[int | None, ...]]


def _pair_kind(card: Card) -> int:
    """What :func:`pair_legal` reads of a card, as one number: its MP and its combination symbol."""
    return card.mp * 2 + card.combination


def _pair_ok(car: Car, a: Card, b: Card) -> bool:
    """:func:`pair_legal`'s verdict, asked once per kind of pair (:func:`_pair_kind`, and whether the car plays
    PUSH) and then remembered."""
    ok = _PAIRS[_pair_kind(a), _pair_kind(b), car.strategy is Strategy.PUSH] = pair_legal(car, a, b)[0]
    return ok


_PAIRS: dict[tuple[int, int, bool], bool] = {}

# A combination's part in a listing (one card, or a pair's added up): its cards, MP, tyres, discards, "-1" symbol, the
# corner sets its Track Cards ask for (§19.1), their distance, and whether it matches the trajectory's colour (§13.D)
_Part = tuple[tuple[str, ...], int, int, int, bool, tuple[frozenset[str], ...], int, bool]


def legal_plays(state: RaceState, car: Car, only: tuple[str, ...] | None = None, x1_et: bool = False) -> list[Play]:
    """Every legal phase-C declaration (§13.C, §13.D costs, §19.1 eligibility); with ``only``, just those playing
    exactly these cards (a recorded play's check: the other combinations are not looked at).

    ``x1_et``: the car followed its Expansion #1 ET at the start of the turn and passed (expansion1 digest §4.3);
    without it, such an ET gives no bonus at all (declined).

    The plays with Track Cards are listed first with their eligibility questions; then one dry run per best
    Leader-check card answers them all (:class:`_Run`), with a "-1" corner's own run only where the car can be in
    that corner (§19.2). Each dry run is exact for every MP up to the one it was made with, so asking fewer
    questions (``only``) gives the same answers. What a card contributes (its MP, costs, check, Track-Card corners,
    colour match) is read once per listing, before the combinations and their variants are expanded; a play that
    asks no eligibility question (no Track Card, or the car in its corner already) is built at once, the others
    once their questions are answered."""
    hand = car.hand
    card_of = {c: state.card(c) for c in hand}
    track = state.track
    traj = track.trajectory(car.trajectory) \
        if car.trajectory and trajectories.trajectories_available(state) else None
    x1 = traj is not None and trajectories.expansion1_et(state, traj)  # decided at the start of the turn
    if x1 and not x1_et:
        traj = None
    # Each hand card's part, once (a _Part): its MP, tyres, discards, "-1" symbol, the corners it asks for (a
    # Track Card's: none if the car is in one already, §19.1), their distance, whether it matches the trajectory's
    # colour (§13.D: a match is "a played card of its colour", so a pair matches iff one of its cards does;
    # BALANCE's rule, one card at a time, is _colour_match's). A pair's part is its cards' parts added up.
    # A Track Card's corners are also a bound: each section entered costs 1 MP (§13.E.2), so corners ``far`` sections
    # ahead of where the movement starts (the re-entry point of a car off track, 1 MP more, §18.5) are out of reach
    # with fewer MP: such a play is refused without a dry run, and a combination whose every variant is refused
    # so is never expanded into its variants.
    start = car.off_track if car.off_track is not None else car.section
    shift = 1 if car.off_track is not None else 0
    asks = minus_ones = False  # does any card ask an eligibility question, carry a "-1" symbol?
    singles: list[_Part] = []
    kinds: list[int] = []
    for c, tc in card_of.items():
        wanted_c: tuple[frozenset[str], ...] = ()
        far_c = 0
        if tc.is_track:
            corner_sections, far_from = _corners_of(track, tc)
            if car.section not in corner_sections:
                wanted_c = (corner_sections,)
                asks = True
                if start:
                    far_c = far_from[start]
            minus_ones = minus_ones or tc.minus_one
        singles.append(((c,), tc.mp, tc.tyres, tc.discard, tc.minus_one, wanted_c, far_c,
                        traj is not None and trajectories.colour_match(state, car, traj, (c,))))
        kinds.append(_pair_kind(tc))
    combos = list(singles)
    push, pairs = car.strategy is Strategy.PUSH, _PAIRS
    for (ka, x), (kb, y) in combinations(zip(kinds, singles, strict=True), 2):
        ok = pairs.get((ka, kb, push))
        if ok is None:
            ok = _pair_ok(car, card_of[x[0][0]], card_of[y[0][0]])
        if ok:
            combos.append(((x[0][0], y[0][0]), x[1] + y[1], x[2] + y[2], x[3] + y[3], x[4] or y[4], x[5] + y[5],
                           x[6] if x[6] > y[6] else y[6], x[7] or y[7]))
    if only is not None:  # a Play holds its cards sorted
        key = tuple(sorted(only))
        combos = [p for p in combos if tuple(sorted(p[0])) == key]
    blues = (False, True) if car.blue > 0 else (False,)
    no_corner: tuple[int | None, ...] = (None,)  # a play's "-1" variants: none, or one per corner (§19.2)
    with_corners = (None, *(c.number for c in track.corners)) if minus_ones else no_corner
    et_modes = skills.hooks(car).et_modes(state, car) \
        if traj is not None and traj.kind is TrajectoryKind.EXTREME else []
    et_cards = [c for c in hand if any(  # §19.3 ET Discard Power, respecting colour (a Spa card's scope, X1 §4.6)
        p.kind is PowerKind.ET and p.colour in traj.colours for p in card_of[c].powers)
        and state.track.et_power_reaches(card_of[c], traj)] \
        if traj is not None and traj.kind is TrajectoryKind.EXTREME and not x1 else []
    race_checks: list[tuple[str, int]] = []
    penalty = 0
    hooks = skills.hooks(car)
    skill_mp = type(hooks).mp_parts is not skills.SkillHooks.mp_parts  # does the car's skill add MP at all?
    if asks:  # what only an eligibility question reads
        race_checks = sorted(((c, tc.check) for c, tc in card_of.items() if not tc.is_track), key=lambda cv: cv[1])
        penalty = -movement.tyre_penalty(state, car) - car.time_loss  # the MP of penalties, without their words
    cid, chips, n_hand, any_blue = car.id, car.chips, len(hand), car.blue > 0
    tyre_cost, can_pay = payments.tyre_cost, payments.can_pay
    bonus_if_match = max(traj.bonus, 0) if traj is not None else 0
    plain_ets: list[str | None] = [None]
    # the plays in order; a play that asks an eligibility question stands as its candidate's index in ``asked``
    out: list[Play | int] = []
    asked: list[_Candidate] = []
    for cards, card_mp, tyres0, disc0, minus_one, wanted, far, match in combos:
        spare = n_hand - len(cards)
        m1s = with_corners if minus_one else no_corner
        if traj is None and not wanted:  # the common case: one variant per blue token, nothing asked
            if can_pay(chips, spare, tyre_cost(car, tyres0), disc0):
                for blue in blues:
                    for m1 in m1s:
                        out.append(_play(cid, cards, False, blue, m1, None))
            continue
        best = None
        base_mp = 0
        if wanted:
            # the MP every play of these cards starts from (§13.E.1)
            base_mp = card_mp + penalty
            if skill_mp:
                base_mp += sum(v for v, _ in hooks.mp_parts(state, car, cards))
            if far and base_mp + (bonus_if_match if match else 0) + any_blue - shift < far:
                continue  # even its best variant cannot reach the corners
            for c, v in race_checks:
                if c not in cards:
                    best = v
                    break
        traj_options = (False, True) if traj is not None and match else (False,)
        for use in traj_options:
            t = traj if use else None
            ets = plain_ets
            if t is not None and t.kind is TrajectoryKind.EXTREME and not x1:
                ets = [None, *et_modes, *(c for c in et_cards if c not in cards)]
            tyres = tyre_cost(car, tyres0 + (t.cost.tyres if t is not None else 0))
            disc = disc0 + (t.cost.cards if t is not None else 0)
            for et in ets:
                if not can_pay(chips, spare - (et not in (None, "flat")), tyres, disc):
                    continue
                # §19.1: an ET counts only when it cannot fail (FLAT OUT or a Discard Power)
                sure = t is not None and (t.kind is TrajectoryKind.STANDARD or et is not None or x1)
                for blue in blues:
                    if not wanted:
                        for m1 in m1s:
                            out.append(_play(cid, cards, use, blue, m1, et))
                        continue
                    mp = base_mp + (t.bonus if sure and t is not None else 0) + (1 if blue else 0) \
                        - (1 if et == "flat" else 0)
                    if far and mp - shift < far:
                        continue
                    out.append(len(asked))
                    asked.append((cards, use, blue, et, wanted, mp, best, m1s))
    if not asked:
        return out  # type: ignore[return-value]  # every entry is a Play
    answers = _answer(state, car, asked)
    plays: list[Play] = []
    for p in out:
        if isinstance(p, int):
            q = asked[p]
            plays.extend(_play(cid, q[0], q[1], q[2], m1, q[3]) for m1 in answers[p])
        else:
            plays.append(p)
    return plays


# A Track Card's corners on a track (§19.1): their sections, and by start section how many sections ahead the nearest
# of them is (the reach bound of legal_plays: each section entered costs 1 MP, §13.E.2); by card code, each entry
# holding the card and the track it was made for, so a stale one is never used (a card set or a track of another
# race, an edited copy of a file).
_CORNERS: dict[str, tuple[Card, Track, frozenset[str], dict[str, int]]] = {}


def _corners_of(track: Track, card: Card) -> tuple[frozenset[str], dict[str, int]]:
    hit = _CORNERS.get(card.code)
    if hit is None or hit[0] is not card or hit[1] is not track:
        sections = frozenset(x for n in card.corners for x in track.corner(n).sections)
        where = [track.index_of(x) for x in sections]
        n = len(track)
        far = {s.name: min((i - s.index) % n for i in where) for s in track.sections}
        hit = _CORNERS[card.code] = (card, track, sections, far)
    return hit[2], hit[3]


# Plays already built, by their fields: a Play is a frozen value, so the listing can hand out the same object again
# instead of building an equal one (a phase-C listing holds ~10 plays, mostly the same ones turn after turn).
_PLAYS: dict[tuple[str, tuple[str, ...], bool, bool, int | None, str | None], Play] = {}
_PLAYS_MAX = 4096  # then the store starts afresh: a bound on memory over a long Monte Carlo run


def _play(car: str, cards: tuple[str, ...], trajectory: bool, blue: bool, minus_one: int | None,
          et: str | None) -> Play:
    key = (car, cards, trajectory, blue, minus_one, et)
    play = _PLAYS.get(key)
    if play is None:
        if len(_PLAYS) >= _PLAYS_MAX:
            _PLAYS.clear()
        play = _PLAYS[key] = Play(car, cards, trajectory, blue, minus_one, et)
    return play


def _answer(state: RaceState, car: Car, candidates: list[_Candidate]) -> list[Sequence[int | None]]:
    """Answer every candidate's eligibility question (§19.1), for each of its "-1" variants: the variants that pass,
    in order. As few dry runs as exactness allows: one run with the most MP asked serves every best check card
    unless it meets a Leader check (§20), then one per best check card; a "-1" corner gets its own run only if the
    car can be in one of its sections (§19.2), else its variants share the plain run's answers."""
    shift = 1 if car.off_track is not None else 0  # §18.5: the re-entry MP
    most: dict[int | None, dict[int | None, int]] = {}  # "-1" corner -> best check card -> the most MP asked
    for c in candidates:
        if c[4]:
            mp, best = c[5], c[6]
            for m1 in c[7]:
                by_best = most.setdefault(m1, {})
                if by_best.get(best, mp) <= mp:
                    by_best[best] = mp
    if not most:
        return [c[7] for c in candidates]
    runs: dict[tuple[int | None, int | None], _Run] = {}
    corners_in: dict[int, set[int | None]] = {}  # a plain run (by id) -> the corners of the sections it is ever in
    for m1 in sorted(most, key=lambda k: -1 if k is None else k):  # the plain run (None) first
        by_best = most[m1]
        if m1 is not None:
            plain = [runs[b, None] for b in by_best if (b, None) in runs]
            for r in plain:
                if id(r) not in corners_in:
                    corners_in[id(r)] = {s.corner for s in map(state.section, r.been) if s.type is SectionType.CORNER}
            if plain and not any(m1 in corners_in[id(r)] for r in plain):
                for b in by_best:  # the car is never in that corner: the "-1" changes nothing
                    runs[b, m1] = runs[b, None]
                continue
        top = max(by_best, key=lambda b: by_best[b])
        first = _record(state, car, by_best[top] - shift, m1, top)
        for b, m in by_best.items():
            runs[b, m1] = first if b == top or not first.checked else _record(state, car, m - shift, m1, b)
    visited: dict[tuple[int, int], set[str]] = {}  # (run id, MP) -> the sections it enters with that many MP
    answers: dict[tuple[int, int, tuple[frozenset[str], ...]], bool] = {}  # (run id, MP, wanted) -> the answer
    out: list[Sequence[int | None]] = []
    for c in candidates:
        wanted, mp, best = c[4], c[5] - shift, c[6]
        if not wanted:
            out.append(c[7])
            continue
        passing: list[int | None] = []
        for m1 in c[7]:
            run = runs[best, m1]
            key = (id(run), mp, wanted)
            ok = answers.get(key)
            if ok is None:
                there = visited.get((id(run), mp))
                if there is None:
                    there = visited[id(run), mp] = set(run.visited(mp))
                ok = answers[key] = all(not w.isdisjoint(there) for w in wanted)
            if ok:
                passing.append(m1)
        out.append(passing)
    return out
