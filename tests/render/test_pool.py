"""Rendering many pages: each distinct page once, in page order, the same bytes whatever --jobs."""

from __future__ import annotations

from generator.render.pool import render_many
from generator.scene.model import Page, Rect


def _page(colour: str, label: str = "") -> Page:
    return Page(10.0, 10.0, items=[Rect(0, 0, 10, 10, fill=colour, stroke=None)], label=label)


def test_equal_pages_are_rendered_once_and_come_back_in_order() -> None:
    calls = []

    def render(page: Page) -> bytes:
        calls.append(page.items[0].fill)
        return page.items[0].fill.encode()

    pages = [_page(c) for c in ("#000001", "#000002", "#000001", "#000003", "#000002", "#000001")]
    out = list(render_many(pages, render, jobs=1))
    assert out == [p.items[0].fill.encode() for p in pages]
    assert calls == ["#000001", "#000002", "#000003"]
    # a different label is a different page (an SVG names its page)
    assert len(list(render_many([_page("#0", "a"), _page("#0", "b")], render, jobs=1))) == 2
    assert calls[-2:] == ["#0", "#0"]


def _fill(page: Page) -> bytes:
    import os

    return f"{page.items[0].fill} {os.getpid()}".encode()


def test_a_process_pool_keeps_the_order() -> None:
    import os

    pages = [_page(f"#{i:06x}") for i in range(40)] * 2
    out = list(render_many(pages, _fill, jobs=2))
    assert [o.split()[0].decode() for o in out] == [p.items[0].fill for p in pages]
    assert {o.split()[1] for o in out} != {str(os.getpid()).encode()}     # others did the work
    assert out[:40] == out[40:]                                             # copies: the same bytes


def test_png_files_are_the_same_whatever_the_jobs(tmp_path) -> None:
    from generator.cli import cli
    from generator.cli.common import run_cli

    for jobs in ("1", "2"):
        assert run_cli(cli, ["cards", "example", "example", "--format", "png", "--dpi", "40", "-q",
                             "--jobs", jobs, "-o", str(tmp_path / jobs)]) == 0
    names = sorted(p.name for p in (tmp_path / "1").glob("*.png"))
    assert len(names) == 19 and "example-back.png" in names       # 18 faces and the one back
    assert all((tmp_path / "1" / n).read_bytes() == (tmp_path / "2" / n).read_bytes() for n in names)
    copies = [(tmp_path / "2" / f"example-{i:03d}.png").read_bytes() for i in (1, 2)]
    assert copies[0] == copies[1]                                  # qty 2: the same bytes


def test_workers_take_the_default_sigterm_whatever_this_process_installed() -> None:
    """A --watch turns SIGTERM into KeyboardInterrupt in its process; the workers it forks must still
    die on the SIGTERM of pool.terminate() (a worker that raised instead left pool.join() waiting)."""
    import signal

    def _report(page: Page) -> bytes:
        return str(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL).encode()

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        out = list(render_many([_page(f"#{i:06x}") for i in range(6)], _report, jobs=2))
    finally:
        signal.signal(signal.SIGTERM, before)
    assert out == [b"True"] * 6
