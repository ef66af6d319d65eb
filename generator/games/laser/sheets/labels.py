"""The laser sheets' printed words per language, read from card_data/laser/labels.yaml and checked."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.core.errors import DataError

LABELS = ("laser", "labels.yaml")
LANGS = ("it", "en", "fr", "pt")
DEFAULT_LANG = "it"


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
        """A label with its {placeholders} filled in."""
        return self[key].format(**values)

    def component(self, ctype) -> tuple[str, str]:
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
    if lang not in LANGS:
        raise DataError(f"no laser sheet texts in {lang!r} (languages: {', '.join(LANGS)})", key="--lang")
    return lang


def load_labels(lang: str = DEFAULT_LANG) -> Labels:
    """The labels of one language (DataError naming the file and key if the table is incomplete)."""
    check_lang(lang)
    data = _read_table(str(labels_path()))
    section = data[lang]
    components = {name: (str(entry["name"]), str(entry.get("effect", "")))
                  for name, entry in section["components"].items()}
    texts = {str(k): str(v) for k, v in section.items() if k != "components"}
    return Labels(lang, texts, components, {str(k): str(v) for k, v in data["glyphs"].items()})


@lru_cache(maxsize=4)
def _read_table(file: str) -> dict:
    import yaml

    try:
        data = yaml.safe_load(Path(file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"cannot read the laser labels: {err}", file=file) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise DataError(f"bad YAML: {getattr(err, 'problem', err)}", file=file,
                        line=mark.line + 1 if mark else None) from None
    _check_table(data, file)
    return data


def _check_table(data: object, file: str) -> None:
    """One section per language with the same keys (components included), plus glyphs."""
    if not isinstance(data, dict) or not isinstance(data.get("glyphs"), dict):
        raise DataError("expected a mapping with `glyphs` and one section per language", file=file)
    for lang in LANGS:
        section = data.get(lang)
        if not isinstance(section, dict) or not isinstance(section.get("components"), dict):
            raise DataError("missing language section (with its components)", file=file, key=lang)
        for name, entry in section["components"].items():
            if not isinstance(entry, dict) or "name" not in entry:
                raise DataError("a component needs a name", file=file, key=f"{lang}.components.{name}")
    reference = _keys(data[LANGS[0]])
    for lang in LANGS[1:]:
        missing = sorted(reference ^ _keys(data[lang]))
        if missing:
            raise DataError("not in every language", file=file, key=f"{lang}.{missing[0]}")


def _keys(section: dict) -> set[str]:
    return {k for k in section if k != "components"} | {f"components.{k}" for k in section["components"]}
