"""Turn the bare rule citations in notebooks' markdown cells into links to the rules reference (docs/rules/).

    python tools/link_citations.py notebooks/rf90/*.py            # rewrite the jupytext sources in place
    python tools/link_citations.py --check notebooks/rf90/*.py    # exit 1 if a source still has a bare citation
    python tools/link_citations.py README.md docs/*.md            # markdown pages too (links at the page's end)

Each "§13.D.2", "§4.3 (Expansion #1)", "AMB-29", "Ex. 12" … in a markdown cell of a ``py:percent`` source becomes
a reference link, ``[§13.D.2][]``, with its definition at the end of the cell,
``[§13.D.2]: ../../docs/rules/rf90_rules_digest.md#s13-d-2`` (relative to the notebook's folder; the file and the
anchor come from ``racebook.core.citations``; a label that two documents share in one cell is written
``[§4.3][x1-s4-3]``). Reference links keep the prose lines short; a line that grows past 120 characters is wrapped
at a space. Headings, code spans and existing links are left alone, so running the tool again changes nothing; a
reference link to a citation written without its definition (``[§12.1][]`` alone) gets one.
Re-execute a changed notebook afterwards: ``tools/run_notebook.py notebooks/rf90/NN_name.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from racebook.core import citations  # noqa: E402

WIDTH = 120
LINKED = re.compile(r"\[[^\]\n]*\](?:\([^)\n]*\)|\[[^\]\n]*\])")
FENCED = re.compile(r"^```.*?^```", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
BLOCK = re.compile(r"^\s*(?:[*+>|#<-]|\d+\.\s|```|\[[^\]]+\]: )")  # a line that starts a new block
DEFINITION = re.compile(r"^\[[^\]\n]+\]: \S+$")


def _protected(text: str) -> list[tuple[int, int]]:
    spans = [m.span() for m in FENCED.finditer(text)]
    spans += [m.span() for m in LINKED.finditer(text)] + [m.span() for m in CODE.finditer(text)]
    offset = 0
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("#") or DEFINITION.match(line.strip()):  # headings, link definitions
            spans.append((offset, offset + len(line)))
        offset += len(line)
    return spans


def link_markdown(text: str, game: str, base: str, wrap: bool = True) -> str:
    """One markdown cell's text with its bare citations linked (idempotent)."""
    lines = text.split("\n")
    while lines and (DEFINITION.match(lines[-1]) or not lines[-1].strip()):
        lines.pop()
    body = "\n".join(lines)
    defs = dict(m.groups() for m in re.finditer(r"^\[([^\]\n]+)\]: (\S+)$", text, re.M))
    protected = _protected(body)
    found = [c for c in citations.find(body, game, prose=True)
             if not any(a <= c.start < b for a, b in protected)]
    urls: dict[str, set[str]] = {}
    for c in found:
        urls.setdefault(c.text.lower(), set()).add(c.url(base))
    for label, url in defs.items():
        urls.setdefault(label.lower(), set()).add(url)
    out, at = [], 0
    for c in found:
        out.append(body[at:c.start])
        if len(urls[c.text.lower()]) == 1 and defs.get(c.text, c.url(base)) == c.url(base):
            out.append(f"[{c.text}][]")
            defs[c.text] = c.url(base)
        else:
            out.append(f"[{c.text}][{c.anchor}]")
            defs[c.anchor] = c.url(base)
        at = c.end
    out.append(body[at:])
    body = "".join(out)
    if wrap:
        body = _wrap(body, {line for line in text.split("\n") if len(line) > WIDTH - 2})
    used = {(m.group(2) or m.group(1)).lower() for m in re.finditer(r"\[([^\]\n]*)\]\[([^\]\n]*)\]", body)}
    written = {(m.group(2) or m.group(1)) for m in re.finditer(r"\[([^\]\n]*)\]\[([^\]\n]*)\]", body)}
    known = {k.lower() for k in defs}
    for label in sorted(w for w in written if w.lower() not in known):  # a reference link never defined
        hits = [c for c in citations.find(label, game, prose=True) if c.start == 0 and c.end == len(label)]
        if len(hits) == 1:
            defs[hits[0].text] = hits[0].url(base)
    kept = {k: v for k, v in defs.items() if k.lower() in used}
    if not kept:
        return body
    return body + "\n\n" + "\n".join(f"[{k}]: {v}" for k, v in sorted(kept.items(), key=lambda kv: (kv[1], kv[0])))


def _wrap(text: str, keep: set[str], width: int = WIDTH - 2) -> str:
    """Lines longer than ``width`` (the "# " prefix aside) split at the last space before it, outside a link label;
    the rest joins the next line of the paragraph (or starts a line indented like a list item's text). Table rows
    and the lines that were already that long (``keep``) are left alone."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if len(line) > width and line not in keep and not line.lstrip().startswith("|"):
            cut = line.rfind(" ", 0, width + 1)
            while cut > 0 and line[:cut].count("[") != line[:cut].count("]"):  # never inside a link's label
                cut = line.rfind(" ", 0, cut)
            item = re.match(r"^(\s*(?:[*+-]|\d+\.)?\s*)", line)
            lead = " " * len(item.group(1)) if item else ""
            if cut > len(lead):
                out.append(line[:cut].rstrip())
                rest = line[cut + 1:].lstrip()
                nxt = lines[i + 1] if i + 1 < len(lines) else ""
                if nxt.strip() and not BLOCK.match(nxt):  # the paragraph goes on: join it
                    lines[i + 1] = nxt[:len(nxt) - len(nxt.lstrip())] + rest + " " + nxt.lstrip()
                else:
                    lines.insert(i + 1, lead + rest)
                i += 1
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def link_source(source: str, game: str, base: str) -> str:
    """A jupytext py:percent source with every markdown cell linked."""
    lines = source.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        if not (lines[i].startswith("# %%") and "[markdown]" in lines[i]):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and (lines[j].startswith("# ") or lines[j] == "#") and not lines[j].startswith("# %%"):
            j += 1
        cell = "\n".join(line[2:] for line in lines[i + 1:j])
        out += [f"# {line}" if line else "#" for line in link_markdown(cell, game, base).split("\n")]
        i = j
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path, help="notebook sources (notebooks/<game>/NN_name.py), .md pages")
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if a source would change")
    args = ap.parse_args(argv)
    changed = []
    for path in args.paths:
        path = path.resolve()
        game = citations.doc_of_file(path.name, path.parent.name)
        base = Path(os.path.relpath(ROOT / "docs" / "rules", path.parent)).as_posix()
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".md":  # a markdown page (README.md, docs/*.md): one cell, lines never wrapped
            new = link_markdown(text.rstrip("\n"), game, base, wrap=False) + "\n"
        else:
            new = link_source(text, game, base)
        if new != text:
            changed.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(f"{'would link' if args.check else 'linked'}: {path.relative_to(ROOT)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
