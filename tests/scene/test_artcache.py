"""The on-disk cache of parsed SVG art: the same art back, exactly; ignored when off, broken or stale."""

from __future__ import annotations

import json

import pytest

from generator.scene import artcache, svgart

SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
       b'<path d="M0 0h512v512H0z"/><circle cx="256" cy="200" r="97.3" fill="#c83"/>'
       b'<path d="M10 10 Q 50 90 100 10 C 120 40 160 40 200 10 z" fill="red" stroke="#123456"'
       b' stroke-width="3.25" fill-rule="evenodd"/></svg>')


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(artcache.ENV, str(tmp_path / "c"))
    svgart._load_cached.cache_clear()
    yield tmp_path / "c" / "art"
    svgart._load_cached.cache_clear()


def _file(tmp_path, data=SVG):
    path = tmp_path / "pic.svg"
    path.write_bytes(data)
    return path


def test_art_read_back_from_the_cache_is_the_parsed_art_exactly(tmp_path, cache, monkeypatch):
    path = _file(tmp_path)
    first = svgart.load_svg(path)
    (entry,) = cache.glob("*.json")
    svgart._load_cached.cache_clear()
    monkeypatch.setattr(svgart, "parse_svg", lambda *a: pytest.fail("parsed again"))
    again = svgart.load_svg(path)
    assert again == first and again.name == str(path)
    assert json.loads(entry.read_text())["w"] == 512.0


def test_changed_bytes_are_parsed_afresh(tmp_path, cache):
    path = _file(tmp_path)
    svgart.load_svg(path)
    path.write_bytes(SVG.replace(b"97.3", b"50"))
    svgart._load_cached.cache_clear()
    art = svgart.load_svg(path)
    assert art == svgart.parse_svg(path.read_bytes(), str(path))
    assert len(list(cache.glob("*.json"))) == 2


@pytest.mark.parametrize("garbage", ['{"w": 1}', "[", '{"w": 1, "h": 1, "s": [[[["X", 1]], null, null, 1, "nonzero"]]}',
                                     '{"w": "1", "h": 1, "s": []}',
                                     '{"w": 1, "h": 1, "s": [[[["M", 1, 2]], "red", null, 1, "nonzero"]]}'])
def test_a_broken_entry_is_ignored(tmp_path, cache, garbage):
    path = _file(tmp_path)
    good = svgart.load_svg(path)
    (entry,) = cache.glob("*.json")
    entry.write_text(garbage)
    svgart._load_cached.cache_clear()
    assert svgart.load_svg(path) == good


def test_off_writes_nothing_and_a_read_only_folder_is_no_error(tmp_path, monkeypatch):
    monkeypatch.setenv(artcache.ENV, "off")
    svgart._load_cached.cache_clear()
    assert artcache.cache_dir() is None
    art = svgart.load_svg(_file(tmp_path))
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(artcache.ENV, str(blocker))
    artcache.store(SVG, (art.width, art.height, ()))  # cannot make the folder: quietly nothing
    assert artcache.load(SVG) is None
    svgart._load_cached.cache_clear()
