"""racebook.rf90.ui.fullrace.RaceTable, headless: set-up validation, legal-only buttons, clicks, save/load, computer.

The widgets are built without a browser; clicks are ``Button.click()`` (what the front end triggers).
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")
pytest.importorskip("pandas")

from racebook.core.errors import RuleUnavailable  # noqa: E402
from racebook.rf90 import events as ev  # noqa: E402
from racebook.rf90.actionlabels import label  # noqa: E402
from racebook.rf90.actions import Action, Play  # noqa: E402
from racebook.rf90.analysis.drivers import GreedyDriver  # noqa: E402
from racebook.rf90.analysis.simulate import ROBOTS_BY_PLAYERS, robots_for  # noqa: E402
from racebook.rf90.car import RobotType, Skill, Strategy  # noqa: E402
from racebook.rf90.game import Race  # noqa: E402
from racebook.rf90.setup import Driver, new_race  # noqa: E402
from racebook.rf90.trackfile import load_track  # noqa: E402
from racebook.rf90.ui.fullrace import RaceTable, dealt_hand, race_tracks, robot_list  # noqa: E402


def offered(t: RaceTable) -> set[str]:
    """Every action the table offers: its buttons and the entries of its menus (their values are Action objects)."""
    out = set(t.action_buttons)
    for dd, _b in t.menus.values():
        assert all(isinstance(v, Action) for _label, v in dd.options)
        out |= {str(v) for _label, v in dd.options}
    return out


def started(players: int = 2, seed: int = 12, track: str = "teaching") -> RaceTable:
    t = RaceTable(track=track, players=players, seed=seed)
    assert t.start() is not None, t.setup_text
    return t


# ------------------------------------------------------------------ set-up
def test_default_robots_follow_the_documented_table_and_can_be_changed() -> None:
    t = RaceTable(players=2)
    assert tuple(w.value for w in t.robot_w) == ROBOTS_BY_PLAYERS[2]
    assert t.robots() == robots_for(2)
    t.players_w.value = 4
    assert tuple(w.value for w in t.robot_w) == ROBOTS_BY_PLAYERS[4]
    assert len(t.practice_box.children) == 1 + 4  # header + one row per player
    t.robot_w[2].value = 3
    assert [r for _, r in t.robots()].count(RobotType.SLOW) == 3
    assert robot_list((0, 0, 2)) == [("Slow1", RobotType.SLOW), ("Slow2", RobotType.SLOW)]


def test_setup_points_error_lands_in_the_output_and_blocks_the_deal() -> None:
    t = RaceTable(players=2)
    f = t.forms[0]
    f.tyres.value, f.cards.value = 12, 7  # 3 + 3 + 2 = 8 points (§6.2)
    assert "✗" in f.points.value and "8 points" in f.points.value
    assert t.deal() == {}
    assert t.stage == "practice"
    assert "Blue: §6.2: setup uses 8 points; the limit is 6" in t.setup_text
    assert t.start() is None and t.race is None
    f.skill.value = "tuning"  # TUNING: up to 8 points, never more than 3 in one (§6.2, Ex. 1)
    assert "✓ 8 points" in f.points.value
    assert set(t.deal()) == {"Blue", "Red"}


def test_what_the_engine_refuses_is_not_offered() -> None:
    """The 10th strategy and SIXTH SENSE (their cards' texts are missing from the book) are not in the menus; the
    engine refuses both, with its rule."""
    form = RaceTable(players=2).forms[0]
    assert "tenth" not in [v for _l, v in form.strategy.options]
    assert "sixth_sense" not in [v for _l, v in form.skill.options]
    assert len(form.strategy.options) == len(Strategy) - 1 and len(form.skill.options) == len(Skill)  # + "none"
    with pytest.raises(RuleUnavailable, match="§26"):
        Strategy.parse("tenth")
    with pytest.raises(RuleUnavailable, match="§27"):
        Skill.parse("sixth_sense")


@pytest.mark.parametrize(("widget", "value", "words"), [
    ("name", "Red", "two cars have this name"),
    ("name", "Big Blue", "one word"),
])
def test_setup_errors_are_said_in_the_output(widget: str, value: str, words: str) -> None:
    t = RaceTable(players=2)
    getattr(t.forms[0], widget).value = value
    assert t.deal() == {}
    assert words in t.setup_text
    assert not t.errors.errors  # a rule error is a message, not a crash


def test_too_many_cars_for_the_grid_is_the_engines_error() -> None:
    t = RaceTable(players=2)
    t.robot_w[0].value = 9  # 2 players + 9 + 1 + 1 robots > 10 grid places on the teaching track
    assert t.deal() == {}
    assert "§7.2" in t.setup_text and "grid places" in t.setup_text


def test_the_dealt_hand_is_shown_and_the_chosen_card_qualifies() -> None:
    t = RaceTable(players=2, seed=12)
    hands = t.deal()
    assert t.stage == "dealt"
    assert [v for _l, v in t.forms[0].qualify.options] == list(range(len(hands["Blue"])))
    assert all(hands["Blue"][i] in label for label, i in t.forms[0].qualify.options)
    t.forms[0].qualify.value = 4
    t.forms[1].qualify.value = 2
    t.forms[0].refuel.value = 10
    rs = t.qualify()
    assert rs is not None and t.stage == "qualified"
    shown = t.qualifying_events(rs)
    assert isinstance(shown[-1], ev.RobotTyres) and "Robots fit" in shown[-1].sentence()
    assert isinstance(shown[-2], ev.InitialWeather) and "Weather card" in shown[-2].sentence()
    assert "Weather card" in t.grid_html.value
    t.forms[0].tyre.value = "soft"  # chosen after the grid and the weather are known (§9.2)
    race = t.start()
    assert race is not None
    cars = t.setup_result.state.cars  # type: ignore[union-attr]
    assert cars["Blue"].target == hands["Blue"][4] and cars["Red"].target == hands["Red"][2]
    assert cars["Blue"].refuel == 10 and cars["Blue"].tyre.value == "soft"
    # the preview's grid and weather are the start's: tyres and strategies do not change them
    assert [e.car for e in rs.grid] == [e.car for e in t.setup_result.grid]  # type: ignore[union-attr]
    assert rs.state.weather == t.setup_result.state.weather  # type: ignore[union-attr]


def test_dealt_hand_matches_the_engine_for_every_index() -> None:
    track = load_track("teaching")
    rs = new_race(track, [Driver("Blue"), Driver("Red")], robots_for(2), seed=5)
    hand = dealt_hand(rs, "Blue")
    assert len(hand) == 6
    for i in range(6):
        again = new_race(track, [Driver("Blue", qualify_card=i), Driver("Red")], robots_for(2), seed=5)
        assert again.state.cars["Blue"].target == hand[i]


def test_substitute_car_redeals_once() -> None:
    t = RaceTable(players=2, seed=3)
    first = t.deal()["Blue"]
    t.forms[0].mulligan.value = True  # §6.3: a new hand, which must be kept
    assert t.stage == "dealt"
    assert t.hands["Blue"] != first
    assert t.forms[0].mulligan.disabled
    assert "Substitute car" in t.setup_text


def test_changing_the_setup_after_dealing_asks_for_a_new_deal() -> None:
    t = RaceTable(players=2)
    t.deal()
    assert t.forms[0].cards.disabled and t.seed_w.disabled  # the hands are dealt: Free Practice is over
    t.seed_w.value = 13  # (from code) the deal no longer matches
    assert t.stage == "practice" and "deal the hands again" in t.setup_text
    t.deal()
    t.reset_b.click()  # "new set-up"
    assert t.stage == "practice" and not t.forms[0].cards.disabled
    t.forms[0].cards.value = 5
    assert len(t.deal()["Blue"]) == 5


# ------------------------------------------------------------------ the race
def test_only_legal_actions_are_offered() -> None:
    t = started()
    for _ in range(25):
        legal = {str(a) for a in t.race.legal_actions()}  # type: ignore[union-attr]
        assert offered(t) == legal
        assert {x for texts in t.offered().values() for x in texts} == legal
        t.computer_step()
    assert not t.errors.errors


def test_offered_table_is_the_buttons_labels() -> None:
    """The table of what is offered: one row per legal action, with the label its button shows and its rule."""
    assert RaceTable(track="teaching", players=2, seed=12).offered_table().empty  # before the start
    t = started()
    for _ in range(10):
        table = t.offered_table()
        legal = t.race.legal_actions()  # type: ignore[union-attr]
        assert list(table["kind"]) == [a.verb for a in legal]
        # a button or a menu entry shows the label, or its part after the words its row's title says
        shown = {b.description for b in t.action_buttons.values()}
        shown |= {label for dd, _b in t.menus.values() for label, _v in dd.options}
        assert all(any(c == s or c.endswith(s) for s in shown) for c in table["choice"]), (table["choice"], shown)
        assert len(t.action_buttons) + sum(len(dd.options) for dd, _b in t.menus.values()) == len(legal)
        assert all(table["rule"].str.startswith("§"))
        t.computer_step()


def test_a_button_click_applies_its_action() -> None:
    t = started()
    race = t.race
    assert race is not None
    text = str(race.legal_actions()[0])
    n = len(race.actions)
    t.action_buttons[text].click()
    assert len(race.actions) == n + 1 and str(race.actions[-1]) == text
    assert t.last and str(t.last[0][0]) == text
    action = race.actions[-1]
    assert t.last_sentences()[0] == f"> {action.car}: {label(action)}" != f"> {text}"  # a label, not action syntax
    # the standings and the view follow the state
    assert set(t.standings()["car"]) == set(race.state.cars)
    assert t.view.frame is not None and t.view.frame.turn == race.state.turn


def test_press_refuses_an_action_that_is_not_offered() -> None:
    t = started()
    with pytest.raises(KeyError, match="not a legal action"):
        t.press("Blue pit 2")


def test_trying_an_illegal_play_explains_the_rule() -> None:
    t = started()
    race = t.race
    assert race is not None
    while race.phase is None or race.phase.name != "PLAY":
        t.computer_step()
    car = race.state.cars[race.current_car]  # type: ignore[index]
    legal = set(race.legal_actions())
    pairs = [(a, b) for i, a in enumerate(car.hand) for b in car.hand[i + 1:]
             if Play(car.id, (a, b)) not in legal]
    assert pairs, "expected an illegal pair in the hand"
    a, b = pairs[0]
    n = len(race.actions)
    ok, why = t.try_action(f"{a} {b}")
    assert not ok and "is not legal" in why and "§" in why
    assert "✗" in t.try_html.value
    assert len(race.actions) == n  # nothing applied
    # clicking the two cards asks the same question
    t.toggles[a].value = True
    t.toggles[b].value = True
    assert "✗" in t.try_html.value and t.try_w.value.split()[1:] == [a, b]
    good = str(race.legal_actions()[0])
    assert t.explain(good) == (True, f"{good} is legal now")
    assert not t.explain(f"{race.current_car} pit 1")[0]
    assert not t.errors.errors


def test_the_computer_drives_a_car_until_a_human_decision() -> None:
    t = started()
    race = t.race
    assert race is not None
    t.set_computer("Red")
    assert t.auto_checks["Red"].value
    for _ in range(30):
        assert race.current_car != "Red" or race.is_over
        t.computer_step()  # Blue's decisions, one at a time; Red's are played on their own
    assert any(a.car == "Red" for a in race.actions[-20:])
    t.set_computer("Red", False)
    n = t.play_until("Red")
    assert race.current_car == "Red" and n >= 0
    assert not t.errors.errors


def test_computer_drives_everybody_to_the_finish() -> None:
    t = started()
    t.set_computer("Blue")
    t.set_computer("Red")
    race = t.race
    assert race is not None and race.is_over
    assert "race is over" in t.status_html.value
    assert t.action_buttons == {}
    assert t.standings().iloc[0]["car"] == race.state.leader


def test_the_table_plays_like_the_greedy_simulation() -> None:
    """The same seed and greedy drivers: the table's race is the simulation's race (nothing added by the UI)."""
    t = started(seed=7)
    race = t.race
    assert race is not None
    track = load_track("teaching")
    rs = new_race(track, [Driver("Blue"), Driver("Red")], robots_for(2), seed=7)
    ref = Race(rs.state)
    drivers = {"Blue": GreedyDriver(7), "Red": GreedyDriver(8)}
    for _ in range(20):
        legal = ref.legal_actions()
        ref.apply(drivers[legal[0].car].choose(ref, legal))
        t.computer_step()
    assert [str(a) for a in race.actions] == [str(a) for a in ref.actions]
    assert race.position() == ref.position()


# ------------------------------------------------------------------ save / load
def test_save_and_load_resume_exactly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    t = started()
    for _ in range(15):
        t.computer_step()
    text = t.save()
    assert t.json_w.value == text
    t2 = RaceTable()
    race = t2.load(text)
    assert race.position() == t.race.position()  # type: ignore[union-attr]
    assert [str(a) for a in race.actions] == [str(a) for a in t.race.actions]  # type: ignore[union-attr]
    assert offered(t2) == offered(t)
    assert set(t2.computer) == {"Blue", "Red"}
    # in the same table, the load says that the position is identical to the saved one
    t.json_w.value = text
    t.load_b.click()
    assert "identical" in t.save_html.value
    # and through a file
    p = tmp_path / "race.json"
    t.save_file(p)
    t3 = RaceTable()
    assert t3.load_file(p).position() == t.race.position()  # type: ignore[union-attr]
    # the loaded race plays on
    t3.computer_step()
    assert len(t3.race.actions) == 16  # type: ignore[union-attr]
    assert not (t.errors.errors or t2.errors.errors or t3.errors.errors)


@pytest.mark.parametrize("track", race_tracks())
def test_every_offered_track_starts(track: str) -> None:
    """Every track the set-up tab offers (its grid holds every default field) starts and plays."""
    t = started(players=3, seed=1, track=track)
    for _ in range(5):
        t.computer_step()
    assert not t.errors.errors
    assert t.view.track.id == track


def test_race_table_without_bqplot_or_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook 12 offline (issue 34 item 4): the SVG track view and HTML tables with the DataFrames' cells."""
    from racebook.rf90.ui.svgview import SvgTrackView
    from racebook.ui.backend import HtmlTable

    desktop = started()
    for _ in range(8):
        desktop.computer_step()
    frames = (desktop.grid_table(), desktop.offered_table(), desktop.standings(), desktop.standings(["car", "lap"]))
    grid_text = desktop.grid_text().replace(desktop.grid_table().to_string(), "")
    monkeypatch.setitem(sys.modules, "bqplot", None)
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = started()
    assert isinstance(t.view, SvgTrackView) and t.view.picture.value.startswith("<svg")
    before = t.view.picture.value
    for _ in range(8):
        t.computer_step()
    assert t.view.picture.value != before and str(t.race.actions[-1]) == str(desktop.race.actions[-1])
    tables = (t.grid_table(), t.offered_table(), t.standings(), t.standings(["car", "lap"]))
    assert all(isinstance(x, HtmlTable) for x in tables)
    for html_table, df in zip(tables, frames, strict=True):
        assert html_table.columns == list(df.columns) and html_table.index == list(df.index)
        assert [[r[c] for c in html_table.columns] for r in html_table.rows] == df.values.tolist()
    assert t.grid_text().replace(t.grid_table().to_string(), "") == grid_text
    with pytest.raises(KeyError, match="no column 'speed'"):
        t.standings(["car", "speed"])
