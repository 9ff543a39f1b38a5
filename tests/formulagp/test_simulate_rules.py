"""``racebook simulate --game formulagp --rules TEXT`` (issue 38): the house and optional rules of every simulated race,
as the season's ``--rules`` takes them (``name=value,…``, :meth:`racebook.core.houserules.HouseRules.parse_text`)."""

from __future__ import annotations

from typing import Any

import pytest

from racebook.cli import main
from racebook.core.errors import DataError
from racebook.formulagp import hooks
from racebook.formulagp.options import Rules


def test_the_rules_text_reaches_every_race(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Rules] = []
    real = hooks._new_race

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["rules"])
        return real(*args, **kwargs)

    monkeypatch.setattr(hooks, "_new_race", spy)
    got = hooks.simulate(None, 2, 5, players=2, start="grid", rules="ot_management=1,street_circuit=2")
    assert len(got) == 2 and len(seen) == 2
    assert all(r == Rules(ot_management=True, street_circuit=2) for r in seen)
    hooks.simulate(None, 1, 5, players=2, start="grid")
    assert seen[-1] == Rules()


def test_the_same_seed_and_rules_give_the_same_races() -> None:
    a = hooks.simulate(None, 3, 11, players=3, rules="second_attempt_once=0", mode="advanced")
    b = hooks.simulate(None, 3, 11, players=3, rules="second_attempt_once=0", mode="advanced")
    assert a == b


def test_a_bad_rules_text_is_one_clean_line_before_any_race(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(DataError, match="--rules"):
        hooks.simulate(None, 10**5, 0, rules="no_such_rule=1")  # refused before 100,000 races are played
    assert main(["simulate", "--game", "formulagp", "--races", "1", "--rules", "street_circuit=9", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "street_circuit is 0 (off), 1 or 2" in err and err.count("\n") == 1  # the race set-up's own check
    assert main(["simulate", "--game", "rf90", "--races", "1", "--rules", "x=1", "--quiet"]) == 2
    assert "--rules is FormulaGP's" in capsys.readouterr().err
    assert main(["simulate", "--game", "formulagp", "--races", "2", "--players", "2", "--rules", "ot_management=1",
                 "--quiet"]) == 0
    assert "2 races" in capsys.readouterr().out
