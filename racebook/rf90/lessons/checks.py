"""Check tests in notebook 02: what a car may test next, in sentences (§13.D.2). Pure teaching helpers: the tests
are the engine's legal actions and its ``CheckTest`` events.
"""

from __future__ import annotations

from racebook.rf90.actions import Test
from racebook.rf90.events import CheckTest
from racebook.rf90.game import Race


def pending_tests(race: Race, step: int) -> str:
    """After ``step`` actions of ``race``: the tests already resolved (the engine's sentences) and the tests the
    car may resolve next, in any order (§13.D.2), one per line. E.g. Ex. 24 after the play: the ET blind test is
    done, tests 1 and 2 are open."""
    base = race.at(step)
    done = [e.sentence() for e in base.events if isinstance(e, CheckTest)]
    open_tests = sorted({a.test: a for a in base.legal_actions() if isinstance(a, Test)}.items())
    lines = ["Already resolved:"] + [f"  {s}" for s in done] if done else ["No test resolved yet."]
    if not open_tests:
        return "\n".join(lines + ["No test is open."])
    car = open_tests[0][1].car
    which = " and ".join(f"test {n}" for n, _ in open_tests)
    order = ", in any order" if len(open_tests) > 1 else ""
    lines.append(f"Open: {car} may now resolve {which}{order} (§13.D.2).")
    return "\n".join(lines)
