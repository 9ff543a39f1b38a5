"""Automobiles Position Notation: a position as one line of text, and back.

``teaching L3 r2 A:action $0 stock W21L26… cards administrator,suspension,crew_chief,hybrid_engine,gearbox |
A 1@5 bag W3Y2 act L1W2 used - track W:1.2@2 L:1.3>1.4@6 disc Y3 | B 2@3 bag … drv josh_trin``

The head: board, laps, round, whose turn and phase (``+`` once a cube is played or an Action-phase driver ability
used: no pit stop then, §8) with the money left, the Stock, the five cards (Y R P B G order),
then ``weaving`` if the module is on, ``finish <player>`` once the end is triggered, ``rules <switches>`` (the house
rules that differ from the defaults, :mod:`racebook.automobiles.options`) and ``season <…>`` (a Season in progress,
:func:`racebook.automobiles.turnnotation.season_word`) (``over`` replaces the turn when
the race is over). Each player, in turn order: the car (lane@progress), the zones (zone texts,
:func:`racebook.automobiles.zones.text`), the cubes on the track (``cube:space>space@progress``), then ``held`` and
``drv`` when there are some, and ``$<n>`` (the grid money) before the race.

The rest of the turn in progress follows the money when there is some (:mod:`racebook.automobiles.turnnotation`):
``unbegun`` (a set-up turn the race's opening begins), ``flags`` (this turn's modifiers: Redline, Fuel
Injection, …), ``start`` (the race position at the start of the Action phase, when it is not the current one),
``through``, ``queue``, ``stage`` and ``pend`` (a card effect in progress: program, cube, decider, step, count,
registers, path, head, landed), so :func:`parse_position` reads back every position between two decisions, with a
card effect in progress or not, and the race goes on from it with the same legal actions.
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.actions import PLAYER_ID, SPACE_ID
from racebook.automobiles.board import load_board
from racebook.automobiles.cards import choose_cards
from racebook.automobiles.cubes import ACTIONS, CODES, components
from racebook.automobiles.drivers import check_drivers
from racebook.automobiles.integrity import problems
from racebook.automobiles.options import Rules, parse_rules_text, rules_text
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.state import GameState, Phase, Placed, Player, Turn
from racebook.automobiles.turnnotation import check_turn, read_season, read_turn_words, season_word, turn_words
from racebook.core.errors import NotationError, RacebookError
from racebook.core.fields import ascii_int
from racebook.core.rng import Rng


def format_state(state: GameState) -> str:
    t = state.turn
    head = f"{state.board.name} L{state.laps} r{state.round} "
    head += "over" if state.finished or t is None else f"{t.car}:{t.phase.value}{'+' if t.played else ''} ${t.money}"
    if t is not None and not state.finished:
        head += turn_words(state, t)
    head += f" stock {zones.text(state.stock)}"
    if state.cards:
        head += " cards " + ",".join(state.cards.get(c, "-") for c in ACTIONS)
    if state.weaving:
        head += " weaving"
    if state.finish_triggered:
        head += f" finish {state.finish_triggered}"
    if state.rules.changed():
        head += f" rules {rules_text(state.rules)}"
    if state.season is not None:
        head += f" season {season_word(state.season)}"
    parts = [head]
    for p in state.players.values():
        track = " ".join(f"{c.code}:{'>'.join(c.spaces)}@{c.progress}" for c in p.track) or "-"
        text = (f"{p.id} {p.lane}@{p.progress} bag {zones.text(p.bag)} act {zones.text(p.active)} "
                f"used {zones.text(p.used)} track {track} disc {zones.text(p.discard)}")
        if p.held:
            text += f" held {zones.text(p.held)}"
        if p.driver:
            text += f" drv {p.driver}"
        if p.money and state.round == 0:
            text += f" ${p.money}"
        parts.append(text)
    return " | ".join(parts)


def _int(s: str, what: str, text: str) -> int:
    """A number of the position: ASCII digits, at most 6 (racebook.core.fields.ascii_int, RF90's rule too)."""
    n = ascii_int(s, 6, signed=True)
    if n is None:
        raise NotationError(f"not a position: {what} {s[:20]!r} is not a number in ASCII digits (in {text[:60]!r})")
    return n


def _zone(s: str, what: str) -> dict[str, int]:
    try:
        return zones.parse(s)
    except ValueError as e:
        raise NotationError(f"not a position: {what}: {e}") from None


def parse_position(text: str, seed: int = 0) -> GameState:
    """The position ``text`` (see the module docstring) as a state, with a generator seeded ``seed``; a
    :class:`NotationError` saying what could not be read otherwise. Cubes are conserved: the Stock and the players'
    cubes must add up to the game's cubes (§1.2)."""
    if not isinstance(text, str) or len(text) > 20_000:
        raise NotationError("not a position: give the text of a position")
    head, *rows = [x.split() for x in text.split("|")]
    if len(head) < 5 or not rows:
        raise NotationError(f"not a position: {text[:60]!r} (board L<laps> r<round> <turn> … | <player> …)")
    try:
        board = load_board(head[0])
    except RacebookError as e:
        raise NotationError(f"not a position: {e}") from None
    if not head[1].startswith("L") or not head[2].startswith("r"):
        raise NotationError(f"not a position: laps and round are L<n> r<n> (got {head[1]} {head[2]})")
    laps, rnd = _int(head[1][1:], "laps", text), _int(head[2][1:], "round", text)
    i = 3
    turn: Turn | None = None
    if head[i] == "over":
        i += 1
    else:
        car, _, phase = head[i].partition(":")
        played = phase.endswith("+")
        phase = phase.removesuffix("+")
        if head[i + 1][:1] != "$":
            raise NotationError(f"not a position: the money left is $<n> (got {head[i + 1]!r})")
        try:
            turn = Turn(car, Phase(phase), played=played, money=_int(head[i + 1][1:], "money", text))
        except ValueError:
            raise NotationError(f"not a position: {head[i]!r} is not <player>:<phase>") from None
        i += 2
        i = read_turn_words(head, i, turn)
    if head[i:i + 1] != ["stock"] or len(head) < i + 2:
        raise NotationError("not a position: the Stock comes after the turn (stock <zone>)")
    stock = _zone(head[i + 1], "stock")
    i += 2
    cards, weaving, finish, rules, season = {}, False, None, Rules(), ""
    while i < len(head):
        word = head[i]
        if word == "cards" and i + 1 < len(head):
            ids = head[i + 1].split(",")
            try:
                cards = choose_cards(dict(zip(ACTIONS, ids, strict=True)))
            except (RacebookError, ValueError) as e:
                raise NotationError(f"not a position: cards: {e}") from None
            i += 2
        elif word == "weaving":
            weaving, i = True, i + 1
        elif word == "finish" and i + 1 < len(head):
            finish, i = head[i + 1], i + 2
        elif word == "season" and i + 1 < len(head):
            season, i = head[i + 1], i + 2
        elif word == "rules" and i + 1 < len(head):
            try:
                rules = parse_rules_text(head[i + 1])
            except RacebookError as e:
                raise NotationError(f"not a position: rules: {e}") from None
            i += 2
        else:
            raise NotationError(f"not a position: unknown word {word!r} in the head")
    players = {}
    for row in rows:
        p = _player(row, board.lanes, text)
        if p.id in players:
            raise NotationError(f"not a position: player {p.id} twice")
        players[p.id] = p
    state = GameState(board, players, stock, laps, Rng(seed), components(), cards=cards, weaving=weaving,
                      rules=rules, round=rnd, finish_triggered=finish)
    if season:
        state.season = read_season(season, list(players))
    if turn is not None and turn.car not in players or finish is not None and finish not in players:
        raise NotationError("not a position: the turn and the finish name players of the position")
    if turn is not None and not turn.start_order:
        turn.start_order = tuple(standings(state))
    state.turn, state.finished = turn, turn is None
    for reason in problems(state):  # §1.2 cubes conserved, §7.3 one car per segment, … (one check: integrity)
        raise NotationError(f"not a position: {reason}")
    check_turn(state)
    return state


def _player(row: list[str], lanes: int, text: str) -> Player:
    if len(row) < 12 or not PLAYER_ID.fullmatch(row[0]) or "@" not in row[1]:
        raise NotationError(f"not a position: a player is '<id> <lane>@<progress> bag … act … used … track … disc …' "
                            f"(got {' '.join(row)[:60]!r})")
    lane_s, _, prog_s = row[1].partition("@")
    lane = _int(lane_s, "lane", text)
    if not 1 <= lane <= lanes:
        raise NotationError(f"not a position: lane {lane} is not on the board")
    p = Player(row[0], lane, _int(prog_s, "progress", text))
    words = row[2:]
    if words[0::2][:4] != ["bag", "act", "used", "track"]:
        raise NotationError(f"not a position: {row[0]}'s zones are bag, act, used, track, disc in this order")
    p.bag, p.active, p.used = _zone(words[1], "bag"), _zone(words[3], "act"), _zone(words[5], "used")
    j = 7
    while j < len(words) and words[j] != "disc":
        tok = words[j]
        if tok != "-":
            code, _, placed = tok.partition(":")
            path, _, at = placed.partition("@")
            spaces = tuple(path.split(">"))
            if code not in CODES or not at or not all(SPACE_ID.fullmatch(s) for s in spaces):
                raise NotationError(f"not a position: a track cube is cube:space>space@progress (got {tok!r})")
            p.track.append(Placed(code, spaces, int(spaces[-1][0]), _int(at, "progress", text)))
        j += 1
    if j + 1 >= len(words):
        raise NotationError(f"not a position: {row[0]} has no disc zone")
    p.discard = _zone(words[j + 1], "disc")
    extra = words[j + 2:]
    while extra:
        if extra[0] == "held" and len(extra) > 1:
            p.held = _zone(extra[1], "held")
        elif extra[0].startswith("$"):
            p.money = _int(extra[0][1:], "grid money", text)
            extra = extra[1:]
            continue
        elif extra[0] == "drv" and len(extra) > 1:
            try:
                check_drivers({p.id: extra[1]})
            except RacebookError as e:
                raise NotationError(f"not a position: {e}") from None
            p.driver = extra[1]
        else:
            raise NotationError(f"not a position: unknown word {extra[0]!r} for {p.id}")
        extra = extra[2:]
    return p
