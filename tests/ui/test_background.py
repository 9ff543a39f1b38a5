"""Long work never freezes a notebook (issue 34 item 3): racebook.ui.background runs a widget's simulation as a task
on the kernel's event loop, one item at a time, with a Stop that keeps what was computed. The tests drive it on an
asyncio loop as the kernel does (the button's click handler starts the task and returns; other code runs between two
items; Stop ends the work after the item in hand), then the three panels that use it (notebooks 13, 16 and A3), then
a real ipykernel: while a simulation runs, the next cell answers within a second and Stop ends it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from racebook.ui.background import Background, running_loop  # noqa: E402
from racebook.ui.errors import ErrorLog  # noqa: E402


def _busy(seconds: float) -> None:
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        pass


class Work:
    """Items 0, 1, 2 … each taking ``seconds`` of CPU; records whether the generator's finally ran (closed)."""

    def __init__(self, n: int, seconds: float = 0.002, fail_at: int | None = None) -> None:
        self.n, self.seconds, self.fail_at, self.closed = n, seconds, fail_at, False

    def __iter__(self) -> Iterator[int]:
        try:
            for i in range(self.n):
                _busy(self.seconds)
                if i == self.fail_at:
                    raise RuntimeError(f"item {i} broke")
                yield i
        finally:
            self.closed = True


def _panel() -> tuple[Background, widgets.Button, ErrorLog]:
    button, errors = widgets.Button(description="▶ Run"), ErrorLog()
    return Background(button, errors), button, errors


def test_without_a_running_loop_the_work_is_done_at_once() -> None:
    bg, button, _ = _panel()
    got: list[int] = []
    ends: list[bool] = []
    assert running_loop() is None
    bg.start(Work(5), got.append, ends.append)
    assert got == [0, 1, 2, 3, 4] and ends == [False] and bg.items == 5
    assert not bg.running and not button.disabled and bg.stop_button.disabled


def test_in_a_loop_the_work_runs_in_the_background_and_other_code_runs_between_items() -> None:
    async def scenario() -> None:
        bg, button, _ = _panel()
        got: list[int] = []
        ends: list[bool] = []
        work = Work(200)
        bg.start(work, got.append, ends.append)
        assert bg.running and got == [] and button.disabled and not bg.stop_button.disabled  # returned at once
        turns = 0
        while bg.running:  # "another widget": it gets a turn between every two items
            turns += 1
            await asyncio.sleep(0)
        assert got == list(range(200)) and ends == [False] and turns >= 190
        assert work.closed and not button.disabled and bg.stop_button.disabled and not bg.stopped

    asyncio.run(scenario())


def test_stop_keeps_what_was_computed_and_ends_within_one_item() -> None:
    async def scenario() -> None:
        bg, button, _ = _panel()
        got: list[int] = []
        ends: list[bool] = []
        work = Work(10_000, seconds=0.005)
        bg.start(work, got.append, ends.append)
        while len(got) < 5:
            await asyncio.sleep(0)
        bg.stop_button.click()  # the Stop button's handler, as the kernel calls it between two items
        assert bg.stop_button.disabled
        while bg.running:
            await asyncio.sleep(0)
        assert bg.stopped and ends == [True] and 5 <= len(got) <= 7 and got == list(range(len(got)))
        assert bg.items == len(got) and work.closed and not button.disabled
        assert bg.stop_latency is not None and bg.stop_latency < 1.0
        got2: list[int] = []
        bg.start(Work(3), got2.append, ends.append)  # the next click runs afresh
        while bg.running:
            await asyncio.sleep(0)
        assert got2 == [0, 1, 2] and ends == [True, False] and not bg.stopped

    asyncio.run(scenario())


def test_an_error_in_the_background_is_one_line_in_the_widget_and_the_buttons_come_back() -> None:
    async def scenario() -> None:
        bg, button, errors = _panel()
        got: list[int] = []
        ends: list[bool] = []
        work = Work(50, fail_at=3)
        bg.start(work, got.append, ends.append)
        while bg.running:
            await asyncio.sleep(0)
        assert got == [0, 1, 2] and ends == [False] and work.closed
        assert len(errors.errors) == 1 and "item 3 broke" in errors.text
        assert not button.disabled and bg.stop_button.disabled

    asyncio.run(scenario())


def test_a_second_start_while_running_is_ignored_and_wait_runs_at_once_even_in_a_loop() -> None:
    async def scenario() -> None:
        bg, _, _ = _panel()
        first: list[int] = []
        second: list[int] = []
        bg.start(Work(20), first.append, lambda _s: None)
        bg.start(Work(20), second.append, lambda _s: None)
        while bg.running:
            await asyncio.sleep(0)
        assert first == list(range(20)) and second == []
        now: list[int] = []
        bg.start(Work(4), now.append, lambda _s: None, wait=True)  # a notebook cell that reads the results next
        assert now == [0, 1, 2, 3] and not bg.running

    asyncio.run(scenario())


def test_notebook_13s_run_button_plays_in_the_background_and_stop_keeps_the_races_done() -> None:
    pytest.importorskip("bqplot")
    from racebook.rf90.analysis import experiments as X
    from racebook.rf90.ui.experiments import ExperimentPanel

    async def scenario() -> None:
        panel = ExperimentPanel(X.refuel((8, 16), track="teaching", seed=3), races=50)
        panel.button.click()
        assert panel.background.running and panel.button.disabled
        while panel.progress.value < 3:
            await asyncio.sleep(0)
        panel.background.stop_button.click()
        while panel.background.running:
            await asyncio.sleep(0)
        done = sum(len(v) for v in panel.results.values())
        assert 3 <= panel.progress.value < 100 and "stopped after" in panel.status.value
        assert done == panel.progress.value * panel.exp.players  # every race played is kept, no other
        assert panel.progress.bar_style == "warning" and not panel.button.disabled and not panel.errors.errors
        assert panel.background.stop_latency is not None and panel.background.stop_latency < 1.0

    asyncio.run(scenario())


def test_notebook_16s_sample_button_stops_with_the_points_computed() -> None:
    pytest.importorskip("bqplot")
    from racebook.rf90.championship import SeasonRun, load_season
    from racebook.rf90.ui.titleodds import TitleOddsChart

    async def scenario() -> None:
        chart = TitleOddsChart(SeasonRun(load_season("mini"), 7).run(2))
        chart.samples_box.value, chart.seed_box.value = 40, 3
        chart.button.click()
        assert chart.background.running
        while chart.progress.value < 45:  # the first point done, the second begun
            await asyncio.sleep(0)
        chart.background.stop_button.click()
        while chart.background.running:
            await asyncio.sleep(0)
        assert [o.after for o in chart.odds] == [0, 1] and chart.odds[0].samples == 40
        assert 1 <= chart.odds[1].samples < 40 and "stopped after" in chart.status.value
        assert list(chart.lines.x) == [0, 1] and chart.seed_box.value == 4 and not chart.errors.errors

    asyncio.run(scenario())


def test_a3s_run_button_stops_with_the_races_replayed() -> None:
    pytest.importorskip("bqplot")
    from racebook.automobiles.ui.experiments import ExperimentPanel

    async def scenario() -> None:
        panel = ExperimentPanel("fallbacks", races=30)
        panel.button.click()
        while panel.progress.value < 1:
            await asyncio.sleep(0)
        panel.background.stop_button.click()
        while panel.background.running:
            await asyncio.sleep(0)
        assert 1 <= len(panel.live) < 30 and panel.progress.value == len(panel.live)
        assert "stopped after" in panel.status.value and "same finishing orders as the shipped run: yes" in \
            panel.status.value and not panel.errors.errors

    asyncio.run(scenario())


KERNEL_CELLS = [
    """
from racebook.rf90.analysis import experiments as X
from racebook.rf90.ui.experiments import ExperimentPanel
panel = ExperimentPanel(X.refuel((8, 16), track="teaching", seed=3), races=500)
panel.button.click()
print(panel.background.running)
""",
    "print(panel.background.running, panel.progress.value)",
    "panel.background.stop_button.click()",
    "print(panel.background.running, panel.background.stopped, panel.progress.value, "
    "sum(map(len, panel.results.values())))",
]


def test_in_a_real_kernel_the_next_cell_answers_while_a_simulation_runs_and_stop_ends_it() -> None:
    """The done-when of issue 34: a Stop test interrupts a running simulation and the next click responds within
    1 s — here with ipykernel itself (a cell and a widget click reach the kernel on the same shell channel)."""
    jupyter_client = pytest.importorskip("jupyter_client")
    pytest.importorskip("bqplot")
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        out: list[str] = []

        def run(code: str) -> float:
            t = time.monotonic()
            reply = kc.execute_interactive(code, timeout=120, output_hook=lambda m: out.append(
                m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
            assert reply["content"]["status"] == "ok", reply["content"]
            return time.monotonic() - t

        run(KERNEL_CELLS[0])
        assert out[-1].split() == ["True"]  # the click returned with the races still to play
        time.sleep(0.5)
        took = run(KERNEL_CELLS[1])
        running, progress = out[-1].split()
        assert running == "True" and 0 < int(progress) < 1000 and took < 1.0  # the kernel answered mid-run
        assert run(KERNEL_CELLS[2]) < 1.0
        time.sleep(0.3)
        run(KERNEL_CELLS[3])
        running, stopped, progress, kept = out[-1].split()
        assert running == "False" and stopped == "True" and int(kept) == int(progress) > 0
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
