"""FormulaGP's track view in a widget (issue 32 item 1, racebook.formulagp.ui.trackview): the bqplot figure is built
once and each step only sets its marks' traits, inside hold_sync; it draws the SVG picture's geometry (the cars'
tokens, the spaces, the texts where the SVG puts them); the whole-circuit toggle; without bqplot (the offline
browser) the stepper draws the SVG picture."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("ipywidgets")

from racebook.formulagp import scenario  # noqa: E402
from racebook.formulagp.picture import LEGEND_PX, PANEL_PX, TOP_PX, race_svg  # noqa: E402
from racebook.formulagp.ui import ExampleStepper, hazards  # noqa: E402
from racebook.formulagp.ui.trackview import HEIGHT, WIDTH, SvgTrackView, TrackView, track_view  # noqa: E402
from racebook.ui import backend  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
EX17 = "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"
EXX3 = "fgp_exx3_two_spins_in_one_round_deploy_the_safety_car"


def _svg(race, whole: bool = False) -> tuple[ET.Element, ET.Element]:
    """The SVG picture, at the notebook size the view is built for, and its main area."""
    root = ET.fromstring(race_svg(race, whole=whole, width=WIDTH, height=HEIGHT, title=""))
    return root, next(e for e in root.iter(f"{NS}svg") if e.get("class") == "main")


def _svg_cars(main: ET.Element) -> dict[str, tuple[float, float]]:
    return {c.get("data-car") or "": (float(c.get("cx") or 0), float(c.get("cy") or 0))
            for c in main.iter(f"{NS}circle") if c.get("class") == "car"}


@pytest.fixture(scope="module")
def bq_view() -> TrackView:
    pytest.importorskip("bqplot")
    return TrackView()


@pytest.mark.parametrize("sid", [EX17, EXX3])
def test_the_figure_is_built_once_and_draws_the_svgs_geometry(bq_view: TrackView, sid: str) -> None:
    race = scenario.load(sid)
    figure, marks, scales = bq_view.figure, list(bq_view.figure.marks), (bq_view.sx, bq_view.sy)
    for n in range(len(race.steps)):
        now = race.at(n)
        for whole in (False, True):
            bq_view.show(now, whole=whole)
            assert bq_view.figure is figure and list(figure.marks) == marks and (bq_view.sx, bq_view.sy) == scales
            # the scales are the picture's main area in px: framed, the key panel beside it; whole, the width
            assert (bq_view.sx.min, bq_view.sx.max) == (0.0, WIDTH if whole else WIDTH - PANEL_PX)
            assert (bq_view.sy.min, bq_view.sy.max) == (TOP_PX, HEIGHT - LEGEND_PX) and bq_view.sy.reverse
            assert (bq_view.panel.layout.display == "none") == whole
            root, main = _svg(now, whole)
            # the cars' tokens where the SVG draws them (px: the figure's scales are the picture's pixels)
            want = _svg_cars(main)
            got = {name.split(" ")[0]: (x, y) for name, x, y in zip(bq_view.m_cars.names, bq_view.m_cars.x,
                                                                   bq_view.m_cars.y, strict=True)}
            assert set(got) == set(want) == set(now.state.cars)
            for car, (x, y) in want.items():
                assert got[car] == pytest.approx((x, y), abs=0.06), car
            # every space the SVG draws, as one filled line of the track mark
            spaces = [p for p in main.iter(f"{NS}polygon") if (p.get("class") or "").startswith("space")]
            kinds = [s.kind for s in bq_view.view.shapes]
            assert kinds.count("space") == len(spaces) > 0
            assert len(bq_view.m_track.x) == kinds.count("space") + kinds.count("off") + kinds.count("feature")
            # the texts of the main area (tile ids, gears, pit and DRS words) as the figure's labels
            in_badges = {id(t) for g in main.iter(f"{NS}g") if g.get("class") == "badge" for t in g.iter(f"{NS}text")}
            texts = [t.text or "" for t in main.iter(f"{NS}text") if id(t) not in in_badges]
            labels = sorted(w for m in bq_view.m_labels for w in m.text)
            key = [t.text or "" for t in root.iter(f"{NS}text") if (t.text or "").startswith("clockwise")]
            assert labels == sorted([t.words for t in bq_view.view.texts] + key)
            assert set(labels) <= set(texts + key)
            assert sorted(bq_view.m_badges.text) == sorted(p.text for p, _lv in bq_view.view.badges)
            badges = sorted(t.text or "" for g in main.iter(f"{NS}g") if g.get("class") == "badge"
                            for t in g.iter(f"{NS}text"))
            assert sorted(bq_view.m_badges.text) == badges
            if whole:  # the key inside the loop: a line a car, as the SVG's
                rows = [t.text or "" for t in root.iter(f"{NS}text") if t.get("class") == "car-line"]
                assert list(bq_view.m_key_rows.text) == rows and len(rows) == len(now.state.cars)
            else:
                assert len(bq_view.m_key_rows.text) == 0


def test_every_update_is_held(bq_view: TrackView) -> None:
    """Each mark's data is set while its syncs are held (one update per step in the browser)."""
    seen: list[bool] = []

    def watch(change: dict) -> None:
        seen.append(bool(getattr(change["owner"], "_holding_sync", False)))

    for m in (bq_view.m_cars, bq_view.m_track, bq_view.m_badges, *bq_view.m_labels):
        m.observe(watch, names=["x", "y"])
    try:
        race = scenario.load(EX17)
        for n in range(len(race.steps)):
            bq_view.show(race.at(n))
    finally:
        for m in (bq_view.m_cars, bq_view.m_track, bq_view.m_badges, *bq_view.m_labels):
            m.unobserve(watch, names=["x", "y"])
    assert seen and all(seen)


def test_the_stepper_steps_on_the_figure_and_toggles_the_whole_circuit() -> None:
    pytest.importorskip("bqplot")
    st = ExampleStepper(EXX3, hazards.EXAMPLES, view="bqplot")
    assert isinstance(st.picture, TrackView) and st.picture.widget in st.widget.children
    figure = st.picture.figure
    n_tiles = len(st.race.state.track.tiles)
    before = list(st.picture.m_cars.x)
    st.b_last.click()
    assert st.picture.figure is figure and list(st.picture.m_cars.x) != before
    assert len(st.picture.view.tiles) < n_tiles
    st.whole_b.value = True
    assert st.picture.view.tiles == list(range(n_tiles)) and st.picture.note.value == ""
    st.b_prev.click()  # stays whole while stepping
    assert st.picture.view.tiles == list(range(n_tiles))
    st.whole_b.value = False
    assert len(st.picture.view.tiles) < n_tiles and "the race runs" in st.picture.note.value
    assert "SAFETY CAR" in st.picture.top.value  # the top line, panel and legend as the SVG's
    assert 'class="panel"' in st.picture.panel.value and 'class="legend"' in st.picture.legend.value
    assert not st.errors.errors


def test_without_bqplot_the_stepper_draws_the_svg_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)  # as in the offline browser
    assert not backend.has_bqplot()
    st = ExampleStepper(view="auto")  # F1's examples
    assert isinstance(st.picture, SvgTrackView) and st.picture.figure is None
    assert backend.SVG_VIEW_CLASS in st.picture.picture._dom_classes
    first = st.picture.value
    assert first.startswith("<svg")
    st.b_next.click()
    st.b_next.click()
    assert st.picture.value.startswith("<svg") and st.picture.value != first
    st.whole_b.value = True
    suffix = st.picture.suffix
    assert st.picture.value.replace(suffix + '"', '"').replace(suffix + ")", ")") == race_svg(
        st.race.at(st.n), whole=True, width=WIDTH, height=HEIGHT, title="")
    assert not st.errors.errors


def test_each_svg_view_has_its_own_pattern_ids() -> None:
    """Two views of one position (the same ids would make a browser fill both from the first, even hidden): each
    view's patterns have ids of their own, and every url(#…) of a picture names a pattern of that picture."""
    race = scenario.load(EX17)
    a, b = SvgTrackView(), SvgTrackView()
    a.show(race)
    b.show(race)
    ids = [set(re.findall(r'<pattern id="([^"]+)"', v.value)) for v in (a, b)]
    assert len(ids[0]) == 2 and not ids[0] & ids[1]
    for v, own in zip((a, b), ids, strict=True):
        assert set(re.findall(r"url\(#([^)]+)\)", v.value)) <= own


def test_the_view_kind_is_checked() -> None:
    assert isinstance(track_view(kind="svg"), SvgTrackView)
    with pytest.raises(ValueError, match="kind 'png' is not"):
        track_view(kind="png")


def test_the_stepper_buttons_and_sentence_carry_the_shared_steppers_classes() -> None:
    """The browser checks (tests/browser_walk.py, tests/lite_check.py) find a stepper's ▶ and sentence by these."""
    st = ExampleStepper(view="svg")
    for b, role in ((st.b_first, "first"), (st.b_prev, "prev"), (st.b_next, "next"), (st.b_last, "last")):
        assert {"rb-step-button", f"rb-step-{role}"} <= set(b._dom_classes)
    assert "rb-sentence" in st.sentence._dom_classes
    assert st.b_next.description == "▶"
