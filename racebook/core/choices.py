"""How every "unknown id" message lists the valid ids: one helper, so a wrong scenario, track, board, season or game
name reads the same everywhere (issue 34 item 6).

:func:`valid_ids` gives the tail of such a message — a close match first when there is one, then how many ids there
are and each of them, in order — and :func:`unknown` a whole one. The message stays one line (the CLI prints every
failure on one line; on a terminal it wraps the line to the terminal's width, :func:`wrapped`).

Standard library only; no game rule.
"""

from __future__ import annotations

import difflib
import textwrap
from collections.abc import Iterable


def valid_ids(name: str, valid: Iterable[str], noun: str = "ids") -> str:
    """``did you mean 'ex27'? the 55 valid ids: ex01, ex02, …`` (``none`` when there is none)."""
    ids = list(valid)
    if not ids:
        return f"there are no valid {noun}"
    close = difflib.get_close_matches(name, ids, n=1, cutoff=0.75)
    hint = f"did you mean {close[0]!r}? " if close and close[0] != name else ""
    return f"{hint}the {len(ids)} valid {noun}: {', '.join(ids)}"


def unknown(what: str, name: str, valid: Iterable[str], noun: str = "ids") -> str:
    """``no track 'x'; did you mean …? the 5 valid ids: …`` — the whole message for an unknown id."""
    return f"no {what} {name!r}; {valid_ids(name, valid, noun)}"


def wrapped(line: str, width: int, indent: str = "  ") -> str:
    """``line`` wrapped to ``width`` columns (continuation lines indented), breaking only at spaces."""
    return textwrap.fill(line, width=max(width, 40), subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)
