"""Game content as typed records: card data files (YAML/CSV) and card templates, checked with clear errors."""

from generator.content.records import Record, load_records, resolve_data  # noqa: F401
from generator.content.templates import Template, load_template, resolve_template  # noqa: F401
