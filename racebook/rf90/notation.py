"""RPN — Race Position Notation: one line of text for a race position.

Like FEN for chess, it is used by reprs, error messages, fixtures and
scenario files. Example (Ex. 11's starting position)::

    teaching turn=1 lap=2 weather=3 | E: Blue* | D: Purple-1 | G: Orange Green | I: Yellow

* header: track id, then ``turn=`` (Game Turn), ``lap=`` (the leader's lap,
  i.e. finish-line crossings), ``weather=`` (index of the weather-pawn
  space, 0 = leftmost); each is optional (defaults 1, 1, 0); ``sc=SECTION``
  when the Safety Car is out (§21); ``teams=Green+Red,Blue+Pink`` when cars race
  in teams (Expansion #1 §5), a team written ``NAME:Green+Red`` when its name is
  not its two car ids joined by ``+``.
* then ``| SECTION: cars`` groups, cars front to back. Sections are written
  front of the race first; when parsing, any order is accepted.
* a car token is ``ID`` plus optional suffixes, in this order:
  ``*`` holds the Leader token; ``-k`` is k laps down ("-1 lap" token);
  ``@TRAJ`` occupies trajectory TRAJ; ``{played,no_move,just_pit}`` flags; ``{off=SECTION}`` marks a
  car off the track, waiting at the re-entry point beside the group's section, that lost control in
  SECTION (§18.5). It is written after the cars of that section.
* ``(Y)`` is a yellow-flag token at that place in the section (§15.1).
* Car ids starting with ``SuperFast``, ``Fast`` or ``Slow`` are robots of
  that type (§17) unless a scenario says otherwise.

A position the rules make impossible is refused with a :class:`~racebook.core.errors.NotationError`, never loaded:
``turn=0`` (Game Turns count from 1, §10) or a turn after the track's last (§10), a lap-down marker on the
leader (the leader is never lapped, §13.E.4), a car more laps down than the leader has laps, a car that would be on
a lap before lap 0 (laps count from 0, the grid before the finish line: ``lap=0`` with a car behind the leader
across the line), a header item or
section written twice, a flag written twice. Numbers are ASCII digits (at most 6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from racebook.core.datafile import DATA_ID
from racebook.core.errors import NotationError
from racebook.core.fields import ascii_int
from racebook.rf90.car import Car, CarKind, RobotType, Status
from racebook.rf90.state import YELLOW_FLAG, RaceState

_TOKEN = re.compile(r"^(?P<id>[A-Za-z][A-Za-z0-9_]*)(?P<star>\*)?(?:-(?P<down>[1-9][0-9]{0,5}))?"
                    r"(?:@(?P<traj>[A-Za-z0-9_.\-]+))?(?:\{(?P<flags>[A-Za-z0-9_,=\-]*)\})?$")
_FLAGS = ("played", "no_move", "just_pit")
_MAX_TEXT = 100_000
_TRACK_ID = DATA_ID  # an id, never a path (a viewer types RPN in widgets)


@dataclass(frozen=True, slots=True)
class CarToken:
    id: str
    leader: bool = False
    laps_down: int = 0
    trajectory: str | None = None
    flags: tuple[str, ...] = ()

    def __str__(self) -> str:
        s = self.id + ("*" if self.leader else "")
        if self.laps_down:
            s += f"-{self.laps_down}"
        if self.trajectory:
            s += f"@{self.trajectory}"
        if self.flags:
            s += "{" + ",".join(self.flags) + "}"
        return s


@dataclass(frozen=True, slots=True)
class Position:
    track: str
    turn: int
    lap: int
    weather: int
    sections: tuple[tuple[str, tuple[CarToken | str, ...]], ...]  # (section, tokens front to back)
    sc: str | None = None  # the Safety Car's section (§21)
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (team name, its cars) (Expansion #1 §5)

    def __str__(self) -> str:
        head = f"{self.track} turn={self.turn} lap={self.lap} weather={self.weather}"
        if self.sc:
            head += f" sc={self.sc}"
        if self.teams:
            head += " teams=" + ",".join(("" if name == "+".join(ids) else f"{name}:") + "+".join(ids)
                                         for name, ids in self.teams)
        groups = [f"{sec}: " + " ".join(str(t) for t in toks) for sec, toks in self.sections]
        return " | ".join([head, *groups])

    def _repr_svg_(self) -> str:
        """The position drawn on its track as SVG: :func:`racebook.rf90.tracksvg.notation_svg`."""
        from racebook.rf90.tracksvg import notation_svg  # drawing is not the engine's: imported when drawn

        return notation_svg(self)

    def car_ids(self) -> list[str]:
        return [t.id for _, toks in self.sections for t in toks if isinstance(t, CarToken)]


def robot_type_for(car_id: str) -> RobotType | None:
    for prefix, rt in (("SuperFast", RobotType.SUPERFAST), ("Fast", RobotType.FAST), ("Slow", RobotType.SLOW)):
        if car_id.startswith(prefix):
            return rt
    return None


def parse(text: str) -> Position:
    """Parse an RPN string; errors quote the text and name the bad part (always :class:`NotationError`)."""
    if not isinstance(text, str):
        raise NotationError(f"position {text!r}: a position is a string")
    if len(text) > _MAX_TEXT:
        raise NotationError(f"position of {len(text)} characters: too long (at most {_MAX_TEXT})")
    parts = [p.strip() for p in text.strip().split("|")]
    head = parts[0].split()
    if not head:
        raise NotationError(f"position {text!r}: missing track id before the first '|'")
    track, fields = head[0], {"turn": 1, "lap": 1, "weather": 0}
    if not _TRACK_ID.fullmatch(track):
        raise NotationError(f"position {text!r}: {track!r} is not a track id (letters, digits, '_' and '-'; "
                            "a position names its track by id, never by path)")
    sc: str | None = None
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()
    given: set[str] = set()
    for item in head[1:]:
        k, eq, v = item.partition("=")
        if k in given:
            raise NotationError(f"position {text!r}: header item {k}= is written twice")
        if k == "sc" and v:
            sc = v
            given.add(k)
            continue
        if k == "teams" and v:
            teams = _teams(text, v)
            given.add(k)
            continue
        n = ascii_int(v, 6)
        if not eq or k not in fields or n is None:
            raise NotationError(f"position {text!r}: bad header item {item!r} (expected turn=N, lap=N or weather=N "
                                "with N in ASCII digits, sc=SECTION or teams=A+B,C+D)")
        fields[k] = n
        given.add(k)
    if fields["turn"] < 1:
        raise NotationError(f"position {text!r}: turn={fields['turn']}: Game Turns count from 1 (§10)")
    sections: list[tuple[str, tuple[CarToken | str, ...]]] = []
    seen_cars: set[str] = set()
    seen_sections: set[str] = set()
    leaders = 0
    for group in parts[1:]:
        if not group:
            continue
        sec, colon, rest = group.partition(":")
        sec = sec.strip()
        if not colon or not sec:
            raise NotationError(f"position {text!r}: group {group!r} should be 'SECTION: car car …'")
        if sec in seen_sections:
            raise NotationError(f"position {text!r}: section {sec} is written twice; write its cars in one group")
        seen_sections.add(sec)
        toks: list[CarToken | str] = []
        for word in rest.split():
            if word == YELLOW_FLAG:
                toks.append(YELLOW_FLAG)
                continue
            m = _TOKEN.match(word)
            if not m:
                raise NotationError(f"position {text!r}: bad car token {word!r} in section {sec} "
                                    "(expected e.g. Blue, Blue*, Purple-1, Red@F.t1, Green{played})")
            flags = tuple(f for f in (m["flags"] or "").split(",") if f)
            for f in flags:
                if f not in _FLAGS and not f.startswith("off="):
                    known = ", ".join(_FLAGS)
                    raise NotationError(f"position {text!r}: unknown flag {f!r} on {m['id']} (known: {known})")
            if len(set(flags)) != len(flags) or sum(f.startswith("off=") for f in flags) > 1:
                raise NotationError(f"position {text!r}: {word}: a flag is written twice")
            tok = CarToken(m["id"], bool(m["star"]), int(m["down"] or 0), m["traj"], flags)
            if tok.id in seen_cars:
                raise NotationError(f"position {text!r}: car {tok.id} appears twice")
            if tok.trajectory and any(f.startswith("off=") for f in flags):
                raise NotationError(f"position {text!r}: {word}: a car off the track occupies no trajectory "
                                    "(§18.5)")
            seen_cars.add(tok.id)
            leaders += tok.leader
            toks.append(tok)
        sections.append((sec, tuple(toks)))
    if leaders > 1:
        raise NotationError(f"position {text!r}: more than one car holds the Leader token '*'")
    return Position(track, fields["turn"], fields["lap"], fields["weather"], tuple(sections), sc, teams)


_NAME, _CAR = r"[A-Za-z0-9_\-]+", r"[A-Za-z][A-Za-z0-9_]*"
_TEAM = re.compile(rf"(?:(?P<name>{_NAME}):)?(?P<a>{_CAR})\+(?P<b>{_CAR})")
#: A team name the position notation can write and read back: letters, digits, "_" and "-" (or "A+B", its cars).
TEAM_NAME = re.compile(rf"{_NAME}|{_CAR}\+{_CAR}")


def _teams(text: str, value: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``teams=Green+Red,Ferrari:Blue+Pink``: two cars a team, each car in one team (Expansion #1 §5.1)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for word in value.split(","):
        m = _TEAM.fullmatch(word)
        if not m:
            raise NotationError(f"position {text!r}: bad team {word!r} (expected two car ids joined by '+', "
                                "optionally after a name and ':', e.g. Green+Red or Ferrari:Green+Red)")
        ids = (m["a"], m["b"])
        name = m["name"] or "+".join(ids)
        if m["a"] == m["b"] or seen & set(ids) or name in {n for n, _ in out}:
            raise NotationError(f"position {text!r}: team {word!r}: a team is two different cars, each car in one "
                                "team and each team named once (Expansion #1 §5.1)")
        seen |= set(ids)
        out.append((name, ids))
    return tuple(out)


def _check_laps(position: Position) -> None:
    """The lap tokens the rules allow: the leader is never lapped and no car is more laps down than the
    leader has laps (§13.E.4). Syntax is :func:`parse`'s; this is checked when a position is placed."""
    cars = [t for _, toks in position.sections for t in toks if isinstance(t, CarToken)]
    leader = next((t for t in cars if t.leader), cars[0] if cars else None)
    if leader is not None and leader.laps_down:
        which = "holds the Leader token" if leader.leader else "is the leader (the first car written, no '*')"
        raise NotationError(f"position {position}: {leader.id} {which} but carries a lap-down marker "
                            f"-{leader.laps_down}; the leader is never lapped (§13.E.4)")
    for t in cars:
        if t.laps_down > position.lap:
            raise NotationError(f"position {position}: {t.id}-{t.laps_down}: the leader is on lap {position.lap}, "
                                f"so no car can be {t.laps_down} lap{'s' * (t.laps_down > 1)} down (§13.E.4)")


_CAR_FIELDS = ("section", "lap", "trajectory", "played", "no_move", "just_pit", "off_track", "lost_control", "team")
_STATE_FIELDS = ("turn", "weather", "sc", "leader", "fas_anchor")


def apply(position: Position, state: RaceState, create_missing: bool = True) -> None:
    """Place the cars of ``position`` on ``state`` (cars not yet defined are created).

    All or nothing: a position that is refused (:class:`NotationError`) leaves ``state`` exactly as it was —
    no car is created, moved or lost."""
    cars = {cid: tuple(getattr(car, f) for f in _CAR_FIELDS) for cid, car in state.cars.items()}
    order = {sec: list(lst) for sec, lst in state.order.items()}
    fields = tuple(getattr(state, f) for f in _STATE_FIELDS)
    try:
        _apply(position, state, create_missing)
    except NotationError:
        for cid in [c for c in state.cars if c not in cars]:
            del state.cars[cid]
        for cid, values in cars.items():
            for f, v in zip(_CAR_FIELDS, values, strict=True):
                setattr(state.cars[cid], f, v)
        for sec, lst in state.order.items():
            lst[:] = order.get(sec, [])
        for f, v in zip(_STATE_FIELDS, fields, strict=True):
            setattr(state, f, v)
        raise


def _apply(position: Position, state: RaceState, create_missing: bool) -> None:
    track = state.track
    if position.track != track.id:
        raise NotationError(f"position {position}: is for track {position.track!r}, not {track.id!r}")
    _check_laps(position)
    for sec, _ in position.sections:
        if not track.has_section(sec):
            raise NotationError(f"position {position}: track {track.id!r} has no section {sec!r} "
                                f"(sections: {', '.join(s.name for s in track.sections)})")
    if position.sc is not None and not track.has_section(position.sc):
        raise NotationError(f"position {position}: sc={position.sc}: no such section")
    if not 0 <= position.weather < len(track.weather.spaces):
        raise NotationError(f"position {position}: weather={position.weather} is off the table "
                            f"(0..{len(track.weather.spaces) - 1})")
    if not 1 <= position.turn <= track.turns.last_turn:
        raise NotationError(f"position {position}: turn={position.turn}: track {track.id!r} has Game Turns "
                            f"1..{track.turns.last_turn} (§10)")
    mentioned = set(position.car_ids())
    missing = [c.id for c in state.cars.values() if c.id not in mentioned and c.status is Status.RACING and c.section]
    if missing:
        raise NotationError(f"position {position}: car(s) {', '.join(missing)} race on this state but are not in "
                            "the position; a position places every racing car")
    for lst in state.order.values():
        lst.clear()
    state.turn, state.weather = position.turn, position.weather
    if position.sc is not None:
        state.sc = position.sc
    tokens: dict[str, CarToken] = {}
    _apply_teams(position, state, create_missing)
    for sec, toks in position.sections:
        for t in toks:
            if isinstance(t, str):
                if track.section(sec).type.value != "corner":
                    raise NotationError(f"position {position}: a yellow flag (Y) can only be in a corner section, "
                                        f"not in {sec} ({track.section(sec).type.value}) (§15.1)")
                if YELLOW_FLAG in state.order[sec]:
                    raise NotationError(f"position {position}: at most one yellow flag per corner section ({sec}) "
                                        "(§15.1)")
                state.order[sec].append(YELLOW_FLAG)
                continue
            if t.id not in state.cars:
                if not create_missing:
                    raise NotationError(f"position {position}: car {t.id} is not defined in this race")
                rt = robot_type_for(t.id)
                state.cars[t.id] = Car(t.id, CarKind.ROBOT if rt else CarKind.HUMAN, robot=rt)
            car = state.cars[t.id]
            state.place(t.id, sec)
            car.trajectory = t.trajectory
            if t.trajectory:
                try:
                    tr = track.trajectory(t.trajectory)
                except KeyError:
                    ids = ", ".join(x.id for x in track.trajectories_in(sec)) or "none"
                    raise NotationError(f"position {position}: {t.id}@{t.trajectory}: track {track.id!r} has no "
                                        f"trajectory {t.trajectory!r} (in {sec}: {ids})") from None
                if tr.section != sec:
                    raise NotationError(f"position {position}: trajectory {t.trajectory} is in section "
                                        f"{tr.section}, not {sec}")
            car.played = "played" in t.flags
            car.no_move = "no_move" in t.flags
            car.just_pit = "just_pit" in t.flags
            for f in t.flags:
                if f.startswith("off="):
                    lost = f[4:]
                    if not track.has_section(lost):
                        raise NotationError(f"position {position}: {t.id}{{{f}}}: no section {lost!r}")
                    car.off_track, car.lost_control = sec, lost
            tokens[t.id] = t
    if not tokens:
        state.leader = None
        return
    leader_id = next((i for i, t in tokens.items() if t.leader), None) or position.car_ids()[0]
    lead = state.cars[leader_id]
    lead.lap = position.lap
    state.leader = leader_id
    n = len(track)
    # Off-track cars leave the order lists first (§18.5), so that the lap tokens are counted on the state as it
    # will be (format → apply → format is stable, also for an off-track leader).
    for cid in tokens:
        car = state.cars[cid]
        if car.off_track is not None:
            state.remove(cid)
            if cid == leader_id:
                state.fas_anchor = car.lost_control  # §18.4: an off-track leader keeps the token

    def behind_leader(cid: str) -> bool:
        if lead.off_track is None and state.cars[cid].off_track is None:
            return state.key(cid) < state.key(leader_id)
        car = state.cars[cid]
        return (car.lap, track.section(car.section).index) <= (lead.lap, track.section(lead.section).index)

    for cid, t in tokens.items():
        if cid == leader_id:
            continue
        car = state.cars[cid]
        for lap in (position.lap - t.laps_down, position.lap - t.laps_down - 1):
            if lap < 0:
                continue
            car.lap = lap
            if behind_leader(cid) and state.laps_down(cid) == t.laps_down:
                break
        else:
            if position.lap - t.laps_down - 1 < 0:
                raise NotationError(f"position {position}: {cid} would be on lap {position.lap - t.laps_down - 1} "
                                    f"behind the leader {leader_id} on lap {position.lap}: laps count from 0 (the "
                                    "grid, before the finish line, §7.2); give the leader's lap in the header")
            raise NotationError(f"position {position}: {cid}-{t.laps_down} cannot be placed consistently "
                                f"with the leader {leader_id} on lap {position.lap} (track of {n} sections)")
    if state.fas_anchor is None and state.frontmost() != leader_id:
        raise NotationError(f"position {position}: {leader_id} holds the Leader token but "
                            f"{state.frontmost()} is further ahead; mark the frontmost car with '*' or add lap tokens")


def _apply_teams(position: Position, state: RaceState, create_missing: bool) -> None:
    """The position names every team (Expansion #1 §5.1): a car of a team that is not in the position is a car
    of the race (a retired teammate, say); a position without ``teams=`` leaves no car in a team."""
    cars = set(state.cars) | (set(position.car_ids()) if create_missing else set())
    for name, ids in position.teams:
        for cid in ids:
            if cid not in cars:
                raise NotationError(f"position {position}: team {name}: car {cid} is not in this race")
    for car in state.cars.values():
        car.team = None
    for name, ids in position.teams:
        for cid in ids:
            if cid not in state.cars:  # placed below; created now so that it joins its team
                rt = robot_type_for(cid)
                state.cars[cid] = Car(cid, CarKind.ROBOT if rt else CarKind.HUMAN, robot=rt)
            state.cars[cid].team = name


def teams_of(state: RaceState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The race's teams, (name, car ids), by name; a team named by its cars lists them in its name's order."""
    teams: dict[str, list[str]] = {}
    for car in state.cars.values():
        if car.team is not None:
            teams.setdefault(car.team, []).append(car.id)
    return tuple((name, tuple(sorted(ids, key=lambda c: name.split("+").index(c) if c in name.split("+") else 2)))
                 for name, ids in sorted(teams.items()))


def of(state: RaceState) -> Position:
    """The position of a race state, sections written from the leader's section backwards."""
    track = state.track
    lead = state.cars[state.leader] if state.leader else None
    start = track.section(state.fas_anchor or lead.section).index if lead else len(track) - 1
    groups = []
    for k in range(len(track)):
        sec = track.sections[(start - k) % len(track)].name
        toks: list[CarToken | str] = []
        for cid in state.order[sec]:
            if cid == YELLOW_FLAG:
                toks.append(YELLOW_FLAG)
                continue
            car = state.cars[cid]
            flags = tuple(f for f in _FLAGS if getattr(car, f))
            toks.append(CarToken(cid, cid == state.leader, state.laps_down(cid), car.trajectory, flags))
        for cid in state.off_track_at(sec):
            car = state.cars[cid]
            flags = tuple(f for f in _FLAGS if getattr(car, f)) + (f"off={car.lost_control}",)
            toks.append(CarToken(cid, cid == state.leader, state.laps_down(cid), None, flags))
        if toks:
            groups.append((sec, tuple(toks)))
    return Position(track.id, state.turn, lead.lap if lead else 1, state.weather, tuple(groups), state.sc,
                    teams_of(state))


def format_state(state: RaceState) -> str:
    return str(of(state))
