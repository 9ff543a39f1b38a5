"""Issue 35, bad input 7, 8, 11, 12: every loader of every game (tests/loaders.py) refuses each new kind of input
with its own DataError naming the file, a field and a reason — quickly, in one line, never a raw exception or a
hang: deep nesting, integers of thousands of digits, numbers far out of range, NaN and infinity (in any value of a
shipped file), a FIFO in place of the file, an empty key ``""``, an empty or blank file name.

The fuzz test at the end mixes those classes into random places of the shipped files (RACEBOOK_FUZZ_SCALE scales
it up; ``make fuzz``).
"""

from __future__ import annotations

import copy
import functools
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fuzzing import SCALE, fuzz_settings, record
from hypothesis import given
from hypothesis import strategies as st
from loaders import BAD_VALUES, LOADERS, PLACE, Loader, parse, slots, write

from racebook.core.errors import DataError

IDS = [ld.name for ld in LOADERS]
#: CPU seconds one load of one bad file may take (the shipped files load in well under a tenth of that).
MAX_CPU = 3.0


@functools.cache
def _doc(name: str) -> Any:
    ld = next(x for x in LOADERS if x.name == name)
    return parse(ld.sample(), ld.fmt)


def _clean(ld: Loader, path: Path, run: Any = None) -> str:
    """Load ``path`` with ``ld``: either it loads, or it raises ``ld.error`` naming ``path`` and a field on one
    short line; never anything else, never slower than :data:`MAX_CPU`. Returns "ok" or "refused"."""
    t = time.process_time()
    try:
        (run or ld.load)(path)
        outcome = "ok"
    except DataError as e:
        assert isinstance(e, ld.error), f"{ld.name}: {type(e).__name__}: {e}"
        assert e.file == str(path), e
        assert e.field.strip() and e.reason.strip(), e
        assert not re.search(r"(^|\.)(\.|$|\[)", e.field), f"an empty part in the field {e.field!r}"
        assert "\n" not in str(e) and len(str(e)) < 600, str(e)[:600]
        outcome = "refused"
    assert time.process_time() - t < MAX_CPU, f"{ld.name}: {time.process_time() - t:.1f} s"
    return outcome


def _place(doc: Any, where: int) -> Any:
    """A copy of ``doc`` with the value at slot ``where`` (mod the number of slots) replaced by :data:`PLACE`."""
    doc = copy.deepcopy(doc)
    box, key = (s := slots(doc))[where % len(s)]
    box[key] = PLACE
    return doc


# ------------------------------------------------------------------ item 7 and 8: nesting, huge integers, huge numbers
@pytest.mark.parametrize("bad", sorted(BAD_VALUES))
@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_nesting_huge_integers_and_huge_numbers_in_any_value(tmp_path: Path, ld: Loader, bad: str) -> None:
    """The bad value in place of the first, a middle and the last value of the shipped file, and as an unknown key's
    value at the top: a clean error (or a load, where the value is allowed) every time."""
    doc = _doc(ld.name)
    path = tmp_path / ld.filename
    n = len(slots(doc))
    for where in (0, n // 2, n - 1):
        path.write_text(write(_place(doc, where), ld.fmt, BAD_VALUES[bad](ld.fmt)), encoding="utf-8")
        _clean(ld, path)
    path.write_text(write({**doc, "zz_bad": PLACE}, ld.fmt, BAD_VALUES[bad](ld.fmt)), encoding="utf-8")
    outcome = _clean(ld, path)  # the reader refuses all but 1e19 (a finite number) wherever they are
    assert outcome == "refused" or bad == "number 1e19"


@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_nesting_and_huge_integers_are_refused_when_read(tmp_path: Path, ld: Loader) -> None:
    """Nesting deeper than any racebook file and integers beyond 64 bits are refused by the one safe reader
    (racebook.core.datafile), at the field where they are, before any loader looks at the values."""
    path = tmp_path / ld.filename
    for text, reason in (("[" * 3000 + "]" * 3000, "nested"), ("[" * 40 + "]" * 40, "nested"),
                         ("9" * 5000, "digits"), ("9" * 30, "digits")):
        path.write_text(write({**_doc(ld.name), "zz_bad": PLACE}, ld.fmt, text), encoding="utf-8")
        with pytest.raises(ld.error) as e:
            ld.load(path)
        assert reason in e.value.reason and e.value.file == str(path), e.value
        assert e.value.field in ("zz_bad", "<toml>", "<json>") or e.value.field.startswith("zz_bad"), e.value


@pytest.mark.parametrize("bad", ["1e19", "-1e300", "nan"])
@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_huge_coordinates_at_every_number_of_the_file(tmp_path: Path, ld: Loader, bad: str) -> None:
    """Issue 35 item 8: a number far out of range in place of each non-integer number of the file, one at a time
    (the layout's coordinates, spans and band in a track; any fraction elsewhere): refused or accepted quickly,
    never a hang (a coordinate of 1e19 made the layout's overlap sampler run for ever)."""
    doc = _doc(ld.name)
    path = tmp_path / ld.filename
    text = bad if ld.fmt == "toml" or bad[-1].isdigit() else "NaN"
    floats = [i for i, (box, key) in enumerate(slots(doc)) if isinstance(box[key], float)]
    step = max(1, len(floats) // (40 * SCALE))  # at most ~40 loads per file and value (RACEBOOK_FUZZ_SCALE: more)
    for i in floats[::step]:
        path.write_text(write(_place(doc, i), ld.fmt, text), encoding="utf-8")
        _clean(ld, path)


# ------------------------------------------------------------------ item 11: a FIFO (or a device) as the file
def _in_thread(fn: Any, timeout: float = 10.0) -> BaseException | None:
    """Run ``fn`` in a thread; the exception it raised (None if none). Fails if it is still running after
    ``timeout`` seconds (it blocked)."""
    out: list[BaseException | None] = []

    def run() -> None:
        try:
            fn()
            out.append(None)
        except BaseException as e:  # noqa: BLE001 - handed to the test
            out.append(e)

    th = threading.Thread(target=run, daemon=True)
    th.start()
    th.join(timeout)
    assert not th.is_alive(), "blocked"
    return out[0]


@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_fifo_in_place_of_the_file(tmp_path: Path, ld: Loader) -> None:
    fifo = tmp_path / ld.filename
    os.mkfifo(fifo)
    try:
        e = _in_thread(lambda: ld.load(fifo))
    finally:
        fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # unblocks a reader stuck on it, if any
        os.close(fd)
    assert isinstance(e, ld.error) and e.field == "<file>" and "not a regular file" in e.reason, repr(e)


# ------------------------------------------------------------------ item 12: empty keys, blank file names
@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_an_empty_key_is_named_in_the_field(tmp_path: Path, ld: Loader) -> None:
    """A key ``""`` added to each table of the file, one at a time: the error's field names it (``""``), never an
    empty part (``cars..hand``, a field ending in ``.``, an empty field)."""
    doc = _doc(ld.name)
    path = tmp_path / ld.filename
    tables = [i for i, (box, key) in enumerate(slots(doc)) if isinstance(box[key], dict)]
    for i in [None, *tables[:12]]:
        d = copy.deepcopy(doc)
        target = d if i is None else (lambda b_k: b_k[0][b_k[1]])(slots(d)[i])
        target[""] = 1
        path.write_text(write(d, ld.fmt), encoding="utf-8")
        if _clean(ld, path) == "refused":
            continue
    d = copy.deepcopy(doc)
    d[""] = 1
    path.write_text(write(d, ld.fmt), encoding="utf-8")
    with pytest.raises(ld.error) as e:
        ld.load(path)
    assert '""' in e.value.field, e.value


@pytest.mark.parametrize("name", ["", " ", "\t"])
@pytest.mark.parametrize("ld", LOADERS, ids=IDS)
def test_an_empty_or_blank_file_name(ld: Loader, name: str) -> None:
    with pytest.raises(ld.error) as e:
        ld.load(Path(name) if name.strip() else name)  # type: ignore[arg-type]  # the empty string, as typed
    assert e.value.field.strip() and e.value.reason.strip() and "is a directory" not in e.value.reason, e.value


# ------------------------------------------------------------------ the fuzz test: the classes at random places
OPS = st.sampled_from(["replace", "add key", "empty key"])


@pytest.mark.fuzz
@fuzz_settings(60)
@given(st.sampled_from(LOADERS), st.integers(0, 10**6), st.sampled_from(sorted(BAD_VALUES)), OPS)
def test_fuzz_new_bad_input_classes_on_every_loader(ld: Loader, where: int, bad: str, op: str) -> None:
    import tempfile

    doc = _doc(ld.name)
    if op == "replace":
        d = _place(doc, where)
    else:
        d = copy.deepcopy(doc)
        tables = [d] + [b[k] for b, k in slots(d) if isinstance(b[k], dict)]
        tables[where % len(tables)]["" if op == "empty key" else "zz_bad"] = PLACE
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ld.filename
        path.write_text(write(d, ld.fmt, BAD_VALUES[bad](ld.fmt)), encoding="utf-8")
        record(f"issue 35 {ld.name}", _clean(ld, path))
