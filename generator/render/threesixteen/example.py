"""The worked example of the 3x16 notation (game.yaml's `example`): its calls, its tokens with and without numbers,
and the board they leave, drawn small beside the legend that gives the same example (the log sheet).

The board comes from the rules engine, so the figure shows what the checker would: the example is replayed, never
drawn from a second description of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from reportlab.lib.colors import HexColor

from ...games.threesixteen import engine
from ...games.threesixteen.model import PlayerColour, threesixteen_game
from ...games.threesixteen.notation import ROW, notation_for
from ...games.threesixteen.rules import Board, Rules, check
from ..core.canvas import DrawingCanvas, mm
from ..core.colour import INK
from ..core.context import Box, RenderContext
from ..core.linebreak import NO_BREAK_SPACE
from .layout import GREY, edition_colour, wash

#: places drawn in each main row of the figure (the rest of a row, to `high`, is left to the imagination)
ROW_PLACES = 8
GAP = 0.18  # between rows, and between columns: this much of a tile's side
LABEL = 0.7  # a column's letter above it: this much of a tile's side


@dataclass(frozen=True)
class Example:
    calls: tuple[int, ...]
    moves: tuple[str, ...]
    numbered: tuple[str, ...]  # the same tokens with every number written in (`4A`, `2B>B2`)
    board: Board
    letters: str

    def words(self) -> dict[str, str]:
        """The placeholders of `log_sheet.notation.example`: the calls and both forms of the tokens, each run
        held on one line."""
        return {"calls": NO_BREAK_SPACE.join(map(str, self.calls)), "moves": NO_BREAK_SPACE.join(self.moves),
                "numbered": NO_BREAK_SPACE.join(self.numbered)}


def worked_example(ctx: RenderContext) -> Example:
    """The game's example replayed: ValueError if the rules refuse it (lint refuses it first: crosscheck)."""
    game = threesixteen_game(ctx.game_data)
    rules = Rules.from_game(game)
    notation = notation_for(rules.letters)
    board = Board.empty(rules)
    numbered = []
    for number, move in zip(game.example.calls, game.example.moves):
        token = notation.parse(move)
        if token is None or check(rules, board, number, token) is not None:
            raise ValueError(f"the example's token {move!r} for {number} is not legal")
        _, place, moves = token
        board = engine.place(board, number, place)
        written = []
        for column, _ in moves:
            written.append(f"{rules.letters[column]}{board.columns[column][-1]}")
            board = engine.shift(board, column)
        head = "R" if place == ROW else rules.letters[place]
        numbered.append(f"{number}{head}" + (">" + "".join(written) if written else ""))
    return Example(tuple(game.example.calls), tuple(game.example.moves), tuple(numbered), board,
                   rules.column_letters)


@dataclass(frozen=True)
class NextMove:
    """The call after the example (game.yaml's `example.next`): where its tile goes, and the row it then joins."""

    call: int
    token: str  # as written on the log sheet
    column: int | None  # the column it is placed at the bottom of; None when it starts a row
    row: int | None  # the main row it moves onto (or starts), if it reaches one before the next call


def next_move(ctx: RenderContext, example: Example) -> NextMove | None:
    """The example's next call replayed on its board: ValueError if the rules refuse it (lint refuses it first)."""
    game = threesixteen_game(ctx.game_data)
    if game.example.next is None:
        return None
    rules = Rules.from_game(game)
    number, move = game.example.next.call, game.example.next.move
    token = notation_for(rules.letters).parse(move)
    if token is None or check(rules, example.board, number, token) is not None:
        raise ValueError(f"the example's next token {move!r} for {number} is not legal")
    _, place, moves = token
    if place == ROW:
        return NextMove(number, move, None, example.board.ends.index(0))
    row = None
    if moves:  # the placed tile moves on at once: onto the row whose last tile is one less
        row = example.board.ends.index(number - 1)
    return NextMove(number, move, place, row)


@dataclass(frozen=True)
class Waiting:
    """A tile of the next call's number already in a column with tiles under it: it cannot move on to a row until
    they leave (R10), which is why the diagram's move places the new tile instead."""

    column: int
    under: int  # the number of the tile directly under it


def waiting_tile(example: Example, call: int) -> Waiting | None:
    """The first tile of `call`'s number, column by column, with a tile under it in the example's board; None when
    the board has none."""
    for c, column in enumerate(example.board.columns):
        for i, number in enumerate(column[:-1]):
            if number == call:
                return Waiting(c, column[i + 1])
    return None


def figure_size(example: Example, pitch: float, places: int = ROW_PLACES) -> tuple[float, float]:
    """Width and height of the figure drawn with tiles of side `pitch`: the main rows (`places` of each), and the
    columns beside them."""
    rows = len(example.board.ends)
    deepest = max((len(column) for column in example.board.columns), default=0)
    gap = GAP * pitch
    rows_w = (places + 1) * pitch  # a row's first places and its "…"
    columns_w = len(example.letters) * (pitch + gap)
    height = max(rows * pitch + (rows - 1) * gap, LABEL * pitch + max(deepest, 1) * pitch)
    return rows_w + 2 * pitch + columns_w, height


#: draws tile `n` of a colour into a box: the figure's own small tile (`_tile`), or the printed tile's face
TileDrawer = Callable[[RenderContext, DrawingCanvas, PlayerColour, int, Box], None]


@dataclass(frozen=True)
class FigureGrid:
    """Where `draw_example_board` puts things, for what is drawn over it (the rulebook's arrows)."""

    box: Box
    pitch: float
    places: int

    def row_place(self, row: int, n: int) -> Box:
        """The n-th place (1 = the first) of main row `row` (0 = the top one)."""
        gap = GAP * self.pitch
        y = self.box.top - (row + 1) * self.pitch - row * gap
        return Box(self.box.x + (n - 1) * self.pitch, y, self.pitch, self.pitch)

    def column_place(self, column: int, k: int) -> Box:
        """The k-th place (0 = the top one) of column `column` (0 = A)."""
        gap = GAP * self.pitch
        left = self.box.x + (self.places + 3) * self.pitch
        return Box(left + column * (self.pitch + gap), self.box.top - LABEL * self.pitch - (k + 1) * self.pitch,
                   self.pitch, self.pitch)


def example_grid(box: Box, example: Example, places: int = ROW_PLACES, largest: float = 6 * mm) -> FigureGrid:
    """The figure's tile size and places, as large as fits `box` (top-left aligned) with tiles at most `largest`."""
    unit_w, unit_h = figure_size(example, 1.0, places)
    return FigureGrid(box, min(box.w / unit_w, box.h / unit_h, largest), places)


def draw_example_board(ctx: RenderContext, canvas: DrawingCanvas, box: Box, example: Example,
                       tile: TileDrawer | None = None, places: int = ROW_PLACES, largest: float = 6 * mm) -> float:
    """The board the example leaves, as large as fits `box` (top-left aligned): on the left the main rows with
    their tiles (the first `places` places of each, then "…"), on the right the columns, lettered, with theirs,
    the bottom tile lowest. Tiles are the first player colour's, as a player's board holds them, drawn by `tile`
    (the figure's own small tiles unless told). Returns the figure's width."""
    grid = example_grid(box, example, places, largest)
    draw = tile or _tile
    pitch = grid.pitch
    unit_w = figure_size(example, 1.0, places)[0]
    colour = edition_colour(ctx, threesixteen_game(ctx.game_data).colours[0])
    top, gap = box.top, GAP * pitch
    for end in example.board.ends:
        y = top - pitch
        canvas.setFillColor(wash(colour.fill, 0.10))
        canvas.setStrokeColor(wash(colour.fill, 0.55))
        canvas.setLineWidth(0.4)
        canvas.rect(box.x, y, places * pitch, pitch, stroke=1, fill=1)
        for n in range(1, places + 1):
            x = box.x + (n - 1) * pitch
            if n <= end:
                draw(ctx, canvas, colour, n, Box(x, y, pitch, pitch))
            elif n > 1:
                canvas.setStrokeColor(wash(colour.fill, 0.55))
                canvas.line(x, y, x, y + pitch)
        canvas.setFillColor(GREY)
        canvas.setFont(ctx.fonts.regular, pitch * 0.6)
        canvas.drawString(box.x + places * pitch + 0.2 * pitch, y + pitch * 0.3, "…")
        top = y - gap
    left = box.x + (places + 3) * pitch
    label = LABEL * pitch
    for i, (letter, column) in enumerate(zip(example.letters, example.board.columns)):
        x = left + i * (pitch + gap)
        canvas.setFillColor(HexColor(INK))
        canvas.setFont(ctx.fonts.bold, label * 0.9)
        canvas.drawCentredString(x + pitch / 2, box.top - label * 0.8, letter)
        y = box.top - label
        if not column:  # an empty column: its place, dashed
            canvas.setStrokeColor(wash(colour.fill, 0.55))
            canvas.setLineWidth(0.4)
            canvas.setDash(1.5, 1.5)
            canvas.rect(x, y - pitch, pitch, pitch, stroke=1, fill=0)
            canvas.setDash()
        for k, n in enumerate(column):
            draw(ctx, canvas, colour, n, Box(x, y - (k + 1) * pitch, pitch, pitch))
    return float(unit_w * pitch)


def _tile(ctx: RenderContext, canvas: DrawingCanvas, colour: PlayerColour, n: int, box: Box) -> None:
    """A small tile of the figure: its colour and its number (a figure's tiles are too small for the corner cues
    and underlines of the printed ones, and lie the right way up)."""
    canvas.setFillColor(HexColor(colour.fill))
    canvas.setStrokeColor(HexColor("#ffffff"))
    canvas.setLineWidth(0.3)
    canvas.rect(box.x, box.y, box.w, box.h, stroke=1, fill=1)
    size = box.h * 0.62
    canvas.setFillColor(HexColor(colour.ink))
    canvas.setFont(ctx.fonts.bold, size)
    canvas.drawCentredString(box.cx, box.y + (box.h - size * 0.72) / 2, str(n))
