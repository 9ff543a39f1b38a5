"""Seasons with Sponsors (advanced module, §22.3–§22.5): one game of 3 or more races, points for each race, and
between two races the sponsors. The whole Season is one :class:`~racebook.automobiles.game.Race` (one state API):

1. A race ends (§14): points by finishing position (``data/season.toml``, invented-for-teaching: the source prints
   no table). After the last race the Season is over: most points wins (ties: the better place in the last race).
2. **Sponsors** (§22.4): the pool is refilled from the shuffled sponsor deck; in finishing order, the winner first,
   each player takes one (``A sponsor E1``), or keeps their own and discards one of the pool (``A keep F2``), or takes
   none (``A pass``).
3. **Sponsor effects** (§22.5), in finishing order: each sponsor's program (:mod:`racebook.automobiles.sponsors`),
   its choices made one at a time like a card's.
4. **The next race** (§22.4, AMB-26): the grid in finishing order, the winner on pole (house rule ``season_grid``:
   or reversed); each player's cubes all go back into the Bag, the Stock is **not** replenished, and the race opens
   with the pre-race purchases (§4 item 5) as usual.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from racebook.automobiles import effects
from racebook.automobiles.actions import KeepSponsor, Pass, TakeSponsor
from racebook.automobiles.cubes import DATA, check_source
from racebook.automobiles.events import (
    SeasonFinished,
    SeasonPoints,
    SeasonRaceStarted,
    SponsorDeclined,
    SponsorEffect,
    SponsorKept,
    SponsorPool,
    SponsorTaken,
    StartingOrder,
)
from racebook.automobiles.options import SeasonGrid
from racebook.automobiles.rules.standings import standings
from racebook.automobiles.sponsors import sponsors, tier
from racebook.automobiles.state import GameState, Pending, Phase, Season, Turn
from racebook.automobiles.turnstart import prerace_turn
from racebook.core.actions import Action
from racebook.core.datafile import load_toml
from racebook.core.errors import DataError, SetupError
from racebook.core.log import EventLog

RULE = "§22.4"


@cache
def season_data() -> dict[str, Any]:
    """The Season numbers: default races, the points table, the pool's extra size (validated, with provenance)."""
    file = str(DATA / "season.toml")
    doc = load_toml(DATA / "season.toml")
    s = doc.get("season")
    if doc.get("schema") != 1 or not isinstance(s, dict):
        raise DataError(file, "season", "schema = 1 and a [season] table")
    races, points, extra = s.get("races"), s.get("points"), s.get("pool_extra")
    if not isinstance(races, int) or races < 3:
        raise DataError(file, "season.races", "a Season is 3 or more races (§22.3)")
    if not isinstance(points, list) or len(points) < 5 or not all(isinstance(x, int) and x >= 0 for x in points) \
            or points != sorted(points, reverse=True):
        raise DataError(file, "season.points", "points for 1st to 5th at least, never more for a worse place")
    if not isinstance(extra, int) or not 0 <= extra <= 5:
        raise DataError(file, "season.pool_extra", "a number 0..5")
    src = s.get("source")
    for k in ("races", "points", "pool_extra"):
        check_source(src.get(k) if isinstance(src, dict) else None, f"season.source.{k}", file)
    return {"races": races, "points": tuple(points), "pool_extra": extra}


def start(state: GameState, races: int | None = None, deck: list[str] | None = None) -> Season:
    """A new Season for ``state`` (a race before its set-up turn): the sponsor deck shuffled with the race's
    generator unless ``deck`` gives it (top first)."""
    data = season_data()
    races = data["races"] if races is None else races
    if not isinstance(races, int) or isinstance(races, bool) or not 3 <= races <= 9:
        raise SetupError(races, "§22.3", "a Season is 3 or more races (up to 9 here)")
    known = sponsors()
    if deck is None:
        deck = list(known)
        state.rng.shuffle(deck)
    elif any(s not in known for s in deck) or len(set(deck)) != len(deck):
        raise SetupError(deck, "§22.5", f"a sponsor deck lists sponsors ({', '.join(known)}) once each")
    return Season(races, data["points"], points={pid: 0 for pid in state.players}, deck=list(deck))


# ------------------------------------------------------------------ the end of a race
def race_over(state: GameState, events: EventLog) -> bool:
    """A race of a Season has ended: points, then the sponsors (True) or the end of the Season (False)."""
    sn = state.season
    assert sn is not None
    order = tuple(standings(state))
    awarded = {pid: sn.table[i] if i < len(sn.table) else 0 for i, pid in enumerate(order)}
    for pid, n in awarded.items():
        sn.points[pid] = sn.points.get(pid, 0) + n
    events.append(SeasonPoints(sn.race, sn.races, _text(awarded), _text(sn.points)))
    sn.finish = order
    if sn.race >= sn.races:
        ranking = tuple(sorted(order, key=lambda pid: (-sn.points[pid], order.index(pid))))
        events.append(SeasonFinished(ranking[0], ranking, _text({p: sn.points[p] for p in ranking})))
        state.finished, state.turn = True, None
        return False
    want = len(state.players) + season_data()["pool_extra"]
    while len(sn.pool) < want and sn.deck:
        sn.pool.append(sn.deck.pop(0))
    state.turn = Turn(order[0], Phase.SPONSORS)
    events.append(SponsorPool(tuple(sn.pool), order))
    return True


def _text(d: dict[str, int]) -> str:
    return " ".join(f"{k} {v}" for k, v in d.items())


# ------------------------------------------------------------------ choosing the sponsors (§22.4)
def legal(state: GameState) -> list[Action]:
    t, sn = state.turn, state.season
    assert t is not None and sn is not None
    out: list[Action] = [TakeSponsor(t.car, s) for s in sn.pool]
    if t.car in sn.sponsors:
        out += [KeepSponsor(t.car, s) for s in sn.pool]
    return out + [Pass(t.car)]


def why_not(state: GameState, action: Action) -> tuple[str, str]:
    t, sn = state.turn, state.season
    assert t is not None and sn is not None
    if isinstance(action, KeepSponsor) and t.car not in sn.sponsors:
        return RULE, f"{t.car} has no sponsor to keep"
    if isinstance(action, (TakeSponsor, KeepSponsor)):
        which = action.sponsor if isinstance(action, TakeSponsor) else action.discard
        return RULE, f"{which} is not in the pool ({', '.join(sn.pool) or 'empty'})"
    return RULE, "between races each player takes a sponsor ('sponsor E1'), keeps theirs ('keep <discarded>') or passes"


def choose(state: GameState, action: Action, events: EventLog) -> None:
    """Apply a sponsor choice; after the last player, the sponsors' effects."""
    t, sn = state.turn, state.season
    assert t is not None and sn is not None
    old = sn.sponsors.get(t.car, "-")
    if isinstance(action, TakeSponsor):
        sn.pool.remove(action.sponsor)
        sn.sponsors[t.car] = action.sponsor
        events.append(SponsorTaken(t.car, action.sponsor, old))
    elif isinstance(action, KeepSponsor):
        sn.pool.remove(action.discard)
        events.append(SponsorKept(t.car, old, action.discard))
    else:
        sn.sponsors.pop(t.car, None)
        events.append(SponsorDeclined(t.car, old))
    i = sn.finish.index(t.car)
    if i + 1 < len(sn.finish):
        state.turn = Turn(sn.finish[i + 1], Phase.SPONSORS)
    else:
        effects_from(state, 0, events)


# ------------------------------------------------------------------ the sponsors' effects (§22.5)
def effects_from(state: GameState, i: int, events: EventLog) -> None:
    """Run the sponsors' effects in finishing order from the ``i``-th player; stop at a choice; then the next race."""
    sn = state.season
    assert sn is not None
    known = sponsors()
    for pid in sn.finish[i:]:
        sid = sn.sponsors.get(pid)
        if sid is None:
            continue
        sp = known[sid]
        tr = tier(state, pid)
        amount = sp.tiers[("first", "middle", "last").index(tr)]
        events.append(SponsorEffect(pid, sid, sp.group, sp.standard, tr, amount, sn.finish.index(pid) + 1,
                                    len(sn.finish)))
        state.turn = t = Turn(pid, Phase.SPONSOR)
        t.pending = Pending(sid, "", pid)
        effects.advance(state, events)
        if t.pending is not None:
            return
    next_race(state, events)


def opening(state: GameState, events: EventLog) -> None:
    """A position between two races whose turn has not begun (a scenario): the pool, or the sponsors' effects."""
    t, sn = state.turn, state.season
    assert t is not None and sn is not None
    t.begun = True
    if t.phase is Phase.SPONSORS:
        events.append(SponsorPool(tuple(sn.pool), sn.finish))
    else:
        effects_from(state, sn.finish.index(t.car), events)


def resume(state: GameState, events: EventLog) -> None:
    """A sponsor's effect is over: the next player's, or the next race."""
    t, sn = state.turn, state.season
    assert t is not None and sn is not None
    effects_from(state, sn.finish.index(t.car) + 1, events)


def next_race(state: GameState, events: EventLog) -> None:
    """§22.4, AMB-26: the grid by the last finish; all cubes into the Bag; the pre-race purchases open the race."""
    sn = state.season
    assert sn is not None
    sn.race += 1
    order = list(sn.finish)
    reverse = state.rules.season_grid is SeasonGrid.REVERSED
    if reverse:
        order.reverse()
    state.players = {pid: state.players[pid] for pid in order}
    board = state.board
    for pid, slot in zip(order, board.grid, strict=False):
        p = state.players[pid]
        p.bag = p.owned()
        p.active, p.used, p.discard, p.held, p.track = {}, {}, {}, {}, []
        p.lane, p.progress, p.money = slot.lane, board.grid_progress(slot), slot.money
    state.round, state.finish_triggered = 0, None
    how = "the winner at the back" if reverse else "the winner on pole"
    events.append(SeasonRaceStarted(sn.race, sn.races, how, tuple(order)))
    events.append(StartingOrder(tuple(order)))
    prerace_turn(state, order[0], events)
