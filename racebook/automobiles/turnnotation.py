"""The turn in progress in the position notation (:mod:`racebook.automobiles.notation`): the words after the money.

``flags redline=1,_before=2`` (the turn's modifiers and the pipeline's notes), ``start A,B,C`` (the race position
at the start of the Action phase, written only when it is not the current one), ``through 1.3,2.4`` (the spaces the
car moved through), ``queue B,C`` (players still to take a Box(er) move), ``stage 7`` (the next automatic step),
``unbegun`` (a set-up whose first turn the race's opening begins) and
``pend <program>/<cube>/<decider>/<step>/<count>/<registers>/<path>/<lane>@<progress>/<landed>``: a card effect
(or a bonus move, a driver's or a sponsor's choice) in progress (:class:`racebook.automobiles.state.Pending`).
Each is left out when empty. A ``-`` stands for an empty field.
"""

from __future__ import annotations

from typing import Any

from racebook.automobiles import effects
from racebook.automobiles.actions import PLAYER_ID, SPACE_ID
from racebook.automobiles.cards import card_set
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.season import season_data
from racebook.automobiles.sponsors import sponsors
from racebook.automobiles.state import GameState, Pending, Season, Turn
from racebook.core.errors import NotationError
from racebook.core.fields import ascii_int

_WORDS = ("flags", "start", "through", "queue", "stage", "pend")


def _pairs(d: dict[str, int], sep: str) -> str:
    return sep.join(f"{k}={v}" for k, v in d.items()) or "-"


def turn_words(state: GameState, t: Turn) -> str:
    out = "" if t.begun else " unbegun"
    if t.flags:
        out += f" flags {_pairs(t.flags, ',')}"
    if t.start_order and list(t.start_order) != standings(state):
        out += f" start {','.join(t.start_order)}"
    if t.through:
        out += f" through {','.join(t.through)}"
    if t.queue:
        out += f" queue {','.join(t.queue)}"
    if t.stage:
        out += f" stage {t.stage}"
    p = t.pending
    if p is not None:
        out += (f" pend {p.program}/{p.cube or '-'}/{p.decider}/{p.pc}/{p.count}/{_pairs(p.regs, ';')}/"
                f"{'>'.join(p.path) or '-'}/{p.lane}@{p.progress}/{int(p.landed)}")
    return out


def _bad(what: str, got: str) -> NotationError:
    return NotationError(f"not a position: {what} (got {got[:60]!r})")


def _num(s: str, what: str) -> int:
    n = ascii_int(s, 9, signed=True)  # ASCII digits: the one rule of every position (racebook.core.fields)
    if n is None:
        raise _bad(f"{what} is a number in ASCII digits", s)
    return n


def _read_pairs(s: str, sep: str, what: str) -> dict[str, int]:
    if s == "-":
        return {}
    out: dict[str, int] = {}
    for item in s.split(sep):
        k, eq, v = item.partition("=")
        if not eq or not k or len(k) > 30 or k in out:
            raise _bad(f"{what} are name=number", s)
        out[k] = _num(v, what)
    return out


def _ids(s: str, what: str) -> list[str]:
    ids = s.split(",")
    if not all(PLAYER_ID.fullmatch(x) for x in ids):
        raise _bad(f"{what} lists player ids", s)
    return ids


def read_turn_words(head: list[str], i: int, turn: Turn) -> int:
    """Read the turn's words from ``head[i]`` on into ``turn``; returns the index after them."""
    if head[i:i + 1] == ["unbegun"]:
        turn.begun, i = False, i + 1
    while i + 1 < len(head) and head[i] in _WORDS:
        word, arg = head[i], head[i + 1]
        if word == "flags":
            turn.flags = _read_pairs(arg, ",", "flags")
        elif word == "start":
            turn.start_order = tuple(_ids(arg, "start"))
        elif word == "through":
            turn.through = arg.split(",")
            if not all(SPACE_ID.fullmatch(x) for x in turn.through):
                raise _bad("through lists space ids", arg)
        elif word == "queue":
            turn.queue = _ids(arg, "queue")
        elif word == "stage":
            turn.stage = _num(arg, "stage")
        else:
            turn.pending = _pending(arg)
        i += 2
    return i


def _pending(s: str) -> Pending:
    f = s.split("/")
    if len(f) != 9 or "@" not in f[7] or f[8] not in ("0", "1") or not PLAYER_ID.fullmatch(f[2]):
        raise _bad("pend is program/cube/decider/step/count/registers/path/lane@progress/landed", s)
    path = [] if f[6] == "-" else f[6].split(">")
    if not all(SPACE_ID.fullmatch(x) for x in path):
        raise _bad("a pending path lists space ids", s)
    lane, _, prog = f[7].partition("@")
    return Pending(f[0], "" if f[1] == "-" else f[1], f[2], _num(f[3], "pend step"), _num(f[4], "pend count"),
                   _read_pairs(f[5], ";", "pend registers"), path, _num(lane, "pend lane"), _num(prog, "pend progress"),
                   f[8] == "1")


def check_turn(state: GameState) -> None:
    """The turn's players exist, and an effect in progress is one the engine knows, waiting at one of its choices."""
    t = state.turn
    if t is None:
        return
    named = list(t.start_order) + t.queue + ([t.pending.decider] if t.pending else [])
    if any(pid not in state.players for pid in named) or sorted(t.start_order) != sorted(state.players):
        raise NotationError("not a position: start, queue and pend name the players of the position")
    if t.stage < 0:
        raise NotationError("not a position: a negative stage")
    if t.phase.value in ("sponsors", "sponsor") and (state.season is None or t.car not in state.season.finish):
        raise NotationError("not a position: choosing sponsors needs a season with a finishing order")
    if t.pending is None:
        return
    card_set()  # the card programs are registered on first use
    if state.season is not None:
        sponsors()  # the card programs are registered on first use
    steps = effects.PROGRAMS.get(t.pending.program)
    if steps is None or not 0 <= t.pending.pc < len(steps[0]) or steps[0][t.pending.pc].auto:
        raise NotationError(f"not a position: pend {t.pending.program!r} is not an effect waiting for a choice")
    try:
        effects.options(state)
    except Exception as e:  # a crafted effect state the program cannot read (a missing register, …)
        raise NotationError(f"not a position: the effect in progress cannot go on ({type(e).__name__})") from None


def season_word(sn: Season) -> str:
    """A Season in progress as one word: ``2/3;pts=A:10,B:6;spons=A:E1;pool=D2,E3;deck=A1,F2;fin=B,A``."""
    def pairs(d: dict[str, Any]) -> str:
        return ",".join(f"{k}:{v}" for k, v in d.items()) or "-"
    return (f"{sn.race}/{sn.races};pts={pairs(sn.points)};spons={pairs(sn.sponsors)};pool={','.join(sn.pool) or '-'};"
            f"deck={','.join(sn.deck) or '-'};fin={','.join(sn.finish) or '-'}")


def read_season(word: str, players: list[str]) -> Season:
    """The inverse of :func:`season_word` for a position of ``players`` (a NotationError otherwise)."""
    parts = word.split(";")
    keys = [p.partition("=")[0] for p in parts[1:]]
    if len(parts) != 6 or keys != ["pts", "spons", "pool", "deck", "fin"] or "/" not in parts[0]:
        raise _bad("season is race/races;pts=…;spons=…;pool=…;deck=…;fin=…", word)
    race_s, _, races_s = parts[0].partition("/")
    vals = {k: p.partition("=")[2] for k, p in zip(keys, parts[1:], strict=True)}

    def pairs(s: str) -> dict[str, str]:
        if s == "-":
            return {}
        out = dict(x.partition(":")[::2] for x in s.split(","))
        if len(out) != len(s.split(",")) or any(k not in players for k in out):
            raise _bad("season pairs name players once", s)
        return out

    def seq(s: str) -> list[str]:
        return [] if s == "-" else s.split(",")

    known = sponsors()
    spons = pairs(vals["spons"])
    pool, deck, fin = seq(vals["pool"]), seq(vals["deck"]), seq(vals["fin"])
    cards = list(spons.values()) + pool + deck
    if any(c not in known for c in cards) or len(set(cards)) != len(cards):
        raise _bad("season sponsors are known and held, on offer or in the deck once", word)
    if fin and sorted(fin) != sorted(players):
        raise _bad("season fin lists every player once", word)
    race, races = _num(race_s, "season race"), _num(races_s, "season races")
    if not 1 <= race <= races or not 3 <= races <= 9:
        raise _bad("a season of 3..9 races", word)
    points = {k: _num(v, "season points") for k, v in pairs(vals["pts"]).items()}
    return Season(races, season_data()["points"], race, points, spons, pool, deck, tuple(fin))
