"""What every travel face builder needs: the context, the card geometry, colours per kind and words with numbers.

Card texts carry `{placeholders}` filled from the card's effect parameters and from `rules_params`, so a designer
changes a number in game.yaml and every language follows.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Callable, NamedTuple

from ..core.canvas import DrawingCanvas
from ..core.context import Box, Face, RenderContext
from .style import Frame, Geometry, Writer, frame, geometry, travel_game


class Cursor:
    """Hands out rectangles from the top of an area downwards (a simple column layout)."""

    def __init__(self, area: Box) -> None:
        self.area = area
        self.y = area.top

    def take(self, height: float) -> Box:
        self.y -= height
        return Box(self.area.x, self.y, self.area.w, height)

    def skip(self, gap: float) -> None:
        self.y -= gap

    def rest(self, bottom: float) -> Box:
        """Everything left down to `bottom`."""
        return Box(self.area.x, bottom, self.area.w, self.y - bottom)


#: what a face's layout returns: draws the face on a canvas in card coordinates, its background out to the bleed
Paint = Callable[[DrawingCanvas, float], None]


class Kit:
    """One language's travel cards: context, geometry, fonts and the rule parameters for the texts."""

    def __init__(self, ctx: RenderContext) -> None:
        self.ctx = ctx
        self.game = travel_game(ctx.game_data)
        self.geo: Geometry = geometry(ctx)
        self.params: dict[str, Any] = self.game.rules_params.model_dump()
        self.bold = ctx.fonts.bold
        self._shared: dict[str, Any] = {}

    def colour(self, kind: str) -> str:
        return self.game.kinds[kind].colour

    def words(self, key: str, **values: Any) -> str:
        """The text of `key` with rule parameters and `values` (a card's effect parameters) filled in."""
        return self.ctx.t(key, **{**self.params, **values})

    def shared(self, name: str, compute: Callable[[], Any]) -> Any:
        """A value computed once for all of this language's cards, e.g. one type size for a whole deck."""
        if name not in self._shared:
            self._shared[name] = compute()
        return self._shared[name]

    def writer(self, where: str) -> Writer:
        return Writer(self.ctx, where)

    def framed(self, kind: str, where: str) -> "Framed":
        """What most faces start from: the geometry, a writer for `where`, the kind's colour and its plain frame."""
        writer, colour = self.writer(where), self.colour(kind)
        return Framed(self.geo, writer, colour, frame(writer, self.geo, kind, colour))

    def face(self, key: str, layout: Callable[[], Paint]) -> Face:
        """A face laid out on its first draw and drawn in card coordinates (origin: the trim's lower-left corner).

        `layout()` fits the texts and returns `draw(canvas, bleed)`; it runs once, so texts are measured once, and
        a text that does not fit raises TextOverflow when that face is drawn (lint collects them face by face).
        """
        built = cache(layout)

        def draw(canvas: DrawingCanvas, box: Box) -> None:
            paint = built()
            canvas.saveState()
            canvas.translate(box.x, box.y)
            paint(canvas, box.bleed)
            canvas.restoreState()

        return Face(key, draw)


class Framed(NamedTuple):
    """A face's start (`Kit.framed`)."""

    geo: Geometry
    writer: Writer
    colour: str
    frame: Frame
