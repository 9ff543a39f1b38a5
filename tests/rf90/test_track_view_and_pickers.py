"""Track files drive the widgets: the ``[view]`` table (racebook.rf90.viewtable) and the track pickers
(racebook.rf90.ui.tracks) read the files, never a list of ids in code."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.core.errors import TrackDataError
from racebook.rf90.track import INVENTED, ViewLayout
from racebook.rf90.trackfile import available_tracks, clear_cache, load_track, parse_track_text

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = (ROOT / "tracks" / "rf90" / "SCHEMA.md").read_text(encoding="utf-8")
MINIMAL = SCHEMA.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


def _with_view(view: str) -> str:
    return MINIMAL + "\n[view]\n" + view + "\n"


# ----------------------------------------------------------------- the [view] table
def test_view_table_is_parsed_with_its_provenance() -> None:
    t = parse_track_text(_with_view('shape = "superellipse"\ncorner = 4\naspect = 1.6\nweights = { S2 = 2 }\n'
                                    f'source = "{INVENTED}"'), "oval.toml", "oval")
    assert t.view == ViewLayout(shape="superellipse", aspect=1.6, corner=4.0, weights=(("S2", 2.0),))
    assert t.view.given() == {"shape": "superellipse", "aspect": 1.6, "corner": 4.0, "weights": {"S2": 2.0}}
    assert t.source_of("view.aspect") == INVENTED


def test_a_file_without_view_table_has_none() -> None:
    assert parse_track_text(MINIMAL, "oval.toml", "oval").view is None


@pytest.mark.parametrize(("view", "field", "reason"), [
    ("aspect = 2", "view.source", "missing"),
    ('aspect = 2\nsource = "manual: Ex. 1 (§30)"', "view.source", "drawing choice"),
    (f'aspec = 2\nsource = "{INVENTED}"', "view.aspec", "did you mean 'aspect'"),
    (f'shape = "blob"\nsource = "{INVENTED}"', "view.shape", "is not one of"),
    (f'aspect = 0\nsource = "{INVENTED}"', "view.aspect", "from 0.2 to 5"),
    (f'finish = true\nsource = "{INVENTED}"', "view.finish", "must be a number"),
    (f'corner = 0.8\nsource = "{INVENTED}"', "view.corner", "from 0 to 0.5"),  # a rounded_rect's radius
    (f'weights = {{ Nowhere = 2 }}\nsource = "{INVENTED}"', "view.weights.Nowhere", "not a section"),
    (f'weights = {{ S2 = 0 }}\nsource = "{INVENTED}"', "view.weights.S2", "from 0.1 to 20"),
    (f'weights = {{}}\nsource = "{INVENTED}"', "view.weights", "non-empty table"),
])
def test_bad_view_tables_are_refused(view: str, field: str, reason: str) -> None:
    with pytest.raises(TrackDataError) as e:
        parse_track_text(_with_view(view), "oval.toml", "oval")
    assert e.value.field == field and reason in str(e.value)


def test_teaching_view_is_the_former_code_override() -> None:
    """The look that lived in ui/layout.py's LAYOUT_OVERRIDES now comes from teaching.toml: same picture."""
    ui_layout = pytest.importorskip("racebook.rf90.ui.layout")
    spec = ui_layout.spec_for(load_track("teaching"))
    assert spec == ui_layout.LayoutSpec(aspect=2.0, corner=0.34, finish=0.75, band=0.25)
    assert ui_layout.LAYOUT_OVERRIDES == {}  # nothing per track in code
    assert ui_layout.spec_for(load_track("silverstone")) == ui_layout.DEFAULT_SPEC


def test_register_layout_overrides_the_file_for_the_session() -> None:
    ui_layout = pytest.importorskip("racebook.rf90.ui.layout")
    teaching = load_track("teaching")
    mine = ui_layout.LayoutSpec(shape="superellipse", corner=3.0)
    try:
        ui_layout.register_layout("teaching", mine)
        assert ui_layout.layout_for(teaching).spec is mine
    finally:
        ui_layout.LAYOUT_OVERRIDES.pop("teaching", None)
    assert ui_layout.layout_for(teaching).spec.finish == 0.75


# ----------------------------------------------------------------- the pickers
@pytest.fixture
def extra_track(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """SCHEMA.md's minimal file as track ``oval`` on the search path: LB symbol, no trajectories, 2 grid places."""
    (tmp_path / "oval.toml").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "broken.toml").write_text("schema = 1\n", encoding="utf-8")
    monkeypatch.setenv("RACEBOOK_TRACKS", str(tmp_path))
    clear_cache()
    yield "oval"
    monkeypatch.delenv("RACEBOOK_TRACKS")
    clear_cache()


def test_pickers_list_every_track_file() -> None:
    tracks = pytest.importorskip("racebook.rf90.ui.tracks")
    assert tracks.track_ids() == available_tracks()
    assert tracks.track_options() == [(load_track(t).name, t) for t in available_tracks()]


def test_pickers_offer_a_new_file_where_its_data_fits(extra_track: str) -> None:
    tracks = pytest.importorskip("racebook.rf90.ui.tracks")
    fullrace = pytest.importorskip("racebook.rf90.ui.fullrace")
    assert extra_track in available_tracks() and "broken" in available_tracks()
    assert "broken" not in tracks.track_ids()  # a file that does not load is not offered
    assert extra_track in tracks.track_ids(tracks.has_late_braking)
    assert extra_track in tracks.track_ids(tracks.has_turn_indicator)
    assert extra_track not in tracks.track_ids(tracks.has_trajectories)
    assert extra_track not in fullrace.race_tracks()  # its grid holds 2 cars (§7.2)
    assert fullrace.DEFAULT_FIELD == 12  # 6 players + Expansion #1's line-up 2-2-2 (§5.3)
    assert {"teaching", "silverstone", "monza"} <= set(fullrace.race_tracks())


def test_widgets_offer_the_new_file(extra_track: str) -> None:
    planner = pytest.importorskip("racebook.rf90.ui.planner")
    trajectories = pytest.importorskip("racebook.rf90.ui.trajectories")
    lb = pytest.importorskip("racebook.rf90.ui.latebraking")
    assert ("Tiny", extra_track) in planner.FuelPlanner().w_track.options
    assert extra_track not in [v for _label, v in trajectories.TrajectoryPanel().track.options]
    assert extra_track in lb.LateBrakingPanel().tracks
