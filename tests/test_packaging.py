"""Packaging: `pip install racebook` gives the engines and the CLI with no Jupyter stack (extras ui / lab)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import racebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import install_size  # noqa: E402

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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout (tools/install_size.build_wheel: pip wheel, no build isolation), built once."""
    return install_size.build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_licence_and_the_rules_reference(wheel: Path) -> None:
    """Issue 18: the wheel carries LICENSE (MIT, the code), docs/rules (racebook.docs_path() in a pip install) and
    the precomputed results, and pyproject's licence field says MIT."""
    import zipfile

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Copyright (c) 2026 racebook contributors" in licence
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
    for game in ("Race! Formula 90", "Expansion #1", "Automobiles", "FormulaGP"):
        assert game in project["description"], game
    assert project["authors"] and all(a.get("name") for a in project["authors"])
    classifiers = set(project["classifiers"])
    assert {"Intended Audience :: Education", "Topic :: Games/Entertainment :: Board Games",
            "Programming Language :: Python :: 3.11"} <= classifiers
    # a licence is stated once, as the SPDX expression (PEP 639): a licence classifier beside it is refused by hatchling
    assert project["license"] == "MIT" and not any(c.startswith("License ::") for c in classifiers)


def test_one_version_in_the_wheel_and_the_cli() -> None:
    """Issue 34 item 8: the version is written once, racebook.__version__; pyproject reads it (hatch's version
    source), so the wheel's metadata and ``racebook --version`` cannot disagree with it."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"] and pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["hatch"]["version"] == {"path": "racebook/__init__.py"}
    assert racebook.__version__.count(".") == 2
    urls = pyproject["project"]["urls"]
    assert {"Homepage", "Source", "Issues", "Documentation"} <= set(urls)
    # one repository named everywhere: the project URLs and the Binder launch link of docs/development.md
    binder = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    for url in urls.values():
        owner_repo = url.removeprefix("https://github.com/").split("/")[:2]
        assert f"mybinder.org/v2/gh/{owner_repo[0]}/{owner_repo[1]}/" in binder, url


def test_the_wheel_installs_without_jupyter_and_prints_its_version(wheel: Path, tmp_path: Path) -> None:
    """Issue 34 item 8: the wheel installs into a fresh venv (no pip, no index: racebook depends on nothing), pulls
    no Jupyter, ``racebook --version`` runs from it with the one version, its metadata carries that version, and the
    README's "racebook alone … is N MB" is what tools/install_size.py measures of it (within 1 MB or 15 %)."""
    import zipfile

    with zipfile.ZipFile(wheel) as z:
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    assert f"\nVersion: {racebook.__version__}\n" in meta
    assert wheel.name.startswith(f"racebook-{racebook.__version__}-")
    core = install_size.measure_core(tmp_path, wheel)
    assert core["version"].startswith(f"racebook {racebook.__version__} — Race! Formula 90"), core["version"]
    assert core["jupyter"] == [], core["jupyter"]
    stated = install_size.readme_figures()[0]["mb"]
    measured = core["bytes"] / 1e6
    assert abs(measured - stated) <= max(1.0, 0.15 * stated), (
        f"README says racebook alone is {stated} MB; tools/install_size.py measures {measured:.1f} MB "
        "(python tools/install_size.py --core-only --readme writes it)")
