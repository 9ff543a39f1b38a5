"""Widget outputs in the committed notebooks (issue 34 item 5: open clean).

A widget's saved output is only a pointer to a model in a live kernel: opened before the notebook runs, JupyterLab
shows "Error displaying widget: model not found" where the first race should be. So the executed ``.ipynb`` keeps,
in place of each widget view, a **placeholder**: a line of HTML that says the panel appears when the notebook runs,
and, in the output's metadata, the widget's stable id (``{"racebook": {"widget": <id>}}``). Running the cell
replaces it with the live widget. The tools and tests that ask "does this cell show a widget?" ask
:func:`is_widget`, which knows both forms.
"""

from __future__ import annotations

from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLACEHOLDER_CLASS = "rb-widget-placeholder"
PLACEHOLDER_HTML = (
    f'<div class="{PLACEHOLDER_CLASS}" style="font-size:16px;padding:10px 14px;border:2px dashed #1f5fbf;'
    'border-radius:6px;color:#1f3f7f;background:#f3f7ff;max-width:760px">'
    "&#9654; An interactive panel appears here when the notebook runs: <b>Run &#9656; Run All Cells</b> "
    "(or click this cell and press Shift+Enter).</div>")
PLACEHOLDER_TEXT = "[an interactive panel: run the notebook to show it]"


def widget_id(out: Any) -> str | None:
    """The widget's id of an output (a live view's model id, or a placeholder's), else None."""
    view = out.get("data", {}).get(WIDGET_VIEW)
    if view is not None:
        return str(view.get("model_id"))
    saved = out.get("metadata", {}).get("racebook", {})
    return str(saved["widget"]) if isinstance(saved, dict) and "widget" in saved else None


def is_widget(out: Any) -> bool:
    """Whether an output shows a widget (live, or its placeholder in a committed notebook)."""
    return widget_id(out) is not None


def to_placeholder(out: Any, model_id: str) -> None:
    """Turn a widget view output into its placeholder (in place), keeping ``model_id`` as the stable id."""
    data = out.setdefault("data", {})
    data.pop(WIDGET_VIEW, None)
    data["text/html"] = PLACEHOLDER_HTML
    data["text/plain"] = PLACEHOLDER_TEXT
    out.setdefault("metadata", {})["racebook"] = {"widget": model_id}
