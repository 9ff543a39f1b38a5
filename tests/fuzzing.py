"""Shared settings of the fuzz suites (hypothesis): bounded in ``make test``, longer by hand.

    make fuzz                                   # every fuzz test, 50x the examples
    RACEBOOK_FUZZ_SCALE=200 .venv/bin/python -m pytest tests -m fuzz -q

Fuzz tests are marked ``@pytest.mark.fuzz`` and take their settings from :func:`fuzz_settings`.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = max(1, int(os.environ.get("RACEBOOK_FUZZ_SCALE", "1")))


def fuzz_settings(max_examples: int) -> settings:
    """``max_examples`` in ``make test``; times RACEBOOK_FUZZ_SCALE by hand. No deadline (2-core CI)."""
    return settings(max_examples=max_examples * SCALE, deadline=None, derandomize=SCALE == 1,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


# ------------------------------------------------------------------ counting (for the issue-14 report)
import atexit  # noqa: E402
import json  # noqa: E402
from collections import Counter  # noqa: E402

#: (surface, outcome) -> number of inputs tried in this session, e.g. ("track files", "refused").
COUNTS: Counter[tuple[str, str]] = Counter()


def record(surface: str, outcome: str) -> None:
    """Count one fuzz input; with RACEBOOK_FUZZ_COUNTS=FILE the totals are written there as JSON at exit."""
    COUNTS[(surface, outcome)] += 1


def _dump_counts() -> None:
    path = os.environ.get("RACEBOOK_FUZZ_COUNTS")
    if path and COUNTS:
        rows = [{"surface": s, "outcome": o, "inputs": n} for (s, o), n in sorted(COUNTS.items())]
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


atexit.register(_dump_counts)
