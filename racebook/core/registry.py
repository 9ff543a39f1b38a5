"""The game registry: one :class:`GameSpec` per game, so the CLI, the conformance tests and ``racebook.games()``
treat every game alike instead of special-casing each (issue 39 item 2).

A game registers itself in a small module ``racebook/<game>/spec.py`` that builds its spec and calls
:func:`register`. A spec is data: the game's engine is named by dotted paths (``"racebook.rf90.game:Race"``) and
loaded only when asked (:meth:`GameSpec.load`), so listing the games — ``import racebook``, ``racebook --help``,
``racebook scenarios`` — imports no engine. What a command does with a game goes through the game's *hooks*
(:class:`GameHooks`, :meth:`GameSpec.hook`): the play of a scenario, its JSON summary, its tracks or boards, a
seeded computer race, the game's own conservation check — functions of ``racebook/<game>/hooks.py``, or of the
module a spec's ``hook_paths`` names (``racebook tracks`` then imports the track loader, not the engine). A new
game plugs in by adding a spec and its hooks; the CLI and ``tests/conformance`` then cover it with no change.

:func:`games` finds the spec modules (each game package that has a ``spec.py``), in the order of
:attr:`GameSpec.order`. Scenario ids are unique across games (:func:`scenario_index` refuses a duplicate), so a
shipped id alone names its game (so does its unique prefix before an ``_``: ``fgp_ex10``, :func:`short_id`); a
scenario file outside the shipped folders names it with ``game = "…"`` in its ``[scenario]`` table
(:func:`game_of_scenario`; without one it is RF90's, the first game, as before the registry).

Standard library only; no game rule, and no import of any game (a game imports this module, never the reverse).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from racebook.core.choices import unknown
from racebook.core.datafile import DATA_ID, load_toml
from racebook.core.errors import RacebookError, ScenarioError

_PACKAGE_DIR = Path(__file__).resolve().parents[1]  # racebook/
_REGISTERED: dict[str, GameSpec] = {}
_DISCOVERED = False


class RegistryError(RacebookError, ValueError):
    """A game registered twice, an unknown game name, or a scenario id shipped by two games."""


@dataclass(frozen=True)
class Played:
    """A scenario played through its actions (what ``racebook replay`` prints): the same for every game."""

    id: str
    title: str
    cite: str
    assumed: tuple[str, ...]
    race: Any
    prelude: tuple[str, ...] = ()  # what happened before the first action, as sentences (FormulaGP: a round's start)


class GameHooks(Protocol):
    """The hooks a game offers the CLI and the conformance tests: functions of its ``hooks`` module, or wherever its
    spec's :attr:`GameSpec.hook_paths` says (so a command imports only the module of the hook it calls)."""

    def play_scenario(self, source: str) -> Played: ...  # a shipped id or a path; actions applied

    def summary_json(self, race: Any, scenario_id: str | None) -> str: ...  # docs/json-summary.md

    def track_ids(self) -> list[str]: ...  # the tracks (RF90) or boards (Automobiles) shipped

    def describe_track(self, track_id: str) -> str: ...  # one line after the id: name, size, …

    def check_track(self, path_or_id: str) -> str: ...  # tracks --check: a file read and checked; its line

    def new_race(self, seed: int, frames: bool) -> Any: ...  # a fresh seeded race of computer players

    def driver(self, seed: int) -> Any: ...  # a seeded computer driver (core.agents.Driver) for any car

    def label(self, race: Any, action: Any) -> str: ...  # the words a button shows for ``action``

    def problems(self, race: Any) -> list[str]: ...  # the game's conservation check: empty when sound

    def simulate(self, track: str | None, races: int, seed: int, players: int, driver: str, jobs: int,
                 progress: Callable[[int, int], None] | None) -> list[Any]: ...  # racebook simulate

    def summary(self, results: list[Any]) -> str: ...  # simulate's printed summary

    def to_csv(self, results: list[Any]) -> str: ...  # simulate --csv


HOOKS = tuple(n for n in GameHooks.__dict__ if not n.startswith("_"))  # every hook a game offers


@dataclass(frozen=True)
class GameSpec:
    """One game, as data. Dotted paths name the engine (loaded on demand by :meth:`load`)."""

    name: str  # the id the CLI's --game takes: "rf90", "automobiles"
    title: str  # the game's name in players' words
    order: int  # where it is listed (the first game, RF90, is 1)
    race: str  # "module:Class" of the game's Race (legal_actions, explain, apply, clone, at, to_json, …)
    hooks: str  # the module of its GameHooks (every hook not in hook_paths)
    scenario_dir: Path  # the shipped scenarios, one TOML file each (the id is the file's stem)
    parse: str  # "module:function": an action's text -> the Action (str(action) is its text)
    track_word: str = "track"  # what the game races on: "track" (RF90) or "board" (Automobiles)
    digest: str = ""  # the rules reference document of its citations (racebook.core.citations)
    citation_prefix: str = "§"  # how its events cite the digest
    first_race: str = ""  # the guided first race widget ("module:Class", a UI module: never imported here)
    first_notebook: str = ""  # the notebook a newcomer opens first
    labels: str = ""  # "module:function" the buttons' words come from
    svg: str = ""  # "module:function" that draws a race as SVG (Race._repr_svg_ calls it)
    simulate: str = ""  # "module:function": many seeded computer races (racebook simulate)
    aliases: tuple[str, ...] = field(default=())  # other names --game accepts
    hook_paths: Mapping[str, str] = field(default_factory=dict)  # hook name -> "module:function" elsewhere
    id_width: int = 12  # the id column of ``racebook scenarios`` (the width each game's listing always had)
    season: str = ""  # "module:function": a quick championship season (racebook season play --game G); "" for none

    def load(self, dotted: str) -> Any:
        """The object a ``"module:attr"`` path names (the module alone without ``:``), imported now."""
        module, _, attr = dotted.partition(":")
        mod = importlib.import_module(module)
        return getattr(mod, attr) if attr else mod

    @property
    def race_class(self) -> Any:
        return self.load(self.race)

    @property
    def api(self) -> GameHooks:
        """The game's hooks as attributes (``spec.api.play_scenario(...)``), each imported when first called."""
        hooks: GameHooks = _Hooks(self)  # type: ignore[assignment]  # GameHooks by attribute lookup
        return hooks

    def hook(self, name: str) -> Any:
        """The game's function for hook ``name`` (:class:`GameHooks`), imported now with its module only."""
        if name not in HOOKS:
            raise RegistryError(unknown("hook", name, HOOKS, "hooks"))
        return self.load(self.hook_paths.get(name) or f"{self.hooks}:{name}")

    def parse_action(self, text: str) -> Any:
        return self.load(self.parse)(text)

    def scenario_ids(self) -> list[str]:
        return sorted(p.stem for p in self.scenario_dir.glob("*.toml"))

    def scenario_title(self, scenario_id: str) -> str:
        """A shipped scenario's title, read from its file alone (no engine imported, nothing played)."""
        path = self.scenario_dir / f"{scenario_id}.toml"
        sc = load_toml(path, ScenarioError).get("scenario", {})
        title = sc.get("title", sc.get("id", scenario_id)) if isinstance(sc, dict) else scenario_id
        return str(title)


class _Hooks:
    def __init__(self, spec: GameSpec) -> None:
        self._spec = spec

    def __getattr__(self, name: str) -> Any:
        return self._spec.hook(name)


def register(spec: GameSpec) -> GameSpec:
    """Add a game (called by its ``spec`` module); a second game of the same name (or alias) is refused."""
    for name in (spec.name, *spec.aliases):
        old = _REGISTERED.get(name)
        if old is not None and old is not spec:
            raise RegistryError(f"game {name!r} is registered twice ({old.title}; {spec.title})")
    for name in (spec.name, *spec.aliases):
        _REGISTERED[name] = spec
    return spec


def _discover() -> None:
    """Import every ``racebook/<package>/spec.py`` (each registers its game); only once."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    for entry in sorted(os.scandir(_PACKAGE_DIR), key=lambda e: e.name):
        if entry.is_dir() and not entry.name.startswith(("_", ".")) and os.path.isfile(
                os.path.join(entry.path, "spec.py")):
            importlib.import_module(f"racebook.{entry.name}.spec")
    _DISCOVERED = True


def games() -> tuple[GameSpec, ...]:
    """Every registered game, the first game first."""
    _discover()
    return tuple(sorted({id(s): s for s in _REGISTERED.values()}.values(), key=lambda s: (s.order, s.name)))


def names() -> list[str]:
    return [g.name for g in games()]


def game(name: str) -> GameSpec:
    """The game called ``name`` (or one of its aliases); a RegistryError listing the games otherwise."""
    _discover()
    spec = _REGISTERED.get(name)
    if spec is None:
        raise RegistryError(unknown("game", name, names(), "games"))
    return spec


def first() -> GameSpec:
    return games()[0]


def selected(name: str | None) -> Sequence[GameSpec]:
    """The games a ``--game`` option selects: every game for None."""
    return games() if name is None else (game(name),)


def scenario_index() -> dict[str, GameSpec]:
    """Every shipped scenario id -> its game; a RegistryError if two games ship the same id."""
    out: dict[str, GameSpec] = {}
    for g in games():
        for sid in g.scenario_ids():
            if sid in out:
                raise RegistryError(f"scenario id {sid!r} is shipped by both {out[sid].name} and {g.name}: "
                                    "scenario ids are unique across games")
            out[sid] = g
    return out


def game_of_scenario(source: str, only: str | None = None) -> GameSpec:
    """The game of a scenario argument: a shipped id -> the game that ships it; a file -> the game its
    ``[scenario] game = "…"`` names, or the game whose scenario folder holds it, or the first game (RF90, as
    before the registry). ``only`` (a ``--game``) restricts the shipped ids looked up and must agree with the file."""
    chosen = game(only) if only is not None else None
    try:
        is_file = os.path.lexists(source)
    except (OSError, ValueError):
        is_file = False
    if not is_file and DATA_ID.fullmatch(source) and "/" not in source and not source.endswith(".toml"):
        index = scenario_index()
        sid = short_id(source, index)
        if chosen is not None:
            if sid in chosen.scenario_ids():
                return chosen
            raise ScenarioError(source, "<file>", "no such file, and " + unknown(
                f"shipped {chosen.name} scenario", source, chosen.scenario_ids()))
        if sid in index:
            return index[sid]
        raise ScenarioError(source, "<file>", "no such file, and " + unknown("shipped scenario", source, index))
    named = _named_game(source)
    if named is None:
        here = Path(source).resolve().parent if is_file else None
        named = next((g for g in games() if here is not None and g.scenario_dir.resolve() == here), None)
    spec = named or chosen or first()
    if chosen is not None and spec is not chosen:
        raise ScenarioError(source, "scenario.game", f"this is a {spec.name} scenario, not {chosen.name} (--game)")
    return spec


def short_id(source: str, ids: Iterable[str]) -> str:
    """The shipped id ``source`` names: itself, or the one id that starts with ``source + "_"`` (``fgp_ex10`` for
    ``fgp_ex10_green_in_sixth_gear``: a worked example by its number); else ``source`` unchanged."""
    ids = list(ids)
    if source in ids:
        return source
    longer = [i for i in ids if i.startswith(source + "_")]
    return longer[0] if len(longer) == 1 else source


def shipped(source: str, spec: GameSpec) -> str:
    """A scenario argument as the game's reader takes it: a short id (:func:`short_id`) expanded to the shipped id;
    a file or any other argument unchanged."""
    try:
        if os.path.lexists(source):
            return source
    except (OSError, ValueError):
        return source
    return short_id(source, spec.scenario_ids())


def _named_game(source: str) -> GameSpec | None:
    """The game a scenario file names in ``[scenario] game``; None when it names none or cannot be read (the
    game's own reader then reports the file's problem)."""
    try:
        sc = load_toml(source, ScenarioError).get("scenario")
    except RacebookError:
        return None
    if not isinstance(sc, dict) or "game" not in sc:
        return None
    name = sc["game"]
    if not isinstance(name, str):
        raise ScenarioError(source, "scenario.game", f"must be a game name ({', '.join(names())})")
    try:
        return game(name)
    except RegistryError as e:
        raise ScenarioError(source, "scenario.game", str(e)) from None


def check_game_key(sc: dict[str, Any], this: str, file: str, error: Callable[[str, str, str], Exception]) -> None:
    """A game's scenario reader: ``[scenario] game``, when given, must name this game."""
    if "game" in sc and sc["game"] != this:
        raise error(file, "scenario.game", f"{sc['game']!r} is not this reader's game ({this!r})")
