"""The playing-card index of a deck card: rank over suit (or the joker word over a star) in the panel's upper-left
corner, where a hand fanned to the right still shows it, and again turned 180° in the lower-right corner, so the
card reads the same way up or down. The card's other elements keep clear of both corners.

NanumGothic has no diamond (U+2666), so all four suit pips are drawn as vector shapes: one look for every suit,
in every language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.canvas import DrawingCanvas, mm
from ..core.context import Box, TextOverflow
from .style import BLACK_SUIT, RED_SUIT, Writer, star

RANK_SIZE = 12.5
PIP_SIZE = 9.5
JOKER_SIZE = 7.0
MIN_JOKER_SIZE = 5.5
#: each corner block: from the panel's corner, inset by CORNER_INSET, this wide and this high
CORNER_W = 7.2 * mm
CORNER_H = 9.6 * mm
CORNER_INSET = 1.2 * mm
#: room kept between an index and the card's other elements beside it
CLEARANCE = 1.0 * mm
SUIT_COLOURS = {"S": BLACK_SUIT, "C": BLACK_SUIT, "H": RED_SUIT, "D": RED_SUIT}


@dataclass(frozen=True)
class CardIndex:
    """A parsed index: `rank` ('A', '10', 'K', ...) and `suit` ('S', 'H', 'D', 'C'), or a joker."""

    rank: str
    suit: str

    @classmethod
    def parse(cls, index: str) -> "CardIndex":
        if index == "JOKER":
            return cls("JOKER", "")
        return cls(index[:-1], index[-1])

    @property
    def joker(self) -> bool:
        return self.rank == "JOKER"

    @property
    def colour(self) -> str:
        return SUIT_COLOURS.get(self.suit, RED_SUIT)


def corner(panel: Box) -> Box:
    """Where the turned index goes: the lower-right corner of `panel` (the card's lower elements stop above it)."""
    return Box(panel.right - CORNER_W - CORNER_INSET, panel.y + CORNER_INSET, CORNER_W, CORNER_H)


def top_corner(panel: Box) -> Box:
    """Where the upright index goes: the upper-left corner of `panel`."""
    return Box(panel.x + CORNER_INSET, panel.top - CORNER_INSET - CORNER_H, CORNER_W, CORNER_H)


def beside(rect: Box, panel: Box) -> Box:
    """`rect` narrowed on both sides (so centred text stays centred) to clear the upper-left index, when the two
    share any height; a title never runs into an index."""
    index = top_corner(panel)
    if rect.y >= index.top or rect.top <= index.y:
        return rect
    cut = max(0.0, index.right + CLEARANCE - rect.x)
    return Box(rect.x + cut, rect.y, rect.w - 2 * cut, rect.h)


def joker_word(writer: Writer, index: CardIndex) -> tuple[str, float]:
    """The word a joker shows and its size, shrunk to the corner's width (empty for other cards); a word too long
    for the corner even at MIN_JOKER_SIZE fails the build."""
    if not index.joker:
        return "", 0.0
    word = writer.ctx.t("card.joker")
    room = CORNER_W  # inside the corner, as the ranks are: wider, it ran into the panel's rounded corner
    width = writer.width(word, 1.0, bold=True)
    size = min(JOKER_SIZE, room / width) if width else JOKER_SIZE
    if size < MIN_JOKER_SIZE:
        raise TextOverflow(writer.where, "card.joker", writer.ctx.lang, round(width * MIN_JOKER_SIZE - room, 2))
    return word, size


def draw_indices(canvas: DrawingCanvas, index: CardIndex, panel: Box, bold_font: str, joker: tuple[str, float]) -> None:
    """The index upright in the upper-left corner and turned 180° in the lower-right one (the same drawing turned
    about the point halfway between the two corners)."""
    area = top_corner(panel)
    low = corner(panel)
    _draw_index(canvas, index, area, bold_font, joker)
    canvas.saveState()
    canvas.translate(area.cx + low.cx, area.y + area.h / 2 + low.y + low.h / 2)
    canvas.rotate(180)
    _draw_index(canvas, index, area, bold_font, joker)
    canvas.restoreState()


def _draw_index(canvas: DrawingCanvas, index: CardIndex, area: Box, bold_font: str, joker: tuple[str, float]) -> None:
    """Rank above suit, centred in `area`; a joker shows its word over a star, centred the same way."""
    cx = area.cx
    canvas.setFillColor(index.colour)
    if index.joker:
        word, size = joker
        canvas.setFont(bold_font, size)
        canvas.drawCentredString(cx, area.top - size, word)
        star(canvas, cx, area.y + PIP_SIZE * 0.6, PIP_SIZE * 0.62, index.colour)
        return
    canvas.setFont(bold_font, RANK_SIZE)
    canvas.drawCentredString(cx, area.top - RANK_SIZE * 0.78, index.rank)
    pip(canvas, index.suit, cx - PIP_SIZE / 2, area.y, PIP_SIZE, index.colour)


def pip(canvas: DrawingCanvas, suit: str, x: float, y: float, size: float, colour: str) -> None:
    """Draw the suit's pip filling the square (x, y, size)."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size, size)
    canvas.setFillColor(colour)
    _SHAPES[suit](canvas)
    canvas.restoreState()


def _path(canvas: DrawingCanvas, points: list[tuple[str, *tuple[float, ...]]]) -> None:
    """Fill a closed path from ('m', x, y) / ('l', x, y) / ('c', x1, y1, x2, y2, x, y) steps (unit square)."""
    path = canvas.beginPath()
    for step in points:
        op, *xy = step
        pen: dict[str, Callable[..., None]] = {"m": path.moveTo, "l": path.lineTo, "c": path.curveTo}
        pen[op](*xy)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _heart(canvas: DrawingCanvas) -> None:
    _path(canvas, [("m", 0.5, 0.02),
                   ("c", 0.40, 0.16, 0.02, 0.40, 0.02, 0.68),
                   ("c", 0.02, 0.87, 0.15, 0.98, 0.29, 0.98),
                   ("c", 0.40, 0.98, 0.47, 0.91, 0.5, 0.82),
                   ("c", 0.53, 0.91, 0.60, 0.98, 0.71, 0.98),
                   ("c", 0.85, 0.98, 0.98, 0.87, 0.98, 0.68),
                   ("c", 0.98, 0.40, 0.60, 0.16, 0.5, 0.02)])


def _diamond(canvas: DrawingCanvas) -> None:
    _path(canvas, [("m", 0.5, 0.0),
                   ("c", 0.62, 0.18, 0.74, 0.34, 0.88, 0.5),
                   ("c", 0.74, 0.66, 0.62, 0.82, 0.5, 1.0),
                   ("c", 0.38, 0.82, 0.26, 0.66, 0.12, 0.5),
                   ("c", 0.26, 0.34, 0.38, 0.18, 0.5, 0.0)])


def _spade(canvas: DrawingCanvas) -> None:
    _path(canvas, [("m", 0.5, 1.0),
                   ("c", 0.60, 0.86, 0.98, 0.62, 0.98, 0.38),
                   ("c", 0.98, 0.22, 0.87, 0.12, 0.73, 0.12),
                   ("c", 0.64, 0.12, 0.57, 0.16, 0.53, 0.23),
                   ("c", 0.55, 0.12, 0.61, 0.04, 0.70, 0.0),
                   ("l", 0.30, 0.0),
                   ("c", 0.39, 0.04, 0.45, 0.12, 0.47, 0.23),
                   ("c", 0.43, 0.16, 0.36, 0.12, 0.27, 0.12),
                   ("c", 0.13, 0.12, 0.02, 0.22, 0.02, 0.38),
                   ("c", 0.02, 0.62, 0.40, 0.86, 0.5, 1.0)])


def _club(canvas: DrawingCanvas) -> None:
    for cx, cy in ((0.5, 0.73), (0.25, 0.42), (0.75, 0.42)):
        canvas.circle(cx, cy, 0.235, stroke=0, fill=1)
    canvas.rect(0.38, 0.42, 0.24, 0.26, stroke=0, fill=1)
    _path(canvas, [("m", 0.46, 0.45),
                   ("c", 0.46, 0.22, 0.40, 0.08, 0.30, 0.0),
                   ("l", 0.70, 0.0),
                   ("c", 0.60, 0.08, 0.54, 0.22, 0.54, 0.45)])


_SHAPES = {"H": _heart, "D": _diamond, "S": _spade, "C": _club}
