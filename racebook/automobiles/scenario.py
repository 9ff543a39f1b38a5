"""Automobiles scenario files: a starting position, stacked bag draws and a list of actions (data, not code).

A scenario is a TOML file (shipped ones in ``racebook/automobiles/scenarios/``)::

    [scenario]
    id = "auto_ex25"
    title = "Ex. 25 — the Decline table"
    cite = "§11; §24 Ex. 25"
    board = "teaching"        # a shipped board id
    seed = 25                 # the race's generator (draws that are not stacked)
    laps = 3                  # optional (the set-up data's default)
    weaving = false           # optional: the Weaving module (§22.1): cubes name a segment, e.g. "A play W 1.3:1"
    game = "automobiles"      # optional: the game (racebook.core.registry); `racebook replay FILE` reads it
    start = "turn"            # "turn": the players below, first one to play its Action phase;
                              # "grid": a new race with these ids in this order, before the pre-race purchases
    round = 1                 # optional, "turn" only
    assumed = ["what the example does not say and the scenario chose"]
    actions = ["A play K 1.1", "A pass", "A pass"]

    [[player]]                # in turn order; "turn" only: the car and the zones (zone texts, e.g. "W3L2", "-")
    id = "A"
    lane = 1
    progress = -1             # rows from the finish line (the grid is behind it: negative)
    bag = "W3"; active = "K1"; used = "-"; discard = "-"
    driver = "josh_trin"      # optional: a driver card (the Drivers module, §22.2); also with start = "grid"

    [draws]                   # stacked bag draws per player, first drawn first (§12)
    A = ["W", "L"]

    [cards]                   # optional: the card of any action colour (the others: the standard set, §4 item 1)
    Y = "maintenance_crew"

    [season]                  # optional: a Season with sponsors (§22.3-§22.5; racebook.automobiles.season):
    races = 3                 # "grid": races and optionally the sponsor deck; "turn": a break between two races:
    finish = ["A", "B"]       # the finishing order of race `race`, `stage` = "sponsors" (choosing) or "sponsor"
    stage = "sponsor"         # (their effects), `sponsors` held (player = id), `pool`, `deck`, `points`
    sponsors = { A = "E1" }

    [rules]                   # optional: house-rule switches (racebook.automobiles.options; data/house_rules.toml)
    gains_to = "discard"

The Stock is the shipped Stock less every cube the players hold (so cubes are conserved). Every problem is a
:class:`~racebook.core.errors.ScenarioError` naming the file, the field and the reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from racebook.automobiles import season, zones
from racebook.automobiles.actions import parse as parse_action
from racebook.automobiles.board import load_board
from racebook.automobiles.cards import choose_cards
from racebook.automobiles.cubes import CODES, components
from racebook.automobiles.drivers import check_drivers
from racebook.automobiles.game import Race
from racebook.automobiles.options import Rules
from racebook.automobiles.rules.standings import laps_done, standings
from racebook.automobiles.setup import check_players, new_state
from racebook.automobiles.state import GameState, Phase, Player, Turn
from racebook.automobiles.turnnotation import read_season
from racebook.core.errors import DataError, RacebookError, ScenarioError
from racebook.core.fields import as_int, as_str, as_strs, get, kind_of
from racebook.core.registry import check_game_key
from racebook.core.rng import Rng
from racebook.core.scenario import Folder, replay

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
_SCEN_KEYS = {"id", "title", "cite", "board", "seed", "laps", "start", "round", "assumed", "actions", "weaving",
              "game"}  # game: optional, "automobiles" (racebook.core.registry)
_PLAYER_KEYS = {"id", "lane", "progress", "bag", "active", "used", "discard", "driver"}
_ZONES = ("bag", "active", "used", "discard")


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    cite: str
    assumed: tuple[str, ...]
    actions: tuple[str, ...]
    state: GameState

    def race(self, frames: bool = True, play: bool = True) -> Race:
        """A fresh race from this scenario (its actions applied unless ``play`` is False)."""
        r = Race(self.state.copy(), frames)
        if play:
            for a in self.actions:
                r.apply(a)
        return r


FOLDER = Folder(SCENARIOS, "Automobiles")  # the shipped scenarios, as every game's (racebook.core.scenario)


def scenario_ids() -> list[str]:
    return FOLDER.ids()


def read(source: str | Path) -> Scenario:
    """Read a scenario file (a path, or a shipped scenario id) and check that its actions replay."""
    file, doc = FOLDER.read(source)
    try:
        sc = _parse(doc)
    except ScenarioError:
        raise
    except DataError as e:
        raise ScenarioError(file, e.field, e.reason) from None
    except RacebookError as e:  # a SetupError: an impossible set-up
        raise ScenarioError(file, "scenario", str(e)) from None
    replay(Race(sc.state.copy(), frames=False), sc.actions, file)
    return sc


def load(source: str | Path, frames: bool = True) -> Race:
    """The race of a scenario file with its actions applied."""
    return read(source).race(frames)


def _bad(field: str, reason: str) -> DataError:
    return DataError("<scenario>", field, reason)


def _parse(doc: dict[str, Any]) -> Scenario:
    unknown = set(doc) - {"scenario", "player", "draws", "cards", "rules", "season"}
    if unknown:
        raise _bad(sorted(unknown)[0], "unknown table (scenario, player, draws, cards, rules, season)")
    rules = Rules.from_dict(doc.get("rules", {}))
    chosen = doc.get("cards", {})
    if not isinstance(chosen, dict) or not all(isinstance(v, str) for v in chosen.values()):
        raise _bad("cards", "must be a table of colour = card id")
    try:
        cards = choose_cards(chosen)
    except RacebookError as e:
        raise _bad("cards", str(e)) from None
    s = get(doc, "scenario", "scenario")
    if not isinstance(s, dict):
        raise _bad("scenario", f"must be a table, not {kind_of(s)}")
    for k in s:
        if k not in _SCEN_KEYS:
            raise _bad(f"scenario.{k}", f"unknown key ({', '.join(sorted(_SCEN_KEYS))})")
    sid = as_str(get(s, "id", "scenario"), "scenario.id")
    check_game_key(s, "automobiles", "<scenario>", DataError)
    board_id = as_str(s.get("board", "teaching"), "scenario.board")
    try:
        board = load_board(board_id)
    except DataError as e:
        raise _bad("scenario.board", e.reason) from None
    seed = as_int(s.get("seed", 0), "scenario.seed", 0, 2**63)
    comps = components()
    laps = as_int(s.get("laps", comps.laps), "scenario.laps", 1, 9)
    weaving = s.get("weaving", False)
    if not isinstance(weaving, bool):
        raise _bad("scenario.weaving", f"must be true or false (got {weaving!r})")
    start = s.get("start", "turn")
    if start not in ("turn", "grid"):
        raise _bad("scenario.start", f"must be 'turn' or 'grid' (got {start!r})")
    rows = doc.get("player")
    if not isinstance(rows, list) or not rows:
        raise _bad("player", "needs [[player]] tables, in turn order")
    for i, t in enumerate(rows):
        if not isinstance(t, dict):
            raise _bad(f"player[{i}]", f"must be a table, not {kind_of(t)}")
        allowed = _PLAYER_KEYS if start == "turn" else {"id", "driver"}
        for k in t:
            if k not in allowed:
                raise _bad(f"player[{i}].{k}", f"unknown key for start = {start!r} ({', '.join(sorted(allowed))})")
    ids = [as_str(get(t, "id", f"player[{i}]"), f"player[{i}].id") for i, t in enumerate(rows)]
    check_players(ids, board, comps)
    chosen_drivers = {pid: as_str(t["driver"], f"player[{i}].driver")
                      for i, (t, pid) in enumerate(zip(rows, ids, strict=True)) if "driver" in t}
    try:
        check_drivers(chosen_drivers)
    except RacebookError as e:
        raise _bad("player", str(e)) from None
    if start == "grid":
        if "round" in s:
            raise _bad("scenario.round", "only for start = 'turn'")
        state = new_state(ids, seed, board, laps, random_order=False, cards=cards, drivers=chosen_drivers,
                          rules=rules)
        state.weaving = weaving
    else:
        state = _turn_state(rows, ids, board_id, seed, laps, as_int(s.get("round", 1), "scenario.round", 1, 999))
        state.cards = cards
        state.weaving = weaving
        state.rules = rules
        for pid, did in chosen_drivers.items():
            state.players[pid].driver = did
    if "season" in doc:
        _season(doc["season"], state, start)
    _stacks(doc.get("draws", {}), state)
    assumed = tuple(as_strs(s.get("assumed", []), "scenario.assumed"))
    actions = tuple(as_strs(s.get("actions", []), "scenario.actions"))
    for i, a in enumerate(actions):
        try:
            parse_action(a)
        except RacebookError as e:
            raise _bad(f"scenario.actions[{i}]", str(e)) from None
    return Scenario(sid, as_str(s.get("title", sid), "scenario.title"), as_str(s.get("cite", ""), "scenario.cite"),
                    assumed, actions, state)


def _turn_state(rows: list[dict[str, Any]], ids: list[str], board_id: str, seed: int, laps: int,
                rnd: int) -> GameState:
    board = load_board(board_id)
    comps = components()
    stock = comps.stock()
    players = {}
    seen: dict[tuple[int, int], str] = {}
    for i, (t, pid) in enumerate(zip(rows, ids, strict=True)):
        path = f"player[{i}]"
        lane = as_int(get(t, "lane", path), f"{path}.lane", 1, board.lanes)
        prog = as_int(get(t, "progress", path), f"{path}.progress", -board.length, board.length * (laps + 1))
        seg = (lane, prog % board.length)
        if seg in seen:
            raise _bad(f"{path}.progress", f"{pid}'s car would share a segment with {seen[seg]}'s (§7.3)")
        seen[seg] = pid
        p = Player(pid, lane, prog)
        for z in _ZONES:
            text = as_str(t.get(z, "-"), f"{path}.{z}")
            try:
                zone = zones.parse(text)
            except ValueError as e:
                raise _bad(f"{path}.{z}", str(e)) from None
            setattr(p, z, zone)
            for c, n in zone.items():
                if stock.get(c, 0) < n:
                    raise _bad(f"{path}.{z}", f"more {c} cubes than the game has (§1.2: the Stock is finite)")
                zones.take(stock, c, n)
        players[pid] = p
    return GameState(board, players, stock, laps, Rng(seed), comps, turn=Turn(ids[0], Phase.ACTION, begun=False),
                     round=rnd)


_SEASON_KEYS = {"races", "race", "finish", "sponsors", "pool", "deck", "points", "stage"}


def _season(t: Any, state: GameState, start: str) -> None:
    """``[season]``: a Season (§22.3). With ``start = "grid"``: ``races`` and optionally the sponsor ``deck``. With
    ``start = "turn"``: a break between two races: ``finish`` (the finishing order of race ``race``), ``stage``
    ("sponsors": choosing them; "sponsor": their effects), ``sponsors`` held, the ``pool``, the ``deck``, ``points``."""
    if not isinstance(t, dict):
        raise _bad("season", f"must be a table, not {kind_of(t)}")
    allowed = {"races", "deck"} if start == "grid" else _SEASON_KEYS
    for k in t:
        if k not in allowed:
            raise _bad(f"season.{k}", f"unknown key for start = {start!r} ({', '.join(sorted(allowed))})")
    races = as_int(t.get("races", season.season_data()["races"]), "season.races", 3, 9)
    deck = as_strs(t["deck"], "season.deck") if "deck" in t else None
    try:
        sn = season.start(state, races, deck)
    except RacebookError as e:
        raise _bad("season.deck", str(e)) from None
    state.season = sn
    if start == "grid":
        return
    ids = list(state.players)
    finish = as_strs(get(t, "finish", "season"), "season.finish")
    stage = t.get("stage", "sponsors")
    if stage not in ("sponsors", "sponsor"):
        raise _bad("season.stage", f"must be 'sponsors' or 'sponsor' (got {stage!r})")
    held = t.get("sponsors", {})
    pts = t.get("points", {})
    if not isinstance(held, dict) or not isinstance(pts, dict):
        raise _bad("season", "sponsors and points are tables player = value")
    race = as_int(t.get("race", 1), "season.race", 1, races - 1)
    pool = as_strs(t.get("pool", []), "season.pool")
    if deck is None:  # the shuffled deck, less the sponsors held or on offer
        deck = [c for c in sn.deck if c not in pool and c not in held.values()]
    word = (f"{race}/{races};pts={','.join(f'{k}:{v}' for k, v in pts.items()) or '-'};"
            f"spons={','.join(f'{k}:{v}' for k, v in held.items()) or '-'};pool={','.join(pool) or '-'};"
            f"deck={','.join(deck) or '-'};fin={','.join(finish) or '-'}")
    try:
        state.season = read_season(word, ids)
    except RacebookError as e:
        raise _bad("season", str(e)) from None
    if not finish:
        raise _bad("season.finish", "the finishing order of the race just run")
    state.season.points = {pid: state.season.points.get(pid, 0) for pid in ids}
    state.turn = Turn(finish[0], Phase.SPONSORS if stage == "sponsors" else Phase.SPONSOR, begun=False)


def _stacks(t: Any, state: GameState) -> None:
    if not isinstance(t, dict):
        raise _bad("draws", f"must be a table of player = [cube codes], not {kind_of(t)}")
    for pid, codes in t.items():
        if pid not in state.players:
            raise _bad(f"draws.{pid}", f"not a player of this scenario ({', '.join(state.players)})")
        lst = as_strs(codes, f"draws.{pid}")
        owned = state.players[pid].owned()
        for i, c in enumerate(lst):
            if c not in CODES:
                raise _bad(f"draws.{pid}[{i}]", f"{c!r} is not a cube code ({' '.join(CODES)})")
        for c in set(lst):
            if lst.count(c) > owned.get(c, 0):
                raise _bad(f"draws.{pid}", f"stacks {lst.count(c)} {c} but {pid} owns {owned.get(c, 0)}")
        state.stacks[pid] = list(lst)


def summary(race: Race, scenario_id: str | None = None) -> dict[str, Any]:
    """The final-state summary printed by ``racebook automobiles replay --json`` (the same idea as RF90's)."""
    s = race.state
    t = s.turn
    players = {}
    for p in s.players.values():
        players[p.id] = {
            "lane": p.lane,
            "progress": p.progress,
            "laps": laps_done(s, p.id),
            "driver": p.driver or None,
            "zones": {name: zones.text(z) for name, z in p.zones().items()},
            "wear": p.owned().get("X", 0),
        }
    return {
        "game": "automobiles",
        "scenario": scenario_id,
        "board": s.board.name,
        "laps": s.laps,
        "round": s.round,
        "cards": dict(s.cards),
        "rules": s.rules.changed(),
        "season": None if s.season is None else {
            "race": s.season.race, "races": s.season.races, "points": dict(s.season.points),
            "sponsors": dict(s.season.sponsors), "pool": list(s.season.pool)},
        "to_play": race.current_car,
        "phase": t.phase.value if t and not s.finished else None,
        "finished": s.finished,
        "standings": standings(s),
        "players": players,
        "stock": zones.text(s.stock),
        "steps": len(race.steps) - 1,
        "events": sum(len(st.events) for st in race.steps),
    }


def summary_json(race: Race, scenario_id: str | None = None) -> str:
    return json.dumps(summary(race, scenario_id), indent=2, ensure_ascii=False)
