"""Long work that never freezes a notebook (issue 34 item 3): simulations and samplers run in the background, with a
progress bar, a **Stop** button and partial results, while every other widget stays responsive.

One helper for every widget that runs many races (notebook 13's experiments, 16's title odds, A3's replays):
:class:`Background` consumes an iterator of work, one item at a time. In a running kernel (JupyterLab's ipykernel,
JupyterLite's Pyodide kernel) it is an ``asyncio`` task on the kernel's own event loop that yields after every item,
so the kernel handles the next click (Stop, another widget) between two races — no thread (Pyodide has none), no
second process. Without a running loop (a script, a test, nbval's synchronous cells) the same items are consumed at
once, so ``button.click()`` there behaves as before.

The widget keeps its rules elsewhere: the work is an iterator from the engine's analysis modules (one race or one
sampled season per item); ``on_item`` only stores and draws, and ``on_end(stopped)`` draws what was computed — all of
it, or the items done before Stop. An error in the work goes to the widget's :class:`~racebook.ui.errors.ErrorLog`
as one line; the buttons are set back either way.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import ipywidgets as widgets

from racebook.ui.errors import ErrorLog


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code (a kernel's), or None (a script, a test)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Background:
    """Run one piece of long work of a widget at a time; ``run_button`` is disabled while it runs and
    :attr:`stop_button` (shown beside it) enabled. ``where`` names the work in an error line."""

    def __init__(self, run_button: widgets.Button, errors: ErrorLog, where: str = "") -> None:
        self.run_button = run_button
        self.errors = errors
        self.where = where or run_button.description
        self.stop_button = widgets.Button(description="Stop", icon="stop", button_style="warning", disabled=True,
                                          tooltip="stop: keep the results computed so far",
                                          layout=widgets.Layout(width="100px", height="36px"))
        self.stop_button.on_click(lambda _b: self.stop())
        self.task: asyncio.Task[None] | None = None
        self.items = 0
        self.stopped = False
        self._stop = False
        self._busy = False
        #: Seconds from :meth:`stop` to the end of the work (the next item is not started), for the tests.
        self.stop_latency: float | None = None
        self._stop_at = 0.0

    @property
    def running(self) -> bool:
        return self._busy

    def start(self, work: Iterable[Any], on_item: Callable[[Any], None], on_end: Callable[[bool], None],
              wait: bool = False) -> None:
        """Consume ``work``: ``on_item(item)`` after each item, then ``on_end(stopped)`` — in the background when a
        loop is running and ``wait`` is false, else at once (a notebook cell that reads the results next waits).
        A second start while one runs is ignored (the Run button is disabled)."""
        if self._busy:
            return
        self._busy, self._stop, self.stopped, self.items, self.stop_latency = True, False, False, 0, None
        self.run_button.disabled, self.stop_button.disabled = True, False
        loop = running_loop()
        if loop is None or wait:
            self._now(iter(work), on_item, on_end)
        else:
            self.task = loop.create_task(self._later(iter(work), on_item, on_end))

    def stop(self) -> None:
        """Stop after the item being computed; what was computed stays (``on_end(True)``)."""
        if self._busy and not self._stop:
            self._stop, self._stop_at = True, time.monotonic()
            self.stop_button.disabled = True

    def _step(self, it: Iterator[Any], on_item: Callable[[Any], None]) -> bool:
        """One item: False when the work is over (done, stopped, or failed)."""
        if self._stop:
            return False
        try:
            item = next(it)
        except StopIteration:
            return False
        on_item(item)
        self.items += 1
        return True

    def _finish(self, it: Iterator[Any], on_end: Callable[[bool], None]) -> None:
        close = getattr(it, "close", None)
        if close is not None:
            close()  # a generator's finally runs now: worker processes are shut down
        self.stopped = self._stop
        if self._stop:
            self.stop_latency = time.monotonic() - self._stop_at
        self._busy = False
        self.run_button.disabled, self.stop_button.disabled = False, True
        with self.errors.catching(self.where):
            on_end(self.stopped)

    def _now(self, it: Iterator[Any], on_item: Callable[[Any], None], on_end: Callable[[bool], None]) -> None:
        try:  # an error goes to the caller (a cell, a test; a button's callback has its ErrorLog guard)
            while self._step(it, on_item):
                pass
        finally:
            self._finish(it, on_end)

    async def _later(self, it: Iterator[Any], on_item: Callable[[Any], None],
                     on_end: Callable[[bool], None]) -> None:
        try:
            with self.errors.catching(self.where):
                while self._step(it, on_item):
                    await asyncio.sleep(0)  # the kernel handles the messages waiting: a Stop, another widget
        finally:
            self._finish(it, on_end)
