"""Paper and card sizes by name, and SheetSpec validation: exact sizes and clear errors."""

from __future__ import annotations

import pytest

from generator.core.errors import LayoutError
from generator.scene.imposition import CARD_SIZES, PAPERS, PRINTER_MARGIN, SheetSpec, paper_size, parse_card_size


def test_papers_in_mm() -> None:
    assert PAPERS == {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
                      "a5": (148.0, 210.0), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8)}
    assert paper_size("a4") == (210.0, 297.0)
    assert paper_size("A4", landscape=True) == (297.0, 210.0)
    assert paper_size("letter", True) == (279.4, 215.9)
    assert paper_size("Tabloid") == pytest.approx((11 * 25.4, 17 * 25.4))
    assert paper_size("legal") == pytest.approx((8.5 * 25.4, 14 * 25.4))


@pytest.mark.parametrize("text,size", [("200x280", (200.0, 280.0)), ("280x200 mm", (200.0, 280.0)),
                                       (" 330 X 482.6 ", (330.0, 482.6))])
def test_paper_as_w_by_h_is_portrait(text, size) -> None:
    assert paper_size(text) == size
    assert paper_size(text, landscape=True) == size[::-1]
    assert SheetSpec(paper=text).paper == f"{size[0]:g}x{size[1]:g}"


def test_unknown_paper_names_the_known_ones() -> None:
    with pytest.raises(LayoutError, match=r"unknown paper 'b4'.*a4, letter, a3, a5, legal, tabloid, or WxH"):
        paper_size("b4")
    with pytest.raises(LayoutError, match="b4"):
        SheetSpec(paper="b4")
    with pytest.raises(LayoutError, match="from 50 to 1500 mm"):
        paper_size("20x30")


@pytest.mark.parametrize("name,size", [("poker", (63.5, 88.9)), ("bridge", (57.2, 88.9)),
                                       ("mini", (44.0, 63.0)), ("tarot", (70.0, 120.0)),
                                       ("square", (70.0, 70.0)), ("POKER", (63.5, 88.9)),
                                       ("standard", (63.0, 88.0)), ("japanese", (59.0, 86.0)),
                                       ("euro", (59.0, 92.0)), ("mini-euro", (44.0, 68.0))])
def test_card_sizes_by_name(name, size) -> None:
    assert parse_card_size(name) == size
    assert CARD_SIZES[name.lower()] == size


@pytest.mark.parametrize("text,size", [("70x70", (70.0, 70.0)), ("63.5x88.9", (63.5, 88.9)),
                                       (" 50 X 80 mm ", (50.0, 80.0)), ((41, 63), (41.0, 63.0))])
def test_card_size_as_w_by_h(text, size) -> None:
    assert parse_card_size(text) == size


@pytest.mark.parametrize("bad", ["jumbo", "70", "70x", "x70", "0x50", "-3x4", "axb"])
def test_unknown_card_size_lists_the_known_ones(bad) -> None:
    with pytest.raises(LayoutError) as info:
        parse_card_size(bad)
    message = str(info.value)
    assert repr(bad.strip()) in message or bad in message
    if bad == "jumbo":
        for name in CARD_SIZES:
            assert name in message


def test_sheetspec_parses_card_size_names_and_checks_options() -> None:
    assert SheetSpec(card_size="tarot").card_size == (70.0, 120.0)
    assert SheetSpec(duplex="none").duplex is None
    with pytest.raises(LayoutError, match="duplex"):
        SheetSpec(duplex="sideways")
    with pytest.raises(LayoutError, match="bleed"):
        SheetSpec(bleed=-1)
    with pytest.raises(LayoutError, match="offset"):
        SheetSpec(offset=(50, 0))


def test_printer_margin_is_stated() -> None:
    assert PRINTER_MARGIN == 5.0


def test_parse_offset_reads_the_calibration_numbers() -> None:
    from generator.scene.imposition import parse_offset

    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_offset(" \u22122.3 , 0 ") == (-2.3, 0.0)     # the minus sign printed on the sheet
    assert parse_offset(None) == (0.0, 0.0)
    for bad in ("1.5", "a,b", "1,2,3"):
        with pytest.raises(LayoutError, match="offset"):
            parse_offset(bad)
