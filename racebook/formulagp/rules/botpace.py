"""A BOT's pace and gear (digest §22.8, §22.9, §22.10.4, §22.13.4, §22.13.5; [BOT 1.7.2], [BOT 2.1]).

BOTs mostly drive at RED pace. The WHITE die's colour sets the pace in race rounds 1–2 and on a turn started in a
Wheel-to-Wheel battle; GREEN pace when rejoining after a spin and when starting the move in a Yellow Flag zone; RED
pace with the start tile's gear under the Safety Car. The gear is every car's (2nd in race round 1, else the start
tile's: :func:`racebook.formulagp.cardplay.gear_of`, §9.4.2, §10.3). Pure;
the engine (:mod:`racebook.formulagp.bots.rookie`) asks :func:`pace_rule` first and rolls the die only when it
says so. The conditions other phases set (a W2W token, a spin, a yellow zone, the Safety Car) are parameters, off
until those phases exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.components import WhiteFace

__all__ = ["Source", "PaceRule", "pace_rule", "pace", "START_ROUNDS"]

START_ROUNDS = 2


class Source(Enum):
    DIE = "the WHITE die's colour"
    GREEN = "GREEN pace"
    RED = "RED pace"


@dataclass(frozen=True, slots=True)
class PaceRule:
    source: Source
    rule: str


def pace_rule(round_: int, *, w2w: bool = False, rejoining: bool = False, yellow_zone: bool = False,
              safety_car: bool = False, pit_exit: bool = False, dry_in_rain: bool = False,
              stressed: bool = False) -> PaceRule:
    """Where this turn's pace comes from (§22.9; ``pit_exit``: a Pro BOT leaving the pit exit, §22.12.4;
    ``dry_in_rain``: a Pro BOT on dry tyres on a wet track, §22.13.10; ``stressed``: a Pro BOT at maximum stress
    under the optional stress levels, §22.14 [BOT 7.4]: GREEN pace, rounds 1–2 and a W2W turn included)."""
    if pit_exit:
        return PaceRule(Source.DIE, "§22.12.4 [BOT 5.4]")  # 2nd gear, the WHITE die for the pace
    if rejoining:
        return PaceRule(Source.GREEN, "§22.9 [BOT 2.1]")  # returning to the track after a spin
    if yellow_zone:
        return PaceRule(Source.GREEN, "§22.13.4 [BOT 6.4]")
    if safety_car:
        return PaceRule(Source.RED, "§22.13.5 [BOT 6.5]")
    if stressed:
        return PaceRule(Source.GREEN, "§22.14 [BOT 7.4]")
    if dry_in_rain:
        return PaceRule(Source.DIE, "§22.13.10 [BOT 6.10]")  # green: no RED die; red: the RED die after the move
    if round_ == 1:
        return PaceRule(Source.DIE, "§22.8.1 [BOT 1.7.2.1]")
    if round_ <= START_ROUNDS:
        return PaceRule(Source.DIE, "§22.8.2 [BOT 1.7.2.2]")
    if w2w:
        return PaceRule(Source.DIE, "§22.10.4 [BOT 3.4]")
    return PaceRule(Source.RED, "§22.9 [BOT 2.1]")


def pace(rule: PaceRule, face: WhiteFace | None = None) -> str:
    """``"green"`` or ``"red"``: the rule's pace, or the WHITE die's colour (``face``) when it asks for the die."""
    if rule.source is Source.DIE:
        if face is None:
            raise ValueError(f"{rule.rule}: the pace is the WHITE die's colour: roll it")
        return face.colour.value
    return "green" if rule.source is Source.GREEN else "red"

