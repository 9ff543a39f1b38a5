"""Issue 17: circuit layouts as data (the ``[layout]`` table), one picture for two renderers, readable labels.

* a ``[layout]`` table is checked like the rest of a track file (clean file / field / reason errors);
* on every shipped track, with every shipped scenario's positions, at the default size (1280 × 720): no two
  labels overlap, none covers a car marker, every label found a place, text and markers are at least 14 px;
* the SVG of every shipped scenario's final position is well-formed, from ``_repr_svg_`` and from the CLI.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from racebook.cli import main
from racebook.core.errors import TrackDataError
from racebook.core.geometry import marker_box, overlaps
from racebook.rf90 import notation
from racebook.rf90.game import frame_of
from racebook.rf90.scenario import available, load
from racebook.rf90.track import INVENTED, CircuitLayout
from racebook.rf90.trackfile import available_tracks, load_track, parse_track_text
from racebook.rf90.trackgeom import layout_for
from racebook.rf90.trackpicture import CAR_FONT, CORNER_FONT, SECTION_FONT, TRAJ_FONT, TrackPicture, car_letters
from racebook.rf90.tracksvg import HEIGHT, LEGEND_PX, WIDTH, position_svg

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = (ROOT / "tracks" / "rf90" / "SCHEMA.md").read_text(encoding="utf-8")
MINIMAL = SCHEMA.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
SVG = "{http://www.w3.org/2000/svg}"
SQUARE = "points = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]\n"
SPANS = ('spans = [{ section = "S1", from = 0, to = 0.25 }, { section = "B1", from = 0.25, to = 0.5 }, '
         '{ section = "C1", from = 0.5, to = 0.75 }, { section = "S2", from = 0.75, to = 1 }]\n')


def _with_layout(body: str) -> str:
    return MINIMAL + "\n[layout]\n" + body


def _ok(points: str = SQUARE, band: str = "band = 0.1\n", spans: str = SPANS, extra: str = "") -> str:
    return _with_layout(points + band + spans + extra + f'source = "{INVENTED}"\n')


# ----------------------------------------------------------------- the [layout] table
def test_a_layout_table_is_parsed() -> None:
    t = parse_track_text(_ok(extra="smooth = 1\n"), "square.toml", "square")
    assert t.layout == CircuitLayout(points=((0, 0), (0, 1), (1, 1), (1, 0), (0, 0)), band=0.1, smooth=1,
                                     spans=(("S1", 0.0, 0.25), ("B1", 0.25, 0.5), ("C1", 0.5, 0.75), ("S2", 0.75, 1.0)))
    lay = layout_for(t)
    assert lay.circuit and lay.names == ("S1", "B1", "C1", "S2") and lay.half_band == pytest.approx(0.05)
    assert parse_track_text(MINIMAL, "oval.toml", "oval").layout is None
    assert not layout_for(parse_track_text(MINIMAL, "oval.toml", "oval")).circuit  # today's automatic loop


@pytest.mark.parametrize(("text", "field", "reason"), [
    (_with_layout(SQUARE + "band = 0.1\n" + SPANS), "layout.source", "missing"),
    (_with_layout(SQUARE + "band = 0.1\n" + SPANS + 'source = "manual: Ex. 1"\n'), "layout.source",
     "not a board value"),
    (_ok(extra="shape = 1\n"), "layout.shape", "unknown key"),
    (_ok(points="points = [[0, 0], [0, 1], [1, 1], [1, 0], [0.5, 0]]\n"), "layout.points", "closed loop"),
    (_ok(points="points = [[0, 0], [0, 1], [0, 0]]\n"), "layout.points", "5 to 2000"),
    (_ok(points="points = [[0, 0], [0, 1], [0, 1], [1, 0], [0, 0]]\n"), "layout.points[2]", "repeats"),
    (_ok(points='points = [[0, 0], [0, "1"], [1, 1], [1, 0], [0, 0]]\n'), "layout.points[1]", "[x, y] pair"),
    (_ok(band="band = 0.5\n"), "layout.band", "quarter of the drawing"),
    (_ok(band="band = 0\n"), "layout.band", "above 0"),
    (_ok(extra="smooth = 9\n"), "layout.smooth", "0 to 4"),
    (_ok(spans=SPANS.replace('"S2"', '"Nowhere"')), "layout.spans[3].section", "not a section"),
    (_ok(spans=SPANS.replace('"S2"', '"S1"')), "layout.spans[3].section", "placed twice"),
    (_ok(spans=SPANS.replace('"B1"', '"X"').replace('"C1"', '"B1"').replace('"X"', '"C1"')),
     "layout.spans[1].section", "out of race order"),
    (_ok(spans=SPANS.replace(', { section = "S2", from = 0.75, to = 1 }', "")), "layout.spans", "missing: S2"),
    (_ok(spans=SPANS.replace("from = 0.5", "from = 0.4")), "layout.spans[2].from", "overlaps the span before"),
    (_ok(spans=SPANS.replace("to = 1 }", "to = 1.5 }")), "layout.spans[3].to", "from 0 to 1"),
    (_ok(spans=SPANS.replace("to = 0.25 }", "to = 0 }")), "layout.spans[0].to", "greater than from"),
    (_ok(points="points = [[0, 0], [0, 1], [3, 1], [3, 0.9], [0.2, 0.9], [0.2, 0], [0, 0]]\n",
         band="band = 0.3\n"), "layout.points", "overlaps itself"),
])
def test_bad_layout_tables_are_refused_with_file_field_and_reason(text: str, field: str, reason: str) -> None:
    with pytest.raises(TrackDataError) as e:
        parse_track_text(text, "square.toml", "square")
    assert e.value.field == field and reason in str(e.value), str(e.value)
    assert str(e.value).startswith("square.toml: ") and "\n" not in str(e.value)


# Issue 35 item 8: numbers far out of range in the layout (a coordinate of 1e19 made the overlap sampler take
# length / band samples: it hung and ate memory); checked where the table is read, quickly.
BIG_SQUARE = "points = [[0, 0], [0, {v}], [{v}, {v}], [{v}, 0], [0, 0]]\n"


@pytest.mark.parametrize(("text", "field", "reason"), [
    (_ok(points="points = [[0, 0], [0, 1], [1e19, 1], [1, 0], [0, 0]]\n"), "layout.points[2]", "-10000 to 10000"),
    (_ok(points="points = [[0, 0], [0, 1], [1, -1e300], [1, 0], [0, 0]]\n"), "layout.points[2]", "-10000 to 10000"),
    (_ok(points="points = [[0, 0], [0, 1], [1, 1], [9999999999999999999, 0], [0, 0]]\n"), "layout.points[3]",
     "-10000 to 10000"),
    (_ok(points="points = [[0, 0], [0, 1], [1, nan], [1, 0], [0, 0]]\n"), "layout.points[2]", "finite"),
    (_ok(points="points = [[0, 0], [0, inf], [1, 1], [1, 0], [0, 0]]\n"), "layout.points[1]", "finite"),
    (_ok(points=BIG_SQUARE.format(v=10000), band="band = 0.001\n"), "layout.band", "bands long"),
    (_ok(band="band = 1e-300\n"), "layout.band", "bands long"),
])
def test_huge_coordinates_and_narrow_bands_are_refused_quickly(text: str, field: str, reason: str) -> None:
    import time
    t = time.process_time()
    with pytest.raises(TrackDataError) as e:
        parse_track_text(text, "square.toml", "square")
    assert time.process_time() - t < 1.0
    assert e.value.field.startswith(field) and reason in str(e.value), str(e.value)


def test_a_large_but_sane_drawing_still_loads() -> None:
    t = parse_track_text(_ok(points=BIG_SQUARE.format(v=10000), band="band = 100\n"), "square.toml", "square")
    assert t.layout is not None and t.layout.band == 100


# Issue 35 item 9: a table where the layout expects a list, and other wrong types in layout tables.
@pytest.mark.parametrize(("text", "field"), [
    (_ok(spans="spans = { section = 'S1', from = 0, to = 1 }\n"), "layout.spans"),
    (_with_layout(SQUARE + f"band = 0.1\nsource = '{INVENTED}'\n[layout.spans]\nsection = 'S1'\n"), "layout.spans"),
    (_ok(spans=SPANS.replace('section = "S1"', "section = ['S1']")), "layout.spans[0].section"),
    (_ok(spans=SPANS.replace('section = "S1"', "section = { a = 1 }")), "layout.spans[0].section"),
    (_ok(spans=SPANS.replace('section = "S1"', "section = 5")), "layout.spans[0].section"),
    (_ok(spans=SPANS.replace("from = 0,", "from = [0],")), "layout.spans[0].from"),
    (_ok(spans=SPANS.replace("from = 0,", "from = true,")), "layout.spans[0].from"),
    (_ok(points="points = { x = 1 }\n"), "layout.points"),
    (_ok(points="points = [[0, 0], [0, 1], { x = 1 }, [1, 0], [0, 0]]\n"), "layout.points[2]"),
    (_ok(points="points = [[0, 0], [0, 1], [[1], 1], [1, 0], [0, 0]]\n"), "layout.points[2]"),
    (_ok(band="band = [0.1]\n"), "layout.band"),
    (_ok(band="band = true\n"), "layout.band"),
    (_ok(extra="smooth = [1]\n"), "layout.smooth"),
    (_ok(extra="smooth = true\n"), "layout.smooth"),
    (_ok(extra="sources = [1]\n"), "layout.sources"),
    ("layout = [1, 2]\n" + MINIMAL, "layout"),
    (MINIMAL + "\n[[layout]]\nband = 1\n", "layout"),
])
def test_wrong_types_in_layout_tables_are_refused(text: str, field: str) -> None:
    with pytest.raises(TrackDataError) as e:
        parse_track_text(text, "square.toml", "square")
    assert e.value.field == field, str(e.value)
    assert "\n" not in str(e.value) and len(str(e.value)) < 300, str(e.value)


def test_the_cli_check_covers_the_layout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(_ok(points="points = [[0, 0], [0, 1], [1, 1], [1, 0], [0.5, 0]]\n"), encoding="utf-8")
    assert main(["tracks", "--check", str(bad), "silverstone", "monza"]) == 2
    out = capsys.readouterr()
    assert "layout.points" in out.err and "closed loop" in out.err
    assert "OK silverstone" in out.out and "OK monza" in out.out


def test_the_real_circuits_have_layouts_and_the_teaching_track_stays_a_schematic() -> None:
    for tid in ("silverstone", "monza", "monaco", "spa"):
        t = load_track(tid)
        assert t.layout is not None and t.source_of("layout") == INVENTED
        assert [s for s, _, _ in t.layout.spans] == [s.name for s in t.sections]
    assert load_track("teaching").layout is None and load_track("teaching").view is not None


# ----------------------------------------------------------------- readable at the default size
@functools.cache
def _scenarios_by_track() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for sid in available():
        out.setdefault(load(sid, play=False).race.state.track.id, []).append(sid)
    return out


def _frames(track_id: str) -> list:
    frames = []
    for sid in _scenarios_by_track().get(track_id, []):
        race = load(sid).race
        frames.append((sid, frame_of(race.state), race.state.cars))
        if race.frames:
            frames.append((sid + "@start", race.frames[0], race.state.cars))
    return frames


@pytest.mark.parametrize("track_id", available_tracks())
def test_no_label_overlaps_another_or_covers_a_car_on_every_shipped_track(track_id: str) -> None:
    track = load_track(track_id)
    pic = TrackPicture(track, WIDTH, HEIGHT - LEGEND_PX)
    assert pic.car_px >= 14 and min(SECTION_FONT, CORNER_FONT, CAR_FONT, TRAJ_FONT) >= 14
    assert all(p is not None for _, p in pic.labels), "a section, corner or bonus label found no place"
    frames = [(f"{track_id} (empty)", None, {})] + _frames(track_id)
    assert len(frames) > 1 or track_id not in _scenarios_by_track()
    for name, frame, cars in frames:
        marks = pic.cars(frame, cars) if frame is not None else []
        static, labels = pic.car_labels(marks)
        assert all(p is not None for _, p in static) and all(p is not None for p in labels), name
        boxes = [p.box for _, p in static if p is not None] + [p.box for p in labels if p is not None]
        cars_at = [marker_box(m.px, pic.car_px) for m in marks]
        for i, a in enumerate(boxes):
            assert all(a[0] >= 0 and a[1] >= 0 and a[2] <= WIDTH and a[3] <= HEIGHT - LEGEND_PX for _ in [0]), name
            assert not any(overlaps(a, b) for b in boxes[i + 1:]), f"{name}: two labels overlap"
            assert not any(overlaps(a, c) for c in cars_at), f"{name}: a label covers a car marker"


def test_every_car_marker_carries_a_letter() -> None:
    letters = car_letters(["Blue", "Black", "Red", "Pink", "Purple", "SuperFast1", "Fast2", "Slow"])
    assert letters["Red"] == "R" and letters["SuperFast1"] == "SF1" and letters["Fast2"] == "F2"
    assert letters["Slow"] == "S" and len(set(letters.values())) == len(letters)


# ----------------------------------------------------------------- SVG
def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("width") == str(WIDTH) and root.get("height") == str(HEIGHT)
    return root


@pytest.mark.parametrize("sid", available())
def test_every_shipped_scenario_final_position_is_well_formed_svg(sid: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    race = load(sid).race
    root = _parse(race._repr_svg_())
    sections = root.findall(f".//{SVG}polygon")
    assert len([p for p in sections if "section" in (p.get("class") or "")]) == len(race.state.track.sections)
    texts = {t.text for t in root.iter(SVG + "text")}
    on_track = [c for items in race.state.order.values() for c in items if c in race.state.cars]
    named = {t.split(" ")[0] for t in texts if t}
    assert set(on_track) <= named, sid  # every car named beside its marker (with "-1" when laps down)
    out = tmp_path / f"{sid}.svg"
    assert main(["replay", sid, "--svg", str(out)]) == 0
    capsys.readouterr()
    assert out.read_text(encoding="utf-8") == race._repr_svg_() + "\n"


def test_replay_svg_step_and_its_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "start.svg"
    assert main(["replay", "ex26", "--svg", str(out), "--step", "0"]) == 0
    assert out.read_text(encoding="utf-8") == load("ex26").race.at(0)._repr_svg_() + "\n"
    assert main(["replay", "ex26", "--step", "1"]) == 2
    assert main(["replay", "ex26", "--svg", str(out), "--step", "999"]) == 2
    assert main(["replay", "ex26", "--svg", str(tmp_path / "no" / "such" / "dir.svg")]) == 2
    err = capsys.readouterr().err
    assert "--step needs --svg" in err and "past the last step" in err


def test_a_position_draws_itself_and_text_is_escaped() -> None:
    pos = notation.parse("teaching turn=3 lap=1 weather=50 | G: Red* Blue-1{played} | E: (Y) Green@E.t1")
    root = _parse(pos._repr_svg_())
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "Red" in texts and "Blue -1" in texts and "Y" in texts
    assert root.find(f"{SVG}title").text == str(pos)
    svg = position_svg(load_track("teaching"), None, title="<b>&\"quotes\"</b>")
    assert _parse(svg).find(f"{SVG}title").text == "<b>&\"quotes\"</b>"
