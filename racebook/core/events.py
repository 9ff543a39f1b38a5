"""The event base class: what the rules did, as data, with a sentence derived from it.

Every rule step of every game appends one typed event to its log. A game's events subclass :class:`Event` as frozen
dataclasses whose fields are values; ``TEMPLATE`` formats them into a sentence and ``RULE`` (or a per-event ``rule``
field) names the rules section it cites. Views (steppers, tables, plots) read the fields, never the sentence.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from types import MemberDescriptorType
from typing import Any, ClassVar, TypeVar

E = TypeVar("E", bound="Event")  # "an event of this class", for helpers that filter a log by class


def _word(value: Any, sep: str = " ") -> Any:
    """A field as it reads in a sentence and in :meth:`Event.to_dict`: an enum by its value, a tuple joined."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return sep.join(str(_word(v)) for v in value)
    return value


FAST_INIT_FILE = "<racebook fast_init>"  # the file name the generated constructors carry (profiles, tests)


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor that stores field ``name`` of ``cls`` (None when the field is not a plain slot)."""
    for klass in cls.__mro__:
        if name in klass.__dict__.get("__slots__", ()):
            d = klass.__dict__.get(name)
            return d if isinstance(d, MemberDescriptorType) else None
    return None


def fast_init(cls: type) -> Callable[..., None] | None:
    """A constructor for the frozen, slotted dataclass ``cls`` that stores each field through its slot descriptor.

    The dataclass's own ``__init__`` of a frozen class sets every field with ``object.__setattr__`` (a name lookup
    through the class per field); building events is a good part of a robot's turn, so each event class gets this
    one instead: the same parameters, defaults and order, the same values stored, so the objects are the very same
    (equal, hashed, printed and pickled alike, and still frozen: assignment still raises). None (keep the
    dataclass's) for a class this does not cover: no slots, a ``__post_init__``, a field left out of ``__init__``,
    keyword-only or with a default factory.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return None
    fs = fields(cls)
    setters: dict[str, Any] = {}
    args, body = [], []
    for i, f in enumerate(fs):
        d = _slot(cls, f.name)
        if d is None or not f.init or f.kw_only or f.default_factory is not MISSING:
            return None
        setters[f"_s{i}"] = d.__set__
        if f.default is MISSING:
            args.append(f.name)
        else:
            setters[f"_d{i}"] = f.default
            args.append(f"{f.name}=_d{i}")
        body.append(f"    _s{i}(self, {f.name})")
    src = f"def __init__(self{''.join(', ' + a for a in args)}) -> None:\n" + ("\n".join(body) or "    pass") + "\n"
    ns: dict[str, Any] = {}
    exec(compile(src, FAST_INIT_FILE, "exec"), setters, ns)  # noqa: S102 - from the class's own field names
    init: Callable[..., None] = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(getattr(cls.__dict__.get("__init__"), "__annotations__", {}))
    return init


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``RULE`` is the default digest section; ``rule`` overrides it per event.

    Fields are values (ints, bools, enums, card and car codes, tuples of codes); the sentence is derived from them
    by :meth:`body` (``TEMPLATE`` filled with the fields, or a class's own :meth:`body`). ``PROSE`` names the
    fields that still hold words rather than a value (a reason or a name); ``SEP`` says how a tuple field is joined
    in the sentence and in :meth:`to_dict` (a space unless given).
    """

    RULE: ClassVar[str] = ""
    TEMPLATE: ClassVar[str] = ""
    PROSE: ClassVar[frozenset[str]] = frozenset()
    SEP: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The slotted class ``dataclass(frozen=True, slots=True)`` creates last gets the fast constructor
        (:func:`fast_init`); the plain class it starts from (no ``__slots__`` of its own yet) keeps its own."""
        super(Event, cls).__init_subclass__(**kwargs)  # (a bare super() names the class before slots were added)
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            init = fast_init(cls)
            if init is not None:
                cls.__init__ = init  # type: ignore[method-assign]

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def citation(self) -> str:
        return getattr(self, "rule", "") or self.RULE

    @property
    def car_id(self) -> str | None:
        return getattr(self, "car", None)

    def words(self) -> dict[str, Any]:
        """The fields as they read in the sentence: enums by value, tuples joined (``SEP``)."""
        return {f.name: _word(getattr(self, f.name), self.SEP.get(f.name, " ")) for f in fields(self)}

    def body(self) -> str:
        """The sentence without its citation."""
        return self.TEMPLATE.format(**self.words())

    def sentence(self) -> str:
        return f"{self.body()} — {self.citation}"

    def __str__(self) -> str:
        return self.sentence()

    def to_dict(self) -> dict:
        """JSON-ready: the fields as :meth:`words` (a tuple of codes is one space-joined string, as before)."""
        return {"kind": self.kind, **self.words(), "sentence": self.sentence()}
