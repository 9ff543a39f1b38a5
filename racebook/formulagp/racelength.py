"""The race's length on the Weather Radar (digest §1, §4.2 b, §17.1, A5, A6, A30; the original's 1, 3.2 b, 12.1,
13.10) and the round counter across a Red Flag restart.

**Length.** The Chequered Flag starts on radar space 9 in a Standard race and on space 1 in an Advanced race
(``panel().start_space``); either way the lap becomes the final lap when the flag reaches space 24 (A5: "game round
N" is the radar space N), so a Standard race runs 16 rounds and an Advanced race 24, and both go on until the race
leader next crosses the line (A6). Nothing here changes that (``Panel.rounds`` states it).

**The round counter after a Red Flag** (A30, ``red_flag_restart = race_start``): the restart replays race round 1's
rules, then round 2's, so ``RaceState.round`` starts again at 1 while the Chequered Flag keeps the race clock (one
space on, §19.6 step 6). A race can therefore end "in round 6" on radar space 24 or later: the counter counts the
rounds since the restart, the flag the race — not a drift of the race's length. What did drift were the per-round
memos written with the old counter: a car damaged in round 3 before the Red Flag was "already damaged this round" in
the restart's round 3 (§18.4), a spun car sat out a round it had not spun in (§18.2), a failed-lapping free pass, a
driver skill, a spared RED die keyed on a round number that came back (§19.7.3, §6.8, §14.1). :func:`restarted`
clears them at the restart, and the cars lined up on the grid face forward on track (§19.6 step 1: a car spun or off
track before the Red Flag is on its grid place). In an Advanced race only: a Standard race must play exactly as
before (the FormulaGP equivalence file: its seed-3033 race has a Red Flag restart whose final position keeps such a
memo, ``out=13``); the same fix for the Standard race is the lead's call (docs/formulagp.md). Standard library
only.
"""

from __future__ import annotations

from racebook.formulagp.options import RedFlagRestart
from racebook.formulagp.state import RaceState

__all__ = ["restarted"]


def restarted(s: RaceState) -> None:
    """The Red Flag's restart (§19.6 step 6): the cars on the grid face forward on track; when the round counter
    starts again (A30's race-start reading) the per-round memos of the rounds before are cleared. An Advanced race
    only (see the module's docstring)."""
    if not s.mode.advanced:
        return
    for c in s.cars.values():
        c.spun, c.off = False, ""
        if s.rules.red_flag_restart is RedFlagRestart.RACE_START:
            c.damaged_round = c.out_round = c.free_round = c.skill_round = c.red_spared = 0
