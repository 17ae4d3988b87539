"""One piece or page drawn alone, as a picture: the studio's preview (`pnp studio`).

A face is drawn by its own `draw`, exactly as a sheet, a print-on-demand page or a PNG export draws it, on a page
the size of its trim (what is left once it is cut), then rasterised by PDFium as the PNG exports are: the preview
is the print. Nothing of its sheet or its PDF is laid out. While it draws, the canvas notes where each text the
renderer fitted by key lands (`textfit.draw` tells a canvas that has `note_text`), so a page can show, over the
picture, which text is where and which key of the language file it comes from.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from .context import Box, Component, Face, Page, RenderContext
from .pdfcanvas import PdfCanvas

#: pixels per inch of a card's preview (a poker card is 413 x 583 px) and of a full page's
CARD_DPI = 150
PAGE_DPI = 72


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a text is drawn on a picture, as fractions of its width and height from the top-left corner."""

    key: str
    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Picture:
    """A face or page as a PNG, its size in pixels, and where each of its keyed texts is."""

    png: bytes
    width: int
    height: int
    spots: tuple[Spot, ...]


class NotingCanvas(PdfCanvas):
    """A PDF canvas that keeps the box of every keyed text drawn on it, in page coordinates (pt, origin
    bottom-left)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.noted: list[tuple[str, float, float, float, float]] = []

    def note_text(self, key: str, x: float, y: float, w: float, h: float) -> None:
        a, b, c, d, e, f = self._currentMatrix
        corners = [(a * px + c * py + e, b * px + d * py + f) for px, py in ((x, y), (x + w, y), (x, y + h),
                                                                           (x + w, y + h))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        self.noted.append((key, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))


def face_picture(ctx: RenderContext, component: Component, face: Face, dpi: int = CARD_DPI) -> Picture:
    """`face` (the front or back of `component`) cut to its trim, as a picture. Raises what drawing raises for bad
    content (render/core/fitcheck.py CONTENT_PROBLEMS)."""
    w, h = component.width, component.height
    canvas, buffer = _canvas(ctx, w, h)
    canvas.saveState()
    face.draw(canvas, Box(0, 0, w, h, 0.0))
    canvas.restoreState()
    return _picture(canvas, buffer, w, h, dpi)


def page_picture(ctx: RenderContext, page: Page, dpi: int = PAGE_DPI) -> Picture:
    """A full page (a rulebook page, a board) on the context's paper, as a picture."""
    w, h = ctx.page_size
    if page.landscape:
        w, h = h, w
    canvas, buffer = _canvas(ctx, w, h)
    canvas.saveState()
    page.draw(canvas, w, h)
    canvas.restoreState()
    return _picture(canvas, buffer, w, h, dpi)


def face_keys(component: Component, face: Face) -> tuple[str, ...]:
    """The keys of the texts `face` draws, in drawing order, each once (drawn on a canvas nobody reads)."""
    canvas, _ = _canvas(None, component.width, component.height)
    face.draw(canvas, Box(0, 0, component.width, component.height, 0.0))
    return tuple(dict.fromkeys(key for key, *_ in canvas.noted))


def _canvas(ctx: RenderContext | None, w: float, h: float) -> tuple[NotingCanvas, io.BytesIO]:
    buffer = io.BytesIO()
    extra = {"initialFontName": ctx.fonts.regular} if ctx is not None else {}
    return NotingCanvas(buffer, pagesize=(w, h), invariant=1, **extra), buffer


def _picture(canvas: NotingCanvas, buffer: io.BytesIO, w: float, h: float, dpi: int) -> Picture:
    import pypdfium2

    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        page = document[0]
        scale = dpi / 72
        image = page.render(scale=scale, may_draw_forms=True).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    spots = tuple(Spot(key, x / w, 1 - (y + bh) / h, bw / w, bh / h) for key, x, y, bw, bh in canvas.noted)
    return Picture(out.getvalue(), image.width, image.height, spots)
