"""The FormulaGP picture (``Race._repr_svg_``, ``racebook replay fgp_… --svg``): well-formed SVG drawing every space
of the teaching circuit and every car as a token at least 18 px across with its letter inside, tokens that never
overlap (two car shadows of a Slipstream space included), built without importing the engine."""

from __future__ import annotations

import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from racebook.formulagp import scenario
from racebook.formulagp.picture import race_svg, state_svg
from racebook.formulagp.track import load_track
from racebook.formulagp.trackparts import Surface

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def _tree(text: str) -> ET.Element:
    return ET.fromstring(text)


def test_every_space_is_drawn_once() -> None:
    track = load_track()
    race = scenario.load("fgp_ex10")
    root = _tree(race_svg(race, whole=True))  # the whole circuit (the default frames the current step)
    drawn = [p.get("data-space") for p in root.iter(f"{NS}polygon") if p.get("data-space")]
    assert len(drawn) == len(set(drawn))
    framed = [p.get("data-space") for p in _tree(race._repr_svg_()).iter(f"{NS}polygon") if p.get("data-space")]
    assert len(framed) == len(set(framed)) and set(framed) < set(drawn)
    expected = set()
    for t in track.tiles:
        for lane in range(1, 5):
            for k, sp in enumerate(t.spaces(lane)):
                below = t.spaces(lane + 1) if lane < 4 else ()
                if sp.surface is Surface.DOUBLE and not (k < len(below) and below[k].surface is Surface.DOUBLE):
                    continue  # the double-lane space is drawn once, from its outer lane
                expected.add(f"{t.id}.{lane}.{k + 1}")
    assert set(drawn) == expected and len(expected) > 300
    assert race._repr_svg_() == race_svg(race)


def _tokens(svg: str) -> list[tuple[str, float, float, float]]:
    root = _tree(svg)
    cars = [(c.get("data-car") or "", float(c.get("cx") or 0), float(c.get("cy") or 0), float(c.get("r") or 0))
            for c in root.iter(f"{NS}circle") if c.get("class") == "car"]
    texts = [(float(t.get("x") or 0), float(t.get("y") or 0), t.text or "", float(t.get("font-size") or 0))
             for t in root.iter(f"{NS}text")]
    for car, x, y, r in cars:
        assert 2 * r >= 18, (car, r)
        letter = [t for t in texts if abs(t[0] - x) < 0.2 and abs(t[1] - y) < r and t[2] and car.startswith(t[2][0])]
        assert letter and letter[0][3] >= 10, (car, letter)
    return cars


def test_cars_are_lettered_tokens_that_never_overlap() -> None:
    for sid in ("fgp_ex06", "fgp_ex08", "fgp_ex09", "fgp_ex11"):
        cars = _tokens(scenario.load(sid)._repr_svg_())
        assert len(cars) == len(scenario.read(sid).state.cars)
        for i, a in enumerate(cars):
            for b in cars[i + 1:]:
                assert math.dist(a[1:3], b[1:3]) >= a[3] + b[3], (sid, a, b)
    s = scenario.read("fgp_ex09").state.copy()  # Grey and Red in the two car shadows of T06's Slipstream space
    s.cars["Red"].pos = s.cars["Grey"].pos.__class__(s.cars["Grey"].pos.tile, 1, 0, 1)
    a, b = (t for t in _tokens(state_svg(s)) if t[0] in ("Grey", "Red"))
    assert math.dist(a[1:3], b[1:3]) >= a[3] + b[3]


def test_the_mover_is_ringed_and_the_lines_say_where_everyone_is() -> None:
    race = scenario.load("fgp_ex10")
    svg = race._repr_svg_()
    assert svg.count('class="mover"') == 1 and "Red to play" in svg and "Grey: T05.1.1, lap 0, ERS 4" in svg
    assert "Round 3" in svg and "T05" in svg and "2nd ↰" in svg  # Red's frame: the hairpin T30-T31
    whole = race_svg(race, whole=True)  # Grey's corner T04-T05 lies outside Red's frame: the whole circuit has it
    assert whole.count('class="mover"') == 1 and "4th ↱" in whole and "2nd ↰" in whole


def test_the_picture_imports_no_engine() -> None:
    code = ("import sys\nfrom racebook.formulagp.track import load_track\nimport racebook.formulagp.picture\n"
            "bad = [m for m in sys.modules if m.startswith('racebook.formulagp.') and m.rsplit('.', 1)[1] in "
            "{'game', 'turn', 'moving', 'rounds', 'cardplay', 'state', 'setup', 'scenario', 'hooks'}]\n"
            "assert not bad, bad\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"})
    assert out.returncode == 0, out.stderr
