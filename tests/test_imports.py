"""Issue 39 item 7: no import cycles among the engine modules, and no imports inside functions between them.

The engine folders are ``racebook/core`` and each game's package (``racebook/<game>/``: rules, state, lessons,
analysis …), without their ``ui/`` packages. Read from the source (the ``ast`` of every module), not by importing:

* an **import cycle** is a strongly connected set of modules under their top-level imports (imports under
  ``if TYPE_CHECKING:`` are not run and do not count; ``from racebook.x import y`` is an edge to ``racebook.x`` —
  its ``__init__`` runs — and to ``racebook.x.y`` when that is a module);
* an **import inside a function** between engine modules hides a cycle or a layering problem. The only allowed kind
  is a lazy import of a view — a ``ui`` package or a drawing module (``*svg``, ``picture``) — from an engine hook
  such as ``_repr_svg_``, and the line says why in a comment.

The entry points (``racebook/__init__``, ``cli``, ``cliparser``, ``workshop``) import engines lazily on purpose, so
that ``racebook --help`` starts in a tenth of a second (issue 36) and ``import racebook`` needs no engine; they are
outside the engine folders.

RF90, Automobiles, FormulaGP and the core have no import inside a function but a view's (issue 39 item 7: RF90's saves
are read by ``savefile`` and built by the game's codec, actions parsed by ``actiontext``, the lessons' pass tables no
longer re-exported by the movement rules; FormulaGP's round calls qualifying and the Rookie BOT engine back through
``rounds.ABOVE``, and the Rookie engine its attack through ``rookie.ATTACK``, each set by the module above when
imported). No engine folder may have a cycle among its top-level imports.

No engine module takes a private name (``_x``) from another: ``from m import _x`` and ``m._x`` on an imported module
(the core, Automobiles and FormulaGP have none; RF90's figure is a ratchet that may only fall).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "racebook"


def _engine_modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("").parts
        if "ui" in rel or len(rel) < 3:  # ui packages; racebook/__init__, cli, cliparser, workshop, …
            continue
        name = ".".join(rel).removesuffix(".__init__")
        out[name] = p
    return out


MODULES = _engine_modules()


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_pkg: bool) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = module.split(".") if is_pkg else module.split(".")[:-1]
            base = base[:len(base) - (node.level - 1)]
            src = ".".join(base + ([node.module] if node.module else []))
        else:
            src = node.module or ""
        names = [src] + [f"{src}.{a.name}" for a in node.names]
    else:
        names = [a.name for a in node.names]
    return [n for n in names if n in MODULES and n != module]  # a package importing its own submodules


def _imports(module: str) -> tuple[set[str], list[tuple[int, str, str]]]:
    """(top-level engine imports, [(line, target, source line) of imports inside functions])."""
    path = MODULES[module]
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    top: set[str] = set()
    inner: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, True)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            elif isinstance(child, ast.Import | ast.ImportFrom):
                for t in _targets(child, module, path.name == "__init__.py"):
                    if in_function:
                        inner.append((child.lineno, t, lines[child.lineno - 1].strip()))
                    else:
                        top.add(t)
            else:
                visit(child, in_function)

    visit(ast.parse(text), False)
    return top, inner


GRAPH = {m: _imports(m) for m in MODULES}


def _cycles() -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v][0]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in GRAPH[v][0]:
                out.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            strong(v)
    return out


def _is_view(target: str) -> bool:
    parts = target.split(".")
    return "ui" in parts or parts[-1].endswith("svg") or parts[-1] == "picture"


def _game(module: str) -> str:
    return module.split(".")[1]


def test_the_engine_folders_are_found() -> None:
    games = {_game(m) for m in MODULES}
    assert {"core", "rf90", "automobiles", "formulagp"} <= games
    assert "racebook.automobiles.turn" in MODULES and "racebook.rf90.ui.track" not in MODULES


@pytest.mark.parametrize("game", ["core", "rf90", "automobiles", "formulagp"])
def test_no_import_cycle(game: str) -> None:
    assert [c for c in _cycles() if any(_game(m) == game for m in c)] == []


@pytest.mark.parametrize("game", ["core", "automobiles", "rf90", "formulagp"])
def test_no_import_inside_a_function_except_a_view_that_says_why(game: str) -> None:
    bad = [f"{m}:{line} {src}" for m, (_, inner) in GRAPH.items() if _game(m) == game
           for line, target, src in inner if not (_is_view(target) and "#" in src)]
    assert bad == []


def test_a_cycle_is_found_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = "racebook.automobiles.turn", "racebook.automobiles.state"
    assert a not in GRAPH[b][0]
    monkeypatch.setitem(GRAPH, b, (GRAPH[b][0] | {a}, GRAPH[b][1]))
    assert any(a in c and b in c for c in _cycles())


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(module: str) -> list[tuple[int, str, str]]:
    """[(line, engine module, private name)]: ``from m import _x``, and ``m._x`` on a name bound to engine module m
    (``import racebook.m as m``, ``from racebook.pkg import m``), m another engine module than ``module``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    bound: dict[str, str] = {}  # a local name -> the engine module it is
    out: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            src = _targets(ast.ImportFrom(module=node.module, names=[], level=node.level), module, is_pkg)
            src_name = src[0] if src else None
            for a in node.names:
                full = f"{src_name}.{a.name}" if src_name else ""
                if full in MODULES:
                    bound[a.asname or a.name] = full
                elif src_name is not None and _private(a.name):
                    out.append((node.lineno, src_name, a.name))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES and a.asname:
                    bound[a.asname] = a.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _private(node.attr):
            target = bound.get(node.value.id)
            if target is not None and target != module:
                out.append((node.lineno, target, node.attr))
    return out


#: RF90's private names still taken by another of its modules (its turn phases and rules split over modules, the
#: scenario and track-file schema tables split from their parsers for the 500-line limit): a ratchet, it may only fall.
RF90_MAX_PRIVATE = 92


def _private_debt(game: str) -> list[str]:
    return [f"{m}:{line} {src}.{name}" for m in MODULES if _game(m) == game for line, src, name in _private_uses(m)]


@pytest.mark.parametrize("game", ["core", "automobiles", "formulagp"])
def test_no_engine_module_uses_a_private_name_of_another(game: str) -> None:
    """A name starting with ``_`` is its module's own: another engine module that needs it gets it under a public
    name in its home (or the home moves down, as FormulaGP's ``occupancy`` did for the movement rule's ``_room``)."""
    assert _private_debt(game) == []


def test_rf90s_private_names_across_modules_only_fall() -> None:
    debt = _private_debt("rf90")
    assert len(debt) <= RF90_MAX_PRIVATE, debt


def test_a_private_name_taken_from_another_module_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = tmp_path / "a.py"
    a.write_text("from racebook.formulagp import moving\nfrom racebook.formulagp.state import _hidden\n"
                 "x = moving._secret(1)\ny = moving.public\n", encoding="utf-8")
    monkeypatch.setitem(MODULES, "racebook.formulagp.zz_probe", a)
    assert _private_uses("racebook.formulagp.zz_probe") == [
        (2, "racebook.formulagp.state", "_hidden"), (3, "racebook.formulagp.moving", "_secret")]
