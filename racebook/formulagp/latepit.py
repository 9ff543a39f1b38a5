"""[ADV] The Late Pit Bonus in a race (digest §16.6, §14.2; the rules in :mod:`racebook.formulagp.rules.latepit`):
the token earned at a stop (:func:`on_stop`, a one-line hook in :func:`racebook.formulagp.pits.leave_box`), its MP in
each move (:func:`move_bonus`, the ``late_pit`` part of :func:`racebook.formulagp.rules.movement.movement_points`
through :func:`racebook.formulagp.cardplay.move_points`), its notation (the car's ``ft=<round>``, the round the
token was earned, written only when held). An Advanced race only. Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp import weather
from racebook.formulagp.bots import prohazardevents as hzev
from racebook.formulagp.damage import no_tyre_bonus
from racebook.formulagp.events import latepit as lev
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, TyreState
from racebook.formulagp.rules import latepit as lp
from racebook.formulagp.state import Car, Mode, RaceState

PRO = "pro"  # ``Car.bot`` of a Pro BOT (racebook.formulagp.bots.pro.PRO: the engines above import this module)


def is_open(s: RaceState) -> bool:
    """The Fresh Tyres tokens are in the pit boxes (§16.6): an Advanced race whose flag reached their radar space."""
    return s.mode is Mode.ADVANCED and lp.open_at(s.flag, panel().radar["fresh_tyres"])


def on_stop(s: RaceState, c: Car, log: EventLog) -> None:
    """A stop made (the car leaves its box): with the tokens in the boxes it takes one (LP1: or only with new
    tyres), next to its Tyre token (§16.6). A Pro BOT's stop always fits tyres (§22.12.2 item 3): "a Pro BOT makes a
    pit stop during or after the game round marked with the Late Pit Bonus" earns it as well (§22.12.5 [BOT 5.5])."""
    pro = c.bot == PRO
    if (c.bot and not pro) or not lp.earns(open_now=is_open(s), tyres_fitted=c.pit_tyres or pro,
                                           needs_new_tyres=s.rules.late_pit_needs_new_tyres):
        return
    c.fresh_tyres = s.round
    mp = lp.late_pit_values().fresh
    log.append(hzev.ProFreshTyres(c.id, s.round, mp) if pro else lev.FreshTyresTaken(c.id, s.round, mp))


def move_bonus(s: RaceState, c: Car) -> int:
    """The Late Pit Bonus of ``c``'s move now (§16.6): none on dry tyres on a wet track, from the pit-exit space, on
    a rejoin; the lesser side on degraded tyres or wet tyres on a dry track; none once the tyres are worn out."""
    if not c.fresh_tyres or s.mode is not Mode.ADVANCED:
        return 0
    wet = weather.wet(s)
    if c.bot == PRO:  # §22.12.5: it flips with the Pro BOT's Tyre token (§22.11.1), its wrong tyres by §22.13.10
        pb = s.pro.bots[c.id]
        tyres = TyreState.FRESH if pb.full else TyreState.DEGRADED
        wrong = weather.active(s) and (pb.tyre is Tyre.WET) is not wet
    else:
        tyres, wrong = s.tyre_state(c), weather.wrong_tyres(s, c)
    t = s.turn
    return lp.bonus(lp.late_pit_values(), held=True, tyres=tyres, dry_on_wet=wrong and wet,
                    wet_on_dry=wrong and not wet,
                    from_pit_exit=c.pit == "exit" or (t is not None and t.car == c.id and t.pit_exit),
                    rejoin=no_tyre_bonus(c))


def car_tokens(c: Car) -> list[str]:
    return [f"ft={c.fresh_tyres}"] if c.fresh_tyres else []


def read_car(c: Car, ck: dict[str, str], text: str) -> None:
    v = ck.get("ft", "0")
    if not v.isdigit():
        raise NotationError(f"{text[:80]!r}…: ft= is the round the Fresh Tyres token was taken (§16.6)")
    c.fresh_tyres = int(v)
