"""The debrief at the end of a guided race, for every game (issue 33 item 2): where the learner finished, and the
two or three decisions that cost the most, each with what the coach's suggested choice would have given — numbers
from replays on same-seed copies of the race, never estimates.

How:

* While the race is played, the model keeps a :class:`DecisionLog`: for each of the learner's decisions a
  :class:`Decision` — when, the choice taken, the choice the coach suggested (with its reason; None when the coach
  was off: it is asked at the debrief, on the copy), how many places apart the coach's own look-ahead put the two
  (``gap``: which decisions to replay first when too many differ), and ``at``, a same-seed copy of the whole guided
  race at that moment (:meth:`Replayable.copy`: the race cloned with its generator, the computer drivers copied).
* At the end, :func:`debrief` replays every decision where the learner's choice differs from the suggestion twice,
  on copies of that moment: once with the learner's own choice, once with the suggested one, each then played to the
  end of the guided race in the same way (:func:`finish`): the learner's car by :meth:`Replayable.autopilot` — the
  computer driver the coach's look-ahead assumes for the learner ("then driving like the computer") — and every
  other car by its own copied driver, as in the race. A decision's cost is the places between the two finishes.

Why that continuation, and not the learner's own later decisions nor the coach's: the learner's later choices were
made in the position that really happened — once the alternative is taken the position differs, and they may not
even be legal, so there is no "learner's policy" to replay; the coach at every later decision costs a look-ahead per
choice per decision (15-25 ms a decision, about 50 decisions a race: about a second per replay, a minute per
debrief). The look-ahead driver is what every reason the learner read assumed, so the debrief and the coach's words
agree; and both replays of a decision share it, so their difference is that decision's alone.

Cost, bounded: at most :data:`MAX_REPLAYS` replays (two per decision compared) and :data:`MAX_ASKED` suggestions
asked afterwards (decisions taken with the coach off); when more decisions differ than fit, those the coach's
look-ahead put furthest apart come first, then the earliest. CPU measured for a whole guided race on this machine
(2 shared cores): RF90 (3 Game Turns) under 0.02 s; Automobiles (4 rounds) 0.1 s with the coach on, 0.5 s off;
FormulaGP (4 rounds, the dearest replays) 0.6-1.2 s on, 1.6-2.0 s off (tests/test_guided_races.py).

Standard library only; no rule here (the game's model applies every choice through its engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from racebook.core.coach import ordinal
from racebook.core.guided import GuidedChoice, StoryLine, suggestion, with_suggestion

#: Replays a debrief may run (two per decision compared: up to 15 decisions; FormulaGP's replay, the dearest, takes
#: about 20 ms of CPU).
MAX_REPLAYS = 30
#: Suggestions a debrief may ask afterwards, for decisions taken while the coach was off (FormulaGP's, the dearest,
#: about 20 ms each).
MAX_ASKED = 40
#: The costliest decisions a debrief names.
MOST = 3
#: A replay stops after this many of the learner's decisions at most (a guided race has some tens): only a guard.
MAX_DECISIONS = 2000


@runtime_checkable
class Replayable(Protocol):
    """A guided race (:class:`racebook.core.guided.GuidedRaceModel`) that can be debriefed: it can be copied at a
    decision and played on by the computer, and it says the learner's place."""

    coach: bool

    @property
    def finished(self) -> bool: ...

    def labelled_choices(self) -> list[GuidedChoice]: ...

    def decide(self, key: str) -> list[StoryLine]: ...

    def place(self) -> int:
        """The learner's place now (1 = first)."""
        ...

    def standings(self) -> list[str]:
        """The cars in race order, the first first."""
        ...

    def when(self) -> str:
        """The moment of the decision now, in words ("Game Turn 2", "round 3", "before the race")."""
        ...

    def copy(self) -> Replayable:
        """A same-seed copy of the guided race now: the race cloned (its generator too), the computer drivers copied;
        it keeps no :class:`DecisionLog` (a replay records nothing) and starts a fresh :meth:`autopilot`."""
        ...

    def autopilot(self) -> str:
        """The key of the learner's decision now as the coach's look-ahead would drive it (its driver, made at the
        first call on this copy)."""
        ...


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the learner's decisions: the ``number``-th (1 = first), ``when`` in words, the choice ``taken``, the
    one the coach ``suggested`` there (None: not known yet, the coach was off), ``gap`` the places the coach's
    look-ahead put between them (0 when unknown) and ``at`` a same-seed copy of the race at that moment."""

    number: int
    when: str
    taken: GuidedChoice
    suggested: GuidedChoice | None
    gap: int
    at: Replayable = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a replay finished the learner: ``place`` (1 = first) of ``cars``."""

    place: int
    cars: int

    def words(self) -> str:
        return f"{ordinal(self.place)} of {self.cars}"


@dataclass(frozen=True, slots=True)
class Cost:
    """A decision replayed both ways: ``yours`` (the choice taken, then the autopilot) and ``suggested`` (the
    coach's choice, then the autopilot)."""

    decision: Decision
    yours: Finish
    suggested: Finish

    @property
    def lost(self) -> int:
        """The places the choice taken cost against the suggestion (negative: it did better)."""
        return self.yours.place - self.suggested.place

    def sentence(self) -> str:
        d = self.decision
        assert d.suggested is not None
        places = f"{self.lost} place{'s' * (self.lost != 1)}"
        when = d.when[:1].upper() + d.when[1:]
        return (f"{when}, decision {d.number}: you chose “{d.taken.label}” — replayed from there, you finish "
                f"{self.yours.words()}; the suggested “{d.suggested.label}” finishes {self.suggested.words()}, "
                f"{places} better.")


@dataclass(frozen=True, slots=True)
class Debrief:
    """The debrief: the learner's ``place`` of ``cars``; of the ``decisions`` made, ``followed`` took the coach's
    suggestion; ``compared`` of the others were replayed both ways (``replays`` replays in all; ``skipped`` not,
    beyond the budget); ``costs``, the costliest of them (at most :data:`MOST`, each costing a place or more), in
    the order played; ``replayed`` every decision compared, in that order."""

    place: int
    cars: int
    decisions: int
    followed: int
    compared: int
    replays: int
    skipped: int
    costs: tuple[Cost, ...]
    replayed: tuple[Cost, ...] = ()

    def finished(self) -> str:
        return f"You finished {ordinal(self.place)} of {self.cars}."

    def followed_words(self) -> str:
        return (f"You made {self.decisions} decision{'s' * (self.decisions != 1)} and took the coach's suggestion "
                f"in {self.followed}.")

    def headline(self) -> str:
        return f"{self.finished()} {self.followed_words()}"

    def method(self) -> str:
        """How the numbers were found, in one line."""
        which = "The decision" if self.compared == 1 else f"Each of the {self.compared} decisions"
        return (f"{which} where you chose otherwise was replayed twice on a copy of the race at that moment (the "
                "same seed): your choice, then the suggested one, each followed by the computer "
                "driving your car to the end"
                + (f"; {self.skipped} more {'was' if self.skipped == 1 else 'were'} not replayed, to keep the "
                   "debrief quick" if self.skipped else "")
                + ".")

    def verdict(self) -> str:
        """The line after the headline: every suggestion taken, none that cost a place, or the costliest's heading."""
        if self.followed == self.decisions:
            return "You took every suggestion: no decision to replay."
        if not self.costs:
            return (f"Replayed, none of the {self.compared} decisions where you chose otherwise would have finished "
                    "you higher with the suggested choice.")
        return "The decision that cost you most:" if len(self.costs) == 1 else \
            f"The {len(self.costs)} decisions that cost you most:"

    def lines(self) -> list[str]:
        """The debrief in plain lines: the headline, the verdict, the costliest decisions, how they were found."""
        return [self.headline(), self.verdict(), *(c.sentence() for c in self.costs),
                *([self.method()] if self.compared else [])]

    def text(self) -> str:
        return "\n".join(self.lines())


class DecisionLog:
    """The learner's decisions in a guided race, each with a same-seed copy of the race at that moment (see the
    module docstring); a model calls :meth:`note` before applying the learner's choice. ``keep`` False: records
    nothing (a copy being replayed)."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self.decisions: list[Decision] = []
        self._debrief: Debrief | None = None

    def note(self, model: Replayable, key: str, choices: Sequence[GuidedChoice], advice: Any = None) -> None:
        """Record the learner's decision ``key`` among ``choices`` (the model's choices now; a key not among them is
        left to the engine to refuse). ``advice``: the coach's advice at this position if it was computed already
        (its ``index`` into the choices, its ``reason`` and each choice's ``outcomes`` with a ``place``), None if
        not — it is asked at the debrief (:func:`suggested_at`): computing it here would slow every decision of a
        race played with the coach off."""
        if not self.keep:
            return
        if advice is not None and choices:
            choices = with_suggestion(choices, advice.index, advice.reason)
        taken = next((i for i, c in enumerate(choices) if c.key == key), None)
        if taken is None:
            return
        tip = suggestion(choices)
        self.decisions.append(Decision(len(self.decisions) + 1, model.when(), choices[taken], tip,
                                       _gap(choices, taken, advice) if tip is not None else 0, model.copy()))
        self._debrief = None

    def debrief(self, model: Replayable) -> Debrief:
        """:func:`debrief` of ``model``'s race (finished), computed once."""
        if self._debrief is None:
            self._debrief = debrief(model, self.decisions)
        return self._debrief


def finish(at: Replayable, key: str) -> Finish:
    """Replay: on a copy of ``at``, the decision ``key``, then the learner's car by the autopilot (every other car
    by its own driver, as in the race) to the end of the guided race; where the learner finishes."""
    race = at.copy()
    race.coach = False
    race.decide(key)
    for _ in range(MAX_DECISIONS):
        if race.finished:
            break
        race.decide(race.autopilot())
    return Finish(race.place(), len(race.standings()))


def _gap(choices: Sequence[GuidedChoice], taken: int, advice: Any) -> int:
    """The places the coach's look-ahead (``advice``: its ``index`` and its ``outcomes``, each with a ``place``) put
    between the choice ``taken`` and the suggestion; 0 when it looked nothing ahead."""
    outcomes = getattr(advice, "outcomes", None)
    if outcomes is None or len(outcomes) != len(choices):
        return 0
    return int(outcomes[taken].place - outcomes[advice.index].place)


def suggested_at(d: Decision) -> Decision:
    """``d`` (taken while the coach was off) with the coach's suggestion there, asked on a copy (and its gap, when
    the copy's model says its ``advice()``)."""
    race = d.at.copy()
    race.coach = True
    choices = race.labelled_choices()
    tip = suggestion(choices)
    if tip is None:
        raise ValueError(f"the coach suggests nothing at {d.when}")
    taken = next((i for i, c in enumerate(choices) if c.key == d.taken.key), None)
    advice = getattr(race, "advice", None)
    gap = _gap(choices, taken, advice()) if taken is not None and callable(advice) else 0
    return Decision(d.number, d.when, d.taken, tip, gap, d.at)


def debrief(model: Replayable, decisions: Sequence[Decision], most: int = MOST, max_replays: int = MAX_REPLAYS,
            max_asked: int = MAX_ASKED) -> Debrief:
    """The debrief of ``model``'s finished guided race over its ``decisions`` (see the module docstring)."""
    if not model.finished:
        raise ValueError("the debrief comes at the end of the race")
    known: list[Decision] = []
    asked = 0
    for d in decisions:
        if d.suggested is None and asked < max_asked:
            d = suggested_at(d)
            asked += 1
        known.append(d)
    differ = [d for d in known if d.suggested is not None and d.suggested.key != d.taken.key]
    followed = sum(d.suggested is not None and d.suggested.key == d.taken.key for d in known)
    ranked = sorted(differ, key=lambda d: (-d.gap, d.number))[:max(0, max_replays // 2)]
    costs = []
    for d in sorted(ranked, key=lambda d: d.number):
        assert d.suggested is not None
        costs.append(Cost(d, finish(d.at, d.taken.key), finish(d.at, d.suggested.key)))
    worst = sorted((c for c in costs if c.lost > 0), key=lambda c: (-c.lost, c.decision.number))[:most]
    return Debrief(model.place(), len(model.standings()), len(decisions), followed, len(costs), 2 * len(costs),
                   len(decisions) - followed - len(costs), tuple(sorted(worst, key=lambda c: c.decision.number)),
                   tuple(costs))
