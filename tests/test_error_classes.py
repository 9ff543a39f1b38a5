"""The error hierarchy, python-chess style (racebook.core.errors, issue 15 item 5).

Each kind of bad input has its own class, and every one is also a ``ValueError``: an action text that does not
parse is an ``ActionSyntaxError``; a well-formed action the rules refuse now (§10–§26) an ``IllegalAction``; a set-up
given through the API that the rules refuse (§6.1 stacks, §6.2 setup points, §7.1 qualifying, §7.2 grid) a
``SetupError``; a file a ``DataError`` subclass naming the file and field; a position text a ``NotationError``.
``EngineError`` (an engine bug, §0 of the developers' guide) is the one that is not a ValueError.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

import racebook
from racebook.automobiles.notation import parse_position as auto_position
from racebook.automobiles.scenario import read as read_auto
from racebook.core import errors
from racebook.core.deck import Deck
from racebook.core.errors import (
    ActionSyntaxError,
    DataError,
    DeckDataError,
    EngineError,
    IllegalAction,
    NotationError,
    RacebookError,
    RuleUnavailable,
    SaveDataError,
    ScenarioError,
    SetupError,
    TrackDataError,
)
from racebook.core.rng import Rng
from racebook.rf90 import notation, scenario
from racebook.rf90.actiontext import parse
from racebook.rf90.car import Setup, Skill, Strategy
from racebook.rf90.cards import load_race_deck
from racebook.rf90.damagebag import DamageBag
from racebook.rf90.game import Race
from racebook.rf90.rules.qualifying import human_entry
from racebook.rf90.setup import Driver, new_race
from racebook.rf90.state import RaceState
from racebook.rf90.trackfile import load_track
from racebook.workshop import check_ip

# every module that defines a RacebookError subclass, so that __subclasses__ sees them all
_MODULES = ("racebook.cli", "racebook.workshop", "racebook.rf90.analysis.planner", "racebook.rf90.glossary",
            "racebook.rf90.analysis.simulate", "racebook.ui.errors")
#: Not bad input, so not ValueError: an engine bug (a RuntimeError), and the presenter mode that cannot start
#: (Voilà missing or no notebooks folder: the environment, not a value).
NOT_VALUE_ERRORS = {"EngineError", "WorkshopError"}


def _all_subclasses(cls: type) -> set[type]:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | _all_subclasses(sub)
    return out


def test_every_error_class_is_a_value_error_except_engine_error() -> None:
    """python-chess style: ``except ValueError`` catches every bad input racebook refuses."""
    for name in _MODULES:
        importlib.import_module(name)
    classes = _all_subclasses(RacebookError)
    core = {c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, RacebookError)} - {RacebookError}
    assert core <= classes and {c.__name__ for c in core} >= {
        "ActionSyntaxError", "IllegalAction", "SetupError", "DataError", "TrackDataError", "DeckDataError",
        "ScenarioError", "SaveDataError", "NotationError", "RuleUnavailable", "NotYetImplemented", "EngineError"}
    for cls in classes:
        if cls.__name__ in NOT_VALUE_ERRORS:
            assert not issubclass(cls, ValueError), cls
        else:
            assert issubclass(cls, ValueError), f"{cls.__module__}.{cls.__name__} is not a ValueError"
    assert issubclass(EngineError, RuntimeError) and not issubclass(EngineError, ValueError)


def test_syntax_and_legality_are_two_classes_not_one() -> None:
    """An unreadable text never reached the rules, so it is not an IllegalAction (and the other way round)."""
    assert not issubclass(ActionSyntaxError, IllegalAction) and not issubclass(IllegalAction, ActionSyntaxError)
    assert not issubclass(SetupError, IllegalAction) and not issubclass(SetupError, DataError)


def test_the_errors_keep_their_attributes_and_one_line_messages() -> None:
    e = ActionSyntaxError("'Blue fly'", "actions", "cannot read 'Blue fly'")
    assert (e.action, e.rule, e.reason, e.legal) == ("'Blue fly'", "actions", "cannot read 'Blue fly'", ())
    assert str(e) == "actions: cannot read 'Blue fly' (got 'Blue fly')"
    s = SetupError("chit 9", "§7.1", "refuel chits show turn 8, 10, 12, 14 or 16, not 9")
    assert (s.value, s.rule, s.reason) == ("chit 9", "§7.1", "refuel chits show turn 8, 10, 12, 14 or 16, not 9")
    assert str(s) == "§7.1: refuel chits show turn 8, 10, 12, 14 or 16, not 9 (got chit 9)"
    i = IllegalAction("Blue start", "§11", "not Blue's decision", ["Green start"])
    assert str(i) == "§11: not Blue's decision (got Blue start); legal now: Green start"
    d = TrackDataError("t.toml", "sections[0].type", "bad")
    assert (d.file, d.field, d.reason, str(d)) == ("t.toml", "sections[0].type", "bad", "t.toml: sections[0].type: bad")


def test_the_package_exports_the_hierarchy() -> None:
    for name in ("ActionSyntaxError", "IllegalAction", "SetupError", "DataError", "TrackDataError", "DeckDataError",
                 "ScenarioError", "SaveDataError", "NotationError", "RuleUnavailable", "NotYetImplemented",
                 "EngineError", "RacebookError"):
        assert name in racebook.__all__ and getattr(racebook, name) is getattr(errors, name)


# ------------------------------------------------------------------ one table of bad inputs → the exact class
POS = "teaching turn=5 | G: Red*{played} | I: Blue"


def _race() -> Race:
    r = scenario.build({"scenario": {"id": "t", "track": "teaching", "position": POS},
                        "cars": {"Blue": {"hand": ["R20", "R42", "R22", "R18"], "chips": 10}},
                        "deck": {"stack": ["R99"]}})
    r.apply("Blue start")
    return r


def _apply(text: object) -> Callable[[], object]:
    return lambda: _race().apply(text)  # type: ignore[arg-type]  # not-an-action inputs on purpose


def _new_race(drivers: list[Driver], robots: int = 0, stack: tuple[str, ...] = ()) -> Callable[[], object]:
    from racebook.rf90.car import RobotType
    return lambda: new_race(load_track("teaching"), drivers, [(f"Slow{i}", RobotType.SLOW) for i in range(robots)],
                            seed=3, stack=stack)


def _stack(codes: list[str]) -> Callable[[], object]:
    return lambda: Deck("Race", ["R01", "R02"], discards=["R03"], rule="§6.1").stack(codes)


def _bag_draw() -> object:
    bag = DamageBag(red=3, brown=0)
    bag.stack(["brown"])
    return bag.draw(Rng(0))


ROOT = Path(__file__).resolve().parents[1]


def _fifo(tmp: Path) -> str:
    os.mkfifo(tmp / "pipe.toml")
    return str(tmp / "pipe.toml")


def _write(tmp: Path, name: str, text: str) -> str:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return str(p)


CASES: list[tuple[str, Callable[[Path], Callable[[], object]], type[RacebookError]]] = [
    # action texts that do not parse (racebook.rf90.actions grammar)
    ("unknown verb", lambda _: lambda: parse("Blue fly R20"), ActionSyntaxError),
    ("no verb", lambda _: lambda: parse("Blue"), ActionSyntaxError),
    ("too many words", lambda _: lambda: parse("Blue pit 1 2"), ActionSyntaxError),
    ("bad card code", lambda _: lambda: parse("Blue play R13 +R45"), ActionSyntaxError),
    ("bad number", lambda _: lambda: parse("Blue pay chips=²"), ActionSyntaxError),
    ("unknown key", lambda _: lambda: parse("Blue skip turbo=1"), ActionSyntaxError),
    ("unreadable text through Race.apply", lambda _: _apply("Blue fly R20"), ActionSyntaxError),
    ("not an action at all", lambda _: _apply(5), ActionSyntaxError),
    # well-formed actions the rules refuse in this position
    ("§13.C pair rule", lambda _: _apply("Blue play R20 R42"), IllegalAction),
    ("§11 not this car's decision", lambda _: _apply("Red start"), IllegalAction),
    ("card not in hand", lambda _: _apply("Blue play R77"), IllegalAction),
    # a rule the engine cannot play (§0.1)
    ("10th strategy in an action", lambda _: lambda: parse("Blue skip strategy=tenth"), RuleUnavailable),
    # position texts (Race Position Notation)
    ("empty position", lambda _: lambda: notation.parse(""), NotationError),
    ("turn 0", lambda _: lambda: notation.parse("teaching turn=0 | G: Blue"), NotationError),
    ("a car twice", lambda _: lambda: notation.parse("teaching | G: Blue Blue"), NotationError),
    ("two leaders", lambda _: lambda: notation.parse("teaching | G: Blue* Red*"), NotationError),
    # set-ups through the API
    ("§6.2 setup points", lambda _: lambda: Setup(12, 7, 5).validate(), SetupError),
    ("§6.2 setup points in new_race", lambda _: _new_race([Driver("Blue", setup=Setup(12, 7, 5))]), SetupError),
    ("§7.2 more cars than grid places", lambda _: _new_race([Driver("Blue")], robots=40), SetupError),
    ("§6.1 two drivers with one name", lambda _: _new_race([Driver("Blue"), Driver("Blue")]), SetupError),
    ("§6.1 a driver named like a robot", lambda _: _new_race([Driver("Slow0")], robots=1), SetupError),
    ("§6.1 a name that is not a car id", lambda _: _new_race([Driver("Blue car")]), SetupError),
    ("§7.1 qualifying card not in hand", lambda _: _new_race(
        [Driver("Blue", qualify="R99")], stack=("R01", "R02", "R03", "R04", "R05", "R06")), SetupError),
    ("§7.1 qualifying card index", lambda _: _new_race([Driver("Blue", qualify_card=9)]), SetupError),
    ("§7.1 refuel chit", lambda _: lambda: human_entry("Blue", 1, 50, 9), SetupError),
    ("§7.1 refuel chit in new_race", lambda _: _new_race([Driver("Blue", refuel=9)]), SetupError),
    ("10th strategy at set-up", lambda _: _new_race([Driver("Blue", strategy=Strategy.TENTH)]), RuleUnavailable),
    ("SIXTH SENSE at set-up", lambda _: _new_race([Driver("Blue", skill=Skill.SIXTH_SENSE)]), RuleUnavailable),
    # stacks (§6.1)
    ("stacked card in a hand", lambda _: _stack(["R42"]), SetupError),
    ("stacked card twice", lambda _: _stack(["R01", "R01"]), SetupError),
    ("stacked card in new_race not in the deck", lambda _: _new_race([Driver("Blue")], stack=("X99",)), SetupError),
    ("stacked token not in the bag", lambda _: _bag_draw, SetupError),
    # files
    ("no such track", lambda _: lambda: load_track("no_such_track"), TrackDataError),
    ("not a track id", lambda _: lambda: load_track("no such track!"), TrackDataError),
    ("malformed track TOML", lambda t: lambda: load_track(_write(t, "bad.toml", "[[sections]\n")), TrackDataError),
    ("bad deck file", lambda t: lambda: load_race_deck(_write(t, "deck.toml", "[[cards]]\ncode = 1\n")),
     DeckDataError),
    ("no such scenario", lambda _: lambda: scenario.load("no_such_scenario"), ScenarioError),
    ("scenario stacking a card in a hand", lambda _: lambda: scenario.build(
        {"scenario": {"id": "t", "track": "teaching", "position": "teaching | G: Blue"},
         "cars": {"Blue": {"hand": ["R42"]}}, "deck": {"stack": ["R42"]}}), ScenarioError),
    ("not a saved race", lambda _: lambda: Race.from_json("{}"), SaveDataError),
    ("saved race not JSON", lambda _: lambda: Race.from_json("{"), SaveDataError),
    # issue 35: the new kinds of bad input, each its loader's class (tests/test_loader_bad_input.py: every loader)
    ("deeply nested TOML", lambda t: lambda: load_track(_write(t, "n.toml", "x = " + "[" * 5000 + "]" * 5000)),
     TrackDataError),
    ("TOML nested 40 deep", lambda t: lambda: scenario.load(_write(t, "n.toml", "x = " + "[" * 40 + "]" * 40)),
     ScenarioError),
    ("TOML integer of 5000 digits", lambda t: lambda: load_race_deck(_write(t, "d.toml", "x = " + "9" * 5000)),
     DeckDataError),
    ("JSON integer of 5000 digits", lambda _: lambda: Race.from_json('{"format": ' + "9" * 5000 + "}"), SaveDataError),
    ("deeply nested JSON", lambda _: lambda: Race.from_json("[" * 100_000), SaveDataError),
    ("layout coordinate 1e19", lambda t: lambda: load_track(_write(t, "monza.toml", (ROOT / "tracks/rf90/monza.toml")
                                                                   .read_text().replace("[0.58, 1]", "[1e19, 1]"))),
     TrackDataError),
    ("a FIFO as a scenario", lambda t: lambda: scenario.load(_fifo(t)), ScenarioError),
    ("an empty file name", lambda _: lambda: scenario.load(""), ScenarioError),
    ("an empty key", lambda t: lambda: scenario.load(_write(t, "e.toml", '"" = 1\n')), ScenarioError),
    ("lap=0 with a car behind the line", lambda _: lambda: notation.apply(
        notation.parse("teaching lap=0 | I: Blue* | H: Red"), RaceState(load_track("teaching"))), NotationError),
    ("Automobiles position with '٣'", lambda _: lambda: auto_position(
        read_auto("auto_ex25").race(frames=False).position().replace("A 1@3", "A 1@٣")), NotationError),
    ("workshop --ip 999.1.1.1", lambda _: lambda: check_ip("999.1.1.1"), DataError),
]


@pytest.mark.parametrize("what,make,expected", CASES, ids=[c[0] for c in CASES])
def test_each_bad_input_raises_its_exact_class(tmp_path: Path, what: str,
                                               make: Callable[[Path], Callable[[], object]],
                                               expected: type[RacebookError]) -> None:
    with pytest.raises(RacebookError) as e:
        make(tmp_path)()
    assert type(e.value) is expected, f"{what}: {type(e.value).__name__}: {e.value}"
    assert isinstance(e.value, ValueError)
    assert str(e.value) and "\n" not in str(e.value)


def test_missing_off_track_route_in_the_track_data_is_a_track_data_error() -> None:
    """§18.3: a failed late braking follows the section's off-track route; a track without one is bad track data
    (TrackDataError naming the file and the section's field), not an illegal action. The race is left unchanged."""
    sc = scenario.load("ex31", play=False)
    race = sc.race
    race.state.race_deck.stack(["R95"])  # the LB draw: 95 > 68 fails
    race.state.race_deck.stack(["R01"])
    for a in sc.actions[:-1]:
        race.apply(a)
    t = race.state.track
    race.state.track = dataclasses.replace(t, sections=tuple(dataclasses.replace(s, lb_route=None)
                                                             for s in t.sections))
    with pytest.raises(TrackDataError) as e:
        race.apply(sc.actions[-1])
    i = next(i for i, s in enumerate(t.sections) if s.lb_modifier is not None and s.name in e.value.reason)
    assert e.value.file == t.file and e.value.field == f"sections[{i}].lb_route"
    assert "§18.3" in e.value.reason and len(race.actions) == len(sc.actions) - 1


def test_a_demo_run_with_an_unreadable_action_names_itself() -> None:
    """racebook.rf90.lessons.demos: a run's unreadable text is an ActionSyntaxError naming the run."""
    from racebook.rf90.lessons import demos
    with pytest.raises(ActionSyntaxError, match="demo run 'bad', action 1"):
        demos.play_run(demos.Run("bad", "ex26", ("Blue fly",)))


def test_catchers_of_value_error_do_not_swallow_racebook_errors(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Now that every racebook error is a ValueError, an ``except ValueError`` around code that raises one must let
    it through unchanged: the 10th strategy stays RuleUnavailable in the action grammar, a bad track id keeps its
    own message, and the CLI's ``--csv`` check prints its one line once (not wrapped in itself)."""
    from racebook import cli

    with pytest.raises(RuleUnavailable, match="10th strategy"):
        parse("Blue skip strategy=tenth")
    with pytest.raises(TrackDataError) as e:
        load_track("no such track!")
    assert e.value.field == "<file>" and e.value.reason.startswith("'no such track!' is not a track id")
    assert cli.main(["simulate", "--track", "teaching", "--races", "1", "--csv", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"racebook: {tmp_path}: --csv: is a directory, not a file\n"
