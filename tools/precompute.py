"""Compute the shipped Monte Carlo runs (racebook.rf90.analysis.precomputed.RUNS) and write their CSV files.

Notebook 13 (and presenter mode) shows these results at once instead of playing hundreds of races; its ▶ Run
buttons recompute them live. Each file records its experiment, seeds, this command and the racebook version;
tests/rf90/analysis/test_precomputed.py replays the first seeds of every file and checks they are reproduced.

    .venv/bin/python tools/precompute.py                      # every run (a few minutes)
    .venv/bin/python tools/precompute.py tyres_silverstone    # one run
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="*",
                    help=f"runs to compute (default: all): {', '.join(P.RUNS)}")
    ap.add_argument("--jobs", default="1", help="worker processes (0 or auto: every core); same results")
    args = ap.parse_args(argv)
    unknown = [r for r in args.runs if r not in P.RUNS]
    if unknown:
        ap.error(f"unknown run(s) {', '.join(unknown)}; choose from {', '.join(P.RUNS)}")
    P.DATA_DIR.mkdir(parents=True, exist_ok=True)
    jobs: int | str = int(args.jobs) if args.jobs.isdigit() else args.jobs
    for name in args.runs or list(P.RUNS):
        t0 = time.perf_counter()
        results = P.compute(name, jobs=jobs)
        path = P.DATA_DIR / f"{name}.csv"
        path.write_text(P.dumps(name, results, racebook.__version__), encoding="utf-8")
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path} "
              f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
