"""How every game's widgets show a rule citation and an event sentence (links into the rules reference).

A game's own colours and marker shapes live with its widgets (RF90: :mod:`racebook.rf90.ui.colours`)."""

from __future__ import annotations

import html

from racebook.core import citations
from racebook.ui import lablinks


def rule_html(rule: str, game: str = "rf90", cls: str = "rule", css: str = "", label: str | None = None) -> str:
    """A rule citation as a badge (``cls``, inline ``css``): a link to its section of the rules reference
    (:func:`racebook.core.citations.widget_url`, opens in a new tab) when it cites one, else plain text. In
    JupyterLab the link also carries JupyterLab's command-link attributes (:mod:`racebook.ui.lablinks`), which open
    the digest in the Markdown Preview at the section. With ``label`` the badge shows those words ("rule") and the
    citation only on hover (issue 33 item 4: no section number where a beginner reads)."""
    style_attr = f' style="{css}"' if css else ""
    shown = html.escape(rule if label is None else label)
    link = citations.first(rule, game)
    if link is None:
        tip = "" if label is None else f' title="{html.escape(rule)}"'
        return f'<span class="{cls}"{style_attr}{tip}>{shown}</span>'
    tip = f"{link.file}#{link.anchor}" if label is None else f"{rule}: opens the rules at this section"
    return (f'<a class="{cls}"{style_attr} href="{html.escape(citations.widget_url(link))}" target="_blank" '
            f'rel="noopener" title="{html.escape(tip)}"{lablinks.attributes(link)}>{shown}</a>')


def sentence_html(text: str, game: str = "rf90") -> str:
    """An event sentence as HTML, its closing "— §x.y" citation set apart with the ``rule`` class (a link)."""
    body, sep, rule = text.rpartition(" — ")
    if not sep:
        return html.escape(text)
    return f"{html.escape(body)} {rule_html(rule, game)}"
