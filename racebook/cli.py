"""The ``racebook`` console script.

    racebook replay FILE_OR_ID [--json] [--svg FILE [--step N]]   run a scenario and print its event log (or a
        JSON summary); --svg also draws the final position (or the one after N actions) as SVG
    racebook simulate --track T --races N --seed S [--jobs N] [--csv FILE]   Monte Carlo races with automatic
                                          drivers (--jobs: worker processes, 0 or auto = every core)
    racebook scenarios                    list the shipped scenarios
    racebook tracks                       list the shipped tracks
    racebook tracks --check FILE …        validate track files (prints OK, or the error and exits 2)
    racebook workshop [NOTEBOOK] [--port P] [--ip HOST] [--token T] [--no-browser]   presenter mode (Voilà)
    racebook season run FILE_OR_ID [--seed S] [--races N] [--save F] [--json]   an RF90 Championship season
                                          (Expansion #1 §6) with computer drivers; prints the standings
    racebook season resume SAVE [--races N] [--save F] [--json]   go on with a saved season
    racebook season standings SAVE [--json]   the report of a saved season (standings, races so far)
    racebook season odds SAVE [--samples N] [--seed S] [--jobs N]   title odds: Monte Carlo over the races left
    racebook automobiles replay FILE_OR_ID [--json]   an Automobiles scenario's event log (or a JSON summary)
    racebook automobiles scenarios        list the shipped Automobiles scenarios
    racebook automobiles race [--players N] [--seed S] [--policy P] [--season R] [--draft] [--save F] [--json]
                                          a whole race (or Season) of computer players
    racebook automobiles resume SAVE [--play] [--policy P] [--json]   a saved game: where it is, or played on

Every failure prints exactly one line on stderr and never a traceback: a bad file
``racebook: FILE: FIELD: REASON`` (a :class:`~racebook.core.errors.DataError`), any other racebook error
(an unreadable or illegal action, a refused set-up, a bad position, bad arguments) ``racebook: …`` — exit
status 2. An unexpected exception (a bug in racebook) prints ``racebook: internal error: TYPE: MESSAGE`` and exits
with status 1.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from racebook.core.datafile import DATA_ID, read_text
from racebook.core.errors import DataError, RacebookError, ScenarioError

#: The exit status of a bad input (file, argument, action, position) and of a bug in racebook.
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1
EXIT_PIPE = 141  # the reader of the output closed it (128 + SIGPIPE, what `yes | head -1` gives)
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


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "(no message)"


def _report(e: BaseException) -> int:
    """Print ``e`` as the one stderr line of a failure; the exit status (see the module docstring)."""
    if isinstance(e, DataError):
        _err(f"racebook: {_one_line(e.file)}: {_one_line(e.field)}: {_one_line(e.reason)}")
        return EXIT_BAD_INPUT
    if isinstance(e, RacebookError):
        _err(f"racebook: {_one_line(str(e))}")
        return EXIT_BAD_INPUT
    _err(f"racebook: internal error: {type(e).__name__}: {_one_line(str(e))} (please report it)")
    return EXIT_INTERNAL


def _err(line: str) -> None:
    """One failure on stderr: one line; on a terminal, wrapped to its width (a long list of valid ids)."""
    stream = sys.stderr
    if hasattr(stream, "isatty") and stream.isatty():
        import shutil

        from racebook.core.choices import wrapped
        line = wrapped(line, shutil.get_terminal_size().columns - 1)
    print(line, file=stream)


def _scenario_arg(name: str) -> str:
    """A scenario argument that is safe to hand to the loader: a readable regular UTF-8 file (checked through
    racebook.core.datafile) or a shipped id; anything else raises ScenarioError naming it (field ``<file>``)."""
    try:
        exists = os.path.lexists(name)
    except (OSError, ValueError) as e:  # a NUL byte
        raise ScenarioError(name, "<file>", str(e)) from None
    if exists or "/" in name or os.sep in name or name.endswith(".toml"):
        read_text(name, ScenarioError)  # a directory, a device, a missing or non-UTF-8 file: one clean error
        return name
    if not DATA_ID.fullmatch(name):
        raise ScenarioError(name[:120] + ("…" if len(name) > 120 else ""), "<file>",
                            "no such file, and not a shipped scenario id (letters, digits, '_' and '-')")
    return name


def _csv_arg(path: str) -> Path:
    """Check before any race is run that ``--csv`` names a file that can be written."""
    p = Path(path)
    try:
        if p.is_dir():
            raise DataError(path, "--csv", "is a directory, not a file")
        if p.exists() and not p.is_file():
            raise DataError(path, "--csv", "not a regular file")
        parent = p.parent
        if not parent.is_dir():
            raise DataError(path, "--csv", f"no such directory: {parent}")
        if not os.access(parent if not p.exists() else p, os.W_OK):
            raise DataError(path, "--csv", "permission denied")
    except DataError:
        raise  # also a ValueError: already the one clean line
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        raise DataError(path, "--csv", getattr(e, "strerror", None) or str(e)) from None
    return p


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
    """An argparse type: ``--jobs`` as :func:`racebook.rf90.analysis.simulate.resolve_jobs` reads it."""
    from racebook.rf90.analysis.simulate import JobsError, resolve_jobs
    try:
        return resolve_jobs(text)
    except JobsError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("jobs: ")) from None


def _write_svg(race: Any, path: str, step: int | None) -> None:
    """Write the race's position after ``step`` actions (0 = the start; None = the final position) as SVG."""
    if step is not None:
        if step > len(race.actions):
            raise DataError("<args>", "--step", f"{step} is past the last step ({len(race.actions)} actions)")
        race = race.at(step, frames=False)
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(race._repr_svg_() + "\n")
    except OSError as e:
        raise DataError(path, "--svg", (e.strerror or str(e)).lower()) from None


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0, 2 for a bad input, 1 for an internal error, 141 when the reader of
    the output went away)."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at interpreter exit
        return status
    except BrokenPipeError:
        return _pipe_closed()
    except RacebookError as e:
        return _report(e)
    except (KeyboardInterrupt, SystemExit):
        raise  # --help / --version exit 0 through SystemExit
    except Exception as e:  # a bug: still one line, never a traceback
        return _report(e)


def _pipe_closed() -> int:
    """The reader of stdout closed it (``racebook scenarios | head -1``): stop quietly, with the status a process
    killed by SIGPIPE has, and point stdout at /dev/null so the interpreter's last flush cannot complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # an in-process stdout with no file descriptor (tests)
        pass
    return EXIT_PIPE


def _version() -> str:
    """The installed package's version (its metadata), or racebook.__version__ in a bare checkout."""
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


class _Version(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kw: Any) -> NoReturn:
        from racebook.core.registry import games
        titles = "; ".join(g.title for g in games())
        print(f"racebook {_version()} — {titles}\n{HINT}")
        parser.exit(0)


class _Formatter(argparse.HelpFormatter):
    """Every option's help ends with its default when it has one and does not say it already."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (default is None or default is False or default is argparse.SUPPRESS or not action.option_strings
                or "default" in text or isinstance(action, argparse._HelpAction)):
            return text
        return f"{text} (default: %(default)s)" if text else "(default: %(default)s)"


def _add_parser(sub: Any, name: str, **kw: Any) -> _Parser:
    parser: _Parser = sub.add_parser(name, formatter_class=_Formatter, **kw)
    return parser


def _quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress line (it is shown on stderr only when stderr is a terminal)")


def _game_option(p: argparse.ArgumentParser, what: str) -> None:
    from racebook.core.registry import names
    p.add_argument("--game", metavar="GAME", default=None,
                   help=f"only this game's {what} ({', '.join(names())}; default: every game)")


def _build_parser() -> _Parser:
    from racebook.core.registry import names
    games = ", ".join(names())
    ap = _Parser(prog="racebook", formatter_class=_Formatter,
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
    sm.add_argument("--players", type=_count(1, 6), default=3, metavar="P",
                    help="players (computer drivers) in each race: RF90 1..6, Automobiles 2..5")
    sm.add_argument("--driver", default="greedy", choices=("greedy", "random"),
                    help="the automatic driver: greedy (the game's computer player) or uniformly random")
    sm.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help="play the races in N worker processes (0 or 'auto': one per core; default 1, serial); "
                    "the results are identical to the serial run (RF90)")
    sm.add_argument("--csv", metavar="FILE", help="also write one row per race to this CSV file")
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


def _main(argv: list[str] | None) -> int:
    ap = _build_parser()
    args = ap.parse_args(argv)
    if args.cmd == "automobiles":
        return _automobiles(args)
    if args.cmd == "season":
        return _season(args)
    if args.cmd == "replay":
        return _replay(args)
    if args.cmd == "simulate":
        return _simulate(args)
    if args.cmd == "scenarios":
        from racebook.core.registry import selected
        for g in selected(args.game):
            for name in g.scenario_ids():
                print(f"{name:{g.id_width}} {g.scenario_title(name)}")
        return 0
    if args.cmd == "tracks":
        return _tracks(args)
    if args.cmd == "workshop":
        from racebook.workshop import main as workshop
        return workshop(args.notebook, args.port, open_browser=not args.no_browser, ip=args.ip, token=args.token)
    raise AssertionError(args.cmd)  # argparse allows only the commands above


def _print_replay(played: Any, race: Any) -> None:
    print(f"{played.title}  [{played.cite}]")
    for a in played.assumed:
        print(f"  assumed: {a}")
    for step in race.steps:
        if step.action is not None:
            print(f"> {step.action}")
        for e in step.events:
            print(f"  {e.sentence()}")
    print(f"position: {race.position()}")
    if race.current_car:
        print(f"to play: {race.current_car} — {race.phase.value if race.phase else ''}")


def _replay(args: argparse.Namespace) -> int:
    from racebook.core.registry import game_of_scenario
    source = _scenario_arg(args.file)
    spec = game_of_scenario(source, args.game)
    if args.step is not None and args.svg is None:
        raise DataError("<args>", "--step", "--step needs --svg FILE")
    played = spec.api.play_scenario(source)
    if args.svg is not None:
        _write_svg(played.race, args.svg, args.step)
    if args.json:
        print(spec.api.summary_json(played.race, played.id))
        return 0
    _print_replay(played, played.race)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from racebook.core.registry import first, game
    spec = game(args.game) if args.game is not None else first()
    csv_path = _csv_arg(args.csv) if args.csv else None  # before any race is run
    api: Any = spec.api
    with _Progress(f"simulate {spec.name}", args.quiet) as progress:
        results = api.simulate(args.track, args.races, args.seed, players=args.players, driver=args.driver,
                               jobs=args.jobs, progress=progress.update if progress.shown else None)
    print(api.summary(results))
    if csv_path is not None:
        try:
            with open(csv_path, "w", encoding="utf-8", newline="") as fh:
                fh.write(api.to_csv(results))
        except OSError as e:
            raise DataError(args.csv, "--csv", (e.strerror or str(e)).lower()) from None
    return 0


def _tracks(args: argparse.Namespace) -> int:
    from racebook.core.registry import first, game, selected
    if args.check:
        spec = game(args.game) if args.game is not None else first()
        api: Any = spec.api
        failed = internal = False
        for f in args.check:
            try:
                line = api.check_track(f)
            except Exception as e:  # every file is checked: never stop at the first bad one
                failed = True
                if _report(e) == EXIT_INTERNAL:
                    internal = True
                continue
            print(f"OK {f}: {line}")
        return EXIT_INTERNAL if internal else EXIT_BAD_INPUT if failed else 0
    status = 0
    for g in selected(args.game):
        api = g.api
        for t in api.track_ids():  # a bad file on the search path is reported, the others still listed
            try:
                line = api.describe_track(t)
            except Exception as e:
                status = max(status, _report(e))
                continue
            print(f"{t:12} {line}")
    return status


class _Progress:
    """``label: done/total`` rewritten in place on stderr while a long command runs — only when stderr is a
    terminal and ``--quiet`` was not given (a pipe, a file or a test sees nothing)."""

    def __init__(self, label: str, quiet: bool) -> None:
        self.label = label
        stream = sys.stderr
        self.shown = not quiet and hasattr(stream, "isatty") and stream.isatty()
        self.last = 0.0
        self.text = ""

    def __enter__(self) -> _Progress:
        return self

    def update(self, done: int, total: int, note: str = "") -> None:
        import time
        now = time.monotonic()
        if not self.shown or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        pct = f" ({100 * done // total}%)" if total else ""
        text = f"{self.label}: {done}/{total}{pct}{note}"
        sys.stderr.write("\r" + text.ljust(len(self.text)))
        sys.stderr.flush()
        self.text = text

    def __exit__(self, *exc: object) -> None:
        if self.shown and self.text:
            sys.stderr.write("\r" + " " * len(self.text) + "\r")
            sys.stderr.flush()


def _season_parser(sub: Any) -> None:
    se = _add_parser(sub, "season", help="RF90 Championship (Expansion #1 §6): run, resume or report a season")
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


def _season(args: argparse.Namespace) -> int:
    from racebook.rf90.championship import SeasonRun, load_season
    from racebook.rf90.championship.report import report_json, report_markdown
    from racebook.rf90.championship.savefile import load, save
    if args.season_cmd == "run":
        run = SeasonRun(load_season(args.file), args.seed)
    else:
        run = load(args.file)
    if args.season_cmd == "odds":
        from racebook.rf90.championship.titleodds import title_odds
        with _Progress("season odds", args.quiet) as progress:
            odds = title_odds(run.season, run.results, args.samples, args.seed, jobs=args.jobs,
                              progress=progress.update if progress.shown else None)
        print(f"title odds after {odds.after} of {len(run.season.calendar)} races ({odds.samples} sampled seasons):")
        for label, rows in (("drivers", odds.drivers), ("teams", odds.teams)):
            print(f"{label}: " + ", ".join(f"{n} {100 * p:.0f}%" for n, p in sorted(rows, key=lambda x: -x[1]) if p))
        return 0
    if args.season_cmd in ("run", "resume"):
        if args.save:
            _csv_arg(args.save)  # a path that can be written, checked before any race is run
        run.run(args.races)
        if args.save:
            save(run, args.save)
    print(report_json(run) if args.json else report_markdown(run))
    return 0


def _automobiles(args: argparse.Namespace) -> int:
    from racebook.core.registry import game, game_of_scenario
    spec = game("automobiles")
    if args.auto_cmd == "scenarios":
        for name in spec.scenario_ids():
            print(f"{name:{spec.id_width}} {spec.scenario_title(name)}")
        return 0
    if args.auto_cmd in ("race", "resume"):
        return _automobiles_play(args)
    source = _scenario_arg(args.file)
    game_of_scenario(source, spec.name)  # an unknown id lists the valid ones; a file of another game is refused
    played = spec.api.play_scenario(source)
    race = played.race
    if args.save:
        from racebook.automobiles.saves import save
        save(race, args.save)
    if args.json:
        print(spec.api.summary_json(race, played.id))
        return 0
    _print_replay(played, race)
    return 0


def _automobiles_play(args: argparse.Namespace) -> int:
    from racebook.automobiles.agents import POLICIES
    from racebook.automobiles.game import Race
    from racebook.automobiles.saves import load, save
    from racebook.automobiles.scenario import summary_json
    from racebook.automobiles.setup import new_state
    from racebook.core.agents import play_out

    mixed = [POLICIES["greedy"](), POLICIES["builder"]()]

    class Policy:
        def choose(self, race: Race, legal: list) -> object:
            if args.policy != "mixed":
                return chosen.choose(race, legal)
            return mixed[race.state.order.index(legal[0].car) % 2].choose(race, legal)

    chosen = POLICIES.get(args.policy, POLICIES["greedy"])()
    if args.auto_cmd == "resume":
        race = load(args.file, frames=False)
        if not args.play:
            print(summary_json(race) if args.json else f"{race.position()}\nto play: {race.current_car or '-'}")
            return 0
    else:
        race = Race(new_state(args.players, seed=args.seed, season=args.season, draft=args.draft), frames=False)
    with _Progress("automobiles race", args.quiet) as progress:
        def shown(r: Race) -> None:  # the race of the Season and the round, rewritten in place on a terminal
            season = r.state.season
            progress.update(season.race if season else 1, season.races if season else 1, f", round {r.state.round}")

        play_out(race, Policy(), max_steps=10**6, on_step=shown if progress.shown else None)
    if args.save:
        save(race, args.save)
    print(summary_json(race) if args.json else race.events[-1].sentence())
    return 0


if __name__ == "__main__":
    sys.exit(main())
