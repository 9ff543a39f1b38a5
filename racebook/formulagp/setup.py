"""A new FormulaGP race (digest §4): a Standard race starts with qualifying (§9, :mod:`racebook.formulagp.qualify`:
the pit boxes shuffled, §4.1 item 2, or placed as given), or from a given grid (``qualifying=False``: the players'
order, pole first); each with its own shuffled ACTION deck (§4.6, §5), ERS at maximum, OT 0 and the
tyre's wear start (§4.6 a–e), the Chequered Flag on the Standard (or, for the Advanced race, the Advanced) start
space of the Weather Radar (§4.2 b).
Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from racebook.core.deck import Deck
from racebook.core.errors import SetupError
from racebook.core.rng import Rng
from racebook.formulagp import limitedtyres, streetcircuit, teamradio
from racebook.formulagp.actions import CAR_ID
from racebook.formulagp.bots import pro
from racebook.formulagp.bots.rookie import deal
from racebook.formulagp.components import cards
from racebook.formulagp.eventdeck import new_deck
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, load_board
from racebook.formulagp.rules.tyresets import start_wear
from racebook.formulagp.state import DECK_RULE, Car, Mode, RaceState, new_incident_decks
from racebook.formulagp.track import load_track

MIN_CARS, MAX_CARS = 2, 6  # the teaching circuit's grid has six places


def new_state(players: Sequence[str], seed: int = 0, *, track: str = "teaching", board: str = "teaching",
              tyre: Tyre = Tyre.SOFT, rules: Rules | None = None, bots: Sequence[str] = (),
              bot_side: str = "faster", teams: Mapping[str, str] | None = None, qualifying: bool = False,
              boxes: Sequence[str] | None = None, mode: Mode = Mode.STANDARD,
              choose_tyres: bool = False, pros: Sequence[str] = (), pro_side: str = "faster",
              pro_bonus: bool = False) -> RaceState:
    """The state before the race's first step, under the house ``rules`` (:class:`racebook.formulagp.options.Rules`,
    the digest's readings by default). With ``qualifying`` (the Standard race, §9) the grid comes from qualifying and
    ``boxes`` places the pit boxes, the one nearest the pit exit first (§4.1 item 2: shuffled when not given; a
    championship places them by the standings; the Rookie BOTs qualify by a BATTLE card, §22.6); without it (the
    library's default: the worked examples and built positions start from a grid), ``players`` is the grid, pole
    first. The cars named
    in ``bots`` are Rookie BOTs (§22.5), run by the rules, the Rookie Control card ``bot_side`` up (``"faster"`` or
    ``"slower"``); ``teams`` names the team of a car that has a teammate (two cars of a team share a Pit Box, §2.5,
    §16.4; by default each car is its own team). ``mode`` is the Standard race or the Advanced race (§4.2 b: the
    Chequered Flag starts on the radar's Advanced start space, 24 rounds; the [ADV] rules apply, issue 38). With
    ``choose_tyres`` each player car chooses its start tyres once the set-up is done (§4.6 item e after §4.2 g: an
    Advanced race's drivers know the forecast; the ``grid`` phase, ``Grey tyres wet``); else every car starts on
    ``tyre``. The cars named in ``pros`` are Pro BOTs (§22.2: a Control card each, ``pro_side`` up, the optional
    bonus MP with ``pro_bonus``; :mod:`racebook.formulagp.bots.pro`)."""
    players = list(players)
    rules = rules or Rules()
    streetcircuit.check(rules)  # §21 15.2: 0, 1 or 2
    if rules.pro_undercut_weather and not rules.pro_undercut:
        raise SetupError("pro_undercut_weather", "§22.14 [BOT 7.1]",
                         "the undercut's weather variant needs the undercut: turn pro_undercut on too")
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
        deck = Deck(f"{p} ACTION", codes if p not in bots and p not in pros else (), rule=DECK_RULE)
        deck.shuffle(rng)
        cars[p] = Car(p, deck, t.grid[i], ers=b.ers_max, tyre=tyre,
                      wear=start_wear(b, tyre, rules.medium_one_space_early))  # §21 15.5
    for car, team in (teams or {}).items():
        if car not in cars or not isinstance(team, str) or not CAR_ID.fullmatch(team):
            raise SetupError(car, "§4.6", "a team is given for a car of the race, named like a car id")
        cars[car].team = team
    if any(n > 2 for n in Counter(c.team for c in cars.values() if c.team).values()):
        raise SetupError(teams, "§16.4", "a team has at most two cars (teammates share one Pit Box)")
    if not isinstance(mode, Mode):
        raise SetupError(mode, "§1", f"the mode is one of {', '.join(m.value for m in Mode)}")
    s = RaceState(track, board, cars, tuple(players), rng, panel().start_space(mode.advanced),
                  panel().radar["final_lap"],
                  rules=rules, events=new_deck(mode.advanced), mode=mode,
                  incident_decks=new_incident_decks(mode.advanced))  # §4.4: the three-dot cards in an Advanced race
    deal(s, bots, bot_side)  # the Rookie BOTs' cards (§22.5)
    if pros:
        pro.deal(s, pros, pro_side, bonus=pro_bonus)  # the Pro BOTs' cards and tokens (§22.2-§22.4)
    teamradio.deal(s, seed)  # [ADV] the TEAM RADIO deck, 2 cards to each player (§6.9)
    streetcircuit.set_up(s)  # §21 15.2: a street circuit's DAMAGE deck
    limitedtyres.deal(s)  # §21 15.10: each player's dry tyre sets
    if choose_tyres:  # §4.6: the start tyres chosen after the set-up (racebook.formulagp.weather.start_tyres)
        s.grid_tyres = tuple(p for p in players if p not in bots and p not in pros)
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
             board: str = "teaching", tyre: Tyre = Tyre.SOFT, rules: Rules | None = None, bots: Sequence[str] = (),
             bot_side: str = "faster", teams: Mapping[str, str] | None = None, qualifying: bool = False,
             boxes: Sequence[str] | None = None, mode: Mode = Mode.STANDARD, choose_tyres: bool = False,
             pros: Sequence[str] = (), pro_side: str = "faster", pro_bonus: bool = False) -> Race:
    """A race of ``players``, seeded, run to its first decision (the WHITE die, then qualifying's draw with
    ``qualifying=True``, else round 1's draw from the grid given); see :func:`new_state`. The cars named in ``bots``
    are Rookie BOTs (§22.5): the engine drives them; a race of BOTs only runs to the flag here."""
    return Race(new_state(players, seed, track=track, board=board, tyre=tyre, rules=rules, bots=bots,
                          bot_side=bot_side, teams=teams, qualifying=qualifying, boxes=boxes, mode=mode,
                          choose_tyres=choose_tyres, pros=pros, pro_side=pro_side, pro_bonus=pro_bonus),
                frames)
