"""Setting up a race (§4): the board, the starting order drawn at random, the grid, the starting bags and money.

Each player starts with the starting bag (§4 item 4: 5 white, 2 light grey, 5 Garage) taken from the finite Stock, on
a grid slot whose money they may spend before the race (§4 item 5). The race then opens with the pre-race purchases
(into the Bag, AMB-4) and everybody draws 7 (:mod:`racebook.automobiles.turn`).
"""

from __future__ import annotations

from collections.abc import Sequence

from racebook.automobiles import zones
from racebook.automobiles.actions import PLAYER_ID
from racebook.automobiles.board import Board, load_board
from racebook.automobiles.cards import choose_cards
from racebook.automobiles.cubes import Components, components
from racebook.automobiles.draft import first_turn
from racebook.automobiles.drivers import check_drivers
from racebook.automobiles.options import Rules
from racebook.automobiles.season import start as start_season
from racebook.automobiles.state import GameState, Phase, Player, Turn
from racebook.core.errors import SetupError
from racebook.core.rng import Rng

DEFAULT_IDS = ("A", "B", "C", "D", "E")


def check_players(ids: Sequence[str], board: Board, comps: Components) -> None:
    """Player ids are unique names, as many as the game and the board's grid allow (§4, [EXT] 2–5)."""
    for pid in ids:
        if not isinstance(pid, str) or not PLAYER_ID.fullmatch(pid):
            raise SetupError(pid, "§4", "a player id is a name of letters and digits, e.g. A or Red")
    if len(set(ids)) != len(ids):
        raise SetupError(list(ids), "§4", "two players share an id")
    most = min(comps.players_max, len(board.grid))
    if not comps.players_min <= len(ids) <= most:
        raise SetupError(len(ids), "§4", f"{comps.players_min} to {most} players on the board {board.name}")


def new_state(players: int | Sequence[str] = 3, seed: int = 0, board: str | Board = "teaching",
              laps: int | None = None, random_order: bool = True, cards: dict[str, str] | None = None,
              drivers: dict[str, str] | None = None, weaving: bool = False, rules: Rules | None = None,
              draft: bool = False, season: int = 0) -> GameState:
    """A race before its pre-race purchases: ``players`` ids (or a count: A, B, …); the starting order is drawn with
    the seeded generator (§4 item 3) unless ``random_order`` is False (then it is the order given). ``cards`` picks
    the card of any action colour (colour code -> card id); the others are the standard first-game set (§4 item 1).
    ``drivers`` gives players a driver card (player id -> driver id; the Drivers module, §22.2), or ``draft`` makes
    the players choose them in a draft before the pre-race purchases (:mod:`racebook.automobiles.draft`);
    ``weaving`` turns on the Weaving module (§22.1); ``rules`` sets house-rule switches
    (:class:`racebook.automobiles.options.Rules`); ``season`` > 0 plays a Season of that many races with sponsors
    (§22.3, :mod:`racebook.automobiles.season`)."""
    chosen = choose_cards(cards)
    drivers = dict(drivers or {})
    check_drivers(drivers)
    comps = components()
    b = load_board(board) if isinstance(board, str) else board
    ids = list(DEFAULT_IDS[:players]) if isinstance(players, int) else list(players)
    if isinstance(players, int) and not 1 <= players <= len(DEFAULT_IDS):
        raise SetupError(players, "§4", f"{comps.players_min} to {comps.players_max} players")
    check_players(ids, b, comps)
    unknown = [pid for pid in drivers if pid not in ids]
    if unknown:
        raise SetupError(unknown[0], "§22.2", "a driver for a player who is not in the race")
    if laps is None:
        laps = comps.laps
    if not isinstance(laps, int) or isinstance(laps, bool) or not 1 <= laps <= 9:
        raise SetupError(laps, "§4 item 2", "the race lasts 1 to 9 laps")
    rng = Rng(seed)
    if random_order:
        rng.shuffle(ids)
    stock = comps.stock()
    roster = {}
    for pid, slot in zip(ids, b.grid, strict=False):
        p = Player(pid, slot.lane, b.grid_progress(slot), money=slot.money, driver=drivers.get(pid, ""))
        for code, n in comps.starting_bag.items():
            if stock.get(code, 0) < n:
                raise SetupError(code, "§1.2", "the Stock is too small for the starting bags")
            zones.take(stock, code, n)
            zones.add(p.bag, code, n)
        roster[pid] = p
    if draft and drivers:
        raise SetupError(sorted(drivers), "§22.2", "drivers are either given or drafted, not both")
    state = GameState(b, roster, stock, laps, rng, comps, cards=chosen, weaving=bool(weaving),
                      rules=rules or Rules(), turn=Turn(ids[0], Phase.PRERACE, begun=False))
    if season:
        state.season = start_season(state, season)
    if draft:
        state.turn = first_turn(state)
    return state
