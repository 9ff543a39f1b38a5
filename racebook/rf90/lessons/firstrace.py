"""A first race in ten minutes (issue 19 item 1): a short guided race on the teaching track, explained as it happens.

The learner drives Blue; a computer driver (:class:`~racebook.rf90.analysis.drivers.GreedyDriver`) drives Red and
three robots play themselves (§17), as in any race: the race is the real engine (``legal_actions``, ``apply``, the
events). After each decision :class:`FirstRace` tells the story of what happened in plain sentences derived from
the events' fields (:func:`guide`), each with its rule and the notebook that teaches it in depth
(:data:`LEARN_MORE`, one entry per event kind). :class:`FirstRace` is a
:class:`racebook.core.guided.GuidedRaceModel`: the widget is the shared controller
(:class:`racebook.ui.guidedrace.GuidedRaceController`) through :class:`racebook.rf90.ui.firstrace.GuidedRace`.
Standard library only.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from racebook.core.coach import ordinal
from racebook.core.debrief import Debrief, DecisionLog
from racebook.core.errors import IllegalAction
from racebook.core.events import Event
from racebook.core.guided import GuidedChoice, RaceEnd, StoryLine, until_unplayed, with_suggestion
from racebook.rf90.actionlabels import RULE_BY_VERB, ActionLabel, labels
from racebook.rf90.actionlabels import _card as card_words
from racebook.rf90.actions import Action
from racebook.rf90.actiontext import parse
from racebook.rf90.analysis.coach import Advice, suggest
from racebook.rf90.analysis.drivers import GreedyDriver
from racebook.rf90.car import RobotType
from racebook.rf90.game import Race
from racebook.rf90.lessons.choicewords import (  # noqa: F401 (the lesson's public names)
    DOES_NOTHING,
    PLAY_GROUPS,
    TERMS,
    does_nothing,
    grouped,
)
from racebook.rf90.rules.checks import base_target
from racebook.rf90.rules.classification import classification
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.trackfile import load_track

LEARNER = "Blue"
COMPUTER = "Red"
ROBOTS = (("SuperFast1", RobotType.SUPERFAST), ("Fast1", RobotType.FAST), ("Slow1", RobotType.SLOW))
TRACK = "teaching"
TURNS = 3
MAX_STEPS = 2_000  # the computer's decisions between two of the learner's (a race of 5 cars needs far fewer)

_DUELS, _LB, _PITS, _CHECKS, _MOVE, _PASS = "04_duels", "05a_late_braking", "07_fuel_and_pits", "02_check_tests", \
    "01a_movement", "01b_passing"
_TURN, _TRAJ, _FLAGS, _SC = "03_activation", "06_trajectories", "08_flags_weather_tyres", "10_safety_car"
_ROBOTS = "09b_robots_in_the_race"  # the robots' fuel stop and tyre-change pits (part 2 of the robots)
_STRATEGIES, _SKILLS = "11a_strategies", "11b_skills"
_RACE, _TEAMS = "12_full_race", "15_teams_and_robot_teammates"

#: Event kind → the notebook (``notebooks/rf90/<name>.ipynb``) that teaches it in depth: every kind the engine emits
#: (the duel steps' base class and the free-commentary kind are never emitted).
LEARN_MORE: dict[str, str] = {
    # the Game Turn and the individual turn (§10, §11, §13)
    "GameTurnStarted": _TURN, "GameTurnEnded": _TURN, "SectionActivated": _TURN, "LeaderToken": _TURN,
    "TurnBegins": _TURN, "TurnResumes": _TURN, "TurnSkipped": _TURN, "TurnEnds": _TURN, "CardDrawn": _TURN,
    "DeckEmpty": _TURN, "DeckReshuffled": _TURN, "RaceStageStarted": _PITS, "RaceFinished": _RACE,
    "FrozenCardsReturned": _DUELS,
    # duels (§12)
    "CardsFaceDown": _DUELS, "Challenged": _DUELS, "DuelAnswer": _DUELS, "DuelBids": _DUELS,
    "DuelCardsFrozen": _DUELS, "DuelChanceUsed": _DUELS, "DuelOrder": _DUELS,
    "DuelReveal": _DUELS, "DuelTie": _DUELS, "DuelsDeclared": _DUELS, "NoDuel": _DUELS, "NobodyChallenges": _DUELS,
    "NotChallenging": _DUELS, "NotParticipating": _DUELS, "Unopposed": _DUELS,
    # late braking, off track, wear (§13.F.1, §18)
    "LateBrakingAdvance": _LB, "RobotLbAdvance": _LB, "LbDiscardPower": _LB, "ControlRegained": _LB,
    "EtFailed": _LB, "ForcedPit": _LB, "LostControl": _LB, "MpLoss": _LB, "NoRecoveryChart": _LB,
    "OnReentryPoint": _LB, "ReEntered": _LB, "TimeLoss": _LB, "DamageTaken": _LB, "Retired": _LB,
    # fuel, pit stops, qualifying (§7, §8, §13.A.3)
    "JustPit": _PITS, "JustPitRemoved": _PITS, "MovedBack": _PITS, "PitDeclared": _PITS, "RefuelChitMoved": _PITS,
    "Repaired": _PITS, "TurnsLost": _PITS, "TyresFitted": _PITS, "TyresKept": _PITS, "QualifyingResult": _PITS,
    "ResourcesTaken": _PITS, "SubstituteCar": _PITS,
    # tests and payments (§13.D.1, §13.D.2)
    "CheckTest": _CHECKS, "CardsDiscarded": _CHECKS,
    # movement and passing (§13.C, §13.E)
    "CardsPlayed": _MOVE, "MovementPoints": _MOVE, "EnterSection": _MOVE, "MovementStops": _MOVE, "Pass": _PASS,
    "FinishLine": _MOVE,
    # trajectories (§13.D, §13.F.2, §19)
    "TrajectoryUse": _TRAJ, "TrajectoryOccupied": _TRAJ, "EtDiscardPower": _TRAJ,
    # flags, weather, tyres (§15, §16)
    "FlagEvent": _FLAGS, "WeatherMoved": _FLAGS, "YellowFlagPassed": _FLAGS, "TyresPaid": _FLAGS,
    "InitialWeather": _FLAGS, "RobotTyres": _FLAGS,
    # robots (§17)
    "RobotChitDue": _ROBOTS, "RobotsWillPit": _ROBOTS, "RobotTyresChanged": _ROBOTS,
    # the Safety Car (§21, §22)
    "FollowsSafetyCar": _SC, "PitUnderSafetyCar": _SC, "SafetyCarAdvances": _SC, "SafetyCarCalled": _SC,
    "SafetyCarDeployed": _SC, "SafetyCarFuel": _SC, "SafetyCarIn": _SC, "SafetyCarRealigned": _SC, "StaysOut": _SC,
    # strategies and skills (§26, §27)
    "StrategyChanged": _STRATEGIES, "SaveTyres": _STRATEGIES, "PushRefuel": _STRATEGIES,
    "SaveFuelRefuel": _STRATEGIES, "ChasePlaced": _STRATEGIES, "ChaseEnded": _STRATEGIES,
    "VersatilityUsed": _SKILLS, "FlatOut": _SKILLS, "RainExpertStart": _SKILLS,
    # Expansion #1 teams (§5)
    "Assisted": _TEAMS, "NotAssisted": _TEAMS, "OwnChitDue": _TEAMS, "RobotTeammateChit": _TEAMS,
    "RobotTeammateJoins": _TEAMS, "TeammateForced": _TEAMS,
}

#: Action verb → the notebook that teaches that decision (the learner's own choice in the story).
LEARN_MORE_BY_VERB: dict[str, str] = {
    "start": _TURN, "skip": _TURN, "draw": _TURN, "play": _MOVE, "pay": _CHECKS, "discard": _CHECKS,
    "test": _CHECKS, "leader-check": _CHECKS, "occupy": _TRAJ, "extreme": _TRAJ, "late-brake": _LB,
    "no-late-brake": _LB, "challenge": _DUELS, "no-challenge": _DUELS, "join": _DUELS, "decline": _DUELS,
    "bid": _DUELS, "pit": _PITS, "pit-discard": _PITS, "pit-done": _PITS, "pit-tyres": _PITS,
    "pit-strategy": _PITS, "weather": _FLAGS, "yellow-flag": _FLAGS, "green-flag": _FLAGS, "take-flag": _FLAGS,
    "no-flag": _FLAGS, "force": _FLAGS, "no-force": _FLAGS, "stay-out": _SC, "versatility": _SKILLS,
    "wise-driving": _SKILLS, "chase": _STRATEGIES, "take": _STRATEGIES, "assist": _TEAMS, "no-assist": _TEAMS,
}


#: Turn phase (its name) → what the learner decides there in plain words, its rule and the notebook that teaches it.
PHASE_HINTS: dict[str, tuple[str, str, str]] = {
    "A": ("start of your turn: start it, skip it (you may change strategy) or pit", "§13.A", _TURN),
    "DRAW": ("draw: choose how to draw your card(s)", "§13.B", _STRATEGIES),
    "LUCKY_DISCARD": ("LUCKY: discard one card after drawing two", "§26.4", _STRATEGIES),
    "PLAY": ("play one or two Race Cards: their movement points (MP) move your car, one section per MP", "§13.C",
             _MOVE),
    "PAY": ("pay the tyre cost of your play: tyre chips, cards or both", "§13.D.1", _FLAGS),
    "DISCARD": ("pay the card-discard cost: choose the cards that go", "§13.D.1", _CHECKS),
    "TEST": ("a test is due: use a card from your hand (its check factor must not exceed the target) or draw one "
             "blind", "§13.D.2", _CHECKS),
    "RECOVERY": ("a recovery test: a card from your hand or a blind draw", "§18.2", _LB),
    "RECOVERY_DISCARD": ("recovery: choose the card to discard", "§18.2", _LB),
    "EVENTS": ("your cards' event symbols: move the weather pawn, place or remove a flag, or not", "§13.D.4",
               _FLAGS),
    "LEADER": ("the lapping check: a card from your hand or a blind draw", "§20", _CHECKS),
    "OCCUPY": ("take a free trajectory in your section, or none", "§13.F.2", _TRAJ),
    "LATE_BRAKE": ("late braking: try a test to go further, or stop here", "§13.F.1", _LB),
    "PIT_DISCARD": ("pit stop: discard cards, then draw up", "§13.A.3", _PITS),
    "PIT_TYRES": ("pit stop: new tyres, or keep them", "§13.A.3", _PITS),
    "PIT_STRATEGY": ("pit stop: change strategy, or keep it", "§13.A.3", _PITS),
    "DUEL": ("a duel in this corner: challenge, join, stay out, or bid cards", "§12.1", _DUELS),
    "ORANGE": ("the orange flag: force a robot, or let it be", "§15.4", _FLAGS),
    "ASSIST_START": ("help your robot teammate with a card, or not", "§5.6 (Expansion #1)", _TEAMS),
    "ASSIST_END": ("help your robot teammate with a card, or not", "§5.6 (Expansion #1)", _TEAMS),
    "ASSIST_FORCED": ("an orange flag forces your robot teammate: add a green card for +20, or not",
                      "§5.7 (Expansion #1)", _TEAMS),
    "SC_WINDOW": ("the Safety Car is out: pit now, or stay out", "§21.1", _SC),
    "SC_A": ("behind the Safety Car: pit, or go", "§21.3", _SC),
    "SC_DISCARD": ("behind the Safety Car: discard one card", "§21.3", _SC),
}


def _plain(template: str) -> Callable[[dict[str, Any]], str]:
    return lambda w: template.format(**w)


#: Plain sentences for the events a first race shows most, from the event's fields (:meth:`Event.words`); any other
#: kind reads its own sentence (:meth:`Event.body`, also derived from its fields).
PLAIN: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameTurnStarted": _plain("Game Turn {turn} begins: the sections play one at a time, from the leader's "
                              "section backwards"),
    "GameTurnEnded": _plain("Game Turn {turn} is over: every car has played once"),
    "TurnBegins": _plain("{car}'s turn: the car in {section} plays now"),
    "CardDrawn": _plain("{car} draws a Race Card ({card})"),
    "CardsPlayed": _plain("{car} plays {cards}: {mp} movement points (MP)"),
    "MovementPoints": _plain("{car} has {mp} MP to spend ({breakdown})"),
    "MovementStops": _plain("{car} stops in {section}: {why}"),
    "TurnEnds": _plain("{car}'s turn ends in {section}"),
    "LeaderToken": _plain("{car} leads the race now (the Leader token, in {section})"),
    "FinishLine": _plain("{car} crosses the finish line and starts lap {lap}"),
    "CheckTest": _plain("{car} takes a test: check {card} against target {target} → {result}"),
    "TyresPaid": _plain("{car} pays {cost} tyre unit(s); {left} tyre chip(s) left"),
    "TrajectoryOccupied": _plain("{car} takes trajectory {trajectory} in {section}"),
    "NotChallenging": _plain("{car} does not start a duel"),
}


@dataclass(frozen=True, slots=True)
class Guide:
    """One line of the story: a plain ``sentence`` (no citation), the ``rule`` it cites and the ``notebook`` that
    teaches it (a name in ``notebooks/rf90/``); ``kind`` is the event kind (or ``"choice"`` for the learner's)."""

    kind: str
    car: str | None
    sentence: str
    rule: str
    notebook: str

    @property
    def link(self) -> str:
        """The notebook's file, relative to the notebook that shows the race."""
        return f"{self.notebook}.ipynb"

    def text(self) -> str:
        """The line as text: sentence, rule and "learn more → notebook"."""
        return f"{self.sentence} — {self.rule} · learn more → {self.notebook}" if self.rule else \
            f"{self.sentence} · learn more → {self.notebook}"

    def line(self, mine: bool = False, group: str = "") -> StoryLine:
        """The line for the guided-race widget (:class:`racebook.core.guided.StoryLine`)."""
        return StoryLine(self.sentence, self.rule, self.notebook, self.link, mine, group)


def guide(event: Event) -> Guide:
    """The plain sentence of one event, its rule and its notebook (:data:`LEARN_MORE`)."""
    plain = PLAIN.get(event.kind)
    sentence = plain(event.words()) if plain is not None else event.body()
    return Guide(event.kind, event.car_id, sentence, event.citation, LEARN_MORE[event.kind])


def _moves(run: Sequence[Event]) -> Guide:
    """Consecutive EnterSection events of one car as one line: the sections it drives through."""
    names = [str(getattr(e, "section", "")) for e in run]
    where = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    left = getattr(run[-1], "left", 0)
    return Guide("EnterSection", run[0].car_id, f"{run[0].car_id} drives into {where}, 1 MP per section; "
                 f"{left} MP left", run[0].citation, LEARN_MORE["EnterSection"])


def story(events: Sequence[Event]) -> list[Guide]:
    """The plain lines of a run of events; a car's consecutive section entries make one line."""
    out: list[Guide] = []
    run: list[Event] = []
    for e in [*events, None]:
        if run and (e is None or e.kind != "EnterSection" or e.car_id != run[0].car_id):
            out.append(_moves(run))
            run = []
        if e is None:
            break
        if e.kind == "EnterSection":
            run.append(e)
        else:
            out.append(guide(e))
    return out


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the race and what followed it: ``car`` decided ``choice`` (a label; None for the events
    before the first decision), then ``lines``."""

    car: str | None
    choice: str | None
    text: str | None
    lines: tuple[Guide, ...]

    def story_lines(self) -> list[StoryLine]:
        """The lines for the widget: the learner's own bold, the others' under "Red (the computer) decides:"."""
        mine = self.car == LEARNER
        group = "" if mine or self.car is None else f"{self.car} (the computer) decides:"
        return [g.line(mine and g.car in (LEARNER, None), group) for g in self.lines]


@dataclass
class FirstRace:
    """The guided race: ``seed`` (the deck and the computer's choices), ``turns`` Game Turns on ``track``."""

    seed: int = 1
    turns: int = TURNS
    track: str = TRACK
    race: Race = field(init=False)
    steps: list[Step] = field(init=False, default_factory=list)
    #: The steps since the learner's last decision (at the start: the opening and the others' first decisions).
    last: list[Step] = field(init=False, default_factory=list)
    game: str = field(init=False, default="rf90")
    #: The coach gives its advice (the widget's "coach on/off"): off, :meth:`labelled_choices` suggests nothing.
    coach: bool = field(init=False, default=True)
    _advice: tuple[tuple[int, int], Advice] | None = field(init=False, default=None, repr=False)
    #: The learner's decisions, each with a copy of the race then (the debrief, :mod:`racebook.core.debrief`).
    log: DecisionLog = field(init=False, default_factory=DecisionLog, repr=False)
    _pilot: GreedyDriver | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        self.new(self.seed)

    def new(self, seed: int | None = None) -> list[Step]:
        """Start again (``seed`` None: the same seed) and play up to the learner's first decision."""
        self.seed = self.seed if seed is None else seed
        drivers = [Driver(LEARNER), Driver(COMPUTER)]
        rs = new_race(load_track(self.track), drivers, list(ROBOTS), seed=self.seed)
        self.race = Race(rs.state)
        self.computer = GreedyDriver(self.seed)
        opening = tuple(story(self.race.events))
        self.steps = [Step(None, None, None, opening)] if opening else []
        self.log = DecisionLog(self.log.keep)
        self.last = self.steps[:] + self.advance()
        return self._ended(self.last)

    @property
    def turn(self) -> int:
        return int(self.race.state.turn)

    @property
    def finished(self) -> bool:
        """The race is over, or the guided Game Turns are played."""
        return self.race.is_over or self.turn > self.turns or not self.race.legal_actions()

    @property
    def my_turn(self) -> bool:
        return not self.finished and self.race.current_car == LEARNER

    def choices(self) -> list[ActionLabel]:
        """The learner's legal actions with their labels (none when it is not the learner's decision); a move that
        does nothing now (:func:`does_nothing`) comes last, its label saying so."""
        if not self.my_turn:
            return []
        out = labels([a for a in self.race.legal_actions() if a.car == LEARNER], self.race.state)
        idle = [replace(d, label=f"{d.label}{DOES_NOTHING}") for d in out if does_nothing(d.action)]
        return [d for d in out if not does_nothing(d.action)] + idle

    def hint(self) -> Guide | None:
        """What the learner decides now, in plain words (:data:`PHASE_HINTS`), or None when it is not their turn."""
        phase = self.race.phase
        if not self.my_turn or phase is None or phase.name not in PHASE_HINTS:
            return None
        sentence, rule, notebook = PHASE_HINTS[phase.name]
        return Guide("phase", LEARNER, sentence[0].upper() + sentence[1:], rule, notebook)

    def _step(self, action: Action) -> Step:
        car = action.car
        d = labels([action], self.race.state)[0]
        events = self.race.apply(action)
        # the story stops with the guided Game Turns (issue 33 item 6): not "Game Turn 4 begins"
        lines = story(until_unplayed(events, lambda e: e.kind == "GameTurnStarted"
                                     and int(getattr(e, "turn", 0)) > self.turns))
        if car == LEARNER:
            lines.insert(0, Guide("choice", car, f"You chose: {d.label}", RULE_BY_VERB.get(action.verb, ""),
                                  LEARN_MORE_BY_VERB.get(action.verb, _RACE)))
        step = Step(car, d.label, d.text, tuple(lines))
        self.steps.append(step)
        return step

    def advance(self) -> list[Step]:
        """The computer and the robots play until the learner must decide (or the guided race is over)."""
        out = []
        for _ in range(MAX_STEPS):
            if self.finished or self.race.current_car == LEARNER:
                break
            legal = self.race.legal_actions()
            out.append(self._step(self.computer.choose(self.race, legal)))
        return out

    def choose(self, action: Action | str) -> list[Step]:
        """The learner's decision (an action or its text), then everything up to the next one. A choice that is not
        legal now raises IllegalAction (the engine's rule and reason)."""
        if isinstance(action, str):
            action = parse(action)
        if self.finished:
            raise IllegalAction(action, "§10", self.end().refusal())
        if action.car != LEARNER:
            raise IllegalAction(action, "§13", f"you drive {LEARNER}; the computer drives the other cars")
        if self.log.keep:
            self.log.note(self, str(action), self._buttons(), self._cached())
        self.last = [self._step(action), *self.advance()]
        return self._ended(self.last)

    def _ended(self, last: list[Step]) -> list[Step]:
        """``last``, and once the guided race is over its end (:meth:`end`) as the last line."""
        if self.finished:
            end = self.end()
            last.append(Step(None, None, None, (Guide("end", None, end.sentence(), end.rule, _RACE),)))
        return last[:]

    def end(self) -> RaceEnd:
        """How the guided race ended, in the words every game uses (:class:`racebook.core.guided.RaceEnd`)."""
        return RaceEnd(tuple(self.standings()), LEARNER, min(self.turn - 1, self.turns), "Game Turn",
                       self.race.is_over, "the race order: laps, then how far round the lap", "go on to 01a",
                       "§25")

    def status(self) -> str:
        """Where the race stands, in one line (the step of the turn in words, :data:`PHASE_HINTS`; no phase code)."""
        s = self.race.state
        if self.finished:
            return self.end().status()
        phase = self.race.phase
        step = PHASE_HINTS[phase.name][0].split(":")[0] if phase is not None and phase.name in PHASE_HINTS else ""
        who = (f"your decision: {step}" if step else "your decision") if self.my_turn else \
            f"{self.race.current_car} to play"
        return f"Game Turn {s.turn} of {self.turns} · you drive {LEARNER} · {who}"

    #: The codes and abbreviations the race's words use, with their meaning (:data:`TERMS`).
    terms = TERMS

    def needs(self) -> str:
        """What the learner needs in view while deciding (issue 33 item 3): Blue's hand (each card with its MP), the
        target a test must not exceed (§13.D.2), the tyre chips, when Blue must pit for fuel (§8) and the place."""
        s = self.race.state
        car = s.cars[LEARNER]
        hand = ", ".join(card_words(code, s) for code in car.hand) or "no cards"
        pit = f" · pit for fuel by Game Turn {car.refuel}" if car.refuel is not None else ""
        return (f"Your hand: {hand} · tests pass at {base_target(s, car)} or under · tyre chips {car.chips}{pit} · "
                f"you are {ordinal(self.place())} of {len(s.cars)}")

    def standings(self) -> list[str]:
        """The cars in race order (§25)."""
        return list(classification(self.race.state))

    def place(self) -> int:
        """The learner's place now (1 = first, §25)."""
        return self.standings().index(LEARNER) + 1

    # ------------------------------------------------------------ the guided-race protocol (racebook.core.guided)
    def labelled_choices(self) -> list[GuidedChoice]:
        """The learner's legal actions as buttons: the label, the action text and rule in the tooltip; the card
        plays are the primary ones; the coach's suggestion (:meth:`advice`) marked with its reason while
        :attr:`coach` is on."""
        out = self._buttons()
        advice = self.advice() if out and self.coach else None
        return out if advice is None else with_suggestion(out, advice.index, advice.reason)

    def _buttons(self) -> list[GuidedChoice]:
        s = self.race.state
        out = []
        for d in self.choices():
            label, group = grouped(d)
            out.append(GuidedChoice(d.text, label, d.tooltip(s), d.action.verb == "play", group))
        return out

    def _cached(self) -> Advice | None:
        """The coach's advice at this position if it was computed already (else None: not computed here)."""
        at = (self.seed, len(self.steps))
        return self._advice[1] if self._advice is not None and self._advice[0] == at else None

    def advice(self) -> Advice | None:
        """The coach's suggestion among :meth:`choices` (:func:`racebook.rf90.analysis.coach.suggest`: each looked
        ahead on a clone to the end of the guided Game Turns, the learner then driving like the computer), None when
        the learner has nothing to decide; computed once per position."""
        if not self.my_turn:
            return None
        at = (self.seed, len(self.steps))
        if self._advice is None or self._advice[0] != at:
            self._advice = (at, suggest(self.race, [d.action for d in self.choices()], LEARNER, self.computer,
                                        self.turns, self.seed))
        return self._advice[1]

    def decide(self, key: str) -> list[StoryLine]:
        """:meth:`choose` by action text, told as story lines."""
        return [line for step in self.choose(key) for line in step.story_lines()]

    def latest(self) -> list[StoryLine]:
        return [line for step in self.last for line in step.story_lines()]

    def hint_line(self) -> StoryLine | None:
        hint = self.hint()
        return None if hint is None else hint.line(mine=True)

    def restart(self, seed: int | None = None) -> None:
        """A new race: ``seed``, or the next one."""
        self.new(self.seed + 1 if seed is None else seed)

    # ------------------------------------------------------------ the debrief (racebook.core.debrief)
    def when(self) -> str:
        return f"Game Turn {self.race.state.turn}"

    def copy(self) -> FirstRace:
        """A same-seed copy of the guided race now (the race cloned, the computer driver copied), recording
        nothing; its autopilot starts afresh."""
        other = copy.copy(self)
        other.race = self.race.clone()
        other.race.record_frames = False
        other.computer = copy.deepcopy(self.computer)
        other.steps, other.last = list(self.steps), list(self.last)
        other.log, other._pilot = DecisionLog(keep=False), None
        return other

    def autopilot(self) -> str:
        """The learner's decision as the coach's look-ahead drives it: a ``GreedyDriver(seed)``
        (:func:`racebook.rf90.analysis.coach.look_ahead`)."""
        if self._pilot is None:
            self._pilot = GreedyDriver(self.seed)
        return str(self._pilot.choose(self.race, self.race.legal_actions()))

    def debrief(self) -> Debrief:
        """Where the learner finished and the decisions that cost most, replayed (:mod:`racebook.core.debrief`)."""
        return self.log.debrief(self)
