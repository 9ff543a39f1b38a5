"""FormulaGP scenario files (issue 37 item 4, issue 39 item 5): every shipped scenario reads, replays, saves and
loads back, and keeps every card in one place; every bad field is one ScenarioError naming the file, the field and
the reason; a mechanic's new per-car key is one line of ``CAR_KEYS``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from fuzzing import fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st
from loaders import toml_text

from racebook.core.errors import ScenarioError
from racebook.core.fields import as_int
from racebook.formulagp import scenario
from racebook.formulagp.bots.cards import bot_cards
from racebook.formulagp.components import cards
from racebook.formulagp.game import Race
from racebook.formulagp.hooks import play_scenario
from racebook.formulagp.integrity import problems
from racebook.formulagp.state import Phase
from racebook.formulagp.track import load_track

EX10 = scenario.SCENARIOS / "fgp_ex10_green_in_sixth_gear.toml"
EX05 = scenario.SCENARIOS / "fgp_ex05_ers_returns.toml"


def _doc(path: Path = EX10) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("sid", scenario.scenario_ids())
def test_every_shipped_scenario_replays_saves_and_conserves(sid: str) -> None:
    sc = scenario.read(sid)
    assert sc.id == sid and sc.title and sc.cite and sc.assumed
    assert any("invented-for-teaching" in a for a in sc.assumed), "each says which invented values it relies on"
    race = sc.race(play=False)
    assert problems(race.state) == []
    for a in sc.actions:
        race.apply(a)
        assert problems(race.state) == [], a
    assert Race.from_json(race.to_json()).position() == race.position()
    assert play_scenario(sid).race.position() == race.position() == scenario.load(sid).position()


def test_the_stacked_draws_and_dice_come_first() -> None:
    sc = scenario.read("fgp_ex05_ers_returns")
    grey = sc.race(play=False).state.cars["Grey"]
    assert grey.hand == ["G1", "G2", "R1", "R2", "W1", "P1"]  # drawn in the stacked order (§10.1.1)
    ex21 = scenario.read("fgp_ex21_two_different_hazards_two_red_dice")
    assert ex21.state.stacked == {"red": ["1", "2"]} and ex21.race().state.stacked.get("red") == []


def test_a_position_puts_every_card_in_one_place() -> None:
    s = scenario.read("fgp_ex13_brake_to_stop_on_the_straight").state
    grey = s.cars["Grey"]
    assert grey.hand == ["G1", "W1", "W2"] and len(grey.hand) + len(grey.deck.pile) == 45
    assert not set(grey.hand) & set(grey.deck.pile)
    assert (s.round, s.flag, s.phase, s.order, s.turn and s.turn.car) == (3, 11, Phase.PLAY, ("Grey", "Red"), "Grey")


def _bad(tmp_path: Path, doc: dict[str, Any], field: str, words: str) -> None:
    f = tmp_path / "s.toml"
    f.write_text(toml_text(doc), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        scenario.read(f)
    assert (e.value.file, e.value.field) == (str(f), field), str(e.value)
    assert words in e.value.reason and "\n" not in str(e.value), str(e.value)


def _with(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``doc`` with ``value`` at a dotted ``path`` (``car.0.hand``); None deletes the key."""
    *parts, last = path.split(".")
    box: Any = doc
    for p in parts:
        box = box[int(p)] if p.isdigit() else box[p]
    if value is None:
        del box[last]
    elif isinstance(box, list):
        box[int(last)] = value
    else:
        box[last] = value
    return doc


CASES = [
    ("zz", 1, "zz", "unknown key"),
    ("scenario.bogus", 1, "scenario.bogus", "unknown key"),
    ("scenario.start", "middle", "scenario.start", "not one of turn, grid"),
    ("scenario.track", "monza", "scenario.track", "unknown FormulaGP track"),
    ("scenario.game", "rf90", "scenario.game", "not this reader's game"),
    ("scenario.seed", -1, "scenario.seed", "out of range"),
    ("scenario.actions", ["Grey fly"], "scenario.actions[0]", "unknown verb"),
    ("scenario.actions", ["Grey play G1", "Grey to T03.3.1"], "scenario.actions[1]", "§11.3"),
    ("car.0.bogus", 1, "car[0].bogus", "unknown key (known: at, discards, draws"),
    ("car.0.hand", ["G1", "X9"], "car[0].hand[1]", "not an ACTION card code"),
    ("car.0.draws", ["W1"], "car[0].draws[0]", "named twice"),
    ("car.0.at", "T30.2.1", "car[1].at", "on one space"),
    ("car.0.at", "T04.4.1", "car[0].at", "not a racing space"),
    ("car.0.at", "T99.1.1", "car[0].at", "no tile 'T99'"),
    ("car.0.at", "T06.1.1/2", "car[0].at", "not a car shadow"),
    ("car.0.ers", 9, "car[0].ers", "out of range (0..4"),
    ("car.0.stress", "high", "car[0].stress", "not an integer"),
    ("car.0.tyre", "slick", "car[0].tyre", "not one of soft, medium, hard, wet"),
    ("car.0.at", None, "car[0].at", "missing"),
    ("car.1.id", "Grey", "scenario", "each car once"),  # the set-up's SetupError (§4.6), in the file
    ("race.bogus", 1, "race.bogus", "unknown key"),
    ("race.round", 1, "race.round", "out of range (2..99"),
    ("race.order", ["Grey"], "race.order", "names every car once"),
    ("race.turn", "Blue", "race.turn", "not a car of this scenario"),
    ("race.phase", "move", "race.phase", "not 'play'"),
    ("race.side", "blue", "race.side", "not 'green' or 'red'"),
    ("dice", {"green": [1]}, "dice.green", "unknown key"),
    ("dice", {"red": [7]}, "dice.red[0]", "out of range (1..6"),
    ("dice", {"red": 3}, "dice.red", "must be a list"),
    ("rules", {"nosuch": True}, "rules.nosuch", "unknown house rule"),
    ("car", [], "car", "needs [[car]] tables"),
    ("race.event_draws", ["E99"], "race.event_draws[0]", "not an EVENT card code"),
    ("race.event_draws", ["E7", "E7"], "race.event_draws[1]", "named twice"),
    ("race.event_draws", "E7", "race.event_draws", "not a list of strings"),
    # no playable movement card: the ladder's steps a-d are the driver's choices (§10.1.3, issue 37's card management),
    # so the turn is not stuck; the file's first action is what is refused, with the choices listed
    ("car.0.hand", ["P1"], "scenario.actions[0]", "legal now: Grey option P1"),
]


@pytest.mark.parametrize(("path", "value", "field", "words"), CASES, ids=[c[0] + "=" + repr(c[1])[:20] for c in CASES])
def test_every_bad_field_is_one_clean_error(tmp_path: Path, path: str, value: Any, field: str, words: str) -> None:
    _bad(tmp_path, _with(_doc(), path, value), field, words)


EX30 = scenario.SCENARIOS / "fgp_ex30_slipstream_minimum_two_ot.toml"
BOT_CASES = [
    ("bots.bogus", 1, "bots.bogus", "unknown key (known: battle_draws, rookies, side"),
    ("bots.rookies", ["Z"], "bots.rookies[0]", "not a car of this scenario"),
    ("bots.rookies", ["R", "P"], "bots.rookies", "leaves a player's car"),
    ("bots.rookies", ["R", "R"], "bots.rookies[1]", "named twice"),
    ("bots.rookies", None, "bots.rookies", "missing"),
    ("bots.side", "rain", "bots.side", "not one of faster, slower"),
    ("bots.tactics", "TC99", "bots.tactics", "not a Rookie TACTICS card code"),
    ("bots.tactics", 3, "bots.tactics", "a code, not"),
    ("bots.tactics", None, "bots.tactics", "missing"),
    ("rules", {"rookie_tactics_each": True}, "bots.tactics", "each Rookie has its own card"),
    ("bots.tactics_draws", ["TC9"], "bots.tactics_draws[0]", "by the Rookie Control card"),
    ("bots.tactics_draws", ["BC1"], "bots.tactics_draws[0]", "not a Rookie TACTICS card code"),
    ("bots.battle_draws", ["BC1", "BC1"], "bots.battle_draws[1]", "named twice"),
    ("bots.battle_draws", ["TC1"], "bots.battle_draws[0]", "not a BATTLE card code"),
    ("bots.battle_draws", "BC1", "bots.battle_draws", "not a list of strings"),
    ("car.0.hand", ["G1"], "car[0].hand", "is a Rookie BOT: it holds no ACTION card"),
    ("car.0.draws", ["G1"], "car[0].draws", "is a Rookie BOT: it holds no ACTION card"),
    ("bots", 3, "bots", "must be a table"),
]


@pytest.mark.parametrize(("path", "value", "field", "words"), BOT_CASES,
                         ids=[c[0] + "=" + repr(c[1])[:20] for c in BOT_CASES])
def test_every_bad_bot_field_is_one_clean_error(tmp_path: Path, path: str, value: Any, field: str, words: str) -> None:
    """The [bots] table (the Rookie BOTs, §22.5, §22.7): each bad value is one ScenarioError naming its field."""
    _bad(tmp_path, _with(_doc(EX30), path, value), field, words)


def test_the_bots_table_deals_the_rookies_and_stacks_their_cards(tmp_path: Path) -> None:
    """A grid race names its Rookies and stacks their first TACTICS draw (the card is drawn at the race start,
    §22.7, not given); a turn position puts the given TACTICS card by the Control card and stacks BATTLE draws."""
    doc = _with(_doc(EX30), "bots.battle_draws", ["BC6", "BC4"])
    f = tmp_path / "s.toml"
    f.write_text(toml_text(doc), encoding="utf-8")
    s = scenario.read(f).state
    assert s.cars["R"].bot == "rookie" and not s.cars["P"].bot and s.bots.tactics == {"*": "TC9"}
    assert s.stacked["battle"] == ["BC6", "BC4"] and "TC9" not in s.bots.tactics_deck.pile
    grid = {"scenario": {"id": "g", "title": "g", "cite": "c", "seed": 3, "start": "grid", "actions": []},
            "car": [{"id": "R"}, {"id": "P"}], "bots": {"rookies": ["R"], "side": "slower", "tactics_draws": ["TC4"]}}
    f.write_text(toml_text(grid), encoding="utf-8")
    race = scenario.read(f).race()
    assert race.state.bots.tactics == {"*": "TC4"} and race.state.bots.side == "slower"
    assert race.current_car == "P" and problems(race.state) == []
    grid["bots"]["tactics"] = "TC4"
    _bad(tmp_path, grid, "bots.tactics", "only for start = 'turn'")


def test_grid_and_draw_phase_refuse_what_they_do_not_take(tmp_path: Path) -> None:
    _bad(tmp_path, _with(_doc(EX05), "car.0.at", "T03.1.1"), "car[0].at", "unknown key (known: draws, id, tyre)")
    doc = _doc(EX05)
    doc["race"] = {"round": 4}
    _bad(tmp_path, doc, "race", "only for start = 'turn'")
    doc = _with(_doc(EX10), "race.phase", "draw")
    doc["race"]["turn"] = "Red"
    _bad(tmp_path, doc, "race.turn", "only for phase = 'play'")


def test_an_unknown_shipped_id_lists_the_ids() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario.read("fgp_ex99")
    assert e.value.field == "<file>" and "fgp_ex10_green_in_sixth_gear" in e.value.reason
    assert scenario.read("fgp_ex10").id == "fgp_ex10_green_in_sixth_gear"  # a worked example by its number


def test_a_new_car_key_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mechanic's new per-car field (here a stand-in key setting the laps) is one entry of CAR_KEYS: the reader
    then takes the key and still refuses a bad value with its field."""
    def laps_done(v: Any, path: str, car: Any, ctx: Any) -> None:
        car.lap = as_int(v, path, 0, 3)

    monkeypatch.setitem(scenario.CAR_KEYS, "laps_done", laps_done)
    doc = _with(_doc(), "car.0.laps_done", 2)
    f = tmp_path / "s.toml"
    f.write_text(toml_text(doc), encoding="utf-8")
    assert scenario.read(f).state.cars["Grey"].lap == 2
    _bad(tmp_path, _with(doc, "car.0.laps_done", 7), "car[0].laps_done", "out of range")


def test_the_json_summary_is_documented() -> None:
    import json

    from racebook.formulagp.hooks import summary_json

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "json-summary.md").read_text(encoding="utf-8").split("## FormulaGP's JSON summary", 1)[1]
    data = json.loads(summary_json(scenario.load("fgp_ex17"), "fgp_ex17_leftover_mp_become_ot_up_to_the_cap"))
    assert data["scenario"] == "fgp_ex17_leftover_mp_become_ot_up_to_the_cap" and data["to_play"] == "Green"
    assert data["cars"]["Orange"]["at"] == "T33.2.2" and data["cars"]["Orange"]["ot"] == 0
    for key in [*data, *data["cars"]["Orange"]]:
        assert f"`{key}`" in doc, key


_CODES = sorted({c.code for c in cards().action})
_SPACES = sorted({f"{t.id}.{lane}.{k + 1}" for t in load_track().tiles for lane in range(1, 5)
                  for k in range(len(t.spaces(lane)))})
_CAR = st.fixed_dictionaries({
    "at": st.one_of(st.sampled_from(_SPACES), st.sampled_from(["T04.4.1", "T99.1.1", "T06.1.1/1", "x", ""])),
    "hand": st.lists(st.one_of(st.sampled_from(_CODES), st.just("Z9")), max_size=8),
}, optional={"draws": st.lists(st.sampled_from(_CODES), max_size=6),
             "discards": st.lists(st.sampled_from(_CODES), max_size=4),
             "ers": st.integers(-1, 5), "wear": st.integers(-1, 16), "stress": st.integers(-1, 3)})


@pytest.mark.fuzz
@fuzz_settings(60)
@given(st.lists(_CAR, min_size=2, max_size=3), st.lists(st.integers(0, 7), max_size=3),
       st.sampled_from(["play", "draw"]))
def test_fuzz_positions_are_read_or_refused_cleanly(cars: list[dict[str, Any]], red: list[int], phase: str) -> None:
    """Random positions: either the scenario reads — every card in one place, the race offers a decision — or it is
    refused with one ScenarioError naming a field of the file; nothing else is raised."""
    import tempfile

    doc = _doc()
    doc["car"] = [{"id": f"C{i}", **c} for i, c in enumerate(cars)]
    doc["scenario"]["actions"] = []
    doc["race"] = {"round": 3, "phase": phase}
    doc["dice"] = {"red": red}
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "s.toml"
        f.write_text(toml_text(doc), encoding="utf-8")
        try:
            sc = scenario.read(f)
        except ScenarioError as e:
            assert e.file == str(f) and e.field.split(".")[0].split("[")[0] in ("car", "dice", "scenario", "race")
            assert "\n" not in str(e) and e.reason.strip()
            record("formulagp scenario position", "refused")
            return
    race = sc.race()
    assert problems(race.state) == []
    assert race.legal_actions() and race.current_car is not None
    record("formulagp scenario position", "ok")


@pytest.mark.parametrize("sid", scenario.scenario_ids())
def test_every_scenario_plays_on_to_the_classification(sid: str) -> None:
    """A scenario's position is a whole race position: computer drivers play it on to the flag, every card in one
    place at every step."""
    from racebook.formulagp.hooks import GreedyDriver

    race = scenario.load(sid)
    drivers = GreedyDriver(7)
    steps = 0
    while not race.is_over and steps < 20_000:
        race.apply(drivers.choose(race, race.legal_actions()))
        steps += 1
        if steps % 25 == 0:
            assert problems(race.state) == [], (sid, steps)
    assert race.is_over and problems(race.state) == [] and sorted(race.classification()) == sorted(race.state.cars)


_TACTICS = [x.code for x in bot_cards().tactics]
_BATTLE = [x.code for x in bot_cards().battle]
_BOTS = st.fixed_dictionaries({
    "rookies": st.sampled_from([["R"]] * 6 + [["P"], ["Z"], ["R", "P"], ["R", "R"], [], "R"]),
    "tactics": st.sampled_from(_TACTICS * 2 + ["TC0", "BC1", ["TC1"]]),
}, optional={
    "side": st.sampled_from(["faster", "slower", "faster", "rain", 3]),
    "tactics_draws": st.lists(st.sampled_from(_TACTICS * 4 + ["X"]), max_size=2, unique=True),
    "battle_draws": st.lists(st.sampled_from(_BATTLE * 2 + ["TC1"]), max_size=3, unique=True),
})


@pytest.mark.fuzz
@fuzz_settings(40)
@given(_BOTS, st.sampled_from(["T05.1.3", "T06.1.1/1", "T10.2.1"]), st.lists(st.integers(1, 6), max_size=3),
       st.sampled_from([[], ["G1"]]))
def test_fuzz_bot_tables_are_read_or_refused_cleanly(bots: dict[str, Any], at: str, white: list[int],
                                                     hand: list[str]) -> None:
    """Random [bots] tables on Example 30's position: either the scenario reads — the BOT turn resolved, every card
    (ACTION and BOT) in one place, a player to play — or one ScenarioError names a field of the file."""
    import tempfile

    doc = _doc(EX30)
    doc["scenario"]["actions"] = []  # Example 30's own action (P yields to the BOT's attack) needs its die and card
    doc["bots"] = bots
    doc["car"][0]["at"] = at
    if hand:
        doc["car"][0]["hand"] = hand
    doc["dice"] = {"white": white}
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "s.toml"
        f.write_text(toml_text(doc), encoding="utf-8")
        try:
            sc = scenario.read(f)
        except ScenarioError as e:
            assert e.file == str(f) and e.field.split(".")[0].split("[")[0] in ("bots", "car", "rules")
            assert "\n" not in str(e) and e.reason.strip()
            record("formulagp scenario bots", "refused")
            return
    race = sc.race()
    assert problems(race.state) == []
    assert race.legal_actions() and race.current_car is not None
    record("formulagp scenario bots", "ok")


#: The keys added for the worked examples that need more of a car or the race (issue 37 item 4), appended to
#: ``CAR_KEYS`` / ``RACE_KEYS``: each bad value is one clean error naming the field.
EXAMPLE_KEY_CASES = [
    ("car.0.w2w", "VS2", "car[0].w2w", "not a Wheel-to-Wheel token (none, VS, Stress"),
    ("car.0.w2w", 1, "car[0].w2w", "not a string"),
    ("car.0.lapping", 3, "car[0].lapping", "out of range (0..2"),
    ("car.0.lapping", "single", "car[0].lapping", "not an integer"),
    ("car.0.team", "1A", "car[0].team", "not a team name"),
    ("car.0.team", ["A"], "car[0].team", "not a string"),
    ("car.0.events", ["E99"], "car[0].events[0]", "not an EVENT card code (E1…E30)"),
    ("car.0.events", ["E3", "E3"], "car[0].events[1]", "held by Grey"),
    ("car.0.events", "E3", "car[0].events", "not a list"),
    ("car.0.off", "up", "car[0].off", "not 'left' or 'right'"),
    ("car.0.params", "RW", "car[0].params", "in that order"),
    ("car.0.params", "WWY", "car[0].params", "each once"),
    ("car.0.params", "X", "car[0].params", "letters of 'WYR'"),
]


@pytest.mark.parametrize(("path", "value", "field", "words"), EXAMPLE_KEY_CASES,
                         ids=[c[0] + "=" + repr(c[1])[:20] for c in EXAMPLE_KEY_CASES])
def test_the_example_keys_refuse_bad_values(tmp_path: Path, path: str, value: Any, field: str, words: str) -> None:
    _bad(tmp_path, _with(_doc(), path, value), field, words)


def test_a_team_has_at_most_two_cars(tmp_path: Path) -> None:
    doc = _doc(scenario.SCENARIOS / "fgp_ex19_three_teams_double_stack.toml")
    doc["car"][1]["team"] = "A"
    doc["car"][3]["team"] = "A"
    _bad(tmp_path, doc, "car[3].team", "at most two cars (§16.4)")
