"""The preview and --watch read a deck once its save has settled: a spreadsheet half written keeps the last
good cards, and only a file that stays unreadable is an error."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import settle
from generator.core.errors import DataError
from generator.preview.deck import LiveDeck


class FakeFile:
    """A file being written: its stamp changes at given fake times; reading fails until `done_at`."""

    def __init__(self, path: Path, changes: list[float], done_at: float) -> None:
        self.path, self.changes, self.done_at, self.now, self.reads = path, changes, done_at, 0.0, 0

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        written = sum(1 for t in self.changes if t <= self.now) + 1
        if self.path.stat().st_size != written:          # a new size: the writer wrote more
            self.path.write_bytes(b"x" * written)

    def clock(self) -> float:
        return self.now

    def read(self) -> str:
        self.reads += 1
        if self.now < self.done_at:
            raise DataError("not a readable spreadsheet (ZipError: truncated)", file=self.path)
        return "cards"


@settings(max_examples=40, deadline=None)
@given(gaps=st.lists(st.floats(0.0, 0.25), min_size=1, max_size=10))
def test_a_save_in_progress_is_waited_for(tmp_path_factory, gaps: list[float]) -> None:
    """A writer that writes at least every 0.25 s (less than QUIET) until its save is whole."""
    path = tmp_path_factory.mktemp("s") / "deck.xlsx"
    path.write_bytes(b"x")
    writes = [sum(gaps[:i + 1]) for i in range(len(gaps))]
    done = writes[-1]
    fake = FakeFile(path, writes, done)
    assert settle.settled(fake.read, lambda: [path], sleep=fake.sleep, clock=fake.clock) == "cards"
    assert fake.now <= done + settle.QUIET + 2 * settle.STEP + 1e-6


def test_a_file_that_stays_unreadable_is_an_error_after_a_quiet_spell(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    path.write_bytes(b"x")
    fake = FakeFile(path, [], done_at=float("inf"))
    with pytest.raises(DataError, match="ZipError"):
        settle.settled(fake.read, lambda: [path], sleep=fake.sleep, clock=fake.clock)
    assert fake.reads == 1 and settle.QUIET - 1e-6 <= fake.now < settle.MAX_WAIT


def test_a_writer_that_never_stops_is_given_up_on(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    path.write_bytes(b"x")
    fake = FakeFile(path, [i * 0.1 for i in range(1, 100)], done_at=float("inf"))
    with pytest.raises(DataError):
        settle.settled(fake.read, lambda: [path], sleep=fake.sleep, clock=fake.clock)
    assert settle.MAX_WAIT <= fake.now <= settle.MAX_WAIT + 2 * settle.STEP


def test_the_preview_keeps_the_last_good_cards_while_an_xlsx_is_written_in_place(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "cards"))
    from workbooks import write_xlsx

    data = write_xlsx(tmp_path / "deck.xlsx", {"Cards": [["name"]] + [[f"card {i}"] for i in range(30)]})
    template = tmp_path / "t.yaml"
    template.write_text("card: poker\nfront:\n  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: '{name}'}\n", "utf-8")
    deck = LiveDeck(data, template)
    deck.refresh()
    assert len(deck.cards) == 30 and deck.error is None
    whole = write_xlsx(tmp_path / "next.xlsx", {"Cards": [["name"]] + [[f"card {i}!"] for i in range(30)]}).read_bytes()

    def save_slowly() -> None:          # an in-place save: truncated, then written in pieces
        with open(data, "wb") as out:
            for start in range(0, len(whole), 400):
                out.write(whole[start:start + 400])
                out.flush()
                time.sleep(0.05)

    writer = threading.Thread(target=save_slowly)
    with open(data, "wb"):
        pass                            # the refresh below starts on the truncated file
    writer.start()
    try:
        deck.refresh()
    finally:
        writer.join()
    assert deck.error is None, deck.error
    assert len(deck.cards) == 30 and all(c.error is None for c in deck.cards)
    assert b"card 7!" in deck.svg(8, "front")


def test_a_broken_workbook_is_shown_once_it_stays_broken(tmp_path: Path) -> None:
    from generator import paths

    shutil.copy(paths.template("cards", "example.yaml"), tmp_path / "t.yaml")
    data = tmp_path / "deck.xlsx"
    data.write_bytes(b"PK\x03\x04 not a workbook")
    deck = LiveDeck(data, tmp_path / "t.yaml")
    deck.refresh()
    assert deck.error is not None and "not a readable spreadsheet" in deck.error
