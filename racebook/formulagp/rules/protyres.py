"""Pro BOT tyre and pit strategy, pure rules (digest §22.3, §22.4, §22.11.1, §22.13.5; [BOT 1.3.1], [BOT 1.3.2],
[BOT 4.1], [BOT 6.5]): the tyre life by the WHITE die, where the Pit token goes on the Weather Radar and which side is
up, the tyre check when the Chequered Flag reaches it, the pit cut-off, the Safety Car's tyre saving and early stop,
and when the corner modifier applies (§22.9.2). The radar's tyre icons and the base lives are the panel's
(``data/race_control.toml``: Soft 8 and Medium 11 stated, Hard invented-for-teaching). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from racebook.formulagp.components import FaceColour, WhiteFace
from racebook.formulagp.playerboard import Tyre
from racebook.formulagp.rules.weather import Temperature

CUT_OFF = 22  # §22.11.1, [BOT 4.1]: a Pro BOT never pits on round 22 or later (the radar's red-filled spaces)
SC_SAVING = 2  # §22.13.5, [BOT 6.5]: at the start of an SC period a TYRE-side Pit token moves 2 spaces forward
EARLY_STOP_WINDOW = 4  # §22.13.5: a TYRE-side Pit token within 4 spaces of the flag may bring an early stop
START_ROUNDS = 2  # §22.8: no corner modification in rounds 1-2
EARLIER = {Temperature.HOT.value: 1, Temperature.EXTREME.value: 2}  # §22.6 [BOT 1.6]: rounds earlier


class PitSide(Enum):
    """The Pit token (§22.4, §22.11.1): on the radar TYRE side up, flipped to PIT, or at the pit-lane entry (the
    BOT must pit the next time it reaches the pit entrance)."""

    TYRE = "tyre"
    PIT = "pit"
    ENTRY = "entry"


@dataclass(frozen=True, slots=True)
class PitToken:
    space: int  # the radar space (the game round, A5) it lies on; kept when it moves to the entry
    side: PitSide


def tyre_life(base: int, face: WhiteFace) -> int:
    """§22.4 ([BOT 1.3.2]): the starting tyre's base life + the WHITE die, its icon face counting 0 (A42)."""
    return base + (0 if face.icon else face.value)


def place(space: int, icon: int) -> PitToken:
    """§22.4: the Pit token on radar ``space``, TYRE side up; on or past the tyre's radar ``icon`` it is flipped to PIT
    at once (Example 27: Medium, space 12, icon 11 → PIT)."""
    return PitToken(space, PitSide.PIT if space >= icon else PitSide.TYRE)


def start_space(race_start: int, life: int, *, from_start: bool) -> int:
    """§22.4: the set-up Pit token's radar space: the literal space ``life`` (A5: game round N is radar space N); with
    ``from_start`` (house rule ``pro_pit_round_from_race_start``) the ``life``-th round of the race (race start space
    + life - 1). The Advanced race starts on space 1, so both put Example 27's 12 on space 12."""
    return race_start + life - 1 if from_start else life


def temperature_shift(token: PitToken, tyre: Tyre, temperature: str) -> PitToken:
    """§22.6 ([BOT 1.6]): a Hot track moves the Pit token of a Pro BOT on Soft or Medium 1 round earlier, Extreme 2
    (never before space 1); a token at the pit-lane entry, or on Hard or Wet tyres, stays where it is."""
    k = EARLIER.get(temperature, 0)
    if not k or tyre not in (Tyre.SOFT, Tyre.MEDIUM) or token.side is PitSide.ENTRY:
        return token
    return PitToken(max(1, token.space - k), token.side)


@dataclass(frozen=True, slots=True)
class Check:
    """What a tyre check did (§22.11.1)."""

    token: PitToken
    lower: bool  # the Tyre token flipped to its lower bonus side
    rolled: bool


def tyre_check(token: PitToken, full: bool, face: WhiteFace | None) -> Check:
    """§22.11.1 ([BOT 4.1]): the Chequered Flag has reached the Pit token. TYRE side: green → the token moves
    forward by the roll (the icon counting 1) and is flipped to PIT; red → the Tyre token to its lower side, the Pit
    token to the pit-lane entry. PIT side: to the entry; with the full bonus the WHITE die (red → the lower side).
    ``face`` is None when no die is rolled (a PIT-side token and a tyre already on its lower side)."""
    if token.side is PitSide.TYRE:
        assert face is not None
        if face.colour is FaceColour.GREEN:
            return Check(PitToken(token.space + (1 if face.icon else face.value), PitSide.PIT), False, True)
        return Check(PitToken(token.space, PitSide.ENTRY), True, True)
    lower = bool(full and face is not None and face.colour is FaceColour.RED)
    return Check(PitToken(token.space, PitSide.ENTRY), lower, face is not None)


def check_needs_die(token: PitToken, full: bool) -> bool:
    """Whether :func:`tyre_check` rolls the WHITE die (§22.11.1)."""
    return token.side is PitSide.TYRE or full


def may_pit(space: int) -> bool:
    """§22.11.1, §22.12.1 ([BOT 4.1], [BOT 5.1]): no Pro BOT pit stop on round 22 or later."""
    return space < CUT_OFF


def sc_saving(token: PitToken, icon: int, *, flip_on_icon: bool) -> PitToken:
    """§22.13.5 ([BOT 6.5]): at the start of a Safety Car period a TYRE-side Pit token moves 2 spaces forward, never
    past the radar icon of the tyre in use (Example 31: on Soft, not past space 8). A token already on or past the
    icon stays. ``flip_on_icon`` (house rule ``pro_sc_saving_flips_on_icon``): a token moved onto the icon is
    flipped to PIT as at set-up (§22.4); off (the default): the SC rule only moves it."""
    if token.side is not PitSide.TYRE or token.space >= icon:
        return token
    space = min(token.space + SC_SAVING, icon)
    return PitToken(space, PitSide.PIT if flip_on_icon and space >= icon else PitSide.TYRE)


def early_stop_window(token: PitToken, flag: int) -> bool:
    """§22.13.5: a TYRE-side Pit token within 4 spaces of the Chequered Flag: the WHITE die decides an early stop."""
    return token.side is PitSide.TYRE and 0 <= token.space - flag <= EARLY_STOP_WINDOW


def corner_applies(round_: int, *, on_curve: bool, left_pits: bool, overtook: bool) -> bool:
    """§22.9.2 ([BOT 2.3.1]): the TACTICS card's corner modifier applies when the Pro BOT ends its move on a curved
    tile — not in rounds 1–2 (§22.8), not on the turn it leaves the pits (§22.12.4), not after an overtake (the
    modifier belongs to the movement phase)."""
    return on_curve and round_ > START_ROUNDS and not left_pits and not overtook


def icon_of(tyre: Tyre, icons: dict[str, int]) -> int:
    """The radar icon of ``tyre`` (§22.4; Wet reads the Hard icon: Hard/Wet share the base life)."""
    return icons["hard_icon" if tyre in (Tyre.HARD, Tyre.WET) else f"{tyre.value}_icon"]
