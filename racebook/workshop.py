"""Presenter mode for clubs: the mechanic notebooks as clean Voilà apps (issue 9).

``racebook workshop [NOTEBOOK_OR_DIR]`` (and ``make workshop``) starts Voilà with racebook's
presenter template (``racebook/ui/presenter/voila/templates/racebook``): no code, large type,
only the notebook's explanation and its live widgets. The engine never imports Voilà: this
module only builds the command line and runs it in a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from racebook.core.errors import RacebookError

TEMPLATE = "racebook"
#: A directory on JUPYTER_PATH that holds ``voila/templates/racebook``.
PRESENTER_ROOT = Path(__file__).resolve().parent / "ui" / "presenter"


class WorkshopError(RacebookError):
    """The presenter mode cannot start (no notebooks, or Voilà is missing)."""


@dataclass(frozen=True, slots=True)
class WorkshopCommand:
    argv: list[str]
    env: dict[str, str]
    url: str


def _executed_notebooks(nb_dir: Path) -> list[Path]:
    """The executed notebooks under ``nb_dir`` (one folder per game: ``notebooks/rf90/02_duels.ipynb``), in
    order; JupyterLab's checkpoints are not notebooks."""
    return sorted((p for p in nb_dir.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts),
                  key=lambda p: (p.stem, p.parent.name))


def find_notebooks(target: str | None, cwd: Path | None = None) -> Path:
    """The notebook or folder to serve: ``target`` as a path, or a notebook under ``notebooks/`` (in any game's
    folder) named by its number or name (``02``, ``02_duels``, or ``rf90/02`` for one game's); no target = the
    whole ``notebooks/`` folder."""
    base = Path(cwd or Path.cwd())
    nb_dir = base / "notebooks"
    if not target:
        if nb_dir.is_dir():
            return nb_dir
        raise WorkshopError(f"no notebooks/ folder in {base}: run from the racebook checkout, "
                            "or give a notebook or folder")
    path = Path(target)
    if not path.is_absolute():
        path = base / path
    try:
        if path.exists():
            return path
    except (OSError, ValueError) as e:  # a name too long, a NUL byte: not a notebook
        raise WorkshopError(f"{target[:120]!r} is not a notebook or folder ({getattr(e, 'strerror', None) or e})") \
            from None
    if nb_dir.is_dir():
        every = _executed_notebooks(nb_dir)
        game, _, name = target.rpartition("/")  # "rf90/02": notebook 02 of that game's folder
        hits = [p for p in every if (p.stem == name or p.stem.startswith(f"{name}_"))
                and (not game or p.parent.name == game)]
        if len(hits) == 1:
            return hits[0]
        names = ", ".join(p.stem for p in every)
        if hits:
            raise WorkshopError(f"{target!r} names several notebooks: {', '.join(p.stem for p in hits)}")
        raise WorkshopError(f"no notebook {target!r}: give a path, or one of {names}")
    raise WorkshopError(f"{target!r} is not a notebook or folder, and there is no notebooks/ folder in {base}")


def command(target: Path, port: int = 8866, open_browser: bool = True, ip: str = "127.0.0.1") -> WorkshopCommand:
    """The Voilà command line and environment for presenting ``target`` (a notebook or a folder).

    Voilà never shows a server traceback to a viewer (``--show_tracebacks=False``); the widgets show one
    friendly line per error (:class:`racebook.ui.errors.ErrorLog`)."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(PRESENTER_ROOT), env.get("JUPYTER_PATH", "")) if p)
    argv = [sys.executable, "-m", "voila", str(target), f"--template={TEMPLATE}", "--strip_sources=True",
            "--show_tracebacks=False", "--theme=light", f"--port={port}", f"--Voila.ip={ip}"]
    if not open_browser:
        argv.append("--no-browser")
    return WorkshopCommand(argv, env, f"http://{ip}:{port}/")


def main(target: str | None, port: int = 8866, open_browser: bool = True) -> int:
    try:
        import voila  # noqa: F401  (only to fail early with a clear message)
    except ImportError as e:
        raise WorkshopError("Voilà is not installed: `make workshop` installs it, "
                            "or pip install 'racebook[lab]'") from e
    cmd = command(find_notebooks(target), port, open_browser)
    print(f"racebook workshop: presenter mode on {cmd.url} (Ctrl+C stops it)", flush=True)
    try:
        return subprocess.call(cmd.argv, env=cmd.env)
    except KeyboardInterrupt:
        return 0
