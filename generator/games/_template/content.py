"""The example game's printed words per language (a real game reads card_data/<game>/labels.yaml)."""

from __future__ import annotations

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
