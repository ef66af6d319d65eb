"""Large plain YAML decks read (aliases counted, not plain values), and libyaml's results and errors equal the pure-Python loader's."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cards import datafile
from generator.cards.datafile import MAX_NODES, load_yaml
from generator.core.errors import DataError

ROOT = Path(__file__).resolve().parents[2]


def _both(path: Path) -> tuple[object, object]:
    """(result or error text) with libyaml, then with the pure-Python loader."""
    out = []
    for fast in (True, False):
        datafile.USE_LIBYAML = fast
        try:
            out.append(load_yaml(path))
        except DataError as err:
            out.append(f"error: {err}")
        finally:
            datafile.USE_LIBYAML = True
    return out[0], out[1]


def test_libyaml_is_used_when_pyyaml_has_it(monkeypatch, tmp_path):
    assert hasattr(yaml, "CSafeLoader")
    calls = []
    real = datafile._python_node
    monkeypatch.setattr(datafile, "_python_node", lambda *a: calls.append(a) or real(*a))
    path = tmp_path / "d.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    assert load_yaml(path) == {"a": [1, 2]} and calls == []
    path.write_text("a: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataError):
        load_yaml(path)
    assert len(calls) == 1                  # a refused file is read again for the pure-Python words


def _plain_deck(path: Path, limit: int) -> list[dict[str, object]]:
    """Write a block-YAML deck of just more keys and values than `limit` (11 keys, 11 values a record)."""
    count = limit // (2 * 11) + 1
    records = [{"name": f"Card {i}", "qty": 1, "cost": i % 7, "type": "Fruit", "text": "Eat it " * 3,
                "colour": "#aa3322", "tags": ["a", "b"], "rarity": "common", "set": "base", "flag": True,
                "art": f"pic{i}.png"} for i in range(count)]
    # block YAML written directly (a dumper, even libyaml's, took longer than the check)
    path.write_text("cards:\n" + "".join(
        f"- name: Card {i}\n  qty: 1\n  cost: {i % 7}\n  type: Fruit\n  text: 'Eat it Eat it Eat it '\n"
        f"  colour: '#aa3322'\n  tags:\n  - a\n  - b\n  rarity: common\n  set: base\n  flag: true\n"
        f"  art: pic{i}.png\n" for i in range(count)), encoding="utf-8")
    assert count * 2 * 11 > limit                # more keys and values than the alias limit
    return records


def test_a_plain_deck_of_more_values_than_the_alias_limit_is_read(tmp_path):
    # the real limit, read by libyaml (the loader every install uses; the pure-Python one over ~100,000
    # nodes cost seconds): its plain values are not counted against the alias limit
    path = tmp_path / "big.yaml"
    records = _plain_deck(path, MAX_NODES)
    assert load_yaml(path) == {"cards": records}


def test_both_loaders_read_a_plain_deck_past_a_lowered_alias_limit(tmp_path, monkeypatch):
    # the same property on both code paths: the limit lowered, a deck just past it read alike by both
    monkeypatch.setattr(datafile, "MAX_NODES", 2_000)
    path = tmp_path / "big.yaml"
    records = _plain_deck(path, datafile.MAX_NODES)
    fast, slow = _both(path)
    assert fast == slow == {"cards": records}
    # and the lowered limit is live: a bomb past it (but under the real one) is refused by both alike
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 4)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    fast, slow = _both(path)
    assert fast == slow and "more than 2000" in str(fast)


def test_a_bomb_still_refused_by_both_loaders_with_the_same_words(tmp_path):
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    fast, slow = _both(path)
    assert fast == slow and f"more than {MAX_NODES}" in str(fast) and ":5:" in str(fast)


def test_every_yaml_file_of_the_project_reads_the_same_with_both_loaders():
    files = sorted((ROOT / "card_data").rglob("*.yaml")) + sorted((ROOT / "templates").rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        fast, slow = _both(path)
        assert fast == slow, path


BROKEN = ["a: [1, 2\n", "a: 1\n a: 2\n", "a: 1\na: 2\n", "- a\nb: 1\n", "a: &x [1, *x]\n", "a: 'open\n",
          "a:\tb\n", "a: \x07\n", "{a: 1, a: 2}\n", "x: " + "[" * 150 + "]" * 150 + "\n", "a: *nope\n",
          "%YAML 9.9\n---\na: 1\n", "a: b: c\n", "- [1,\n- 2\n", "a: |\n  x\n y\n"]


@pytest.mark.parametrize("text", BROKEN)
def test_refusals_carry_the_pure_python_words_and_lines(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    fast, slow = _both(path)
    assert fast == slow


_scalar = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(), st.text(max_size=12),
                    st.floats(allow_nan=False, allow_infinity=False))
_data = st.recursive(_scalar, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                      st.dictionaries(st.text(max_size=6), kids, max_size=4)),
                     max_leaves=20)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_data, style=st.sampled_from([None, True, False]), cut=st.integers(0, 400))
def test_both_loaders_agree_on_any_data_and_any_truncation(tmp_path, data, style, cut):
    text = yaml.safe_dump({"root": data}, default_flow_style=style, allow_unicode=True)
    path = tmp_path / "h.yaml"
    for variant in (text, text[:cut], text[:cut] + ":" + text[cut:]):
        path.write_text(variant, encoding="utf-8")
        fast, slow = _both(path)
        assert fast == slow, variant
