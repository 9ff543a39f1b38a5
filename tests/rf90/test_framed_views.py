"""Issue 33 item 5: RF90's example views frame the action (the SVG picture, geometrically).

For every step of the worked examples on Silverstone (Ex. 31 at Abbey, Ex. 16 at Stowe), Monza (Ex. 34 at Ascari),
Spa (Ex. X1-1 and X1-2 at Eau Rouge) and notebook 14's Monaco position at Mirabeau, drawn framed as the scenario
player draws them (:func:`racebook.rf90.trackframe.focus_of` on the event and the position before it) at the
notebooks' display width: every label and car token lies in the picture, no two labels overlap, no label covers a car
token, tokens are at least 18 px wide and high once displayed and are never the trajectory marks' shapes, every ring
lies under every car, the step's car is in view, and exactly the sections in view are named.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import racebook
from racebook.core import framing
from racebook.core.geometry import Box, box_at, overlaps
from racebook.rf90 import notation
from racebook.rf90.lessons.extreme_x1 import MONACO_POSITION, monaco_view
from racebook.rf90.trackfile import load_track
from racebook.rf90.trackframe import focus_of, framed_picture
from racebook.rf90.trackpicture import FRAMED_CAR_PX
from racebook.rf90.tracksvg import HEIGHT, LEGEND_PX, WIDTH, frame_of_position, position_svg

NS = "{http://www.w3.org/2000/svg}"
DISPLAY = 980  # the scenario player's width in the notebooks
EXAMPLES = {"silverstone": ("ex31", "ex16"), "monza": ("ex34",), "spa": ("x1_01", "x1_02")}
AREA: Box = (0.0, 0.0, float(WIDTH), float(HEIGHT - LEGEND_PX))


def _steps(sid: str) -> Iterator[tuple[str, Any, Any, Any, Any]]:
    """(name, race, frame, event, before) for every position of a scenario, as the player frames them."""
    race = racebook.load_scenario(sid).race
    events = [e for st in race.steps for e in st.events]
    frames = [race.start_frame, *race.frames]
    assert len(frames) == len(events) + 1
    for p, frame in enumerate(frames):
        before = frames[1] if p == 0 and len(frames) > 1 else frames[p - 1] if p else None
        yield f"{sid}@{p}", race, frame, events[p - 1] if p else None, before


def _cases() -> list[tuple[str, str, Any, Any, Any, Any]]:
    out = []
    for track_id, sids in EXAMPLES.items():
        for sid in sids:
            for name, race, frame, event, before in _steps(sid):
                out.append((track_id, name, race.state.cars, frame, event, before))
    return out


CASES = _cases()


def _boxes(root: ET.Element) -> tuple[list[tuple[str, Box]], list[tuple[str, Box]]]:
    """(label text and box, car token name and box) as drawn, px of the picture."""
    labels = []
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "label":
            t = g.find(f"{NS}text")
            assert t is not None and t.text
            font = float(t.get("font-size", "0"))
            x, y = float(t.get("x", "0")), float(t.get("y", "0")) - font * 0.35
            labels.append((t.text, box_at(x, y, t.text, font)))
    tokens = []
    for r in root.iter(f"{NS}rect"):
        if (r.get("class") or "").startswith("car"):
            x, y, w, h = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            title = r.find(f"{NS}title")
            tokens.append((title.text if title is not None else "", (x, y, x + w, y + h)))
    return labels, tokens


def _check_picture(name: str, svg: str, in_view_car: str | None = None) -> tuple[list[str], list[str]]:
    root = ET.fromstring(svg)
    labels, tokens = _boxes(root)
    shrink = DISPLAY / WIDTH
    assert tokens, f"{name}: no car token drawn"
    for car, (x0, y0, x1, y1) in tokens:
        assert min(x1 - x0, y1 - y0) * shrink >= FRAMED_CAR_PX, f"{name}: {car}'s token is under 18 px"
    seen = [(car, b) for car, b in tokens if b[0] >= AREA[0] and b[2] <= AREA[2] and b[1] >= AREA[1]
            and b[3] <= AREA[3]]
    if in_view_car is not None:
        assert in_view_car in {car for car, _ in seen}, f"{name}: the step's car {in_view_car} is not in view"
    for i, (text, a) in enumerate(labels):
        assert AREA[0] <= a[0] and a[2] <= AREA[2] and AREA[1] <= a[1] and a[3] <= AREA[3], \
            f"{name}: label {text!r} leaves the picture"
        for other, b in labels[i + 1:]:
            assert not overlaps(a, b), f"{name}: labels {text!r} and {other!r} overlap"
        for car, b in seen:
            assert not overlaps(a, b), f"{name}: label {text!r} covers {car}'s token"
    # every ring under every car: the last ring comes before the first car token
    kinds = [(el.get("class") or "") for el in root.iter() if el.tag in (f"{NS}rect", f"{NS}circle")]
    rings = [i for i, k in enumerate(kinds) if k in ("leader", "team")]
    cars = [i for i, k in enumerate(kinds) if k.startswith("car")]
    assert not rings or max(rings) < min(cars), f"{name}: a ring is drawn over a car"
    # trajectory marks: circles and diamonds, smaller than any token; no token is a circle or a polygon
    smallest = min(min(b[2] - b[0], b[3] - b[1]) for _, b in tokens)
    for c in root.iter(f"{NS}circle"):
        if "traj" in (c.get("class") or ""):
            assert 2 * float(c.get("r", "0")) < smallest * 0.7, name
    assert not [c for c in root.iter(f"{NS}circle") if (c.get("class") or "").startswith("car")]
    return [t for t, _ in labels], [c for c, _ in seen]


@pytest.mark.parametrize("case", CASES, ids=[c[1] for c in CASES])
def test_each_example_step_is_framed_readable_and_uncluttered(case: tuple[str, str, Any, Any, Any, Any]) -> None:
    track_id, name, cars, frame, event, before = case
    track = load_track(track_id)
    focus, home = focus_of(track, frame, event, before)
    assert 1 <= len(focus) < len(track.sections), f"{name}: the whole circuit, not a frame"
    svg = position_svg(track, frame, cars, focus=focus, home=home, display_width=DISPLAY)
    car = getattr(event, "car_id", None)
    on_track = {c for items in frame.order.values() for c in items} | set(frame.off_track)
    labels, _seen = _check_picture(name, svg, car if car in on_track else None)
    # exactly the sections in view are named (the framed picture labels nothing it does not show)
    pic = framed_picture(track, WIDTH, HEIGHT - LEGEND_PX, focus, home, DISPLAY)
    names = {s.name for s in track.sections}
    assert {t for t in labels if t in names} == pic.shown, name
    assert pic.shown < names


def test_the_whole_circuit_stays_one_toggle_away() -> None:
    race = racebook.load_scenario("ex31").race
    whole = race.state.track
    root = ET.fromstring(position_svg(whole, racebook.load_scenario("ex31").race.frames[-1], race.state.cars))
    names = {t.text for t in root.iter(f"{NS}text")}
    assert {s.name for s in whole.sections} <= names  # unframed: every section named, as before


def test_monaco_example_view_at_mirabeau() -> None:
    labels, seen = _check_picture("monaco", monaco_view(DISPLAY), "Blue")
    assert {"Blue", "Green", "Red"} <= set(seen)
    assert "Mirabeau" in labels and "Grand-Hotel-brake" in labels
    assert "Rascasse" not in labels and "Tabac" not in labels  # the other end of the circuit is not labelled
    frame = frame_of_position(notation.parse(MONACO_POSITION))
    assert frame.leader == "Blue"


def test_framing_arithmetic() -> None:
    assert framing.arc([0, 1, 9], 10) == (9, 3)  # round the finish line
    assert framing.arc([4], 10) == (4, 1)
    assert framing.run([5], 10, margin=1, least=4) == [4, 5, 6, 7]
    assert framing.run([0, 5], 10, margin=1, most=4, home=[5]) == [4, 5, 6]
    assert sorted(framing.run(range(10), 10, margin=1)) == list(range(10))  # the whole loop, each once
    with pytest.raises(ValueError):
        framing.run([], 10)
    b = framing.frame_bounds((0.0, 1.0, 0.0, 1.0), 200, 100, max_scale=50)
    assert b == (-1.5, 2.5, -0.5, 1.5)  # 4 x 2 units: 50 px a unit, the aspect of the picture
    b = framing.frame_bounds((0.0, 100.0, 0.0, 1.0), 200, 100, min_scale=10, home=(90.0, 0.5))
    assert b[1] - b[0] == pytest.approx(20) and b[0] <= 90 <= b[1]  # cut down round home
    assert framing.widen((0.0, 1.0, 0.0, 1.0), 100, 100, 10) == (-4.5, 5.5, -4.5, 5.5)


@pytest.mark.parametrize("track_id", ["silverstone", "monza", "spa", "monaco"])
def test_a_start_with_cars_far_apart_frames_the_leader(track_id: str) -> None:
    """No event names a car (a start position): the leader's section is framed, not the empty middle of the
    stretch between cars half a circuit apart."""
    track = load_track(track_id)
    s = [x.name for x in track.sections]
    frame = frame_of_position(notation.parse(f"{track_id} turn=1 | {s[-1]}: Blue* Red | {s[len(s) // 2]}: Green"))
    focus, home = focus_of(track, frame)
    assert home == [s[-1]] and s[-1] in focus
    _labels, seen = _check_picture(track_id, position_svg(track, frame, focus=focus, home=home,
                                                          display_width=DISPLAY), "Blue")
    assert {"Blue", "Red"} <= set(seen)


def _mid_race(track_id: str, decisions: int) -> tuple[Any, Any]:
    """A two-player race with the usual robots (the race table's), ``decisions`` decisions in: (its frame, cars)."""
    from racebook.rf90.analysis.drivers import GreedyDriver
    from racebook.rf90.analysis.simulate import robots_for
    from racebook.rf90.game import Race, frame_of
    from racebook.rf90.setup import Driver, new_race

    race = Race(new_race(load_track(track_id), [Driver("Blue"), Driver("Red")], robots_for(2), seed=12).state)
    driver = GreedyDriver(12)
    for _ in range(decisions):
        if race.is_over:
            break
        race.apply(driver.choose(race, race.legal_actions()))
    return frame_of(race.state), race.state.cars


@pytest.mark.parametrize("track_id", ["teaching", "silverstone", "monza", "spa", "monaco"])
@pytest.mark.parametrize("decisions", [0, 60])
def test_the_whole_circuit_draws_readable_tokens(track_id: str, decisions: int) -> None:
    """The whole-circuit mode (the toggle of a framed view, the race table's and the quiz's SVG view, issue 33 item
    5): at the notebooks' display width every car token is at least 18 px once displayed, with its letter, no label
    leaves the picture, overlaps another or covers a token, and every ring lies under every car."""
    frame, cars = _mid_race(track_id, decisions)
    svg = position_svg(load_track(track_id), frame, cars, display_width=DISPLAY)
    root = ET.fromstring(svg)
    letters = {t.text for t in root.iter(f"{NS}text")}
    _labels, seen = _check_picture(f"{track_id} whole@{decisions}", svg)
    assert len(seen) == len(cars) >= 10 and {"B", "R"} <= letters
