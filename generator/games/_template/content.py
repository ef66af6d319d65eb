"""The example game's printed words per language (a real game reads card_data/<game>/labels.yaml)."""

from __future__ import annotations

from pathlib import Path

from generator.cards.records import Record
from generator.core.errors import DataError

LABELS = {
    "en": {"title": "Example game", "dealt": "Numbers dealt", "rules": "Rules", "setup": "Setup",
           "deal": "Deal five different numbers from 1 to 20.", "end": "The end",
           "win": "The highest number wins."},
    "it": {"title": "Gioco d'esempio", "dealt": "Numeri distribuiti", "rules": "Regole", "setup": "Preparazione",
           "deal": "Distribuite cinque numeri diversi da 1 a 20.", "end": "La fine",
           "win": "Vince il numero più alto."},
}


def labels(lang: str) -> dict[str, str]:
    """The words of one language (DataError naming the languages there are)."""
    if lang not in LABELS:
        raise DataError(f"no words in {lang!r} (languages: {', '.join(sorted(LABELS))})", key="--lang")
    return LABELS[lang]


def number_records(lang: str, pool: int = 20) -> list[Record]:
    """The deck's cards as records (a real game reads card_data/<game>/cards.yaml with the card engine's
    load_records): a card for each number of the pool, with the title in `lang`."""
    title = labels(lang)["title"]
    return [Record({"number": str(n), "title": title}, file=Path(__file__), line=n) for n in range(1, pool + 1)]
