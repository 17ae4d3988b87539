"""Print-on-demand files: one PDF per deck, one face per page, each page the card plus full bleed on every side.

A card's front is followed by its back (when it has one), the order print-on-demand services ask for. MediaBox and
BleedBox are the card plus `bleed_mm` on every side; TrimBox is the card itself. The same pages, rasterised, are
the PNG exports.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from .context import Box, Component, Face, RenderContext
from .pdfcanvas import PdfCanvas
from .sheets import MM


@dataclass(frozen=True)
class DeckFile:
    """One deck's print-on-demand PDF and, page by page, the face it shows."""

    deck: str
    data: bytes
    faces: tuple[tuple[str, str], ...]  # (component id, face key) per page
    bleed: float  # pt on every side


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
    faces: list[tuple[str, str]] = []
    for component in components:
        w, h = component.width, component.height
        for face in (component.front, component.back):
            if face is None:
                continue
            _page(canvas, face, w, h, bleed)
            faces.append((component.id, face.key))
    canvas.save()
    return DeckFile(deck, buffer.getvalue(), tuple(faces), bleed)


def _page(canvas, face: Face, w: float, h: float, bleed: float) -> None:
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
