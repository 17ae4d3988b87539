"""Imposition: where pieces of one size sit on a page, where the cuts run, and where each back goes.

Pieces are butted together in a grid centred inside the printer margin, so neighbours share one cut. Nothing is
drawn closer to the paper's edge than the printer margin, since a home printer leaves that band blank: artwork bleeds
past the outer edge of the block only as far as the margin allows, and cut marks run from the margin towards the
block, in line with every cut, stopping short of the pieces. One side's margin also holds the page label (the
footer band); its marks stop at the band. Backs mirror their fronts for the chosen duplex flip, so each back lands
centred behind its front. All lengths are pt, origin bottom-left, like the PDF.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .context import Box

MM = 72 / 25.4
#: gap between a cut mark's inner end and the block (a mark never touches a piece)
MARK_GAP = 0.3 * MM
#: shortest cut mark worth printing: a ruler must find it
MIN_MARK = 1 * MM
#: room kept between the block and the printer margin so every cut mark shows at full minimum length
MARK_ROOM = MARK_GAP + MIN_MARK
#: room above the printer margin, on the footer side, for the page label (one line of small type)
FOOTER_BAND = 3.5 * MM
MARK_WIDTH = 0.5
MARK_CASING = 1.6  # white line under each mark, so a mark stays visible over dark bleed art
DUPLEX_FLIPS = ("long", "short")
#: sides that may hold the page label, in order of preference (the foot of the page, like every other page)
FOOTER_SIDES = ("bottom", "left")
SIDES = ("bottom", "top", "left", "right")
OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}


class LayoutError(ValueError):
    """A piece does not fit the printable area of the page (a content problem in print.yaml)."""


@dataclass(frozen=True)
class SheetLayout:
    """A grid of `cols` x `rows` pieces of `item_w` x `item_h` whose block's lower-left corner is (x0, y0)."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    cols: int
    rows: int
    x0: float
    y0: float
    bleed: float  # how far artwork runs past the block's outer edge, where the margin leaves room
    mark_len: float  # cut mark length beyond the bleed, where the margin leaves room
    margin: float = 0.0  # printer margin: nothing is drawn closer to the paper's edge
    footer: str = ""  # the side whose margin also holds the page label ("" when no side has room for it)
    count: int = 0  # pieces actually placed (0: a full page); the last row may be short

    @property
    def placed(self) -> int:
        return self.count or self.per_page

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
        return [self.x0 + c * self.item_w for c in range(self.cols + 1)]

    @property
    def cut_ys(self) -> list[float]:
        return [self.y0 + r * self.item_h for r in range(self.rows + 1)]

    def limit(self, side: str) -> float:
        """How far from the paper's edge on `side` drawing may start: the printer margin, plus the footer band."""
        return self.margin + (FOOTER_BAND if side == self.footer else 0.0)

    def room(self, side: str) -> float:
        """Free space between the block's edge on `side` and that side's limit (bleed and cut marks go there)."""
        block = self.block
        edge = {"bottom": block.y, "top": self.page_h - block.top, "left": block.x,
                "right": self.page_w - block.right}[side]
        return edge - self.limit(side)

    def outer_bleed(self, side: str) -> float:
        """Bleed past the block's edge on `side`: the sheet bleed, cut back to the printable area. Opposite sides
        bleed alike, so a mirrored back never runs into the footer band of its own page either."""
        return max(0.0, min(self.bleed, self.room(side), self.room(OPPOSITE[side])))

    def cell(self, i: int) -> tuple[int, int]:
        """Column and row (row 0 at the top) of slot `i`; slots fill left to right, top to bottom."""
        return i % self.cols, i // self.cols

    def slot(self, i: int) -> Box:
        """Trim box of front slot `i`, with the sheet bleed (used only on the block's outer edges)."""
        col, row = self.cell(i)
        y = self.y0 + (self.rows - 1 - row) * self.item_h
        return Box(self.x0 + col * self.item_w, y, self.item_w, self.item_h, self.bleed)

    def clip(self, i: int) -> Box:
        """Where slot `i` may paint: its trim, grown by the bleed on each side that is an outer edge of the pieces."""
        col, row = self.cell(i)
        left = self.outer_bleed("left") if col == 0 else 0.0
        last_in_row = col == self.cols - 1 or i == self.placed - 1
        right = self.outer_bleed("right") if last_in_row else 0.0
        top = self.outer_bleed("top") if row == 0 else 0.0
        above_nothing = row == self.rows - 1 or i + self.cols >= self.placed
        bottom = self.outer_bleed("bottom") if above_nothing else 0.0
        s = self.slot(i)
        return Box(s.x - left, s.y - bottom, s.w + left + right, s.h + top + bottom)

    def back_slot(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """Trim box on the backs page that lands behind front slot `i` after a `duplex` flip, shifted by `offset`."""
        return _mirror(self.slot(i), self.page_w, self.page_h, duplex, offset)

    def back_clip(self, i: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        return _mirror(self.clip(i), self.page_w, self.page_h, duplex, offset)

    def marks(self) -> list[tuple[float, float, float, float]]:
        """Cut marks (x1, y1, x2, y2), inner end first: one short line per cut line and side, in the margin.

        Each runs from just outside the block out past the bleed by `mark_len`, but never beyond its side's limit.
        """
        block = self.block
        segments = []
        for side in SIDES:
            reach = min(self.bleed + self.mark_len, self.room(side))
            if reach - MARK_GAP <= 0:
                continue
            if side in ("bottom", "top"):
                edge, sign = (block.y, -1) if side == "bottom" else (block.top, 1)
                segments += [(x, edge + sign * MARK_GAP, x, edge + sign * reach) for x in self.cut_xs]
            else:
                edge, sign = (block.x, -1) if side == "left" else (block.right, 1)
                segments += [(edge + sign * MARK_GAP, y, edge + sign * reach, y) for y in self.cut_ys]
        return segments

    def footer_anchor(self) -> tuple[float, float, float, float] | None:
        """Where the page label goes: (x, y, angle, length) of its centre line in the footer band, or None."""
        if self.footer == "bottom":
            return self.page_w / 2, self.margin + FOOTER_BAND / 2, 0.0, self.page_w - 2 * self.margin
        if self.footer == "left":
            return self.margin + FOOTER_BAND / 2, self.page_h / 2, 90.0, self.page_h - 2 * self.margin
        return None


def _mirror(box: Box, page_w: float, page_h: float, duplex: str, offset: tuple[float, float]) -> Box:
    dx, dy = offset
    if duplex == "long":  # the sheet turns about its vertical axis: left and right swap
        return Box(page_w - box.x - box.w + dx, box.y + dy, box.w, box.h, box.bleed)
    if duplex == "short":  # the sheet turns about its horizontal axis: top and bottom swap
        return Box(box.x + dx, page_h - box.y - box.h + dy, box.w, box.h, box.bleed)
    raise ValueError(f"duplex must be one of {DUPLEX_FLIPS}, not {duplex!r}")


def plan_layout(page_w: float, page_h: float, item_w: float, item_h: float, margin: float, bleed: float,
                mark_len: float) -> SheetLayout:
    """As many pieces as fit inside the printer margin (keeping room for the cut marks), centred; the page label
    goes in the first side of FOOTER_SIDES whose margin has room for it besides the marks."""
    cols = int((page_w - 2 * (margin + MARK_ROOM)) / item_w + 1e-9)
    rows = int((page_h - 2 * (margin + MARK_ROOM)) / item_h + 1e-9)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a piece of {item_w / MM:.1f} x {item_h / MM:.1f} mm does not fit inside the printer "
                          f"margin of a {page_w / MM:.1f} x {page_h / MM:.1f} mm page")
    x0 = (page_w - cols * item_w) / 2
    y0 = (page_h - rows * item_h) / 2
    layout = SheetLayout(page_w, page_h, item_w, item_h, cols, rows, x0, y0, bleed, mark_len, margin)
    for side in FOOTER_SIDES:
        if layout.room(side) - FOOTER_BAND >= MARK_ROOM - 1e-9:
            return replace(layout, footer=side)
    return layout


def draw_marks(canvas, layout: SheetLayout) -> None:
    """Cut marks: a black hairline over a white casing, so they read on paper and over bleed art alike."""
    segments = layout.marks()
    canvas.saveState()
    canvas.setLineCap(0)
    for colour, width in ((1.0, MARK_CASING), (0.0, MARK_WIDTH)):
        canvas.setStrokeGray(colour)
        canvas.setLineWidth(width)
        canvas.lines(segments)
    canvas.restoreState()


def paint(canvas, face, trim: Box, clip: Box) -> None:
    """Draw one face into `trim`, letting it paint only inside `clip` (trim plus bleed on outer edges)."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    canvas.clipPath(path, stroke=0, fill=0)
    face.draw(canvas, trim)
    canvas.restoreState()
