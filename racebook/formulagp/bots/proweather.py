"""The Pro BOTs in the weather ([ADV]; digest §22.3 wet, §22.6 track temperature, §22.11.2, §22.12.5's early stop,
§22.13.10; the BOT rulebook's [BOT 1.3.1], [BOT 1.6], [BOT 4.2], [BOT 5.5], [BOT 6.10]), on the weather of
:mod:`racebook.formulagp.weather` (the WEATHER card on the panel, the Weather token, the temperature), which calls
:func:`weather_event` through the neutral hook table :mod:`racebook.formulagp.prohooks` (it does not know the BOTs):

* **a wet start** ([§22.3][]: "Wet race: use Wet tyres, whether the race starts wet or the BOT switches during it"):
  when the set-up draws the Rainy card each Pro BOT changes its start tyre to Wet and its Pit token is placed for
  Wet (10 + the WHITE die, [§22.4][]) — reading **N-P8**: the STRATEGY card's start tyre is rolled at set-up as
  always (§22.3), the weather is drawn after it (§4.2 g), so the Wet start replaces it;
* **the track temperature** ([§22.6][] [BOT 1.6]): Hot moves the Pit token of a Pro BOT on Soft or Medium 1 round
  earlier, Extreme 2, when the race start rolls it (a Pit token already at the pit-lane entry stays there);
* **a weather change** ([§22.11.2][], [§22.13.10][]): a Pro BOT now on the wrong tyres flips its Tyre token to the
  lower side and its Pit token goes to the pit-lane entry ("it pits the next time it reaches the pit entrance, but
  not from round 22 on": :func:`racebook.formulagp.bots.propit.pitting`); Wet tyres on a dry track have no tyre
  bonus (:func:`racebook.formulagp.bots.pro.tyre_bonus`); dry tyres on a wet track: the WHITE die sets the pace
  each turn (:func:`racebook.formulagp.rules.botpace.pace_rule`'s ``dry_in_rain``), RED pace → the RED die after the
  move (:func:`after_move`, [§22.13.1][]);
* **a confirmed change** ([§22.12.5][] [BOT 5.5]: the Weather token turned to its weather-icon side): a Pro BOT whose
  planned stop (its Pit token on the radar) falls within 4 rounds of the change rolls the WHITE die; green → it stops
  early (the Pit token to the pit-lane entry, ``ProTable.early``) and fits the tyre for the coming weather — Rain:
  Wet; Cloudy: the final tyre of its STRATEGY card's weather-change section (Example x4);
* **the stop's tyre** ([§22.11.2][], [§22.3][]; :func:`stop_tyre`): the early stop's tyre above; on a wet track Wet;
  a second stop in a dry race (never wet) the weather-change section's tyre; else the next STRATEGY tyre (after the
  rain stops: the next one on the card, [§22.3][]).

Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import weather
from racebook.formulagp.bots import pro, prolate
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.bots.procards import pro_cards
from racebook.formulagp.components import FaceColour
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.prohooks import register
from racebook.formulagp.rules import protyres
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.rules.weather import Forecast
from racebook.formulagp.state import Car, Die, RaceState

__all__ = ["EARLY_WINDOW", "after_move", "dry_in_rain", "stop_tyre", "weather_event", "wrong"]

EARLY_WINDOW = 4  # §22.12.5 [BOT 5.5]: a planned stop within 4 rounds of a confirmed weather change


def wrong(s: RaceState, car: str) -> bool:
    """The Pro BOT runs on the wrong tyres for the track (§22.11.2): dry on a wet track, or Wet on a dry one."""
    if not weather.active(s):
        return False
    return (s.pro.bots[car].tyre is Tyre.WET) is not weather.wet(s)


def dry_in_rain(s: RaceState, c: Car) -> bool:
    """§22.13.10: a Pro BOT on dry tyres on a wet track (its pace by the WHITE die each turn)."""
    return c.bot == pro.PRO and weather.wet(s) and s.pro.bots[c.id].tyre is not Tyre.WET


def after_move(s: RaceState, c: Car, log: EventLog) -> None:
    """§22.13.10, §22.13.1: dry tyres on a wet track at RED pace → a RED die hazard check after moving (only the
    loss-of-control face counts, :func:`racebook.formulagp.bots.pro.red_die`)."""
    t = s.turn
    if t is None or c.pit or not dry_in_rain(s, c) or t.pace != "red":
        return
    pro.red_die(s, c, "-", "dry-tyres-in-the-rain", "dry tyres on a wet track at RED pace (§22.13.10, §22.13.2)", log)


def weather_event(s: RaceState, log: EventLog, what: str) -> None:
    """The hook :mod:`racebook.formulagp.weather` calls (``setup``, ``temperature``, ``change``, ``confirmed``)."""
    if not s.pro.active:
        return
    {"setup": _setup, "temperature": _temperature, "change": _change, "confirmed": _confirmed}[what](s, log)


def _setup(s: RaceState, log: EventLog) -> None:
    if s.weather != Forecast.RAINY.value:
        return
    for car, pb in s.pro.bots.items():
        if pb.tyre is not Tyre.WET:
            pb.tyre, pb.full = Tyre.WET, True
            s.cars[car].tyre = Tyre.WET
            log.append(pev.ProWeather(car, "the race starts wet: it starts on Wet tyres (§22.3)", "§22.3 [BOT 1.3.1]"))
            pro.set_pit_token(s, car, log, at_start=True)


def _temperature(s: RaceState, log: EventLog) -> None:
    for car, pb in s.pro.bots.items():
        moved = protyres.temperature_shift(pb.pit, pb.tyre, s.temperature)
        if moved != pb.pit:
            before, pb.pit = pb.pit.space, moved
            log.append(pev.ProWeather(car, f"the track is {s.temperature} and it is on {pb.tyre.value.title()}: its "
                                           f"Pit token moves {before - moved.space} round(s) earlier, space {before} "
                                           f"→ {moved.space}", "§22.6 [BOT 1.6]"))


def _change(s: RaceState, log: EventLog) -> None:
    for car, pb in s.pro.bots.items():
        if not wrong(s, car):
            continue
        pb.full = False
        pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
        on = "Wet tyres on a dry track" if pb.tyre is Tyre.WET else "dry tyres on a wet track"
        log.append(pev.ProWeather(car, f"{on}: the Tyre token flipped to its lower side, the Pit token to the "
                                       "pit-lane entry (it pits the next time it reaches the pit entrance, not from "
                                       "round 22 on)", "§22.11.2 [BOT 4.2]"))


def _confirmed(s: RaceState, log: EventLog) -> None:
    rain = s.weather != Forecast.RAINY.value  # the change coming: to Rainy, or back to Cloudy
    for car, pb in s.pro.bots.items():
        if pb.pit.side is PitSide.ENTRY or abs(pb.pit.space - s.weather_token) > EARLY_WINDOW or car in s.pro.early \
                or not protyres.may_pit(s.flag):
            continue
        face = s.white_face(s.roll(Die.WHITE))
        green = face.colour is FaceColour.GREEN
        if green:
            pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
            s.pro.early.append(car)
        coming = "Rain: Wet tyres" if rain else "Cloudy: the final tyre of its STRATEGY card's weather-change section"
        log.append(pev.ProEarlyStop(car, pb.pit.space, s.weather_token, face.value, face.colour.value,
                                    f"it stops early for the coming weather ({coming})" if green
                                    else "it keeps its strategy"))
    prolate.weather_token(s, log)  # §22.14 BOT 7.1's weather variant (optional): the second Weather token


def stop_tyre(s: RaceState, car: str) -> tuple[Tyre, str] | None:
    """The tyre of a Pro BOT's stop as the weather requires (§22.11.2, §22.3, §22.12.5); None: the next STRATEGY tyre
    (:func:`racebook.formulagp.bots.pro.next_tyre`)."""
    if not weather.active(s):
        return None
    pb = s.pro.bots[car]
    card = pro_cards().strategy_card(pb.strategy)
    if car in s.pro.early:
        s.pro.early.remove(car)
        if s.weather == Forecast.RAINY.value:
            return card.weather, f"an early stop before the rain stops: STRATEGY {card.code}'s weather-change tyre"
        return Tyre.WET, "an early stop before the rain: Wet tyres (§22.12.5)"
    if weather.wet(s):
        return Tyre.WET, "the track is wet: Wet tyres (§22.3)"
    if not weather.wet_race(s) and pb.stops >= 1 and car not in s.pro.late:
        return card.weather, f"a second stop in a dry race: STRATEGY {card.code}'s weather-change tyre (§22.11.2)"
    return None


register(weather=weather_event)
