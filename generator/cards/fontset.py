"""A template's own fonts (`fonts:`): names mapped to font files, installed families and stacks.

```yaml
fonts:
  body: fonts/Brand-Regular.otf              # beside the template: TTF, OTF (CFF), TTC/OTC, WOFF, WOFF2
  title: {file: fonts/Brand.ttc, index: 1}   # a face of a collection
  jp: {family: "Noto Sans CJK JP"}           # installed on the machine (style:, weight: optional)
  text: [body, jp, {family: "Noto Sans Arabic"}]   # a stack: each character from the first that has it
  fallback: none                             # no installed faces for what the fonts lack (default: installed)
```

Each template file's entries are made absolute (files relative to that file's folder) and keep
their line, so `extends` can merge blocks from different folders (the child's name wins) and an
error names the file, line and `fonts.<name>`. A name is used wherever an element takes a font
(`font:`, `bold:`...), beside the nine built-in names, which a stack may also hold.

`fallback` is the block's one setting, not a font: `installed` (the default) sets a character that a
card's fonts lack in an installed face that has it (generator/scene/fonts.py installed_fallback), `none`
keeps to the template's fonts (a print shop's run, the same on every machine: what they lack prints as an
empty box and `--check` names it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.core.errors import TemplateError

ENTRY_KEYS = ("file", "index", "family", "style", "weight")
FALLBACK = "fallback"         # the block's setting: installed faces for what the fonts lack, or none
FALLBACK_VALUES = {"installed": True, "none": False}
MAX_FONTS = 64                # names in one template's block
MAX_STACK = 16                # fonts in one stack


def normalise_fonts(value: Any, file: Path, lines: Mapping[str, int]) -> dict[str, Any]:
    """The `fonts:` block of one template file: each entry a mapping (or a list of them, a stack)
    with `file` made absolute, and where it was written (`from`, `line`)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TemplateError("must map font names to files, families or stacks, e.g. fonts: {body: "
                            "fonts/Brand.otf}", file=file, line=lines.get("fonts"), key="fonts")
    if len(value) > MAX_FONTS:
        raise TemplateError(f"more than {MAX_FONTS} fonts", file=file, line=lines.get("fonts"), key="fonts")
    out: dict[str, Any] = {}
    for name, entry in value.items():
        key = f"fonts.{name}"
        line = lines.get(key)
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            raise TemplateError("a font's name is a word (letters, digits, - and _)", file=file, line=line, key=key)
        if name == FALLBACK:
            out[name] = {FALLBACK: _fallback(entry, file, line), "from": str(file), "line": line}
        elif isinstance(entry, list):
            if not 1 <= len(entry) <= MAX_STACK:
                raise TemplateError(f"a stack holds 1 to {MAX_STACK} fonts", file=file, line=line, key=key)
            out[name] = {"stack": [_entry(e, file, line, key) for e in entry], "from": str(file), "line": line}
        else:
            out[name] = {**_entry(entry, file, line, key), "from": str(file), "line": line}
    return out


def _fallback(value: Any, file: Path, line: int | None) -> bool:
    """`fallback:`: installed (true) or none (false)."""
    if isinstance(value, bool):
        return value
    setting = FALLBACK_VALUES.get(str(value).strip().lower()) if isinstance(value, str) else None
    if setting is None:
        raise TemplateError(f"is installed (the default: what the fonts lack comes from the installed fonts) or none "
                            f"(the template's fonts only), not {value!r}", file=file, line=line, key=f"fonts.{FALLBACK}")
    return setting


def font_fallback(entries: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether a merged block lets installed faces draw what its fonts lack (`fallback:`, default installed)."""
    return bool(entries.get(FALLBACK, {}).get(FALLBACK, True))


def _entry(entry: Any, file: Path, line: int | None, key: str) -> dict[str, Any]:
    """One font: {file: absolute path, index} or {family, style, weight} or {name} (another font)."""
    if isinstance(entry, str):
        from generator.scene.fonts import looks_like_file

        if looks_like_file(entry):
            return {"file": str(file.parent / entry), "index": 0}
        return {"name": entry.strip()}
    if not isinstance(entry, dict) or set(entry) - set(ENTRY_KEYS) or ("file" in entry) == ("family" in entry):
        raise TemplateError("a font is a file (body: fonts/Brand.otf), {file: ..., index: n}, {family: \"Noto "
                            "Sans JP\", style: Bold}, a font's name, or a list of these (a stack)",
                            file=file, line=line, key=key)
    if "file" in entry:
        index = entry.get("index", 0)
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise TemplateError(f"index is a face number >= 0, not {index!r}", file=file, line=line, key=key)
        return {"file": str(file.parent / str(entry["file"])), "index": index}
    return {"family": str(entry["family"]), "style": str(entry.get("style") or ""),
            "weight": entry.get("weight")}


def resolve_fonts(entries: Mapping[str, Mapping[str, Any]], template_file: Path) -> dict[str, str]:
    """{template's font name: registry name} for a merged block: files checked and registered
    (generator/scene/fonts.py add_font), families looked up, stacks made; TemplateError naming the
    file, line and `fonts.<name>` for a font that cannot be used."""
    done: dict[str, str] = {}
    for name in entries:
        if name != FALLBACK:
            _resolve(name, entries, template_file, done, ())
    return done


def _resolve(name: str, entries: Mapping[str, Mapping[str, Any]], template_file: Path, done: dict[str, str],
             path: tuple[str, ...]) -> str:
    from generator.scene.fonts import BUILT_IN

    if name in done:
        return done[name]
    entry = entries[name]
    if FALLBACK in entry:
        raise TemplateError(f"{name!r} is this block's setting (installed or none), not a font",
                            file=Path(str(entry.get("from", template_file))), line=entry.get("line"),
                            key=f"fonts.{path[-1] if path else name}")
    owner = Path(str(entry.get("from", template_file)))
    line, key = entry.get("line"), f"fonts.{name}"
    if name in path:
        raise TemplateError(f"fonts name each other in a circle ({' -> '.join((*path, name))})",
                            file=owner, line=line, key=key)
    members = entry["stack"] if "stack" in entry else [entry]
    faces: list[str] = []
    for member in members:
        if "name" in member:
            other = str(member["name"])
            if other in BUILT_IN:
                faces.append(other)
            elif other in entries and other != name:
                faces.append(_resolve(other, entries, template_file, done, (*path, name)))
            else:
                raise TemplateError(f"{other!r} is not a font file, a built-in font ({', '.join(sorted(BUILT_IN))}) "
                                    "nor a name of this `fonts:` block", file=owner, line=line, key=key)
        else:
            faces.append(_face(member, owner, line, key))
    from generator.scene.fonts import add_stack

    done[name] = add_stack(faces)
    return done[name]


def _face(member: Mapping[str, Any], owner: Path, line: int | None, key: str) -> str:
    from generator.scene.fonts import FontFileError, add_font, find_family

    try:
        if "file" in member:
            return add_font(Path(str(member["file"])), int(member.get("index", 0)))
        path, index = find_family(str(member["family"]), str(member.get("style") or ""), member.get("weight"))
        return add_font(path, index)
    except FontFileError as err:
        raise TemplateError(str(err), file=owner, line=line, key=key) from None


def font_files(entries: Mapping[str, Mapping[str, Any]]) -> list[Path]:
    """The font files a block names (watched by the preview and --watch)."""
    out = []
    for entry in entries.values():
        for member in entry.get("stack", [entry]):
            if "file" in member:
                out.append(Path(str(member["file"])))
    return out
