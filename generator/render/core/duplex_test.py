"""The duplex test sheet near the front of every file (pages 3 and 4): printed two-sided on plain paper and held
against a window, it shows how far the printer puts the back side off the front, where the pieces go.

Both sides carry a cross at the corners of the first sheet's pieces; the front carries a pointer line across each
of two scales that only the back carries. Read on the back, the number under each line is the millimetres to give
`pnp build --back-offset-mm X,Y` (the back's scale moves with any offset already built in, so a second test reads
what is left). Everything stays inside the printer margin.
"""
from __future__ import annotations

from . import textfit
from .context import Page, RenderContext
from .sheets import MM, SheetLayout, apply

ARM = 3 * MM  # half the width of a cross
RING = 1.4 * MM  # the back's crosses sit in a small ring, to tell them from the front's shining through
SCALE_MM = 5  # each scale runs from -5 to +5 mm
LINE = 0.4
POINTER = 9 * MM  # the front's line across a scale
LABEL_SIZE = 4.5
TEXT_SIZE = 9
MAX_CROSSES_PER_AXIS = 5  # a tile sheet has many cuts: crosses on its outer cuts and a few between


def _picked(values: list[float]) -> list[float]:
    """The cut positions that get crosses: all of them when few, else the outer two and evenly spaced ones."""
    if len(values) <= MAX_CROSSES_PER_AXIS:
        return values
    step = (len(values) - 1) / (MAX_CROSSES_PER_AXIS - 1)
    return [values[round(k * step)] for k in range(MAX_CROSSES_PER_AXIS)]


def cross_points(layout: SheetLayout) -> list[tuple[float, float]]:
    """Where the front's crosses go: corners of the pieces of a full sheet (page coordinates)."""
    return [(x, y) for x in _picked(layout.cut_xs) for y in _picked(layout.cut_ys)]


def scale_centres(layout: SheetLayout) -> tuple[tuple[float, float], tuple[float, float]]:
    """The zero points of the X scale (horizontal) and the Y scale (vertical) on the front, near the page's middle
    and away from every cross."""
    cx, cy = layout.page_w / 2, layout.page_h / 2
    xs, ys = layout.cut_xs, layout.cut_ys
    mid_x = min(((a + b) / 2 for a, b in zip(xs, xs[1:])), key=lambda v: abs(v - cx))
    mid_y = min(((a + b) / 2 for a, b in zip(ys, ys[1:])), key=lambda v: abs(v - cy))
    return (mid_x, mid_y + 12 * MM), (mid_x - 14 * MM, mid_y - 6 * MM)


def test_pages(ctx: RenderContext, layout: SheetLayout, duplex: str, offset: tuple[float, float]) -> tuple[Page, Page]:
    """The front and the back of the test sheet for `layout` (the first sheet of pieces)."""
    points = cross_points(layout)
    x_zero, y_zero = scale_centres(layout)
    flip = layout.flip(duplex, offset)

    def front(canvas, w: float, h: float) -> None:
        canvas.setStrokeGray(0)
        canvas.setLineWidth(LINE)
        for x, y in points:
            canvas.line(x - ARM, y, x + ARM, y)
            canvas.line(x, y - ARM, x, y + ARM)
        canvas.setLineWidth(0.6)
        canvas.line(x_zero[0], x_zero[1] - POINTER / 2, x_zero[0], x_zero[1] + POINTER / 2)
        canvas.line(y_zero[0] - POINTER / 2, y_zero[1], y_zero[0] + POINTER / 2, y_zero[1])
        _words(ctx, canvas, layout, "duplex_test.front")

    def back(canvas, w: float, h: float) -> None:
        canvas.setStrokeGray(0)
        canvas.setLineWidth(LINE)
        for point in points:
            x, y = apply(flip, *point)
            canvas.line(x - ARM, y, x + ARM, y)
            canvas.line(x, y - ARM, x, y + ARM)
            canvas.circle(x, y, RING, stroke=1, fill=0)
        _scale(ctx, canvas, apply(flip, *x_zero), horizontal=True)
        _scale(ctx, canvas, apply(flip, *y_zero), horizontal=False)
        _words(ctx, canvas, layout, "duplex_test.back")

    return (Page("duplex-test-front", False, front, ctx.t("outline.duplex_test")),
            Page("duplex-test-back", False, back, ctx.t("outline.duplex_test")))


def _scale(ctx: RenderContext, canvas, zero: tuple[float, float], horizontal: bool) -> None:
    """Ticks every half millimetre from -5 to +5 mm, numbered every second millimetre, lettered X or Y; numbers
    grow to the right and upwards as seen on this side."""
    x0, y0 = zero
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.3)
    reach = SCALE_MM * MM
    canvas.setFont(ctx.fonts.regular, LABEL_SIZE)
    if horizontal:
        canvas.line(x0 - reach, y0, x0 + reach, y0)
    else:
        canvas.line(x0, y0 - reach, x0, y0 + reach)
    for half in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        at = half * MM / 2
        tall = 2.2 * MM if half % 2 == 0 else 1.2 * MM
        label = str(half // 2) if half % 4 == 0 else ""
        if horizontal:
            canvas.line(x0 + at, y0, x0 + at, y0 + tall)
            if label:
                canvas.drawCentredString(x0 + at, y0 - LABEL_SIZE - 0.5, label)
        else:
            canvas.line(x0, y0 + at, x0 - tall, y0 + at)
            if label:
                canvas.drawString(x0 + 1.0, y0 + at - 0.35 * LABEL_SIZE, label)
    canvas.setFont(ctx.fonts.bold, LABEL_SIZE + 2)
    if horizontal:
        canvas.drawString(x0 + reach + 1.5 * MM, y0 - 0.35 * (LABEL_SIZE + 2), "X")
    else:
        canvas.drawCentredString(x0, y0 + reach + 1.5 * MM, "Y")
    canvas.restoreState()


def _words(ctx: RenderContext, canvas, layout: SheetLayout, key: str) -> None:
    """This side's instructions, in a band across the lower part of the page, inside the printer margin."""
    margin = 18 * MM
    width = layout.page_w - 2 * margin
    top = layout.page_h * 0.30
    fitted = ctx.fit("duplex test", key, ctx.t(key), width, top - margin, TEXT_SIZE, ctx.print.type.min_body)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(margin - 2 * MM, top - fitted.height - 2 * MM, width + 4 * MM, fitted.height + 4 * MM, stroke=0,
                fill=1)
    canvas.setFillGray(0.1)
    textfit.draw(canvas, fitted, margin, top, width)
