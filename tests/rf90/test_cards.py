"""Cards and deck files (§5.1, §5.2, AMB-2): racebook.rf90.cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from racebook.core.errors import DataError, DeckDataError
from racebook.rf90.cards import (
    Card,
    CardTest,
    Colour,
    DeckKind,
    DiscardPower,
    Flag,
    PowerKind,
    default_race_deck,
    load_race_deck,
    parse_cards,
)
from racebook.rf90.cards import TestKind as Kind

# ------------------------------------------------------------------ the shipped deck


def test_shipped_deck_has_99_cards_with_unique_check_factors_1_to_99() -> None:
    """§5.1: check factors run 1–99; the shipped deck gives each value to exactly one card."""
    deck = load_race_deck()
    assert len(deck) == 99
    assert sorted(c.check for c in deck.cards) == list(range(1, 100))


def test_shipped_deck_mp_are_1_to_4() -> None:
    """§5.1: Race Card MP range is 1 to 4."""
    deck = load_race_deck()
    assert {c.mp for c in deck.cards} <= {1, 2, 3, 4}
    assert {c.mp for c in deck.cards} == {1, 2, 3, 4}


def test_shipped_deck_codes_name_the_check_factor() -> None:
    """§5.1: a Race Card is named R + its two-digit check factor, so "(42)" names R42."""
    deck = load_race_deck()
    for c in deck.cards:
        assert c.code == f"R{c.check:02d}"
        assert c.deck is DeckKind.RACE and not c.is_track
    assert deck["R42"].check == 42
    assert "R42" in deck and "R00" not in deck and "R100" not in deck
    assert deck.codes() == tuple(c.code for c in deck.cards)


def test_shipped_deck_uses_all_four_colours_and_no_track_only_fields() -> None:
    """§5.1: four card types (red/green/orange/yellow); corners/combination/-1/powers are Track-Card-only (§19.2)."""
    deck = load_race_deck()
    assert {c.colour for c in deck.cards} == set(Colour)
    for c in deck.cards:
        assert not c.corners and not c.combination and not c.minus_one and not c.powers


def test_default_race_deck_is_cached() -> None:
    """default_race_deck() loads the shipped file once."""
    assert default_race_deck() is default_race_deck()
    assert default_race_deck().codes() == load_race_deck().codes()


def test_ex_20_card_is_a_3_with_2_tyres_and_1_damage() -> None:
    """Ex. 20 (§13.D.1): the quoted [3] card costs 2 tyres and 1 damage draw (R60 in the shipped deck)."""
    c = default_race_deck()["R60"]
    assert (c.mp, c.tyres, c.damage) == (3, 2, 1)


# ------------------------------------------------------------------ describe / str


def test_card_str_is_mp_and_check() -> None:
    """§5.1: a card shows its MP [n] and its check factor (nn)."""
    assert str(default_race_deck()["R07"]) == "[1](07)"
    assert str(default_race_deck()["R60"]) == "[3](60)"


def test_card_describe_race_card_with_costs() -> None:
    """§5.1 items 2–4: MP, costs/actions and check factor in one line."""
    assert default_race_deck()["R60"].describe() == "R60 [3] red (60): 2 tyres, 1 damage"
    assert default_race_deck()["R10"].describe() == "R10 [2] red (10): 1 tyre"


def test_card_describe_plain_card_has_no_tail() -> None:
    assert default_race_deck()["R42"].describe() == "R42 [3] orange (42)"


def test_card_describe_tests_draws_flags_weather() -> None:
    """§13.D.2–D.4 symbols appear in the description."""
    d = default_race_deck()
    assert d["R09"].describe() == "R09 [2] green (09): blind test -10"
    assert d["R02"].describe() == "R02 [3] green (02): normal test +20"
    assert d["R47"].describe() == "R47 [2] yellow (47): draw 1, blue flag"
    assert d["R01"].describe() == "R01 [1] yellow (01): weather"
    assert d["R65"].describe() == "R65 [3] yellow (65): discard 1"


def test_card_describe_track_card_fields() -> None:
    """§5.2/§19.2–19.3: corner number, combination symbol, "-1" symbol and Discard Powers."""
    c = Card("T09", DeckKind.TRACK, Colour.RED, 5, 9, tyres=1, corners=(1, 3), combination=True, minus_one=True,
             powers=(DiscardPower(PowerKind.ET, Colour.RED), DiscardPower(PowerKind.LB)))
    assert c.is_track
    assert c.has_power(PowerKind.LB) and c.has_power(PowerKind.ET) and not c.has_power(PowerKind.DUEL)
    assert c.describe() == 'T09 [5] red (09): 1 tyre, corner 1/3, combination, "-1", et:red power, lb power'


def test_card_test_str() -> None:
    """§13.D.2: normal / blind test symbols with printed modifiers."""
    assert str(CardTest(Kind.NORMAL, -10)) == "normal test -10"
    assert str(CardTest(Kind.BLIND, 20)) == "blind test +20"
    assert str(CardTest(Kind.BLIND)) == "blind test"


def test_cards_are_frozen_values() -> None:
    c = default_race_deck()["R42"]
    with pytest.raises(AttributeError):
        c.mp = 4  # type: ignore[misc]


# ------------------------------------------------------------------ Track Cards (AMB-2)


def test_track_cards_may_reach_6_mp_but_not_7() -> None:
    """AMB-2: Race Cards 1–4, Track Cards may reach 5–6."""
    ok = parse_cards([{"code": "T01", "colour": "red", "mp": 6, "check": 5, "corners": [1]}], DeckKind.TRACK, "t")
    assert ok[0].mp == 6
    with pytest.raises(DeckDataError) as e:
        parse_cards([{"code": "T01", "colour": "red", "mp": 7, "check": 5, "corners": [1]}], DeckKind.TRACK, "t")
    assert e.value.field == "cards[0].mp"


def test_track_card_needs_a_corner_and_a_code() -> None:
    """§5.2 item 5: a Track Card names the corner it refers to; it needs its own code."""
    with pytest.raises(DeckDataError) as e:
        parse_cards([{"code": "T01", "colour": "red", "mp": 2, "check": 5}], DeckKind.TRACK, "t.toml")
    assert (e.value.file, e.value.field) == ("t.toml", "cards[0].corners")
    with pytest.raises(DeckDataError) as e:
        parse_cards([{"colour": "red", "mp": 2, "check": 5, "corners": [1]}], DeckKind.TRACK, "t.toml")
    assert e.value.field == "cards[0].code"


def test_et_power_must_name_its_colour() -> None:
    """§19.3: the ET Discard Power respects the trajectory colour, so it names one."""
    raw = [{"code": "T01", "colour": "red", "mp": 2, "check": 5, "corners": [1], "powers": ["et"]}]
    with pytest.raises(DeckDataError) as e:
        parse_cards(raw, DeckKind.TRACK, "t.toml")
    assert e.value.field == "cards[0].powers[0]" and "§19.3" in e.value.reason
    raw[0]["powers"] = ["et:green", "duel"]
    c = parse_cards(raw, DeckKind.TRACK, "t.toml")[0]
    assert c.powers == (DiscardPower(PowerKind.ET, Colour.GREEN), DiscardPower(PowerKind.DUEL))


# ------------------------------------------------------------------ bad deck files


def _write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


CARD = '[[cards]]\ncheck = 7\ncolour = "red"\nmp = 1\n'

BAD_DECKS = [
    pytest.param('source = "x"\n', "cards", "non-empty", id="no-cards-array"),
    pytest.param("cards = []\n", "cards", "non-empty", id="empty-cards-array"),
    pytest.param("cards = [1, 2]\n", "cards[0]", "table", id="card-not-a-table"),
    pytest.param("cards = [\n", "<toml>", "", id="toml-syntax"),
    pytest.param('[[cards]]\ncheck = 1\ncolour = "red"\n', "cards[0].mp", "missing", id="missing-mp"),
    pytest.param('[[cards]]\nmp = 1\ncolour = "red"\n', "cards[0].check", "missing", id="missing-check"),
    pytest.param('[[cards]]\nmp = 1\ncheck = 1\n', "cards[0].colour", "missing", id="missing-colour"),
    pytest.param('[[cards]]\ncheck = 1\ncolour = "purple"\nmp = 1\n', "cards[0].colour", "'purple'", id="colour"),
    pytest.param('[[cards]]\ncheck = 1\ncolour = "red"\nmp = 5\n', "cards[0].mp", "1..4", id="mp-5"),
    pytest.param('[[cards]]\ncheck = 1\ncolour = "red"\nmp = 0\n', "cards[0].mp", "1..4", id="mp-0"),
    pytest.param('[[cards]]\ncheck = 0\ncolour = "red"\nmp = 1\n', "cards[0].check", "1..99", id="check-0"),
    pytest.param('[[cards]]\ncheck = 100\ncolour = "red"\nmp = 1\n', "cards[0].check", "1..99", id="check-100"),
    pytest.param('[[cards]]\ncheck = "7"\ncolour = "red"\nmp = 1\n', "cards[0].check", "1..99", id="check-str"),
    pytest.param('[[cards]]\ncheck = true\ncolour = "red"\nmp = 1\n', "cards[0].check", "1..99", id="check-bool"),
    pytest.param(CARD + CARD.replace("mp = 1", 'mp = 2\ncode = "X7"'), "cards[1].check", "already used",
                 id="duplicate-check"),
    pytest.param(CARD + CARD.replace("check = 7", 'check = 8\ncode = "R07"'), "cards[1].code", "duplicate",
                 id="duplicate-code"),
    pytest.param(CARD + "speed = 3\n", "cards[0].speed", "unknown field", id="unknown-field"),
    pytest.param(CARD + "corners = [1]\n", "cards[0]", "Track-Card-only", id="race-card-with-corner"),
    pytest.param(CARD + 'powers = ["lb"]\n', "cards[0]", "Track-Card-only", id="race-card-with-power"),
    pytest.param(CARD + 'tests = [{ kind = "hard" }]\n', "cards[0].tests[0].kind", "'hard'", id="test-kind"),
    pytest.param(CARD + "tests = [{ modifier = 10 }]\n", "cards[0].tests[0]", "kind", id="test-without-kind"),
    pytest.param(CARD + 'flag = "pink"\n', "cards[0].flag", "'pink'", id="flag"),
    pytest.param(CARD + "tyres = 4\n", "cards[0].tyres", "0..3", id="tyres-4"),
    pytest.param(CARD + "damage = -1\n", "cards[0].damage", "0..2", id="damage-negative"),
]


@pytest.mark.parametrize(("text", "field", "reason"), BAD_DECKS)
def test_bad_deck_file_raises_deck_data_error_naming_file_and_field(tmp_path: Path, text: str, field: str,
                                                                    reason: str) -> None:
    """§5.1 data rules: a malformed deck raises DeckDataError with the file, the field path and the reason."""
    p = _write(tmp_path, text)
    with pytest.raises(DeckDataError) as e:
        load_race_deck(p)
    err = e.value
    assert isinstance(err, DataError)
    assert err.file == str(p)
    assert err.field == field
    assert reason in err.reason
    assert str(err).startswith(f"{p}: {field}: ")


def test_missing_deck_file_raises_deck_data_error(tmp_path: Path) -> None:
    p = tmp_path / "nope.toml"
    with pytest.raises(DeckDataError) as e:
        load_race_deck(p)
    assert e.value.file == str(p) and e.value.field == "<file>"


def test_small_valid_deck_file_loads(tmp_path: Path) -> None:
    """A deck file is data: any valid composition loads (AMB-2: make card data-driven)."""
    p = _write(tmp_path, 'source = "mine"\n' + CARD + '[[cards]]\ncheck = 8\ncolour = "green"\nmp = 4\n'
               'tests = [{ kind = "normal", modifier = -10 }]\nflag = "blue"\ndraw = 1\n')
    deck = load_race_deck(p)
    assert deck.codes() == ("R07", "R08") and deck.source == "mine"
    g = deck["R08"]
    assert g.tests == (CardTest(Kind.NORMAL, -10),) and g.flag is Flag.BLUE and g.draw == 1
    assert g.colour is Colour.GREEN and g.mp == 4
