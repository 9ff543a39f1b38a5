"""GlossaryView: a search box over the rules' glossary English ⇄ Portuguese (digest §1).

Thin: the terms and the matching come from :mod:`racebook.rf90.glossary` (``load`` / ``search``); this view
only shows them as a table (pandas, or :class:`racebook.ui.backend.HtmlTable` without it) that follows the search
box::

    from racebook.rf90.ui.glossary import GlossaryView
    GlossaryView()                  # type "freio", "teste", "leader" …
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from racebook.rf90 import glossary
from racebook.ui import backend
from racebook.ui.errors import ErrorLog

COLUMNS = {"english": "English", "portuguese": "Portuguese (manual)", "notes": "notes"}
_CSS = """<style>
.rb-gloss {font-size: 17px; line-height: 1.4;}
.rb-gloss table {border-collapse: collapse; width: 100%;}
.rb-gloss th, .rb-gloss td {padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;}
.rb-gloss thead th {background: #f0f0f0; position: sticky; top: 0;}
.rb-gloss td:nth-child(2) {font-weight: bold;}
.rb-gloss td:nth-child(3) {font-style: italic; color: #0b4f8a;}
.rb-gloss td:nth-child(4) {color: #555; font-size: 15px;}
</style>"""


def frame(terms: Any) -> Any:
    """The terms as a table: English, Portuguese, notes (index from 1, in the given order); a pandas DataFrame, or
    an HtmlTable where pandas is missing (racebook.ui.backend)."""
    rows = [{head: getattr(t, k) for k, head in COLUMNS.items()} for t in terms]
    return backend.table(rows, list(COLUMNS.values()), range(1, len(rows) + 1))


class GlossaryView:
    """A Text box filtering the §1 glossary; ``table`` is the shown table (see :func:`frame`).

    Matching is :func:`racebook.rf90.glossary.search`: every word, case and accents ignored, in English,
    Portuguese or the notes. Display the object (or ``.widget``).
    """

    def __init__(self, text: str = "", *, height: int = 460, width: int = 980) -> None:
        self.errors = ErrorLog()
        self.terms = glossary.load()
        self.found: list[glossary.Term] = list(self.terms)
        self.table = frame(self.found)
        self.search = widgets.Text(value=text, placeholder="search English or Portuguese, e.g. freio, teste, leader",
                                   description="search", continuous_update=True,
                                   layout=widgets.Layout(width="520px"),
                                   style={"description_width": "70px", "font_size": "18px"})
        self.clear = widgets.Button(description="show all", layout=widgets.Layout(width="auto"))
        self.count = widgets.HTML()
        self.out = widgets.HTML(layout=widgets.Layout(max_height=f"{height}px", overflow="auto",
                                                      border="1px solid #ddd"))
        self.search.observe(self.errors.guard(self._on_change), names="value")
        self.clear.on_click(self.errors.guard(lambda _b: setattr(self.search, "value", "")))
        head = widgets.HTML("<div style='font-size:22px;font-weight:bold'>Glossary English ⇄ Portuguese</div>"
                            "<div style='font-size:15px;color:#555'>The rules digest §1; accents and case do not "
                            f"matter. {len(self.terms)} terms.</div>")
        self.widget = widgets.VBox([head, widgets.HBox([self.search, self.clear, self.count],
                                                       layout=widgets.Layout(align_items="center")),
                                    self.out, self.errors.widget], layout=widgets.Layout(width=f"{width}px"))
        self.update()

    def update(self) -> None:
        """Filter with the search text and redraw the table."""
        self.found = glossary.search(self.search.value, self.terms)
        self.table = frame(self.found)
        n, total = len(self.found), len(self.terms)
        self.count.value = (f"<span style='font-size:17px;margin-left:12px'><b>{n}</b> of {total} terms</span>")
        if self.found:
            body = self.table.to_html(escape=True, border=0)
        else:
            body = (f"<p style='padding:8px'>No term matches <b>{html.escape(self.search.value)}</b>. "
                    "Try fewer words, or the Portuguese spelling.</p>")
        self.out.value = f"{_CSS}<div class='rb-gloss'>{body}</div>"

    def text(self) -> str:
        """The table as plain text (for tests and printed notebook cells)."""
        if not self.found:
            return f"no term matches {self.search.value!r}"
        return self.table.to_string()

    def _on_change(self, change: dict) -> None:
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
