"""Notebook F0's first race (issue 32 item 2): the learner drives one car against computer players and Rookie BOTs
for a few rounds on the race circuit, and every step is told in one plain sentence with its rule and the
notebook that teaches it.

* :func:`plain` — an event as the learner may read it: the engine's own sentence (derived from the event's fields),
  except that what another car holds stays hidden (§5: a hand is its owner's; :mod:`racebook.formulagp.visibility`):
  another car's draw, return, discard or EVENT card is told by how many cards, never which;
* :data:`LESSONS` — for every kind of event, the notebook that teaches it (F1 movement and cards, F2 overtaking and
  battles, F3 hazards, pits and race control);
* :func:`choice_label` — the learner's legal actions in plain words, with the group they share (one menu per group:
  which card to play, which cards to seal), the move that does nothing now (keeping the hand) last;
* :class:`FirstRace` — the race itself, without widgets (:class:`racebook.core.guided.GuidedRaceModel`): the
  learner drives :data:`YOU`; the computer players (:class:`racebook.formulagp.agents.Greedy`) and the Rookie BOTs
  (the engine, §22) play until it is the learner's decision; it stops after ``rounds`` rounds (or at the flag) with
  the running order. The coach (:mod:`racebook.formulagp.analysis.coach`) marks one choice with its reason.

No rule lives here: the engine decides what is legal and what happens; this module only says it in words.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from racebook.core.coach import ordinal
from racebook.core.debrief import Debrief, DecisionLog
from racebook.core.errors import IllegalAction
from racebook.core.events import Event
from racebook.core.guided import GuidedChoice, RaceEnd, StoryLine, until_unplayed, with_suggestion
from racebook.core.plainwords import COMMON, Term
from racebook.formulagp.actions import (
    FgpAction,
    Launch,
    Play,
    To,
    parse,
)
from racebook.formulagp.agents import Greedy
from racebook.formulagp.analysis.coach import Advice, standings, suggest
from racebook.formulagp.lessons.choicewords import (  # noqa: F401 (the lesson's public names)
    CARD_WORDS,
    DOES_NOTHING,
    GROUPS,
    PARAMETERS,
    card,
    cards,
    choice_label,
    does_nothing,
    play_group,
)
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, RaceState
from racebook.formulagp.track import race_track
from racebook.formulagp.visibility import battle_view

YOU = "Blue"
#: The computer players (greedy drivers: the most MP every turn) and the Rookie BOTs (run by the rules, §22).
COMPUTERS = ("Red", "Green")
ROOKIES = ("Orange", "Purple")
#: The grid, pole first: the learner starts last, with every car to pass.
GRID = ("Orange", "Red", "Purple", "Green", YOU)
ROUNDS = 4
MAX_STEPS = 3000  # the others' decisions between two of the learner's (a round of five cars needs far fewer)

#: The codes and abbreviations the race's words use, with their meaning on hover (issue 33 item 4;
#: :mod:`racebook.core.plainwords`), then the glossary's (MP, …).
TERMS: tuple[Term, ...] = (
    Term(r"S\d{2}(?:\.\d+\.\d+)?",
         "a place on the circuit: S and its tile's number, then the lane (1 to 4) and the space on the tile"),
    Term(r"(?:FL|TC|BC)\d+", "a card of its own deck and its number: FL a FAILURE card, TC a Rookie BOT's TACTICS "
                             "card, BC a Rookie BOT's BATTLE card"),
    Term(r"[GRBOWPF]\d+", "an ACTION card: its letter is its kind (G green, R red, B blue, O orange: a movement "
                          "card, the colour is the pace; W Tyre Wear, P Option, F Draw Failure), then its number"),
    Term(r"OT", "overtake points: the movement points (MP) left when a car is stopped behind another, spent to "
                "pass it in a battle"),
    Term(r"ERS", "the energy recovery system on your player board: its charges add to your hand limit and can "
                 "stretch a move on a straight"),
    Term(r"LEDs?", "the lights printed on a card (and on the ERS track): at the start, the most LEDs moves first"),
    Term(r"BOTs?", "a car run by the rules (its BOT cards and the dice), not by a player"),
    Term(r"DRS", "Drag Reduction System: its zone is marked on the circuit (F2 teaches it)"),
    *COMMON,
)


@dataclass(frozen=True, slots=True)
class Lesson:
    """Where something is taught: a notebook (its short name) and the part of it (for F1, the heading as the
    notebook writes it, without its citation; a test finds it there)."""

    notebook: str
    part: str

    @property
    def file(self) -> str:
        return NOTEBOOKS[self.notebook]

    @property
    def text(self) -> str:
        return f"{self.notebook} · {self.part}"


#: The FormulaGP notebooks the race points to (F2 and F3 are issue 32 items 4 and 5; their names as the issue words
#: them).
NOTEBOOKS = {"F1": "F1_cards_gears_and_movement.ipynb", "F2": "F2_overtaking_and_battles.ipynb",
             "F3": "F3_hazards_pits_and_race_control.ipynb"}
_GEAR = Lesson("F1", "1. Gear × pace: the board's speed")
_TERMS = Lesson("F1", "2. The other terms: tyres, Car Characteristic, Focus, damage")
_ADJUST = Lesson("F1", "3. Reduce or extend, never both")
_LANES = Lesson("F1", "4. Lane changes")
_ORDER = Lesson("F1", "5. Who moves first: the driver order")
_ERS = Lesson("F1", "6. ERS returns")
_BATTLE = Lesson("F2", "battles")
_PASS = Lesson("F2", "passing and overtake points")
_HAZARD = Lesson("F3", "hazards and the dice")
_PITS = Lesson("F3", "tyres and pit stops")
_CONTROL = Lesson("F3", "race control")

#: Event kind -> the notebook part that teaches it; a kind not listed takes its module's (:data:`BY_MODULE`).
LESSONS: dict[str, Lesson] = {
    "Drew": _ERS, "Returned": _ERS, "Kept": _ERS, "Discarded": _ERS, "LadderSwap": _ERS, "LadderStep": _ERS,
    "OrderSet": _ORDER, "TurnStarted": _ORDER, "CardsPlayed": _GEAR, "StartSealed": _GEAR, "StartRevealed": _GEAR,
    "BotStartLeds": _GEAR, "BotStartDiscarded": _GEAR, "BotPaced": _GEAR, "BotCardDrawn": _GEAR, "Moved": _LANES,
    "BotLane": _LANES, "Adjusted": _ADJUST, "Cleared": _TERMS, "TyreIcon": _TERMS, "DrawFailurePlayed": _TERMS,
    "ForcedStop": _PASS, "NoWay": _PASS, "TurnEnded": _PASS, "BotBlocked": _PASS, "BotStopped": _PASS,
    "CrossedLine": _CONTROL, "StressMoved": _HAZARD, "DieRolled": _HAZARD, "Pushed": _HAZARD,
}
BY_MODULE = {"race": _CONTROL, "cards": _TERMS, "battles": _BATTLE, "bots.events": _BATTLE, "pits": _PITS,
             "incidents": _HAZARD, "flags": _CONTROL, "qualifying": _GEAR}


def lesson_of(event: Event) -> Lesson:
    """The notebook part that teaches ``event``'s kind."""
    if event.kind in LESSONS:
        return LESSONS[event.kind]
    module = type(event).__module__
    tail = "bots.events" if module.endswith("bots.events") else module.rsplit(".", 1)[-1]
    return BY_MODULE.get(tail, _CONTROL)


# ------------------------------------------------------------------ plain sentences
def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


#: What another car's event may say without showing a card the learner cannot see (§5), by kind.
HIDDEN: dict[str, Callable[[Any], str]] = {
    "Drew": lambda e: f"{e.car} draws {_n(len(e.cards), 'card')} up to its hand limit of {e.limit}",
    "Returned": lambda e: f"{e.car} returns {_n(len(e.cards), 'card')} to its deck and draws as many",
    "Discarded": lambda e: f"{e.car} discards a card down to its hand limit of {e.limit}",
    "LadderSwap": lambda e: f"{e.car} holds no playable movement card: it discards one and draws another",
    "LadderStep": lambda e: f"{e.car} holds no playable movement card: step {e.step}, it draws a card",
    "ForcedDiscard": lambda e: f"{e.car}'s hand limit fell to {e.limit}: it discards a card",
    "OptionPlayed": lambda e: f"{e.car} plays the Option card {e.card}: it draws an EVENT card and holds it face down",
    "PitDiscarded": lambda e: f"{e.car} discards a card in its pit box",
    "LeftBox": lambda e: f"{e.car} leaves its pit box for the pit exit at {e.at} (WHITE die {e.die})",
}


def plain(event: Event, you: str = YOU) -> str:
    """``event`` as ``you`` may read it: its own sentence (from its fields), another car's hidden cards told by
    number only (:data:`HIDDEN`)."""
    hide = HIDDEN.get(event.kind)
    if hide is not None and event.car_id not in (None, you):
        return hide(event)
    return event.body()


def _moves(run: Sequence[Event]) -> str:
    """A car's consecutive steps as one line: the spaces it drives through."""
    e0 = run[0]
    spaces = " → ".join([e0.frm, *(e.to for e in run)])  # type: ignore[attr-defined]
    changes = sum(e.how != "forward" for e in run)  # type: ignore[attr-defined]
    wear = sum(e.wear for e in run)  # type: ignore[attr-defined]
    extra = (f", {_n(changes, 'lane change')}" if changes else "") + (f", tyre wear +{wear}" if wear else "")
    return f"{e0.car_id} drives {spaces} ({run[-1].left} MP left{extra})"  # type: ignore[attr-defined]


def owner(event: Event) -> str | None:
    """The car an event is about (a battle's: the attacker)."""
    return event.car_id or getattr(event, "attacker", None)


def who(car: str, state: RaceState, you: str = YOU) -> str:
    """The heading of a car's lines: "You (Blue):", "Red (computer player):", "Orange (Rookie BOT):"."""
    if car == you:
        return f"You ({you}):"
    return f"{car} ({'Rookie BOT' if state.cars[car].bot else 'computer player'}):"


def story_lines(events: Sequence[Event], state: RaceState, you: str = YOU, *, opening: bool = False) -> list[StoryLine]:
    """Events as story lines, each with its rule and lesson, under the heading of the car it is about (an event of
    no car under "The race:"); a car's consecutive steps make one line."""
    out: list[StoryLine] = []
    run: list[Event] = []
    head = "The race is set up:" if opening else "The race:"

    def line(sentence: str, e: Event) -> None:
        car = owner(e)
        lesson = lesson_of(e)
        group = who(car, state, you) if car in state.cars else head
        out.append(StoryLine(sentence[:1].upper() + sentence[1:], e.citation, lesson.text, lesson.file,
                             car == you, group))

    for e in [*events, None]:
        if run and (e is None or e.kind != "Moved" or e.car_id != run[0].car_id):
            line(_moves(run), run[0])
            run = []
        if e is None:
            break
        if e.kind == "Moved":
            run.append(e)
        elif e.kind not in QUIET:
            line(plain(e, you), e)
    return out


#: Kinds left out of the story: said by the line before or after (a turn's start is in its play's line).
QUIET = frozenset({"TurnStarted"})


#: What the learner decides now, by phase: the words, the rule and the notebook part that teaches it.
HINTS: dict[Phase, tuple[str, str, Lesson]] = {
    Phase.DRAW: ("Your new cards are in your hand. You may give back cards you just drew and draw as many again "
                 "(as many as your ERS shows), or keep them.", "§10.1", _ERS),
    Phase.START: ("The start: choose a movement card (its colour is your pace; everyone drives in 2nd gear) and lay "
                  "it face down; each Tyre Wear or Option card added is +1 LED — the most LEDs moves first.",
                  "§9.4", _GEAR),
    Phase.PLAY: ("Play a movement card, or a pair of one colour: with the gear printed on your tile it gives your "
                 "movement points (MP).", "§10.3", _GEAR),
    Phase.MOVE: ("Drive your MP one space at a time: straight on, or to the lane beside (a red or orange card "
                 "wears your tyres for each lane change). Then you may cut or stretch the move, or end it.",
                 "§11", _LANES),
    Phase.BATTLE: ("A battle: your overtake points and the cards you lay face down (their LEDs) against the other "
                   "car's; nobody sees the other's cards until both have sealed.", "§13.3", _BATTLE),
    Phase.DISCARD: ("Your hand limit fell: choose the card to discard.", "§8.1", _ERS),
    Phase.CONTROL: ("You are losing control: counter-steer with a card, or spin.", "§18.1", _HAZARD),
    Phase.PIT: ("You are in your pit box: fit tyres, then leave.", "§16.2", _PITS),
}


# ------------------------------------------------------------------ the race
class FirstRace:
    """A short race on the race circuit (:func:`racebook.formulagp.track.race_track`): the learner (:data:`YOU`)
    against the computer players (:data:`COMPUTERS`) and the Rookie BOTs (:data:`ROOKIES`) on the grid :data:`GRID`,
    seeded; the others play at once, so after :meth:`decide` it is the learner's decision again, or the race has
    stopped (after ``rounds`` rounds, or at the flag)."""

    game = "formulagp"

    def __init__(self, seed: int = 1, rounds: int = ROUNDS) -> None:
        if not 1 <= rounds <= 40:
            raise IllegalAction(f"rounds={rounds}", "§17.1", "a guided race lasts 1 to 40 rounds")
        self.rounds = rounds
        #: The coach gives its advice (the widget's "coach on/off"): off, :meth:`labelled_choices` suggests nothing.
        self.coach = True
        #: The learner's decisions, each with a copy of the race then (the debrief, :mod:`racebook.core.debrief`).
        self.log = DecisionLog()
        self._start(seed)

    def _start(self, seed: int) -> None:
        self.seed = seed
        self.race = new_race(list(GRID), seed, bots=list(ROOKIES), track=race_track())
        self.computers = {car: Greedy(seed * 10 + i) for i, car in enumerate(COMPUTERS, 1)}
        self._advice: tuple[int, Advice] | None = None
        self._pilot: Greedy | None = None
        self.log = DecisionLog(self.log.keep)
        opening = story_lines(self.race.steps[0].events, self.race.state, opening=True)
        self._last: list[StoryLine] = opening + self._told(self._run_others())

    # -------------------------------------------------------------- state
    @property
    def finished(self) -> bool:
        """The race is over, or the guided rounds are played."""
        return self.race.is_over or self.race.state.round > self.rounds

    @property
    def my_turn(self) -> bool:
        return not self.finished and self.race.current_car == YOU

    def standings(self) -> list[str]:
        """The classification at the flag, else the running order (:func:`racebook.formulagp.analysis.coach.
        standings`)."""
        return list(self.race.classification()) or standings(self.race.state)

    def place(self) -> int:
        """The learner's place now (1 = first)."""
        return self.standings().index(YOU) + 1

    def legal(self) -> list[FgpAction]:
        """The learner's legal actions, in the engine's order except that a move that does nothing now comes last."""
        if not self.my_turn:
            return []
        legal = [a for a in self.race.legal_actions() if a.car == YOU]
        return [a for a in legal if not does_nothing(a)] + [a for a in legal if does_nothing(a)]

    def advice(self) -> Advice | None:
        """The coach's suggestion among :meth:`legal` (:func:`racebook.formulagp.analysis.coach.suggest`: each looked
        ahead on a clone to the end of the round, the learner then driving
        like the computer, or a battle's exact odds); computed once per position."""
        if not self.my_turn:
            return None
        at = len(self.race.steps)
        if self._advice is None or self._advice[0] != at:
            s = self.race.state
            until = s.round
            self._advice = (at, suggest(self.race, self.legal(), YOU, self.computers, until, self.seed))
        return self._advice[1]

    # -------------------------------------------------------------- the guided-race protocol (racebook.core.guided)
    def status(self) -> str:
        """Where the race stands, in one line: the round and your place; or the end."""
        s = self.race.state
        order = self.standings()
        if self.finished:
            return self.end().status()
        return f"Round {s.round} of {self.rounds} · you drive {YOU}, {ordinal(order.index(YOU) + 1)} of {len(order)}"

    #: The codes and abbreviations the race's words use, with their meaning (:data:`TERMS`).
    terms = TERMS

    def needs(self) -> str:
        """What the learner needs in view while deciding (issue 33 item 3): your hand (each card's kind in words),
        your ERS charges, your tyre wear and your overtake points."""
        c = self.race.state.cars[YOU]
        hand = ", ".join(card(code) for code in c.hand) or "no cards"
        return f"Your hand: {hand} · ERS {c.ers} · tyre wear {c.wear} · OT {c.ot}"

    def end(self) -> RaceEnd:
        """How the guided race ended, in the words every game uses (:class:`racebook.core.guided.RaceEnd`)."""
        played = min(self.race.state.round, self.rounds) if self.race.is_over else self.rounds
        how = "the classification at the flag" if self.race.is_over else \
            "the running order: laps, then how far round the lap"
        return RaceEnd(tuple(self.standings()), YOU, played, "round", self.race.is_over, how, "go on to F1",
                       "§17.2")

    def hint_line(self) -> StoryLine | None:
        if not self.my_turn:
            return None
        hint = HINTS.get(self.race.state.phase)
        if hint is None:
            return None
        sentence, rule, lesson = hint
        return StoryLine(sentence + self._sealed(), rule, lesson.text, lesson.file, True)

    def _sealed(self) -> str:
        """Who has laid sealed cards in the open start or battle, as the learner sees it
        (:mod:`racebook.formulagp.visibility`: another side's cards are never shown, only that it has sealed)."""
        s = self.race.state
        seen = dict(battle_view(s, YOU)) if s.phase is Phase.BATTLE else \
            dict(s.start.view(YOU)) if s.phase is Phase.START else {}
        others = [str(side) for side in seen if side != YOU]
        if not others:
            return ""
        return f" Face down already (you cannot see them): {', '.join(others)}."

    def labelled_choices(self) -> list[GuidedChoice]:
        """:meth:`legal` as buttons (plain words; the action text and rule in the tooltip; card plays primary; one
        menu per group), the coach's suggestion marked with its reason while :attr:`coach` is on."""
        out = self._buttons()
        advice = self.advice() if out and self.coach else None
        return out if advice is None else with_suggestion(out, advice.index, advice.reason)

    def _buttons(self) -> list[GuidedChoice]:
        out = []
        for a in self.legal():
            words, group = choice_label(self.race, a)
            rule = self.race.explain(a).rule
            out.append(GuidedChoice(str(a), words, f"{a} ({rule})", isinstance(a, (Play, Launch)), group))
        return out

    def _cached(self) -> Advice | None:
        """The coach's advice at this position if it was computed already (else None: not computed here)."""
        at = len(self.race.steps)
        return self._advice[1] if self._advice is not None and self._advice[0] == at else None

    def decide(self, key: str) -> list[StoryLine]:
        """The learner's decision by its action text (a refused one raises the engine's one-line error and changes
        nothing), then everything the others do until the learner's next decision; the story of it."""
        action = parse(key)
        if self.finished:
            raise IllegalAction(action, "§17.1", self.end().refusal())
        if action.car != YOU:
            raise IllegalAction(action, "§10.3", f"you drive {YOU}; the computer drives the other cars")
        legal = action in self.race.legal_actions()
        words = choice_label(self.race, action)[0] if legal else str(action)
        rule = self.race.explain(action).rule if legal else ""
        if legal and self.log.keep:
            self.log.note(self, str(action), self._buttons(), self._cached())
        events = self.race.apply(action)  # a refused action raises here and changes nothing
        lesson = lesson_of(events[0]) if events else _CONTROL
        chose = StoryLine(f"You chose: {words}", rule, lesson.text, lesson.file, True, who(YOU, self.race.state))
        self._last = [chose, *self._told([*events, *self._run_others()])]
        return self.latest()

    def latest(self) -> list[StoryLine]:
        return list(self._last)

    def restart(self, seed: int | None = None) -> None:
        """A new race with the same rounds: ``seed``, or the next one."""
        self._start(self.seed + 1 if seed is None else seed)

    def _run_others(self) -> list[Event]:
        """The computer players decide until the learner must (the Rookie BOTs are run by the engine); their
        events. A step of the learner's move that is its only legal action is driven at once (told like any step:
        no click for a move without a choice)."""
        out: list[Event] = []
        for _ in range(MAX_STEPS):
            car = self.race.current_car
            if self.finished or car is None:
                break
            if car == YOU:
                forced = self.legal()
                if len(forced) != 1 or not isinstance(forced[0], To):
                    break
                out += self.race.apply(forced[0])
                continue
            out += self.race.apply(self.computers[car].choose(self.race))
        return out

    def _told(self, events: Sequence[Event]) -> list[StoryLine]:
        """The story of ``events``; once the guided rounds are played, up to the start of the next round (which the
        guided race does not play), then the end."""
        if not self.finished:
            return story_lines(events, self.race.state)
        told = until_unplayed(events, lambda e: e.kind == "RoundStarted" and int(getattr(e, "round", 0)) > self.rounds)
        return [*story_lines(told, self.race.state), self.end().line(_CONTROL.text, _CONTROL.file, "The race:")]

    # -------------------------------------------------------------- the debrief (racebook.core.debrief)
    def when(self) -> str:
        return f"round {self.race.state.round}"

    def copy(self) -> FirstRace:
        """A same-seed copy of the guided race now (the race cloned, the computer players copied), recording
        nothing; its autopilot starts afresh."""
        other = copy.copy(self)
        other.race = self.race.clone()
        other.race.record_frames = False
        other.computers = copy.deepcopy(self.computers)
        other._last = list(self._last)
        other.log, other._pilot = DecisionLog(keep=False), None
        return other

    def autopilot(self) -> str:
        """The learner's decision as the coach's look-ahead drives it: a ``Greedy(seed)``
        (:func:`racebook.formulagp.analysis.coach.look_ahead`)."""
        if self._pilot is None:
            self._pilot = Greedy(self.seed)
        return str(self._pilot.choose(self.race))

    def debrief(self) -> Debrief:
        """Where the learner finished and the decisions that cost most, replayed (:mod:`racebook.core.debrief`)."""
        return self.log.debrief(self)
