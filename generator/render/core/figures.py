"""Pieces drawn small on a page (a rulebook's cover and diagrams): a face of a card or tile scaled, turned and laid
down like the printed piece, by the face's own drawing code, so a change to a face shows in the rulebook too."""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from reportlab.lib.colors import Color, HexColor

from .canvas import DrawingCanvas, mm
from .context import Box, Face

OUTLINE = HexColor("#8a8a8a")
SHADOW = Color(0, 0, 0, alpha=0.16)
SHADOW_OFFSET = 0.5 * mm  # right and down, at full size: the light comes from the upper left


class Piece(NamedTuple):
    """A face and the trim size of its piece (pt), as printed."""

    face: Face
    w: float
    h: float
    radius: float = 0.0  # the cut corners' radius at full size (cards are rounded; tiles square)


def lay(canvas: DrawingCanvas, piece: Piece, cx: float, cy: float, scale: float, angle: float = 0.0,
        shadow: bool = True) -> None:
    """Draw `piece` centred on (cx, cy), `scale` times its size, turned `angle` degrees anticlockwise: a soft
    shadow, the face clipped to the cut shape, a hairline edge."""
    w, h, r = piece.w, piece.h, piece.radius
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.rotate(angle)
    canvas.scale(scale, scale)
    if shadow:
        canvas.setFillColor(SHADOW)
        canvas.roundRect(-w / 2 + SHADOW_OFFSET, -h / 2 - SHADOW_OFFSET, w, h, r, stroke=0, fill=1)
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(-w / 2, -h / 2, w, h, r)
    canvas.clipPath(path, stroke=0, fill=0)
    piece.face.draw(canvas, Box(-w / 2, -h / 2, w, h))
    canvas.restoreState()
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(0.35 / scale)
    canvas.roundRect(-w / 2, -h / 2, w, h, r, stroke=1, fill=0)
    canvas.restoreState()


class Placed(NamedTuple):
    """Where `fan` lays one piece: its centre, scale and angle."""

    cx: float
    cy: float
    scale: float
    angle: float


def fan_places(w: float, h: float, count: int, box: Box, step: float = 11.0, reach: float = 1.9) -> list[Placed]:
    """Where `count` pieces of w x h go in a hand's fan as large as fits `box`: each turned `step` degrees from the
    next about a point `reach` card heights under the middle card's centre, the leftmost first (underneath)."""
    angles = [step * ((count - 1) / 2 - i) for i in range(count)]

    def corners(scale: float) -> list[tuple[float, float]]:
        d = reach * h * scale
        points = []
        for a in angles:
            t = math.radians(a)
            cx, cy = -d * math.sin(t), d * math.cos(t)
            for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
                points.append((cx + (dx * math.cos(t) - dy * math.sin(t)) * scale,
                               cy + (dx * math.sin(t) + dy * math.cos(t)) * scale))
        return points

    unit = corners(1.0)
    xs, ys = [p[0] for p in unit], [p[1] for p in unit]
    scale = min(box.w / (max(xs) - min(xs)), box.h / (max(ys) - min(ys)))
    # the pivot, so the fan's bounds are centred in the box
    px = box.cx - (max(xs) + min(xs)) / 2 * scale
    py = box.y + box.h / 2 - (max(ys) + min(ys)) / 2 * scale
    d = reach * h * scale
    return [Placed(px - d * math.sin(math.radians(a)), py + d * math.cos(math.radians(a)), scale, a) for a in angles]


def fan(canvas: DrawingCanvas, pieces: Sequence[Piece], box: Box, step: float = 11.0,
        reach: float = 1.9) -> list[Placed]:
    """`pieces` (all one size) fanned as a hand holds them, as large as fits `box`; returns where each went."""
    places = fan_places(pieces[0].w, pieces[0].h, len(pieces), box, step, reach)
    for piece, place in zip(pieces, places):
        lay(canvas, piece, place.cx, place.cy, place.scale, place.angle)
    return places
