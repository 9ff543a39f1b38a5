"""The equivalence check's races (issue 16): seeded full races whose fingerprints are pinned in a golden file.

Speed work must not change a single result: the same seeds give the same actions, legal listings, event sentences
and final states as before. :func:`race_specs` is the fixed list of races (every shipped track, 1–4 automatic human
drivers (:class:`~racebook.rf90.analysis.drivers.GreedyDriver`, late braking by the odds, always or never) with the
robots of :data:`GOLDEN_ROBOTS` (the harness's line-ups when the golden was pinned), frames on and off);
:func:`fingerprint` plays one and
returns SHA-256 digests of what it did. ``tests/data/equivalence_rf90.json`` holds the fingerprints computed by the
engine before the speed work; ``tools/make_equivalence.py`` writes it (only for a deliberate rule change) and
``tests/rf90/analysis/test_equivalence.py`` recomputes and compares them.

The races are built from the engine's public pieces (``new_race``, ``Race``, ``GreedyDriver``, ``play_out``), not from
``simulate.one_race``, so a change to the simulation harness cannot move the reference.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from racebook.core.actions import Action
from racebook.core.agents import Driver as Player
from racebook.core.agents import play_out
from racebook.rf90 import notation
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.analysis.simulate import COLOURS
from racebook.rf90.car import RobotType, Strategy, Tyre
from racebook.rf90.game import Race
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import load_track

GOLDEN = Path(__file__).resolve().parent / "data" / "equivalence_rf90.json"
FORMAT = "racebook-equivalence/1"
# The tracks of the reference set (the shipped tracks when it was written; a test checks none is missing).
TRACKS = ("monza", "silverstone", "teaching", "monaco", "spa")  # + Expansion #1 (issue 20)
LATE_BRAKE: tuple[bool | None, ...] = (None, True, False)  # GreedyDriver: by the odds, always, never
#: The golden's races keep the explicit line-ups they were pinned with (SuperFast, Fast, Slow by players): the
#: harness's default before Expansion #1's recommended line-ups (§5.3) replaced it in simulate.ROBOTS_BY_PLAYERS.
GOLDEN_ROBOTS = {1: (2, 2, 1), 2: (2, 1, 1), 3: (1, 1, 1), 4: (1, 1, 0), 5: (1, 0, 0), 6: (0, 0, 0)}


def golden_robots(players: int) -> list[tuple[str, RobotType]]:
    sf, f, s = GOLDEN_ROBOTS[players]
    return ([(f"SuperFast{i + 1}", RobotType.SUPERFAST) for i in range(sf)]
            + [(f"Fast{i + 1}", RobotType.FAST) for i in range(f)]
            + [(f"Slow{i + 1}", RobotType.SLOW) for i in range(s)])


QUICK_PER_TRACK = 24  # races per track that `make test` replays (72 in all: each players x late-braking pair twice)
SHORT = 6  # hex digits of the per-step and per-field digests
FULL_PER_TRACK = 120  # races per track in the golden file (360 in all; RACEBOOK_EQUIV_FULL=1 / make equivalence)


@dataclass(frozen=True)
class Spec:
    """One seeded race of the reference set."""

    track: str
    seed: int
    players: int  # automatic human drivers (GreedyDriver), with the robots of GOLDEN_ROBOTS[players]
    late_brake: bool | None
    frames: bool

    @property
    def name(self) -> str:
        lb = {None: "odds", True: "always", False: "never"}[self.late_brake]
        return (f"{self.track} seed={self.seed} players={self.players} late_brake={lb} "
                f"frames={'on' if self.frames else 'off'}")


def race_specs(per_track: int = FULL_PER_TRACK) -> list[Spec]:
    """The first ``per_track`` races of each track; the quick set is a prefix of the full one, per track."""
    out = []
    for t in TRACKS:
        for i in range(per_track):
            out.append(Spec(t, seed=1000 + i, players=1 + i % 4, late_brake=LATE_BRAKE[(i // 4) % 3],
                            frames=i % 5 == 0))
    return out


class _Recording:
    """A driver that records every legal listing it is shown (by the step its choice makes), then lets the wrapped
    driver choose (any game's: tests/equivalence_automobiles.py records its races with it too)."""

    def __init__(self, inner: Player, listings: dict[int, str]) -> None:
        self.inner = inner
        self.listings = listings

    def choose(self, race: Any, legal: list[Action]) -> Action:
        self.listings[len(race.steps)] = "\t".join(str(a) for a in legal)
        return self.inner.choose(race, legal)  # type: ignore[no-any-return]


def _sha(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Played:
    """A played race and its texts (kept so a mismatch can name the first differing step)."""

    race: Race
    actions: list[str]
    events: list[str]
    listings: dict[int, str]  # step index -> the legal listing the driver chose that step's action from
    state: dict

    def step_texts(self) -> list[str]:
        """Per step: the listing shown, the action and the step's event sentences."""
        return ["\n".join([self.listings.get(st.index, ""), str(st.action or "-"), *(e.sentence() for e in st.events)])
                for st in self.race.steps]

    def state_parts(self) -> dict[str, str]:
        """The final state by top-level field (cars by id), each as canonical JSON."""
        out = {k: canonical_json(v) for k, v in self.state.items() if k != "cars"}
        out.update({f"cars[{c['id']}]": canonical_json(c) for c in self.state["cars"]})
        return out


def play(spec: Spec) -> Played:
    track = load_track(spec.track)
    drivers = [Driver(COLOURS[i], refuel=12, qualify_card=0, tyre=Tyre.HARD, strategy=Strategy.SAVE_TYRES)
               for i in range(spec.players)]
    rs = new_race(track, drivers, golden_robots(spec.players), seed=spec.seed)
    race = Race(rs.state, frames=spec.frames)
    listings: dict[int, str] = {}
    pick = {d.id: _Recording(GreedyDriver(spec.seed + i, late_brake=spec.late_brake), listings)
            for i, d in enumerate(drivers)}
    play_out(race, pick)  # type: ignore[arg-type]
    if spec.frames and len(race.frames) != len(race.events):
        raise AssertionError(f"{spec.name}: {len(race.frames)} frames for {len(race.events)} events")
    return Played(race, [str(a) for a in race.actions], [e.sentence() for e in race.events], listings,
                  race.state.to_dict())


def short(text: str) -> str:
    """A short digest, enough to find the first differing step or state field (the full digests decide)."""
    return hashlib.sha256(text.encode()).hexdigest()[:SHORT]


def fingerprint_of(spec: Spec, p: Played) -> dict[str, Any]:
    listings = [p.listings[k] for k in sorted(p.listings)]
    return {
        **asdict(spec),
        "over": p.race.is_over,
        "n_actions": len(p.actions), "n_events": len(p.events), "n_listings": len(listings),
        "actions": _sha(p.actions), "events": _sha(p.events), "listings": _sha(listings),
        "state": hashlib.sha256(canonical_json(p.state).encode()).hexdigest(),
        "rpn": str(notation.of(p.race.state)),
        "steps": " ".join(short(t) for t in p.step_texts()),
        "state_parts": {k: short(v) for k, v in p.state_parts().items()},
    }


def fingerprint(spec: Spec) -> dict[str, Any]:
    return fingerprint_of(spec, play(spec))


def mismatch(spec: Spec, reference: dict[str, Any], p: Played) -> str | None:
    """None if the race played ``p`` matches its reference fingerprint; else a message naming the race and the first
    differing step (its listing, action and events as played now) or final-state field."""
    keys = ("over", "n_actions", "n_events", "n_listings", "actions", "events", "listings", "state", "rpn")
    return report(spec.name, GOLDEN.name, keys, "rpn", reference, fingerprint_of(spec, p), p.step_texts(),
                  p.state_parts())


def report(name: str, golden: str, keys: tuple[str, ...], position: str, reference: dict[str, Any],
           now: dict[str, Any], texts: list[str], parts: dict[str, str]) -> str | None:
    """The mismatch message of every game's equivalence check: None if the fingerprint ``now`` agrees with
    ``reference`` on ``keys``; else the race ``name``, the keys that differ, the first differing step (from
    ``texts``, :meth:`Played.step_texts`: its listing, action and events as played now), the final-state fields that
    differ (``parts``, by field) and the final position (fingerprint key ``position``) now and in the reference."""
    differ = [k for k in keys if now[k] != reference[k]]
    if not differ:
        return None
    lines = [f"race {name}: {', '.join(differ)} differ from {golden}"]
    old_steps, new_steps = reference["steps"].split(), now["steps"].split()
    for i, (a, b) in enumerate(zip(old_steps, new_steps, strict=False)):
        if a != b:
            listing, action, *events = texts[i].split("\n")
            lines.append(f"first differing step: {i} (steps 0..{i - 1} are identical); as played now:")
            lines.append(f"    legal listing: {listing.replace(chr(9), ' | ')[:400] or '(none: opening steps)'}")
            lines.append(f"    action: {action if i > 0 else '(opening steps)'}")
            lines += [f"    event: {e}" for e in events]
            break
    else:
        if len(old_steps) != len(new_steps):
            lines.append(f"the first {min(len(old_steps), len(new_steps))} steps are identical; the race now has "
                         f"{len(new_steps)} steps, the reference {len(old_steps)}")
    ref_parts = reference["state_parts"]
    fields = [k for k in list(ref_parts) + [k for k in parts if k not in ref_parts]
              if ref_parts.get(k) != now["state_parts"].get(k)]
    if fields:
        lines.append(f"final state fields that differ: {', '.join(fields)}; first one now: "
                     f"{parts.get(fields[0], '(missing)')[:400]}")
    if now[position] != reference[position]:
        lines.append(f"final position now:       {now[position]}\nfinal position reference: {reference[position]}")
    return "\n".join(lines)


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def dump_golden(races: list[dict[str, Any]]) -> str:
    """The golden file's text: one race per line, so a diff shows which races moved."""
    return golden_text(FORMAT, "fingerprints of seeded RF90 races (tests/equivalence.py); regenerate with "
                               "tools/make_equivalence.py ONLY for a deliberate rule change", races)


def golden_text(fmt: str, note: str, races: list[dict[str, Any]]) -> str:
    """A golden file of every game: its head (format, note), then one race per line, so a diff shows which moved."""
    body = ",\n".join("  " + canonical_json(r) for r in races)
    return canonical_json({"format": fmt, "note": note})[:-1] + ',"races":[\n' + body + "\n]}\n"
