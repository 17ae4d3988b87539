"""Card backs: one common back for every card that can sit in a hand or the draw pile (so no card can be told
from behind), and a back for the character cards.

A back is one colour out to the bleed with its artwork in the middle, far from the trim: no border or frame a
duplex drift could show as uneven, so a back printed a millimetre off in any direction looks like every other back
(the airmail stripes ring the medallion instead of the card). The common back carries the cards' band idea to its
edge as quiet airmail stripes over its whole field: a pattern that is the same at every depth from the trim, so a
drift moves it without showing (a band that stopped a few millimetres inside the trim would come out 1 mm wide on
one edge and 3 mm on the other), as borderless playing-card backs repeat their pattern over the whole back.
The ink-saver edition's backs are plain white.

A back is the same artwork on many cards, so it is drawn once per PDF as a Form XObject (one per bleed size, as
the sheet code may ask for different bleeds) and reused.
"""
from __future__ import annotations

from functools import cache
from typing import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from ..core.canvas import DrawingCanvas, mm
from ..core.context import Box, Face
from ..core.icons import IconSet
from .kit import Kit, Paint
from ..core.colour import WHITE, mix, tint
from .frames import AIRMAIL_BLUE, AIRMAIL_INKS, AIRMAIL_RED, stripes
from .style import BACK_COLOUR, disc

#: OpenMoji artwork on the backs: a globe for the draw pile, two silhouettes for the characters
DECK_BACK_ICON = "1F30D"
CHARACTER_BACK_ICON = "1F465"
AIRMAIL_BAND = 2.6 * mm
MEDALLION = 27 * mm
#: no artwork of a back comes closer to the trim than this, so the edges look alike under any drift of a few mm
BACK_CLEAR = 8 * mm
#: the airmail ring's outer edge round the deck back's medallion, and the character back's outer ring's
AIRMAIL_OUTER = MEDALLION / 2 + AIRMAIL_BAND + 1.0
CHARACTER_RINGS = (MEDALLION / 2 + 6, MEDALLION / 2 + 9)
RING_LINE = 1.2
#: the common back's stripes: quieter than a face's band (they cover the whole back, under its words)
BACK_QUIET = 0.1
#: clear space between a ring and the words under it (a text's box starts at the top of its tallest glyphs)
UNDER_RING = 2.5 * mm


def deck_back(kit: Kit) -> Face:
    return _reused(kit, "travel/back/deck", lambda: _deck_back_layout(kit))


def character_back(kit: Kit) -> Face:
    return _reused(kit, "travel/back/character", lambda: _character_back_layout(kit))


def _deck_back_layout(kit: Kit) -> Paint:
    """Navy, a globe medallion in an airmail ring, the game's title and a short wish."""
    geo, writer = kit.geo, kit.writer("common back")
    ink_saver = kit.ctx.ink_saver
    field, words = (WHITE, BACK_COLOUR) if ink_saver else (BACK_COLOUR, WHITE)
    centre_y = geo.h * 0.56
    below = centre_y - AIRMAIL_OUTER - UNDER_RING
    width = geo.w - 2 * BACK_CLEAR
    title = writer.block("title", kit.words("title"), Box(BACK_CLEAR, below - 40, width, 40), role="display",
                         colour=words, valign="top", max_lines=2)
    wish = writer.block("card.back", kit.words("card.back"), Box(BACK_CLEAR, below - 56, width, 14), role="body",
                        colour=mix(words, field, 0.2), valign="top", max_lines=1)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        canvas.setFillColor(field)
        canvas.rect(-bleed, -bleed, geo.w + 2 * bleed, geo.h + 2 * bleed, stroke=0, fill=1)
        if not ink_saver:
            stripes(canvas, field, geo.w, geo.h, bleed, AIRMAIL_INKS, BACK_QUIET)
        _airmail_ring(canvas, geo.w / 2, centre_y)
        _medallion(canvas, kit.icons, DECK_BACK_ICON, geo.w / 2, centre_y, None)
        title.draw(canvas)
        wish.draw(canvas)

    return draw


def _character_back_layout(kit: Kit) -> Paint:
    """The character colour, a medallion in a double ring, the kind word and the game's title."""
    geo, writer = kit.geo, kit.writer("character back")
    colour = kit.colour("character")
    ink_saver = kit.ctx.ink_saver
    field, words = (WHITE, colour) if ink_saver else (colour, WHITE)
    centre_y = geo.h * 0.56
    below = centre_y - CHARACTER_RINGS[-1] - RING_LINE / 2 - UNDER_RING
    width = geo.w - 2 * BACK_CLEAR
    word = writer.block("kinds.character", kit.words("kinds.character"), Box(BACK_CLEAR, below - 30, width, 30),
                        role="display", colour=words, valign="top", max_lines=1)
    title = writer.block("title", kit.words("title"), Box(BACK_CLEAR, below - 48, width, 16), role="small",
                         colour=mix(colour, WHITE, 0.35) if ink_saver else tint(colour, 0.6), valign="top",
                         max_lines=1)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        canvas.setFillColor(field)
        canvas.rect(-bleed, -bleed, geo.w + 2 * bleed, geo.h + 2 * bleed, stroke=0, fill=1)
        canvas.setStrokeColor(colour if ink_saver else tint(colour, 0.55))
        canvas.setLineWidth(RING_LINE)
        for r in CHARACTER_RINGS:
            canvas.circle(geo.w / 2, centre_y, r, stroke=1, fill=0)
        _medallion(canvas, kit.icons, CHARACTER_BACK_ICON, geo.w / 2, centre_y, None if ink_saver else mix(colour, WHITE, 0.15))
        word.draw(canvas)
        title.draw(canvas)

    return draw


def _reused(kit: Kit, key: str, layout: Callable[[], Paint]) -> Face:
    """A face drawn once per PDF (and bleed size) as a Form XObject, then placed wherever it is needed."""
    built = cache(layout)
    geo = kit.geo

    def face(canvas: DrawingCanvas, box: Box) -> None:
        form = f"{key.replace('/', '-')}-{kit.ctx.lang}-{round(box.bleed * 1000)}"
        if not canvas.hasForm(form):
            paint = built()
            b = box.bleed
            canvas.beginForm(form, -b, -b, geo.w + b, geo.h + b)
            paint(canvas, b)
            canvas.endForm()
        canvas.saveState()
        canvas.translate(box.x, box.y)
        canvas.doForm(form)
        canvas.restoreState()

    return Face(key, face)


def _medallion(canvas: DrawingCanvas, icons: IconSet, icon: str, cx: float, cy: float, ring: str | None) -> None:
    r = MEDALLION / 2
    if ring is not None:
        disc(canvas, cx, cy, r + 3.5, ring)
    disc(canvas, cx, cy, r, WHITE)
    size = MEDALLION * 0.78
    icons.draw(canvas, icon, cx - size / 2, cy - size / 2, size, size)


def _airmail_ring(canvas: DrawingCanvas, cx: float, cy: float) -> None:
    """Red, white and blue diagonal stripes in a ring round the medallion, like an airmail envelope's edge."""
    outer, inner = AIRMAIL_OUTER, MEDALLION / 2
    canvas.saveState()
    clip = canvas.beginPath()
    clip.circle(cx, cy, outer)
    clip.circle(cx, cy, inner)
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)  # the ring between the two
    disc(canvas, cx, cy, outer, WHITE)
    step = 4.2 * mm
    width = step * 0.32
    # a stripe runs from (x, cy - outer) up at 45°: the ring's upper-left edge lies on the stripe that starts
    # (1 + √2) radii left of the centre, so the first one starts three radii left (two left that part white)
    x, n = cx - 3 * outer, 0
    while x < cx + outer:
        canvas.setFillColor(AIRMAIL_RED if n % 2 == 0 else AIRMAIL_BLUE)
        path = canvas.beginPath()
        path.moveTo(x, cy - outer)
        path.lineTo(x + width, cy - outer)
        path.lineTo(x + width + 2 * outer, cy + outer)
        path.lineTo(x + 2 * outer, cy + outer)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        x += step / 2
        n += 1
    canvas.restoreState()
