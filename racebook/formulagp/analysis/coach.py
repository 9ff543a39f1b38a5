"""The coach of notebook F0's guided race (issue 33 item 1): which of the learner's legal actions to suggest, and
one plain reason the engine computed — never a scripted tip.

* :func:`standings` — the running order: the farthest car first (laps, then tiles from the line, §17.2's distance),
  cars on one tile by the driver order's rules (§10.2, :func:`racebook.formulagp.rules.order.driver_order`).
* :func:`look_ahead` — where an action leaves the learner's car: a clone of the race (:meth:`Race.clone` keeps the
  seeded generator and the dice), the action applied, then every car played to the end of round ``until`` (or of the
  race; a decision of more than :data:`WHOLE_ROUND_UP_TO` choices, to the end of the learner's turn): the learner's
  by a fresh :class:`~racebook.formulagp.agents.Greedy`, the other players by copies of their computer drivers
  (their generators copied, so each action meets the same computer choices and the race's drivers are untouched),
  the Rookie BOTs by the engine. The coach must not know what the learner cannot see (§5: the
  hands are secret; :mod:`racebook.formulagp.visibility`): on the clone every other player's hand goes back into its
  deck, which is shuffled by a generator of the race's seed and dealt again, and start cards sealed before the
  learner's are sealed again after it (:func:`blind`) — the same guess for every action compared. The outcome: the
  learner's place, laps, tile rank and space, then its tyre wear and ERS.
* :func:`suggest` — every action looked ahead; the best is the best place, then the farthest (ties: the first of the
  best, so a move that does nothing, offered last, is never preferred to an equal one); its reason names the place,
  the tiles and the next best action's. Where FormulaGP has exact odds the reason (and, for a battle's sealed cards,
  the choice) comes from them: a battle's bid by :func:`racebook.formulagp.analysis.battleodds.battle_odds` (against
  the opponent's unseen hand: the bid with the best chance is suggested), a decision to attack with the chance of the
  best bid, and a move's end with the hazard check it owes
  (:func:`racebook.formulagp.analysis.hazardodds.odds_if_ending`).

Standard library only; the rules stay in the engine (the look-ahead only applies legal actions).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from racebook.core import coach
from racebook.core.coach import ordinal
from racebook.core.errors import IllegalAction
from racebook.core.events import Event
from racebook.core.rng import Rng
from racebook.core.visibility import SealedRound
from racebook.formulagp.actions import Attack, Bid, End, FgpAction, Stop, To
from racebook.formulagp.agents import Greedy
from racebook.formulagp.analysis.battleodds import battle_odds
from racebook.formulagp.analysis.hazardodds import odds_if_ending
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.rules.order import Runner, driver_order
from racebook.formulagp.state import Phase, RaceState

#: A look-ahead stops after this many decisions at most (a round of five cars is a few dozen): only a guard.
MAX_DECISIONS = 3000
#: The other players' hands are dealt again on the clone with this offset of the race's seed (:func:`blind`).
BLIND_SEED = 104729
#: A battle whose opponent holds more unseen cards than this is looked ahead instead of counted exactly: the exact
#: odds take about 0.6 s of CPU against 6 cards (docs/formulagp.md), too slow for a click.
ODDS_MAX_HAND = 5
START_RULE = "§9.4.3"
DEAL_ATTEMPTS = 20  # re-deals of a hand that must hold a movement card (else the hand stays as it is)
#: A decision of up to this many choices is looked ahead to the end of the round; one of more (which card to play or
#: seal: up to 24) to the end of the learner's turn, so that a click stays under 100 ms of CPU.
WHOLE_ROUND_UP_TO = 8


def standings(s: RaceState) -> list[str]:
    """The running order, leader first: laps, then the tile's rank from the line, cars of one tile by the driver
    order (§10.2)."""
    runners = [Runner(c.id, c.pos, c.lap) for c in s.cars.values()]
    rank = {slot.car: i for i, slot in enumerate(driver_order(s.track, runners))}
    return sorted(s.cars, key=lambda cid: (-s.cars[cid].lap, -s.track.rank(s.cars[cid].pos.tile), rank[cid]))


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where an action leaves the learner after round ``round`` (``over`` when the race itself ended): ``place`` (1 =
    first) of ``cars``, its ``lap``, the ``tile`` it is on and how far round the lap that is (``rank``), and the
    ``space`` on the tile."""

    place: int
    cars: int
    lap: int
    rank: int
    space: int
    tile: str
    round: int
    over: bool
    wear: int = 0
    ers: int = 0

    def key(self) -> tuple[int, int, int, int, int, int]:
        """Smaller is better: the place, then the laps, the tile and the space (farther is better), then the tyre
        wear (less) and the ERS charges (more) kept for later."""
        return (self.place, -self.lap, -self.rank, -self.space, self.wear, -self.ers)

    def words(self) -> str:
        return f"{ordinal(self.place)} of {self.cars} on tile {self.tile}"


#: The coach's suggestion (:class:`racebook.core.coach.Advice`) over FormulaGP's outcomes (None: a single legal
#: action, or a bid chosen by its exact odds).
Advice = coach.Advice[Outcome]


def blind(race: Race, you: str, seed: int) -> None:
    """On ``race`` (a throw-away clone): every other player's hand back into its deck, the deck shuffled by
    ``Rng(seed + BLIND_SEED)`` and the hand dealt again, so a look-ahead uses no card the learner cannot see (§5).
    While the start cards are being sealed (§9.4.3) the sealed round is opened again with ``you`` first, so the
    others seal again from their new hands, after ``you``; a side already sealed in an open battle keeps its hand
    (its cards are revealed from it). The Rookie BOTs hold no ACTION cards (§22.5)."""
    s = race.state
    rng = Rng(seed + BLIND_SEED)
    if s.phase is Phase.START and you in s.start.waiting:
        again: SealedRound[str, str] = SealedRound()
        again.open((you, *(x for x in s.start.sides if x != you)), START_RULE)
        s.start = again
    for cid, c in s.cars.items():
        if cid == you or c.bot or not c.hand or s.bids.is_open and cid in s.bids.committed:
            continue
        n, drawn = len(c.hand), len(c.drawn)
        moving = any(_moves(x) for x in c.hand)
        pool = sorted([*c.deck.pile, *c.hand])  # what the learner cannot see, in no order it could learn from
        for _attempt in range(DEAL_ATTEMPTS):  # a hand that could move still can (the draw's ladder ran, §10.1.3)
            rng.shuffle(pool)
            if not moving or any(_moves(x) for x in pool[-n:]):
                c.deck.pile, c.hand = pool[:-n], pool[-n:]
                c.drawn = c.hand[len(c.hand) - drawn:] if drawn else []
                break
    race.refresh()


def _moves(code: str) -> bool:
    """A movement card (GREEN, RED, BLUE or ORANGE, §6.2)."""
    return cards().card(code).colour is not None


def look_ahead(race: Race, action: FgpAction, you: str, drivers: Mapping[str, Any], until: int,
               seed: int = 0, *, turn_only: bool = False) -> Outcome:
    """Where ``action`` (legal now) leaves ``you``: on a clone whose hidden hands are dealt again (:func:`blind`),
    ``action`` applied, then ``you`` driven by ``Greedy(seed)`` and every other player by a copy of its driver in
    ``drivers`` until the race is over or round ``until`` is done (``turn_only``: or ``you``'s turn has ended)."""
    r = race.clone()
    r.record_frames = False
    blind(r, you, seed)
    events = r.apply(action)
    others = {cid: copy.deepcopy(d) for cid, d in drivers.items() if cid != you}
    mine = Greedy(seed)
    for _ in range(MAX_DECISIONS):
        if r.is_over or r.state.round > until or turn_only and _turn_ended(events, you):
            break
        car = r.current_car
        if car is None or not r.legal_actions():
            break
        events = r.apply((mine if car == you else others[car]).choose(r))
    s = r.state
    c = s.cars[you]
    order = standings(s)
    return Outcome(order.index(you) + 1, len(order), c.lap, s.track.rank(c.pos.tile), c.pos.space,
                   s.track.tiles[c.pos.tile].id, min(s.round, until), r.is_over, c.wear, c.ers)


def _turn_ended(events: Sequence[Event], you: str) -> bool:
    return any(e.kind == "TurnEnded" and e.car_id == you for e in events)


def suggest(race: Race, actions: Sequence[FgpAction], you: str, drivers: Mapping[str, Any], until: int,
            seed: int = 0) -> Advice:
    """The action to suggest among ``actions`` (``you``'s legal actions now) and why: with more than
    :data:`WHOLE_ROUND_UP_TO` of them, each is looked ahead to the end of ``you``'s turn only (a click stays quick),
    else to the end of round ``until``."""
    if len(actions) > 1 and any(isinstance(a, Bid) for a in actions):
        odds = _bid_advice(race, actions, you)
        if odds is not None:
            return odds
    short = len(actions) > WHOLE_ROUND_UP_TO
    return coach.advise(actions, lambda a: look_ahead(race, a, you, drivers, until, seed, turn_only=short),
                        lambda b: "your turn" if short else f"round {b.round}", _behind,
                        lambda a: _attack_odds(race, a, you) + _hazards(race, a, you))


def _behind(best: Outcome, runner: Outcome) -> str:
    """What separates two choices that leave ``you`` in one place (:func:`racebook.core.coach.advise`): how far, or
    at the same space the tyre wear and ERS charges kept."""
    if runner.key()[:4] == best.key()[:4]:
        return (f" with tyre wear {best.wear} and {best.ers} ERS charges; the next best choice gets as far with tyre "
                f"wear {runner.wear} and {runner.ers} ERS charges")
    return coach.further_back(runner, f", on {runner.tile}")


def _bid_advice(race: Race, actions: Sequence[FgpAction], you: str) -> Advice | None:
    """A battle's sealed cards (§13.3): the bid with the best exact chance against the opponent's unseen hand (None
    when the odds cannot be counted here: a Rookie BOT opponent, or too many unseen cards for a click)."""
    b = race.state.battle
    if b is None or not b.defender:
        return None
    other = b.defender if you == b.attacker else b.attacker
    if race.state.cars[other].bot or len(race.state.cars[other].hand) > ODDS_MAX_HAND:
        return None
    try:
        odds = battle_odds(race, you, other)
    except IllegalAction:
        return None
    best = odds.best()
    texts = [str(a) for a in actions]
    if best.bid not in texts:
        return None
    o, t, f = best.percent()
    win = "you overtake" if odds.role == "attacker" else "the attack fails"
    chance = f"{o:.0f}%" if odds.role == "attacker" else f"{f:.0f}%"
    reason = (f"Against {other}'s {odds.hand} cards you cannot see (drawn from {odds.pool}), these cards give "
              f"{best.leds} LEDs: {win} with an exact {chance} chance, a tie {t:.0f}% — the best of your "
              f"{len(odds.bids)} choices")
    return Advice(texts.index(best.bid), reason + ".")


def _attack_odds(race: Race, action: FgpAction, you: str) -> str:
    """For a decision to attack (§13.2): the exact chance of the best bid against the defender's unseen hand."""
    if not isinstance(action, Attack) or race.state.cars[action.defender].bot or \
            len(race.state.cars[action.defender].hand) > ODDS_MAX_HAND:
        return ""
    try:
        best = battle_odds(race, you, action.defender).best()
    except IllegalAction:
        return ""
    return f"; your best cards overtake {action.defender} with an exact {best.percent()[0]:.0f}% chance"


def _hazards(race: Race, action: FgpAction, you: str) -> str:
    """For the end of a move (ending the turn, stopping, or a step that uses the last MP): the hazard check it owes
    (§19.2) with its exact chance of losing control, when dice are owed."""
    s = race.state
    t = s.turn
    if s.phase is not Phase.MOVE or t is None or t.car != you:
        return ""
    if isinstance(action, (End, Stop)):
        at = None
    elif isinstance(action, To) and t.mp_left == 1:
        at = action.to
    else:
        return ""
    try:
        odds = odds_if_ending(race, you, at)
    except (ValueError, IllegalAction):
        return ""
    if not (odds.owed.red or odds.owed.yellow):
        return ""
    dice = " and ".join(f"{n} {die} {'die' if n == 1 else 'dice'}" for n, die in
                        ((odds.owed.red, "RED"), (odds.owed.yellow, "YELLOW")) if n)
    return (f"; ending the move there rolls {dice}: exact chances {float(odds.loss_of_control):.0%} of losing "
            f"control, {float(odds.risk):.0%} of a RISK card")



__all__ = ["Advice", "Outcome", "blind", "look_ahead", "standings", "suggest"]
