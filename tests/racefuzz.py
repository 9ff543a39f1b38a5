"""Random legal play, checked after every action (issue 14): the harness of tests/rf90/fuzz/test_legal_play_fuzz.py.

Races come from two sources, on every shipped track:

* ``position_race``: a random mid-race position (tests/conftest.py ``random_setup``: 3–5 humans with dealt hands,
  Track Cards, strategies, skills, wear, lapped cars, yellow flags, turn 1 and the last turn over-represented);
* ``trajectory_race``: the same, with most humans on trajectories (Extreme ones first) holding the track's
  Discard-Power Track Cards;
* ``full_race``: a whole race from set-up (``racebook.rf90.setup.new_race``: Free Practice, qualifying, grid, weather)
  with 1–6 random drivers (skill, strategy, tyres, refuel chit, setup, mulligan), robots and house rules.

``play`` then chooses at random among *all* legal actions (Track Cards, trajectories, ETs and their Discard
Powers, late braking, duels, pits, strategies, skills, flags) — uniformly
(``racebook.rf90.analysis.drivers.RandomDriver``) or
by verb first (:class:`VerbDriver`, so that rare verbs are tried as often as common ones), by seed — and after
every action asserts that:

* no legal action raises (not even a typed racebook error) and ``legal_actions()`` is never empty while the race
  is unfinished;
* §6.1/§23: every card of both decks is in exactly one place (tests/ledger.py);
* §2.2/§13.D.1/§18.6: wear tokens are conserved and never exceed a panel's slots; robots take no wear (§17.1);
* §13.D.1/§14: tyre chips and blue tokens are never negative; chips only go up when tyres are fitted at a pit.

By hand, for a long bug hunt (prints every failure with its replayable seed and a summary)::

    .venv/bin/python tests/racefuzz.py 3000            # 3,000 races (a third of each source)
    .venv/bin/python tests/racefuzz.py 3000 --start 10000
"""

from __future__ import annotations

import random
import sys
import traceback
from collections import Counter
from dataclasses import dataclass, field

from conftest import random_setup
from ledger import all_cards, located, on_the_table

from racebook.core.errors import RacebookError
from racebook.rf90.actions import Action
from racebook.rf90.actiontext import parse
from racebook.rf90.analysis.drivers import RandomDriver
from racebook.rf90.car import RobotType, Setup, Skill, Tyre
from racebook.rf90.game import Race
from racebook.rf90.options import IntermediateRow, Rules
from racebook.rf90.scenario import build
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import available_tracks, load_track
from racebook.rf90.turn import IMPLEMENTED_STRATEGIES

TRACKS = tuple(available_tracks())  # every track file: a new file is fuzzed with no edit here
COLOURS = ("Blue", "Red", "Green", "Orange", "Pink", "Yellow")
SETUPS = [Setup(t, c, 5) for t in (8, 10, 12) for c in (5, 6, 7)]
MAX_STEPS = 20_000  # a full race on Monza with 6 players takes ~1,000 actions; this only stops a livelock


@dataclass
class VerbDriver:
    """Random, but by verb first: a verb uniformly among the legal verbs, then one of its actions uniformly. With
    ``race_on`` > 0, phase A picks ``start`` that often (so cars race rather than skip and pit)."""

    seed: int = 0
    race_on: float = 0.0
    declare: float = 0.0  # how often a play is picked among those with a declaration (+traj, et=, …) if any

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)

    def choose(self, race: Race, legal: list[Action]) -> Action:
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        if "start" in by_verb and self.rnd.random() < self.race_on:
            return by_verb["start"][0]
        verb = self.rnd.choice(sorted(by_verb))
        if verb == "play" and self.rnd.random() < self.declare:
            for special in ([a for a in by_verb[verb] if getattr(a, "et", None)],
                            [a for a in by_verb[verb] if getattr(a, "trajectory", False)]):
                if special and self.rnd.random() < 0.7:
                    return self.rnd.choice(special)
        return self.rnd.choice(by_verb[verb])


def driver_for(seed: int, kind: str = "") -> RandomDriver | VerbDriver:
    """One of three random policies over all legal actions, by seed: uniform, by verb, by verb racing on; on a
    ``trajectory`` race, by verb racing on and declaring trajectories and ETs when it can."""
    if kind == "trajectory":
        return VerbDriver(seed, 0.85, 0.7)
    return (RandomDriver(seed), VerbDriver(seed), VerbDriver(seed, 0.85))[seed % 3]


class FuzzFailure(AssertionError):
    """A broken promise found by random play; the message says how to replay it."""


@dataclass
class Tally:
    races: int = 0
    actions: int = 0
    finished: int = 0
    verbs: Counter = field(default_factory=Counter)


def _rules(rnd: random.Random) -> Rules:
    return Rules(intermediate_row=rnd.choice(list(IntermediateRow)), trajectories_at_start=rnd.random() < 0.3,
                 last_turn_easy_passing=rnd.random() < 0.7, lucky_discard_mandatory=rnd.random() < 0.7)


def position_race(seed: int, track: str) -> Race:
    """A random mid-race position on ``track`` (conftest.random_setup), with random house rules."""
    rnd = random.Random(seed)
    spec = random_setup(rnd, load_track(track))
    spec["rules"] = {k: v for k, v in _rules(rnd).to_dict().items()}
    return build(spec)


def trajectory_race(seed: int, track: str) -> Race:
    """A random position (as :func:`position_race`) where most humans stand on a trajectory — an Extreme one when
    their section has one — and hold the track's Discard-Power Track Cards (ET, LB, duel), so that ETs, their
    Discard Powers, FLAT OUT and late braking come up often."""
    rnd = random.Random(seed)
    t = load_track(track)
    spec = random_setup(rnd, t)
    spec["rules"] = {k: v for k, v in _rules(rnd).to_dict().items()}
    humans = list(spec["cars"])
    head, _, body = spec["scenario"]["position"].partition(" | ")
    taken: set[str] = set()
    groups = []
    for group in body.split(" | "):
        sec, _, toks = group.partition(": ")
        out = []
        for tok in toks.split():
            cid = tok.rstrip("*").split("-")[0]
            free = [x for x in t.trajectories_in(sec) if x.id not in taken]
            if cid in humans and free and rnd.random() < 0.8:
                ets = [x for x in free if x.kind.value == "extreme"]
                x = rnd.choice(ets if ets and rnd.random() < 0.7 else free)
                taken.add(x.id)
                tok += f"@{x.id}"
            out.append(tok)
        groups.append(f"{sec}: " + " ".join(out))
    spec["scenario"]["position"] = head + " | " + " | ".join(groups)
    if " turn=1 " in head:  # AMB-14 house rule: trajectories usable in turn 1 (else they would be ignored)
        spec["rules"]["trajectories_at_start"] = True
    held = {c for d in spec["cars"].values() for c in d.get("hand", [])}
    powers = [c.code for c in t.track_cards if c.powers and c.code not in held]
    rnd.shuffle(powers)
    on = {tok.split("@")[0].rstrip("*").split("-")[0]: tok.split("@")[1] for g in groups for tok in g.split()
          if "@" in tok}
    cards = {c.code: c for c in t.track_cards}
    for cid, traj in on.items():  # an ET's own Discard Power card, when free (§19.3)
        colours = t.trajectory(traj).colours
        fit = [c for c in powers if any(p.kind.value == "et" and p.colour in colours for p in cards[c].powers)]
        if fit:
            spec["cars"][cid]["hand"].append(fit[0])
            powers.remove(fit[0])
    for cid in humans:
        if powers and rnd.random() < 0.8:
            spec["cars"][cid]["hand"].append(powers.pop())
        if rnd.random() < 0.3:
            spec["cars"][cid]["skill"] = "flat_out"
        spec["cars"][cid]["chips"] = max(spec["cars"][cid]["chips"], rnd.randint(1, 6))
    return build(spec)


def full_race(seed: int, track: str) -> Race:
    """A whole race from set-up (§6–§9) on ``track`` with random drivers, robots and house rules."""
    rnd = random.Random(seed)
    t = load_track(track)
    slots = sum(g.cars for g in t.grid)
    players = rnd.randint(1, 6)
    skills = [None] + [s for s in Skill if s is not Skill.SIXTH_SENSE]
    strategies = sorted(IMPLEMENTED_STRATEGIES, key=lambda s: s.value)
    drivers = []
    for i in range(players):
        skill = rnd.choice(skills)
        setups = [s for s in SETUPS if _valid(s, skill)]
        setup = rnd.choice(setups)
        drivers.append(Driver(COLOURS[i], skill=skill, setup=setup, refuel=rnd.choice((8, 10, 12, 14, 16)),
                              qualify_card=rnd.randrange(setup.cards), tyre=rnd.choice(list(Tyre)),
                              strategy=rnd.choice(strategies), mulligan=rnd.random() < 0.1))
    kinds = [RobotType.SUPERFAST, RobotType.FAST, RobotType.SLOW]
    robots = [(f"{k.value.capitalize()}{i}", k) for i, k in
              enumerate(rnd.choice(kinds) for _ in range(rnd.randint(0, min(6, slots - players))))]
    rs = new_race(t, drivers, robots, seed=rnd.randrange(2**32), rules=_rules(rnd))
    return Race(rs.state, frames=False, prelude=tuple(rs.events))


def _valid(setup: Setup, skill: Skill | None) -> bool:
    try:
        setup.validate(skill)
    except RacebookError:
        return False
    return True


def check(race: Race, cards: set[str], wear: tuple[int, int], chips: dict[str, int], action: Action | None,
          where: str) -> None:
    """The books balance after ``action`` (see the module docstring)."""
    s = race.state
    state_cards = located(s)
    seen = Counter(state_cards + [c for c in on_the_table(race) if c not in set(state_cards)])
    doubled = sorted(c for c, n in seen.items() if n > 1)
    if doubled or set(seen) != cards:
        raise FuzzFailure(f"§23 cards not conserved after {action}: doubled {doubled}, lost "
                          f"{sorted(cards - set(seen))}, new {sorted(set(seen) - cards)}; {where}")
    if s.wear_count() != wear:
        raise FuzzFailure(f"§2.2 wear tokens {s.wear_count()} != {wear} after {action}; {where}")
    for car in s.cars.values():
        if len(car.wear) > car.setup.wear or (car.is_robot and car.wear):
            raise FuzzFailure(f"§13.D.1 {car.id} has {len(car.wear)} wear tokens after {action}; {where}")
        if car.chips < 0 or car.blue < 0:
            raise FuzzFailure(f"§14 {car.id} has {car.chips} chips, {car.blue} blue after {action}; {where}")
        refit = action is not None and action.verb == "pit-tyres" and action.car == car.id
        if car.chips > chips[car.id] and not refit:
            raise FuzzFailure(f"§14 {car.id}'s chips went up {chips[car.id]} -> {car.chips} after {action}; {where}")
        chips[car.id] = car.chips


def play(race: Race, seed: int, label: str, tally: Tally | None = None, max_steps: int = MAX_STEPS,
         texts: bool = False, kind: str = "") -> Race:
    """Random legal play to the end (or ``max_steps``), checking every step; raises FuzzFailure naming the seed.

    ``texts``: apply every action through its text form (``parse(str(action))``) and check it round-trips."""
    driver = driver_for(seed, kind)
    s = race.state
    cards, wear = all_cards(s), s.wear_count()
    chips = {c.id: c.chips for c in s.cars.values()}
    where = f"{label} seed {seed}"
    check(race, cards, wear, chips, None, where)
    steps = 0
    while not race.is_over and steps < max_steps:
        try:
            legal = race.legal_actions()
        except Exception as e:  # noqa: BLE001 - any exception is the finding
            raise FuzzFailure(f"legal_actions() raised {type(e).__name__}: {e} at {race.position()}; "
                              f"{where}, step {steps}") from e
        if not legal:
            raise FuzzFailure(f"no legal action but the race is not over at {race.position()} "
                              f"(phase {race.phase}); {where}, step {steps}")
        action = driver.choose(race, legal)
        before = race.position()
        try:
            if texts:
                text = str(action)
                if parse(text) != action:
                    raise FuzzFailure(f"{text!r} does not round-trip: {parse(text)!r}; {where}")
                race.apply(text)
            else:
                race.apply(action)
        except FuzzFailure:
            raise
        except Exception as e:  # noqa: BLE001
            raise FuzzFailure(f"the legal action {action} raised {type(e).__name__}: {e} at {before}; "
                              f"{where}, step {steps}") from e
        steps += 1
        if tally is not None:
            tally.verbs[action.verb] += 1
            for flag in ("trajectory", "blue", "minus_one", "et", "card"):  # the rarer declarations, counted apart
                v = getattr(action, flag, None)
                if v:
                    tally.verbs[f"{action.verb} {flag}" + ("=flat" if v == "flat" else "")] += 1
        check(race, cards, wear, chips, action, f"{where}, step {steps}, at {race.position()}")
    if tally is not None:
        tally.races += 1
        tally.actions += steps
        tally.finished += race.is_over
    return race


SOURCES = {"position": position_race, "trajectory": trajectory_race, "full": full_race}


def run(kind: str, seed: int, track: str, tally: Tally | None = None, texts: bool = False) -> Race:
    race = SOURCES[kind](seed, track)
    return play(race, seed, f"{kind}_race({seed}, {track!r})", tally, texts=texts, kind=kind)


def main(argv: list[str]) -> int:
    import argparse
    import time

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("races", type=int)
    ap.add_argument("--start", type=int, default=0)
    args = ap.parse_args(argv)
    tally, failures = Tally(), Counter()
    t0 = time.time()
    for i in range(args.races):
        seed = args.start + i
        kind = ("position", "trajectory", "full")[seed % 3]
        track = TRACKS[(seed // 3) % len(TRACKS)]
        try:
            run(kind, seed, track, tally, texts=i % 5 == 0)
        except FuzzFailure as e:
            failures[str(e).split(" at ")[0][:120]] += 1
            print(f"FAIL {kind} {track} seed {seed}: {e}", flush=True)
            if e.__cause__ is not None:
                traceback.print_exception(e.__cause__)
        if (i + 1) % 100 == 0:
            print(f"... {i + 1} races, {tally.actions} actions, {sum(failures.values())} failures, "
                  f"{time.time() - t0:.0f} s", flush=True)
    print(f"{tally.races} races checked to the end ({tally.finished} finished), {tally.actions} actions, "
          f"{sum(failures.values())} failures in {time.time() - t0:.0f} s")
    for sig, n in failures.most_common():
        print(f"  {n} x {sig}")
    print("verbs:", ", ".join(f"{v} {n}" for v, n in tally.verbs.most_common()))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
