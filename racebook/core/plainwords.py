"""Plain words first (issue 33 item 4): in a guided first race every abbreviation or code a learner reads is shown
with its meaning on hover, and no rule's section number stands in a sentence a beginner must read.

* :data:`GLOSSARY` — the abbreviations of ``docs/glossary.md`` with their meaning, word for word (a test keeps the
  two alike; the package does not ship ``docs/``, so the words live here too);
* :class:`Term` — an abbreviation or a code (a regular expression: a card's code, a trajectory's name) and what it
  means; each game's first race adds its own (``FirstRace.terms``) to :data:`COMMON`;
* :func:`uncite` — a sentence without the rule citations written inside it ("(§13.A)", "(AMB-27)",
  "[BOT 2.2]"): the rule stays with the line, as a link;
* :func:`explain_html` — a text as HTML, each term found in it wrapped in ``<abbr title="its meaning">``;
  :func:`meanings` — the meanings of the terms found in a text (for a button's or a menu's tooltip, which holds no
  HTML); :func:`svg_titles` — a picture's texts that use a term get its meaning as their hover (an SVG ``<title>``).

No rule lives here: only words. Standard library only.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: docs/glossary.md's abbreviations and what each means (its "means" column, markdown removed).
GLOSSARY: dict[str, str] = {
    "§": "a section of a game's rules digest, e.g. §13.D.2; every one links into docs/rules/",
    "AMB": "an ambiguity the rules digest lists with its recommended reading, e.g. AMB-5; AMB-X1-n are Expansion "
           "#1's",
    "ET": "Extreme Trajectory (Trajetória Extrema): a trajectory that gives more MP but needs a blind test",
    "Ex.": "a worked example of the manual (Ex. 1–42; Expansion #1: Ex. X1-1–X1-16)",
    "FAS": "Front Activation Section: the section holding the Leader token, where each Game Turn's activation starts",
    "LB": "Late Braking (Atraso de Freada): braking later in a braking zone to pass, with a test",
    "MP": "Movement Points (Pontos de Movimento, PM): what the played cards give a car to spend on sections and "
          "passes",
    "RPN": "Race Position Notation: racebook's one-line text of a whole race position; E: Blue* Orange reads \"in "
           "section E, Blue (holding the Leader token) then Orange\"",
    "SC": "Safety Car",
    "X1": "Expansion #1 of Race! Formula 90 (Monaco, Spa, teams, championship)",
}


@dataclass(frozen=True, slots=True)
class Term:
    """An abbreviation or a code as a learner reads it: ``pattern`` (a regular expression, matched as a whole word)
    and what it ``means`` (one plain line: the hover text)."""

    pattern: str
    means: str

    def regex(self) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w\-.]){self.pattern}(?![\w\-])")


def word(abbr: str, means: str | None = None) -> Term:
    """The term of one abbreviation (its meaning: ``means``, else the glossary's)."""
    return Term(re.escape(abbr), means if means is not None else GLOSSARY[abbr])


#: The glossary's abbreviations a race's words may use (the § and AMB citations are taken out, :func:`uncite`).
COMMON: tuple[Term, ...] = tuple(word(a) for a in ("MP", "FAS", "ET", "LB", "SC", "RPN", "X1"))

#: A rule citation written inside a sentence, with its brackets: "(§22.9.1)", "(AMB-27)", "(§5.6 Expansion #1)",
#: "[BOT 1.7.2.1]"; also a bare "AMB-n" in brackets after other words: "(…, AMB-4)".
_CITED = re.compile(r"\s*\((?:§|AMB-)[^()]*\)|\s*\[BOT [\d.]+\]|,\s*(?:§[\w.]+|AMB-[\w-]+)(?=\))")


def uncite(sentence: str) -> str:
    """``sentence`` without the rule citations written inside it (the line's rule link keeps them)."""
    return _CITED.sub("", sentence)


def _spans(text: str, terms: Sequence[Term]) -> list[tuple[int, int, Term]]:
    """Where each term occurs in ``text``, the earlier term of ``terms`` first where two overlap."""
    taken: list[tuple[int, int, Term]] = []
    for term in terms:
        for m in term.regex().finditer(text):
            if all(m.end() <= a or m.start() >= b for a, b, _t in taken):
                taken.append((m.start(), m.end(), term))
    return sorted(taken, key=lambda s: s[0])


def explain_html(text: str, terms: Sequence[Term] = COMMON) -> str:
    """``text`` as HTML (escaped), each of ``terms`` in it as ``<abbr title="what it means">``."""
    out, at = [], 0
    for a, b, term in _spans(text, terms):
        out.append(html.escape(text[at:a]))
        out.append(f'<abbr class="rb-term" title="{html.escape(term.means)}">{html.escape(text[a:b])}</abbr>')
        at = b
    out.append(html.escape(text[at:]))
    return "".join(out)


def meanings(texts: Iterable[str], terms: Sequence[Term] = COMMON) -> list[str]:
    """"CODE: what it means" for each term found in ``texts`` (each once, in the order of ``terms``)."""
    joined = "\n".join(texts)
    found = {id(t): joined[a:b] for a, b, t in reversed(_spans(joined, terms))}
    return [f"{found[id(t)]}: {t.means}" for t in terms if id(t) in found]


_SVG_TEXT = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")


def svg_titles(svg: str, terms: Sequence[Term] = COMMON) -> str:
    """``svg`` with a ``<title>`` (the hover) in each ``<text>`` that uses one of ``terms``: the meanings it uses."""
    def titled(m: re.Match[str]) -> str:
        found = meanings([html.unescape(m.group(2))], terms)
        return m.group(0) if not found else \
            f"{m.group(1)}<title>{html.escape(chr(10).join(found))}</title>{m.group(2)}{m.group(3)}"
    return _SVG_TEXT.sub(titled, svg)


def unexplained(text: str, abbreviations: Iterable[str] = GLOSSARY) -> list[str]:
    """The ``abbreviations`` standing as words in ``text`` (a plain text a learner reads, with no hover)."""
    return [a for a in abbreviations if a != "§" and re.search(rf"(?<![\w\-]){re.escape(a)}(?![\w])", text)]
