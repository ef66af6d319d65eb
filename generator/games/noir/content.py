"""Noir content: the 25 suspects, the reference card texts and the printed words per language, checked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.cards.records import Record, load_records, resolve_data
from generator.core.errors import DataError
from generator.games.noir import GAME
from generator.games.noir.rules import SUSPECT_COUNT

SUSPECTS = "noir/suspects"
REFERENCE = "noir/reference"
LABELS = "noir/labels"
SUSPECT_FIELDS = ("number", "name", "gender", "trait_pt", "trait_en", "hat", "hair", "hair_color", "face",
                  "neck", "skin", "coat", "backdrop", "shape")


def check_lang(lang: str) -> str:
    """The language code if pnpgen has Noir texts in it, else DataError."""
    if lang not in GAME.languages:
        raise DataError(f"no Noir texts in {lang!r} (languages: {', '.join(GAME.languages)})", key="lang")
    return lang


def load_suspects(path: str | Path | None = None) -> list[Record]:
    """The suspects, checked: 25 of them, numbers 1..25 once each, names present and distinct."""
    records = load_records(path or SUSPECTS)
    if len(records) != SUSPECT_COUNT:
        raise DataError(f"Noir needs {SUSPECT_COUNT} suspects, the file has {len(records)}",
                        file=records[0].file)
    for record in records:
        _check_suspect(record)
    _check_unique(records, "number")
    _check_unique(records, "name")
    numbers = sorted(int(r.fields["number"]) for r in records)
    if numbers != list(range(1, SUSPECT_COUNT + 1)):
        raise DataError(f"suspect numbers must be 1..{SUSPECT_COUNT}", file=records[0].file, key="number")
    return sorted(records, key=lambda r: int(r.fields["number"]))


def _check_suspect(record: Record) -> None:
    for key in SUSPECT_FIELDS:
        if str(record.fields.get(key, "")).strip() == "":
            raise DataError("a suspect needs this field", file=record.file, line=record.line, key=key)
    number = record.fields["number"]
    if isinstance(number, bool) or not isinstance(number, int):
        raise DataError(f"must be a whole number 1..{SUSPECT_COUNT}, not {number!r}",
                        file=record.file, line=record.line_of("number"), key="number")
    if record.fields["gender"] not in ("f", "m"):
        raise DataError("must be f or m (it agrees MORTA/MORTO)", file=record.file,
                        line=record.line_of("gender"), key="gender")


def _check_unique(records: list[Record], key: str) -> None:
    seen: dict[Any, Record] = {}
    for record in records:
        value = record.fields[key]
        if value in seen:
            raise DataError(f"{value!r} is used twice (also line {seen[value].line})",
                            file=record.file, line=record.line_of(key), key=key)
        seen[value] = record


def load_reference(path: str | Path | None = None) -> list[Record]:
    """The two reference cards (killer, inspector)."""
    return load_records(path or REFERENCE)


def load_labels(lang: str, path: str | Path | None = None) -> dict[str, str]:
    """The printed words of one language: {key: text}; every language must have the same keys."""
    from generator.cards.datafile import load_yaml
    from generator.cards.schema import Map, Table, Words

    check_lang(lang)
    file = resolve_data(path or LABELS)
    lines: dict[str, int] = {}
    data = load_yaml(file, Map(required=dict.fromkeys(GAME.languages, Table(Words()))), lines=lines)
    if data is None:
        raise DataError(f"expected a mapping with one section per language ({', '.join(GAME.languages)})", file=file)
    keys = {code: set(data[code]) for code in GAME.languages}
    for code in GAME.languages:
        missing = sorted(set().union(*keys.values()) - keys[code])
        if missing:
            raise DataError("missing in this language", file=file, line=lines.get(code),
                            key=f"{code}.{missing[0]}")
    return {str(k): str(v) for k, v in data[lang].items()}


def deck_title(lang: str, **_options: object) -> str:
    """The deck's (and the rules sheet's) document title in `lang` (labels.yaml's deck_title); the rules sheet's
    other options do not change it."""
    return load_labels(lang)["deck_title"]


def localise(record: Record, lang: str, extra: dict[str, Any] | None = None) -> Record:
    """The record with each `<key>_<lang>` field also under `<key>`, plus extra fields (labels)."""
    suffix = f"_{check_lang(lang)}"
    fields = dict(extra or {})
    fields.update(record.fields)
    for key, value in record.fields.items():
        if key.endswith(suffix):
            fields[key[: -len(suffix)]] = value
    return replace(record, fields=fields)


def fill_limit(text: str, kill_limit: int) -> str:
    """A text with its `{kill_limit}` placeholder filled in."""
    return text.replace("{kill_limit}", str(kill_limit))
