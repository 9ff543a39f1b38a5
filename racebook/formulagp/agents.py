"""Computer drivers for player cars: a greedy one and a uniform random one, both seeded by their own generator
(never the race's: the race's chance stays the race's).

The greedy driver plays the card(s) giving the most MP (ties: the fewest cards, then the lowest codes), steps
forward when it can (else to the lane beside, the inside first), keeps its ERS for extensions on straights,
returns no card and discards its lowest card. In a battle (§13.2, §13.3) it attacks when its strongest cards, OT
and ERS reach what the defender may show by what the table sees (2 LEDs, + its ERS level's LEDs), bids its
strongest cards (the fewest for as many LEDs) and yields only when it holds no battle card. Standard library only.
"""

from __future__ import annotations

from racebook.core.rng import Rng
from racebook.formulagp.actions import (
    Attack,
    Bid,
    Charge,
    Discard,
    End,
    Extend,
    FgpAction,
    Keep,
    Launch,
    Play,
    Stop,
    To,
    Yield,
)
from racebook.formulagp.battles import bids
from racebook.formulagp.cardplay import check_play, gear_of
from racebook.formulagp.components import cards
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
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return max(plays, key=lambda a: (_play_mp(race, a), -len(a.cards), a.characteristic))
        launches = [a for a in legal if isinstance(a, Launch)]
        if launches:  # race round 1 (§9.4): the most MP in 2nd gear, the most LEDs to move early
            return max(launches, key=lambda a: (_play_mp(race, a.play()), len(a.extras), -len(a.cards)))
        battle = battle_choice(race, legal)
        if battle is not None:
            return battle
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


def _bid_leds(race: Race, a: Bid) -> int:
    s = race.state
    c = s.cars[a.car]
    ers = s.board.ers_level_leds(c.ers) if a.ers else 0
    return sum(cards().card(x).leds for x in a.cards) + ers


def battle_choice(race: Race, legal: list[FgpAction]) -> FgpAction | None:
    """The greedy driver's battle decisions (§13.2, §13.3), or None when the decision is not a battle's."""
    s = race.state
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        if s.battle is not None:  # a chained secondary attack (§13.4.1): the car ahead cannot defend
            return attacks[0]
        c = s.cars[attacks[0].car]
        mine = max((_bid_leds(race, b) for b in bids(s, c.id) if isinstance(b, Bid)), default=0)
        best = max(attacks, key=lambda a: -s.board.ers_level_leds(s.cars[a.defender].ers))
        fair = 2 + s.board.ers_level_leds(s.cars[best.defender].ers)  # what the defender may show, seen publicly
        if mine + s.board.ot_level_leds(c.ot) >= fair:
            return best
        return next(a for a in legal if isinstance(a, End))
    offers = [a for a in legal if isinstance(a, Bid)]
    if offers:
        return max(offers, key=lambda a: (_bid_leds(race, a), -len(a.cards), not a.ers))
    return next((a for a in legal if isinstance(a, Yield)), None)
