"""A new FormulaGP race (digest §4): a Standard race starts with qualifying (§9, :mod:`racebook.formulagp.qualify`:
the pit boxes shuffled, §4.1 item 2, or placed as given), or from a given grid (``qualifying=False``: the players'
order, pole first); each with its own shuffled ACTION deck (§4.6, §5), ERS at maximum, OT 0 and the
tyre's wear start (§4.6 a–e), the Chequered Flag on the Standard start space of the Weather Radar (§4.2 b).
Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.core.deck import Deck
from racebook.core.errors import SetupError
from racebook.core.rng import Rng
from racebook.formulagp.actions import CAR_ID
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, load_board
from racebook.formulagp.state import DECK_RULE, Car, RaceState
from racebook.formulagp.track import load_track

MIN_CARS, MAX_CARS = 2, 6  # the teaching circuit's grid has six places


def new_state(players: Sequence[str], seed: int = 0, *, track: str = "teaching", board: str = "teaching",
              tyre: Tyre = Tyre.SOFT, rules: Rules | None = None, qualifying: bool = True,
              boxes: Sequence[str] | None = None) -> RaceState:
    """The state before the race's first step, under the house ``rules`` (:class:`racebook.formulagp.options.Rules`,
    the digest's readings by default). With ``qualifying`` (the Standard race, §9) the grid comes from qualifying and
    ``boxes`` places the pit boxes, the one nearest the pit exit first (§4.1 item 2: shuffled when not given; a
    championship places them by the standings); without it, ``players`` is the grid, pole first."""
    players = list(players)
    rules = rules or Rules()
    if rules.pit_lane_start_round not in (2, 3):
        raise SetupError(rules.pit_lane_start_round, "§9.3", "pit_lane_start_round is 2 or 3 (A7)")
    if boxes is not None and (not qualifying or sorted(boxes) != sorted(players)):
        raise SetupError(list(boxes), "§4.1", "the pit boxes name the players, each once (and only with qualifying)")
    t, b = load_track(track), load_board(board)
    if not MIN_CARS <= len(players) <= min(MAX_CARS, len(t.grid)):
        raise SetupError(players, "§4.6", f"a race here has {MIN_CARS} to {min(MAX_CARS, len(t.grid))} cars "
                                          f"(got {len(players)})")
    for p in players:
        if not isinstance(p, str) or not CAR_ID.fullmatch(p) or p.lower() in {"keep", "return"}:
            raise SetupError(p, "§4.6", "a car id is a letter, then letters, digits or _")
    if len(set(players)) != len(players):
        raise SetupError(players, "§4.6", "each car once")
    rng = Rng(seed)
    codes = [c.code for c in cards().action]
    cars = {}
    for i, p in enumerate(players):
        deck = Deck(f"{p} ACTION", codes, rule=DECK_RULE)
        deck.shuffle(rng)
        cars[p] = Car(p, deck, t.grid[i], ers=b.ers_max, tyre=tyre, wear=b.wear_start[tyre])
    radar = panel().radar
    s = RaceState(track, board, cars, tuple(players), rng, radar["standard_start"], radar["final_lap"], rules=rules)
    if qualifying:  # the pit boxes (§4.1 item 2); until qualifying sets the grid the cars stand in box order
        order = list(boxes) if boxes is not None else list(players)
        if boxes is None:
            rng.shuffle(order)
        s.qualifying, s.boxes, s.grid = True, tuple(order), tuple(order)
        s.cars = {p: cars[p] for p in order}
        for i, p in enumerate(order):
            cars[p].pos = t.grid[i]
    return s


def new_race(players: Sequence[str], seed: int = 0, *, frames: bool = False, track: str = "teaching",
             board: str = "teaching", tyre: Tyre = Tyre.SOFT, rules: Rules | None = None, qualifying: bool = True,
             boxes: Sequence[str] | None = None) -> Race:
    """A race of ``players``, seeded, run to its first decision (the WHITE die, then qualifying's draw, or round 1's
    draw from the grid given with ``qualifying=False``); see :func:`new_state`."""
    return Race(new_state(players, seed, track=track, board=board, tyre=tyre, rules=rules, qualifying=qualifying,
                          boxes=boxes), frames)

