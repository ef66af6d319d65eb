"""Paper and card sizes by name, and SheetSpec validation: exact sizes and clear errors."""

from __future__ import annotations

import pytest

from generator.core.errors import LayoutError
from generator.scene.imposition import CARD_SIZES, PAPERS, PRINTER_MARGIN, SheetSpec, paper_size, parse_card_size


def test_papers_are_a4_and_letter_in_mm() -> None:
    assert PAPERS == {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
    assert paper_size("a4") == (210.0, 297.0)
    assert paper_size("A4", landscape=True) == (297.0, 210.0)
    assert paper_size("letter", True) == (279.4, 215.9)


def test_unknown_paper_names_the_known_ones() -> None:
    with pytest.raises(LayoutError, match=r"unknown paper 'a3'.*a4, letter"):
        paper_size("a3")
    with pytest.raises(LayoutError, match="a3"):
        SheetSpec(paper="a3")


@pytest.mark.parametrize("name,size", [("poker", (63.5, 88.9)), ("bridge", (57.2, 88.9)),
                                       ("mini", (44.0, 63.0)), ("tarot", (70.0, 120.0)),
                                       ("square", (70.0, 70.0)), ("POKER", (63.5, 88.9))])
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
