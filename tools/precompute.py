"""Compute the shipped Monte Carlo runs and write their files to racebook/rf90/data/precomputed/.

Notebook 13's experiments (racebook.rf90.analysis.precomputed.RUNS, CSV) and notebook 16's title odds
(racebook.rf90.championship.oddsfile.SHIPPED, JSON): the notebooks (and presenter mode) show these results at once
instead of playing hundreds of races; their ▶ Run / ▶ sample buttons recompute them live. Each file records its
seeds, this command and the racebook version; tests/rf90/analysis/test_precomputed.py and
tests/rf90/championship/test_oddsfile.py replay the first seeds or samples of every file and check they are
reproduced.

    .venv/bin/python tools/precompute.py                      # every run (several minutes)
    .venv/bin/python tools/precompute.py tyres_silverstone    # one run
    .venv/bin/python tools/precompute.py title_odds_mini      # notebook 16's title odds (1,000 races)
    .venv/bin/python tools/precompute.py --jobs 2             # in 2 worker processes (same results)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import racebook  # noqa: E402
from racebook.rf90.analysis import precomputed as P  # noqa: E402
from racebook.rf90.championship import oddsfile as O  # noqa: E402

NAMES = [*P.RUNS, *O.SHIPPED]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="*",
                    help=f"runs to compute (default: all): {', '.join(NAMES)}")
    ap.add_argument("--jobs", default="1", help="worker processes (0 or auto: every core); same results")
    args = ap.parse_args(argv)
    unknown = [r for r in args.runs if r not in NAMES]
    if unknown:
        ap.error(f"unknown run(s) {', '.join(unknown)}; choose from {', '.join(NAMES)}")
    P.DATA_DIR.mkdir(parents=True, exist_ok=True)
    jobs: int | str = int(args.jobs) if args.jobs.isdigit() else args.jobs
    for name in args.runs or NAMES:
        t0 = time.perf_counter()
        if name in O.SHIPPED:
            path = O.DATA_DIR / f"{name}.json"
            path.write_text(O.dumps(O.compute(name, jobs=jobs, version=racebook.__version__)), encoding="utf-8")
        else:
            results = P.compute(name, jobs=jobs)
            path = P.DATA_DIR / f"{name}.csv"
            path.write_text(P.dumps(name, results, racebook.__version__), encoding="utf-8")
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path} "
              f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
