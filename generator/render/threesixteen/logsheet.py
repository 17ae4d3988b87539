"""The printable 3x16 log sheet: one line per call, in the notation the checker reads, on both sides of one sheet.

Two landscape pages (the same size on every paper), printed front and back: the front holds calls 1-24, the back
25-48, so each player's box is a quarter of the page wide, room for the long tokens of a game's end written by
hand (a strong player's last move often runs past 20 letters: `R>CBBADDDCAEEBCEEBEEBEE`). Each line holds the
call number (printed), the called number and one token box per seat; the table's head has a line per seat for
the player's name, and the front's header the date and the number of columns played. Under the front's table
the notation's legend (`log_sheet.notation.*`, so it says what the checker accepts) with its worked example and,
beside it, the board that example leaves. Under the back's table, spare lines for the rest of a move too long for
its box (one call a line, its call written in the Number box), then each player's tiles left. A record file is
copied from it line by line: the calls column gives `calls`, each seat's column its `moves` (a move continued on a
spare line typed as one token), the last line `tiles_left`, which the checker compares with the moves.
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
from .example import draw_example_board, figure_size, worked_example
from .layout import FAINT, GREY, circled_number, footer_anchor, page_area, text_in

SIDES = 2  # calls on the front, then on the back
SPARE = 3  # lines on the back for the rest of a move too long for its box
HEADER = 10 * mm
TABLE_HEAD = 11 * mm
NOTE_H = 5 * mm  # the back's note under its table
CALL_W = 9 * mm
NUMBER_W = 12 * mm  # "Number" on one line in Noto Sans Bold at the small size
LEGEND_GAP = 3 * mm
SHADE = HexColor("#f0f0f0")
LEGEND_BG = HexColor("#f3f3f3")
HEAD_BG = HexColor("#e2e2e2")
LEGEND_SIZE = 9.5  # pt: read again and again while writing
FIGURE_TILE = 4.5 * mm  # the largest tile of the example's board
COLUMN_GAP = 6 * mm  # between the legend's parts
#: what a written character of a token takes by hand (block capitals written small): the tests copy real games
#: onto the sheet with it
HAND_MM = 3.0


@dataclass(frozen=True)
class LogSheetLayout:
    """Where everything goes on one side; the tests read the PDF against these numbers."""

    side: int  # 0: the front (calls 1-24, the legend), 1: the back (25-48, spare lines, tiles left)
    area: Box
    calls: int  # calls in a whole game
    seats: int
    line_h: float
    table_top: float  # top of the first call line (under the table head)
    token_w: float
    legend: Box  # the front's legend and figure (empty on the back)

    @classmethod
    def for_page(cls, ctx: RenderContext, page_w: float, page_h: float, side: int = 0) -> "LogSheetLayout":
        game = threesixteen_game(ctx.game_data)
        area = page_area(ctx, page_w, page_h, inset=2 * mm)
        calls = game.high * game.copies
        per_side = -(-calls // SIDES)
        table_top = area.top - HEADER - TABLE_HEAD
        line_h = (table_top - NOTE_H - area.y) / (per_side + SPARE + 1)  # the back: calls, spare lines, tiles left
        token_w = (area.w - CALL_W - NUMBER_W) / game.players.max
        legend_top = table_top - per_side * line_h - LEGEND_GAP
        legend = Box(area.x, area.y, area.w, legend_top - area.y) if side == 0 else Box(area.x, area.y, 0, 0)
        return cls(side, area, calls, game.players.max, line_h, table_top, token_w, legend)

    @property
    def per_side(self) -> int:
        return -(-self.calls // SIDES)

    @property
    def first(self) -> int:
        return self.side * self.per_side + 1

    @property
    def last(self) -> int:
        return min(self.calls, self.first + self.per_side - 1)

    @property
    def lines(self) -> int:
        """Lines drawn on this side: its calls, and on the back the spare lines and the tiles left."""
        return self.last - self.first + 1 + (SPARE + 1 if self.side else 0)

    def row_y(self, i: int) -> float:
        """The bottom of line `i` (0 at the top) of this side's table."""
        return self.table_top - (i + 1) * self.line_h

    def line(self, call: int) -> tuple[float, float]:
        """(x, y of the line's bottom) of the 1-based call number, on this side."""
        return self.area.x, self.row_y(call - self.first)

    def token_box(self, i: int, seat: int) -> Box:
        """The box a seat writes its token in on line `i` (seat 0 first)."""
        return Box(self.area.x + CALL_W + NUMBER_W + seat * self.token_w, self.row_y(i), self.token_w, self.line_h)

    @property
    def spare_lines(self) -> tuple[int, ...]:
        return tuple(range(self.last - self.first + 1, self.last - self.first + 1 + SPARE)) if self.side else ()

    @property
    def result_line(self) -> int | None:
        return self.lines - 1 if self.side else None


def log_sheet_pages(ctx: RenderContext) -> list[Page]:
    """The front and the back of the log sheet: the back printed behind the front (one sheet, two-sided)."""
    title = ctx.t("log_sheet.title")
    return [Page(f"threesixteen/log-sheet{'' if side == 0 else '/back'}", True,
                 partial(draw_log_sheet, ctx, side=side), title, footer=partial(footer_anchor, ctx),
                 back_of_previous=side > 0)
            for side in range(SIDES)]


def draw_log_sheet(ctx: RenderContext, canvas: DrawingCanvas, page_w: float, page_h: float, side: int = 0) -> None:
    layout = LogSheetLayout.for_page(ctx, page_w, page_h, side)
    where = "log sheet"
    ty = ctx.print.type
    area = layout.area
    head_h = HEADER * 0.8
    canvas.setFillColor(INK)
    title = ctx.t("punctuation.title").join((ctx.t("log_sheet.title"), ctx.t("log_sheet.calls", first=layout.first,
                                                                              last=layout.last)))
    text_in(canvas, ctx, where, "log_sheet.title", Box(area.x, area.top - HEADER, area.w * 0.45, head_h), ty.title,
            ty.min_title, bold=True, text=title)
    if side == 0:
        _label_and_line(canvas, ctx, where, "log_sheet.date", area.x + area.w * 0.47, area.top - head_h,
                        area.w * 0.28, head_h)
        _label_and_line(canvas, ctx, where, "log_sheet.columns", area.right - area.w * 0.22, area.top - head_h,
                        area.w * 0.22, head_h, columns=len(threesixteen_game(ctx.game_data).columns))
    _draw_table(ctx, canvas, where, layout)
    if side == 0:
        _draw_legend(ctx, canvas, where, layout.legend)
    else:
        note = Box(area.x, area.y, area.w, NOTE_H)
        canvas.setFillColor(GREY)
        text_in(canvas, ctx, where, "log_sheet.spare_note", note, ty.small, min(ty.small, ty.min_body),
                valign="bottom", text=ctx.t("log_sheet.spare_note", calls=layout.calls))


def _label_and_line(canvas: DrawingCanvas, ctx: RenderContext, where: str, key: str, x: float, y: float, w: float,
                    h: float, **values: object) -> None:
    """A label followed by a line to write on, both on the bottom of the box."""
    ty = ctx.print.type
    fitted = ctx.fit(where, key, ctx.t(key, **values), w * 0.6, h, ty.body, ty.min_body, bold=True, max_lines=1)
    canvas.setFillColor(INK)
    textfit.draw(canvas, fitted, x, y + h, w * 0.6, box_height=h, valign="bottom")
    label_w = textfit.unit_width(fitted.lines[0][0], fitted.font) * fitted.size
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    canvas.line(x + label_w + 2 * mm, y + 1, x + w, y + 1)


def _draw_table(ctx: RenderContext, canvas: DrawingCanvas, where: str, layout: LogSheetLayout) -> None:
    ty = ctx.print.type
    x, w = layout.area.x, layout.area.w
    head_y = layout.table_top
    canvas.setFillColor(HEAD_BG)
    canvas.rect(x, head_y, w, TABLE_HEAD, stroke=0, fill=1)
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "log_sheet.call", Box(x + 0.5 * mm, head_y, CALL_W - 1 * mm, TABLE_HEAD), ty.small,
            ty.min_body, bold=True, align="center")
    text_in(canvas, ctx, where, "log_sheet.number", Box(x + CALL_W + 0.5 * mm, head_y, NUMBER_W - 1 * mm, TABLE_HEAD),
            ty.small, ty.min_body, bold=True, align="center")
    for seat in range(layout.seats):  # the seat's number, and a line for the player's name
        box = layout.token_box(0, seat)
        circled_number(canvas, ctx, seat + 1, box.x + 3.5 * mm, head_y + TABLE_HEAD / 2, 2.2 * mm)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.5)
        canvas.line(box.x + 7 * mm, head_y + 2.5 * mm, box.right - 2 * mm, head_y + 2.5 * mm)
    bottom = layout.row_y(layout.lines - 1)
    size = min(ty.body, layout.line_h * 0.55)
    for i in range(layout.lines):
        y = layout.row_y(i)
        if i % 2 == 1:
            canvas.setFillColor(SHADE)
            canvas.rect(x, y, w, layout.line_h, stroke=0, fill=1)
        canvas.setFillColor(GREY)
        canvas.setFont(ctx.fonts.bold, size)
        if i < layout.last - layout.first + 1:
            canvas.drawRightString(x + CALL_W - 1.5 * mm, y + layout.line_h / 2 - size * 0.35, str(layout.first + i))
        elif i in layout.spare_lines:
            canvas.drawCentredString(x + CALL_W / 2, y + layout.line_h / 2 - size * 0.35, "+")
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    for i in range(layout.lines - 1):
        y = layout.row_y(i)
        canvas.line(x, y, x + w, y)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.rect(x, bottom, w, head_y + TABLE_HEAD - bottom, stroke=1, fill=0)
    canvas.line(x, head_y, x + w, head_y)
    token_x = x + CALL_W + NUMBER_W
    result = layout.result_line
    canvas.setLineWidth(0.5)
    for cx in (token_x, *(token_x + s * layout.token_w for s in range(1, layout.seats))):
        canvas.line(cx, bottom, cx, head_y + TABLE_HEAD)
    below = layout.row_y(result - 1) if result is not None else bottom
    canvas.line(x + CALL_W, below, x + CALL_W, head_y + TABLE_HEAD)  # the result line has no call column
    if result is not None:  # the tiles left, a ruled line above it
        y = layout.row_y(result)
        canvas.setLineWidth(0.8)
        canvas.line(x, y + layout.line_h, x + w, y + layout.line_h)
        canvas.setFillColor(INK)
        text_in(canvas, ctx, where, "log_sheet.tiles_left", Box(x + 1 * mm, y, CALL_W + NUMBER_W - 2 * mm,
                                                                  layout.line_h), ty.small, min(ty.small, ty.min_body),
                bold=True)


@dataclass(frozen=True)
class LegendParts:
    """The front's legend: how a token is written (its paragraphs but the example), the worked example, and the
    board it leaves; `pitch` is the side of that board's tiles."""

    notation: Box
    example: Box
    figure: Box
    pitch: float


def legend_parts(ctx: RenderContext, room: Box) -> LegendParts:
    example = worked_example(ctx)
    pad = 2.5 * mm
    inner = Box(room.x + pad, room.y + pad, room.w - 2 * pad, room.h - 2 * pad)
    unit_w, unit_h = figure_size(example, 1.0)
    pitch = min(inner.h / unit_h, FIGURE_TILE)
    figure = Box(inner.right - unit_w * pitch, inner.top - unit_h * pitch, unit_w * pitch, unit_h * pitch)
    text_w = inner.w - figure.w - 2 * COLUMN_GAP
    notation = Box(inner.x, inner.y, text_w * 0.6, inner.h)
    return LegendParts(notation, Box(notation.right + COLUMN_GAP, inner.y, text_w * 0.4, inner.h), figure, pitch)


def _draw_legend(ctx: RenderContext, canvas: DrawingCanvas, where: str, room: Box) -> None:
    """The notation, one short paragraph per part as the language file words it: on the left how a token is
    written, in the middle the worked example (game.yaml's, filled in), on the right the board it leaves."""
    ty = ctx.print.type
    example = worked_example(ctx)
    parts = legend_parts(ctx, room)
    keys = list(ctx.texts.section("log_sheet.notation"))
    canvas.setFillColor(LEGEND_BG)
    canvas.roundRect(room.x, room.y, room.w, room.h, 2 * mm, stroke=0, fill=1)
    columns = [("\n".join(ctx.t(f"log_sheet.notation.{k}", **example.words()) for k in chosen), box)
               for chosen, box in (([k for k in keys if k != "example"], parts.notation), (["example"], parts.example))]
    size = min(ctx.fit(where, "log_sheet.notation", text, box.w, box.h, LEGEND_SIZE, ty.min_body).size
               for text, box in columns)  # one size for the whole legend
    for text, box in columns:
        fitted = ctx.fit(where, "log_sheet.notation", text, box.w, box.h, size, size)
        canvas.setFillColor(INK)
        textfit.draw(canvas, fitted, box.x, box.top, box.w)
    draw_example_board(ctx, canvas, parts.figure, example)
