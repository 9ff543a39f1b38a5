"""Around the track view's main area (see :mod:`racebook.formulagp.picture`): the top line (the round, the phase, whose
turn; the Safety Car, the VSC and the yellow zones as flags), each car's badge words (OT, ERS, stress, W2W, §23's
team number), the key (a framed picture's panel: the whole circuit in miniature with the framed stretch marked, and
a car's lines; the whole circuit's lines inside its loop) and the legend. Standard library only; no engine module.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from racebook.core import svg
from racebook.core.geometry import Box, Viewport
from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Feature, Pos, Surface
from racebook.formulagp.views.layout import Layout
from racebook.formulagp.views.palette import Livery
from racebook.formulagp.views.style import (
    DRS_FILL,
    FILL,
    GRASS,
    LEGEND_PX,
    PANEL_PX,
    PIT_FILL,
    PIT_LINE,
    SC_FILL,
    SKID,
    TOP_PX,
    WALL,
    WIDTH,
    YELLOW,
    Screen,
)

STRESS = {0: "Focus", 2: "Stressed"}  # the Stress token (§15): the middle (1) is not shown


def badge(c: Any, lv: Livery, track: Track | None, ahead: bool = True) -> str:
    """A car's tokens in words: team number, OT, ERS, stress (§15), the Wheel-to-Wheel token (§13.5), and where it
    is when that is not a space (pits, off track, spun). ``track``: a car drawn on the frame's edge, whose badge
    says only where it is, ahead or behind."""
    if track is not None:
        return f"#{lv.number} {'ahead' if ahead else 'behind'}: {where(track, c)}"
    words = [f"#{lv.number}", f"OT {c.ot}", f"ERS {c.ers}"] + status(c)
    return "  ".join(words)


def status(c: Any) -> list[str]:
    """What else a car's tokens and place say: stress (Focus or Stressed, §15), the Wheel-to-Wheel token (§13.5),
    in the pits, off track, spun."""
    words = [STRESS[c.stress]] if c.stress in STRESS else []
    if getattr(c, "w2w", "none") not in ("none", ""):
        words.append(f"W2W {c.w2w}")
    if getattr(c, "pit", ""):
        words.append("pits")
    if getattr(c, "off", ""):
        words.append("off track")
    if getattr(c, "spun", False):
        words.append("spun")
    return words


def where(track: Track, c: Any) -> str:
    """A car's space as the scenarios and the notation write it (``T06.1.1/1``: the second car shadow)."""
    pos: Pos = c.pos
    if getattr(c, "pit", "") in ("box", "held", "service", "done"):
        return "its Pit Box"
    return track.name_of(pos) + (f"/{pos.shadow}" if pos.shadow else "")


# ------------------------------------------------------------------ around the main area
def top(state: Any, mover: str | None, width: int = WIDTH) -> list[str]:
    """The round, the flag, the phase and whose turn; on the right (of a picture ``width`` px wide), the Safety Car,
    the VSC and the yellow zones."""
    phase = getattr(state.phase, "value", str(state.phase))
    if state.finished:
        head = "Race over · classification: " + ", ".join(state.result)
    else:
        lap = " · final lap" if state.final_lap else ""
        head = (f"Round {state.round} · Chequered Flag on radar space {state.flag}{lap} · {phase} phase"
                + (f" · {mover} to play" if mover else ""))
    out = [f'<text x="12" y="23" font-size="17" font-weight="bold" fill="#222">{svg.e(head)}</text>']
    flags = []
    if getattr(state, "sc_tile", -1) >= 0:
        flags.append(("SAFETY CAR", SC_FILL, "#111"))
    if getattr(state, "vsc", 0):
        flags.append(("VIRTUAL SAFETY CAR", SC_FILL, "#111"))
    for z in state.zones:
        n = len(state.track.tiles)
        flags.append((f"YELLOW {state.track.tiles[z.yellow].id}–{state.track.tiles[(z.green - 1) % n].id}", YELLOW,
                      "#111"))
    x = width - 10.0
    for words, fill, ink in flags:
        w = len(words) * 14 * 0.62 + 14
        x -= w
        out.append(f'<g class="race-flag"><rect x="{x:.1f}" y="5" width="{w:.1f}" height="24" rx="4" fill="{fill}" '
                   f'stroke="#111" stroke-width="1.5"/>' + svg.text(x + w / 2, 17, words, 14, ink) + "</g>")
        x -= 8
    return out


def _line1(c: Any, track: Track) -> str:
    return f"{c.id}: {where(track, c)}, lap {c.lap}, ERS {c.ers}"


def _line2(c: Any, lv: Livery) -> str:
    n = len(c.hand)
    tyre = getattr(c.tyre, "value", str(c.tyre))
    return " · ".join([f"#{lv.number}", f"OT {c.ot}", f"wear {c.wear} {tyre}", f"{n} card{'s' if n != 1 else ''}"])


def _line3(c: Any) -> str:
    words = status(c)
    if c.penalties:
        words.append(f"{c.penalties} penalt{'ies' if c.penalties > 1 else 'y'}")
    return " · ".join(words)


class KeyLine(NamedTuple):
    """A line of the whole circuit's key in px: its text's left end (``x``) or, for the note (``livery`` None), its
    centre; its middle height ``y``."""

    x: float
    y: float
    words: str
    livery: Livery | None


def key_inside(state: Any, lay: Layout, screen: Screen, live: dict[str, Livery], obstacles: list[Box],
               lines: list[KeyLine] | None = None) -> list[str]:
    """The whole circuit's key: one line a car inside the loop (each line's box added to ``obstacles``; each line
    recorded in ``lines``, for a view without SVG)."""
    x0, y0, x1, y1 = lay.bounds(list(range(len(lay.track.tiles))), 0.0)
    mx, my = screen.px(((x0 + x1) / 2, (y0 + y1) / 2))
    rows = list(state.cars.values())
    top = my - (len(rows) - 1) * 11
    note = "clockwise · lane 1 on the left of the race direction, outside · not to scale"
    out = [f'<text x="{mx:.0f}" y="{top - 34:.0f}" font-size="14" fill="#666" text-anchor="middle">{note}</text>']
    half = len(note) * 14 * 0.28
    if lines is not None:
        lines.append(KeyLine(mx, top - 34 - 14 * 0.35, note, None))
    obstacles.append((mx - half, top - 50, mx + half, top - 28))
    for i, c in enumerate(rows):
        lv = live[c.id]
        n = len(c.hand)
        row = (f"{_line1(c, state.track)}, OT {c.ot}, wear {c.wear}, {n} card{'s' if n != 1 else ''}"
               + (f", {STRESS[c.stress]}" if c.stress in STRESS else ""))
        y = top + 22 * i
        w = len(row) * 15 * 0.55
        obstacles.append((mx - w / 2 - 28, y - 11, mx + w / 2 + 4, y + 11))
        if lines is not None:
            lines.append(KeyLine(mx - w / 2, y, row, lv))
        out.append(_key_token(mx - w / 2 - 16, y, lv))
        out.append(f'<text class="car-line" x="{mx - w / 2:.0f}" y="{y + 5:.0f}" font-size="15" fill="#333">'
                   f'{svg.e(row)}</text>')
    return out


def _key_token(x: float, y: float, lv: Livery) -> str:
    return (f'<circle class="car-key" cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{lv.fill}" stroke="#111" '
            f'stroke-width="1.5"/>' + svg.text(x, y, lv.code, 11 if len(lv.code) == 1 else 9, lv.ink, fit=False))


def panel(state: Any, lay: Layout, tiles: list[int], live: dict[str, Livery], width: int, height: int) -> list[str]:
    """The key of a framed picture: the whole circuit in miniature, the framed stretch marked, and two lines a car."""
    x0 = width - PANEL_PX
    out = [f'<rect class="panel" x="{x0}" y="{TOP_PX}" width="{PANEL_PX}" height="{height - TOP_PX - LEGEND_PX}" '
           'fill="#f7f7f7" stroke="#ddd"/>']
    mini_h = 150.0
    bx0, by0, bx1, by1 = lay.bounds(list(range(len(lay.track.tiles))), 1.0)
    vp = Viewport.fit((bx0, bx1, by0, by1), PANEL_PX - 40, mini_h)
    mini = Screen(vp, x0 + 20, TOP_PX + 24)
    loop = [mini.px(lay.g.point(i / 160, 0.0)) for i in range(161)]
    out.append(f'<text x="{x0 + 12}" y="{TOP_PX + 17}" font-size="13" fill="#555">The whole circuit</text>')
    out.append(f'<polyline class="minimap" points="{svg.pts(loop)}" fill="none" stroke="#bbb" stroke-width="9"/>')
    a, b = lay.span(tiles[0])[0], lay.span(tiles[-1])[1]
    if b < a:
        b += 1.0
    win = [mini.px(lay.g.point(a + (b - a) * i / 40, 0.0)) for i in range(41)]
    out.append(f'<polyline class="frame-window" points="{svg.pts(win)}" fill="none" stroke="#111" '
               'stroke-width="11" stroke-opacity="0.55"/>')
    n = len(lay.track.tiles)
    for z in state.zones:  # the yellow zones (§19.3.1) and the Safety Car (§19.4) on the miniature too
        a, b = lay.span(z.yellow)[0], lay.span((z.green - 1) % n)[1]
        b += 1.0 if b < a else 0.0
        zone = [mini.px(lay.g.point(a + (b - a) * i / 12, 1.8)) for i in range(13)]
        out.append(f'<polyline class="mini-yellow" points="{svg.pts(zone)}" fill="none" stroke="{YELLOW}" '
                   'stroke-width="6"/>')
    if getattr(state, "sc_tile", -1) >= 0:
        x, y = mini.px(lay.g.point(sum(lay.span(state.sc_tile)) / 2, -2.2))
        out.append(f'<rect class="mini-sc" x="{x - 11:.1f}" y="{y - 7:.1f}" width="22" height="14" rx="3" '
                   f'fill="{SC_FILL}" stroke="#111"/>' + svg.text(x, y, "SC", 9, "#111", fit=False))
    sf = next((t for t in lay.track.tiles if t.feature is Feature.FINISH), None)
    if sf is not None:
        u = sum(lay.span(sf.index)) / 2
        out += svg.finish_line(mini.px(lay.g.point(u, -1.6)), mini.px(lay.g.point(u, 1.6)))
    for c in state.cars.values():
        lv = live[c.id]
        x, y = mini.px(lay.car_point(c.pos))
        out.append(f'<circle class="car-dot" cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{lv.fill}" stroke="#111" '
                   'stroke-width="1"/>')
    y = TOP_PX + mini_h + 50
    rows = [(c, live[c.id], _line3(c)) for c in state.cars.values()]
    step = min(64.0, (height - LEGEND_PX - 20 - y) / max(1, len(rows)))
    for c, lv, third in rows:
        out.append(_key_token(x0 + 22, y, lv))
        out.append(f'<text class="car-line" x="{x0 + 40}" y="{y + 5:.0f}" font-size="14" font-weight="bold" '
                   f'fill="#222">{svg.e(_line1(c, state.track))}</text>')
        out.append(f'<text x="{x0 + 40}" y="{y + 21:.0f}" font-size="12.5" fill="#444">{svg.e(_line2(c, lv))}</text>')
        if third:
            out.append(f'<text x="{x0 + 40}" y="{y + 36:.0f}" font-size="12.5" fill="#444">{svg.e(third)}</text>')
        y += step
    return out


class _Legend(svg.Legend):
    FONT = 13


def legend(height: int, uid: str, zones: bool) -> str:
    leg = _Legend(height, LEGEND_PX, gap=12)
    for fill, words in ((FILL[Surface.ASPHALT], "asphalt"), (f"url(#kerb-{uid})", "kerb"),
                        (FILL[Surface.SLIPSTREAM], "Slipstream (car shadows)"),
                        (FILL[Surface.DOUBLE], "double-lane space"), (GRASS, "off track")):
        leg.swatch(20, fill, "#777", 1)
        leg.word(words, 25)
    leg.swatch(20, "none", SKID, 3, ' stroke-dasharray="5 3"')
    leg.word("tricky corner", 25)
    leg.swatch(20, WALL, WALL, 1)
    leg.word("wall", 25)
    leg.add(f'<line x1="{leg.x + 10:.0f}" y1="{leg.y - 8:.0f}" x2="{leg.x + 10:.0f}" y2="{leg.y + 8:.0f}" '
            'stroke="#111" stroke-width="4"/>')
    leg.word("lane ends", 25)
    leg.swatch(20, DRS_FILL, DRS_FILL, 1)
    leg.word("DRS zone", 25)
    leg.swatch(20, PIT_FILL, PIT_LINE, 2)
    leg.word("pit lane", 25)
    if zones:
        leg.swatch(20, f"url(#yellow-{uid})", "#222", 1)
        leg.word("yellow zone", 25)
    return leg.svg()
