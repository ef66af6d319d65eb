"""A template's value lookups (`lookups:`): a new field per card read from a table keyed by another field (faction -> colour).

    lookups:
      colour:                    # {colour} is now a field of every card
        from: faction            # looked up by the card's faction
        values: {Fire: "#c0392b", Water: "#2e86c1"}
        default: "#7f8c8d"       # optional: without it, a faction not listed is an error naming the card

Values are compared as the card prints them (text, stripped; 2.0 is 2). A lookup's value is used
like any data field: in any element key, `when:`, `background:` and `label:`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.cards.templates import NO_DEFAULT, Template, format_value
from generator.core.errors import DataError, TemplateError

if TYPE_CHECKING:
    from generator.cards.records import Record


def check_against(template: Template, names: list[str]) -> None:
    """Each lookup reads a field the data has (or an earlier lookup) and takes no data column's name."""
    known = list(names)
    for name, entry in template.lookups.items():
        if name in names:
            raise TemplateError(f"the lookup {name!r} has the name of a data column (rename one)",
                                file=template.file, key=f"lookups.{name}")
        if entry["from"] not in known:
            raise TemplateError(f"the lookup {name!r} reads field {entry['from']!r}, which the data has not "
                                f"(fields: {', '.join(names) or 'none'})", file=template.file, key=f"lookups.{name}.from")
        known.append(name)


def lookup_names(template: Template) -> list[str]:
    """The fields the template's lookups add."""
    return list(template.lookups)


def apply_lookups(template: Template, record: Record) -> Record:
    """The record with the lookups' fields added (the same record when the template has none)."""
    if not template.lookups:
        return record
    fields = dict(record.fields)
    for name, entry in template.lookups.items():
        raw = fields.get(entry["from"], "")
        wanted = format_value(raw).strip()
        if wanted in entry["values"]:
            fields[name] = entry["values"][wanted]
        elif entry["default"] is not NO_DEFAULT:
            fields[name] = entry["default"]
        else:
            listed = ", ".join(list(entry["values"])[:12])
            raise DataError(f"{entry['from']} {wanted!r} is not in the lookup {name!r} of template "
                            f"{template.name} (its values: {listed}); add it there, or give the lookup a default",
                            file=record.file, line=record.line_of(entry["from"]), key=entry["from"])
    return replace(record, fields=fields)
