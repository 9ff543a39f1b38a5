"""[ADV] The weather of the Advanced race (digest §4.2 g–i, §4.3, §14.2, §19.1, §19.1.1, §19.8.4's placement and
removal, §4.6 and §17.2.2 item 6's two dry tyre types; the original's 3.2 g–i, 3.3, 10.2, 13.1, 13.1.1, 13.13.4,
5.1.3). Every rule here applies only when ``state.mode.advanced``: a Standard race never reaches it.

* Set-up (§4.2 g–i, :func:`setup`, after the panel's side): one WEATHER card drawn with the state's generator (a
  scenario stacks it: ``stacked["weather"]``). Sunny: nothing on the radar. Cloudy: the Weather token on radar
  space WHITE x 4, WHITE-die side up. Rainy: WHITE Standing Water tokens set aside, the Weather token on WHITE x 4,
  the tokens placed (the first WHITE x their number tiles from the Start/Finish line, each next a roll ahead), and
  (A31, ``rainy_setup_yellow_flag``) the Race Control Yellow Flag token on the panel's cloud space.
* Race start (§4.3, [7.2]): Sunny rolls the track temperature; Hot/Extreme add +1/+2 wear to Soft and Medium sets
  (A17, ``temperature_wear_each_set``: every Soft/Medium set fitted, or the race start only).
* Each round (:func:`round_started`): the tyre types raced on are noted (§4.6); a drying track loses one Standing
  Water token a round (§19.1.1 Rainy -> Cloudy item 3); when the Chequered Flag reaches the Weather token, the rain
  check (WHITE x the card's value, T against R, §19.1) or, on its icon side, the change (§19.1.1).
* Changes (:func:`change`): Cloudy -> Rainy moves the Race Control token 3 spaces (the Safety Car if it reaches SC:
  :func:`racebook.formulagp.flags.advance`) and places Standing Water; Rainy -> Cloudy ends the rain.
* Wrong tyres (§14.2): dry tyres on a wet track lose the Tyre Bonus and roll the RED die after every move but a single
  GREEN (or ORANGE as GREEN) card; wet tyres on a dry track show the Tyre token's +1 side and take +1 wear at the end
  of each move unless the car drove through or stopped on a Standing Water tile (§19.8.4: it cools the tyres).
* The finish (§4.6, §17.2.2 item 6): in a dry race a car that raced on fewer than two dry types is disqualified and
  classified last; the rule lapses once the race is or turns wet.

Rookie BOTs keep their own weather rules (the BOT rulebook's 6.10, the BOT helpers' part): no tyre effect here.
Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp import flags, weathermodifier
from racebook.formulagp.components import Colour, FaceColour, card_type
from racebook.formulagp.events import weather as wev
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, TyreState
from racebook.formulagp.prohooks import HOOKS
from racebook.formulagp.rules.classification import Finish
from racebook.formulagp.rules.hazards import Hazard
from racebook.formulagp.rules.weather import (
    DRY_TYPES,
    Check,
    Forecast,
    Temperature,
    change_counts,
    check,
    die_result,
    rainy_setup_counts,
    weather_data,
    wrong_tyre_bonus,
)
from racebook.formulagp.rules.weather import wrong_tyres as which_wrong
from racebook.formulagp.state import Car, Die, Phase, RaceState, Turn
from racebook.formulagp.tyrewear import wear_by

__all__ = ["setup", "round_started", "change", "tyre_bonus", "hazards", "end_of_move", "fitted", "finish",
           "tyre_choices", "wet", "triggered", "head_tokens", "read_head", "car_tokens", "read_car", "STACK"]

STACK = "weather"  # the stacked WEATHER card draws (``RaceState.stacked``), next first
_INITIAL = {"soft": "s", "medium": "m", "hard": "h", "wet": "w"}
_BY_INITIAL = {v: k for k, v in _INITIAL.items()}


def active(s: RaceState) -> bool:
    return s.mode.advanced and bool(s.weather)


def wet(s: RaceState) -> bool:
    """The track is wet: the WEATHER card on the panel is Rainy (§14.2, §19.1.1)."""
    return s.mode.advanced and s.weather == Forecast.RAINY.value


def wet_race(s: RaceState) -> bool:
    """The race started wet or turned wet (§4.6: the two-dry-tyre-types rule lapses, §14.2)."""
    return Forecast.RAINY.value in (s.forecast, s.weather)


def _white(s: RaceState) -> int:
    return die_result(s.white_face(s.roll(Die.WHITE)).value)


def _tiles_from_line(s: RaceState, distances: list[int]) -> list[int]:
    """The tile indexes ``distances`` movement tiles past the Start/Finish line (the loop's first tile; feature
    tiles not counted, A21); a tile already holding a token gives the next tile (a reading: one token a tile)."""
    out: list[int] = []
    for d in distances:
        tile = 0
        for _ in range(d):
            tile = s.track.next_tile(tile)
        while tile in out or tile in s.standing_water:
            tile = s.track.next_tile(tile)
        out.append(tile)
    return out


def _place_water(s: RaceState, tiles: list[int], how: str, rule: str, log: EventLog) -> None:
    s.standing_water = tuple(sorted(set(s.standing_water) | set(tiles)))
    log.append(wev.StandingWaterPlaced(len(tiles), tuple(s.track.tiles[t].id for t in tiles), how, rule))


def _draw_forecast(s: RaceState) -> Forecast:
    stack = s.stacked.get(STACK)
    if stack:
        return Forecast(stack.pop(0))
    cards = weather_data().cards
    return cards[s.rng.below(len(cards))]


# ------------------------------------------------------------------ set-up (§4.2 g–i, §4.3)
def setup(s: RaceState, log: EventLog) -> None:
    """§4.2 g–i: the forecast, the Weather token and the Standing Water tokens (an Advanced race only)."""
    if not s.mode.advanced or s.weather:
        return
    f = _draw_forecast(s)
    s.forecast = s.weather = f.value
    log.append(wev.ForecastDrawn(f.value))
    if s.pro.active:
        HOOKS.weather(s, log, "setup")  # the Pro BOTs' Wet start (bots.proweather, §22.3)
    if f is Forecast.SUNNY:
        return  # no Weather or Standing Water token (§4.3); the temperature at the race start
    if f is Forecast.RAINY:
        n = _white(s)  # step 1: that many Standing Water tokens set aside
    _weather_token(s, _white(s), 4, "§4.3", log)  # the set-up multiplies by 4 (§4.3)
    if f is Forecast.RAINY:
        rolls = [_white(s) for _ in range(n)]
        how = (f"WHITE {rolls[0]} x {n} tokens from the Start/Finish line"
               + (", then " + ", ".join(str(r) for r in rolls[1:]) + " tiles ahead" if n > 1 else ""))
        _place_water(s, _tiles_from_line(s, rainy_setup_counts(rolls)), how, "§4.3", log)
        if s.rules.rainy_setup_yellow_flag:  # A31
            cloud = panel().sides[FaceColour(s.panel_side or FaceColour.GREEN.value)].cloud
            s.yellow_track = max(s.yellow_track, cloud)
            log.append(wev.RaceControlCloud(cloud))


def _weather_token(s: RaceState, roll: int, multiplier: int, rule: str, log: EventLog) -> None:
    s.weather_token, s.weather_side = roll * multiplier, "die"
    log.append(wev.WeatherTokenPlaced(roll, multiplier, s.weather_token, "WHITE-die", rule))
    weathermodifier.modify(s, log)  # §21 15.14 (off by default)


# ------------------------------------------------------------------ each round (§4.3 [7.2], §19.1, §19.1.1)
def round_started(s: RaceState, log: EventLog) -> None:
    """The start of a round (after the Chequered Flag moved): the race start's track temperature (Sunny, §4.3), the
    tyres raced on (§4.6), a drying track's Standing Water (§19.1.1), the Weather token reached (§19.1)."""
    if not active(s):
        return
    if s.round == 1 and s.weather == Forecast.SUNNY.value and not s.temperature:
        _temperature(s, log)
    note_tyres(s)
    if not wet(s) and s.standing_water and s.weather_changed and s.flag > s.weather_changed:  # the radar (A5)
        tile = s.standing_water[0]  # the first one after the Start/Finish line (§19.1.1 Rainy -> Cloudy item 3)
        s.standing_water = s.standing_water[1:]
        log.append(wev.StandingWaterRemoved(s.track.tiles[tile].id, "the track dries: one token a round",
                                            len(s.standing_water)))
    if s.weather_token and s.flag >= s.weather_token:
        _reached(s, log)


def _temperature(s: RaceState, log: EventLog) -> None:
    roll = _white(s)
    data = weather_data()
    temp = data.temperature[roll]
    s.temperature = temp.value
    extra = data.temperature_wear[temp]
    log.append(wev.TrackTemperature(roll, temp.value, extra))
    for c in s.cars.values():
        _temperature_wear(s, c, log)
    if s.pro.active:
        HOOKS.weather(s, log, "temperature")  # the Pro BOTs' Pit tokens earlier (bots.proweather, §22.6)


def _temperature_wear(s: RaceState, c: Car, log: EventLog) -> None:
    """Hot/Extreme: +1/+2 wear on a Soft or Medium set (§4.3, A17)."""
    if c.bot or c.tyre not in (Tyre.SOFT, Tyre.MEDIUM) or not s.temperature:
        return
    extra = weather_data().temperature_wear[Temperature(s.temperature)]
    if extra:
        wear_by(s, c, extra, log)
        log.append(wev.TemperatureWear(c.id, c.tyre.value, s.temperature, extra, c.wear))


def _reached(s: RaceState, log: EventLog) -> None:
    """The Chequered Flag reaches the Weather token (§19.1): the rain check on its WHITE-die side, the change on its
    weather-icon side."""
    if s.weather_side == "icon":
        s.weather_token, s.weather_side = 0, ""
        return change(s, log)
    f = Forecast(s.weather)
    mult = weather_data().multiplier[f]
    roll = _white(s)
    total, r = roll * mult, s.flag
    outcome = check(total, r)
    log.append(wev.RainCheck(r, roll, mult, total, outcome.value))
    if outcome is Check.LATER:
        s.weather_token, s.weather_side = total, "icon"
        log.append(wev.WeatherTokenPlaced(roll, mult, total, "weather-icon", "§19.1"))
        weathermodifier.modify(s, log)  # §21 15.14 (off by default)
        if s.pro.active:
            HOOKS.weather(s, log, "confirmed")  # the Pro BOTs' early stops (bots.proweather, §22.12.5)
        return
    s.weather_token, s.weather_side = 0, ""
    if outcome is Check.NOW:
        change(s, log)


def change(s: RaceState, log: EventLog) -> None:
    """The weather change procedure (§19.1.1): Cloudy -> Rainy, or Rainy -> Cloudy."""
    before = s.weather
    after = Forecast.CLOUDY if before == Forecast.RAINY.value else Forecast.RAINY
    s.weather, s.weather_changed = after.value, s.flag  # the game round: the radar space (A5; a Red Flag restart)
    log.append(wev.WeatherChanged(s.flag, before, after.value))  # the game round (A5), as RainCheck's
    if after is Forecast.RAINY:
        flags.advance(s, weather_data().tokens["race_control_rain"], "the weather turns from Cloudy to Rainy (§19.1.1)",
                      log)
        n = _white(s)
        rolls = [_white(s) for _ in range(n)]
        how = "WHITE " + ", ".join(str(r) for r in rolls) + " tiles, from the Start/Finish line on"
        _place_water(s, _tiles_from_line(s, change_counts(rolls)), how, "§19.1.1", log)
    if s.pro.active:
        HOOKS.weather(s, log, "change")  # the Pro BOTs on the wrong tyres (bots.proweather, §22.11.2)


# ------------------------------------------------------------------ tyres (§14.2, §4.3, §4.6)
def _wrong(s: RaceState, c: Car) -> str:
    """"dry" (dry tyres on a wet track), "wet" (wet tyres on a dry track) or "" (§14.2)."""
    if not active(s) or c.bot:
        return ""
    return which_wrong(wet(s), c.tyre is Tyre.WET)


def wrong_tyres(s: RaceState, c: Car) -> bool:
    """The car runs on the wrong tyres for the track (§14.2)."""
    return bool(_wrong(s, c))


def tyre_bonus(s: RaceState, c: Car, bonus: int) -> int:
    """The tyre bonus of a move on the wrong tyres (§14.2): dry tyres on a wet track have none (the Tyre Bonus token
    removed); wet tyres on a dry track show the token's +1 side (no change when it already shows it)."""
    return wrong_tyre_bonus(_wrong(s, c), bonus, s.board.tyre_bonus(Tyre.WET, TyreState.DEGRADED))


def hazards(s: RaceState, c: Car) -> list[Hazard]:
    """Dry tyres on a wet track: the RED die after every move, except a single GREEN card or a single ORANGE card
    played as GREEN (§14.2)."""
    t = s.turn
    if _wrong(s, c) != "dry" or t is None or t.car != c.id or not t.cards:
        return []
    if len(t.cards) == 1:
        colour = card_type(t.cards[0]).colour
        if colour is Colour.GREEN or (colour is Colour.ORANGE and t.played_as == "green"):
            return []
    return [Hazard.DRY_TYRES_IN_RAIN]


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    """Wet tyres on a dry track: +1 wear at the end of the move unless it drove through or stopped on a tile with a
    Standing Water token (§14.2, §19.8.4); the tiles entered this move (A44)."""
    if _wrong(s, c) != "wet" or not t.cards:
        return
    start = t.seen[0][0] if t.seen else c.pos.tile
    entered = ({x[0] for x in t.seen} - {start}) | {c.pos.tile}  # the tile it stops on counts (A44)
    if any(tile in s.standing_water for tile in entered):
        log.append(wev.WetTyresOnDryTrack(c.id, "a Standing Water tile cooled them, no extra wear (§19.8.4)"))
        return
    wear_by(s, c, 1, log)
    log.append(wev.WetTyresOnDryTrack(c.id, f"tyre wear +1, now {c.wear}"))


def tyre_choices(s: RaceState) -> tuple[Tyre, ...]:
    """The extra tyre type a pit stop (§16.2) or the grid offers: Wet in an Advanced race (§14.2)."""
    return (Tyre.WET,) if s.mode.advanced else ()


def fitted(s: RaceState, c: Car, log: EventLog) -> None:
    """New tyres fitted in the race (a pit stop, the Red Flag grid): noted for §4.6; a Hot or Extreme track adds its
    wear to a Soft or Medium set (A17 ``temperature_wear_each_set``)."""
    if not s.mode.advanced:
        return
    _note(c)
    if s.rules.temperature_wear_each_set:
        _temperature_wear(s, c, log)


def _note(c: Car) -> None:
    i = _INITIAL[c.tyre.value]
    if i not in c.tyres_used:
        c.tyres_used += i


def note_tyres(s: RaceState) -> None:
    """The tyre types each car has raced on so far (§4.6)."""
    if s.mode.advanced:
        for c in s.cars.values():
            _note(c)


def finish(s: RaceState, c: Car, default: Finish) -> Finish:
    """§17.2.2 item 6: in a dry Advanced race a car that did not use two dry tyre types is disqualified (last); the
    rule lapses when the race is or turns wet (§4.6, §14.2). Rookie BOTs keep their own tyre rules (§22)."""
    if not active(s) or c.bot == "rookie" or wet_race(s):
        return default
    _note(c)
    if sum(1 for x in c.tyres_used if _BY_INITIAL[x] in DRY_TYPES) >= 2:
        return default
    return Finish.DISQUALIFIED


def disqualified(s: RaceState, log: EventLog) -> None:
    for c in s.cars.values():
        if finish(s, c, Finish.CROSSED) is Finish.DISQUALIFIED:
            log.append(wev.Disqualified(c.id, "+".join(_BY_INITIAL[x] for x in c.tyres_used)))


def owes_second_type(s: RaceState, c: Car) -> bool:
    """A dry Advanced race and ``c`` has raced on one dry type so far (§4.6): it must still fit another."""
    return finish(s, c, Finish.CROSSED) is Finish.DISQUALIFIED


def triggered(s: RaceState, tile: int, log: EventLog) -> None:
    """A car triggered the Standing Water token on ``tile`` (§19.8.4, for the speed-limit helper): removed under Cloudy
    or Sunny, kept in the rain."""
    if tile in s.standing_water and not wet(s):
        s.standing_water = tuple(x for x in s.standing_water if x != tile)
        log.append(wev.StandingWaterRemoved(s.track.tiles[tile].id, "triggered when it is not raining (§19.8.4)",
                                            len(s.standing_water), "§19.8.4"))


# ------------------------------------------------------------------ the notation
def head_tokens(s: RaceState) -> list[str]:
    """The head's weather tokens, each written only when not at its default (a Standard line is unchanged):
    ``fc`` forecast, ``wx`` the weather now, ``tt`` the temperature, ``wt`` the Weather token (space.side),
    ``sw`` the Standing Water tiles, ``wch`` the round of the last change."""
    out = []
    if s.forecast:
        out.append(f"fc={s.forecast}")
    if s.weather:
        out.append(f"wx={s.weather}")
    if s.temperature:
        out.append(f"tt={s.temperature}")
    if s.weather_token:
        out.append(f"wt={s.weather_token}.{s.weather_side}")
    if s.standing_water:
        out.append("sw=" + ",".join(str(x) for x in s.standing_water))
    if s.weather_changed:
        out.append(f"wch={s.weather_changed}")
    return out


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    def bad(why: str) -> NotationError:
        return NotationError(f"{text[:80]!r}…: {why}")

    for key, attr in (("fc", "forecast"), ("wx", "weather")):
        v = kv.get(key, "")
        if v and v not in {f.value for f in Forecast}:
            raise bad(f"{key}= is sunny, cloudy or rainy (§4.3)")
        setattr(s, attr, v)
    tt = kv.get("tt", "")
    if tt and tt not in {t.value for t in Temperature}:
        raise bad("tt= is normal, hot or extreme (§4.3)")
    s.temperature = tt
    wt = kv.get("wt", "")
    if wt:
        space, _, side = wt.partition(".")
        if not space.isdigit() or side not in ("die", "icon"):
            raise bad("wt= is <radar space>.die or <radar space>.icon (§19.1)")
        s.weather_token, s.weather_side = int(space), side
    sw = kv.get("sw", "")
    if sw:
        tiles = sw.split(",")
        if not all(x.isdigit() and int(x) < len(s.track.tiles) for x in tiles):
            raise bad("sw= lists tile indexes of the track (§19.8.4)")
        s.standing_water = tuple(int(x) for x in tiles)
    wch = kv.get("wch", "0")
    if not wch.isdigit():
        raise bad("wch= is a round number (§19.1.1)")
    s.weather_changed = int(wch)


def car_tokens(c: Car) -> list[str]:
    """The car's ``tu=`` token (the tyre types raced on, initials), written only when not empty."""
    return [f"tu={c.tyres_used}"] if c.tyres_used else []


def read_car(c: Car, ck: dict[str, str], text: str) -> None:
    tu = ck.get("tu", "")
    if any(x not in _BY_INITIAL for x in tu) or len(set(tu)) != len(tu):
        raise NotationError(f"{text[:80]!r}…: tu= lists tyre initials s, m, h, w, each once (§4.6)")
    c.tyres_used = tu


# ------------------------------------------------------------------ the computer driver's tyres (agents.Greedy)
RAIN_AHEAD = 3  # rounds: a confirmed change to rain this close is worth wet tyres now
SECOND_TYPE_WINDOW = 12  # rounds left: a car still on its first dry type pits for another from here


def tyre_wish(s: RaceState, c: Car, want: str, left: int) -> str:
    """The computer driver's tyres for the weather (a simple reading of §14.2 and §4.6): Wet on a wet track or with a
    change to rain confirmed within :data:`RAIN_AHEAD` rounds; Soft/Medium/Hard as ``want`` on a dry track, another
    dry type than the ones raced on while the car still owes its second one."""
    if not active(s):
        return want
    rain_soon = (s.weather == Forecast.CLOUDY.value and s.weather_side == "icon"
                 and 0 <= s.weather_token - s.flag <= RAIN_AHEAD)
    if wet(s) or rain_soon:
        return Tyre.WET.value
    if owes_second_type(s, c):
        used = {_BY_INITIAL[x] for x in c.tyres_used} | {c.tyre.value}
        if want in used:
            return next(t for t in ("hard", "medium", "soft") if t not in used)
    return want


def wants_pit(s: RaceState, c: Car, left: int) -> bool:
    """The computer driver pits for the weather: on the wrong tyres with 2 or more rounds left (§14.2), or still on
    its first dry type with :data:`SECOND_TYPE_WINDOW` rounds or fewer left (§4.6: else disqualified)."""
    if not active(s) or c.bot:
        return False
    if wrong_tyres(s, c) and left >= 2:
        return tyre_wish(s, c, c.tyre.value, left) != c.tyre.value
    return left <= SECOND_TYPE_WINDOW and owes_second_type(s, c)


# ------------------------------------------------------------------ the start tyres (§4.6 item e)
def start_tyres(s: RaceState) -> bool:
    """The drivers named in ``grid_tyres`` before round 1 choose their start tyres now (§4.6: after the forecast,
    §4.2 g): the ``grid`` phase. True while one still chooses."""
    if s.round or not s.grid_tyres or s.finished:
        return False
    s.phase, s.turn = Phase.GRID, None
    return True


def start_tyres_event(s: RaceState, car: str, tyre: str, wear: int) -> wev.StartTyres | None:
    """The event of a start-tyre choice (None on the Red Flag grid, whose event is its own)."""
    return None if s.round else wev.StartTyres(car, tyre, wear)
