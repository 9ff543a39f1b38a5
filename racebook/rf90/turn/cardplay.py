"""Phase C (§13.C): the legal card plays — pairs, costs, MP and the §19.1 Track Card dry run."""

from __future__ import annotations

from itertools import combinations

from racebook.rf90.actions import Play
from racebook.rf90.car import Car, Strategy
from racebook.rf90.cards import Card, PowerKind
from racebook.rf90.events import EnterSection, Event
from racebook.rf90.rules import checks, movement, payments, skills, trajectories
from racebook.rf90.rules.movement import Move
from racebook.rf90.state import RaceState
from racebook.rf90.track import Trajectory, TrajectoryKind


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


def _penalties(state: RaceState, car: Car) -> list[tuple[int, str]]:
    out = []
    p = movement.tyre_penalty(state, car)
    if p:
        out.append((-p, f"{car.tyre.value} tyres in {state.condition().value} weather (§16.2)"))
    if car.time_loss:
        out.append((-car.time_loss, "time loss from off track (§18.1)"))
    return out


def _track_card_eligible(state: RaceState, car: Car, card: Card, mp: int, minus_one: int | None,
                         playing: tuple[str, ...] = (), cache: dict | None = None) -> bool:
    """§13.C/§19.1: the movement must start in, pass through or end in a section of the card's corner,
    provably: the dry run stops at any Leader check that a hand card cannot pass for sure.

    ``cache`` (one per listing of legal plays) keeps dry runs: they depend only on the MP, the "-1" corner and
    the best hand card left for a Leader check."""
    wanted = {s for n in card.corners for s in state.track.corner(n).sections}
    if car.section in wanted:
        return True
    if cache is None:
        visited = dry_run(state, car, mp, minus_one, playing)
    else:
        left = [state.card(c).check for c in car.hand if not state.card(c).is_track and c not in playing]
        key = (mp, minus_one, min(left) if left else None)
        if key not in cache:
            cache[key] = dry_run(state, car, mp, minus_one, playing)
        visited = cache[key]
    return any(s in wanted for s in visited)


def dry_run(state: RaceState, car: Car, mp: int, minus_one: int | None, playing: tuple[str, ...] = ()) -> list[str]:
    """Sections the car would enter with ``mp`` MP, without randomness; state is restored.

    A Leader check counts as passed only if a hand card other than the movement cards ``playing`` surely
    passes it (§19.1, Ex. 36; AMB-26: movement cards cannot be used for it)."""
    saved_order = {k: list(v) for k, v in state.order.items()}
    saved_cars = {c.id: (c.section, c.lap, c.trajectory) for c in state.cars.values()}
    saved_leader, saved_anchor = state.leader, state.fas_anchor
    visited: list[str] = []
    try:
        if car.off_track is not None:  # §18.5: re-entering costs 1 MP, behind the cars of the re-entry section
            state.place(car.id, car.off_track)
            visited.append(car.off_track)
            mp -= 1
        mv = Move(car.id, mp, minus_one)
        sink: list[Event] = []
        hand_checks = sorted(state.card(c).check for c in car.hand if not state.card(c).is_track and c not in playing)
        while not mv.done:
            movement.advance(state, mv, sink)
            visited.extend(e.section for e in sink if isinstance(e, EnterSection) and e.section)
            sink.clear()
            if mv.awaiting_check is not None:
                target = checks.target_value(state, car, checks.modifiers(state, car, leader_check=True))
                sure = bool(hand_checks) and hand_checks[0] <= target
                if not sure:
                    break
                movement.advance(state, mv, sink, check_result=True)
                visited.extend(e.section for e in sink if isinstance(e, EnterSection))
                sink.clear()
        return visited
    finally:
        state.order = saved_order
        for cid, (sec, lap, traj) in saved_cars.items():
            c = state.cars[cid]
            c.section, c.lap, c.trajectory = sec, lap, traj
        state.leader, state.fas_anchor = saved_leader, saved_anchor


def legal_plays(state: RaceState, car: Car) -> list[Play]:
    """Every legal phase-C declaration (§13.C, §13.D costs, §19.1 eligibility)."""
    cache: dict = {}  # dry runs shared by the plays of this listing
    hand = car.hand
    combos: list[tuple[str, ...]] = [(c,) for c in hand]
    for a, b in combinations(hand, 2):
        if pair_legal(car, state.card(a), state.card(b))[0]:
            combos.append((a, b))
    traj = state.track.trajectory(car.trajectory) \
        if car.trajectory and trajectories.trajectories_available(state) else None
    plays: list[Play] = []
    for cards in combos:
        spare = len(hand) - len(cards)
        traj_options: list[bool] = [False]
        if traj is not None and trajectories._colour_match(state, car, traj, cards):
            traj_options.append(True)
        for use in traj_options:
            t = traj if use else None
            ets: list[str | None] = [None]
            if t is not None and t.kind is TrajectoryKind.EXTREME:
                ets += skills.hooks(car).et_modes(state, car)
                ets += [c for c in hand if c not in cards and any(  # §19.3 ET Discard Power, respecting colour
                    p.kind is PowerKind.ET and p.colour in t.colours for p in state.card(c).powers)]
            for et in ets:
                tyres, disc, _ = _costs(state, car, cards, t)
                if not payments.can_pay(car.chips, spare - (et not in (None, "flat")), tyres, disc):
                    continue
                blues = [False, True] if car.blue > 0 else [False]
                m1s: list[int | None] = [None]
                if any(state.card(c).minus_one for c in cards):
                    m1s += [c.number for c in state.track.corners]
                for blue in blues:
                    for m1 in m1s:
                        if _track_cards_ok(state, car, cards, t, blue, m1, et, cache):
                            plays.append(Play(car.id, cards, use, blue, m1, et))
    return plays


def _track_cards_ok(state: RaceState, car: Car, cards: tuple[str, ...], traj: Trajectory | None,
                    blue: bool, m1: int | None, et: str | None = None, cache: dict | None = None) -> bool:
    tcs = [state.card(c) for c in cards if state.card(c).is_track]
    if not tcs:
        return True
    # §19.1: an ET counts only when it cannot fail (FLAT OUT or a Discard Power)
    sure_traj = traj if traj is not None and (traj.kind is TrajectoryKind.STANDARD or et is not None) else None
    mp = sum(v for v, _ in _base_mp(state, car, cards, sure_traj, True, blue)) - (1 if et == "flat" else 0)
    mp += sum(v for v, _ in _penalties(state, car))
    return all(_track_card_eligible(state, car, tc, mp, m1, cards, cache) for tc in tcs)
