"""The preview's live deck: reload data and template after a save, redraw only the cards whose inputs changed.

A card is redrawn when its record's fields or line, the template files, or a picture it read change;
its SVG is rendered again only when what it draws may have changed (fields, template, pictures,
fonts). Files are read once their save has settled (generator/core/settle.py: a spreadsheet half written is not an
error yet). An error in one record is that card's error; an error in the data or template file as
a whole (a YAML typo, an unknown field) is the deck's error, shown above the last good cards, which
stay as they were, so that fixing the file brings the new cards straight back.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import PnpError, TemplateError
from generator.core.files import read_bounded
from generator.core.limits import MAX_DATA_BYTES

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.records import Record

PROGRESS_S = 0.15          # the first paint publishes the cards ready so far this often

DrawnKey = tuple[str, str, "int | None", str]     # a record's fields (repr), file, line and the template's signature


@dataclass
class CardState:
    """What the page shows for one card (numbered from 1, copies of a record included)."""

    number: int
    label: str
    key: str = ""                  # the SVG pair it shows ("" before any good render)
    has_back: bool = False
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    boxes: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "label": self.label, "key": self.key, "has_back": self.has_back,
                "error": self.error, "warnings": self.warnings, "boxes": self.boxes}


@dataclass
class _Drawn:
    """A record drawn once: what it showed, the files it read and their stamps."""

    state: CardState
    images: dict[Path, tuple[int, int]]
    stand_ins: dict[str, str] = field(default_factory=dict)   # installed face -> the characters it drew here


class LiveDeck:
    """The deck as the preview shows it; refresh() after any save; thread-safe reads via snapshot()."""

    def __init__(self, data: str | Path, template: str | Path, *, bleed: float | None = None,
                 image_loader: Any = None, deck_findings: Any = None, sheet: str | None = None,
                 allow_outside: bool = False) -> None:
        self.data, self.template, self.bleed = data, template, bleed
        self.sheet, self.allow_outside = sheet, allow_outside
        self.pdfx = False        # the print button writes PDF/X: warn where its flattening turns text into pixels
        self.print_label = ""    # what the print button writes (its tooltip)
        self.image_loader = image_loader
        self.deck_findings = deck_findings          # (count, design) -> list of deck-wide warnings
        self.lock = threading.Condition()
        self.version = 0
        self.cards: list[CardState] = []
        self.error: str | None = None
        self.warnings: list[str] = []
        self.meta: dict[str, Any] = {}
        self.svgs: dict[str, tuple[bytes, bytes | None]] = {}
        self.design: Any = None
        self.records: list[Any] = []
        self.inputs: set[Path] = set()
        self._drawn: dict[DrawnKey, _Drawn] = {}
        self.last_refresh = 0.0
        self._template_cache: tuple[dict[Path, tuple[int, int]], Any] = ({}, None)
        self._pending: dict[str, Any] = {}          # drawings awaiting their SVGs (digest -> card)
        self.charset: dict[str, str] = {}           # every character drawn this session, per font

    # --- inputs -------------------------------------------------------------------------------------

    def files(self) -> set[Path]:
        """Every file the deck was made from: data, templates (with the ones extended), pictures, fonts."""
        with self.lock:
            return set(self.inputs)

    def _find_inputs(self, tmpl: Any, images: set[Path]) -> set[Path]:
        from generator.cards.records import resolve_data
        from generator.cards.templates import resolve_template
        from generator.paths import fonts_dir

        found: set[Path] = set(images)
        for resolve, name in ((resolve_data, self.data), (resolve_template, self.template)):
            try:
                found.add(resolve(name))
            except PnpError:
                found.add(Path(name))
        found.update(tmpl.files if tmpl is not None else ())
        found.update(p for p in fonts_dir().glob("*.ttf"))
        return {Path(p).resolve() for p in found}

    # --- refreshing ---------------------------------------------------------------------------------

    def refresh(self, progressive: bool = False) -> set[int]:
        """Reload and redraw what changed; returns the numbers of the cards whose view changed.
        `progressive` (the first paint): publish the cards drawn so far every PROGRESS_S seconds."""
        start = time.perf_counter()
        from generator.core.settle import settled

        try:
            records, tmpl, design = settled(self._load, lambda: self._find_inputs(self._template_cache[1], set()))
        except PnpError as err:
            return self._whole_deck_error(str(err), getattr(err, "_tmpl", None))
        sig = self._template_sig(tmpl, design)
        states, images = [], set()
        stood: dict[str, dict[str, None]] = {}
        self._pending = {}
        for number, record in enumerate(records, 1):
            state, read, chars = self._card(design, record, number, sig)
            states.append(state)
            images.update(read)
            for face, drawn in chars.items():
                stood.setdefault(face, {}).update(dict.fromkeys(drawn))
        from generator.cards.preflight import stand_in_lines, xml_findings

        deck_warnings = [str(f) for f in (self.deck_findings(len(records), design) if self.deck_findings else [])]
        deck_warnings += [str(f) for f in xml_findings(records)]
        deck_warnings += stand_in_lines(stood)       # as --check says them: the cards depend on this machine
        inputs = self._find_inputs(tmpl, images)
        self._render_pending(design, states if progressive else None, deck_warnings, records, inputs)
        self._prune({s.key for s in states})
        changed = self._publish(states, None, deck_warnings, design, records, inputs)
        self.last_refresh = time.perf_counter() - start
        return changed

    def _render_pending(self, design: Any, states: list[CardState] | None, warnings: list[str],
                        records: list[Any], inputs: set[Path]) -> None:
        """Render the drawings no SVG exists for yet, each face embedding the session's one subset
        of each font (grown when a card sets a new character); with `states`, publish the leading
        cards ready so far as it goes."""
        from generator.render.svg import text_chars

        pages = {digest: self._pages(card, design) for digest, card in self._pending.items()}
        for font, chars in text_chars([p for pair in pages.values() for p in pair if p is not None]).items():
            self.charset[font] = "".join(sorted(set(self.charset.get(font, "")) | set(chars)))
        last = time.perf_counter()
        done: dict[Any, bytes] = {}          # a page drawn twice (the deck's one back) rendered once
        for digest, (front, back) in pages.items():
            self.svgs[digest] = (self._render(front, done), None if back is None else self._render(back, done))
            if states is not None and time.perf_counter() - last > PROGRESS_S:
                ready = 0
                while ready < len(states) and (not states[ready].key or states[ready].key in self.svgs):
                    ready += 1
                self._publish(states[:ready], None, warnings, design, records, inputs)
                last = time.perf_counter()
        self._pending = {}

    def _load(self) -> tuple[list[Record], Any, Any]:
        from generator.cards import load_records, load_template
        from generator.cards.build import check_template

        tmpl = None
        try:
            records = load_records(self.data, sheet=self.sheet)
            tmpl = self._template_cache[1] if self._template_fresh() else None
            if tmpl is None:
                tmpl = load_template(self.template)
                self._template_cache = ({Path(p): _stamp(p) for p in tmpl.files}, tmpl)
            design = check_template(tmpl, records, bleed=self.bleed)
            design.allow_outside_files = self.allow_outside
        except PnpError as err:
            vars(err)["_tmpl"] = tmpl      # kept on the error: the template's files, to keep watching
            raise
        return records, tmpl, design

    def _template_fresh(self) -> bool:
        """Whether the template loaded last time still stands (none of its files changed)."""
        stamps, tmpl = self._template_cache
        return tmpl is not None and all(_stamp(p) == stamp for p, stamp in stamps.items())

    def _whole_deck_error(self, message: str, tmpl: Any) -> set[int]:
        """The deck's error above the last good cards (kept as they were drawn)."""
        with self.lock:
            inputs = self._find_inputs(tmpl, set()) | self.inputs
            states = list(self.cards)
            warnings = list(self.warnings)
        return self._publish(states, message, warnings, self.design, self.records, inputs)

    def _template_sig(self, tmpl: Any, design: Any) -> str:
        from generator.paths import fonts_dir

        digest = hashlib.sha1(repr((design.bleed, design.card_size)).encode())
        for path in tmpl.files:
            digest.update(str(path).encode() + b"\0" + read_bounded(path, MAX_DATA_BYTES, "template", TemplateError))
        for font in sorted(fonts_dir().glob("*.ttf")):
            digest.update(repr((font.name, _stamp(font))).encode())
        return digest.hexdigest()[:16]

    def _card(self, design: Any, record: Any, number: int, sig: str) -> tuple[CardState, set[Path], dict[str, str]]:
        fields = repr(sorted(record.fields.items(), key=lambda kv: kv[0]))
        key = (fields, str(record.file), record.line, sig)
        cached = self._drawn.get(key)
        if cached is None or any(_stamp(p) != stamp for p, stamp in cached.images.items()):
            cached = self._draw(design, record, number, fields, sig)
            self._drawn[key] = cached
        state = cached.state
        if state.number != number:     # a copy of a record (qty) shows the same drawing
            state = CardState(number, state.label, state.key, state.has_back, state.error, state.warnings,
                              state.boxes)
        return state, set(cached.images), cached.stand_ins

    def _draw(self, design: Any, record: Any, number: int, fields: str, sig: str) -> _Drawn:
        from generator.cards.session import draw_card

        design.stand_ins.clear()         # this card's own stand-ins, kept with its drawing (a cached card has them)
        drawing = draw_card(design, record, number, self.image_loader, pdfx=self.pdfx)
        images = {Path(p).resolve(): _stamp(p) for p in drawing.images}
        if drawing.error is not None:
            return _Drawn(CardState(number, drawing.label, "", False, drawing.error), images)
        stood = {face: "".join(chars) for face, chars in design.stand_ins.items()}
        digest = hashlib.sha1(f"{fields}\0{sig}\0{sorted(images.items())}".encode()).hexdigest()[:16]
        has_back = drawing.card.back is not None
        if digest not in self.svgs:
            self._pending[digest] = drawing.card          # rendered by _render_pending
        return _Drawn(CardState(number, drawing.label, digest, has_back, None,
                                [_short(f) for f in drawing.findings], drawing.boxes), images, stood)

    @staticmethod
    def _pages(card: Any, design: Any) -> tuple[Any, Any]:
        """A card's face and back pages (None: no back)."""
        from generator.scene.imposition import card_pages

        front = card_pages([card], design.card_size, design.bleed)[0]
        if card.back is None:
            return front, None
        return front, card_pages([card], design.card_size, design.bleed, side="back")[0]

    def _render(self, page: Any, done: dict[Any, bytes]) -> bytes:
        from generator.render import render_svg
        from generator.render.pool import page_key

        key = page_key(page)
        if key not in done:
            done[key] = render_svg(page, charset=self.charset)
        return done[key]

    def _prune(self, keep: set[str]) -> None:
        """Forget drawings no card shows (bounded memory over a long session)."""
        if len(self._drawn) > 4 * max(len(keep), 64):
            self._drawn = {k: v for k, v in self._drawn.items() if v.state.key in keep}
        if len(self.svgs) > 4 * max(len(keep), 64):
            self.svgs = {k: v for k, v in self.svgs.items() if k in keep}

    def _publish(self, states: list[CardState], error: str | None, warnings: list[str], design: Any,
                 records: list[Record], inputs: set[Path]) -> set[int]:
        with self.lock:
            before = {c.number: c.to_json() for c in self.cards}
            changed = {s.number for s in states if before.get(s.number) != s.to_json()}
            changed |= set(before) - {s.number for s in states}
            if changed or error != self.error or warnings != self.warnings:
                self.version += 1
            self.cards, self.error, self.warnings, self.inputs = states, error, warnings, inputs
            if design is not None:
                self.design, self.records = design, records
                self.meta = {**_meta(design), "title": self.title(records), "template": design.template.name,
                             "print": self.print_label}
            self.lock.notify_all()
        return changed

    def title(self, records: list[Record]) -> str:
        """The deck's name, as its printed files are named (the data file's, or its folder's)."""
        from generator.publish.carddeck import deck_stem, printable

        return printable(deck_stem(records[0].file)) if records else ""

    # --- reading ------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The state as JSON data for the page."""
        with self.lock:
            return {"version": self.version, "error": self.error, "warnings": list(self.warnings),
                    **self.meta, "cards": [c.to_json() for c in self.cards]}

    def svg(self, number: int, side: str, key: str | None = None) -> bytes | None:
        """The SVG of a card's face as last rendered well, or of the drawing `key` when given (the
        page asks by key, so an address always means the same drawing); None: no such card or face."""
        with self.lock:
            if not 1 <= number <= len(self.cards):
                return None
            pair = self.svgs.get(key if key is not None else self.cards[number - 1].key)
        if pair is None:
            return None
        return pair[0] if side == "front" else pair[1]

    def wait(self, version: int, timeout: float) -> int:
        """Block until the version passes `version` (or timeout); returns the current version."""
        with self.lock:
            self.lock.wait_for(lambda: self.version != version, timeout=timeout)
            return self.version

    def wake(self) -> None:
        """Wake every waiter (used when the server stops)."""
        with self.lock:
            self.lock.notify_all()


def _meta(design: Any) -> dict[str, Any]:
    tmpl = design.template
    return {"title": tmpl.name, "card_w": design.card_w, "card_h": design.card_h, "bleed": design.bleed,
            "safe": tmpl.safe}


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = Path(path).stat()
    except OSError:
        return (0, -1)
    return (st.st_mtime_ns, st.st_size)


def _short(finding: Any) -> str:
    """A warning as the page shows it under its card: the element and the message."""
    return ": ".join(p for p in (finding.where, finding.message) if p)
