"""The ``racebook`` console script.

    racebook replay FILE_OR_ID [--json]   run a scenario and print its event log (or a JSON summary)
    racebook simulate --track T --races N --seed S [--csv FILE]   Monte Carlo races with automatic drivers
    racebook scenarios                    list the shipped scenarios
    racebook tracks                       list the shipped tracks
    racebook tracks --check FILE …        validate track files (prints OK, or the error and exits 2)
    racebook workshop [NOTEBOOK] [--port P] [--no-browser]   presenter mode (Voilà, large type, no code)
"""

from __future__ import annotations

import argparse
import sys

from .errors import RacebookError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="racebook", description="Race! Formula 90 rules engine and teaching tool")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="replay a scenario file (or a shipped scenario id)")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true", help="print the final-state summary as JSON")
    sm = sub.add_parser("simulate", help="run many seeded races with automatic drivers and summarise them")
    sm.add_argument("--track", default="silverstone")
    sm.add_argument("--races", type=int, default=100)
    sm.add_argument("--seed", type=int, default=0)
    sm.add_argument("--players", type=int, default=3, choices=range(1, 7))
    sm.add_argument("--driver", default="greedy", choices=("greedy", "random"))
    sm.add_argument("--csv", help="also write one row per race to this CSV file")
    sub.add_parser("scenarios", help="list shipped scenarios")
    tk = sub.add_parser("tracks", help="list shipped tracks, or validate track files with --check")
    tk.add_argument("--check", nargs="+", metavar="FILE", help="load these track files (paths or ids) with the "
                    "track loader and print OK, or the error naming file, field and reason (exit 2)")
    ws = sub.add_parser("workshop", help="presenter mode: the notebooks as clean Voilà apps with large type")
    ws.add_argument("notebook", nargs="?", help="a notebook (path, number or name, e.g. 02) or a folder; "
                    "default: notebooks/")
    ws.add_argument("--port", type=int, default=8866)
    ws.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "replay":
            from .scenario import load, summary_json
            sc = load(args.file)
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
            from .simulate import simulate, summary, to_csv
            results = simulate(args.track, args.races, args.seed, players=args.players, driver=args.driver)
            print(summary(results))
            if args.csv:
                with open(args.csv, "w", encoding="utf-8", newline="") as fh:
                    fh.write(to_csv(results))
            return 0
        if args.cmd == "scenarios":
            from .scenario import available, load
            for name in available():
                sc = load(name, play=False)
                print(f"{name:12} {sc.title}")
            return 0
        if args.cmd == "tracks":
            from .trackfile import available_tracks, load_track
            if args.check:
                failed = False
                for f in args.check:
                    try:
                        tr = load_track(f)
                    except RacebookError as e:
                        print(f"racebook: {e}", file=sys.stderr)
                        failed = True
                        continue
                    print(f"OK {f}: {tr.name} ({len(tr)} sections, pit -{tr.pit_time}, "
                          f"{tr.turns.last_turn} turns)")
                return 2 if failed else 0
            for t in available_tracks():
                tr = load_track(t)
                print(f"{t:12} {tr.name} ({len(tr)} sections, pit -{tr.pit_time}, {tr.turns.last_turn} turns)")
            return 0
        if args.cmd == "workshop":
            from .workshop import main as workshop
            return workshop(args.notebook, args.port, open_browser=not args.no_browser)
    except RacebookError as e:
        print(f"racebook: {e}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":
    sys.exit(main())
