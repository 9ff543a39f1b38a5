"""FormulaGP scenario files: a race position, stacked ACTION-deck draws and dice faces, and the actions to play
(data, not code), so that a worked example of the rulebook replays exactly (issue 37 item 4).

A scenario is a TOML file (shipped ones in ``racebook/formulagp/scenarios/``, ids ``fgp_exNN_…``)::

    [scenario]
    id = "fgp_ex10_green_in_sixth_gear"
    title = "Example 10 — a GREEN card in 6th gear: 2 MP, +3 tyre bonus = 5 spaces"
    cite = "§10.3; Appendix A, Example 10"
    game = "formulagp"        # optional (racebook.core.registry): `racebook replay FILE` reads it
    track = "teaching"        # optional: a shipped track id (tracks/formulagp/)
    board = "teaching"        # optional: a shipped player board id
    seed = 10                 # the race's generator: every draw and roll not stacked below
    start = "turn"            # "turn": the position below, at a driver's turn (§10.3);
                              # "grid": a new race of these cars in grid order, before its first draw (§4)
    assumed = ["what the example does not say and the scenario chose: the invented tiles and values it relies on"]
    actions = ["Grey play G1", "Grey to T03.2.2"]
    mode = "standard"         # optional: "advanced" plays the Advanced race, its [ADV] rules (issue 38; §1, §4.2 b)
    qualifying = false        # optional, "grid" only: qualify first (§9), the cars listed = the pit boxes, nearest
                              # the pit exit first

    [race]                    # "turn" only, every key optional
    round = 3                 # 2..99 (round 1 is the sealed start: play it with start = "grid")
    flag = 11                 # the Chequered Flag's radar space (default: the mode's start space + round - 1, §4.2)
    final_lap = false         # §17.1
    final_round = false
    order = ["Grey", "Red"]   # this round's driver sequence (default: the cars in the order listed)
    turn = "Grey"             # whose turn it is (default: the first of the order); the cars before it have moved
    side = "green"            # the Race Control Panel's side (§4.2 a)
    phase = "play"            # "play": at the turn above; "draw": round `round` starts (§10 items 1-2: the flag
                              # advances, every car draws to its hand limit from its stacked draws), then its
                              # draw-phase decisions, or the driver sequence (§10.2) if there are none
    event_draws = ["E7"]      # stacked: the next EVENT cards drawn (an Option card's draw, §6.7)
    standing_water = ["T07"]  # [ADV] the tiles with a Standing Water token (§19.8.4)
    yellow_zones = ["T08/T11/6"]  # Yellow Flag zones: yellow tile/green tile/radar space it lasts until (§19.3.1)
    debris = ["T09"]          # [ADV] the tiles with a Debris token (§19.8.2; at most 2)
    oil = ["T12"]             # [ADV] the tiles with an Oil token (§19.8.3; at most 2)

    [[car]]                   # one table per car; "grid": id, tyre and draws only
    id = "Grey"
    at = "T03.2.1"            # tile.lane.space (§2.3); a Slipstream space's second shadow: "T06.1.1/1"
    lap = 1                   # finish-line crossings (§17.1)
    hand = ["G1", "W1"]       # ACTION card codes (data/cards.toml)
    discards = []             # the car's discard pile
    draws = ["G2", "R3"]      # stacked: the next cards drawn, first drawn first; the rest of the deck is shuffled
    ers = 4                   # §8.1: 0..the board's maximum
    ot = 0                    # §8.2: 0..the board's OT capacity
    tyre = "soft"             # soft, medium, hard, wet
    wear = 2                  # the wear marker (§14.1; default: the tyre's start space)
    stress = 1                # 0 Focus, 1 the middle, 2 Stressed (§15)
    penalties = 0             # Penalty tokens (§17.2.1)
    w2w = "VS"                # the Wheel-to-Wheel token: none, VS, Stress (§13.5, A32)
    lapping = 1               # the Blue Flags: 0 the lead lap, 1 single, 2 double (§19.7)
    team = "A"                # its team: two cars of a team share a Pit Box (§2.5, §16.4)
    events = ["E3"]           # EVENT cards held face down on the table (§6.7), out of the EVENT deck
    off = "left"              # off track on that side of `at`, its nearest space (§18.2); it holds no space
    params = "WR"             # the Parameter tokens still unused, letters of WYR (§8.3)
    warnings = 1              # the Race Director's warnings received (§21 Optional 15.9, rule race_director)

    [dice]                    # stacked faces (1-6, by the die's face index), first rolled first (§7)
    yellow = [3]
    red = [1, 5]
    white = [2]

    [rules]                   # optional: house-rule switches (racebook.formulagp.options; data/house_rules.toml)
    leader_crossing_in_round_24 = false

    [bots]                    # optional: Rookie BOTs (§22.5), run by the engine (racebook.formulagp.bots.rookie)
    rookies = ["R"]           # the cars that are Rookies (no ACTION cards: no hand, discards or draws for them)
    side = "faster"           # the Rookie Control card's side: faster or slower
    tactics = "TC1"           # "turn" only: the TACTICS card by the Control card (a table car -> code with the
                              # house rule rookie_tactics_each); a grid race draws it at the start (§22.7)
    tactics_draws = ["TC4"]   # stacked: the next TACTICS cards drawn (stacked["tactics"])
    battle_draws = ["BC6"]    # stacked: the next BATTLE cards drawn (stacked["battle"])
    [pros]                    # optional: Pro BOTs (§22.2; issue 38): cars, side, tactics, tyre, life_die, pit
                              # (the format: racebook.formulagp.scenariopros)

Each car's ACTION deck holds all 45 cards (§3, §5): those in hand and in the discard pile are taken out, the rest
shuffled with the seed and the stacked draws put on top, so every card is in one place. Every problem is one
:class:`~racebook.core.errors.ScenarioError` naming the file, the field and the reason; an unknown key is refused
with the known ones listed. A mechanic that adds a field to a car or to the race adds one line to :data:`CAR_KEYS`
or :data:`RACE_KEYS` (a reader that checks the value and sets it). The stacked dice are set before the position, so a
BOT's turn given by the file (``race.turn``, or the first of the order: the engine resolves it as the scenario is read,
its events kept as :attr:`Scenario.prelude`) and a round's start roll them. Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from racebook.core import scenario as core
from racebook.core.deck import Deck
from racebook.core.errors import DataError, RacebookError, ScenarioError
from racebook.core.fields import as_bool, as_enum, as_int, as_str, as_strs, bad, get, kind_of, unknown_key
from racebook.core.log import EventLog
from racebook.core.registry import check_game_key
from racebook.formulagp import hazardtokens, turn
from racebook.formulagp.actions import parse as parse_action
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, load_board
from racebook.formulagp.rounds import begin_turn, start_round
from racebook.formulagp.rules.tyresets import start_wear
from racebook.formulagp.scenariobots import read_bots
from racebook.formulagp.scenariokeys import (
    ReadContext,
    event_draws,
    held_events,
    lapping,
    off,
    params,
    team,
    w2w,
    yellow_zones,
)
from racebook.formulagp.scenariopros import read_pros
from racebook.formulagp.scenarioweather import stack_forecast, tyres_used, weather_race_keys
from racebook.formulagp.setup import new_state
from racebook.formulagp.state import DECK_RULE, Car, Die, Mode, Phase, RaceState, Turn
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Pos

FOLDER = core.Folder(Path(__file__).resolve().parent / "scenarios", "FormulaGP")
SCENARIOS = FOLDER.path
_TOP = ("scenario", "race", "car", "dice", "rules", "bots", "pros")
_SCEN_KEYS = ("id", "title", "cite", "game", "track", "board", "seed", "start", "assumed", "actions", "mode",
              "weather", "qualifying")
_STARTS = ("turn", "grid")
_GRID_CAR_KEYS = ("id", "tyre", "draws")


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    cite: str
    file: str
    assumed: tuple[str, ...]
    actions: tuple[str, ...]
    state: RaceState
    prelude: tuple[Any, ...] = ()  # phase = "draw": the round's start (flag, draws, order) before the first action

    def race(self, play: bool = True, frames: bool = False) -> Race:
        """A fresh race from this scenario's position (its actions applied unless ``play`` is False)."""
        r = Race(self.state.copy(), frames)
        return core.replay(r, self.actions, self.file) if play else r


def scenario_ids() -> list[str]:
    return FOLDER.ids()


def read(source: str | Path) -> Scenario:
    """Read a scenario (a shipped id or a path), check it, and check that its actions replay."""
    file, doc = FOLDER.read(source)
    try:
        sc = _parse(doc, file)
    except DataError as e:
        raise core.in_file(file, e) from None
    except RacebookError as e:  # a SetupError: a set-up the rules refuse
        raise ScenarioError(file, "scenario", str(e)) from None
    sc.race()  # every action applies (the first that does not is named)
    return sc


def load(source: str | Path, play: bool = True, frames: bool = False) -> Race:
    """The race of a scenario, its actions applied (``play``)."""
    return read(source).race(play, frames)


# ------------------------------------------------------------------ the position: one reader per key
Reader = Callable[[Any, str, Car, ReadContext], None]


def _int_key(name: str, lo: Callable[[ReadContext], int], hi: Callable[[ReadContext], int], why: str) -> Reader:
    def read(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
        setattr(car, name, as_int(v, path, lo(ctx), hi(ctx), why))
    return read


def _at(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    text = as_str(v, path)
    where, _, shadow = text.partition("/")
    try:
        p = ctx.state.track.pos(where)
    except (KeyError, ValueError) as e:
        raise bad(path, f"{text!r} is not a racing space of the {ctx.state.track_id} track "
                        f"({e.args[0] if isinstance(e, ValueError) else 'no tile ' + repr(e.args[0])})") from None
    n = ctx.state.track.space(p).shadows
    k = 0
    if shadow:
        if shadow not in [str(i) for i in range(n)]:
            raise bad(path, f"{text!r}: /{shadow[:8]} is not a car shadow of this space (0..{n - 1}: a Slipstream "
                            "space holds one car a shadow, §2.3)")
        k = int(shadow)
    car.pos = Pos(p.tile, p.lane, p.space, k)


def _cards(zone: str) -> Reader:
    def read(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
        codes = as_strs(v, path)
        seen = ctx.placed.setdefault(car.id, [])
        for i, code in enumerate(codes):
            if code not in ctx.codes:
                raise bad(f"{path}[{i}]", f"{code!r} is not an ACTION card code (data/cards.toml: G1…G12, R1…R10, "
                                          "B1…B4, O1…O4, W1…W8, P1…P6, F1)")
            if seen.count(code) + 1 > ctx.codes[code]:
                raise bad(f"{path}[{i}]", f"{code} is named twice for {car.id}: each card is in one place (§5)")
            seen.append(code)
        if zone == "hand":
            car.hand = list(codes)
        elif zone == "discards":
            car.deck.discards = list(codes)
        else:
            ctx.draws[car.id] = list(codes)
    return read


def _tyre(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    car.tyre = as_enum(Tyre, v, path)
    car.wear = start_wear(ctx.state.board, car.tyre, ctx.state.rules.medium_one_space_early)  # §21 15.5


def _ignore(v: Any, path: str, car: Car, ctx: ReadContext) -> None:
    """``id``: read first (:func:`_car`)."""


#: The keys of a ``[[car]]`` table, in the order they are read (``tyre`` before ``wear``: a tyre sets the wear
#: marker's start, §14.1). A mechanic's new per-car field is one more line here.
CAR_KEYS: dict[str, Reader] = {
    "id": _ignore,
    "at": _at,
    "lap": _int_key("lap", lambda c: 0, lambda c: c.state.track.laps + 1, ": finish-line crossings, §17.1"),
    "hand": _cards("hand"),
    "discards": _cards("discards"),
    "draws": _cards("draws"),
    "tyre": _tyre,
    "ers": _int_key("ers", lambda c: 0, lambda c: c.state.board.ers_max, ": the board's ERS track, §8.1"),
    "ot": _int_key("ot", lambda c: 0, lambda c: c.state.board.ot_max, ": the board's OT capacity, §8.2"),
    "wear": _int_key("wear", lambda c: 0, lambda c: c.state.board.wear_length - 1, ": the wear track, §14.1"),
    "stress": _int_key("stress", lambda c: 0, lambda c: 2, ": Focus, middle, Stressed, §15"),
    "penalties": _int_key("penalties", lambda c: 0, lambda c: 9, ": Penalty tokens, §17.2.1"),
    "w2w": w2w,
    "lapping": lapping,
    "team": team,
    "events": held_events,
    "off": off,
    "params": params,
    "tyres_used": tyres_used,  # [ADV] the tyre types raced on, initials (§4.6; racebook.formulagp.scenarioweather)
    "warnings": _int_key("warnings", lambda c: 0, lambda c: 9, ": the Race Director's warnings, §21 15.9"),
}

RaceReader = Callable[[Any, str, RaceState], None]


def _race_int(name: str, lo: int, hi: int) -> RaceReader:
    def read(v: Any, path: str, s: RaceState) -> None:
        setattr(s, name, as_int(v, path, lo, hi))
    return read


def _race_bool(name: str) -> RaceReader:
    def read(v: Any, path: str, s: RaceState) -> None:
        setattr(s, name, as_bool(v, path))
    return read


def _order(v: Any, path: str, s: RaceState) -> None:
    order = as_strs(v, path, unique=True)
    if sorted(order) != sorted(s.cars):
        raise bad(path, f"names every car once ({', '.join(s.cars)}), in this round's driver sequence (§10.2)")
    s.order = tuple(order)


def _turn(v: Any, path: str, s: RaceState) -> None:
    car = as_str(v, path)
    if car not in s.order:
        raise bad(path, f"{car!r} is not a car of this scenario ({', '.join(s.order)})")
    s.turn_index = s.order.index(car)


def _side(v: Any, path: str, s: RaceState) -> None:
    side = as_str(v, path)
    if side not in ("green", "red"):
        raise bad(path, f"{side!r} is not 'green' or 'red' (the Race Control Panel's sides, §4.2)")
    s.panel_side = side


def _phase(v: Any, path: str, s: RaceState) -> None:
    phase = as_str(v, path)
    if phase not in ("play", "draw"):
        raise bad(path, f"{phase!r} is not 'play' (a driver's turn) or 'draw' (the round's start, §10)")
    s.phase = Phase(phase)


#: The keys of ``[race]`` (start = "turn"), read in this order (``order`` before ``turn``). A mechanic's new race
#: field is one more line here.
RACE_KEYS: dict[str, RaceReader] = {
    "round": _race_int("round", 2, 99),
    "flag": _race_int("flag", 1, 99),
    "final_lap": _race_bool("final_lap"),
    "final_round": _race_bool("final_round"),
    "order": _order,
    "turn": _turn,
    "side": _side,
    "phase": _phase,
    "event_draws": event_draws,
    **weather_race_keys(),  # [ADV] forecast, weather, temperature, weather_token, standing_water (scenarioweather)
    "yellow_zones": yellow_zones,
    "debris": hazardtokens.scenario_key("debris"),  # [ADV] the Debris tokens' tiles (§19.8.2)
    "oil": hazardtokens.scenario_key("oil"),  # [ADV] the Oil tokens' tiles (§19.8.3)
}


# ------------------------------------------------------------------ reading the document
def _table(doc: dict[str, Any], key: str) -> dict[str, Any]:
    t = doc.get(key, {})
    if not isinstance(t, dict):
        raise bad(key, f"must be a table, not {kind_of(t)}")
    return t


def _parse(doc: dict[str, Any], file: str) -> Scenario:
    unknown_key(doc, _TOP)
    s = _table(doc, "scenario")
    if "scenario" not in doc:
        raise bad("scenario", "missing: the [scenario] table (id, title, cite, seed, start, assumed, actions)")
    unknown_key(s, _SCEN_KEYS, "scenario")
    sid = as_str(get(s, "id", "scenario.id"), "scenario.id")
    check_game_key(s, "formulagp", file, ScenarioError)
    track = as_str(s.get("track", "teaching"), "scenario.track")
    board = as_str(s.get("board", "teaching"), "scenario.board")
    for key, loader, name in (("track", load_track, track), ("board", load_board, board)):
        try:
            loader(name)
        except DataError as e:
            raise bad(f"scenario.{key}", e.reason) from None
    seed = as_int(s.get("seed", 0), "scenario.seed", 0, 2**63 - 1)
    start = as_str(s.get("start", "turn"), "scenario.start")
    if start not in _STARTS:
        raise bad("scenario.start", f"{start!r} is not one of {', '.join(_STARTS)}")
    mode = as_str(s.get("mode", Mode.STANDARD.value), "scenario.mode")
    if mode not in {m.value for m in Mode}:
        raise bad("scenario.mode", f"{mode[:12]!r} is not a race mode ({', '.join(m.value for m in Mode)}: §1)")
    rules = Rules.from_dict(_table(doc, "rules"))
    rows = doc.get("car")
    if not isinstance(rows, list) or not rows:
        raise bad("car", "needs [[car]] tables, one per car (grid order for start = 'grid')")
    for i, t in enumerate(rows):
        if not isinstance(t, dict):
            raise bad(f"car[{i}]", f"must be a table, not {kind_of(t)}")
        unknown_key(t, _GRID_CAR_KEYS if start == "grid" else tuple(CAR_KEYS), f"car[{i}]")
    ids = [as_str(get(t, "id", f"car[{i}].id"), f"car[{i}].id") for i, t in enumerate(rows)]
    # the ids checked (§4.6); grid: the race
    qual = as_bool(s.get("qualifying", False), "scenario.qualifying")  # grid: qualify first, pit boxes as listed (§9)
    if qual and start != "grid":
        raise bad("scenario.qualifying", "only for start = 'grid' (qualifying comes before race round 1, §9)")
    state = new_state(ids, seed, track=track, board=board, rules=rules, mode=Mode(mode), qualifying=qual,
                      boxes=ids if qual else None)
    ctx = ReadContext(state, Counter(c.code for c in cards().action), {}, {})
    read_bots(_table(doc, "bots"), state, start)
    read_pros(_table(doc, "pros"), state, start)  # the Pro BOTs (issue 38)
    prelude: tuple[Any, ...] = ()
    _dice(_table(doc, "dice"), state)  # before the position: a BOT's turn or a round's start given there rolls them
    stack_forecast(s.get("weather"), state)  # [ADV] the WEATHER card the set-up draws (scenarioweather)
    if start == "grid":
        if "race" in doc:
            raise bad("race", "only for start = 'turn' (a grid race starts at round 1, §4)")
        for i, (t, cid) in enumerate(zip(rows, ids, strict=True)):
            car = state.cars[cid]
            for k in ("tyre", "draws"):
                if k in t:
                    CAR_KEYS[k](t[k], f"car[{i}].{k}", car, ctx)
            if "draws" in t:
                _stack(ctx, car, f"car[{i}].draws")
    else:
        prelude = _turn_position(state, rows, ids, ctx, _table(doc, "race"))
    assumed = tuple(as_strs(s.get("assumed", []), "scenario.assumed"))
    actions = tuple(as_strs(s.get("actions", []), "scenario.actions"))
    for i, a in enumerate(actions):
        try:
            parse_action(a)
        except RacebookError as e:
            raise bad(f"scenario.actions[{i}]", str(e)) from None
    return Scenario(sid, as_str(s.get("title", sid), "scenario.title"), as_str(s.get("cite", ""), "scenario.cite"),
                    file, assumed, actions, state, prelude)


def _turn_position(state: RaceState, rows: list[dict[str, Any]], ids: list[str], ctx: ReadContext,
                   race: dict[str, Any]) -> tuple[Any, ...]:
    """A driver's turn (§10.3) in round ``race.round``: the cars where the file puts them, with their cards."""
    unknown_key(race, tuple(RACE_KEYS), "race")
    for car in state.cars.values():  # every card back in the deck first: the file says where each one is
        if not car.bot:  # a Rookie BOT has no ACTION deck (§22.1)
            car.deck = Deck(f"{car.id} ACTION", sorted(ctx.codes.elements()), rule=DECK_RULE)
        car.hand = []
    taken: dict[Pos, str] = {}
    for i, (t, cid) in enumerate(zip(rows, ids, strict=True)):
        car = state.cars[cid]
        if "at" not in t:
            raise bad(f"car[{i}].at", "missing: where the car is (tile.lane.space, e.g. T03.2.1)")
        for key, reader in CAR_KEYS.items():
            if key in t:
                reader(t[key], f"car[{i}].{key}", car, ctx)
        if car.bot:
            for key in ("hand", "discards", "draws"):
                if t.get(key):
                    raise bad(f"car[{i}].{key}", f"{cid} is a Rookie BOT: it holds no ACTION card (§22.1)")
        if car.off:  # off track beside its nearest space (§18.2): it holds no space
            pass
        elif car.pos in taken:
            raise bad(f"car[{i}].at", f"{cid} and {taken[car.pos]} on one space (§2.3: one car a space or shadow)")
        else:
            taken[car.pos] = cid
        for code in car.hand + car.deck.discards:
            car.deck.pile.remove(code)
        car.deck.shuffle(state.rng)
        _stack(ctx, car, f"car[{i}].draws")
    state.round = 3
    state.order = tuple(ids)
    state.panel_side = "green"
    state.phase = Phase.PLAY
    for key, read_race in RACE_KEYS.items():
        if key in race:
            read_race(race[key], f"race.{key}", state)
    if "flag" not in race:
        state.flag = panel().start_space(state.mode.advanced) + state.round - 1
    if state.phase is Phase.DRAW:  # round `round` starts now: the position is the one before it (§10 items 1-2)
        if "turn" in race:
            raise bad("race.turn", "only for phase = 'play' (the draw phase works out the driver sequence, §10.2)")
        state.round -= 1
        state.flag -= 1
        for car in state.cars.values():
            car.returned = True
        log = EventLog(None)
        start_round(state, log)
        return tuple(log)
    if state.cars[state.order[state.turn_index]].bot:  # a BOT's turn is resolved by the rules as it begins (§22.9)
        log = EventLog(None)
        begin_turn(state, log)
        return tuple(log)
    state.turn = Turn(state.order[state.turn_index])
    if not turn.legal(state):  # the ladder (§10.1.3) runs when a turn begins: a turn given mid-way cannot run it
        who = state.turn.car
        raise bad(f"car[{ids.index(who)}].hand", f"{who}, whose turn it is, holds no movement card it can play "
                                                 "(§10.1.3, §10.3)")
    return ()


def _stack(ctx: ReadContext, car: Car, path: str) -> None:
    codes = ctx.draws.get(car.id)
    if codes:
        try:
            car.deck.stack(codes)
        except RacebookError as e:  # a stacked card in the hand or the discard pile
            raise bad(path, str(e)) from None


def _dice(t: dict[str, Any], state: RaceState) -> None:
    unknown_key(t, tuple(d.value for d in Die), "dice")
    for die in Die:
        if die.value in t:
            v = t[die.value]
            if not isinstance(v, list):
                raise bad(f"dice.{die.value}", f"must be a list of faces 1-6, not {kind_of(v)}")
            faces = [as_int(x, f"dice.{die.value}[{i}]", 1, 6, ": a die's face") for i, x in enumerate(v)]
            state.stacked[die.value] = [str(f) for f in faces]
