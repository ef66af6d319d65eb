"""The card engine: records (YAML/CSV), templates, the element registry and kinds, and building cards."""

from generator.cards.records import Record, load_records, resolve_data
from generator.cards.templates import Template, load_template, resolve_template

__all__ = ["Record", "Template", "load_records", "load_template", "resolve_data", "resolve_template"]
