"""The Optional limited dry tyre sets chosen by each player (digest §21 item 15.10: "Choose before qualifying"; house
rule ``limited_tyre_sets = choose``): the ``sets`` phase, its legal actions, their application and refusals.

At the set-up's end (the WHITE die, [ADV] the forecast), before the start tyres (§4.6) and qualifying (§9) — or
round 1 from a given grid — each player car in grid order (pit-box order before qualifying) chooses its Option:
``Grey sets a`` (2 Soft, 1 Medium, 1 Hard) or ``Grey sets b`` (1 Soft, 2 Medium, 1 Hard); a ``TyreSetsChosen`` event
says what it holds, less the set it starts on (:func:`racebook.formulagp.limitedtyres.choose`). Rookie and Pro BOTs
choose nothing (no sets). When the last player has chosen, the set-up goes on. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import limitedtyres, weather
from racebook.formulagp.actions import SET_OPTIONS, FgpAction, TyreOption
from racebook.formulagp.rounds import after_setup
from racebook.formulagp.rules.tyresets import option_words
from racebook.formulagp.state import RaceState

__all__ = ["legal_sets", "apply_sets", "explain_sets"]

RULE = "§21"  # the Optional rule 15.10


def legal_sets(s: RaceState) -> list[FgpAction]:
    """The first player still to choose: one ``sets`` action per Option."""
    waiting = limitedtyres.pending(s)
    return [TyreOption(waiting[0], o) for o in SET_OPTIONS] if waiting else []


def apply_sets(s: RaceState, a: FgpAction, log: EventLog) -> None:
    assert isinstance(a, TyreOption)
    limitedtyres.choose(s, s.cars[a.car], a.option, log)
    if not limitedtyres.pending(s) and not weather.start_tyres(s):  # the start tyres next (§4.6), if chosen
        after_setup(s, log)  # qualifying's draw (§9.1), or round 1 from the grid


def explain_sets(s: RaceState, a: FgpAction) -> tuple[str, str]:
    waiting = limitedtyres.pending(s)
    car = waiting[0] if waiting else "nobody"
    return RULE, (f"before qualifying each player chooses its limited dry tyre sets (Optional 15.10), in grid order: "
                  f"it is {car}'s choice now, '{car} sets a' ({option_words('a')}) or '{car} sets b' "
                  f"({option_words('b')})")
