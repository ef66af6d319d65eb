"""The example game's printed words per language (a real game reads card_data/<game>/labels.yaml)."""

from __future__ import annotations

from generator.core.errors import DataError

LABELS = {
    "en": {"title": "Example game", "dealt": "Numbers dealt"},
    "it": {"title": "Gioco d'esempio", "dealt": "Numeri distribuiti"},
}


def labels(lang: str) -> dict[str, str]:
    """The words of one language (DataError naming the languages there are)."""
    if lang not in LABELS:
        raise DataError(f"no words in {lang!r} (languages: {', '.join(sorted(LABELS))})", key="--lang")
    return LABELS[lang]
