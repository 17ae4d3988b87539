"""Imposition: where pieces of one size sit on a page, where the cuts run, and where each back goes.

Pieces are butted together in a grid centred on the page, so neighbours share one cut. Nothing is drawn closer to
the paper's edge than the paper's printer margin (print.yaml: 6.35 mm on US Letter, 5.5 mm on A4), since a home
printer leaves that band blank: the whole block, its bleed included, stays inside it, and around the bleed every
side keeps room for cut marks on white paper: at least MIN_MARK, or SHORT_MARK on a side where a longer mark would
cost a row or column of pieces or the full bleed (a 9-up block of poker cards on A4 leaves 8.25 mm a side). Where upright pieces would leave too little room (poker cards on US Letter), the pieces are turned a
quarter on the sheet instead of the page being turned, so every page prints portrait. Thin trim lines along the
shared edges (lost in the cut) guide the cuts after the first pass, when the outer marks are gone. One side's
margin also holds the page label (the footer band). Backs mirror their fronts for the chosen duplex flip, so each
back lands behind its front, the right way up when the card is turned over like a book page. All lengths are pt,
origin bottom-left, like the PDF.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .canvas import DrawingCanvas
from .context import Box, Face

MM = 72 / 25.4
#: gap between the bleed's outer edge and a cut mark's inner end, so a mark lies on white paper
MARK_GAP = 0.2 * MM
#: shortest cut mark: long enough to lay a ruler on
MIN_MARK = 3 * MM
#: shortest cut mark on a side whose room would otherwise cost pieces or bleed (still a ruler's length to align)
SHORT_MARK = 2.5 * MM
#: room above the printer margin, on the footer side, for the page label (one line of small type)
FOOTER_BAND = 3.5 * MM
MARK_WIDTH = 0.5
#: how far a back's paint reaches under the neighbours painted after it: a pixel at 72 dpi, so no renderer shows
#: paper between two backs
UNDERLAP = 1.0
#: trim lines along shared edges: thin and mid-grey, so they show on white and on dark art and vanish in the cut
TRIM_WIDTH = 0.3
TRIM_GREY = 0.55
DUPLEX_FLIPS = ("long", "short")
#: sides that may hold the page label, in order of preference (the foot of the page, like every other page)
FOOTER_SIDES = ("bottom", "left")
SIDES = ("bottom", "top", "left", "right")

Matrix = tuple[float, float, float, float, float, float]  # a PDF transform (a, b, c, d, e, f)
Segment = tuple[float, float, float, float]  # (x1, y1, x2, y2)


class LayoutError(ValueError):
    """A piece does not fit the printable area of the page (a content problem in print.yaml)."""


@dataclass(frozen=True)
class SheetLayout:
    """A grid of `cols` x `rows` slots of `item_w` x `item_h` (the pieces' footprint on the page) whose block's
    lower-left corner is (x0, y0). A `turned` piece lies a quarter turn anticlockwise: its top faces the page's
    left edge."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    cols: int
    rows: int
    x0: float
    y0: float
    bleed: float  # how far artwork runs past the block's outer edge
    mark_len: float  # cut mark length wanted beyond the bleed (the margin may cut it down to MIN_MARK)
    margin: float = 0.0  # printer margin: nothing is drawn closer to the paper's edge
    footer: str = ""  # the side whose margin also holds the page label ("" when no side has room for it)
    count: int = 0  # pieces actually placed (0: a full page); the last row may be short
    turned: bool = False
    #: cuts across each piece, at these distances from its left edge (a gutterfold pair: both sides of its gutter)
    inner_cuts: tuple[float, ...] = ()
    #: folds across each piece, at these distances from its left edge (a gutterfold pair: the gutter's middle)
    folds: tuple[float, ...] = ()

    @property
    def placed(self) -> int:
        return self.count or self.per_page

    @property
    def piece_size(self) -> tuple[float, float]:
        """The piece's own width and height (its footprint turned back upright)."""
        return (self.item_h, self.item_w) if self.turned else (self.item_w, self.item_h)

    def for_count(self, count: int) -> "SheetLayout":
        """The same grid holding only `count` pieces: the block shrinks to the rows used, its top-left corner stays."""
        rows = -(-count // self.cols)
        cols = min(self.cols, count)
        top = self.y0 + self.rows * self.item_h
        return replace(self, cols=cols, rows=rows, y0=top - rows * self.item_h, count=count)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        return Box(self.x0, self.y0, self.cols * self.item_w, self.rows * self.item_h, self.bleed)

    @property
    def cut_xs(self) -> list[float]:
        inner = [] if self.turned else self.inner_cuts
        return sorted([self.x0 + c * self.item_w for c in range(self.cols + 1)]
                      + [self.x0 + c * self.item_w + u for c in range(self.cols) for u in inner])

    @property
    def cut_ys(self) -> list[float]:
        inner = self.inner_cuts if self.turned else []
        return sorted([self.y0 + r * self.item_h for r in range(self.rows + 1)]
                      + [self.y0 + r * self.item_h + u for r in range(self.rows) for u in inner])

    def _across(self, at: tuple[float, ...]) -> list[Segment]:
        """Lines across every placed piece at these distances from its left edge (piece coordinates)."""
        h = self.piece_size[1]
        return [(*apply(self.matrix(i), u, 0.0), *apply(self.matrix(i), u, h)) for i in range(self.placed)
                for u in at]

    def fold_lines(self) -> list[Segment]:
        return self._across(self.folds)

    def fold_marks(self) -> list[Segment]:
        """Marks in the margin in line with each fold, like the cut marks (drawn dashed)."""
        block, start = self.block, self.bleed + MARK_GAP
        segments = []
        for u in self.folds:
            if self.turned:
                for y in [self.y0 + r * self.item_h + u for r in range(self.rows)]:
                    segments += [(block.x - start, y, block.x - min(start + self.mark_len, self.room("left")), y),
                                 (block.right + start, y, block.right + min(start + self.mark_len, self.room("right")),
                                  y)]
            else:
                for x in [self.x0 + c * self.item_w + u for c in range(self.cols)]:
                    segments += [(x, block.y - start, x, block.y - min(start + self.mark_len, self.room("bottom"))),
                                 (x, block.top + start, x, block.top + min(start + self.mark_len, self.room("top")))]
        return segments

    def limit(self, side: str) -> float:
        """How far from the paper's edge on `side` drawing may start: the printer margin, plus the footer band."""
        return self.margin + (FOOTER_BAND if side == self.footer else 0.0)

    def room(self, side: str) -> float:
        """Free space between the block's edge on `side` and that side's limit (bleed and cut marks go there)."""
        block = self.block
        edge = {"bottom": block.y, "top": self.page_h - block.top, "left": block.x,
                "right": self.page_w - block.right}[side]
        return edge - self.limit(side)

    def cell(self, i: int) -> tuple[int, int]:
        """Column and row (row 0 at the top) of slot `i`; slots fill left to right, top to bottom."""
        return i % self.cols, i // self.cols

    def slot(self, i: int) -> Box:
        """Footprint of front slot `i` on the page, with the sheet bleed (used only on the block's outer edges)."""
        col, row = self.cell(i)
        y = self.y0 + (self.rows - 1 - row) * self.item_h
        return Box(self.x0 + col * self.item_w, y, self.item_w, self.item_h, self.bleed)

    def _neighbours(self, i: int) -> tuple[bool, bool, bool, bool]:
        """Whether slot `i` has a placed piece on its left, right, top and bottom."""
        col, row = self.cell(i)
        last_in_row = col == self.cols - 1 or i == self.placed - 1
        below = row < self.rows - 1 and i + self.cols < self.placed
        return col > 0, not last_in_row, row > 0, below

    def clip(self, i: int) -> Box:
        """Where slot `i` may paint: its trim, grown by the bleed on each side that is an outer edge of the pieces."""
        left, right, top, bottom = (0.0 if shared else self.bleed for shared in self._neighbours(i))
        s = self.slot(i)
        return Box(s.x - left, s.y - bottom, s.w + left + right, s.h + top + bottom)

    def matrix(self, i: int) -> Matrix:
        """Maps piece coordinates (origin at its trim's lower-left corner, upright) onto front slot `i`."""
        s = self.slot(i)
        return (0.0, 1.0, -1.0, 0.0, s.x + s.w, s.y) if self.turned else (1.0, 0.0, 0.0, 1.0, s.x, s.y)

    def back_slot(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """Footprint on the backs page that lands behind front slot `i` after a `duplex` flip, shifted by `offset`."""
        return map_box(self.slot(i), self.flip(duplex, offset))

    def back_clip(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """Where back `i` may paint: behind its front's clip, reaching UNDERLAP under the neighbours painted after it
        (right and below in the fronts' order). A renderer anti-aliases each clip edge on its own, so two clips that
        only meet leave a faint hairline of paper where the cut runs; underlapped, that pixel is always covered. The
        later neighbour paints its own background over the rest. (Fronts need none: a trim line covers each seam.)"""
        _, right, _, below = self._neighbours(i)
        c = self.clip(i)
        grown = Box(c.x, c.y - (UNDERLAP if below else 0.0), c.w + (UNDERLAP if right else 0.0),
                    c.h + (UNDERLAP if below else 0.0))
        return map_box(grown, self.flip(duplex, offset))

    def back_matrix(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Matrix:
        """Maps back coordinates onto the backs page: the point behind each point of the front, for a piece turned
        over about its own upright axis (like a book page), so the back reads upright when the card is turned."""
        w, _ = self.piece_size
        return compose(compose(self.flip(duplex, offset), self.matrix(i)), (-1.0, 0.0, 0.0, 1.0, w, 0.0))

    def flip(self, duplex: str, offset: tuple[float, float]) -> Matrix:
        """Where a point of the front lies on the backs page after the sheet turns over on its `duplex` edge."""
        dx, dy = offset
        if duplex == "long":  # the sheet turns about its vertical axis: left and right swap
            return (-1.0, 0.0, 0.0, 1.0, self.page_w + dx, dy)
        if duplex == "short":  # the sheet turns about its horizontal axis: top and bottom swap
            return (1.0, 0.0, 0.0, -1.0, dx, self.page_h + dy)
        raise ValueError(f"duplex must be one of {DUPLEX_FLIPS}, not {duplex!r}")

    def marks(self) -> list[Segment]:
        """Cut marks (x1, y1, x2, y2), inner end first: one line per cut line and side, on the white paper beyond
        the bleed, `mark_len` long where the margin leaves room (never shorter than MIN_MARK, or SHORT_MARK where
        plan_layout chose it)."""
        block = self.block
        start = self.bleed + MARK_GAP
        segments = []
        for side in SIDES:
            reach = min(start + self.mark_len, self.room(side))
            if side in ("bottom", "top"):
                edge, sign = (block.y, -1) if side == "bottom" else (block.top, 1)
                segments += [(x, edge + sign * start, x, edge + sign * reach) for x in self.cut_xs]
            else:
                edge, sign = (block.x, -1) if side == "left" else (block.right, 1)
                segments += [(edge + sign * start, y, edge + sign * reach, y) for y in self.cut_ys]
        return segments

    def back_marks(self, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> list[Segment]:
        """The fronts' cut marks as they fall on the backs page, so the sheet can be cut from either side."""
        flip = self.flip(duplex, offset)
        return [(*apply(flip, x1, y1), *apply(flip, x2, y2)) for x1, y1, x2, y2 in self.marks()]

    def trim_lines(self) -> list[Segment]:
        """A line along every edge two placed pieces share: after the first cuts, each strip still shows where its
        next cuts run."""
        segments = []
        for i in range(self.placed):
            s = self.slot(i)
            _, right, _, below = self._neighbours(i)
            if right:
                segments.append((s.right, s.y, s.right, s.top))
            if below:
                segments.append((s.x, s.y, s.right, s.y))
        return segments + self._across(self.inner_cuts)

    def footer_anchor(self) -> tuple[float, float, float, float] | None:
        """Where the page label goes: (x, y, angle, length) of its centre line in the footer band, or None."""
        if self.footer == "bottom":
            return self.page_w / 2, self.margin + FOOTER_BAND / 2, 0.0, self.page_w - 2 * self.margin
        if self.footer == "left":
            return self.margin + FOOTER_BAND / 2, self.page_h / 2, 90.0, self.page_h - 2 * self.margin
        return None


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The transform that applies `inner`, then `outer`."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def map_box(box: Box, m: Matrix) -> Box:
    """Where `box` lands under `m` (a mirror, a quarter turn, a shift: the result is again upright)."""
    (x1, y1), (x2, y2) = apply(m, box.x, box.y), apply(m, box.right, box.top)
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), box.bleed)


def needed_room(bleed: float, mark: float = MIN_MARK) -> float:
    """What each side of the block needs outside the printer margin: the bleed, the gap and a shortest mark."""
    return bleed + MARK_GAP + mark


def plan_layout(page_w: float, page_h: float, item_w: float, item_h: float, margin: float, bleed: float,
                mark_len: float, min_bleed: float | None = None, off_centre: bool = False,
                sheets_for: Callable[[int], int] | None = None) -> SheetLayout:
    """As many pieces as fit inside the printer margin with bleed and cut marks, upright or turned a quarter
    (upright on a tie), centred, with room for the page label on the first side of FOOTER_SIDES that has it
    (a row or column fewer when none has); then as much of the `bleed` as the room left allows.

    Bleed and marks give way in this order, each only when the one before would fit fewer pieces on a page (or,
    with `sheets_for`, which counts the sheets the pieces take at so many to a page, take more sheets for them, or
    turn pieces that a later one keeps upright on as many sheets): the full bleed with marks of MIN_MARK, the full bleed with marks of SHORT_MARK on the sides that lack room (a back drifts,
    so a two-sided piece keeps its full bleed), then the bleed down to `min_bleed` with MIN_MARK, then with
    SHORT_MARK.

    With `off_centre` (a sheet printed one-sided: no back has to mirror it), a block that leaves the label too
    little room when centred moves away from the label's side first, as far as the other side can spare, before a
    row or column is given up (16 rows of 16 mm tiles on US Letter)."""
    least = bleed if min_bleed is None else min(bleed, min_bleed)
    tiers = dict.fromkeys([(bleed, MIN_MARK), (bleed, SHORT_MARK), (least, MIN_MARK), (least, SHORT_MARK)])
    planned = [found for tier_bleed, tier_mark in tiers
               if (found := _grid(page_w, page_h, item_w, item_h, margin, bleed, tier_bleed, tier_mark, mark_len,
                                  off_centre)) is not None]
    if not planned:
        raise LayoutError(f"a piece of {item_w / MM:.1f} x {item_h / MM:.1f} mm with {least / MM:.1f} mm bleed and "
                          f"cut marks does not fit inside the printer margin of a {page_w / MM:.1f} x "
                          f"{page_h / MM:.1f} mm page")
    if sheets_for is not None:  # the fewest sheets; then pieces upright; then the first tier
        return min(planned, key=lambda layout: (sheets_for(layout.per_page), layout.turned))
    return max(planned, key=lambda layout: layout.per_page)


def _grid(page_w: float, page_h: float, item_w: float, item_h: float, margin: float, bleed: float,
          tier_bleed: float, tier_mark: float, mark_len: float, off_centre: bool) -> SheetLayout | None:
    """The most pieces with at least `tier_bleed` of bleed and marks of `tier_mark`, the page label's band
    included (None when not one fits), with as much of the full `bleed` as the room left allows."""
    best = None
    edge = margin + needed_room(tier_bleed, tier_mark)
    for turned in (False, True):
        w, h = (item_h, item_w) if turned else (item_w, item_h)
        cols, rows = int((page_w - 2 * edge) / w + 1e-9), int((page_h - 2 * edge) / h + 1e-9)
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best[2] * best[3]):
            best = (w, h, cols, rows, turned)
    if best is None:
        return None
    w, h, cols, rows, turned = best
    while True:
        layout = SheetLayout(page_w, page_h, w, h, cols, rows, (page_w - cols * w) / 2, (page_h - rows * h) / 2,
                             bleed, mark_len, margin, turned=turned)
        footer = next((side for wanted in dict.fromkeys((bleed, tier_bleed)) for side in FOOTER_SIDES
                       if layout.room(side) - FOOTER_BAND >= needed_room(wanted, tier_mark) - 1e-9), "")
        if not footer and off_centre:
            footer, layout = _moved_for_footer(layout, (bleed, tier_bleed), tier_mark)
        if footer or rows * cols == 1:
            break
        rows, cols = (rows - 1, cols) if rows > 1 else (rows, cols - 1)
    layout = replace(layout, footer=footer)
    room = min(layout.room(side) for side in SIDES)
    return replace(layout, bleed=max(tier_bleed, min(bleed, room - MARK_GAP - tier_mark)))


def _moved_for_footer(layout: SheetLayout, bleeds: tuple[float, float], mark: float) -> tuple[str, SheetLayout]:
    """The first side of FOOTER_SIDES that gets room for the label when the block moves away from it by what it
    lacks, and the moved layout; ("", layout) when no side's opposite can spare that much."""
    opposite = {"bottom": "top", "left": "right"}
    for wanted in dict.fromkeys(bleeds):
        for side in FOOTER_SIDES:
            short = needed_room(wanted, mark) + FOOTER_BAND - layout.room(side)
            if layout.room(opposite[side]) - short >= needed_room(wanted, mark) - 1e-9:
                moved = (replace(layout, y0=layout.y0 + short) if side == "bottom"
                         else replace(layout, x0=layout.x0 + short))
                return side, moved
    return "", layout


def draw_lines(canvas: DrawingCanvas, segments: list[Segment], grey: float, width: float) -> None:
    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setStrokeGray(grey)
    canvas.setLineWidth(width)
    canvas.lines(segments)
    canvas.restoreState()


def draw_marks(canvas: DrawingCanvas, segments: list[Segment]) -> None:
    """Cut marks: black hairlines on the white margin."""
    draw_lines(canvas, segments, 0.0, MARK_WIDTH)


def draw_trim_lines(canvas: DrawingCanvas, layout: SheetLayout) -> None:
    draw_lines(canvas, layout.trim_lines(), TRIM_GREY, TRIM_WIDTH)


def paint(canvas: DrawingCanvas, face: Face, matrix: Matrix, size: tuple[float, float], bleed: float, clip: Box) -> None:
    """Draw one face through `matrix` (piece coordinates onto the page), painting only inside `clip` (the page
    area of its trim plus the bleed on outer edges)."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.transform(*matrix)
    face.draw(canvas, Box(0.0, 0.0, size[0], size[1], bleed))
    canvas.restoreState()
