"""Section activation and the order in which cars play (§10, §11).

The Leader token marks the Front Activation Section (FAS). Activation sweeps
backwards from it around the loop; in the leader's own section only the
leader and the cars behind him (subsection 2) come first, and the cars ahead
of him (subsection 1) come last (§11.2 case 3, §11.3). The first activation
of the leader's section lets only the leader play (§11.2 case 1). After every
individual turn the sweep restarts from the Leader token, wherever it now is
(§11.2 case 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from racebook.core.frozen import fast_init
from racebook.rf90.state import YELLOW_FLAG, Activation, RaceState
from racebook.rf90.track import Track

# Per track *object* (not per id: two files may share an id, e.g. an edited copy of teaching.toml):
# track id -> (the track, its sweeps). A sweep depends only on the track, the FAS's section index and whether the
# Leader token splits that section, so each one is built once and shared (a tuple: nothing can edit it). The
# identity check makes a stale entry impossible; keying by id keeps the cache at one entry per id.
_SWEEPS: dict[str, tuple[Track, dict[tuple[int, bool], tuple[Activation, ...]]]] = {}


def _sweep_from(track: Track, i0: int, split: bool) -> tuple[Activation, ...]:
    """The sweep backwards around the loop from section index ``i0`` (§11.3); with ``split`` the leader's
    subsection comes first and the cars ahead of him in his section last (§11.2 case 3)."""
    hit = _SWEEPS.get(track.id)
    if hit is None or hit[0] is not track:
        hit = (track, {})
        _SWEEPS[track.id] = hit
    sweeps = hit[1]
    acts = sweeps.get((i0, split))
    if acts is None:
        n = len(track)
        whole = [Activation(track.sections[(i0 - k) % n].name) for k in range(n)]
        if split:
            name = track.sections[i0].name
            whole[0] = Activation(name, "leader")
            whole.append(Activation(name, "ahead"))
        acts = sweeps[(i0, split)] = tuple(whole)
    return acts


def _sweep(state: RaceState) -> tuple[Activation, ...]:
    """Activation groups in sweep order from the FAS (§11.3): with no leader on the track, from the last section;
    with the leader off track, from the section where he lost control (§18.4)."""
    track = state.track
    leader = state.leader
    if leader is None or not state.cars[leader].on_track:
        return _sweep_from(track, len(track) - 1, False)
    if state.fas_anchor is not None:  # §18.4: the leader is off track; the FAS stays where he lost control
        return _sweep_from(track, track.index_of(state.fas_anchor), False)
    section = state.cars[leader].section
    lst = state.order[section]
    split = False
    if leader in lst:
        for c in lst:
            if c == leader:
                break
            if c != YELLOW_FLAG:
                split = True
                break
    return _sweep_from(track, track.index_of(section), split)


# id of a shared sweep -> (the sweep, section -> its positions in the sweep); the sweep is held, so its id is its own
_POSITIONS: dict[int, tuple[tuple[Activation, ...], dict[str, tuple[int, ...]]]] = {}


def _positions(acts: tuple[Activation, ...]) -> dict[str, tuple[int, ...]]:
    """Where each section's groups stand in the sweep ``acts`` (two places for the split leader's section)."""
    hit = _POSITIONS.get(id(acts))
    if hit is None or hit[0] is not acts:
        where: dict[str, list[int]] = {}
        for i, a in enumerate(acts):
            where.setdefault(a.section, []).append(i)
        hit = _POSITIONS[id(acts)] = (acts, {k: tuple(v) for k, v in where.items()})
    return hit[1]


def sweep(state: RaceState) -> list[Activation]:
    """Activation groups in sweep order from the FAS (§11.3)."""
    return list(_sweep(state))


def _off_map(state: RaceState) -> dict[str, list[str]]:
    off: dict[str, list[str]] = {}
    for c in state.cars.values():
        if c.off_track is not None and c.on_track:
            off.setdefault(c.off_track, []).append(c.id)
    return off


def cars_of(state: RaceState, act: Activation, off: dict[str, list[str]] | None = None) -> list[str]:
    """Cars of an activation group, in playing order; off-track cars at this section's re-entry point come
    after every other car of the section (§18.5)."""
    cars = state.cars_in(act.section)
    here = (off if off is not None else _off_map(state)).get(act.section)
    if act.part == "whole" or state.leader is None or state.leader not in cars:
        return cars + here if here else cars
    i = cars.index(state.leader)
    if act.part == "leader":
        return cars[i:] + here if here and i == 0 else cars[i:]
    return cars[:i] + here if here else cars[:i]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a car plays now: ``why`` (the reason the ``SectionActivated`` sentence gives), the ``rule`` and what that
    rule ``says``, for a reader (the activation quiz shows it beside each turn)."""

    why: str
    rule: str
    says: str


LEADER_SOLO = Reason("leader, FAS", "§11.2 case 1",
                     "the leader plays alone on the first activation of his section (the FAS)")
LEADER_SECTION_AGAIN = Reason(
    "the leader's section again, now that the leader has played", "§11.2 case 1",
    "the leader's section is activated again now that he has played: the cars behind him in it play")
BEHIND_THE_FAS = Reason("first section behind the FAS with cars still to play", "§11.1",
                        "the first section, from the FAS backwards, with cars still to play")
AHEAD_OF_THE_LEADER = Reason("ahead of the leader in his section: played last", "§11.2 case 3",
                             "cars ahead of the leader in his own section are at the very back: they play last")
BEHIND_THE_SAFETY_CAR = Reason("behind the Safety Car, in race order", "§21.3",
                               "behind the Safety Car every driver plays in race order, the leader first")
SAME_GROUP = Reason("the next car of the same group", "§10.3",
                    "then the next car of the same group: cars play front to back (§10 step 3)")


def _reason(act: Activation, lead_section: str | None) -> Reason:
    """Why the cars of group ``act`` play, the leader having played (§11.1, §11.2 cases 1 and 3)."""
    if act.part == "ahead":
        return AHEAD_OF_THE_LEADER
    if act.section == lead_section:
        return LEADER_SECTION_AGAIN
    return BEHIND_THE_FAS


@dataclass(frozen=True, slots=True)
class Next:
    """Who plays next, in which activation, and why (the sentence of the activation event)."""

    activation: Activation
    car: str
    why: str
    rule: str
    solo: bool = False  # the leader alone on the first activation of the FAS

    @classmethod
    def of(cls, activation: Activation, car: str, reason: Reason, solo: bool = False) -> Next:
        return cls(activation, car, reason.why, reason.rule, solo)

    @property
    def reason(self) -> Reason:
        """The :class:`Reason` of this turn (its ``why`` and ``rule`` are this turn's)."""
        return _BY_WHY[self.why]


fast_init(Next)  # one per individual turn: the slot-storing constructor (racebook.core.frozen)


def still_to_play(state: RaceState) -> tuple[str, ...]:
    """The cars on the track that have not played this Game Turn (§10), in the order of ``state.cars``.

    Kept up to date rather than rescanned: within a Game Turn a car only leaves this set (it plays, or leaves the
    race) and ``played`` is cleared only as the next Game Turn begins, so the set of the last call, filtered, is the
    set now. ``state.to_play`` holds it with its key (the Game Turn, the cars dict and its size): a new Game Turn, a
    copy of the state or a car added starts it afresh from every car."""
    cars = state.cars
    key = (state.turn, id(cars), len(cars))
    held = state.to_play
    if held is None or held[0] != key:
        ids = tuple(c.id for c in cars.values() if not c.played and c.on_track)
    else:
        ids = tuple(cid for cid in held[1] if not (c := cars[cid]).played and c.on_track)
        if len(ids) == len(held[1]):
            return held[1]
    state.to_play = (key, ids)
    return ids


def next_to_play(state: RaceState) -> Next | None:
    """The next individual turn, or None when every car on the track has played (§10)."""
    lead = state.leader
    if state.sc is not None:  # §21.3: behind the Safety Car every driver plays in race order, the leader first
        for cid in state.race_order():
            if not state.cars[cid].played:
                return Next.of(Activation(state.cars[cid].section), cid, BEHIND_THE_SAFETY_CAR, solo=True)
        return None
    cars, order = state.cars, state.order
    if lead is not None and (leader := cars[lead]).on_track and not leader.played and leader.off_track is None:
        return Next.of(_sweep(state)[0], lead, LEADER_SOLO, solo=True)
    pending = still_to_play(state)
    if not pending:
        return None
    waiting = set(pending)  # "on the track and not played yet", asked of a car below by membership
    lead_section = cars[lead].section if lead else None
    # only the groups of sections holding a car still to play (or such a car waiting at its re-entry point), in
    # sweep order: every other group would be passed over below. ``off``: :func:`_off_map` of the cars still to play
    # (a car at a re-entry point that has played is passed over in its group all the same).
    off: dict[str, list[str]] = {}
    todo: set[str] = set()
    for cid in pending:
        c = cars[cid]
        todo.add(c.section)
        if c.off_track is not None:
            off.setdefault(c.off_track, []).append(cid)
            todo.add(c.off_track)
    acts = _sweep(state)
    where = _positions(acts)
    for p in sorted([p for sec in todo if sec in where for p in where[sec]]):
        act = acts[p]
        if act.section not in off:  # a first look at the section's list: most sections hold nobody still to play
            for cid in order[act.section]:
                if cid in waiting:
                    break
            else:
                continue
        for cid in cars_of(state, act, off):
            if cid in waiting:
                return Next.of(act, cid, _reason(act, lead_section))
    return None


_BY_WHY = {r.why: r for r in (LEADER_SOLO, LEADER_SECTION_AGAIN, BEHIND_THE_FAS, AHEAD_OF_THE_LEADER,
                              BEHIND_THE_SAFETY_CAR)}


@dataclass(frozen=True, slots=True)
class PreviewGroup:
    """One activation of :func:`preview_groups`: its label (``C2``), the cars that play in it, front to back, and
    the :class:`Reason` its first car plays (each later car plays as :data:`SAME_GROUP`)."""

    label: str
    cars: tuple[str, ...]
    reason: Reason

    def reasons(self) -> list[Reason]:
        """Each car's reason, in playing order: the group's for the first, :data:`SAME_GROUP` for the others."""
        return [self.reason] + [SAME_GROUP] * (len(self.cars) - 1)


def preview_groups(state: RaceState) -> list[PreviewGroup]:
    """The activation order if no car moved, each group with its reason — :func:`next_to_play` asked again and
    again on a copy of ``state`` where each car, once named, has played (the one implementation of §11)."""
    s = state.copy()
    out: list[PreviewGroup] = []
    last: Next | None = None
    while (nxt := next_to_play(s)) is not None:
        s.cars[nxt.car].played = True
        if last is not None and not last.solo and not nxt.solo and (nxt.activation, nxt.why) == (
                last.activation, last.why):
            g = out[-1]
            out[-1] = PreviewGroup(g.label, (*g.cars, nxt.car), g.reason)
        else:
            out.append(PreviewGroup(str(nxt.activation), (nxt.car,), nxt.reason))
        last = nxt
    return out


def preview(state: RaceState) -> list[tuple[str, list[str], str]]:
    """The activation order if no car moved: (group label, cars to play, rule) — for "predict the order"
    exercises (§11). The real order also depends on movement, pits and duels; the race plays it exactly.
    :func:`preview_groups` gives each group's :class:`Reason` too."""
    return [(g.label, list(g.cars), g.reason.rule) for g in preview_groups(state)]
