"""The duplex test sheet near the front of every file (pages 3 and 4): printed two-sided on plain paper and held
against a window, it shows how far the printer puts the back side off the front, where the pieces go.

Both sides carry a cross at the corners of the first sheet's pieces; the front carries a pointer line across each
of two scales that only the back carries. Read on the back, the number under each line is the millimetres to give
`pnp build --back-offset-mm X,Y` (the back's scale moves with any offset already built in, so a second test reads
what is left). Everything stays inside the printer margin.
"""
from __future__ import annotations

from . import pages as own_pages, textfit
from .canvas import DrawingCanvas
from .context import Page, RenderContext
from .sheets import MM, SheetLayout, apply

ARM = 3 * MM  # half the width of a cross
RING = 1.4 * MM  # the back's crosses sit in a small ring, to tell them from the front's shining through
SCALE_MM = 5  # each scale runs from -5 to +5 mm
MINUS = "\u2212"  # a scale's negative numbers are signed with the minus sign, not the shorter hyphen
LINE = 0.4
POINTER = 9 * MM  # the front's line across a scale
LABEL_SIZE = 6  # the scales' numbers: the least size that reads in print
TEXT_SIZE = 9
MAX_CROSSES_PER_AXIS = 5  # a tile sheet has many cuts: crosses on its outer cuts and a few between
CLEAR = 1.5 * MM  # between a cross and the words or the page number
NUMBER_HALF_WIDTH = 8 * MM  # "12 / 35" and its like, from its middle


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
    """The zero points of the X scale (horizontal) and the Y scale (vertical) on the front, near the page's middle,
    between the crosses (not merely between cuts: a tile sheet's cuts are too close for a scale and its numbers)."""
    cx, cy = layout.page_w / 2, layout.page_h / 2
    xs, ys = _picked(layout.cut_xs), _picked(layout.cut_ys)
    mid_x = min(((a + b) / 2 for a, b in zip(xs, xs[1:])), key=lambda v: abs(v - cx))
    mid_y = min(((a + b) / 2 for a, b in zip(ys, ys[1:])), key=lambda v: abs(v - cy))
    return (mid_x, mid_y + 12 * MM), (mid_x - 14 * MM, mid_y - 6 * MM)


def test_pages(ctx: RenderContext, layout: SheetLayout, duplex: str, offset: tuple[float, float]) -> tuple[Page, Page]:
    """The front and the back of the test sheet for `layout` (the first sheet of pieces)."""
    points = cross_points(layout)
    x_zero, y_zero = scale_centres(layout)
    flip = layout.flip(duplex, offset)

    back_points = [apply(flip, *point) for point in points]
    back_scales = (apply(flip, *x_zero), apply(flip, *y_zero))

    def front(canvas: DrawingCanvas, w: float, h: float) -> None:
        canvas.setStrokeGray(0)
        canvas.setLineWidth(LINE)
        for x, y in points:
            canvas.line(x - ARM, y, x + ARM, y)
            canvas.line(x, y - ARM, x, y + ARM)
        canvas.setLineWidth(0.6)
        canvas.line(x_zero[0], x_zero[1] - POINTER / 2, x_zero[0], x_zero[1] + POINTER / 2)
        canvas.line(y_zero[0] - POINTER / 2, y_zero[1], y_zero[0] + POINTER / 2, y_zero[1])
        _words(ctx, canvas, layout, "duplex_test.front", points, (x_zero, y_zero))

    def back(canvas: DrawingCanvas, w: float, h: float) -> None:
        canvas.setStrokeGray(0)
        canvas.setLineWidth(LINE)
        for x, y in back_points:
            canvas.line(x - ARM, y, x + ARM, y)
            canvas.line(x, y - ARM, x, y + ARM)
            canvas.circle(x, y, RING, stroke=1, fill=0)
        _scale(ctx, canvas, back_scales[0], horizontal=True)
        _scale(ctx, canvas, back_scales[1], horizontal=False)
        _words(ctx, canvas, layout, "duplex_test.back", back_points, back_scales)

    return (Page("duplex-test-front", False, front, ctx.t("outline.duplex_test"), _number_y(ctx, layout, points)),
            Page("duplex-test-back", False, back, ctx.t("outline.duplex_test"), _number_y(ctx, layout, back_points)))


def _number_y(ctx: RenderContext, layout: SheetLayout, points: list[tuple[float, float]]) -> float | None:
    """The page number's baseline: where every page has it (None), unless a cross stands there (a sheet with a cut
    down the page's middle); then under that cross, as far as the printer margin allows."""
    usual = own_pages.MARGIN - 2 * MM
    in_way = [y for x, y in points if abs(x - layout.page_w / 2) < NUMBER_HALF_WIDTH + ARM
              and y - ARM - CLEAR < usual + own_pages.SMALL_SIZE and y + ARM + CLEAR > usual]
    if not in_way:
        return None
    return max(min(in_way) - ARM - CLEAR - own_pages.SMALL_SIZE * 0.75, ctx.margin + own_pages.SMALL_SIZE * 0.25)


def _scale(ctx: RenderContext, canvas: DrawingCanvas, zero: tuple[float, float], horizontal: bool) -> None:
    """Ticks every half millimetre from -5 to +5 mm, numbered every second millimetre, lettered X or Y; numbers
    grow to the right and upwards as seen on this side. Two millimetres are less than a readable number's width
    (and little more than its height), so the numbers take two rows: -4, 0, 4 next to the line, -2 and 2 beyond
    them, their ticks run out to them between the first row's numbers."""
    x0, y0 = zero
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.3)
    reach = SCALE_MM * MM
    canvas.setFont(ctx.fonts.regular, LABEL_SIZE)
    row_h = LABEL_SIZE + 1.5  # the level scale's rows, one under the other
    row_w = canvas.stringWidth(_signed(-SCALE_MM), ctx.fonts.regular, LABEL_SIZE) + 2  # the upright scale's, side by side
    if horizontal:
        canvas.line(x0 - reach, y0, x0 + reach, y0)
    else:
        canvas.line(x0, y0 - reach, x0, y0 + reach)
    for half in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        at = half * MM / 2
        tall = 2.2 * MM if half % 2 == 0 else 1.2 * MM
        numbered, row = half % 4 == 0, (half // 4) % 2
        if horizontal:
            canvas.line(x0 + at, y0, x0 + at, y0 + tall)
            if numbered and row:
                canvas.line(x0 + at, y0, x0 + at, y0 - row_h - 1)
            if numbered:
                canvas.drawCentredString(x0 + at, y0 - (row + 1) * row_h, _signed(half // 2))
        else:
            canvas.line(x0, y0 + at, x0 - tall, y0 + at)
            if numbered and row:
                canvas.line(x0, y0 + at, x0 + row_w, y0 + at)
            if numbered:
                canvas.drawString(x0 + 1.0 + row * (row_w + 0.5), y0 + at - 0.35 * LABEL_SIZE, _signed(half // 2))
    canvas.setFont(ctx.fonts.bold, LABEL_SIZE + 2)
    if horizontal:
        canvas.drawString(x0 + reach + 1.5 * MM, y0 - 0.35 * (LABEL_SIZE + 2), "X")
    else:
        canvas.drawCentredString(x0, y0 + reach + 1.5 * MM, "Y")
    canvas.restoreState()


def _signed(number: int) -> str:
    """A scale's number as printed: "−4" with the minus sign (U+2212), "0", "4"."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def _gaps(layout: SheetLayout, points: list[tuple[float, float]],
          scales: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """The bands across the page, lowest first, that no cross and no scale reaches into: (bottom, top) in pt."""
    reach = SCALE_MM * MM + 4 * MM  # a scale, its numbers and its letter
    blocked = sorted([(y - ARM - CLEAR, y + ARM + CLEAR) for _, y in points]
                     + [(y - reach, y + reach) for _, y in scales])
    gaps, low = [], own_pages.MARGIN + 2 * MM  # above the page number
    for bottom, top in blocked:
        if bottom > low:
            gaps.append((low, bottom))
        low = max(low, top)
    if layout.page_h - own_pages.MARGIN > low:
        gaps.append((low, layout.page_h - own_pages.MARGIN))
    return gaps


def _words(ctx: RenderContext, canvas: DrawingCanvas, layout: SheetLayout, key: str, points: list[tuple[float, float]],
           scales: tuple[tuple[float, float], ...]) -> None:
    """This side's instructions across the page, in the lowest band between the crosses (and the scales) that holds
    them at full size, else the tallest band, the text made to fit it; never over a cross."""
    margin = 18 * MM
    width = layout.page_w - 2 * margin
    text = ctx.t(key)
    full = ctx.fit("duplex test", key, text, width, layout.page_h, TEXT_SIZE, TEXT_SIZE, flowing=True)
    gaps = _gaps(layout, points, scales)
    low, high = next(((b, t) for b, t in gaps if t - b >= full.height), max(gaps, key=lambda g: g[1] - g[0]))
    fitted = ctx.fit("duplex test", key, text, width, high - low, TEXT_SIZE, ctx.print.type.min_body, flowing=True)
    canvas.setFillGray(0.1)
    textfit.draw(canvas, fitted, margin, (low + high + fitted.height) / 2, width, align=textfit.running(ctx.lang))
