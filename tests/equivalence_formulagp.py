"""The FormulaGP equivalence check (issue 37's performance target): seeded full races whose fingerprints are pinned in
a golden file.

As :mod:`equivalence` does for RF90 and :mod:`equivalence_automobiles` for Automobiles: speed work on the FormulaGP
engine (cached geometry, fewer listings, fewer copies) must not change a single result. :func:`race_specs` is the fixed
list of races (the race circuit, ``track.race_track()``; 2–6 cars; the computer drivers of
:mod:`racebook.formulagp.agents` — greedy, seeded random, and a mixed field of both; some with Rookie BOTs, from one to
all the cars, some with the Rookies' TACTICS card each (N12); some Standard races from qualifying); :func:`fingerprint`
plays one and returns the action count, the SHA-256 of its action texts, of the legal listings the drivers chose from
and of the event sentences, the final position (:func:`racebook.formulagp.notation.format_state`) and the
classification, plus a short digest per step and per part of the final position, so that a mismatch names where a race
first went another way.

``tests/data/equivalence_formulagp.json`` holds the fingerprints; ``tools/make_equivalence.py --game formulagp``
writes it (``--force`` to overwrite: a deliberate rule change only, the reason in the commit message) and
``tests/formulagp/test_equivalence.py`` recomputes and compares them.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from equivalence import SHORT, _sha, golden_text, report, short  # noqa: F401 - SHORT re-exported

from racebook.formulagp.actions import FgpAction
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.game import Race
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.track import race_track

GOLDEN = Path(__file__).resolve().parent / "data" / "equivalence_formulagp.json"
FORMAT = "racebook-equivalence-formulagp/1"
POLICIES = ("greedy", "random", "mixed")  # mixed: greedy, random, greedy, … by seat
FULL = 36  # races in the golden file
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Spec:
    """One seeded race of the reference set."""

    seed: int
    cars: int
    policy: str
    bots: int = 0  # how many of the cars are Rookie BOTs (§22.5)
    bots_first: bool = False  # the BOTs are the first cars of the grid (else the last)
    each: bool = False  # Rules(rookie_tactics_each=True) (N12)
    qualifying: bool = False  # a Standard race from qualifying (§9; not with BOTs yet)

    @property
    def name(self) -> str:
        more = (f" bots={self.bots}{' first' if self.bots_first else ''}{' each' if self.each else ''}"
                if self.bots else "") + (" qualifying" if self.qualifying else "")
        return f"seed={self.seed} cars={self.cars} policy={self.policy}{more}"

    def ids(self) -> list[str]:
        return [f"C{i}" for i in range(self.cars)]

    def bot_ids(self) -> list[str]:
        ids = self.ids()
        return ids[:self.bots] if self.bots_first else ids[self.cars - self.bots:]


def race_specs(n: int = FULL) -> list[Spec]:
    """The first ``n`` races: every field size and policy, races without BOTs (half from qualifying) and with 1 to
    all BOTs."""
    out = []
    for i in range(n):
        cars = 2 + i % 5
        bots = 0 if i % 3 == 0 else 1 + (i // 3) % cars
        out.append(Spec(seed=3000 + i, cars=cars, policy=POLICIES[(i // 5) % 3], bots=bots, bots_first=i % 2 == 1,
                        each=bots > 0 and i % 4 == 1, qualifying=bots == 0 and i % 2 == 0))
    return out


class _Recording:
    """A driver that records the legal listing it is shown (by the step its choice makes), then lets the wrapped
    driver choose (FormulaGP's drivers list the legal actions themselves: the race's listing is cached)."""

    def __init__(self, inner: Greedy | RandomDriver, listings: dict[int, str]) -> None:
        self.inner = inner
        self.listings = listings

    def choose(self, race: Race) -> FgpAction:
        self.listings[len(race.steps)] = "\t".join(str(a) for a in race.legal_actions())
        return self.inner.choose(race)


def drivers_of(spec: Spec) -> dict[str, Greedy | RandomDriver]:
    bots = set(spec.bot_ids())
    out: dict[str, Greedy | RandomDriver] = {}
    for i, c in enumerate(spec.ids()):
        if c in bots:
            continue
        greedy = spec.policy == "greedy" or (spec.policy == "mixed" and i % 2 == 0)
        out[c] = Greedy(spec.seed + i) if greedy else RandomDriver(spec.seed + i)
    return out


@dataclass
class Played:
    race: Race
    actions: list[str]
    events: list[str]
    listings: dict[int, str]
    position: str

    def step_texts(self) -> list[str]:
        """Per step: the listing shown, the action and the step's event sentences."""
        return ["\n".join([self.listings.get(st.index, ""), str(st.action or "-"), *(e.sentence() for e in st.events)])
                for st in self.race.steps]

    def state_parts(self) -> dict[str, str]:
        """The final position by part: the head, then each car (by id), then the tail."""
        head, *cars = self.position.split(" | ")
        out = {"head": head}
        for part in cars:
            out[f"cars[{part.split(' ', 1)[0]}]"] = part
        return out


def play(spec: Spec) -> Played:
    race = new_race(spec.ids(), spec.seed, bots=spec.bot_ids(), rules=Rules(rookie_tactics_each=spec.each),
                    qualifying=spec.qualifying, track=race_track())
    listings: dict[int, str] = {}
    pick = {c: _Recording(d, listings) for c, d in drivers_of(spec).items()}
    play_out(race, pick, max_actions=MAX_ACTIONS)  # type: ignore[arg-type]
    return Played(race, [str(a) for a in race.actions], [e.sentence() for e in race.events], listings,
                  race.position())


def fingerprint_of(spec: Spec, p: Played) -> dict[str, Any]:
    listings = [p.listings[k] for k in sorted(p.listings)]
    return {
        **asdict(spec),
        "over": p.race.is_over,
        "n_actions": len(p.actions), "n_events": len(p.events), "n_listings": len(listings),
        "actions": _sha(p.actions), "events": _sha(p.events), "listings": _sha(listings),
        "classification": list(p.race.classification()),
        "position": p.position,
        "steps": " ".join(short(t) for t in p.step_texts()),
        "state_parts": {k: short(v) for k, v in p.state_parts().items()},
    }


def fingerprint(spec: Spec) -> dict[str, Any]:
    return fingerprint_of(spec, play(spec))


KEYS = ("over", "n_actions", "n_events", "n_listings", "actions", "events", "listings", "classification",
        "position")


def mismatch(spec: Spec, reference: dict[str, Any], p: Played) -> str | None:
    """None if ``p`` matches its reference fingerprint; else a message naming the race, the first differing step
    (its listing, action and events as played now) and the parts of the final position that differ
    (:func:`equivalence.report`, the one report of every game)."""
    return report(spec.name, GOLDEN.name, KEYS, "position", reference, fingerprint_of(spec, p), p.step_texts(),
                  p.state_parts())


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def dump_golden(races: list[dict[str, Any]]) -> str:
    """The golden file's text: one race per line, so a diff shows which races moved."""
    return golden_text(FORMAT, "fingerprints of seeded FormulaGP races (tests/equivalence_formulagp.py); "
                               "regenerate with tools/make_equivalence.py --game formulagp --force ONLY for "
                               "a deliberate rule change", races)
