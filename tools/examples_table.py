"""Print the README's table of the manual's worked examples: scenario, test and notebook for each Ex. N.

    python tools/examples_table.py > /tmp/table.md   # then paste between the README markers
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
