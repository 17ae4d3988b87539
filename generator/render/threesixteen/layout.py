"""Layout helpers shared by the 3x16 full pages: the area every paper can print, colour tints, boxed text.

A board or log sheet is laid out once for the area that fits on every paper of content/print.yaml (inside
the printer margin) and centred on the page, so A4 and Letter print the same board at the same size; the foot of
that area is the page's footer band (its page label, like a sheet's).
"""
from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from ..core.canvas import DrawingCanvas, mm
from ..core import textfit
from ...games.threesixteen.model import PlayerColour
from ..core.colour import INK, rgb, tint
from ..core.context import Box, RenderContext
from ..core.sheets import FOOTER_BAND

GREY = HexColor("#8a8a8a")
FAINT = HexColor("#c9c9c9")


def printable_area(ctx: RenderContext, landscape: bool) -> tuple[float, float]:
    """Width and height (pt) that fit inside the printer margin of every paper, in the given orientation."""
    papers = ctx.print.papers.values()
    long_side = min(max(p.width_mm, p.height_mm) - 2 * p.margin_mm for p in papers)
    short_side = min(min(p.width_mm, p.height_mm) - 2 * p.margin_mm for p in papers)
    return (long_side * mm, short_side * mm) if landscape else (short_side * mm, long_side * mm)


def centred_area(ctx: RenderContext, landscape: bool, page_w: float, page_h: float, inset: float = 0) -> Box:
    """The printable area (less `inset` on every side), centred on a page of the given size."""
    w, h = printable_area(ctx, landscape)
    return Box((page_w - w) / 2 + inset, (page_h - h) / 2 + inset, w - 2 * inset, h - 2 * inset)


def page_area(ctx: RenderContext, page_w: float, page_h: float, inset: float) -> Box:
    """What a landscape full page (a board, the log sheet) may fill: the centred printable area less `inset` on
    every side, and less the footer band at its foot, where the document sets the page's label (`footer_anchor`)."""
    area = centred_area(ctx, True, page_w, page_h, inset)
    return Box(area.x, area.y + FOOTER_BAND, area.w, area.h - FOOTER_BAND)


def footer_anchor(ctx: RenderContext, page_w: float, page_h: float) -> tuple[float, float, float, float]:
    """The label's line in the footer band under a full page's area, as a sheet's (x, y, angle, length)."""
    area = centred_area(ctx, True, page_w, page_h)
    return area.x + area.w / 2, area.y + FOOTER_BAND / 2, 0.0, area.w


def wash(colour: str, amount: float) -> Color:
    """`colour` mixed with white: amount 0 is white, 1 is the colour itself (the other way round from
    `core.colour.tint`, whose amount is how far towards white; tint rounds to "#rrggbb", this keeps the exact mix,
    so the two are not interchangeable without changing every 3x16 PDF)."""
    c = HexColor(colour)
    return Color(1 - (1 - c.red) * amount, 1 - (1 - c.green) * amount, 1 - (1 - c.blue) * amount)


def text_in(canvas: DrawingCanvas, ctx: RenderContext, where: str, key: str, box: Box, size: float,
            min_size: float | None = None, bold: bool = False, align: str = "left", valign: str = "middle",
            text: str | None = None, **values: object) -> textfit.Fitted:
    """Fit the text of `key` (or the given `text`, reported as `key`) into `box` and draw it in the fill colour."""
    if text is None:
        text = ctx.t(key, **values)
    fitted = ctx.fit(where, key, text, box.w, box.h, size, min_size if min_size is not None else size, bold=bold)
    textfit.draw(canvas, fitted, box.x, box.top, box.w, align=align, box_height=box.h, valign=valign)
    return fitted


def circled_number(canvas: DrawingCanvas, ctx: RenderContext, n: int, cx: float, cy: float, r: float,
                   fill: Color | str = INK, ink: Color | None = None) -> None:
    """A seat number in a filled circle (drawn, so it never depends on the font having circled digits)."""
    canvas.setFillColor(fill)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColor(ink or HexColor("#ffffff"))
    size = r * 1.3
    canvas.setFont(ctx.fonts.bold, size)
    canvas.drawCentredString(cx, cy - size * 0.35, str(n))


def edition_colour(ctx: RenderContext, colour: PlayerColour) -> PlayerColour:
    """The ink-saver edition prints a set's colour as a light wash, its numbers in the darker of its colour and its
    ink (red numbers on pale red, black ones on pale yellow), so they read in black and white too."""
    if not ctx.ink_saver:
        return colour
    ink = colour.ink if sum(rgb(colour.ink)) < sum(rgb(colour.fill)) else colour.fill
    return colour.model_copy(update={"fill": tint(colour.fill, 0.9), "ink": ink})
