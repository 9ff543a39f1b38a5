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

from collections.abc import Iterator
from dataclasses import dataclass

from racebook.rf90.state import Activation, RaceState
from racebook.rf90.track import Track

# Per track *object* (not per id: two files may share an id, e.g. an edited copy of teaching.toml):
# track id -> (the track, Activation(section) for every section). The identity check makes a stale entry
# impossible; keying by id keeps the cache at one entry per id.
_WHOLE: dict[str, tuple[Track, tuple[Activation, ...]]] = {}


def _whole(state: RaceState) -> tuple[Activation, ...]:
    track = state.track
    hit = _WHOLE.get(track.id)
    if hit is not None and hit[0] is track:
        return hit[1]
    acts = tuple(Activation(s.name) for s in track.sections)
    _WHOLE[track.id] = (track, acts)
    return acts


def _iter_sweep(state: RaceState) -> Iterator[Activation]:
    """Activation groups in sweep order from the FAS (§11.3), produced lazily."""
    track = state.track
    whole = _whole(state)
    n = len(track)
    if state.leader is None or not state.cars[state.leader].on_track:
        yield from reversed(whole)
        return
    lead = state.cars[state.leader]
    if state.fas_anchor is not None:  # §18.4: the leader is off track; the FAS stays where he lost control
        i0 = track.section(state.fas_anchor).index
        for k in range(n):
            yield whole[(i0 - k) % n]
        return
    i0 = track.section(lead.section).index
    lst = state.order[lead.section]
    has_ahead = state.leader in lst and any(c != "(Y)" for c in lst[:lst.index(state.leader)])
    yield Activation(lead.section, "leader") if has_ahead else whole[i0]
    for k in range(1, n):
        yield whole[(i0 - k) % n]
    if has_ahead:
        yield Activation(lead.section, "ahead")


def sweep(state: RaceState) -> list[Activation]:
    """Activation groups in sweep order from the FAS (§11.3)."""
    return list(_iter_sweep(state))


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
    here = (off if off is not None else _off_map(state)).get(act.section, [])
    if act.part == "whole" or state.leader is None or state.leader not in cars:
        return cars + here
    i = cars.index(state.leader)
    if act.part == "leader":
        return cars[i:] + (here if i == 0 else [])
    return cars[:i] + here


@dataclass(frozen=True, slots=True)
class Next:
    """Who plays next, in which activation, and why (the sentence of the activation event)."""

    activation: Activation
    car: str
    why: str
    rule: str
    solo: bool = False  # the leader alone on the first activation of the FAS


def next_to_play(state: RaceState) -> Next | None:
    """The next individual turn, or None when every car on the track has played (§10)."""
    lead = state.leader
    if state.sc is not None:  # §21.3: behind the Safety Car every driver plays in race order, the leader first
        for cid in state.race_order():
            if not state.cars[cid].played:
                return Next(Activation(state.cars[cid].section), cid, "behind the Safety Car, in race order",
                            "§21.3", solo=True)
        return None
    if lead is not None and state.cars[lead].on_track and not state.cars[lead].played \
            and state.cars[lead].off_track is None:
        return Next(next(_iter_sweep(state)), lead, "leader, FAS", "§11.2 case 1", solo=True)
    lead_section = state.cars[lead].section if lead else None
    off = _off_map(state)
    for act in _iter_sweep(state):
        if not state.order[act.section] and act.section not in off:
            continue
        for cid in cars_of(state, act, off):
            car = state.cars[cid]
            if car.on_track and not car.played:
                if act.part == "ahead":
                    return Next(act, cid, "ahead of the leader in his section: played last", "§11.2 case 3")
                if act.section == lead_section:
                    return Next(act, cid, "the leader's section again, now that the leader has played",
                                "§11.2 case 1")
                return Next(act, cid, "first section behind the FAS with cars still to play", "§11.1")
    return None


def preview(state: RaceState) -> list[tuple[str, list[str], str]]:
    """The activation order if no car moved: (group label, cars to play, rule) — for "predict the order"
    exercises (§11). The real order also depends on movement, pits and duels; the race plays it exactly."""
    out: list[tuple[str, list[str], str]] = []
    lead = state.leader
    done: set[str] = set()
    if lead is not None and state.cars[lead].on_track and not state.cars[lead].played \
            and state.cars[lead].off_track is None:
        out.append((str(sweep(state)[0]), [lead], "§11.2 case 1"))
        done.add(lead)
    for act in sweep(state):
        todo = [c for c in cars_of(state, act) if c not in done and state.cars[c].on_track
                and not state.cars[c].played]
        if todo:
            lead_sec = state.cars[lead].section if lead else None
            rule = "§11.2 case 3" if act.part == "ahead" else ("§11.2 case 1" if act.section == lead_sec else "§11.1")
            out.append((str(act), todo, rule))
            done.update(todo)
    return out
