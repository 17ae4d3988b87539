"""A 3x16 player board: one landscape page per player colour, the same size on every paper.

Top, across the whole width: the main rows, each a strip of numbered places (1..high) a tile fits on. Below, on
the left: one lane per column (A-E) with a closed cap at the top and as many places as the page holds; a column
grows downwards and often grows longer than any page (a strong player's longest column passes 8 tiles in most
games), so the lanes stay open at the foot of the board, an arrow in each points on down, and a note says the
columns continue on the table. On the right: the board's title, then the supply, a place for every tile, laid out
in supply rows 1..high as the setup rule asks. Turned labels in the left margin name the rows and the columns.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from ..core.canvas import Colour, DrawingCanvas, mm
from ...games.threesixteen.model import PlayerColour, threesixteen_game
from ..core.colour import INK
from ..core.context import Box, Page, RenderContext
from ..core.sheets import FOOTER_BAND
from .layout import FAINT, centred_area, text_in, wash

AIR = 2 * mm  # kept clear inside the printer margin, so the board never sits exactly on it
LABEL_W = 5 * mm  # the left strip that holds the turned zone labels
ROW_GAP = 1 * mm
ZONE_GAP = 3.5 * mm  # between the rows and the columns
CAP = 6 * mm  # a lane's closed top with the column's name
FOOT = 4.5 * mm  # at least this much open lane under the last place, for the arrow
LANE_EXTRA = 2.4 * mm  # a lane is this much wider than a place
LANE_GAP = 3 * mm
PANEL_GAP = 7 * mm
TITLE_H = 8 * mm
NOTE_H = 11 * mm  # the note at the foot of the right-hand side
SUPPLY_PAD = 3.5 * mm
SUPPLY_LABEL = 5 * mm
GROUP_GAP = 2.5 * mm


def board_title(ctx: RenderContext, colour: PlayerColour) -> str:
    return ctx.t("punctuation.title").join((ctx.t("board.title"), ctx.t(f"colours.{colour.id}")))


def board_page(ctx: RenderContext, colour: PlayerColour) -> Page:
    return Page(f"threesixteen/board/{colour.id}", True, partial(draw_board, ctx, colour), board_title(ctx, colour),
                footer=partial(board_footer, ctx))


@dataclass(frozen=True)
class BoardLayout:
    """Where everything goes on a board; the tests read the PDF against these numbers."""

    area: Box  # the whole board, centred on the page
    pitch: float  # side of a place (rows, lanes, supply): a tile and a little play
    rows: tuple[Box, ...]  # each main row's strip of places, top first
    caps: tuple[Box, ...]  # each lane's closed top, A first
    lanes: tuple[Box, ...]  # each lane under its cap, down to the foot of the board (open there)
    slots: int  # places drawn in each lane
    title: Box
    supply: Box  # the supply panel
    note: Box  # the note on the lanes' open foot

    @classmethod
    def for_page(cls, ctx: RenderContext, page_w: float, page_h: float) -> "BoardLayout":
        game = threesixteen_game(ctx.game_data)
        area = centred_area(ctx, True, page_w, page_h, inset=AIR)
        pitch = min((area.w - LABEL_W) / game.high, game.tile.width_mm * mm + 2 * mm)
        x = area.x + LABEL_W
        rows = tuple(Box(x, area.top - (r + 1) * pitch - r * ROW_GAP, game.high * pitch, pitch)
                     for r in range(game.rows))
        zone_top = rows[-1].y - ZONE_GAP
        lane_w = pitch + LANE_EXTRA
        caps = tuple(Box(x + i * (lane_w + LANE_GAP), zone_top - CAP, lane_w, CAP) for i in range(len(game.columns)))
        lanes = tuple(Box(c.x, area.y, lane_w, c.y - area.y) for c in caps)
        slots = int((lanes[0].h - FOOT) // pitch)
        foot = area.y + FOOTER_BAND  # under the right-hand side, the page label's band; the lanes run on past it
        side = Box(caps[-1].right + PANEL_GAP, foot, area.right - caps[-1].right - PANEL_GAP, zone_top - foot)
        title = Box(side.x, side.top - TITLE_H, side.w, TITLE_H)
        note = Box(side.x, side.y, side.w, NOTE_H)
        supply = Box(side.x, note.top + 2 * mm, side.w, title.y - 1.5 * mm - note.top - 2 * mm)
        return cls(area, pitch, rows, caps, lanes, slots, title, supply, note)

    @property
    def footer_anchor(self) -> tuple[float, float, float, float]:
        """The page label's line (x, y, angle, length, as a sheet's): centred under the right-hand side, in the band
        between its foot and the printer margin, beside the lanes' open feet."""
        return self.note.x + self.note.w / 2, self.area.y + (FOOTER_BAND - AIR) / 2, 0.0, self.note.w

    def slot(self, lane: int, n: int) -> Box:
        """The n-th place (0 = top) of a lane, centred in it."""
        box = self.lanes[lane]
        return Box(box.x + LANE_EXTRA / 2, box.top - (n + 1) * self.pitch, self.pitch, self.pitch)


def board_footer(ctx: RenderContext, page_w: float, page_h: float) -> tuple[float, float, float, float]:
    return BoardLayout.for_page(ctx, page_w, page_h).footer_anchor


def draw_board(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, page_w: float, page_h: float) -> None:
    layout = BoardLayout.for_page(ctx, page_w, page_h)
    where = f"board '{colour.id}'"
    draw_rows_and_lanes(ctx, colour, canvas, layout)
    rows_span = Box(layout.area.x, layout.rows[-1].y, LABEL_W, layout.rows[0].top - layout.rows[-1].y)
    _turned_label(ctx, colour, canvas, where, "board.rows", rows_span)
    lanes_span = Box(layout.area.x, layout.area.y, LABEL_W, layout.caps[0].top - layout.area.y)
    _turned_label(ctx, colour, canvas, where, "board.columns", lanes_span)
    _draw_title(ctx, colour, canvas, where, layout.title)
    _draw_supply(ctx, colour, canvas, where, layout.supply, layout.pitch)
    _draw_note(ctx, colour, canvas, where, layout.note)


def draw_rows_and_lanes(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, layout: BoardLayout,
                        places: int | None = None) -> None:
    """The board's main rows (their first `places` places, or all) and its columns' lanes (as long as `layout`
    has them): all that its top-left corner shows (the rulebook's cover draws that much, nothing it would clip)."""
    for row in layout.rows:
        _draw_row(ctx, colour, canvas, row, places)
    _draw_lanes(ctx, colour, canvas, f"board '{colour.id}'", layout)


def _draw_row(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, row: Box,
              places: int | None = None) -> None:
    """A strip of places 1..high (or its first `places`) with faint numbers."""
    high = threesixteen_game(ctx.game_data).high
    pitch = row.w / high
    shown = min(places or high, high)
    canvas.setFillColor(wash(colour.fill, 0.10))
    canvas.setStrokeColor(wash(colour.fill, 0.55))
    canvas.setLineWidth(0.6)
    canvas.rect(row.x, row.y, shown * pitch, row.h, stroke=1, fill=1)
    for i in range(1, shown):
        canvas.line(row.x + i * pitch, row.y, row.x + i * pitch, row.top)
    canvas.setFillColor(FAINT)
    size = pitch * 0.42
    canvas.setFont(ctx.fonts.bold, size)
    for i in range(shown):
        canvas.drawCentredString(row.x + (i + 0.5) * pitch, row.y + row.h / 2 - size * 0.35, str(i + 1))


def _turned_label(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, where: str, key: str, span: Box) -> None:
    """A zone's name read upwards along the left strip, centred on the zone."""
    canvas.saveState()
    canvas.translate(span.right, span.y)
    canvas.rotate(90)
    canvas.setFillColor(HexColor(colour.fill) if colour.ink == "#ffffff" else INK)
    text_in(canvas, ctx, where, key, Box(0, 0, span.h, span.w * 0.8), ctx.print.type.body,
            ctx.print.type.min_body, bold=True, align="center")
    canvas.restoreState()


def _draw_lanes(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, where: str, layout: BoardLayout) -> None:
    """Each lane: a closed cap with the column's name, its places going down, and an open foot with an arrow."""
    game = threesixteen_game(ctx.game_data)
    ty = ctx.print.type
    for i, (name, cap, lane) in enumerate(zip(game.columns, layout.caps, layout.lanes)):
        canvas.setFillColor(wash(colour.fill, 0.08))
        canvas.rect(lane.x, lane.y, lane.w, lane.h, stroke=0, fill=1)
        canvas.setStrokeColor(wash(colour.fill, 0.6))
        canvas.setLineWidth(0.8)
        canvas.line(lane.x, lane.y, lane.x, lane.top)
        canvas.line(lane.right, lane.y, lane.right, lane.top)
        canvas.setFillColor(HexColor(colour.fill))
        canvas.roundRect(cap.x, cap.y, cap.w, cap.h, 1.5 * mm, stroke=0, fill=1)
        canvas.rect(cap.x, cap.y, cap.w, cap.h / 2, stroke=0, fill=1)
        canvas.setFillColor(HexColor(colour.ink))
        text_in(canvas, ctx, where, "board.column", cap.inset(1 * mm, 0), ty.body, ty.min_body, bold=True,
                align="center", name=name)
        canvas.setStrokeColor(FAINT)
        canvas.setLineWidth(0.5)
        canvas.setDash(2, 2)
        for s in range(layout.slots):
            place = layout.slot(i, s)
            canvas.rect(place.x, place.y, place.w, place.h, stroke=1, fill=0)
        canvas.setDash()
        _arrow_down(canvas, lane.x + lane.w / 2, lane.y + 0.6 * mm, 3 * mm, HexColor(colour.fill))


def _arrow_down(canvas: DrawingCanvas, cx: float, tip_y: float, size: float, colour: Colour) -> None:
    path = canvas.beginPath()
    path.moveTo(cx - size * 0.8, tip_y + size)
    path.lineTo(cx + size * 0.8, tip_y + size)
    path.lineTo(cx, tip_y)
    path.close()
    canvas.setFillColor(colour)
    canvas.drawPath(path, stroke=0, fill=1)


def _draw_title(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, where: str, box: Box) -> None:
    """The board's name and colour, beside a dot of the colour."""
    ty = ctx.print.type
    canvas.setFillColor(HexColor(colour.fill))
    canvas.circle(box.x + 2.2 * mm, box.y + box.h / 2, 2.2 * mm, stroke=0, fill=1)
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "board.title", Box(box.x + 6 * mm, box.y, box.w - 6 * mm, box.h),
            ty.title, ty.min_title, bold=True, text=board_title(ctx, colour))


def _draw_note(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, where: str, box: Box) -> None:
    """What the lanes' arrows mean: only the bottom tile moves, and a column may run on past the board."""
    ty = ctx.print.type
    _arrow_down(canvas, box.x + 2.4 * mm, box.y + 0.6 * mm, 3 * mm, HexColor(colour.fill))
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "board.bottom", Box(box.x + 6 * mm, box.y, box.w - 6 * mm, box.h),
            ty.body, ty.min_body, bold=True, valign="bottom")


def _draw_supply(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, where: str, panel: Box, pitch: float) -> None:
    """The supply: its label, then a place for every tile, one group per supply row 1..high.

    A supply row is longer than the panel is wide, so each group wraps onto as many lines as it needs.
    """
    game = threesixteen_game(ctx.game_data)
    ty = ctx.print.type
    canvas.setFillColor(wash(colour.fill, 0.05))
    canvas.setStrokeColor(wash(colour.fill, 0.5))
    canvas.setLineWidth(0.8)
    canvas.setDash(4, 3)
    canvas.roundRect(panel.x, panel.y, panel.w, panel.h, 3 * mm, stroke=1, fill=1)
    canvas.setDash()
    inner = panel.inset(SUPPLY_PAD)
    canvas.setFillColor(INK)
    text_in(canvas, ctx, where, "board.supply", Box(inner.x, inner.top - SUPPLY_LABEL, inner.w, SUPPLY_LABEL),
            ty.body, ty.min_body, bold=True, valign="top")
    lines = int(-(-game.high * pitch // inner.w))
    per_line = -(-game.high // lines)
    room = inner.h - SUPPLY_LABEL - (game.rows - 1) * GROUP_GAP
    cell = min(pitch, room / (game.rows * lines), inner.w / per_line)
    block_h = game.rows * lines * cell + (game.rows - 1) * GROUP_GAP
    top = inner.y + (inner.h - SUPPLY_LABEL + block_h) / 2  # centred under the label
    x0 = inner.x + (inner.w - cell * per_line) / 2
    size = cell * 0.42
    for r in range(game.rows):
        canvas.setFillColor(wash(colour.fill, 0.16))
        canvas.roundRect(x0 - 1 * mm, top - lines * cell - 1 * mm, cell * per_line + 2 * mm, lines * cell + 2 * mm,
                         1.5 * mm, stroke=0, fill=1)
        canvas.setStrokeColor(wash(colour.fill, 0.45))
        canvas.setLineWidth(0.5)
        canvas.setFont(ctx.fonts.bold, size)
        for n in range(1, game.high + 1):
            line, i = divmod(n - 1, per_line)
            x, y = x0 + i * cell, top - (line + 1) * cell
            canvas.setFillColor(HexColor("#ffffff"))
            canvas.rect(x, y, cell, cell, stroke=1, fill=1)
            canvas.setFillColor(FAINT)
            canvas.drawCentredString(x + cell / 2, y + cell / 2 - size * 0.35, str(n))
        top -= lines * cell + GROUP_GAP
