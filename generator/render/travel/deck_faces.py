"""Faces of the draw-pile cards: items, events, special items, forbidden items and postcards.

All share one column: name, a large icon on a light disc, the card's text, and the playing-card index in the
panel's upper-left corner and again turned in the lower-right one (kept clear of every other element).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.canvas import DrawingCanvas, mm

if TYPE_CHECKING:
    from ...games.travel.model import DeckCard, Item
from ..core import textfit
from ..core.context import Box, Face
from ..core.icons import IconSet
from .index import CardIndex, beside, corner, draw_indices, joker_word
from .kit import Cursor, Kit, Paint
from ..core.colour import WHITE, mix, tint
from .frames import WARNING_YELLOW
from .style import (BAR_RIM, bar_across, ICON_INK, MUTED, PROHIBITION_RED, TextBlock, TitleBar, Writer, disc, frame, icon_at,
                    title_bar)

NAME_H = 30.0
GAP = 3.0


def top_bar(kit: Kit, writer: Writer, key: str, text: str, cursor: Cursor, colour: str, *, role: str = "title",
            ink: str = WHITE) -> TitleBar:
    """The name on a title bar at the top of the panel, between the two upright indices: from the panel's rim down
    to NAME_H under the content's top, taken from `cursor`."""
    panel = kit.geo.panel
    bottom = cursor.take(NAME_H).y
    rect = beside(Box(panel.x + BAR_RIM, bottom, panel.w - 2 * BAR_RIM, panel.top - BAR_RIM - bottom), panel)
    return title_bar(writer, key, text, rect, colour, role=role, ink=ink)


def _icon_on_disc(canvas: DrawingCanvas, icons: IconSet, code: str, area: Box, colour: str) -> None:
    """The icon centred in `area` on a light disc of the card's colour, at the one optical size (ICON_INK)."""
    d = min(area.w, area.h)
    disc(canvas, area.cx, area.y + area.h / 2, d / 2, tint(colour))
    icon_at(canvas, icons, code, area.cx, area.y + area.h / 2, d * ICON_INK)


def deck_face(kit: Kit, *, where: str, key: str, kind: str, colour: str, texts: str, icon: str, index: str,
              values: dict[str, object], icon_h: float, timing: str | None = None, name_role: str = "title") -> Face:
    """An item, event or special item: name, icon, text, index; an optional timing badge in the header.

    `texts` is the card's section in the language file (`items.camera`); `where` names the card in errors.
    """

    def layout() -> Paint:
        geo, writer = kit.geo, kit.writer(where)
        card_frame = frame(writer, geo, kind, colour, timing=timing)
        card_index = CardIndex.parse(index)
        index_area = corner(geo.panel)
        cursor = Cursor(geo.content)
        name = top_bar(kit, writer, f"{texts}.name", kit.words(f"{texts}.name", **values), cursor, colour,
                       role=name_role)
        cursor.skip(GAP)
        icon_area = cursor.take(icon_h)
        cursor.skip(2 * GAP)
        text = writer.block(f"{texts}.text", kit.words(f"{texts}.text", **values), cursor.rest(index_area.top + 1))
        joker = joker_word(writer, card_index)

        def draw(canvas: DrawingCanvas, bleed: float) -> None:
            card_frame.draw(canvas, geo, bleed, kit.bold)
            name.draw(canvas)
            _icon_on_disc(canvas, kit.icons, icon, icon_area, colour)
            text.draw(canvas)
            draw_indices(canvas, card_index, geo.panel, kit.bold, joker)

        return draw

    return kit.face(key, layout)


def item_face(kit: Kit, item: Item, copy: int, index: str, where: str) -> Face:
    return deck_face(kit, where=where, key=f"travel/item/{item.id}/{copy}/front", kind="item", colour=item.colour,
                     texts=f"items.{item.id}", icon=item.icon, index=index, values={}, icon_h=98,
                     name_role="display")


def event_face(kit: Kit, card: DeckCard) -> Face:
    return deck_face(kit, where=card.id, key=f"travel/event/{card.id}/front", kind="event",
                     colour=kit.colour("event"), texts=f"events.{card.id}", icon=card.icon, index=card.index,
                     values=card.effect.model_dump(), icon_h=60, timing=card.effect.timing)


def special_face(kit: Kit, card: DeckCard) -> Face:
    return deck_face(kit, where=card.id, key=f"travel/special/{card.id}/front", kind="special",
                     colour=kit.colour("special"), texts=f"special.{card.id}", icon=card.icon, index=card.index,
                     values=card.effect.model_dump(), icon_h=60, timing=card.effect.timing)


# ---- forbidden items: black frame, warning-yellow panel, hazard stripes, the icon under a prohibition sign ----
# The card's joke (its flavour) sits on its own lines, small and muted, above a short rule and the rule text.

HAZARD_H = 2.2 * mm
HAZARD_GAP = 1.0 * mm  # between the title bar and the hazard stripes under it
FLAVOUR_LINES = 2
FLAVOUR_RULE = 18 * mm  # the short rule between the flavour line and the rule text
FLAVOUR_GAP = 4.5  # above and below that rule


def forbidden_face(kit: Kit, card: DeckCard) -> Face:
    return kit.face(f"travel/forbidden/{card.id}/front", lambda: _forbidden_layout(kit, card))


def _forbidden_layout(kit: Kit, card: DeckCard) -> Paint:
    geo, writer = kit.geo, kit.writer(card.id)
    colour = kit.colour("forbidden")
    card_frame = frame(writer, geo, "forbidden", colour, kind_ink=WARNING_YELLOW,
                       panel_fill=mix(WARNING_YELLOW, WHITE, 0.72), panel_stroke=PROHIBITION_RED)
    card_index = CardIndex.parse(card.index)
    index_area = corner(geo.panel)
    values = card.effect.model_dump()
    texts = f"forbidden.{card.id}"
    content = geo.content
    cursor = Cursor(content)
    name = top_bar(kit, writer, f"{texts}.name", kit.words(f"{texts}.name", **values), cursor, colour,
                   ink=WARNING_YELLOW)
    cursor.skip(HAZARD_GAP)
    hazard = Box(name.rect.x, cursor.take(HAZARD_H).y, name.rect.w, HAZARD_H)
    cursor.skip(HAZARD_GAP)
    icon_area = cursor.take(58)
    cursor.skip(2 * GAP)
    flavour = _flavour(kit, writer, f"{texts}.flavour", cursor)
    rule_y = cursor.y
    if flavour:
        cursor.skip(FLAVOUR_GAP)
        rule_y = cursor.y
        cursor.skip(FLAVOUR_GAP)
    text = writer.block(f"{texts}.text", kit.words(f"{texts}.text", **values), cursor.rest(index_area.top + 1),
                        valign="top" if flavour else "middle")
    joker = joker_word(writer, card_index)
    rule_colour = mix(colour, WHITE, 0.6)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        _hazard_band(canvas, hazard, colour)
        name.draw(canvas)
        _prohibited_icon(canvas, kit.icons, card.icon, icon_area)
        if flavour:
            flavour.draw(canvas)
            canvas.setStrokeColor(rule_colour)
            canvas.setLineWidth(0.6)
            canvas.line(content.cx - FLAVOUR_RULE / 2, rule_y, content.cx + FLAVOUR_RULE / 2, rule_y)
        text.draw(canvas)
        draw_indices(canvas, card_index, geo.panel, kit.bold, joker)

    return draw


def _flavour(kit: Kit, writer: Writer, key: str, cursor: Cursor) -> TextBlock | None:
    """The card's joke on its own lines, small and muted above the rule text; None when the language file gives the
    card no flavour (the reference language decides: lint asks every other language for the same keys)."""
    if not kit.ctx.texts.has(key):
        return None
    size = writer.sizes("small")[0]
    height = size * textfit.LEADING * FLAVOUR_LINES
    block = writer.block(key, kit.words(key), Box(cursor.area.x, cursor.y - height, cursor.area.w, height),
                         role="small", colour=MUTED, max_lines=FLAVOUR_LINES)
    cursor.take(block.fitted.height)
    return replace(block, rect=Box(block.rect.x, cursor.y, block.rect.w, block.fitted.height))


def _hazard_band(canvas: DrawingCanvas, band: Box, dark: str) -> None:
    """Yellow and black diagonal stripes in `band`, under the title bar and as wide as it: a warning label."""
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(band.x, band.y, band.w, band.h, band.h / 2)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(WARNING_YELLOW)
    canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    canvas.setFillColor(dark)
    step = band.h * 1.6
    x = band.x - band.h
    while x < band.right:
        stripe = canvas.beginPath()
        stripe.moveTo(x, band.y)
        stripe.lineTo(x + step / 2, band.y)
        stripe.lineTo(x + step / 2 + band.h, band.top)
        stripe.lineTo(x + band.h, band.top)
        stripe.close()
        canvas.drawPath(stripe, stroke=0, fill=1)
        x += step
    canvas.restoreState()


def _prohibited_icon(canvas: DrawingCanvas, icons: IconSet, code: str, area: Box) -> None:
    """The icon inside a red ring with a diagonal bar: the sign everyone reads as 'not allowed'."""
    d = min(area.w, area.h)
    cx, cy = area.cx, area.y + area.h / 2
    disc(canvas, cx, cy, d / 2, WHITE)
    width = d * 0.085
    icon_at(canvas, icons, code, cx, cy, (d - 2 * width) * ICON_INK)  # the ring's inside is its roundel
    r = d / 2 - width / 2
    canvas.setStrokeColor(PROHIBITION_RED)
    canvas.setLineWidth(width)
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    k = r * 0.7071
    canvas.setLineCap(0)
    canvas.line(cx - k, cy + k, cx + k, cy - k)


# ---- postcards: a picture, its caption, a greeting, ruled lines for a message and a "to" line ----------------

LINE_GAP = 15.0
POSTCARD_BAR = 24.0  # the name's title bar under the picture
MESSAGE_LINES = 3


def postcard_face(kit: Kit, card: DeckCard) -> Face:
    return kit.face(f"travel/postcard/{card.id}/front", lambda: _postcard_layout(kit, card))


def _postcard_layout(kit: Kit, card: DeckCard) -> Paint:
    geo, writer, colour, card_frame = kit.framed("postcard", card.id)
    card_index = CardIndex.parse(card.index)
    index_area = corner(geo.panel)
    values = card.effect.model_dump()
    texts = f"postcards.{card.id}"
    content = geo.content
    cursor = Cursor(content)
    picture = beside(cursor.take(52), geo.panel)
    cursor.skip(GAP)
    name_row = cursor.take(POSTCARD_BAR)
    name = title_bar(writer, f"{texts}.name", kit.words(f"{texts}.name", **values),
                     bar_across(geo.panel, name_row.top, name_row.h), colour)
    cursor.skip(2)
    greeting = writer.block(f"{texts}.text", kit.words(f"{texts}.text", **values), cursor.take(20), role="small",
                            colour=MUTED, max_lines=2)
    cursor.skip(2 * GAP)
    label_h = writer.sizes("label")[0] * 1.3
    message = writer.block("card.postcard_message", kit.words("card.postcard_message"), cursor.take(label_h),
                           role="label", colour=colour, align="left", max_lines=1)
    rules = [cursor.y - LINE_GAP * (i + 1) for i in range(MESSAGE_LINES)]
    to_y = index_area.y + 2
    to_label = writer.block("card.postcard_to", kit.words("card.postcard_to"),
                            Box(content.x, to_y, (index_area.x - content.x) * 0.4, label_h), role="label",
                            colour=colour, align="left", valign="bottom", max_lines=1)
    to_line_x = content.x + _line_start(writer, to_label)
    joker = joker_word(writer, card_index)
    rule_colour = mix(colour, WHITE, 0.45)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        _picture(canvas, kit.icons, card.icon, picture, colour)
        name.draw(canvas)
        greeting.draw(canvas)
        message.draw(canvas)
        canvas.setStrokeColor(rule_colour)
        canvas.setLineWidth(0.6)
        for y in rules:
            canvas.line(content.x, y, content.right, y)
        to_label.draw(canvas)
        canvas.line(to_line_x, to_y, index_area.x - 6, to_y)
        draw_indices(canvas, card_index, geo.panel, kit.bold, joker)

    return draw


def _line_start(writer: Writer, label: TextBlock) -> float:
    """Where the "to" line starts: just after its label."""
    text = label.fitted.lines[0][0] if label.fitted.lines else ""
    return writer.width(text, label.fitted.size, bold=True) + 4


def _picture(canvas: DrawingCanvas, icons: IconSet, code: str, area: Box, colour: str) -> None:
    """The postcard's picture: a washed sky, the icon, and a postmark in the corner."""
    canvas.setFillColor(tint(colour, 0.8))
    canvas.roundRect(area.x, area.y, area.w, area.h, 4, stroke=0, fill=1)
    icon_at(canvas, icons, code, area.cx, area.y + area.h / 2, area.h * ICON_INK * 1.25)  # a picture: larger
    canvas.setStrokeColor(mix(colour, WHITE, 0.35))
    canvas.setLineWidth(0.7)
    r = area.h * 0.2
    cx, cy = area.right - r - 5, area.top - r - 5
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.circle(cx, cy, r * 0.72, stroke=1, fill=0)
    for i in range(3):
        y = cy + (i - 1) * r * 0.45
        path = canvas.beginPath()
        path.moveTo(cx - r * 2.3, y)
        path.curveTo(cx - r * 1.9, y + 2.2, cx - r * 1.5, y - 2.2, cx - r * 1.1, y)
        canvas.drawPath(path, stroke=1, fill=0)
