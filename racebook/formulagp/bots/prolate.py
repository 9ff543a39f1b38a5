"""The optional Pro BOT pit rules (digest §22.14): 7.1, the undercut (:func:`undercut`, house rule ``pro_undercut``),
and 7.3, the Late Pit Bonus check ([BOT 7.3]; house rule ``pro_late_pit``, off by default): the second Pit Check
token, flipped, lies 2 spaces before the Late Pit Bonus icon (the radar's Fresh Tyres space,
``data/race_control.toml`` ``radar.fresh_tyres``); when the Chequered Flag reaches it, each Pro BOT that has already
pitted, except the race leader, rolls the WHITE die: green, it pits for the Late Pit Bonus (its Pit token to the
pit-lane entry; "no later than round 21": the cut-off of every Pro stop, §22.11.1) and fits the final tyre of its
STRATEGY card's weather-change section (:func:`racebook.formulagp.bots.pro.next_tyre` reads ``ProTable.late``); red,
it keeps its strategy. The source's choice "all tyre types or only BOTs on Soft or Medium" is built for every tyre
type. The stop itself is :mod:`racebook.formulagp.bots.propit`'s. Standard library only.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp.bots import proevents as pev
from racebook.formulagp.components import FaceColour
from racebook.formulagp.panel import panel
from racebook.formulagp.rules import protyres
from racebook.formulagp.rules.order import Runner, leader
from racebook.formulagp.rules.protyres import PitSide, PitToken
from racebook.formulagp.state import Die, RaceState

__all__ = ["CHECK_BEFORE", "WEATHER_AHEAD", "check", "check_space", "undercut", "undercut_roll", "weather_token",
           "weather_check"]

CHECK_BEFORE = 2  # BOT 7.3: the token 2 spaces before the Late Pit Bonus icon
WEATHER_AHEAD = 4  # BOT 7.1's weather variant: the second Weather token 4 spaces ahead of the main one (the reading
# N-P11: on the flag's side, reached 4 rounds before the main token: docs/formulagp.md)


def check_space() -> int:
    """The radar space of the Late Pit Bonus check (BOT 7.3): 2 before the Fresh Tyres space."""
    return panel().radar["fresh_tyres"] - CHECK_BEFORE


def check(s: RaceState, log: EventLog) -> None:
    """The start of a round (from :func:`racebook.formulagp.bots.pro.new_round`): when the Chequered Flag is on the
    check's space, the roll of each Pro BOT that has already pitted, the leader excepted (BOT 7.3)."""
    if not s.rules.pro_late_pit or s.flag != check_space():
        return
    first = leader(s.track, [Runner(c.id, c.pos, c.lap, blue_flags=c.blue) for c in s.cars.values()]).car
    for car, pb in s.pro.bots.items():
        if not pb.stops or car == first or pb.pit.side is PitSide.ENTRY or not protyres.may_pit(s.flag):
            continue
        face = s.white_face(s.roll(Die.WHITE))
        green = face.colour is FaceColour.GREEN
        if green:
            pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
            s.pro.late.append(car)
        what = ("it pits for the Late Pit Bonus: the Pit token to the pit-lane entry, the final tyre of its STRATEGY "
                "card's weather-change section" if green else "it keeps its strategy")
        log.append(pev.ProLatePit(car, face.value, face.colour.value, what))


def undercut(s: RaceState, log: EventLog) -> None:
    """§22.14 BOT 7.1 (optional, ``pro_undercut``): the Pit Check token 2 spaces before the first PIT-side Pit token
    still ahead; when the Chequered Flag reaches it, each Pro BOT whose PIT-side token lies on the space it was placed
    for rolls the WHITE die (green: an early stop, its Pit token to the pit-lane entry; red: it keeps its strategy;
    the Tyre token stays); then the token goes 2 spaces before the next PIT-side Pit token."""
    t = s.pro
    if t.pit_check and s.flag >= t.pit_check:
        target = t.pit_check + 2
        for car, pb in t.bots.items():
            if pb.pit.side is PitSide.PIT and pb.pit.space == target and protyres.may_pit(s.flag):
                undercut_roll(s, car, log)
        t.pit_check = 0
    if not t.pit_check:
        ahead = sorted(pb.pit.space for pb in t.bots.values()
                       if pb.pit.side is PitSide.PIT and pb.pit.space - 2 > s.flag)
        t.pit_check = ahead[0] - 2 if ahead else 0


def undercut_roll(s: RaceState, car: str, log: EventLog, token: str = "the Pit Check token") -> None:
    """BOT 7.1's roll, the Pit Check token's and its weather variant's (``token``): the WHITE die; green, an early
    stop (the Pit token to the pit-lane entry); red, the Pro BOT keeps its strategy; the Tyre token stays."""
    pb = s.pro.bots[car]
    face = s.white_face(s.roll(Die.WHITE))
    green = face.colour is FaceColour.GREEN
    if green:
        pb.pit = PitToken(pb.pit.space, PitSide.ENTRY)
    log.append(pev.ProUndercut(car, face.value, face.colour.value,
                               "it stops early (undercut): the Pit token to the pit-lane entry" if green
                               else "it keeps its strategy", token))


def weather_token(s: RaceState, log: EventLog) -> None:
    """BOT 7.1's weather variant (optional, ``pro_undercut_weather``), from the confirmed weather change of a Cloudy
    or Rainy race (:mod:`racebook.formulagp.bots.proweather`): the second Weather token 4 spaces ahead of the main
    one (``s.weather_token``), read as on the Chequered Flag's side (N-P11): the flag reaches it 4 rounds before the
    change, "an early pit stop check for a tyre change according to the forecast" (4 spaces past the main token the
    flag would reach it after every Pit token between them had had its tyre check: no roll ever)."""
    if not s.rules.pro_undercut_weather or not s.weather_token:
        return
    s.pro.weather_check = max(1, s.weather_token - WEATHER_AHEAD)
    log.append(pev.ProWeatherToken(s.weather_token, s.pro.weather_check))


def weather_check(s: RaceState, log: EventLog) -> None:
    """The start of a round (from :func:`racebook.formulagp.bots.pro.new_round`): when the Chequered Flag reaches
    the second Weather token, :func:`undercut_roll` for each Pro BOT whose Pit token is PIT side up between the two
    Weather tokens, both included; then the token leaves the radar."""
    second = s.pro.weather_check
    if not second or s.flag < second:
        return
    for car, pb in s.pro.bots.items():
        if pb.pit.side is PitSide.PIT and second <= pb.pit.space <= second + WEATHER_AHEAD \
                and protyres.may_pit(s.flag):
            undercut_roll(s, car, log, "the second Weather token")
    s.pro.weather_check = 0
