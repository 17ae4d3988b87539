"""The travel rulebook's last page: the distance table that settles who starts (R7), without a phone at the table.

Every country against every other, in whole kilometres between capitals: the very numbers the checker compares
(`games/travel/distances.py`), so a table and `pnp check` always agree. Countries are shown by their code, with a legend of
names under the grid; the two sides of one card sit side by side.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...games.travel.distances import printed_km, side_codes
from ..core.colour import INK
from ..core.context import RenderContext

RULE_GREY = HexColor("#bdbdbd")
SHADE = HexColor("#eeeeee")
MAX_SIZE = 7.0
LEGEND_COLUMNS = 4
#: a row's height, as a multiple of the type size: at least, and at most when the page has room to spare
ROW_AIR_MIN = 2.1
ROW_AIR_MAX = 3.0
LEGEND_GAP = 6 * mm


def draw_distances(ctx: RenderContext, heading: list, text_w: float, margin: float, top: float, bottom: float,
                   canvas, page_w: float, legend_size: float) -> None:
    """The `heading` paragraphs (title, how to read the table) `text_w` wide, then the grid and the legend, from
    `top` (pt) down to `bottom` at most. The page's width sets the type size; its height gives the rows what air
    is left (up to ROW_AIR_MAX times the size), so a finger can follow a row across 25 columns."""
    codes = side_codes(ctx.game_data)
    km = printed_km(ctx.game_data)
    n = len(codes)
    width = page_w - 2 * margin
    y = top
    for block in heading:
        _, h = block.wrap(text_w, top)
        y -= h
        block.drawOn(canvas, margin, y)
        y -= block.getSpaceAfter() + 2 * mm
    cell_w = width / (n + 1)
    numbers = [str(value) for row in km for value in row]
    widest = max(stringWidth(s, ctx.fonts.regular, 1) for s in numbers + codes)
    size = min(MAX_SIZE, 0.8 * cell_w / widest)
    legend = [f"{code} {ctx.t(f'countries.{code}.name')}" for code in codes]
    rows = -(-len(legend) // LEGEND_COLUMNS)
    line_h = legend_size * 1.45
    room = y - bottom - LEGEND_GAP - rows * line_h
    cell_h = max(size * ROW_AIR_MIN, min(size * ROW_AIR_MAX, room / (n + 1)))
    canvas.setLineWidth(0.3)
    for row in range(n + 1):
        row_y = y - (row + 1) * cell_h
        if row % 2 == 0 and row:
            canvas.setFillColor(SHADE)
            canvas.rect(margin, row_y, width, cell_h, stroke=0, fill=1)
        for col in range(n + 1):
            if row == 0 and col == 0:
                continue
            if row == 0 or col == 0:
                text, font = codes[col - 1 if row == 0 else row - 1], ctx.fonts.bold
            else:
                text = "–" if row == col else str(km[row - 1][col - 1])
                font = ctx.fonts.regular
            canvas.setFillColor(INK)
            canvas.setFont(font, size)
            canvas.drawCentredString(margin + (col + 0.5) * cell_w, row_y + (cell_h - size * 0.7) / 2, text)
    canvas.setStrokeColor(RULE_GREY)
    for k in range(0, n + 1, 2):  # a line after each card's two sides
        x = margin + (k + 1) * cell_w
        canvas.line(x, y - (n + 1) * cell_h, x, y)
        canvas.line(margin, y - (k + 1) * cell_h, margin + width, y - (k + 1) * cell_h)
    y -= (n + 1) * cell_h + LEGEND_GAP
    canvas.setFont(ctx.fonts.regular, legend_size)
    for i, entry in enumerate(legend):
        col, row = divmod(i, rows)
        canvas.drawString(margin + col * width / LEGEND_COLUMNS, y - row * line_h, entry)
