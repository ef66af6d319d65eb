"""The laser sheets' printed words per language, read from card_data/laser/labels.yaml and checked."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import DataError
from generator.games.laser import GAME

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.schema import Schema
    from generator.games.laser.rules.model import ComponentType

LABELS = ("laser", "labels.yaml")


@dataclass(frozen=True)
class Labels:
    """The words of one language: flat texts, component names and effects, and answer-key glyphs."""

    lang: str
    texts: dict[str, str]
    components: dict[str, tuple[str, str]]     # type name -> (printed name, effect)
    glyphs: dict[str, str]                     # hit symbol -> glyph printed in an answer key

    def __getitem__(self, key: str) -> str:
        try:
            return self.texts[key]
        except KeyError:
            raise DataError("no such label in this language", file=str(labels_path()),
                            key=f"{self.lang}.{key}") from None

    def fill(self, key: str, **values: object) -> str:
        """A label with its {placeholders} filled in (data, not a format string: core.placeholders)."""
        from generator.core.placeholders import PlaceholderError, fill

        try:
            return fill(self[key], values)
        except PlaceholderError as err:
            raise DataError(str(err), file=str(labels_path()), key=f"{self.lang}.{key}") from None

    def component(self, ctype: ComponentType) -> tuple[str, str]:
        """(printed name, effect) of a component type; unknown types: their rulebook name, no effect."""
        return self.components.get(ctype.name, (ctype.rulebook_name, ""))

    def glyph(self, hit: str) -> str:
        """How a hit symbol is printed (○ □ △ for O # T)."""
        return self.glyphs.get(hit, hit)

    def unglyph(self, text: str) -> str:
        """The hit symbol printed as `text` (inverse of glyph)."""
        back = {v: k for k, v in self.glyphs.items()}
        return back.get(text, text)


def labels_path() -> Path:
    from generator import paths

    return paths.card_data(*LABELS)


def check_lang(lang: str) -> str:
    if lang not in GAME.languages:
        raise DataError(f"no laser sheet texts in {lang!r} (languages: {', '.join(GAME.languages)})", key="--lang")
    return lang


def load_labels(lang: str = GAME.default_language) -> Labels:
    """The labels of one language (DataError naming the file and key if the table is incomplete)."""
    check_lang(lang)
    data = _read_table(str(labels_path()))
    section = data[lang]
    components = {name: (str(entry["name"]), str(entry.get("effect", "")))
                  for name, entry in section["components"].items()}
    texts = {str(k): str(v) for k, v in section.items() if k != "components"}
    return Labels(lang, texts, components, {str(k): str(v) for k, v in data["glyphs"].items()})


def _schema() -> Schema:
    from generator.cards.schema import Map, Table, Words

    component = Map(required={"name": Words()}, optional={"effect": Words()})
    section = Table(Words(), fixed={"components": Table(component)})
    return Map(required={"glyphs": Table(Words()), **dict.fromkeys(GAME.languages, section)})


@lru_cache(maxsize=4)
def _read_table(file: str) -> dict[str, Any]:
    from generator.cards.datafile import load_yaml

    lines: dict[str, int] = {}
    data: dict[str, Any] | None = load_yaml(file, _schema(), lines=lines)
    if data is None:
        raise DataError("the laser labels file is empty", file=file)
    _check_table(data, file, lines)
    return data


def _check_table(data: dict[str, Any], file: str, lines: dict[str, int] | None = None) -> None:
    """Every language section has the same keys (components included)."""
    reference = _keys(data[GAME.default_language])
    for lang in GAME.languages[1:]:
        missing = sorted(reference ^ _keys(data[lang]))
        if missing:
            raise DataError("not in every language", file=file, line=(lines or {}).get(lang),
                            key=f"{lang}.{missing[0]}")


def _keys(section: dict[str, Any]) -> set[str]:
    return {k for k in section if k != "components"} | {f"components.{k}" for k in section["components"]}
