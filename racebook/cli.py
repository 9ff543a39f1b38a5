"""The ``racebook`` console script (every command and option: docs/cli.md; the parser: :mod:`racebook.cliparser`).

    racebook replay FILE_OR_ID [--json] [--svg FILE [--step N] [--whole]] [--game G]   a scenario of any game: its
                                          event log (or a JSON summary); --svg also draws the position as SVG
    racebook simulate [--game G] [--track T] [--races N] [--seed S] [--jobs N] [--csv FILE] [--start S] [--quiet]
                                          Monte Carlo races with automatic drivers (default game: rf90)
    racebook scenarios [--game G]         list the shipped scenarios of every game (or one)
    racebook tracks [--game G]            list the shipped tracks and boards
    racebook tracks --check FILE …        validate track files (prints OK, or the error and exits 2)
    racebook workshop [NOTEBOOK] [--port P] [--ip HOST] [--token T] [--no-browser]   presenter mode (Voilà)
    racebook season run|resume|standings|odds …   the RF90 Championship (Expansion #1 §6)
    racebook automobiles replay|scenarios|race|resume …   Automobiles

The games come from the registry (:mod:`racebook.core.registry`): a command imports a game's engine only when it
needs it (``racebook --help`` and ``racebook scenarios`` import none).

Every failure prints exactly one line on stderr (wrapped to the width of a terminal) and never a traceback: a bad
file ``racebook: FILE: FIELD: REASON`` (a :class:`~racebook.core.errors.DataError`), any other racebook error
(an unreadable or illegal action, a refused set-up, a bad position, bad arguments) ``racebook: …`` — exit
status 2. An unexpected exception (a bug in racebook) prints ``racebook: internal error: TYPE: MESSAGE`` and exits
with status 1. A closed output pipe (``racebook scenarios | head -1``) ends quietly with status 141. Long commands
show a progress line on stderr when it is a terminal (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
from pathlib import Path
from typing import Any

from racebook.cliparser import COMMANDS, HINT, MAX_RACES, UsageError  # noqa: F401 - the CLI's public names
from racebook.cliparser import HelpFormatter as _Formatter  # noqa: F401
from racebook.cliparser import build_parser as _build_parser
from racebook.core.datafile import DATA_ID, check_output, file_path, read_text, write_text
from racebook.core.errors import DataError, RacebookError, ScenarioError

#: The exit status of a bad input (file, argument, action, position) and of a bug in racebook.
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1
EXIT_PIPE = 141  # the reader of the output closed it (128 + SIGPIPE, what `yes | head -1` gives)
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, what a shell reports)
def _one_line(text: str) -> str:
    return " ".join(text.split()) or "(no message)"


def _named(text: str) -> str:
    """A file or field on the error line: an empty or blank one quoted (``""``, ``" "``), never "(no message)"."""
    return _one_line(text) if text.strip() else json.dumps(text)


def _report(e: BaseException) -> int:
    """Print ``e`` as the one stderr line of a failure; the exit status (see the module docstring)."""
    if isinstance(e, DataError):
        _err(f"racebook: {_named(e.file)}: {_named(e.field)}: {_one_line(e.reason)}")
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
    file_path(name, ScenarioError)  # an empty or blank name
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


def _output_arg(path: str, option: str) -> Path:
    """Check before any race is run that an output option (``--csv``, ``--svg``, ``--save``) names a regular file
    that can be written: a directory, a FIFO or a device (which would block forever) is one clean line
    (racebook.core.datafile.check_output, the one output check)."""
    return check_output(path, DataError, option)


def _write_svg(race: Any, path: str, step: int | None, spec: Any = None, whole: bool = False) -> None:
    """Write the race's position after ``step`` actions (0 = the start; None = the final position) as SVG; ``whole``:
    the whole circuit, through the game's drawing in the registry (``GameSpec.svg``) when it frames a part of it."""
    if step is not None:
        if step > len(race.actions):
            raise DataError("<args>", "--step", f"{step} is past the last step ({len(race.actions)} actions)")
        race = race.at(step, frames=False)
    text = race._repr_svg_()
    if whole and spec is not None and spec.svg:
        draw = spec.load(spec.svg)
        if "whole" in inspect.signature(draw).parameters:
            text = draw(race, whole=True)
    write_text(path, text + "\n", DataError, "--svg")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0, 2 for a bad input, 1 for an internal error, 130 after Ctrl-C, 141
    when the reader of the output went away)."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at interpreter exit
        return status
    except BrokenPipeError:
        return _pipe_closed()
    except RacebookError as e:
        return _report(e)
    except KeyboardInterrupt:  # Ctrl-C: one line and the status a shell gives SIGINT, never a traceback
        _err("racebook: interrupted")
        return EXIT_INTERRUPTED
    except SystemExit:
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
    for line in played.prelude:
        print(f"  {line}")
    for step in race.steps:
        if step.action is not None:
            print(f"> {step.action}")
        for e in step.events:
            print(f"  {e.sentence()}")
    print(f"position: {race.position()}")
    if race.current_car:
        print(f"to play: {race.current_car} — {race.phase.value if race.phase else ''}")


def _replay(args: argparse.Namespace) -> int:
    from racebook.core.registry import game_of_scenario, shipped
    source = _scenario_arg(args.file)
    spec = game_of_scenario(source, args.game)
    if args.step is not None and args.svg is None:
        raise DataError("<args>", "--step", "--step needs --svg FILE")
    if args.whole and args.svg is None:
        raise DataError("<args>", "--whole", "--whole needs --svg FILE")
    if args.svg is not None:
        _output_arg(args.svg, "--svg")  # before the scenario is replayed
    played = spec.api.play_scenario(shipped(source, spec))
    if args.svg is not None:
        _write_svg(played.race, args.svg, args.step, spec, args.whole)
    if args.json:
        print(spec.api.summary_json(played.race, played.id))
        return 0
    _print_replay(played, played.race)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from racebook.core.registry import first, game
    spec = game(args.game) if args.game is not None else first()
    csv_path = _output_arg(args.csv, "--csv") if args.csv is not None else None  # before any race is run
    api: Any = spec.api
    extra = {} if args.start is None else {"start": args.start}  # FormulaGP's qualifying or grid start
    if extra and spec.name != "formulagp":
        raise DataError("<args>", "--start", f"{spec.name} has no qualifying to skip: --start is FormulaGP's")
    if args.mode is not None:  # FormulaGP's Standard or Advanced race
        if spec.name != "formulagp":
            raise DataError("<args>", "--mode", f"{spec.name} has no Advanced race: --mode is FormulaGP's")
        extra["mode"] = args.mode
    for opt in ("pros", "rookies", "rules"):  # FormulaGP's BOTs (§22.2, §22.5) and house rules (§21)
        if getattr(args, opt) is not None:
            if spec.name != "formulagp":
                what = "house rules" if opt == "rules" else "BOTs"
                raise DataError("<args>", f"--{opt}", f"{spec.name} has no {what}: --{opt} is FormulaGP's")
            extra[opt] = getattr(args, opt)
    with _Progress(f"simulate {spec.name}", args.quiet) as progress:
        results = api.simulate(args.track, args.races, args.seed, players=args.players, driver=args.driver,
                               jobs=args.jobs, progress=progress.update if progress.shown else None, **extra)
    print(api.summary(results))
    if csv_path is not None:
        write_text(args.csv, api.to_csv(results), DataError, "--csv", newline="")
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


def _season(args: argparse.Namespace) -> int:
    if args.season_cmd == "play":
        return _season_play(args)
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
        if args.save is not None:
            _output_arg(args.save, "--save")  # a path that can be written, checked before any race is run
        with _Progress(f"season {args.season_cmd}", args.quiet) as progress:
            run.run(args.races, progress=progress.update if progress.shown else None)
        if args.save is not None:
            save(run, args.save)
    print(report_json(run) if args.json else report_markdown(run))
    return 0


def _season_play(args: argparse.Namespace) -> int:
    """racebook season play --game G: a quick championship through the registry (the game's ``season`` function)."""
    from racebook.core.registry import game
    spec = game(args.game)
    if not spec.season:
        raise DataError("<args>", "--game", f"{spec.name} has no quick season: use racebook season run FILE")
    with _Progress("season play", args.quiet) as progress:
        print(spec.load(spec.season)(args.races, args.players, args.rookies, seed=args.seed, track=args.track,
                                     constructors=args.constructors, team_orders=args.team_orders, after=args.after,
                                     odds=args.odds, rules=args.rules, as_json=args.json,
                                     progress=progress.update if progress.shown else None, mode=args.mode,
                                     **({"pros": args.pros} if args.pros else {})))  # FormulaGP's Pro BOTs
    return 0


def _automobiles(args: argparse.Namespace) -> int:
    from racebook.core.registry import game, game_of_scenario
    spec = game("automobiles")
    if getattr(args, "save", None) is not None:
        _output_arg(args.save, "--save")  # before any race is run
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
    if args.save is not None:
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
    if args.save is not None:
        save(race, args.save)
    print(summary_json(race) if args.json else race.events[-1].sentence())
    return 0


if __name__ == "__main__":
    sys.exit(main())
