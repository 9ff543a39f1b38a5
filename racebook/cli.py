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
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from racebook.core.datafile import DATA_ID, check_output, file_path, read_text, write_text
from racebook.core.errors import DataError, RacebookError, ScenarioError

#: The exit status of a bad input (file, argument, action, position) and of a bug in racebook.
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1
MAX_RACES = 1_000_000


class UsageError(RacebookError, ValueError):
    """Bad command-line arguments (argparse's message, on one line)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, raised instead of usage + sys.exit(2)
        where = self.prog.removeprefix("racebook").strip() or "arguments"
        raise UsageError(f"{where}: {message}")


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "(no message)"


def _named(text: str) -> str:
    """A file or field on the error line: an empty or blank one quoted (``""``, ``" "``), never "(no message)"."""
    return _one_line(text) if text.strip() else json.dumps(text)


def _report(e: BaseException) -> int:
    """Print ``e`` as the one stderr line of a failure; the exit status (see the module docstring)."""
    if isinstance(e, DataError):
        print(f"racebook: {_named(e.file)}: {_named(e.field)}: {_one_line(e.reason)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if isinstance(e, RacebookError):
        print(f"racebook: {_one_line(str(e))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"racebook: internal error: {type(e).__name__}: {_one_line(str(e))} (please report it)", file=sys.stderr)
    return EXIT_INTERNAL


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
    write_text(path, race._repr_svg_() + "\n", DataError, "--svg")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0, 2 for a bad input, 1 for an internal error)."""
    try:
        return _main(argv)
    except RacebookError as e:
        return _report(e)
    except (KeyboardInterrupt, SystemExit):
        raise  # --help / --version exit 0 through SystemExit
    except Exception as e:  # a bug: still one line, never a traceback
        return _report(e)


def _main(argv: list[str] | None) -> int:
    ap = _Parser(prog="racebook", description="Race! Formula 90 rules engine and teaching tool")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="replay a scenario file (or a shipped scenario id)")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    rp.add_argument("--svg", metavar="FILE", help="also write the position as an SVG picture of the track to FILE")
    rp.add_argument("--step", type=_count(0, 10**9), default=None, metavar="N",
                    help="with --svg: the position after step N (0 = the start; default: the final position)")
    sm = sub.add_parser("simulate", help="run many seeded races with automatic drivers and summarise them")
    sm.add_argument("--track", default="silverstone")
    sm.add_argument("--races", type=_count(0, MAX_RACES), default=100)
    sm.add_argument("--seed", type=_count(-(2**63), 2**64 - 1), default=0)
    sm.add_argument("--players", type=int, default=3, choices=range(1, 7))
    sm.add_argument("--driver", default="greedy", choices=("greedy", "random"))
    sm.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help="play the races in N worker processes (0 or 'auto': one per core; default 1, serial); "
                    "the results are identical to the serial run")
    sm.add_argument("--csv", help="also write one row per race to this CSV file")
    sub.add_parser("scenarios", help="list shipped scenarios")
    tk = sub.add_parser("tracks", help="list shipped tracks, or validate track files with --check")
    tk.add_argument("--check", nargs="+", metavar="FILE", help="load these track files (paths or ids) with the "
                    "track loader and print OK, or the error naming file, field and reason (exit 2)")
    ws = sub.add_parser("workshop", help="presenter mode: the notebooks as clean Voilà apps with large type")
    ws.add_argument("notebook", nargs="?", help="a notebook (path, number or name, e.g. 02) or a folder; "
                    "default: notebooks/")
    ws.add_argument("--port", type=_count(1, 65535), default=None,
                    help="the port (default: the first free one from 8866; a busy port asked for is an error)")
    ws.add_argument("--ip", default="127.0.0.1", metavar="HOST",
                    help="the address to serve on (default 127.0.0.1: this machine only; 0.0.0.0: the room's "
                    "network, which always requires a token)")
    ws.add_argument("--token", default=None, help="require this token in the URL ('auto': a new one); beyond "
                    "loopback a new one is made when none is given")
    ws.add_argument("--no-browser", action="store_true", help="do not open a browser")
    _season_parser(sub)
    au = sub.add_parser("automobiles", help="Automobiles: replay a scenario, list scenarios, run a computer race")
    ausub = au.add_subparsers(dest="auto_cmd", required=True)
    arp = ausub.add_parser("replay", help="replay an Automobiles scenario file (or a shipped scenario id)")
    arp.add_argument("file")
    arp.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    arp.add_argument("--save", metavar="FILE", help="also save the replayed game (racebook-automobiles/1 JSON)")
    ausub.add_parser("scenarios", help="list the shipped Automobiles scenarios")
    arc = ausub.add_parser("race", help="a whole race (or Season) of computer players, to a winner")
    arc.add_argument("--players", type=int, default=3, choices=range(2, 6))
    arc.add_argument("--seed", type=_count(0, 2**63), default=0)
    arc.add_argument("--policy", default="greedy", choices=("greedy", "builder", "mixed"),
                     help="the computer players' policy (mixed: greedy and builder in turn)")
    arc.add_argument("--season", type=_count(3, 9), default=0, metavar="RACES",
                     help="a Season of RACES races with sponsors (§22.3)")
    arc.add_argument("--draft", action="store_true", help="the players draft drivers first (§22.2)")
    arc.add_argument("--save", metavar="FILE", help="save the finished game (racebook-automobiles/1 JSON)")
    arc.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    ars = ausub.add_parser("resume", help="load a saved Automobiles game: where it stands, or played on")
    ars.add_argument("file")
    ars.add_argument("--play", action="store_true", help="play it on to the end with computer players")
    ars.add_argument("--policy", default="greedy", choices=("greedy", "builder", "mixed"))
    ars.add_argument("--save", metavar="FILE", help="save the game after --play")
    ars.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    if args.cmd == "automobiles":
        return _automobiles(args)
    if args.cmd == "season":
        return _season(args)
    if args.cmd == "replay":
        from racebook.rf90.scenario import load, summary_json
        if args.svg is not None:
            _output_arg(args.svg, "--svg")  # before the scenario is replayed
        sc = load(_scenario_arg(args.file))
        if args.step is not None and args.svg is None:
            raise DataError("<args>", "--step", "--step needs --svg FILE")
        if args.svg is not None:
            _write_svg(sc.race, args.svg, args.step)
        if args.json:
            print(summary_json(sc.race, sc.id))
            return 0
        print(f"{sc.title}  [{sc.cite}]")
        for a in sc.assumed:
            print(f"  assumed: {a}")
        for step in sc.race.steps:
            if step.action is not None:
                print(f"> {step.action}")
            for e in step.events:
                print(f"  {e.sentence()}")
        print(f"position: {sc.race.position()}")
        if sc.race.current_car:
            print(f"to play: {sc.race.current_car} — {sc.race.phase.value if sc.race.phase else ''}")
        return 0
    if args.cmd == "simulate":
        from racebook.rf90.analysis.simulate import simulate, summary, to_csv
        from racebook.rf90.trackfile import load_track
        csv_path = _output_arg(args.csv, "--csv") if args.csv is not None else None  # before any race is run
        load_track(args.track)  # a bad track fails before any race is run
        results = simulate(args.track, args.races, args.seed, players=args.players, driver=args.driver,
                           jobs=args.jobs)
        print(summary(results))
        if csv_path is not None:
            write_text(args.csv, to_csv(results), DataError, "--csv", newline="")
        return 0
    if args.cmd == "scenarios":
        from racebook.rf90.scenario import available, load
        for name in available():
            sc = load(name, play=False)
            print(f"{name:12} {sc.title}")
        return 0
    if args.cmd == "tracks":
        from racebook.rf90.trackfile import available_tracks, load_track
        if args.check:
            failed = internal = False
            for f in args.check:
                try:
                    tr = load_track(f)
                except Exception as e:  # every file is checked: never stop at the first bad one
                    failed = True
                    if _report(e) == EXIT_INTERNAL:
                        internal = True
                    continue
                print(f"OK {f}: {tr.name} ({len(tr)} sections, pit -{tr.pit_time}, "
                      f"{tr.turns.last_turn} turns)")
            return EXIT_INTERNAL if internal else EXIT_BAD_INPUT if failed else 0
        status = 0
        for t in available_tracks():  # a bad file on the search path is reported, the others still listed
            try:
                tr = load_track(t)
            except Exception as e:
                status = max(status, _report(e))
                continue
            print(f"{t:12} {tr.name} ({len(tr)} sections, pit -{tr.pit_time}, {tr.turns.last_turn} turns)")
        return status
    if args.cmd == "workshop":
        from racebook.workshop import main as workshop
        return workshop(args.notebook, args.port, open_browser=not args.no_browser, ip=args.ip, token=args.token)
    raise AssertionError(args.cmd)  # argparse allows only the commands above


def _season_parser(sub: Any) -> None:
    se = sub.add_parser("season", help="RF90 Championship (Expansion #1 §6): run, resume or report a season")
    ssub = se.add_subparsers(dest="season_cmd", required=True)
    for name in ("run", "resume"):
        p = ssub.add_parser(name, help="run a season file (or a shipped season id)" if name == "run" else
                            "go on with a saved season (written by --save)")
        p.add_argument("file")
        if name == "run":
            p.add_argument("--seed", type=_count(0, 2**62), default=0, help="the season seed (default 0)")
        p.add_argument("--races", type=_count(0, 12), default=None, metavar="N",
                       help="run at most N races (default: to the end of the calendar)")
        p.add_argument("--save", metavar="F", help="write the season in progress to F (resume it later)")
        p.add_argument("--json", action="store_true", help="print the championship report as JSON")
    st = ssub.add_parser("standings", help="the report of a saved season")
    st.add_argument("file")
    st.add_argument("--json", action="store_true", help="print the championship report as JSON")
    od = ssub.add_parser("odds", help="title odds of a saved season: Monte Carlo over the races left")
    od.add_argument("file")
    od.add_argument("--samples", type=_count(1, 100_000), default=100)
    od.add_argument("--seed", type=_count(0, 2**62), default=0)
    od.add_argument("--jobs", type=_jobs, default=1, metavar="N")


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
        odds = title_odds(run.season, run.results, args.samples, args.seed, jobs=args.jobs)
        print(f"title odds after {odds.after} of {len(run.season.calendar)} races ({odds.samples} sampled seasons):")
        for label, rows in (("drivers", odds.drivers), ("teams", odds.teams)):
            print(f"{label}: " + ", ".join(f"{n} {100 * p:.0f}%" for n, p in sorted(rows, key=lambda x: -x[1]) if p))
        return 0
    if args.season_cmd in ("run", "resume"):
        if args.save is not None:
            _output_arg(args.save, "--save")  # a path that can be written, checked before any race is run
        run.run(args.races)
        if args.save is not None:
            save(run, args.save)
    print(report_json(run) if args.json else report_markdown(run))
    return 0


def _automobiles(args: argparse.Namespace) -> int:
    from racebook.automobiles.scenario import read, scenario_ids, summary_json
    if getattr(args, "save", None) is not None:
        _output_arg(args.save, "--save")  # before any race is run
    if args.auto_cmd == "scenarios":
        for name in scenario_ids():
            print(f"{name:32} {read(name).title}")
        return 0
    if args.auto_cmd in ("race", "resume"):
        return _automobiles_play(args)
    sc = read(_scenario_arg(args.file))
    race = sc.race(frames=False)
    if args.save is not None:
        from racebook.automobiles.saves import save
        save(race, args.save)
    if args.json:
        print(summary_json(race, sc.id))
        return 0
    print(f"{sc.title}  [{sc.cite}]")
    for a in sc.assumed:
        print(f"  assumed: {a}")
    for step in race.steps:
        if step.action is not None:
            print(f"> {step.action}")
        for e in step.events:
            print(f"  {e.sentence()}")
    print(f"position: {race.position()}")
    if race.current_car:
        print(f"to play: {race.current_car} — {race.phase.value if race.phase else ''}")
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
    play_out(race, Policy(), max_steps=10**6)
    if args.save is not None:
        save(race, args.save)
    print(summary_json(race) if args.json else race.events[-1].sentence())
    return 0


if __name__ == "__main__":
    sys.exit(main())
