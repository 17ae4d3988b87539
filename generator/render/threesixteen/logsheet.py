"""The printable 3x16 log sheet: one line per call, in the notation the checker reads.

One landscape page (the same size on every paper): the calls in blocks side by side, each line holding the call
number (printed), the called number and one token box per player seat; beside them the players' names, the
notation legend (from `log_sheet.notation.*`, so it says what the checker accepts) and the result (tiles left).
A record file is copied from it line by line: the calls column gives `calls`, each seat's column its `moves`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from ...games.threesixteen.model import threesixteen_game
from ..core.canvas import DrawingCanvas, mm
from ..core import textfit
from ..core.colour import INK
from ..core.context import Box, Page, RenderContext
from .layout import FAINT, GREY, circled_number, footer_anchor, page_area, text_in

BLOCKS = 2  # call blocks side by side
HEADER = 11 * mm
TABLE_HEAD = 8 * mm
PANEL_W = 64 * mm
PANEL_GAP = 7 * mm
BLOCK_GAP = 5 * mm
CALL_W = 8 * mm
NUMBER_W = 12 * mm
SHADE = HexColor("#f0f0f0")
LEGEND_BG = HexColor("#f3f3f3")
HEAD_BG = HexColor("#e2e2e2")
LEGEND_SIZE = 10.5  # pt: larger than body text, it is read again and again while writing


@dataclass(frozen=True)
class LogSheetLayout:
    """Where everything goes; the tests read the PDF against these numbers."""

    area: Box
    calls: int
    seats: int
    line_h: float
    table_top: float  # top of the first call line (under the table head)
    block_xs: tuple[float, ...]
    block_w: float
    token_w: float
    panel: Box

    @classmethod
    def for_page(cls, ctx: RenderContext, page_w: float, page_h: float) -> "LogSheetLayout":
        game = threesixteen_game(ctx.game_data)
        area = page_area(ctx, page_w, page_h, inset=2 * mm)
        calls = game.high * game.copies
        per_block = -(-calls // BLOCKS)
        table_w = area.w - PANEL_W - PANEL_GAP
        block_w = (table_w - (BLOCKS - 1) * BLOCK_GAP) / BLOCKS
        table_top = area.top - HEADER - TABLE_HEAD
        line_h = (table_top - area.y) / per_block
        xs = tuple(area.x + b * (block_w + BLOCK_GAP) for b in range(BLOCKS))
        token_w = (block_w - CALL_W - NUMBER_W) / game.players.max
        panel = Box(area.right - PANEL_W, area.y, PANEL_W, area.top - HEADER - area.y)
        return cls(area, calls, game.players.max, line_h, table_top, xs, block_w, token_w, panel)

    @property
    def per_block(self) -> int:
        return -(-self.calls // BLOCKS)

    def line(self, call: int) -> tuple[float, float]:
        """(x, y of the line's bottom) of the 1-based call number."""
        block, i = divmod(call - 1, self.per_block)
        return self.block_xs[block], self.table_top - (i + 1) * self.line_h


def log_sheet_pages(ctx: RenderContext) -> list[Page]:
    return [Page("threesixteen/log-sheet", True, lambda canvas, w, h: draw_log_sheet(ctx, canvas, w, h),
                 ctx.t("log_sheet.title"), footer=partial(footer_anchor, ctx))]


def draw_log_sheet(ctx: RenderContext, canvas: DrawingCanvas, page_w: float, page_h: float) -> None:
    layout = LogSheetLayout.for_page(ctx, page_w, page_h)
    where = "log sheet"
    ty = ctx.print.type
    area = layout.area
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "log_sheet.title", Box(area.x, area.top - HEADER, area.w * 0.55, HEADER * 0.8),
            ty.title, ty.min_title, bold=True)
    _label_and_line(canvas, ctx, where, "log_sheet.date", area.right - 70 * mm, area.top - HEADER * 0.8,
                    70 * mm, HEADER * 0.8)
    for b, x in enumerate(layout.block_xs):
        _draw_block(ctx, canvas, where, layout, x, b)
    _draw_panel(ctx, canvas, where, layout)


def _label_and_line(canvas: DrawingCanvas, ctx: RenderContext, where: str, key: str, x: float, y: float, w: float,
                    h: float) -> None:
    """A label followed by a line to write on, both on the bottom of the box."""
    ty = ctx.print.type
    fitted = ctx.fit(where, key, ctx.t(key), w * 0.45, h, ty.body, ty.min_body, bold=True, max_lines=1)
    canvas.setFillColor(INK)
    textfit.draw(canvas, fitted, x, y + h, w * 0.45, box_height=h, valign="bottom")
    label_w = textfit.unit_width(fitted.lines[0][0], fitted.font) * fitted.size
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    canvas.line(x + label_w + 2 * mm, y + 1, x + w, y + 1)


def _draw_block(ctx: RenderContext, canvas: DrawingCanvas, where: str, layout: LogSheetLayout, x: float, block: int) -> None:
    ty = ctx.print.type
    head_y = layout.table_top
    first = block * layout.per_block + 1
    last = min(layout.calls, first + layout.per_block - 1)
    canvas.setFillColor(HEAD_BG)
    canvas.rect(x, head_y, layout.block_w, TABLE_HEAD, stroke=0, fill=1)
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "log_sheet.call", Box(x + 0.5 * mm, head_y, CALL_W - 1 * mm, TABLE_HEAD), ty.small,
            ty.min_body, bold=True, align="center")
    text_in(canvas, ctx, where, "log_sheet.number", Box(x + CALL_W + 0.5 * mm, head_y, NUMBER_W - 1 * mm, TABLE_HEAD),
            ty.small, ty.min_body, bold=True, align="center")
    token_x = x + CALL_W + NUMBER_W
    for seat in range(layout.seats):
        circled_number(canvas, ctx, seat + 1, token_x + (seat + 0.5) * layout.token_w, head_y + TABLE_HEAD / 2,
                       2.2 * mm)
    bottom = layout.line(last)[1]
    for call in range(first, last + 1):
        _, y = layout.line(call)
        if (call - first) % 2 == 1:
            canvas.setFillColor(SHADE)
            canvas.rect(x, y, layout.block_w, layout.line_h, stroke=0, fill=1)
        canvas.setFillColor(GREY)
        size = min(ty.body, layout.line_h * 0.55)
        canvas.setFont(ctx.fonts.bold, size)
        canvas.drawRightString(x + CALL_W - 1.5 * mm, y + layout.line_h / 2 - size * 0.35, str(call))
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    for call in range(first, last):
        y = layout.line(call)[1]
        canvas.line(x, y, x + layout.block_w, y)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.rect(x, bottom, layout.block_w, head_y + TABLE_HEAD - bottom, stroke=1, fill=0)
    canvas.line(x, head_y, x + layout.block_w, head_y)
    canvas.setLineWidth(0.5)
    for cx in (x + CALL_W, token_x, *(token_x + s * layout.token_w for s in range(1, layout.seats))):
        canvas.line(cx, bottom, cx, head_y + TABLE_HEAD)


def _draw_panel(ctx: RenderContext, canvas: DrawingCanvas, where: str, layout: LogSheetLayout) -> None:
    """Beside the calls: the players' names, the notation legend, and each player's tiles left at the end."""
    ty = ctx.print.type
    panel = layout.panel
    top = panel.top
    heading = 6 * mm
    row = 8 * mm
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "log_sheet.players", Box(panel.x, top - heading, panel.w, heading),
            ty.body, ty.min_body, bold=True, valign="bottom")
    top -= heading
    for seat in range(layout.seats):
        y = top - (seat + 1) * row
        circled_number(canvas, ctx, seat + 1, panel.x + 2.2 * mm, y + 2.6 * mm, 2.2 * mm)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        canvas.line(panel.x + 6 * mm, y + 1, panel.right, y + 1)
    top -= layout.seats * row + 5 * mm

    result_h = heading + layout.seats * row
    _draw_legend(ctx, canvas, where, Box(panel.x, panel.y + result_h + 5 * mm, panel.w,
                                         top - panel.y - result_h - 5 * mm))

    top = panel.y + result_h
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "log_sheet.result", Box(panel.x, top - heading, panel.w, heading),
            ty.body, ty.min_body, bold=True, valign="bottom")
    top -= heading
    box_w = 12 * mm
    for seat in range(layout.seats):
        y = top - (seat + 1) * row
        circled_number(canvas, ctx, seat + 1, panel.x + 2.2 * mm, y + 3 * mm, 2.2 * mm)
        canvas.setFillColor(INK)
        text_in(canvas, ctx, where, "log_sheet.tiles_left",
                Box(panel.x + 6 * mm, y, panel.w - 6 * mm - box_w - 2 * mm, 6 * mm), ty.body, ty.min_body)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.rect(panel.right - box_w, y, box_w, 6 * mm, stroke=1, fill=0)


def _draw_legend(ctx: RenderContext, canvas: DrawingCanvas, where: str, room: Box) -> None:
    """The notation, one short paragraph per part as the language file words it, in a box that fits it."""
    ty = ctx.print.type
    keys = [f"log_sheet.notation.{k}" for k in ctx.texts.section("log_sheet.notation")]
    text = "\n".join(ctx.t(k) for k in keys)
    pad = 3 * mm
    fitted = ctx.fit(where, "log_sheet.notation", text, room.w - 2 * pad, room.h - 2 * pad, LEGEND_SIZE,
                     ty.min_body)
    h = fitted.height + 2 * pad
    canvas.setFillColor(LEGEND_BG)
    canvas.roundRect(room.x, room.top - h, room.w, h, 2 * mm, stroke=0, fill=1)
    canvas.setFillColor(INK)
    textfit.draw(canvas, fitted, room.x + pad, room.top - pad, room.w - 2 * pad)
