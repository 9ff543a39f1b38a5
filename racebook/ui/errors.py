"""Errors in widget callbacks, shown where the user looks: a mistake is one friendly line, a bug adds "details".

One helper for every widget (issue 18 item 5): :class:`ErrorLog` — ``guard(fn)`` (a decorator for callbacks) and
``catching(where)`` (the same as a context manager) route an exception raised in a callback to the log's Output:

* **a user's mistake** — a :class:`~racebook.core.errors.RacebookError` (bad RPN, an impossible hand, an illegal
  or unreadable action in a try box, a refused set-up, a bad file): one line, the engine's typed message, which
  says what is wrong (the rule, the input quoted) and, where the engine knows it, what would be right ("legal
  now: …"). :func:`mistake` gives that line; :func:`show_mistakes` lets a widget show it in its own result area.
* **a real bug** — any other exception (and :class:`~racebook.core.errors.EngineError`): one line naming the
  callback and the exception, plus a **details** toggle that opens the traceback. The traceback names frames by
  module (``racebook.rf90.ui.quiz, line 356, in load``), never by a server file path: presenter mode's viewers
  must not see server internals (issue 14).

The exception objects are kept in :attr:`ErrorLog.errors` (newest last) for debugging.
"""

from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import ipywidgets as widgets

from racebook.core.errors import EngineError, RacebookError

F = TypeVar("F", bound=Callable[..., Any])


class InputError(RacebookError, ValueError):
    """A value typed or picked in a widget that the widget cannot use (a name that is not a car, a repeated card, a
    check factor out of 1–99): a user's mistake, said in one line that names the value and what would be right.
    The engine's own refusals keep their classes (:mod:`racebook.core.errors`)."""

#: CSS classes of the two kinds of line (the browser walk looks for bugs by the second).
MISTAKE_CLASS = "rb-error-mistake"
BUG_CLASS = "rb-error-bug"


def is_mistake(exc: BaseException) -> bool:
    """A user's mistake (a typed racebook error about an input), not a bug."""
    return isinstance(exc, RacebookError) and not isinstance(exc, EngineError)


def _fold(text: str) -> str:
    return " ".join(text.split())


def message(exc: BaseException) -> str:
    """The engine's message of an error on one line (what is wrong, the rule, and what would be right where the
    engine says it): line breaks folded."""
    return _fold(str(exc))


def mistake(exc: BaseException) -> str:
    """The one line a user's mistake shows in an :class:`ErrorLog`: ``✗`` and its :func:`message`."""
    return f"✗ {message(exc)}"


def one_line(exc: BaseException, where: str = "") -> str:
    """The one line an error shows in a widget: a mistake's :func:`mistake` line, or for a bug
    ``Error in <callback>: <Type>: <message>``."""
    if is_mistake(exc):
        return mistake(exc)
    head = f"Error in {where}: " if where else "Error: "
    return f"{head}{type(exc).__name__}: {_fold(str(exc))}"


def details(exc: BaseException) -> str:
    """The traceback of a bug with every frame named by its module, never by a file path."""
    lines = ["Traceback (most recent call last):"]
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        module = frame.f_globals.get("__name__", "?")
        if module == __name__:  # the guard itself
            continue
        lines.append(f"  {module}, line {lineno}, in {frame.f_code.co_name}")
    lines.append(f"{type(exc).__module__}.{type(exc).__qualname__}: {_fold(str(exc))}")
    return "\n".join(lines)


@contextmanager
def show_mistakes(show: Callable[[str], None]) -> Iterator[None]:
    """For a widget that shows a mistake in its own result area: inside the block a user's mistake is passed to
    ``show`` as its one-line :func:`message` (and does not propagate); a bug propagates to the callback's guard,
    which shows it with its details."""
    try:
        yield
    except Exception as exc:
        if not is_mistake(exc):
            raise
        show(message(exc))


class ErrorLog:
    """An ``ipywidgets.Output`` that shows the exceptions raised in wrapped callbacks (see the module's doc).

    ``guard(fn)`` returns ``fn`` wrapped so that an exception is caught and one line describing it is appended to
    :attr:`output`; a bug also fills the details (:attr:`details_button` toggles :attr:`details_html`)."""

    def __init__(self, limit: int = 20) -> None:
        self.output = widgets.Output(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self.errors: list[BaseException] = []
        self.limit = limit
        self.clear_button = widgets.Button(description="clear errors", layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(lambda _b: self.clear())
        self.details_button = widgets.ToggleButton(description="details", value=False,
                                                   tooltip="the traceback of the bug (for a bug report)",
                                                   layout=widgets.Layout(width="auto"))
        self.details_button.add_class(BUG_CLASS)
        self.details_html = widgets.HTML(layout=widgets.Layout(display="none", max_height="300px",
                                                               overflow="auto"))
        self.details_button.observe(self._toggle, names="value")
        self._bugs: list[str] = []
        self.widget = widgets.VBox([self.output], layout=widgets.Layout(border="0"))

    def guard(self, fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.catching(getattr(fn, "__qualname__", repr(fn))):
                return fn(*args, **kwargs)
            return None

        return wrapper  # type: ignore[return-value]

    @contextmanager
    def catching(self, where: str = "") -> Iterator[None]:
        """The block's exception is shown (one line; a bug with details) instead of lost in the kernel log."""
        try:
            yield
        except Exception as exc:  # shown to the user, not lost in the kernel log
            self.report(exc, where)

    def report(self, exc: BaseException, where: str = "") -> None:
        self.errors.append(exc)
        del self.errors[:-self.limit]
        self.output.append_stderr(one_line(exc, where) + "\n")
        outs = self.output.outputs
        if len(outs) > self.limit:
            self.output.outputs = outs[-self.limit:]
        if not is_mistake(exc):
            self._bugs = [*self._bugs, details(exc)][-self.limit:]
            self.details_html.value = "<pre class='rb-error-details'>" + html.escape("\n\n".join(self._bugs)) \
                + "</pre>"
        self._layout()

    @property
    def bug_shown(self) -> bool:
        """A bug is on show (its details toggle is visible)."""
        return self.details_button in self.widget.children

    def _layout(self) -> None:
        bug = (self.details_button,) if self._bugs else ()
        self.widget.children = (self.clear_button, *bug, self.output, *(self.details_html,) * bool(bug))

    def _toggle(self, change: dict) -> None:
        self.details_html.layout.display = "" if change["new"] else "none"

    def clear(self) -> None:
        self.errors.clear()
        self._bugs = []
        self.output.outputs = ()
        self.details_html.value = ""
        self.details_button.value = False
        self.widget.children = (self.output,)

    @property
    def text(self) -> str:
        """Everything shown, as one string (for tests and the browser check)."""
        return "".join(o.get("text", "") for o in self.output.outputs)
