"""The three guided first races (RF90's 00, Automobiles' A0, FormulaGP's F0) over the shared protocol
(racebook.core.guided, racebook.core.debrief), issue 33 items 2 and 6:

* every race ends with one end structure (:class:`racebook.core.guided.RaceEnd`): its status line, its story's last
  line and a refused decision say the same thing, and nothing of the Game Turn or round the race does not play is
  told after it;
* the debrief's numbers come from replays: each decision it compared is replayed here on a new race of the same
  seed (the learner's earlier decisions taken again, then the choice, then the autopilot to the end), and the places
  are the debrief's; a coached race records exactly one suggestion with its reason at every decision;
* the debrief stays within its budget of replays and of CPU time.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from racebook.core.debrief import MAX_ASKED, MAX_REPLAYS, Cost, Debrief, Replayable
from racebook.core.errors import IllegalAction
from racebook.core.guided import GuidedRaceModel, RaceEnd

GAMES = ("rf90", "automobiles", "formulagp")
#: A decision of the learner's, as text, in each game (refused once the race is over).
LEARNER_ACTION = {"rf90": "Blue start", "automobiles": "You pass", "formulagp": "Blue keep"}


def _model(game: str, seed: int) -> Any:
    if game == "rf90":
        from racebook.rf90.lessons.firstrace import FirstRace as Rf

        return Rf(seed)
    if game == "automobiles":
        from racebook.automobiles.lessons.firstrace import FirstRace as Auto

        return Auto(seed, 2, rounds=3)
    from racebook.formulagp.lessons.firstrace import FirstRace as Fgp

    return Fgp(seed, rounds=2)


def _play(model: Any, pick: int, coach: bool) -> None:
    """To the end: choice ``pick`` (clipped to the last) every time, the coach on or off."""
    model.coach = coach
    while not model.finished:
        choices = model.labelled_choices()
        model.decide(choices[min(pick, len(choices) - 1)].key)


END = re.compile(r"^(The guided race|The race) is over after (\d+) (Game Turn|round)s?: you finished "
                 r"(\d+)(st|nd|rd|th) of (\d+)\. The order: 1\. .+ \(.+\)\.$")


@pytest.mark.parametrize("game", GAMES)
def test_every_guided_race_ends_with_the_same_end_structure(game: str) -> None:
    model = _model(game, 2)
    assert isinstance(model, GuidedRaceModel) and isinstance(model, Replayable)
    _play(model, 0, coach=False)
    end: RaceEnd = model.end()
    m = END.match(end.sentence())
    assert m is not None, end.sentence()
    assert int(m.group(4)) == model.place() == end.place and int(m.group(6)) == len(model.standings())
    assert end.order == tuple(model.standings()) and end.order_words().count("you") == 1
    assert model.status() == end.status() and model.status().startswith(end.sentence() + " Press “new race”")
    last = model.latest()
    assert last[-1].sentence == end.sentence() and last[-1].rule == end.rule != ""
    assert sum(line.sentence == end.sentence() for line in last) == 1
    # nothing of the Game Turn or round after the last one played is told (no "Game Turn 4 begins")
    unit, played = m.group(3), int(m.group(2))
    nxt = f"{unit} {played + 1}"
    assert not any(nxt.lower() in line.sentence.lower() for line in last), [line.sentence for line in last]
    with pytest.raises(IllegalAction, match=re.escape(end.refusal())):
        model.decide(LEARNER_ACTION[game])


def _replayed(game: str, seed: int, keys: list[str], key: str) -> int:
    """A new race of ``seed``: the learner's recorded decisions ``keys`` taken again, then ``key``, then the learner
    driven by the autopilot to the end; the learner's place."""
    race = _model(game, seed)
    race.coach = False
    for k in keys:
        race.decide(k)
    assert key in [c.key for c in race.labelled_choices()]
    race.decide(key)
    while not race.finished:
        race.decide(race.autopilot())
    return int(race.place())


def _check_against_replays(game: str, seed: int, d: Debrief, keys: list[str], costs: list[Cost]) -> None:
    for c in costs:
        n = c.decision.number
        assert c.decision.suggested is not None and c.decision.taken.key == keys[n - 1]
        assert _replayed(game, seed, keys[:n - 1], c.decision.suggested.key) == c.suggested.place
        assert _replayed(game, seed, keys[:n - 1], c.decision.taken.key) == c.yours.place


@pytest.mark.parametrize("game", GAMES)
def test_the_debriefs_numbers_come_from_replays(game: str) -> None:
    """Played with the coach on, always the first choice: every decision records exactly one suggestion with its
    reason; each decision the debrief names (and the first two it compared) replayed here from a new race gives
    the debrief's places."""
    named = 0
    for seed in (1, 2, 3):
        model = _model(game, seed)
        _play(model, 0, coach=True)
        decisions = model.log.decisions
        assert decisions and all(d.suggested is not None and d.suggested.reason.strip() for d in decisions)
        d = model.debrief()
        assert d is model.debrief()  # computed once
        keys = [x.taken.key for x in decisions]
        assert (d.place, d.cars, d.decisions) == (model.place(), len(model.standings()), len(decisions))
        assert d.followed == sum(x.suggested.key == x.taken.key for x in decisions)
        assert d.replays == 2 * d.compared == 2 * len(d.replayed) <= MAX_REPLAYS
        assert d.compared + d.skipped == d.decisions - d.followed
        assert list(d.costs) == sorted(sorted((c for c in d.replayed if c.lost > 0),
                                              key=lambda c: (-c.lost, c.decision.number))[:3],
                                       key=lambda c: c.decision.number)
        _check_against_replays(game, seed, d, keys, [*d.costs, *[c for c in d.replayed[:2] if c not in d.costs]])
        for c in d.costs:
            assert c.sentence() in d.text() and f"finishes {c.suggested.words()}" in c.sentence()
        named += len(d.costs)
    assert named >= 1  # some decision cost a place in these races


@pytest.mark.parametrize("game", GAMES)
def test_a_race_played_with_the_coach_off_is_debriefed_alike(game: str) -> None:
    """The suggestions a coach-off race did not compute are asked at the debrief, on the copies: the same debrief
    as the same race played with the coach on."""
    on, off = _model(game, 3), _model(game, 3)
    _play(on, 0, coach=True)
    _play(off, 0, coach=False)
    assert all(d.suggested is None for d in off.log.decisions)
    assert on.debrief() == off.debrief() and on.debrief().replayed


def test_the_debrief_stays_within_its_budget() -> None:
    """FormulaGP's 4-round race (the dearest replays), coach off (every suggestion asked afterwards), the first
    choice every time: at most MAX_REPLAYS replays and MAX_ASKED suggestions, well within a couple of seconds of CPU
    (measured 1.6-2.0 s on this machine's shared cores; the coach on, 0.6-1.2 s)."""
    from racebook.formulagp.lessons.firstrace import FirstRace

    race = FirstRace(4)  # a seed whose learner differs from the coach more often than the budget replays (70 decisions)
    _play(race, 0, coach=False)
    t0 = time.process_time()
    d = race.debrief()
    cpu = time.process_time() - t0
    assert len(race.log.decisions) > MAX_REPLAYS // 2 and d.replays == MAX_REPLAYS and d.skipped > 0
    assert d.followed + d.compared + d.skipped == d.decisions > MAX_ASKED  # some suggestions were never asked
    assert cpu < 4, cpu
