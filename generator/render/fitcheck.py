"""Text fit for `pnp lint`: draw every face and page on a scratch canvas with the renderer's own fitting.

A text that does not fit its box at the minimum size raises TextOverflow while drawing; each one becomes a
finding at the text's position in the language file. Nothing is written.
"""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from ..content.load import Content
from ..errors import Diagnostic
from .context import Box, RenderContext, TextOverflow
from .document import FULL_PAGES, game_components
from .rulebook import rulebook_pages


def fit_findings(content: Content, game: str, lang: str) -> list[Diagnostic]:
    overflows: dict[str, dict[str, TextOverflow]] = {}  # text key -> where it overflows -> how
    for paper in content.print.papers:
        ctx = RenderContext(content, game, lang, paper)
        canvas = Canvas(io.BytesIO(), invariant=1)
        draws = []
        if paper == next(iter(content.print.papers)):  # components are the same size on every paper
            for component in game_components(ctx):
                box = Box(0, 0, component.width, component.height, 0)
                for face in (component.front, component.back):
                    if face is not None:
                        draws.append((face.key, lambda f=face, b=box: f.draw(canvas, b)))
        for page in list(FULL_PAGES[game](ctx)) + rulebook_pages(ctx):
            w, h = ctx.page_size
            if page.landscape:
                w, h = h, w
            draws.append((page.key, lambda p=page, w=w, h=h: p.draw(canvas, w, h)))
        for key, draw in draws:
            try:
                draw()
            except TextOverflow as exc:
                overflows.setdefault(exc.field, {}).setdefault(exc.where, exc)
    findings = []
    for field, where in overflows.items():
        worst = max(where.values(), key=lambda exc: exc.overflow_pt)
        shown = ", ".join(list(where)[:4]) + (f" and {len(where) - 4} more" if len(where) > 4 else "")
        findings.append(Diagnostic(
            content.texts(game, lang).position(field),
            f"text does not fit its box at the minimum size on {shown} (over by {worst.overflow_pt:.1f} pt); "
            f"{worst.advice}", "fit", key_path=field))
    return findings
