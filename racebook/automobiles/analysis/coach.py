"""The coach of a guided race (issue 33 item 1): which of the learner's legal actions to suggest, and one plain
reason the engine computed — never a scripted tip.

* :func:`look_ahead` — where an action leaves the learner's car: a clone of the race (:meth:`Race.clone` keeps the
  seeded generator, so every action meets the same draws as long as the play stays the same), the action applied,
  then every car played by a computer driver (the learner's too) to the end of round ``rounds`` or of the race; the
  learner's place (§13: furthest travelled, the inner lane breaking ties) and rows travelled there.
* :func:`suggest` — every action looked ahead; the best is the best place, then the most rows (ties: the first of the
  best, so a move that does nothing, offered last, is never preferred to an equal one); its reason names the numbers
  and how far ahead of the next best action it is. A buy before the race adds the exact chance (:mod:`.odds`) that
  the first draw holds that colour, the cube where the engine put it (the Bag, §4 item 5, AMB-4).

Standard library only; the rules stay in the engine (the look-ahead only applies legal actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from racebook.automobiles.actionlabels import colour
from racebook.automobiles.actions import Buy
from racebook.automobiles.analysis.odds import at_least
from racebook.automobiles.game import Race
from racebook.automobiles.rules.standings import position
from racebook.automobiles.state import Phase
from racebook.core import coach
from racebook.core.actions import Action
from racebook.core.coach import ordinal

#: A look-ahead stops after this many decisions at most (a 4-round race is a few hundred): only a guard.
MAX_DECISIONS = 5000


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where an action leaves the learner: ``place`` (1 = first) and ``rows`` travelled after ``round`` (the last
    round the look-ahead played; ``over`` when the race itself ended)."""

    place: int
    rows: int
    round: int
    over: bool

    def key(self) -> tuple[int, int]:
        """Smaller is better: the place, then the rows (more is better)."""
        return (self.place, -self.rows)

    def words(self) -> str:
        return f"{ordinal(self.place)} with {_s(self.rows, 'row')} travelled"


#: The coach's suggestion (:class:`racebook.core.coach.Advice`) over Automobiles' outcomes.
Advice = coach.Advice[Outcome]


def look_ahead(race: Race, action: Action, you: str, drivers: dict[str, Any], rounds: int) -> Outcome:
    """Where ``action`` (legal now) leaves ``you``: on a clone, ``action`` applied, then every car (``drivers`` by
    player id, ``you`` included) plays until the race is over or round ``rounds`` is done."""
    r = race.clone()
    r.record_frames = False  # a throw-away copy: no frames to draw
    r.apply_recorded(action)  # legal now (one of the listed actions): the cheaper check
    for _ in range(MAX_DECISIONS):
        if r.is_over or r.state.round > rounds:
            break
        legal = r.legal_actions()
        r.apply(drivers[legal[0].car].choose(r, legal))
    return Outcome(position(r.state, you), r.state.players[you].progress, min(r.state.round, rounds), r.is_over)


def suggest(race: Race, actions: list[Action], you: str, drivers: dict[str, Any], rounds: int,
            then: str = "the computer") -> Advice:
    """The action to suggest among ``actions`` (``you``'s legal actions now) and why: each looked ahead
    (:func:`look_ahead`); ``then`` names how the look-ahead drives ``you`` afterwards ("the greedy computer player")."""
    return coach.advise(actions, lambda a: look_ahead(race, a, you, drivers, rounds), lambda b: f"round {b.round}",
                        _behind, lambda a: _odds(race, a), then)


def _behind(best: Outcome, runner: Outcome) -> str:
    """What separates two choices that leave ``you`` in one place (:func:`racebook.core.coach.advise`): the rows."""
    return f", {_s(best.rows - runner.rows, 'row')} more than the next best choice"


def _odds(race: Race, action: Action) -> str:
    """For a buy before the race: the exact chance that the first draw (from the Bag, then the refilled Discard pile)
    holds at least one cube of that colour, the cube put where the engine puts it (the Bag, §4 item 5, AMB-4; the
    Discard pile under the house rule ``prerace_buys_to_bag`` off)."""
    state = race.state
    if not isinstance(action, Buy) or state.turn is None or state.turn.phase is not Phase.PRERACE:
        return ""
    after = race.clone()
    after.record_frames = False
    after.apply_recorded(action)
    p = after.state.players[action.car]
    n = after.state.comps.draw
    chance = at_least(p.bag, p.discard, action.cube, 1, n)
    held = p.bag.get(action.cube, 0)
    return (f"; if you buy nothing else, your first draw of {n} holds a {colour(action.cube)} cube with an exact "
            f"{round(100 * chance)}% chance ({held} of the {sum(p.bag.values())} cubes in your Bag)")


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"
