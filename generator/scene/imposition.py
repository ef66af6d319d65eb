"""Print layout (imposition): cards placed n-up on paper with bleed, crop marks, duplex backs,
gutter fold and footers; also single-card pages and whole-page sheets. The public entry point.

Everything is in millimetres on the drawing model; nothing is ever scaled. The pieces live in
papers.py (sizes, margins), grid.py (per-axis placement), layout.py (SheetSpec and the sheet plan),
marks.py (crop marks, cut and fold lines), footer.py (footer and scale bar) and calibration.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from generator.scene.footer import add_footers, content_box_for, footer_items, footer_text, layout_words
from generator.scene.grid import Axis
from generator.scene.layout import Plan, SheetSpec, cards_per_sheet, check_offset, parse_offset, plan_sheet
from generator.scene.marks import crop_marks, cut_lines, fold_line
from generator.scene.model import Group, Item, Page, Rect, translate
from generator.scene.papers import (
    CARD_SIZES,
    FOOTER_GAP,
    FOOTER_HEIGHT,
    PAPERS,
    PRINTER_MARGIN,
    SAFE_MARGIN,
    SCALE_BAR_LENGTH,
    paper_size,
    parse_card_size,
)


@dataclass(frozen=True)
class Card:
    """One card: front and optional back items in card-local mm ((0,0) = top-left of the trim;
    art meant to bleed extends to -bleed and w+bleed / h+bleed)."""

    front: Sequence[Item]
    back: Sequence[Item] | None = None
    label: str = ""


def impose(cards: Sequence[Card], spec: SheetSpec, *, title: str = "pnpgen cards",
           source: str = "", lang: str = "en", printer: str = "", plan: Plan | None = None) -> list[Page]:
    """Cards n-up on sheets: each fronts sheet followed by its backs sheet (with duplex and backs),
    or fronts and backs side by side (gutter fold); footers on every page, saying the orientation
    and flip the backs are laid out for (and the printer profile, if any). No cards: no pages.

    The back offset moves the back cards and their marks, never the footer; LayoutError if it
    would push a card into the printer margin (see layout.check_offset). `plan`: the spec's sheet
    plan when the caller has it (generator.publish plans a deck once), else planned here."""
    plan = plan or plan_sheet(spec)
    check_offset(plan, spec)
    per = plan.per_sheet
    chunks = [list(cards[i:i + per]) for i in range(0, len(cards), per)]
    pages = [page for number, chunk in enumerate(chunks, start=1) for page in _sheet(chunk, plan, spec, number)]
    _add_numbered_footers(pages, plan, spec, title, source, lang, printer)
    if spec.scale != (1.0, 1.0):
        for page in pages:
            scale_page(page, *spec.scale)
    return pages


def impose_stream(cards: Iterable[Card], count: int, has_backs: bool, spec: SheetSpec, *,
                  title: str = "pnpgen cards", source: str = "", lang: str = "en", printer: str = "",
                  plan: Plan | None = None) -> Iterator[Page]:
    """impose() sheet by sheet as the cards come (each sheet's pages made when its cards are drawn,
    so they may be freed once written): `count` cards, all with backs or none (has_backs), the
    same pages impose() makes of them."""
    plan = plan or plan_sheet(spec)
    check_offset(plan, spec)
    per = plan.per_sheet
    two = bool(spec.duplex) and has_backs and not spec.gutter_fold
    total = -(-count // per) * (2 if two else 1)
    footer = _Footer(plan, spec, title, source, lang, printer, total, two)
    number, chunk, seen = 0, [], 0
    for card in cards:
        chunk.append(card)
        seen += 1
        if len(chunk) == per or seen == count:
            number += 1
            if any(c.back is not None for c in chunk) != has_backs:
                raise RuntimeError("internal: impose_stream was told every card has a back, or none")
            for page in _sheet(chunk, plan, spec, number):
                footer.add(page)
                if spec.scale != (1.0, 1.0):
                    scale_page(page, *spec.scale)
                yield page
            chunk = []
    if seen != count or footer.number != total:
        raise RuntimeError(f"internal: impose_stream was told {count} cards, got {seen}")


def _sheet(chunk: list[Card], plan: Plan, spec: SheetSpec, number: int) -> list[Page]:
    """One sheet's pages: its fronts and (duplex, with backs) its backs, or its gutter-fold page."""
    if spec.gutter_fold:
        return [_fold_page(chunk, plan, spec, number)]
    pages = [_face_page(chunk, plan, spec, number, "front")]
    if spec.duplex and any(card.back is not None for card in chunk):
        backs_plan = _shifted(plan.backs(spec.duplex), spec.offset)
        pages.append(_face_page(chunk, backs_plan, spec, number, "back"))
    return pages


def scale_page(page: Page, sx: float, sy: float) -> None:
    """Everything drawn 1/sx, 1/sy larger about the paper's centre, so a printer that prints at
    sx, sy gives true sizes (its margins come back to 5 mm as it shrinks the page)."""
    kx, ky = 1.0 / sx, 1.0 / sy
    cx, cy = page.width / 2.0, page.height / 2.0
    page.items = [Group(tuple(page.items), transform=(kx, 0.0, 0.0, ky, cx - cx * kx, cy - cy * ky))]
    for name in ("trim_box", "bleed_box"):
        box = getattr(page, name)
        if box is not None:
            x, y, w, h = box
            setattr(page, name, _clamped(page, cx + (x - cx) * kx, cy + (y - cy) * ky, w * kx, h * ky))


def _shifted(plan: Plan, offset: tuple[float, float]) -> Plan:
    """The back plan with its cards moved by the offset; the printable limits stay where they are,
    so the marks drawn against them never leave the margins."""
    dx, dy = offset
    return replace(plan, xs=replace(plan.xs, start=plan.xs.start + dx),
                   ys=replace(plan.ys, start=plan.ys.start + dy))


def _slots(plan: Plan) -> list[tuple[int, int]]:
    """(column, row) of each card position, row by row from the top-left of the fronts."""
    return [(c, r) for r in range(plan.ys.count) for c in range(plan.xs.count)]


def _face_page(chunk: list[Card], plan: Plan, spec: SheetSpec, number: int, side: str) -> Page:
    """One page of fronts, or of backs on the mirrored plan (each back behind its front).

    A sheet turned about its horizontal centre line (portrait short-edge, landscape long-edge)
    would show upright-drawn backs upside down on a cut card turned over sideways, so there each
    back is turned 180 degrees in its slot (see docs/imposition.md)."""
    page = Page(plan.width, plan.height, label=f"sheet {number} {side}", kind=side)
    xs, ys = plan.xs.positions(), plan.ys.positions()
    mirror_x = side == "back" and plan.flip_axis(spec.duplex) == "x"
    mirror_y = side == "back" and not mirror_x
    slots = []
    for card, (c, r) in zip(chunk, _slots(plan), strict=False):
        ci = plan.xs.count - 1 - c if mirror_x else c
        ri = plan.ys.count - 1 - r if mirror_y else r
        slots.append((xs[ci], ys[ri]))
        items = card.front if side == "front" else card.back
        if items is None:
            continue
        page.add(_placed(items, plan.xs, plan.ys, ci, ri, xs[ci], ys[ri], spec.bleed,
                         turned=mirror_y))
    page.add(*_marks(plan.xs, plan.ys, spec, cut=side == "front"))
    _set_boxes(page, slots, plan.xs.card, plan.ys.card, spec.bleed)
    return page


def _placed(items: Sequence[Item], xs: Axis, ys: Axis, ci: int, ri: int, x: float, y: float,
            bleed: float, turned: bool = False) -> Group:
    """A card face moved to (x, y) and clipped to its bleed box (outer bleed on block edges);
    `turned`: rotated 180 degrees about the card's centre first."""
    left = bleed if ci == 0 else xs.inner_bleed(bleed)
    right = bleed if ci == xs.count - 1 else xs.inner_bleed(bleed)
    top = bleed if ri == 0 else ys.inner_bleed(bleed)
    bottom = bleed if ri == ys.count - 1 else ys.inner_bleed(bleed)
    clip = Rect(-left, -top, xs.card + left + right, ys.card + top + bottom, fill=None, stroke=None)
    if turned:
        items = (Group(tuple(items), transform=(-1.0, 0.0, 0.0, -1.0, xs.card, ys.card)),)
    return Group(tuple(items), transform=translate(x, y), clip=clip)


def _marks(xs: Axis, ys: Axis, spec: SheetSpec, cut: bool = True) -> list[Item]:
    """Cut lines (fronts only: a back a little off would show them on its edge) and crop marks."""
    items: list[Item] = []
    if spec.cut_lines and cut:
        items += cut_lines(xs, ys, spec.bleed)
    if spec.crop_marks:
        items += crop_marks(xs, ys, spec.bleed)
    return items


def _set_boxes(page: Page, slots: list[tuple[float, float]], cw: float, ch: float,
               bleed: float) -> None:
    """TrimBox: the cards this sheet holds (a part-filled sheet: only its filled slots);
    BleedBox: that and its outer bleed, kept on the paper."""
    x0, y0 = min(x for x, _ in slots), min(y for _, y in slots)
    x1, y1 = max(x for x, _ in slots) + cw, max(y for _, y in slots) + ch
    page.trim_box = (x0, y0, x1 - x0, y1 - y0)
    page.bleed_box = _clamped(page, x0 - bleed, y0 - bleed, x1 - x0 + 2 * bleed, y1 - y0 + 2 * bleed)


def _fold_page(chunk: list[Card], plan: Plan, spec: SheetSpec, number: int) -> Page:
    """Fronts left of a dashed fold line, their backs mirrored about it on the right, upright."""
    page = Page(plan.width, plan.height, label=f"sheet {number} fold", kind="front")
    back_xs = plan.xs.mirrored(plan.width)
    fx, bx, ys = plan.xs.positions(), back_xs.positions(), plan.ys.positions()
    last = plan.xs.count - 1
    assert plan.fold is not None, "a gutter-fold plan has a fold line"
    for card, (c, r) in zip(chunk, _slots(plan), strict=False):
        page.add(_placed(card.front, plan.xs, plan.ys, c, r, fx[c], ys[r], spec.bleed))
        if card.back is not None:
            page.add(_placed(card.back, back_xs, plan.ys, last - c, r, bx[last - c], ys[r],
                             spec.bleed))
    page.add(*_marks(plan.xs, plan.ys, spec), *_marks(back_xs, plan.ys, spec, cut=False))
    page.add(*fold_line(plan.fold, PRINTER_MARGIN, plan.ys.hi))
    return page


def _add_numbered_footers(pages: list[Page], plan: Plan, spec: SheetSpec, title: str,
                          source: str, lang: str = "en", printer: str = "") -> None:
    """Footers (page n/N, orientation and flip) on the plan's side; back pages on the mirrored
    side (never shifted by the offset: the footer need not line up with anything)."""
    flipped = any(page.kind == "back" for page in pages)    # no backs: no flip to claim
    footer = _Footer(plan, spec, title, source, lang, printer, len(pages), flipped)
    for page in pages:
        footer.add(page)


class _Footer:
    """The numbered footers of a run of `total` pages, added page after page."""

    def __init__(self, plan: Plan, spec: SheetSpec, title: str, source: str, lang: str, printer: str,
                 total: int, flipped: bool) -> None:
        self.plan, self.spec, self.title, self.source, self.lang, self.total = plan, spec, title, source, lang, total
        self.layout = layout_words(lang, duplex=spec.duplex if flipped else None, landscape=plan.landscape,
                                   gutter_fold=spec.gutter_fold, offset=spec.offset, printer=printer)
        self.number = 0

    def add(self, page: Page) -> Page:
        self.number += 1
        side = self.plan.backs(self.spec.duplex).footer if page.kind == "back" else self.plan.footer
        page.add(*footer_items(side, page.width, page.height, footer_text(self.title, self.source, self.number,
                                                                          self.total, self.lang, self.layout),
                               self.lang))
        return page


def _clamped(page: Page, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """A box cut to the paper (a PDF box may not leave the MediaBox)."""
    x0, y0 = max(x, 0.0), max(y, 0.0)
    x1, y1 = min(x + w, page.width), min(y + h, page.height)
    return (x0, y0, x1 - x0, y1 - y0)


def card_pages(cards: Sequence[Card], card_size: tuple[float, float] | str, bleed: float = 0.0,
               side: str = "front") -> list[Page]:
    """Each card face as its own page (kind "card"), card size plus bleed all round, clipped.

    A card without a back gives a blank page for side="back", so indexes stay aligned.
    """
    if side not in ("front", "back"):
        raise ValueError(f"side must be 'front' or 'back', not {side!r}")
    w, h = parse_card_size(card_size)
    pages = []
    for index, card in enumerate(cards, start=1):
        items = card.front if side == "front" else card.back
        page = Page(w + 2 * bleed, h + 2 * bleed, label=f"{card.label or f'card {index}'} {side}",
                    kind="card", trim_box=(bleed, bleed, w, h), bleed_box=(0.0, 0.0, w + 2 * bleed,
                                                                          h + 2 * bleed))
        if items is not None:
            clip = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=None, stroke=None)
            page.add(Group(tuple(items), transform=translate(bleed, bleed), clip=clip))
        pages.append(page)
    return pages


def sheet_pages(count: int, paper: str = "a4", landscape: bool = False) -> list[Page]:
    """Blank whole-page sheets (kind "sheet") for products that are a page rather than cards."""
    w, h = paper_size(paper, landscape)
    return [Page(w, h, label=f"sheet {i}", kind="sheet") for i in range(1, count + 1)]


def content_box(paper: str = "a4", landscape: bool = False) -> tuple[float, float, float, float]:
    """(x, y, w, h) usable on a whole-page sheet: inside the margins and above the footer."""
    return content_box_for(*paper_size(paper, landscape))


def safe_box(card_size: tuple[float, float] | str,
             safe: float = SAFE_MARGIN) -> tuple[float, float, float, float]:
    """The card's safe area in card-local mm (trim inset by `safe`): keep text inside it."""
    w, h = parse_card_size(card_size)
    return (safe, safe, w - 2 * safe, h - 2 * safe)


def calibration_pages(spec: SheetSpec | None = None) -> list[Page]:
    """A front and a back page for measuring a printer's duplex offset (see calibration.py)."""
    from generator.scene.calibration import calibration_pages as build

    return build(spec or SheetSpec())


__all__ = [
    "CARD_SIZES",
    "FOOTER_GAP",
    "FOOTER_HEIGHT",
    "PAPERS",
    "PRINTER_MARGIN",
    "SAFE_MARGIN",
    "SCALE_BAR_LENGTH",
    "Card",
    "SheetSpec",
    "add_footers",
    "calibration_pages",
    "card_pages",
    "cards_per_sheet",
    "content_box",
    "impose",
    "paper_size",
    "parse_card_size",
    "parse_offset",
    "plan_sheet",
    "safe_box",
    "scale_page",
    "sheet_pages",
]
