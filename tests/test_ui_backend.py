"""Issue 23: the widgets with ipywidgets alone (the JupyterLite site offline), simulated on the desktop.

The seam is racebook.ui.backend: with bqplot importable the player and the quiz draw the bqplot TrackView and the
log is a DataFrame; with bqplot or pandas hidden (``monkeypatch.setitem(sys.modules, name, None)``, or a fresh
interpreter whose imports of them fail, as in Pyodide) they draw the SVG track view in an HTML widget and plain HTML
tables, and stepping still changes the picture and the sentence.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("ipywidgets")

import racebook  # noqa: E402
from racebook.rf90.ui import ActivationQuiz, ScenarioPlayer, SvgTrackView, events_table, race_table  # noqa: E402
from racebook.ui import backend  # noqa: E402
from racebook.ui.backend import HtmlTable, columns_of, left_aligned_html, pandas_display, table_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def no_bqplot_no_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)  # `import bqplot` raises ImportError
    monkeypatch.setitem(sys.modules, "pandas", None)


def test_backend_sees_the_desktop_stack() -> None:
    pytest.importorskip("bqplot")
    pytest.importorskip("pandas")
    assert backend.has_bqplot() and backend.has_pandas() and backend.mode() == "bqplot"


def test_backend_sees_a_hidden_module(no_bqplot_no_pandas: None) -> None:
    assert not backend.has_bqplot() and not backend.has_pandas() and backend.mode() == "svg"
    assert backend.available("json")


def test_desktop_player_keeps_bqplot_and_dataframes() -> None:
    pytest.importorskip("bqplot")
    pd = pytest.importorskip("pandas")
    from racebook.rf90.ui.trackview import TrackView

    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    assert isinstance(player.view, TrackView) and player.figure is not None
    df = race_table(player.race)
    assert isinstance(df, pd.DataFrame) and isinstance(df.index, pd.RangeIndex) and df.index.name == "#"
    assert list(df.index)[:2] == [1, 2]


def test_player_without_bqplot_or_pandas_draws_svg_and_steps(no_bqplot_no_pandas: None) -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    assert isinstance(player.view, SvgTrackView) and player.figure is None
    svg0 = player.view.picture.value
    assert svg0.startswith("<svg") and svg0.endswith("</svg>")
    assert "rb-trackview-svg" in player.view.picture._dom_classes
    sentences, pictures = [player.stepper.sentence.value], [svg0]
    for _ in range(4):
        player.stepper.b_next.click()
        sentences.append(player.stepper.sentence.value)
        pictures.append(player.view.picture.value)
    assert len(set(sentences)) == 5, "the sentence did not change on every ▶"
    assert pictures[-1] != pictures[0], "the SVG did not change after the ▶ clicks"
    assert player.errors.text == "", player.errors.text
    log = player.stepper.log_html.value
    assert '<table border="0" class="dataframe rb-table">' in log and "<th>sentence</th>" in log
    table = race_table(player.race)
    assert isinstance(table, HtmlTable) and len(table) == player.stepper.count and table.index[0] == 1


def test_player_svg_matches_the_renderer(no_bqplot_no_pandas: None) -> None:
    """The fallback draws exactly what racebook.rf90.tracksvg draws for the same frame."""
    from racebook.rf90.tracksvg import position_svg

    player = ScenarioPlayer(racebook.load_scenario("ex14"), width=800)
    player.go(4)
    race = player.race
    want = position_svg(race.state.track, player.stepper.frame, race.state.cars)  # 1280 × 720, scaled to 800
    assert want.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720"')
    focus, home = player.view.focus  # framed on the step (issue 33 item 5): the renderer's frame of it
    framed = position_svg(race.state.track, player.stepper.frame, race.state.cars, focus=focus, home=home,
                          display_width=800)
    assert player.view.picture.value == framed.replace('width="1280" height="720"', 'width="800" height="450"', 1)
    player.whole.value = True  # the whole circuit: exactly the renderer's picture of it, drawn for 800 px (its car
    got = player.view.picture.value  # tokens at least 18 px once displayed, issue 33 item 5)
    whole = position_svg(race.state.track, player.stepper.frame, race.state.cars, display_width=800)
    assert got == whole.replace('width="1280" height="720"', 'width="800" height="450"', 1)


def test_svg_view_highlights_the_section_an_event_activates(no_bqplot_no_pandas: None) -> None:
    """As the bqplot view: after "E activates" the halo is on E though the frame names no activation yet."""
    player = ScenarioPlayer(racebook.load_scenario("ex11"))
    for p in range(player.stepper.count + 1):
        player.go(p)
        if getattr(player.stepper.event, "kind", "") == "SectionActivated":
            break
    section = player.stepper.event.section
    assert 'class="active"' in player.view.picture.value and player.view.frame.activation.section == section


def test_quiz_without_bqplot(no_bqplot_no_pandas: None) -> None:
    quiz = ActivationQuiz()
    assert isinstance(quiz.view, SvgTrackView)
    assert quiz.view.picture.value.startswith("<svg")


def test_route_chart_says_it_needs_bqplot(no_bqplot_no_pandas: None) -> None:
    player = ScenarioPlayer(racebook.load_scenario("ex26"))
    player.view.show_route("anything")
    assert "bqplot" in player.view.note.value
    player.view.show_route(None)
    assert player.view.note.value == ""


def test_html_table_escapes_and_matches_the_dataframe_cells() -> None:
    t = HtmlTable([{"a": "<b>", "b": None}], ["a", "b"], range(5, 6), "#")
    html = t.to_html(escape=True, border=0, index_names=False)
    assert "&lt;b&gt;" in html and "<th>5</th>" in html and "<td></td>" in html and "<th>#</th>" not in html
    assert t.to_dict() == [{"a": "<b>", "b": None}] and len(t) == 1 and t._repr_html_() == t.to_html()
    with pytest.raises(ValueError):
        HtmlTable([{"a": 1}], ["a"], [1, 2])


def test_events_table_without_pandas_has_the_dataframe_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pandas")
    race = racebook.load_scenario("ex26").race
    events = [e for st in race.steps for e in st.events]
    df = events_table(events, race.frames)
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = events_table(events, race.frames)
    assert isinstance(t, HtmlTable) and t.columns == list(df.columns) and t.index == list(df.index)
    assert [[r[c] for c in t.columns] for r in t.rows] == [
        [None if v != v else v for v in row] for row in df.itertuples(index=False)]


_PYODIDE_LIKE = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"bqplot", "pandas", "numpy"}:
            raise ImportError("not in this browser: " + name)
sys.meta_path.insert(0, Block())
import racebook
from racebook.rf90.ui import ActivationQuiz, ScenarioPlayer
p = ScenarioPlayer(racebook.load_scenario("ex11"))
before = p.view.picture.value
for _ in range(3):
    p.stepper.next()
ActivationQuiz()
print(type(p.view).__name__, before != p.view.picture.value,
      sorted(m for m in sys.modules if m.split(".")[0] in {"bqplot", "pandas", "numpy"}))
"""


def test_player_and_quiz_in_an_interpreter_without_numpy() -> None:
    """As in Pyodide offline: numpy, pandas and bqplot cannot be imported at all, from the first import on."""
    out = subprocess.run([sys.executable, "-c", _PYODIDE_LIKE], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1] == "SvgTrackView True []"


def test_glossary_without_pandas(no_bqplot_no_pandas: None) -> None:
    from racebook.rf90.ui.glossary import GlossaryView

    view = GlossaryView("teste")
    assert isinstance(view.table, HtmlTable) and len(view.table) >= 1
    assert view.table.columns == ["English", "Portuguese (manual)", "notes"] and view.table.index[0] == 1
    assert "teste" in view.text().lower() and "<table" in view.out.value


def test_glossary_table_is_the_same_with_pandas() -> None:
    pd = pytest.importorskip("pandas")
    from racebook.rf90.ui.glossary import GlossaryView

    df = GlossaryView("teste").table
    assert isinstance(df, pd.DataFrame) and isinstance(df.index, pd.RangeIndex) and df.index[0] == 1
    assert list(df.columns) == ["English", "Portuguese (manual)", "notes"]


def test_html_table_to_string() -> None:
    t = HtmlTable([{"a": "x", "b": 10}, {"a": "yy", "b": None}], ["a", "b"], range(1, 3))
    assert t.to_string().splitlines() == ["    a   b", "1   x  10", "2  yy"]


_PYODIDE_LIKE_AUTO = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"bqplot", "pandas", "numpy"}:
            raise ImportError("not in this browser: " + name)
sys.meta_path.insert(0, Block())
from racebook.automobiles.game import Race
from racebook.automobiles.setup import new_state
from racebook.automobiles.ui import BuyPanel, CardSandbox, OddsPanel, RacePlayer, ZonesPanel
race = Race(new_state(3, seed=4))
p = RacePlayer("auto_drafting")
p.stepper.first()
before = p.view.widget.value
p.stepper.last()
odds = OddsPanel(race.state)
ZonesPanel(race.state), BuyPanel(race), CardSandbox()
print(type(p.view).__name__, before != p.view.widget.value, "chance" in odds.figure.value,
      sorted(m for m in sys.modules if m.split(".")[0] in {"bqplot", "pandas", "numpy"}))
"""


def test_automobiles_widgets_in_an_interpreter_without_numpy() -> None:
    """Automobiles' player (SVG board view), odds panel (an HTML table instead of the chart), zones, buy and card
    panels build and step with numpy, pandas and bqplot unimportable, as in Pyodide offline (notebook A1)."""
    out = subprocess.run([sys.executable, "-c", _PYODIDE_LIKE_AUTO], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1] == "SvgBoardView True True []"


# ---------------------------------------------------------------- tables a notebook builds itself (issue 34 item 4)
_KEYS = st.sampled_from(["a", "b", "c", "§", "text"])
_ROWS = st.lists(st.dictionaries(_KEYS, st.one_of(st.integers(-5, 5), st.text(max_size=4)), min_size=1), min_size=1,
                 max_size=5)


@given(_ROWS)
@settings(max_examples=60, deadline=None)
def test_table_of_has_the_columns_pandas_infers(rows: list[dict[str, object]]) -> None:
    pd = pytest.importorskip("pandas")
    df, t = pd.DataFrame(rows), table_of(rows)
    assert columns_of(rows) == list(df.columns) == list(t.columns)
    assert isinstance(t, pd.DataFrame)
    pd.testing.assert_frame_equal(t, df)  # the same cells (NaN where a row lacks a key), the same RangeIndex
    assert list(table_of([]).columns) == list(pd.DataFrame([]).columns) == [] and len(table_of([])) == 0


def test_table_of_without_pandas_has_the_same_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [{"section": "S1", "corner": "Source"}, {"corner": "", "LB symbol": "no", "section": "S2"}]
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = table_of(rows)
    assert isinstance(t, HtmlTable) and t.columns == ["section", "corner", "LB symbol"] and t.index == [0, 1]
    assert t.rows == rows and "<td>Source</td>" in t.to_html() and "<th>1</th>" in t.to_html()
    assert table_of([]).columns == [] and len(table_of([])) == 0


def test_left_aligned_html_has_no_index_and_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [{"card": "Camber & Toe", "§": "§16", "text": "<move>"}, {"card": "Wear", "§": "§6", "text": "x"}]
    html = left_aligned_html(rows, ["card", "§", "text"], "cards")
    assert html.startswith("<style>#cards td { text-align: left; }</style><table id=\"cards\" ")
    assert "<th>card</th><th>§</th><th>text</th></tr>" in html and "<th></th>" not in html
    assert "<tr><td>Camber &amp; Toe</td><td>§16</td><td>&lt;move&gt;</td></tr>" in html
    assert html.count("<tr>") == 3
    monkeypatch.setitem(sys.modules, "pandas", None)
    assert left_aligned_html(rows, ["card", "§", "text"], "cards") == html  # the same markup without pandas
    with pytest.raises(ValueError, match="table_id"):
        left_aligned_html(rows, ["card"], "x;} td {color:red")


def test_pandas_display_sets_options_only_where_pandas_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    pd = pytest.importorskip("pandas")
    with pd.option_context("display.width", 80, "display.max_colwidth", 50):
        pandas_display(width=200, max_colwidth=90)
        assert pd.get_option("display.width") == 200 and pd.get_option("display.max_colwidth") == 90
        monkeypatch.setitem(sys.modules, "pandas", None)
        pandas_display(width=10)  # no pandas: nothing to set, no error
        monkeypatch.undo()
        assert pd.get_option("display.width") == 200


def _cells(t: object) -> tuple[list[object], list[object], list[list[object]]]:
    """(index labels, columns, cells) of a DataFrame or an HtmlTable, to compare the two."""
    if isinstance(t, HtmlTable):
        return t.index, t.columns, [[r.get(c) for c in t.columns] for r in t.rows]
    return list(t.index), list(t.columns), [list(r) for r in t.itertuples(index=False)]  # type: ignore[attr-defined]


def test_multi_level_index_spans_repeated_outer_labels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = backend.table([{"MP": 1}, {"MP": 2}, {"MP": 0}], ["MP"],
                      [("straight", "overtake"), ("straight", "lap"), ("corner", "lap")], ("section", "pass"))
    assert isinstance(t, HtmlTable) and t.levels == 2
    markup = t.to_html()
    assert "<tr><th>section</th><th>pass</th><th>MP</th></tr>" in markup
    assert '<tr><th rowspan="2">straight</th><th>overtake</th><td>1</td></tr><tr><th>lap</th><td>2</td></tr>' in markup
    assert "<tr><th>corner</th><th>lap</th><td>0</td></tr>" in markup
    assert t.to_string().splitlines()[1].split() == ["straight", "overtake", "1"]
    with pytest.raises(ValueError, match="tuples of 2"):
        HtmlTable([{"MP": 1}], ["MP"], ["straight"], ("section", "pass"))


def test_multi_level_index_with_pandas_is_a_multiindex() -> None:
    pd = pytest.importorskip("pandas")
    df = backend.table([{"MP": 1}, {"MP": 2}], ["MP"], [("s", "a"), ("s", "b")], ("section", "pass"))
    assert isinstance(df.index, pd.MultiIndex) and list(df.index.names) == ["section", "pass"]
    assert list(df.index) == [("s", "a"), ("s", "b")] and list(df["MP"]) == [1, 2]


def test_side_by_side_groups_columns_under_each_label(monkeypatch: pytest.MonkeyPatch) -> None:
    pd = pytest.importorskip("pandas")
    rows = {"A": [{"dry": "-1", "rain": "–"}], "B": [{"dry": "–", "rain": "-2"}]}
    df = backend.side_by_side({k: backend.table(v, ["dry", "rain"], ["slick"], "tyre") for k, v in rows.items()})
    assert isinstance(df.columns, pd.MultiIndex)
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = backend.side_by_side({k: backend.table(v, ["dry", "rain"], ["slick"], "tyre") for k, v in rows.items()})
    assert isinstance(t, HtmlTable) and _cells(t) == _cells(df)
    markup = t.to_html()
    assert '<th></th><th colspan="2">A</th><th colspan="2">B</th></tr><tr><th>tyre</th><th>dry</th>' in markup
    with pytest.raises(ValueError, match="same rows"):
        backend.side_by_side({"A": HtmlTable([{}], [], ["x"]), "B": HtmlTable([{}], [], ["y"])})


def test_html_table_classes_are_added_as_in_pandas() -> None:
    assert 'class="dataframe rb-table rb-tyres"' in HtmlTable([{"a": 1}], ["a"]).to_html(classes="rb-tyres")


def test_cost_tables_without_pandas_have_the_dataframe_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebooks 01a, 01b and 09a offline: the §13.E.7 and §16.2 tables are HTML tables with the same cells."""
    pytest.importorskip("pandas")
    from racebook.rf90.options import Rules
    from racebook.rf90.ui import costs

    def built() -> list[object]:
        variants = {"on": Rules(last_turn_easy_passing=True), "off": Rules(last_turn_easy_passing=False)}
        race = racebook.load_scenario("ex26").race
        return [costs.cost_frame(), costs.cost_frame("fast", show="rule"), costs.base_frame(measured_on=False),
                costs.tyre_frame(), costs.cost_column_frame("last turn", variants), costs.steps_frame(race, "Blue")]

    frames = built()
    monkeypatch.setitem(sys.modules, "pandas", None)
    tables = built()
    assert all(isinstance(t, HtmlTable) for t in tables)
    assert [_cells(t) for t in tables] == [_cells(f) for f in frames]
    assert "rb-tyres" in costs.TyrePenaltyPanel().table.value


def test_html_table_to_string_without_index_or_header() -> None:
    """As pandas' to_string(index=False) / to_string(header=False) (notebooks 09a and 09b print them)."""
    t = HtmlTable([{"a": "x", 1: 10}, {"a": "yy", 1: None}], ["a", 1], ["r1", "r2"])
    assert t.to_string(index=False).splitlines() == [" a   1", " x  10", "yy"]
    assert t.to_string(header=False).splitlines() == ["r1   x  10", "r2  yy"]
    assert HtmlTable([], []).to_string(index=False, header=False) == ""


def test_table_of_with_an_index_is_set_index(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [{"pos": "1", "driver": "Ann", "points": 9}, {"pos": "2", "driver": "Ben", "team": "X", "points": 6}]
    pd = pytest.importorskip("pandas")
    pd.testing.assert_frame_equal(table_of(rows, index="pos"), pd.DataFrame(rows).set_index("pos"))
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = table_of(rows, index="pos")
    assert isinstance(t, HtmlTable) and t.index == ["1", "2"] and t.index_name == "pos"
    assert t.columns == ["driver", "points", "team"] and t.rows[0] == {"driver": "Ann", "points": 9}
    with pytest.raises(KeyError, match="row 1 has no 'pos'"):
        table_of([{"pos": 1}, {"driver": "Ann"}], index="pos")


def test_table_of_columns_is_a_dataframe_of_a_dict_of_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``pandas.DataFrame({column: {row: value}})`` gives (the fuel planner's comparison, 08's tyre tables):
    one column per outer key, rows in the order first seen, a missing cell empty; the same cells without pandas."""
    from racebook.ui.backend import table_of_columns

    columns = {"dry": {"Soft": "–", "Rain": "-1"}, "rain": {"Soft": "-1", "Hard": "-1", "Rain": "–"}}
    pd = pytest.importorskip("pandas")
    pd.testing.assert_frame_equal(table_of_columns(columns), pd.DataFrame(columns))
    monkeypatch.setitem(sys.modules, "pandas", None)
    t = table_of_columns(columns, index_name="tyre")
    assert isinstance(t, HtmlTable) and t.columns == ["dry", "rain"] and t.index == ["Soft", "Rain", "Hard"]
    assert t.rows == [{"dry": "–", "rain": "-1"}, {"dry": "-1", "rain": "–"}, {"rain": "-1"}]
    assert "<th>tyre</th>" in t.to_html() and "<tr><th>Hard</th><td></td><td>-1</td></tr>" in t.to_html()
    assert len(table_of_columns({})) == 0
