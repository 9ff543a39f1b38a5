"""Strategies (§26): the implemented ones, CHASE's token, and each strategy's hooks — the named points where it
acts in a turn (on draw, on play, on card damage, on a blind test, on late braking, its Special at the end of the
turn)."""

from __future__ import annotations

from racebook.rf90.car import Car, RobotType, Strategy
from racebook.rf90.events import ChaseEnd, ChaseEnded, DrawReason, Event, PushRefuel, SaveFuelRefuel, SaveTyres
from racebook.rf90.rules import drawing
from racebook.rf90.state import RaceState
from racebook.rf90.track import Trajectory
from racebook.rf90.turnctx import Phase, TurnCtx

IMPLEMENTED_STRATEGIES = frozenset({
    Strategy.SAVE_TYRES, Strategy.BANGING_WHEELS, Strategy.BALANCE, Strategy.HAZARD, Strategy.PUSH,
    Strategy.RECOVERY, Strategy.LUCKY, Strategy.SAVE_FUEL, Strategy.CHASE,
})


def chase_targets(state: RaceState, car: Car) -> list[str]:
    """§26.8 (AMB-11 notes): a driver ahead of you on the same lap."""
    if car.off_track is not None:
        return []
    me = state.key(car.id)
    return [c.id for c in state.on_track() if c.id != car.id and c.lap == car.lap and state.key(c.id) > me]


def chase_available(state: RaceState, car: Car) -> list[str]:
    """The chased car's reserved movement cards still in its discard pile (shared first-come, §26.8)."""
    if car.chasing is None:
        return []
    piles = set(state.race_deck.discards) | set(state.track_deck.discards)
    return [c for c in state.reserved.get(car.chasing, []) if c in piles]


def chase_off(state: RaceState, car: Car, events: list[Event], why: ChaseEnd) -> None:
    if car.chasing is not None:
        events.append(ChaseEnded(car.id, car.chasing, why))
        car.chasing = None


def chase_check(state: RaceState, car: Car, events: list[Event]) -> None:
    """§26.8: the token is removed when the chased car is behind you, off track or out of the race."""
    t = state.cars.get(car.chasing) if car.chasing else None
    if t is None:
        return
    if not t.on_track or t.off_track is not None:
        chase_off(state, car, events, ChaseEnd.OFF_TRACK)
    elif car.off_track is None and state.key(car.chasing) < state.key(car.id):  # type: ignore[arg-type]
        chase_off(state, car, events, ChaseEnd.BEHIND)


class Hooks:
    """The named points where a strategy acts in an individual turn (§26). This base does nothing; each strategy
    overrides its own points, so every strategy effect lives in one place (:func:`hooks` finds a car's)."""

    def on_draw(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> bool:
        """Phase B (§13.B): True when the strategy drew (or waits for a choice) and set the next phase itself."""
        return False

    def on_play(self, state: RaceState, car: Car, ctx: TurnCtx, traj: Trajectory | None,
                events: list[Event]) -> None:
        """After the phase-C declaration, its costs known (§13.D.1)."""

    def on_card_damage(self, state: RaceState, car: Car, ctx: TurnCtx) -> None:
        """The D.1 damage has been taken (the car is still in the race)."""

    def on_blind_test(self, state: RaceState, car: Car, ctx: TurnCtx, what: str, events: list[Event]) -> None:
        """A blind test of phase D.2 was drawn: the ET's, or a green card's (§13.D.2)."""

    def on_late_braking(self, state: RaceState, car: Car, events: list[Event]) -> None:
        """The blind late-braking test was drawn (§13.F.1)."""

    def late_braking_sections(self, state: RaceState, car: Car) -> int:
        """How many sections a successful late braking advances (§13.F.1)."""
        return 1

    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        """At the end of the turn: why the Special earns a Track Card, or None (§26; AMB-35: drawn at once)."""
        return None


class _SaveTyres(Hooks):  # §26.1
    def on_play(self, state: RaceState, car: Car, ctx: TurnCtx, traj: Trajectory | None,
                events: list[Event]) -> None:
        raw = sum(state.card(c).tyres for c in ctx.play.cards) + (traj.cost.tyres if traj else 0)
        if raw > 0:
            events.append(SaveTyres(car.id, raw, ctx.play.tyres_due))

    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        return DrawReason.SAVE_TYRES_SPECIAL if ctx.play.chips_spent >= 1 else None


class _BangingWheels(Hooks):  # §26.2
    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        if ctx.play.overtook and car.bw_card_turn != state.turn:
            car.bw_card_turn = state.turn  # §26.2: only 1 Track Card per turn
            return DrawReason.BANGING_WHEELS_SPECIAL
        return None


class _SaveFuel(Hooks):  # §26.3
    def on_draw(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> bool:
        if any(state.card(c).mp > 2 for c in car.hand):  # may trade a card > 2 MP for two draws
            ctx.phase = Phase.DRAW
            return True
        return False

    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        if not (ctx.play.cards and all(state.card(c).mp <= 2 for c in ctx.play.cards)):
            return None
        if car.refuel is not None:  # §26.3 Bonus: the refuel chit moves 1 space forward
            car.refuel += 1
            events.append(SaveFuelRefuel(car.id, car.refuel))
        return DrawReason.SAVE_FUEL_SPECIAL


class _Lucky(Hooks):  # §26.4
    def on_draw(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> bool:
        a = drawing._draw(state, car, DrawReason.LUCKY_FIRST, events, "§26.4")
        b = drawing._draw(state, car, DrawReason.LUCKY_SECOND, events, "§26.4")
        if a and b and (state.card(a).mp == state.card(b).mp or state.card(a).colour is state.card(b).colour):
            drawing.draw_track_card(state, car, DrawReason.LUCKY_SPECIAL, events, "§26.4")
        ctx.phase = Phase.LUCKY_DISCARD if state.rules.lucky_discard_mandatory or car.hand else Phase.PLAY
        return True


class _Balance(Hooks):  # §26.5
    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        if ctx.play.traj is not None and any(
                state.card(c).colour in state.track.trajectory(ctx.play.traj).colours for c in ctx.play.cards):
            return DrawReason.BALANCE_SPECIAL
        return None


class _Hazard(Hooks):  # §26.6: every HAZARD effect
    def on_card_damage(self, state: RaceState, car: Car, ctx: TurnCtx) -> None:
        if ctx.play.card_damage:
            ctx.play.mp_bonus.append((ctx.play.card_damage, "HAZARD: damage from a card"))

    def on_blind_test(self, state: RaceState, car: Car, ctx: TurnCtx, what: str, events: list[Event]) -> None:
        ctx.play.mp_bonus.append((1, f"HAZARD: blind test ({what})"))
        drawing.draw_track_card(state, car, DrawReason.HAZARD, events, "§26.6")

    def on_late_braking(self, state: RaceState, car: Car, events: list[Event]) -> None:
        drawing.draw_track_card(state, car, DrawReason.HAZARD, events, "§26.6")

    def late_braking_sections(self, state: RaceState, car: Car) -> int:
        track = state.track
        nxt = track.sections[track.next_index(state.section(car.section).index)]
        after = track.sections[track.next_index(nxt.index)]
        return 2 if not state.cars_in(nxt.name) and not state.cars_in(after.name) else 1


class _Push(Hooks):  # §26.7
    def on_play(self, state: RaceState, car: Car, ctx: TurnCtx, traj: Trajectory | None,
                events: list[Event]) -> None:
        if len(ctx.play.cards) != 2:
            return
        a, b = (state.card(c) for c in ctx.play.cards)
        if 2 in (a.mp, b.mp) and max(a.mp, b.mp) >= 3 and not (a.combination or b.combination) \
                and 1 not in (a.mp, b.mp) and car.refuel is not None:
            car.refuel -= 1
            events.append(PushRefuel(car.id, car.refuel))

    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        return DrawReason.PUSH_SPECIAL if ctx.play.chips_spent >= 2 else None


class _Recovery(Hooks):  # §26.9
    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        return DrawReason.RECOVERY_SPECIAL if _robot_ahead_same_lap(state, car) else None


class _Chase(Hooks):  # §26.8
    def on_draw(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> bool:
        if car.chasing is None:
            return False
        if chase_available(state, car):  # take a reserved card, or draw (a decision)
            ctx.phase = Phase.DRAW
            return True
        drawing._draw(state, car, DrawReason.PHASE_B, events)
        ctx.play.mp_bonus.append((1, "CHASE: no card of the chased car to take"))
        ctx.phase = Phase.PLAY
        return True

    def special(self, state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> DrawReason | None:
        if car.chasing is not None and car.chasing in state.cars \
                and state.cars[car.chasing].section == car.section and state.cars[car.chasing].off_track is None:
            return DrawReason.CHASE_SPECIAL
        return None


_NONE = Hooks()
HOOKS: dict[Strategy, Hooks] = {
    Strategy.SAVE_TYRES: _SaveTyres(), Strategy.BANGING_WHEELS: _BangingWheels(), Strategy.SAVE_FUEL: _SaveFuel(),
    Strategy.LUCKY: _Lucky(), Strategy.BALANCE: _Balance(), Strategy.HAZARD: _Hazard(), Strategy.PUSH: _Push(),
    Strategy.CHASE: _Chase(), Strategy.RECOVERY: _Recovery(),
}


def hooks(car: Car) -> Hooks:
    """The car's strategy hooks (a car with no implemented strategy gets the do-nothing base)."""
    return HOOKS.get(car.strategy, _NONE) if car.strategy is not None else _NONE


def specials(state: RaceState, car: Car, ctx: TurnCtx, events: list[Event]) -> None:
    """Strategy Specials: a Track Card when the condition is met (§26; AMB-35: drawn at once)."""
    why = hooks(car).special(state, car, ctx, events)
    if why:
        drawing.draw_track_card(state, car, why, events, "§26")


def _robot_ahead_same_lap(state: RaceState, car: Car) -> bool:
    me = state.key(car.id)
    return any(c.is_robot and c.robot in (RobotType.FAST, RobotType.SLOW) and c.lap == car.lap
               and state.key(c.id) > me for c in state.on_track())
