"""Render many pages: each distinct page once, across a pool of processes, results in page order.

Pages are compared by what they draw (size, label and items: the drawing model is made of frozen,
hashable dataclasses), so the copies of a card (`qty`) cost one render. Work is handed to forked
workers by index (the pages are inherited, never pickled); results come back in the order asked,
so the output does not depend on the number of jobs. A rendered page is kept only while a later
copy still needs it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from generator.render.base import Hashed
from generator.scene.model import Item, Page

PageKey = tuple[float, float, str, tuple[Item, ...]]   # size, label, items: what a page draws

_WORK: tuple[Sequence[Page], Callable[[Page], bytes]] | None = None


def _run(index: int) -> bytes:
    assert _WORK is not None
    pages, render = _WORK
    return render(pages[index])


def page_key(page: Page) -> PageKey:
    """What a page draws, as a dictionary key."""
    return (page.width, page.height, page.label, tuple(page.items))


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:      # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def render_many(pages: Sequence[Page], render: Callable[[Page], bytes],
                jobs: int | None = None) -> Iterator[bytes]:
    """render(page) for every page, in order; equal pages rendered once; `jobs` processes
    (None or 0: all cores; 1: this process only)."""
    global _WORK
    canonical: dict[Hashed, Hashed] = {}
    keys = [canonical.setdefault(key, key) for key in map(Hashed, map(page_key, pages))]   # equal pages: one key
    firsts: dict[Hashed, int] = {}
    for index, key in enumerate(keys):
        firsts.setdefault(key, index)
    order = list(firsts.values())
    jobs = default_jobs() if not jobs else jobs
    pool = None
    if jobs > 1 and len(order) > 1:
        import multiprocessing
        import signal

        _WORK = (pages, render)
        # workers take SIGTERM's default (pool.terminate() ends them), whatever handler this process has
        # (a --watch turns SIGTERM into KeyboardInterrupt: a worker would raise and pool.join() hang)
        pool = multiprocessing.get_context("fork").Pool(min(jobs, len(order)), initializer=signal.signal,
                                                       initargs=(signal.SIGTERM, signal.SIG_DFL))
        results: Iterator[bytes] = pool.imap(_run, order, chunksize=1)
    else:
        results = (render(pages[i]) for i in order)
    try:
        remaining = Counter(keys)
        kept: dict[Hashed, bytes] = {}
        for key in keys:
            if key not in kept:
                kept[key] = next(results)
            blob = kept[key]
            remaining[key] -= 1
            if not remaining[key]:
                del kept[key]
            yield blob
    finally:
        if pool is not None:        # every result taken (or the caller gave up): stop the workers
            pool.terminate()
            pool.join()
            _WORK = None


__all__ = ["default_jobs", "page_key", "render_many"]
