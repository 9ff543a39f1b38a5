"""Issue 23: the JupyterLite site (make lite -> site/, tools/build_lite.py), and the site in a real browser offline.

The build's pieces are checked without a browser; ``test_site_offline_in_chromium`` builds a site, serves it on
127.0.0.1 and runs RF90's activation notebook and the first notebook of every other game in Debian's Chromium with
every non-loopback request aborted. It skips only when npm, Chromium, Playwright or the JupyterLite build tools are
missing (``make test`` installs them: tools/ensure_node.sh, tools/ensure_chromium.sh, lite/requirements.txt).
"""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_lite  # noqa: E402


def _pins(path: Path) -> dict[str, str]:
    return {build_lite._norm(n): v for n, v in build_lite.read_pins(path)}


def test_every_notebook_of_every_game_goes_in_the_site() -> None:
    found = build_lite.game_notebooks()
    assert {p.parent.name for p in found} == {p.parent.name for p in ROOT.glob("notebooks/*/*.ipynb")}
    assert ROOT / "notebooks" / "rf90" / "03_activation.ipynb" in found
    assert len(found) == len(list(ROOT.glob("notebooks/*/*.ipynb")))


def test_site_copy_gets_the_install_cell_and_the_repo_notebook_is_untouched() -> None:
    src = ROOT / "notebooks" / "rf90" / "03_activation.ipynb"
    raw = src.read_text(encoding="utf-8")
    nb = json.loads(raw)
    site = build_lite.site_notebook(nb)
    assert src.read_text(encoding="utf-8") == raw and json.loads(raw) == nb
    cells = site["cells"]
    first_code = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    assert cells[first_code]["id"] == build_lite.INSTALL_CELL_ID
    assert cells[:first_code] == nb["cells"][:first_code]  # the objectives stay on top
    assert len(cells) == len(nb["cells"]) + 1
    assert sum(c.get("id") == build_lite.INSTALL_CELL_ID for c in cells) == 1
    views = [o for c in cells if c["cell_type"] == "code" for o in c["outputs"]
             if build_lite.WIDGET_VIEW in o.get("data", {})]
    assert views == [] and site["metadata"]["kernelspec"]["name"] == "python"
    kept = sum(len(c["outputs"]) for c in cells if c["cell_type"] == "code")
    assert kept > 0, "text outputs are kept so a lesson can be read before it runs"


def test_notebooks_that_need_pandas_or_bqplot_say_so_in_the_site(tmp_path: Path) -> None:
    """Found by trying each notebook's imports without numpy/pandas/bqplot; the site's copy gets a note."""
    def notebook(name: str, *lines: str) -> Path:  # a notebook importing them itself (no shipped one is meant to)
        path = tmp_path / name
        path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": [f"{s}\n" for s in lines],
                                               "metadata": {}, "outputs": [], "execution_count": None}]}),
                        encoding="utf-8")
        return path

    own = notebook("imports_pandas.ipynb", "import json", "import pandas as pd")
    charts = notebook("imports_bqplot.ipynb", "import bqplot as bq", "from racebook.ui import backend",
                      "from numpy import arange")
    failing = build_lite.offline_imports([ROOT / "notebooks" / "rf90" / "03_activation.ipynb", charts, own])
    assert [len(v) for v in failing.values()] == [0, 2, 1]  # bqplot and numpy; pandas
    assert failing[own] == ["import pandas as pd"]
    assert failing[charts] == ["import bqplot as bq", "from numpy import arange"]
    nb = json.loads((ROOT / "notebooks" / "rf90" / "06_trajectories.ipynb").read_text(encoding="utf-8"))
    cells = build_lite.site_notebook(nb, ["import pandas as pd"])["cells"]
    at = next(i for i, c in enumerate(cells) if c.get("id") == build_lite.INSTALL_CELL_ID)
    note = cells[at + 1]
    assert note["id"] == build_lite.NOTE_CELL_ID and note["cell_type"] == "markdown"
    assert "`import pandas as pd`" in "".join(note["source"]) and "Offline" in "".join(note["source"])
    assert build_lite.NOTE_CELL_ID not in json.dumps(build_lite.site_notebook(nb))


#: Notebooks that once stopped offline only at their own ``import pandas`` (issue 34 item 4): their tables now come
#: from racebook.ui.backend (a DataFrame where pandas imports, else an HTML table).
NO_PANDAS_IN_THE_NOTEBOOK = ("automobiles/A2_the_cards", "rf90/06_trajectories",
                             "rf90/14_spa_and_extreme_trajectories", "rf90/15_teams_and_robot_teammates")


def test_notebooks_without_their_own_pandas_pass_the_offline_probe() -> None:
    paths = [ROOT / "notebooks" / f"{n}.ipynb" for n in NO_PANDAS_IN_THE_NOTEBOOK]
    assert build_lite.offline_imports(paths) == {p: [] for p in paths}
    for n in NO_PANDAS_IN_THE_NOTEBOOK:
        source = (ROOT / "notebooks" / f"{n}.py").read_text(encoding="utf-8")
        assert "pandas" not in source.replace("pandas_display", ""), n


_RUN_WITHOUT_NUMPY = """
import contextlib, importlib.abc, io, runpy, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "pandas", "bqplot"}:
            raise ImportError("not in the offline browser: " + name)
sys.meta_path.insert(0, Block())
for path in sys.argv[1:]:
    with contextlib.redirect_stdout(io.StringIO()):
        runpy.run_path(path, run_name="__main__")
    print("ran", path)
print(sorted(m for m in sys.modules if m.split(".")[0] in {"numpy", "pandas", "bqplot"}))
"""


def test_notebooks_without_their_own_pandas_run_as_scripts_without_numpy() -> None:
    """Each notebook's jupytext source, run top to bottom in CPython where numpy, pandas and bqplot cannot be
    imported (as in the offline browser): no cell raises. Not the browser itself (tests/lite_check.py is)."""
    paths = [f"notebooks/{n}.py" for n in NO_PANDAS_IN_THE_NOTEBOOK]
    out = subprocess.run([sys.executable, "-c", _RUN_WITHOUT_NUMPY, *paths], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines() == [f"ran {p}" for p in paths] + ["[]"]


#: The ratchet of issue 34 item 4: the notebooks whose imports still fail without numpy, pandas and bqplot (the
#: offline browser), i.e. that still need the network. It may only SHRINK, and it is now empty: every notebook of
#: every game runs offline; never add one — a new notebook or widget must run offline from the start.
STILL_NEED_THE_NETWORK: frozenset[str] = frozenset()
#: The probe's list when the ratchet was set (issue 34, 14 of 26 notebooks): the allow-list stays inside it.
FLAGGED_WHEN_THE_RATCHET_WAS_SET = frozenset({
    "automobiles/A3_what_if", "rf90/01a_movement", "rf90/01b_passing", "rf90/02_check_tests", "rf90/04_duels",
    "rf90/05a_late_braking", "rf90/05b_late_braking_in_the_race", "rf90/07_fuel_and_pits",
    "rf90/08_flags_weather_tyres", "rf90/09a_robots", "rf90/09b_robots_in_the_race", "rf90/12_full_race",
    "rf90/13_what_if", "rf90/16_championship",
})


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_offline_probe_flags_exactly_the_notebooks_that_still_need_the_network() -> None:
    """The import probe over every notebook of every game: the flagged ones are exactly STILL_NEED_THE_NETWORK."""
    found = build_lite.offline_imports(build_lite.game_notebooks())
    flagged = {_name(p) for p, failing in found.items() if failing}
    assert flagged == STILL_NEED_THE_NETWORK, (
        f"now offline (take them out of STILL_NEED_THE_NETWORK): {sorted(STILL_NEED_THE_NETWORK - flagged)}; "
        f"newly needing the network (make them run offline instead): {sorted(flagged - STILL_NEED_THE_NETWORK)}")
    assert STILL_NEED_THE_NETWORK <= FLAGGED_WHEN_THE_RATCHET_WAS_SET, "the allow-list may only shrink"


OFFLINE_NOTEBOOKS = sorted(_name(p) for p in build_lite.game_notebooks() if _name(p) not in STILL_NEED_THE_NETWORK)


@pytest.mark.parametrize("name", OFFLINE_NOTEBOOKS)
def test_offline_notebook_runs_as_a_script_without_numpy(name: str) -> None:
    """Every notebook off the allow-list, its jupytext source run top to bottom in a fresh CPython where numpy,
    pandas and bqplot cannot be imported (as in the offline browser): no cell raises, and none of them was loaded.
    (Widgets are built and drawn; their buttons are not clicked: tests/lite_check.py does that in a browser.)"""
    path = f"notebooks/{name}.py"
    out = subprocess.run([sys.executable, "-c", _RUN_WITHOUT_NUMPY, path], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines() == [f"ran {path}", "[]"]


def test_docs_lite_and_the_readme_say_every_notebook_runs_offline() -> None:
    """The ratchet is empty, so docs/lite.md and the README say that every notebook of every game runs fully
    offline — with no count to keep up to date when a notebook arrives (it must run offline from the start) — and
    list no notebook as needing the network."""
    assert STILL_NEED_THE_NETWORK == frozenset() and len(OFFLINE_NOTEBOOKS) == len(build_lite.game_notebooks())
    doc = (ROOT / "docs" / "lite.md").read_text(encoding="utf-8").replace("\n", " ")
    readme = (ROOT / "README.md").read_text(encoding="utf-8").replace("\n", " ")
    assert "**Run fully offline:** every notebook of every game" in doc
    assert "every notebook of every game runs offline" in doc
    assert "every notebook of every game runs fully offline" in readme
    assert "Still need the network" not in doc and "need the network" not in readme
    assert not re.search(r"\d+ of the \d+ notebooks", doc + readme)  # no count that a new notebook makes wrong


def test_install_cell_does_nothing_outside_the_browser() -> None:
    assert sys.platform != "emscripten"
    code = compile(build_lite.INSTALL_SOURCE, "<install>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    env: dict[str, object] = {}
    result = eval(code, env)  # a coroutine: the cell holds a top-level await (run by IPython's autoawait)
    if asyncio.iscoroutine(result):
        asyncio.run(result)
    assert "piplite" not in env and "piplite" not in sys.modules


def test_lock_closure_follows_dependencies() -> None:
    packages = {"ipython": {"depends": ["traitlets", "Stack-Data"]}, "traitlets": {"depends": []},
                "stack_data": {"depends": ["six"]}, "six": {"depends": []}, "numpy": {"depends": []}}
    assert build_lite.lock_closure(packages, ("IPython",)) == ["ipython", "six", "stack_data", "traitlets"]


def test_browser_wheels_match_the_lab_pins() -> None:
    """The site's ipywidgets/jupyterlab_widgets/comm are the versions whose front end the build copies from .venv."""
    lab = _pins(ROOT / "binder" / "requirements.txt")
    wheels = _pins(ROOT / "lite" / "wheels.txt")
    assert wheels and all(lab[n] == v for n, v in wheels.items() if n in lab), (wheels, lab)
    assert {"ipywidgets", "jupyterlab-widgets", "comm"} <= set(wheels)
    assert not {"numpy", "pandas"} & set(wheels)  # Pyodide builds: from its CDN, online only


def test_pyodide_pin_matches_the_kernel() -> None:
    pkg = json.loads((ROOT / "lite" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "lite" / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/pyodide"]["version"] == pkg["dependencies"]["pyodide"]
    tools = _pins(ROOT / "lite" / "requirements.txt")
    assert set(tools) == {"jupyterlite-core", "jupyterlite-pyodide-kernel"}
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is not None:
        assert build_lite.kernel_constants().PYODIDE_VERSION == pkg["dependencies"]["pyodide"]


def test_racebook_core_needs_nothing_for_the_site() -> None:
    """The wheel the site bundles installs with no dependency (the engines are pure Python)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == []


# ---------------------------------------------------------------- the browser test
def _lite_unavailable() -> str | None:
    from browser_check import CHROMIUM

    if shutil.which("npm") is None and not (build_lite.CACHE / "npm" / build_lite.pyodide_version()
                                            / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "npm is missing and Pyodide is not cached (tools/ensure_node.sh could not install nodejs/npm)"
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (tools/ensure_chromium.sh could not install it)"
    for module, what in (("playwright", "playwright"), ("jupyterlite_core", "lite/requirements.txt"),
                         ("jupyterlite_pyodide_kernel", "lite/requirements.txt")):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed ({what})"
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "site"
    summary = build_lite.build(out)
    print(f"site: {summary['bytes'] / 1e6:.1f} MB, {summary['notebooks']} notebooks, built in {summary['seconds']} s")
    return out


@pytest.mark.skipif(_lite_unavailable() is not None, reason=_lite_unavailable() or "")
def test_site_offline_in_chromium(site: Path) -> None:
    from lite_check import check_site, first_notebooks

    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").exists()
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name in ("micropip", "ipython", "jedi", "traitlets"):
        entry = lock["packages"][name]
        wheel = site / "static" / "pyodide" / entry["file_name"]
        assert build_lite._sha256(wheel) == entry["sha256"], name
    assert {p.name.split("-")[0] for p in (site / "pypi").glob("*.whl")} >= {"racebook", "ipywidgets"}
    notebooks = first_notebooks(site)
    results = check_site(site, notebooks, clicks=4)
    for nb, seen in results.items():
        print(f"{nb}: kernel boot {seen.get('boot_s')} s offline, cells run in {seen.get('run_s')} s, "
              f"{seen.get('cells_run')}/{seen.get('cells')} cells, screenshot {seen.get('screenshot')}")
    for nb, seen in results.items():
        assert "failure" not in seen, (nb, seen["failure"], seen["console"][-15:])
        assert seen["errors"] == [], (nb, seen["errors"])
        assert seen["cells_run"] == seen["cells"], nb
        hosts = {u.split("/")[2] for u in seen["blocked"]}
        assert not hosts - {"cdn.jsdelivr.net"}, (nb, hosts)  # nothing but Pyodide's CDN is even tried
        if nb.startswith("rf90/") or seen["steppers"]:
            s, svgs = seen["sentences"], seen["svgs"]
            assert len(s) == 5 and len(set(s)) == 5, (nb, s)
            assert svgs[-1] != svgs[0], f"{nb}: the SVG track view did not change after ▶"
            assert svgs[0].startswith("<svg"), svgs[0][:80]


def test_docs_lite_is_true() -> None:
    """docs/lite.md: how to build, serve (not file://), what works offline; the files it names exist."""
    doc = (ROOT / "docs" / "lite.md").read_text(encoding="utf-8")
    for needed in ("make lite", "python -m http.server", "file://", "USB", "static host", "offline",
                   "racebook.ui.backend", build_lite.INSTALL_SOURCE.splitlines()[4].strip()):
        assert needed in doc, needed
    for path in ("lite/requirements.txt", "lite/package.json", "lite/wheels.txt", "tools/ensure_node.sh",
                 "tools/build_lite.py", "tests/lite_check.py", "racebook/rf90/tracksvg.py"):
        assert path in doc or path.replace("racebook/rf90/tracksvg.py", "racebook.rf90.tracksvg") in doc, path
        assert (ROOT / path).exists(), path
    assert "MEASUREMENTS" not in doc
    assert "docs/lite.md" in (ROOT / "README.md").read_text(encoding="utf-8")
