"""Movement (digest §6.2–§6.3, §10.3, §11): the pace of the cards played, the movement points, lane changes and their
tyre wear, and extending XOR reducing a move (ERS, Tyre Wear cards, Brake!).

Pure functions over small frozen inputs; a refused play raises :class:`~racebook.core.errors.IllegalAction` citing
the section. The turn machine (not written yet) calls them in the order of §10.3: pace → MP → the regular move
(:func:`walk`) → one extension or reduction step at a time (:func:`adjust`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from racebook.core.errors import IllegalAction
from racebook.core.frozen import fast_init
from racebook.formulagp.components import Colour
from racebook.formulagp.playerboard import Pace, PlayerBoard
from racebook.formulagp.track import Track
from racebook.formulagp.trackparts import Pos

__all__ = ["Pace", "MoveCard", "PairBan", "PacePlay", "pace_of", "Part", "MovePoints", "movement_points",
           "StepKind", "Walk", "walk", "Adjust", "AdjustContext", "AdjustState", "Adjusted", "adjust"]


@dataclass(frozen=True, slots=True)
class MoveCard:
    """A movement card played for movement: its printed colour; an ORANGE card also says what it is played as."""

    colour: Colour
    played_as: Colour | None = None

    @property
    def effective(self) -> Colour:
        return self.played_as if self.colour is Colour.ORANGE and self.played_as else self.colour

    def __str__(self) -> str:
        return f"{self.colour.value} as {self.played_as.value}" if self.played_as else self.colour.value


fast_init(MoveCard)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


class PairBan(Enum):
    """Why pairs are forbidden for a move (§6.3)."""

    STRESSED = "the driver is stressed (§15)"
    NO_PAIRS_TILE = "the move starts on a no-pairs tile (§11.4.1)"
    YELLOW_ZONE = "the move starts in a Yellow Flag zone (§19.3.1)"
    SAFETY_CAR = "the Safety Car is out (§19.4.2)"
    PIT_EXIT = "the car is leaving the pit lane (§16.5)"
    GRAVEL = "the car stopped on Gravel last turn (§19.8.1)"
    HAZARD = "the move starts on a Debris, Oil or Standing Water tile (§19.8)"
    TEAM_RADIO = "a TEAM RADIO card is being resolved (§6.9)"


@dataclass(frozen=True, slots=True)
class PacePlay:
    """What the card(s) played for movement give (§6.2, §6.3): the pace on the board, whether it is a pair, the
    printed colours (speed limits read these, §11.4.2), the lane-change rule, the ERS cost, the YELLOW die owed and
    whether a single GREEN card relieves stress (§15; the caller drops it in race rounds 1–2)."""

    pace: Pace
    pair: bool
    colours: tuple[Colour, ...]
    lane_changes: bool
    wear_per_lane_change: int
    ers_cost: int
    yellow_die: bool
    stress_relief: bool


fast_init(PacePlay)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


def _what(cards: Sequence[MoveCard]) -> str:
    """The cards named in a refusal (built only when refused)."""
    return " + ".join(str(c) for c in cards) or "no card"


def pace_of(cards: Sequence[MoveCard], bans: frozenset[PairBan] = frozenset()) -> PacePlay:
    """The pace of one movement card or a legal pair (§6.2, §6.3, §10.3 steps 2–3).

    A single card: GREEN → GREEN pace (lane changes free, −1 stress); RED → RED (+1 wear per lane change); BLUE →
    BLUE (1 ERS, no lane change); ORANGE as GREEN or RED → that pace, +1 wear per lane change even as GREEN. A pair of
    one colour, ORANGE wild: GREEN+GREEN → RED pace, no wear; RED+RED → BLUE pace without ERS, +1 wear; a pair with an
    ORANGE card → +1 wear; BLUE+BLUE is for battles only. A pair owes the YELLOW die and never relieves stress."""
    if not 1 <= len(cards) <= 2:
        raise IllegalAction(_what(cards), "§10.3", "play one movement card, or two as a pair")
    for c in cards:
        if c.colour is Colour.ORANGE and c.played_as not in (Colour.GREEN, Colour.RED):
            raise IllegalAction(_what(cards), "§6.2", "an ORANGE card is played as GREEN or as RED")
        if c.colour is not Colour.ORANGE and c.played_as is not None:
            raise IllegalAction(_what(cards), "§6.2", "only an ORANGE card is played as another colour")
    orange = any(c.colour is Colour.ORANGE for c in cards)
    colour = cards[0].effective
    if len(cards) == 1:
        return PacePlay(Pace(colour.value), False, (cards[0].colour,), colour is not Colour.BLUE,
                        0 if colour is Colour.GREEN and not orange else 1 if colour is not Colour.BLUE else 0,
                        1 if colour is Colour.BLUE else 0, False, cards[0].colour is Colour.GREEN)
    if cards[1].effective is not colour:
        raise IllegalAction(_what(cards), "§6.3", "a pair is two cards of the same colour (ORANGE is wild)")
    if colour is Colour.BLUE:
        raise IllegalAction(_what(cards), "§6.3", "BLUE + BLUE is allowed in a battle only, never for movement")
    if bans:
        raise IllegalAction(_what(cards), "§6.3",
                            "pairs are forbidden here: " + "; ".join(sorted(b.value for b in bans)))
    pace = Pace.RED if colour is Colour.GREEN else Pace.BLUE
    wear = 0 if colour is Colour.GREEN and not orange else 1
    return PacePlay(pace, True, tuple(c.colour for c in cards), True, wear, 0, True, False)


class Part(Enum):
    """The terms of a move's MP (§10.3 step 2, §11.1)."""

    BOARD = "board speed"
    TYRE = "tyre bonus"
    CHARACTERISTIC = "car characteristic"
    FOCUS = "focus bonus"
    SECONDARY = "2x secondary +1 MP"
    EVENT = "EVENT card"
    LATE_PIT = "late pit bonus"
    PENALTY = "DAMAGE/FAILURE/RISK"


@dataclass(frozen=True, slots=True)
class MovePoints:
    total: int
    parts: tuple[tuple[Part, int], ...]

    def sentence(self) -> str:
        return " + ".join(f"{n} ({p.value})" for p, n in self.parts if n) + f" = {self.total} MP"


def movement_points(board: PlayerBoard, gear: int, pace: Pace, *, tyre_bonus: int, characteristic: bool = False,
                    focus: bool = False, secondary: int = 0, event: int = 0, late_pit: int = 0, penalties: int = 0,
                    race_round_1: bool = False) -> MovePoints:
    """The MP of a move (§10.3 steps 4–11): the board's MP[gear][pace] + the tyre bonus (0 when removed, on a rejoin,
    or after Gravel) + the Car Characteristic (+1, once per turn, not in race round 1, §8.4) + Focus (+1, §15) + 2×
    secondary +1 MP each + EVENT MP + [ADV] Late Pit Bonus − DAMAGE/FAILURE/RISK penalties. Never below 0."""
    if characteristic and race_round_1:
        raise IllegalAction("characteristic", "§8.4", "the Car Characteristic is not used in race round 1")
    if min(tyre_bonus, secondary, event, late_pit, penalties) < 0:
        raise ValueError("§10.3: bonuses and penalties are counted as non-negative numbers")
    parts = ((Part.BOARD, board.speed(gear, pace)), (Part.TYRE, tyre_bonus),
             (Part.CHARACTERISTIC, board.characteristic_mp if characteristic else 0),
             (Part.FOCUS, board.focus_mp if focus else 0), (Part.SECONDARY, secondary), (Part.EVENT, event),
             (Part.LATE_PIT, late_pit), (Part.PENALTY, -penalties))
    return MovePoints(max(0, sum(n for _, n in parts)), parts)


# ------------------------------------------------------------------ the path: forward and lateral steps
class StepKind(Enum):
    FORWARD = "forward"
    LANE_CHANGE = "lane change"


@dataclass(frozen=True, slots=True)
class Walk:
    """A checked path (§11.3): where it ends, MP used (one per step), lane changes and the tyre wear they cost."""

    end: Pos
    steps: tuple[StepKind, ...]
    wear: int

    @property
    def mp(self) -> int:
        return len(self.steps)

    @property
    def lane_changes(self) -> int:
        return sum(s is StepKind.LANE_CHANGE for s in self.steps)


fast_init(Walk)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


def _step_name(track: Track, here: Pos, nxt: Pos) -> str:
    """A refused step, named (built only when refused)."""
    return f"{track.name_of(here)} to {track.name_of(nxt) if track.on_track(nxt) else nxt}"


def walk(track: Track, start: Pos, path: Sequence[Pos], play: PacePlay, *, no_wear: bool = False) -> Walk:
    """Check a path of positions from ``start`` (§11.3): each step is forward or lateral, 1 MP; never diagonal; never
    back to a space already left; lane changes as the cards allow (none with BLUE; +1 wear each with RED, ORANGE or a
    pair holding them; ``no_wear`` under the Safety Car, §19.4.2). Racing spaces only: a car goes off track by a push,
    a spin or a counter-steer (§18), never by choice. Occupied spaces are the caller's (§13)."""
    steps: list[StepKind] = []
    seen = {(start.tile, start.lane, start.space)}
    here = start
    for nxt in path:
        if not track.on_track(nxt):
            raise IllegalAction(_step_name(track, here, nxt), "§2.2",
                                "a move goes through racing spaces only (grass and paint are off track)")
        if (nxt.tile, nxt.lane, nxt.space) in seen:
            raise IllegalAction(_step_name(track, here, nxt), "§11.3",
                                "a car may not return to a space it already moved from")
        if nxt in track.forward(here):
            steps.append(StepKind.FORWARD)
        elif nxt.lane != here.lane and track.lateral(here, nxt.lane) == nxt:
            if not play.lane_changes:
                raise IllegalAction(_step_name(track, here, nxt), "§6.2", "no lane change with a BLUE card")
            steps.append(StepKind.LANE_CHANGE)
        else:
            raise IllegalAction(_step_name(track, here, nxt), "§11.3", "a step goes forward, or sideways to the lane "
                                                                      "beside (never diagonally)")
        seen.add((nxt.tile, nxt.lane, nxt.space))
        here = nxt
    wear = 0 if no_wear else play.wear_per_lane_change * sum(s is StepKind.LANE_CHANGE for s in steps)
    return Walk(here, tuple(steps), wear)


# ------------------------------------------------------------------ extend XOR reduce
class Adjust(Enum):
    """One step of §11.2: reduce (charge ERS, Brake!) or extend (ERS on a straight, Tyre Wear card on a curve)."""

    CHARGE_ERS = "reduce: -1 MP, +1 ERS"
    BRAKE = "reduce: Brake! (-1 MP, +1 tyre wear)"
    EXTEND_ERS = "extend: +1 MP for 1 ERS charge"
    EXTEND_TYRE = "extend: +1 MP for a Tyre Wear card (+1 tyre wear)"

    @property
    def reduces(self) -> bool:
        return self in (Adjust.CHARGE_ERS, Adjust.BRAKE)


@dataclass(frozen=True, slots=True)
class AdjustContext:
    """What §11.2 reads about the car and its turn."""

    ers: int
    ers_max: int
    mp_left: int  # regular MP not driven yet (a reduction turns them into something else)
    on_straight: bool  # the tile the extension starts from (§11.2.2)
    tyres_worn: bool
    tyre_wear_cards: int  # in hand
    blue_played: bool = False
    drs: bool = False  # the car activates DRS this turn (§11.6)
    drs_moved: bool = False  # the DRS move has been made
    entering_pit: bool = False


fast_init(AdjustContext)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


@dataclass(frozen=True, slots=True)
class AdjustState:
    """This turn so far: how many reduction and extension steps (§11.2: never both)."""

    reduced: int = 0
    extended: int = 0


fast_init(AdjustState)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


@dataclass(frozen=True, slots=True)
class Adjusted:
    """The result of one step: the new state and the change of MP, ERS, tyre wear and Tyre Wear cards played."""

    state: AdjustState
    mp: int
    ers: int
    wear: int
    cards: int


fast_init(Adjusted)  # built per step and per listing: the slot-storing constructor (racebook.core.frozen)


def refusal(ctx: AdjustContext, state: AdjustState, step: Adjust) -> tuple[str, str] | None:
    """Why one reduction or extension step (§11.2) is not allowed now: (rule, reason); None when it is."""
    reduces = step.reduces
    if ctx.drs_moved:
        return "§11.6", "no extension or reduction after a DRS move"
    if reduces and state.extended:
        return "§11.2", "a move is extended or reduced, never both: this one was extended"
    if not reduces and state.reduced:
        return "§11.2", ("a move is extended or reduced, never both: this one was reduced (no charging ERS to stop in "
                         "a corner and then a Tyre Wear card)")
    if reduces:
        if ctx.drs:
            return "§11.6", "no reduction in a turn the car activates DRS"
        if ctx.mp_left < 1:
            return "§11.2.1", "no movement point left to reduce"
    if step is Adjust.CHARGE_ERS:
        if ctx.ers >= ctx.ers_max:
            return "§11.2.1", f"the ERS is full ({ctx.ers} of {ctx.ers_max})"
        if ctx.blue_played:
            return "§11.2.1", "no ERS charging in a turn a BLUE card was played"
        if ctx.entering_pit:
            return "§16.1", "no ERS charging while entering the pit lane"
        return None
    if step in (Adjust.BRAKE, Adjust.EXTEND_TYRE):
        if ctx.tyres_worn:
            return "§14.1", "worn-out tyres: no Tyre Wear card to extend or Brake!"
        if ctx.tyre_wear_cards < 1:
            return "§6.4", "needs a Tyre Wear card in hand"
    if step is Adjust.BRAKE:
        return None
    if step is Adjust.EXTEND_TYRE:
        if ctx.on_straight:
            return "§11.2.2", "a Tyre Wear card extends from a curved tile; on a straight spend an ERS charge"
        return None
    if not ctx.on_straight:
        return "§11.2.2", "an ERS charge extends from a straight; on a curve play a Tyre Wear card"
    if ctx.ers < 1:
        return "§8.1", "the ERS is empty"
    return None


def adjust(ctx: AdjustContext, state: AdjustState, step: Adjust) -> Adjusted:
    """One reduction or extension step (§11.2), or IllegalAction citing why not (:func:`refusal`)."""
    why = refusal(ctx, state, step)
    if why is not None:
        raise IllegalAction(step.value, *why)
    if step is Adjust.CHARGE_ERS:
        return Adjusted(AdjustState(state.reduced + 1, state.extended), -1, 1, 0, 0)
    if step is Adjust.BRAKE:
        return Adjusted(AdjustState(state.reduced + 1, state.extended), -1, 0, 1, 1)
    if step is Adjust.EXTEND_TYRE:
        return Adjusted(AdjustState(state.reduced, state.extended + 1), 1, 0, 1, 1)
    return Adjusted(AdjustState(state.reduced, state.extended + 1), 1, -1, 0, 0)
