"""core: errors carry where and what; seeds are reproducible; files are written whole."""

from __future__ import annotations

import os

import pytest

from generator.core.errors import DataError, OutputExistsError, PnpError
from generator.core.files import write_atomic
from generator.core.rng import choose_seed, make_rng
from generator.core.units import mm_to_pt, mm_to_px, pt_to_mm


def test_error_names_file_line_column_and_key() -> None:
    err = DataError("missing field", file="deck.yaml", line=12, column=3, key="name")
    assert str(err) == "deck.yaml:12:3: name: missing field"
    assert isinstance(err, PnpError)


def test_error_without_location_is_just_the_message() -> None:
    assert str(PnpError("nope")) == "nope"


def test_same_seed_same_stream_and_streams_differ() -> None:
    a = [make_rng(7, "x").random() for _ in range(3)]
    b = [make_rng(7, "x").random() for _ in range(3)]
    assert a == b
    assert make_rng(7, "x").random() != make_rng(7, "y").random()
    assert make_rng(7).random() != make_rng(8).random()


def test_chosen_seeds_are_positive_and_vary() -> None:
    seeds = {choose_seed() for _ in range(20)}
    assert len(seeds) > 1 and all(s > 0 for s in seeds)


def test_units_round_trip() -> None:
    assert mm_to_pt(210) == pytest.approx(595.2756, abs=1e-3)
    assert pt_to_mm(mm_to_pt(63.5)) == pytest.approx(63.5)
    assert mm_to_px(25.4, 300) == pytest.approx(300)


def test_write_atomic_refuses_to_overwrite_without_force(tmp_path) -> None:
    target = tmp_path / "a" / "out.txt"
    write_atomic(target, "one")
    with pytest.raises(OutputExistsError):
        write_atomic(target, "two")
    assert target.read_text() == "one"
    write_atomic(target, "two", force=True)
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["out.txt"]   # no temporary file left behind


def test_written_files_have_ordinary_permissions(tmp_path) -> None:
    old = os.umask(0o022)
    try:
        target = write_atomic(tmp_path / "f.txt", "x")
    finally:
        os.umask(old)
    assert target.stat().st_mode & 0o777 == 0o644


# --- colours and numbers: one parser, one formatter ------------------------------------------

def test_parse_colour_canonical_forms() -> None:
    from generator.core.colours import ColourError, parse_colour

    assert parse_colour("#C62828") == "#c62828" and parse_colour(" #c28 ") == "#cc2288"
    assert parse_colour("Red") == "#c62828" and parse_colour("gray") == parse_colour("grey") == "#808080"
    for bad in ("#12345", "c62828", "#ggg", "", "#1234567", "reddish"):
        with pytest.raises(ColourError, match="#rrggbb"):
            parse_colour(bad)


def test_rgb_round_trips_and_is_strict() -> None:
    from generator.core.colours import ColourError, hex_colour, luminance, rgb

    assert rgb("#0A80fF") == (10, 128, 255) and hex_colour(*rgb("#0a80ff")) == "#0a80ff"
    assert luminance("#ffffff") == pytest.approx(255) and luminance("#000000") == 0
    for bad in ("#abc", "red", None, "#0a80ff "):
        with pytest.raises(ColourError):
            rgb(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("value, places, text", [
    (2.5, 2, "2.5"), (210.0, 3, "210"), (-0.0001, 3, "0"), (0.0, 2, "0"), (63.499, 2, "63.5"),
    (1 / 3, 3, "0.333"), (-1.25, 1, "-1.2"), (1234567.0, 2, "1234567"), (0.1 + 0.2, 6, "0.3"),
])
def test_format_number(value: float, places: int, text: str) -> None:
    from generator.core.numbers import format_number

    assert format_number(value, places) == text
