"""[ADV] The weather radar's exact odds and the start-tyre choice's expected cost (digest §4.3, §14.1, §14.2, §19.1,
§19.1.1, §19.2; issue 38 item 6, notebook F4).

Nothing here is a rule of its own: the rain check is :func:`racebook.formulagp.rules.weather.check` on the WHITE die's
results (:func:`~racebook.formulagp.rules.weather.die_result` of each face of ``data/dice.toml``, each face 1/6), the
card's value and the temperature table are ``data/weather.toml``'s (:func:`~racebook.formulagp.rules.weather.
weather_data`: the split of the 5 WEATHER cards and the value 4 printed on Cloudy and Rainy are invented-for-teaching),
the wrong tyres and their bonus are :func:`~racebook.formulagp.rules.weather.wrong_tyres` and
:func:`~racebook.formulagp.rules.weather.wrong_tyre_bonus`, the wear track the board's
(:func:`racebook.formulagp.rules.tyres.change_wear`), a loss of control's chance
:func:`racebook.formulagp.analysis.hazardodds.hazard_odds`.

* **The radar** (:func:`radar`): with the Weather token on its WHITE-die side on radar space P, the check comes when
  the Chequered Flag reaches P (R = P): T = WHITE x the card's value; T < R no change, T = R a change at R, T > R a
  change when the flag reaches T (the token's weather-icon side). The engine places no new Weather token after a
  change (§19.1.1), so a race changes its weather at most once; a change beyond the last radar space never comes.
  The optional 15.14 Weather Change Modifier (§19.1) is not counted (it is not built).
* **Before the draw** (:func:`forecast_odds`): each WEATHER card's chance, then the set-up's token (Cloudy or Rainy:
  WHITE x 4, §4.3) and its check.
* **The start tyres** (:func:`start_tyre_costs`): over the first ``rounds`` rounds, for every weather the forecast can
  bring (exactly weighted), each start tyre's tyre bonus round by round as its marker moves (``wear_per_round``, plus
  the Sunny track's temperature wear for Soft and Medium at the start, §4.3, and wet tyres' +1 a move on a dry track,
  §14.2 — Standing Water's cooling not counted), the rounds on the wrong tyres and the RED dice they owe (dry tyres in
  the rain after every move, §14.2 — a single-GREEN move's exemption not counted, so an upper bound — and worn tyres,
  §14.1), with the expected losses of control. Wet tyres are the only tyres the set-up offers besides the dry ones
  (§4.3, §14.2); the two-dry-types rule (§4.6) is the pit stops' business, not counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from racebook.formulagp.analysis.hazardodds import hazard_odds
from racebook.formulagp.components import Dice, dice
from racebook.formulagp.playerboard import PlayerBoard, Tyre, TyreState, load_board
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.rules.tyres import change_wear, fit
from racebook.formulagp.rules.weather import (
    Check,
    Forecast,
    check,
    die_result,
    weather_data,
    wrong_tyre_bonus,
    wrong_tyres,
)

__all__ = ["Radar", "TyreCost", "white_results", "radar", "radar_of", "setup_radar", "forecast_odds", "wet_chance",
           "start_tyre_costs", "SETUP_MULTIPLIER", "START_TYRES"]

SETUP_MULTIPLIER = 4  # §4.3: the set-up puts the Weather token on WHITE x 4
START_TYRES = (Tyre.SOFT, Tyre.MEDIUM, Tyre.HARD, Tyre.WET)  # §4.3, §14.2: an Advanced race offers wet tyres too


def white_results(data: Dice | None = None) -> list[tuple[int, Fraction]]:
    """The WHITE die's results where the weather rules read it (the icon counts 1, §4.3) with their chances."""
    faces = (data or dice()).white
    out: dict[int, Fraction] = {}
    for f in faces:
        r = die_result(f.value)
        out[r] = out.get(r, Fraction(0)) + Fraction(1, len(faces))
    return sorted(out.items())


@dataclass(frozen=True)
class Radar:
    """The weather now and the exact chance that it changes at each radar space (round) up to ``horizon``."""

    weather: Forecast
    changes: dict[int, Fraction]  # radar space -> the chance the weather changes when the flag reaches it
    horizon: int  # the last radar space that counts (the final round's)

    @property
    def after(self) -> Forecast | None:
        """What it changes to (§19.1.1): Cloudy <-> Rainy; Sunny never changes."""
        return {Forecast.CLOUDY: Forecast.RAINY, Forecast.RAINY: Forecast.CLOUDY}.get(self.weather)

    @property
    def never(self) -> Fraction:
        """The chance the weather does not change before the flag."""
        return 1 - sum(self.changes.values(), Fraction(0))

    def by(self, space: int) -> Fraction:
        """The chance the weather has changed when the flag is on ``space``."""
        return sum((p for r, p in self.changes.items() if r <= space), Fraction(0))

    def wet_at(self, space: int) -> Fraction:
        """The chance the track is wet (Rainy) when the flag is on ``space`` (§14.2)."""
        changed = self.by(space)
        return 1 - changed if self.weather.wet else (changed if self.after is Forecast.RAINY else Fraction(0))

    def sentence(self) -> str:
        if self.after is None or not self.changes:
            return f"{self.weather.value}: the weather will not change (§19.1)"
        likeliest = max(self.changes.items(), key=lambda kv: (kv[1], -kv[0]))
        return (f"{self.weather.value}: it turns {self.after.value} before the flag with chance "
                f"{float(1 - self.never):.1%}, likeliest at round {likeliest[0]} ({float(likeliest[1]):.1%}); "
                f"no change {float(self.never):.1%} (§19.1)")


def _multiplier(weather: Forecast) -> int:
    return weather_data().multiplier[weather]


def radar(weather: Forecast | str, token: int, side: str = "die", *, now: int = 0, horizon: int = 24,
          data: Dice | None = None) -> Radar:
    """The radar's odds with the Weather token on space ``token`` (0: none), its ``side`` "die" (the rain check) or
    "icon" (the change itself), the flag on ``now`` (the next check comes at a later space, when a round starts)."""
    w = Forecast(weather)
    if side not in ("die", "icon"):
        raise ValueError(f"side {side!r}: the Weather token shows its 'die' or 'icon' side (§19.1)")
    if token < 0 or now < 0 or horizon < 1:
        raise ValueError("token, now ≥ 0 and horizon ≥ 1 radar spaces")
    changes: dict[int, Fraction] = {}
    if token and w is not Forecast.SUNNY:
        at = max(token, now + 1)  # the check when a round starts with the flag on or past the token (§19.1)
        if side == "icon":
            changes[at] = Fraction(1)
        else:
            for roll, p in white_results(data):
                total = roll * _multiplier(w)
                outcome = check(total, at)
                when = at if outcome is Check.NOW else total if outcome is Check.LATER else 0
                if when:
                    changes[when] = changes.get(when, Fraction(0)) + p
    return Radar(w, {r: p for r, p in sorted(changes.items()) if r <= horizon}, horizon)


def radar_of(race: Any) -> Radar:
    """The radar of a race in progress: its WEATHER card, the Weather token and its side, the flag, the final round's
    space. A Standard race, or an Advanced one before the draw, has no weather: ValueError."""
    s = race.state
    if not s.mode.advanced or not s.weather:
        raise ValueError("no weather: a Standard race, or the WEATHER card is not drawn yet (§4.3)")
    return radar(s.weather, s.weather_token, s.weather_side or "die", now=s.flag, horizon=s.final_lap_at)


def _mix(parts: list[tuple[Fraction, Radar]], weather: Forecast, horizon: int) -> Radar:
    changes: dict[int, Fraction] = {}
    for q, r in parts:
        for space, p in r.changes.items():
            changes[space] = changes.get(space, Fraction(0)) + q * p
    return Radar(weather, dict(sorted(changes.items())), horizon)


def setup_radar(forecast: Forecast | str, horizon: int = 24, data: Dice | None = None) -> Radar:
    """The radar right after the set-up's WEATHER card ``forecast`` (§4.3: Cloudy and Rainy put the token on WHITE x
    4, WHITE-die side up; Sunny puts none), over every set-up roll."""
    f = Forecast(forecast)
    if f is Forecast.SUNNY:
        return Radar(f, {}, horizon)
    return _mix([(p, radar(f, roll * SETUP_MULTIPLIER, "die", horizon=horizon, data=data))
                 for roll, p in white_results(data)], f, horizon)


def forecast_odds(horizon: int = 24) -> dict[Forecast, tuple[Fraction, Radar]]:
    """Before the draw: each WEATHER card's chance (the 5 cards, §4.3) and its radar after the set-up."""
    cards = weather_data().cards
    return {f: (Fraction(cards.count(f), len(cards)), setup_radar(f, horizon)) for f in Forecast if f in cards}


def wet_chance(space: int, horizon: int = 24) -> Fraction:
    """Before the draw: the chance the track is wet when the flag is on ``space``."""
    return sum((p * r.wet_at(space) for p, r in forecast_odds(horizon).values()), Fraction(0))


@dataclass(frozen=True)
class TyreCost:
    """A start tyre's expected stint over the first ``rounds`` rounds (every figure an exact expectation)."""

    tyre: Tyre
    rounds: int
    bonus_mp: Fraction  # tyre bonus MP
    wrong_rounds: Fraction  # rounds on the wrong tyres for the track (§14.2)
    red_dice: Fraction  # RED dice rolled after moves (dry tyres in the rain, worn tyres; §14.1, §14.2)
    spins: Fraction  # expected losses of control from them
    wear: Fraction  # the wear marker's space after the stint

    def sentence(self) -> str:
        return (f"{self.tyre.value}: {float(self.bonus_mp):.1f} MP of tyre bonus in {self.rounds} rounds, "
                f"{float(self.wrong_rounds):.1f} rounds on the wrong tyres, {float(self.spins):.2f} expected losses "
                f"of control (§14.2)")


def _timelines(forecast: Forecast | None, horizon: int) -> list[tuple[Fraction, Forecast, dict[int, Fraction]]]:
    """(chance, the start weather, its change odds by space) for the forecast given, or over every card."""
    if forecast is not None:
        f = Forecast(forecast)
        return [(Fraction(1), f, setup_radar(f, horizon).changes)]
    return [(p, f, r.changes) for f, (p, r) in forecast_odds(horizon).items()]


def _stint(board: PlayerBoard, tyre: Tyre, wet: list[bool], start_wear: int, wear_per_round: int,
           p_loc: dict[tuple[Hazard, ...], Fraction]) -> tuple[int, int, int, Fraction, int]:
    """One weather timeline (``wet[i]``: the track is wet in round i + 1): bonus MP, wrong rounds, RED dice, expected
    losses of control, the wear after."""
    w = start_wear
    bonus = wrong_n = red = 0
    spins = Fraction(0)
    wet_side = board.tyre_bonus(Tyre.WET, TyreState.DEGRADED)
    for is_wet in wet:
        wrong = wrong_tyres(is_wet, tyre is Tyre.WET)
        bonus += wrong_tyre_bonus(wrong, board.tyre_bonus(tyre, board.tyre_state(tyre, w)), wet_side)
        wrong_n += bool(wrong)
        hazards = tuple(h for h, on in ((Hazard.WORN_TYRES, board.red_die_every_move(w)),
                                        (Hazard.DRY_TYRES_IN_RAIN, wrong == "dry")) if on)
        if hazards:
            red += len(hazards)
            if hazards not in p_loc:
                p_loc[hazards] = hazard_odds(list(hazards)).loss_of_control
            spins += p_loc[hazards]
        w = change_wear(board, tyre, w, wear_per_round + (wrong == "wet")).wear
    return bonus, wrong_n, red, spins, w


def start_tyre_costs(rounds: int = 8, *, forecast: Forecast | str | None = None, wear_per_round: int = 1,
                     horizon: int = 24, board: PlayerBoard | None = None) -> list[TyreCost]:
    """Each start tyre's expected first ``rounds`` rounds under ``forecast`` (None: before the draw, over the 5
    cards), best first (most tyre bonus, then fewer expected losses of control)."""
    if not 1 <= rounds <= horizon or wear_per_round < 0:
        raise ValueError(f"rounds 1..{horizon} and wear_per_round ≥ 0")
    b = board or load_board()
    data = weather_data()
    temps = [(p, data.temperature_wear[data.temperature[roll]]) for roll, p in white_results()]
    p_loc: dict[tuple[Hazard, ...], Fraction] = {}
    out = []
    for tyre in START_TYRES:
        tot = [Fraction(0)] * 5
        for q, f, changes in _timelines(None if forecast is None else Forecast(forecast), horizon):
            starts = [(Fraction(1), 0)]
            if f is Forecast.SUNNY and tyre in (Tyre.SOFT, Tyre.MEDIUM):  # §4.3: the track temperature's wear
                starts = temps
            never = 1 - sum(changes.values(), Fraction(0))
            for when, pc in [*changes.items(), (0, never)]:
                wet = [f.wet != bool(when and r >= when) for r in range(1, rounds + 1)]
                for pt, extra in starts:
                    start = change_wear(b, tyre, fit(b, tyre).wear, extra).wear
                    got: tuple[int | Fraction, ...] = _stint(b, tyre, wet, start, wear_per_round, p_loc)
                    for i, x in enumerate(got):
                        tot[i] += q * pc * pt * x
        out.append(TyreCost(tyre, rounds, tot[0], tot[1], tot[2], tot[3], tot[4]))
    return sorted(out, key=lambda c: (-c.bonus_mp, c.spins, START_TYRES.index(c.tyre)))

