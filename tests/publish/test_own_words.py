"""pnpgen's own words never refuse a job (issue 35): every deck command's footer on every named paper, with and
without every cutter, and data files with 200-character names, laid out without drawing the decks.

Each command runs up to its plan (plan_job recorded, then stopped before any card is built); the footers of
that plan are then laid out on every paper and cutter with blank cards: cheap, and the same footer code the
real sheets use (scene.footer through the imposition and the cutter pages)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import LayoutError
from generator.core.notes import take_notes
from generator.scene.imposition import Card
from generator.scene.model import Group, Item, Page, Text
from generator.scene.papers import PAPERS
from generator.scene.text import layout_text

COMMANDS = [
    ["cards", "example", "example"],
    ["noir", "cards"],
    ["codenames", "keys", "--seed", "1"],
    ["codenames", "words"],
    ["codenames", "pictures"],
    ["codenames", "covers", "--grid", "5x4"],
    ["dungeon", "cards"],
]
CUTTERS = [None, "silhouette", "cricut", "scanncut"]
PLANNERS = ["generator.publish", "generator.publish.carddeck", "generator.publish.groups",
            "generator.games.codenames.cli"]


class Planned(BaseException):        # not an Exception: run_cli turns those into one line
    """Raised by the recording plan_job: the command's plan is known, nothing built."""


def planned(args: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """The plan_job calls (options and keywords) the command makes, stopping it at the first."""
    import importlib


    calls: list[dict[str, Any]] = []

    def record(opts: Any, **kwargs: Any) -> Any:
        calls.append({"opts": opts, **kwargs})
        raise Planned

    modules = [importlib.import_module(name) for name in PLANNERS]     # all imported before any is patched
    for module in modules:
        monkeypatch.setattr(module, "plan_job", record)
    with pytest.raises(Planned):
        run_cli(cli, [*args, "-o", str(tmp_path / "out"), "--quiet"])
    return calls


def texts(items: list[Item] | tuple[Item, ...]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found += texts(item.items)
    return found


def footer_pages(call: dict[str, Any], paper: str, cutter: str | None) -> list[Page] | None:
    """The command's sheets on this paper (and cutter) with blank cards, footers drawn; None when the
    plan itself refuses (the cards do not fit the paper: a refusal naming the paper, not words)."""
    from generator.publish.cutters.sheets import cut_sheet, drawn_pages
    from generator.publish.formats.pdf import imposed_pages
    from generator.publish.plan import plan_job  # the real one (the commands' are recorded)

    opts = dataclasses.replace(call["opts"], paper=paper, cutter=cutter, format="pdf", pod=None)
    kwargs = {k: v for k, v in call.items() if k != "opts"}
    try:
        job = plan_job(opts, **kwargs)
    except LayoutError as err:
        assert err.key != "text", err
        return None
    blank = Card([], [] if kwargs.get("has_backs", True) else None)
    cards = [blank] * int(kwargs["count"])
    if cutter:      # a Cricut image: fronts only, no footer (as publish/cutters/cricut.py draws it)
        return list(drawn_pages(job, cards, cut_sheet(job), footers=cutter != "cricut", backs=cutter != "cricut"))
    return imposed_pages(job, cards)


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: "-".join(a[:2]))
def test_every_footer_fits_every_paper_and_cutter(args: list[str], monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    calls = planned(args, monkeypatch, tmp_path)
    assert calls
    laid = 0
    for paper in PAPERS:
        for cutter in CUTTERS:
            take_notes()
            pages = footer_pages(calls[0], paper, cutter)
            if pages is None:
                continue
            for page in pages:
                boxes = texts(page.items)
                for box in boxes:
                    assert layout_text(box), (paper, cutter, box.text)
                if cutter != "cricut":       # a Cricut image has no footer (Design Space prints its own marks)
                    assert any(f"/{len(pages)}" in box.text for box in boxes), (paper, cutter)
                laid += 1
            assert take_notes() == [], (paper, cutter)
    assert laid > len(PAPERS) * 4


def test_a_data_file_with_a_200_character_name_prints_on_every_paper(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    from generator import paths

    source = paths.card_data("example")
    for stem in ("M" * 196, ("Monsters of the deep " * 10)[:195] + "k"):
        data = tmp_path / f"{stem[:196]}.yaml"
        shutil.copytree(source, tmp_path / "deck", dirs_exist_ok=True)
        shutil.copy(tmp_path / "deck" / "cards.yaml", data)
        shutil.copytree(source / "pictures", tmp_path / "pictures", dirs_exist_ok=True)
        assert len(data.name) == 201
        calls = planned(["cards", str(data), "example"], monkeypatch, tmp_path)
        for paper in PAPERS:
            for cutter in CUTTERS:
                pages = footer_pages(calls[0], paper, cutter) or []
                for page in pages:
                    for box in texts(page.items):
                        assert layout_text(box)


def test_a_long_name_on_a5_with_a_cutter_prints_the_real_deck(tmp_path: Path) -> None:
    """The issue's repro end to end: the example deck under a long name, on A5, with a Silhouette."""
    from generator import paths

    data = tmp_path / "MonstersOfTheDeepExpansionDeck.yaml"
    shutil.copy(paths.card_data("example") / "cards.yaml", data)
    shutil.copytree(paths.card_data("example") / "pictures", tmp_path / "pictures")
    out = tmp_path / "out"
    assert run_cli(cli, ["cards", str(data), "example", "--paper", "a5", "--cutter", "silhouette",
                         "-o", str(out), "--quiet"]) == 0
    assert (out / "MonstersOfTheDeepExpansionDeck.pdf").stat().st_size > 0



def test_footer_words_shorten_then_step_aside_at_any_strip_length() -> None:
    """Any strip, from none to A3 landscape: the footer lays out; page n/N is the last to go, with a note."""
    from generator.scene.footer import fit_footer, footer_items, footer_text

    text = footer_text("MonstersOfTheDeepExpansionDeck " * 3, "card_data/" + "x" * 200 + ".csv", 12, 345, "fr",
                       "recto verso bord long, portrait")
    for length in [0.5, 3, 8, 15, 25, 40, 60, 83, 109, 138, 200, 287, 410]:
        take_notes()
        items = footer_items("bottom", length + 10.0, 60.0, text, "fr")
        boxes = texts(items)
        for box in boxes:
            assert layout_text(box)
        words = fit_footer(text, length)
        if "12/345" in words:
            assert take_notes() == [] and any("12/345" in box.text for box in boxes)
        else:
            assert words == "" and length < 10 and take_notes()
    assert fit_footer(text, 1000.0) == text


def test_own_words_that_cannot_fit_shorten_by_words_then_step_aside_with_a_note() -> None:
    """A cover's or label's words too long for their box (pnpgen's own, drawn by the renderer): whole
    words then "…", else left out with a note; never an error."""
    from generator.render.recording import render_recording
    from generator.scene.model import Page

    page = Page(60.0, 40.0).add(Text(2, 2, 30, 8, "Un rompicapo per un giocatore, con dieci pagine", size=10,
                                     wrap=False, min_size=5),
                                Text(2, 20, 3, 3, "Impossibile", size=10, min_size=5))
    take_notes()
    log = render_recording([page])
    assert "'Un rompicapo per un giocatore…'" in log      # whole words, then "…"
    assert "Impossibile" not in log
    assert any("Impossibile" in note for note in take_notes())
