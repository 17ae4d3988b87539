"""The playing-card index in a deck card's lower-right corner: rank over suit, or the joker word.

NanumGothic has no diamond (U+2666), so all four suit pips are drawn as vector shapes: one look for every suit,
in every language.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from .context import TextOverflow
from .travel_style import BLACK_SUIT, RED_SUIT, Rect, Writer, star

RANK_SIZE = 12.5
PIP_SIZE = 9.5
JOKER_SIZE = 7.0
#: the corner block: from the panel's lower-right corner, this wide and this high
CORNER_W = 7.2 * mm
CORNER_H = 9.6 * mm
JOKER_ROOM = 15 * mm  # the joker word may reach this far left of the panel's right edge, above the postcard line
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


def corner(panel: Rect) -> Rect:
    """Where the index goes inside `panel` (the rest of the card's layout keeps clear of it)."""
    return Rect(panel.right - CORNER_W - 1.2 * mm, panel.y + 1.2 * mm, CORNER_W, CORNER_H)


def joker_word(writer: Writer, index: CardIndex) -> str:
    """The word a joker shows (empty for other cards); a word too long for the corner fails the build."""
    if not index.joker:
        return ""
    word = writer.ctx.t("card.joker")
    width = writer.width(word, JOKER_SIZE, bold=True)
    if width > JOKER_ROOM:
        raise TextOverflow(writer.where, "card.joker", writer.ctx.lang, round(width - JOKER_ROOM, 2))
    return word


def draw_index(canvas, index: CardIndex, area: Rect, bold_font: str, joker_word: str) -> None:
    """Rank above suit, centred in `area`; a joker shows its word over a star."""
    cx = area.cx
    canvas.setFillColor(index.colour)
    if index.joker:
        canvas.setFont(bold_font, JOKER_SIZE)
        canvas.drawRightString(area.right, area.top - JOKER_SIZE, joker_word)
        star(canvas, area.right - PIP_SIZE * 0.55, area.y + PIP_SIZE * 0.6, PIP_SIZE * 0.62, index.colour)
        return
    canvas.setFont(bold_font, RANK_SIZE)
    canvas.drawCentredString(cx, area.top - RANK_SIZE * 0.78, index.rank)
    pip(canvas, index.suit, cx - PIP_SIZE / 2, area.y, PIP_SIZE, index.colour)


def pip(canvas, suit: str, x: float, y: float, size: float, colour: str) -> None:
    """Draw the suit's pip filling the square (x, y, size)."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size, size)
    canvas.setFillColor(colour)
    _SHAPES[suit](canvas)
    canvas.restoreState()


def _path(canvas, points: list[tuple]) -> None:
    """Fill a closed path from ('m', x, y) / ('l', x, y) / ('c', x1, y1, x2, y2, x, y) steps (unit square)."""
    path = canvas.beginPath()
    for step in points:
        op, *xy = step
        {"m": path.moveTo, "l": path.lineTo, "c": path.curveTo}[op](*xy)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _heart(canvas) -> None:
    _path(canvas, [("m", 0.5, 0.02),
                   ("c", 0.40, 0.16, 0.02, 0.40, 0.02, 0.68),
                   ("c", 0.02, 0.87, 0.15, 0.98, 0.29, 0.98),
                   ("c", 0.40, 0.98, 0.47, 0.91, 0.5, 0.82),
                   ("c", 0.53, 0.91, 0.60, 0.98, 0.71, 0.98),
                   ("c", 0.85, 0.98, 0.98, 0.87, 0.98, 0.68),
                   ("c", 0.98, 0.40, 0.60, 0.16, 0.5, 0.02)])


def _diamond(canvas) -> None:
    _path(canvas, [("m", 0.5, 0.0),
                   ("c", 0.62, 0.18, 0.74, 0.34, 0.88, 0.5),
                   ("c", 0.74, 0.66, 0.62, 0.82, 0.5, 1.0),
                   ("c", 0.38, 0.82, 0.26, 0.66, 0.12, 0.5),
                   ("c", 0.26, 0.34, 0.38, 0.18, 0.5, 0.0)])


def _spade(canvas) -> None:
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


def _club(canvas) -> None:
    for cx, cy in ((0.5, 0.73), (0.25, 0.42), (0.75, 0.42)):
        canvas.circle(cx, cy, 0.235, stroke=0, fill=1)
    canvas.rect(0.38, 0.42, 0.24, 0.26, stroke=0, fill=1)
    _path(canvas, [("m", 0.46, 0.45),
                   ("c", 0.46, 0.22, 0.40, 0.08, 0.30, 0.0),
                   ("l", 0.70, 0.0),
                   ("c", 0.60, 0.08, 0.54, 0.22, 0.54, 0.45)])


_SHAPES = {"H": _heart, "D": _diamond, "S": _spade, "C": _club}
