"""FormulaGP's house-rule switches (racebook/formulagp/options.py): the documentation file in step with the class,
each switch tested both ways, the switches carried by the position notation and refused cleanly when unknown."""

from __future__ import annotations

from dataclasses import fields

import pytest

from racebook.core.errors import DataError, NotationError
from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.laps import cross_line
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules, house_rule_docs
from racebook.formulagp.setup import new_state


def test_every_switch_is_documented_in_order_with_its_default() -> None:
    docs = house_rule_docs()
    assert list(docs) == [f.name for f in fields(Rules)]
    assert all(d.cite.startswith("§") and d.default != d.alternative for d in docs.values())


def _crossing(rules: Rules, flag: int, leader_lap: int = 1) -> tuple[bool, list[type]]:
    """The race leader A crosses the line on the final lap with the Chequered Flag on radar space ``flag``."""
    s = new_state(["A", "B"], 1, rules=rules)
    s.flag, s.final_lap = flag, True
    s.cars["A"].lap, s.cars["B"].lap = leader_lap - 1, 0
    log = EventLog(None)
    cross_line(s, s.cars["A"], log)
    return s.final_round, [type(e) for e in log]


def test_a6_leader_crossing_in_round_24_both_ways() -> None:
    """A6: from round 24 (the flag on radar space 24, the final lap's space), the next time the race leader crosses
    the line that round is the final round — by the digest's reading also during round 24 itself; with the switch
    off only a crossing in a later round. A car that is not the leader never starts it."""
    assert new_state(["A", "B"]).final_lap_at == 24
    assert _crossing(Rules(), 24) == (True, [ev.CrossedLine, ev.FinalRound])
    off = Rules(leader_crossing_in_round_24=False)
    assert _crossing(off, 24) == (False, [ev.CrossedLine])
    assert _crossing(off, 25) == (True, [ev.CrossedLine, ev.FinalRound])
    s = new_state(["A", "B"], 1)
    s.flag, s.final_lap = 24, True
    s.cars["B"].lap = 1  # B is a lap ahead: A's crossing is not the leader's
    cross_line(s, s.cars["A"], EventLog(None))
    assert not s.final_round


def test_the_notation_carries_the_changed_switches() -> None:
    s = new_state(["A", "B"], 1, rules=Rules(leader_crossing_in_round_24=False))
    line = format_state(s)
    assert " rules=leader_crossing_in_round_24=0 " in line + " "
    assert parse_position(line).rules == s.rules
    assert " rules=- " in format_state(new_state(["A", "B"], 1)) + " "
    with pytest.raises(NotationError, match="unknown house rule"):
        parse_position(line.replace("rules=leader_crossing_in_round_24=0", "rules=nonsense=1"))
    with pytest.raises(DataError, match="true or false"):
        Rules.from_dict({"leader_crossing_in_round_24": 3})
