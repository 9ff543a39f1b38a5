"""[ADV] The Safety Car period by die (digest §19.4.1, §19.6, A13; the original's 13.9.1, 13.10): in an Advanced
race the Safety Car does not stay out the Standard two rounds; on deployment the WHITE die is rolled — a green face
puts the SC token that many radar spaces ahead of the Chequered Flag (the icon counts 1), a red face is a major
incident, the Red Flag. The Red Flag section says a roll of **6** shows it; A13 (``red_flag_on_red_face``, off): only
a 6 shows the Red Flag and every other face sets the period (2–5 too); on: every red face shows it, a green face
sets the period (1, 3 or 5).

The 'Safety Car' EVENT card rolls the WHITE die too (a 6: the Red Flag, §19.6). In an Advanced race that one roll
also sets the period (``safety_car_card_one_roll``, on: one die, as the Red Flag section lists both under "a WHITE
die roll of 6"; off: the card's die, then the deployment's own roll, a second chance of a Red Flag).

:func:`period` is the rule (pure: a face and the switch in, the period or the Red Flag out); :func:`roll` is what
:func:`racebook.formulagp.safetycar.deploy` calls in an Advanced race (a stacked WHITE face answers, as every die).
Standard library only.
"""

from __future__ import annotations

from racebook.core.errors import NotationError
from racebook.core.log import EventLog
from racebook.formulagp.components import WhiteFace
from racebook.formulagp.events import scperiod as sev
from racebook.formulagp.options import Rules
from racebook.formulagp.state import Die, RaceState

__all__ = ["period", "roll", "RED_FLAG", "head_tokens", "read_head"]

RED_FLAG = 0  # :func:`period`'s answer for a major incident


def period(face: WhiteFace, rules: Rules) -> int:
    """The Safety Car's period in radar spaces for the WHITE ``face`` (§19.4.1: the icon counts 1), or
    :data:`RED_FLAG` (§19.6: a 6; A13's other reading: any red face)."""
    red = face.colour.value == "red" if rules.red_flag_on_red_face else face.value == 6
    return RED_FLAG if red else max(1, face.value)


def roll(s: RaceState, log: EventLog, face: WhiteFace | None = None) -> int:
    """Roll the WHITE die for the period (or take the 'Safety Car' card's ``face``, ``safety_car_card_one_roll``)
    and log it; returns the period or :data:`RED_FLAG`."""
    if face is None:
        face = s.white_face(s.roll(Die.WHITE))
    got = period(face, s.rules)
    log.append(sev.SafetyCarPeriod(face.value, face.colour.value, "a major incident: the Red Flag (§19.6)"
                                   if got == RED_FLAG else f"the SC token {got} space(s) ahead on the radar"))
    return got


def head_tokens(s: RaceState) -> list[str]:
    """``scf=``: the radar space an Advanced race's Safety Car came out on, written only while it is out (a Standard
    line, and every line without a Safety Car, is unchanged)."""
    return [f"scf={s.sc_from}"] if s.sc_from and s.sc_tile >= 0 else []


def read_head(s: RaceState, kv: dict[str, str], text: str) -> None:
    raw = kv.get("scf", "0")
    if not raw.isdigit() or len(raw) > 2 or (raw != "0" and (s.sc_tile < 0 or not s.mode.advanced)):
        raise NotationError(f"{text[:80]!r}…: scf= is the radar space an Advanced race's Safety Car came out on, "
                            "while it is out (§19.4.1)")
    s.sc_from = int(raw)
