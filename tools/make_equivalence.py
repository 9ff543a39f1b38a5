"""Write tests/data/equivalence_rf90.json (--game automobiles: equivalence_automobiles.json; --game formulagp:
equivalence_formulagp.json): the fingerprints of the equivalence check's seeded races (issue 16; Automobiles: issue 39,
tests/equivalence_automobiles.py; FormulaGP: issue 37, tests/equivalence_formulagp.py).

The golden file pins what the engine does: for each race of ``tests/equivalence.py`` (every shipped track, 1–4
automatic human drivers with the robots of ``robots_for``, frames on and off) the SHA-256 of its action texts, of its
legal listings, of its event sentences and of its final state, its final position (RPN), and a short digest per step
and per final-state field so a mismatch can name where a race first went another way.

Speed work, refactors and bug fixes in the plumbing must leave it unchanged: that is what the test checks.
Regenerating it is legitimate ONLY for a deliberate rule change (a rule read differently, a card changed), with the
reason in the commit message; it is never the way to make a failing equivalence test pass.

    .venv/bin/python tools/make_equivalence.py            # refuses if the file exists
    .venv/bin/python tools/make_equivalence.py --force    # overwrite (deliberate rule change only)
    .venv/bin/python tools/make_equivalence.py --check    # compare with the file, exit 1 on a difference
    .venv/bin/python tools/make_equivalence.py --game automobiles --force   # the same for Automobiles' file
    .venv/bin/python tools/make_equivalence.py --game formulagp --force     # the same for FormulaGP's file
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import equivalence as eq  # noqa: E402
import equivalence_automobiles as eqa  # noqa: E402
import equivalence_formulagp as eqf  # noqa: E402


def _key(game: str, r: object) -> tuple:
    """A race's key in its golden file: (track, seed) for RF90, the seed for Automobiles and FormulaGP (unique
    there)."""
    get = r.__getitem__ if isinstance(r, dict) else r.__getattribute__
    return (get("track"), get("seed")) if game == "rf90" else (get("seed"),)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--force", action="store_true",
                    help="overwrite an existing golden file (only for a deliberate rule change)")
    ap.add_argument("--check", action="store_true", help="compare every race with the golden file; write nothing")
    ap.add_argument("--game", choices=("rf90", "automobiles", "formulagp"), default="rf90",
                    help="whose golden file (rf90)")
    ap.add_argument("--per-track", type=int, default=None, help=argparse.SUPPRESS)  # RF90: per track; else: races
    ap.add_argument("--out", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    mod = {"rf90": eq, "automobiles": eqa, "formulagp": eqf}[args.game]
    size = args.per_track if args.per_track is not None else eq.FULL_PER_TRACK if mod is eq else mod.FULL
    args.out = args.out or mod.GOLDEN
    specs = mod.race_specs(size)
    if args.check:
        ref = {_key(args.game, r): r for r in mod.load_golden()["races"]}
        bad = 0
        for spec in specs:
            msg = mod.mismatch(spec, ref[_key(args.game, spec)], mod.play(spec))  # type: ignore[arg-type]
            if msg:
                bad += 1
                print(msg, file=sys.stderr)
        print(f"{len(ref)} races in {mod.GOLDEN.name}; {bad} differ")
        return 1 if bad else 0
    if args.out.exists() and not args.force:
        print(f"{args.out} exists: not overwritten. The golden file pins the engine's results; regenerate it with "
              "--force ONLY for a deliberate rule change (say why in the commit), never to make the equivalence "
              "test pass.", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    races = [mod.fingerprint(spec) for spec in specs]  # type: ignore[arg-type]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(mod.dump_golden(races), encoding="utf-8")
    print(f"wrote {args.out} ({len(races)} races, {time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
