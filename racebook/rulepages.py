"""The rules digests as web pages for presenter mode (issue 18).

Voilà serves no ``.md`` file, so in presenter mode a notebook's citation link (``../../docs/rules/<file>.md#<anchor>``)
and a widget's rule badge would end on a 404. ``racebook workshop`` therefore renders each digest of ``docs/rules``
(:func:`racebook.docs_path`) to HTML when it starts, into a throwaway folder it puts first on ``JUPYTER_PATH`` as
``voila/templates/racebook/static/rules/<file>.html`` (Voilà serves a template's ``static/`` files at
``<base>voila/templates/racebook/static/…``), and removes the folder when it stops. The presenter template rewrites
every relative link to ``…docs/rules/<file>.md#<anchor>`` to that page, anchor kept, in a new tab.

The pages keep the digests' ``<a id="…"></a>`` anchors (raw HTML, as GitHub keeps them) and link each other; they
hold nothing of the server (no path). Markdown is rendered with mistune, which nbconvert (hence Voilà) requires.

    python -m racebook.rulepages DEST    # write DEST/voila/templates/racebook/static/rules/*.html (binder/start)
"""

from __future__ import annotations

import html
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import racebook
from racebook.core import citations

#: Where the pages go under a ``JUPYTER_PATH`` root, and the URL path they are served at (after Voilà's base URL).
STATIC = Path("voila", "templates", "racebook", "static", "rules")
URL_PATH = "voila/templates/racebook/static/rules/"

_DIGEST_LINK = re.compile(r'href="([A-Za-z0-9_-]+)\.md(#[A-Za-z0-9_-]*)?"')
_CSS = """body { max-width: 62em; margin: 0 auto; padding: 1em 1.5em 40vh; font: 18px/1.5 system-ui, sans-serif;
  color: #222; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; vertical-align: top; text-align: left; }
code { background: #f3f3f3; padding: 0 3px; border-radius: 3px; }
blockquote { color: #555; border-left: 4px solid #ddd; margin-left: 0; padding-left: 1em; }
h1, h2, h3, h4 { line-height: 1.25; }
:target { scroll-margin-top: 0.5em; }
h1:has(> a:target), h2:has(> a:target), h3:has(> a:target), h4:has(> a:target), h5:has(> a:target),
p:has(> a:target), li:has(> a:target), p:has(> strong > a:target) { background: #fff1a8; }
"""


def render(markdown: str) -> str:
    """One digest (markdown with raw ``<a id>`` anchors) as a whole HTML page; links to another digest's ``.md``
    point to its page."""
    import mistune

    body = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])(markdown)
    assert isinstance(body, str)
    body = _DIGEST_LINK.sub(lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', body)
    title = next((line[2:].strip() for line in markdown.splitlines() if line.startswith("# ")), "Rules digest")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>\n{_CSS}</style>\n</head>\n<body>\n{body}</body>\n</html>\n")


def write_pages(root: Path, source: Path | None = None) -> list[Path]:
    """Render every digest of ``source`` (default ``docs_path()/rules``) into ``root/STATIC``; the pages written."""
    source = source or racebook.docs_path() / "rules"
    dest = root / STATIC
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for doc in citations.DOCS.values():
        md = source / doc.file
        if md.is_file():
            page = dest / f"{Path(doc.file).stem}.html"
            page.write_text(render(md.read_text(encoding="utf-8")), encoding="utf-8")
            written.append(page)
    return written


@contextmanager
def presenter_root() -> Iterator[Path]:
    """A throwaway ``JUPYTER_PATH`` root holding the rendered digests; removed on exit."""
    root = Path(tempfile.mkdtemp(prefix="racebook-presenter-"))
    try:
        write_pages(root)
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m racebook.rulepages DEST", file=sys.stderr)
        return 2
    pages = write_pages(Path(argv[0]))
    print(f"racebook: {len(pages)} rules pages in {Path(argv[0]) / STATIC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
