"""A FormulaGP scenario's Pro BOTs: the ``[pros]`` table (§22.2–§22.4; the format in
:mod:`racebook.formulagp.scenario`'s docstring) — which cars are Pro BOTs, their Control card's side, their TACTICS
card, their Tyre token, the WHITE die of their tyre life (the Pit token placed by §22.4) or their Pit token itself.
Each value is checked; a bad one is a field error (``pros.<key>``) that the scenario reader names with the file.

    [pros]
    cars = ["P"]                   # the Pro BOTs (§22.2): dealt as the race's set-up deals them
    side = "slower"                # their Control cards' side (§22.2 b; default faster)
    tactics = { P = "PT1" }        # the TACTICS card each holds, face up (data/probots.toml)
    tyre = { P = "medium" }        # the Tyre token (§22.3), full side
    life_die = { P = 5 }           # the WHITE die of the tyre life: the Pit token placed again by §22.4
    pit = { P = "7:tyre" }         # or the Pit token itself: radar space and side (tyre, pit, entry)
"""

from __future__ import annotations

from typing import Any

from racebook.core.fields import as_int, as_str, as_strs, bad, kind_of, unknown_key
from racebook.core.log import EventLog
from racebook.formulagp.bots import pro
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.state import RaceState


def _table(v: Any, path: str, s: RaceState) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise bad(path, f"must be a table Pro BOT = value, not {kind_of(v)}")
    for car in v:
        if car not in s.pro.bots:
            raise bad(f"{path}.{car}", f"{car!r} is not a Pro BOT of this scenario (pros.cars: "
                                       f"{', '.join(s.pro.bots) or 'none'})")
    return v


def pros(v: Any, path: str, s: RaceState, start: str) -> None:
    ids = as_strs(v, path, unique=True)
    for i, car in enumerate(ids):
        if car not in s.cars or s.cars[car].bot:
            raise bad(f"{path}[{i}]", f"{car!r} is not a car of this scenario, or it is a Rookie")
    if not ids or len([c for c in s.cars.values() if not c.bot]) == len(ids):
        raise bad(path, "names one Pro BOT or more and leaves a player's car")
    pro.deal(s, ids)
    if start == "turn":  # a position after the race start: the TACTICS cards are face up (§22.8.1 item 2)
        for pb in s.pro.bots.values():
            pb.face_up = True


def side(v: Any, path: str, s: RaceState, start: str) -> None:
    name = as_str(v, path)
    if name not in pro.SIDES:
        raise bad(path, f"{name!r} is not one of {', '.join(pro.SIDES)} (a Pro Control card's sides, §22.2 b)")
    for pb in s.pro.bots.values():
        pb.side = name


def tactics(v: Any, path: str, s: RaceState, start: str) -> None:
    known = [x.code for x in pro_cards().tactics]
    for car, code in _table(v, path, s).items():
        if code not in known:
            raise bad(f"{path}.{car}", f"{code!r} is not a Pro TACTICS card code (data/probots.toml)")
        held = {b.tactics: c for c, b in s.pro.bots.items()}
        pb = s.pro.bots[car]
        if code in held and held[code] != car:
            other = s.pro.bots[held[code]]
            other.tactics, pb.tactics = pb.tactics, code  # the two swap: every card stays in one place
        elif code != pb.tactics:
            d = s.pro.tactics_deck
            (d.pile if code in d.pile else d.discards).remove(code)
            d.pile.append(pb.tactics)
            pb.tactics = code
        pb.face_up = True


def tyre(v: Any, path: str, s: RaceState, start: str) -> None:
    for car, name in _table(v, path, s).items():
        if name not in [t.value for t in Tyre]:
            raise bad(f"{path}.{car}", f"{name!r} is not a tyre ({', '.join(t.value for t in Tyre)})")
        s.pro.bots[car].tyre = s.cars[car].tyre = Tyre(name)
        s.pro.bots[car].full = True


def life_die(v: Any, path: str, s: RaceState, start: str) -> None:
    for car, face in _table(v, path, s).items():
        s.stacked.setdefault("white", []).insert(0, str(as_int(face, f"{path}.{car}", 1, 6, ": a die's face")))
        pro.set_pit_token(s, car, EventLog(None), at_start=True)


def pit(v: Any, path: str, s: RaceState, start: str) -> None:
    for car, text in _table(v, path, s).items():
        word = as_str(text, f"{path}.{car}")
        space, _, where = word.partition(":")
        if not space.isdigit() or where not in [x.value for x in PitSide]:
            raise bad(f"{path}.{car}", f"{word!r} is space:side, the side tyre, pit or entry (§22.4)")
        s.pro.bots[car].pit = PitToken(int(space), PitSide(where))


#: The keys of ``[pros]``, read in this order (``cars`` first: it deals the Pro BOTs).
READERS = {"cars": pros, "side": side, "tactics": tactics, "tyre": tyre, "life_die": life_die, "pit": pit}


def read_pros(t: dict[str, Any], s: RaceState, start: str) -> None:
    """Read a scenario's ``[pros]`` table into ``s`` (each key by :data:`READERS`, in order)."""
    if not t:
        return
    unknown_key(t, tuple(READERS), "pros")
    if "cars" not in t:
        raise bad("pros.cars", "missing: the cars that are Pro BOTs (§22.2)")
    for key, read in READERS.items():
        if key in t:
            read(t[key], f"pros.{key}", s, start)
