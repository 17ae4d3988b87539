"""A 3x16 player board: one landscape page per player colour, the same size on every paper.

Top: the main rows, each a strip of numbered places (1..high) a tile fits on. Below, on the left: one lane per
column (A-E), closed at the top and open at the bottom, because a column grows downwards and only its bottom
tile is ever taken; an arrow at each lane's foot marks that end. On the right: the supply, a place for every tile,
laid out in supply rows 1..high as the setup rule asks.
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from ..content.threesixteen_model import PlayerColour
from .context import Box, Page, RenderContext
from .ts_layout import FAINT, GREY, INK, centred_area, text_in, tint

HEADER = 8 * mm
SECTION_LABEL = 4.5 * mm
ROW_LABEL = 5 * mm  # the strip left of each row that holds its (turned) label
ROW_GAP = 1.5 * mm
CAP = 7 * mm  # the lane's closed top with the column's name
FOOT = 8 * mm  # under the lanes: an arrow per lane and the "bottom" label
LANE_EXTRA = 2.4 * mm  # a lane is this much wider than a place
LANE_GAP = 3.5 * mm
PANEL_GAP = 8 * mm


def board_title(ctx: RenderContext, colour: PlayerColour) -> str:
    return f"{ctx.t('board.title')} · {ctx.t(f'colours.{colour.id}')}"


def board_page(ctx: RenderContext, colour: PlayerColour) -> Page:
    return Page(f"threesixteen/board/{colour.id}", True, partial(draw_board, ctx, colour), board_title(ctx, colour))


def place_pitch(ctx: RenderContext, area_w: float) -> float:
    """Side of one place on a row: as large as the width allows, never smaller than a tile."""
    high = ctx.content.threesixteen.high
    return min((area_w - ROW_LABEL) / high, ctx.print.tile.width_mm * mm + 2 * mm)


def draw_board(ctx: RenderContext, colour: PlayerColour, canvas, page_w: float, page_h: float) -> None:
    game = ctx.content.threesixteen
    area = centred_area(ctx, True, page_w, page_h)
    where = f"board '{colour.id}'"
    ty = ctx.print.type
    pitch = place_pitch(ctx, area.w)

    # Header: the board's name and its colour.
    top = area.top
    canvas.setFillColor(HexColor(colour.fill))
    canvas.circle(area.x + 2.2 * mm, top - HEADER / 2, 2.2 * mm, stroke=0, fill=1)
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "board.title", Box(area.x + 6 * mm, top - HEADER, area.w - 6 * mm, HEADER),
            ty.title, ty.min_title, bold=True, text=board_title(ctx, colour))
    top -= HEADER

    canvas.setFillColor(GREY)
    text_in(canvas, ctx, where, "board.rows", Box(area.x, top - SECTION_LABEL, area.w / 2, SECTION_LABEL),
            ty.small, ty.min_body, bold=True)
    top -= SECTION_LABEL
    rows_x = area.x + ROW_LABEL
    for r in range(game.rows):
        _draw_row(ctx, colour, canvas, where, r + 1, rows_x, top - pitch, pitch)
        top -= pitch + ROW_GAP
    top -= 2 * mm

    lanes_w = len(game.columns) * (pitch + LANE_EXTRA) + (len(game.columns) - 1) * LANE_GAP
    canvas.setFillColor(GREY)
    text_in(canvas, ctx, where, "board.columns", Box(area.x, top - SECTION_LABEL, lanes_w, SECTION_LABEL),
            ty.small, ty.min_body, bold=True)
    panel = Box(area.x + lanes_w + PANEL_GAP, area.y, area.w - lanes_w - PANEL_GAP, top - area.y)
    top -= SECTION_LABEL
    _draw_lanes(ctx, colour, canvas, where, Box(area.x, area.y, lanes_w, top - area.y), pitch)
    _draw_supply(ctx, colour, canvas, where, panel, pitch)


def _draw_row(ctx: RenderContext, colour: PlayerColour, canvas, where: str, n: int, x: float, y: float,
              pitch: float) -> None:
    """A strip of places 1..high with faint numbers, and the row's label turned along its left edge."""
    high = ctx.content.threesixteen.high
    canvas.setFillColor(tint(colour.fill, 0.10))
    canvas.setStrokeColor(tint(colour.fill, 0.55))
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, pitch * high, pitch, stroke=1, fill=1)
    for i in range(1, high):
        canvas.line(x + i * pitch, y, x + i * pitch, y + pitch)
    canvas.setFillColor(FAINT)
    size = pitch * 0.42
    canvas.setFont(ctx.fonts.bold, size)
    for i in range(high):
        canvas.drawCentredString(x + (i + 0.5) * pitch, y + pitch / 2 - size * 0.35, str(i + 1))
    canvas.saveState()
    canvas.translate(x - ROW_LABEL, y)
    canvas.rotate(90)
    canvas.setFillColor(HexColor(colour.fill) if colour.ink == "#ffffff" else INK)
    text_in(canvas, ctx, where, "board.row", Box(0, -ROW_LABEL, pitch, ROW_LABEL * 0.8),
            ctx.print.type.small, ctx.print.type.min_body, bold=True, align="center", n=n)
    canvas.restoreState()


def _draw_lanes(ctx: RenderContext, colour: PlayerColour, canvas, where: str, box: Box, pitch: float) -> None:
    """One lane per column: a closed cap with the name, faint places going down, an arrow at the open foot."""
    game = ctx.content.threesixteen
    ty = ctx.print.type
    lane_w = pitch + LANE_EXTRA
    body_bottom = box.y + FOOT
    body_top = box.top - CAP
    slots = int((body_top - body_bottom - 1 * mm) // pitch)
    for i, name in enumerate(game.columns):
        x = box.x + i * (lane_w + LANE_GAP)
        canvas.setFillColor(tint(colour.fill, 0.08))
        canvas.rect(x, body_bottom, lane_w, body_top - body_bottom, stroke=0, fill=1)
        canvas.setStrokeColor(tint(colour.fill, 0.6))
        canvas.setLineWidth(0.8)
        canvas.line(x, body_bottom, x, body_top)
        canvas.line(x + lane_w, body_bottom, x + lane_w, body_top)
        canvas.setFillColor(HexColor(colour.fill))
        canvas.roundRect(x, body_top, lane_w, CAP, 1.5 * mm, stroke=0, fill=1)
        canvas.rect(x, body_top, lane_w, CAP / 2, stroke=0, fill=1)
        canvas.setFillColor(HexColor(colour.ink))
        text_in(canvas, ctx, where, "board.column", Box(x + 1 * mm, body_top, lane_w - 2 * mm, CAP),
                ty.body, ty.min_body, bold=True, align="center", name=name)
        canvas.setStrokeColor(FAINT)
        canvas.setLineWidth(0.5)
        canvas.setDash(2, 2)
        inset = LANE_EXTRA / 2
        for s in range(slots):
            canvas.rect(x + inset, body_top - (s + 1) * pitch - 0.5 * mm, pitch, pitch, stroke=1, fill=0)
        canvas.setDash()
        _arrow_down(canvas, x + lane_w / 2, body_bottom + 1 * mm, 3.2 * mm, HexColor(colour.fill))
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "board.bottom", Box(box.x, box.y, box.w, FOOT - 3 * mm),
            ty.small, ty.min_body, bold=True, align="center")


def _arrow_down(canvas, cx: float, tip_y: float, size: float, colour) -> None:
    path = canvas.beginPath()
    path.moveTo(cx - size * 0.8, tip_y + size)
    path.lineTo(cx + size * 0.8, tip_y + size)
    path.lineTo(cx, tip_y)
    path.close()
    canvas.setFillColor(colour)
    canvas.drawPath(path, stroke=0, fill=1)


def _draw_supply(ctx: RenderContext, colour: PlayerColour, canvas, where: str, panel: Box, pitch: float) -> None:
    """The supply corner: its label, then a place for every tile, one group per supply row 1..high.

    A supply row is longer than the corner is wide, so each group wraps onto as many lines as it needs.
    """
    game = ctx.content.threesixteen
    ty = ctx.print.type
    canvas.setFillColor(tint(colour.fill, 0.05))
    canvas.setStrokeColor(tint(colour.fill, 0.5))
    canvas.setLineWidth(0.8)
    canvas.setDash(4, 3)
    canvas.roundRect(panel.x, panel.y, panel.w, panel.h, 3 * mm, stroke=1, fill=1)
    canvas.setDash()
    inner = panel.inset(4 * mm)
    canvas.setFillColor(INK)
    label = text_in(canvas, ctx, where, "board.supply", Box(inner.x, inner.top - 12 * mm, inner.w, 12 * mm),
                    ty.body, ty.min_body, valign="top")
    lines = int(-(-game.high * pitch // inner.w))
    per_line = -(-game.high // lines)
    group_gap = 2.5 * mm
    room = inner.h - label.height - 3 * mm - (game.rows - 1) * group_gap
    cell = min(pitch, room / (game.rows * lines), inner.w / per_line)
    top = inner.top - label.height - 3 * mm
    x0 = inner.x + (inner.w - cell * per_line) / 2
    size = cell * 0.42
    for r in range(game.rows):
        canvas.setFillColor(tint(colour.fill, 0.16))
        canvas.roundRect(x0 - 1 * mm, top - lines * cell - 1 * mm, cell * per_line + 2 * mm, lines * cell + 2 * mm,
                         1.5 * mm, stroke=0, fill=1)
        canvas.setStrokeColor(tint(colour.fill, 0.45))
        canvas.setLineWidth(0.5)
        canvas.setFont(ctx.fonts.bold, size)
        for n in range(1, game.high + 1):
            line, i = divmod(n - 1, per_line)
            x, y = x0 + i * cell, top - (line + 1) * cell
            canvas.setFillColor(HexColor("#ffffff"))
            canvas.rect(x, y, cell, cell, stroke=1, fill=1)
            canvas.setFillColor(FAINT)
            canvas.drawCentredString(x + cell / 2, y + cell / 2 - size * 0.35, str(n))
        top -= lines * cell + group_gap
