"""The RF90 race: the state API of every game (:class:`racebook.core.game.Race`: ``legal_actions()``,
``explain(action)``, ``apply(action)``, ``clone()``, ``at(n)``, saves) with RF90's own flow plugged in.

A :class:`Race` keeps the initial state and every action applied. Stepping back is replaying to step N from the
nearest kept copy of the position (:meth:`Race.at`; the step log, its replay and the frames rebuilt on demand are
game-agnostic, :mod:`racebook.core.log`); the turn, duel and Safety Car in progress are held by the state, so
:meth:`Race.clone` copies them. What this module holds is RF90's flow: the individual turn or the duel procedure
(:meth:`Race._step`), then the automatic steps until a decision is needed (:meth:`Race._advance`: activations, the
Safety Car's window, the Game Turn's start and end, the robots' tyre change). Every rule step appends a typed event
(racebook.rf90.events) whose sentence cites the digest.
"""

from __future__ import annotations

import os
from typing import Any

from racebook.core.datafile import read_text
from racebook.core.errors import SaveDataError
from racebook.core.game import Codec, move_contents
from racebook.core.game import Race as CoreRace
from racebook.core.log import EventLog, Step  # noqa: F401 - Step re-exported (racebook.core.log)
from racebook.core.saves import start_and_replay
from racebook.core.verdict import Verdict  # noqa: F401 - re-exported (racebook.core.verdict, shared by the games)
from racebook.rf90 import savefile, turn
from racebook.rf90.actions import Action
from racebook.rf90.actiontext import parse
from racebook.rf90.events import (
    Event,
    FrozenCardsReturned,
    GameTurnEnded,
    GameTurnStarted,
    LeaderCause,
    LeaderToken,
    RaceFinished,
    RaceStageStarted,
    RobotTyresChanged,
    SafetyCarIn,
    SectionActivated,
    TurnsLost,
)
from racebook.rf90.frame import Frame, FrameLog, frame_of  # noqa: F401 - Frame, frame_of re-exported
from racebook.rf90.notation import format_state
from racebook.rf90.rules import activation, assist, duel, pits, safetycar
from racebook.rf90.rules.classification import classification
from racebook.rf90.rules.duel import DuelCtx
from racebook.rf90.state import RaceState, ScMachine
from racebook.rf90.turn import Phase, TurnCtx


class Race(CoreRace[Action, Frame, RaceState]):
    """A race being played. Build one with :func:`racebook.rf90.scenario.load` or :meth:`from_state`.

    With frames, it keeps a copy of its position (~25 KB) every :attr:`snapshot_every` steps rather than a frame
    (~1.8 KB) after every event (~7 a step), and rebuilds the frames of a step when a view asks for them; K = 32
    from benchmarks/bench.py (memory per event, time per race)."""

    snapshot_every = 32
    frames_on_demand = True
    action_type = Action
    example_action = "Blue start"
    shared = ("_initial", "_prelude", "start_frame")

    def __init__(self, state: RaceState, frames: bool = True, prelude: tuple[Event, ...] = ()) -> None:
        """``frames=False`` keeps neither frames nor copies of positions (for fast simulation); ``prelude`` are
        events that happened before the race (e.g. qualifying), logged first in step 0."""
        self.state = state
        self.record_frames = frames
        self._initial = state.to_dict()
        self._prelude = prelude
        self.start_frame = frame_of(state)
        self.steps: list[Step] = []
        # the machine starts afresh: a state's dict (its initial state, for at(n)) holds no turn in progress
        state.turn_ctx, state.duel_ctx, state.solo, state.sc_machine = None, None, False, ScMachine()
        events = FrameLog(state, self._log_frames)
        for e in prelude:
            events.append(e)
        self._advance(events)
        self.steps.append(Step(0, None, tuple(events), tuple(events.frames)))

    # ------------------------------------------- the machine states (held by the state, so clone() copies them)
    @property
    def ctx(self) -> TurnCtx | None:
        """The individual turn in progress (§13), held by the state (``state.turn_ctx``)."""
        return self.state.turn_ctx

    @ctx.setter
    def ctx(self, value: TurnCtx | None) -> None:
        self.state.turn_ctx = value

    @property
    def duel(self) -> DuelCtx | None:
        """The duel procedure in progress (§12), held by the state (``state.duel_ctx``)."""
        return self.state.duel_ctx

    @duel.setter
    def duel(self, value: DuelCtx | None) -> None:
        self.state.duel_ctx = value

    @property
    def sc_window(self) -> list[str]:
        """The players still to decide in the Safety Car's pit window (§21.1; ``state.sc_machine.window``)."""
        return self.state.sc_machine.window

    @sc_window.setter
    def sc_window(self, value: list[str]) -> None:
        self.state.sc_machine.window = value

    # ------------------------------------------------------------------ hooks of racebook.core.game.Race
    @classmethod
    def _parse_text(cls, text: str) -> Action:
        return parse(text)

    @classmethod
    def codec(cls) -> Codec:
        return Saves

    def _new_log(self) -> FrameLog:
        return FrameLog(self.state, self._log_frames)

    def _restore(self, replayed: RaceState) -> None:
        move_contents(self.state.cars, replayed.cars)  # the Car objects stay the race's own
        super()._restore(replayed)

    def _svg(self) -> str:
        """The current position drawn as SVG (notebooks, GitHub, docs): :func:`racebook.rf90.tracksvg.race_svg`."""
        from racebook.rf90.tracksvg import race_svg  # drawing is not the engine's: imported when drawn

        return race_svg(self)

    # ----------------------------------------------------------- the API
    @property
    def current_car(self) -> str | None:
        if self.duel is not None:
            return self.duel.current
        if self.ctx is not None:
            return self.ctx.decider or self.ctx.car
        return None

    @property
    def phase(self) -> Phase | None:
        if self.duel is not None:
            return Phase.DUEL
        return self.ctx.phase if self.ctx is not None else None

    def _list_legal(self) -> list[Action]:
        if self.state.finished:
            return []
        if self.duel is not None:
            return duel.legal(self.state, self.duel)
        if self.ctx is None:
            return []
        return turn.legal(self.state, self.ctx)

    def _position_key(self) -> tuple:
        """What the legal actions depend on between two steps: the step, the turn (or duel) context and its phase.
        The state changes only through :meth:`apply` (whose rewind also drops the cache)."""
        state = self.state
        ctx, d = state.turn_ctx, state.duel_ctx
        return (len(self.steps), id(ctx), ctx.phase if ctx else None, id(d), d.stage if d else None, state.finished)

    def _legal_rule(self) -> str:
        return "§12" if self.duel is not None else turn.TABLE[self.ctx.phase].rule if self.ctx else "§13"

    def _allows(self, action: Action) -> bool:
        if self.state.finished:
            return False
        if self.duel is not None:  # the duel's listing is a few actions: it is the check
            return action in duel.legal(self.state, self.duel)
        if self.ctx is None:
            return False
        return turn.allows(self.state, self.ctx, action)

    def _step(self, action: Action, events: EventLog) -> None:
        """RF90's step: the decision goes to the duel procedure in progress (§12) or the individual turn (§13), then
        the automatic steps run until the next decision (:meth:`_advance`)."""
        if self.duel is not None:
            duel.apply(self.state, self.duel, action, events)
            if self.duel.stage == "done":
                self.duel = None
        else:
            assert self.ctx is not None
            turn.apply(self.state, self.ctx, action, events)
        self._advance(events)

    # ``events``, ``frames``, ``actions``, ``at(n)``, ``step_frames(i)``, ``apply``, ``explain``, ``clone`` and the
    # saves come from racebook.core.game.Race and racebook.core.log.Replay
    def _fresh(self, frames: bool) -> Race:
        """A new race from the initial state, its prelude (e.g. qualifying) logged in step 0 as in this race."""
        return Race(RaceState.from_dict(self._initial, self.state.track, self.state.cards), frames, self._prelude)

    def _fresh_logging(self) -> Race:
        r = Race.__new__(Race)
        r._log_frames = True
        r.__init__(RaceState.from_dict(self._initial, self.state.track, self.state.cards), True,  # type: ignore[misc]
                   self._prelude)
        return r

    @classmethod
    def from_file(cls, path: str, frames: bool = True) -> Race:
        """Load a saved race from a file (a regular file under the size cap; errors name the path)."""
        return Saves.load(path, frames)

    def position(self) -> str:
        return format_state(self.state)

    def __repr__(self) -> str:
        who = f", to play: {self.current_car} ({self.phase.value})" if self.ctx and self.phase else ""
        return f"<Race {self.position()}{who}>"

    def initial_state(self) -> dict:
        return dict(self._initial)

    # ------------------------------------------------------ turn machine
    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps until a human decision is needed or the race ends."""
        s = self.state  # the machine states are read from the state directly (the ``ctx``/``duel`` properties)
        while not s.finished:
            if s.duel_ctx is not None:
                return
            ctx = s.turn_ctx
            if ctx is not None:
                if ctx.phase is not Phase.DONE:
                    return
                self._turn_over(ctx.car)
                s.turn_ctx = None
            if s.robot_tyre_change is not None:
                self._robot_tyre_pits(events)
            if not s.started:
                s.started = True
                self._start_game_turn(events, first=True)
            if s.sc_called or s.sc_machine.deploying:
                if s.sc_called:
                    s.sc_called = False
                    self._deploy(events)
                while self.sc_window:
                    cid = self.sc_window.pop(0)
                    if s.cars[cid].on_track and not s.cars[cid].played:
                        self.ctx = turn.sc_window_turn(s, cid)
                        break
                if self.ctx is not None:
                    continue
                s.sc_machine.deploying = False
                safetycar.realign(s, safetycar.queue(s), events)
                events.append(TurnsLost())
                self._end_game_turn(events)
                continue
            nxt = activation.next_to_play(s)
            if nxt is None:
                self._end_game_turn(events)
                continue
            act, car_id = nxt.activation, nxt.car
            if act != s.activation:
                s.activation = act  # set first, so the frame recorded with the event shows it
                group = activation.cars_of(s, act)
                self._announce(nxt, group, events)
                # §12: a corner section's activation opens the duel procedure before anybody plays
                offered = len(s.duel_chances)
                self.duel = duel.start(s, act, group, events)
                if self.duel is not None:
                    return
                if len(s.duel_chances) != offered:
                    continue  # a duel procedure was offered and played itself out: it may have changed the leader
                # no duel procedure opened, so nothing changed: ``nxt`` still holds (next_to_play would say it again)
            s.solo = nxt.solo
            ctx = s.turn_ctx = turn.begin(s, car_id, events)
            if ctx is None:  # a robot played its whole turn at once
                self._turn_over(car_id)
            elif ctx.phase is Phase.DONE:
                continue
        s.turn_ctx = None

    def _turn_over(self, car_id: str) -> None:
        """A leader who played alone, or a car that pitted, ends the current activation (§11.2, §13.A.3)."""
        if self.state.solo or self.state.cars[car_id].just_pit:
            self.state.activation = None

    def _robot_tyre_pits(self, events: list[Event]) -> None:
        """§16.3 / AMB-44: every robot pits at once for the right tyres, front to back; this stop is also its
        refuelling stop, so all robot refuel chits leave the Turn Indicator."""
        s = self.state
        tyre = s.robot_tyre_change
        assert tyre is not None
        s.robot_tyre_change = None
        s.robot_tyre = tyre
        for cid in [c for c in s.race_order() if s.cars[c].is_robot]:
            car = s.cars[cid]
            pits.move_back(s, car, s.track.pit_time, events, tyre_change=tyre)
            car.tyre = tyre
            car.pits += 1
            if not car.played:
                car.just_pit = True
        s.robot_chits.clear()
        events.append(RobotTyresChanged(tyre))

    def _deploy(self, events: list[Event]) -> None:
        s = self.state
        s.sc = None
        safetycar.deploy(s, events)
        for car in s.cars.values():  # §21.1: every Chased token is removed
            car.chasing = None
        self.sc_window = [c for c in safetycar.queue(s) if not s.cars[c].is_robot and not s.cars[c].played
                          and not s.cars[c].just_pit]  # AMB-30: players only
        s.sc_machine.deploying = True

    def _announce(self, nxt: activation.Next, group: list[str], events: list[Event]) -> None:
        """The activation event: the cars of ``group`` (``activation.cars_of``) still to play, or the leader alone."""
        s = self.state
        act = nxt.activation
        if nxt.solo:
            cars: tuple[str, ...] = (nxt.car,)
        else:
            cars = tuple(c for c in group if not s.cars[c].played and s.cars[c].on_track)
        events.append(SectionActivated(act.section, str(act), cars, nxt.why, nxt.rule, act.part))

    def _start_game_turn(self, events: list[Event], first: bool = False) -> None:
        s = self.state
        tsp = {t.turn: t for t in s.track.turns.spaces}
        events.append(GameTurnStarted(s.turn, s.turn == 1, s.turn == s.track.turns.last_turn))
        if not first and s.turn in tsp and tsp[s.turn].stage_start:
            stage = sum(1 for t in s.track.turns.spaces if t.stage_start and t.turn <= s.turn)
            s.blue_flags.clear()
            s.orange = None
            events.append(RaceStageStarted(stage))
            if s.sc is not None:  # §21.5: the SC leaves as the new Race Stage begins; the race restarts
                s.sc = None
                s.restart = True
                events.append(SafetyCarIn())
        if s.sc is not None:
            safetycar.advance(s, events)
        for car in s.cars.values():
            if car.frozen:
                events.append(FrozenCardsReturned(car.id, tuple(car.frozen)))
                car.hand.extend(car.frozen)
                car.frozen.clear()
        s.duel_chances.clear()
        s.activation = None
        s.reassign_leader()  # §11.1: find the leader (an off-track leader keeps the token, §18.4)
        if s.leader is not None:
            lead = s.cars[s.leader]
            if s.fas_anchor:
                events.append(LeaderToken(s.leader, lead.off_track or lead.section, LeaderCause.TURN_START_OFF_TRACK,
                                          fas=s.fas_anchor))
            else:
                events.append(LeaderToken(s.leader, lead.section))

    def _end_game_turn(self, events: list[Event]) -> None:
        s = self.state
        events.append(GameTurnEnded(s.turn))
        for car in s.cars.values():
            car.played = False
            car.no_move = False  # §13.E.6: removed at the end of this Game Turn
        s.restart = False
        if s.turn >= s.track.turns.last_turn:
            s.finished = True
            # §25: the classification of the cars still in the race (a car at a re-entry point counts behind the
            # cars of its section, §18.5, as §21.2 does)
            order = classification(s, in_race_only=True)
            events.append(RaceFinished(s.turn, s.leader or "-", tuple(order)))
            return
        s.turn += 1
        self._start_game_turn(events)

    def _refusal(self, action: Action, legal: list[Action]) -> Verdict:
        """The verdict on an action that is not among ``legal`` (the legal actions now)."""
        if self.ctx is None and self.duel is None:
            why = "the race is over" if self.state.finished else "no individual turn is in progress"
            return Verdict(action, False, "§10", f"no decision is pending ({why})")
        if (veto := assist.refusal(self.state, action, self.ctx, self.duel)) is not None:  # Expansion #1 §5.6
            return Verdict(action, False, veto[0], veto[1], tuple(legal))
        if action.car not in {a.car for a in legal}:
            return Verdict(action, False, "§11", f"it is {self.current_car}'s decision ({self.phase.value}), "  # type: ignore[union-attr]
                           f"not {action.car}'s", tuple(legal))
        if self.duel is not None:
            return Verdict(action, False, "§12", f"in the duel procedure ({self.duel.stage}) the decisions are: "
                           + ", ".join(sorted({a.verb for a in legal})), tuple(legal))
        assert self.ctx is not None
        rule, reason = turn.explain(self.state, self.ctx, action, legal)
        return Verdict(action, False, rule, reason, tuple(legal))


class Saves:
    """RF90's codec (:class:`racebook.core.game.Codec`): the format is :mod:`racebook.rf90.savefile`'s; loading
    builds the race and replays it (every problem a :class:`~racebook.core.errors.SaveDataError`)."""

    dumps = staticmethod(savefile.dumps)

    @staticmethod
    def loads(text: Any, file: str = "<save>", frames: bool = True) -> Race:
        """The race saved in ``text`` (see :mod:`racebook.rf90.savefile`); every problem is a SaveDataError."""
        state, actions, final = savefile.read(text, file)
        race = start_and_replay(lambda: Race(state, frames), actions, parse, file)
        savefile.check_final(race, final, file)
        return race

    @staticmethod
    def load(path: str | os.PathLike[str], frames: bool = True) -> Race:
        """The race saved in the file ``path`` (a regular file under the size cap; errors name the path)."""
        return Saves.loads(read_text(path, SaveDataError), str(path), frames)
