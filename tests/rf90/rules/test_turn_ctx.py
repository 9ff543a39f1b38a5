"""The turn context makes its four concern contexts on first use (issue 16, second round): a robot's turn reads
few of them. It still reads, compares, prints and copies as the eager dataclass did."""

from __future__ import annotations

import copy
import pickle

import pytest

from racebook.rf90.turnctx import LateBrakeCtx, Phase, PitCtx, PlayCtx, RouteCtx, TurnCtx

PARTS = {"play": PlayCtx, "pit": PitCtx, "offtrack": RouteCtx, "lb": LateBrakeCtx}


def test_parts_are_made_on_first_use_and_kept() -> None:
    ctx = TurnCtx("C1", reentry=True)
    assert not set(PARTS) & set(vars(ctx))
    play = ctx.play
    assert isinstance(play, PlayCtx) and play == PlayCtx() and ctx.play is play
    assert set(vars(ctx)) & set(PARTS) == {"play"}
    ctx.lb.lb_done = True
    assert ctx.lb.lb_done and ctx.lb is ctx.lb


def test_a_lazy_context_equals_the_eager_one() -> None:
    eager = TurnCtx("C1", Phase.PLAY, PlayCtx(), PitCtx(), RouteCtx(), LateBrakeCtx(), decider="C2")
    lazy = TurnCtx("C1", phase=Phase.PLAY, decider="C2")
    assert lazy == eager and repr(lazy) == repr(eager)
    lazy.play.traj = "T1"
    assert lazy != eager


def test_given_parts_are_kept() -> None:
    play = PlayCtx(cards=("R1",))
    ctx = TurnCtx("C1", play=play)
    assert ctx.play is play


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda c: pickle.loads(pickle.dumps(c))])
def test_copies_carry_what_was_made(copier) -> None:  # type: ignore[no-untyped-def]
    ctx = TurnCtx("C1")
    ctx.play.traj = "T1"
    twin = copier(ctx)
    assert twin == ctx and twin.play is not ctx.play and twin.play.traj == "T1"
    fresh = copier(TurnCtx("C1"))
    assert not set(PARTS) & set(vars(fresh)) and fresh == TurnCtx("C1")  # (comparing makes them)


def test_unknown_attributes_still_raise() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        TurnCtx("C1").nope  # noqa: B018


def test_et_failed_in_reads_the_play_context_without_making_it() -> None:
    ctx = TurnCtx("C1")
    assert not ctx.et_failed_in("S1") and "play" not in vars(ctx)
    ctx.play.traj_failed, ctx.play.traj_failed_in = True, "S1"
    assert ctx.et_failed_in("S1") and not ctx.et_failed_in("S2")
