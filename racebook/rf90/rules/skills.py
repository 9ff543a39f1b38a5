"""Skills (§27) in the individual turn: the named points where a skill acts — the MP it adds, the ET declaration
it allows, what it does at a pit stop — one class per skill, so each skill effect lives in one place.

The skills' other effects stay with the rule they modify: REFLEXES in the test modifiers (:mod:`.checks`), PITTING's
shorter stop and TUNING in :mod:`.pits`, QUALIFY's lap time in :mod:`.qualifying`; VERSATILITY and WISE DRIVING are
phase-A decisions of the turn machine.
"""

from __future__ import annotations

from racebook.rf90.car import Car, Skill
from racebook.rf90.cards import Flag
from racebook.rf90.events import DrawReason, Event
from racebook.rf90.rules import drawing
from racebook.rf90.state import RaceState
from racebook.rf90.turnctx import TurnCtx


class SkillHooks:
    """This base does nothing; each skill overrides its own points (:func:`hooks` finds a car's)."""

    refresh_at_pit = False  # a once-per-stint skill (A.2) may be used again after a pit stop (§13.A.3)

    def mp_parts(self, state: RaceState, car: Car, cards: tuple[str, ...]) -> list[tuple[int, str]]:
        """Phase E (§13.E.1): MP the skill adds to the movement of ``cards``."""
        return []

    def et_modes(self, state: RaceState, car: Car) -> list[str]:
        """Phase C: ways to take an Extreme Trajectory without its blind test (§13.D.2)."""
        return []

    def on_pit_tyres(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
        """At a pit stop, after the tyres (§13.A.3)."""


class _Qualify(SkillHooks):
    def mp_parts(self, state: RaceState, car: Car, cards: tuple[str, ...]) -> list[tuple[int, str]]:
        return [(1, "QUALIFY at the start/restart")] if state.turn == 1 or state.restart else []


class _Lapping(SkillHooks):
    def mp_parts(self, state: RaceState, car: Car, cards: tuple[str, ...]) -> list[tuple[int, str]]:
        n = sum(1 for c in cards if state.card(c).flag is Flag.BLUE)
        return [(n, "LAPPING blue-flag symbols")] if n else []


class _FlatOut(SkillHooks):
    def et_modes(self, state: RaceState, car: Car) -> list[str]:
        return ["flat"]  # §27 FLAT OUT: skip the test, bonus -1


class _Pitting(SkillHooks):
    def on_pit_tyres(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
        before = set(car.hand)
        drawing.draw_track_card(state, car, DrawReason.PITTING, events, "§27")
        ctx.pit.pit_exempt |= set(car.hand) - before


class _OncePerStint(SkillHooks):
    refresh_at_pit = True


_NONE = SkillHooks()
HOOKS: dict[Skill, SkillHooks] = {
    Skill.QUALIFY: _Qualify(), Skill.LAPPING: _Lapping(), Skill.FLAT_OUT: _FlatOut(), Skill.PITTING: _Pitting(),
    Skill.VERSATILITY: _OncePerStint(), Skill.WISE_DRIVING: _OncePerStint(), Skill.SIXTH_SENSE: _OncePerStint(),
}


def hooks(car: Car) -> SkillHooks:
    """The car's skill hooks (no skill, or one that does not act in the turn: the do-nothing base)."""
    return HOOKS.get(car.skill, _NONE) if car.skill is not None else _NONE
