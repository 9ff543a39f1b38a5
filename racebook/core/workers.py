"""Worker processes for Monte Carlo runs of every game (RF90 races and seasons, Automobiles' experiments).

:func:`map_in_order` maps a top-level function over small picklable tasks (seeds and options in, plain results out)
in a process pool, the results in the order of the tasks, so a pooled run equals the serial one; :func:`run_in_order`
collects them into a list with a progress callback; :func:`worker_pool` starts the workers once for several maps.
Every game's Monte Carlo goes through here: RF90's ``simulate`` and experiments, the season's title odds,
Automobiles' and FormulaGP's ``racebook simulate``, Automobiles' purchase experiments. A task names what a worker
needs by id (a track, a board, a seed), never by the loaded object: a worker loads a track once, from its own cache
(a forked worker inherits the parent's). Standard library only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import TypeVar

from racebook.core.errors import RacebookError

T = TypeVar("T")
R = TypeVar("R")


class JobsError(RacebookError, ValueError):
    """A number of worker processes that is not a whole number ≥ 0 (or ``auto``)."""


#: the most worker processes :func:`resolve_jobs` accepts (a typo such as ``--jobs 20000`` is refused, not forked)
MAX_JOBS = 256


def resolve_jobs(jobs: int | str | None) -> int:
    """The number of worker processes for ``jobs``: a whole number 1..:data:`MAX_JOBS` as given (1 = no pool, the
    serial path); ``0``, ``"auto"`` or None = ``os.cpu_count()``. Anything else raises :class:`JobsError`."""
    if jobs is None or (isinstance(jobs, str) and jobs.strip().lower() == "auto"):
        return os.cpu_count() or 1
    value: object = jobs
    if isinstance(jobs, str) and jobs.strip().isascii() and jobs.strip().isdigit() and len(jobs.strip()) <= 20:
        value = int(jobs.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_JOBS:
        raise JobsError(f"jobs: {jobs!r} is not a whole number in 0..{MAX_JOBS} or 'auto' (0 and 'auto' = every "
                        "core, 1 = serial)")
    return value if value > 0 else os.cpu_count() or 1


def map_in_order(fn: Callable[[T], R], tasks: Iterable[T], jobs: int | str | None = 1,
                 context: BaseContext | None = None, pool: ProcessPoolExecutor | None = None) -> Iterator[R]:
    """``fn`` over ``tasks``, the results yielded in the order of ``tasks`` (never in completion order).

    With ``jobs`` 1 (or a single task) it is a plain serial loop; otherwise the tasks go to a
    :class:`concurrent.futures.ProcessPoolExecutor` of ``jobs`` processes (:func:`resolve_jobs`), in chunks of
    consecutive tasks (:func:`chunk_size`). ``pool``: the workers of a :func:`worker_pool` block, started once for
    several maps (a season's odds after each race), instead of a pool of this call's own. ``fn`` must be a
    top-level function of an importable module and the tasks and results small picklable values (seeds and
    options in, plain results out), so that it works with every start method (``fork``, ``forkserver``, ``spawn``)
    and from a notebook. Every race is built from its seed alone, so the results are those of the serial run."""
    items = list(tasks)
    workers = min(resolve_jobs(jobs), len(items))  # a bad ``jobs`` fails here, before any race is run
    if workers <= 1:
        return map(fn, items)
    if pool is not None:
        return _mapped(pool, fn, items, workers)
    return _pooled(fn, items, workers, context)


def run_in_order(fn: Callable[[T], R], tasks: Iterable[T], jobs: int | str | None = 1,
                 progress: Callable[[int, int], None] | None = None,
                 pool: ProcessPoolExecutor | None = None) -> list[R]:
    """:func:`map_in_order` collected into a list; ``progress(done, total)`` before the first result and after each
    one (in task order, so a pooled run reports what the serial run would)."""
    items = list(tasks)
    results = map_in_order(fn, items, jobs, pool=pool)  # a bad ``jobs`` fails here, before any progress
    out: list[R] = []
    if progress is not None:
        progress(0, len(items))
    for result in results:
        out.append(result)
        if progress is not None:
            progress(len(out), len(items))
    return out


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks per round trip to a worker: about 8 chunks a worker, at most 16 tasks, so the first results come early
    and the last chunks even out the load (a chunk of 16 robot races is ~0.2 s of one core)."""
    return max(1, min(16, tasks // (workers * 8)))


def _mapped(pool: ProcessPoolExecutor, fn: Callable[[T], R], items: list[T], workers: int) -> Iterator[R]:
    # closing this generator early cancels the chunks not yet started (Executor.map's iterator does)
    yield from pool.map(fn, items, chunksize=chunk_size(len(items), workers))


def _pooled(fn: Callable[[T], R], items: list[T], workers: int, context: BaseContext | None) -> Iterator[R]:
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield from _mapped(pool, fn, items, workers)
    finally:  # also when the caller stops early (an interrupted notebook cell): drop the races not yet started
        pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def worker_pool(jobs: int | str | None = 1, context: BaseContext | None = None) -> Iterator[
        ProcessPoolExecutor | None]:
    """Worker processes started once for every :func:`map_in_order` of the block (``pool=``); None with one job
    (the serial path). The workers are forked from this process as it is at the start of the block (on ``fork``,
    the tracks loaded so far come with them), and shut down at its end, pending work cancelled."""
    workers = resolve_jobs(jobs)
    if workers <= 1:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


