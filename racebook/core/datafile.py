"""Reading data files safely: one place that opens a track, deck, scenario or saved-race file.

Every input file goes through :func:`read_text`: only a regular file is read (never a directory, a FIFO, a
device such as ``/dev/zero``), at most ``max_bytes`` of it, decoded as UTF-8. Any problem raises the
caller's :class:`~racebook.core.errors.DataError` subclass naming the file, the field ``<file>`` and the reason,
so the CLI can print one line and no input ever ends in a traceback. :func:`load_toml` adds TOML parsing
(field ``<toml>``), :func:`parse_json` reads JSON text (field ``<json>``).

Both parsers then check every value (:func:`check_values`), whatever the loader does with it: arrays and tables
nested at most :data:`MAX_DEPTH` deep (a racebook file needs 7; deeper nesting would exhaust Python's recursion in
the parser or in any code that walks the document) and integers of at most :data:`MAX_INT_DIGITS` digits (a 64-bit
random state has 20; Python refuses to convert more than 4,300 and is slow long before). JSON has no ``NaN`` or
infinity: a number too large to be finite (``1e400``) is refused too. TOML's ``nan`` and ``inf`` are TOML values;
each loader refuses them in its own fields. Each problem is refused at the field where it is.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from racebook.core.errors import DataError
from racebook.core.fields import field_key

#: The id of a shipped data file (a track, a scenario: its file name without ``.toml``), as users type it in
#: scenario files, saved races, Race Position Notation and the CLI; never a path. Use ``fullmatch``.
DATA_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")

#: The largest data file racebook reads (the biggest shipped file is a few tens of KB).
MAX_BYTES = 4 * 1024 * 1024

#: The deepest nesting of arrays and tables a data file may have (the shipped files need at most 7).
MAX_DEPTH = 32

#: The most digits an integer in a data file may have (a 64-bit random state, the largest value saved, has 20).
MAX_INT_DIGITS = 20
_INT_LIMIT = 10**MAX_INT_DIGITS


def file_path(path: str | os.PathLike[str], error: type[DataError] = DataError) -> Path:
    """``Path(path)``, but an empty or blank name (``Path("")`` is ``.``, the current directory) is
    ``error(path, "<file>", …)``: the one rule of every loader that turns a name into a path."""
    if isinstance(path, str) and not path.strip():
        raise error(path, "<file>", f"the file name is {'empty' if not path else 'blank'}: name a file")
    return Path(path)


def read_text(path: str | os.PathLike[str], error: type[DataError] = DataError, *,
              max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (at most ``max_bytes``), or ``error(file, "<file>", reason)``."""
    p = file_path(path, error)
    file = str(p)
    try:
        st = p.stat()  # follows symlinks: a link to a regular file is fine, to a device is not
    except (OSError, ValueError) as e:  # ValueError: embedded NUL in the name
        raise error(file, "<file>", _reason(e)) from None
    if stat.S_ISDIR(st.st_mode):
        raise error(file, "<file>", "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise error(file, "<file>", "not a regular file (a device, pipe or socket is never read)")
    if st.st_size > max_bytes:
        raise error(file, "<file>", f"too large ({st.st_size} bytes; at most {max_bytes})")
    try:
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise error(file, "<file>", _reason(e)) from None
    if len(data) > max_bytes:  # grew while we looked
        raise error(file, "<file>", f"too large (more than {max_bytes} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(file, "<file>", f"not UTF-8 text (byte {e.start})") from None


def load_toml(path: str | os.PathLike[str], error: type[DataError] = DataError, *,
              max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The parsed TOML of ``path`` (see :func:`read_text`); malformed TOML raises ``error(file, "<toml>", …)``."""
    return parse_toml(read_text(path, error, max_bytes=max_bytes), str(path), error)


def parse_toml(text: str, file: str, error: type[DataError] = DataError) -> dict[str, Any]:
    """The parsed TOML ``text`` of ``file``, every value checked (:func:`check_values`); malformed TOML, nesting that
    exhausts the parser's recursion and integers too long to convert raise ``error(file, "<toml>", …)``."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(file, "<toml>", f"malformed TOML: {e}") from None
    except RecursionError:
        raise error(file, "<toml>", f"{_too_deep()} (the parser ran out of recursion)") from None
    except ValueError:  # Python's int-string conversion limit (sys.get_int_max_str_digits)
        raise error(file, "<toml>", _long_integer(text)) from None
    check_values(doc, file, error, "<toml>", finite=False)
    return doc


def parse_json(text: str, file: str, error: type[DataError] = DataError, what: str = "JSON",
               parse_constant: Callable[[str], Any] | None = None) -> Any:
    """The parsed JSON ``text`` of ``file``, every value checked (:func:`check_values`); anything else raises
    ``error(file, "<json>", "not WHAT: …")``. ``parse_constant`` may refuse ``NaN`` and ``Infinity`` with its own
    words (a ValueError); by default they are read and refused at their field as numbers that are not finite."""
    try:
        doc = json.loads(text, parse_int=_json_int, parse_constant=parse_constant or float)
    except RecursionError:
        raise error(file, "<json>", f"not {what}: {_too_deep()} (the parser ran out of recursion)") from None
    except ValueError as e:  # JSONDecodeError is a ValueError
        raise error(file, "<json>", f"not {what}: {e}") from None
    check_values(doc, file, error, "<json>")
    return doc


class _LongInt:
    """A JSON integer too long to convert (found by :func:`check_values`, which names its field)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _json_int(text: str) -> int | _LongInt:
    digits = len(text) - text.startswith("-")
    return _LongInt(digits) if digits > MAX_INT_DIGITS else int(text)


def _too_deep() -> str:
    return f"arrays or tables nested more than {MAX_DEPTH} deep"


def _long_integer(text: str) -> str:
    m = re.search(rf"[0-9_]{{{MAX_INT_DIGITS + 1},}}", text)
    where = f"line {text.count(chr(10), 0, m.start()) + 1}: " if m else ""
    return f"{where}an integer of thousands of digits (at most {MAX_INT_DIGITS})"


def int_digits(v: int) -> str:
    """How many digits ``v`` has, without converting it to text (``"about 6021"`` beyond Python's limit)."""
    bits = abs(v).bit_length()
    if bits <= 10_000:
        return str(len(str(abs(v))))
    return f"about {int(bits * math.log10(2)) + 1}"


def check_values(doc: Any, file: str, error: type[DataError] = DataError, top: str = "<toml>",
                 finite: bool = True) -> None:
    """Every value of a parsed document: nested at most :data:`MAX_DEPTH` deep, integers of at most
    :data:`MAX_INT_DIGITS` digits, numbers finite (with ``finite``); else ``error(file, FIELD, reason)`` at the
    first bad value's field (``top`` for the document itself). Iterative: no recursion, whatever the document."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        v, path, depth = stack.pop()
        if isinstance(v, dict | list):
            if depth >= MAX_DEPTH:
                raise error(file, path or top, _too_deep())
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in reversed(list(items)):
                sub = f"{path}[{k}]" if isinstance(v, list) else f"{path}.{field_key(k)}" if path else field_key(k)
                stack.append((x, sub, depth + 1))
        elif isinstance(v, _LongInt):
            raise error(file, path or top, f"an integer of {v.digits} digits (at most {MAX_INT_DIGITS})")
        elif isinstance(v, int) and not isinstance(v, bool) and not -_INT_LIMIT < v < _INT_LIMIT:
            raise error(file, path or top, f"an integer of {int_digits(v)} digits (at most {MAX_INT_DIGITS})")
        elif finite and isinstance(v, float) and not math.isfinite(v):
            raise error(file, path or top, f"{v} is not a finite number (a number too large is read as "
                                           "infinity; no racebook field holds one)")


NOT_REGULAR_OUTPUT = "not a regular file (a device, pipe or socket is never written)"


def check_output(path: str | os.PathLike[str], error: type[DataError] = DataError, field: str = "<file>") -> Path:
    """Check, before any work is done, that ``path`` names a regular file racebook can write (existing or new):
    not empty, not a directory, not a FIFO or a device (opening a FIFO for writing blocks until someone reads it),
    in a folder that exists and is writable. Anything else is ``error(path, field, reason)``; every output option of
    the CLI (``--svg``, ``--csv``, ``--save``) and every save function of both games checks here."""
    p = file_path(path, error) if isinstance(path, str) else Path(path)
    file = str(path)
    try:
        if p.is_dir():
            raise error(file, field, "is a directory, not a file")
        if p.exists() and not p.is_file():
            raise error(file, field, NOT_REGULAR_OUTPUT)
        parent = p.parent
        if not parent.is_dir():
            raise error(file, field, f"no such directory: {parent}")
        if not os.access(p if p.exists() else parent, os.W_OK):
            raise error(file, field, "permission denied")
    except DataError:
        raise  # also a ValueError: already the one clean line
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        raise error(file, field, _reason(e)) from None
    return p


def write_text(path: str | os.PathLike[str], text: str, error: type[DataError] = DataError,
               field: str = "<file>", newline: str | None = None) -> None:
    """Write ``text`` (UTF-8) to the regular file ``path`` (:func:`check_output` first; opened without blocking and
    checked again once open, so a FIFO put there in the meantime is refused too, never waited on)."""
    p = check_output(path, error, field)
    file = str(path)
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK, 0o666)
    except OSError as e:  # ENXIO: a FIFO with no reader
        raise error(file, field, NOT_REGULAR_OUTPUT if e.errno == errno.ENXIO else _reason(e)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(file, field, NOT_REGULAR_OUTPUT)
        os.set_blocking(fd, True)
        fh = os.fdopen(fd, "w", encoding="utf-8", newline=newline)
    except BaseException:
        os.close(fd)
        raise
    try:
        with fh:
            fh.write(text)
    except OSError as e:
        raise error(file, field, _reason(e)) from None


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e)
