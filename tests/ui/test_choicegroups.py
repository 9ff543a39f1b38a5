"""racebook.ui.choicegroups: grouped choices (issue 33 item 3) — one row per family, a menu from MENU_FROM choices,
a click hands over the choice's value object, press() by key, old widgets closed."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

pytest.importorskip("ipywidgets")

from racebook.ui.choicegroups import MENU_FROM, Choice, ChoiceBar, rows  # noqa: E402


@dataclass(frozen=True)
class Act:  # an engine action stand-in: a frozen value object
    name: str


def _choices(n_family: int) -> list[Choice]:
    return ([Choice(Act("start"), "start", "start the turn")]
            + [Choice(Act(f"s{i}"), f"s{i}", f"skip, change strategy to S{i}", family="skip, change strategy to",
                      words="skip, change strategy to") for i in range(n_family)]
            + [Choice(Act("skip"), "skip", "skip the turn")])


def test_option_drops_the_words_the_title_says() -> None:
    c = Choice(Act("p"), "p", "pit, +1 extra section: +3 turns", family="pit stop:", words="pit")
    assert c.option == "+1 extra section: +3 turns"
    assert Choice(Act("x"), "x", "Blue: pit", words="pit").option == "Blue: pit"  # not its words: kept whole
    assert Choice(Act("y"), "y", "pit", words="pit").option == "pit"  # nothing would be left


def test_rows_keep_the_first_order_of_each_family() -> None:
    got = rows(_choices(2))
    assert [f for f, _ in got] == ["", "skip, change strategy to"]
    assert [c.key for c in got[0][1]] == ["start", "skip"]


def test_a_large_family_is_one_menu_of_values_and_go_hands_over_the_object() -> None:
    chosen: list[object] = []
    bar = ChoiceBar(chosen.append)
    bar.show(_choices(MENU_FROM))
    assert set(bar.buttons) == {"start", "skip"} and list(bar.menus) == ["skip, change strategy to"]
    menu, go = bar.menus["skip, change strategy to"]
    assert [label for label, _v in menu.options] == [f"S{i}" for i in range(MENU_FROM)]
    menu.value = menu.options[2][1]
    go.click()
    assert chosen == [Act("s2")] and chosen[0] is menu.options[2][1]
    bar.press("s4")
    bar.press("start")
    assert chosen[1:] == [Act("s4"), Act("start")]
    with pytest.raises(KeyError, match="not a legal action now"):
        bar.press("nothing")


def test_a_small_family_is_buttons_showing_their_option() -> None:
    bar = ChoiceBar(lambda _v: None)
    bar.show(_choices(MENU_FROM - 1))
    assert not bar.menus and bar.buttons["s0"].description == "S0"
    assert bar.buttons["start"].description == "start the turn"
    assert bar.keys == ["start", *(f"s{i}" for i in range(MENU_FROM - 1)), "skip"]


def test_a_redraw_closes_the_widgets_it_replaces() -> None:
    bar = ChoiceBar(lambda _v: None)
    bar.show(_choices(MENU_FROM))
    old = bar.buttons["start"]
    menu, _go = bar.menus["skip, change strategy to"]
    bar.show([])
    assert old.comm is None and menu.comm is None and bar.widget.children == ()
