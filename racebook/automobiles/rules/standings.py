"""Race position (§13) and the end of the race (§14).

Position ranks the cars by distance travelled (laps, then progress: the absolute progress holds both); a tie goes to
the innermost lane (§13). The race ends when a car has completed the laps, after the last turn of that round
(AMB-17); the winner is the car that travelled furthest (§14).
"""

from __future__ import annotations

from racebook.automobiles.state import GameState


def standings(state: GameState) -> list[str]:
    """The player ids from 1st (leader) to last (§13)."""
    return [p.id for p in sorted(state.players.values(), key=lambda p: (-p.progress, p.lane))]


def position(state: GameState, pid: str) -> int:
    """``pid``'s race position, 1 for the leader (§13)."""
    return standings(state).index(pid) + 1


def laps_done(state: GameState, pid: str) -> int:
    """Laps completed: one each time the car reaches the finish line again after the start (AMB-29)."""
    return max(0, state.players[pid].progress // state.board.length)


def has_finished(state: GameState, pid: str) -> bool:
    return laps_done(state, pid) >= state.laps
