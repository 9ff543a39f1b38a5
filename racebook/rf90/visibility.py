"""What one RF90 player may see (§6.1, §12.1), through :mod:`racebook.core.visibility`.

Hidden in RF90: the Race Cards in each car's hand (§6.1: a player's hand is his own) and the duel bids lying face
down on the table until the reveal (§12.1; ``state.face_down``, the bids of the duel's
:class:`~racebook.core.visibility.SealedRound`). :func:`hidden` lists them as
:class:`~racebook.core.visibility.Hidden` items; :func:`table_view` is what a viewer (a car id, or
:data:`~racebook.core.visibility.TABLE`) sees of every car's hand and table; :func:`log_view` is the race's actions
as a viewer sees them (another car's ``bid`` stays sealed until the duel's reveal, the step with its
:class:`~racebook.rf90.events.DuelOrder`). Robots' bids are drawn by the engine (§17.2), never actions: they are
face down on the table like any bid. The engine itself always sees everything; these are views only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from racebook.core.visibility import Hidden, SealedEntry, Secret, Viewer, hidden_from, log_for
from racebook.rf90.actions import Action, Bid
from racebook.rf90.events import DuelOrder
from racebook.rf90.state import RaceState

FACE_DOWN = "face down"  # what another player sees of a face-down card (§12.1)
IN_HAND = "card"  # what another player sees of a card in a hand: that it is there (§6.1)
HAND, BID = "hand", "face-down bid"


def hidden(state: RaceState) -> list[Hidden]:
    """Every hidden card of the position, with its owner: hands (§6.1) and face-down duel bids (§12.1)."""
    out = [Hidden(cid, code, HAND) for cid, car in state.cars.items() for code in car.hand]
    out += [Hidden(cid, code, BID) for cid, car in state.cars.items() for code in car.table
            if code in state.face_down]
    return out


@dataclass(frozen=True, slots=True)
class CarView:
    """One car's cards as a viewer sees them: codes where it may see them, else :data:`IN_HAND` / :data:`FACE_DOWN`."""

    hand: tuple[str, ...]
    table: tuple[str, ...]


def table_view(state: RaceState, viewer: Viewer) -> dict[str, CarView]:
    """Every car's hand and table as ``viewer`` sees them (its own cards in full; of the others, how many)."""
    unseen = hidden_from(viewer, hidden(state))
    return {cid: CarView(tuple(IN_HAND if c in unseen else c for c in car.hand),
                         tuple(FACE_DOWN if c in unseen else c for c in car.table))
            for cid, car in state.cars.items()}


def log_view(race: Any, viewer: Viewer, upto: int | None = None) -> list[Action | SealedEntry]:
    """The race's actions (the first ``upto``) as ``viewer`` sees them: a ``bid`` of another car is a
    :class:`~racebook.core.visibility.SealedEntry` until the reveal of its duel (§12.1)."""
    steps = [st for st in race.steps if st.action is not None]
    reveals = [i for i, st in enumerate(steps) if any(isinstance(e, DuelOrder) for e in st.events)]

    def secret(i: int, action: Action) -> Secret | None:
        if not isinstance(action, Bid):
            return None
        return Secret(action.car, next((j for j in reveals if j >= i), None))

    return log_for(viewer, [st.action for st in steps], secret, upto)


def face_down_of(state: RaceState, viewer: Viewer, cars: Iterable[str]) -> dict[str, int]:
    """How many face-down cards ``viewer`` sees (and cannot read) on each of ``cars``' tables (§12.1)."""
    view = table_view(state, viewer)
    return {c: sum(1 for x in view[c].table if x == FACE_DOWN) for c in cars}
