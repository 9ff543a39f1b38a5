"""The end of a driver's move (digest §10.3 step 5, §15, §19.2): stress relief for a single GREEN card, then the
dice owed (:func:`racebook.formulagp.rules.hazards.dice_owed`: a YELLOW die after a movement pair, a RED die for
ending on a tricky corner's skid-mark start space and one once the wear marker has reached the RED die icon; none in
a yellow zone, §19.3), each rolled through the state (a stacked face first) and resolved: Stress +1 (§15; beyond the
Stressed space an immediate RED die, A8), Tyre wear +1 (§14.1), a RISK card and a loss of control
(:mod:`racebook.formulagp.losscontrol`). :func:`roll_dice` serves the dice owed after a battle and a W2W token too.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp import losscontrol, raceevents, redpitentry, speedlimits, weather
from racebook.formulagp.cardplay import card_colour
from racebook.formulagp.components import Colour
from racebook.formulagp.options import RepeatedHazardDice
from racebook.formulagp.rules.hazards import Hazard, dice_owed
from racebook.formulagp.rules.stress import Stress, take_the_lead
from racebook.formulagp.state import Car, Die, RaceState, Turn
from racebook.formulagp.stressing import is_leader, stress_by

__all__ = ["end_of_move", "roll_dice", "battle_dice", "hazards_of", "owed_now"]

START_ROUNDS = 2  # §9.4.5, §9.5.5: no stress relief from a single GREEN card in race rounds 1-2


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    raceevents.end_of_move(s, c, t, log)  # Gravel, Blue Flags (§19.7, §19.8)
    if raceevents.quiet(s):  # under the Safety Car or a Red Flag: no dice, stress stays in the middle (§19.4.2)
        return
    if c.stress == int(Stress.FOCUS) and is_leader(s, c):
        c.stress = int(take_the_lead(Stress.FOCUS))  # A43: the race leader never holds Focus
        log.append(ev.StressMoved(c.id, 1, "middle", 0, "§15"))
    if len(t.cards) == 1 and card_colour(t.cards[0]) is Colour.GREEN and s.round > START_ROUNDS:
        stress_by(s, c, -1, log)
    redpitentry.spare(s, c, "worn_tyres" in owed_now(s, c, t, spare=False)[1], log)  # §14.1 App. B: no RED die now
    speedlimits.announce(s, c, t, log)  # [ADV] §11.4.2: the limits broken, before their dice
    s.dice_left += owed_now(s, c, t)[0]
    losscontrol.roll_dice(s, log)  # each face resolved; a loss of control may wait for its driver (§18.1)


def owed_now(s: RaceState, c: Car, t: Turn, *, spare: bool = True) -> tuple[list[str], tuple[str, ...]]:
    """The one dice-owed rule of a move (§19.2, §6.3, §7): the dice ``c`` owes where it is now
    (:func:`racebook.formulagp.rules.hazards.dice_owed`; a tricky corner's RED die first, tagged ``car:red:tricky``;
    the worn-tyres RED die tagged ``car:red:worn``), as ``dice_left`` entries, and the kinds they settle (``pair``,
    ``tricky_corner``, ``worn_tyres``). A kind already rolled this turn before a battle (``Turn.dice_done``, §13.2 a,
    :mod:`racebook.formulagp.battledice`) is not owed again; nor the worn-tyres RED die at the pit entry of the turn
    after the one it stopped (§14.1 Appendix B, :func:`racebook.formulagp.redpitentry.spared`; ``spare=False``: as
    if it were owed)."""
    done = set(t.dice_done.split(",")) if t.dice_done else set()
    if spare and redpitentry.spared(s, c):
        done.add(Hazard.WORN_TYRES.name.lower())
    hazards = [h for h in hazards_of(s, c) + speedlimits.hazards(s, c, t) if h.name.lower() not in done]  # §11.4.2
    pair = t.pair and "pair" not in done
    zone = raceevents.in_zone(s, c.pos.tile)  # §19.3.1: tricky corners and hazards are off in a yellow zone
    owed = dice_owed(hazards, pair=pair, yellow_zone=zone,
                     one_yellow=s.rules.repeated_hazard_dice is RepeatedHazardDice.ONE_YELLOW)  # A12
    tricky = [":tricky"] if Hazard.TRICKY_CORNER in hazards and not zone else []  # its RED die first (the skids)
    worn = [f":{redpitentry.WORN}"] if Hazard.WORN_TYRES in hazards else []  # one RED die of its own (§19.2)
    plain = owed.red - len(tricky) - len(worn)
    reds = [f"{c.id}:red{x}" for x in tricky] + [f"{c.id}:red{x}" for x in worn] + [f"{c.id}:red"] * plain
    live = [h for h in hazards if not (zone and h.on_track)]
    kinds = tuple(dict.fromkeys(h.name.lower() for h in live)) + (("pair",) if pair else ())
    return reds + [f"{c.id}:yellow"] * owed.yellow, kinds


def roll_dice(s: RaceState, c: Car, queue: list[Die], log: EventLog) -> None:
    """Roll the dice ``c`` owes, in order, each resolved as at the end of a move (§19.2; over-stress adds RED dice
    at once, A8; a RISK card, a loss of control): the dice owed after a battle (a pair played in it, §13.4), the stress
    of a tie (§13.4.3) or of a W2W token."""
    s.dice_left += [f"{c.id}:{d.value}" for d in queue]
    losscontrol.roll_dice(s, log)


def battle_dice(s: RaceState, stress: dict[str, int], pairs: list[str], log: EventLog) -> bool:
    """The dice owed once a battle is resolved, in order: the stress of a tie (§13.4.3, §22.10.3: ``stress`` points
    each, its RED dice at once, A8), then the YELLOW die of each car that played a pair in it (§6.3, A11). True when a
    car lost control to them (§18.1: its move, and the battle, end: no second attempt, no attack again)."""
    before = {car: losscontrol.control_mark(s, car) for car in (*stress, *pairs)}
    for car, points in stress.items():
        roll_dice(s, s.cars[car], [Die.RED] * stress_by(s, s.cars[car], points, log), log)
    for car in pairs:
        roll_dice(s, s.cars[car], [Die.YELLOW], log)
    return any(losscontrol.control_mark(s, car) != mark for car, mark in before.items())


def hazards_of(s: RaceState, c: Car) -> list[Hazard]:
    """The high-risk events of a move ending where ``c`` is now (§19.2): a tricky corner's skid-mark start space
    (§11.7), the wear marker on or past the RED die icon (§14.1)."""
    tile = s.track.tiles[c.pos.tile]
    hazards = [Hazard.TRICKY_CORNER for k in tile.skids if k.start == (c.pos.lane, c.pos.space)]
    if s.board.red_die_every_move(c.wear):
        hazards.append(Hazard.WORN_TYRES)
    return hazards + weather.hazards(s, c)  # [ADV] dry tyres in the rain (§14.2)
