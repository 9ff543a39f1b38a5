"""Action texts, fuzzed on live positions (issue 14): a bad text is refused cleanly and never changes the race.

Live positions come from random legal play (tests/racefuzz.py: random mid-race positions and whole races from
set-up, every shipped track). At each, texts are tried through ``Race.apply(text)``: random strings (any unicode)
and the legal actions' texts mutated — a token dropped, duplicated, swapped or replaced (unicode digits, huge and
negative numbers, unknown cards, other cars' cards, other cars, empty ``key=``), a verb or car changed, a character
flipped. Each text must either be a legal action (then it is applied, as a player would) or raise
``ActionSyntaxError`` (it does not parse), ``IllegalAction`` (well-formed, but the rules refuse it) or
``RuleUnavailable`` (the 10th strategy / SIXTH SENSE, §0.1), leaving the race exactly as it was (its state, log and
legal actions). Any other exception is a failure.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from racefuzz import TRACKS, driver_for, full_race, position_race

from racebook.core.errors import ActionSyntaxError, IllegalAction, RuleUnavailable
from racebook.rf90.actiontext import parse
from racebook.rf90.game import Race

COUNTS: Counter = Counter()  # inputs / positions / refusals / accepted / raw exceptions, for the report

ODD_TOKENS = ["²", "١", "５", "Ⅻ", "-1", "-0", "+1", "0", "00", "9" * 40, "1e9", "1.5", "NaN", "inf", "=", "==", "",
              "R00", "R100", "R-1", "T00", "T99", "X", "blind", "none", "keep", "+traj", "+blue", "et=", "et=flat",
              "et=R42", "minus1=", "minus1=99", "minus1=-1", "chips=", "chips=-1", "chips=99999999999999999999",
              "cards=", "cards=,", "cards=R42,R42", "strategy=", "strategy=tenth", "strategy=push", "lb", "\x00",
              "\u200b", "é", "🏁", "Blue", "Slow1", "play", "pay", "test", "1", "2", "3", "Stowe", "D.et1", "A"]


def _position(seed: int, steps: int) -> Race:
    """A live position: a random race (kind and track by seed) after ``steps`` random legal actions."""
    track = TRACKS[seed % len(TRACKS)]
    race = (position_race if seed % 2 else full_race)(seed, track)
    driver = driver_for(seed)
    for _ in range(steps):
        legal = race.legal_actions()
        if race.is_over or not legal:
            break
        race.apply(driver.choose(race, legal))
    return race


def _snapshot(race: Race) -> tuple:
    return race.state.to_dict(), len(race.steps), race.current_car, race.phase


def _mutate(rnd: random.Random, text: str, race: Race) -> str:
    words = text.split()
    s = race.state
    pool = ODD_TOKENS + list(s.cars) + [c for car in s.cars.values() for c in car.hand][:20] \
        + s.race_deck.discards[-5:] + s.race_deck.pile[-3:]
    how = rnd.randrange(9)
    if how == 0 and words:
        del words[rnd.randrange(len(words))]
    elif how == 1 and words:
        i = rnd.randrange(len(words))
        words.insert(i, words[i])
    elif how == 2 and len(words) > 1:
        i, j = rnd.sample(range(len(words)), 2)
        words[i], words[j] = words[j], words[i]
    elif how == 3 and words:
        words[rnd.randrange(len(words))] = rnd.choice(pool)
    elif how == 4:
        words.insert(rnd.randrange(len(words) + 1), rnd.choice(pool))
    elif how == 5 and len(words) > 2:  # a key=value argument's value altered
        i = rnd.randrange(2, len(words))
        k, eq, _ = words[i].partition("=")
        words[i] = (k + eq if eq else "") + rnd.choice(pool)
    elif how == 6 and text:
        i = rnd.randrange(len(text))
        return text[:i] + chr(rnd.choice([rnd.randrange(32, 127), rnd.randrange(0x80, 0x3000)])) + text[i + 1:]
    elif how == 7 and len(words) > 1:
        words[1] = rnd.choice(["play", "pay", "discard", "test", "bid", "pit", "occupy", "late-brake", "skip",
                               "draw", "take", "chase", "force", "yellow-flag", "weather", "leader-check"])
    elif how == 8 and words:
        words[0] = rnd.choice(list(s.cars) + ["Nobody", "blue", ""])
    return " ".join(words)


def _try(race: Race, text: str) -> None:
    """Apply ``text``: legal → applied; refused → ActionSyntaxError/IllegalAction/RuleUnavailable and the race
    unchanged."""
    COUNTS["inputs"] += 1
    legal = race.legal_actions()
    before = _snapshot(race)
    try:
        race.apply(text)
    except (ActionSyntaxError, IllegalAction, RuleUnavailable) as e:
        COUNTS["refused"] += 1
        assert _snapshot(race) == before, f"{text!r} was refused ({e}) but changed the race"
        assert race.legal_actions() == legal
        assert str(e) and "\n" not in str(e), f"{text!r}: not a one-line message: {e!s}"
        assert not isinstance(e, (ActionSyntaxError, IllegalAction)) or e.rule, f"{text!r}: no rule named: {e!s}"
        if isinstance(e, IllegalAction):  # well-formed: it parses, and it is the rules that refuse it
            assert str(parse(text)) == str(e.action), f"{text!r}: refused as {e.action}"
        return
    except Exception as e:  # the finding: a raw exception
        COUNTS["raw exceptions"] += 1
        raise AssertionError(f"{text!r} at {race.position()} raised {type(e).__name__}: {e}") from e
    COUNTS["accepted"] += 1
    assert parse(text) in legal, f"{text!r} was applied but {parse(text)} was not legal"


@pytest.mark.fuzz
@fuzz_settings(50)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 150), junk=st.lists(st.text(max_size=40), max_size=4),
       mutations=st.integers(0, 2**31))
def test_mutated_and_random_action_texts_are_refused_cleanly(seed: int, steps: int, junk: list[str],
                                                              mutations: int) -> None:
    """A bad action text raises ActionSyntaxError or IllegalAction naming the rule and changes nothing; a text that
    happens to be a legal action is applied (racebook.rf90.actions grammar; Race.apply checks it against
    legal_actions())."""
    race = _position(seed, steps)
    COUNTS["positions"] += 1
    rnd = random.Random(mutations)
    for text in junk:
        _try(race, text)
        _try(race, f"{race.current_car} {text}")
    for _ in range(16):
        legal = race.legal_actions()
        if not legal:
            _try(race, f"{rnd.choice(list(race.state.cars))} start")  # the race is over: refused (§10)
            break
        _try(race, _mutate(rnd, str(rnd.choice(legal)), race))


def test_unicode_digits_and_huge_numbers_in_action_texts_are_refused() -> None:
    """racebook.rf90.actions: numbers are ASCII digits; ``²`` (which str.isdigit accepts), Arabic-Indic or full-width
    digits and numbers of any length are refused with ActionSyntaxError, never a bare ValueError."""
    for text in ("Blue pit ²", "Blue pit ١", "Blue pit ５", "Blue test ² blind", "Blue weather ١",
                 "Blue pay chips=²", "Blue play R42 minus1=٣", "Blue yellow-flag C ²", "Blue pit " + "9" * 5000,
                 "Blue pay chips=" + "9" * 5000):
        with pytest.raises(ActionSyntaxError) as e:
            parse(text)
        assert e.value.rule == "actions", text


def test_unreadable_action_texts_are_quoted_on_one_line() -> None:
    """racebook.rf90.actions: an unreadable text is quoted with repr in the ActionSyntaxError message, so a newline or a
    control character in the input cannot split it (found by this fuzz: ``"\\n"`` gave a two-line message)."""
    for text in ("\n", "\x00 \n", "Blue pit 1\n2", "Blue pay chips=\r", "Blue skip strategy=\n\x00"):
        with pytest.raises(ActionSyntaxError) as e:
            parse(text)
        assert "\n" not in str(e.value) and "\r" not in str(e.value) and e.value.rule == "actions", text


@pytest.mark.parametrize("text", ["Blue pit 1 2", "Blue start now", "Blue occupy D.et1 D.et1", "Blue test 1 R10 R20",
                                  "Blue leader-check R10 blind", "Blue weather +1 -1", "Blue no-late-brake x",
                                  "Blue force Slow1 lb lb", "Blue take-flag blue orange"])
def test_extra_words_in_an_action_text_are_refused_not_ignored(text: str) -> None:
    """racebook.rf90.actions: a verb with a fixed number of arguments refuses extra words (``Blue pit 1 2`` was read as
    ``Blue pit 1``, silently dropping the ``2``)."""
    with pytest.raises(ActionSyntaxError, match="takes at most"):
        parse(text)


def test_apply_refuses_what_is_not_an_action(make_race) -> None:  # type: ignore[no-untyped-def]
    """Race.apply takes an Action or its text; anything else is refused with ActionSyntaxError, not AttributeError."""
    race = make_race("teaching turn=5 lap=2 | D: Blue*", {"Blue": {"hand": ["R10"], "target": "R88"}})
    before = _snapshot(race)
    for junk in (None, 5, b"Blue start", ["Blue", "start"]):
        with pytest.raises(ActionSyntaxError):
            race.apply(junk)  # type: ignore[arg-type]
    assert _snapshot(race) == before


def test_report_action_text_fuzz_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """Not a check: prints what the fuzz above tried (run with -s)."""
    with capsys.disabled():
        if COUNTS:
            print(f"\naction-text fuzz: {COUNTS['inputs']} inputs on {COUNTS['positions']} live positions: "
                  f"{COUNTS['refused']} refused, {COUNTS['accepted']} legal and applied, "
                  f"raw exceptions: {COUNTS['raw exceptions']}")
