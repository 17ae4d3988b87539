"""Faces of the cards that live on the table or in a hand but outside the draw pile: countries, passports,
characters and reference cards.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.canvas import DrawingCanvas, mm

if TYPE_CHECKING:
    from ...games.travel.model import Character, CountryCard, Passport, ReferenceCard
from ..core import textfit
from ..core.context import Box, Face
from ..core.icons import IconSet, flag_code
from ...games.travel.text_keys import card_values
from .kit import Cursor, Kit, Paint
from ..core.colour import WHITE, mix, tint
from .style import (BAR_PAD_X, BAR_PAD_Y, BAR_RIM, ICON_INK, INK, MUTED, TextBlock, TitleBar, bar_across,
                    bar_colours, disc, frame, icon_at, star, title_bar)

GAP = 3.0


def _flag(canvas: DrawingCanvas, icons: IconSet, iso: str, area: Box) -> None:
    icons.draw(canvas, flag_code(iso), area.x, area.y, area.w, area.h, crop=True)


# ---- country cards: flag, name, capital, the three items needed, and what the card is for --------------------

TILE = 13.5 * mm  # the tinted square behind each needed item's icon
COUNTRY_BAR = 26.0  # the name's title bar under the flag


def country_face(kit: Kit, card: CountryCard, side: int) -> Face:
    """One side of a country card (side 0 is the front, side 1 the back)."""
    code = card.sides[side].code
    return kit.face(f"travel/country/{card.id}/{code}", lambda: _country_layout(kit, card, code))


def _country_layout(kit: Kit, card: CountryCard, code: str) -> Paint:
    geo, writer, colour, card_frame = kit.framed("country", card.id)
    content = geo.content
    cursor = Cursor(content)
    flag_area = cursor.take(56).inset(8, 0)
    cursor.skip(4)
    name_row = cursor.take(COUNTRY_BAR)
    name = title_bar(writer, f"countries.{code}.name", kit.words(f"countries.{code}.name"),
                     bar_across(geo.panel, name_row.top, name_row.h), colour, role="display")
    cursor.skip(1)
    capital_rect = cursor.take(13).inset(7, 0)
    capital = writer.block(f"countries.{code}.capital", kit.words(f"countries.{code}.capital"), capital_rect,
                           role="small", colour=MUTED, max_lines=1)
    capital_width = writer.width(capital.fitted.lines[0][0], capital.fitted.size)
    cursor.skip(6)
    divider_y = cursor.y
    cursor.skip(6)
    needs = writer.block("card.needs", kit.words("card.needs"), cursor.take(10), role="label", colour=colour,
                         max_lines=1)
    cursor.skip(4)
    tiles_row = cursor.take(TILE)
    cursor.skip(2)
    names_row = cursor.take(19)
    column_w = (content.w - 2 * GAP) / 3
    icons_by_item = {item.id: item.icon for item in kit.game.items}
    tiles, labels = [], []
    for n, item_id in enumerate(card.needs):
        x = content.x + n * (column_w + GAP)
        tiles.append((icons_by_item[item_id], Box(x + (column_w - TILE) / 2, tiles_row.y, TILE, TILE)))
        labels.append(writer.block(f"items.{item_id}.name", kit.words(f"items.{item_id}.name"),
                                   Box(x, names_row.y, column_w, names_row.h), role="small", colour=INK,
                                   valign="top", max_lines=2))
    usage = writer.block("card.transit_or_centre", kit.words("card.transit_or_centre"),
                         cursor.rest(content.y), role="small", colour=MUTED, max_lines=2)
    tile_fill = tint(colour, 0.85)
    star_r = 4.2
    capital_left = capital_rect.cx - (capital_width + 3 * star_r) / 2

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        _flag(canvas, kit.icons, code, flag_area)
        name.draw(canvas)
        star(canvas, capital_left + star_r, capital_rect.y + capital_rect.h / 2, star_r, colour)
        canvas.setFillColor(MUTED)
        textfit.draw(canvas, capital.fitted, capital_left + 3 * star_r, capital_rect.top, capital_width,
                     align="left", box_height=capital_rect.h, valign="middle")
        canvas.setStrokeColor(tint(colour, 0.6))
        canvas.setLineWidth(0.8)
        canvas.line(content.x + 10, divider_y, content.right - 10, divider_y)
        needs.draw(canvas)
        for icon, tile in tiles:
            canvas.setFillColor(tile_fill)
            canvas.roundRect(tile.x, tile.y, tile.w, tile.h, 4, stroke=0, fill=1)
            icon_at(canvas, kit.icons, icon, tile.x + tile.w / 2, tile.y + tile.h / 2, tile.w * ICON_INK * 1.2)
        for label in labels:
            label.draw(canvas)
        usage.draw(canvas)

    return draw


# ---- passports: flag, name, the validity line and a stamp ---------------------------------------------------


def passport_face(kit: Kit, passport: Passport) -> Face:
    return kit.face(f"travel/passport/{passport.id}/front", lambda: _passport_layout(kit, passport))


def _passport_layout(kit: Kit, passport: Passport) -> Paint:
    geo, writer, colour, card_frame = kit.framed("passport", passport.id)
    content = geo.content
    cursor = Cursor(content)
    cursor.skip(4)
    flag_area = cursor.take(62).inset(6, 0)
    cursor.skip(8)
    name_key = f"passports.{passport.id}.name"
    name_row = cursor.take(34)
    name = title_bar(writer, name_key, kit.words(name_key), bar_across(geo.panel, name_row.top, name_row.h), colour)
    cursor.skip(GAP)
    text = writer.block("card.passport_text", kit.words("card.passport_text"), cursor.take(36), colour=MUTED,
                        max_lines=3)
    stamp_area = cursor.rest(content.y)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        _flag(canvas, kit.icons, passport.country, flag_area)
        name.draw(canvas)
        text.draw(canvas)
        _stamp(canvas, passport.country, stamp_area, colour, kit.bold)

    return draw


def _stamp(canvas: DrawingCanvas, code: str, area: Box, colour: str, bold: str) -> None:
    """An entry stamp: a tilted double oval around the country code."""
    w, h = min(area.w * 0.5, 30 * mm), min(area.h * 0.8, 14 * mm)
    canvas.saveState()
    canvas.translate(area.cx, area.y + area.h / 2)
    canvas.rotate(-10)
    ink = mix(colour, WHITE, 0.15)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.4)
    canvas.ellipse(-w / 2, -h / 2, w / 2, h / 2, stroke=1, fill=0)
    canvas.setLineWidth(0.6)
    canvas.ellipse(-w / 2 + 2.5, -h / 2 + 2.5, w / 2 - 2.5, h / 2 - 2.5, stroke=1, fill=0)
    canvas.setFillColor(ink)
    size = h * 0.42
    canvas.setFont(bold, size)
    canvas.drawCentredString(0, -size * 0.35, code)
    for dx in (-w * 0.3, w * 0.3):
        star(canvas, dx, 0, h * 0.08, ink)
    canvas.restoreState()


# ---- characters: a portrait on a large disc, name and ability ----------------------------------------------


def character_face(kit: Kit, card: Character) -> Face:
    return kit.face(f"travel/character/{card.id}/front", lambda: _character_layout(kit, card))


#: the player-count mark in the portrait's top-right corner (R33): its pill's size
MARK_W, MARK_H = 34.0, 15.0


def _character_layout(kit: Kit, card: Character) -> Paint:
    geo, writer, colour, card_frame = kit.framed("character", card.id)
    values = card_values(card, kit.game)
    texts = f"characters.{card.id}"
    cursor = Cursor(geo.content)
    panel = geo.panel
    name_bottom = cursor.take(30).y
    name = title_bar(writer, f"{texts}.name", kit.words(f"{texts}.name", **values),
                     bar_across(panel, panel.top - BAR_RIM, panel.top - BAR_RIM - name_bottom), colour)
    cursor.skip(GAP)
    portrait = cursor.take(100)
    cursor.skip(2 * GAP)
    text = writer.block(f"{texts}.text", kit.words(f"{texts}.text", **values), cursor.rest(geo.content.y))
    pill = Box(portrait.right - MARK_W, portrait.top - MARK_H, MARK_W, MARK_H)
    mark = writer.block("card.players", kit.words("card.players", **values), pill, role="label", colour=WHITE,
                        max_lines=1)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        name.draw(canvas)
        d = portrait.h
        disc(canvas, portrait.cx, portrait.y + d / 2, d / 2, tint(colour, 0.82))
        icon_at(canvas, kit.icons, card.icon, portrait.cx, portrait.y + d / 2, d * ICON_INK)
        canvas.setFillColor(colour)
        canvas.roundRect(pill.x, pill.y, pill.w, pill.h, pill.h / 2, stroke=0, fill=1)
        mark.draw(canvas)
        text.draw(canvas)

    return draw


# ---- reference cards: a title and a bulleted summary, set alike on all six sides ------------------------------

GUTTER = 9.5  # left of each summary line: its bullet, or its own number ("1.") when it has one
NUMBERED = re.compile(r"^(\d+[.)])\s+(.*)$")
TITLE_AIR = 2.0  # above and below the title's line inside its bar, beyond the bar's own padding
BODY_GAP = 7.0  # title bar to the summary
TITLE_INSET = 1.4 * mm  # each side of the title, beyond the bar's padding: a long title keeps air at its ends


@dataclass(frozen=True)
class ReferenceType:
    """The title and body sizes of every reference side: the largest at which all of them fit, so the six sides
    read as one set (titles on one line)."""

    title: float
    body: float


def reference_face(kit: Kit, card: ReferenceCard, side: str) -> Face:
    return kit.face(f"travel/reference/{card.id}/{side}", lambda: _reference_layout(kit, card, side))


def _summary(kit: Kit, side: str) -> tuple[list[str | None], str]:
    """A side's lines as paragraphs, and each one's own number ("1.") or None for a bullet."""
    markers, paragraphs = [], []
    for key in kit.ctx.texts.section(f"reference.{side}.lines"):
        line = kit.words(f"reference.{side}.lines.{key}")
        numbered = NUMBERED.match(line)
        markers.append(numbered.group(1) if numbered else None)
        paragraphs.append(numbered.group(2) if numbered else line)
    return markers, "\n".join(paragraphs)


def _bar(panel: Box, title_size: float) -> Box:
    """The title bar across the top of the panel: one line of the title with air above and below."""
    height = title_size * textfit.LEADING + 2 * (BAR_PAD_Y + TITLE_AIR)
    return bar_across(panel, panel.top - BAR_RIM, height)


def _title_box(panel: Box) -> Box:
    """The title's room inside its bar (only its width counts: the title is one line)."""
    return _bar(panel, 0.0).inset(BAR_PAD_X + TITLE_INSET, 0)


def _body_area(content: Box, panel: Box, title_size: float) -> Box:
    top = _bar(panel, title_size).y - BODY_GAP
    return Box(content.x + GUTTER, content.y, content.w - GUTTER, top - content.y)


def reference_type(kit: Kit) -> ReferenceType:
    """Fit every side's title (one line) and summary; a side that does not fit at the minimum size raises
    TextOverflow naming its card and text key."""
    ctx, content, panel = kit.ctx, kit.geo.content, kit.geo.panel
    type_scale = kit.writer("reference")
    title_size, title_min, _ = type_scale.sizes("title")
    body_size, body_min, _ = type_scale.sizes("body")
    sides = [(card.id, side) for card in kit.game.reference_cards for side in card.sides]
    title_box = _title_box(panel)
    title = min(ctx.fit(card_id, f"reference.{side}.title", kit.words(f"reference.{side}.title"), title_box.w,
                        content.h, title_size, title_min, bold=True, max_lines=1).size for card_id, side in sides)
    area = _body_area(content, panel, title)
    body = min(ctx.fit(card_id, f"reference.{side}.lines", _summary(kit, side)[1], area.w, area.h, body_size,
                       body_min).size for card_id, side in sides)
    return ReferenceType(title, body)


def _reference_layout(kit: Kit, card: ReferenceCard, side: str) -> Paint:
    geo, writer, ctx = kit.geo, kit.writer(card.id), kit.ctx
    colour = kit.colour("reference")
    card_frame = frame(writer, geo, "reference", colour)
    content, panel = geo.content, geo.panel
    sizes: ReferenceType = kit.shared("reference_type", lambda: reference_type(kit))
    title_key = f"reference.{side}.title"
    title_box = _title_box(panel)
    title_fitted = ctx.fit(card.id, title_key, kit.words(title_key), title_box.w, content.h, sizes.title,
                           sizes.title, bold=True, max_lines=1)
    bar = _bar(panel, sizes.title)
    fill, words = bar_colours(colour, WHITE, ctx.ink_saver)
    title = TitleBar(bar, fill, TextBlock(title_fitted, bar.inset(BAR_PAD_X + TITLE_INSET, BAR_PAD_Y), words))
    markers, text = _summary(kit, side)
    body = _body_area(content, panel, sizes.title)
    fitted = ctx.fit(card.id, f"reference.{side}.lines", text, body.w, body.h, sizes.body, sizes.body)

    def draw(canvas: DrawingCanvas, bleed: float) -> None:
        card_frame.draw(canvas, geo, bleed, kit.bold)
        title.draw(canvas)
        _listed(canvas, fitted, markers, body, colour, kit.bold)

    return draw


def _listed(canvas: DrawingCanvas, fitted: textfit.Fitted, markers: list[str | None], area: Box, colour: str, bold: str) -> None:
    """Fitted paragraphs in `area` with a hanging indent: each starts with its number, or a bullet when it has none,
    in the gutter left of the area."""
    size = fitted.size
    y = area.top - size * 0.93
    paragraph = 0
    starts = True
    for line, ends in fitted.lines:
        if starts:
            marker = markers[paragraph]
            if marker:
                canvas.setFillColor(colour)
                canvas.setFont(bold, size)
                canvas.drawRightString(area.x - 2.5, y, marker)
            else:
                disc(canvas, area.x - GUTTER + 3, y + size * 0.33, size * 0.2, colour)
        canvas.setFillColor(INK)
        canvas.setFont(fitted.font, size)
        textfit.draw_line(canvas, line, fitted.font, size, area.x, y)
        y -= size * fitted.leading + (size * textfit.PARAGRAPH_GAP if ends else 0)
        paragraph += ends
        starts = ends
