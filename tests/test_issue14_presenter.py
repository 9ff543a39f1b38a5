"""Issue 14, security: notebook 12's save/load box never names a server file — a save is a browser download
(a data: link), a load is a paste or an upload — and a callback error is one friendly line, never a traceback."""

from __future__ import annotations

import base64
import datetime
import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from racebook.rf90.ui.fullrace import RaceTable  # noqa: E402
from racebook.ui.errors import ErrorLog  # noqa: E402
from racebook.workshop import command  # noqa: E402


def _walk(w: widgets.Widget):  # every widget below w
    yield w
    for child in getattr(w, "children", ()):
        yield from _walk(child)


def _started() -> RaceTable:
    t = RaceTable(track="teaching", players=2, seed=12)
    t.deal()
    t.qualify()
    t.start()
    for _ in range(8):
        t.computer_step()
    return t


def _upload(t: RaceTable, name: str, content: bytes) -> None:
    t.upload_w.value = ({"name": name, "type": "application/json", "size": len(content),
                         "content": memoryview(content),
                         "last_modified": datetime.datetime.now(datetime.UTC)},)


def test_presenter_save_is_a_download_and_load_an_upload_or_paste() -> None:
    t = _started()
    every = list(_walk(t.widget))
    # no widget where a viewer could type a path: the only text inputs are the try box and the paste box
    assert not any(isinstance(w, widgets.Text) and w.description == "file" for w in every)
    assert not any(isinstance(w, widgets.Button) and "file" in w.description for w in every)
    assert t.upload_w in every and t.download_html in every and t.json_w in every
    text = t.save()
    m = re.search(r'download="([^"]+)" href="data:application/json;charset=utf-8;base64,([A-Za-z0-9+/=]+)"',
                  t.download_html.value)
    assert m is not None and m.group(1).endswith(".json")
    assert base64.b64decode(m.group(2)).decode("utf-8") == text
    # the downloaded file, uploaded into another table, resumes exactly
    t2 = RaceTable()
    _upload(t2, m.group(1), base64.b64decode(m.group(2)))
    assert t2.race is not None and t2.race.position() == t.race.position()  # type: ignore[union-attr]
    assert t2.upload_w.value == () and not t2.errors.errors
    # and a paste
    t3 = RaceTable()
    t3.json_w.value = text
    t3.load_b.click()
    assert t3.race is not None and t3.race.position() == t.race.position()  # type: ignore[union-attr]


@pytest.mark.parametrize(("content", "words"), [
    (b"\xff\xfe", "not UTF-8"), (b"", "empty"), (b"[]", "a saved race is a JSON object, not a list"),
    (b'{"format": "racebook-race/1"}', "track: missing"), (b"not json at all", "not a saved race"),
])
def test_presenter_a_bad_upload_or_paste_is_one_friendly_line(content: bytes, words: str) -> None:
    t = RaceTable()
    _upload(t, "evil.json", content)
    assert len(t.errors.errors) == 1 and t.race is None
    shown = t.errors.text
    assert shown.count("\n") == 1 and words in shown and "Traceback" not in shown and "File \"" not in shown
    assert shown.startswith("✗ ") and not t.errors.bug_shown  # a user's mistake: one line, no details toggle
    t.errors.clear()
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        return
    t.json_w.value = text
    t.load_b.click()
    assert len(t.errors.errors) == 1 and t.errors.text.count("\n") == 1 and "Traceback" not in t.errors.text


def test_error_log_shows_one_line_and_no_traceback() -> None:
    log = ErrorLog()

    def broken() -> None:
        raise RuntimeError("boom\nsecond line")

    log.guard(broken)()
    assert log.text == "Error in test_error_log_shows_one_line_and_no_traceback.<locals>.broken: " \
                       "RuntimeError: boom second line\n"


def test_presenter_mode_hides_server_tracebacks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    argv = command(tmp_path).argv
    assert "--show_tracebacks=False" in argv and "--show_tracebacks=True" not in argv
