"""Route widget-callback errors to an Output widget instead of the kernel log."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

F = TypeVar("F", bound=Callable[..., Any])


class ErrorLog:
    """An ``ipywidgets.Output`` that shows the exceptions raised in wrapped callbacks.

    ``guard(fn)`` returns ``fn`` wrapped so that an exception is caught and its
    text (with the traceback) is appended to :attr:`output`; ``errors`` keeps the
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
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        head = f"Error in {where}: " if where else "Error: "
        self.output.append_stderr(f"{head}{type(exc).__name__}: {exc}\n{tb}\n")
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
