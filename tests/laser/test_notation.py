"""Layout and observation text forms, the cannon numbering, and the rulebook example shot for shot."""

from __future__ import annotations

import pytest

from generator.core.errors import ParseError, RulesError
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.model import ABSORBED, Board
from generator.games.laser.rules.notation import (
    format_layout,
    format_observation,
    parse_layout,
    parse_observation,
)


def test_example_observed_shot_for_shot(catalog, example_text, example_layout_text):
    layout = parse_layout(example_layout_text, catalog)
    expected = parse_observation(example_text, catalog)
    observed = observe(layout)
    assert len(expected.shots) == 30
    for shot in expected.shots:
        assert observed.shot(shot.cannon) == shot, shot.cannon
    # the comment-free lines of the example file are exactly what observe prints
    lines = [line for line in example_text.splitlines() if line and not line.startswith("#")]
    assert format_observation(observed) == "\n".join(lines) + "\n"


def test_layout_round_trip_and_spec_details(catalog, example_layout_text):
    layout = parse_layout(example_layout_text, catalog)
    assert format_layout(layout) == example_layout_text
    assert layout.board == Board(8, 7)
    triangle = layout.placement("triangle")
    assert triangle.cell == (5, 5) and triangle.orientation == "SE"
    assert layout.placement("diagonal").orientation == "\\"
    assert layout.in_play.names == ("absorber", "reflector", "jump", "diagonal", "triangle")


def test_crlf_bom_comments_and_blank_lines_accepted(catalog, example_layout_text):
    noisy = "\ufeff# my circuit\r\n\r\n" + example_layout_text.replace("\n", "\r\n") + "# end\r\n"
    assert format_layout(parse_layout(noisy, catalog)) == example_layout_text


def test_three_type_layout_is_a_game_of_three(catalog):
    layout = parse_layout("O..\n.#.\n..X\n", catalog)
    assert layout.in_play.names == ("absorber", "reflector", "jump")


def test_cannon_numbering_on_the_standard_board():
    board = Board(8, 7)
    assert board.cannons == 30
    assert board.entry(1) == (board.index(1, 1), 2)          # above column 1, fires south
    assert board.entry(9) == (board.index(8, 1), 3)          # right of row 1, fires west
    assert board.entry(16) == (board.index(8, 7), 0)         # below column 8, fires north
    assert board.entry(23) == (board.index(1, 7), 0)         # below column 1
    assert board.entry(24) == (board.index(1, 7), 1)         # left of row 7, fires east
    assert board.entry(30) == (board.index(1, 1), 1)         # left of row 1
    assert board.exit_cannon(1, 7, 2) == 23 and board.exit_cannon(8, 3, 1) == 11


def test_empty_board_beams_cross_to_the_facing_cannon(catalog):
    # one absorber in a corner; every beam not on its lines crosses to the opposite cannon
    layout = parse_layout("O...\n....\n....\n", catalog)
    observation = observe(layout)
    assert observation.shot(2).outcome == 10 and observation.shot(6).outcome == 13
    assert observation.shot(1).outcome == ABSORBED and observation.shot(1).hits == ("O",)
    assert observation.shot(14).outcome == ABSORBED


@pytest.mark.parametrize("text, line, column, words", [
    ("....\n...\n", 2, 4, "ragged row"),
    ("..Q.\n....\n", 1, 3, "unknown symbol 'Q'"),
    ("X...\n..X.\n", 2, 3, "a second jump"),
    ("T...\n....\n", 1, 1, "needs its orientation"),
    ("T...\n....\nT=UP\n", 3, 3, "unknown orientation 'UP'"),
    ("O...\nO=NE\n", 2, 1, "takes no orientation"),
    ("O...\n#..T\nT=NE\nT=SE\n", 4, 1, "second orientation line"),
    ("O...\nT=SE\n", 2, 1, "not on the grid"),
    ("O...\nT=SE\n#...\n", 3, 1, "before the orientation lines"),
    ("O.. .\n", 1, 4, "unknown symbol ' '"),
])
def test_layout_errors_name_line_and_column(catalog, text, line, column, words):
    with pytest.raises(ParseError) as err:
        parse_layout(text, catalog, file="c.txt")
    assert (err.value.line, err.value.column) == (line, column)
    assert words in err.value.message
    assert str(err.value).startswith(f"c.txt:{line}:{column}: ")


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("# just a comment\n\n", "empty"), ("....\n....\n", "no components"),
    ("O\x00..\n", "binary"),
])
def test_empty_and_binary_layouts(catalog, text, words):
    with pytest.raises(ParseError) as err:
        parse_layout(text, catalog)
    assert words in err.value.message


def test_huge_board_refused_at_the_first_row(catalog):
    row = "." * 2000
    with pytest.raises(ParseError) as err:
        parse_layout((row + "\n") * 3, catalog)
    assert "at most 64 columns" in err.value.message and err.value.line == 1
    with pytest.raises(ParseError) as err:
        parse_layout("O\n" * 2000, catalog)
    assert "at most 64 rows" in err.value.message and err.value.line == 65
    with pytest.raises(RulesError):
        Board(2000, 2000)


def test_observation_round_trip(catalog):
    text = "1 X 23\n4 # 4\n8 O\n26 T \\ 28\n2 22\n"
    observation = parse_observation(text, catalog)
    assert format_observation(observation) == text
    assert [s.cannon for s in observation.shots] == [1, 4, 8, 26, 2]
    assert observation.shot(8).absorbed and not observation.complete


@pytest.mark.parametrize("text, line, column, words", [
    ("1 X 23\n31 22\n", 2, 1, "no cannon 31"),
    ("1 X 23\nfoo 3\n", 2, 1, "expected a cannon number"),
    ("1 Q 23\n", 1, 3, "unknown hit symbol 'Q'"),
    ("1 X 23\n1 X 23\n", 2, 1, "appears twice"),
    ("5\n", 1, 2, "has no result"),
    ("5 / 11\n", 1, 3, "unknown hit symbol '/'"),
])
def test_observation_errors(catalog, text, line, column, words):
    with pytest.raises(ParseError) as err:
        parse_observation(text, catalog, file="o.txt")
    assert (err.value.line, err.value.column) == (line, column)
    assert words in err.value.message


@pytest.mark.parametrize(("width", "height", "named"), [
    (8, 7, "an 8x7 board"), (11, 4, "an 11x4 board"), (18, 2, "an 18x2 board"), (9, 9, "a 9x9 board"),
    (1, 1, "a 1x1 board"), (12, 12, "a 12x12 board"), (64, 64, "a 64x64 board")])
def test_messages_name_a_board_with_its_article(width: int, height: int, named: str) -> None:
    assert Board(width, height).named == named
    with pytest.raises(RulesError, match=f"no cannon 999 on {named} "):
        Board(width, height).entry(999)
