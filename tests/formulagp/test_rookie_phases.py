"""The Rookie BOTs in the phases built after them (issue 37 items 1–2): qualifying (§22.6 [BOT 1.5.2]), the BOT's
own attacks (§22.10 [BOT 3.2]), an aggressive BOT's push (§22.9.1 [BOT 2.2.2], §11.3.1) and the yellow zones, the
Safety Car and the VSC (§22.9, §22.13.4, §22.13.5, §18/§19). Each test drives the engine; no BOT is ever offered an
action."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racebook.core.log import EventLog
from racebook.formulagp import events as ev
from racebook.formulagp.actions import Keep
from racebook.formulagp.agents import Greedy, RandomDriver, play_out
from racebook.formulagp.bots import events as bev
from racebook.formulagp.bots import rookie
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.components import cards, dice
from racebook.formulagp.game import Race
from racebook.formulagp.notation import format_state, parse_position
from racebook.formulagp.options import Rules
from racebook.formulagp.setup import new_race
from racebook.formulagp.state import Phase, RaceState, Turn

from .rookie_helpers import BOT_CODES, bot_turn, run_bot, with_tactics

CODES = Counter(c.code for c in cards().action)
CONTROL = bot_cards().control


def conserved(race: Race) -> None:
    """Each player's 45 ACTION cards and every BOT card are each in exactly one place."""
    s = race.state
    for c in s.cars.values():
        if c.bot:
            assert not c.hand and not c.deck.pile and not c.deck.discards, c.id
        else:
            assert Counter(c.hand + c.deck.pile + c.deck.discards) == CODES, c.id
    if any(c.bot for c in s.cars.values()):
        assert Counter(s.bots.cards()) == BOT_CODES


def events_of(race: Race, kind: type) -> list:
    return [e for e in race.events if isinstance(e, kind)]


def _keep_all(race: Race) -> None:
    while race.phase is Phase.DRAW:
        race.apply(Keep(race.current_car))  # type: ignore[arg-type]


# ------------------------------------------------------------------ qualifying (§22.6)
def test_rookies_qualify_with_one_battle_card_each_at_the_players_reveal() -> None:
    """§22.6 [BOT 1.5.2]: the sealed round waits for the players only; at their reveal each Rookie (pit-box order)
    draws one BATTLE card: max OT + the side's LEDs + the card's LEDs; the card is discarded; the Rookies are ranked
    with the players and never asked to push."""
    boxes = ["R1", "A", "R2", "B"]
    race = new_race(boxes, 2, bots=["R1", "R2"], qualifying=True, boxes=boxes)
    s = race.state
    s.stacked["battle"] = ["BC12", "BC1"]  # R1: 4 LEDs, R2: 0 LEDs
    _keep_all(race)
    assert race.phase is Phase.QUALIFY and s.qual.sides == ("A", "B")
    opened = events_of(race, ev.QualifyingOpened)[0]
    assert opened.cars == ("A", "B")
    race.apply("A qualify none")
    assert not events_of(race, bev.BotQualified)  # nothing drawn before the last player seals
    race.apply("B qualify none")
    got = {e.car: (e.card, e.score) for e in events_of(race, bev.BotQualified)}
    side = CONTROL.side("faster").leds
    assert got == {"R1": ("BC12", CONTROL.max_ot + side + 4), "R2": ("BC1", CONTROL.max_ot + side + 0)}
    assert [e.car for e in events_of(race, bev.BotQualified)] == ["R1", "R2"]  # pit-box order
    assert s.bots.battle_deck.discards[-2:] == ["BC12", "BC1"]
    grid = events_of(race, ev.GridSet)[0]
    assert grid.grid == ("R1", "R2", "A", "B") and grid.pit_lane == ()  # no card: the players at the back (A38)
    assert not events_of(race, ev.QualifyingPushed) and not events_of(race, ev.NotPushed)
    assert events_of(race, bev.BotQualified)[0].RULE.startswith("§22.6")
    conserved(race)


def test_players_push_and_the_rookies_do_not() -> None:
    boxes = ["A", "R1"]
    race = new_race(boxes, 5, bots=["R1"], qualifying=True, boxes=boxes)
    _keep_all(race)
    play = next(a for a in race.legal_actions() if len(a.cards) == 1)  # type: ignore[attr-defined]
    race.apply(play)
    assert race.state.qual_push == ("A",) and race.current_car == "A"
    assert {str(a) for a in race.legal_actions()} == {"A push", "A nopush"}
    race.apply("A nopush")
    assert events_of(race, ev.GridSet) and "R1" in race.state.qual_scores
    conserved(race)


def test_a_position_mid_qualifying_with_rookies_round_trips() -> None:
    boxes = ["R1", "A", "B"]
    race = new_race(boxes, 4, bots=["R1"], qualifying=True, boxes=boxes)
    _keep_all(race)
    race.apply("A qualify none")
    line = format_state(race.state)
    back = parse_position(line)
    assert format_state(back) == line and back.qual.waiting == ("B",)


def test_a_race_of_rookies_only_qualifies_and_runs_without_any_action() -> None:
    """All BOTs: no sealed round, the BATTLE cards set the grid, the race runs to the flag at set-up."""
    race = new_race(["R1", "R2", "R3"], 7, bots=["R1", "R2", "R3"], qualifying=True)
    scores = {e.car: e.score for e in events_of(race, bev.BotQualified)}
    assert sorted(scores) == ["R1", "R2", "R3"]
    grid = events_of(race, ev.GridSet)[0].grid
    box = {c: i for i, c in enumerate(race.state.boxes)}
    assert list(grid) == sorted(scores, key=lambda c: (-scores[c], box[c]))
    assert race.state.finished and sorted(race.classification()) == ["R1", "R2", "R3"]
    conserved(race)


@pytest.mark.parametrize("seed", range(12))
def test_seeded_races_with_rookies_and_qualifying_end(seed: int) -> None:
    """Players (greedy and random) and Rookies mixed, qualifying to the classification; every card in one place;
    the notation round-trips after qualifying."""
    n = 2 + seed % 5
    cars_ = [f"C{i}" for i in range(n)]
    bots = cars_[seed % n:][: 1 + seed % 3]
    race = new_race(cars_, seed, bots=bots, qualifying=True)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)
               if c not in bots}
    while race.state.round < 1 and not race.state.finished:
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
    line = format_state(race.state)
    assert format_state(parse_position(line)) == line
    play_out(race, drivers, max_actions=40_000)  # type: ignore[arg-type]
    assert race.state.finished and sorted(race.classification()) == sorted(cars_)
    assert sorted(e.car for e in events_of(race, bev.BotQualified)) == sorted(bots)
    conserved(race)


# ------------------------------------------------------------------ a full Standard race from the CLI and the API
def test_the_registrys_full_race_qualifies_by_default_and_can_start_from_a_grid() -> None:
    """The registry's race (``racebook`` replay/conformance/UI) is the Standard race: qualifying first (§9)."""
    from racebook.core.errors import DataError
    from racebook.formulagp import hooks

    q = hooks.new_race(4)
    assert q.state.qualifying and q.phase is Phase.DRAW and q.state.round == 0
    g = hooks.new_race(4, start="grid")
    assert not g.state.qualifying and g.state.round == 1
    with pytest.raises(DataError, match="--start"):
        hooks.new_race(4, start="pole")


def test_simulate_runs_full_races_with_qualifying_unless_told_to_start_from_the_grid() -> None:
    from racebook.formulagp import hooks
    from racebook.formulagp.track import race_track

    full = hooks.one_race(race_track(), 3, 3)  # the default circuit: the race circuit (docs/formulagp.md, lap length)
    grid = hooks.one_race(race_track(), 3, 3, start="grid")
    assert hooks.simulate(None, 1, 3, 3) == [full]
    assert hooks.simulate(None, 1, 3, 3, start="grid") == [grid]
    assert full != grid  # the same seed: qualifying draws and reorders the grid


def test_the_cli_start_option() -> None:
    import contextlib
    import io

    from racebook import cli

    def run(argv: list[str]) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = cli.main(argv)
        return rc, out.getvalue() + err.getvalue()

    rc, text = run(["simulate", "--game", "formulagp", "--races", "1", "--seed", "3", "--quiet"])
    assert rc == 0 and "winners:" in text
    rc, text = run(["simulate", "--races", "1", "--quiet", "--start", "grid"])
    assert rc == 2 and "--start is FormulaGP's" in text


# ------------------------------------------------------------------ a Rookie's own attack (§22.10)
def _slip(round_: int = 3, bots: tuple[str, ...] = ("R",), rules: Rules | None = None) -> RaceState:
    """Example 30's set-up: R (a Rookie, TACTICS TC9: attacks on the die, defends always) drives into the Slipstream
    shadow behind P on T06.1.1 and stops there, in position to attack; the space beside (lane 2) is free."""
    s = bot_turn(["R", "P"], list(bots), {"R": "T05.1.3", "P": "T06.1.1"}, "TC9", round_=round_)
    if rules is not None:
        s.rules = rules
    return s


def _hand(s: RaceState, car: str, codes: list[str]) -> None:
    """Give ``car`` exactly ``codes`` (taken from its own piles: each card stays in one place)."""
    c = s.cars[car]
    c.deck.pile += c.hand
    c.hand = []
    for x in codes:
        (c.deck.pile if x in c.deck.pile else c.deck.discards).remove(x)
        c.hand.append(x)


def _battle_with_player(battle: list[str], white: list[str], hand: list[str]) -> tuple[Race, list]:
    s = _slip()
    s.stacked["white"] = list(white)
    s.stacked["battle"] = list(battle)
    _hand(s, "P", hand)
    log = run_bot(s)
    return Race(s), list(log)


def test_a_rookie_in_position_decides_by_its_tactics_card_and_the_player_bids_first() -> None:
    """§22.10.2 [BOT 3.2.2]: TC9 shows the die: a green face attacks. The battle opens through the battle phase with
    the BOT's side sealed at once; the table waits for the player only; nothing is drawn for the BOT yet."""
    race, log = _battle_with_player(["BC6"], ["1"], ["R4", "G1", "W1"])
    s = race.state
    decided = next(e for e in log if isinstance(e, bev.BotAttackDecided))
    assert (decided.car, decided.opponent, decided.card) == ("R", "P", "TC9") and "green" in decided.decision
    assert "lane 2" in decided.does and decided.RULE.startswith("§22.10.2")
    assert s.phase is Phase.BATTLE and race.current_car == "P" and s.bids.waiting == ("P",)
    assert not any(isinstance(e, bev.BotBattled) for e in log)  # the BATTLE card is drawn at the reveal
    assert {str(a) for a in race.legal_actions()} >= {"P yield", "P bid R4"}
    line = format_state(s)  # a battle with a BOT attacker round-trips (its sealed side included)
    back = parse_position(line)
    assert format_state(back) == line and back.bids.waiting == ("P",)
    assert [str(a) for a in Race(back).legal_actions()] == [str(a) for a in race.legal_actions()]
    conserved(race)


def test_a_winning_rookie_overtakes_with_its_cards_ot_at_least_two_from_the_slipstream() -> None:
    """[BOT 3.2.4.1], Example 30: the player reveals first (R4: 2 LEDs); the BOT draws BC12 (4 LEDs, 3 OT): it wins
    and overtakes with 3 OT, its first point into lane 2; BC4 (2 LEDs, 1 OT) against a yield: 2 OT (the minimum)."""
    race, _ = _battle_with_player(["BC12"], ["1"], ["R4", "G1"])
    race.apply("P bid R4")
    s = race.state
    res = events_of(race, ev.BattleResolved)[-1]
    assert (res.attacker, res.defender, res.attacker_leds, res.defender_leds) == ("R", "P", 4, 2)
    assert res.rule.startswith("§22.10.3") and res.result == "the attacker wins"
    took = events_of(race, ev.Overtook)[-1]
    assert (took.car, took.ot, took.frm) == ("R", 3, "T06.1.1") and took.to.startswith("T0")
    assert s.cars["R"].pos.lane == 2 and s.cars["R"].ot == 0 and "R4" in s.cars["P"].deck.discards
    assert s.battle is None and s.phase is not Phase.BATTLE and s.bids.is_open is False
    race2, _ = _battle_with_player(["BC4"], ["1"], ["R4", "G1"])
    race2.apply("P yield")
    assert events_of(race2, ev.Overtook)[-1].ot == 2  # §22.10.4: at least 2 from a Slipstream space
    conserved(race)
    conserved(race2)


def test_a_tie_gives_the_player_one_stress_and_the_rookie_no_second_attempt() -> None:
    race, _ = _battle_with_player(["BC4"], ["1"], ["R4", "G1"])  # BC4: 2 LEDs against R4's 2
    before = race.state.cars["P"].stress
    race.apply("P bid R4")
    s = race.state
    assert events_of(race, ev.BattleResolved)[-1].result == "a tie"
    moved = [e for e in events_of(race, ev.StressMoved) if e.car == "P"]
    assert moved and moved[-1].delta == 1 and s.cars["P"].stress == before + 1
    assert not [e for e in events_of(race, ev.StressMoved) if e.car == "R"]  # a BOT takes no stress
    assert not events_of(race, ev.Overtook) and s.cars["R"].pos == race.state.cars["R"].pos
    assert len([e for e in race.events if isinstance(e, bev.BotBattled) and e.car == "R"]) == 1  # no 2nd attempt
    conserved(race)


def test_a_losing_rookie_stays_and_keeps_its_tactics_card() -> None:
    race, _ = _battle_with_player(["BC2"], ["1"], ["B1", "G1"])  # BC2: 1 LED against B1's 3
    race.apply("P bid B1")
    assert events_of(race, ev.BattleResolved)[-1].result == "the attacker loses"
    assert not events_of(race, ev.Overtook) and race.state.bots.tactics_of("R") == "TC9"
    assert race.state.cars["R"].pos == race.state.track.pos("T06.1.1").__class__(6, 1, 0, 1)
    conserved(race)


def test_a_red_face_aborts_the_attack_and_the_rookie_stays() -> None:
    s = _slip()
    s.stacked["white"] = ["2"]  # TC9's die: red
    log = run_bot(s)
    decided = next(e for e in log if isinstance(e, bev.BotAttackDecided))
    assert "red" in decided.decision and "aborts" in decided.does
    assert s.phase is not Phase.BATTLE and s.battle is None and s.turn is not None and s.turn.car == "P"


def test_a_rookie_lapping_always_attacks_without_the_die() -> None:
    """§22.13.7 [BOT 6.7]: no battle decision when lapping (the die is not rolled)."""
    s = _slip()
    s.cars["R"].lap = s.cars["P"].lap + 1
    s.stacked["white"] = ["2"]  # would abort if it were rolled
    log = run_bot(s)
    decided = next(e for e in log if isinstance(e, bev.BotAttackDecided))
    assert "lapping" in decided.decision and s.phase is Phase.BATTLE and s.stacked["white"] == ["2"]


def test_a_rookie_attacking_a_rookie_needs_no_action() -> None:
    """[BOT 3.2.4.3]: the attacker draws first (BC12: 4 LEDs, 3 OT), the defender decides (TC9 defends: yes) and draws
    (BC2: 1 LED); the attacker overtakes with 3 OT at once; the next car's turn follows."""
    s = _slip(bots=("R", "P"))
    s.stacked["white"] = ["1"]
    s.stacked["battle"] = ["BC12", "BC2"]
    log = list(run_bot(s))
    res = next(e for e in log if isinstance(e, ev.BattleResolved))
    assert (res.attacker_leds, res.defender_leds, res.result) == (4, 1, "the attacker wins")
    assert res.rule.startswith("§22.10.3 [BOT 3.2.4.3]")
    drew = [(e.car, e.role, e.drawn) for e in log if isinstance(e, bev.BotBattled)]
    assert drew[:2] == [("R", "attacks", ("BC12",)), ("P", "defends", ("BC2",))]
    assert next(e for e in log if isinstance(e, ev.Overtook)).ot == 3
    assert s.phase is not Phase.BATTLE  # (a race of BOTs only runs on: the round's list is reset in the next)


def test_no_rookie_battle_in_rounds_one_and_two() -> None:
    s = _slip(round_=2)
    s.stacked["white"] = ["2", "1"]  # round 2: the pace die; then nothing else is rolled
    log = run_bot(s)
    assert not any(isinstance(e, (bev.BotAttackDecided, bev.BotHeld)) for e in log) and s.battle is None


@pytest.mark.parametrize("once", [True, False])
def test_b1_a_rookie_that_battled_this_round_defends_again_only_with_the_switch_off(once: bool) -> None:
    """B1 (``rookie_battles_once_a_round``): R attacked P (a BOT-against-BOT battle) this round; then a player Q
    attacks P. On (the default): P does not defend again, Q passes; off: P defends with a BATTLE card."""
    s = bot_turn(["R", "Q", "P"], ["R", "P"], {"R": "T05.1.3", "P": "T06.1.1", "Q": "T20.2.1"}, "TC9")
    s.rules = Rules(rookie_battles_once_a_round=once)
    s.stacked["white"] = ["1"]
    s.stacked["battle"] = ["BC2", "BC12"]  # R 1 LED, P 4 LEDs: R loses, both stay
    run_bot(s)
    assert sorted(s.bots.battled) == ["P", "R"] and s.turn is not None and s.turn.car == "Q"
    # now Q (a player) attacks P from the lane beside it, as the battle phase offers it
    from racebook.formulagp.state import Battle

    s.turn = Turn("Q")
    s.turn.stopped = True
    s.cars["Q"].pos = s.track.pos("T05.2.2")
    s.cars["Q"].ot = 1
    _hand(s, "Q", ["R2", "G1"])
    s.battle = Battle("Q", "P")
    s.bids.open(("Q", "P"), "§13.3")
    s.phase = Phase.BATTLE
    s.stacked["battle"] = ["BC12"]
    race = Race(s)
    race.apply("Q bid R2")
    res = events_of(race, ev.BattleResolved)[-1]
    said = [e for e in race.events if isinstance(e, bev.BotBattled) and e.car == "P"][-1]
    if once:
        assert "does not defend again" in said.decision and "the overtake succeeds" in res.result
        assert s.stacked["battle"] == ["BC12"]  # nothing drawn for P
    else:
        assert said.drawn == ("BC12",) and res.defender_leds == 4 and res.result == "the overtake fails"
    conserved(race)


# ---------------------------------------------------------- a blocked aggressive Rookie's push (§22.9.1, §11.3.1)
def _pusher(where: dict[str, str]) -> tuple[RaceState, EventLog]:
    s = bot_turn(["R", "P", "Q"], ["R"], where, "TC2")
    s.phase = Phase.MOVE
    assert s.turn is not None
    s.turn.mp, s.turn.mp_left, s.turn.lane_changes, s.turn.pace = 4, 4, True, "red"
    return s, EventLog(None)


def _card(steer: bool) -> str:
    """A GREEN movement card with (or without) the Counter-steer secondary function."""
    from racebook.formulagp.components import Secondary

    return next(c.code for c in cards().action if c.code.startswith("G")
                and (c.secondary is Secondary.COUNTER_STEER) == steer)


def test_an_aggressive_rookies_push_keeps_the_other_car_on_track_and_the_bot_takes_its_space() -> None:
    s, log = _pusher({"R": "T06.1.1", "P": "T06.2.1", "Q": "T20.2.1"})
    rookie._push(s, s.cars["R"], 2, "right", log)
    pushed = next(e for e in log if isinstance(e, ev.Pushed))
    assert (pushed.other, pushed.at, pushed.to) == ("P", "T06.2.1", "T06.3.1") and "next lane" in pushed.outcome
    assert s.track.name_of(s.cars["R"].pos) == "T06.2.1" and s.turn is not None and s.turn.mp_left == 3
    assert s.cars["R"].penalties == 0 and not s.pending


def test_an_aggressive_rookies_push_into_a_car_is_a_collision_without_penalty_or_damage_for_the_rookie() -> None:
    """§18.3 through pushes.py: the BOT stays and spends the step's MP; the car pushed loses control (no counter-steer
    card here: it spins); the Rookie takes no Penalty token and draws no DAMAGE card (§22.13.3, §22.13.8)."""
    s, log = _pusher({"R": "T06.1.1", "P": "T06.2.1", "Q": "T06.3.1"})
    _hand(s, "P", [_card(steer=False)])
    s.stacked["white"] = ["2"]  # P's spin: red, to the left, into R (who takes no damage either)
    rookie._push(s, s.cars["R"], 2, "right", log)
    hit = next(e for e in log if isinstance(e, ev.Collided))
    assert (hit.car, hit.other) == ("R", "P") and s.cars["R"].penalties == 0
    assert s.track.name_of(s.cars["R"].pos) == "T06.1.1" and s.turn is not None and s.turn.mp_left == 3
    assert not s.cars["R"].damage and any(isinstance(e, ev.LostControl) and e.car == "P" for e in log)
    drawn = [e.car for e in log if isinstance(e, ev.IncidentCardDrawn) and e.deck == "DAMAGE"]
    assert drawn == ["P"]  # the player's DAMAGE card only


def test_while_the_car_pushed_decides_the_rookies_move_ends_b2() -> None:
    """B2: the car pushed into a collision holds a counter-steer card: its decision waits, the BOT's move ends."""
    s, log = _pusher({"R": "T06.1.1", "P": "T06.2.1", "Q": "T06.3.1"})
    _hand(s, "P", [_card(steer=True)])
    rookie._push(s, s.cars["R"], 2, "right", log)
    assert s.pending and s.pending[0].startswith("P:") and s.turn is not None and s.turn.stopped
    stop = next(e for e in log if isinstance(e, bev.BotStopped))
    assert "(B2)" in stop.why and s.track.name_of(s.cars["R"].pos) == "T06.1.1"


def test_a_rookie_pushed_and_spun_by_a_player_takes_no_stress_wear_or_red_die() -> None:
    """§22.13.1, §22.13.3: a Rookie that spins (hit in a collision) takes no tyre wear, no stress, no damage and
    rolls no RED die."""
    from racebook.formulagp.losscontrol import collide

    s, log = _pusher({"R": "T06.1.1", "P": "T06.2.1", "Q": "T20.2.1"})
    r = s.cars["R"]
    wear, stress = r.wear, r.stress
    s.stacked["white"] = ["2"]  # the spin's side: red, left: off track (lane 1 is the edge)
    collide(s, s.cars["P"], r, log, 0, lost_control=False)
    assert r.spun and (r.wear, r.stress, r.penalties) == (wear, stress, 0) and not r.damage
    assert not [x for x in s.dice_left if x.startswith("R:")]


# -------------------------------------------------------- yellow zones, the Safety Car, the VSC (§22.9, §22.13)
def _zone(s: RaceState, yellow: str, green: str) -> None:
    from racebook.formulagp.state import Zone

    s.zones = (Zone(s.track.tile(yellow).index, s.track.tile(green).index, s.flag + 2),)


def test_a_rookie_starting_in_a_yellow_zone_drives_at_green_pace_and_does_not_attack() -> None:
    """§22.13.4 [BOT 6.4]: GREEN pace from inside a zone; no overtaking of any kind there (A33): the BOT stops
    behind the car ahead (the engine's entry rule, as for players) and may not attack it."""
    s = _slip()
    _zone(s, "T04", "T08")
    log = run_bot(s)
    paced = next(e for e in log if isinstance(e, bev.BotPaced))
    assert paced.pace == "green" and paced.rule.startswith("§22.13.4")
    assert not any(isinstance(e, bev.BotAttackDecided) for e in log) and s.battle is None
    assert not any(isinstance(e, ev.Overtook) for e in log)


def test_a_rookie_in_position_in_a_yellow_zone_is_held() -> None:
    """The BOT starts before the zone (RED pace) and stops in the Slipstream space behind P inside it: BotHeld."""
    s = _slip()
    _zone(s, "T06", "T08")
    log = run_bot(s)
    paced = next(e for e in log if isinstance(e, bev.BotPaced))
    assert paced.pace == "red" and paced.rule.startswith("§22.9")
    held = [e for e in log if isinstance(e, bev.BotHeld)]
    assert s.battle is None and not any(isinstance(e, bev.BotAttackDecided) for e in log)
    assert held and all("Yellow Flag" in e.why for e in held)


def test_a_rookie_moving_through_a_zone_at_red_pace_stops_on_the_green_flag_tile() -> None:
    """§22.13.4: starting before the zone at RED pace, it stops on the Green Flag tile (the player rule, §19.3.1)."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T09.2.1", "P": "T30.2.1"}, "TC9")
    _zone(s, "T10", "T11")
    log = run_bot(s)
    stop = [e for e in log if isinstance(e, ev.YellowStop)]
    assert stop and stop[0].car == "R" and s.track.name_of(s.cars["R"].pos).startswith("T11")


def test_under_the_safety_car_a_rookie_drives_at_red_pace_keeps_its_lane_and_never_attacks() -> None:
    """§22.13.5 [BOT 6.5]: RED pace with the start tile's gear; no move to the preferred lane; no overtaking."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T02.1.2", "P": "T30.2.1"}, "TC2")  # TC2 would change lane (Example 28b)
    s.sc_tile = s.track.tile("T35").index
    log = run_bot(s)
    paced = next(e for e in log if isinstance(e, bev.BotPaced))
    assert paced.pace == "red" and paced.rule.startswith("§22.13.5")
    assert not any(isinstance(e, bev.BotLane) for e in log) and s.cars["R"].pos.lane == 1
    s = _slip()
    s.sc_tile = s.track.tile("T35").index
    log = run_bot(s)
    assert s.battle is None and not any(isinstance(e, bev.BotAttackDecided) for e in log)


def test_under_the_vsc_a_rookie_moves_the_vsc_drivers_spaces_and_never_attacks() -> None:
    """§19.5: every driver after the VSC driver moves its number of spaces, no card played, no overtaking; a Rookie
    too (no pace, no Control card MP)."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T20.2.1", "P": "T30.2.1"}, "TC9")
    s.vsc, s.vsc_car, s.vsc_spaces = 2, "P", 3
    log = run_bot(s)
    assert not any(isinstance(e, bev.BotPaced) for e in log)
    moved = next(e for e in log if isinstance(e, ev.VscMove))
    assert moved.car == "R" and len([e for e in log if isinstance(e, ev.Moved) and e.car == "R"]) == 3
    s = _slip()
    s.vsc, s.vsc_car, s.vsc_spaces = 2, "P", 4
    log = run_bot(s)
    assert s.battle is None and not any(isinstance(e, bev.BotAttackDecided) for e in log)


def test_a_spun_rookie_rejoins_at_green_pace_as_players_do() -> None:
    """§22.9 [BOT 2.1]: GREEN pace rejoining after a spin; its 1st MP turns it (§18.2, the player procedure)."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T20.2.1", "P": "T30.2.1"}, "TC9")
    s.cars["R"].spun = True
    log = run_bot(s)
    paced = next(e for e in log if isinstance(e, bev.BotPaced))
    assert paced.pace == "green" and paced.rule == "§22.9 [BOT 2.1]"
    turned = next(e for e in log if isinstance(e, ev.Rejoined))
    assert turned.car == "R" and not s.cars["R"].spun


@pytest.mark.parametrize("event", ["none", "zone", "sc", "vsc"])
def test_the_same_no_overtaking_rule_holds_for_a_player_attack_and_a_rookie_attack(event: str) -> None:
    """A33, §19.4.2, §19.5 (raceevents.no_overtaking): a player stopped with OT beside a car ahead is offered the
    battle only when no zone, Safety Car or VSC forbids it — the rule the Rookie's attack reads."""
    from racebook.formulagp import battles, raceevents

    race = new_race(["P", "Q"], 1, qualifying=False)
    s = race.state
    s.cars["P"].pos, s.cars["Q"].pos = s.track.pos("T05.2.2"), s.track.pos("T06.1.1")
    s.round, s.phase, s.order, s.turn_index = 3, Phase.MOVE, ("P", "Q"), 0
    s.turn = Turn("P")
    s.turn.stopped = True
    s.cars["P"].ot = 1
    _hand(s, "P", ["R4"])
    if event == "zone":
        _zone(s, "T06", "T08")
    elif event == "sc":
        s.sc_tile = s.track.tile("T35").index
    elif event == "vsc":
        s.vsc, s.vsc_car = 2, "Q"
    offered = [str(a) for a in battles.attacks(s)]
    why = raceevents.no_overtaking(s, s.cars["P"].pos.tile, s.cars["Q"].pos.tile)
    assert (offered == ["P attack Q"]) == (event == "none") and bool(why) == (event != "none")


# ------------------------------------------------------------------ properties: qualifying, attacks, pushes together
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), k=st.integers(1, 5), qualifying=st.booleans())
def test_properties_of_races_with_rookies_that_qualify_attack_and_push(seed: int, n: int, k: int,
                                                                       qualifying: bool) -> None:
    """Every legal action applies (on a clone); every ACTION and BOT card is in one place after every action; the
    position notation round-trips and lists the same actions (a battle a BOT started included); the table never waits
    on a Rookie; the race ends and its save loads back."""
    cars_ = [f"C{i}" for i in range(n)]
    bots = cars_[: min(k, n - 1)] if seed % 2 else cars_[n - min(k, n - 1):]
    race = new_race(cars_, seed, bots=bots, qualifying=qualifying)
    drivers = {c: (Greedy(seed + i) if i % 2 else RandomDriver(seed + i)) for i, c in enumerate(cars_)}
    steps = 0
    while not race.is_over:
        legal = race.legal_actions()
        assert legal and race.current_car not in bots
        if steps % 13 == 0 or race.state.battle is not None and race.state.cars[race.state.battle.attacker].bot:
            for a in legal:
                race.clone().apply(a)
            text = race.position()
            back = Race(parse_position(text))
            assert format_state(back.state) == text and back.legal_actions() == legal
        race.apply(drivers[race.current_car].choose(race))  # type: ignore[index]
        conserved(race)
        steps += 1
        assert steps < 40_000
    assert sorted(race.classification()) == sorted(cars_)
    assert Race.from_json(race.to_json()).position() == race.position()


# ---------------------------------------------------------- a player's second attempt on a Rookie ([BOT 3.2.4.2])
def _tie_with_rookie(stressed: bool = False, steer: bool = False) -> Race:
    """P (a player, 2 OT, R4 + a GREEN card in hand) attacks the Rookie R from the lane beside; R (TACTICS TC9:
    defends) draws BC12 (4 LEDs) against P's R4 (2 LEDs) + the 2-OT level's 2 LEDs: a tie. ``stressed``: P's stress
    already on the last space, so the tie's +1 owes a RED die at once, stacked on the loss-of-control face (P's
    second card a Counter-steer card with ``steer``)."""
    from racebook.formulagp.state import Battle

    race = new_race(["P", "R"], 1, bots=["R"], qualifying=False)
    s = race.state
    if stressed:
        s.cars["P"].stress = 2  # Stressed: the tie's stress is beyond the track (§15, A8)
        faces = [f.value for f in dice().red]
        s.stacked["red"] = [str(1 + faces.index("loss_of_control"))]
    s.cars["P"].pos, s.cars["R"].pos = s.track.pos("T05.2.2"), s.track.pos("T06.1.1")
    s.round, s.phase, s.order, s.turn_index = 3, Phase.BATTLE, ("P", "R"), 0
    with_tactics(s, "TC9")
    s.turn = Turn("P")
    s.turn.stopped = True
    s.cars["P"].ot = 2
    assert s.board.ot_level_leds(2) == 2
    _hand(s, "P", ["R4", _card(steer=steer)])
    s.battle = Battle("P", "R")
    s.bids.open(("P", "R"), "§13.3")
    s.stacked["battle"] = ["BC12"]
    race.refresh()
    race.apply("P bid R4")
    return race


def test_a_player_tying_with_a_rookie_may_attack_again_with_one_ot_less_and_the_rookie_does_not_defend() -> None:
    """[BOT 3.2.4.2]: a tie: the player +1 stress and may attack again with -1 OT from the cards left in hand; a Rookie
    never defends a second time, but the player must still play a card; the overtake then succeeds."""
    race = _tie_with_rookie()
    s = race.state
    assert events_of(race, ev.BattleResolved)[-1].result.startswith("a tie")
    assert [e.car for e in events_of(race, ev.StressMoved)] == ["P"]  # the Rookie takes no stress
    assert {str(a) for a in race.legal_actions()} == {"P attack R", "P end"} and race.current_car == "P"
    line = format_state(s)
    assert ",r" in line and format_state(parse_position(line)) == line
    assert race.explain("P discard R4").rule == "§22.10.3"
    race.apply("P attack R")
    assert s.cars["P"].ot == 1 and s.bids.waiting == ("P",)
    assert all("yield" not in str(a) for a in race.legal_actions())  # a card must be played
    green = s.cars["P"].hand[0]
    race.apply(f"P bid {green}")
    res = events_of(race, ev.BattleResolved)[-1]
    assert "succeeds" in res.result and events_of(race, ev.Overtook)[-1].ot == 1
    assert len([e for e in race.events if isinstance(e, bev.BotBattled) and e.car == "R"]) == 1  # no second defence
    assert s.battle is None
    conserved(race)


def test_a_player_tying_with_a_rookie_may_end_its_move_instead() -> None:
    race = _tie_with_rookie()
    race.apply("P end")
    assert race.state.battle is None and race.state.cars["P"].ot == 0 and not events_of(race, ev.Overtook)
    conserved(race)


@pytest.mark.parametrize("steer", [False, True])
def test_no_second_attempt_on_a_rookie_when_the_ties_red_die_makes_the_player_lose_control(steer: bool) -> None:
    """§18.1, §15 (A8): the tie's stress owes P a RED die at once; it shows loss of control: P spins (no Counter-steer
    card) or decides (one in hand: the CONTROL phase) — either way its move and the battle end, so the second attempt
    [BOT 3.2.4.2] is not offered (before the fix ``P attack R`` stayed legal, from a spun car or with a loss of
    control waiting)."""
    race = _tie_with_rookie(stressed=True, steer=steer)
    s = race.state
    assert any(isinstance(e, ev.LostControl) and e.car == "P" for e in race.events)
    legal = {str(a) for a in race.legal_actions()}
    assert "P attack R" not in legal and not (s.battle is not None and s.battle.retry)
    if steer:
        assert race.phase is Phase.CONTROL and "P spin" in legal
        race.apply("P spin")
    assert "P attack R" not in {str(a) for a in race.legal_actions()}
    line = format_state(s)
    assert format_state(parse_position(line)) == line
    conserved(race)


def test_b5_no_push_out_of_a_double_lane_space_past_its_other_lane() -> None:
    """B5 (found by the property above, seed 8138): a BOT in T09's double-lane space (lanes 2 and 3) blocked by a car
    in lane 4 has no lane change a player could make into it: aggressive or not, it goes on as a not-aggressive BOT."""
    s = bot_turn(["R", "P"], ["R"], {"R": "T09.2.2", "P": "T09.4.2"}, "TC1")
    s.stacked["white"] = ["5"]  # TC1: aggressive on 5
    log = list(run_bot(s))
    blocked = [e for e in log if isinstance(e, bev.BotBlocked)]
    assert blocked and "(B5)" in blocked[0].does and blocked[0].symbol == "aggressive"
    assert not any(isinstance(e, ev.Pushed) for e in log) and not s.cars["P"].off


def test_a_red_flag_restart_in_round_1_discards_the_bots_first_start_card() -> None:
    """§22.8.1, §19.6 step 6: a Red Flag in race round 1 replays the start, and each Rookie draws its start BATTLE
    card again; the one it held goes to the discard pile, not lost (found by 1,000 merged Advanced races: seed 279)."""
    from collections import Counter

    from racebook.core.log import EventLog
    from racebook.formulagp.bots.rookie import start_leds
    from racebook.formulagp.integrity import problems
    from racebook.formulagp.setup import new_race

    s = new_race(["A", "B", "R"], 3, bots=["R"]).state
    log = EventLog(None)
    start_leds(s, log)
    first = s.bots.start_cards["R"]
    start_leds(s, log)  # the restart's race round 1
    assert first in s.bots.battle_deck.discards and s.bots.start_cards["R"] != first
    assert Counter(s.bots.cards())[first] == 1
    assert [p for p in problems(s) if "BOT cards" in p] == []
