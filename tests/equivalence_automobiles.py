"""The Automobiles equivalence check (issue 39): seeded full races whose fingerprints are pinned in a golden file.

As :mod:`equivalence` does for RF90: plumbing work on the race (issue 39's core Race base: no copy of the state before
every action, kept positions) must not change a single result. :func:`race_specs` is the fixed list of races (both
shipped boards; 2–5 players; the computer players of :mod:`racebook.automobiles.agents` — greedy, builder — and a
mixed table of greedy, builder and seeded random players; frames on and off; some with the Weaving module, some
a 3-race Season with a driver draft); :func:`fingerprint` plays one and returns SHA-256 digests of its action texts,
the legal listings shown to the players, the event sentences, the frames (frames on), the final state (every field,
:func:`state_dict`) and the final position (:func:`racebook.automobiles.notation.format_state`).

``tests/data/equivalence_automobiles.json`` holds the fingerprints; ``tools/make_equivalence.py --game automobiles``
writes it (``--force`` to overwrite: a deliberate rule change only, the reason in the commit message) and
``tests/automobiles/test_equivalence.py`` recomputes and compares them (``RACEBOOK_EQUIV_FULL=1``: every race).

The races are built from the engine's public pieces (``new_state``, ``Race``, the agents, ``play_out``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from equivalence import SHORT, _Recording, _sha, canonical_json, golden_text, report, short  # noqa: F401 - SHORT re-exported

from racebook.automobiles.agents import BuilderDriver, GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.notation import format_state
from racebook.automobiles.setup import new_state
from racebook.core.agents import Driver, RandomDriver, play_out
from racebook.core.rng import Rng

GOLDEN = Path(__file__).resolve().parent / "data" / "equivalence_automobiles.json"
FORMAT = "racebook-equivalence-automobiles/1"
BOARDS = ("teaching", "ladder")  # the shipped boards when the file was written (a test checks none is missing)
POLICIES = ("greedy", "builder", "mixed")  # mixed: greedy, builder, random, greedy, … by seat
FULL = 96  # races in the golden file (RACEBOOK_EQUIV_FULL=1 / make equivalence)
QUICK = 16  # the first races, replayed by `make test` (both boards, every player count, every policy)
MAX_STEPS = 20_000


@dataclass(frozen=True)
class Spec:
    """One seeded race of the reference set."""

    board: str
    seed: int
    players: int
    policy: str
    frames: bool
    weaving: bool = False
    season: int = 0  # > 0: a Season of that many races, with a driver draft

    @property
    def name(self) -> str:
        more = (" weaving" if self.weaving else "") + (f" season={self.season} draft" if self.season else "")
        return (f"{self.board} seed={self.seed} players={self.players} policy={self.policy} "
                f"frames={'on' if self.frames else 'off'}{more}")


def race_specs(n: int = FULL) -> list[Spec]:
    """The first ``n`` races; the quick set is a prefix of the full one."""
    out = []
    for i in range(n):
        out.append(Spec(BOARDS[i % 2], seed=2000 + i, players=2 + (i // 2) % 4, policy=POLICIES[(i // 3) % 3],
                        frames=i % 3 == 0, weaving=i % 7 == 3, season=3 if i % 16 == 9 else 0))
    return out


def drivers_of(spec: Spec, ids: list[str]) -> dict[str, Driver]:
    if spec.policy == "greedy":
        return {p: GreedyDriver() for p in ids}
    if spec.policy == "builder":
        return {p: BuilderDriver() for p in ids}
    seats: list[Driver] = []
    for i in range(len(ids)):
        seats.append((GreedyDriver(), BuilderDriver(), RandomDriver(spec.seed + i))[i % 3])
    return dict(zip(sorted(ids), seats, strict=True))


def plain(value: Any) -> Any:
    """A JSON-able copy of a state value: dataclasses by field, enums by value, the generator by its state."""
    if isinstance(value, Rng):
        return {"rng": value.state}
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def state_dict(state: Any) -> dict[str, Any]:
    """Every field of the game state (the immutable board and component data by name only)."""
    out = {f.name: plain(getattr(state, f.name)) for f in fields(state) if f.name not in ("board", "comps")}
    out["board"] = state.board.name
    out["players"] = [plain(p) for p in state.players.values()]  # in turn order
    return out


@dataclass
class Played:
    race: Race
    actions: list[str]
    events: list[str]
    listings: dict[int, str]
    state: dict[str, Any]
    frames: list[str]

    def step_texts(self) -> list[str]:
        return ["\n".join([self.listings.get(st.index, ""), str(st.action or "-"), *(e.sentence() for e in st.events)])
                for st in self.race.steps]

    def state_parts(self) -> dict[str, str]:
        out = {k: canonical_json(v) for k, v in self.state.items() if k != "players"}
        out.update({f"players[{p['id']}]": canonical_json(p) for p in self.state["players"]})
        return out


def play(spec: Spec) -> Played:
    state = new_state(spec.players, seed=spec.seed, board=spec.board, weaving=spec.weaving, season=spec.season,
                      draft=bool(spec.season))
    race = Race(state, frames=spec.frames)
    listings: dict[int, str] = {}
    pick = {p: _Recording(d, listings) for p, d in drivers_of(spec, list(state.players)).items()}
    play_out(race, pick, max_steps=MAX_STEPS)  # type: ignore[arg-type]
    frames = [repr(f) for f in race.frames]
    if spec.frames and len(frames) != len(race.events):
        raise AssertionError(f"{spec.name}: {len(frames)} frames for {len(race.events)} events")
    return Played(race, [str(a) for a in race.actions], [e.sentence() for e in race.events], listings,
                  state_dict(race.state), frames)


def fingerprint_of(spec: Spec, p: Played) -> dict[str, Any]:
    listings = [p.listings[k] for k in sorted(p.listings)]
    return {
        **asdict(spec),
        "over": p.race.is_over,
        "n_actions": len(p.actions), "n_events": len(p.events), "n_listings": len(listings),
        "actions": _sha(p.actions), "events": _sha(p.events), "listings": _sha(listings),
        "frames_digest": _sha(p.frames),
        "state": hashlib.sha256(canonical_json(p.state).encode()).hexdigest(),
        "position": format_state(p.race.state),
        "steps": " ".join(short(t) for t in p.step_texts()),
        "state_parts": {k: short(v) for k, v in p.state_parts().items()},
    }


def fingerprint(spec: Spec) -> dict[str, Any]:
    return fingerprint_of(spec, play(spec))


KEYS = ("over", "n_actions", "n_events", "n_listings", "actions", "events", "listings", "frames_digest", "state",
        "position")


def mismatch(spec: Spec, reference: dict[str, Any], p: Played) -> str | None:
    """None if ``p`` matches its reference fingerprint; else a message naming the race, the first differing step
    (its listing, action and events as played now) and the final-state fields that differ
    (:func:`equivalence.report`, the one report of every game)."""
    return report(spec.name, GOLDEN.name, KEYS, "position", reference, fingerprint_of(spec, p), p.step_texts(),
                  p.state_parts())


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def dump_golden(races: list[dict[str, Any]]) -> str:
    """The golden file's text: one race per line, so a diff shows which races moved."""
    return golden_text(FORMAT, "fingerprints of seeded Automobiles races (tests/equivalence_automobiles.py); "
                               "regenerate with tools/make_equivalence.py --game automobiles --force ONLY for "
                               "a deliberate rule change", races)
