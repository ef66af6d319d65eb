"""The words of a game's rules aid, read from card_data/<game>/rules.yaml and checked.

The file has one section per language, each `{title, subtitle, sections: [{heading, points: [...]}]}`;
every language has the same number of sections and of points in each (a translation that drops a rule
is an error naming the file and the language). `{placeholders}` are filled from `values`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.errors import DataError
from generator.scene.rulesheet import RulesSection


def rules_file(game: str) -> Path:
    from generator import paths

    return paths.card_data(game, "rules.yaml")


def load_rules_text(game: str, lang: str, values: dict[str, object] | None = None,
                    path: Path | None = None) -> tuple[str, str, list[RulesSection]]:
    """(title, subtitle, sections) of a game's rules aid in `lang`, placeholders filled."""
    file = path or rules_file(game)
    data = _read(file)
    if lang not in data:
        raise DataError(f"no rules text in {lang!r} (languages: {', '.join(sorted(data))})", file=str(file),
                        key="--lang")
    _check_shapes(data, file)
    section = data[lang]
    fill = values or {}

    def text(value: object) -> str:
        return str(value).format(**fill) if fill else str(value)

    sections = [RulesSection(text(s["heading"]), tuple(text(p) for p in s["points"]))
                for s in section["sections"]]
    return text(section["title"]), text(section.get("subtitle", "")), sections


def rules_languages(game: str, path: Path | None = None) -> tuple[str, ...]:
    """The languages a game's rules aid is written in, in file order."""
    return tuple(_read(path or rules_file(game)))


def _read(file: Path) -> dict[str, Any]:
    from generator.cards.datafile import load_yaml

    data = load_yaml(file)
    if not isinstance(data, dict) or not data:
        raise DataError("expected one section per language", file=str(file))
    return data


def _check_shapes(data: dict[str, Any], file: Path) -> None:
    """Every language: a title and sections with a heading and points; the same shape in each."""
    shapes: dict[str, list[int]] = {}
    for lang, section in data.items():
        if not isinstance(section, dict) or "title" not in section or not isinstance(section.get("sections"), list):
            raise DataError("a language needs a title and a list of sections", file=str(file), key=str(lang))
        for number, part in enumerate(section["sections"], start=1):
            if not isinstance(part, dict) or "heading" not in part or not isinstance(part.get("points"), list):
                raise DataError("a section needs a heading and a list of points", file=str(file),
                                key=f"{lang}.sections.{number}")
        shapes[lang] = [len(part["points"]) for part in section["sections"]]
    first = next(iter(shapes))
    for lang, shape in shapes.items():
        if shape != shapes[first]:
            raise DataError(f"not the same sections and points as {first!r} ({shape} vs {shapes[first]})",
                            file=str(file), key=str(lang))


__all__ = ["load_rules_text", "rules_file", "rules_languages"]
