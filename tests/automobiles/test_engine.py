"""The base-game engine: zones, draws and the refill rule, the pit stop, buying, movement and blocking, race position,
the end of the race, and the state API (legal / explain / apply / clone / at)."""

from __future__ import annotations

import pytest

from racebook.automobiles import zones
from racebook.automobiles.actions import Buy, Pass, Pit, Play, parse
from racebook.automobiles.events import (
    BagRefilled,
    CubeBought,
    CubesDrawn,
    FinishTriggered,
    LapCompleted,
    MoneyCounted,
    PitStop,
    RaceFinished,
    TurnStarted,
)
from racebook.automobiles.game import Race
from racebook.automobiles.scenario import read
from racebook.automobiles.setup import new_state
from racebook.automobiles.state import Phase
from racebook.core.errors import ActionSyntaxError, IllegalAction, SetupError


def scenario(tmp_path, players: str, actions: tuple[str, ...] = (), draws: str = "", extra: str = "") -> Race:
    f = tmp_path / "s.toml"
    acts = ", ".join(f'"{a}"' for a in actions)
    f.write_text(f'[scenario]\nid = "t"\nseed = 3\n{extra}actions = [{acts}]\n{players}\n{draws}')
    return read(f).race()


TWO = """
[[player]]
id = "A"
lane = 1
progress = 12
active = "L1W1X2Y3"
bag = "W2"
discard = "D2"
[[player]]
id = "B"
lane = 2
progress = 30
active = "W2"
bag = "W5"
"""


def test_a_new_race_opens_with_the_grid_the_money_and_the_starting_bags() -> None:
    r = Race(new_state(["Red", "Blue", "Gold"], seed=7))
    order = r.state.order
    assert sorted(order) == ["Blue", "Gold", "Red"]
    assert [r.state.players[p].money for p in order] == [10, 11, 12]  # further back gets more (§4)
    for p in r.state.players.values():
        assert p.bag == {"W": 5, "L": 2, "Y": 5} and not p.active
    assert r.phase is Phase.PRERACE and r.current_car == order[0]
    # pre-race purchases go into the Bag (AMB-4), then everybody draws 7
    r.apply(f"{order[0]} buy D")
    assert r.state.players[order[0]].bag["D"] == 1 and r.state.turn.money == 4
    for p in order:
        r.apply(f"{p} pass")
    assert [sum(r.state.players[p].active.values()) for p in order] == [7, 7, 7]
    assert r.phase is Phase.ACTION and r.current_car == order[0]
    assert isinstance(r.events[-1], TurnStarted)


def test_the_setup_refuses_bad_player_lists() -> None:
    with pytest.raises(SetupError, match="2 to 5 players"):
        new_state(["A"])
    with pytest.raises(SetupError, match="share an id"):
        new_state(["A", "A"])
    with pytest.raises(SetupError, match="letters and digits"):
        new_state(["A", "b c"])


def test_money_buying_and_unspent_money(tmp_path) -> None:
    r = scenario(tmp_path, TWO, ("A play L 1.7", "A pass"))
    (m,) = [e for e in r.events if isinstance(e, MoneyCounted)]
    assert (m.cubes, m.money) == ("W1X2Y3", 1 + 0 + 3 * 2)  # wear is worth $0 (AMB-13)
    legal = r.legal_actions()
    assert Buy("A", "K") not in legal and Buy("A", "D") in legal and Buy("A", "X") not in legal
    assert "costs $9 and $7 is left" in r.explain("A buy K").reason
    r.apply("A buy D")
    assert r.state.players["A"].used == {"D": 1}  # bought cubes go to the Used pile (AMB-3)
    assert isinstance(r.events[-1], CubeBought) and r.state.turn.money == 1
    before = r.state.stock["D"]
    r.apply("A pass")
    assert r.state.stock["D"] == before and r.state.players["A"].owned()["D"] == 3
    assert "unspent $1 is lost" in " ".join(str(e) for e in r.steps[-1].events)


def test_the_pit_stop_removes_the_active_wear_and_skips_to_the_end_phase(tmp_path) -> None:
    r = scenario(tmp_path, TWO)
    stock = r.state.stock["X"]
    ev = r.apply("A pit")
    assert isinstance(ev[0], PitStop) and ev[0].wear == 2
    assert r.state.stock["X"] == stock + 2
    a = r.state.players["A"]
    assert (a.lane, a.progress) == (1, 12)  # no Car phase
    assert "X" not in a.owned() and r.current_car == "B"
    # the pit stop is chosen before any cube is played (§8)
    r2 = scenario(tmp_path, TWO, ("A play X",))
    assert Pit("A") not in r2.legal_actions()
    assert r2.explain("A pit").rule == "§8"


def test_the_refill_rule_and_stacked_draws(tmp_path) -> None:
    r = scenario(tmp_path, TWO, ("A pass", "A pass"), draws='[draws]\nA = ["W", "W", "D", "Y"]')
    drawn = [e for e in r.steps[-1].events if isinstance(e, CubesDrawn)]
    refills = [e for e in r.steps[-1].events if isinstance(e, BagRefilled)]
    assert drawn[0].cubes[:4] == ("W", "W", "D", "Y") and len(drawn[0].cubes) == 7
    assert len(refills) == 1  # the Bag (2 cubes) ran out: the whole Discard pile went back in (§12 item 4)


def test_a_draw_stops_when_bag_and_discard_are_empty(tmp_path) -> None:
    players = TWO.replace('bag = "W2"\ndiscard = "D2"', 'bag = "-"').replace('active = "L1W1X2Y3"', 'active = "L1W1"')
    r = scenario(tmp_path, players, ("A pass", "A pass"))
    (d,) = [e for e in r.steps[-1].events if isinstance(e, CubesDrawn)]
    assert (sorted(d.cubes), d.wanted) == (["L", "W"], 7)  # A owns two cubes: both are drawn, then nothing (§12)
    assert r.state.players["A"].active == {"L": 1, "W": 1} and not r.state.players["A"].discard


def test_gear_cubes_go_to_adjacent_spaces_of_their_colour_and_chain(tmp_path) -> None:
    r = scenario(tmp_path, TWO)
    plays = {str(a) for a in r.legal_actions() if isinstance(a, Play) and a.cube != "Y"}
    assert plays == {"A play L 1.7", "A play X"}  # from row 12 of lane 1: 1.7 (L) and 2.7 (K) are adjacent
    v = r.explain("A play W 1.8")
    assert not v.legal and v.rule == "§7.1, AMB-8" and "not adjacent to the car" in v.reason
    assert "is black" in r.explain("A play L 2.7").reason
    r.apply("A play L 1.7")
    assert {str(a) for a in r.legal_actions() if isinstance(a, Play) and a.cube != "Y"} == {
        "A play W 1.8", "A play W 2.8", "A play X"}
    r.apply("A play W 1.8")
    assert r.state.players["A"].progress == 12  # the car moves only in the Car phase (§6.4)
    r.apply("A pass")
    r.apply("A pass")
    assert r.state.players["A"].progress == 15
    assert [e for e in r.events if type(e).__name__ == "DeclineWear"][0].wear == 2  # darkest: light grey


def test_a_car_blocks_the_front_segment_and_a_full_space(tmp_path) -> None:
    players = TWO.replace("lane = 2\nprogress = 30", "lane = 1\nprogress = 14")
    r = scenario(tmp_path, players, ("A play L 1.7", "A pass", "A pass"))
    assert r.state.players["A"].progress == 13  # as far forward as is available (§7.3)
    players = TWO.replace('active = "L1W1X2Y3"', 'active = "W1"').replace(
        "lane = 2\nprogress = 30", "lane = 1\nprogress = 15").replace("progress = 12", "progress = 14")
    r = scenario(tmp_path, players)
    assert r.explain("A play W 1.8").rule == "§7.3, AMB-11"


def test_race_position_breaks_ties_by_the_inner_lane(tmp_path) -> None:
    players = TWO.replace("lane = 2\nprogress = 30", "lane = 2\nprogress = 12")
    r = scenario(tmp_path, players.replace("lane = 1\nprogress = 12", "lane = 3\nprogress = 12"))
    assert r.standings() == ["B", "A"]


def test_the_race_ends_after_the_round_of_the_finish(tmp_path) -> None:
    players = TWO.replace("progress = 12", "progress = 79").replace('active = "L1W1X2Y3"', 'active = "L1"')
    extra = "laps = 2\n"
    r = scenario(tmp_path, players.replace("lane = 1\nprogress = 79", "lane = 1\nprogress = 79"), (), extra=extra)
    r.apply("A play L 2.1")
    r.apply("A pass")
    ev = r.apply("A pass")
    assert any(isinstance(e, LapCompleted) and e.laps == 2 for e in ev)
    assert any(isinstance(e, FinishTriggered) for e in ev)
    assert not r.is_over and r.current_car == "B"  # B still gets the round's turn (AMB-17)
    r.apply("B pass")
    ev = r.apply("B pass")
    assert r.is_over and isinstance(ev[-1], RaceFinished) and ev[-1].order == ("A", "B")
    assert r.legal_actions() == [] and r.explain("A pass").rule == "§14"


def test_apply_refuses_and_leaves_the_race_unchanged(tmp_path) -> None:
    r = scenario(tmp_path, TWO)
    before = r.position()
    with pytest.raises(IllegalAction, match="it is A's turn"):
        r.apply("B pass")
    with pytest.raises(IllegalAction, match="§6: an action cube is played alone"):
        r.apply("A play Y 1.7")
    with pytest.raises(IllegalAction, match="cubes are bought in the Buy phase"):
        r.apply(Buy("A", "W"))
    with pytest.raises(ActionSyntaxError):
        r.apply("A fly")
    with pytest.raises(ActionSyntaxError):
        r.apply(42)  # type: ignore[arg-type]
    assert r.position() == before and len(r.steps) == 1


def test_clone_and_time_travel(tmp_path) -> None:
    r = scenario(tmp_path, TWO)
    c = r.clone()
    c.apply("A play L 1.7")
    assert r.state.players["A"].active.get("L") == 1 and c.state.players["A"].active.get("L") is None
    r.apply("A play L 1.7")
    r.apply("A pass")
    r.apply("A pass")
    assert r.at(1).position() == c.position()
    assert r.at(3).position() == r.position()


def test_actions_round_trip() -> None:
    for a in (Pit("A"), Pass("Red"), Buy("P2", "K"), Play("A", "W", ("1.3",)), Play("A", "X"),
              Play("A", "B", ("1.3", "2.4", "2.5"))):
        assert parse(str(a)) == a
    assert zones.parse(zones.text({"W": 3, "X": 12})) == {"W": 3, "X": 12}
