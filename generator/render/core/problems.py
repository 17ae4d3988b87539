"""A drawing problem that the content caused, as the diagnostics lint and build both give for it: lint draws with
the same renderer as the build, so whatever fails a build's job is a lint finding at the same position."""
from __future__ import annotations

from ...content.texts import MissingText
from ...errors import Diagnostic, InputError
from .context import RenderContext, TextOverflow
from .sheets import LayoutError

#: what drawing raises for bad content (anything else is a bug and keeps its traceback)
CONTENT_PROBLEMS = (TextOverflow, MissingText, LayoutError, InputError)


def diagnostics_for(exc: Exception, ctx: RenderContext) -> tuple[Diagnostic, ...]:
    """The positioned diagnostics of one of CONTENT_PROBLEMS raised while drawing `ctx`."""
    if isinstance(exc, InputError):
        return tuple(exc.diagnostics)
    if isinstance(exc, TextOverflow):  # lint's own findings for the game and language, so both say the same
        from .fitcheck import fit_findings  # (which reports through this module)

        same = tuple(d for d in fit_findings(ctx.content, ctx.game, ctx.lang) if d.check == "fit")
        return same or (Diagnostic(ctx.texts.position(exc.field), str(exc), "fit"),)
    if isinstance(exc, MissingText):  # a text the renderer asks for is missing from the language files
        return (Diagnostic(ctx.texts.position(exc.key), str(exc.args[0]), "missing-text"),)
    return (Diagnostic(ctx.content.print_position(("papers", ctx.paper)), str(exc), "layout"),)
