"""Expansion #1's track schema (issue 20; expansion1 digest §4.2–§4.6, §4.11; tracks/rf90/SCHEMA.md "Expansion #1
fields"): provenance ``expansion1:``/``derived:``, ``et_procedure``, ``check_value``, re-entry points on ET routes,
Track Cards scoped to the straight before a corner — and a clean one-line error for each bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.core.errors import TrackDataError
from racebook.rf90.track import EtProcedure
from racebook.rf90.trackfile import load_track

ROOT = Path(__file__).resolve().parents[2]
TRACKS = ROOT / "tracks" / "rf90"


def _schema_example() -> str:
    text = (TRACKS / "SCHEMA.md").read_text(encoding="utf-8")
    return text.split("## A minimal file", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


BASE = _schema_example()



ET = """
et_procedure = "expansion1"
"""

TRAJ = """
[[trajectories]]
id = "S1.et1"
section = "S1"
kind = "extreme"
colours = ["green"]
bonus = 4
check_value = 60
recovery = "s1-et"
source = "expansion1: Fig. 1 check value 60"
sources = { bonus = "derived: Fig. 2, 7 - 3" }

[routes.s1-et]
start = "t1"
source = "expansion1: Fig. 3"

[routes.s1-et.nodes]
t1 = { kind = "test", test = "normal", modifier = -20, on_pass = "ok", on_fail = "out" }
ok = { kind = "effects", effects = [{ kind = "time_loss", amount = 2 }], next = "in" }
in = { kind = "reentry", section = "C1" }
out = { kind = "retire", crash_out = true }

[[track_cards]]
code = "S03"
colour = "green"
mp = 3
check = 40
corners = [1]
powers = ["et:green"]
et_scope = "straight_before_corner"
source = "invented-for-teaching"
"""


def _text(edit: str = "", top: str = ET) -> str:
    snippet = TRAJ
    if edit:
        old, new = edit.split("|")
        assert old in snippet, old
        snippet = snippet.replace(old, new, 1)
    return BASE.replace('schema = 1\n', 'schema = 1\n' + top, 1).replace("[pit]", snippet + "\n[pit]", 1)


def test_expansion_fields_load(tmp_path: Path) -> None:
    p = tmp_path / "x1.toml"
    p.write_text(_text(), encoding="utf-8")
    t = load_track(p)
    et = t.trajectory("S1.et1")
    assert t.et_procedure is EtProcedure.EXPANSION1 and et.check_value == 60 and et.bonus == 4
    assert t.source_of("trajectories.S1.et1.check_value") == "expansion1: Fig. 1 check value 60"
    assert t.source_of("trajectories.S1.et1.bonus") == "derived: Fig. 2, 7 - 3"
    assert t.et_scoped_cards == frozenset({"S03"}) and t.straight_before(1) == "S1"
    assert t.et_power_reaches(t.track_cards[0], et)
    # the default procedure is the manual's
    assert load_track("monza").et_procedure is EtProcedure.SECOND_EDITION


BAD_CASES: list[tuple[str, str, str, str, str]] = [
    # (id, edit of TRAJ, top-level text, field, reason fragment)
    ("bad-procedure", "", 'et_procedure = "1e"\n', "et_procedure", "'1e' is not one of '2e', 'expansion1'"),
    ("bad-prefix", 'source = "expansion1: Fig. 1 check value 60"|source = "expansion: Fig. 1"', ET,
     "trajectories[0].source", "'expansion1: <citation>' or 'derived: <derivation>'"),
    ("empty-derived", 'sources = { bonus = "derived: Fig. 2, 7 - 3" }|sources = { bonus = "derived: " }', ET,
     "trajectories[0].sources.bonus", "not a valid source"),
    ("check-value-range", "check_value = 60|check_value = 100", ET, "trajectories[0].check_value",
     "100 must be an integer in 1..99"),
    ("check-value-on-standard", 'kind = "extreme"|kind = "standard"', "", "trajectories[0].check_value",
     "only an Extreme Trajectory prints an ET check value"),
    ("expansion1-needs-check-value", "check_value = 60\n|", ET, "trajectories[0].check_value",
     "missing: et_procedure = 'expansion1'"),
    ("reentry-needs-check-value", "check_value = 60\n|", "", "routes.s1-et.nodes.in.kind",
     "prints no check_value"),
    ("no-mp-loss-on-et-route", '"time_loss", amount = 2|"mp_loss", amount = 2', ET,
     "routes.s1-et.nodes.ok.effects[0].kind", "its turn ends at the re-entry point"),
    ("reentry-behind-the-et", 'section = "C1" }|section = "S2" }\n', ET, "routes.s1-et.nodes.in.section",
     "does not lie after ET section 'S1'"),
    ("bad-scope", 'et_scope = "straight_before_corner"|et_scope = "pitlane"', ET, "track_cards[0].et_scope",
     "'pitlane' is not one of 'anywhere', 'straight_before_corner'"),
    ("scope-without-power", 'powers = ["et:green"]\n|', ET, "track_cards[0].et_scope", "has no ET power"),
    ("scope-wrong-colour", 'powers = ["et:green"]|powers = ["et:red"]', ET, "track_cards[0].et_scope",
     "no ET of its colour lies there"),
]


@pytest.mark.parametrize(("edit", "top", "field", "reason"), [c[1:] for c in BAD_CASES], ids=[c[0] for c in BAD_CASES])
def test_bad_expansion_fields(tmp_path: Path, edit: str, top: str, field: str, reason: str) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(_text(edit, top), encoding="utf-8")
    with pytest.raises(TrackDataError) as e:
        load_track(p)
    assert e.value.field == field, str(e.value)
    assert reason in e.value.reason, str(e.value)
