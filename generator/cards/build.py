"""The card engine: records + template → cards (front and back items in card mm), checked up front.

`check_template` validates every element against its registered kind and every `{field}` against
the data (TemplateError naming template, element and key); `build_cards` then draws each record,
turning a record's own faults (a missing field, a bad value) into a DataError naming its line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cards.elements import (
    BadValue,
    ElementContext,
    Kind,
    Param,
    get_kind,
    kinds,
    to_font,
    to_opacity,
    to_paint,
)
from generator.cards.iconset import EMPTY, IconSet, build_icon_set
from generator.cards.lookups import apply_lookups, check_against, lookup_names
from generator.cards.records import Record, field_names
from generator.cards.templates import (
    MissingField,
    Template,
    bad_field_name,
    element_label,
    fields_in,
    format_value,
    substitute,
    when_holds,
)
from generator.core.errors import DataError, DataErrors, LayoutError, PnpError, TemplateError, shown_file
from generator.scene.model import Group, Item, Rect, Text

if TYPE_CHECKING:
    from generator.scene.imposition import Card

META_KEYS = {"kind", "id", "when", "drop", "opacity"}    # keys every element takes
LABEL_FIELDS = ("name", "title", "nome", "nom")


@dataclass(frozen=True)
class Prepared:
    """One template element checked against its kind: constant values converted once."""

    kind: Kind
    face: str
    where: str
    static: dict[str, Any]
    dynamic: dict[str, Any]
    when: Any = None
    id: str = ""
    uses: dict[str, list[str]] = field(default_factory=dict)     # the fields each dynamic key names
    opacity: Any = 1.0     # 0..1, or a text with {fields} (converted per card)


@dataclass
class CardDesign:
    """A template checked against a data set, ready to draw any of its records."""

    template: Template
    card_w: float
    card_h: float
    bleed: float
    front: list[Prepared]
    back: list[Prepared] | None
    data_file: Path | None = None
    allow_outside_files: bool = False     # --allow-outside-files: images from anywhere
    icons: IconSet = EMPTY                # the template's `icons:`, read once
    stand_ins: dict[str, dict[str, None]] = field(default_factory=dict)   # installed face -> the characters it
                                          # drew that the template's fonts lack (lettered), as cards are drawn
    lettered: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)   # a stack lettered made ->
                                          # (the element's font, the installed faces after it)

    @property
    def card_size(self) -> tuple[float, float]:
        return self.card_w, self.card_h


def card_size_of(template: Template) -> tuple[float, float]:
    """The template's card size in mm; LayoutError naming the template for an unknown size."""
    from generator.scene.imposition import parse_card_size

    try:
        return parse_card_size(template.card)
    except LayoutError as err:
        raise LayoutError(err.message, file=template.file, key="card") from None


def check_template(template: Template, records: Sequence[Record], bleed: float | None = None) -> CardDesign:
    """Validate the template against the registry and the records' fields; prepare it for drawing."""
    names = field_names(list(records))
    check_against(template, names)
    names += lookup_names(template)
    data_file = records[0].file if records else None
    _check_fields(template, "", [template.background, template.back_background, template.label],
                  names, data_file)
    faces = {face: [_prepare(el, i, face, template, names, data_file) for i, el in enumerate(els)]
             for face, els in template.faces()}
    for key in ("background", "back_background"):
        _static_color(template, key)
    _check_defaults(template)
    w, h = card_size_of(template)
    return CardDesign(template, w, h, template.bleed if bleed is None else bleed,
                      faces["front"], faces.get("back"), data_file,
                      icons=build_icon_set(template.icons, template.file))


def _check_defaults(template: Template) -> None:
    for name, values in template.defaults.items():
        kind = get_kind(name)
        if kind is None:
            raise TemplateError(f"unknown element kind {name!r} (known: {', '.join(kinds())})",
                                file=template.file, key="defaults")
        unknown = sorted(set(values) - set(kind.keys))
        if unknown:
            raise TemplateError(f"unknown key {unknown[0]!r} for a {name} (its keys: "
                                f"{', '.join(sorted(kind.keys))})", file=template.file, key=f"defaults.{name}")


def _static_color(template: Template, key: str) -> None:
    value = getattr(template, key)
    if fields_in(value):
        return
    try:
        to_paint(value)
    except BadValue as err:
        raise TemplateError(str(err), file=template.file, key=key) from None


def _prepare(el: dict[str, Any], index: int, face: str, template: Template, names: list[str],
             data_file: Path | None) -> Prepared:
    where = element_label(el, index, face)
    kind = get_kind(el["kind"])
    if kind is None:
        known = ", ".join(kinds())
        raise TemplateError(f"unknown element kind {el['kind']!r} (known: {known})",
                            file=template.file, key=where)
    values = {**template.defaults.get(kind.name, {}), **{k: v for k, v in el.items() if k not in META_KEYS}}
    _check_keys(kind, values, where, template)
    _check_fields(template, where, [values, el.get("when"), el.get("opacity")], names, data_file)
    static: dict[str, Any] = {}
    dynamic: dict[str, Any] = {}
    for key, param in kind.keys.items():
        raw = values.get(key, param.default)
        if isinstance(raw, (str, list, dict)) and not fields_in(raw):
            raw = substitute(raw, {})          # only unescapes {{ and }}
        if raw is not None and fields_in(raw):
            dynamic[key] = raw
        else:
            def error(msg: str, k: str = key) -> TemplateError:
                return TemplateError(msg, file=template.file, key=f"{where} key '{k}'")

            static[key] = _convert(kind, key, named_font(param, raw, template.fonts), error)
    return Prepared(kind, face, where, static, dynamic, el.get("when"), str(el.get("id") or f"{face}[{index}]"),
                    uses={key: fields_in(raw) for key, raw in dynamic.items()},
                    opacity=_opacity(el.get("opacity", 1.0), where, template))


def _opacity(raw: Any, where: str, template: Template) -> Any:
    """An element's `opacity:` converted once (kept as it is when it names a field)."""
    if isinstance(raw, str) and fields_in(raw):
        return raw
    try:
        return to_opacity(raw)
    except BadValue as err:
        raise TemplateError(str(err), file=template.file, key=f"{where} key 'opacity'") from None


def _check_keys(kind: Kind, values: dict[str, Any], where: str, template: Template) -> None:
    for key in values:
        if key not in kind.keys:
            known = ", ".join(sorted(kind.keys))
            raise TemplateError(f"unknown key {key!r} for a {kind.name} (its keys: {known})",
                                file=template.file, key=where)
    for key, param in kind.keys.items():
        if param.required and key not in values:
            raise TemplateError(f"a {kind.name} needs the key {key!r}", file=template.file, key=where)


def _check_fields(template: Template, where: str, values: list[Any], names: list[str],
                  data_file: Path | None) -> None:
    for name in fields_in(values):
        if bad_field_name(name):
            raise TemplateError(f"{{{name}}} is not a field name (write {{{{ and }}}} for braces)",
                                file=template.file, key=where or None)
        if name not in names:
            raise TemplateError(
                f"template {template.name} {where or 'top level'} uses field {name!r} not in data file "
                f"{shown_file(data_file or '')} (fields: {', '.join(names) or 'none'})", file=template.file)


def _convert(kind: Kind, key: str, raw: Any, error: Callable[[str], Exception]) -> Any:
    param = kind.keys[key]
    if raw is None:
        return None
    try:
        return param.convert(raw)
    except BadValue as err:
        raise error(str(err)) from None


# --- drawing ---------------------------------------------------------------------------------------

def build_cards(records: Sequence[Record], template: Template | CardDesign, *, bleed: float | None = None,
                image_loader: Callable[[Path], bytes] | None = None,
                cache: dict[tuple[str, int | None, int], Card] | None = None) -> list[Card]:
    """One Card per record (records already expanded by qty); copies of a record share their items
    (across calls too when they pass the same `cache`: a deck drawn in chunks)."""
    from generator.scene.imposition import Card

    design = template if isinstance(template, CardDesign) else check_template(template, records, bleed)
    built: dict[tuple[str, int | None, int], Card] = {} if cache is None else cache
    cards = []
    for number, record in enumerate(records, 1):
        key = drawing_key(record)
        if key not in built:
            front, back = draw_faces(design, record, image_loader)
            built[key] = Card(front, back, card_label(design.template, record, number))
        cards.append(built[key])
    return cards


MAX_ERRORS = 20         # bad records listed by one check pass before it stops

# Kinds whose drawing cannot fail once their values are converted, unless one of these keys comes from
# the card (the check pass then draws them too); every other kind is drawn by the check when it reads
# the card (text: its fit; image: its file; pips: the count...).
DRAW_CHECKED_KEYS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("rect", "line", "polyline", "polygon", "circle"), frozenset()),
    "pattern": frozenset({"spacing"}), "star": frozenset({"points"}),
}


def check_records(records: Sequence[Record], design: CardDesign,
                  image_loader: Callable[[Path], bytes] | None = None, limit: int = MAX_ERRORS) -> None:
    """Everything that can fail in drawing the records, checked before any card is drawn: every value
    conversion (colours, numbers, fonts, fields), every picture's file and every text's fit (laid out,
    which is cheap next to drawing), over all records. Raises DataErrors listing each bad record's
    first fault (up to `limit` of them); nothing is kept (drawing then draws the cards again)."""
    errors: list[PnpError] = []
    seen: set[tuple[str, int | None, int]] = set()
    constant: set[int] = set()              # elements that read nothing of the card: checked once
    for record in records:
        key = drawing_key(record)
        if key in seen:                     # copies (qty) draw the same
            continue
        seen.add(key)
        try:
            _check_record(design, record, image_loader, constant)
        except (DataError, TemplateError, LayoutError) as err:
            errors.append(err)
            if len(errors) >= limit:
                raise DataErrors(errors, more=True) from None
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise DataErrors(errors)


def _check_record(design: CardDesign, record: Record, image_loader: Callable[[Path], bytes] | None,
                  constant: set[int]) -> None:
    """Raise the first fault drawing this record would meet (draw_faces' checks without the drawing)."""
    tmpl = design.template
    record = apply_lookups(tmpl, record)
    _background(design, record, tmpl.background, "background")
    faces = [design.front]
    if design.back is not None:
        back_bg = tmpl.back_background if tmpl.back_background is not None else _plain_background(tmpl.background)
        _background(design, record, back_bg, "back_background")
        faces.append(design.back)
    for elements in faces:
        for prep in elements:
            if id(prep) in constant or (prep.when is not None and not when_holds(prep.when, record.fields)):
                continue
            values = lettered(prep, {**prep.static, **_dynamic_values(prep, record, design)}, design)
            _card_opacity(prep, record, design)
            enough = DRAW_CHECKED_KEYS.get(prep.kind.name)
            if enough is not None and not enough & prep.dynamic.keys():
                continue
            drawn = prep.kind.draw(values, _context(design, prep, record, image_loader))
            _check_text_fits(drawn, prep, record)
            if design.lettered:
                tally_stand_ins(drawn, design)
            if not prep.dynamic and not isinstance(prep.opacity, str):
                constant.add(id(prep))


def drawing_key(record: Record) -> tuple[str, int | None, int]:
    """What a record's drawing is kept under: copies of a record (qty) share it."""
    return str(record.file), record.line, id(record.fields)


def card_label(template: Template, record: Record, number: int) -> str:
    """The card's name for page labels: the template's `label:`, else a name-like field."""
    record = apply_lookups(template, record)
    if template.label:
        return format_value(substitute(str(template.label), record.fields))
    for name in LABEL_FIELDS:
        if record.fields.get(name) not in (None, ""):
            return format_value(record.fields[name])
    return f"card {number}"


@dataclass(frozen=True)
class Drawn:
    """One element as drawn on one card (for the preview's boxes and the preflight checks)."""

    prep: Prepared
    values: dict[str, Any]
    items: tuple[Item, ...]


def draw_faces(design: CardDesign, record: Record, image_loader: Callable[[Path], bytes] | None = None,
               trace: list[Drawn] | None = None) -> tuple[list[Item], list[Item] | None]:
    """The front items and the back items (None without a back design) of one record.

    With a `trace` list, each element drawn is appended to it as a Drawn (the drawing is the same)."""
    tmpl = design.template
    record = apply_lookups(tmpl, record)
    front = _background(design, record, tmpl.background, "background")
    front += _draw_face(design, design.front, record, image_loader, trace)
    if design.back is None:
        return front, None
    back_bg = tmpl.back_background if tmpl.back_background is not None else _plain_background(tmpl.background)
    back = _background(design, record, back_bg, "back_background")
    back += _draw_face(design, design.back, record, image_loader, trace)
    return front, back


def _plain_background(value: Any) -> Any:
    """The front's background for the backs when they have none of their own, unless it comes from
    the card's fields (backs must all look the same): then white."""
    return DEFAULT_BACKGROUND if fields_in(value) else value


DEFAULT_BACKGROUND = "#ffffff"


def _background(design: CardDesign, record: Record, value: Any, key: str) -> list[Item]:
    value = _record_value(value, record, key, design)
    try:
        fill = to_paint(value)
    except BadValue as err:
        raise DataError(f"{key}: {err}", file=record.file, line=record.line) from None
    if fill is None:
        return []
    b = design.bleed
    return [Rect(-b, -b, design.card_w + 2 * b, design.card_h + 2 * b, fill=fill, stroke=None)]


def _record_value(value: Any, record: Record, where: str, design: CardDesign) -> Any:
    try:
        return substitute(value, record.fields)
    except MissingField as err:
        raise _missing(err.args[0], record, where, design) from None


def _missing(name: str, record: Record, where: str, design: CardDesign) -> DataError:
    return DataError(f"the card has no field {name!r} (template {design.template.name} {where} uses it)",
                     file=record.file, line=record.line, key=name)


def _draw_face(design: CardDesign, elements: list[Prepared], record: Record,
               image_loader: Callable[[Path], bytes] | None, trace: list[Drawn] | None = None) -> list[Item]:
    items: list[Item] = []
    for prep in elements:
        if prep.when is not None and not when_holds(prep.when, record.fields):
            continue
        ctx = _context(design, prep, record, image_loader)
        values = lettered(prep, {**prep.static, **_dynamic_values(prep, record, design)}, design)
        drawn = prep.kind.draw(values, ctx)
        _check_text_fits(drawn, prep, record)
        if design.lettered:
            tally_stand_ins(drawn, design)
        opacity = _card_opacity(prep, record, design)
        if opacity < 1 and drawn:
            drawn = [Group(tuple(drawn), opacity=opacity)]
        items.extend(drawn)
        if trace is not None:
            trace.append(Drawn(prep, values, tuple(drawn)))
    return items


def _context(design: CardDesign, prep: Prepared, record: Record,
             image_loader: Callable[[Path], bytes] | None) -> ElementContext:
    return ElementContext(fields=record.fields, card_w=design.card_w, card_h=design.card_h,
                          bleed=design.bleed, safe=design.template.safe, data_dir=_folder(record.file),
                          template_file=design.template.file, data_file=record.file, line=record.line,
                          where=prep.where, face=prep.face, image_loader=image_loader,
                          allow_outside=design.allow_outside_files, icons=design.icons,
                          from_data=frozenset(prep.dynamic))


@lru_cache(maxsize=64)
def _folder(file: Path) -> Path:
    """The data file's folder (made once: a Path per element of every card was a tenth of drawing)."""
    return Path(file).parent


def _card_opacity(prep: Prepared, record: Record, design: CardDesign) -> float:
    if not isinstance(prep.opacity, str):
        return float(prep.opacity)
    value = _record_value(prep.opacity, record, prep.where, design)
    try:
        return to_opacity(value)
    except BadValue as err:
        used = fields_in(prep.opacity)
        raise DataError(f"{err} (template {design.template.name} {prep.where} key 'opacity' from {prep.opacity!r})",
                        file=record.file, line=record.line_of(used[0]) if used else record.line,
                        key=used[0] if len(used) == 1 else None) from None


def _dynamic_values(prep: Prepared, record: Record, design: CardDesign) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in prep.dynamic.items():
        value = _record_value(raw, record, prep.where, design)
        used = prep.uses[key]
        line = record.line_of(used[0]) if len(used) == 1 else record.line

        def error(msg: str, k: str = key, r: Any = raw, n: int | None = line, u: list[str] = used) -> DataError:
            return DataError(f"{msg} (template {design.template.name} {prep.where} key '{k}' from {r!r})",
                             file=record.file, line=n, key=u[0] if len(u) == 1 else None)

        out[key] = _convert(prep.kind, key, named_font(prep.kind.keys[key], value, design.template.fonts), error)
    return out


def lettered(prep: Prepared, values: dict[str, Any], design: CardDesign) -> dict[str, Any]:
    """An element's values with each of its fonts followed by the installed faces that draw the characters
    of its text the font lacks, as a browser falls back (generator.scene.fonts.installed_fallback: found by
    those characters and the element's `lang`). The values as they are when the fonts draw it all, or the
    template says `fonts: {fallback: none}`. Each stack made is kept in design.lettered (tally_stand_ins)."""
    keys = _font_keys(prep.kind.name)
    if not keys or not design.template.font_fallback:
        return values
    from generator.scene.fonts import installed_fallback

    text = "".join(_strings([value for key, value in values.items() if key not in keys]))
    out = dict(values)
    for key in keys:
        if out[key] is None:
            continue
        out[key], stood = installed_fallback(out[key], text, str(values.get("lang") or ""))
        if stood and out[key] not in design.lettered:
            design.lettered[out[key]] = (values[key], frozenset(face for face, _ in stood))
    return out


def tally_stand_ins(items: Sequence[Item], design: CardDesign) -> None:
    """Note in design.stand_ins the characters of drawn text that an installed face drew in a stack lettered
    made (the characters its element's font lacks), once per face: what `--check` and a run's note name."""
    from generator.scene.fonts import font_metrics, font_runs
    from generator.scene.model import TextLine

    for item in items:
        if isinstance(item, Group):
            tally_stand_ins(item.items, design)
        elif isinstance(item, (Text, TextLine)) and item.font in design.lettered:
            own, faces = design.lettered[item.font]
            has = font_metrics(own).has_glyph
            for face, chunk in font_runs(item.font, item.text):
                if face in faces:
                    design.stand_ins.setdefault(face, {}).update(
                        dict.fromkeys(ch for ch in chunk if not ch.isspace() and not has(ch)))


@cache
def _font_keys(kind: str) -> tuple[str, ...]:
    """The keys of an element kind that name a font."""
    found = get_kind(kind)
    return tuple(key for key, param in found.keys.items() if param.convert is to_font) if found else ()


def _strings(value: Any) -> Iterator[str]:
    """Every text inside a converted value (a text, or lists and pairs of them: paragraphs, columns, stats)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for part in value:
            yield from _strings(part)


def named_font(param: Param, raw: Any, fonts: dict[str, str]) -> Any:
    """A font key's value with a name of the template's `fonts:` block turned into its registry font."""
    if param.convert is to_font and isinstance(raw, str) and raw.strip() in fonts:
        return fonts[raw.strip()]
    return raw


def _check_text_fits(items: list[Item], prep: Prepared, record: Record) -> None:
    """Lay out each text box now so text that cannot fit is reported with its card's line."""
    from generator.scene.text import layout_text

    for box in _texts(items):
        try:
            layout_text(box)
        except LayoutError as err:
            raise DataError(f"{prep.where}: {err.message} (text starts {box.text[:30]!r})",
                            file=record.file, line=record.line) from None


def _texts(items: list[Item]) -> Iterator[Text]:
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(list(item.items))
