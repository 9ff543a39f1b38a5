"""Fast constructors for frozen, slotted dataclasses (events and actions are built by the thousand per race).

The ``__init__`` a frozen dataclass gets sets every field with ``object.__setattr__(self, name, value)`` (a name
lookup through the class per field). :func:`fast_init` gives such a class an ``__init__`` that stores each field
through its slot descriptor instead: the same parameters, defaults and order, the same values stored — so the
objects are the very same (equal, hashed, printed, pickled alike, and still frozen: assignment still raises) — for
about half the time. The event and action base classes install it for each of their subclasses.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import _FIELD_INITVAR, MISSING, fields  # type: ignore[attr-defined]
from types import MemberDescriptorType
from typing import Any

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

    Installs it as ``cls.__init__`` and returns it; None (the dataclass's own kept) for a class this does not cover:
    not the slotted class ``dataclass(frozen=True, slots=True)`` made (it calls ``__init_subclass__`` on the plain
    class it starts from too), an ``InitVar``, a field left out of ``__init__``, keyword-only or with a default
    factory. A ``__post_init__`` is called last, as the dataclass's constructor does.
    """
    params = cls.__dict__.get("__dataclass_params__")
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        return None
    pseudo = cls.__dict__["__dataclass_fields__"].values()  # fields, ClassVars and InitVars
    if any(getattr(f, "_field_type", None) is _FIELD_INITVAR for f in pseudo):
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
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    src = f"def __init__(self{''.join(', ' + a for a in args)}) -> None:\n" + ("\n".join(body) or "    pass") + "\n"
    ns: dict[str, Any] = {}
    exec(compile(src, FAST_INIT_FILE, "exec"), setters, ns)  # noqa: S102 - from the class's own field names
    init: Callable[..., None] = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(getattr(cls.__dict__.get("__init__"), "__annotations__", {}))
    cls.__init__ = init  # type: ignore[misc]
    return init
