"""[ADV] The Late Pit Bonus (digest §16.6, §14.2; the original's 11.4, 10.2): the Fresh Tyres token earned by a stop
once the Chequered Flag reached its radar space, its +2 MP on each move (in the move's breakdown), its lesser side
on degraded tyres or wet tyres on a dry track, none on worn tyres, dry tyres on a wet track, from the pit-exit space
or on a rejoin; the switch LP1 both ways; the data file's validation; the notation; a Standard race unchanged; a
hypothesis property over late Advanced races (every card in one place, the notation round-trips, races end)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.errors import DataError
from racebook.formulagp import events as ev
from racebook.formulagp import latepit
from racebook.formulagp.agents import Greedy, RandomDriver
from racebook.formulagp.events import latepit as lev
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.panel import panel
from racebook.formulagp.playerboard import Tyre, TyreState
from racebook.formulagp.rules import latepit as lp
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Mode, Phase, Turn

FRESH = panel().radar["fresh_tyres"]
TOKENS = lp.late_pit_values()


def test_the_token_values_stated_and_invented() -> None:
    """§16.6: +2 MP stated; its lesser side is not printed: invented-for-teaching, +1."""
    assert (TOKENS.fresh, TOKENS.degraded) == (2, 1)
    src = dict(TOKENS.sources)
    assert src["fresh_tyres.fresh"].startswith("digest §16.6")
    assert src["fresh_tyres.degraded"].startswith("invented-for-teaching")
    assert FRESH in (17, 18)  # "17th or 18th round"


def _doc(**change: Any) -> dict[str, Any]:
    t = {"fresh": 2, "degraded": 1, "source": "invented-for-teaching: test"}
    t.update(change)
    return {"schema": 1, "fresh_tyres": t}


@pytest.mark.parametrize("change", [{"degraded": 2}, {"fresh": 0}, {"fresh": "two"}, {"source": "?"}, {"x": 1}])
def test_bad_late_pit_data_is_a_one_line_data_error(change: dict[str, Any]) -> None:
    lp.parse_late_pit(_doc(), "late_pit.toml")
    with pytest.raises(DataError) as e:
        lp.parse_late_pit(_doc(**change), "late_pit.toml")
    assert "late_pit.toml" in str(e.value) and "\n" not in str(e.value)


def in_box(flag: int, *, mode: Mode = Mode.ADVANCED, rules: Rules | None = None) -> Race:
    """Grey in its pit box, its stop in service, the Chequered Flag on radar space ``flag``."""
    race = new_race(["Grey", "Red"], 1, mode=mode, rules=rules) if rules else new_race(["Grey", "Red"], 1, mode=mode)
    s = race.state
    s.round, s.flag, s.order, s.turn_index, s.turn = flag, flag, ("Grey",), 0, Turn("Grey")
    for c in s.cars.values():
        c.radio_offer = ()
    s.radio_deck.pile = []  # TEAM RADIO is not this test's: no card on the table
    g = s.cars["Grey"]
    g.pit, g.pos, s.phase = "service", s.track.pos("T02.2.2"), Phase.PIT
    race.refresh()
    return race


@pytest.mark.parametrize("flag", [FRESH - 1, FRESH, FRESH + 3])
def test_a_stop_from_the_fresh_tyres_space_on_earns_the_token(flag: int) -> None:
    """§16.6: "When the Chequered Flag token reaches the space with the Fresh Tyres token, place one Fresh Tyres token
    in each of the Pit Box tiles. Each car that makes a pit stop from this point on will now get the Late Pit
    Bonus"."""
    race = in_box(flag)
    race.apply("Grey tyres medium")
    events = race.apply("Grey leave")
    taken = [e for e in events if isinstance(e, lev.FreshTyresTaken)]
    g = race.state.cars["Grey"]
    if flag < FRESH:
        assert not taken and g.fresh_tyres == 0
    else:
        assert taken == [lev.FreshTyresTaken("Grey", flag, 2)] and g.fresh_tyres == flag


def test_a_standard_race_has_no_late_pit_bonus() -> None:
    race = in_box(FRESH + 2, mode=Mode.STANDARD)
    race.apply("Grey tyres medium")
    race.apply("Grey leave")
    assert race.state.cars["Grey"].fresh_tyres == 0 and " ft=" not in race.position()


@pytest.mark.parametrize("needs", [False, True])
def test_lp1_a_stop_without_new_tyres(needs: bool) -> None:
    """LP1: any stop earns the token (the literal text) or only one that fits tyres."""
    race = in_box(FRESH, rules=Rules(late_pit_needs_new_tyres=needs))
    race.apply("Grey leave")
    assert (race.state.cars["Grey"].fresh_tyres == FRESH) is (not needs)


def moving(**car: Any) -> Race:
    """Grey holding a Fresh Tyres token at its turn in round ``FRESH + 2``, about to play G4 from T03."""
    race = new_race(["Grey", "Red"], 1, mode=Mode.ADVANCED)
    s = race.state
    s.round = s.flag = FRESH + 2
    s.order, s.turn_index, s.turn, s.phase = ("Grey",), 0, Turn("Grey"), Phase.PLAY
    for c in s.cars.values():
        s.radio_deck.pile += list(c.radio_offer)
        c.radio_offer = ()
    g = s.cars["Grey"]
    g.pos, g.fresh_tyres = s.track.pos("T03.2.1"), FRESH
    if "G4" not in g.hand:
        (g.deck.pile if "G4" in g.deck.pile else g.deck.discards).remove("G4")
        g.deck.pile.append(g.hand.pop())
        g.hand.append("G4")
    for k, v in car.items():
        setattr(g, k, v)
    race.refresh()
    return race


def _played_mp(race: Race) -> tuple[int, str]:
    events = race.apply("Grey play G4")
    played = next(e for e in events if isinstance(e, ev.CardsPlayed))
    return played.mp, played.breakdown


def test_plus_two_on_each_move_in_the_breakdown() -> None:
    with_token = moving()
    without = moving(fresh_tyres=0)
    mp, text = _played_mp(with_token)
    base, _ = _played_mp(without)
    assert mp == base + 2 and "2 (late pit bonus)" in text


def test_the_lesser_side_on_degraded_tyres_and_none_on_worn_tyres() -> None:
    """§16.6: "If you reach an icon … to flip your tyre bonus token to the lesser side, also flip the Fresh Tyres
    token … If you reach an icon that requires you to remove the Tyre Bonus token …, also remove the Fresh Tyres
    token"."""
    board = new_race(["A", "B"], 1).state.board
    wears = {board.tyre_state(Tyre.SOFT, w): w for w in range(0, 20) if board.tyre_state(Tyre.SOFT, w) is not None}
    for state, want in ((TyreState.FRESH, 2), (TyreState.DEGRADED, 1), (TyreState.WORN, 0)):
        race = moving(wear=wears[state])
        assert latepit.move_bonus(race.state, race.state.cars["Grey"]) == want, state


def test_no_bonus_from_the_pit_exit_space_on_a_rejoin_or_on_dry_tyres_in_the_rain() -> None:
    """§16.6 'does not apply … when starting your movement from the pit lane exit space', on a rejoin (§18.2, no
    tyre bonus of any kind), with dry tyres on a wet track; §14.2 wet tyres on a dry track: the lesser side."""
    assert latepit.move_bonus(moving(pit="exit").state, moving(pit="exit").state.cars["Grey"]) == 0
    race = moving(spun=True)
    assert latepit.move_bonus(race.state, race.state.cars["Grey"]) == 0
    race = moving()
    race.state.weather = "rainy"
    assert latepit.move_bonus(race.state, race.state.cars["Grey"]) == 0  # Softs on a wet track
    race.state.cars["Grey"].tyre = Tyre.WET
    assert latepit.move_bonus(race.state, race.state.cars["Grey"]) == 2  # wet tyres on a wet track (§14.2)
    race.state.weather = "sunny"
    assert latepit.move_bonus(race.state, race.state.cars["Grey"]) == 1  # wet tyres on a dry track: lesser side
    assert lp.bonus(TOKENS, held=False, tyres=TyreState.FRESH, dry_on_wet=False, wet_on_dry=False,
                    from_pit_exit=False, rejoin=False) == 0


def test_the_token_round_trips_in_the_notation() -> None:
    race = moving()
    text = race.position()
    assert f" ft={FRESH}" in text
    back = Race(parse_position(text))
    assert format_state(back.state) == text and back.legal_actions() == race.legal_actions()
    with pytest.raises(Exception) as e:
        parse_position(text.replace(f" ft={FRESH}", " ft=x"))
    assert "ft=" in str(e.value) and "\n" not in str(e.value)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), greedy=st.booleans())
def test_late_advanced_races_end_conserve_and_round_trip(seed: int, n: int, greedy: bool) -> None:
    """Advanced races played from round 1 with the drivers pitting late (the greedy driver pits on worn tyres):
    every card in one place, the notation round-trips after each stop, the race ends; a token only after a stop
    from the Fresh Tyres space on."""
    cars_ = [f"C{i}" for i in range(n)]
    race = new_race(cars_, seed, mode=Mode.ADVANCED, rules=Rules(late_pit_needs_new_tyres=seed % 2 == 0))
    drivers = {c: (Greedy(seed + i) if greedy or i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        events = race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        for e in events:
            if isinstance(e, lev.FreshTyresTaken):
                assert race.state.flag >= FRESH
                text = race.position()
                assert format_state(parse_position(text)) == text
        assert len(race.state.cards_everywhere()) == 45 * len(cars_)
        steps += 1
        assert steps < 30_000
    assert sorted(race.classification()) == sorted(cars_)
