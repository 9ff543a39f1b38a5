"""Random legal play in team races (Expansion #1 §5, issue 35 item 1), checked after EVERY action.

Two sources of team races, on Monza, Monaco, Spa and Silverstone:

* ``team_position``: a random mid-race position (tests/conftest.py ``random_team_setup``): each robot is a human's
  robot teammate while there are humans left, and two more humans may team up;
* ``team_full``: a whole race from set-up (:func:`racebook.rf90.teams.team_race`): 1–5 humans, each alone, with a
  robot teammate or teamed with another human, basic or advanced line-ups (§5.3 X1).

``play`` chooses at random among all legal actions (tests/racefuzz.py's drivers) and after every action asserts,
besides racefuzz's checks (cards §23, wear §2.2, chips §14, a decision while the race runs):

* each car is in exactly one place (:func:`places`): in one section's order list while it races on the track, in
  none while it is off the track (§18.5), retired or out of fuel — never listed twice, never missing;
* racebook.rf90.integrity finds nothing wrong and the state survives ``to_dict`` → ``from_dict`` unchanged — what
  loading a save checks of the state it replays to (racebook.rf90.saves: the replay is deterministic, then the
  final state is validated), so a state that passes here is one the race's own save can load;
* the race's own save (``Race.to_json`` → ``Race.from_json``, which replays every action from the start) loads back
  to the same state and position every ``save_every`` actions and at the end of the race.

By hand (prints each failure with its replayable seed; the summary at the end)::

    .venv/bin/python tests/teamfuzz.py 3000            # 3,000 team races (half of each source)
    .venv/bin/python tests/teamfuzz.py 300 --start 5000 --save-every 1   # a full save → load after every action
    .venv/bin/python tests/teamfuzz.py 3000 --deep-every 10 --save-every 200   # quicker: the deep checks less often
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import Counter

from conftest import random_team_setup
from racefuzz import COLOURS, SETUPS, FuzzFailure, Tally, _rules, _valid, check, driver_for

from racebook.core.errors import RacebookError
from racebook.rf90.actions import Action
from racebook.rf90.car import Skill, Status, Tyre
from racebook.rf90.game import Race
from racebook.rf90.integrity import problems
from racebook.rf90.scenario import build
from racebook.rf90.setup import Driver
from racebook.rf90.state import YELLOW_FLAG, RaceState
from racebook.rf90.teams import Team, TeamRobot, team_race
from racebook.rf90.trackfile import load_track
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES

TEAM_TRACKS = ("monza", "monaco", "spa", "silverstone")
MAX_STEPS = 20_000  # only stops a livelock
SAVE_EVERY = 50  # a save replays every action from the start: after every action would make a race quadratic


def places(state: RaceState) -> list[str]:
    """Where each car is, as problems (empty: each car in exactly one place). A car racing on the track is in its
    section's order list exactly once; a car off the track (§18.5), retired (§18.6) or out of fuel (§13.A.3) is in
    no order list."""
    out: list[str] = []
    listed: Counter[str] = Counter()
    where: dict[str, list[str]] = {}
    for sec, cars in state.order.items():
        for cid in cars:
            if cid == YELLOW_FLAG:
                continue
            listed[cid] += 1
            where.setdefault(cid, []).append(sec)
    for cid, n in listed.items():
        if cid not in state.cars:
            out.append(f"{cid} is listed in {where[cid]} but is not a car of the race")
        elif n > 1:
            out.append(f"{cid} is listed {n} times: in {where[cid]}")
    for cid, car in state.cars.items():
        on_track = car.status is Status.RACING and car.off_track is None
        if on_track and listed[cid] != 1:
            out.append(f"{cid} races in {car.section!r} but is listed in {where.get(cid, [])}")
        if on_track and listed[cid] == 1 and where[cid][0] != car.section:
            out.append(f"{cid} is listed in {where[cid][0]} but its section is {car.section!r}")
        if not on_track and listed[cid]:
            state_word = "off the track" if car.off_track is not None else car.status.value
            out.append(f"{cid} is {state_word} but listed in {where[cid]}")
    return out


def team_position_race(seed: int, track: str) -> Race:
    """A random mid-race position on ``track`` with teams (conftest.random_team_setup) and random house rules."""
    rnd = random.Random(seed)
    spec = random_team_setup(rnd, load_track(track))
    spec["rules"] = dict(_rules(rnd).to_dict())
    return build(spec)


def team_full_race(seed: int, track: str) -> Race:
    """A whole team race from set-up (§5.1–§5.4 X1, §6–§9) on ``track``: 1–5 humans, each with a robot teammate,
    teamed with another human or alone; basic or advanced line-ups."""
    rnd = random.Random(seed)
    t = load_track(track)
    skills = [None] + [s for s in Skill if s is not Skill.SIXTH_SENSE]
    strategies = sorted(IMPLEMENTED_STRATEGIES, key=lambda s: s.value)
    humans = []
    for colour in COLOURS[:rnd.randint(1, 5)]:
        skill = rnd.choice(skills)
        setup = rnd.choice([s for s in SETUPS if _valid(s, skill)])
        humans.append(Driver(colour, skill=skill, setup=setup, refuel=rnd.choice((8, 10, 12, 14, 16)),
                             qualify_card=rnd.randrange(setup.cards), tyre=rnd.choice(list(Tyre)),
                             strategy=rnd.choice(strategies), mulligan=rnd.random() < 0.1))
    teams, alone = [], []
    mates = iter(("Pink", "Cyan", "Lime", "Grey", "White"))
    while humans:
        h = humans.pop(0)
        r = rnd.random()
        if r < 0.6:
            teams.append(Team(f"{h.id}-team", (h, TeamRobot(next(mates)))))
        elif r < 0.85 and humans:
            other = humans.pop(0)
            teams.append(Team(f"{h.id}+{other.id}", (h, other)))
        else:
            alone.append(h)
    level = rnd.choice(("basic", "advanced"))
    try:
        rs = team_race(t, teams, level=level, drivers=alone, seed=rnd.randrange(2**32), rules=_rules(rnd))
    except RacebookError:  # e.g. more cars than the grid holds: fewer teams
        rs = team_race(t, teams[:1], level=level, seed=rnd.randrange(2**32), rules=_rules(rnd))
    return Race(rs.state, frames=False, prelude=tuple(rs.events))


SOURCES = {"team_position": team_position_race, "team_full": team_full_race}


def check_team(race: Race, action: Action | None, where: str, save: bool, deep: bool = True) -> None:
    """Each car in exactly one place; (``deep``) the integrity validator and the state's dict round trip; (``save``)
    the race's save → load."""
    bad = places(race.state)
    if bad:
        raise FuzzFailure(f"each car in one place: {'; '.join(bad)} after {action}; {where}")
    if not deep and not save:
        return
    found = problems(race.state)
    if found:
        raise FuzzFailure(f"integrity: {found[0]} after {action}; {where}")
    d = race.state.to_dict()
    try:
        same = RaceState.from_dict(d, race.state.track).to_dict() == d
    except RacebookError as e:
        raise FuzzFailure(f"the state does not load from its dict: {e} after {action}; {where}") from e
    if not same:
        raise FuzzFailure(f"the state's dict does not round-trip after {action}; {where}")
    if save:
        try:
            again = Race.from_json(race.to_json(), frames=False)
        except RacebookError as e:
            raise FuzzFailure(f"the save does not load: {e} after {action}; {where}") from e
        if again.state.to_dict() != race.state.to_dict() or again.position() != race.position():
            raise FuzzFailure(f"the save reloads differently after {action}; {where}")


def play(race: Race, seed: int, label: str, tally: Tally | None = None, max_steps: int = MAX_STEPS,
         save_every: int = SAVE_EVERY, deep_every: int = 1) -> Race:
    """Random legal play to the end (or ``max_steps``), checking every action; raises FuzzFailure naming the seed.
    ``save_every``: a full save → load after every n-th action and at the end (1: every action; 0: never);
    ``deep_every``: the integrity validator and the dict round trip after every n-th action (the cheap checks —
    each car in one place, cards, wear, chips — run after every action whatever the n)."""
    driver = driver_for(seed)
    s = race.state
    from ledger import all_cards

    cards, wear = all_cards(s), s.wear_count()
    chips = {c.id: c.chips for c in s.cars.values()}
    where = f"{label} seed {seed}"
    check(race, cards, wear, chips, None, where)
    check_team(race, None, where, save_every > 0)
    steps = 0
    while not race.is_over and steps < max_steps:
        legal = race.legal_actions()
        if not legal:
            raise FuzzFailure(f"no legal action but the race is not over at {race.position()}; {where}, "
                              f"step {steps}")
        action = driver.choose(race, legal)
        before = race.position()
        try:
            race.apply(action)
        except Exception as e:  # noqa: BLE001 - any exception is the finding
            raise FuzzFailure(f"the legal action {action} raised {type(e).__name__}: {e} at {before}; "
                              f"{where}, step {steps}") from e
        steps += 1
        if tally is not None:
            tally.verbs[action.verb] += 1
        at = f"{where}, step {steps}, at {race.position()}"
        check(race, cards, wear, chips, action, at)
        check_team(race, action, at, save_every > 0 and steps % save_every == 0, steps % deep_every == 0)
    if save_every > 0 and steps % save_every:
        check_team(race, None, f"{where}, the end after {steps} steps", True)
    if tally is not None:
        tally.races += 1
        tally.actions += steps
        tally.finished += race.is_over
    return race


def run(kind: str, seed: int, track: str, tally: Tally | None = None, save_every: int = SAVE_EVERY,
        deep_every: int = 1) -> Race:
    return play(SOURCES[kind](seed, track), seed, f"{kind}_race({seed}, {track!r})", tally, save_every=save_every,
                deep_every=deep_every)


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("races", type=int)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--save-every", type=int, default=SAVE_EVERY, help="save → load after every n-th action (0: never)")
    ap.add_argument("--deep-every", type=int, default=1,
                    help="the integrity validator and the dict round trip after every n-th action (default 1)")
    args = ap.parse_args(argv)
    tally, failures = Tally(), Counter()
    t0 = time.process_time()
    for i in range(args.races):
        seed = args.start + i
        kind = ("team_position", "team_full")[seed % 2]
        track = TEAM_TRACKS[(seed // 2) % len(TEAM_TRACKS)]
        try:
            run(kind, seed, track, tally, args.save_every, args.deep_every)
        except FuzzFailure as e:
            failures[str(e).split(" after ")[0][:120]] += 1
            print(f"FAIL {kind} {track} seed {seed}: {e}", flush=True)
            if e.__cause__ is not None:
                traceback.print_exception(e.__cause__)
        if (i + 1) % 100 == 0:
            print(f"... {i + 1} races, {tally.actions} actions, {sum(failures.values())} failures, "
                  f"{time.process_time() - t0:.0f} s CPU", flush=True)
    print(f"{args.races} team races, {tally.races} checked to the end ({tally.finished} finished), {tally.actions} "
          f"actions, {sum(failures.values())} failures in {time.process_time() - t0:.0f} s CPU")
    for sig, n in failures.most_common():
        print(f"  {n} x {sig}")
    print("verbs:", ", ".join(f"{v} {n}" for v, n in tally.verbs.most_common()))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
