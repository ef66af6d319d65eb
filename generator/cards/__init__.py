"""The card engine: records (YAML/CSV), templates, the element registry and kinds, and building cards."""

from generator.cards.records import Record, load_records, resolve_data  # noqa: F401
from generator.cards.templates import Template, load_template, resolve_template  # noqa: F401
