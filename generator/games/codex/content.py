"""Codex words from card_data/codex/: role names and powers, labels, faction names and colours,
the spelling table and the codename pool, read and checked once per language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from generator import paths
from generator.core.errors import DataError
from generator.games.codex import GAME
from generator.games.codex.rules import ALPHABET, FACTIONS, ROLES

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.schema import Schema

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
        from generator.core.placeholders import fill

        return fill(self.labels[section][key], values)

    def role(self, role: str) -> str:
        return self.role_names[role]

    def faction(self, faction: str) -> str:
        return self.faction_names[faction]

    def colour(self, faction: str) -> str:
        return self.faction_colours[faction]

    def spell(self, fragment: str) -> str:
        """'K4RW' -> 'Kilo · quattro · Romeo · Whiskey'."""
        return " · ".join(self.letters.get(c) or self.digits[c] for c in fragment)


def _schema(name: str) -> Schema:
    """The declared shape of each Codex data file."""
    from generator.cards.schema import Colour, Map, Seq, Table, Text, Words

    if name == "texts":
        role = Map(required={"name": Words(), "power": Words()})
        section = Map(required={"roles": Map(required=dict.fromkeys(ROLES, role)), "footer": Words(),
                                **dict.fromkeys(_SECTIONS, Table(Words()))})
        return Map(required=dict.fromkeys(GAME.languages, section))
    if name == "factions":
        faction = Map(required={"colour": Colour(), **dict.fromkeys(GAME.languages, Words())})
        return Map(required=dict.fromkeys(FACTIONS, faction))
    if name == "spelling":
        return Map(required={"letters": Table(Words()), "digits": Map(required=dict.fromkeys(GAME.languages,
                                                                                            Table(Words())))})
    return Map(required={"codenames": Seq(Text(blank=False), 1)})


@cache
def _load(name: str) -> dict[str, Any]:
    """card_data/codex/<name>.yaml read and checked against its schema (DataError: file:line:key)."""
    from generator.cards.datafile import load_yaml

    path = paths.card_data("codex", f"{name}.yaml")
    data: dict[str, Any] | None = load_yaml(path, _schema(name))
    if data is None:
        raise DataError("the file is empty", file=path)
    return data


@cache
def load_texts(lang: str = GAME.default_language) -> CodexTexts:
    """The texts of one language (DataError naming the file, line and key if anything is missing)."""
    if lang not in GAME.languages:
        raise DataError(f"unknown language {lang!r}; languages are {', '.join(GAME.languages)}", key="lang")
    texts, factions = _load("texts")[lang], _load("factions")
    roles = texts["roles"]
    letters, digits = _spelling(lang)
    return CodexTexts(
        lang=lang,
        role_names={r: str(roles[r]["name"]) for r in ROLES},
        role_powers={r: " ".join(str(roles[r]["power"]).split()) for r in ROLES},
        labels={s: {k: " ".join(str(v).split()) for k, v in texts[s].items()} for s in _SECTIONS},
        faction_names={f: str(factions[f][lang]) for f in FACTIONS},
        faction_colours={f: str(factions[f]["colour"]) for f in FACTIONS},
        letters=letters, digits=digits, footer=str(texts["footer"]))


def _spelling(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    data = _load("spelling")
    letters = {str(k): str(v) for k, v in data["letters"].items()}
    digits = {str(k): str(v) for k, v in data["digits"][lang].items()}
    missing = [c for c in ALPHABET if c not in letters and c not in digits]
    if missing:
        raise DataError(f"no spelling for {''.join(missing)}", file=paths.card_data("codex", "spelling.yaml"),
                        key="letters")
    return letters, digits


@cache
def load_codenames() -> tuple[str, ...]:
    """The pool of generated codenames (card_data/codex/codenames.yaml)."""
    return tuple(_load("codenames")["codenames"])
