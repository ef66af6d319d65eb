"""Render the pictures of docs/imposition.md, docs/tts.md, docs/pod.md, docs/cutting.md, docs/cards.md and docs/box.md
(run from the repository).

    python docs/make_pictures.py        # writes docs/imposition.png, docs/tts.png, docs/pod.png, docs/pdfx.png,
                                        # docs/cutting.png, docs/paint.png, docs/linked-data.png, docs/box.png
    python docs/make_pictures.py box    # just docs/box.png
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from generator.render import render_png  # noqa: E402
from generator.scene.model import Group, Line, Page, Polygon, Rect, Stroke, Text, rotate  # noqa: E402

INK, GREY, RED = "#222222", "#999999", "#c0392b"
THIN, DASH = Stroke(INK, 0.3), Stroke(GREY, 0.3, dash=(1.5, 1.0))


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str = RED) -> list:
    """A line with a small head at (x2, y2) (axis-aligned arrows only)."""
    dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
    head = [(x2, y2), (x2 - 2 * dx - 1.2 * dy, y2 - 2 * dy - 1.2 * dx),
            (x2 - 2 * dx + 1.2 * dy, y2 - 2 * dy + 1.2 * dx)]
    return [Line(x1, y1, x2, y2, stroke=Stroke(colour, 0.5)), Polygon(head, fill=colour, stroke=None)]


def _label(x, y, w, text, size=7.0, align="center", colour=INK, font="sans") -> Text:
    return Text(x, y, w, 5, text, size=size, align=align, color=colour, font=font, wrap=False)


def _sheet(x: float, y: float, title: str, turned: bool, mirror: str) -> list:
    """A small sheet: fronts F1 F2 / F3 F4, then its back page as printed for a flip."""
    items = [_label(x, y - 7, 120, title, 7.5, "left", font="sans-bold")]
    for side, ox in (("front", x), ("back, as printed", x + 32)):
        items += [Rect(ox, y, 26, 34, fill="#ffffff", stroke=THIN), _label(ox, y + 35, 26, side, 6)]
        for i in range(4):
            c, r = i % 2, i // 2
            if side != "front":
                c = 1 - c if mirror == "x" else c
                r = 1 - r if mirror == "y" else r
            cx, cy = ox + 3 + c * 11, y + 4 + r * 14
            face = "#f2e6c9" if side == "front" else "#27466b"
            items.append(Rect(cx, cy, 9, 12, fill=face, stroke=None))
            word = f"F{i + 1}" if side == "front" else f"B{i + 1}"
            text = _label(0, 0, 9, word, 7, colour=INK if side == "front" else "#ffffff",
                          font="sans-bold")
            angle = 180 if (turned and side != "front") else 0
            items.append(Group((text,), transform=_placed(cx, cy + 3.5, angle)))
    return items


def _placed(x: float, y: float, angle: float):
    from generator.scene.model import compose, translate

    return compose(translate(x, y), rotate(angle, 4.5, 2.5)) if angle else translate(x, y)


def imposition_picture() -> bytes:
    page = Page(190.0, 106.0)
    page.add(Rect(0, 0, 190, 106, fill="#ffffff", stroke=None))
    # left: the sign convention of --offset on the printed back page
    page.add(_label(4, 3, 80, "--offset X,Y on the back page, as printed", 8, "left", font="sans-bold"))
    page.add(Rect(8, 12, 56, 74, fill="#fbfbf8", stroke=THIN))
    page.add(Rect(18, 24, 24, 33, fill=None, stroke=DASH))
    page.add(Rect(26, 30, 24, 33, fill="#27466b", stroke=None))
    page.add(_label(26, 44, 24, "back", 7, colour="#ffffff", font="sans-bold"))
    page.add(*_arrow(18, 20, 26, 20), _label(14, 14.5, 16, "+X", 7, colour=RED, font="sans-bold"))
    page.add(*_arrow(14, 24, 14, 30), _label(5, 25, 9, "+Y", 7, colour=RED, font="sans-bold"))
    page.add(_label(10, 66, 52, "dashed: where the back would print", 6, "left"))
    page.add(_label(10, 71, 52, "--offset 8,6: 8 mm right, 6 mm down", 6, "left"))
    page.add(_label(10, 76, 52, "(negative: left / up); never nearer", 6, "left"))
    page.add(_label(10, 81, 52, "than 5 mm to the paper edge", 6, "left"))
    # right: the two flips on portrait paper
    page.add(*_sheet(72, 14, "portrait, --duplex long", False, "x"))
    page.add(*_sheet(72, 64, "portrait, --duplex short: backs turned", True, "y"))
    page.add(_label(132, 20, 58, "columns mirrored;", 6.5, "left"))
    page.add(_label(132, 25, 58, "backs upright", 6.5, "left"))
    page.add(_label(132, 70, 58, "rows mirrored; each back", 6.5, "left"))
    page.add(_label(132, 75, 58, "turned 180 degrees, so a", 6.5, "left"))
    page.add(_label(132, 80, 58, "cut card turned over", 6.5, "left"))
    page.add(_label(132, 85, 58, "sideways reads upright", 6.5, "left"))
    return render_png(page, dpi=150)


def _pnpgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "generator", *args], check=True, cwd=DOCS.parent)


def tts_picture() -> bytes:
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        _pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "60", "-q", "-o", tmp)
        with Image.open(Path(tmp) / "example-tts-1.png") as im:
            out = io.BytesIO()
            im.convert("RGB").save(out, "PNG", optimize=True)
            return out.getvalue()


def pod_picture() -> bytes:
    """The first card as tgc-poker asks for it, with its trim (red) and safe area (blue) drawn on."""
    from PIL import Image, ImageDraw

    with tempfile.TemporaryDirectory() as tmp:
        _pnpgen("cards", "example", "example", "--format", "pod", "--pod", "tgc-poker", "-q", "-o", tmp)
        with Image.open(Path(tmp) / "example-front-001.png") as im:
            card = im.convert("RGB")
    draw = ImageDraw.Draw(card)
    bleed = (825 - 750) / 2
    draw.rectangle((bleed, bleed, 825 - bleed, 1125 - bleed), outline=(255, 225, 0), width=4)
    safe = bleed + 37.5
    draw.rectangle((safe, safe, 825 - safe, 1125 - safe), outline=(30, 90, 220), width=2)
    small = card.resize((413, 563), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()


def pdfx_picture() -> bytes:
    """The first card's two pages of the example deck as --format pdfx writes them (rendered by
    pdftoppm), the TrimBox drawn on in yellow: the card, its 1/8 in bleed around it."""
    from PIL import Image, ImageDraw

    dpi = 100
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "deck.pdf"
        _pnpgen("cards", "example", "example", "--format", "pdfx", "-q", "-o", str(pdf))
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "2", str(pdf), str(Path(tmp) / "p")],
                       check=True)
        pages = [Image.open(path).convert("RGB") for path in sorted(Path(tmp).glob("p-*.png"))]
    bleed = 25.4 / 8 / 25.4 * dpi
    gap = 24
    out_image = Image.new("RGB", (sum(p.width for p in pages) + gap * (len(pages) + 1), pages[0].height + 2 * gap),
                          (235, 235, 235))
    x = gap
    for page in pages:
        ImageDraw.Draw(page).rectangle((bleed, bleed, page.width - bleed, page.height - bleed),
                                       outline=(255, 225, 0), width=2)
        out_image.paste(page, (x, gap))
        x += page.width + gap
    out = io.BytesIO()
    out_image.save(out, "PNG", optimize=True)
    return out.getvalue()
def cutting_picture() -> bytes:
    """A Silhouette sheet (Letter, poker, the example deck) as printed, its cut file drawn over it in red,
    beside the Cricut image of the same deck (transparent outside the cards, shown on grey)."""
    from PIL import Image, ImageDraw
    from svgelements import SVG
    from svgelements import Path as SvgPath

    dpi = 60
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        _pnpgen("cards", "example", "example", "--cutter", "silhouette", "--paper", "letter",
                "--duplex", "none", "-o", str(out / "s" / "deck.pdf"), "-q")
        _pnpgen("cards", "example", "example", "--cutter", "cricut", "--duplex", "none", "-o", str(out / "c"), "-q")
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                        str(out / "s" / "deck.pdf"), str(out / "sheet")], check=True)
        sheet = Image.open(out / "sheet.png").convert("RGB")
        draw = ImageDraw.Draw(sheet)
        k = dpi / 25.4
        for path in SVG.parse(str(out / "s" / "deck-cut-001.svg"), ppi=25.4).elements():
            if isinstance(path, SvgPath):
                points = [path.point(t / 200) for t in range(201)]
                draw.line([(p.x * k, p.y * k) for p in points], fill="#ff00ff", width=2)
        cricut = Image.open(sorted((out / "c").glob("*-sheet-001.png"))[0]).convert("RGBA")
        cricut = cricut.resize((round(cricut.width * dpi / 300), round(cricut.height * dpi / 300)), Image.Resampling.LANCZOS)
    gap = 20
    picture = Image.new("RGB", (sheet.width + cricut.width + 3 * gap, max(sheet.height, cricut.height) + 2 * gap), "#d8d8d8")
    picture.paste(sheet, (gap, gap))
    picture.paste(cricut, (sheet.width + 2 * gap, gap), cricut)
    buf = io.BytesIO()
    picture.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def box_picture() -> bytes:
    """The example deck's tuck box: its die as printed (left) and the same die folded (right), an isometric
    drawing of the folded geometry (generator.scene.box.folded_faces) with each panel's print mapped on."""
    from PIL import Image, ImageDraw, ImageEnhance

    from generator.cards import load_records, load_template
    from generator.cards.build import build_cards, check_template
    from generator.render import render_png
    from generator.scene.box import BoxSpec, fold, folded_point
    from generator.scene.boxpages import BoxArt, box_pages, plan_box

    design = check_template(load_template("example"), records := load_records("example"))
    back = build_cards(records[:1], design)[0].back
    block = design.template.box or {}
    spec = BoxSpec(design.card_size, len(records))
    art = BoxArt(block["title"], block["colour"], block["ink"], tuple(back or ()), design.card_size)
    placed = plan_box(spec, "a4")[0]
    dpi = 150
    k = dpi / 25.4
    sheet = Image.open(io.BytesIO(render_png(box_pages(spec, art, "a4", "fr", placed=[placed])[0], dpi=dpi)))
    sheet = sheet.convert("RGB")
    die, ox, oy = placed.die, placed.x, placed.y
    placement = fold(die)
    s = 3.4                                  # screen px per mm of the folded box

    # a camera looking at the box's front, right side and top (the die's z points into the page, y down)
    forward = (-1 / 3**0.5, 1 / 3**0.5, -1 / 3**0.5)
    right = (forward[1] * 0.0 - forward[2] * -1.0, forward[2] * 0.0 - forward[0] * 0.0, forward[0] * -1.0 - forward[1] * 0.0)
    norm = sum(v * v for v in right) ** 0.5
    right = tuple(v / norm for v in right)
    up = (right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
          right[0] * forward[1] - right[1] * forward[0])

    def screen(p3: tuple[float, float, float]) -> tuple[float, float]:
        return (sum(a * b for a, b in zip(p3, right, strict=True)) * s, -sum(a * b for a, b in zip(p3, up, strict=True)) * s)

    faces = {}
    for name in ("lid", "side-left", "front"):
        x0, y0, x1, y1 = die.panel(name).bounds
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        faces[name] = [(c, screen(folded_point(placement, name, c))) for c in corners]
    xs = [p[0] for f in faces.values() for _, p in f]
    ys = [p[1] for f in faces.values() for _, p in f]
    pad = 30
    size = (round(max(xs) - min(xs)) + 2 * pad, round(max(ys) - min(ys)) + 2 * pad)
    shift = (pad - min(xs), pad - min(ys))
    box = Image.new("RGB", size, "#d8d8d8")
    inside = Image.new("L", sheet.size, 0)
    ImageDraw.Draw(inside).polygon([((ox + x) * k, (oy + y) * k) for x, y in die.cut], fill=255)
    tuck_colour = sheet.getpixel((round((ox + die.panel("tuck").bounds[0] + 3) * k), round((oy + 3) * k)))
    for name, shade in (("lid", 1.12), ("side-left", 0.78), ("front", 1.0)):
        (c0, s0), (c1, s1), (c2, s2), _ = faces[name]
        s0, s1, s2 = ((x + shift[0], y + shift[1]) for x, y in (s0, s1, s2))
        # screen -> source: solve s = s0 + u (s1 - s0) + v (s2 - s0), then source = c0 + u (c1 - c0) + v (c2 - c0)
        ax, ay, bx, by = s1[0] - s0[0], s1[1] - s0[1], s2[0] - s0[0], s2[1] - s0[1]
        det = ax * by - bx * ay
        iu = (by / det, -bx / det)
        iv = (-ay / det, ax / det)
        du, dv = ((c1[0] - c0[0]) * k, (c1[1] - c0[1]) * k), ((c2[0] - c0[0]) * k, (c2[1] - c0[1]) * k)
        src0 = ((ox + c0[0]) * k, (oy + c0[1]) * k)
        a = du[0] * iu[0] + dv[0] * iv[0]
        b = du[0] * iu[1] + dv[0] * iv[1]
        d = du[1] * iu[0] + dv[1] * iv[0]
        e = du[1] * iu[1] + dv[1] * iv[1]
        c = src0[0] - a * s0[0] - b * s0[1]
        f = src0[1] - d * s0[0] - e * s0[1]
        coeffs = (a, b, c, d, e, f)
        texture = sheet.transform(size, Image.Transform.AFFINE, coeffs, Image.Resampling.BICUBIC)
        texture = ImageEnhance.Brightness(texture).enhance(shade)
        s3 = (s1[0] + s2[0] - s0[0], s1[1] + s2[1] - s0[1])
        outline = [s0, s1, s3, s2]
        ImageDraw.Draw(box).polygon(outline, fill=tuck_colour)      # the tuck flap, seen through the thumb notch
        mask = inside.transform(size, Image.Transform.AFFINE, coeffs, Image.Resampling.BILINEAR)
        face_mask = Image.new("L", size, 0)
        ImageDraw.Draw(face_mask).polygon(outline, fill=255)
        box.paste(texture, (0, 0), Image.composite(mask, face_mask, face_mask))
        ImageDraw.Draw(box).line([*outline, s0], fill="#1a1a1a", width=2)
    flat = sheet.crop((round((ox - 2) * k), round((oy - 2) * k), round((ox + die.width + 2) * k),
                       round((oy + die.height + 2) * k)))
    flat = flat.resize((round(flat.width * size[1] / flat.height * 0.9), round(size[1] * 0.9)), Image.Resampling.LANCZOS)
    gap = 20
    picture = Image.new("RGB", (flat.width + size[0] + 3 * gap, size[1] + 2 * gap), "#d8d8d8")
    picture.paste(flat, (gap, gap + (size[1] - flat.height) // 2))
    picture.paste(box, (flat.width + 2 * gap, gap))
    buf = io.BytesIO()
    picture.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def paint_picture() -> bytes:
    """docs/paint-example as the PDF draws it (front, back; rendered by pdftoppm), then the front as
    --format pdfx writes it: transparency and gradients flattened into CMYK pictures."""
    from PIL import Image

    from generator.cards import load_records, load_template
    from generator.cards.build import build_cards
    from generator.render.pdf import render_pdf
    from generator.scene.imposition import card_pages

    example, dpi = DOCS / "paint-example", 100
    cards = build_cards(load_records(example / "cards.yaml"), load_template(example / "layout.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        pages = [*card_pages(cards, (63.5, 88.9), 3.0), *card_pages(cards, (63.5, 88.9), 3.0, side="back")]
        (out / "pdf.pdf").write_bytes(render_pdf(pages))
        _pnpgen("cards", str(example / "cards.yaml"), str(example / "layout.yaml"), "--format", "pdfx", "-q",
                "-o", str(out / "x.pdf"))
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(out / "pdf.pdf"), str(out / "p")], check=True)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(out / "x.pdf"),
                        str(out / "x")], check=True)
        faces = [Image.open(path).convert("RGB") for path in sorted(out.glob("p-*.png"))]
        flat = Image.open(out / "x.png").convert("RGB")
    cut = round((25.4 / 8 - 3.0) / 25.4 * dpi)          # PDF/X pages carry 1/8 in of bleed: shown as the others
    faces.append(flat.crop((cut, cut, flat.width - cut, flat.height - cut)).resize(faces[0].size))
    gap = 20
    picture = Image.new("RGB", (len(faces) * (faces[0].width + gap) + gap, faces[0].height + 2 * gap), "#e8e8e8")
    for i, face in enumerate(faces):
        picture.paste(face, (gap + i * (face.width + gap), gap))
    buf = io.BytesIO()
    picture.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def linked_data_picture() -> bytes:
    """How a Google Sheets link becomes a deck: the export address, the cache folder, the deck; and offline."""
    from generator.scene.model import Circle, Gradient

    page = Page(190.0, 62.0)
    page.add(Rect(0, 0, 190, 62, fill="#ffffff", stroke=None))
    steps = [("Google Sheets link", ".../spreadsheets/d/ID/edit#gid=7", "#0f9d58"),
             ("export address", ".../export?format=csv&gid=7 (or xlsx with --sheet)", "#4285f4"),
             ("cache folder", "~/.cache/pnpgen/data/<address>/  written when changed", "#f4b400"),
             ("the deck", "output/<sheet name>.pdf", "#c0392b")]
    for i, (title, detail, colour) in enumerate(steps):
        x = 4 + i * 47
        fill = Gradient("linear", ((0.0, "#ffffff"), (1.0, colour)), box=True, angle=90)
        page.add(Rect(x, 6, 41, 26, fill=fill, stroke=Stroke(colour, 0.4), radius=2.5))
        page.add(Text(x + 2, 8, 37, 7, title, font="sans-bold", size=8, align="center", wrap=False))
        page.add(Text(x + 2, 16, 37, 14, detail, size=6, align="center", min_size=4.5))
        if i < len(steps) - 1:
            page.add(*_arrow(x + 41.5, 19, x + 46.5, 19, INK))
    page.add(Group((Rect(98, 38, 88, 20, fill="#c0392b", stroke=None, radius=2),), opacity=0.12))
    page.add(Circle(104, 48, 3, fill="#c0392b", stroke=None))
    page.add(_label(102.2, 45.6, 3.6, "!", 8, colour="#ffffff", font="sans-bold"))
    page.add(Text(110, 40, 74, 16, "offline, or the server fails: the last good copy prints, with a warning "
                  "naming its age; --refresh: the download must succeed", size=6.5, min_size=5))
    page.add(*_arrow(120, 32.5, 120, 37.5, RED))
    page.add(Text(4, 40, 90, 16, "--watch and the preview download the link again every --poll seconds "
                  "(10) and redraw only when it changed; share the sheet \"Anyone with the link\"",
                  size=6.5, min_size=5))
    return render_png(page, dpi=150)


def main() -> None:
    (DOCS / "imposition.png").write_bytes(imposition_picture())
    (DOCS / "tts.png").write_bytes(tts_picture())
    (DOCS / "pod.png").write_bytes(pod_picture())
    (DOCS / "pdfx.png").write_bytes(pdfx_picture())
    (DOCS / "cutting.png").write_bytes(cutting_picture())
    (DOCS / "paint.png").write_bytes(paint_picture())
    (DOCS / "linked-data.png").write_bytes(linked_data_picture())
    (DOCS / "box.png").write_bytes(box_picture())


if __name__ == "__main__":
    if sys.argv[1:] == ["box"]:
        (DOCS / "box.png").write_bytes(box_picture())
    else:
        main()
