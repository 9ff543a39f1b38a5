"""FormulaGP events: what the rules did, as data (car ids, card codes, positions as tile.lane.space, numbers), with a
sentence derived from the fields and the digest section cited (``§10.1.1``). Views read the fields, never the
sentence. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from racebook.core.events import Event


@dataclass(frozen=True, slots=True)
class PanelSide(Event):
    RULE: ClassVar[str] = "§4.2"
    TEMPLATE: ClassVar[str] = "The WHITE die shows {face} ({colour}): the Race Control Panel is used {colour} side up"
    face: int
    colour: str


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    RULE: ClassVar[str] = "§10"
    TEMPLATE: ClassVar[str] = "Round {round}: the Chequered Flag is on space {flag} of the Weather Radar"
    round: int
    flag: int


@dataclass(frozen=True, slots=True)
class FinalLap(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches space {flag}: this lap is the final lap; the round in which "
                               "the race leader next crosses the line is the final round")
    flag: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    RULE: ClassVar[str] = "§10.1.1"
    TEMPLATE: ClassVar[str] = "{car} draws {cards} up to the hand limit of {limit} (4 + the ERS LEDs)"
    car: str
    cards: tuple[str, ...]
    limit: int


@dataclass(frozen=True, slots=True)
class Returned(Event):
    RULE: ClassVar[str] = "§10.1.2"
    TEMPLATE: ClassVar[str] = "{car} returns {cards} to the bottom of its deck and draws {drawn}"
    car: str
    cards: tuple[str, ...]
    drawn: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kept(Event):
    RULE: ClassVar[str] = "§10.1.2"
    TEMPLATE: ClassVar[str] = "{car} returns no card"
    car: str


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    RULE: ClassVar[str] = "§10.1.1"
    TEMPLATE: ClassVar[str] = "{car} discards {card} down to the hand limit of {limit}"
    car: str
    card: str
    limit: int


@dataclass(frozen=True, slots=True)
class LadderSwap(Event):
    RULE: ClassVar[str] = "§10.1.3"
    TEMPLATE: ClassVar[str] = "{car} holds no playable movement card: discards {card} and draws {drawn} (step e)"
    car: str
    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    RULE: ClassVar[str] = "§10.2"
    TEMPLATE: ClassVar[str] = "Driver sequence: {order}"
    SEP: ClassVar[dict[str, str]] = {"order": ", "}
    order: tuple[str, ...]
    rule: str = "§10.2"  # race round 1: the start cards' LEDs (§9.4.3)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car}'s turn, from {at}"
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class DrawFailurePlayed(Event):
    RULE: ClassVar[str] = "§6.6"
    TEMPLATE: ClassVar[str] = ("{car} plays the Draw Failure card {card} first (the FAILURE card it draws is not "
                               "resolved yet)")
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class Cleared(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car} plays {card} just to clear its hand: tyre wear {wear}"
    car: str
    card: str
    wear: int


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    RULE: ClassVar[str] = "§10.3"
    TEMPLATE: ClassVar[str] = "{car} plays {cards} in gear {gear}: {pace} pace, {breakdown}"
    car: str
    cards: tuple[str, ...]
    pace: str
    gear: int
    mp: int
    breakdown: str
    ers: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    RULE: ClassVar[str] = "§11.3"
    TEMPLATE: ClassVar[str] = "{car} moves {how} from {frm} to {to} ({left} MP left, tyre wear +{wear})"
    car: str
    frm: str
    to: str
    how: str
    left: int
    wear: int


@dataclass(frozen=True, slots=True)
class Adjusted(Event):
    RULE: ClassVar[str] = "§11.2"
    TEMPLATE: ClassVar[str] = "{car}: {step} ({left} MP left, ERS {ers}, tyre wear {wear})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"step"})
    car: str
    step: str
    card: str
    left: int
    ers: int
    wear: int
    rule: str = "§11.2"


@dataclass(frozen=True, slots=True)
class ForcedStop(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = ("{car} stops at {at} behind a car: {mp} MP left become OT, OT {ot} ({lost} lost over "
                               "the maximum{slip})")
    car: str
    at: str
    mp: int
    ot: int
    lost: int
    slip: str = ""


@dataclass(frozen=True, slots=True)
class NoWay(Event):
    RULE: ClassVar[str] = "§11.3"
    TEMPLATE: ClassVar[str] = "{car} has no space to move to from {at}: {mp} MP are lost"
    car: str
    at: str
    mp: int


@dataclass(frozen=True, slots=True)
class CrossedLine(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = "{car} crosses the finish line (lap {lap})"
    car: str
    lap: int


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    RULE: ClassVar[str] = "§17.1"
    TEMPLATE: ClassVar[str] = ("The race leader {car} crosses the line on the final lap: this is the final round, "
                               "every remaining driver takes a last turn")
    car: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{car} ends its turn at {at} with {ot} OT, which drop to 0 (no battle declared)"
    car: str
    at: str
    ot: int


@dataclass(frozen=True, slots=True)
class Classified(Event):
    RULE: ClassVar[str] = "§17.2.2"
    TEMPLATE: ClassVar[str] = "{position}. {car} ({finish}, {distance} tiles)"
    car: str
    position: int
    distance: int
    finish: str


@dataclass(frozen=True, slots=True)
class StartSealed(Event):
    RULE: ClassVar[str] = "§9.4.3"
    TEMPLATE: ClassVar[str] = "{car} lays its start cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class StartRevealed(Event):
    RULE: ClassVar[str] = "§9.4.3"
    TEMPLATE: ClassVar[str] = "{car} reveals {cards} (+{extras}): {leds} LEDs, tyre wear {wear}"
    car: str
    cards: tuple[str, ...]
    extras: tuple[str, ...]
    leds: int
    wear: int


@dataclass(frozen=True, slots=True)
class StressMoved(Event):
    RULE: ClassVar[str] = "§15"
    TEMPLATE: ClassVar[str] = ("{car}: stress {delta:+d}, now {space} ({red} RED dice at once for stress beyond "
                               "the track)")
    car: str
    delta: int
    space: str
    red: int
    rule: str = "§15"


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    RULE: ClassVar[str] = "§19.2"
    TEMPLATE: ClassVar[str] = "{car} rolls the {die} die: {face} — {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"effect"})
    car: str
    die: str
    face: str
    effect: str


# ------------------------------------------------------------------ race events (§19; issue 37)
@dataclass(frozen=True, slots=True)
class RaceControl(Event):
    RULE: ClassVar[str] = "§19.3.2"
    TEMPLATE: ClassVar[str] = ("The Race Control Yellow Flag token advances {spaces} ({cause}): space {at} of "
                               "{threshold} (the Safety Car space)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    spaces: int
    cause: str
    at: int
    threshold: int


@dataclass(frozen=True, slots=True)
class YellowFlag(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("Yellow Flag on {tile} for {car}'s incident; the WHITE die shows {die}: the Green Flag "
                               "on {green}; the zone lasts until the Chequered Flag reaches radar space {until}")
    car: str
    tile: str
    die: int
    green: str
    until: int


@dataclass(frozen=True, slots=True)
class YellowExtended(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car}'s incident on {tile} is inside a Yellow Flag zone: no second Yellow Flag; the "
                               "radar's Green Flag moves to space {until}")
    car: str
    tile: str
    until: int


@dataclass(frozen=True, slots=True)
class NoYellowFlag(Event):
    RULE: ClassVar[str] = "§19.3"
    TEMPLATE: ClassVar[str] = "{car}'s incident on {tile}: no Yellow Flag ({why})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    tile: str
    why: str
    rule: str = "§19.3"


@dataclass(frozen=True, slots=True)
class YellowPending(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car}'s incident on {tile} in race round 1: the Yellow Flag is placed once every "
                               "driver has ended the round")
    car: str
    tile: str


@dataclass(frozen=True, slots=True)
class FlagsCleared(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag reaches the radar's Green Flag (space {flag}): the zone from {tile} "
                               "ends")
    flag: int
    tile: str


@dataclass(frozen=True, slots=True)
class YellowStop(Event):
    RULE: ClassVar[str] = "§19.3.1"
    TEMPLATE: ClassVar[str] = ("{car} drove through the Yellow Flag zone at {pace} pace: it stops on the Green Flag "
                               "tile {at}, {mp} MP are lost")
    car: str
    pace: str
    at: str
    mp: int


@dataclass(frozen=True, slots=True)
class SafetyCarDeployed(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = ("Safety Car ({cause}): on {tile} in front of the leader {leader}; the round ends at once"
                               " (turns lost: {lost}); the track is cleared; it leaves at the end of the round the "
                               "Chequered Flag reaches radar space {until}; stress to the middle, ERS to the maximum")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    SEP: ClassVar[dict[str, str]] = {"lost": ", "}
    cause: str
    tile: str
    leader: str
    lost: tuple[str, ...]
    until: int


@dataclass(frozen=True, slots=True)
class SafetyCarMoved(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "The Safety Car drives 3 tiles, from {frm} to {to}"
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class SafetyCarIn(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = ("The Chequered Flag is on the SC token (radar space {flag}): the Safety Car leaves the "
                               "track at the end of this round; racing resumes")
    flag: int


@dataclass(frozen=True, slots=True)
class EndsUnderSafetyCar(Event):
    RULE: ClassVar[str] = "§19.4.1"
    TEMPLATE: ClassVar[str] = ("The Safety Car is still out at radar space {flag}: the race ends under the Safety Car, "
                               "every car stopped where it is")
    flag: int


@dataclass(frozen=True, slots=True)
class SafetyCarRoll(Event):
    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = "The 'Safety Car' EVENT: the WHITE die shows {face} ({colour}): {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    face: int
    colour: str
    outcome: str


@dataclass(frozen=True, slots=True)
class MpWasted(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "{car} stops behind the car ahead at {at} ({why}): {mp} MP are lost, no OT"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    at: str
    mp: int
    why: str


@dataclass(frozen=True, slots=True)
class ScDiscard(Event):
    RULE: ClassVar[str] = "§19.4.2"
    TEMPLATE: ClassVar[str] = "Under the Safety Car {car} discards {card}"
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class RedFlag(Event):
    RULE: ClassVar[str] = "§19.6"
    TEMPLATE: ClassVar[str] = ("Red Flag ({cause}): every car stops; the grid in the sequence of the moment: {grid}; "
                               "stress to the middle, ERS to the maximum; the race restarts next round ({restart})")
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause", "restart"})
    SEP: ClassVar[dict[str, str]] = {"grid": ", "}
    cause: str
    grid: tuple[str, ...]
    restart: str


@dataclass(frozen=True, slots=True)
class Lapped(Event):
    RULE: ClassVar[str] = "§19.7.1"
    TEMPLATE: ClassVar[str] = ("The leader {leader} laps {car}: a {flag} Blue Flag{lost} (it is {laps} lap(s) down "
                               "on the leader's distance)")
    car: str
    leader: str
    flag: str
    laps: int
    lost: str = ""
    rule: str = "§19.7.1"


@dataclass(frozen=True, slots=True)
class Unlapped(Event):
    RULE: ClassVar[str] = "§19.7.4"
    TEMPLATE: ClassVar[str] = "{car} ends a tile ahead of the leader {leader}: it gets a lap back ({flag})"
    car: str
    leader: str
    flag: str


@dataclass(frozen=True, slots=True)
class LappingFailed(Event):
    RULE: ClassVar[str] = "§19.7.3"
    TEMPLATE: ClassVar[str] = ("{car} cannot lap {slower}: a {marker} Blue Flag marker behind {slower}{free}")
    car: str
    slower: str
    marker: str
    free: str = ""


@dataclass(frozen=True, slots=True)
class LappingMarkerRemoved(Event):
    RULE: ClassVar[str] = "§19.7.3"
    TEMPLATE: ClassVar[str] = "The Blue Flag marker behind {car} is removed at the end of the round"
    car: str


@dataclass(frozen=True, slots=True)
class GravelPlaced(Event):
    RULE: ClassVar[str] = "§19.8.1"
    TEMPLATE: ClassVar[str] = "A Gravel token on {tile}"
    tile: str


@dataclass(frozen=True, slots=True)
class GravelHit(Event):
    RULE: ClassVar[str] = "§19.8.1"
    TEMPLATE: ClassVar[str] = "{car} {how} the Gravel on {tile}: {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "effect"})
    car: str
    how: str
    tile: str
    effect: str


@dataclass(frozen=True, slots=True)
class VscDeployed(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = ("Virtual Safety Car: {car} moved {spaces} spaces; every other driver now moves as many "
                               "(again: {twice}; they skip their turn next round); stress to the middle")
    SEP: ClassVar[dict[str, str]] = {"twice": ", "}
    car: str
    spaces: int
    twice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VscMove(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = "Under the Virtual Safety Car {car} moves {spaces} spaces, no card played, no overtaking"
    car: str
    spaces: int


@dataclass(frozen=True, slots=True)
class VscEnded(Event):
    RULE: ClassVar[str] = "§19.5"
    TEMPLATE: ClassVar[str] = ("After the Virtual Safety Car: no draw phase; {car} starts the round; {skip} moved "
                               "twice and skip this round")
    SEP: ClassVar[dict[str, str]] = {"skip": ", "}
    car: str
    skip: tuple[str, ...]

@dataclass(frozen=True, slots=True)
class BattleDeclared(Event):
    RULE: ClassVar[str] = "§13.2"
    TEMPLATE: ClassVar[str] = "{attacker} attacks {defender} with {ot} OT{how}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    attacker: str
    defender: str
    ot: int
    lane: int = 0
    how: str = ""


@dataclass(frozen=True, slots=True)
class BattleSealed(Event):
    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = "{car} lays its battle cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class BattleRevealed(Event):
    RULE: ClassVar[str] = "§13.3"
    TEMPLATE: ClassVar[str] = ("{car} ({role}) reveals {cards}: {card_leds} LEDs on the cards, +{ot_leds} OT, "
                               "+{ers_leds} ERS = {leds} LEDs (ERS {ers}, tyre wear {wear})")
    car: str
    role: str  # "attacker" / "defender"
    cards: tuple[str, ...]
    card_leds: int
    ot_leds: int
    ers_leds: int
    leds: int
    ers: int
    wear: int
    defends: bool = True


@dataclass(frozen=True, slots=True)
class BattleResolved(Event):
    RULE: ClassVar[str] = "§13.4"
    TEMPLATE: ClassVar[str] = "{attacker} {attacker_leds} LEDs against {defender} {defender_leds}: {result}"
    attacker: str
    defender: str
    attacker_leds: int
    defender_leds: int
    result: str
    rule: str = "§13.4"


@dataclass(frozen=True, slots=True)
class Overtook(Event):
    RULE: ClassVar[str] = "§13.4.1"
    TEMPLATE: ClassVar[str] = ("{car} overtakes with {ot} OT from {frm} to {to} ({spaces} spaces, {lost} OT lost); "
                               "OT 0")
    car: str
    frm: str
    to: str
    ot: int
    spaces: int
    lost: int


@dataclass(frozen=True, slots=True)
class W2WToken(Event):
    RULE: ClassVar[str] = "§13.5"
    TEMPLATE: ClassVar[str] = "{car}: Wheel-to-Wheel token {before} -> {after} (stress +{stress})"
    car: str
    before: str
    after: str
    stress: int


@dataclass(frozen=True, slots=True)
class DrsMoved(Event):
    RULE: ClassVar[str] = "§11.6"
    TEMPLATE: ClassVar[str] = "DRS: {car} moves from {frm} to {to}, behind the next car ahead in DRS zone {zone}"
    car: str
    frm: str
    to: str
    zone: str
# ------------------------------------------------------------------ card management beyond movement (issue 37)
@dataclass(frozen=True, slots=True)
class OptionPlayed(Event):
    RULE: ClassVar[str] = "§6.5"
    TEMPLATE: ClassVar[str] = "{car} plays the Option card {card}: draws the EVENT card {event} and holds it face down"
    car: str
    card: str
    event: str  # "-" when every EVENT card is held or out of the game


@dataclass(frozen=True, slots=True)
class EventPlayed(Event):
    RULE: ClassVar[str] = "§6.7"
    TEMPLATE: ClassVar[str] = "{car} plays the EVENT card {card} '{name}': {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"name", "effect"})
    car: str
    card: str
    name: str
    effect: str
    rule: str = "§6.7"


@dataclass(frozen=True, slots=True)
class HeldTooLong(Event):
    RULE: ClassVar[str] = "§6.7"
    TEMPLATE: ClassVar[str] = ("{car} uses {card} '{name}' after the turn it should have been applied in: "
                               "{tokens} Penalty token(s), one per penalty icon")
    PROSE: ClassVar[frozenset[str]] = frozenset({"name"})
    car: str
    card: str
    name: str
    tokens: int


@dataclass(frozen=True, slots=True)
class SecondarySpent(Event):
    RULE: ClassVar[str] = "§5.1"
    TEMPLATE: ClassVar[str] = "{car} spends {cards} for a secondary function: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"result"})
    car: str
    cards: tuple[str, ...]
    function: str
    result: str


@dataclass(frozen=True, slots=True)
class ParameterUsed(Event):
    RULE: ClassVar[str] = "§8.3"
    TEMPLATE: ClassVar[str] = "{car} uses its {which} Parameter token: {result}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"result"})
    car: str
    which: str
    result: str


@dataclass(frozen=True, slots=True)
class LadderStep(Event):
    RULE: ClassVar[str] = "§10.1.3"
    TEMPLATE: ClassVar[str] = "{car} holds no playable movement card: step {step}, {what} {card}, draws {drawn}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    step: str
    what: str
    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class ForcedDiscard(Event):
    RULE: ClassVar[str] = "§8.1"
    TEMPLATE: ClassVar[str] = "{car}'s hand limit fell to {limit}: {how} {card} at once"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    card: str
    how: str
    limit: int
    rule: str = "§8.1"


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    RULE: ClassVar[str] = "§17.4"
    TEMPLATE: ClassVar[str] = "{car} shows {cards}: {icons} penalty icon(s)"
    car: str
    cards: tuple[str, ...]
    icons: int
    rule: str = "§17.4"


@dataclass(frozen=True, slots=True)
class PenaltyTaken(Event):
    RULE: ClassVar[str] = "§17.3"
    TEMPLATE: ClassVar[str] = "{car} takes {tokens} Penalty token(s) ({reason}): {total} on its Pit Box tile"
    PROSE: ClassVar[frozenset[str]] = frozenset({"reason"})
    car: str
    tokens: int
    total: int
    reason: str
    rule: str = "§17.3"


# ------------------------------------------------------------------ loss of control, collisions, damage (issue 37)
@dataclass(frozen=True, slots=True)
class IncidentCardDrawn(Event):
    RULE: ClassVar[str] = "§6.8"
    TEMPLATE: ClassVar[str] = "{car} draws the {deck} card {card} '{name}': {effect}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"effect", "name"})
    car: str
    deck: str
    card: str
    name: str
    effect: str
    rule: str = "§6.8"


@dataclass(frozen=True, slots=True)
class DamageSpared(Event):
    RULE: ClassVar[str] = "§18.4"
    TEMPLATE: ClassVar[str] = "{car} was damaged already this round: no DAMAGE card (at most one damage a round)"
    car: str


@dataclass(frozen=True, slots=True)
class Repaired(Event):
    RULE: ClassVar[str] = "§18.5"
    TEMPLATE: ClassVar[str] = "{car} repairs {card} '{name}' ({how}) and discards it"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "name"})
    car: str
    card: str
    name: str
    how: str
    spent: tuple[str, ...] = ()
    rule: str = "§18.5"


@dataclass(frozen=True, slots=True)
class LostControl(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} loses control at {at} ({cause})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"cause"})
    car: str
    at: str
    cause: str


@dataclass(frozen=True, slots=True)
class CounterSteered(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spends {card} to counter-steer: the WHITE die shows {face} ({colour}), one lane "
                               "{side}; tyre wear {wear}")
    car: str
    card: str
    face: int
    colour: str
    side: str
    wear: int


@dataclass(frozen=True, slots=True)
class Shifted(Event):
    """Where a counter-steer or a spin puts the car (§18.1): ``outcome`` on track / off track / wall / car."""

    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} {how} from {frm}: {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how", "outcome"})
    car: str
    how: str
    frm: str
    to: str
    outcome: str


@dataclass(frozen=True, slots=True)
class SpinDirection(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = "{car} spins: the WHITE die shows {face} ({colour}), one lane {side}"
    car: str
    face: int
    colour: str
    side: str


@dataclass(frozen=True, slots=True)
class Spun(Event):
    """The car is rotated (spun), on track, off track or against a wall: +1 wear, +1 stress (§18.1)."""

    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spins {where} at {at}: rotated, tyre wear {wear}; it rejoins next round, last "
                               "in the driver sequence (§18.2)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"where"})
    car: str
    at: str
    where: str
    wear: int


@dataclass(frozen=True, slots=True)
class HeldOffTrack(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} spends {card} to keep control off track at {at}: pointing forward, no Yellow "
                               "Flag, no DAMAGE card; it rejoins next round (§18.2 b)")
    car: str
    card: str
    at: str


@dataclass(frozen=True, slots=True)
class HitWall(Event):
    RULE: ClassVar[str] = "§18.1"
    TEMPLATE: ClassVar[str] = ("{car} hits the wall at {at} and stays on its space{spun} (no Debris token in a "
                               "Standard game, A19)")
    PROSE: ClassVar[frozenset[str]] = frozenset({"spun"})
    car: str
    at: str
    spun: str = ""


@dataclass(frozen=True, slots=True)
class YellowFlagIncident(Event):
    """A spin or an off-track spin calls the Yellow Flag procedure (§19.3): the race-events module places it."""

    RULE: ClassVar[str] = "§19.3"
    TEMPLATE: ClassVar[str] = "Yellow Flag procedure for {car}'s incident at {at}"
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class Collided(Event):
    RULE: ClassVar[str] = "§18.3"
    TEMPLATE: ClassVar[str] = ("{car} collides with {other} at {at}: each draws a DAMAGE card, {car} takes a "
                               "Penalty token ({penalties}) and stays on its space; {other} loses control")
    car: str
    other: str
    at: str
    penalties: int


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    RULE: ClassVar[str] = "§11.3.1"
    TEMPLATE: ClassVar[str] = "{car} moves into {other}'s space {at}: {other} is {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    car: str
    other: str
    at: str
    to: str
    outcome: str


@dataclass(frozen=True, slots=True)
class Rejoined(Event):
    RULE: ClassVar[str] = "§18.2"
    TEMPLATE: ClassVar[str] = "{car} {how} ({left} MP left)"
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    how: str
    at: str
    left: int


@dataclass(frozen=True, slots=True)
class SitsOut(Event):
    RULE: ClassVar[str] = "§18.2"
    TEMPLATE: ClassVar[str] = "{car} spun or went off track this round before its turn: it rejoins next round"
    car: str


# ------------------------------------------------------------------ tyres and pit stops (issue 37)
@dataclass(frozen=True, slots=True)
class TyreIcon(Event):
    RULE: ClassVar[str] = "§14.1"
    TEMPLATE: ClassVar[str] = "{car}'s wear marker reaches space {wear}: {what} (tyre bonus now +{bonus})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    wear: int
    what: str
    bonus: int


@dataclass(frozen=True, slots=True)
class PitEntered(Event):
    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = ("{car} enters the pit lane at {at}{how} and drives to its pit box; {lost} MP "
                               "left are lost")
    PROSE: ClassVar[frozenset[str]] = frozenset({"how"})
    car: str
    at: str
    how: str
    lost: int


@dataclass(frozen=True, slots=True)
class PitPenalty(Event):
    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = "{car} takes 1 Penalty token: {why} (now {penalties})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    why: str
    penalties: int
    rule: str = "§16.1"


@dataclass(frozen=True, slots=True)
class PitSpeedCheck(Event):
    RULE: ClassVar[str] = "§16.1"
    TEMPLATE: ClassVar[str] = "{car} entered the pit lane {why}: the WHITE die shows {face}{verdict}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why", "verdict"})
    car: str
    why: str
    face: int
    verdict: str


@dataclass(frozen=True, slots=True)
class HeldInBox(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} stays in its pit box this round: {why} ({left} more round(s) to wait)"
    PROSE: ClassVar[frozenset[str]] = frozenset({"why"})
    car: str
    why: str
    left: int
    rule: str = "§16.2"


@dataclass(frozen=True, slots=True)
class PenaltiesServed(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} has served its penalties in the pit box: {tokens} Penalty token(s) discarded"
    car: str
    tokens: int


@dataclass(frozen=True, slots=True)
class PitService(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} starts its pit stop: ERS {ers_from} -> {ers}, stress back to the middle"
    car: str
    ers_from: int
    ers: int


@dataclass(frozen=True, slots=True)
class TyresFitted(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} fits new {tyre} tyres: the wear marker goes to space {wear}, tyre bonus +{bonus}"
    car: str
    tyre: str
    wear: int
    bonus: int


@dataclass(frozen=True, slots=True)
class PitDiscarded(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car} discards {card} in the pit box (refreshing its hand)"
    car: str
    card: str


@dataclass(frozen=True, slots=True)
class BoxRepaired(Event):
    RULE: ClassVar[str] = "§16.3"
    TEMPLATE: ClassVar[str] = "{car} repairs {cards} ({option})"
    PROSE: ClassVar[frozenset[str]] = frozenset({"option"})
    car: str
    cards: tuple[str, ...]
    option: str


@dataclass(frozen=True, slots=True)
class LeftBox(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = ("{car} leaves its pit box for the pit-exit space at {at} (drew {drawn}); "
                               "WHITE die {die}{note}")
    PROSE: ClassVar[frozenset[str]] = frozenset({"note"})
    car: str
    at: str
    drawn: tuple[str, ...]
    die: int
    note: str
    rule: str = "§16.2"


@dataclass(frozen=True, slots=True)
class PitExitOrder(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "The cars at the pit exit move in this order: {cars} (§16.2, §16.4)"
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PitRejoined(Event):
    RULE: ClassVar[str] = "§16.5"
    TEMPLATE: ClassVar[str] = ("{car} leaves the pit lane onto {at}: a Cold Tyres token, -2 LED in any battle this "
                               "round and next round")
    car: str
    at: str


@dataclass(frozen=True, slots=True)
class ColdTyresOff(Event):
    RULE: ClassVar[str] = "§16.5"
    TEMPLATE: ClassVar[str] = "{car}'s Cold Tyres token is removed"
    car: str


@dataclass(frozen=True, slots=True)
class PitStopTime(Event):
    RULE: ClassVar[str] = "§16.2"
    TEMPLATE: ClassVar[str] = "{car}'s pit-stop time: the WHITE die shows {die}{note}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"note"})
    car: str
    die: int
    note: str


@dataclass(frozen=True, slots=True)
class LaunchVoid(Event):
    RULE: ClassVar[str] = "§9.4.4"
    TEMPLATE: ClassVar[str] = ("{car} can no longer play its revealed start cards ({rule}: {reason}): it plays its "
                               "turn as usual")
    PROSE: ClassVar[frozenset[str]] = frozenset({"reason"})
    car: str
    rule: str
    reason: str


# ------------------------------------------------------------------ qualifying and the race start (issue 37)
def _none_for_empty(words: dict[str, Any]) -> dict[str, Any]:
    """An empty list of cars or cards reads 'none' in a sentence."""
    return {k: "none" if v == "" else v for k, v in words.items()}


@dataclass(frozen=True, slots=True)
class PitBoxes(Event):
    RULE: ClassVar[str] = "§4.1"
    TEMPLATE: ClassVar[str] = "The pit boxes from the pit exit: {boxes}"
    SEP: ClassVar[dict[str, str]] = {"boxes": ", "}
    boxes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QualifyingOpened(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "Qualifying: every driver chooses its cards face down (in pit-box order: {cars})"
    SEP: ClassVar[dict[str, str]] = {"cars": ", "}
    cars: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QualifyingSealed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} lays its qualifying cards face down"
    car: str


@dataclass(frozen=True, slots=True)
class QualifyingRevealed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = ("{car} reveals {cards}: {leds} LEDs, qualifying score {score} (tyre bonus + maximum "
                               "OT + LEDs; 0 with no card, A38), tyre wear {wear}")
    car: str
    cards: tuple[str, ...]
    leds: int
    score: int
    wear: int


@dataclass(frozen=True, slots=True)
class QualifyingPushed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} pushes the limit: the WHITE die shows {face} ({colour}) — {outcome}"
    PROSE: ClassVar[frozenset[str]] = frozenset({"outcome"})
    car: str
    face: int
    colour: str
    outcome: str
    score: int


@dataclass(frozen=True, slots=True)
class NotPushed(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} does not push: qualifying score {score}"
    car: str
    score: int


@dataclass(frozen=True, slots=True)
class QualifyingSteered(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = "{car} spends {card} to counter-steer: it keeps {score}, nothing from the die (A41)"
    car: str
    card: str
    score: int


@dataclass(frozen=True, slots=True)
class GridSet(Event):
    RULE: ClassVar[str] = "§9.2"
    TEMPLATE: ClassVar[str] = ("The grid: {grid} (the highest score on pole, a tie to the pit box nearer the pit exit, "
                               "no card at the back); from the pit lane: {pit_lane}")
    SEP: ClassVar[dict[str, str]] = {"grid": ", ", "pit_lane": ", "}
    grid: tuple[str, ...]
    pit_lane: tuple[str, ...]

    def words(self) -> dict[str, Any]:
        return _none_for_empty(Event.words(self))


@dataclass(frozen=True, slots=True)
class PitLaneStart(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} crashed in qualifying: it starts from the pit lane after every car on track has "
                               "moved in race round {round} (A7)")
    car: str
    round: int


@dataclass(frozen=True, slots=True)
class PoleBonus(Event):
    RULE: ClassVar[str] = "§9.4"
    TEMPLATE: ClassVar[str] = "{car} on pole looks at the top {n} cards of its deck for its bonus card"
    car: str
    n: int


@dataclass(frozen=True, slots=True)
class PoleKept(Event):
    RULE: ClassVar[str] = "§9.4"
    TEMPLATE: ClassVar[str] = "{car} keeps {card}; on top of its deck: {top}; at the bottom: {bottom}"
    car: str
    card: str
    top: tuple[str, ...]
    bottom: tuple[str, ...]

    def words(self) -> dict[str, Any]:
        return _none_for_empty(Event.words(self))


@dataclass(frozen=True, slots=True)
class StuckInNeutral(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} is stuck in neutral (no movement card after qualifying): draws {card}{what}; "
                               "it moves after all other cars in round 1")
    PROSE: ClassVar[frozenset[str]] = frozenset({"what"})
    car: str
    card: str
    what: str


@dataclass(frozen=True, slots=True)
class PitLaneJoined(Event):
    RULE: ClassVar[str] = "§9.3"
    TEMPLATE: ClassVar[str] = ("{car} starts the race from the pit lane at {at}: 2nd gear, one GREEN, RED, BLUE or "
                               "ORANGE card, no pair, forward without crossing the yellow line (lap {lap})")
    car: str
    at: str
    lap: int
