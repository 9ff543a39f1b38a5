"""FormulaGP's house-rule switches (racebook/formulagp/options.py): the documentation file in step with the class,
each switch tested both ways, the switches carried by the position notation and refused cleanly when unknown."""

from __future__ import annotations

from dataclasses import fields

import pytest

from racebook.core.errors import DataError, NotationError
from racebook.formulagp import events as ev
from racebook.formulagp.agents import Greedy, play_out
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules, house_rule_docs
from racebook.formulagp.setup import new_race, new_state


def test_every_switch_is_documented_in_order_with_its_default() -> None:
    docs = house_rule_docs()
    assert list(docs) == [f.name for f in fields(Rules)]
    assert all(d.cite.startswith("§") and d.default != d.alternative for d in docs.values())


def _final_round_flag(rules: Rules, seed: int) -> int:
    race = new_race(["A", "B", "C"], seed, rules=rules, qualifying=False)
    play_out(race, {c: Greedy(i) for i, c in enumerate("ABC")})
    flag = 0
    for e in race.events:
        if isinstance(e, ev.RoundStarted):
            flag = e.flag
        if isinstance(e, ev.FinalRound):
            return flag
    raise AssertionError("no final round")


def test_a6_leader_crossing_in_round_24_both_ways() -> None:
    """A6: in seeded race 11 the leader crosses the line during round 24 (the flag on space 24, the final lap's space):
    by the digest's reading that round is the final round; with the switch off the race runs another lap."""
    assert new_state(["A", "B"]).final_lap_at == 24
    assert _final_round_flag(Rules(), 11) == 24
    assert _final_round_flag(Rules(leader_crossing_in_round_24=False), 11) > 24


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
