"""Rich text breaks lines between Chinese and Japanese characters as plain text does (a rules text
with a bold run was one unbreakable word: it shrank to one line or did not fit at all), and sets a
Korean word whole (keep-all, its Hanja too)."""

from __future__ import annotations

from pathlib import Path

from generator.cards.richtext import RichStyle, layout_rich
from generator.scene.fonts import add_font
from generator.scene.model import TextLine
from generator.scene.text import NO_START, text_width

JP_FONT = Path(__file__).parent.parent / "fonts" / "NotoSansJP-subset.otf"   # a subset of Noto Sans JP, OFL
RULES = "カードを<b>2枚</b>引く。その後、手札から「魔法」カードを1枚捨てる。"


def _rows(items: list[TextLine]) -> list[list[TextLine]]:
    rows: dict[float, list[TextLine]] = {}
    for line in items:
        rows.setdefault(round(line.y, 3), []).append(line)
    return [sorted(rows[y], key=lambda line: line.x) for y in sorted(rows)]


def test_a_japanese_rules_text_with_a_bold_run_wraps_at_its_size() -> None:
    jp = add_font(JP_FONT)
    style = RichStyle(font=jp, bold=jp, size=10, lang="ja")
    items = [i for i in layout_rich(RULES, 0.0, 0.0, 30.0, 40.0, style) if isinstance(i, TextLine)]
    rows = _rows(items)
    assert len(rows) >= 3 and {line.size for line in items} == {10}        # wrapped, not shrunk
    texts = ["".join(line.text for line in row) for row in rows]
    assert "".join(texts) == RULES.replace("<b>", "").replace("</b>", "")
    assert all(text[0] not in NO_START for text in texts)                   # no line starts with 。、」
    for row in rows:                                                        # each line within the box
        assert row[0].x >= -1e-6 and row[-1].x + text_width(row[-1].text, jp, 10) <= 30.0 + 1e-6


def test_a_korean_word_is_set_whole_hanja_too() -> None:
    style = RichStyle(size=10, lang="ko")
    text = "카드를 漢字와 함께 뽑습니다"
    width = text_width("카드를 漢字", "sans", 10)                           # 漢字와 cannot follow on line 1
    items = [i for i in layout_rich(text, 0.0, 0.0, width, 40.0, style) if isinstance(i, TextLine)]
    words = [" ".join(line.text.strip() for line in row) for row in _rows(items)]
    assert words[0] == "카드를" and words[1].startswith("漢字와")
