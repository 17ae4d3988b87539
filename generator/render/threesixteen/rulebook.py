"""What the 3x16 rulebook has of its own: its accent, the counts of its checklist, the cover (a board corner and
tiles) and the diagram (a board mid-game and one move shown by arrows)."""
from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import partial

from reportlab.lib.colors import Color, HexColor

from ...content.model_parts import GameData
from ...games.threesixteen.model import PlayerColour, threesixteen_game
from ...games.threesixteen.rules import Board
from ..core import figures, textfit
from ..core.canvas import DrawingCanvas, mm
from ..core.colour import INK
from ..core.context import Box, Face, RenderContext
from ..core.rulebook import Diagram, Figure, Styles, para
from .board import FOOT, BoardLayout, draw_rows_and_lanes
from .components import NumeralStyle, draw_tile_front, needs_mark
from .example import (Example, NextMove, draw_example_board, example_grid, figure_size, next_move, waiting_tile,
                      worked_example)
from .layout import circled_number, edition_colour, wash


def accent(ctx: RenderContext) -> Color:
    """The second player colour (blue: calmer than red for a page of text)."""
    return HexColor(threesixteen_game(ctx.game_data).colours[1].fill)


def component_counts(data: GameData) -> dict[str, int]:
    game = threesixteen_game(data)
    per_set = game.high * game.copies
    return {"tiles": per_set, "caller_tiles": per_set, "boards": len(game.colours), "log_sheet": 1}


# ---- the cover: a corner of a player board with tiles on it, and loose tiles beside it ------------------------

#: the board corner's scale on the cover, and the loose tiles' (a little larger: nearer the eye)
BOARD_SCALE = 0.5
LOOSE_SCALE = 0.62
#: tiles on the board corner: (main row, numbers in it) and (column, numbers from its top)
ON_ROWS = ((0, (1, 2, 3, 4)), (1, (1, 2)), (2, (1,)))
ON_COLUMNS = ((0, (9, 6)), (1, (7,)), (2, (13, 12)))
#: loose tiles: (x, y as shares of the art's box, angle, colour index or -1 for the caller's, number)
LOOSE = ((0.73, 0.80, 14.0, 0, 16), (0.88, 0.70, -11.0, 2, 11), (0.75, 0.50, 6.0, 3, 6), (0.89, 0.38, 21.0, 1, 9),
         (0.73, 0.20, -17.0, -1, 3), (0.88, 0.14, 8.0, 0, 14))


def _tile_piece(ctx: RenderContext, colour: PlayerColour, n: int) -> figures.Piece:
    """A player's tile (or a caller's, at its size), drawn by the printed tile's face."""
    game = threesixteen_game(ctx.game_data)
    size = game.caller_tile if colour.id == game.caller.id else game.tile
    w, h = size.width_mm * mm, size.height_mm * mm
    style = NumeralStyle.for_tile(ctx.fonts.bold, w, h, game.high)
    shown = edition_colour(ctx, colour)
    face = Face(f"threesixteen/tile/{shown.id}/{n}/figure", partial(draw_tile_front, style, shown, n,
                                                                    needs_mark(n, game.high)))
    return figures.Piece(face, w, h)


def cover(ctx: RenderContext, canvas: DrawingCanvas, box: Box) -> None:
    """The cover: the top-left corner of the blue player's board (its rows and lanes, drawn by the board's own code)
    with a game in progress on it, and loose tiles of every set spilling over its edge, as a table looks mid-game."""
    game = threesixteen_game(ctx.game_data)
    colour = game.colours[1]
    page_w, page_h = ctx.page_size[1], ctx.page_size[0]  # a board is a landscape page
    layout = BoardLayout.for_page(ctx, page_w, page_h)
    window = Box(box.x + 3 * mm, box.y + 3 * mm, box.w * 0.6, box.h - 6 * mm)
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(window.x, window.y, window.w, window.h, 2 * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.rect(window.x, window.y, window.w, window.h, stroke=0, fill=1)
    canvas.translate(window.x + 2 * mm - layout.area.x * BOARD_SCALE, window.top - 2 * mm - layout.area.top * BOARD_SCALE)
    canvas.scale(BOARD_SCALE, BOARD_SCALE)
    # only what the window shows: the rows' first places, the lanes cut at its foot (their arrows point on down)
    reach = (window.w - 2 * mm) / BOARD_SCALE
    places = min(game.high, int((reach - (layout.rows[0].x - layout.area.x)) // layout.pitch) + 1)
    foot = layout.area.top - (window.h - 2 * mm) / BOARD_SCALE
    lanes = tuple(Box(lane.x, foot, lane.w, lane.top - foot) for lane in layout.lanes)
    shown = replace(layout, lanes=lanes, slots=int((lanes[0].h - FOOT) // layout.pitch))
    draw_rows_and_lanes(ctx, colour, canvas, shown, places)
    for row, numbers in ON_ROWS:
        strip = layout.rows[row]
        for n in numbers:
            place = Box(strip.x + (n - 1) * layout.pitch, strip.y, layout.pitch, layout.pitch)
            figures.lay(canvas, _tile_piece(ctx, colour, n), place.cx, place.y + place.h / 2, 1.0, shadow=False)
    for lane, numbers in ON_COLUMNS:
        for k, n in enumerate(numbers):
            place = layout.slot(lane, k)
            figures.lay(canvas, _tile_piece(ctx, colour, n), place.cx, place.y + place.h / 2, 1.0, shadow=False)
    canvas.restoreState()
    canvas.setStrokeColor(HexColor("#8a8a8a"))
    canvas.setLineWidth(0.5)
    canvas.roundRect(window.x, window.y, window.w, window.h, 2 * mm, stroke=1, fill=0)
    for fx, fy, angle, which, n in LOOSE:
        tile_colour = game.caller if which < 0 else game.colours[which]
        piece = _tile_piece(ctx, tile_colour, n)
        scale = LOOSE_SCALE * game.tile.width_mm / (piece.w / mm)  # a caller's tile drawn as large as the rest
        figures.lay(canvas, piece, box.x + fx * box.w, box.y + fy * box.h, scale, angle)


# ---- the diagram: the worked example's board and the next call's move, with arrows ----------------------------

CALL_ROOM = 1.9  # tile sides under the figure: the called tile, lying under the rows
DIAGRAM_PLACES = 5  # a main row's places drawn (the example's rows end at 3; the move makes one 4)
STEP_KEYS = ("diagram.place", "diagram.move")
LABEL_SIZE = 8.0


def figure(ctx: RenderContext, styles: Styles) -> Figure:
    """After the rules of the main rows: the board the log sheet's worked example leaves (its figure, drawn with
    the printed tiles), the next call (game.yaml's `example.next`) and its move shown by numbered arrows: placed at
    the bottom of a column, then moved onto a row."""
    example = worked_example(ctx)
    move = next_move(ctx, example)
    if move is None:
        raise ValueError("the 3x16 rulebook's diagram needs game.yaml's example.next")
    values = diagram_values(ctx, example, move)
    title = para(ctx.t("diagram.title", **values), styles.rule_title, "diagram.title")
    title.spaceBefore = styles.rule_gap * 2
    caption = para(diagram_caption(ctx, values), styles.body, "diagram.caption")
    caption.spaceBefore = 2 * mm  # clear of the diagram's last label
    steps = [ctx.t(key, **values) for key in STEP_KEYS]
    diagram = Diagram("diagram", ctx, partial(_diagram_height, ctx, example, steps),
                      partial(_draw_diagram, example, move, steps, styles.accent), space_before=2 * mm)
    return Figure("rows", [title, diagram, caption])


def diagram_values(ctx: RenderContext, example: Example, move: NextMove) -> dict[str, object]:
    """What the diagram's words name, from the data it draws: the call, the column it is placed in, the row end it
    joins, its token, and `waits`, the sentence on a tile of the same number waiting in a column (`diagram.waiting`
    filled in, or empty when the example's board has none)."""
    letters = example.letters
    values: dict[str, object] = {"call": move.call, "column": letters[move.column] if move.column is not None else "",
                                 "end": move.call - 1, "token": move.token}
    waiting = waiting_tile(example, move.call)
    values["waits"] = "" if waiting is None else ctx.t("diagram.waiting", call=move.call,
                                                       in_column=letters[waiting.column], under=waiting.under)
    return values


def diagram_caption(ctx: RenderContext, values: dict[str, object]) -> str:
    """The caption under the diagram, its sentences filled in from `values` (`diagram_values`); where the waiting
    tile's sentence is left out, the space before it goes with it."""
    return re.sub(r" {2,}", " ", ctx.t("diagram.caption", **values)).strip()


def _shown(example: Example) -> Example:
    """The example with only the columns in use and one empty one after them."""
    used = max((i for i, column in enumerate(example.board.columns) if column), default=-1) + 2
    board = Board(example.board.ends, example.board.columns[:used])
    return Example(example.calls, example.moves, example.numbered, board, example.letters[:used])


def _grid(example: Example, width: float) -> tuple[Box, float]:
    """The board figure's box (top at 0) and its tile size for a diagram `width` wide."""
    shown = _shown(example)
    unit_w, unit_h = figure_size(shown, 1.0, DIAGRAM_PLACES)
    pitch = min(width / unit_w, 8 * mm)
    # under the rows, room for the called tile; under the columns, for their next place
    return Box(0, -unit_h * pitch - CALL_ROOM * pitch, unit_w * pitch, (unit_h + CALL_ROOM) * pitch), pitch


def _diagram_height(ctx: RenderContext, example: Example, steps: list[str], width: float) -> float:
    """The board, then the steps' words as they are fitted (one line or two), and nothing more below them."""
    grid, _ = _grid(example, width)
    return 1 * mm + grid.h + 2 * mm + sum(_step_height(fitted) for fitted in _fitted_steps(ctx, steps, width))


STEP_BADGE = LABEL_SIZE * 0.62  # the radius of a step's number


def _fitted_steps(ctx: RenderContext, steps: list[str], width: float) -> list[textfit.Fitted]:
    """The steps' words fitted beside their numbers, at most two lines each."""
    return [ctx.fit("rulebook diagram", key, text, width - 3 * STEP_BADGE, 2 * LABEL_SIZE * 1.25 + 1, LABEL_SIZE,
                    ctx.print.type.min_body, max_lines=2) for key, text in zip(STEP_KEYS, steps)]


def _step_height(fitted: textfit.Fitted) -> float:
    return max(fitted.height, 2 * STEP_BADGE) + 1 * mm


def _draw_diagram(example: Example, move: NextMove, steps: list[str], accent: Color, ctx: RenderContext,
                  canvas: DrawingCanvas, box: Box) -> None:
    """The diagram drawn in `ctx`'s edition (its tiles in that edition's colours)."""
    shown = _shown(example)
    grid_box, pitch = _grid(example, box.w)
    board_box = Box(box.x, box.top - 1 * mm - grid_box.h, grid_box.w, grid_box.h)
    grid = example_grid(board_box, shown, DIAGRAM_PLACES, largest=pitch)
    draw_example_board(ctx, canvas, board_box, shown, tile=_face_tile, places=DIAGRAM_PLACES, largest=pitch)
    game = threesixteen_game(ctx.game_data)
    colour = edition_colour(ctx, game.colours[0])
    # the called tile, right of the board, and where it goes: numbered arrows between ghosts of it
    called = _tile_piece(ctx, game.caller, move.call)
    call_scale = pitch * 1.3 / called.w
    call_x = board_box.x + pitch * 1.2
    call_y = board_box.y + pitch * 0.85
    figures.lay(canvas, called, call_x, call_y, call_scale, -6.0)
    stops: list[Box] = []
    if move.column is not None:
        stops.append(grid.column_place(move.column, len(shown.board.columns[move.column])))
    if move.row is not None:
        stops.append(grid.row_place(move.row, shown.board.ends[move.row] + 1))
    for place in stops:
        _ghost(ctx, canvas, colour.fill, move.call, place)
    start = (call_x + pitch * 0.7, call_y)
    for n, place in enumerate(stops, start=1):
        end = (place.cx, place.y + place.h / 2)
        _arrow(canvas, start, end, accent, pitch)
        mid_x, mid_y = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2 + pitch * 0.55
        circled_number(canvas, ctx, n, mid_x, mid_y, pitch * 0.32, fill=accent)
        start = end
    # the steps' words under the figure, each after its number
    y = board_box.y - 2 * mm
    r = STEP_BADGE
    for n, fitted in enumerate(_fitted_steps(ctx, steps, box.w), start=1):
        circled_number(canvas, ctx, n, box.x + r, y - r, r, fill=accent)
        canvas.setFillColor(INK)
        textfit.draw(canvas, fitted, box.x + 3 * r, y, box.w - 3 * r)
        y -= _step_height(fitted)


def _face_tile(ctx: RenderContext, canvas: DrawingCanvas, colour: PlayerColour, n: int, box: Box) -> None:
    """A tile of the diagram: the printed tile's face, scaled to the figure's place."""
    piece = _tile_piece(ctx, colour, n)
    figures.lay(canvas, piece, box.cx, box.y + box.h / 2, box.w / piece.w * 0.94, shadow=False)


def _ghost(ctx: RenderContext, canvas: DrawingCanvas, fill: str, n: int, place: Box) -> None:
    """Where the called tile goes: a dashed outline with its number, faint."""
    canvas.setStrokeColor(HexColor(fill))
    canvas.setLineWidth(0.8)
    canvas.setDash(1.6, 1.2)
    canvas.rect(place.x + 0.4, place.y + 0.4, place.w - 0.8, place.h - 0.8, stroke=1, fill=0)
    canvas.setDash()
    canvas.setFillColor(wash(fill, 0.5))
    size = place.h * 0.55
    canvas.setFont(ctx.fonts.bold, size)
    canvas.drawCentredString(place.cx, place.y + (place.h - size * 0.72) / 2, str(n))


def _arrow(canvas: DrawingCanvas, start: tuple[float, float], end: tuple[float, float], colour: Color,
           pitch: float) -> None:
    """A curved arrow from `start` to `end` (bowing upwards), its head on `end`'s near edge."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    x1, y1 = x1 - ux * pitch * 0.45, y1 - uy * pitch * 0.45  # stop at the place's edge
    bow = min(length * 0.25, pitch)
    cx, cy = (x0 + x1) / 2 - uy * bow, (y0 + y1) / 2 + ux * bow
    if cy < (y0 + y1) / 2:  # always bow upwards
        cx, cy = (x0 + x1) / 2 + uy * bow, (y0 + y1) / 2 - ux * bow
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineWidth(1.3)
    head = pitch * 0.32
    hx, hy = x1 - cx, y1 - cy
    hl = math.hypot(hx, hy)
    hx, hy = hx / hl, hy / hl
    bx, by = x1 - hx * head, y1 - hy * head
    path = canvas.beginPath()
    path.moveTo(x0, y0)
    path.curveTo(x0 + (cx - x0) * 0.66, y0 + (cy - y0) * 0.66, bx + (cx - bx) * 0.66, by + (cy - by) * 0.66, bx, by)
    canvas.drawPath(path, stroke=1, fill=0)
    tip = canvas.beginPath()
    tip.moveTo(x1, y1)
    tip.lineTo(bx - hy * head * 0.55, by + hx * head * 0.55)
    tip.lineTo(bx + hy * head * 0.55, by - hx * head * 0.55)
    tip.close()
    canvas.drawPath(tip, stroke=0, fill=1)
