"""racebook.core.machine: the one phase-table type (issue 39 item 3). The games' machines are tested through their
races (conformance, equivalence); this checks the type itself: dispatch by phase, allows from the listing or the
phase's own check, a missing row refused when the table is built."""

from __future__ import annotations

from enum import Enum

import pytest

from racebook.core.log import EventLog
from racebook.core.machine import PhaseRules, PhaseTable


class P(Enum):
    ODD = "odd"
    EVEN = "even"


def _table(allows: bool = False) -> PhaseTable[P, list[int], int]:
    def legal_odd(s: list[int]) -> list[int]:
        return [1, 3]

    def apply_add(s: list[int], a: int, log: EventLog) -> None:
        s.append(a)

    return PhaseTable(lambda s: P.ODD if len(s) % 2 else P.EVEN, {
        P.ODD: PhaseRules("§1", legal_odd, apply_add, lambda s, a: ("§1", f"{a} is not odd")),
        P.EVEN: PhaseRules("§2", lambda s: [2], apply_add, lambda s, a: ("§2", "only 2"),
                           (lambda s, a: a == 2) if allows else None),
    }, tuple(P))


def test_each_answer_comes_from_the_phase_the_position_is_in() -> None:
    m, s = _table(), [0]
    assert m.rule(s) == "§1" and m.legal(s) == [1, 3] and m.allows(s, 3) and not m.allows(s, 2)
    assert m.explain(s, 2) == ("§1", "2 is not odd")
    m.apply(s, 3, EventLog(None))
    assert s == [0, 3] and m.rule(s) == "§2" and m.legal(s) == [2] and m.explain(s, 5) == ("§2", "only 2")


def test_allows_uses_the_phases_own_check_when_it_has_one() -> None:
    calls = []
    m = _table(allows=True)
    m.table[P.EVEN] = PhaseRules("§2", lambda s: calls.append("listed") or [2], m.table[P.EVEN].apply,
                                 m.table[P.EVEN].explain, lambda s, a: a == 2)
    assert m.allows([], 2) and not m.allows([], 4) and calls == []


def test_a_phase_without_a_row_is_refused_when_the_table_is_built() -> None:
    with pytest.raises(ValueError, match="without a row"):
        PhaseTable(lambda s: P.ODD, {P.ODD: _table().table[P.ODD]}, tuple(P))
