"""Measure what an install costs on disk: a fresh venv with racebook alone, and one with what `make lab` installs.

    python tools/install_size.py                # print the figures (JSON)
    python tools/install_size.py --readme       # also write them into README.md between the install-size markers
    python tools/install_size.py --readme --measured FIGURES.json   # write an earlier run's printed figures

Each venv is created in a temporary folder, installed with pip exactly as the Makefile does (the Binder pins as
constraints), measured (every file under the venv, in MB of 10^6 bytes) and removed. Takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
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


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def measure(spec: str) -> dict:
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readme", action="store_true")
    ap.add_argument("--measured", type=Path, help="use this output of an earlier run instead of measuring again")
    args = ap.parse_args()
    if args.measured:
        figures = json.loads(args.measured.read_text(encoding="utf-8"))
        core, lab = figures["core"], figures["lab"]
    else:
        core, lab = measure("."), measure(".[lab]")
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
