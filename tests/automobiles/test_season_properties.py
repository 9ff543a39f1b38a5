"""Property tests (hypothesis) with Seasons, sponsors and the driver draft in play: cubes are conserved across the
zones and the Stock; no legal action raises; explain() agrees with legal_actions(); the position notation round-trips
(parse_position(format_state(s))) at every step, card and sponsor effects in progress included, and the parsed
position lists the same legal actions. Fuzz: bad season and sponsor files get one clean typed error."""

from __future__ import annotations

from pathlib import Path

import pytest
from autohelp import race_of
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from racebook.automobiles.agents import BuilderDriver, GreedyDriver
from racebook.automobiles.game import Race
from racebook.automobiles.notation import format_state, parse_position
from racebook.automobiles.options import Rules, house_rule_docs
from racebook.automobiles.setup import new_state
from racebook.automobiles.sponsors import load_sponsors, sponsors
from racebook.core.agents import RandomDriver
from racebook.core.errors import DataError, ScenarioError
from racebook.core.rng import Rng

SPONSORS = sorted(sponsors())
PROBES = ("pass", "stop", "sponsor E1", "keep A1", "draft josh_trin", "buy K", "pick X bag", "pick W discard", "draw",
          "pit", "driver")
RULES = st.fixed_dictionaries({}, optional={
    name: st.sampled_from([d.default, d.alternative]) for name, d in house_rule_docs().items()})


def _rules(d: dict[str, str]) -> Rules:
    return Rules.from_dict({k: {"true": True, "false": False}.get(v, v) for k, v in d.items()})


def _step_checks(r: Race, totals: dict[str, int], pick: Rng, clones: int = 8) -> None:
    """One step of the property: conservation, the round trip, explain agrees, legal actions apply on clones."""
    assert r.state.totals() == totals
    text = format_state(r.state)
    parsed = parse_position(text)
    assert format_state(parsed) == text
    legal = r.legal_actions()
    assert [str(a) for a in Race(parsed, frames=False).legal_actions()] == [str(a) for a in legal]
    for a in legal[:clones]:
        assert r.explain(a).legal
        c = r.clone()
        c.apply(a)
        assert c.state.totals() == totals
    if legal:
        probe = legal[pick.below(len(legal))]
        assert r.explain(probe).legal
    texts = {str(a) for a in legal}
    for pid in list(r.state.players)[:2]:  # explain agrees with the listing on refused actions too
        for verb in PROBES:
            text = f"{pid} {verb}"
            v = r.explain(text)
            assert v.legal == (text in texts)
            if not v.legal:
                assert v.rule.startswith("§") and v.reason and "\n" not in v.reason


class _Mix:
    """Greedy most of the time (so races end), random otherwise (so odd choices are explored)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.random = RandomDriver(seed)
        self.greedy = [GreedyDriver(), BuilderDriver()][seed % 2]

    def choose(self, race: Race, legal: list) -> object:
        return self.random.choose(race, legal) if self.rng.below(4) == 0 else self.greedy.choose(race, legal)


@fuzz_settings(12)
@given(seed=st.integers(0, 2**32), held=st.lists(st.sampled_from(SPONSORS), min_size=3, max_size=3, unique=True),
       pool=st.integers(0, 4), stage=st.sampled_from(["sponsors", "sponsor"]), rules=RULES,
       steps=st.integers(1, 120), bags=st.lists(st.sampled_from(["W5L2Y5X4", "W3K2X9", "D2P1G1X1", "W1"]),
                                               min_size=3, max_size=3))
def test_between_races_sponsors_conserve_cubes_and_never_raise(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                                              held: list[str], pool: int, stage: str,
                                                              rules: dict[str, str], steps: int,
                                                              bags: list[str]) -> None:
    rest = [s for s in SPONSORS if s not in held]
    Rng(seed).shuffle(rest)
    players = [{"id": x, "lane": i + 1, "progress": 140 - i, "bag": bags[i]} for i, x in enumerate("ABC")]
    spons = ", ".join(f'{p} = "{s}"' for p, s in zip("ABC", held, strict=True) if seed % 3 or p != "B")
    pool_list = ", ".join(f'"{s}"' for s in rest[:pool])
    extra = (f'\n[season]\nraces = 3\nfinish = ["C", "A", "B"]\nstage = "{stage}"\nsponsors = {{ {spons} }}\n'
             f'pool = [{pool_list}]\n')
    r = race_of(tmp_path_factory.mktemp("s"), players, extra=extra,
                rules={k: {"true": True, "false": False}.get(v, v) for k, v in rules.items()})
    totals = r.state.totals()
    pick, driver = Rng(seed ^ 0xA5), _Mix(seed)
    for _ in range(steps):
        _step_checks(r, totals, pick)
        legal = r.legal_actions()
        if not legal:
            break
        r.apply(driver.choose(r, legal))
    _step_checks(r, totals, pick)


@fuzz_settings(5)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), draft=st.booleans(), rules=RULES)
def test_whole_seasons_round_trip_at_every_step(seed: int, players: int, draft: bool, rules: dict[str, str]) -> None:
    r = Race(new_state(players, seed=seed, season=3, draft=draft, rules=_rules(rules), laps=1), frames=False)
    totals = r.state.totals()
    pick, driver = Rng(seed), _Mix(seed)
    n = 0
    while not r.is_over and n < 6000:
        _step_checks(r, totals, pick, clones=1 if n % 10 else 8)
        r.apply(driver.choose(r, r.legal_actions()))
        n += 1
    assert r.is_over
    _step_checks(r, totals, pick)


@pytest.mark.parametrize("body, field", [
    ("schema = 2\n", "sponsor"),
    ('schema = 1\n[[sponsor]]\nid = "Z1"\ngroup = "Z"\n', "sponsor[0].id"),
    ('schema = 1\n[[sponsor]]\nid = "A1"\ngroup = "A"\nstandard = -1\n', "sponsor[0].standard"),
    ('schema = 1\n[[sponsor]]\nid = "D1"\ngroup = "D"\nstandard = 1\nfirst = "X2"\nmiddle = "L1"\nlast = "L1"\n',
     "sponsor[0].first"),
    ('schema = 1\n[[sponsor]]\nid = "B1"\ngroup = "B"\nstandard = 1\nfirst = 1\nmiddle = 1\nlast = 1\n'
     'source = { standard = "made up", tiers = "digest §22.5" }\n', "sponsor[0].source.standard"),
    ('schema = 1\n[[sponsor]]\nid = "B1"\ngroup = "B"\nstandard = 1\nfirst = 1\nmiddle = 1\nlast = 1\n'
     'source = { standard = "invented-for-teaching: why not", tiers = "digest §22.5" }\n', "sponsor"),
    ("[[sponsor\n", "<toml>"),
])
def test_bad_sponsor_files(tmp_path: Path, body: str, field: str) -> None:
    f = tmp_path / "sponsors.toml"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_sponsors(f)
    assert e.value.field.startswith(field) and "\n" not in str(e.value)


@fuzz_settings(40)
@given(key=st.sampled_from(["races", "race", "finish", "stage", "sponsors", "pool", "deck", "points", "nope"]),
       value=st.one_of(st.integers(-3, 12), st.text(max_size=6), st.lists(st.sampled_from(["A", "B", "E1", "Q"]),
                                                                          max_size=4), st.booleans()))
def test_bad_season_tables_are_one_scenario_error(tmp_path_factory: pytest.TempPathFactory, key: str,
                                                   value: object) -> None:
    def toml(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(toml(x) for x in v) + "]"
        return str(v)
    players = [{"id": x, "lane": i + 1, "progress": 100 - i, "bag": "W5"} for i, x in enumerate("AB")]
    base = {"races": "3", "finish": '["A", "B"]', "stage": '"sponsors"'}
    base[key] = toml(value)
    extra = "\n[season]\n" + "".join(f"{k} = {v}\n" for k, v in base.items())
    try:
        r = race_of(tmp_path_factory.mktemp("b"), players, extra=extra)
    except ScenarioError as e:
        assert "\n" not in str(e)
        return
    for a in r.legal_actions()[:3]:  # a table that loads is a playable position
        r.clone().apply(a)
