"""The only module that knows where card_data/, templates/, output/ and the cache folder live."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_INSTALLED_DATA = _PACKAGE / "_data"      # a wheel install (see pyproject force-include)
_SOURCE_ROOT = _PACKAGE.parent            # a source checkout or an editable install


def _data_root() -> Path:
    if (_INSTALLED_DATA / "card_data").is_dir():
        return _INSTALLED_DATA
    return _SOURCE_ROOT


def card_data_dir() -> Path:
    """Directory of the built-in game content (YAML/CSV)."""
    return _data_root() / "card_data"


def templates_dir() -> Path:
    """Directory of the built-in templates (card layouts, impositions, fonts)."""
    return _data_root() / "templates"


def fonts_dir() -> Path:
    """Directory of the shipped font files and their licence."""
    return templates_dir() / "fonts"


def card_data(*parts: str) -> Path:
    """Path of a built-in data file, e.g. card_data("laser", "components.yaml")."""
    return card_data_dir().joinpath(*parts)


def template(*parts: str) -> Path:
    """Path of a built-in template file, e.g. template("cards", "example.yaml")."""
    return templates_dir().joinpath(*parts)


def output_dir() -> Path:
    """Default output folder: $PNPGEN_OUTPUT, else output/ in the working directory."""
    env = os.environ.get("PNPGEN_OUTPUT")
    return Path(env) if env else Path.cwd() / "output"


def default_output(*parts: str) -> Path:
    """A default output path under output/."""
    return output_dir().joinpath(*parts)


CACHE_ENV = "PNPGEN_CACHE_DIR"


def cache_folder(part: str) -> str | None:
    """A folder of the user's cache (as a string: the art cache asks for every picture), or None when
    the cache is off: $PNPGEN_CACHE_DIR/<part>, else $XDG_CACHE_HOME/pnpgen/<part>, else
    ~/.cache/pnpgen/<part>; PNPGEN_CACHE_DIR=off turns it off."""
    chosen = os.environ.get(CACHE_ENV, "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return os.path.join(chosen, part)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pnpgen", part)
