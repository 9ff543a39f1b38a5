"""Measure what an install costs on disk: racebook alone (its wheel in a fresh venv) and what `make lab` installs.

    python tools/install_size.py                # print the figures (JSON)
    python tools/install_size.py --readme       # also write them into README.md between the install-size markers
    python tools/install_size.py --core-only --readme   # measure racebook alone again; keep README's `make lab` figure
    python tools/install_size.py --readme --measured FIGURES.json   # write an earlier run's printed figures

racebook alone (:func:`measure_core`, seconds, offline): the wheel is built from the checkout (``pip wheel
--no-deps --no-build-isolation``: hatchling is in the test extra), installed with this interpreter's pip into a
fresh venv that has no pip of its own (``pip --python``, ``--no-index``: racebook depends on nothing), measured, and
``racebook --version`` is run from it; it also records which Jupyter modules the venv can import (none: the core
install pulls no Jupyter). tests/test_packaging.py runs it and checks the README's figure against it.

What `make lab` installs (:func:`measure`, a few minutes, needs the package index): a fresh venv with pip, installed
exactly as the Makefile does (the Binder pins as constraints). Both in MB of 10^6 bytes: every file the install adds
to the venv (the compiled .pyc files included); each venv is made in a temporary folder and removed.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BEGIN = "<!-- install-size:begin (written by tools/install_size.py --readme) -->"
END = "<!-- install-size:end -->"
#: What a core install must not be able to import (the Jupyter stack of the ui / lab extras).
JUPYTER = ("jupyterlab", "jupyter_server", "ipywidgets", "bqplot", "pandas", "voila", "ipykernel", "IPython")


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build_wheel(out: Path) -> Path:
    """The racebook wheel of this checkout, built into ``out`` (no build isolation: offline)."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = out.glob("racebook-*.whl")
    return wheel


def measure_core(tmp: Path, wheel: Path | None = None) -> dict:
    """racebook alone: ``wheel`` (built from the checkout if None) installed into a fresh venv under ``tmp``. Returns
    its size (``mb``, ``bytes``), the first line ``racebook --version`` prints from the venv, and the modules of
    :data:`JUPYTER` the venv can import."""
    wheel = wheel or build_wheel(tmp / "wheel")
    env = tmp / "core-venv"
    venv.create(env, with_pip=False)
    empty = _size(env)
    python = env / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)
    added = _size(env) - empty
    version = subprocess.run([str(env / "bin" / "racebook"), "--version"], check=True, capture_output=True,
                             text=True, cwd=tmp).stdout.splitlines()[0]
    probe = f"import importlib.util as u, json; print(json.dumps([m for m in {JUPYTER!r} if u.find_spec(m)]))"
    jupyter = json.loads(subprocess.run([str(python), "-c", probe], check=True, capture_output=True, text=True,
                                        cwd=tmp).stdout)
    return {"spec": wheel.name, "mb": round(added / 1e6), "bytes": added, "version": version, "jupyter": jupyter}


def measure(spec: str) -> dict:
    """``pip install`` of ``spec`` (e.g. ``.[lab]``) into a fresh venv, as the Makefile installs: MB and minutes."""
    with tempfile.TemporaryDirectory(prefix="racebook-size-") as tmp:
        env = Path(tmp) / "venv"
        venv.create(env, with_pip=True)
        empty = _size(env)
        start = time.monotonic()
        subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-cache-dir",
                        "-c", str(ROOT / "binder" / "requirements.txt"), spec], check=True, cwd=ROOT)
        minutes = round((time.monotonic() - start) / 60, 1)
        return {"spec": spec, "mb": round((_size(env) - empty) / 1e6), "minutes": minutes}


def readme_line(core: dict, lab: dict) -> str:
    return (f"{BEGIN}\n`make lab` installs about **{lab['mb']} MB** into `.venv/` (racebook with JupyterLab, Voilà and "
            f"the widgets; {lab['minutes']} min here); racebook alone (`pip install racebook`, no Jupyter) is "
            f"{core['mb']} MB.\n{END}")


def readme_figures(text: str | None = None) -> tuple[dict, dict]:
    """The (core, lab) figures the README states now (what :func:`readme_line` wrote)."""
    text = README.read_text(encoding="utf-8") if text is None else text
    block = text.split(BEGIN, 1)[1].split(END, 1)[0]
    found = re.search(r"about \*\*(\d+) MB\*\* .*?; ([\d.]+) min here\); .* is (\d+) MB\.", block, re.S)
    if found is None:
        raise ValueError(f"{README}: the install-size block is not in the form readme_line writes")
    return {"mb": int(found[3])}, {"mb": int(found[1]), "minutes": float(found[2])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readme", action="store_true")
    ap.add_argument("--core-only", action="store_true", help="measure racebook alone; keep the README's lab figure")
    ap.add_argument("--measured", type=Path, help="use this output of an earlier run instead of measuring again")
    args = ap.parse_args()
    if args.measured:
        figures = json.loads(args.measured.read_text(encoding="utf-8"))
        core, lab = figures["core"], figures["lab"]
    else:
        with tempfile.TemporaryDirectory(prefix="racebook-size-") as tmp:
            core = measure_core(Path(tmp))
        lab = readme_figures()[1] if args.core_only else measure(".[lab]")
    print(json.dumps({"core": core, "lab": lab}))
    if args.readme:
        text = README.read_text(encoding="utf-8")
        if text.count(BEGIN) != 1 or text.count(END) != 1:
            raise SystemExit(f"{README}: needs one pair of install-size markers")
        head, rest = text.split(BEGIN)
        README.write_text(head + readme_line(core, lab) + rest.split(END, 1)[1], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
