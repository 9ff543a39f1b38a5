"""Rule citations → the rules reference: which file of ``docs/rules/`` and which anchor a "§…" citation names.

racebook cites the rules by section everywhere (event sentences, widgets, notebooks, docstrings): ``§13.D.2``,
``§11.2 case 2``, ``§4.3 (Expansion #1)``, ``expansion1 §4.3``, ``digest §22.3`` (Automobiles), ``AMB-29``,
``AMB-X1-10``, ``Ex. 12``, ``Ex. X1-3``. The reference is ``docs/rules/`` (the project's digests, brought in whole by
``tools/import_rules.py``), where every section has an anchor derived from its number only, so it never changes
when a heading's words do:

=============  =========================  ==================================================================
document       file                       anchors
=============  =========================  ==================================================================
``rf90``       rf90_rules_digest.md       ``#s13-d-2`` (§13.D.2), ``#s13-a-3``, ``#ex-12``, ``#amb-29``
``rf90_x1``    rf90_expansion1_digest.md  ``#x1-s4-3`` (§4.3 of Expansion #1), ``#x1-ex-3``, ``#x1-amb-10``
``rf90_htp``   rf90_how_to_play_digest.md ``#htp-s12-2``, ``#htp-amb-3``
``automobiles`` automobiles_rules_digest.md ``#auto-s22-3`` (digest §22.3), ``#auto-ex-14``, ``#auto-amb-24``
``formulagp``  formulagp_rules_digest.md  ``#gp-s11-2-1``
=============  =========================  ==================================================================

A bare ``§N`` belongs to the document of its context (``default``: the game of the event, the notebook's folder);
"Expansion #1" / "expansion1" / "X1" before it or "(Expansion #1)" after it names the expansion, and so does an
``AMB-X1-n`` or ``Ex. X1-n``; in prose, a paragraph that names "the Expansion #1 digest" keeps citing it until it
names "the manual" (and the other way round). Trailing words (``case 2``, ``item 3``, ``A``) stay in the text:
the link goes to the section. A list after a prefix stays in its document (``expansion1 §4.2–§4.6, §4.11``).

Where a link points: :func:`url` gives ``<base>/<file>#<anchor>`` with ``base`` the path of ``docs/rules`` relative
to the page that shows it (``../../docs/rules`` from ``notebooks/<game>/``, ``docs/rules`` from the README).
A pip-installed racebook carries the same files as package data (:func:`racebook.docs_path`); widgets link there
when the repository's ``docs/rules`` is not beside the notebooks (see ``docs/rules/README.md``).

Standard library only; data (the documents and their prefixes), no game rule.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Doc:
    """One rules reference in ``docs/rules/``: its file, the game, a title, the prefix of its anchors."""

    file: str
    game: str
    title: str
    prefix: str
    example_section: str  # a section shown in the file's header as an example anchor


DOCS: dict[str, Doc] = {
    "rf90": Doc("rf90_rules_digest.md", "Race! Formula 90 (2nd edition)", "The RF90 rules digest", "", "13.D.2"),
    "rf90_x1": Doc("rf90_expansion1_digest.md", "Race! Formula 90, Expansion #1",
                   "The RF90 Expansion #1 digest", "x1-", "4.3"),
    "rf90_htp": Doc("rf90_how_to_play_digest.md", "Race! Formula 90 (2nd edition), the How to Play sheet",
                    "The RF90 How to Play digest", "htp-", "12.2"),
    "automobiles": Doc("automobiles_rules_digest.md", "Automobiles", "The Automobiles rules digest", "auto-", "22.3"),
    "formulagp": Doc("formulagp_rules_digest.md", "FormulaGP", "The FormulaGP rules digest", "gp-", "11.2.1"),
}
NOTEBOOK_BASE = "../../docs/rules"  # docs/rules as seen from notebooks/<game>/
# Modules (or packages: every module under them) whose bare "§N" cite another document than their game's (their
# docstrings are about Expansion #1).
MODULE_DOC = {"racebook.rf90.rules.extreme_x1": "rf90_x1", "racebook.rf90.trackexpansion": "rf90_x1",
              "racebook.rf90.championship": "rf90_x1", "racebook.rf90.teams": "rf90_x1",
              "racebook.rf90.teamactions": "rf90_x1", "racebook.rf90.rules.assist": "rf90_x1"}
# Pages and notebook sources (by file name) whose bare "§N" cite another document than their folder's game's.
FILE_DOC = {"season.md": "rf90_x1", "teams.md": "rf90_x1", "16_championship.py": "rf90_x1",
            "15_teams_and_robot_teammates.py": "rf90_x1", "automobiles.md": "automobiles",
            "formulagp.md": "formulagp"}
GAME_DOC = {"rf90": "rf90", "automobiles": "automobiles", "formulagp": "formulagp"}  # a game package → its document


def anchor_for(doc: str, kind: str, number: str) -> str:
    """The anchor of a ``section`` (``13.D.2``), ``example`` (``12``, ``X1-3``) or ``amb`` (``AMB-X1-10``)."""
    prefix = DOCS[doc].prefix
    if kind == "section":
        return f"{prefix}s{number.lower().replace('.', '-')}"
    digits = re.findall(r"\d+", number)[-1]
    return f"{prefix}{'ex' if kind == 'example' else 'amb'}-{digits}"


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation found in a text: where (``start``, ``end``), as written, and what it resolves to."""

    start: int
    end: int
    text: str
    doc: str
    kind: str  # "section", "example" or "amb"
    number: str

    @property
    def file(self) -> str:
        return DOCS[self.doc].file

    @property
    def anchor(self) -> str:
        return anchor_for(self.doc, self.kind, self.number)

    def url(self, base: str = "docs/rules") -> str:
        return f"{base.rstrip('/')}/{self.file}#{self.anchor}"


_X1 = r"(?:Expansion\s#1(?:'s)?(?:\sdigest)?|expansion1(?:\sdigest)?|X1)"
_PATTERN = re.compile(
    rf"(?P<pre>{_X1}\s|(?P<digest>digest\s))?§(?P<num>\d+(?:\.[0-9A-Z]+)*)(?P<post>\s\(Expansion\s#1\)|\sX1\b)?"
    r"|(?P<amb>AMB-(?P<ambdoc>X1-|HTP-)?\d+)"
    r"|(?P<ex>Ex\.\s(?P<exdoc>X1-)?\d+)")
_LIST = re.compile(r"\s*(?:[,;–-]|and|or|to)\s*")
_TO_X1 = re.compile(r"Expansion\s+#1(?:'s)?\s+digest|expansion1\s+digest")
_TO_BASE = re.compile(r"the\s+manual(?:'s)?\b|the\s+2nd.edition\s+manual")


def find(text: str, default: str = "rf90", *, prose: bool = False) -> list[Citation]:
    """Every citation in ``text``, in order. ``default`` is the document of a bare ``§N``; with ``prose`` a
    paragraph that names "the Expansion #1 digest" cites it until it names "the manual" or ends."""
    found: list[Citation] = []
    switches = sorted([(m.start(), True) for m in _TO_X1.finditer(text)]
                      + [(m.start(), False) for m in _TO_BASE.finditer(text)]) if prose else []
    chain: str | None = None  # the document a "expansion1 §…" prefix names, for the list that follows it
    for m in _PATTERN.finditer(text):
        if m.group("amb"):
            tag = m.group("ambdoc")
            doc = "rf90_x1" if tag == "X1-" else "rf90_htp" if tag == "HTP-" else default
            found.append(Citation(m.start(), m.end(), m.group(0), doc, "amb", m.group(0)))
            chain = None
            continue
        if m.group("ex"):
            doc = "rf90_x1" if m.group("exdoc") else default
            found.append(Citation(m.start(), m.end(), m.group(0), doc, "example", m.group(0)))
            chain = None
            continue
        doc = default
        if m.group("pre") and not m.group("digest") or m.group("post"):
            doc = "rf90_x1"
        elif chain is not None and found and _LIST.fullmatch(text[found[-1].end:m.start()]):
            doc = chain  # "expansion1 §4.2–§4.6, §4.11": a list after a prefix goes on in the same document
        elif prose and default in ("rf90", "rf90_x1"):
            before = [(at, x1) for at, x1 in switches if at < m.start()]
            paragraph = text.rfind("\n\n", 0, m.start())
            if before and before[-1][0] > paragraph:
                doc = "rf90_x1" if before[-1][1] else "rf90"
        chain = doc if (m.group("pre") and not m.group("digest")) or (chain is not None and doc == chain) else None
        found.append(Citation(m.start(), m.end(), m.group(0), doc, "section", m.group("num")))
    return found


def first(text: str, default: str = "rf90") -> Citation | None:
    """The first citation of a rule field such as ``"§21.5, §22"`` or ``"§4.3 (Expansion #1)"``, or None."""
    cites = find(text, default)
    return cites[0] if cites else None


def anchors_in(text: str) -> set[str]:
    """The anchors a ``docs/rules`` file defines (``<a id="…"></a>``, written by ``tools/import_rules.py``)."""
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def widget_url(citation: Citation) -> str:
    """Where a widget's rule badge links: ``$RACEBOOK_RULES_URL`` (a hosted copy of ``docs/rules``) when set, else
    ``docs/rules`` relative to a notebook in ``notebooks/<game>/`` (a JupyterLab served from the repository)."""
    return citation.url(os.environ.get("RACEBOOK_RULES_URL") or NOTEBOOK_BASE)


def doc_of_file(name: str, folder: str) -> str:
    """The document a notebook source's or page's bare citations name: by its file name (``FILE_DOC``), else by its
    folder's game (``notebooks/automobiles/`` → ``automobiles``), else RF90's."""
    return FILE_DOC.get(name) or GAME_DOC.get(folder, "rf90")


def doc_of_module(module: str) -> str:
    """The document a module's bare citations name: ``racebook.automobiles.events`` → ``automobiles``."""
    for name, doc in MODULE_DOC.items():
        if module == name or module.startswith(name + "."):
            return doc
    parts = module.split(".")
    return GAME_DOC.get(parts[1] if len(parts) > 1 else "", "rf90")
