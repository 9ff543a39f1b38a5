"""Rookie BOTs and the end of a move (digest §10.3 step 5, §19.5, §19.7, §19.8.1, §22.13; [BOT 6.9.1]): a BOT's move
ends through the race events' end-of-move hooks every car's move calls (:func:`racebook.formulagp.raceevents.
end_of_move`: Gravel, the Blue Flags, the VSC), from its own move and from its attack on a player; Rookie BOTs are
not affected by Gravel tokens. The readings B3 (which car a Rookie attacks first, ``rookie_attack_order``) and B4 (how
a Rookie loses control, ``rookie_spins``) both ways, on built positions."""

from __future__ import annotations

import pytest

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import raceevents
from racebook.formulagp.bots import attack
from racebook.formulagp.bots import events as bev
from racebook.formulagp.game import Race
from racebook.formulagp.options import GravelRemoval, RookieAttackOrder, Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Car, Phase, RaceState, Turn
from tests.formulagp.rookie_helpers import bot_turn, run_bot
from tests.formulagp.test_losscontrol import GREEN, LOC, RED_ICON, kinds
from tests.formulagp.test_race import at_turn
from tests.formulagp.test_rookie_phases import _battle_with_player, conserved


# ------------------------------------------------------------------ the end-of-move hooks (one place)
def _recording(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = raceevents.end_of_move

    def spy(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
        calls.append(c.id)
        real(s, c, t, log)

    monkeypatch.setattr(raceevents, "end_of_move", spy)
    return calls


def test_a_rookies_move_ends_through_the_race_events_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recording(monkeypatch)
    s = bot_turn(["R", "P"], ["R"], {"R": "T01.2.1", "P": "T33.1.1"}, "TC9")
    log = run_bot(s)
    assert calls == ["R"] and any(isinstance(e, ev.TurnEnded) and e.car == "R" for e in log)


def test_a_rookies_attack_on_a_player_ends_its_move_through_the_same_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recording(monkeypatch)
    race, _ = _battle_with_player(["BC12"], ["1"], ["R4", "G1"])  # Example 30: R attacks P from the Slipstream
    assert calls == [] and race.state.phase is Phase.BATTLE  # the move is not over while the battle waits
    race.apply("P bid R4")
    assert calls == ["R"] and race.state.battle is None


def test_a_rookie_that_laps_a_car_gives_its_blue_flag_at_the_end_of_its_move() -> None:
    """§19.7.1: the Blue Flag is given after the move that puts the leader more than a lap ahead — a BOT's move too
    (before, it waited for the next player's move)."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T33.3.1", "P": "T33.1.1"}, "TC9")
    s.cars["R"].lap, s.cars["P"].lap = 1, 0  # exactly one lap ahead: no flag yet
    log = list(run_bot(s))
    lapped = [e for e in log if isinstance(e, ev.Lapped)]
    assert [e.car for e in lapped] == ["P"] and lapped[0].leader == "R" and s.cars["P"].blue == 1


@pytest.mark.parametrize("removal", list(GravelRemoval))
def test_a_rookie_is_not_affected_by_gravel(removal: GravelRemoval) -> None:
    """[BOT 6.9.1] (§22.13.9): no tyre wear driving through at RED pace, no lost grip and no token taken when it
    stops on one, under either reading of A18."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T01.2.1", "P": "T33.1.1"}, "TC9")
    s.rules = Rules(gravel_removal=removal)
    s.gravel = tuple(range(1, 12))  # every tile the BOT can reach
    wear = s.cars["R"].wear
    log = list(run_bot(s))
    assert s.cars["R"].pos.tile in s.gravel and s.gravel == tuple(range(1, 12))
    assert s.cars["R"].wear == wear and not s.cars["R"].gravel
    assert not any(isinstance(e, ev.GravelHit) and e.car == "R" for e in log)


def test_a_player_driving_the_same_gravel_is_affected() -> None:
    """The contrast (§19.8.1): a player's RED move through the same Gravel tiles takes +1 wear a tile."""
    race = at_turn(new_race(["P", "Q"], 1), "P", {"P": "T01.2.1", "Q": "T33.1.1"}, ["R1"])
    s = race.state
    s.gravel = tuple(range(1, 12))
    race.refresh()
    race.apply("P play R1")
    wear = s.cars["P"].wear
    race.apply("P to T01.2.2")
    race.apply("P to T02.2.1")
    assert s.cars["P"].wear == wear + 1


# ------------------------------------------------------------------ B3: which car a Rookie attacks first
@pytest.mark.parametrize(("order", "first"), [(RookieAttackOrder.ADJACENT, "Q"), (RookieAttackOrder.AHEAD, "P")])
def test_b3_the_car_a_rookie_attacks_first(order: RookieAttackOrder, first: str) -> None:
    """R on the front space of T01's lane 2 with 1 MP left is in position to attack P (its own lane on T02: it
    changes lane first) and Q (the adjacent lane 3 on T02) (§22.10.2 item 1). B3 ``adjacent`` (default): Q first;
    ``ahead``: P first."""
    s = bot_turn(["R", "P", "Q"], ["R"], {"R": "T01.2.2", "P": "T02.2.1", "Q": "T02.3.1"}, "TC9")
    s.rules = Rules(rookie_attack_order=order)
    s.phase, s.bots.left = Phase.MOVE, 1
    s.stacked["white"] = ["1"]  # TC9 attacks on a green face
    log = EventLog(None)
    assert attack.start(s, s.cars["R"], log)  # a battle with a player waits for its cards
    decided = next(e for e in log if isinstance(e, bev.BotAttackDecided))
    assert decided.opponent == first and s.battle is not None and s.battle.defender == first


# ------------------------------------------------------------------ B4: how a Rookie loses control
def _hit_a_rookie(spins: bool) -> tuple[Race, list[object]]:
    """Grey (no Counter-steer card) loses control on the RED die and spins right into the Rookie R beside it: a
    collision (§18.3) in which the car hit loses control."""
    race = at_turn(new_race(["Grey", "R", "Blue"], 3, bots=["R"]), "Grey",
                   {"Grey": "T03.2.2", "R": "T03.3.2", "Blue": "T33.1.1"}, ["G5"])
    s = race.state
    s.rules = Rules(rookie_spins=spins)
    s.cars["Grey"].wear = RED_ICON
    s.phase, s.turn = Phase.MOVE, Turn("Grey")
    s.stacked.update({"red": [LOC], "white": [GREEN, GREEN]})
    race.refresh()
    before = (s.cars["R"].wear, s.cars["R"].stress)
    events = list(race.apply("Grey end"))
    assert (s.cars["R"].wear, s.cars["R"].stress) == before  # a Rookie measures no wear and takes no stress
    return race, events


def test_b4_a_rookie_hit_by_a_car_spins_like_a_car_without_a_counter_steer_card() -> None:
    race, events = _hit_a_rookie(True)
    r = race.state.cars["R"]
    assert ("Grey", "R") in [(e.car, e.other) for e in events if isinstance(e, ev.Collided)]
    assert r.spun or r.off  # the WHITE die's green face: one lane right, off track (T03's lane 4 is a kerb)
    assert not r.damage and r.penalties == 0  # none of a player's effects (§22.13.3, §22.13.8)
    conserved(race)


def test_b4_other_reading_a_rookie_never_loses_control() -> None:
    race, events = _hit_a_rookie(False)
    s, r = race.state, race.state.cars["R"]
    assert ("Grey", "R") in [(e.car, e.other) for e in events if isinstance(e, ev.Collided)]
    assert not r.spun and not r.off and s.track.name_of(r.pos) == "T03.3.2"
    kept = [e for e in events if isinstance(e, ev.LostControl) and e.car == "R"]
    assert len(kept) == 1 and "keeps control (B4)" in kept[0].cause
    assert "Spun" not in [type(e).__name__ for e in events if getattr(e, "car", "") == "R"]
    assert kinds(events).count("Spun") == 0


@pytest.mark.parametrize("spins", [True, False])
def test_b4_a_rookie_pushed_off_track(spins: bool) -> None:
    """Grey changes lane into the Rookie's space on T05 (lane 3): the Rookie is pushed one lane on, off track (lane 4
    is grass, §11.3.1). It resolves going off track before the next driver: with no Counter-steer card it spins off
    (B4 default), or it keeps control and stays off track pointing forward (B4 off); either way it rejoins next round
    and Grey takes the Penalty token."""
    race = at_turn(new_race(["Grey", "R", "Blue"], 3, bots=["R"]), "Grey",
                   {"Grey": "T05.2.1", "R": "T05.3.1", "Blue": "T33.1.1"}, ["G1"])
    s = race.state
    s.rules = Rules(rookie_spins=spins)
    s.stacked["white"] = [GREEN] * 4
    race.refresh()
    race.apply("Grey play G1")
    events = list(race.apply("Grey to T05.3.1"))
    while race.current_car == "Grey" and not s.finished:
        legal = race.legal_actions()
        events += race.apply(next((a for a in legal if type(a).__name__ in ("End", "Stop")), legal[0]))
    r = s.cars["R"]
    assert r.off and r.out_round == 3 and r.spun is spins and s.cars["Grey"].penalties >= 1
    assert ("YellowFlagIncident" in [type(e).__name__ for e in events if getattr(e, "car", "") == "R"]) is spins
    conserved(race)
