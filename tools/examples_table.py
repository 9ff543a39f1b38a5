"""Print the table of the worked examples (docs/scenarios.md): scenario, test and notebook for each of the manual's
Ex. N, then each of Expansion #1's Ex. X1-N (scenarios ``x1_NN``, tests ``test_ex_x1_NN_…``; expansion1 digest §8).

    python tools/examples_table.py > /tmp/table.md   # then paste between the markers of docs/scenarios.md
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TITLES = {  # short names of the 42 examples (digest §30)
    1: "Default vs custom setup", 2: "Taking resources after setup", 3: "Qualifying tie-break on check factor",
    4: "Refuel chit 8", 5: "Three-player qualifying", 6: "Refuel chits on the turn track",
    7: "Turn-8 pit stops, extra fuel, robot pit", 8: "Initial weather", 9: "Robot tyre choice at Silverstone",
    10: "LUCKY strategy card", 11: "Basic activation order", 12: "Other cars in the leader's section",
    13: "Leader pits at the start of the turn", 14: "Leader subsection", 15: "Duel in the leader's corner",
    16: "Duel at Stowe (tie)", 17: "Pit stop procedure", 18: "Trajectory colour match and cost",
    19: "Tyre payment options", 20: "[3] with tyre + damage cost", 21: "Test comparisons",
    22: "Normal-test options", 23: "Modifier arithmetic", 24: "Multiple tests, ET first",
    25: "Flag card readings", 26: "Corner blocks overtaking", 27: "Straight pass + BW in a braking zone",
    28: "Lapping in a corner", 29: "Lapping with the blue flag", 30: "Unlapping",
    31: "Successful late braking at Abbey", 32: "Trajectory does not set race order",
    33: "ET failure at the 1st Di Lesmo", 34: "LB failure at Variante Ascari", 35: "Legal Track Card (leader)",
    36: "Track Card needing a sure Leader check", 37: "Combination and \"-1\" symbols", 38: "LB Discard Power",
    39: "SC deployment and realignment", 40: "Leader forced to pit under the SC", 41: "One duel chance per section",
    42: "Second duel via subsections",
}
X1_TITLES = {  # Expansion #1's examples (expansion1 digest §8)
    1: "Spa: following the Eau Rouge ET, 57 <= 60", 2: "Spa: the ET bonus, 7 MP to Rivage",
    3: "Spa: failing the ET, 28 <= 40, -2 MP next turn", 4: "Spa: ignoring a teammate; blocked in a braking zone",
    5: "Robot line-up, basic, 4 players", 6: "Robot line-up, basic, 3 players", 7: "Robot line-up, advanced, 3 players",
    8: "Robot line-up, advanced, 4 players", 9: "Two players with robot teammates",
    10: "Spa: red card, +1 MP to a trajectory", 11: "Spa: green card, forced late braking at 80",
    12: "Spa: orange card, a robot-vs-robot duel", 13: "Spa: yellow card, a yellow flag at Rivage",
    14: "Setting up a championship", 15: "Alternative championship line-up", 16: "Scoring the first race",
}


def _notebook(name: str) -> str:
    """A notebook name as the table shows it: ``(planned)`` unless it exists (notebooks/ or notebooks/<game>/)."""
    found = (ROOT / "notebooks" / f"{name}.ipynb").exists() or any((ROOT / "notebooks").glob(f"*/{name}.ipynb"))
    return name if found else f"{name} (planned)"


def main() -> int:
    scen: dict[int, list[tuple[str, str]]] = {}
    for p in sorted((ROOT / "racebook" / "rf90" / "scenarios").glob("ex*.toml")):
        m = re.match(r"ex(\d+)", p.stem)
        assert m
        nb = tomllib.loads(p.read_text(encoding="utf-8"))["scenario"].get("notebook", "")
        scen.setdefault(int(m.group(1)), []).append((p.stem, nb))
    tests: dict[int, list[str]] = {}
    for p in sorted((ROOT / "tests").rglob("test_*.py"), key=lambda p: p.name):  # tests/<game>/…: by file name
        for m in re.finditer(r"^def (test_ex_(\d+)_\w+)", p.read_text(encoding="utf-8"), re.M):
            tests.setdefault(int(m.group(2)), []).append(f"{p.name}::{m.group(1)}")
    print("| Ex. | what | scenario | test | notebook |")
    print("|---|---|---|---|---|")
    for n in range(1, 43):
        s = scen.get(n, [])
        names = ", ".join(f"`{a}`" for a, _ in s) or "—"
        nbs = sorted({b if (ROOT / "notebooks" / "rf90" / f"{b}.ipynb").exists() else f"{b} (planned)"
                      for _, b in s if b})
        t = "<br>".join(f"`{x}`" for x in tests.get(n, [])) or "not yet"
        print(f"| {n} | {TITLES[n]} | {names} | {t} | {', '.join(nbs) or '—'} |")
    x1_scen: dict[int, list[tuple[str, str]]] = {}
    for p in sorted((ROOT / "racebook" / "rf90" / "scenarios").glob("x1_*.toml")):
        m = re.match(r"x1_(\d+)", p.stem)
        assert m
        nb = tomllib.loads(p.read_text(encoding="utf-8"))["scenario"].get("notebook", "")
        x1_scen.setdefault(int(m.group(1)), []).append((p.stem, nb))
    x1_tests: dict[int, list[str]] = {}
    for p in sorted((ROOT / "tests").rglob("test_*.py"), key=lambda p: p.name):
        for m in re.finditer(r"^def (test_ex_x1_(\d+)_\w+)", p.read_text(encoding="utf-8"), re.M):
            x1_tests.setdefault(int(m.group(2)), []).append(f"{p.name}::{m.group(1)}")
    for n in range(1, 17):
        s = x1_scen.get(n, [])
        names = ", ".join(f"`{a}`" for a, _ in s) or "—"
        nbs = sorted({_notebook(b) for _, b in s if b})
        t = "<br>".join(f"`{x}`" for x in x1_tests.get(n, [])) or "not yet"
        print(f"| X1-{n} | {X1_TITLES[n]} | {names} | {t} | {', '.join(nbs) or '—'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
