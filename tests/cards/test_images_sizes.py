"""Issue 22: the named card sizes read from pixels (exact fits at a usual ppi win; close readings are
both named), `pnpgen images` with every card option (--only, --check, --watch), silhouette-card-maker
folders with several backs or none, and a print-on-demand preset refusing a card of another size."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage
from pypdf import PdfReader

from generator.cards import images as deck
from generator.core.errors import DataError
from generator.core.units import MM_PER_INCH
from generator.scene.papers import CARD_SIZES

BLEED_NAMES = {0.0: "no bleed", 3.0: "3 mm bleed", MM_PER_INCH / 8: "1/8 in bleed"}


def plain(path: Path, size: tuple[int, int], colour=(30, 90, 160)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    PILImage.new("RGB", size, colour).save(path)
    return path


def pixels_of(card: tuple[float, float], bleed: float, ppi: int) -> tuple[int, int]:
    return (round((card[0] + 2 * bleed) / MM_PER_INCH * ppi), round((card[1] + 2 * bleed) / MM_PER_INCH * ppi))


# --- detection --------------------------------------------------------------------------------------

@pytest.mark.parametrize("ppi", [300, 600])
@pytest.mark.parametrize("bleed", list(BLEED_NAMES))
@pytest.mark.parametrize("name", list(CARD_SIZES))
def test_every_named_size_reads_back_exactly(name, bleed, ppi) -> None:
    """The pixels of each named size, with each standard bleed, at 300 and 600 ppi read as that
    size, bleed and resolution, with no other reading as close."""
    fit = deck.detect(pixels_of(CARD_SIZES[name], bleed, ppi))
    assert fit is not None and fit.exact
    assert (fit.name, fit.bleed, fit.ppi) == (name, bleed, ppi)
    assert fit.also == () and fit.doubt() == ""


def test_815_by_1110_is_standard_with_3_mm_at_300_ppi() -> None:
    fit = deck.detect((815, 1110))
    assert fit is not None
    assert fit.describe() == "standard (63x88 mm) with 3 mm bleed, 300 ppi"
    assert fit.card == (63.0, 88.0) and fit.ppi == 300 and not fit.also


def test_close_readings_are_both_named_with_how_to_choose() -> None:
    """700x979 px is no exact fit: poker at 280 ppi and standard at 282 ppi are equally likely."""
    fit = deck.detect((700, 979))
    assert fit is not None and not fit.exact
    names = {fit.name, *fit.also_names}
    assert {"poker", "standard"} <= names
    doubt = fit.doubt()
    assert "could also be" in doubt and "--card poker" in doubt and "--card standard" in doubt


def test_the_summary_line_and_the_doubt_note(tmp_path, pnpgen) -> None:
    for i in range(3):
        plain(tmp_path / "close" / f"{i}.png", (700, 979))
    code, out, err = pnpgen("images", tmp_path / "close", "--check")
    assert code == 0, err
    assert "pnpgen: note: the images could also be" in out and "--card" in out


# --- print-on-demand ---------------------------------------------------------------------------------

def test_mpc_poker_refuses_a_63_by_88_card(tmp_path, pnpgen) -> None:
    for i in range(2):
        plain(tmp_path / "std" / f"{i}.png", (815, 1110))
    code, _, err = pnpgen("images", tmp_path / "std", "--format", "pod", "--pod", "mpc-poker", "-o", tmp_path / "pod")
    assert code == 2
    assert "standard (63x88 mm) with 3 mm bleed, 300 ppi" in err
    assert "the cards are 63x88 mm but mpc-poker prints 63.5x88.9 mm cards" in err
    assert not (tmp_path / "pod").exists()


# --- the option sets ---------------------------------------------------------------------------------

# `pnpgen cards` options that `pnpgen images` has no use for, and why.
NOT_FOR_IMAGES = {
    "--kinds": "lists template element kinds; an image deck has no template",
    "--allow-outside-files": "guards image paths named in a data file; images' paths are given on the command line",
    "--sheet": "picks a sheet of a spreadsheet data file; an image deck has none",
    "--refresh": "about DATA given as a link; an image deck's pictures are files",
    "--poll": "how often a linked DATA is downloaded again; an image deck has no link",
    "--box": "reads the template's box: block; an image deck has none (pnpgen box --card SIZE --count N --back-art FILE)",
    "--two-piece": "goes with --box",
}


def _options(command: click.Command) -> set[str]:
    return {opt for param in command.params if isinstance(param, click.Option) for opt in param.opts
            if opt.startswith("--")}


def test_images_has_every_cards_option_but_a_justified_few() -> None:
    from generator.cards.cli import command as cards
    from generator.cards.cli.images import command as images

    missing = _options(cards) - _options(images)
    assert missing == set(NOT_FOR_IMAGES), f"options of pnpgen cards missing from pnpgen images: {missing}"
    for option in NOT_FOR_IMAGES:
        assert option in _options(cards)       # the list stays true when cards loses one


# --- --only, --check ---------------------------------------------------------------------------------

def test_only_prints_the_chosen_cards(tmp_path, pnpgen) -> None:
    for i in range(1, 6):
        plain(tmp_path / "five" / f"{i}.png", (750, 1050), colour=(40 * i, 0, 0))
    out = tmp_path / "faces"
    code, _, err = pnpgen("images", tmp_path / "five", "--only", "2,4-5", "--format", "png", "--dpi", "50",
                          "-o", out)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["five-002.png", "five-004.png", "five-005.png"]
    with PILImage.open(out / "five-004.png") as face:
        assert face.convert("RGB").getpixel((face.width // 2, face.height // 2)) == (160, 0, 0)
    code, out_text, _ = pnpgen("images", tmp_path / "five", "--only", "name~3", "--format", "json")
    assert code == 0
    assert [r["fields"]["name"] for r in json.loads(out_text)] == ["3"]


def test_check_reports_and_writes_nothing(tmp_path, pnpgen, out_dir) -> None:
    plain(tmp_path / "low" / "1.png", (150, 210))       # a poker card at 60 ppi
    code, out, err = pnpgen("images", tmp_path / "low", "--check")
    assert code == 0 and err == ""                   # the whole report on stdout: size reading, warnings, count
    lines = out.splitlines()
    assert "poker (63.5x88.9 mm) with no bleed, 60 ppi" in lines[0]
    assert "ppi" in lines[1] and lines[1].startswith("pnpgen: warning:")
    assert lines[-1] == f"{sum(line.startswith('pnpgen: warning:') for line in lines)} warnings"
    code, _, _ = pnpgen("images", tmp_path / "low", "--check", "--strict")
    assert code == 1
    assert not any(Path(out_dir).rglob("*.pdf"))
    code, _, err = pnpgen("images", tmp_path / "low", "--strict")
    assert code == 2 and "--strict goes with --check" in err


# --- silhouette-card-maker folders ---------------------------------------------------------------------

def _scm(root: Path, fronts: list[str], backs: list[str], sided: list[str]) -> Path:
    for name in fronts:
        plain(root / "front" / name, (750, 1050), (200, 0, 0))
    (root / "back").mkdir(parents=True, exist_ok=True)
    for name in backs:
        plain(root / "back" / name, (750, 1050), (0, 0, 200))
    if sided is not None:
        (root / "double_sided").mkdir(parents=True, exist_ok=True)
        for name in sided:
            plain(root / "double_sided" / name, (750, 1050), (0, 200, 0))
    return root


def test_several_backs_pair_by_name(tmp_path) -> None:
    root = _scm(tmp_path / "g", ["a.png", "b.png", "c.png"], ["a.png", "b.png", "c.png"], [])
    entries = deck.collect(str(root), None)
    assert [(e.front.name, e.back.parent.name, e.back.name) for e in entries] == [
        ("a.png", "back", "a.png"), ("b.png", "back", "b.png"), ("c.png", "back", "c.png")]
    assert deck.collect_notes(str(root), None) == ["back/ holds 3 images: each is the back of the front of the same name"]


def test_several_backs_with_double_sided_first(tmp_path) -> None:
    root = _scm(tmp_path / "g", ["a.png", "b.png"], ["a.png", "b.png"], ["b.png"])
    entries = deck.collect(str(root), None)
    assert [e.back.parent.name for e in entries] == ["back", "double_sided"]


def test_several_unpaired_backs_say_the_rule(tmp_path) -> None:
    root = _scm(tmp_path / "g", ["a.png", "b.png"], ["x.png", "a.png"], None)
    with pytest.raises(DataError) as info:
        deck.collect(str(root), None)
    message = info.value.message
    assert "back/ holds 2 images: keep one (the back of every card), or give each front its back of the same name" in message
    assert "backs without a front: x.png" in message and "fronts without a back: b.png" in message


def test_empty_back_with_double_sided_prints_blank_backs_and_says_so(tmp_path, pnpgen) -> None:
    root = _scm(tmp_path / "g", ["a.png", "b.png", "c.png"], [], ["b.png"])
    out = tmp_path / "deck.pdf"
    code, _, err = pnpgen("images", root, "-o", out, "--bleed", "0", "--no-crop-marks")
    assert code == 0, err
    assert "pnpgen: note: 2 fronts have no back" in err and "blank back: a.png, c.png" in err
    reader = PdfReader(out)
    assert len(reader.pages) == 2               # the fronts, then their backs
    backs = reader.pages[1]
    assert len(backs.images) == 1              # only b's back is a picture; a and c are blank


def test_empty_back_and_empty_double_sided_print_fronts_only(tmp_path, pnpgen) -> None:
    root = _scm(tmp_path / "g", ["a.png", "b.png"], [], [])
    out = tmp_path / "deck.pdf"
    code, _, err = pnpgen("images", root, "-o", out)
    assert code == 0, err
    assert "back/ and double_sided/ hold no images: the fronts print without backs" in err
    assert len(PdfReader(out).pages) == 1


# --- --watch and the preview -------------------------------------------------------------------------

def test_watch_state_rereads_the_folder(tmp_path, out_dir) -> None:
    from generator.cards.cli.images import ImagesWatch
    from generator.publish import DeckOptions
    from generator.publish.imagedeck import ImageChoice

    folder = tmp_path / "w"
    for i in range(2):
        plain(folder / f"{i}.png", (750, 1050))
    out = tmp_path / "w.json"
    state = ImagesWatch(ImageChoice(str(folder)), DeckOptions(format="json", output=out), None)
    assert state.folders() == {folder.resolve()}
    state.run(set(), first=True)
    assert len(json.loads(out.read_text())) == 2
    plain(folder / "2.png", (750, 1050))
    state.run({folder / "2.png"})                # its own file is written again without --force
    assert len(json.loads(out.read_text())) == 3
    assert (folder / "2.png").resolve() in state.files()


def test_watch_sees_a_new_file_in_a_watched_folder(tmp_path) -> None:
    import threading

    from generator.cards.cli.watch import watch

    folder = tmp_path / "f"
    plain(folder / "1.png", (20, 28))
    seen: list[set[Path]] = []
    stop = threading.Event()

    def changed(paths: set[Path]) -> None:
        seen.append(paths)
        stop.set()

    thread = threading.Thread(target=watch, args=(lambda: {folder / "1.png"}, changed, stop, lambda: {folder}))
    thread.start()
    try:
        for _ in range(50):
            plain(folder / "2.png", (20, 28))
            if stop.wait(0.2):
                break
    finally:
        stop.set()
        thread.join(timeout=5)
    assert seen and (folder / "2.png").resolve() in seen[0]


def test_preview_of_an_image_folder(tmp_path) -> None:
    from generator.cards.cli.preview import fresh_image_loader
    from generator.preview.images import images_live_deck
    from generator.publish import DeckOptions
    from generator.publish.imagedeck import ImageChoice

    folder = tmp_path / "p"
    for i in range(3):
        plain(folder / f"{i}.png", (815, 1110))
    opts = DeckOptions(format="pdf", quiet=True)
    live, _ = images_live_deck(ImageChoice(str(folder)), opts, fresh_image_loader(), None)
    live.refresh()
    assert live.error is None and len(live.cards) == 3 and live.snapshot()["title"] == "p"
    assert (live.meta["card_w"], live.meta["card_h"]) == (63.0, 88.0)
    assert b"<svg" in live.svg(1, "front")
    assert live.folders() == {folder.resolve()}
    plain(folder / "3.png", (815, 1110))
    live.refresh()
    assert len(live.cards) == 4


# --- Tabletop Simulator grid ---------------------------------------------------------------------------

def test_tts_sheet_of_20_cards_is_5_by_4(tmp_path, pnpgen) -> None:
    for i in range(20):
        plain(tmp_path / "t" / f"{i}.png", (750, 1050), colour=(10 * i, 0, 0))
    out = tmp_path / "tts"
    code, _, err = pnpgen("images", tmp_path / "t", "--format", "tts", "-o", out, "--bleed", "0")
    assert code == 0, err
    saved = json.loads((out / "t.json").read_text())
    custom = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (5, 4)
    with PILImage.open(out / "t-tts-1.png") as sheet:
        assert sheet.size[0] <= 4096 and sheet.size[1] <= 4096
        cell = (sheet.size[0] // 5, sheet.size[1] // 4)
        assert round(cell[0] / 2.5) >= 290            # dpi of a poker card across


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(CARD_SIZES)), st.sampled_from(sorted(BLEED_NAMES)),
       st.sampled_from([p for p in deck.COMMON_PPI if p >= 150]), st.booleans())
def test_a_named_size_at_any_usual_ppi_is_found_or_named(name, bleed, ppi, landscape) -> None:
    """Whatever usual resolution an image of a named size was exported at (either way round for the
    pixels' rounding), its reading is exact, and it is the true size or the true size is named
    beside it as a close reading: never silently another size."""
    w, h = CARD_SIZES[name]
    exact = ((w + 2 * bleed) / MM_PER_INCH * ppi, (h + 2 * bleed) / MM_PER_INCH * ppi)
    pixels = (int(exact[0]) + landscape, int(exact[1]) + landscape)      # rounded down, or up
    if max(abs(pixels[0] - exact[0]), abs(pixels[1] - exact[1])) > 1:
        return
    fit = deck.detect(pixels)
    assert fit is not None and fit.exact
    assert (fit.name == name and fit.bleed == bleed) or name in fit.also_names


def test_an_image_deck_footer_names_its_folder_once(tmp_path, pnpgen) -> None:
    for i in range(2):
        plain(tmp_path / "mydeck" / f"{i}.png", (815, 1110))
    out = tmp_path / "d.pdf"
    assert pnpgen("images", tmp_path / "mydeck", "-o", out)[0] == 0
    text = PdfReader(out).pages[0].extract_text()
    assert "mydeck" in text and "mydeck + mydeck" not in text
