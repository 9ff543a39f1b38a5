"""Reading data files safely: one place that opens a track, deck, scenario or saved-race file.

Every input file goes through :func:`read_text`: only a regular file is read (never a directory, a FIFO, a
device such as ``/dev/zero``), at most ``max_bytes`` of it, decoded as UTF-8. Any problem raises the
caller's :class:`~racebook.core.errors.DataError` subclass naming the file, the field ``<file>`` and the reason,
so the CLI can print one line and no input ever ends in a traceback. :func:`load_toml` adds TOML parsing
(field ``<toml>``).
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from racebook.core.errors import DataError

#: The id of a shipped data file (a track, a scenario: its file name without ``.toml``), as users type it in
#: scenario files, saved races, Race Position Notation and the CLI; never a path. Use ``fullmatch``.
DATA_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")

#: The largest data file racebook reads (the biggest shipped file is a few tens of KB).
MAX_BYTES = 4 * 1024 * 1024


def read_text(path: str | os.PathLike[str], error: type[DataError] = DataError, *,
              max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (at most ``max_bytes``), or ``error(file, "<file>", reason)``."""
    p = Path(path)
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
    text = read_text(path, error, max_bytes=max_bytes)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(str(path), "<toml>", f"malformed TOML: {e}") from None


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e)
