"""racebook.core.visibility: sealed rounds (simultaneous hidden decisions) and viewer-filtered views."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racebook.core.errors import IllegalAction
from racebook.core.visibility import (
    TABLE,
    Committed,
    Hidden,
    SealedEntry,
    SealedRound,
    Secret,
    hidden_from,
    log_for,
    masked,
    sees,
)

RULE = "§12.1"
sides_st = st.lists(st.sampled_from(["A", "B", "C", "D", "E", "F"]), min_size=1, max_size=6, unique=True)


@st.composite
def round_and_order(draw: st.DrawFn) -> tuple[list[str], dict[str, int], list[str]]:
    sides = draw(sides_st)
    choices = {s: draw(st.integers(0, 9)) for s in sides}
    order = draw(st.permutations(sides))
    return sides, choices, list(order)


@given(round_and_order(), st.randoms())
def test_any_commit_order_reveals_the_same_result(case: tuple[list[str], dict[str, int], list[str]], rnd) -> None:
    sides, choices, order = case
    other = list(order)
    rnd.shuffle(other)
    results = []
    for commit_order in (order, other):
        r: SealedRound[str, int] = SealedRound()
        r.open(sides, RULE)
        for s in commit_order:
            r.commit(s, choices[s])
        results.append(r.reveal())
    assert results[0] == results[1] == tuple((s, choices[s]) for s in sides)  # the round's order, not commit order


@given(round_and_order())
def test_nothing_is_revealed_early_and_no_viewer_sees_another_sides_choice(
        case: tuple[list[str], dict[str, int], list[str]]) -> None:
    sides, choices, order = case
    r: SealedRound[str, int] = SealedRound()
    r.open(sides, RULE)
    for k, s in enumerate(order):
        assert r.waiting == tuple(x for x in sides if x not in order[:k])
        with pytest.raises(IllegalAction, match="still to commit"):
            r.reveal()
        r.commit(s, choices[s])
        for viewer in [*sides, TABLE, "Z"]:
            seen = r.view(viewer)
            assert set(seen) == set(order[: k + 1])  # only the committed sides, and only that they committed
            for side, what in seen.items():
                if side == viewer:
                    assert what == choices[side]
                else:
                    assert what == Committed(side)
    assert r.ready and r.waiting == ()
    assert dict(r.reveal()) == choices
    assert not r.is_open and r.view("A") == {}


def test_commits_refused_before_open_twice_or_by_an_outsider() -> None:
    r: SealedRound[str, str] = SealedRound()
    with pytest.raises(IllegalAction, match="no sealed round is open"):
        r.commit("A", "x")
    with pytest.raises(IllegalAction, match="no sealed round is open"):
        r.reveal()
    r.open(["A", "B"], RULE)
    with pytest.raises(IllegalAction, match="already open"):
        r.open(["C"], RULE)
    with pytest.raises(IllegalAction, match=r"§12\.1: C is not in this sealed round"):
        r.commit("C", "x")
    r.commit("A", "x")
    with pytest.raises(IllegalAction, match="A has already committed") as e:
        r.commit("A", "y", action="Bid A R01")
    assert e.value.rule == RULE and e.value.action == "Bid A R01"
    assert r.choice("A") == "x"  # the refused commit changed nothing
    r.commit("B", "z")
    assert r.reveal() == (("A", "x"), ("B", "z"))
    with pytest.raises(IllegalAction, match="no sealed round is open"):
        r.commit("A", "x")  # after the reveal the round is closed
    r.open(["B"], RULE)  # a new round may open
    assert r.waiting == ("B",) and r.revealed == (("A", "x"), ("B", "z"))


@pytest.mark.parametrize("sides", [[], ["A", "A"]])
def test_open_refuses_no_side_or_a_side_twice(sides: list[str]) -> None:
    with pytest.raises(IllegalAction):
        SealedRound[str, int]().open(sides, RULE)


def test_copies_are_independent() -> None:
    r: SealedRound[str, tuple[str, ...]] = SealedRound()
    r.open(["A", "B"], RULE)
    r.commit("A", ("R01",))
    for c in (r.copy(), copy.deepcopy(r)):
        c.commit("B", ())
        assert c.ready and not r.ready and r.waiting == ("B",)


hidden = [Hidden("A", "R01", "hand"), Hidden("A", "R02", "face-down bid"), Hidden("B", "R03", "hand")]


def test_hidden_from_each_viewer() -> None:
    assert hidden_from("A", hidden) == {"R03"}
    assert hidden_from("B", hidden) == {"R01", "R02"}
    assert hidden_from(TABLE, hidden) == {"R01", "R02", "R03"}
    assert masked("B", ["R02", "R09"], hidden) == ["?", "R09"]
    assert sees("A", "A") and not sees(TABLE, "A") and not sees("B", "A")


def test_log_for_hides_a_secret_until_its_reveal() -> None:
    log = ["open", "A bids R01", "B bids R03", "reveal"]
    secrets = {1: Secret("A", 3), 2: Secret("B", 3)}

    def secret(i: int, _entry: str) -> Secret | None:
        return secrets.get(i)

    assert log_for("A", log, secret, upto=3) == ["open", "A bids R01", SealedEntry("B")]
    assert log_for(TABLE, log, secret, upto=3) == ["open", SealedEntry("A"), SealedEntry("B")]
    assert log_for(TABLE, log, secret) == log  # the reveal is in the shown part: everything is public
    assert str(SealedEntry("B")) == "B commits a sealed choice"
