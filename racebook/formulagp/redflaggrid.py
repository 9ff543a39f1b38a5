"""The Red Flag grid's tyre choice (digest §19.6 step 2; the original's 13.10 item 2: "Drivers are allowed to change
tyres and repair damage during a Red Flag event"): the ``grid`` phase, its legal actions, their application and
refusals.

When the Red Flag's round ends (:func:`racebook.formulagp.redflag.choose_tyres`, the hook at the start of the next
round), each player car in grid order chooses its tyres: ``Grey tyres hard`` — any dry type, its own type too, always
a fresh set (the wear marker on the type's start position, :func:`racebook.formulagp.rules.tyres.fit`); a
``GridTyres`` event says what was fitted. When the last driver has chosen, the round starts (the restart, A30).
Damage is repaired on the grid without a choice (:func:`racebook.formulagp.redflag.grid_service`); Rookie BOTs
change nothing (§22.13.6). Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import limitedtyres, weather
from racebook.formulagp.actions import FgpAction, Tyres
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rounds import after_setup, start_round
from racebook.formulagp.rules.tyres import fit
from racebook.formulagp.state import RaceState

DRY = (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD)  # a Standard race's tyres (§4.6; wet tyres come with the weather, [ADV])
__all__ = ["legal_grid", "apply_grid", "explain_grid"]


def legal_grid(s: RaceState) -> list[FgpAction]:
    """The driver first in grid order still to choose: one ``tyres`` action per dry type (§19.6 step 2)."""
    if not s.grid_tyres:
        return []
    car = s.grid_tyres[0]
    return [Tyres(car, ty.value) for ty in limitedtyres.grid_offer(s, s.cars[car], DRY) + weather.tyre_choices(s)]


def apply_grid(s: RaceState, a: FgpAction, log: EventLog) -> None:
    assert isinstance(a, Tyres)
    c = s.cars[a.car]
    limitedtyres.fitting(s, c, Tyre(a.tyre), log)  # §21 15.10: one set from the stock
    got = fit(s.board, Tyre(a.tyre), s.rules.medium_one_space_early)  # §21 15.5
    c.tyre, c.wear = Tyre(a.tyre), got.wear
    log.append(weather.start_tyres_event(s, c.id, a.tyre, got.wear)  # the start tyres (§4.6), else the grid's
               or ev.GridTyres(c.id, a.tyre, got.wear, got.bonus))
    weather.fitted(s, c, log)  # [ADV] §4.6's tyre types, A17's temperature wear
    s.grid_tyres = s.grid_tyres[1:]
    if not s.grid_tyres:
        # every driver has chosen: the round starts (the restart, §19.6 step 6); round 0: the start tyres (§4.6)
        (start_round if s.round else after_setup)(s, log)


def explain_grid(s: RaceState, a: FgpAction) -> tuple[str, str]:
    car = s.grid_tyres[0] if s.grid_tyres else "nobody"
    if s.round == 0:  # the start tyres (§4.6)
        return "§4.6", f"before the start it is {car}'s choice of its start tyres now, in grid order"
    if a.car != car:
        return "§19.6", f"on the Red Flag grid it is {car}'s choice of tyres now (grid order)"
    if isinstance(a, Tyres) and a.tyre == "wet" and not weather.tyre_choices(s):
        return "§14.2", "wet tyres are fitted in an Advanced race only ([ADV] §14.2)"
    return "§19.6", f"on the Red Flag grid {car} chooses its tyres: 'tyres soft', 'tyres medium' or 'tyres hard'"
