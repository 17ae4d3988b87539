"""Print-on-demand files: one PDF per deck, one face per page, each page the card plus full bleed on every side.

A card's front is followed by its back (when it has one), the order print-on-demand services ask for. MediaBox and
BleedBox are the card plus `bleed_mm` on every side; TrimBox is the card itself. The same pages, rasterised, are
the PNG exports.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from .context import Box, Component, Face, RenderContext
from .canvas import DrawingCanvas
from .pdfcanvas import PdfCanvas
from .sheets import MM


@dataclass(frozen=True)
class DeckFile:
    """One deck's print-on-demand PDF: per card its front and back (pages front, back, front, back...)."""

    deck: str
    data: bytes
    cards: tuple[tuple[str, str, str | None], ...]  # (component id, front face key, back face key or None)
    bleed: float  # pt on every side

    @property
    def faces(self) -> tuple[tuple[str, str], ...]:
        """(component id, face key) per page, in page order."""
        return tuple((card, face) for card, front, back in self.cards for face in (front, back) if face is not None)


def decks(components: list[Component]) -> dict[str, list[Component]]:
    """Components by deck, decks in order of first appearance."""
    grouped: dict[str, list[Component]] = {}
    for component in components:
        grouped.setdefault(component.deck, []).append(component)
    return grouped


def deck_file(ctx: RenderContext, deck: str, components: list[Component]) -> DeckFile:
    bleed = ctx.print.bleed_mm * MM
    buffer = io.BytesIO()
    canvas = PdfCanvas(buffer, invariant=1, initialFontName=ctx.fonts.regular)
    canvas.setTitle(f"{ctx.t('title')}: {ctx.t(f'decks.{deck}')} ({ctx.lang})")
    for component in components:
        for face in (component.front, component.back):
            if face is not None:
                _page(canvas, face, component.width, component.height, bleed)
    canvas.save()
    cards = tuple((c.id, c.front.key, c.back.key if c.back is not None else None) for c in components)
    return DeckFile(deck, buffer.getvalue(), cards, bleed)


def _page(canvas: DrawingCanvas, face: Face, w: float, h: float, bleed: float) -> None:
    page_w, page_h = w + 2 * bleed, h + 2 * bleed
    canvas.setPageSize((page_w, page_h))
    canvas.setBleedBox((0, 0, page_w, page_h))
    canvas.setTrimBox((bleed, bleed, bleed + w, bleed + h))
    canvas.saveState()
    face.draw(canvas, Box(bleed, bleed, w, h, bleed))
    canvas.restoreState()
    canvas.showPage()


def deck_files(ctx: RenderContext, components: list[Component]) -> list[DeckFile]:
    return [deck_file(ctx, deck, members) for deck, members in decks(components).items()]
