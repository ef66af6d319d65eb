"""`laser sheet --layout`: the designer's sheet and the answer key, read back and compared with the rulebook."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.games.laser.sheets.labels import load_labels

KEY_SIZE = 9.0     # pt: every text of the observation table


def key_lines(kit, pdf, page: int, lang: str) -> list[str]:
    """The answer key's rows rebuilt as observation lines: number, hit symbols, receiving cannon."""
    labels = load_labels(lang)
    table = [w for w in kit.words(pdf, page) if w.size == KEY_SIZE]
    numbers = sorted((w for w in table if w.bold), key=lambda w: (round(w.x), w.y))
    lines = []
    for number in numbers:
        starts = sorted({round(n.x) for n in numbers if round(n.x) > round(number.x) + 20})
        right = starts[0] if starts else 10_000
        row = sorted((w for w in table if not w.bold and abs(w.y - number.y) < 0.05
                      and number.x < w.x < right), key=lambda w: w.x)
        tokens = [number.text]
        for w in row:
            tokens += [labels.unglyph(t) for t in w.text.split()]
        lines.append(" ".join(tokens))
    return sorted(lines, key=lambda line: int(line.split()[0]))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_answer_key_equals_the_rulebook_example(kit, tmp_path, example_layout, lang: str) -> None:
    out = tmp_path / "host.pdf"
    assert kit.run(["sheet", "--layout", example_layout, "--lang", lang, "-o", out, "-q"]) == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 3                                  # designer's sheet, answer key, rules
    title = {"it": "Circuiti laser · regole", "en": "Laser circuits · rules"}[lang]
    assert title in reader.pages[2].extract_text()
    assert float(reader.pages[2].mediabox.width) < float(reader.pages[2].mediabox.height)   # portrait
    assert key_lines(kit, out, 1, lang) == sorted(kit.example_observation(), key=lambda ln: int(ln.split()[0]))


def test_answer_key_lists_cannons_in_three_columns_of_ten(kit, tmp_path, example_layout) -> None:
    out = tmp_path / "host.pdf"
    assert kit.run(["sheet", "--layout", example_layout, "-o", out, "-q"]) == 0
    numbers = {int(w.text): w for w in kit.words(out, 1) if w.size == KEY_SIZE and w.bold}
    assert sorted(numbers) == list(range(1, 31))
    tops = [numbers[k].y for k in (1, 11, 21)]
    assert max(tops) - min(tops) < 0.01
    assert numbers[1].x < numbers[11].x < numbers[21].x
    assert all(numbers[k].y < numbers[k + 1].y for k in range(1, 30) if k % 10)


def test_designer_sheet_draws_the_layout_and_the_key_gives_its_text(kit, tmp_path, example_layout) -> None:
    out = tmp_path / "host.pdf"
    assert kit.run(["sheet", "--layout", example_layout, "--players", "3", "-o", out, "-q"]) == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 5                                  # 3 sheets, the key, the rules
    labels = load_labels("it")
    first, second = page_texts(out)[0], page_texts(out)[1]
    assert labels["designer_title"] in first and labels["designer_title"] in second
    key = page_texts(out)[3]
    assert labels["answer_key"] in key
    for row in kit.example_layout_text().splitlines():            # the layout's text form, row by row,
        if "=" in row:                                             # its corner settings in Italian words
            symbol, corner = row.split("=")
            assert row not in key
            row = labels.fill("layout_setting", symbol=symbol, corner=labels[f"corner_{corner.strip().lower()}"])
        assert row in key


def test_layout_size_conflict_and_unplayable_layout_are_errors(kit, tmp_path, example_layout, capsys) -> None:
    out = tmp_path / "x.pdf"
    assert kit.run(["sheet", "--layout", example_layout, "--size", "9x9", "-o", out]) == 2
    assert "9x9" in capsys.readouterr().err
    assert kit.run(["sheet", "--layout", kit.data / "unplayable.txt", "-o", out]) == 2
    err = capsys.readouterr().err
    assert "unplayable" in err and "27" in err
    assert not out.exists()
