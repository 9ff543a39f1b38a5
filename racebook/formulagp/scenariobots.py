"""A FormulaGP scenario's Rookie BOTs: the ``[bots]`` table (§22.5, §22.7; the format in
:mod:`racebook.formulagp.scenario`'s docstring) — which cars are Rookies, the Control card's side, the TACTICS
card(s) by it, and the TACTICS / BATTLE cards stacked on their decks. Each value is checked; a bad one is a field error
(``bots.<key>``) that the scenario reader names with the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from racebook.core.fields import as_str, as_strs, bad, kind_of, unknown_key
from racebook.formulagp.bots import rookie
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.bots.table import SHARED
from racebook.formulagp.state import RaceState

# ------------------------------------------------------------------ the Rookie BOTs: [bots] (§22.5, §22.7)
BotReader = Callable[[Any, str, RaceState, str], None]


def _codes(v: Any, path: str, known: list[str], deck: str) -> list[str]:
    codes = as_strs(v, path, unique=True)
    for i, code in enumerate(codes):
        if code not in known:
            raise bad(f"{path}[{i}]", f"{code!r} is not a {deck} card code (data/bots.toml: {', '.join(known)})")
    return codes


def _rookies(v: Any, path: str, s: RaceState, start: str) -> None:
    ids = as_strs(v, path, unique=True)
    for i, car in enumerate(ids):
        if car not in s.cars:
            raise bad(f"{path}[{i}]", f"{car!r} is not a car of this scenario ({', '.join(s.cars)})")
    if not ids or len(ids) == len(s.cars):
        raise bad(path, "names one Rookie BOT or more and leaves a player's car (a race of BOTs only has no "
                        "decision to replay)")
    rookie.deal(s, ids)


def _bot_side(v: Any, path: str, s: RaceState, start: str) -> None:
    side = as_str(v, path)
    if side not in rookie.SIDES:
        raise bad(path, f"{side!r} is not one of {', '.join(rookie.SIDES)} (the Rookie Control card's sides, §22.5 b)")
    s.bots.side = side


def _tactics(v: Any, path: str, s: RaceState, start: str) -> None:
    """The TACTICS card(s) by the Rookie Control card: one code shared by the Rookies, or (house rule
    ``rookie_tactics_each``) a table car -> code."""
    if start == "grid":
        raise bad(path, "only for start = 'turn': at the race start the card is drawn (§22.7; stack it with "
                        "bots.tactics_draws)")
    known = [x.code for x in bot_cards().tactics]
    bots = [c.id for c in s.cars.values() if c.bot]
    if s.rules.rookie_tactics_each:
        if not isinstance(v, dict) or sorted(v) != sorted(bots):
            raise bad(path, f"with rookie_tactics_each each Rookie has its own card: a table naming {', '.join(bots)}")
        keys, codes = list(v), _codes(list(v.values()), path, known, "Rookie TACTICS")
    else:
        if not isinstance(v, str):
            raise bad(path, f"the one TACTICS card all Rookies share (§22.5): a code, not {kind_of(v)}")
        if v not in known:
            raise bad(path, f"{v!r} is not a Rookie TACTICS card code (data/bots.toml: {', '.join(known)})")
        keys, codes = [SHARED], [v]
    for key, code in zip(keys, codes, strict=True):
        s.bots.tactics_deck.pile.remove(code)
        s.bots.tactics[key] = code


def _bot_draws(deck: str) -> BotReader:
    def read(v: Any, path: str, s: RaceState, start: str) -> None:
        data = bot_cards()
        known = [x.code for x in (data.tactics if deck == "tactics" else data.battle)]
        codes = _codes(v, path, known, "Rookie TACTICS" if deck == "tactics" else "BATTLE")
        for i, code in enumerate(codes):
            if code in s.bots.tactics.values():
                raise bad(f"{path}[{i}]", f"{code} is by the Rookie Control card (bots.tactics), not in the deck")
        s.stacked[deck] = list(codes)
    return read


#: The keys of ``[bots]``, read in this order (``rookies`` first: it deals the BOT decks, §22.5). A race with Rookie
#: BOTs names them here; the engine resolves their turns (a BOT's turn given by ``race.turn`` is resolved as the
#: scenario is read, its events kept as ``Scenario.prelude``).
BOT_KEYS: dict[str, BotReader] = {
    "rookies": _rookies,
    "side": _bot_side,
    "tactics": _tactics,
    "tactics_draws": _bot_draws("tactics"),
    "battle_draws": _bot_draws("battle"),
}


def read_bots(t: dict[str, Any], s: RaceState, start: str) -> None:
    """Read a scenario's ``[bots]`` table into ``s`` (each key by :data:`BOT_KEYS`, in order); every problem is a
    field error (``bots.<key>``) the scenario reader names with the file."""
    if not t:
        return
    unknown_key(t, tuple(BOT_KEYS), "bots")
    if "rookies" not in t:
        raise bad("bots.rookies", "missing: the cars that are Rookie BOTs (§22.5)")
    if start == "turn" and "tactics" not in t:
        raise bad("bots.tactics", "missing: the TACTICS card by the Rookie Control card (drawn at the race start, "
                                  "§22.7)")
    for key, read in BOT_KEYS.items():
        if key in t:
            read(t[key], f"bots.{key}", s, start)
