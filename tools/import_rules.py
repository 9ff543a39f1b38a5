"""Bring the rules digests into ``docs/rules/``: the text whole, a short header, and a stable anchor per section.

    python tools/import_rules.py                      # from ../shared/rules (beside the clone) into docs/rules
    python tools/import_rules.py --source DIR         # from another copy of the digests
    python tools/import_rules.py --check              # exit 1 if docs/rules differs from what the tool writes

The digests are this project's own English writing (``/work/shared/rules/*_digest.md``); the games' rules belong
to their publishers and are paraphrased there for teaching. Each numbered heading, each lettered sub-paragraph of
RF90's §13.A/§13.F (``**A.3 Pit stop**``), each worked example and each ambiguity row gets an anchor derived from its
number only (``<a id="s13-d-2"></a>``; the prefixes are in ``racebook.core.citations.DOCS``), so the anchor does not
change when a heading's words change. Running the tool twice gives the same files.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from racebook.core.citations import DOCS, anchor_for  # noqa: E402

HEADER_END = "<!-- racebook: end of header -->"
HEADING = re.compile(r"^(#{2,6}) (\d+(?:\.[0-9A-Z]+)*)\.?(?= )")
LETTERED = re.compile(r"^\*\*([A-F])\.(\d+) ")
EXAMPLE = re.compile(r"^\*\*Ex\. (X1-)?(\d+) ")
EXAMPLE_ROW = re.compile(r"^\| (\d+) \|")
AMB_ROW = re.compile(r"^\| (AMB-(?:X1-|HTP-)?\d+) \|")
LIST_ITEM = re.compile(r"^(\d+)\. ")
NUMBERED_ROW = re.compile(r"^\| (\d+) \|")  # RF90 §31 numbers its rows from 20 on without the "AMB-"
TAG = re.compile(r'<a id="[^"]*"></a>')


def _source_line(text: str) -> str:
    m = re.search(r"^Source: (.*)$", text, re.M)
    return m.group(1).strip() if m else "see the digest's opening section"


def header(doc_name: str, text: str) -> str:
    doc = DOCS[doc_name]
    seeds = ", ".join(f"`{s}`" for s in re.findall(r"`?shared/seeds/([\w.-]+)`?", _source_line(text))) or "—"
    return (f"> **What this file is.** {doc.title}: racebook's own English digest of the rules of *{doc.game}*, "
            f"the reference every \"§\" citation in racebook links to. The game and its rules belong to their "
            f"publisher; they are paraphrased here, in the project's own words, for teaching. Source seeds (the "
            f"original texts, not shipped): {seeds}. Every section has a stable anchor derived from its number "
            f"(`#{anchor_for(doc_name, 'section', doc.example_section)}`), "
            f"so links keep working when a heading's words change.\n{HEADER_END}\n\n")


def _leaf_sections(text: str) -> set[str]:
    """The numbers of the sections with no numbered sub-heading: their top-level numbered list items are
    sub-sections (RF90 "§10.1" is step 1 of §10's list, Automobiles "§6.4" item 4 of §6's)."""
    numbers = [m.group(2) for line in text.splitlines() if (m := HEADING.match(TAG.sub("", line)))]
    return {n for n in numbers if not any(o.startswith(n + ".") for o in numbers)}


def anchored(doc_name: str, text: str) -> str:
    """The digest with one ``<a id>`` per numbered section (and list item of a section without sub-headings),
    lettered paragraph, worked example and ambiguity."""
    leaves = _leaf_sections(text)
    section: str | None = None
    out: list[str] = []
    in_examples = in_ambiguities = False
    block: str | None = None  # the lettered block we are in (RF90 §13.A / §13.F)
    for line in text.splitlines():
        line = TAG.sub("", line)
        m = HEADING.match(line)
        if m:
            number = m.group(2)
            block = number if re.fullmatch(r"13\.[A-F]", number) else None
            section = number if number in leaves and not block else None
            in_examples = doc_name == "automobiles" and number == "24"
            in_ambiguities = "Ambiguit" in line
            line = f'{m.group(1)} <a id="{anchor_for(doc_name, "section", number)}"></a>{line[len(m.group(1)) + 1:]}'
        elif line.startswith("#"):
            in_examples = in_examples and not line.startswith("## ")
            section = None
        elif section and (im := LIST_ITEM.match(line)):
            line = f'{im.group(0)}<a id="{anchor_for(doc_name, "section", f"{section}.{im.group(1)}")}"></a>' \
                   f'{line[len(im.group(0)):]}'
        elif (lm := LETTERED.match(line)) and block and lm.group(1) == block[-1]:
            line = f'<a id="{anchor_for(doc_name, "section", f"{block}.{lm.group(2)}")}"></a>{line}'
        elif em := EXAMPLE.match(line):
            line = f'<a id="{anchor_for(doc_name, "example", (em.group(1) or "") + em.group(2))}"></a>{line}'
        elif in_examples and (rm := EXAMPLE_ROW.match(line)):
            line = f'| <a id="{anchor_for(doc_name, "example", rm.group(1))}"></a>{line[2:]}'
        elif am := AMB_ROW.match(line) or in_ambiguities and NUMBERED_ROW.match(line):
            line = f'| <a id="{anchor_for(doc_name, "amb", am.group(1))}"></a>{line[2:]}'
        out.append(line)
    return "\n".join(out) + "\n"


def build(source: Path) -> dict[str, str]:
    files = {}
    for name, doc in DOCS.items():
        text = (source / doc.file).read_text(encoding="utf-8")
        title, _, rest = text.partition("\n")
        files[doc.file] = f"{title}\n\n{header(name, text)}{anchored(name, rest.lstrip(chr(10)))}"
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "rules")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "rules")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    files = build(args.source)
    stale = [n for n, t in files.items() if not (args.out / n).is_file() or (args.out / n).read_text("utf-8") != t]
    if args.check:
        for n in stale:
            print(f"out of date: {args.out / n}")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for n, t in files.items():
        (args.out / n).write_text(t, encoding="utf-8")
    print(f"wrote {len(files)} files into {args.out} ({len(stale)} changed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
