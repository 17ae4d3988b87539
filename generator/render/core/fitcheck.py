"""Text fit for `pnp lint`: draw every face and page on a scratch canvas with the renderer's own fitting.

A text that does not fit its box at the minimum size raises TextOverflow while drawing; each one becomes a
finding at the text's position in the language file. Every other problem a build's job would fail on (a missing
text, a piece that does not fit the paper) is a finding too, the build's own diagnostic (`diagnostics_for`, which a
build's job gives for what it fails on), so lint passes only what builds. Nothing is written.
"""
from __future__ import annotations

import io
from functools import partial
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ...content.load import Content
from ...content.texts import MissingText, Texts
from ...errors import Diagnostic, InputError, Position
from .context import Box, RenderContext, TextOverflow
from .document import game_components, game_pages
from .rulebook import rulebook_pages
from .sheets import LayoutError


#: what drawing raises for bad content (anything else is a bug and keeps its traceback)
CONTENT_PROBLEMS = (TextOverflow, MissingText, LayoutError, InputError)


def diagnostics_for(exc: Exception, ctx: RenderContext) -> tuple[Diagnostic, ...]:
    """The positioned diagnostics of one of CONTENT_PROBLEMS raised while drawing `ctx`."""
    if isinstance(exc, InputError):
        return tuple(exc.diagnostics)
    if isinstance(exc, TextOverflow):  # lint's own findings for the game and language, so both say the same
        same = tuple(d for d in fit_findings(ctx.content, ctx.game, ctx.lang) if d.check == "fit")
        return same or (Diagnostic(ctx.texts.position(exc.field), str(exc), "fit"),)
    if isinstance(exc, MissingText):  # a text the renderer asks for is missing from the language files
        return (Diagnostic(ctx.texts.position(exc.key), str(exc.args[0]), "missing-text"),)
    return (Diagnostic(ctx.content.print_position(("papers", ctx.paper)), str(exc), "layout"),)


#: text key -> where it overflows (a card, a page) -> how
Overflows = dict[str, dict[str, TextOverflow]]


def fit_findings(content: Content, game: str, lang: str) -> list[Diagnostic]:
    findings: dict[tuple[Position, str], Diagnostic] = {}
    overflows: Overflows = {}
    for paper in content.print.papers:
        try:
            ctx = RenderContext(content, game, lang, paper)
        except InputError as exc:
            return list(exc.diagnostics)
        try:
            _draw_all(ctx, paper == next(iter(content.print.papers)), overflows)
        except TextOverflow as exc:  # while laying out (the rulebook's pages), before anything is drawn
            overflows.setdefault(exc.field, {}).setdefault(exc.where, exc)
        except CONTENT_PROBLEMS as exc:
            for diagnostic in diagnostics_for(exc, ctx):
                findings.setdefault((diagnostic.position, diagnostic.message), diagnostic)
    return [_overflow_finding(content.texts(game, lang), field, where) for field, where in overflows.items()] + list(
        findings.values())


def _draw_all(ctx: RenderContext, with_components: bool, overflows: Overflows) -> None:
    """Draw every page of one paper (and the components, the same size on every paper, once); overflows are
    collected, any other problem is raised."""
    canvas = Canvas(io.BytesIO(), invariant=1)
    draws: list[Callable[[], None]] = []
    if with_components:
        for component in game_components(ctx):
            box = Box(0, 0, component.width, component.height, 0)
            for face in (component.front, component.back):
                if face is not None:
                    draws.append(partial(face.draw, canvas, box))
    for page in game_pages(ctx) + rulebook_pages(ctx):
        w, h = ctx.page_size
        if page.landscape:
            w, h = h, w
        draws.append(partial(page.draw, canvas, w, h))
    for draw in draws:
        try:
            draw()
        except TextOverflow as exc:
            overflows.setdefault(exc.field, {}).setdefault(exc.where, exc)


def _overflow_finding(texts: Texts, field: str, where: dict[str, TextOverflow]) -> Diagnostic:
    """One finding per text key, naming every piece it overflows on, the worst overflow and what to cut."""
    worst = max(where.values(), key=lambda exc: exc.overflow_pt)
    shown = ", ".join(list(where)[:4]) + (f" and {len(where) - 4} more" if len(where) > 4 else "")
    return Diagnostic(texts.position(field), f"text does not fit its box at the minimum size on {shown} (over by "
                      f"{worst.overflow_pt:.1f} pt); {worst.advice}", "fit", key_path=field)
