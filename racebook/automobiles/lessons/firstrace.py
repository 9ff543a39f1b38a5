"""Notebook A0's first race: the learner plays one car against computer players, a few rounds on the teaching board,
and every event is explained in one plain sentence with a pointer to the notebook that teaches it.

* :func:`plain` — an event in one plain sentence, written from its **fields** (never by rewording its sentence),
  speaking to the learner ("you draw …", "B buys …");
* :data:`LEARN_MORE` — for every kind of event a race produces, the notebook part that teaches it (A1's parts 1–6,
  A2's cards), by its heading; :func:`learn_more` gives it, :data:`NOTEBOOKS` the files;
* :class:`FirstRace` — the race itself, without widgets: the computer players (:mod:`racebook.automobiles.agents`,
  choosing among the legal actions only) play until it is the learner's decision; :meth:`FirstRace.choices` are the
  learner's legal actions with their human labels (:mod:`racebook.automobiles.actionlabels`); the race stops after
  ``rounds`` rounds (or at its end) with the standings (§13); it is a :class:`racebook.core.guided.GuidedRaceModel`,
  so the shared guided-race widget (:class:`racebook.ui.guidedrace.GuidedRaceController`) shows it, through
  :class:`racebook.automobiles.ui.firstrace.GuidedRace`.

No rule lives here: the engine decides what is legal and what happens; this module only says it in words.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from racebook.automobiles import zones
from racebook.automobiles.actionlabels import ZONE_NAMES, colour, does_nothing, label
from racebook.automobiles.actions import Buy
from racebook.automobiles.agents import BuilderDriver, GreedyDriver
from racebook.automobiles.analysis.coach import Advice, suggest
from racebook.automobiles.game import Race
from racebook.automobiles.lessons.racewords import BUY_GROUP, TERMS, cubes_words, needs, plural
from racebook.automobiles.setup import new_state
from racebook.core.actions import Action
from racebook.core.debrief import Debrief, DecisionLog
from racebook.core.errors import IllegalAction, SetupError
from racebook.core.events import Event
from racebook.core.guided import GuidedChoice, RaceEnd, StoryLine, until_unplayed, with_suggestion

Happened = tuple[str, Action | None, tuple[Event, ...]]  # who decided (the opening: ""), the action, its events

YOU = "You"
#: The computer players, by name (a player id): the greedy one plays its furthest gear and buys the dearest gear it
#: can; the builder buys for the long run (racebook.automobiles.agents).
COMPUTERS = {"Greedy": GreedyDriver, "Builder": BuilderDriver}
#: How the coach's look-ahead drives the learner's car after the choice it weighs (racebook.automobiles.analysis.coach).
COACH_DRIVER = GreedyDriver


@dataclass(frozen=True, slots=True)
class Lesson:
    """Where an event is taught: a notebook (its short name) and the heading of its part, as the notebook writes it
    (without the heading's citations; a test finds it there)."""

    notebook: str  # "A1"
    heading: str  # "3. One turn, phase by phase"

    @property
    def file(self) -> str:
        return NOTEBOOKS[self.notebook]

    @property
    def text(self) -> str:
        return f"{self.notebook} · {self.heading}"


NOTEBOOKS = {"A1": "A1_your_bag_is_your_engine.ipynb", "A2": "A2_the_cards.ipynb", "A3": "A3_what_if.ipynb"}
_ZONES = Lesson("A1", "1. The zones")
_BUY = Lesson("A1", "2. A buy decision, with exact odds")
_TURN = Lesson("A1", "3. One turn, phase by phase")
_WEAR = Lesson("A1", "4. Wear: the Decline phase and drafting")
_PIT = Lesson("A1", "5. The pit stop")
_RACE = Lesson("A1", "6. A whole race")
_CARDS = Lesson("A2", "The rule: a card per colour")
_ALL_CARDS = Lesson("A2", "Every card, live")

#: Event kind -> the notebook part that teaches it (every kind a race without Seasons or drivers produces; the
#: test plays races to check none is missing).
LEARN_MORE: dict[str, Lesson] = {
    "StartingOrder": _ZONES, "PreRaceMoney": _BUY, "CubeBought": _BUY, "CubesDrawn": _ZONES, "BagRefilled": _ZONES,
    "TurnStarted": _TURN, "CubePlaced": _TURN, "MoneyCounted": _TURN, "MoneyLost": _TURN, "CarMoved": _TURN,
    "Cleanup": _TURN, "DeclineWear": _WEAR, "Drafting": _WEAR, "WearPassed": _WEAR, "PitStop": _PIT,
    "LapCompleted": _RACE, "FinishTriggered": _RACE, "RoundLimitReached": _RACE, "RaceFinished": _RACE,
    "CardPlayed": _CARDS, "CubeMoved": _ALL_CARDS, "CubesRemoved": _ALL_CARDS, "CubesGained": _ALL_CARDS,
    "FlagSet": _ALL_CARDS, "AeroDrafting": _ALL_CARDS, "BonusMove": _ALL_CARDS,
}


def learn_more(kind: str) -> Lesson | None:
    return LEARN_MORE.get(kind)


# ------------------------------------------------------------------ plain sentences
class _Who:
    """The learner is "you"; anyone else by name, with the verb agreeing."""

    def __init__(self, car: str, you: str) -> None:
        self.me = car == you
        self.name = "you" if self.me else car

    def __call__(self, verb: str, third: str | None = None) -> str:
        """ "you draw" / "B draws"."""
        return f"{self.name} {verb if self.me else third or verb + 's'}"

    @property
    def her(self) -> str:
        """The possessive as a sentence's subject: "your" / "B's"."""
        return "your" if self.me else f"{self.name}'s"

    @property
    def its(self) -> str:
        """The possessive after the subject: "your" / "its"."""
        return "your" if self.me else "its"


def _names(order: tuple[str, ...], you: str) -> str:
    names = ["you" if p == you else p for p in order]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _zone(word: str) -> str:
    return ZONE_NAMES.get(word, word)


Plain = Callable[[Any, _Who, str], str]
_PLAIN: dict[str, Plain] = {
    "StartingOrder": lambda e, w, you: f"The grid is drawn at random: {_names(e.order, you)} start in that order, "
                                       "and take their turns in that order.",
    "PreRaceMoney": lambda e, w, you: f"{w('have', 'has')} ${e.money} to spend before the race (grid slot {e.slot}: "
                                      "the further back, the more money).",
    "CubeBought": lambda e, w, you: f"{w('buy')} a {colour(e.cube)} cube for ${e.cost}; it goes into {w.its} "
                                    f"{e.to}{_bought_note(e.to)} (${e.left} left).",
    "CubesDrawn": lambda e, w, you: f"{w('draw')} {cubes_words(e.cubes)} from {w.its} Bag: "
                                    f"{w.its} Active pile for the next turn"
                                    + (f" (only {len(e.cubes)} of {e.wanted} were left)."
                                       if len(e.cubes) < e.wanted else "."),
    "BagRefilled": lambda e, w, you: f"{w.her} Bag is empty, so {w.its} Discard pile goes back into it and the "
                                     "drawing goes on.",
    "TurnStarted": lambda e, w, you: f"Round {e.round}: {w.her} turn — play cubes to plan a move, keep the rest "
                                     "as money.",
    "PitStop": lambda e, w, you: f"{w('make')} a pit stop: no move and no shopping this turn, but "
                                 f"{plural(e.wear, 'wear cube')} leave{'s' * (e.wear == 1)} {w.its} cubes for good.",
    "CubePlaced": lambda e, w, you: f"{w('place')} a {colour(e.cube)} cube on space {e.spaces[-1]}: the car will "
                                    "drive there in the Car phase.",
    "WearPassed": lambda e, w, you: f"{w('play')} a wear cube: it does nothing but go to the Discard pile.",
    "MoneyCounted": lambda e, w, you: f"{w.her} unplayed cubes ({cubes_words(zones.parse(e.cubes))}) are worth "
                                      f"${e.money} to spend now.",
    "MoneyLost": lambda e, w, you: f"{w.her} ${e.money} left unspent is lost: money is never saved.",
    "CarMoved": lambda e, w, you: f"{w.her} car drives {plural(e.rows, 'row')} to space {e.end}; the darkest space on "
                                  f"the way was {colour(e.darkest)}.",
    "LapCompleted": lambda e, w, you: f"{w('cross', 'crosses')} the finish line: {e.laps} of "
                                      f"{plural(e.of, 'lap')} done.",
    "DeclineWear": lambda e, w, you: f"Driving through {colour(e.darkest)} wears the car: {w('gain')} "
                                     f"{plural(e.wear, 'wear cube')}" + (f" (the Stock had only {e.got})"
                                                                     if e.got < e.wear else "")
                                     + ", useless cubes that clog the bag.",
    "Drafting": lambda e, w, you: f"{w('end')} right behind {'you' if e.ahead == you else e.ahead}: drafting, so no "
                                  f"wear this time (it would have been {e.wear}).",
    "Cleanup": lambda e, w, you: f"End of the turn: every cube {w('played', 'played')} or kept goes to {w.its} "
                                 "Discard pile.",
    "FinishTriggered": lambda e, w, you: f"{w('have', 'has')} done the laps: this round is finished, then the race "
                                         "ends.",
    "RoundLimitReached": lambda e, w, you: f"Nobody has done the laps after round {e.round}: the club's time limit "
                                           f"({e.per_lap} rounds a lap) ends the race here.",
    "RaceFinished": lambda e, w, you: f"The race is over after round {e.round}: "
                                      + ", ".join(f"{i}. {'you' if p == you else p}"
                                                  for i, p in enumerate(e.order, 1))
                                      + " (furthest travelled wins).",
    "CardPlayed": lambda e, w, you: f"{w('play')} a {e.colour} cube for its card, {e.card}: “{e.printed}”",
    "CubeMoved": lambda e, w, you: f"{w('move')} a {colour(e.cube)} cube from {w.its} {_zone(e.src)} "
                                   + ("back to the Stock (it is gone for good)." if e.dest == "stock"
                                      else f"to {w.its} {_zone(e.dest)}."),
    "CubesRemoved": lambda e, w, you: (f"{w.her} {_zone(e.zone)} gives {plural(e.n, colour(e.cube) + ' cube')} back to "
                                       "the Stock: gone for good." if e.n else
                                       f"{w.her} {_zone(e.zone)} has no {colour(e.cube)} cube to give back."),
    "CubesGained": lambda e, w, you: f"{w('gain')} {plural(e.n, colour(e.cube) + ' cube')} from the Stock into "
                                     f"{w.its} {e.to}.",
    "FlagSet": lambda e, w, you: f"{w.her} card's effect ({e.flag.replace('_', ' ')}) lasts the rest of this turn.",
    "AeroDrafting": lambda e, w, you: f"Aerodynamics counts as drafting: no wear for {w.its} move (it would have "
                                      f"been {e.wear}).",
    "BonusMove": lambda e, w, you: f"{w('may', 'may')} move the car up to {plural(e.most, 'more space')} ({e.why}).",
}


def _bought_note(to: str) -> str:
    if to == "Bag":
        return ", so it can be drawn from the start"
    if to in ("Used pile", "Discard pile"):
        return ", so it reaches the Bag only when the Bag is next refilled"
    return ""


def plain(event: Event, you: str = YOU) -> str:
    """``event`` in one plain sentence, from its fields, speaking to ``you`` (a kind without a plain sentence — a
    Season's or a driver draft's, which a first race never produces — keeps the engine's own sentence)."""
    make = _PLAIN.get(event.kind)
    if make is None:
        return event.sentence()
    return _cap(make(event, _Who(getattr(event, "car", ""), you), you))


#: What the learner decides now, by phase (the buttons are the engine's legal actions; this only says what they are
#: for), with the rule and the notebook part that teaches it.
HINTS: dict[str, tuple[str, str, Lesson]] = {
    "prerace": ("Spend your grid money on cubes for your Bag, then press “done buying”.", "§4", _BUY),
    "action": ("Play gear cubes to plan your move — each one moves to the next space of its colour — then press "
               "“done playing”. Every cube you keep is money.", "§6", _TURN),
    "buy": ("Spend the money your unplayed cubes are worth, then press “done buying”.", "§9", _BUY),
    "card": ("A card is working: make its choice.", "§2", _CARDS),
}


def story_lines(done: list[Happened], you: str = YOU) -> list[StoryLine]:
    """What happened as story lines: each event's plain sentence, its rule and lesson, under the heading of the car
    it concerns ("You:", "Greedy (computer player):"; an event without a car, the starting order, under "The race is
    set up:"); the learner's own decision first, as "You chose: …"."""
    out: list[StoryLine] = []
    owner = ""
    for who, _action, evs in done:
        for e in evs:
            owner = getattr(e, "car", "") or ("" if who == "" else owner)
            head = "You:" if owner == you else f"{owner} (computer player):" if owner else "The race is set up:"
            lesson = learn_more(e.kind)
            out.append(StoryLine(plain(e, you), e.citation, lesson.text if lesson else "",
                                 lesson.file if lesson else "", owner == you, head))
    return out


# ------------------------------------------------------------------ the race
@dataclass(frozen=True, slots=True)
class Choice:
    """One of the learner's legal actions: the action, its human label, and its action text and rule (the tooltip)."""

    action: Action
    label: str
    tooltip: str


class FirstRace:
    """A short race on the teaching board: the learner (:data:`YOU`) against ``opponents`` computer players (1 or
    2), 1 lap, seeded; the computer players move at once, so after :meth:`play` it is the learner's decision again,
    or the race has stopped (after ``rounds`` rounds, or at its end)."""

    game = "automobiles"

    def __init__(self, seed: int = 1, opponents: int = 2, rounds: int = 4, laps: int = 1) -> None:
        if opponents not in (1, 2):
            raise SetupError(opponents, "§4", "a first race has 1 or 2 computer players")
        self.seed, self.rounds, self.opponents, self.laps = seed, rounds, opponents, laps
        #: The coach gives its advice (the widget's "coach on/off"): off, :meth:`labelled_choices` suggests nothing.
        self.coach = True
        #: The learner's decisions, each with a copy of the race then (the debrief, :mod:`racebook.core.debrief`).
        self.log = DecisionLog()
        self._start(seed)

    def _start(self, seed: int) -> None:
        self.seed = seed
        names = list(COMPUTERS)[:self.opponents]
        self.computers = {name: COMPUTERS[name]() for name in names}
        self.race = Race(new_state([YOU, *names], seed=seed, laps=self.laps))
        #: What happened, as (who, action, events): the opening, then every decision (:attr:`last`: since the
        #: learner's last decision).
        self.last: list[Happened] = [("", None, self.race.steps[0].events), *self._run_computers()]
        self.history: list[Happened] = list(self.last)
        self._chose: StoryLine | None = None
        self._advice: tuple[tuple[int, int], Advice] | None = None
        self._pilot: Any = None
        self.log = DecisionLog(self.log.keep)

    # -------------------------------------------------------------- state
    @property
    def stopped(self) -> bool:
        """The race is over, or the last round to play is done."""
        return self.race.is_over or self.race.state.round > self.rounds

    @property
    def round(self) -> int:
        return self.race.state.round

    def actor(self) -> str | None:
        """Who decides now (a card can hand a choice to another player), None when nobody does."""
        legal = self.race.legal_actions()
        return legal[0].car if legal and not self.stopped else None

    def choices(self) -> list[Choice]:
        """The learner's legal actions now, each with its label and tooltip ([] when it is not the learner's turn), in
        the engine's order except that a move that does nothing now (a pit stop with no wear,
        :func:`~racebook.automobiles.actionlabels.does_nothing`) comes last."""
        if self.actor() != YOU:
            return []
        state = self.race.state
        legal = self.race.legal_actions()
        out = []
        for a in [*(a for a in legal if not does_nothing(state, a)), *(a for a in legal if does_nothing(state, a))]:
            rule = self.race.explain(a).rule
            out.append(Choice(a, label(state, a), f"{a} ({rule})"))
        return out

    def advice(self) -> Advice | None:
        """The coach's suggestion among :meth:`choices` (:func:`racebook.automobiles.analysis.coach.suggest`: each
        looked ahead on a clone to the end of the last round, the learner then driving like the greedy computer
        player), None when the learner has nothing to decide; computed once per position."""
        if self.actor() != YOU:
            return None
        at = (self.seed, len(self.race.steps))
        if self._advice is None or self._advice[0] != at:
            drivers: dict[str, Any] = {**self.computers, YOU: COACH_DRIVER()}
            self._advice = (at, suggest(self.race, [c.action for c in self.choices()], YOU, drivers, self.rounds,
                                        "the greedy computer player"))
        return self._advice[1]

    def standings(self) -> list[str]:
        """The race position now, 1st first (§13: furthest travelled, the inner lane breaking ties)."""
        return self.race.standings()

    def place(self) -> int:
        """The learner's place now (1 = first, §13)."""
        return self.standings().index(YOU) + 1

    # -------------------------------------------------------------- playing
    def play(self, action: Action | str) -> list[Happened]:
        """Apply the learner's ``action`` (an illegal one raises the engine's one-line error and changes nothing),
        then the computer players' decisions until the learner decides again or the race stops. Returns what
        happened, as (who, action, events) in order."""
        if self.stopped:
            raise IllegalAction(str(action), "§14", self.end().refusal())
        if self.actor() != YOU:
            raise IllegalAction(str(action), "§5", f"it is {self.actor()}'s decision")
        label_, rule = self._label(action)
        if self.log.keep:
            self.log.note(self, self._key(action), self._buttons(), self._cached())
        events = self.race.apply(action)
        lesson = learn_more(events[0].kind) if events else None
        self._chose = StoryLine(f"You chose: {label_}", rule, lesson.text if lesson else "",
                                lesson.file if lesson else "", True)
        self.last = [(YOU, self.race.steps[-1].action, events)]
        self.last += self._run_computers()
        self.last = self._cut(self.last)
        self.history += self.last
        return self.last

    def _cut(self, done: list[Happened]) -> list[Happened]:
        """What happened, up to the start of a round the guided race does not play (issue 33 item 6)."""
        if not self.stopped or self.race.is_over:
            return done
        out: list[Happened] = []
        for who, action, evs in done:
            kept = until_unplayed(evs, lambda e: e.kind == "TurnStarted" and int(getattr(e, "round", 0)) > self.rounds)
            if kept or not evs:
                out.append((who, action, tuple(kept)))
            if len(kept) < len(evs):
                break
        return out

    def _key(self, action: Action | str) -> str:
        """The key (action text) of the learner's legal ``action`` (its text when it is not legal)."""
        return next((str(a) for a in self.race.legal_actions() if a == action or str(a) == str(action)), str(action))

    def _label(self, action: Action | str) -> tuple[str, str]:
        """The label and rule of the learner's legal ``action`` (its text when it is not legal: the engine refuses
        it next)."""
        for a in self.race.legal_actions():
            if a == action or str(a) == str(action):
                return label(self.race.state, a), self.race.explain(a).rule
        return str(action), ""

    # -------------------------------------------------------------- the guided-race protocol (racebook.core.guided)
    @property
    def finished(self) -> bool:
        return self.stopped

    def status(self) -> str:
        """Where the race stands, in one line: the round and phase, or the standings once it has stopped."""
        if self.stopped:
            return self.end().status()
        when = "before the race" if self.round == 0 else f"round {self.round} of {self.rounds}"
        return f"Your move ({when}, {self._phase()} phase)"

    #: The codes the race's words use, with their meaning (:data:`TERMS`).
    terms = TERMS

    def needs(self) -> str:
        """What the learner needs in view while deciding (issue 33 item 3; :func:`racewords.needs`)."""
        return needs(self.race.state, YOU)

    def end(self) -> RaceEnd:
        """How the guided race ended, in the words every game uses (:class:`racebook.core.guided.RaceEnd`)."""
        played = min(self.round, self.rounds) if self.race.is_over else self.rounds
        return RaceEnd(tuple(self.standings()), YOU, played, "round", self.race.is_over,
                       "the car that travelled furthest leads, the inner lane breaking ties", "go on to A1", "§13")

    def _phase(self) -> str:
        t = self.race.state.turn
        return "card" if t is not None and t.pending is not None else (t.phase.value if t is not None else "")

    def hint_line(self) -> StoryLine | None:
        """What the learner decides now (:data:`HINTS`), None once the race has stopped."""
        hint = None if self.stopped else HINTS.get(self._phase())
        if hint is None:
            return None
        sentence, rule, lesson = hint
        return StoryLine(sentence, rule, lesson.text, lesson.file, True)

    def labelled_choices(self) -> list[GuidedChoice]:
        """:meth:`choices` as buttons, the coach's suggestion (:meth:`advice`) marked with its reason while
        :attr:`coach` is on."""
        out = self._buttons()
        advice = self.advice() if out and self.coach else None
        return out if advice is None else with_suggestion(out, advice.index, advice.reason)

    def _buttons(self) -> list[GuidedChoice]:
        """The choices as the widget offers them: the buys share one menu ("buy a [white cube for $2 ▾]", issue 33
        item 3: not nine equal buttons)."""
        return [GuidedChoice(str(c.action), c.label, c.tooltip, False,
                             BUY_GROUP if isinstance(c.action, Buy) and c.label.startswith(BUY_GROUP) else "")
                for c in self.choices()]

    def _cached(self) -> Advice | None:
        """The coach's advice at this position if it was computed already (else None: not computed here)."""
        at = (self.seed, len(self.race.steps))
        return self._advice[1] if self._advice is not None and self._advice[0] == at else None

    def decide(self, key: str) -> list[StoryLine]:
        """:meth:`play` by action text, told as story lines (the learner's choice first)."""
        self.play(key)
        return self.latest()

    def latest(self) -> list[StoryLine]:
        lines = story_lines(self.last)
        chose = self._chose if self.last and self.last[0][0] == YOU else None
        if self.stopped:
            lines.append(self.end().line(_RACE.text, _RACE.file, "The race:"))
        return lines if chose is None else [chose, *lines]

    def restart(self, seed: int | None = None) -> None:
        """A new race with the same computer players and rounds: ``seed``, or the next one."""
        self._start(self.seed + 1 if seed is None else seed)

    # -------------------------------------------------------------- the debrief (racebook.core.debrief)
    def when(self) -> str:
        return "before the race" if self.round == 0 else f"round {self.round}"

    def copy(self) -> FirstRace:
        """A same-seed copy of the guided race now (the race cloned, the computer players copied), recording
        nothing; its autopilot starts afresh."""
        other = copy.copy(self)
        other.race = self.race.clone()
        other.race.record_frames = False
        other.computers = copy.deepcopy(self.computers)
        other.last, other.history = list(self.last), list(self.history)
        other.log, other._pilot = DecisionLog(keep=False), None
        return other

    def autopilot(self) -> str:
        """The learner's decision as the coach's look-ahead drives it (:data:`COACH_DRIVER`)."""
        if self._pilot is None:
            self._pilot = COACH_DRIVER()
        return str(self._pilot.choose(self.race, self.race.legal_actions()))

    def debrief(self) -> Debrief:
        """Where the learner finished and the decisions that cost most, replayed (:mod:`racebook.core.debrief`)."""
        return self.log.debrief(self)

    def _run_computers(self) -> list[Happened]:
        done = []
        for _ in range(2000):  # a computer turn is some tens of decisions; the bound only guards against a bug
            who = self.actor()
            if who is None or who == YOU:
                break
            legal = self.race.legal_actions()
            action = self.computers[who].choose(self.race, legal)
            done.append((who, action, self.race.apply(action)))
        return done


def first_turn(seed: int = 1, opponents: int = 2) -> FirstRace:
    """The race of :class:`FirstRace` after the learner's first round played by a computer player in the learner's
    seat (the greedy one): the notebook's worked example of one whole round."""
    race = FirstRace(seed, opponents, rounds=1)
    you = GreedyDriver()
    while not race.stopped:
        choices = race.choices()
        race.play(you.choose(race.race, [c.action for c in choices]))
    return race


def cubes_in_words(codes: tuple[str, ...] | dict[str, int]) -> str:
    """A handful of cubes in words, by colour in code order: "3 white, 1 black and 3 yellow" (the notebooks)."""
    return cubes_words(codes)
