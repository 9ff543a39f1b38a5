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
