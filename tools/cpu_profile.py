"""Where make test's CPU goes, per test (issue 34 item 5): a pytest plugin and its report.

The plugin records, for every test (set-up, call and teardown), the CPU time of the pytest process
(``time.process_time``), the CPU time of its subprocesses (notebook kernels, JupyterLab, Voilà, Chromium, the CLI:
the children already reaped, from ``RUSAGE_CHILDREN``, plus the live descendants, from psutil when installed) and the
wall time, one JSON line per test; and the CPU of each fixture's set-ups at the end. Use CPU, not wall, on a shared
machine. One folder at a time, then the report::

    PYTHONPATH=.:tools TEST_CPU_OUT=/tmp/cpu.jsonl .venv/bin/python -m pytest -p cpu_profile tests/rf90 -q
    PYTHONPATH=.:tools TEST_CPU_OUT=/tmp/cpu.jsonl .venv/bin/python -m pytest -p cpu_profile -n 2 --nbval \\
        --nbval-current-env notebooks -q
    .venv/bin/python tools/cpu_profile.py /tmp/cpu.jsonl [--top 40]

The report gives the CPU per folder, the top files and tests by CPU, the notebooks (nbval) by CPU, the browser
checks by wall and the fixtures by set-up CPU. ``tests/conftest.py``'s ``LONGEST_FIRST`` comes from it. (Scanning
the live descendants takes a few ms per test; it is left out of the test's own figure.)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

OUT = os.environ.get("TEST_CPU_OUT", "test-output/test-cpu.jsonl")
BROWSER = ("browser", "_in_lab", "chromium", "jupyterlab")  # a test whose name says so is a browser check


def _children_cpu() -> float:
    """CPU seconds of this process's subprocesses: those reaped (RUSAGE_CHILDREN) and those still running."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = ru.ru_utime + ru.ru_stime
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return total
    for p in psutil.Process().children(recursive=True):
        try:
            t = p.cpu_times()
        except psutil.Error:
            continue
        total += t.user + t.system
    return total


_FIXTURES: dict[str, list[float]] = {}


def _write(path: str, row: dict[str, Any]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:  # one short line per write: xdist workers may share the file
        fh.write(json.dumps(row) + "\n")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    k0 = _children_cpu()
    c0, w0 = time.process_time(), time.perf_counter()
    yield
    w1, c1 = time.perf_counter(), time.process_time()
    _write(OUT, {"id": item.nodeid, "cpu": c1 - c0, "kids": _children_cpu() - k0, "wall": w1 - w0})


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: Any, request: Any) -> Iterator[None]:
    c0 = time.process_time()
    yield
    row = _FIXTURES.setdefault(f"{fixturedef.baseid}::{fixturedef.argname}[{fixturedef.scope}]", [0.0, 0])
    row[0] += time.process_time() - c0
    row[1] += 1


def pytest_sessionfinish(session: pytest.Session) -> None:
    for name, (cpu, n) in _FIXTURES.items():
        if cpu > 0.05:
            _write(OUT + ".fixtures", {"fixture": name, "cpu": cpu, "n": n})


# ------------------------------------------------------------------ the report
def folder(nodeid: str) -> str:
    path = nodeid.split("::")[0]
    parts = path.split("/")
    if path.endswith(".ipynb"):
        return "/".join(parts[:2])
    return "/".join(parts[:2]) if len(parts) > 2 else "tests/ (top level)"


def report(path: Path, top: int = 40) -> str:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    out: list[str] = []

    def table(title: str, groups: dict[str, list[dict[str, Any]]], n: int, by: str = "cpu") -> None:
        out.append(f"\n## {title}\n| CPU s (own + subprocesses) | wall s | tests | |\n|---:|---:|---:|---|")

        def key(rs: list[dict[str, Any]]) -> float:
            return sum(r["wall"] if by == "wall" else r["cpu"] + r["kids"] for r in rs)

        for name, rs in sorted(groups.items(), key=lambda kv: -key(kv[1]))[:n]:
            cpu, kids, wall = (sum(r[k] for r in rs) for k in ("cpu", "kids", "wall"))
            out.append(f"| {cpu + kids:.1f} ({kids:.1f}) | {wall:.1f} | {len(rs)} | {name} |")

    by_folder: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_folder[folder(r["id"])].append(r)
        by_file[r["id"].split("::")[0]].append(r)
    table("folders", by_folder, 100)
    out.append(f"| **{sum(r['cpu'] + r['kids'] for r in rows):.1f}** | {sum(r['wall'] for r in rows):.1f} | "
               f"{len(rows)} | total |")
    table(f"top {top} files", {k: v for k, v in by_file.items() if not k.endswith(".ipynb")}, top)
    table(f"top {top} tests", {r["id"]: [r] for r in rows if ".ipynb" not in r["id"]}, top)
    table("notebooks (nbval, the kernel's CPU as subprocess)", {k: v for k, v in by_file.items()
                                                               if k.endswith(".ipynb")}, 100)
    table("browser checks by wall", {r["id"]: [r] for r in rows if any(w in r["id"].split("::")[-1]
                                                                        for w in BROWSER)}, top, by="wall")
    fixtures = Path(str(path) + ".fixtures")
    if fixtures.exists():
        merged: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
        for line in fixtures.read_text(encoding="utf-8").splitlines():
            f = json.loads(line)
            merged[f["fixture"]][0] += f["cpu"]
            merged[f["fixture"]][1] += f["n"]
        out.append("\n## fixtures by set-up CPU\n| CPU s | set-ups | fixture |\n|---:|---:|---|")
        for name, (cpu, n) in sorted(merged.items(), key=lambda kv: -kv[1][0])[:top]:
            out.append(f"| {cpu:.1f} | {n:.0f} | {name} |")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jsonl", type=Path, help="the file TEST_CPU_OUT named")
    ap.add_argument("--top", type=int, default=40)
    a = ap.parse_args()
    print(report(a.jsonl, a.top))


if __name__ == "__main__":
    main()
