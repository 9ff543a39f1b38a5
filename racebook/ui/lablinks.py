"""Rule badges that open their section inside JupyterLab (issue 18).

A widget's rule badge is a plain link, ``../../docs/rules/<file>#<anchor>`` in a new tab
(:func:`racebook.core.citations.widget_url`). JupyterLab drops the ``#fragment`` of the ``/lab/tree/…`` address that
tab opens, so the digest opens at its top; a notebook's markdown link lands on the section because it goes through
JupyterLab's link handler, the command ``rendermime:handle-local-link`` with ``{path, id}``, which opens the file in
the Markdown Preview and scrolls to the element whose id (``data-jupyter-id`` after the sanitizer) is the anchor.

Widget HTML does not go through that handler, but JupyterLab's ``CommandLinker`` listens to every click in the page:
an element carrying ``data-commandlinker-command="rendermime:handle-local-link"`` and
``data-commandlinker-args='{"path": "docs/rules/rf90_rules_digest.md", "id": "#s13-d-2"}'`` runs the same command
(checked in JupyterLab 4.6.6, the pinned version: ``@jupyterlab/apputils``' ``CommandLinker``). The linker cancels the
click's default, so the ``href`` stays the fallback where no linker listens (Voilà, JupyterLite, other front ends).
JupyterLab 4.6 runs a command link without asking only inside a trusted part of the page: a notebook whose code
cells are all trusted (after Run All, or a notebook you saved); elsewhere it asks "Run Command?" first.

The command takes a path from the server's root, which only the server knows: the kernel reads it from the server
that started it (``JPY_PARENT_PID``, set by jupyter_client, names the server's ``jpserver-<pid>.json`` in the
Jupyter runtime directory, which holds ``root_dir``). No such server (Voilà, JupyterLite, a plain script), a digest
outside the server's root, or ``RACEBOOK_RULES_URL`` set (the badge then links a hosted copy on purpose): no
attributes, the plain link only.
"""

from __future__ import annotations

import html
import json
import os
from functools import lru_cache
from pathlib import Path

from racebook.core import citations

COMMAND = "rendermime:handle-local-link"


@lru_cache(maxsize=8)
def _root_from_info(pid: str, runtime_dir: str) -> Path | None:
    info = Path(runtime_dir) / f"jpserver-{pid}.json"
    try:
        root = json.loads(info.read_text(encoding="utf-8")).get("root_dir")
    except (OSError, ValueError, AttributeError):
        return None
    return Path(root).resolve() if isinstance(root, str) and root else None


def server_root() -> Path | None:
    """The root folder of the Jupyter server that started this kernel, or None (no server, or not a Jupyter one)."""
    pid = os.environ.get("JPY_PARENT_PID", "")
    if not pid.isdigit():
        return None
    try:
        from jupyter_core.paths import jupyter_runtime_dir
    except ImportError:  # JupyterLite, a bare install
        return None
    return _root_from_info(pid, jupyter_runtime_dir())


@lru_cache(maxsize=8)
def _rules_folder(root: Path, cwd: Path) -> str | None:
    """``docs/rules`` as a path from the server's root: the one the badge's href names (beside the notebooks), else
    the installed copy (:func:`racebook.docs_path`), if it is under the root."""
    import racebook

    for folder in ((cwd / citations.NOTEBOOK_BASE).resolve(), (racebook.docs_path() / "rules").resolve()):
        if folder.is_dir() and folder.is_relative_to(root):
            return folder.relative_to(root).as_posix()
    return None


def lab_args(citation: citations.Citation) -> dict[str, str] | None:
    """The arguments of :data:`COMMAND` that open ``citation``'s section, or None where it cannot run."""
    if os.environ.get("RACEBOOK_RULES_URL"):
        return None
    root = server_root()
    if root is None:
        return None
    folder = _rules_folder(root, Path.cwd().resolve())
    if folder is None:
        return None
    path = f"{folder}/{citation.file}" if folder not in ("", ".") else citation.file
    return {"path": path, "id": f"#{citation.anchor}"}


def attributes(citation: citations.Citation) -> str:
    """The command-link attributes for a badge linking ``citation`` (with a leading space), or ``""``."""
    args = lab_args(citation)
    if args is None:
        return ""
    return (f' data-commandlinker-command="{COMMAND}"'
            f' data-commandlinker-args="{html.escape(json.dumps(args, separators=(",", ":")))}"')
