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

    def __init__(self, rows: Sequence[Mapping[Any, Any]], columns: Sequence[Any], index: Sequence[Any] = (),
                 index_name: str | Sequence[str] = "") -> None:
        self.columns = list(columns)
        self.rows = [dict(r) for r in rows]
        self.index = list(index) if index else list(range(len(self.rows)))
        self.index_name = index_name
        if len(self.index) != len(self.rows):
            raise ValueError(f"HtmlTable: {len(self.index)} index labels for {len(self.rows)} rows")
        if not isinstance(index_name, str):  # a multi-level index: each label a tuple, one name per level
            levels = len(index_name)
            if levels < 1 or any(not isinstance(label, tuple) or len(label) != levels for label in self.index):
                raise ValueError(f"HtmlTable: index labels must be tuples of {levels} for the levels {index_name!r}")

    @property
    def levels(self) -> int:
        """How many index columns the table has (1, or one per name of a multi-level index)."""
        return 1 if isinstance(self.index_name, str) else len(self.index_name)

    def _labels(self, label: Any) -> tuple[Any, ...]:
        return (label,) if isinstance(self.index_name, str) else tuple(label)

    def _names(self) -> list[str]:
        return [self.index_name] if isinstance(self.index_name, str) else list(self.index_name)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Any:
        return iter(self.rows)

    def to_dict(self, orient: str = "records") -> list[dict[str, Any]]:
        if orient != "records":
            raise ValueError("HtmlTable.to_dict: only orient='records'")
        return [dict(r) for r in self.rows]

    def to_html(self, escape: bool = True, border: int = 0, index: bool = True, index_names: bool = True,
                classes: str | Sequence[str] = (), **_ignored: Any) -> str:
        e = html.escape if escape else str

        def cell(v: Any) -> str:
            return "" if v is None else e(str(v))

        corner = "".join(f"<th>{e(n) if index_names else ''}</th>" for n in self._names()) if index else ""
        head = "".join(f"<th>{e(c[-1] if isinstance(c, tuple) else c)}</th>" for c in self.columns)
        if any(isinstance(c, tuple) for c in self.columns):  # grouped columns: a row of groups above the names
            groups = "".join(f'<th colspan="{n}">{e(g)}</th>' if n > 1 else f"<th>{e(g)}</th>"
                             for g, n in _runs([c[0] if isinstance(c, tuple) else "" for c in self.columns]))
            blank = "<th></th>" * self.levels if index else ""
            head = f"{blank}{groups}</tr><tr>{corner}{head}"
            corner = ""
        labels = [self._labels(label) for label in self.index]
        body = []
        for i, (parts, row) in enumerate(zip(labels, self.rows, strict=True)):
            th = ""
            for level, part in enumerate(parts if index else ()):
                outer = level < len(parts) - 1  # an outer level's repeated label spans its rows, as in pandas
                if outer and i > 0 and labels[i - 1][:level + 1] == parts[:level + 1]:
                    continue
                span = 1
                while outer and i + span < len(labels) and labels[i + span][:level + 1] == parts[:level + 1]:
                    span += 1
                th += f'<th rowspan="{span}">{cell(part)}</th>' if span > 1 else f"<th>{cell(part)}</th>"
            body.append(f"<tr>{th}{''.join(f'<td>{cell(row.get(c))}</td>' for c in self.columns)}</tr>")
        extra = "".join(f" {html.escape(c)}" for c in ([classes] if isinstance(classes, str) else classes))
        return (f'<table border="{border}" class="dataframe rb-table{extra}"><thead><tr>{corner}{head}</tr></thead>'
                f"<tbody>{''.join(body)}</tbody></table>")

    def to_string(self, index: bool = True, header: bool = True) -> str:
        """Fixed-width text, right-aligned like pandas' (not byte-identical to it); ``index``/``header``: with the
        row labels / the column names, as pandas' ``to_string(index=..., header=...)``."""
        head = [*([""] * self.levels), *(" ".join(map(str, c)) if isinstance(c, tuple) else str(c)
                                         for c in self.columns)]
        body = [[*map(str, self._labels(label)), *("" if r.get(c) is None else str(r.get(c)) for c in self.columns)]
                for label, r in zip(self.index, self.rows, strict=True)]
        lines = [head, *body] if header else body
        if not index:
            lines = [line[self.levels:] for line in lines]
        if not lines or not lines[0]:
            return ""
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
                         for line in lines)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        return f"HtmlTable({len(self)} rows × {len(self.columns)} columns)"


def _runs(values: Sequence[Any]) -> list[tuple[Any, int]]:
    """Consecutive equal values as (value, how many): ``["a", "a", "b"]`` -> ``[("a", 2), ("b", 1)]``."""
    runs: list[tuple[Any, int]] = []
    for v in values:
        if runs and runs[-1][0] == v:
            runs[-1] = (v, runs[-1][1] + 1)
        else:
            runs.append((v, 1))
    return runs


def side_by_side(tables: Mapping[str, Any]) -> Any:
    """Tables with the same rows (each from :func:`table`) side by side, each under its label: what
    ``pandas.concat(tables, axis=1)`` gives where pandas imports, else an :class:`HtmlTable` whose columns are
    (label, column) pairs, drawn under one header cell per label."""
    if has_pandas():
        import pandas as pd

        return pd.concat(dict(tables), axis=1)
    parts = list(tables.items())
    if not parts:
        raise ValueError("side_by_side: no table")
    first = parts[0][1]
    if any(t.index != first.index for _label, t in parts):
        raise ValueError("side_by_side: the tables do not have the same rows")
    columns = [(label, c) for label, t in parts for c in t.columns]
    rows = [{(label, c): t.rows[i].get(c) for label, t in parts for c in t.columns} for i in range(len(first))]
    return HtmlTable(rows, columns, first.index, first.index_name)


def table(rows: Sequence[Mapping[Any, Any]], columns: Sequence[Any], index: Sequence[Any] = (),
          index_name: str | Sequence[str] = "") -> Any:
    """A pandas DataFrame of ``rows`` where pandas imports, else an :class:`HtmlTable` with the same cells.
    ``index_name`` a sequence of names: a multi-level index, each label of ``index`` a tuple (one part per name)."""
    if has_pandas():
        import pandas as pd

        if not isinstance(index_name, str):
            HtmlTable(rows, columns, index, index_name)  # the same checks of the labels
            multi = pd.MultiIndex.from_tuples(list(index), names=list(index_name))
            return pd.DataFrame(list(rows), index=multi, columns=list(columns))
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


def table_of(rows: Sequence[Mapping[str, Any]], index: str = "") -> Any:
    """:func:`table` of dicts whose columns are not named: the keys, in the order first seen (as
    ``pandas.DataFrame(rows)``), rows numbered from 0; ``index``: the key whose values label the rows instead (as
    ``pandas.DataFrame(rows).set_index(index)``; every row must have it)."""
    rows = list(rows)
    if not index:
        return table(rows, columns_of(rows))
    missing = [i for i, r in enumerate(rows) if index not in r]
    if missing:
        raise KeyError(f"table_of: row {missing[0]} has no {index!r}")
    columns = [c for c in columns_of(rows) if c != index]
    return table([{c: r[c] for c in columns if c in r} for r in rows], columns, [r[index] for r in rows], index)


def table_of_columns(columns: Mapping[Any, Mapping[Any, Any]], index_name: str = "") -> Any:
    """:func:`table` of a table given column by column, ``{column: {row label: value}}``: what
    ``pandas.DataFrame(columns)`` gives (one column per outer key; the rows are the inner keys, in the order first
    seen; a cell missing from a column is empty). Its transpose, one row per outer key, is
    ``table_of([{key: k, **row} for k, row in columns.items()], index=key)``."""
    labels: dict[Any, None] = {}
    for column in columns.values():
        for label in column:
            labels.setdefault(label, None)
    rows = [{c: columns[c][label] for c in columns if label in columns[c]} for label in labels]
    return table(rows, list(columns), list(labels), index_name)


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
