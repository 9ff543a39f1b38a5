"""Packaging: `pip install racebook` gives the engines and the CLI with no Jupyter stack (extras ui / lab)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_STACK = ("jupyterlab", "jupyter", "ipywidgets", "bqplot", "pandas", "voila", "ipykernel", "nbformat")


def _name(req: str) -> str:
    for sep in "<>=!~[; ":
        req = req.split(sep)[0]
    return req.strip().lower()


def test_the_core_install_needs_no_jupyter() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert [r for r in project["dependencies"] if _name(r).startswith(JUPYTER_STACK)] == []
    extras = project["optional-dependencies"]
    assert {_name(r) for r in extras["ui"]} == {"ipywidgets", "bqplot", "pandas"}
    assert "racebook[ui]" in extras["lab"] and {"jupyterlab", "voila"} <= {_name(r) for r in extras["lab"]}


def test_the_ui_extra_admits_pandas_2_and_3() -> None:
    """Issue 15 item 7: the widgets work on pandas 2 (Binder pins 2.3) and pandas 3; nothing newer is promised."""
    from packaging.requirements import Requirement

    ui = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["ui"]
    (pandas,) = [Requirement(r) for r in ui if _name(r) == "pandas"]
    assert [v for v in ("2.1.4", "2.2.0", "2.3.3", "3.0.0", "3.1.1", "4.0.0") if pandas.specifier.contains(v)] == [
        "2.2.0", "2.3.3", "3.0.0", "3.1.1"]


_BLOCKER = """
import importlib.abc, sys
BLOCKED = {blocked!r}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError("blocked for the test: " + name)
sys.meta_path.insert(0, Block())
import racebook
from racebook.cli import main
code = main(["replay", "ex27", "--json"])
assert code == 0, code
code = main(["simulate", "--track", "teaching", "--races", "2", "--seed", "1"])
assert code == 0, code
print("ok", sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED))
"""


def test_the_engine_and_cli_run_with_the_jupyter_stack_missing() -> None:
    """Simulates a core-only install: every Jupyter-side import fails, yet replay and simulate work."""
    blocked = ["ipywidgets", "bqplot", "pandas", "voila", "jupyterlab", "jupyter_server", "IPython", "numpy",
               "traitlets", "ipykernel", "nbformat"]
    out = subprocess.run([sys.executable, "-c", _BLOCKER.format(blocked=blocked)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "ok []"


def test_workshop_without_voila_is_a_clean_error() -> None:
    code = (
        "import importlib.abc, sys\n"
        "class Block(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'voila': raise ImportError('blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "from racebook.cli import main\n"
        "sys.exit(main(['workshop', '--no-browser']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("racebook: ") and "Traceback" not in out.stderr


def test_the_wheel_carries_the_licence_and_the_rules_reference(tmp_path: Path) -> None:
    """Issue 18: the wheel carries LICENSE (MIT, the code), docs/rules (racebook.docs_path() in a pip install) and
    the precomputed results, and pyproject's licence field says MIT."""
    import zipfile

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Copyright (c) 2026 racebook contributors" in licence
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("racebook-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        licences = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert licences and z.read(licences[0]).decode() == licence
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        assert "License-Expression: MIT" in meta
        rules = sorted(n for n in names if n.startswith("racebook/_docs/rules/"))
        assert [n.rsplit("/", 1)[1] for n in rules] == sorted(p.name for p in (ROOT / "docs" / "rules").iterdir())
        # the shipped Monte Carlo results (notebooks 13 and 16 open with them; issue 18)
        shipped = sorted(n for n in names if n.startswith("racebook/rf90/data/precomputed/"))
        assert [n.rsplit("/", 1)[1] for n in shipped] == sorted(
            p.name for p in (ROOT / "racebook" / "rf90" / "data" / "precomputed").iterdir())
        assert "racebook/rf90/data/precomputed/title_odds_mini.json" in shipped


def test_docs_path_finds_the_rules_reference() -> None:
    import racebook

    assert (racebook.docs_path() / "rules" / "rf90_rules_digest.md").is_file()


def test_the_package_metadata_names_every_game_and_its_audience() -> None:
    """Issue 34 item 8: the index page says what racebook is (every shipped game), who it is for, and who made it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for game in ("Race! Formula 90", "Automobiles"):
        assert game in project["description"], game
    assert project["authors"] and all(a.get("name") for a in project["authors"])
    classifiers = set(project["classifiers"])
    assert {"Intended Audience :: Education", "Topic :: Games/Entertainment :: Board Games",
            "Programming Language :: Python :: 3.11"} <= classifiers
    # a licence is stated once, as the SPDX expression (PEP 639): a licence classifier beside it is refused by hatchling
    assert project["license"] == "MIT" and not any(c.startswith("License ::") for c in classifiers)
