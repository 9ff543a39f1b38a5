"""Computer drivers for player cars: a greedy one and a uniform random one, both seeded by their own generator
(never the race's: the race's chance stays the race's).

The greedy driver plays the card(s) giving the most MP (ties: the fewest cards, then the lowest codes), steps
forward when it can (else to the lane beside, the inside first), keeps its ERS for extensions on straights,
returns no card and discards its lowest card; it makes a Quick Repair when it can, counter-steers when it loses
control (its lowest Counter-steer card) and rejoins the track at once. Standard library only.
"""

from __future__ import annotations

from racebook.core.rng import Rng
from racebook.formulagp.actions import (
    Charge,
    CounterSteer,
    Discard,
    End,
    Extend,
    FaceForward,
    FgpAction,
    Keep,
    Launch,
    Play,
    Rejoin,
    Repair,
    Stop,
    To,
)
from racebook.formulagp.cardplay import check_play, gear_of
from racebook.formulagp.game import Race
from racebook.formulagp.playerboard import Pace


def _play_mp(race: Race, a: Play) -> int:
    s = race.state
    c = s.cars[a.car]
    play = check_play(s, c, a)
    mp = s.board.speed(gear_of(s, c), play.pace) + (1 if a.characteristic else 0)
    return mp - (1 if play.pace is Pace.BLUE else 0) - (1 if play.pair else 0)


class Greedy:
    """Seeded greedy driver: ``choose(race)`` -> one legal action."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, race: Race) -> FgpAction:
        legal = race.legal_actions()
        first = [a for a in legal if isinstance(a, (Repair, CounterSteer, FaceForward, Rejoin))]
        if first:  # a Quick Repair first (§18.5); always counter-steer (§18.1); rejoin at once (§18.2)
            return first[0]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return max(plays, key=lambda a: (_play_mp(race, a), -len(a.cards), a.characteristic))
        launches = [a for a in legal if isinstance(a, Launch)]
        if launches:  # race round 1 (§9.4): the most MP in 2nd gear, the most LEDs to move early
            return max(launches, key=lambda a: (_play_mp(race, a.play()), len(a.extras), -len(a.cards)))
        steps = [a for a in legal if isinstance(a, To)]
        if steps:
            s = race.state
            here = s.cars[steps[0].car].pos
            fwd = [a for a in steps if s.track.pos(a.to).tile != here.tile or s.track.pos(a.to).space > here.space]
            pool = fwd or steps
            return pool[self.rng.below(len(pool))]
        for kind in (Extend, Discard, Keep, Stop, End, Charge):
            options = [a for a in legal if isinstance(a, kind) and (not isinstance(a, Extend) or a.by == "ers")]
            if options:
                return options[0]
        return legal[self.rng.below(len(legal))]


class RandomDriver:
    """Seeded uniform choice among the legal actions (fuzzing, property tests)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, race: Race) -> FgpAction:
        legal = race.legal_actions()
        return legal[self.rng.below(len(legal))]


def play_out(race: Race, drivers: dict[str, Greedy | RandomDriver], max_actions: int = 100_000) -> int:
    """Drive every car with its computer driver until the flag; returns the number of actions applied (a race that
    has not ended after ``max_actions`` raises RuntimeError)."""
    n = 0
    while not race.is_over:
        car = race.current_car
        assert car is not None
        race.apply(drivers[car].choose(race))
        n += 1
        if n >= max_actions:
            raise RuntimeError(f"the race did not end in {max_actions} actions: {race!r}")
    return n
