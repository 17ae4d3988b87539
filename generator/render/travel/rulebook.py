"""What the travel rulebook has of its own: its accent, the card counts of its checklist, and the distance table
after the rules (who starts, R7)."""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import Color, HexColor

from ..core.canvas import DrawingCanvas
from ...content.model_parts import GameData
from ..core.context import Page, RenderContext
from ..core.rulebook import FOOTER, GUTTER, MARGIN, Book, Styles, draw_footer, para
from .distances import draw_distances
from .style import travel_game


def accent(ctx: RenderContext) -> Color:
    """The reference cards' colour."""
    return HexColor(travel_game(ctx.game_data).kinds["reference"].colour)


def component_counts(data: GameData) -> dict[str, int]:
    """Cards per family of game.yaml: one per entry, or one per playing-card index of an entry that has several."""
    counts: dict[str, int] = {}
    for name, value in travel_game(data):
        if isinstance(value, list) and value and hasattr(value[0], "id"):
            counts[name] = sum(len(c.index) if isinstance(getattr(c, "index", None), list) else 1 for c in value)
    return counts


def distance_pages(ctx: RenderContext, book: Book, before: int) -> list[Page]:
    """The distance table's page (landscape), numbered after the book's `before` pages of rules."""
    return [Page(f"{ctx.game}/rulebook/{before + 1}", True, partial(_draw_distances, ctx, book.styles, book.margin_v),
                 number_y=book.margin_v)]


def _draw_distances(ctx: RenderContext, styles: Styles, margin_v: float, canvas: DrawingCanvas, page_w: float,
                    page_h: float) -> None:
    """The distance table with the book's footer."""
    heading = [para(ctx.t("distances.title"), styles.heading, "distances.title"),
               para(ctx.t("distances.intro"), styles.body, "distances.intro")]
    column_w = (page_w - 2 * MARGIN - GUTTER) / 2  # the text keeps to half the page, a measure that reads well
    draw_distances(ctx, heading, column_w, MARGIN, page_h - margin_v, margin_v + FOOTER, canvas, page_w)
    draw_footer(ctx, canvas, page_w, margin_v)
