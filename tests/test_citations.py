"""Every citation resolves (issue 18 item 2): "§…", "AMB-…" and "Ex. …" in events, widgets, notebooks, docstrings,
the README and docs/ name a section that exists in docs/rules/, the rules reference the project ships."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import racebook
from racebook.core import citations
from racebook.core.citations import DOCS, Citation
from racebook.core.events import Event

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"


@cache
def _anchors(file: str) -> frozenset[str]:
    return frozenset(citations.anchors_in((RULES / file).read_text(encoding="utf-8")))


def missing(found: list[Citation], where: str) -> list[str]:
    """The citations of ``found`` whose anchor is not in their docs/rules file, as "where: text → file#anchor"."""
    return [f"{where}: {c.text!r} → {c.file}#{c.anchor}" for c in found if c.anchor not in _anchors(c.file)]


# ----------------------------------------------------------------- the parser and the anchors
@pytest.mark.parametrize(("text", "default", "expected"), [
    ("§13.D.2", "rf90", [("rf90_rules_digest.md", "s13-d-2")]),
    ("§11.2 case 2", "rf90", [("rf90_rules_digest.md", "s11-2")]),
    ("§13.A.3", "rf90", [("rf90_rules_digest.md", "s13-a-3")]),
    ("§4.3 (Expansion #1)", "rf90", [("rf90_expansion1_digest.md", "x1-s4-3")]),
    ("expansion1 digest §4.2–§4.6, §4.11", "rf90", [("rf90_expansion1_digest.md", "x1-s4-2"),
                                                    ("rf90_expansion1_digest.md", "x1-s4-6"),
                                                    ("rf90_expansion1_digest.md", "x1-s4-11")]),
    ("§4.3 (Expansion #1) and §13.D.2", "rf90", [("rf90_expansion1_digest.md", "x1-s4-3"),
                                                 ("rf90_rules_digest.md", "s13-d-2")]),
    ("digest §22.3", "automobiles", [("automobiles_rules_digest.md", "auto-s22-3")]),
    ("§12 item 4, AMB-15", "automobiles", [("automobiles_rules_digest.md", "auto-s12"),
                                           ("automobiles_rules_digest.md", "auto-amb-15")]),
    ("AMB-29", "rf90", [("rf90_rules_digest.md", "amb-29")]),
    ("AMB-X1-10", "rf90", [("rf90_expansion1_digest.md", "x1-amb-10")]),
    ("Ex. 12", "rf90", [("rf90_rules_digest.md", "ex-12")]),
    ("Ex. X1-3", "rf90", [("rf90_expansion1_digest.md", "x1-ex-3")]),
    ("Automobiles actions", "automobiles", []),
])
def test_a_citation_maps_to_its_file_and_anchor(text: str, default: str, expected: list[tuple[str, str]]) -> None:
    found = citations.find(text, default)
    assert [(c.file, c.anchor) for c in found] == expected
    assert missing(found, text) == []


def test_prose_after_naming_the_expansion_digest_cites_it_until_the_manual() -> None:
    text = ("**Sources:** the Expansion #1 digest §3 (Monaco), §4.11; the manual's digest §13.D.2.\n\n"
            "Later: §4.3.")
    assert [(c.doc, c.number) for c in citations.find(text, prose=True)] == [
        ("rf90_x1", "3"), ("rf90_x1", "4.11"), ("rf90", "13.D.2"), ("rf90", "4.3")]


def test_a_citation_to_a_missing_section_is_caught() -> None:
    """The checker below is not vacuous: a section, an ambiguity or an example that does not exist is reported."""
    bad = citations.find("§13.Z.9, §99, AMB-999, Ex. 77, §4.99 (Expansion #1), digest §88", "rf90")
    assert len(missing(bad, "bad")) == len(bad) == 6


def test_anchors_are_derived_from_the_section_numbers() -> None:
    """Each numbered heading of each docs/rules file carries the anchor of its number (not of its words), every
    anchor is unique in its file, and each file has the header saying what it is and whose rules these are."""
    for name, doc in DOCS.items():
        text = (RULES / doc.file).read_text(encoding="utf-8")
        head = text.split("<!-- racebook: end of header -->", 1)[0]
        assert "belong to their publisher" in head and "paraphrased" in head and "Source seeds" in head, doc.file
        ids = re.findall(r'<a id="([^"]+)"></a>', text)
        assert len(ids) == len(set(ids)), doc.file
        headings = re.findall(r"^#{2,6} (?:<a id=\"([^\"]+)\"></a>)?(\d+(?:\.[0-9A-Z]+)*)\.? ", text, re.M)
        assert len(headings) > 20, doc.file
        for anchor, number in headings:
            assert anchor == citations.anchor_for(name, "section", number), (doc.file, number)


def test_docs_rules_is_the_shared_digests_brought_in_whole() -> None:
    """docs/rules is what tools/import_rules.py writes; beside the clone that the project's digests sit in
    (../shared/rules), it must be up to date with them (no skip: without them, the files' own text is checked)."""
    source = ROOT.parent / "shared" / "rules"
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import import_rules
    finally:
        sys.path.remove(str(ROOT / "tools"))
    if source.is_dir():
        assert subprocess.run([sys.executable, str(ROOT / "tools" / "import_rules.py"), "--check"],
                              capture_output=True, text=True).returncode == 0, "run: python tools/import_rules.py"
    for doc in DOCS.values():  # idempotent: stripping the anchors and header and re-adding them gives the file
        text = (RULES / doc.file).read_text(encoding="utf-8")
        title, _, rest = text.partition("\n")
        body = rest.split(import_rules.HEADER_END + "\n\n", 1)[1]
        name = next(n for n, d in DOCS.items() if d is doc)
        assert import_rules.anchored(name, body) == body, doc.file


# ----------------------------------------------------------------- every citation resolves
def _event_classes() -> list[type[Event]]:
    for pkg in ("racebook.rf90.events", "racebook.automobiles.events"):
        importlib.import_module(pkg)
    seen, todo = [], [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.append(sub)
                todo.append(sub)
    return seen


def test_every_event_class_cites_sections_that_exist() -> None:
    problems, cited = [], 0
    for cls in _event_classes():
        game = citations.doc_of_module(cls.__module__)
        texts = [cls.RULE]
        texts += [f.default for f in dataclasses.fields(cls) if f.name == "rule" and isinstance(f.default, str)]
        for text in texts:
            found = citations.find(text, game)
            cited += len(found)
            problems += missing(found, cls.__qualname__)
    assert cited > 80
    assert problems == []


def _sample_events() -> list[Event]:
    from racebook.automobiles import scenario as auto_scenario
    from racebook.rf90 import scenario
    from racebook.rf90.analysis import simulate

    events: list[Event] = []
    for sid in sorted(p.stem for p in (ROOT / "racebook" / "rf90" / "scenarios").glob("*.toml")):
        events += scenario.load(sid).race.events
    for sid in sorted(p.stem for p in (ROOT / "racebook" / "automobiles" / "scenarios").glob("*.toml")):
        events += auto_scenario.load(sid).events
    for track in ("silverstone", "spa", "monaco"):
        events += simulate.one_race(track, seed=3, players=2)[0].events
    return events


def test_every_event_of_a_sample_of_races_links_to_an_existing_section() -> None:
    """The events' rule fields (and so their sentences' citations) for every shipped scenario of both games and
    three whole races; ``rule_link`` / ``rule_url`` are derived from the rule field, which they never change."""
    problems, linked = [], 0
    for e in _sample_events():
        game = citations.doc_of_module(type(e).__module__)
        found = citations.find(e.citation, game)
        problems += missing(found, f"{e.kind}: {e.sentence()}")
        if found:
            linked += 1
            assert e.rule_link == found[0] and e.sentence().endswith(e.citation)
            assert e.rule_url() == f"../../docs/rules/{found[0].file}#{found[0].anchor}"
    assert linked > 1000
    assert problems == []


def _markdown_cells(source: str) -> list[str]:
    """The markdown cells of a jupytext py:percent source, their "# " prefixes removed."""
    cells = re.split(r"^# %%", source, flags=re.M)
    out = []
    for cell in cells:
        head, _, body = cell.partition("\n")
        if "[markdown]" in head:
            out.append("\n".join(line[2:] if line.startswith("# ") else line.lstrip("#") for line in body.splitlines()))
    return out


def _link_tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import link_citations
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return link_citations


def linked_targets(text: str) -> list[tuple[str, str]]:
    """The (file, anchor) of every markdown link into docs/rules in ``text`` (inline or a reference definition)."""
    return re.findall(r"(?:\]\(|\]: )(?:\.\./)*(?:docs/)?rules/([\w.]+\.md)#([\w-]+)", text)


def test_every_notebook_citation_exists_and_is_a_link() -> None:
    """Each citation in a notebook's markdown is a link (tools/link_citations.py) to an anchor that exists."""
    tool = _link_tool()
    problems, links = [], 0
    for path in sorted((ROOT / "notebooks").glob("*/[0-9A-Z]*.py")):
        game = citations.doc_of_file(path.name, path.parent.name)
        for cell in _markdown_cells(path.read_text(encoding="utf-8")):
            for file, anchor in linked_targets(cell):
                links += 1
                if anchor not in _anchors(file):
                    problems.append(f"{path.name}: link to {file}#{anchor}")
            protected = tool._protected(cell)
            bare = [c for c in citations.find(cell, game, prose=True)
                    if not any(a <= c.start < b for a, b in protected)]
            problems += [f"{path.name}: not a link: {c.text!r}" for c in bare]
            problems += [f"{path.name}: no definition for the link [{label}]" for label in _undefined_references(cell)]
    assert links > 300
    assert problems == []


# A reference link to a citation — ``[§12.1][]``, ``[Ex. 16][]``, ``[the rule][§12.2]`` — and a definition.
_REFERENCE = re.compile(r"\[([^\]\n]+)\]\[([^\]\n]*)\]")
_DEFINITION = re.compile(r"^\[([^\]\n]+)\]:\s", re.M)
_CITATION_LABEL = re.compile(r"^(?:§|Ex\.|AMB-|Expansion #1|X1-|Automobiles|FormulaGP)")


def _undefined_references(cell: str) -> list[str]:
    """The citation labels a markdown cell links by reference without defining them in the cell (Markdown would show
    them as plain brackets, not links)."""
    defined = {d.lower() for d in _DEFINITION.findall(cell)}
    used = [(label or text) for text, label in _REFERENCE.findall(cell)]
    return sorted({u for u in used if _CITATION_LABEL.match(u) and u.lower() not in defined})


def test_an_undefined_reference_link_is_caught() -> None:
    cell = "Duels ([§12.1][]) and [the tie][§12.2]; [4][2] is a bid.\n\n[§12.1]: ../../docs/rules/x.md#s12-1"
    assert _undefined_references(cell) == ["§12.2"]


def test_the_link_tool_links_a_cell_once() -> None:
    tool = _link_tool()
    source = ("# %% [markdown]\n# The leader pits (§13.A.3); restarts: the Expansion #1 digest (Spa) §7.2, the\n"
              "# manual's §7.2 and `§13.D.2` in code.\n#\n# ## A heading §13\n\n# %%\nx = 1  # §13.D.2\n")
    once = tool.link_source(source, "rf90", "../../docs/rules")
    assert tool.link_source(once, "rf90", "../../docs/rules") == once
    assert "[§13.A.3][]" in once and "# [§13.A.3]: ../../docs/rules/rf90_rules_digest.md#s13-a-3" in once
    assert "[§7.2][x1-s7-2]" in once and "[§7.2][s7-2]" in once  # one label, two documents
    assert "`§13.D.2`" in once and "x = 1  # §13.D.2" in once and "# ## A heading §13\n" in once
    for file, anchor in linked_targets(once):
        assert anchor in _anchors(file)


def _docstrings() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((ROOT / "racebook").rglob("*.py")):  # read, not imported
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    out.append((module, getattr(node, "name", module), doc))
    return out


def test_every_docstring_citation_exists() -> None:
    problems, cited = [], 0
    for module, name, doc in _docstrings():
        if module == "racebook.core.citations":  # its docstring shows the citation forms, for every game
            continue
        found = citations.find(doc, citations.doc_of_module(module), prose=True)
        cited += len(found)
        problems += missing(found, f"{module}.{name}")
    assert cited > 500
    assert problems == []


def test_every_readme_and_docs_citation_exists_and_is_a_link() -> None:
    """README.md and docs/*.md: each citation outside code is a link (tools/link_citations.py README.md docs/*.md)
    to an anchor that exists."""
    tool = _link_tool()
    problems, links = [], 0
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for file, anchor in linked_targets(text):
            links += 1
            if anchor not in _anchors(file):
                problems.append(f"{path.name}: link to {file}#{anchor}")
        protected = tool._protected(text)
        doc = citations.doc_of_file(path.name, "")
        problems += [f"{path.name}: not a link: {c.text!r}" for c in citations.find(text, doc, prose=True)
                     if not any(a <= c.start < b for a, b in protected)]
        problems += [f"{path.name}: no definition for the link [{label}]" for label in _undefined_references(text)]
    assert links > 100
    assert problems == []


# ----------------------------------------------------------------- widgets
def test_the_steppers_rule_badge_links_to_the_section() -> None:
    """The stepper's rule badge is a link to the current event's section (new tab), for both games."""
    from racebook.automobiles import scenario as auto_scenario
    from racebook.ui import style
    from racebook.ui.stepper import Stepper

    for race in (racebook.load_scenario("ex26").race, auto_scenario.load("auto_ex14_turbo")):
        st = Stepper(race)
        for i in range(1, st.count + 1):
            st.go(i)
            link = st.event.rule_link
            if link is None:
                assert "<a " not in st.sentence.value
                continue
            href = re.search(r'<a class="rb-rule"[^>]* href="([^"]+)" target="_blank"', st.sentence.value)
            assert href is not None and href.group(1) == st.event.rule_url(), st.sentence.value
            assert link.anchor in _anchors(link.file)
    assert 'href="../../docs/rules/rf90_rules_digest.md#s13-d-2"' in style.rule_html("§13.D.2")
    assert style.rule_html("RPN") == '<span class="rule">RPN</span>'
