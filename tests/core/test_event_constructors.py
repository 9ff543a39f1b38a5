"""Events and actions keep their typed API with the fast constructor (issue 16, second round): every event and
action class of every game is built by :func:`racebook.core.frozen.fast_init` (slot by slot, not
``object.__setattr__`` per field), and the objects are what the frozen dataclass built — the same fields, values,
equality, hash, repr, sentence and pickle — and still refuse every assignment."""

from __future__ import annotations

import copy
import pickle
import sys
from dataclasses import MISSING, FrozenInstanceError, fields

import pytest

import racebook.automobiles.actions  # noqa: F401 - the games' classes register as subclasses of the bases
import racebook.automobiles.events  # noqa: F401
import racebook.formulagp.actions  # noqa: F401
import racebook.formulagp.events  # noqa: F401
import racebook.rf90.actions  # noqa: F401
import racebook.rf90.events  # noqa: F401
from racebook.core.actions import Action
from racebook.core.events import Event
from racebook.core.frozen import FAST_INIT_FILE, fast_init


def _classes(base: type) -> list[type]:
    out, todo = [], [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            # the classes the modules export (dataclass(slots=True) leaves the plain class it started from behind)
            module = sys.modules[sub.__module__]
            if sub.__module__.startswith("racebook.") and getattr(module, sub.__name__, None) is sub:
                out.append(sub)
    return sorted(set(out), key=lambda c: (c.__module__, c.__qualname__))


CLASSES = _classes(Event) + _classes(Action)


def _values(cls: type) -> dict[str, object]:
    return {f.name: f"v{i}" if f.default is MISSING else f.default for i, f in enumerate(fields(cls))}


def test_every_game_has_its_event_and_action_classes_here() -> None:
    for base in (Event, Action):
        games = {c.__module__.split(".")[1] for c in CLASSES if issubclass(c, base)}
        assert games == {"rf90", "automobiles", "formulagp"}
    assert len(CLASSES) > 150


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__.split('.')[1]}.{c.__name__}")
def test_class_is_built_by_the_fast_constructor_and_stays_frozen(cls: type) -> None:
    assert cls.__init__.__code__.co_filename == FAST_INIT_FILE
    assert fast_init(cls) is not None
    values = _values(cls)
    positional = cls(*values.values())
    keywords = cls(**values)
    # what the dataclass's own constructor stores: each field set in order, then its __post_init__ (Play sorts cards)
    reference = object.__new__(cls)
    for name, v in values.items():
        object.__setattr__(reference, name, v)
    if hasattr(cls, "__post_init__"):
        reference.__post_init__()
    stored = [getattr(reference, f.name) for f in fields(cls)]
    assert stored == list(values.values()) or hasattr(cls, "__post_init__")
    for e in (positional, keywords):
        assert e == reference and hash(e) == hash(reference) and repr(e) == repr(reference)
        assert [getattr(e, f.name) for f in fields(e)] == stored
        assert pickle.loads(pickle.dumps(e)) == e and copy.deepcopy(e) == e
    for f in fields(cls):
        with pytest.raises(FrozenInstanceError):
            setattr(positional, f.name, "changed")
        with pytest.raises(FrozenInstanceError):
            delattr(positional, f.name)
    with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
        positional.not_a_field = 1  # type: ignore[attr-defined]
    assert positional == reference
    if fields(cls):
        with pytest.raises(TypeError):
            cls(*values.values(), "one too many")
        required = [f for f in fields(cls) if f.default is MISSING]
        if required:
            with pytest.raises(TypeError, match=required[-1].name):
                cls(*[values[f.name] for f in required[:-1]])


def test_a_play_is_still_canonical() -> None:
    from racebook.rf90.actions import Play

    p = Play("C1", ("R2", "R1"), True)
    assert p.cards == ("R1", "R2") and p == Play(car="C1", cards=("R1", "R2"), trajectory=True)
    assert str(p) == "C1 play R1 R2 +traj"


def test_sentences_unchanged_with_the_fast_constructor() -> None:
    from racebook.rf90 import events as ev

    e = ev.EnterSection("C1", "S12", "straight", 3)
    assert e == ev.EnterSection(car="C1", section="S12", type="straight", left=3)
    assert repr(e) == "EnterSection(car='C1', section='S12', type='straight', left=3)"
    assert e.sentence() == "C1 enters S12 (straight) for 1 MP; 3 MP left — §13.E.2"
