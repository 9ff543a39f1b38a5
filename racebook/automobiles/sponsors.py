"""The sponsor cards of the Season module (§22.5): data in ``data/sponsors.toml``, effects as programs of the same
primitive steps as the cards (:mod:`racebook.automobiles.effects`, :mod:`racebook.automobiles.steps`).

Every sponsor first applies its **standard removal ability** (remove up to ``standard`` cubes from the Bag and/or
the player sheet, wear included), then the effect of its group for the player's finishing position in the race just
run (first / middle / last, AMB-27: the house rule ``sponsor_tiers``):

* A — spend the amount on cubes from the Stock; unspent money is lost;
* B — remove that many more cubes (any); C — remove that many wear cubes;
* D — gain the cubes shown, free, from the Stock (fewer if it is short, AMB-18);
* E — for each non-wear cube the standard removal removed, remove up to that many wear (§24 Ex. 21: 4);
* F — remove that many more cubes, then spend up to $2 per cube so removed (§24 Ex. 22).

Removed cubes go back to the Stock (§0.2); gained and bought cubes go into the Bag, where every cube starts the next
race (:mod:`racebook.automobiles.season`). The numbers the source lacks are marked ``invented-for-teaching``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from racebook.automobiles import effects, zones
from racebook.automobiles.cards.helpers import is_wear
from racebook.automobiles.cubes import CODES, DATA, WEAR, check_source, known_keys
from racebook.automobiles.effects import Program
from racebook.automobiles.options import SponsorTiers
from racebook.automobiles.state import GameState
from racebook.automobiles.steps import BuyStep, Gain, PickStep
from racebook.core.datafile import load_toml
from racebook.core.errors import DataError

RULE = "§22.5"
GROUPS = ("A", "B", "C", "D", "E", "F")
TIERS = ("first", "middle", "last")
SHEET = ("bag", "active", "used", "discard")  # "your Bag and/or player sheet" (§22.5)


@dataclass(frozen=True, slots=True)
class Sponsor:
    id: str
    group: str
    standard: int
    tiers: tuple[str, str, str]  # first, middle, last: a number, or (group D) a zone text
    sources: tuple[str, str]

    def amount(self, tier: str) -> int:
        return int(self.tiers[TIERS.index(tier)])

    def cubes(self, tier: str) -> dict[str, int]:
        return zones.parse(self.tiers[TIERS.index(tier)])


def _tier_value(group: str, v: object, path: str, file: str) -> str:
    if group == "D":
        if not isinstance(v, str):
            raise DataError(file, path, "a group D sponsor gains cubes: a zone text such as L1D1")
        try:
            z = zones.parse(v)
        except ValueError as e:
            raise DataError(file, path, str(e)) from None
        if WEAR in z or not z:
            raise DataError(file, path, "gains at least one cube, never wear")
        return v
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
        raise DataError(file, path, f"a number 0..20 (got {v!r})")
    return str(v)


def load_sponsors(path: object = None) -> dict[str, Sponsor]:
    """Read and validate the sponsor data (each problem: a DataError naming the file and the field)."""
    p = DATA / "sponsors.toml" if path is None else path
    file = str(p)
    doc = load_toml(p)  # type: ignore[arg-type]
    known_keys(doc, {"schema", "sponsor", "group"}, file)
    rows = doc.get("sponsor")
    if doc.get("schema") != 1 or not isinstance(rows, list):
        raise DataError(file, "sponsor", "schema = 1 and an array of [[sponsor]] tables")
    out: dict[str, Sponsor] = {}
    for i, t in enumerate(rows):
        where = f"sponsor[{i}]"
        if not isinstance(t, dict):
            raise DataError(file, where, "must be a table")
        sid, group, std = t.get("id"), t.get("group"), t.get("standard")
        if group not in GROUPS or not isinstance(sid, str) or sid[:1] != group or sid in out or len(sid) != 2:
            raise DataError(file, f"{where}.id", "a new id of its group, e.g. E1 (groups A-F)")
        if not isinstance(std, int) or isinstance(std, bool) or not 0 <= std <= 20:
            raise DataError(file, f"{where}.standard", "the standard removal: a number 0..20")
        tiers = tuple(_tier_value(group, t.get(k), f"{where}.{k}", file) for k in TIERS)
        src = t.get("source")
        if not isinstance(src, dict):
            raise DataError(file, f"{where}.source", "a table of provenances (standard, tiers)")
        sources = (check_source(src.get("standard"), f"{where}.source.standard", file),
                   check_source(src.get("tiers"), f"{where}.source.tiers", file))
        out[sid] = Sponsor(sid, group, std, (tiers[0], tiers[1], tiers[2]), sources)
    if sorted(out) != sorted(f"{g}{n}" for g in GROUPS for n in (1, 2, 3)):
        raise DataError(file, "sponsor", "the 18 sponsors A1-F3 (§22.5), each once")
    return out


@cache
def sponsors() -> dict[str, Sponsor]:
    """The shipped sponsors (validated; their programs registered)."""
    out = load_sponsors()
    for s in out.values():
        effects.PROGRAMS[s.id] = (program(s), RULE)
    return out


def tier(state: GameState, pid: str) -> str:
    """``pid``'s sponsor tier from the last race's finishing order (AMB-27; house rule ``sponsor_tiers``)."""
    assert state.season is not None
    order = state.season.finish
    pos, n = order.index(pid) + 1, len(order)
    if pos == 1:
        return "first"
    if state.rules.sponsor_tiers is SponsorTiers.LAST_ONLY:
        return "last" if pos == n else "middle"
    return "middle" if pos == 2 else "last"


def _amount(s: Sponsor):  # type: ignore[no-untyped-def]
    return lambda c: s.amount(tier(c.state, c.pid))


def _gain(s: Sponsor, code: str) -> Gain:
    return Gain(code=code, n=lambda c: s.cubes(tier(c.state, c.pid)).get(code, 0))


def program(s: Sponsor) -> Program:
    """The steps of a sponsor: its standard removal, then its group's effect for the player's tier."""
    standard = PickStep(src=SHEET, dest="stock", most=s.standard, reg="nonwear",
                        reg_only=lambda c, code: code != WEAR)
    amount = _amount(s)
    if s.group == "A":
        rest: Program = (BuyStep(money=amount),)
    elif s.group == "B":
        rest = (PickStep(src=SHEET, dest="stock", most=amount),)
    elif s.group == "C":
        rest = (PickStep(src=SHEET, dest="stock", most=amount, only=is_wear),)
    elif s.group == "D":
        rest = tuple(_gain(s, code) for code in CODES if code != WEAR)
    elif s.group == "E":
        rest = (PickStep(src=SHEET, dest="stock", only=is_wear,
                         most=lambda c: amount(c) * c.regs.get("nonwear", 0)),)
    else:
        rest = (PickStep(src=SHEET, dest="stock", most=amount, reg="extra"),
                BuyStep(money=lambda c: 2 * c.regs.get("extra", 0)))
    return (standard,) + rest

