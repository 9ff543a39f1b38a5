"""Actions: ``str(action)`` and ``actiontext.parse`` round-trip for every action type (racebook.rf90.actions).

Phases: §13.A (start, skip, pit), §13.A.3 pit procedure, §13.C play, §13.D.1 pay/discard, §13.D.2 test,
§13.D.4 flags and weather, §20 Leader check, §13.F.1 late braking, §13.F.2 occupy, §12 duels.
"""

from __future__ import annotations

from typing import Any

import pytest

from racebook.core.errors import ActionSyntaxError, RuleUnavailable
from racebook.rf90 import actions as A
from racebook.rf90.actiontext import parse
from racebook.rf90.car import Strategy

# (verb, keyword arguments, expected text after the car id)
EXAMPLES: list[tuple[str, dict[str, Any], str]] = [
    ("start", {}, "start"),
    ("skip", {}, "skip"),
    ("skip", {"strategy": Strategy.BANGING_WHEELS}, "skip strategy=banging_wheels"),
    ("pit", {}, "pit 0"),
    ("pit", {"extra": 2}, "pit 2"),
    ("pit-discard", {"card": "R05"}, "pit-discard R05"),
    ("pit-done", {}, "pit-done"),
    ("pit-tyres", {}, "pit-tyres keep"),
    ("pit-tyres", {"tyre": "soft"}, "pit-tyres soft"),
    ("pit-strategy", {}, "pit-strategy keep"),
    ("pit-strategy", {"strategy": Strategy.SAVE_TYRES}, "pit-strategy save_tyres"),
    ("play", {}, "play"),
    ("play", {"cards": ("R13",)}, "play R13"),
    ("play", {"cards": ("R13", "R45"), "trajectory": True, "blue": True}, "play R13 R45 +traj +blue"),
    ("play", {"cards": ("T02",), "minus_one": 2}, "play T02 minus1=2"),
    ("play", {"cards": ("R01", "T02"), "trajectory": True, "minus_one": 1}, "play R01 T02 +traj minus1=1"),
    ("pay", {"chips": 2}, "pay chips=2"),
    ("pay", {"chips": 1, "cards": ("R01", "R02")}, "pay chips=1 cards=R01,R02"),
    ("discard", {"cards": ("R01",)}, "discard R01"),
    ("discard", {"cards": ("R01", "T03")}, "discard R01,T03"),
    ("discard", {}, "discard"),
    ("test", {}, "test 1 blind"),
    ("test", {"test": 2, "using": "R42"}, "test 2 R42"),
    ("leader-check", {}, "leader-check blind"),
    ("leader-check", {"using": "R07"}, "leader-check R07"),
    ("weather", {}, "weather 0"),
    ("weather", {"step": 1}, "weather +1"),
    ("weather", {"step": -1}, "weather -1"),
    ("yellow-flag", {"section": "G", "behind": 0}, "yellow-flag G 0"),
    ("yellow-flag", {"section": "Stowe", "behind": 2}, "yellow-flag Stowe 2"),
    ("green-flag", {"section": "G"}, "green-flag G"),
    ("take-flag", {}, "take-flag blue"),
    ("take-flag", {"flag": "orange"}, "take-flag orange"),
    ("no-flag", {}, "no-flag"),
    ("occupy", {}, "occupy none"),
    ("occupy", {"trajectory": "F.t1"}, "occupy F.t1"),
    ("occupy", {"trajectory": "Hangar-2.t1"}, "occupy Hangar-2.t1"),
    ("late-brake", {}, "late-brake"),
    ("late-brake", {"card": "T03"}, "late-brake T03"),
    ("no-late-brake", {}, "no-late-brake"),
    ("extreme", {}, "extreme"),
    ("extreme", {"card": "S03"}, "extreme S03"),
    ("extreme", {"card": "flat"}, "extreme flat"),
    ("challenge", {}, "challenge"),
    ("no-challenge", {}, "no-challenge"),
    ("join", {}, "join"),
    ("decline", {}, "decline"),
    ("bid", {}, "bid none"),
    ("bid", {"cards": ("R14", "R25")}, "bid R14 R25"),
    ("versatility", {"strategy": Strategy.HAZARD}, "versatility hazard"),
    ("wise-driving", {}, "wise-driving none"),
    ("wise-driving", {"cards": ("R42", "R07")}, "wise-driving R07,R42"),
    ("chase", {"target": "Red"}, "chase Red"),
    ("take", {"card": "R22"}, "take R22"),
    ("stay-out", {}, "stay-out"),
    ("play", {"cards": ("R42",), "trajectory": True, "et": "flat"}, "play R42 +traj et=flat"),
    ("play", {"cards": ("R42",), "trajectory": True, "et": "T04"}, "play R42 +traj et=T04"),
    ("draw", {}, "draw"),
    ("draw", {"discard": "R42"}, "draw R42"),
    ("force", {"robot": "Fast1", "what": "lb"}, "force Fast1 lb"),
    ("force", {"robot": "Fast1", "what": "D.et1"}, "force Fast1 D.et1"),
    ("no-force", {}, "no-force"),
    ("stay-out", {}, "stay-out"),
    ("versatility", {"strategy": Strategy.PUSH}, "versatility push"),
    ("wise-driving", {"cards": ("R22", "R05")}, "wise-driving R05,R22"),
    ("wise-driving", {}, "wise-driving none"),
    ("chase", {"target": "Red"}, "chase Red"),
    ("stay-out", {}, "stay-out"),
    ("play", {"cards": ("R42",), "trajectory": True, "et": "flat"}, "play R42 +traj et=flat"),
    ("play", {"cards": ("R42",), "trajectory": True, "et": "T04"}, "play R42 +traj et=T04"),
    ("play", {"cards": ("R13",), "trajectory": True, "et": "flat"}, "play R13 +traj et=flat"),
    ("play", {"cards": ("R13",), "trajectory": True, "et": "T04"}, "play R13 +traj et=T04"),
    ("assist", {"robot": "Pink", "card": "R10", "what": "mp"}, "assist Pink R10 mp"),
    ("assist", {"robot": "Pink", "card": "R15", "what": "yellow-flag", "arg": "Rivage@0"},
     "assist Pink R15 yellow-flag=Rivage@0"),
    ("no-assist", {}, "no-assist"),
]


def _make(verb: str, kw: dict[str, Any], car: str = "Blue") -> A.Action:
    return A._VERBS[verb](car, **kw)


@pytest.mark.parametrize(("verb", "kw", "text"), EXAMPLES, ids=[f"{v}:{t}" for v, _, t in EXAMPLES])
def test_str_and_parse_round_trip(verb: str, kw: dict[str, Any], text: str) -> None:
    action = _make(verb, kw)
    assert action.verb == verb
    assert str(action) == f"Blue {text}"
    assert parse(str(action)) == action
    assert type(parse(str(action))) is type(action)


def test_every_action_type_has_a_round_trip_example() -> None:
    """Every registered verb is covered above (a new action type needs its example here)."""
    covered = {v for v, _, _ in EXAMPLES}
    missing = sorted(set(A._VERBS) - covered)
    # a verb added later is still checked with its default arguments
    for verb in missing:
        action = A._VERBS[verb]("Blue")
        assert parse(str(action)) == action, verb
    assert covered <= set(A._VERBS)


def test_verbs_are_unique_per_class() -> None:
    assert len(A._VERBS_BY_CLASS) == len(A._VERBS)


def test_parse_tolerates_extra_whitespace() -> None:
    assert parse("  Blue   play  R13   R45 +traj ") == A.Play("Blue", ("R13", "R45"), trajectory=True)


def test_car_ids_are_kept() -> None:
    assert parse("SuperFast1 no-challenge").car == "SuperFast1"
    assert parse("Hangar_Bot leader-check blind") == A.LeaderCheck("Hangar_Bot")


def test_actions_are_hashable_values() -> None:
    a, b = A.Play("Blue", ("R13", "R45")), parse("Blue play R13 R45")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


@pytest.mark.parametrize("text", ["Blue", "Blue fly", "", "play R13"])
def test_parse_rejects_unknown_verbs(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert e.value.rule == "actions"
    assert repr(text) in str(e.value)


@pytest.mark.parametrize("text", ["Blue test x", "Blue pay chips=two", "Blue pay coins=2", "Blue skip turbo=1",
                                  "Blue skip strategy=warp", "Blue weather up", "Blue green-flag",
                                  "Blue pit-discard", "Blue yellow-flag G behind"])
def test_parse_rejects_bad_arguments(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as e:
        parse(text)
    assert e.value.rule == "actions" and repr(text) in str(e.value)


def test_the_tenth_strategy_is_not_in_source() -> None:
    """§26 / AMB-7: the 10th strategy cannot be named."""
    with pytest.raises(RuleUnavailable):
        parse("Blue skip strategy=tenth")
