"""The exact odds of a hazard check (digest §7, §19.2, §15, A4, A8, A12; issue 32 item 5).

A move owes RED and YELLOW dice (:func:`racebook.formulagp.rules.hazards.dice_owed`: one RED die per *different*
high-risk event, a YELLOW die per repeat of one and after a movement pair; none in a Yellow Flag zone for the track
hazards, none under the Safety Car). Each die is a d6 whose faces are the data file's
(`racebook/formulagp/data/dice.toml`, :func:`racebook.formulagp.components.dice`: YELLOW Stress / Tyre wear / RISK,
RED Tyre wear / RISK / Loss of control; how many faces of each is *invented-for-teaching*, the digest's placeholder
A4 — two of each). The dice are rolled one at a time, as :func:`racebook.formulagp.losscontrol.roll_dice` does; a
Stress face moves the stress token (:func:`racebook.formulagp.rules.stress.change_stress`) and stress beyond the
Stressed space rolls a RED die at once (A8), so a Stressed driver's YELLOW die can bring a RED one.

:func:`dice_odds` enumerates every sequence of faces exactly (Fractions) and tallies what happened: the faces of
each kind and the dice rolled. What a RISK card or a loss of control then does is not followed here (the RISK deck's
cards and the spin's WHITE die are the next step of the engine): "a RISK card is drawn" and "the car loses control"
are outcomes. Over-stress from a RISK card is not counted either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from racebook.formulagp import aftermove, raceevents, speedlimits
from racebook.formulagp.components import Colour, Dice, DieFace, dice
from racebook.formulagp.options import RepeatedHazardDice
from racebook.formulagp.rules.hazards import DiceOwed, Hazard, dice_owed
from racebook.formulagp.rules.speedlimits import Leaving, speeding
from racebook.formulagp.rules.stress import Stress, change_stress
from racebook.formulagp.stressing import is_leader

__all__ = ["Tally", "HazardOdds", "dice_odds", "hazard_odds", "odds_if_ending", "speeding_odds", "Hazard", "Stress",
           "Leaving"]


@dataclass(frozen=True, slots=True, order=True)
class Tally:
    """What a hazard check showed: faces of each kind, and the RED and YELLOW dice rolled (over-stress included)."""

    loss_of_control: int = 0
    risk: int = 0
    wear: int = 0
    stress: int = 0
    red: int = 0
    yellow: int = 0

    def sentence(self) -> str:
        kinds = ((self.loss_of_control, "loss of control"), (self.risk, "RISK card"), (self.wear, "tyre wear +1"),
                 (self.stress, "stress +1"))
        said = [what + (f" ×{n}" if n > 1 else "") for n, what in kinds if n]
        return ", ".join(said) or "no dice"


@dataclass(frozen=True)
class HazardOdds:
    """The dice owed and the exact chance of every :class:`Tally` (they add up to 1)."""

    owed: DiceOwed
    stress: Stress
    outcomes: dict[Tally, Fraction]

    def chance(self, test: Callable[[Tally], bool]) -> Fraction:
        return sum((p for t, p in self.outcomes.items() if test(t)), Fraction(0))

    @property
    def loss_of_control(self) -> Fraction:
        """The chance of at least one Loss of control face (§18.1)."""
        return self.chance(lambda t: t.loss_of_control > 0)

    @property
    def risk(self) -> Fraction:
        """The chance of drawing at least one RISK card (§6.8)."""
        return self.chance(lambda t: t.risk > 0)

    def expected(self, kind: str) -> Fraction:
        """The expected number of faces of ``kind`` (a :class:`Tally` field: ``wear``, ``stress`` …)."""
        return sum((p * getattr(t, kind) for t, p in self.outcomes.items()), Fraction(0))

    def rows(self) -> list[tuple[str, Fraction]]:
        """(outcome, chance) from the likeliest."""
        return sorted(((t.sentence(), p) for t, p in self.outcomes.items()), key=lambda r: (-r[1], r[0]))

    def sentence(self) -> str:
        if not (self.owed.red or self.owed.yellow):
            return "no dice to roll"
        return (f"{self.owed.red} RED + {self.owed.yellow} YELLOW: loss of control {float(self.loss_of_control):.1%}, "
                f"a RISK card {float(self.risk):.1%}, tyre wear +{float(self.expected('wear')):.2f} on average (§19.2)")


def _faces(data: Dice, die: str) -> list[tuple[DieFace, Fraction]]:
    faces = data.red if die == "red" else data.yellow
    out: dict[DieFace, Fraction] = {}
    for f in faces:
        out[f] = out.get(f, Fraction(0)) + Fraction(1, len(faces))
    return list(out.items())


def dice_odds(owed: DiceOwed, *, stress: Stress = Stress.MIDDLE, leader: bool = False,
              data: Dice | None = None) -> HazardOdds:
    """Every outcome of rolling ``owed`` (RED dice first, as the engine queues them) for a driver on ``stress``."""
    data = data or dice()
    faces = {"red": _faces(data, "red"), "yellow": _faces(data, "yellow")}
    out: dict[Tally, Fraction] = {}

    def roll(queue: tuple[str, ...], level: Stress, tally: Tally, p: Fraction) -> None:
        if not queue:
            out[tally] = out.get(tally, Fraction(0)) + p
            return
        die, rest = queue[0], queue[1:]
        counted = Tally(tally.loss_of_control, tally.risk, tally.wear, tally.stress,
                        tally.red + (die == "red"), tally.yellow + (die == "yellow"))
        for face, q in faces[die]:
            nxt, more = level, rest
            if face is DieFace.STRESS:
                got = change_stress(level, 1, leader=leader)
                nxt, more = got.stress, ("red",) * got.red_dice + rest  # A8: at once, before the others
            roll(more, nxt, _add(counted, face), p * q)

    roll(("red",) * owed.red + ("yellow",) * owed.yellow, stress, Tally(), Fraction(1))
    return HazardOdds(owed, stress, dict(sorted(out.items())))


def _add(t: Tally, face: DieFace) -> Tally:
    return Tally(t.loss_of_control + (face is DieFace.LOSS_OF_CONTROL), t.risk + (face is DieFace.RISK),
                 t.wear + (face is DieFace.WEAR), t.stress + (face is DieFace.STRESS), t.red, t.yellow)


def hazard_odds(hazards: Sequence[Hazard], *, pair: bool = False, yellow_zone: bool = False,
                safety_car: bool = False, stress: Stress = Stress.MIDDLE, leader: bool = False,
                one_yellow: bool = False) -> HazardOdds:
    """The odds of the hazard check for ``hazards`` (one per occurrence), the dice owed by the engine's rule
    (``one_yellow``: A12's other reading, the switch ``repeated_hazard_dice = one_yellow``)."""
    owed = dice_owed(hazards, pair=pair, yellow_zone=yellow_zone, safety_car=safety_car, one_yellow=one_yellow)
    return dice_odds(owed, stress=stress, leader=leader)


def speeding_odds(left: Sequence[Leaving], colour: Colour | None, *, others: Sequence[Hazard] = (),
                  pair: bool = False, yellow_zone: bool = False, safety_car: bool = False,
                  stress: Stress = Stress.MIDDLE, leader: bool = False, one_yellow: bool = False) -> HazardOdds:
    """[ADV] The odds of the hazard check after leaving the tiles ``left`` (their Gear Marker limits and Standing
    Water tokens) with movement cards of speed ``colour`` (§11.4.2, §19.8.4): the high-risk events by
    :func:`racebook.formulagp.rules.speedlimits.speeding` — one RED die for the first speeding tile, a YELLOW for each
    repeat (the original's 4.11.3, A12) — with the move's ``others`` (a tricky corner, worn tyres, dry tyres in the
    rain), then :func:`hazard_odds`. A speed limit still rolls in a Yellow Flag zone, Standing Water does not (N8)."""
    return hazard_odds([*speeding(left, colour), *others], pair=pair, yellow_zone=yellow_zone, safety_car=safety_car,
                       stress=stress, leader=leader, one_yellow=one_yellow)


def odds_if_ending(race: Any, car: str | None = None, at: str | None = None) -> HazardOdds:
    """The hazard check ``car`` (default: the car moving) faces if its move ends at space ``at`` (default: where it
    is): the hazards by :func:`racebook.formulagp.aftermove.hazards_of` and, for the car moving in an Advanced race,
    the speed limits it broke so far (:func:`racebook.formulagp.speedlimits.hazards`), the pair it played, a Yellow
    Flag zone, the Safety Car / Red Flag / VSC (no dice), its stress now. The single-GREEN stress relief the engine
    applies before the dice (§15) is not applied here. The position is not changed."""
    s = race.clone().state
    cid = car or (s.turn.car if s.turn else None)
    if cid is None or cid not in s.cars:
        raise ValueError(f"{car!r}: no car to check")
    c = s.cars[cid]
    if at is not None:
        c.pos = s.track.pos(at)
    moving = s.turn is not None and s.turn.car == cid
    pair = bool(moving and s.turn.pair)
    speeding_now = speedlimits.hazards(s, c, s.turn) if moving and s.turn else []  # [ADV] §11.4.2, §19.8.4
    return hazard_odds(aftermove.hazards_of(s, c) + speeding_now, pair=pair,
                       yellow_zone=raceevents.in_zone(s, c.pos.tile), safety_car=raceevents.quiet(s),
                       stress=Stress(c.stress), leader=is_leader(s, c),
                       one_yellow=s.rules.repeated_hazard_dice is RepeatedHazardDice.ONE_YELLOW)  # A12
