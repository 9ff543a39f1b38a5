"""The README is a short organisers' guide (issue 18 item 3): two commands, what happens next, a workshop plan with
figures written by scripts, links into docs/ that resolve, every abbreviation defined or linked to the glossary.
The reference material and its tests moved to docs/ and tests/test_docs.py."""

from __future__ import annotations

import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ABBREVIATIONS = ("FAS", "RPN", "ET", "LB", "MP", "AMB")


def test_quick_start_is_exactly_two_commands() -> None:
    block = README.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make lab", "make test"]


def test_the_readme_is_short_and_says_what_happens_next() -> None:
    lines = README.count("\n")
    assert lines <= 150, f"README.md has {lines} lines"
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    for needle in ("http://localhost:8888/lab/tree/notebooks/rf90/00_start_here.ipynb", "00_start_here",
                   "Ctrl-C", "apt-get", "root"):
        assert needle in quick, needle
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "FIRST_NOTEBOOK := notebooks/rf90/00_start_here.ipynb" in makefile  # what `make lab` opens
    assert (ROOT / "tools" / "ensure_chromium.sh").read_text(encoding="utf-8").count("apt-get") >= 1
    shots = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert len(shots) == 1 and shots[0].startswith("docs/screenshots/") and (ROOT / shots[0]).is_file()


def _block(begin: str, end: str) -> str:
    assert README.count(begin) == 1 and README.count(end) == 1, begin
    return README.split(begin, 1)[1].split(end, 1)[0].strip()


def test_the_readme_figures_are_written_by_scripts() -> None:
    """The install size (tools/install_size.py) and the notebooks' times (tools/notebook_times.py) sit between
    their markers, in the form the scripts write; every notebook has its row."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import install_size
        import notebook_times
    finally:
        sys.path.remove(str(ROOT / "tools"))
    size = _block(install_size.BEGIN, install_size.END)
    assert re.fullmatch(r"`make lab` installs about \*\*\d+ MB\*\* into `\.venv/` .* is \d+ MB\.", size, re.S), size
    lab, core = (int(n) for n in re.findall(r"(\d+) MB", size))  # what `make lab` installs, racebook alone
    assert install_size.readme_line({"mb": 1, "minutes": 0.5}, {"mb": 2, "minutes": 3.0}).startswith(
        install_size.BEGIN)
    assert 0 < core < lab
    times = _block(notebook_times.BEGIN, notebook_times.END)
    rows = re.findall(r"^\| `(\w+/[0-9A-Z]\d[a-z]?_\w+)\.ipynb` \| .* \| (\d+) min \| (\d+) \| (\d+) s \|$",
                      times, re.M)
    shipped = [notebook_times.row_name(src).removesuffix(".ipynb") for src in notebook_times.every_source()]
    assert len(shipped) == len(list(ROOT.glob("notebooks/*/*.ipynb"))) > 20
    assert [r[0] for r in rows] == shipped  # every notebook of every game has its row
    for name, minutes, panels, _seconds in rows:  # the reading time and the panels are recomputed here
        _title, want_minutes, want_panels = notebook_times.reading(ROOT / "notebooks" / f"{name}.py")
        assert (int(minutes), int(panels)) == (want_minutes, want_panels), name
    workshop = README.split("## Run a workshop", 1)[1].split("\n## ", 1)[0]
    order = workshop.split("<!-- notebooks:begin", 1)[0]
    named = re.findall(r"`([0-9A-Z]\d[a-z]?)(?:_\w+)?`", order)  # a number, or a number and a part: 05a
    stems = [n.split("/")[1] for n in shipped]
    for nb in re.findall(r"`([0-9A-Z]\d[a-z]?_\w+)`", order):
        assert nb in stems, nb
    for stem in stems:  # every notebook (every part) has its place in the workshop order
        assert stem.split("_", 1)[0] in named, f"{stem} is not in the README's workshop order"


def test_every_link_in_the_readme_and_docs_resolves() -> None:
    """Relative links (README.md, docs/*.md) point at files that exist, and a link into docs/rules at an anchor."""
    from racebook.core import citations

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "rules" / "README.md"]
    checked = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"`[^`\n]*`", "", re.sub(r"^```.*?^```", "", text, flags=re.M | re.S))  # code is not a link
        targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"^\[[^\]]+\]: (\S+)$", text, re.M)
        for target in targets:
            if target.startswith(("http://", "https://", "#")):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve()
            assert file.exists(), f"{page.name}: {target}"
            if anchor and file.parent == ROOT / "docs" / "rules":
                assert anchor in citations.anchors_in(file.read_text(encoding="utf-8")), f"{page.name}: {target}"
            checked += 1
    assert checked > 100


def test_every_abbreviation_is_defined_or_linked_to_the_glossary() -> None:
    """FAS, RPN, ET, LB, MP, AMB: the glossary defines each; the README and every docs page link the glossary before
    they first use one."""
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for abbr in ABBREVIATIONS:
        assert f"| **{abbr}** |" in glossary, abbr
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if page.name == "glossary.md":
            continue
        text = page.read_text(encoding="utf-8")
        link = re.search(r"\]\((?:docs/)?glossary\.md\)", text)
        for abbr in ABBREVIATIONS:
            first = re.search(rf"(?<![\w-]){abbr}(?![\w-])", text)
            if first is None or text[first.start() - 1:first.end() + 1] == f"({abbr})":  # "Full Name (ABBR)"
                continue
            end = text.find("\n\n", first.start())  # else the link comes first, or in the paragraph that uses it
            assert link is not None and link.start() < (end if end >= 0 else len(text)), (page.name, abbr)


def test_the_licence_and_the_publishers_note() -> None:
    licence = README.split("## Licence", 1)[1]
    assert "[LICENSE](LICENSE)" in licence and "MIT" in licence and "belong to their publishers" in licence
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def _make_lab_command() -> list[str]:
    """The `jupyter lab` command `make lab` runs (from `make -n lab`), and the commands before it."""
    out = subprocess.run(["make", "-n", "-s", "lab", "LAB_ARGS=--no-browser"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.replace("\\\n", " ")
    lines = [ln for ln in out.splitlines() if ln.strip()]
    lab = [i for i, ln in enumerate(lines) if " lab " in ln and "jupyter" in ln]
    assert len(lab) == 1, out
    assert any("rm -rf .venv/lab-workspaces" in ln for ln in lines[:lab[0]])  # a fresh workspace every time
    return shlex.split(lines[lab[0]])


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_lab_prints_the_first_notebooks_address(tmp_path: Path) -> None:
    """Issue 34 item 5: the address `make lab` prints (and opens) is the first notebook's, as the README says — not
    JupyterLab's bare /lab — and it starts from a fresh workspace."""
    cmd = _make_lab_command()
    jupyter = ROOT / cmd[0]
    if not jupyter.exists():
        pytest.skip(f"{cmd[0]} is not installed (make lab installs it)")
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        port = sk.getsockname()[1]
    # the test's own workspace folder in place of the Makefile's (a trait given twice on the command line makes
    # traitlets drop the other LabApp options, default_url included)
    cmd = [str(jupyter), *(f"--LabApp.workspaces_dir={tmp_path / 'ws'}" if a.startswith("--LabApp.workspaces_dir=")
                           else a for a in cmd[1:]), f"--port={port}", "--ServerApp.ip=127.0.0.1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = ""
    try:
        deadline = time.monotonic() + 120
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            m = re.search(r"http://127\.0\.0\.1:\d+(/\S*)", line)
            if m:
                found = m.group(1)
                break
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    assert found.startswith("/lab/tree/notebooks/rf90/00_start_here.ipynb?token="), found
    assert "http://localhost:8888" + found.split("?")[0] in README
