"""A position as one line of text (for logs, error messages and tests): the board, the lap count, the round and
phase, the Stock, then each player in turn order with the car (lane, progress) and the zones.

``teaching L3 r2 A:action $0 | A 1@5 bag W3Y2 act L1W2 used - track W:1.2 disc Y3 | B …`` — zones are zone texts
(:func:`racebook.automobiles.zones.text`).
"""

from __future__ import annotations

from racebook.automobiles import zones
from racebook.automobiles.state import GameState


def format_state(state: GameState) -> str:
    t = state.turn
    head = f"{state.board.name} L{state.laps} r{state.round} "
    head += "over" if state.finished or t is None else f"{t.car}:{t.phase.value} ${t.money}"
    head += f" stock {zones.text(state.stock)}"
    parts = [head]
    for p in state.players.values():
        track = " ".join(f"{c.code}:{'>'.join(c.spaces)}" for c in p.track) or "-"
        parts.append(f"{p.id} {p.lane}@{p.progress} bag {zones.text(p.bag)} act {zones.text(p.active)} "
                     f"used {zones.text(p.used)} track {track} disc {zones.text(p.discard)}")
    return " | ".join(parts)
