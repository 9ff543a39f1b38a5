"""The argument parser of the ``racebook`` console script (:mod:`racebook.cli`): every command and option, each with
its help and its default (shown by :class:`HelpFormatter`); usage errors raised as one line (:class:`UsageError`).
docs/cli.md lists the same commands and options (tests/test_cli_platform.py checks it against this parser).

It imports no engine: the games' names come from the registry (their spec modules, data only), and an option's
checks import what they need when the option is given (``--jobs``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from racebook.core.errors import RacebookError

MAX_RACES = 1_000_000
COMMANDS = ("replay", "simulate", "scenarios", "tracks", "workshop", "season", "automobiles")
HINT = ("Run 'racebook COMMAND -h' for a command's options; every command and option is in docs/cli.md. "
        "Start with 'racebook scenarios' and 'racebook replay ex27'.")


class UsageError(RacebookError, ValueError):
    """Bad command-line arguments (argparse's message, on one line)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, raised instead of usage + sys.exit(2)
        where = self.prog.removeprefix("racebook").strip()
        if not where and message.endswith("required: cmd"):  # `racebook` alone: the usage on stdout, a hint
            print(self.format_usage().rstrip() + "\n\n" + HINT)
        if message.startswith("the following arguments are required"):  # a missing command: where to look
            message += f" (see '{' '.join(('racebook', where, '-h')) if where else 'racebook -h'}')"
        raise UsageError(f"{where or 'arguments'}: {message}")



def _count(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits within lo..hi (``²`` or ``1e3`` are refused)."""
    def integer(text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,20}", text.strip()):
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
        value = int(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is not in {lo}..{hi}")
        return value
    return integer


def _jobs(text: str) -> int:
    """An argparse type: ``--jobs`` as :func:`racebook.core.workers.resolve_jobs` reads it (no engine imported)."""
    from racebook.core.workers import JobsError, resolve_jobs
    try:
        return resolve_jobs(text)
    except JobsError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("jobs: ")) from None



def _version() -> str:
    """The installed package's version (its metadata), or racebook.__version__ in a bare checkout.

    Why the hand-made scan (:func:`_dist_info_version`) before :mod:`importlib.metadata`: measured again (issue 37
    review, CPU of whole ``racebook --version`` processes, 3 interleaved rounds of 10 and of 25 on a shared 2-core
    machine, best round): 105 / 117 ms with the scan, 126 / 160 ms through ``importlib.metadata.version`` — it costs
    21–42 ms more (importing it and its email / zipfile / csv modules: 64–77 ms in a bare interpreter), above the
    ~20 ms that would justify the simpler code; the scan itself takes 1.4–2.2 ms. ``importlib.metadata`` still
    decides whenever the scan is unsure (None)."""
    quick = _dist_info_version()
    if quick is not None:
        return quick
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("racebook")
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover - the standard library always has it
        pass
    from racebook import __version__
    return __version__


def _dist_info_version() -> str | None:
    """The ``Version:`` of the first ``racebook-*.dist-info`` on :data:`sys.path` — the distribution
    :func:`importlib.metadata.version` finds (the first path entry that has one) — read without importing
    :mod:`importlib.metadata` (email, zipfile, csv …: a quarter of ``racebook --version``'s start-up, issue 36).
    None, and importlib.metadata decides, when there is none or anything is unusual: a path entry that is a file
    (a zip), an ``.egg-info``, a metadata file without a version, a meta-path finder with distributions of its own."""
    if any(hasattr(f, "find_distributions") and getattr(f, "__name__", "") != "PathFinder" for f in sys.meta_path):
        return None  # a finder with distributions of its own (importlib.metadata asks every one; PathFinder's: below)
    for entry in sys.path:
        folder = entry or "."
        if os.path.isfile(folder):
            return None
        try:
            names = os.listdir(folder)
        except OSError:  # a folder that does not exist (yet): importlib.metadata skips it too
            continue
        for name in sorted(names):
            stem, dot, suffix = name.rpartition(".")
            if not dot or suffix.lower() not in ("dist-info", "egg-info"):
                continue
            if re.sub(r"[-_.]+", "_", stem.split("-")[0]).lower() != "racebook":
                continue
            if suffix.lower() != "dist-info":
                return None
            try:
                with open(os.path.join(folder, name, "METADATA"), encoding="utf-8") as f:
                    for line in f:
                        if not line.strip():
                            break  # the end of the headers
                        if line.startswith("Version:"):
                            return line.removeprefix("Version:").strip() or None
            except (OSError, UnicodeDecodeError):
                return None
            return None
    return None


class _Version(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kw: Any) -> NoReturn:
        from racebook.core.registry import games
        titles = "; ".join(g.title for g in games())
        print(f"racebook {_version()} — {titles}\n{HINT}")
        parser.exit(0)


class HelpFormatter(argparse.HelpFormatter):
    """Every option's help ends with its default when it has one and does not say it already. The width is the
    terminal's as argparse reads it, without importing :mod:`shutil` (and its compression modules: argparse imports
    it in every formatter it makes, 4-5 % of ``racebook --help``'s start-up, issue 36)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (default is None or default is False or default is argparse.SUPPRESS or not action.option_strings
                or "default" in text or isinstance(action, argparse._HelpAction)):
            return text
        return f"{text} (default: %(default)s)" if text else "(default: %(default)s)"


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it (``COLUMNS``, else the terminal of
    ``sys.__stdout__``, else 80), read without importing :mod:`shutil`."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _add_parser(sub: Any, name: str, **kw: Any) -> _Parser:
    parser: _Parser = sub.add_parser(name, formatter_class=HelpFormatter, **kw)
    return parser


def _quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress line (it is shown on stderr only when stderr is a terminal)")


def _game_option(p: argparse.ArgumentParser, what: str) -> None:
    from racebook.core.registry import names
    p.add_argument("--game", metavar="GAME", default=None,
                   help=f"only this game's {what} ({', '.join(names())}; default: every game)")


def build_parser() -> _Parser:
    from racebook.core.registry import names
    games = ", ".join(names())
    ap = _Parser(prog="racebook", formatter_class=HelpFormatter,
                 description=f"Rules engines and teaching tools for racing board games ({games}).", epilog=HINT)
    ap.add_argument("--version", action=_Version, nargs=0, default=argparse.SUPPRESS,
                    help="print the version and the games, then exit")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = _add_parser(sub, "replay", help="replay a scenario file (or a shipped scenario id) of any game")
    rp.add_argument("file", help="a scenario file, or a shipped id ('racebook scenarios')")
    rp.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    rp.add_argument("--svg", metavar="FILE", help="also write the position as an SVG picture of the track to FILE")
    rp.add_argument("--step", type=_count(0, 10**9), default=None, metavar="N",
                    help="with --svg: the position after step N (0 = the start; default: the final position)")
    rp.add_argument("--whole", action="store_true",
                    help="with --svg: the whole circuit (FormulaGP frames the tiles of the current step by default; "
                    "RF90 and Automobiles always draw the whole track)")
    rp.add_argument("--game", metavar="GAME", default=None,
                    help=f"the scenario's game ({games}; default: the game that ships the id, or the one the "
                    "file names)")
    sm = _add_parser(sub, "simulate", help="run many seeded races with automatic drivers and summarise them")
    sm.add_argument("--game", metavar="GAME", default=None, help=f"the game ({games}; default: {names()[0]})")
    sm.add_argument("--track", default=None, help="the track (RF90) or board (Automobiles) id (default: "
                    "silverstone for RF90, teaching for Automobiles)")
    sm.add_argument("--races", type=_count(0, MAX_RACES), default=100, metavar="N", help="how many races")
    sm.add_argument("--seed", type=_count(-(2**63), 2**64 - 1), default=0, metavar="S",
                    help="the first race's seed (race i is played with seed S + i)")
    sm.add_argument("--players", type=_count(0, 6), default=3, metavar="P",
                    help="players (computer drivers) in each race: RF90 1..6 (0: robot races, ten robots), "
                    "Automobiles 2..5, FormulaGP 2..6")
    sm.add_argument("--driver", default="greedy", choices=("greedy", "random"),
                    help="the automatic driver: greedy (the game's computer player) or uniformly random")
    sm.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help="play the races in N worker processes (0 or 'auto': one per core; default 1, serial); "
                    "the results are identical to the serial run")
    sm.add_argument("--csv", metavar="FILE", help="also write one row per race to this CSV file")
    sm.add_argument("--start", default=None, choices=("qualifying", "grid"),
                    help="FormulaGP: start each race with qualifying (the Standard race, the default) or from the "
                    "cars' order as the grid")
    sm.add_argument("--mode", default=None, choices=("standard", "advanced"),
                    help="FormulaGP: the Standard race (the default) or the Advanced race with its [ADV] rules")
    sm.add_argument("--pros", type=_count(0, 6), default=None, metavar="N",
                    help="FormulaGP: N Pro BOTs in each race besides the players, run by the rules (§22.2)")
    sm.add_argument("--rookies", type=_count(0, 6), default=None, metavar="N",
                    help="FormulaGP: N Rookie BOTs in each race besides the players, run by the rules (§22.5)")
    sm.add_argument("--rules", default=None, metavar="TEXT",
                    help="FormulaGP: house and optional rules that differ from the defaults, as name=value,… "
                    "(docs/formulagp.md)")
    _quiet(sm)
    sc = _add_parser(sub, "scenarios", help="list the shipped scenarios of every game")
    _game_option(sc, "scenarios")
    tk = _add_parser(sub, "tracks", help="list the shipped tracks and boards, or validate track files with --check")
    tk.add_argument("--check", nargs="+", metavar="FILE", help="load these track files (paths or ids) with the "
                    "track loader and print OK, or the error naming file, field and reason (exit 2)")
    _game_option(tk, "tracks or boards (with --check: the game whose files these are; default rf90)")
    ws = _add_parser(sub, "workshop", help="presenter mode: the notebooks as clean Voilà apps with large type")
    ws.add_argument("notebook", nargs="?", help="a notebook (path, number or name, e.g. 02) or a folder; "
                    "default: notebooks/")
    ws.add_argument("--port", type=_count(1, 65535), default=None,
                    help="the port (default: the first free one from 8866; a busy port asked for is an error)")
    ws.add_argument("--ip", default="127.0.0.1", metavar="HOST",
                    help="the address to serve on (default 127.0.0.1: this machine only; 0.0.0.0: the room's "
                    "network, which always requires a token)")
    ws.add_argument("--token", default=None, help="require this token in the URL ('auto': a new one); beyond "
                    "loopback a new one is made when none is given (default: none on this machine)")
    ws.add_argument("--no-browser", action="store_true", help="do not open a browser")
    _season_parser(sub)
    au = _add_parser(sub, "automobiles", help="Automobiles: replay a scenario, list scenarios, run a computer race")
    ausub = au.add_subparsers(dest="auto_cmd", required=True)
    arp = _add_parser(ausub, "replay", help="replay an Automobiles scenario file (or a shipped scenario id)")
    arp.add_argument("file", help="a scenario file, or a shipped id "
                     "('racebook automobiles scenarios')")
    arp.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    arp.add_argument("--save", metavar="FILE", help="also save the replayed game (racebook-automobiles/1 JSON)")
    _add_parser(ausub, "scenarios", help="list the shipped Automobiles scenarios")
    arc = _add_parser(ausub, "race", help="a whole race (or Season) of computer players, to a winner")
    arc.add_argument("--players", type=int, default=3, choices=range(2, 6), help="how many players")
    arc.add_argument("--seed", type=_count(0, 2**63), default=0, help="the game's seed")
    arc.add_argument("--policy", default="greedy", choices=("greedy", "builder", "mixed"),
                     help="the computer players' policy (mixed: greedy and builder in turn)")
    arc.add_argument("--season", type=_count(3, 9), default=0, metavar="RACES",
                     help="a Season of RACES races with sponsors (§22.3; default 0: one race)")
    arc.add_argument("--draft", action="store_true", help="the players draft drivers first (§22.2)")
    arc.add_argument("--save", metavar="FILE", help="save the finished game (racebook-automobiles/1 JSON)")
    arc.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    _quiet(arc)
    ars = _add_parser(ausub, "resume", help="load a saved Automobiles game: where it stands, or played on")
    ars.add_argument("file", help="a saved game (written by --save)")
    ars.add_argument("--play", action="store_true", help="play it on to the end with computer players")
    ars.add_argument("--policy", default="greedy", choices=("greedy", "builder", "mixed"),
                     help="with --play: the computer players' policy")
    ars.add_argument("--save", metavar="FILE", help="save the game after --play")
    ars.add_argument("--json", action="store_true", help="print the summary as JSON")
    _quiet(ars)
    return ap



def _season_parser(sub: Any) -> None:
    se = _add_parser(sub, "season", help="RF90 Championship (Expansion #1 §6): run, resume or report a season; "
                    "play: a FormulaGP championship (§20)")
    ssub = se.add_subparsers(dest="season_cmd", required=True)
    for name in ("run", "resume"):
        p = _add_parser(ssub, name, help="run a season file (or a shipped season id)" if name == "run" else
                        "go on with a saved season (written by --save)")
        p.add_argument("file", help="a season file or a shipped season id" if name == "run" else "a saved season")
        if name == "run":
            p.add_argument("--seed", type=_count(0, 2**62), default=0, help="the season seed (default 0)")
        p.add_argument("--races", type=_count(0, 12), default=None, metavar="N",
                       help="run at most N races (default: to the end of the calendar)")
        p.add_argument("--save", metavar="F", help="write the season in progress to F (resume it later)")
        p.add_argument("--json", action="store_true", help="print the championship report as JSON")
        _quiet(p)
    pl = _add_parser(ssub, "play", help="a quick championship season of computer-driven cars (FormulaGP §20)")
    pl.add_argument("--game", metavar="GAME", default="formulagp",
                    help="the game (default formulagp; RF90 seasons are season files: racebook season run)")
    pl.add_argument("--races", type=_count(1, 24), default=6, metavar="N", help="races in the season (default 6)")
    pl.add_argument("--players", type=_count(0, 6), default=2, metavar="P",
                    help="computer-driven player cars (default 2)")
    pl.add_argument("--rookies", type=_count(0, 6), default=4, metavar="R",
                    help="Rookie BOTs (default 4); the field, BOTs included, is 2..6 cars")
    pl.add_argument("--track", default=None, help="the track of every race (default: the race circuit)")
    pl.add_argument("--constructors", action="store_true",
                    help="run the Constructors' Championship: cars pair into teams (each player with a Rookie BOT)")
    pl.add_argument("--team-orders", action="store_true", help="team orders (with --constructors)")
    pl.add_argument("--seed", type=_count(0, 2**62), default=0, metavar="S", help="the season seed (default 0)")
    pl.add_argument("--after", type=_count(0, 24), default=None, metavar="K",
                    help="stop after K races (default: the whole season)")
    pl.add_argument("--odds", type=_count(0, 10_000), default=0, metavar="N",
                    help="with --after: title odds over N sampled seasons (Monte Carlo over the races left)")
    pl.add_argument("--rules", default="", metavar="TEXT",
                    help="house rules that differ from the defaults, as name=value,… (docs/formulagp.md)")
    pl.add_argument("--mode", default="standard", choices=("standard", "advanced"),
                    help="the race of every round: standard (default) or advanced (§4.2 b: 24 rounds)")
    pl.add_argument("--json", action="store_true", help="print the championship report as JSON")
    pl.add_argument("--pros", type=_count(0, 6), default=0, metavar="N",
                    help="Pro BOTs (default 0), after the players; the field, BOTs included, is 2..6 cars")
    _quiet(pl)
    st = _add_parser(ssub, "standings", help="the report of a saved season")
    st.add_argument("file", help="a saved season")
    st.add_argument("--json", action="store_true", help="print the championship report as JSON")
    od = _add_parser(ssub, "odds", help="title odds of a saved season: Monte Carlo over the races left")
    od.add_argument("file", help="a saved season")
    od.add_argument("--samples", type=_count(1, 100_000), default=100, metavar="N",
                    help="how many seasons to sample to the end")
    od.add_argument("--seed", type=_count(0, 2**62), default=0, metavar="S", help="the sampling seed")
    od.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help="sample in N worker processes (0 or 'auto': one per core; default 1, serial); the odds "
                    "are identical to the serial run")
    _quiet(od)
