"""racebook.ui, headless: the widgets are built without a browser and their traits are inspected.

The real-browser check (JupyterLab + Debian chromium) lives in tests/browser_check.py and is
collected here; it skips when chromium or playwright is missing.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("bqplot")
pytest.importorskip("pandas")

from browser_check import (  # noqa: E402, F401  (collected here; they skip without chromium)
    test_activation_notebook_in_lab,
    test_every_track_view_in_lab,
    test_example_views_frame_the_action_in_lab,
    test_player_in_browser,
    test_presenter_mode_in_browser,
)

import racebook  # noqa: E402
from racebook.rf90.scenario import build  # noqa: E402
from racebook.rf90.ui import (  # noqa: E402
    LAYOUT_OVERRIDES,
    ErrorLog,
    LayoutSpec,
    ScenarioPlayer,
    Stepper,
    TrackLayout,
    TrackView,
    colours,  # noqa: E402
    events_table,
    layout_for,
    race_table,
    register_layout,
)
from racebook.ui.stepper import COLUMNS  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def race_of(position: str, **cars: dict) -> racebook.Race:
    return build({"scenario": {"id": "t", "track": position.split()[0], "position": position}, "cars": cars})


def index_of(race: racebook.Race, kind: str, **fields: object) -> int:
    """Stepper position (1-based) of the first event of ``kind`` whose fields match."""
    for i, e in enumerate(race.events):
        if e.kind == kind and all(getattr(e, k, None) == v for k, v in fields.items()):
            return i + 1
    raise AssertionError(f"no {kind} {fields} in the log")


def inside(pt: tuple[float, float], xs: list[float], ys: list[float]) -> bool:
    """Even-odd point-in-polygon test."""
    x, y = pt
    hit = False
    n = len(xs)
    for i in range(n):
        x1, y1, x2, y2 = xs[i], ys[i], xs[(i + 1) % n], ys[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# ------------------------------------------------------------------ purity
def test_import_racebook_does_not_import_the_widget_stack() -> None:
    code = ("import json, sys, racebook; racebook.load_scenario('ex26'); "
            "print(json.dumps([m for m in ('ipywidgets', 'bqplot', 'pandas', 'IPython') if m in sys.modules]))")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_racebook_ui_is_reachable_lazily() -> None:
    assert racebook.ui.Stepper is Stepper
    assert racebook.rf90.ui.ScenarioPlayer is ScenarioPlayer


def test_old_ui_names_still_work_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match=r"racebook\.ui\.ScenarioPlayer moved to racebook\.rf90\.ui"):
        assert racebook.ui.ScenarioPlayer is ScenarioPlayer


# ------------------------------------------------------------------ layout
def test_layout_is_deterministic_and_clockwise() -> None:
    track = racebook.load_track("teaching")
    a, b = layout_for(track), layout_for(track)
    for s in track.sections:
        assert a.outline(s.name) == b.outline(s.name)
    # Race direction clockwise: the angle of the section centres decreases along the race order.
    angles = [math.atan2(*reversed(a.at(s.name, 0.5))) for s in track.sections]
    steps = [(angles[i] - angles[(i + 1) % len(angles)]) % (2 * math.pi) for i in range(len(angles))]
    assert all(0 < d < math.pi for d in steps)
    assert sum(steps) == pytest.approx(2 * math.pi)


def test_teaching_track_reads_a_to_i_front_to_back() -> None:
    lay = layout_for(racebook.load_track("teaching"))
    x = {n: lay.at(n, 0.5)[0] for n in "ABCDEFGHI"}
    y = {n: lay.at(n, 0.5)[1] for n in "ABCDEFGHI"}
    # A at the bottom left; B … E left to right along the bottom; F, G on the right end; H, I along the top.
    assert x["A"] < x["B"] < x["C"] < x["D"] < x["E"]
    assert all(y[n] < 0 for n in "BCDE") and all(y[n] > 0 for n in "HI")
    assert x["I"] < x["H"] and x["F"] > x["E"] and x["G"] > x["H"]


def test_front_of_a_section_is_further_along_the_race() -> None:
    lay = layout_for(racebook.load_track("teaching"))
    g = lay.sections["G"]
    def u_of(p: tuple[float, float]) -> float:  # nearest loop fraction inside G
        us = [g.u0 + (g.u1 - g.u0) * i / 200 for i in range(201)]
        return min(us, key=lambda u: math.dist(lay.point(u), p))
    front, back = lay.slot("G", 0, 3), lay.slot("G", 2, 3)
    assert u_of(front) > u_of(back)


def test_layout_override_hook() -> None:
    track = racebook.load_track("silverstone")
    before = LAYOUT_OVERRIDES.get(track.id)
    try:
        register_layout(track.id, LayoutSpec(shape="superellipse", corner=3.0, aspect=1.5, finish=0.25))
        lay = layout_for(track)
        assert isinstance(lay, TrackLayout) and lay.spec.shape == "superellipse"
        x, y = lay.at(track.sections[0].name, 0.0)
        assert x == pytest.approx(0.75 + 0.0, abs=0.02) and y == pytest.approx(0.0, abs=0.05)  # finish at the right
    finally:
        if before is None:
            LAYOUT_OVERRIDES.pop(track.id, None)
        else:
            LAYOUT_OVERRIDES[track.id] = before
    with pytest.raises(ValueError, match="unknown layout shape"):
        TrackLayout(["A", "B"], LayoutSpec(shape="blob"))


# ------------------------------------------------------------------ style
def test_the_shared_style_knows_no_game() -> None:
    """racebook.ui.style is every game's: RF90's colours, markers and robot names live in racebook.rf90.ui.colours."""
    src = (Path(racebook.__file__).parent / "ui" / "style.py").read_text(encoding="utf-8")
    for word in ("robot", "Robot", "SuperFast", "superfast", "SECTION_", "car_style", "§17"):
        assert word not in src


def test_car_colours_and_robot_shapes() -> None:
    assert colours.car_style("Blue").colour == "blue" and colours.car_style("Blue").robot is None
    assert colours.car_style("Pink").colour == "pink"
    assert colours.car_style("SuperFast1").colour == "black" and colours.car_style("SuperFast1").robot == "superfast"
    assert colours.car_style("Fast2").colour == "yellow"
    assert colours.car_style("Slow1").colour == "purple"
    assert colours.car_style("Zed") == colours.car_style("Zed")  # a stable fallback colour


# ------------------------------------------------------------------ stepper
def test_stepper_steps_over_events_and_shows_the_log() -> None:
    race = racebook.load_scenario("ex26").race
    n = len(race.events)
    st = Stepper(race)
    assert st.count == n and st.position == n and st.slider.max == n
    seen = []
    st.on_change(lambda p, e, f: seen.append((p, e, f)))
    st.first()
    assert st.position == 0 and st.event is None and st.frame is race.start_frame
    assert "before the first event" in st.sentence.value
    assert st.b_first.disabled and st.b_prev.disabled and not st.b_next.disabled
    assert len(st.log()) == 0
    sentences = [st.sentence.value]
    for i in range(1, n + 1):
        st.b_next.click()
        assert st.position == i
        assert st.event is race.events[i - 1] and st.frame is race.frames[i - 1]
        assert len(st.log()) == i
        sentences.append(st.sentence.value)
    assert len(set(sentences)) == len(sentences)
    assert st.b_next.disabled and st.b_last.disabled
    st.prev()
    assert st.position == n - 1
    st.slider.value = 3  # the slider drives it too
    assert seen[-1][0] == 3 and seen[-1][1] is race.events[2]
    st.last()
    assert st.position == n
    st.go(10_000)
    assert st.position == n


def _shown(html_text: str) -> str:
    """The words a reader sees: tags (and the tooltips in their attributes) removed."""
    import html as _html
    import re
    return _html.unescape(re.sub(r"<[^>]*>", " ", html_text))


def test_stepper_says_each_decision_in_words_and_keeps_its_syntax_for_the_tooltip() -> None:
    """Issue 19 item 3: the line under the sentence names the decision as a button would ("Blue chose: play R89"),
    never in action syntax or by event class; both stay in the tooltip for the curious."""
    race = racebook.load_scenario("ex34").race
    st = Stepper(race)
    st.first()
    causes = []
    for _ in range(race.events.__len__()):
        st.b_next.click()
        sub = st.sentence.value.split("</div>", 1)[1]
        causes.append(_shown(sub))
        assert type(st.event).__name__ not in _shown(sub)
        step = st.steps[st.position - 1]
        action = race.steps[step].action
        if action is not None:
            assert str(action) not in _shown(sub) and f'title="decision {step}: {action} · event' in sub
    assert any("Blue chose: play R89" in c for c in causes), causes[:8]
    assert any("automatic steps" in c for c in causes)


def test_automobiles_stepper_and_zones_say_decisions_in_words() -> None:
    from racebook.automobiles.ui.player import RacePlayer
    player = RacePlayer("auto_ex01_maintenance_crew")
    player.go(3)
    sub = player.stepper.sentence.value.split("</div>", 1)[1]
    assert "A chose: play a yellow cube for its card, Maintenance Crew" in _shown(sub)
    assert "A play" not in _shown(sub) and "CardPlayed" not in _shown(sub)
    assert player.zones is not None
    assert "zones after A's decision: play a yellow cube for its card, Maintenance Crew" in _shown(
        player.zones.caption.value)
    player.go(1)
    assert "zones after the automatic steps" in _shown(player.zones.caption.value)


def test_log_table_columns_and_last_rows() -> None:
    race = racebook.load_scenario("ex14").race
    df = race_table(race)
    assert list(df.columns) == COLUMNS and len(df) == len(race.events) and df.index[0] == 1
    assert df.loc[3, "kind"] == "SectionActivated" and df.loc[3, "rule"] == race.events[2].citation
    assert not df.loc[3, "sentence"].endswith(race.events[2].citation)  # the rule has its own column
    assert df["turn"].iloc[0] == race.frames[0].turn
    st = Stepper(race, rows=12)
    st.go(30)
    html = st.log_html.value
    assert html.count("<tr") == 13  # the header and the last 12 rows
    assert race.events[29].kind in html and ">18<" not in html and ">19<" in html
    assert list(events_table(race.events[:2]).columns) == COLUMNS


def test_the_log_table_is_built_for_its_visible_rows_only() -> None:
    """Issue 16 item 5: a click builds the table of the visible rows alone; it is the tail of the whole log."""
    race = racebook.load_scenario("ex14").race
    st = Stepper(race, rows=12)
    for p in (0, 1, 11, 12, 13, 30, st.count):
        st.go(p)
        window = st.visible_log()
        assert len(window) == min(p, 12) and window.equals(st.log().tail(12))
        if p:
            assert window.to_html(escape=True, border=0, index_names=False) in st.log_html.value


def test_set_race_positions() -> None:
    race = racebook.load_scenario("ex26").race
    st = Stepper(race)
    st.set_race(race, 0)
    assert st.position == 0
    st.set_race(race, -1)
    assert st.position == st.count
    st.set_race(race, 4)
    assert st.position == 4


# ------------------------------------------------------------------ track view
def test_track_view_moves_marks_without_rebuilding() -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    fig, marks = player.figure, list(player.figure.marks)
    view = player.view
    assert player.stepper.position == 0
    start = view.positions["Blue"]
    assert set(view.m_humans.names) == {"Blue", "Red"}
    x0 = list(view.m_humans.x)
    player.stepper.last()
    assert view.positions["Blue"] != start
    assert list(view.m_humans.x) != x0
    assert player.figure is fig and list(fig.marks) == marks
    assert all(a is b for a, b in zip(fig.marks, marks, strict=True))
    player.stepper.first()
    assert view.positions["Blue"] == start
    assert player.errors.text == ""


def test_cars_in_section_order_front_to_back() -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex26"), position=None)
    view = player.view
    lay = view.layout
    size = view.car_px / view.px_per_unit
    assert player.stepper.frame.order["G"][:2] == ("Red", "Blue")
    assert view.positions["Red"] == lay.slot("G", 0, 2, size)
    assert view.positions["Blue"] == lay.slot("G", 1, 2, size)


def test_section_colours_by_type() -> None:
    track = racebook.load_track("teaching")
    view = TrackView(track)
    for s, edge, fill in zip(track.sections, view.m_sections.colors, view.m_sections.fill_colors, strict=True):
        assert edge == colours.SECTION_EDGE[s.type.value] and fill == colours.SECTION_FILL[s.type.value]
    assert colours.SECTION_EDGE == {"straight": "#8b5a2b", "braking": "#7f7f7f", "corner": "#e6b800"}
    assert list(view.m_section_labels.text) == [s.name for s in track.sections]
    corner_text = " ".join(view.m_corner_labels.text)
    assert "Curve 2 (-2)" in corner_text and "Curve 1 (-1)" in corner_text


def test_leader_ring_lap_badges_and_robots() -> None:
    race = racebook.load_scenario("ex11").race
    player = ScenarioPlayer(race)
    view = player.view
    player.go(0)
    assert len(view.m_lap_badges.text) == 0
    lead = race.start_frame.leader
    assert (view.m_leader.x[0], view.m_leader.y[0]) == view.positions[lead]
    p = index_of(race, "Pass", car="Blue", other="Purple")
    player.go(p)
    assert list(view.m_lap_badges.text) == ["-1"]
    assert (view.m_lap_badges.x[0], view.m_lap_badges.y[0]) == view.positions["Purple"]
    robots = set(view.m_robots.names)
    assert robots == {c for c in race.state.cars if race.state.cars[c].robot is not None} & set(view.positions)
    assert view.m_robots.marker != view.m_humans.marker


def test_active_section_and_leader_subsections_are_highlighted() -> None:
    race = racebook.load_scenario("ex14").race
    player = ScenarioPlayer(race)
    view, lay = player.view, player.view.layout
    p2 = index_of(race, "SectionActivated", label="B2")
    player.go(p2)
    frame = player.stepper.frame
    order = list(frame.order["B"])
    lead = frame.leader
    hx, hy = list(view.m_halo.x), list(view.m_halo.y)
    assert hx and (hx, hy) != lay.outline("B", samples=16)
    assert inside(view.positions[lead], hx, hy)
    for c in order[: order.index(lead)]:  # cars ahead of the leader: not in the leader subsection
        assert not inside(view.positions[c], hx, hy)
    assert "active: B2" in " ".join(view.m_info.text)
    p1 = index_of(race, "SectionActivated", label="B1")
    player.go(p1)
    frame = player.stepper.frame
    hx, hy = list(view.m_halo.x), list(view.m_halo.y)
    order = list(frame.order["B"])
    ahead = order[: order.index(frame.leader)]
    assert ahead and all(inside(view.positions[c], hx, hy) for c in ahead)
    assert not inside(view.positions[frame.leader], hx, hy)
    # A whole section: its full outline.
    pg = index_of(race, "SectionActivated", label="G")
    player.go(pg)
    assert (list(view.m_halo.x), list(view.m_halo.y)) == lay.outline("G", samples=16)


def test_yellow_flag_token() -> None:
    race = race_of("teaching turn=3 | G: Blue* (Y) Red | E: Green")
    player = ScenarioPlayer(race)
    view = player.view
    assert len(view.m_flags.x) == 1 and list(view.m_flag_labels.text) == ["(Y)"]
    lay, size = view.layout, view.car_px / view.px_per_unit
    assert (view.m_flags.x[0], view.m_flags.y[0]) == lay.slot("G", 1, 3, size)
    assert view.positions["Red"] == lay.slot("G", 2, 3, size)


def test_crowded_section_keeps_every_car() -> None:
    race = race_of("teaching turn=3 | C: Blue* Red Green Orange Pink Yellow SuperFast1 Slow1 Fast1")
    view = ScenarioPlayer(race).view
    assert len(view.positions) == 9 and len(set(view.positions.values())) == 9
    assert len(view.m_car_labels.text) == 9


# ------------------------------------------------------------------ player
def test_set_race_and_apply_keep_the_figure() -> None:
    sc = racebook.load_scenario("ex26")
    player = ScenarioPlayer(sc)
    fig = player.figure
    assert "Ex. 26" in player.header.value
    other = racebook.load_scenario("ex11").race
    player.set_race(other)
    assert player.figure is fig and player.race is other and player.stepper.position == len(other.events)
    silver = race_of("silverstone turn=2 | Copse: Blue* Red | Maggotts: SuperFast1")
    player.set_race(silver, 0)
    assert player.figure is fig and len(player.view.m_sections.x) == len(silver.state.track.sections)
    player.set_race(sc.race)
    before = player.stepper.count
    action = sc.race.legal_actions()[-1]
    events = player.apply(action)
    assert events and player.stepper.count == before + len(events) and player.stepper.position == before + 1
    assert player.figure is fig and player.errors.text == ""
    bundle = player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_player_accepts_a_scenario_name() -> None:
    player = ScenarioPlayer("ex26")
    assert player.scenario is not None and player.stepper.count == len(player.race.events)


# ------------------------------------------------------------------ errors
def test_callback_errors_land_in_the_output_widget() -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex26"))

    def broken(position: int, event: object, frame: object) -> None:
        raise RuntimeError(f"boom at {position}")

    player.stepper.on_change(broken)
    player.stepper.b_next.click()  # a button callback
    assert "RuntimeError: boom at 1" in player.errors.text
    assert isinstance(player.errors.errors[-1], RuntimeError)
    player.stepper.slider.value = 2  # a trait observer
    assert "boom at 2" in player.errors.text
    assert player.stepper.position == 2  # the stepper itself kept working
    assert player.errors.clear_button in player.errors.widget.children
    player.errors.clear()
    assert player.errors.text == "" and player.errors.errors == []


def test_error_log_guard_returns_none_and_keeps_a_limit() -> None:
    log = ErrorLog(limit=3)
    bad = log.guard(lambda: 1 / 0)
    for _ in range(5):
        assert bad() is None
    assert len(log.errors) == 3 and len(log.output.outputs) == 3
    assert "ZeroDivisionError" in log.text
    assert log.guard(lambda: 7)() == 7


def test_one_player_for_every_game() -> None:
    """Issue 39 item 5: RF90's and Automobiles' players are the shared ui.player.Player with their board part only;
    the scenario header is written once (escaped; no citation line for a race without one)."""
    from types import SimpleNamespace

    from racebook.automobiles.ui.player import RacePlayer
    from racebook.ui.player import Player, scenario_header
    assert issubclass(ScenarioPlayer, Player) and issubclass(RacePlayer, Player)
    for cls in (ScenarioPlayer, RacePlayer):
        assert "set_race" not in vars(cls) and "apply" not in vars(cls) and "_header_html" not in vars(cls)
    sc = SimpleNamespace(title="A <b>", cite="", assumed=("x & y",))
    text = scenario_header(sc, title_px=22)
    assert "A &lt;b&gt;" in text and "x &amp; y" in text and "font-size:22px" in text and "15px" not in text
    assert scenario_header(None) == ""
    player = RacePlayer("auto_ex01_maintenance_crew", zones=False)  # framed (issue 33 item 5): ▶ under the picture
    kids = player.widget.children
    assert player.zones is None and len(kids) == 8 and kids[1] is player.view.picture_widget
    assert player.whole in kids[2].children and kids[3] is player.stepper.sentence
    assert player.header.value == scenario_header(player.scenario, title_px=22, assumed=False)
    unframed = RacePlayer("auto_ex01_maintenance_crew", zones=False, framed=False)
    assert not unframed.view.framed and not unframed.view.picture.framed  # the old whole-board view
    rf = ScenarioPlayer("ex26")
    assert rf.header.value.startswith('<div style="font-size:24px')
