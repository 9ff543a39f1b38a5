"""The driver cards (advanced module, §22.2): data in ``data/drivers.toml``, effects as programs of the same primitive
steps as the cards (:mod:`racebook.automobiles.effects`). Each ability is usable once per turn (AMB-28).

* Action phase, on the player's ``driver`` action: David Bird, Eileen Pi; Buy phase: Mag Matthews, Farmer Kali.
* Offered by the turn pipeline (:mod:`racebook.automobiles.phases`) when they can do something: Juan Goody (end of the
  Car phase), Josh Trin (Decline), Micah Conner (End, before drawing), Mike Skipjack, Nathan Emery and Kaia Lin (End,
  after drawing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from racebook.automobiles import effects
from racebook.automobiles.cards.helpers import ALL, is_wear
from racebook.automobiles.cubes import DATA
from racebook.automobiles.effects import Program
from racebook.automobiles.steps import DrawAtOnce, DrawN, DrawStep, MoveAll, MoveStep, PickStep
from racebook.core.datafile import load_toml
from racebook.core.errors import DataError, SetupError

RULE = "§22.2"
MANY = 999
PHASES = ("action", "buy", "car", "decline", "end")

PROGRAMS: dict[str, Program] = {
    # Decline: up to 1 light grey space per wear gained in the Decline phase; no more wear for it (AMB-24 b)
    "josh_trin": (MoveStep(colours=lambda c: frozenset("L"), most=lambda c: c.regs["most"], car=True),),
    # Action: 1 cube from the Discard pile into the Active pile (playable at once)
    "david_bird": (PickStep(src=("discard",), dest="active", most=1, least=1),),
    # Action: up to 3 cubes from the Discard pile into the Bag
    "eileen_pi": (PickStep(src=("discard",), dest="bag", most=3),),
    # Buy: decide how many (up to 3) before looking; for each, remove it, or put it in the Active pile (for its value
    # only: it is the Buy phase), or return it to the Bag (what is not removed nor put in the Active pile)
    "mag_matthews": (DrawAtOnce(most=3), PickStep(src=("held",), dest="stock", most=3),
                     PickStep(src=("held",), dest="active", most=3,
                              earn=lambda c: c.state.rules.mag_matthews_active_pays), MoveAll(src="held", dest="bag")),
    # Buy: remove any number of Discard cubes at $1 each from this phase's money
    "farmer_kali": (PickStep(src=("discard",), dest="stock", price=1,
                             most=lambda c: c.pend.count + c.state.turn.money),),  # type: ignore[union-attr]
    # end of the Car phase: 1 more space of any colour (it counts for the Decline phase)
    "juan_goody": (MoveStep(colours=lambda c: ALL, most=1, car=True),),
    # End, after drawing: up to 1 more cube per wear gained in the Decline phase
    "mike_skipjack": (DrawStep(most=lambda c: c.regs["most"]),),
    # End, before drawing: remove up to 3 wear from the player sheet (any pile; the track holds no wear)
    "micah_conner": (PickStep(src=("active", "used", "discard"), dest="stock", most=3, only=is_wear),),
    # End, after drawing: up to 2 more cubes
    "nathan_emery": (DrawStep(most=2),),
    # End, after drawing, once: discard any number of the drawn cubes, draw as many
    "kaia_lin": (PickStep(src=("active",), dest="discard", most=MANY, reg="k"), DrawN(n=lambda c: c.regs.get("k", 0))),
}


@dataclass(frozen=True, slots=True)
class Driver:
    id: str
    number: int
    name: str
    phase: str
    printed: str


@cache
def drivers() -> dict[str, Driver]:
    """The ten drivers (validated; each has its program)."""
    file = str(DATA / "drivers.toml")
    doc = load_toml(DATA / "drivers.toml")
    rows = doc.get("driver")
    if doc.get("schema") != 1 or not isinstance(rows, list):
        raise DataError(file, "driver", "schema = 1 and an array of [[driver]] tables")
    out: dict[str, Driver] = {}
    for i, t in enumerate(rows):
        try:
            d = Driver(t["id"], t["number"], t["name"], t["phase"], t["printed"])
        except (KeyError, TypeError) as e:
            raise DataError(file, f"driver[{i}]", f"needs id, number, name, phase, printed ({e})") from None
        if d.id not in PROGRAMS or d.phase not in PHASES or d.id in out or d.number != i + 1:
            raise DataError(file, f"driver[{i}]", f"{d.id!r}: a known driver, numbered in order, with a phase")
        out[d.id] = d
    if set(out) != set(PROGRAMS):
        raise DataError(file, "driver", "every driver program needs its card")
    return out


effects.PROGRAMS.update({did: (steps, RULE) for did, steps in PROGRAMS.items()})


def check_drivers(chosen: dict[str, str]) -> None:
    """Each player at most one driver, each driver at most once (§22.2; unique picks, recommended)."""
    known = drivers()
    for did in chosen.values():
        if did not in known:
            raise SetupError(did, "§22.2", f"not a driver: {', '.join(known)}")
    if len(set(chosen.values())) != len(chosen):
        raise SetupError(sorted(chosen.values()), "§22.2", "each driver is chosen by one player only")
