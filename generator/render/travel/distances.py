"""The travel rulebook's last page: the distance table that settles who starts (R7), without a phone at the table.

Every country against every other, in whole kilometres between capitals: the very numbers the checker compares
(`games/travel/distances.py`), so a table and `pnp check` always agree. The page is landscape: 24 columns of
five-digit numbers need its long side to keep clear air between them. The figures are the Latin face's tabular ones
(every digit one width), set flush right in their column so units stand under units. Each row is labelled with its country's code
and name (the legend), each column with the code; the two sides of one card sit side by side.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core.canvas import DrawingCanvas, mm
from ...games.travel.distances import printed_km, side_codes
from ..core.colour import INK
from ..core.context import RenderContext
from ..core.rulebook import Para
from .style import travel_game

RULE_GREY = HexColor("#bdbdbd")
SHADE = HexColor("#eeeeee")
MAX_SIZE = 7.5
#: clear space between the widest numbers of two neighbouring columns, at least
MIN_GAP = 2.5 * mm
#: a row's height, as a multiple of the type size: at least, and at most when the page has room to spare
ROW_AIR_MIN = 2.0
ROW_AIR_MAX = 3.0
LABEL_PAD = 2 * mm  # before a row's code, and between its name and the first column
NAME_GAP = 1.5 * mm  # between a row's code and its name


def draw_distances(ctx: RenderContext, heading: list[Para], text_w: float, margin: float, top: float, bottom: float,
                   canvas: DrawingCanvas, page_w: float) -> None:
    """The `heading` paragraphs (title, how to read the table) `text_w` wide, then the grid, from `top` (pt) down
    to `bottom` at most. The type size is the largest (up to MAX_SIZE) that leaves MIN_GAP between columns; the
    height left gives the rows what air it can (up to ROW_AIR_MAX times the size), so a finger can follow a row
    across 25 columns."""
    codes = side_codes(travel_game(ctx.game_data))
    km = printed_km(travel_game(ctx.game_data))
    n = len(codes)
    width = page_w - 2 * margin
    y = top
    for block in heading:
        _, h = block.wrap(text_w, top)
        y -= h
        block.drawOn(canvas, margin, y)
        y -= block.getSpaceAfter() + 2 * mm
    regular, bold = ctx.fonts.regular, ctx.fonts.bold
    names = [ctx.t(f"countries.{code}.name") for code in codes]
    code_w = max(stringWidth(code, bold, 1) for code in codes)
    label_w = code_w + max(stringWidth(name, regular, 1) for name in names)  # at 1 pt, plus NAME_GAP and pads
    widest = max(stringWidth(str(value), regular, 1) for row in km for value in row)
    figures = widest  # the widest number at 1 pt: every number's right edge sits where that one's does
    widest = max(widest, code_w)
    # columns and the label share the width: n * (widest * size + MIN_GAP) + label_w * size + pads = width
    size = min(MAX_SIZE, (width - n * MIN_GAP - NAME_GAP - 2 * LABEL_PAD) / (n * widest + label_w))
    label = label_w * size + NAME_GAP + 2 * LABEL_PAD
    cell_w = (width - label) / n
    cell_h = max(size * ROW_AIR_MIN, min(size * ROW_AIR_MAX, (y - bottom) / (n + 1)))
    canvas.setLineWidth(0.3)
    for row in range(n + 1):
        row_y = y - (row + 1) * cell_h
        base = row_y + (cell_h - size * 0.7) / 2
        if row % 2 == 0 and row:
            canvas.setFillColor(SHADE)
            canvas.rect(margin, row_y, width, cell_h, stroke=0, fill=1)
        canvas.setFillColor(INK)
        if row:
            canvas.setFont(bold, size)
            canvas.drawString(margin + LABEL_PAD, base, codes[row - 1])
            canvas.setFont(regular, size)
            canvas.drawString(margin + LABEL_PAD + code_w * size + NAME_GAP, base, names[row - 1])
        for col in range(1, n + 1):
            centre = margin + label + (col - 0.5) * cell_w
            if row == 0 or row == col:
                canvas.setFont(bold if row == 0 else regular, size)
                canvas.drawCentredString(centre, base, codes[col - 1] if row == 0 else "–")
            else:  # right-aligned on the column's widest number: tabular figures put units under units
                canvas.setFont(regular, size)
                canvas.drawRightString(centre + figures * size / 2, base, str(km[row - 1][col - 1]))
    canvas.setStrokeColor(RULE_GREY)
    for k in range(0, n + 1, 2):  # a line after each card's two sides
        x = margin + label + k * cell_w
        canvas.line(x, y - (n + 1) * cell_h, x, y)
        canvas.line(margin, y - (k + 1) * cell_h, margin + width, y - (k + 1) * cell_h)
