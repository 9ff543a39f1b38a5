"""Build racebook's JupyterLite site (issue 23): ``make lite`` -> ``site/``, a static folder that runs every notebook
of every game in the browser, offline.

What goes in:

* the JupyterLite app and the Pyodide kernel (``lite/requirements.txt``, installed in .venv), with the front end of
  ipywidgets (``@jupyter-widgets/jupyterlab-manager``, from .venv);
* the Pyodide core (the npm ``pyodide`` package, pinned by ``lite/package.json`` + ``package-lock.json``) served
  from ``site/static/pyodide/`` with the pure-Python wheels the kernel loads at boot (IPython, jedi, traitlets, …,
  Pyodide's own lock file versions, taken from PyPI) beside it; the lock file's ``sha256`` of each of those is
  rewritten to the wheel it now points at. Every other package of the lock (numpy, pandas, …: Pyodide builds that
  no registry reachable here holds) points at the online Pyodide CDN, so it loads when there is a network and
  fails cleanly when there is none;
* racebook as a wheel (built from this checkout) and ``lite/wheels.txt`` (ipywidgets, bqplot, …) in the piplite
  index (``site/pypi/``); PyPI fallback is off, so nothing is fetched from a package index in the browser;
* every notebook ``notebooks/<game>/*.ipynb`` (found by glob), copied with one extra first code cell that installs
  racebook and ipywidgets from the site when it runs in the browser (``sys.platform == "emscripten"``) and does
  nothing elsewhere; online it also loads pandas and bqplot (numpy and pandas from the Pyodide CDN). The
  repository's notebooks are not touched: the cell exists only in the site's copies.
  Widget views saved in the outputs are dropped (they cannot be shown without their kernel); text, HTML and SVG
  outputs stay, so a lesson can be read before it is run.

Downloads (npm, pip) are cached in ``$RACEBOOK_LITE_CACHE`` (default ``~/.cache/racebook-lite``), outside git;
a second build downloads nothing but the build backend of the racebook wheel (from pip's cache). Needs ``npm``
(tools/ensure_node.sh installs Debian's).

    python tools/build_lite.py [--out site]
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LITE = REPO / "lite"
STAGE = REPO / "build" / "lite"
CACHE = Path(os.environ.get("RACEBOOK_LITE_CACHE", Path.home() / ".cache" / "racebook-lite"))
# What the kernel imports while it boots (micropip, then IPython for pyodide_kernel, jedi for completion):
# bundled with their dependencies as Pyodide's lock file lists them.
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "traitlets")
BROWSER_PYTHON = "3.14"
INSTALL_CELL_ID = "racebook-lite-install"
INSTALL_SOURCE = """\
# In the browser (the JupyterLite site): install racebook and ipywidgets from the site itself, once per page.
# Anywhere else this cell does nothing. (Added by `make lite`; the notebook in the repository has no such cell.)
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install(["racebook", "ipywidgets"], keep_going=True)
    try:  # online only: numpy and pandas from the Pyodide CDN; then bqplot charts and pandas tables work
        await piplite.install(["pandas", "bqplot"])
    except Exception:
        print("Offline: no numpy, pandas or bqplot in this browser. The track view is drawn as SVG and the tables "
              "as HTML; a cell that needs pandas or a bqplot chart stops with an ImportError (docs/lite.md).")
"""
sys.path.insert(0, str(Path(__file__).resolve().parent))
from widget_outputs import WIDGET_VIEW  # noqa: E402  (a committed widget output is a placeholder: it stays)

NOTE_CELL_ID = "racebook-lite-offline-note"
OFFLINE_MISSING = ("numpy", "pandas", "bqplot")  # what the offline browser lacks
# Tries each import statement of each notebook in an interpreter where OFFLINE_MISSING cannot be imported (as in the
# offline browser); prints {notebook: [failing import statements]} as JSON.
_IMPORT_PROBE = """
import ast, importlib.abc, json, sys
MISSING = set(sys.argv[1].split(","))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in MISSING:
            raise ImportError("not in the offline browser: " + name)
sys.meta_path.insert(0, Block())
out = {}
for path in sys.argv[2:]:
    nb = json.load(open(path, encoding="utf-8"))
    bad = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse("".join(cell["source"]))
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                stmt = ast.unparse(node)
                try:
                    exec(stmt, {})
                except ImportError:
                    bad.append(stmt)
    out[path] = bad
print(json.dumps(out))
"""


def log(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------- Pyodide (npm)
def pyodide_version() -> str:
    return str(json.loads((LITE / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"])


def kernel_constants() -> Any:
    from jupyterlite_pyodide_kernel import constants

    return constants


def npm_pyodide() -> Path:
    """The npm ``pyodide`` package, installed (``npm ci``: the lock's integrity hashes) into the cache once."""
    version = pyodide_version()
    expected = kernel_constants().PYODIDE_VERSION
    if version != expected:
        raise SystemExit(f"lite/package.json pins pyodide {version} but jupyterlite-pyodide-kernel expects "
                         f"{expected}: update lite/package.json and package-lock.json together")
    prefix = CACHE / "npm" / version
    pkg = prefix / "node_modules" / "pyodide"
    if (pkg / "pyodide.mjs").exists() and (pkg / "pyodide-lock.json").exists():
        return pkg
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is missing: run tools/ensure_node.sh (or apt-get install nodejs npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(LITE / name, prefix / name)
    log(f"npm ci pyodide@{version} into {prefix}")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=prefix, check=True)
    return pkg


# ---------------------------------------------------------------- wheels (pip)
def _cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for w in folder.glob("*.whl"):
        dist, ver = w.name.split("-")[:2]
        if _norm(dist) == _norm(name) and ver == version:
            return w
    return None


def pip_wheels(specs: list[tuple[str, str]], folder: Path) -> list[Path]:
    """Pure-Python wheels ``name==version`` from PyPI (no dependencies: the caller lists them all), cached."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [(n, v) for n, v in specs if _cached_wheel(folder, n, v) is None]
    if missing:
        log(f"pip download {len(missing)} wheels into {folder}")
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", BROWSER_PYTHON, "-d", str(folder),
                        *[f"{n}=={v}" for n, v in missing]], check=True)
    out = []
    for n, v in specs:
        w = _cached_wheel(folder, n, v)
        if w is None or not w.name.endswith("-none-any.whl"):
            raise SystemExit(f"no pure-Python wheel of {n}=={v} on PyPI")
        out.append(w)
    return out


def read_pins(path: Path) -> list[tuple[str, str]]:
    pins = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            if not version:
                raise SystemExit(f"{path}: {line!r} is not pinned (name==version)")
            pins.append((name.strip(), version.strip()))
    return pins


def racebook_wheel(folder: Path) -> Path:
    """racebook built from this checkout (hatchling; tracks/ inside as racebook/_tracks)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder), str(REPO)],
                   check=True)
    (wheel,) = folder.glob("racebook-*.whl")
    return wheel


# ---------------------------------------------------------------- the Pyodide folder and its lock file
def lock_closure(packages: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """``roots`` and everything they depend on in Pyodide's lock file (keys are normalised names)."""
    by_norm = {_norm(k): k for k in packages}
    seen: list[str] = []
    todo = [by_norm[_norm(r)] for r in roots]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.append(key)
        todo.extend(by_norm[_norm(d)] for d in packages[key].get("depends", []))
    return sorted(seen)


def stage_pyodide(npm_pkg: Path, dest: Path) -> dict[str, Any]:
    """``dest`` = the Pyodide core + the boot wheels; returns the rewritten lock file (also written there)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for f in npm_pkg.iterdir():
        if f.suffix in {".wasm", ".mjs", ".js", ".zip", ".json"} and f.name != "package.json":
            shutil.copy(f, dest / f.name)
    lock = json.loads((npm_pkg / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    bundled = lock_closure(packages, LOCK_ROOTS)
    wheels = pip_wheels([(packages[k]["name"], packages[k]["version"]) for k in bundled], CACHE / "wheels")
    cdn = kernel_constants().PYODIDE_CDN_URL
    if pyodide_version() not in cdn:
        raise SystemExit(f"the Pyodide CDN URL {cdn} is not for pyodide {pyodide_version()}")
    new = copy.deepcopy(lock)
    for key, entry in new["packages"].items():
        if key in bundled:
            wheel = wheels[bundled.index(key)]
            shutil.copy(wheel, dest / wheel.name)
            entry["file_name"], entry["sha256"] = wheel.name, _sha256(wheel)
        else:  # online only: Pyodide's own build on its CDN (the hash stays the one Pyodide published)
            entry["file_name"] = f"{cdn}/{entry['file_name']}"
    (dest / "pyodide-lock.json").write_text(json.dumps(new, indent=1), encoding="utf-8")
    return new


# ---------------------------------------------------------------- notebooks
def install_cell() -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": INSTALL_CELL_ID,
            "metadata": {"tags": ["racebook-lite"]}, "outputs": [],
            "source": INSTALL_SOURCE.splitlines(keepends=True)}


def offline_imports(notebooks: list[Path]) -> dict[Path, list[str]]:
    """Per notebook, its import statements that fail without numpy, pandas and bqplot (the offline browser)."""
    if not notebooks:
        return {}
    out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE, ",".join(OFFLINE_MISSING), *map(str, notebooks)],
                         cwd=REPO, capture_output=True, text=True, check=True, timeout=600)
    return {Path(k): v for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def offline_note(failing: list[str]) -> dict[str, Any]:
    """A markdown cell saying which imports of the notebook need numpy/pandas/bqplot, and what happens offline."""
    text = ("> **In the browser (JupyterLite):** this notebook needs pandas or bqplot (and numpy) for these "
            "imports:\n>\n" + "\n".join(f"> `{s}`  " for s in failing) + "\n>\n"
            "> Online, the first code cell loads them from the Pyodide CDN and everything works. Offline, the cells "
            "up to the first of these imports run (the track view is drawn as SVG, tables as HTML); that cell "
            "stops with an `ImportError`. See docs/lite.md.")
    return {"cell_type": "markdown", "id": NOTE_CELL_ID, "metadata": {"tags": ["racebook-lite"]},
            "source": text.splitlines(keepends=True)}


def site_notebook(nb: dict[str, Any], failing: Sequence[str] = ()) -> dict[str, Any]:
    """The site's copy of a notebook: the install cell before the first code cell (after it, where ``failing``
    imports need numpy/pandas/bqplot, a markdown note saying so); saved widget views dropped."""
    out = copy.deepcopy(nb)
    cells = out["cells"]
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["outputs"] = [o for o in cell.get("outputs", []) if WIDGET_VIEW not in o.get("data", {})]
    first_code = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    cells.insert(first_code, install_cell())
    if failing:
        cells.insert(first_code + 1, offline_note(list(failing)))
    out["metadata"].pop("widgets", None)
    out["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    return out


def game_notebooks() -> list[Path]:
    """Every notebook of every game: notebooks/<game>/*.ipynb."""
    return sorted(p for p in REPO.glob("notebooks/*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def stage_notebooks(dest: Path) -> list[Path]:
    if dest.exists():
        shutil.rmtree(dest)
    written = []
    sources = game_notebooks()
    failing = offline_imports(sources)
    for src in sources:
        nb = json.loads(src.read_text(encoding="utf-8"))
        target = dest / src.parent.name / src.name
        target.parent.mkdir(parents=True, exist_ok=True)
        if failing.get(src):
            log(f"{src.parent.name}/{src.name} needs numpy/pandas/bqplot for: {'; '.join(failing[src])}")
        copy_ = site_notebook(nb, failing.get(src, []))
        target.write_text(json.dumps(copy_, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(target)
    return written


# ---------------------------------------------------------------- the build
def lab_extensions() -> list[Path]:
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    wanted = [share / "@jupyterlite" / "pyodide-kernel-extension", share / "@jupyter-widgets" / "jupyterlab-manager",
              share / "bqplot", share / "bqscales"]  # bqplot's front end: its charts work when the page is online
    for w in wanted:
        if not (w / "package.json").exists():
            raise SystemExit(f"{w} is missing: install lite/requirements.txt and racebook[ui] into {sys.prefix}")
    return wanted


def build(out: Path) -> dict[str, Any]:
    t0 = time.monotonic()
    npm_pkg = npm_pyodide()
    if STAGE.exists():  # from scratch: jupyter lite's task database would skip steps whose inputs did not change
        shutil.rmtree(STAGE)
    STAGE.mkdir(parents=True)
    lock = stage_pyodide(npm_pkg, STAGE / "static" / "pyodide")
    piplite = [racebook_wheel(STAGE / "dist"), *pip_wheels(read_pins(LITE / "wheels.txt"), CACHE / "wheels")]
    notebooks = stage_notebooks(STAGE / "files")
    plugin = kernel_constants().PYODIDE_KERNEL_PLUGIN_ID
    (STAGE / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "racebook",
            "exposeAppInBrowser": True,  # window.jupyterapp: the browser test drives the notebook through it
            "litePluginSettings": {plugin: {"disablePyPIFallback": True}},
        },
    }, indent=1), encoding="utf-8")
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {
            "contents": ["files"], "ignore_sys_prefix": True, "no_sourcemaps": True,
            "federated_extensions": [str(p) for p in lab_extensions()],
        },
        "PipliteAddon": {"piplite_urls": [str(p) for p in piplite]},
    }, indent=1), encoding="utf-8")
    if out.exists():
        shutil.rmtree(out)
    jupyter = Path(sys.executable).parent / "jupyter"
    log(f"jupyter lite build -> {out}")
    subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(STAGE), "--output-dir", str(out)],
                   cwd=STAGE, check=True, stdout=subprocess.DEVNULL)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    bundled = [k for k, e in lock["packages"].items() if not e["file_name"].startswith(("http:", "https:"))]
    summary = {"site": str(out), "bytes": size, "notebooks": len(notebooks), "bundled_lock_packages": bundled,
               "piplite_wheels": [p.name for p in piplite], "seconds": round(time.monotonic() - t0, 1)}
    log(f"{out}: {size / 1e6:.1f} MB, {len(notebooks)} notebooks, {len(bundled)} + {len(piplite)} wheels, "
        f"{summary['seconds']} s")
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "site")
    build(ap.parse_args().out.resolve())


if __name__ == "__main__":
    main()
