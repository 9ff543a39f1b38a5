"""The end of a driver's move (digest §10.3 step 5, §15, §19.2): stress relief for a single GREEN card, then the
dice owed (:func:`racebook.formulagp.rules.hazards.dice_owed`: a YELLOW die after a movement pair, a RED die for
ending on a tricky corner's skid-mark start space and one once the wear marker has reached the RED die icon), each
rolled through the state (a stacked face first) and resolved: Stress +1 (§15; beyond the Stressed space an immediate
RED die, A8), Tyre wear +1 (§14.1). A RISK card and a loss of control are not resolved yet (the RISK deck and
spins are not built): the event says so.
"""

from __future__ import annotations

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.cardplay import card_colour
from racebook.formulagp.components import Colour, DieFace
from racebook.formulagp.rules.hazards import Hazard, dice_owed
from racebook.formulagp.rules.order import Runner, leader
from racebook.formulagp.rules.stress import Stress, change_stress, take_the_lead
from racebook.formulagp.state import Car, Die, RaceState, Turn
from racebook.formulagp.tyrewear import wear_by

START_ROUNDS = 2  # §9.4.5, §9.5.5: no stress relief from a single GREEN card in race rounds 1-2

_EFFECT = {DieFace.STRESS: "stress +1", DieFace.WEAR: "tyre wear +1",
           DieFace.RISK: "draw a RISK card (not resolved yet: the RISK deck is not built)",
           DieFace.LOSS_OF_CONTROL: "loss of control (not resolved yet: spins are not built)"}


def is_leader(s: RaceState, c: Car) -> bool:
    """The race leader (§15: never on the Focus space): the car farthest round, by laps then tiles (§10.2)."""
    return leader(s.track, [Runner(o.id, o.pos, o.lap) for o in s.cars.values()]).car == c.id


def stress_by(s: RaceState, c: Car, delta: int, log: EventLog) -> int:
    """Move the Stress token (§15); returns the RED dice owed at once for stress beyond the Stressed space."""
    got = change_stress(Stress(c.stress), delta, leader=is_leader(s, c))
    c.stress = int(got.stress)
    log.append(ev.StressMoved(c.id, delta, got.stress.name.lower(), got.red_dice))
    return got.red_dice


def end_of_move(s: RaceState, c: Car, t: Turn, log: EventLog) -> None:
    if c.stress == int(Stress.FOCUS) and is_leader(s, c):
        c.stress = int(take_the_lead(Stress.FOCUS))  # A43: the race leader never holds Focus
        log.append(ev.StressMoved(c.id, 1, "middle", 0, "§15"))
    if len(t.cards) == 1 and card_colour(t.cards[0]) is Colour.GREEN and s.round > START_ROUNDS:
        stress_by(s, c, -1, log)
    tile = s.track.tiles[c.pos.tile]
    hazards = [Hazard.TRICKY_CORNER for k in tile.skids if k.start == (c.pos.lane, c.pos.space)]
    if s.board.red_die_every_move(c.wear):
        hazards.append(Hazard.WORN_TYRES)
    owed = dice_owed(hazards, pair=t.pair)
    queue = [Die.RED] * owed.red + [Die.YELLOW] * owed.yellow
    guard = 0
    while queue and guard < 50:
        guard += 1
        die = queue.pop(0)
        face = s.face(die, s.roll(die))
        extra = 0
        if face is DieFace.WEAR:
            wear_by(s, c, 1, log)  # §14.1: the icons reached
        log.append(ev.DieRolled(c.id, die.value, face.value, _EFFECT[face]))
        if face is DieFace.STRESS:
            extra = stress_by(s, c, 1, log)
        queue += [Die.RED] * extra
