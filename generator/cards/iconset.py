"""A template's icon set (`icons:`): names mapped to SVG or PNG files, or to the engine's drawn shapes, set inline like glyphs.

An icon is drawn in a box h mm high whose bottom edge is the text's baseline: an SVG's viewBox
(or a PNG's pixel box) is that box, so a square icon is h x h mm and sits on the line like a
capital letter. The engine's shapes (`{shape: pa}`, see icons.py) keep their own placing (their
lowest ink on the baseline). SVG art is recoloured like the `image` element's (`fill:`, `stroke:`:
keep, none, a colour) and also `text`: the colour of the text around it. A template's icon files
are read once, when the template is checked; errors name the template and `icons.<name>`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cards.icons import SHAPES, draw_icon, icon_width
from generator.core.errors import TemplateError
from generator.scene.model import Group, Image, Item

TEXT = "text"            # an icon's fill/stroke: the colour of the text it sits in
ENTRY_KEYS = ("src", "shape", "fill", "stroke", "background")
PICTURES = (".png", ".jpg", ".jpeg")
_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, eq=False)
class Icon:
    """One icon of a set: a drawn shape, SVG art or a picture (PNG/JPEG bytes), and its colours."""

    name: str
    ratio: float                      # width / height
    shape: str = ""
    art: Any = None                   # scene.svgart.SvgArt
    picture: bytes = b""
    fill: str | None = "keep"
    stroke: str | None = "keep"
    background: bool = False

    def draw(self, x: float, y_bottom: float, h: float, color: str) -> Group:
        """The icon with its left edge at x and its box's bottom on y_bottom, h mm high."""
        if self.shape:
            return draw_icon(self.shape, x, y_bottom, h, color)
        w, top = self.ratio * h, y_bottom - h
        if self.picture:
            return Group((Image(round(x, 4), round(top, 4), round(w, 4), round(h, 4), self.picture),))
        from generator.scene.svgart import art_items

        fill = color if self.fill == TEXT else self.fill
        stroke = color if self.stroke == TEXT else self.stroke
        items: list[Item] = art_items(self.art, x, top, w, h, fit="stretch", fill=fill, stroke=stroke,
                                      background=self.background)
        return Group(tuple(items))


class IconSet:
    """The icons text may name as `<name>`; compared and hashed by identity (one per checked template)."""

    def __init__(self, icons: Iterable[Icon] = ()) -> None:
        self._icons = {icon.name: icon for icon in icons}

    def names(self) -> list[str]:
        """The names, in the order declared."""
        return list(self._icons)

    def __contains__(self, name: object) -> bool:
        return name in self._icons

    def __len__(self) -> int:
        return len(self._icons)

    def get(self, name: str) -> Icon:
        """The icon of that name (KeyError if the set has none)."""
        return self._icons[name]

    def width(self, name: str, h: float) -> float:
        """Width in mm of the icon drawn h mm high."""
        icon = self._icons[name]
        return icon_width(icon.shape, h) if icon.shape else icon.ratio * h

    def draw(self, name: str, x: float, y_bottom: float, h: float, color: str = "#000000") -> Group:
        """The named icon: left edge x, box bottom on y_bottom (the baseline), h mm high."""
        return self._icons[name].draw(x, y_bottom, h, color)

    def known(self) -> str:
        """The names as an error message lists them."""
        return ", ".join(self._icons) or "none: the template declares no `icons:`"


EMPTY = IconSet()


def shape_set(names: Iterable[str] | None = None) -> IconSet:
    """A set of the engine's drawn shapes (all six by default), e.g. for a game's own sheets."""
    return IconSet(Icon(n, SHAPES[n].ratio, shape=n) for n in (SHAPES if names is None else names))


# --- from a template -------------------------------------------------------------------------------

def normalise_entries(value: Any, file: Path) -> dict[str, dict[str, Any]]:
    """The `icons:` block of one template file, each entry a mapping with `src` made absolute
    (relative to that file's folder), so that `extends` can merge sets from different folders."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TemplateError("must map icon names to files, e.g. icons: {crown: art/crown.svg}", file=file,
                            key="icons")
    out: dict[str, dict[str, Any]] = {}
    for name, entry in value.items():
        key = f"icons.{name}"
        if not isinstance(name, str) or not _NAME.fullmatch(name) or name in ("b", "g"):
            raise TemplateError("an icon name is lower-case letters, digits and _, starting with a letter "
                                "(not b or g, which are markup)", file=file, key=key)
        entry = {"src": entry} if isinstance(entry, str) else entry
        if not isinstance(entry, dict) or set(entry) - set(ENTRY_KEYS) or ("src" in entry) == ("shape" in entry):
            raise TemplateError("an icon is a file (crown: art/crown.svg) or {src: file, fill:, stroke:, "
                                "background:} or {shape: one of " + ", ".join(SHAPES) + "}", file=file, key=key)
        if "src" in entry:
            entry = {**entry, "src": str(file.parent / str(entry["src"])), "from": str(file)}
        out[name] = dict(entry)
    return out


def build_icon_set(entries: Mapping[str, Mapping[str, Any]], template_file: Path) -> IconSet:
    """The IconSet of a merged template's entries; TemplateError naming the file and `icons.<name>`."""
    return IconSet(_icon(name, entry, template_file) for name, entry in entries.items())


def _icon(name: str, entry: Mapping[str, Any], template_file: Path) -> Icon:
    owner = Path(str(entry.get("from", template_file)))
    key = f"icons.{name}"
    if entry.get("shape") is not None:
        shape = str(entry["shape"])
        if shape not in SHAPES:
            raise TemplateError(f"unknown shape {shape!r} (shapes: {', '.join(SHAPES)})", file=owner, key=key)
        return Icon(name, SHAPES[shape].ratio, shape=shape)
    fill, stroke = (_paint(entry.get(k, "keep"), owner, key) for k in ("fill", "stroke"))
    background = str(entry.get("background", "none")).strip().lower()
    if background not in ("keep", "none"):
        raise TemplateError(f"background is keep or none, not {background!r}", file=owner, key=key)
    path = _inside(Path(str(entry["src"])), owner, key)
    if path.suffix.lower() == ".svg":
        from generator.scene.svgart import load_svg

        art = load_svg(path)
        return Icon(name, art.width / art.height, art=art, fill=fill, stroke=stroke, background=background == "keep")
    if path.suffix.lower() in PICTURES:
        return _picture(name, path, owner, key)
    raise TemplateError(f"an icon is an SVG, PNG or JPEG file, not {path.name!r}", file=owner, key=key)


def _paint(value: Any, owner: Path, key: str) -> str | None:
    """An icon's fill or stroke: keep, text, none or a colour."""
    from generator.core.colours import ColourError, parse_colour

    word = str(value).strip().lower() if value is not None else "none"
    if word in ("keep", TEXT):
        return word
    if word in ("none", ""):
        return None
    try:
        return parse_colour(value)
    except ColourError:
        raise TemplateError(f"fill and stroke are keep, text (the colour of the text), none or a colour "
                            f"#rrggbb, not {value!r}", file=owner, key=key) from None


def _inside(path: Path, owner: Path, key: str) -> Path:
    """The icon file, which must exist inside the declaring template's folder (or the built-in data)."""
    from generator import paths

    if not path.is_file():
        raise TemplateError(f"icon file {path.name!r} not found (looked in {path.parent})", file=owner, key=key)
    real = Path(os.path.realpath(path))
    roots = [owner.parent, paths.templates_dir(), paths.card_data_dir()]
    if not any(real.is_relative_to(os.path.realpath(root)) for root in roots):
        raise TemplateError(f"icon file {str(path)!r} is outside the template's folder", file=owner, key=key)
    return path


def _picture(name: str, path: Path, owner: Path, key: str) -> Icon:
    from generator.cards.imagecheck import check_image, read_image_bytes
    from generator.core.imagefile import pixel_size

    data = read_image_bytes(path)
    check_image(data, path)
    size = pixel_size(data)
    if size is None or 0 in size:
        raise TemplateError(f"icon file {path.name!r} is not a readable PNG or JPEG", file=owner, key=key)
    return Icon(name, size[0] / size[1], picture=data)


def icon_files(entries: Mapping[str, Mapping[str, Any]]) -> list[Path]:
    """The files an icon set reads (watched by the preview and --watch)."""
    return [Path(str(e["src"])) for e in entries.values() if e.get("src")]
