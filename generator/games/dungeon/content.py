"""CODEX card data: card_data/dungeon/*.yaml read (through the card engine's record reader) into a Deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.cards.records import Record, load_records
from generator.core.errors import DataError
from generator.games.dungeon import GAME
from generator.games.dungeon.rules.deck import KINDS, TEXT_FIELDS, Card, Deck, Keyword

# One file per kind, in printing order; the keywords of the annex in their own file.
FILES: dict[str, str] = {"character": "characters.yaml", "ration": "rations.yaml", "object": "objects.yaml",
                         "secret": "secrets.yaml", "creature": "creatures.yaml", "special": "specials.yaml",
                         "boss": "bosses.yaml", "zone": "zones.yaml"}
KEYWORDS_FILE = "keywords.yaml"
LABELS_FILE = "labels.yaml"
# The placeholders each label may use (docs/dungeon.md); every other label uses none. A label file is
# data, never a format string: see generator.core.placeholders.
LABEL_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "die_of": ("colour",),
    "sheet_title": ("act", "chapter"),
    "boss_step": ("number", "rewards"),
    "command_hint": ("file",),
    "sheet_source": ("file", "seed"),
    "kit_source": ("file",),
}

AID_FILE = "aid.yaml"
CARD_KEYS = ("id", "qty", "source")


def data_dir(folder: str | Path | None = None) -> Path:
    """The folder holding the CODEX data: the given one, else the built-in card_data/dungeon."""
    if folder is not None:
        path = Path(folder)
        if not path.is_dir():
            raise DataError("no such data folder", file=path)
        return path
    from generator import paths

    return paths.card_data("dungeon")


def load_deck(folder: str | Path | None = None) -> Deck:
    """Every card of every kind (data order) and the keywords; DataError with file and line."""
    root = data_dir(folder)
    cards = [card for kind in KINDS for card in _load_kind(root / FILES[kind], kind)]
    return Deck(cards, load_keywords(root / KEYWORDS_FILE))


def checked_deck(folder: str | Path | None = None, check: bool = True) -> Deck:
    """The card data, refused with its first problems when it does not validate."""
    from generator.games.dungeon.rules.validate import validate_deck

    deck = load_deck(folder)
    problems = validate_deck(deck.cards, deck.keywords) if check else []
    if problems:
        first = problems[0]
        raise DataError(f"{first.message} (and {len(problems) - 1} more: run pnpgen dungeon validate)"
                        if len(problems) > 1 else first.message, file=first.file, line=first.line, key=first.key)
    return deck


def _load_kind(path: Path, kind: str) -> list[Card]:
    if not path.is_file():
        raise DataError(f"missing data file for the {kind} cards", file=path)
    return [card_from_record(record, kind) for record in load_records(path, expand=False)]


def card_from_record(record: Record, kind: str) -> Card:
    """A Card from one record: French texts, their `_en` twins, and the language-neutral values."""
    fields = dict(record.fields)
    card_id = str(fields.get("id") or "").strip()
    if not card_id:
        raise DataError("a card needs an id", file=record.file, line=record.line, key="id")
    texts: dict[str, dict[str, str]] = {"fr": {}, "en": {}}
    values: dict[str, Any] = {}
    for key, value in fields.items():
        if key in CARD_KEYS:
            continue
        base, lang = (key[:-3], "en") if key.endswith("_en") else (key, "fr")
        if base in TEXT_FIELDS[kind]:
            if value not in ("", None):
                texts[lang][base] = _text(value, record, key)
        elif lang == "en":
            raise DataError(f"{key}: {base} is not a text field of a {kind}", file=record.file,
                            line=record.line_of(key), key=key)
        elif value != "":
            values[key] = value
    return Card(kind, card_id, fields.get("qty", 1), str(fields.get("source", "")), values, texts,
                str(record.file), record.line)


def _text(value: object, record: Record, key: str) -> str:
    if isinstance(value, (dict, list)):
        raise DataError(f"{key} must be text", file=record.file, line=record.line_of(key), key=key)
    return str(value)


def load_keywords(path: Path) -> list[Keyword]:
    """The passive keywords (id, name, name_en, value: true when it takes X, reminder, reminder_en)."""
    if not path.is_file():
        raise DataError("missing keywords file", file=path)
    out = []
    for record in load_records(path, expand=False):
        f = record.fields
        missing = [k for k in ("id", "name", "name_en", "reminder", "reminder_en") if not f.get(k)]
        if missing:
            raise DataError(f"a keyword needs {', '.join(missing)}", file=record.file, line=record.line)
        out.append(Keyword(str(f["id"]), {"fr": str(f["name"]), "en": str(f["name_en"])},
                           f.get("value") is True, {"fr": str(f["reminder"]), "en": str(f["reminder_en"])}))
    return out


def load_labels(folder: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """The printed words that are not card texts (kind names, "Défaut", ...), per language."""
    from generator.cards.datafile import load_yaml
    from generator.cards.schema import Map, Seq, Table, Words

    path = data_dir(folder) / LABELS_FILE
    section = Table(Words(), fixed={"kinds": Table(Words()), "colours": Table(Words()),
                                    "pile_names": Table(Words()), "steps": Seq(Words()),
                                    "play_steps": Seq(Words())})
    lines: dict[str, int] = {}
    data: dict[str, dict[str, Any]] | None = load_yaml(path, Map(required=dict.fromkeys(GAME.languages, section)), lines=lines)
    if data is None:
        raise DataError(f"labels need one section per language: {', '.join(GAME.languages)}", file=path)
    keys = set(data[GAME.default_language])
    for lang in GAME.languages:
        if set(data[lang]) != keys:
            raise DataError(f"section {lang} must have the same keys as {GAME.default_language} ({', '.join(sorted(keys))})",
                            file=path, line=lines.get(lang), key=lang)
        _check_placeholders(data[lang], lang, path, lines)
    return data


def _check_placeholders(section: dict[str, Any], lang: str, path: Path, lines: dict[str, int]) -> None:
    """Every label's placeholders within its declared set (LABEL_PLACEHOLDERS), else file:line:key."""
    from generator.core.placeholders import PlaceholderError, check_label

    for key, value in section.items():
        texts = value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
        for text in texts:
            try:
                check_label(str(text), LABEL_PLACEHOLDERS.get(key, ()))
            except PlaceholderError as err:
                where = f"{lang}.{key}"
                raise DataError(str(err), file=path, line=lines.get(where, lines.get(lang)), key=where) from None

def load_aid(folder: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """The player aid's texts per language (aid.yaml): title, subtitle, keywords_heading, pages of sections.

    A section is {heading, items: [text, ...]}, {heading, icons: [{icon, text}, ...]} or {keywords: true}."""
    from generator.cards.datafile import load_yaml
    from generator.cards.schema import Flag, Map, Seq, Text

    path = data_dir(folder) / AID_FILE
    entry = Map(required={"icon": Text(), "text": Text(blank=False)})
    section = Map(optional={"heading": Text(blank=False), "items": Seq(Text(blank=False)), "icons": Seq(entry),
                            "keywords": Flag()})
    words = Map(required={"title": Text(blank=False), "subtitle": Text(blank=False),
                          "keywords_heading": Text(blank=False), "pages": Seq(Seq(section, least=1), least=1)})
    lines: dict[str, int] = {}
    data: dict[str, dict[str, Any]] | None = load_yaml(path, Map(required=dict.fromkeys(GAME.languages, words)), lines=lines)
    if data is None:
        raise DataError(f"the player aid needs one section per language: {', '.join(GAME.languages)}", file=path)
    for lang in GAME.languages:
        for side, sections in enumerate(data[lang]["pages"]):
            for n, item in enumerate(sections):
                key = f"{lang}.pages[{side}][{n}]"
                if item.get("keywords") is True:
                    continue
                if "heading" not in item or not (item.get("items") or item.get("icons")):
                    raise DataError("a section needs a heading and items or icons (or keywords: true)",
                                    file=path, line=lines.get(key), key=key)
    return data
