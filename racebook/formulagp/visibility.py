"""What one FormulaGP player may see (digest §5, §9.4.3), through :mod:`racebook.core.visibility`.

Hidden in FormulaGP so far: the ACTION cards in each car's hand (§5: a hand is its owner's; discard piles are
secret too), the qualifying cards until every driver has sealed (§9.2, the race's ``qual`` round) and race round
1's start cards, laid face down until every driver has sealed (§9.4.3, the race's
:class:`~racebook.core.visibility.SealedRound`). :func:`hidden` lists the hands as
:class:`~racebook.core.visibility.Hidden` items (``"<car>:<code>"``: every car has its own deck, so the same code is
in several hands); :func:`table_view` is every hand as a viewer (a car id or
:data:`~racebook.core.visibility.TABLE`) sees it; :func:`log_view` is the race's actions as a viewer sees them: a
``launch`` of another car is a :class:`~racebook.core.visibility.SealedEntry` until the reveal (the step with the
:class:`~racebook.formulagp.events.StartRevealed` events), and so is a battle's ``bid`` / ``yield`` of another car
until that battle's reveal (the step with the :class:`~racebook.formulagp.events.BattleRevealed` events, §13.3);
:func:`battle_view` is the open battle's sealed round as a viewer sees it. The engine always sees everything; these
are views.
"""

from __future__ import annotations

from typing import Any

from racebook.core.visibility import Hidden, SealedEntry, Secret, Viewer, hidden_from, log_for
from racebook.formulagp.actions import Bid, FgpAction, Launch, Qualify, Yield
from racebook.formulagp.events import BattleRevealed, QualifyingRevealed, StartRevealed
from racebook.formulagp.state import RaceState

IN_HAND = "card"  # what another player sees of a card in a hand: that it is there (§5)
HAND = "hand"


def hidden(state: RaceState) -> list[Hidden]:
    """Every hidden card of the position, with its owner: the hands (§5) and the EVENT cards held face down on the
    table (§6.7)."""
    return ([Hidden(cid, f"{cid}:{code}", HAND) for cid, car in state.cars.items() for code in car.hand]
            + [Hidden(cid, f"{cid}:{code}", FACE_DOWN) for cid, car in state.cars.items() for code in car.events])


def table_view(state: RaceState, viewer: Viewer) -> dict[str, tuple[str, ...]]:
    """Every car's hand as ``viewer`` sees it: its own cards in full; of the others, how many (:data:`IN_HAND`)."""
    unseen = hidden_from(viewer, hidden(state))
    return {cid: tuple(IN_HAND if f"{cid}:{c}" in unseen else c for c in car.hand)
            for cid, car in state.cars.items()}


def log_view(race: Any, viewer: Viewer, upto: int | None = None) -> list[FgpAction | SealedEntry]:
    """The race's actions (the first ``upto``) as ``viewer`` sees them: another car's ``launch`` is sealed until
    the reveal of the start cards (§9.4.3), another car's ``qualify`` until the qualifying reveal (§9.2)."""
    steps = [st for st in race.steps if st.action is not None]
    reveals = {kind: [i for i, st in enumerate(steps) if any(isinstance(e, event) for e in st.events)]
               for kind, event in ((Launch, StartRevealed), (Qualify, QualifyingRevealed))}

    battles = [i for i, st in enumerate(steps) if any(isinstance(e, BattleRevealed) for e in st.events)]

    def secret(i: int, action: FgpAction) -> Secret | None:
        if isinstance(action, (Bid, Yield)):  # a battle's sealed cards (§13.3): hidden until the battle's reveal
            return Secret(action.car, next((j for j in battles if j >= i), None))
        kind = type(action)
        if kind not in reveals:
            return None
        return Secret(action.car, next((j for j in reveals[kind] if j >= i), None))

    return log_for(viewer, [st.action for st in steps], secret, upto)


def battle_view(state: RaceState, viewer: Viewer) -> dict[str, object]:
    """The battle being sealed as ``viewer`` sees it (§13.3): its own sealed text, of the other side only that it
    has sealed (:class:`~racebook.core.visibility.Committed`)."""
    return dict(state.bids.view(viewer))


FACE_DOWN = "event"  # what another player sees of an EVENT card held face down on the table: that it is there (§6.7)


def events_view(state: RaceState, viewer: Viewer) -> dict[str, tuple[str, ...]]:
    """Every car's held EVENT cards as ``viewer`` sees them: its own in full; of the others, how many
    (:data:`FACE_DOWN`) — until an 'Investigation' or the end of the race shows them (the events say which)."""
    unseen = hidden_from(viewer, hidden(state))
    return {cid: tuple(FACE_DOWN if f"{cid}:{c}" in unseen else c for c in car.events)
            for cid, car in state.cars.items()}
