"""Route widget-callback errors to an Output widget instead of the kernel log: one friendly line each.

No traceback is ever shown (a viewer of a presenter-mode app must not see server internals, issue 14): the
line is the callback, the error's type and its message (a racebook error's message names the file, field and
reason, or the rule). The exception objects are kept in :attr:`ErrorLog.errors` for debugging.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

F = TypeVar("F", bound=Callable[..., Any])


def one_line(exc: BaseException, where: str = "") -> str:
    """The one line an error shows in a widget: ``Error in <callback>: <Type>: <message>`` (a racebook error's
    message names the file, field and reason, or the rule), with the message's line breaks folded."""
    text = " ".join(str(exc).split())
    head = f"Error in {where}: " if where else "Error: "
    return f"{head}{type(exc).__name__}: {text}"


class ErrorLog:
    """An ``ipywidgets.Output`` that shows the exceptions raised in wrapped callbacks.

    ``guard(fn)`` returns ``fn`` wrapped so that an exception is caught and one
    line describing it is appended to :attr:`output`; ``errors`` keeps the
    exception objects, newest last.
    """

    def __init__(self, limit: int = 20) -> None:
        self.output = widgets.Output(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self.errors: list[BaseException] = []
        self.limit = limit
        self.clear_button = widgets.Button(description="clear errors", layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(lambda _b: self.clear())
        self.widget = widgets.VBox([self.output], layout=widgets.Layout(border="0"))

    def guard(self, fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # shown to the user, not lost in the kernel log
                self.report(exc, where=getattr(fn, "__qualname__", repr(fn)))
                return None

        return wrapper  # type: ignore[return-value]

    def report(self, exc: BaseException, where: str = "") -> None:
        self.errors.append(exc)
        del self.errors[:-self.limit]
        self.output.append_stderr(one_line(exc, where) + "\n")
        outs = self.output.outputs
        if len(outs) > self.limit:
            self.output.outputs = outs[-self.limit:]
        if self.clear_button not in self.widget.children:
            self.widget.children = (self.clear_button, self.output)

    def clear(self) -> None:
        self.errors.clear()
        self.output.outputs = ()
        self.widget.children = (self.output,)

    @property
    def text(self) -> str:
        """Everything shown, as one string (for tests and the browser check)."""
        return "".join(o.get("text", "") for o in self.output.outputs)
