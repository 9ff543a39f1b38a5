"""Computer drivers for player cars: a greedy one and a uniform random one, both seeded by their own generator
(never the race's: the race's chance stays the race's).

The greedy driver plays the card(s) giving the most MP (ties: the fewest cards, then the lowest codes), steps
forward when it can (else to the lane beside, the inside first), keeps its ERS for extensions on straights,
returns no card and discards its lowest card. In qualifying (§9) it plays the most LEDs that leave it a movement
card for race round 1 (never stuck in neutral, §9.3), pushes the limit only when it holds a counter-steer card to
spend on a red face that is not its last movement card (never risking the crash, A41, nor neutral), spends its
lowest-LED counter-steer card (a non-movement one first), and on pole keeps the fastest movement card and puts the
other movement cards on top of its deck, the rest at the bottom (§9.4).
Standard library only.
"""

from __future__ import annotations

from racebook.core.rng import Rng
from racebook.formulagp.actions import (
    Charge,
    Discard,
    End,
    Extend,
    FgpAction,
    Keep,
    Launch,
    NoPush,
    Play,
    Pole,
    Push,
    Qualify,
    Steer,
    Stop,
    To,
)
from racebook.formulagp.cardplay import card_colour, check_play, gear_of
from racebook.formulagp.components import Colour, cards
from racebook.formulagp.game import Race
from racebook.formulagp.playerboard import Pace
from racebook.formulagp.qualify import counter_steers, leds

_FAST = {Colour.BLUE: 3, Colour.RED: 2, Colour.ORANGE: 1, Colour.GREEN: 0}  # the pace a single card gives (§6.2)


def _qualifying(race: Race, legal: list[FgpAction]) -> FgpAction | None:
    """The greedy qualifying decisions (§9.2, §9.4 item 1), or None outside qualifying."""
    first = legal[0]
    if isinstance(first, Qualify):
        hand = race.state.cars[first.car].hand

        def value(a: FgpAction) -> tuple[bool, int, int]:
            assert isinstance(a, Qualify)
            left = [x for x in hand if x not in a.cards and card_colour(x) is not None]
            return bool(left), sum(leds(a.cards)), -len(a.cards)

        return max(legal, key=value)
    if isinstance(first, (Push, NoPush)):
        c = race.state.cars[first.car]
        moving = [x for x in c.hand if card_colour(x) is not None]
        spare = [x for x in counter_steers(c) if card_colour(x) is None or len(moving) > 1]
        return Push(first.car) if spare else NoPush(first.car)
    if isinstance(first, Steer):
        steers = [a for a in legal if isinstance(a, Steer)]
        return min(steers, key=lambda a: (card_colour(a.card) is not None, cards().card(a.card).leds))
    if isinstance(first, Pole):
        def speed(code: str) -> int:
            colour = card_colour(code)
            return -1 if colour is None else _FAST[colour]

        def pole_value(a: FgpAction) -> tuple[int, int, int]:
            assert isinstance(a, Pole)
            return (speed(a.keep), sum(speed(x) >= 0 for x in a.top) - sum(speed(x) >= 0 for x in a.bottom),
                    -len(a.top))

        return max(legal, key=pole_value)
    return None


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
        qualifying = _qualifying(race, legal) if legal else None
        if qualifying is not None:
            return qualifying
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
