"""[ADV] The Debris and Oil tokens on the track (digest §19.8, §19.8.2, §19.8.3, §18.1, A19; the original's 13.13,
13.13.2, 13.13.3, 13.4.4): where they are (``RaceState.debris`` and ``RaceState.oil``, tile indexes), placing them,
whether one acts, the no-pairs start, clearing them, the notation's head tokens and the scenario keys. What a car
meets on them is :mod:`racebook.formulagp.debrisoil` (it sits above the loss of control; this module below it, so a
wall hit can place Debris).

* **Placed** by a wall hit after a counter-steer or a spin (§18.1 Wall_A / Wall_B: "Place a Debris token on that
  track tile") and by the three-dot EVENT and RISK cards whose icon asks for a Debris or an Oil token (§6.7; their
  faces are invented-for-teaching, ``data/event_deck.toml`` and ``data/incident_cards.toml``). They are [ADV]
  components (§3, §4.5): a Standard race places none (A19, ``debris_in_standard``: its wall hits may place Debris).
  One token a tile; the box holds 2 of each (§3, ``race_control.toml``'s counts): with both on the track no third is
  placed; none while the Safety Car is out (it clears them, §19.4.2 step 3).
* **Acting**: a token covers its whole tile (§19.8); hazards are off in a Yellow Flag zone (§19.3.1) and under the
  Safety Car (§19.4.2), as Gravel's are (:func:`live`).
* **No pairs** for a move that starts on a Debris, Oil or Standing Water tile (§19.8.2–§19.8.4;
  :func:`pair_ban`, ``PairBan.HAZARD``).
* **Removed** when a car triggers it (§19.8: :func:`remove`, called by :mod:`~racebook.formulagp.debrisoil`), and by
  the Safety Car and the Red Flag, which clear every token but Standing Water (:func:`clear`, §19.4.2, §19.6).

Standard library only.
"""

from __future__ import annotations

from typing import Any

from racebook.core.errors import NotationError
from racebook.core.fields import as_strs, bad
from racebook.core.log import EventLog
from racebook.formulagp.events import hazardtokens as hev
from racebook.formulagp.flags import in_zone
from racebook.formulagp.panel import panel
from racebook.formulagp.state import Car, Die, RaceState

__all__ = ["KINDS", "tiles_of", "allowed", "place", "place_ahead", "live", "remove", "clear", "pair_ban",
           "head_tokens", "read_head", "scenario_key"]

KINDS = ("debris", "oil")
_RULE = {"debris": "§19.8.2", "oil": "§19.8.3"}
_HEAD = {"debris": "db", "oil": "oil"}


def tiles_of(s: RaceState, kind: str) -> tuple[int, ...]:
    return s.debris if kind == "debris" else s.oil


def _set(s: RaceState, kind: str, tiles: tuple[int, ...]) -> None:
    if kind == "debris":
        s.debris = tiles
    else:
        s.oil = tiles


def allowed(s: RaceState, kind: str) -> bool:
    """The token is in the game: an Advanced race (§3, §4.5: [ADV] components); Debris in a Standard race only with
    A19's other reading (``debris_in_standard``)."""
    return s.mode.advanced or (kind == "debris" and s.rules.debris_in_standard)


def place(s: RaceState, kind: str, tile: int, why: str, log: EventLog) -> bool:
    """A ``kind`` token on ``tile`` (§19.8): one a tile, at most the box's two on the track, none under the Safety
    Car; nothing at all when the token is not in the game (a Standard race, A19). True when placed."""
    if not allowed(s, kind):
        return False
    name, have = s.track.tiles[tile].id, tiles_of(s, kind)
    box = panel().counts[kind]
    refusal = ("the Safety Car is out (it clears the track, §19.4.2)" if s.sc_tile >= 0
               else "the tile holds one already" if tile in have
               else f"the box's {box} are on the track (§3)" if len(have) >= box else "")
    if refusal:
        log.append(hev.HazardTokenNone(kind.capitalize(), name, refusal))
        return False
    _set(s, kind, tuple(sorted(have + (tile,))))
    log.append(hev.HazardTokenPlaced(kind.capitalize(), name, why, box - len(have) - 1))
    return True


def place_ahead(s: RaceState, kind: str, c: Car, tiles: int, why: str, log: EventLog) -> bool:
    """A ``kind`` token ``tiles`` movement tiles ahead of ``c``'s tile (0: its own tile; feature tiles not counted,
    A21)."""
    tile = c.pos.tile
    for _ in range(tiles):
        tile = s.track.next_tile(tile)
    return place(s, kind, tile, why, log)


def card_token(s: RaceState, c: Car, kind: str, log: EventLog) -> None:
    """A three-dot EVENT card's token (§6.7's "Debris / Oil token required" icon; the face invented-for-teaching):
    the WHITE die (the icon face counts 1, A3) gives how many movement tiles ahead of the car it goes."""
    face = s.white_face(s.roll(Die.WHITE))
    place_ahead(s, kind, c, face.value, f"the card's WHITE die {face.value}: {face.value} tile(s) ahead of "
                                               f"{c.id}", log)


def live(s: RaceState, kind: str, tile: int) -> bool:
    """A ``kind`` token that acts on ``tile``: there, no Safety Car, not in a Yellow Flag zone (§19.3.1, §19.4.2)."""
    return tile in tiles_of(s, kind) and s.sc_tile < 0 and not in_zone(s, tile)


def remove(s: RaceState, kind: str, tile: int) -> None:
    """The token leaves the track: triggered (§19.8)."""
    _set(s, kind, tuple(x for x in tiles_of(s, kind) if x != tile))


def clear(s: RaceState) -> None:
    """The Safety Car (and the Red Flag) clear every token but Standing Water (§19.4.2 step 3)."""
    s.debris, s.oil = (), ()


def pair_ban(s: RaceState, c: Car) -> bool:
    """No pairs for a move that starts on a Debris, Oil or Standing Water tile (§19.8.2–§19.8.4; A44: the start
    tile counts through these clauses)."""
    tile = c.pos.tile
    return any(live(s, k, tile) for k in KINDS) or (tile in s.standing_water and s.sc_tile < 0)


# ------------------------------------------------------------------ the notation and the scenario keys
def head_tokens(s: RaceState) -> list[str]:
    """``db=`` / ``oil=``: the tiles (indexes) holding a Debris / Oil token, each written only when one is out (a
    line without them, every Standard line, is unchanged)."""
    return [f"{_HEAD[k]}=" + ",".join(str(x) for x in tiles_of(s, k)) for k in KINDS if tiles_of(s, k)]


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    for kind in KINDS:
        raw = kv.get(_HEAD[kind], "")
        if not raw:
            _set(s, kind, ())
            continue
        parts = raw.split(",")
        box = panel().counts[kind]
        if (not all(x.isdigit() and int(x) < len(s.track.tiles) and s.track.tiles[int(x)].costs_mp for x in parts)
                or len(set(parts)) != len(parts) or len(parts) > box):
            raise NotationError(f"{text[:80]!r}…: {_HEAD[kind]}= lists at most {box} distinct movement tile indexes "
                                f"of the track ({_RULE[kind]})")
        _set(s, kind, tuple(sorted(int(x) for x in parts)))


def scenario_key(kind: str) -> Any:
    """The ``[race] debris`` / ``[race] oil`` reader: the tile ids holding a token (an Advanced race; Debris also
    with ``debris_in_standard``), at most the box's two, each once."""

    def read(v: Any, path: str, s: RaceState) -> None:
        ids = as_strs(v, path, unique=True)
        if not allowed(s, kind):
            raise bad(path, f"{kind.capitalize()} tokens are [ADV] components: set mode = \"advanced\" (§3, A19)")
        index = {t.id: t.index for t in s.track.tiles if t.costs_mp}
        if len(ids) > panel().counts[kind]:
            raise bad(path, f"the box holds {panel().counts[kind]} {kind.capitalize()} tokens (§3)")
        for i, x in enumerate(ids):
            if x not in index:
                raise bad(f"{path}[{i}]", f"{x[:12]!r} is not a movement tile of the track ({_RULE[kind]})")
        _set(s, kind, tuple(sorted(index[x] for x in ids)))

    return read
