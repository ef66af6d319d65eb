"""Codex words from card_data/codex/: role names and powers, labels, faction names and colours,
the spelling table and the codename pool, read and checked once per language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator import paths
from generator.core.errors import DataError
from generator.games.codex.rules import ALPHABET, FACTIONS, ROLES

LANGUAGES = ("it", "en")
DEFAULT_LANGUAGE = "it"
_SECTIONS = ("card", "master", "public")


@dataclass(frozen=True)
class CodexTexts:
    """Everything printed for one language: looked up by section and key, then formatted."""

    lang: str
    role_names: dict[str, str]
    role_powers: dict[str, str]
    labels: dict[str, dict[str, str]]
    faction_names: dict[str, str]
    faction_colours: dict[str, str]
    letters: dict[str, str]
    digits: dict[str, str]
    footer: str

    def label(self, section: str, key: str, **values: object) -> str:
        """A label, with {placeholders} filled from values."""
        return self.labels[section][key].format(**values)

    def role(self, role: str) -> str:
        return self.role_names[role]

    def faction(self, faction: str) -> str:
        return self.faction_names[faction]

    def colour(self, faction: str) -> str:
        return self.faction_colours[faction]

    def spell(self, fragment: str) -> str:
        """'K4RW' -> 'Kilo · quattro · Romeo · Whiskey'."""
        return " · ".join(self.letters.get(c) or self.digits[c] for c in fragment)


def _load_yaml(path: Path) -> object:
    import yaml

    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except OSError as err:
        raise DataError(f"cannot read: {err.strerror}", file=path) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise DataError(f"bad YAML: {getattr(err, 'problem', err)}", file=path,
                        line=mark.line + 1 if mark else None) from None


def _mapping(data: object, path: Path, key: str) -> dict:
    if not isinstance(data, dict):
        raise DataError("must be a mapping", file=path, key=key)
    return data


def _need(data: dict, keys, path: Path, where: str) -> None:
    missing = [k for k in keys if k not in data]
    if missing:
        raise DataError(f"missing {', '.join(map(str, missing))}", file=path, key=where)


@cache
def load_texts(lang: str = DEFAULT_LANGUAGE) -> CodexTexts:
    """The texts of one language (DataError naming the file and key if anything is missing)."""
    if lang not in LANGUAGES:
        raise DataError(f"unknown language {lang!r}; languages are {', '.join(LANGUAGES)}", key="lang")
    texts_path = paths.card_data("codex", "texts.yaml")
    texts = _mapping(_mapping(_load_yaml(texts_path), texts_path, "texts").get(lang), texts_path, lang)
    _need(texts, ("roles", *_SECTIONS, "footer"), texts_path, lang)
    roles = _mapping(texts["roles"], texts_path, f"{lang}.roles")
    _need(roles, ROLES, texts_path, f"{lang}.roles")
    for role in ROLES:
        _need(_mapping(roles[role], texts_path, f"{lang}.roles.{role}"), ("name", "power"),
              texts_path, f"{lang}.roles.{role}")
    factions_path = paths.card_data("codex", "factions.yaml")
    factions = _mapping(_load_yaml(factions_path), factions_path, "factions")
    _need(factions, FACTIONS, factions_path, "factions")
    for f in FACTIONS:
        _need(_mapping(factions[f], factions_path, f), ("colour", lang), factions_path, f)
    letters, digits = _spelling(lang)
    return CodexTexts(
        lang=lang,
        role_names={r: str(roles[r]["name"]) for r in ROLES},
        role_powers={r: " ".join(str(roles[r]["power"]).split()) for r in ROLES},
        labels={s: {k: " ".join(str(v).split()) for k, v in
                    _mapping(texts[s], texts_path, f"{lang}.{s}").items()} for s in _SECTIONS},
        faction_names={f: str(factions[f][lang]) for f in FACTIONS},
        faction_colours={f: str(factions[f]["colour"]) for f in FACTIONS},
        letters=letters, digits=digits, footer=str(texts["footer"]))


def _spelling(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    path = paths.card_data("codex", "spelling.yaml")
    data = _mapping(_load_yaml(path), path, "spelling")
    _need(data, ("letters", "digits"), path, "spelling")
    letters = {str(k): str(v) for k, v in _mapping(data["letters"], path, "letters").items()}
    digits_all = _mapping(data["digits"], path, "digits")
    digits = {str(k): str(v) for k, v in _mapping(digits_all.get(lang), path, f"digits.{lang}").items()}
    missing = [c for c in ALPHABET if c not in letters and c not in digits]
    if missing:
        raise DataError(f"no spelling for {''.join(missing)}", file=path, key="letters")
    return letters, digits


@cache
def load_codenames() -> tuple[str, ...]:
    """The pool of generated codenames (card_data/codex/codenames.yaml)."""
    path = paths.card_data("codex", "codenames.yaml")
    data = _mapping(_load_yaml(path), path, "codenames")
    names = data.get("codenames")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise DataError("codenames must be a list of names", file=path, key="codenames")
    return tuple(names)
