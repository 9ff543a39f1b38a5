"""Tests for racebook.rf90.trackfile and the shipped tracks (tracks/rf90/*.toml)."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from racebook.core.errors import TrackDataError
from racebook.rf90.cards import Colour, PowerKind
from racebook.rf90.track import (
    INVENTED,
    Condition,
    EffectKind,
    NodeKind,
    SectionType,
    Track,
    TrajectoryKind,
)
from racebook.rf90.trackfile import available_tracks, clear_cache, load_track, track_dirs

ROOT = Path(__file__).resolve().parents[2]
TRACKS = ROOT / "tracks" / "rf90"
BAD = Path(__file__).resolve().parents[1] / "data" / "bad_tracks"


def _schema_example() -> str:
    text = (TRACKS / "SCHEMA.md").read_text(encoding="utf-8")
    return text.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


BASE = _schema_example()


def _valid_source(s: str) -> bool:
    """invented, or a citation: the manual's, Expansion #1's, or a derivation (tracks/rf90/SCHEMA.md)."""
    return s == INVENTED or any(s.startswith(p) and bool(s[len(p):].strip())
                                for p in ("manual:", "expansion1:", "derived:"))


@pytest.fixture(scope="module")
def teaching() -> Track:
    return load_track("teaching")


@pytest.fixture(scope="module")
def silverstone() -> Track:
    return load_track("silverstone")


# ----------------------------------------------------------------------------- loading


def test_available_tracks_lists_shipped_tracks() -> None:
    assert {"teaching", "silverstone"} <= set(available_tracks())
    assert TRACKS.resolve() in [d.resolve() for d in track_dirs()]


def test_id_and_path_load_the_same_cached_track(teaching: Track) -> None:
    t = load_track("teaching")
    assert load_track(TRACKS / "teaching.toml") is t
    assert load_track(str(TRACKS / "teaching.toml")) is t
    assert t == teaching and teaching.id == "teaching"
    assert teaching.file == str((TRACKS / "teaching.toml").resolve())


def test_unknown_id_names_the_available_tracks() -> None:
    with pytest.raises(TrackDataError) as e:
        load_track("imola")  # (Monaco is a track since Expansion #1, issue 20)
    assert e.value.field == "<file>"
    assert "no track 'imola'" in str(e.value) and "teaching" in str(e.value)


def test_env_var_directory_is_searched_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tiny.toml").write_text(BASE, encoding="utf-8")
    shutil.copy(TRACKS / "teaching.toml", tmp_path / "teaching.toml")
    monkeypatch.setenv("RACEBOOK_TRACKS", str(tmp_path))
    assert {"tiny", "teaching", "silverstone"} <= set(available_tracks())
    tiny = load_track("tiny")
    assert tiny.name == "Tiny" and len(tiny) == 4
    assert load_track("teaching").file == str((tmp_path / "teaching.toml").resolve())  # the override wins
    assert load_track("silverstone").file == str((TRACKS / "silverstone.toml").resolve())


def test_env_var_must_name_a_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RACEBOOK_TRACKS", str(tmp_path / "missing"))
    with pytest.raises(TrackDataError, match="is not a directory"):
        load_track("teaching")


def test_installed_copy_is_used_outside_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import racebook.rf90.trackfile as tf

    installed = tmp_path / "_tracks"
    installed.mkdir()
    (installed / "tiny.toml").write_text(BASE, encoding="utf-8")
    monkeypatch.delenv("RACEBOOK_TRACKS", raising=False)
    monkeypatch.setattr(tf, "_REPO_TRACKS", tmp_path / "no-checkout")
    monkeypatch.setattr(tf, "_INSTALLED_TRACKS", installed)
    assert track_dirs() == [installed]
    assert available_tracks() == ["tiny"]
    assert load_track("tiny").file == str((installed / "tiny.toml").resolve())


def test_clear_cache_rereads_files(tmp_path: Path) -> None:
    p = tmp_path / "tiny.toml"
    p.write_text(BASE, encoding="utf-8")
    first = load_track(p)
    p.write_text(BASE.replace('name = "Tiny"', 'name = "Tinier"'), encoding="utf-8")
    assert load_track(p) is first
    clear_cache()
    assert load_track(p).name == "Tinier"


def test_schema_example_is_a_valid_track(tmp_path: Path) -> None:
    p = tmp_path / "tiny.toml"
    p.write_text(BASE, encoding="utf-8")
    t = load_track(p)
    assert [s.name for s in t.sections] == ["S1", "B1", "C1", "S2"]
    assert t.pit_time == 1
    assert t.section("C1").reentry and not t.section("S1").reentry


# ----------------------------------------------------------------------------- teaching track


def test_teaching_layout(teaching: Track) -> None:
    assert [s.name for s in teaching.sections] == list("LKJIHGFEDCBA")
    types = {s.name: s.type.value for s in teaching.sections}
    assert types == {
        "L": "straight", "K": "braking", "J": "corner", "I": "straight", "H": "straight", "G": "corner",
        "F": "straight", "E": "braking", "D": "corner", "C": "corner", "B": "straight", "A": "straight",
    }
    assert [s.index for s in teaching.sections] == list(range(12))
    assert teaching.corner(1).sections == ("G",) and teaching.corner(1).name == "Curve 1"
    assert teaching.corner(2).sections == ("D", "C") and teaching.corner(2).duel_modifier == -2
    assert teaching.corner(3).sections == ("J",) and teaching.corner(3).duel_modifier == -1
    assert teaching.corner_of("C") is teaching.corner(2)
    assert teaching.corner_of("E") is None  # a braking zone, though it names the corner it leads into
    assert teaching.section("K").lb_modifier == -10 and teaching.section("E").lb_modifier == -20
    assert teaching.pit_time == 8
    # 12 places: the fields of Expansion #1's recommended line-ups (§5.3) reach 12 cars with 6 players
    assert [(g.section, g.cars) for g in teaching.grid] == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2),
                                                            ("F", 2)]


def test_teaching_race_direction_runs_from_I_to_A(teaching: Track) -> None:
    # Ex. 27: "enters H, G, F … braking zone E … corner D": each step is one section forward.
    path = ["H", "G", "F", "E", "D"]
    for a, b in zip(path, path[1:], strict=False):
        assert teaching.next_index(teaching.section(a).index) == teaching.section(b).index
    assert teaching.next_index(teaching.section("A").index) == teaching.section("L").index  # crossing the line


def test_teaching_routes_and_trajectories(teaching: Track) -> None:
    f = teaching.trajectories_in("F")[0]
    assert f.kind is TrajectoryKind.STANDARD and set(f.colours) == {Colour.GREEN, Colour.ORANGE}
    assert f.bonus == 2 and f.cost.tyres == 1  # Ex. 18 shape
    et = teaching.trajectory("D.et1")
    assert et.kind is TrajectoryKind.EXTREME and et.colours == (Colour.RED,) and et.bonus == 3
    chart = teaching.routes[et.recovery]
    t1 = chart.nodes[chart.start]
    assert t1.kind is NodeKind.TEST and t1.test is not None and t1.test.modifier == -10
    assert chart.nodes[t1.on_pass].effects[0].kind is EffectKind.MP_LOSS
    assert [e.amount for e in chart.nodes[t1.on_pass].effects] == [2]
    assert [e.amount for e in chart.nodes[t1.on_fail].effects] == [4]
    e_lb = teaching.routes[teaching.section("E").lb_route or ""]
    first = e_lb.nodes[e_lb.start]
    assert first.test is not None and first.test.modifier == -20
    ok = e_lb.nodes[first.on_pass]
    assert [(e.kind, e.amount) for e in ok.effects] == [(EffectKind.TYRE_WEAR, 1), (EffectKind.TIME_LOSS, 2)]
    assert e_lb.nodes[ok.next].section == "D"
    assert teaching.section("D").reentry and teaching.section("C").reentry


def test_teaching_track_cards(teaching: Track) -> None:
    cards = teaching.track_cards
    assert all(c.is_track and c.corners for c in cards)
    assert any(c.combination for c in cards) and any(c.minus_one for c in cards)
    assert any(c.has_power(PowerKind.LB) for c in cards)
    assert any(c.has_power(PowerKind.DUEL) for c in cards)
    assert any(p.kind is PowerKind.ET and p.colour is Colour.RED for c in cards for p in c.powers)


def test_teaching_manual_values(teaching: Track) -> None:
    # Ex. 15: the corner at C has duel modifier -2.
    assert teaching.source_of("corners.2.duel_modifier") == "manual: Ex. 15 (§30) the corner at C has duel modifier -2"
    assert teaching.section("C").type is SectionType.CORNER
    manual = {k for k, v in teaching.sources.items() if v != INVENTED}
    assert manual == {
        "corners.2", "corners.2.duel_modifier",
        "sections.C", "sections.C.type", "sections.D", "sections.D.type", "sections.E", "sections.E.type",
        "sections.F", "sections.F.type", "sections.G", "sections.G.type",
    }


# ----------------------------------------------------------------------------- Silverstone


def test_silverstone_stowe_duel_modifier(silverstone: Track) -> None:
    stowe = next(c for c in silverstone.corners if c.name == "Stowe")
    assert stowe.duel_modifier == -3
    assert silverstone.source_of(f"corners.{stowe.number}.duel_modifier").startswith("manual: Ex. 16 (§30)")
    assert silverstone.source_of(f"corners.{stowe.number}.number") == INVENTED


def test_silverstone_abbey_late_braking(silverstone: Track) -> None:
    abbey = next(c for c in silverstone.corners if c.name == "Abbey")
    lb = silverstone.section("Abbey-brake")
    assert lb.type is SectionType.BRAKING and lb.lb_modifier == -20
    assert silverstone.sections[silverstone.next_index(lb.index)].name == abbey.sections[0]  # "before Abbey"
    assert silverstone.source_of("sections.Abbey-brake.lb_modifier").startswith("manual: Ex. 31 (§30)")
    assert silverstone.source_of("sections.Abbey-brake.lb_route") == INVENTED
    assert lb.lb_route in silverstone.routes


def test_silverstone_ex31_geometry(silverstone: Track) -> None:
    """Ex. 31: Blue on a +1 trajectory before corner 4 plays an orange [3] and spends 3 MP to reach
    the braking zone before Abbey."""
    lb = silverstone.section("Abbey-brake")
    start = silverstone.sections[(lb.index - 3) % len(silverstone)]
    trajs = [t for t in silverstone.trajectories_in(start.name) if t.bonus == 1 and Colour.ORANGE in t.colours]
    assert len(trajs) == 1
    t = trajs[0]
    assert t.kind is TrajectoryKind.STANDARD
    assert silverstone.source_of(f"trajectories.{t.id}.bonus").startswith("manual: Ex. 31 (§30)")
    assert silverstone.source_of(f"trajectories.{t.id}.colours").startswith("manual: Ex. 31 (§30)")
    # The section belongs to corner 4 and lies just before it; corner 4 comes before Abbey.
    c4 = silverstone.corner(4)
    assert start.corner == 4
    assert silverstone.sections[silverstone.next_index(start.index)].name == c4.sections[0]
    abbey = next(c for c in silverstone.corners if c.name == "Abbey")
    assert silverstone.section(c4.sections[-1]).index < silverstone.section(abbey.sections[0]).index


def test_silverstone_pit_time(silverstone: Track) -> None:
    assert silverstone.pit_time == 8  # printed -8: back 8 sections
    src = silverstone.source_of("pit.time")
    assert src.startswith("manual: Ex. 7/17 (§30)") and "does not name the track" in src


def test_silverstone_weather(silverstone: Track) -> None:
    w = silverstone.weather
    assert w.rain_side == "right"
    assert silverstone.source_of("weather.rain_side").startswith("manual: Ex. 9 (§9.1)")
    assert len(w.spaces) % 2 == 1
    middle = len(w.spaces) // 2
    assert w.spaces[middle].label() == "55-46"
    assert silverstone.source_of("weather.spaces.55-46.range").startswith("manual: Ex. 9")
    # (38) → intermediate, closer to the rain side (right) than the middle: robots fit Rain tyres.
    i38 = w.index_for(38)
    assert w.spaces[i38].condition is Condition.INTERMEDIATE and i38 > middle
    assert w.spaces[w.index_for(34)].condition in set(Condition)
    assert w.spaces[0].condition is Condition.DRY and w.spaces[-1].condition is Condition.RAIN
    for check in range(1, 100):  # every check factor lies on exactly one space
        assert sum(s.covers(check) for s in w.spaces) == 1


def test_silverstone_turns_allow_ex7(silverstone: Track) -> None:
    turns = silverstone.turns
    assert turns.last_turn >= 21  # Ex. 7: a refuel chit on 8 advanced by 13 lands on turn 21
    assert [s.turn for s in turns.spaces] == list(range(1, turns.last_turn + 1))
    assert turns.spaces[0].stage_start and sum(s.stage_start for s in turns.spaces) >= 2


def test_silverstone_layout(silverstone: Track) -> None:
    assert 28 <= len(silverstone) <= 32
    names = [c.name for c in sorted(silverstone.corners, key=lambda c: silverstone.section(c.sections[0]).index)]
    assert names == ["Copse", "Becketts", "Stowe", "Club", "Abbey", "Priory", "Luffield", "Woodcote"]
    assert [c.number for c in silverstone.corners] == list(range(1, 9))
    # Grid slots lie just before the finish line, pole first.
    n = len(silverstone)
    assert [silverstone.section(g.section).index for g in silverstone.grid] == [n - 1 - i for i in range(6)]
    # Off-track routes include a Crash Out retirement and one with the SC symbol.
    nodes = [node for r in silverstone.routes.values() for node in r.nodes.values()]
    assert any(x.kind is NodeKind.RETIRE and x.crash_out for x in nodes)
    assert any(x.kind is NodeKind.RETIRE and x.safety_car for x in nodes)
    assert any(e.kind is EffectKind.FORCED_PIT for x in nodes for e in x.effects)
    assert any(t.kind is TrajectoryKind.EXTREME for t in silverstone.trajectories)
    assert len([s for s in silverstone.sections if s.lb_modifier is not None]) >= 3
    cards = silverstone.track_cards
    assert len(cards) >= 10 and len({c.code for c in cards}) == len(cards)
    assert {n for c in cards for n in c.corners} <= {c.number for c in silverstone.corners}


def test_silverstone_manual_values_are_exactly_these(silverstone: Track) -> None:
    manual = {k for k, v in silverstone.sources.items() if v != INVENTED}
    assert manual == {
        "name",
        "corners.3", "corners.3.name", "corners.3.duel_modifier",
        "corners.5", "corners.5.name",
        "sections.Stowe", "sections.Stowe.type",
        "sections.Abbey", "sections.Abbey.type",
        "sections.Abbey-brake", "sections.Abbey-brake.type", "sections.Abbey-brake.lb_modifier",
        "trajectories.Vale.t1", "trajectories.Vale.t1.bonus", "trajectories.Vale.t1.colours",
        "pit", "pit.time",
        "weather", "weather.rain_side",
        "weather.spaces.55-46", "weather.spaces.55-46.range", "weather.spaces.55-46.condition",
        "weather.spaces.45-36", "weather.spaces.45-36.condition",
    }


# ----------------------------------------------------------------------------- provenance


@pytest.mark.parametrize("track_id", available_tracks())
def test_every_value_is_marked(track_id: str) -> None:
    t = load_track(track_id)
    objects = [*t.sections, *t.corners, *t.trajectories, *t.routes.values(), *t.weather.spaces, t.turns]
    for obj in objects:
        assert _valid_source(obj.source), obj
    assert all(_valid_source(v) for v in t.sources.values())
    # Every table of the raw file carries its own source; each card too.
    raw = tomllib.loads(Path(t.file).read_text(encoding="utf-8"))
    tables = [raw, raw["pit"], raw["weather"], raw["turns"], *raw["sections"], *raw["corners"],
              *raw.get("trajectories", []), *raw["routes"].values(), *raw["weather"]["spaces"], *raw["grid"],
              *raw.get("track_cards", [])]
    for table in tables:
        assert _valid_source(table["source"]), table
    # An object marked invented holds no manual value.
    for s in t.sections:
        if s.source == INVENTED:
            assert all(v == INVENTED for k, v in t.sources.items() if k.startswith(f"sections.{s.name}."))
    for c in t.corners:
        if c.source == INVENTED:
            assert all(v == INVENTED for k, v in t.sources.items() if k.startswith(f"corners.{c.number}."))
    for code in (c.code for c in t.track_cards):
        assert t.sources[f"track_cards.{code}"] == INVENTED
    # Every scalar field of every section is recorded.
    for s in t.sections:
        assert f"sections.{s.name}.type" in t.sources


# ----------------------------------------------------------------------------- bad files


def _load_text(tmp_path: Path, text: str, name: str = "bad.toml") -> TrackDataError:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    with pytest.raises(TrackDataError) as e:
        load_track(p)
    return e.value


def _mutate(old: str, new: str) -> str:
    assert old in BASE, f"test setup: {old!r} not in the base file"
    return BASE.replace(old, new, 1)


CORNER_TABLE = 'name = "Hairpin"\nduel_modifier = -2\nsections = ["C1"]\nsource = "invented-for-teaching"\n'
ROUTE_NODES = 'out = { kind = "retire", crash_out = true }\n'

BAD_CASES: list[tuple[str, str, str, str, str]] = [
    # (id, old, new, field, reason fragment)
    ("unknown-key", "duel_modifier = -2", "duel_modifer = -2", "corners[0].duel_modifer",
     "unknown key 'duel_modifer'; did you mean 'duel_modifier'?"),
    ("unknown-top-key", 'name = "Tiny"', 'nmae = "Tiny"', "nmae", "did you mean 'name'?"),
    ("bad-enum", 'name = "S1"\ntype = "straight"', 'name = "S1"\ntype = "bend"', "sections[0].type",
     "'bend' is not one of 'straight', 'braking', 'corner'"),
    ("duplicate-section", 'name = "S2"', 'name = "S1"', "sections[3].name",
     "duplicate section name 'S1' (already sections[0])"),
    ("dangling-route-ref", 'on_fail = "out"', 'on_fail = "gone"', "routes.b1-lb.nodes.t1.on_fail",
     "'gone' is not a node of route 'b1-lb'"),
    ("dangling-start", 'start = "t1"', 'start = "t9"', "routes.b1-lb.start", "'t9' is not a node of route"),
    ("route-cycle", 'next = "in" }', 'next = "t1" }', "routes.b1-lb.nodes.ok.next", "cycle t1 → ok → t1"),
    ("test-missing-branch", ', on_fail = "out" }', " }", "routes.b1-lb.nodes.t1.on_fail", "missing required key"),
    ("test-same-branches", 'on_pass = "ok", on_fail = "out"', 'on_pass = "ok", on_fail = "ok"',
     "routes.b1-lb.nodes.t1.on_fail", "also on_pass"),
    ("unreachable-node", ROUTE_NODES, ROUTE_NODES + 'spare = { kind = "retire" }\n', "routes.b1-lb.nodes.spare",
     "cannot be reached from start 't1'"),
    ("bad-node-kind", '{ kind = "retire", crash_out = true }', '{ kind = "explode" }', "routes.b1-lb.nodes.out.kind",
     "'explode' is not one of 'test', 'effects', 'reentry', 'back_on_track', 'retire'"),
    ("bad-effect", '{ kind = "time_loss", amount = 2 }', '{ kind = "time_loss", amount = 0 }',
     "routes.b1-lb.nodes.ok.effects[0].amount", "0 must be an integer in 1..9"),
    ("mp-loss-in-lb-route", '{ kind = "time_loss", amount = 2 }', '{ kind = "mp_loss", amount = 2 }',
     "routes.b1-lb.nodes.ok.effects[0].kind", "'mp_loss' (MP lost this turn) is for ET recovery charts"),
    ("back-on-track-in-lb-route", 'in = { kind = "reentry", section = "C1" }', 'in = { kind = "back_on_track" }',
     "routes.b1-lb.nodes.in.kind", "must end at 'reentry' or 'retire'"),
    ("reentry-unknown-section", 'section = "C1" }', 'section = "C9" }', "routes.b1-lb.nodes.in.section",
     "'C9' is not a section of this track"),
    ("reentry-behind-lb", 'section = "C1" }', 'section = "S1" }', "routes.b1-lb.nodes.in.section",
     "'S1' does not lie after LB section 'B1'"),
    ("unused-route", "[pit]", '[routes.spare]\nstart = "x"\nsource = "invented-for-teaching"\n'
     '[routes.spare.nodes]\nx = { kind = "retire" }\n\n[pit]', "routes.spare", "used by no section"),
    ("weather-gap", '"59-40"', '"59-45"', "weather.spaces[2].range",
     "'39-1' after '59-45' leaves check factors 40..44 on no space"),
    ("weather-overlap", '"39-1"', '"45-1"', "weather.spaces[2].range", "'45-1' overlaps '59-40'"),
    ("weather-not-to-1", '"39-1"', '"39-5"', "weather.spaces[2].range", "leaves check factors 1..4 on no space"),
    ("weather-bad-range", '"59-40"', '"fifty"', "weather.spaces[1].range", "'fifty' is not a check-factor range"),
    ("weather-no-rain", '"39-1", condition = "rain"', '"39-1", condition = "intermediate"', "weather.spaces",
     "no 'rain' space"),
    ("weather-order", '"99-60", condition = "dry"', '"99-60", condition = "rain"', "weather.spaces[1].condition",
     "'intermediate' lies on the rain side of 'rain'"),
    ("rain-side", 'rain_side = "right"', 'rain_side = "up"', "weather.rain_side", "'up' is not one of 'left', 'right'"),
    ("lb-on-corner", 'name = "C1"\ntype = "corner"\n', 'name = "C1"\ntype = "corner"\nlb_modifier = -10\n',
     "sections[2].lb_modifier", "-10 is set on corner section 'C1'; the LB symbol is printed only on braking"),
    ("lb-without-route", 'lb_route = "b1-lb"\n', "", "sections[1].lb_route", "missing: section 'B1' has lb_modifier"),
    ("lb-route-unknown", 'lb_route = "b1-lb"', 'lb_route = "nope"', "sections[1].lb_route",
     "'nope' is not a route of this track"),
    ("missing-source", CORNER_TABLE, CORNER_TABLE.replace('source = "invented-for-teaching"\n', ""),
     "corners[0].source", "missing; every table needs source"),
    ("missing-pit-source", 'time = -1\nsource = "invented-for-teaching"\n', "time = -1\n", "pit.source",
     "missing; every table needs source"),
    ("missing-space-source", '{ range = "59-40", condition = "intermediate", source = "invented-for-teaching" }',
     '{ range = "59-40", condition = "intermediate" }', "weather.spaces[1].source", "missing; every table needs"),
    ("missing-route-source", 'start = "t1"\nsource = "invented-for-teaching"\n', 'start = "t1"\n',
     "routes.b1-lb.source", "missing; every table needs source"),
    ("missing-top-source", 'name = "Tiny"\nsource = "invented-for-teaching"\n', 'name = "Tiny"\n', "source",
     "missing; every table needs source"),
    ("bad-source", CORNER_TABLE, CORNER_TABLE.replace('"invented-for-teaching"', '"made up"'), "corners[0].source",
     "'made up' is not a valid source"),
    ("manual-in-invented-table", CORNER_TABLE,
     CORNER_TABLE + 'sources = { duel_modifier = "manual: Ex. 15 (§30)" }\n', "corners[0].sources.duel_modifier",
     "on a table whose source is 'invented-for-teaching'"),
    ("sources-unknown-field", CORNER_TABLE,
     CORNER_TABLE.replace('source = "invented-for-teaching"', 'source = "manual: Ex. 1"') +
     'sources = { colour = "invented-for-teaching" }\n', "corners[0].sources.colour", "not a field set in this table"),
    ("missing-key", "duel_modifier = -2\n", "", "corners[0].duel_modifier", "missing required key 'duel_modifier'"),
    ("duel-not-int", "duel_modifier = -2", 'duel_modifier = "-2"', "corners[0].duel_modifier",
     "'-2' must be an integer"),
    ("corner-sections-mismatch", 'sections = ["C1"]', 'sections = ["S2"]', "corners[0].sections",
     "does not match the corner sections that name corner 1"),
    ("corner-unused", "number = 1\n", "number = 5\n", "corners[0].sections", "no corner section names corner 5"),
    ("corner-section-without-corner", 'name = "C1"\ntype = "corner"\ncorner = 1\n', 'name = "C1"\ntype = "corner"\n',
     "sections[2].corner", "missing: corner section 'C1' must name its corner number"),
    ("braking-wrong-corner", 'name = "B1"\ntype = "braking"\ncorner = 1', 'name = "B1"\ntype = "braking"\ncorner = 2',
     "sections[1].corner", "braking zone 'B1' names corner 2"),
    ("pit-positive", "time = -1", "time = 8", "pit.time", "8 must be a negative integer as printed on the board"),
    ("pit-too-long", "time = -1", "time = -3", "pit.time", "a pitting car would go back 5 of 4 sections"),
    ("turn-gap", "{ turn = 2,", "{ turn = 3,", "turns.spaces[1].turn", "this space is turn 2"),
    ("turn-no-stage", '{ turn = 1, laps = "1", stage_start = true }', '{ turn = 1, laps = "1" }',
     "turns.spaces[0].stage_start", "turn 1 begins the first Race Stage"),
    ("turn-bad-laps", 'laps = "2-3"', "laps = 2", "turns.spaces[1].laps", "2 must be a string"),
    ("grid-unknown-section", 'section = "S2"\ncars', 'section = "S9"\ncars', "grid[0].section",
     "'S9' is not a section of this track"),
    ("grid-not-at-finish", 'section = "S2"\ncars', 'section = "C1"\ncars', "grid[0].section",
     "so this slot is 'S2'"),
    ("schema-version", "schema = 1", "schema = 2", "schema", "2 is not a supported schema version"),
]


@pytest.mark.parametrize(("old", "new", "field", "reason"), [c[1:] for c in BAD_CASES], ids=[c[0] for c in BAD_CASES])
def test_bad_file(tmp_path: Path, old: str, new: str, field: str, reason: str) -> None:
    err = _load_text(tmp_path, _mutate(old, new))
    path = str((tmp_path / "bad.toml").resolve())
    assert err.file == path
    assert err.field == field, str(err)
    assert reason in err.reason, str(err)
    assert str(err).startswith(f"{path}: {field}: ")


TRAJ = """
[[trajectories]]
id = "C1.et1"
section = "C1"
kind = "extreme"
colours = ["red"]
bonus = 3
recovery = "c1-et"
source = "invented-for-teaching"

[routes.c1-et]
start = "t1"
source = "invented-for-teaching"

[routes.c1-et.nodes]
t1 = { kind = "test", test = "normal", modifier = -10, on_pass = "ok", on_fail = "bad" }
ok = { kind = "effects", effects = [{ kind = "mp_loss", amount = 2 }], next = "back" }
bad = { kind = "effects", effects = [{ kind = "mp_loss", amount = 4 }], next = "back" }
back = { kind = "back_on_track" }
"""

CARD = """
[[track_cards]]
code = "T01"
colour = "red"
mp = 4
check = 12
corners = [1]
source = "invented-for-teaching"
"""

EXTRA_CASES: list[tuple[str, str, str, str, str]] = [
    # (id, snippet, (old, new) applied to the snippet, field, reason fragment)
    ("et-ok", TRAJ, "", "", ""),
    ("card-ok", CARD, "", "", ""),
    ("traj-unknown-section", TRAJ, 'section = "C1"|section = "C7"', "trajectories[0].section",
     "'C7' is not a section of this track"),
    ("traj-three-colours", TRAJ, 'colours = ["red"]|colours = ["red", "green", "orange"]', "trajectories[0].colours",
     "one or two different colours"),
    ("traj-same-colour-twice", TRAJ, 'colours = ["red"]|colours = ["red", "red"]', "trajectories[0].colours",
     "one or two different colours"),
    ("traj-bonus-zero", TRAJ, "bonus = 3|bonus = 0", "trajectories[0].bonus", "0 must be an integer in 1..9"),
    ("traj-bad-kind", TRAJ, 'kind = "extreme"|kind = "wild"', "trajectories[0].kind",
     "'wild' is not one of 'standard', 'extreme'"),
    ("et-without-recovery", TRAJ, 'recovery = "c1-et"\n|', "trajectories[0].recovery", "missing"),
    ("et-unknown-recovery", TRAJ, 'recovery = "c1-et"|recovery = "nope"', "trajectories[0].recovery",
     "'nope' is not a route"),
    ("et-chart-with-reentry", TRAJ, 'back = { kind = "back_on_track" }|back = { kind = "reentry", section = "S2" }',
     "routes.c1-et.nodes.back.kind", "'reentry' ends LB routes"),
    ("standard-with-recovery", TRAJ, 'kind = "extreme"|kind = "standard"', "trajectories[0].recovery",
     "only an Extreme Trajectory has a recovery chart"),
    ("card-unknown-corner", CARD, "corners = [1]|corners = [9]", "track_cards[0].corners[0]",
     "9 is not a corner of this track"),
    ("card-bad-mp", CARD, "mp = 4|mp = 9", "track_cards[0].mp", "9 must be an integer in 1..6"),
    ("card-bad-power", CARD, 'corners = [1]|corners = [1]\npowers = ["fly"]', "track_cards[0].powers[0]",
     "'fly' is not one of"),
    ("card-missing-source", CARD, 'source = "invented-for-teaching"\n|', "track_cards[0].source", "missing"),
    ("card-bool", CARD, "corners = [1]|corners = [1]\ncombination = 1", "track_cards[0].combination",
     "1 must be true or false"),
]


@pytest.mark.parametrize(("snippet", "edit", "field", "reason"), [c[1:] for c in EXTRA_CASES],
                         ids=[c[0] for c in EXTRA_CASES])
def test_bad_file_extras(tmp_path: Path, snippet: str, edit: str, field: str, reason: str) -> None:
    if edit:
        old, new = edit.split("|")
        assert old in snippet
        snippet = snippet.replace(old, new, 1)
    text = BASE.replace("[pit]", snippet + "\n[pit]", 1)
    if not field:
        p = tmp_path / "ok.toml"
        p.write_text(text, encoding="utf-8")
        load_track(p)
        return
    err = _load_text(tmp_path, text)
    assert err.file == str((tmp_path / "bad.toml").resolve())
    assert err.field == field, str(err)
    assert reason in err.reason, str(err)


def test_corner_sections_must_be_consecutive(tmp_path: Path) -> None:
    text = _mutate('name = "S1"\ntype = "straight"', 'name = "S1"\ntype = "corner"\ncorner = 1')
    text = text.replace('sections = ["C1"]', 'sections = ["S1", "C1"]', 1)
    err = _load_text(tmp_path, text)
    assert err.field == "corners[0].sections"
    assert "['S1', 'C1'] all name corner 1 but are not consecutive sections" in err.reason


def test_corner_may_cross_the_finish_line(tmp_path: Path) -> None:
    # S2 (last) and S1 (first) form one corner across the line; grid sits in S2.
    text = _mutate('name = "S1"\ntype = "straight"', 'name = "S1"\ntype = "corner"\ncorner = 2')
    text = text.replace('name = "S2"\ntype = "straight"', 'name = "S2"\ntype = "corner"\ncorner = 2', 1)
    text = text.replace("[routes.b1-lb]", '[[corners]]\nnumber = 2\nname = "Loop"\nduel_modifier = 0\n'
                        'sections = ["S2", "S1"]\nsource = "invented-for-teaching"\n\n[routes.b1-lb]', 1)
    p = tmp_path / "wrap.toml"
    p.write_text(text, encoding="utf-8")
    assert load_track(p).corner(2).sections == ("S2", "S1")  # race order: S2, then S1 after the line


def test_malformed_toml(tmp_path: Path) -> None:
    err = _load_text(tmp_path, BASE.replace('name = "Tiny"', 'name = "Tiny', 1))
    assert err.field == "<toml>" and "malformed TOML" in err.reason and "line" in err.reason
    assert str(tmp_path) in str(err)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TrackDataError) as e:
        load_track(tmp_path / "nothing.toml")
    assert e.value.field == "<file>"


def _expectations() -> list[tuple[Path, str, str]]:
    out = []
    for p in sorted(BAD.glob("*.toml")):
        first = p.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# expect: "), p
        field, reason = (x.strip() for x in first[len("# expect: "):].split("|", 1))
        out.append((p, field, reason))
    return out


@pytest.mark.parametrize(("path", "field", "reason"), _expectations(), ids=lambda v: getattr(v, "stem", None))
def test_bad_track_files_on_disk(path: Path, field: str, reason: str) -> None:
    with pytest.raises(TrackDataError) as e:
        load_track(path)
    assert e.value.file == str(path.resolve())
    assert e.value.field == field, str(e.value)
    assert reason in e.value.reason, str(e.value)


def test_bad_tracks_dir_has_the_basic_cases() -> None:
    assert {p.stem for p in BAD.glob("*.toml")} >= {"malformed", "route_cycle", "weather_overlap", "unknown_key"}
