"""What the widgets draw with (issue 23): the one place that asks "is bqplot here? is pandas here?".

On the desktop (``pip install 'racebook[ui]'``) the track view is a bqplot figure and the tables are pandas
DataFrames. In a browser without them (the JupyterLite site offline: Pyodide's numpy and pandas are not bundled) the
views fall back to the SVG track view (:mod:`racebook.rf90.tracksvg`) in an ipywidgets HTML widget and to the plain
HTML tables of :class:`HtmlTable`, so the stepper, the track view, the log, the quiz and the panels work with
ipywidgets alone. Each question is asked when a view is built (not cached), so a test can hide a module with
``monkeypatch.setitem(sys.modules, "bqplot", None)``.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Mapping, Sequence
from typing import Any


def available(module: str) -> bool:
    """Whether ``module`` imports here."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


#: The CSS class of an SVG track/board view's widget (RF90's and Automobiles'), so a page — the no-install site's
#: browser test — finds either game's picture with one selector.
SVG_VIEW_CLASS = "rb-trackview-svg"


def has_bqplot() -> bool:
    """bqplot (and the numpy it needs) import: the track view and the charts can be bqplot figures."""
    return available("bqplot")


def has_pandas() -> bool:
    """pandas imports: tables can be DataFrames."""
    return available("pandas")


def mode() -> str:
    """``"bqplot"`` or ``"svg"``: the track view this environment draws."""
    return "bqplot" if has_bqplot() else "svg"


class HtmlTable:
    """A small table with what the widgets use of a DataFrame: ``len``, ``columns``, ``index``, :meth:`to_html`
    (same markup shape: ``<table class="dataframe">``), ``_repr_html_`` for a notebook cell, :meth:`to_dict`
    (``orient="records"``), :meth:`to_string` and iteration over rows (dicts)."""

    def __init__(self, rows: Sequence[Mapping[str, Any]], columns: Sequence[str], index: Sequence[Any] = (),
                 index_name: str = "") -> None:
        self.columns = list(columns)
        self.rows = [dict(r) for r in rows]
        self.index = list(index) if index else list(range(len(self.rows)))
        self.index_name = index_name
        if len(self.index) != len(self.rows):
            raise ValueError(f"HtmlTable: {len(self.index)} index labels for {len(self.rows)} rows")

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Any:
        return iter(self.rows)

    def to_dict(self, orient: str = "records") -> list[dict[str, Any]]:
        if orient != "records":
            raise ValueError("HtmlTable.to_dict: only orient='records'")
        return [dict(r) for r in self.rows]

    def to_html(self, escape: bool = True, border: int = 0, index: bool = True, index_names: bool = True,
                **_ignored: Any) -> str:
        e = html.escape if escape else str

        def cell(v: Any) -> str:
            return "" if v is None else e(str(v))

        head = "".join(f"<th>{e(c)}</th>" for c in self.columns)
        corner = f"<th>{e(self.index_name) if index_names else ''}</th>" if index else ""
        body = []
        for label, row in zip(self.index, self.rows, strict=True):
            th = f"<th>{cell(label)}</th>" if index else ""
            body.append(f"<tr>{th}{''.join(f'<td>{cell(row.get(c))}</td>' for c in self.columns)}</tr>")
        return (f'<table border="{border}" class="dataframe rb-table"><thead><tr>{corner}{head}</tr></thead>'
                f"<tbody>{''.join(body)}</tbody></table>")

    def to_string(self) -> str:
        """Fixed-width text, right-aligned like pandas' (not byte-identical to it)."""
        head = ["", *self.columns]
        body = [[str(label), *("" if r.get(c) is None else str(r.get(c)) for c in self.columns)]
                for label, r in zip(self.index, self.rows, strict=True)]
        widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
        return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                         for row in [head, *body])

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        return f"HtmlTable({len(self)} rows × {len(self.columns)} columns)"


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], index: Sequence[Any] = (),
          index_name: str = "") -> Any:
    """A pandas DataFrame of ``rows`` where pandas imports, else an :class:`HtmlTable` with the same cells."""
    if has_pandas():
        import pandas as pd

        name = index_name or None
        if isinstance(index, range) and index.step == 1:
            idx = pd.RangeIndex(index.start, index.stop, name=name)
        else:
            idx = pd.Index(list(index), name=name) if index else None
        return pd.DataFrame(list(rows), columns=list(columns), index=idx)
    return HtmlTable(rows, columns, index, index_name)


def columns_of(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The columns pandas gives ``DataFrame(rows)`` for a list of dicts: every key, in the order first seen."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def table_of(rows: Sequence[Mapping[str, Any]]) -> Any:
    """:func:`table` of dicts whose columns are not named: the keys, in the order first seen (as
    ``pandas.DataFrame(rows)``), rows numbered from 0."""
    rows = list(rows)
    return table(rows, columns_of(rows))


def left_aligned_html(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], table_id: str) -> str:
    """HTML of a table without its index whose cells are left-aligned (what pandas'
    ``DataFrame(rows).style.hide(axis="index").set_properties(**{"text-align": "left"})`` shows), the same markup
    with or without pandas; cell texts escaped. ``table_id`` is the table's HTML id, scoping its style."""
    if not table_id.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"left_aligned_html: table_id {table_id!r} is not a plain HTML id (letters, digits, -, _)")
    markup = HtmlTable(rows, columns).to_html(index=False).replace("<table ", f'<table id="{table_id}" ', 1)
    return f"<style>#{table_id} td {{ text-align: left; }}</style>{markup}"


def pandas_display(**options: Any) -> None:
    """``pandas.set_option("display.<name>", value)`` for each option where pandas imports; nothing otherwise (an
    :class:`HtmlTable` shows every cell whole, at any width). ``pandas_display(width=200, max_colwidth=100)``."""
    if has_pandas():
        import pandas as pd

        for name, value in options.items():
            pd.set_option(f"display.{name}", value)
