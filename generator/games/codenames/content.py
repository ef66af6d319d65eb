"""Codenames content from card_data/codenames/: the picture deck, its icons and their authors, the labels.

The picture deck (pictures.txt) lists one picture per line, in deck order: an icon name, or
"icon + accessory". Each name is an SVG file in pictures/ (game-icons.net, CC BY 3.0), whose
author is in the authors file of pictures/. Errors name the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator import paths
from generator.core.errors import DataError


@dataclass(frozen=True)
class Picture:
    """One picture: a main icon and an optional accessory drawn smaller on its top right."""

    subject: str
    accessory: str | None = None
    number: int = 0          # its line among the pictures, from 1

    def text(self) -> str:
        """The picture as written in pictures.txt (round-trips through parse_picture)."""
        return f"{self.subject} + {self.accessory}" if self.accessory else self.subject


def picture_dir() -> Path:
    """The folder of the icon SVGs."""
    return paths.card_data("codenames", "pictures")


def icon_file(name: str) -> Path:
    """The SVG file of an icon name."""
    return picture_dir() / f"{name}.svg"


def parse_picture(text: str, number: int = 0, file: Path | None = None) -> Picture:
    """A Picture from "icon" or "icon + accessory"; DataError for a malformed line or a missing icon."""
    parts = [p.strip() for p in text.split("+")]
    if len(parts) > 2 or not all(parts):
        raise DataError(f"{text!r} is not 'icon' or 'icon + accessory'", file=file, line=number or None)
    for name in parts:
        if not icon_file(name).is_file():
            raise DataError(f"no icon {name!r} (no {name}.svg in {picture_dir()})", file=file,
                            line=number or None)
    return Picture(parts[0], parts[1] if len(parts) == 2 else None, number)


@cache
def load_pictures() -> tuple[Picture, ...]:
    """Every picture of the deck, in file order; DataError for a repeated picture or subject."""
    file = paths.card_data("codenames", "pictures.txt")
    from generator.cards.datafile import read_text

    lines = read_text(file).splitlines()
    pictures: list[Picture] = []
    seen: dict[str, int] = {}
    for line_no, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        picture = parse_picture(text, line_no, file)
        if picture.subject in seen:
            raise DataError(f"icon {picture.subject!r} is already the subject of line {seen[picture.subject]}",
                            file=file, line=line_no)
        seen[picture.subject] = line_no
        pictures.append(Picture(picture.subject, picture.accessory, len(pictures) + 1))
    if len(pictures) % 2:
        raise DataError(f"{len(pictures)} pictures: a double-sided deck needs an even number", file=file)
    return tuple(pictures)


@cache
def load_authors() -> dict[str, str]:
    """Icon name -> author, from pictures/authors.yaml; DataError if malformed."""
    from generator.cards.datafile import load_yaml

    file = picture_dir() / "authors.yaml"
    data = load_yaml(file)
    if not isinstance(data, dict):
        raise DataError("expected author: [icon, ...]", file=file)
    return {str(icon): str(author) for author, icons in data.items() for icon in icons or ()}


def authors_of(names: set[str]) -> list[str]:
    """The authors of these icons, most icons first (DataError for an icon without an author)."""
    authors = load_authors()
    missing = sorted(n for n in names if n not in authors)
    if missing:
        raise DataError(f"no author for icon(s) {', '.join(missing)}", file=picture_dir() / "authors.yaml")
    counts: dict[str, int] = {}
    for name in names:
        counts[authors[name]] = counts.get(authors[name], 0) + 1
    return sorted(counts, key=lambda a: (-counts[a], a))


@cache
def labels(lang: str) -> dict[str, Any]:
    """The words of Codenames products in a language (labels.yaml); DataError for an unknown one."""
    from generator.cards.datafile import load_yaml

    file = paths.card_data("codenames", "labels.yaml")
    data = load_yaml(file)
    if not isinstance(data, dict) or lang not in data:
        raise DataError(f"no labels in {lang!r} (languages: {', '.join(data or ())})", file=file, key="lang")
    words: dict[str, Any] = data[lang]
    return words


def pictures_title(lang: str) -> str:
    """The picture deck's title in `lang` (labels.yaml's pictures_title): its sheets' and its box's."""
    return str(labels(lang)["pictures_title"])


def covers_title(lang: str) -> str:
    """The cover cards' title in `lang` (labels.yaml's covers_title): their sheets' and their box's."""
    return str(labels(lang)["covers_title"])
