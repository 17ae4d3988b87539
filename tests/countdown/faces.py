"""Countdown's one component: the counter card, its start number on the front, the title on its back."""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm

from generator.render.core.context import Box, Component, Face, RenderContext


def components(ctx: RenderContext) -> list[Component]:
    w, h = ctx.print.card.width_mm * mm, ctx.print.card.height_mm * mm
    front = Face("countdown/counter/front", partial(_front, ctx))
    back = Face("countdown/counter/back", partial(_back, ctx))
    return [Component("counter", "counter", w, h, front, back)]


def _front(ctx: RenderContext, canvas, box: Box) -> None:
    canvas.setFillColor(HexColor(ctx.game_data.colour))
    canvas.setFont(ctx.fonts.bold, 48)
    canvas.drawCentredString(box.x + box.w / 2, box.y + box.h / 2, str(ctx.game_data.start))


def _back(ctx: RenderContext, canvas, box: Box) -> None:
    bleed = box.bleed_box()
    canvas.setFillColor(HexColor(ctx.game_data.colour))
    canvas.rect(bleed.x, bleed.y, bleed.w, bleed.h, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(ctx.fonts.regular, ctx.print.type.body)
    canvas.drawCentredString(box.x + box.w / 2, box.y + box.h / 2, ctx.t("title"))
