"""The travel cards' shared look: geometry, palette, the card frame, text blocks and small vector marks.

Every card is drawn in its own coordinates (origin at the trim's lower-left corner, in pt). The background runs out
to the bleed; everything else stays inside the panel, which sits 4 mm inside the trim (the safe area is 3 mm).
Each card's texts are fitted once, on its first draw, and kept; the colours are the kind colours of game.yaml plus
the few fixed inks below.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...content.model_parts import GameData
from ...games.travel.model import TravelGame
from ..core.canvas import DrawingCanvas, mm
from ..core import textfit
from ..core.colour import WHITE, readable, tint
from ..core.context import Box, RenderContext, TextOverflow
from ..core.icons import IconSet
from .frames import Band, band

MARGIN = 4 * mm  # trim to panel; the safe area is 3 mm
HEADER = 6 * mm  # band above the panel holding the kind word and the timing badge
PANEL_RADIUS = 2.6 * mm
PAD = 2.2 * mm  # panel edge to its content
INK = "#222222"
MUTED = "#5f6368"
RED_SUIT = "#c62828"
BLACK_SUIT = "#1b1b1b"
BACK_COLOUR = "#1f3b5a"  # the common back of the draw pile (and passports)
PROHIBITION_RED = "#d7261e"
#: kind word size and spacing in the header band (letter-spacing only for capitals, see `tracking`): tracked
#: capitals in the regular weight, a label apart from the bold title below it (as Ticket to Ride's and Sushi Go's
#: card labels are set)
KIND_SIZE = 7.5
KIND_SPACING = 1.25
BADGE_SIZE = 7.0
BADGE_HEIGHT = BADGE_SIZE + 5
#: word to pill end: the round end's radius plus air, so no glyph reaches into the curve
BADGE_PAD = BADGE_HEIGHT / 2 + 1.5
#: an icon's optical size: the larger side of its artwork's measured ink box, as a fraction of its roundel's
#: diameter (of the disc, the ring, the tile it sits on), the same for every icon on every card; OpenMoji's own
#: grid leaves each icon a different margin (a figure drew at two thirds of a camera's size)
ICON_INK = 0.58
#: the title bar: a band of the kind's colour behind a card's name, inside the panel with a white rim round it (the
#: same rim as the index's inset), so it reads as a label of its own and not as part of the coloured frame; its
#: words sit this far inside its ends and edges. In the ink-saver edition it is a light tint with the name in the
#: kind's colour. As Magic: The Gathering's name bar inside the frame and Dominion's name banner.
BAR_RIM = 1.2 * mm
BAR_RADIUS = 1.6 * mm
BAR_PAD_X = 1.4 * mm
BAR_PAD_Y = 0.6 * mm
#: the ink-saver bar: how far the kind's colour is washed towards white
BAR_TINT = 0.88
#: the least contrast between a bar and its words (WCAG AA for text of any size): a light kind colour (the special
#: items' ochre, the postcards' teal) is deepened just enough under white words
BAR_CONTRAST = 4.5


def travel_game(game: GameData) -> TravelGame:
    """`game` as the travel game's own model: what a travel RenderContext's `game_data` holds (the registry loads it
    through this game's spec)."""
    if not isinstance(game, TravelGame):
        raise TypeError(f"expected the travel game's data, not {type(game).__name__}")
    return game


def tracking(word: str) -> float:
    """Letter-spacing for a header word: spaced capitals read well, but a script without case (Korean) is set
    solid, as its typesetting expects."""
    return KIND_SPACING if word != word.lower() else 0.0


@dataclass(frozen=True)
class Geometry:
    """Where the frame puts things on a card of this size."""

    w: float
    h: float

    @property
    def panel(self) -> Box:
        return Box(MARGIN, MARGIN, self.w - 2 * MARGIN, self.h - 2 * MARGIN - HEADER)

    @property
    def content(self) -> Box:
        return self.panel.inset(PAD)

    @property
    def header_baseline(self) -> float:
        return self.h - MARGIN - HEADER / 2 - KIND_SIZE * 0.35


def geometry(ctx: RenderContext) -> Geometry:
    card = ctx.print.card
    return Geometry(card.width_mm * mm, card.height_mm * mm)


# ---- text -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextBlock:
    """Fitted text and the box it is drawn in, with its alignment."""

    fitted: textfit.Fitted
    rect: Box
    colour: str = INK
    align: str = "center"
    valign: str = "middle"

    def draw(self, canvas: DrawingCanvas) -> None:
        canvas.setFillColor(self.colour)
        textfit.draw(canvas, self.fitted, self.rect.x, self.rect.top, self.rect.w, align=self.align,
                     box_height=self.rect.h, valign=self.valign)


class Writer:
    """Fits the texts of one card, naming the card in any overflow error."""

    def __init__(self, ctx: RenderContext, where: str) -> None:
        self.ctx, self.where = ctx, where
        self.type = ctx.print.type

    def block(self, key: str, text: str, rect: Box, *, role: str = "body", colour: str = INK,
              align: str = "center", valign: str = "middle", max_lines: int | None = None) -> TextBlock:
        """Fit `text` (the words of `key`) into `rect` at the role's size, shrinking to the role's minimum."""
        size, min_size, bold = self.sizes(role)
        fitted = self.ctx.fit(self.where, key, text, rect.w, rect.h, size, min_size, bold=bold, max_lines=max_lines)
        return TextBlock(fitted, rect, colour, align, valign)

    def sizes(self, role: str) -> tuple[float, float, bool]:
        t = self.type
        return {
            "display": (t.title * 1.3, t.min_title, True),
            "title": (t.title, t.min_title, True),
            "body": (t.body, t.min_body, False),
            "small": (t.small, t.min_body, False),
            "label": (t.small, t.min_body, True),
        }[role]

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return textfit.unit_width(text, self.ctx.fonts.bold if bold else self.ctx.fonts.regular) * size


@dataclass(frozen=True)
class TitleBar:
    """A card's name on its title bar: the bar's rectangle and fill, and the name fitted inside it."""

    rect: Box
    fill: str
    title: TextBlock

    def draw(self, canvas: DrawingCanvas) -> None:
        canvas.setFillColor(self.fill)
        r = self.rect
        canvas.roundRect(r.x, r.y, r.w, r.h, BAR_RADIUS, stroke=0, fill=1)
        self.title.draw(canvas)


def bar_colours(colour: str, ink: str, ink_saver: bool) -> tuple[str, str]:
    """The bar's fill and its words' colour for a kind of `colour` whose words are `ink` on it (white, mostly): the
    kind's colour under the ink, or in the ink-saver edition a light tint under the kind's colour, each deepened as
    far as BAR_CONTRAST needs."""
    if ink_saver:
        fill = tint(colour, BAR_TINT)
        return fill, readable(colour, fill, BAR_CONTRAST)
    return readable(colour, ink, BAR_CONTRAST), ink


def title_bar(writer: Writer, key: str, text: str, rect: Box, colour: str, *, role: str = "title",
              max_lines: int = 2, ink: str = WHITE) -> TitleBar:
    """The name `text` (of `key`) on a title bar filling `rect`, fitted to the bar's inside."""
    fill, words = bar_colours(colour, ink, writer.ctx.ink_saver)
    inside = rect.inset(BAR_PAD_X, BAR_PAD_Y)
    return TitleBar(rect, fill, writer.block(key, text, inside, role=role, colour=words, max_lines=max_lines))


def bar_across(panel: Box, top: float, height: float) -> Box:
    """A title bar's rectangle across `panel` (inside its rim), from `top` down `height`."""
    return Box(panel.x + BAR_RIM, top - height, panel.w - 2 * BAR_RIM, height)


# ---- frame ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Badge:
    """The timing word in a pill at the header's right end."""

    text: str
    width: float
    fill: str
    ink: str


@dataclass(frozen=True)
class Frame:
    """Background (out to the bleed), the kind word, an optional badge and the panel."""

    colour: str
    kind_word: str
    kind_spacing: float
    kind_font: str
    kind_ink: str = WHITE
    panel_fill: str = WHITE
    panel_stroke: str | None = None
    badge: Badge | None = None
    band: Band | None = None

    def draw(self, canvas: DrawingCanvas, geo: Geometry, bleed: float, bold: str) -> None:
        canvas.setFillColor(self.colour)
        canvas.rect(-bleed, -bleed, geo.w + 2 * bleed, geo.h + 2 * bleed, stroke=0, fill=1)
        if self.band is not None:
            self.band.draw(canvas, geo.w, geo.h, bleed)
        canvas.setFillColor(self.kind_ink)
        canvas.setFont(self.kind_font, KIND_SIZE)
        canvas.drawString(MARGIN + 1.0, geo.header_baseline, self.kind_word, charSpace=self.kind_spacing)
        if self.badge:
            self._draw_badge(canvas, geo, bold, self.badge)
        panel = geo.panel
        canvas.setFillColor(self.panel_fill)
        if self.panel_stroke:
            canvas.setStrokeColor(self.panel_stroke)
            canvas.setLineWidth(1.6)
        canvas.roundRect(panel.x, panel.y, panel.w, panel.h, PANEL_RADIUS, stroke=1 if self.panel_stroke else 0,
                         fill=1)

    def _draw_badge(self, canvas: DrawingCanvas, geo: Geometry, bold: str, badge: Badge) -> None:
        h = BADGE_HEIGHT
        right = geo.w - MARGIN
        y = geo.h - MARGIN - HEADER / 2 - h / 2
        canvas.setFillColor(badge.fill)
        canvas.roundRect(right - badge.width, y, badge.width, h, h / 2, stroke=0, fill=1)
        canvas.setFillColor(badge.ink)
        canvas.setFont(bold, BADGE_SIZE)
        canvas.drawCentredString(right - badge.width / 2, y + h / 2 - BADGE_SIZE * 0.35, badge.text)


def frame(writer: Writer, geo: Geometry, kind: str, colour: str, *, timing: str | None = None,
          kind_ink: str | None = None, panel_fill: str = WHITE, panel_stroke: str | None = None) -> Frame:
    """The frame of a card of `kind`, with the timing badge when given; the kind word in the kind's ink.

    The header is one line with no room to shrink into, so a kind word (plus badge) wider than the card fails
    the build like any other overflow.
    """
    kind_word = writer.ctx.t(f"kinds.{kind}").upper()
    room = geo.w - 2 * MARGIN - 1.0
    spacing = tracking(kind_word)
    used = writer.width(kind_word, KIND_SIZE) + spacing * len(kind_word)
    badge = None
    if timing:
        word = writer.ctx.t(f"timing.{timing}")
        badge = Badge(word, writer.width(word, BADGE_SIZE, bold=True) + 2 * BADGE_PAD, WHITE, colour)
        used += 6 + badge.width
    if used > room:
        key = f"timing.{timing}" if timing else f"kinds.{kind}"
        raise TextOverflow(writer.where, key, writer.ctx.lang, round(used - room, 2))
    ink = kind_ink or travel_game(writer.ctx.game_data).kinds[kind].ink
    regular = writer.ctx.fonts.regular
    if writer.ctx.ink_saver:  # white to the bleed; the kind's colour only in its word, the badge and an outline
        light_badge = badge and Badge(badge.text, badge.width, tint(colour, 0.82), colour)
        return Frame(WHITE, kind_word, spacing, regular, colour, panel_fill, panel_stroke or colour, light_badge,
                     band(kind, colour, WHITE, True))
    return Frame(colour, kind_word, spacing, regular, ink, panel_fill, panel_stroke, badge,
                 band(kind, colour, colour, False))


# ---- drawing helpers ------------------------------------------------------------------------------------------


def star(canvas: DrawingCanvas, cx: float, cy: float, r: float, colour: str) -> None:
    """A five-pointed star (the capital-city mark)."""
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()
    canvas.setFillColor(colour)
    canvas.drawPath(path, stroke=0, fill=1)


def icon_at(canvas: DrawingCanvas, icons: IconSet, code: str, cx: float, cy: float, side: float) -> None:
    """Icon `code` centred on (cx, cy), its ink box's larger side `side` long (see ICON_INK)."""
    icons.draw(canvas, code, cx - side / 2, cy - side / 2, side, side, crop=True)


def disc(canvas: DrawingCanvas, cx: float, cy: float, r: float, colour: str) -> None:
    canvas.setFillColor(colour)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
