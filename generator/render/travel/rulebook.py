"""What the travel rulebook has of its own: its accent, the card counts of its checklist, the cover's fan of
cards, the setup diagram (a player's place at the table, drawn with the cards) and the distance table after the
rules (who starts, R7)."""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import Color, HexColor

from ..core.canvas import DrawingCanvas, mm
from ...content.model_parts import GameData
from ..core import figures, textfit
from ..core.context import Box, Face, Page, RenderContext
from ..core.rulebook import FOOTER, GUTTER, MARGIN, Book, Diagram, Figure, Styles, draw_footer, para
from .deck_faces import event_face, item_face, special_face
from .distances import draw_distances
from .kit import Kit
from .style import INK, MUTED, travel_game
from .table_faces import country_face, passport_face

CORNER = 3 * mm  # a poker card's cut corner
#: the setup diagram: the two country cards' width as a share of the column, the gap under a card to its label
COUNTRY_SHARE = 0.34
LABEL_GAP = 1.5 * mm
LABEL_SIZE = 8.0
DIAGRAM_KEYS = ("diagram.transit", "diagram.centre", "diagram.hand")


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


def _piece(kit: Kit, face: Face) -> figures.Piece:
    return figures.Piece(face, kit.geo.w, kit.geo.h, CORNER)


def cover(ctx: RenderContext, canvas: DrawingCanvas, box: Box) -> None:
    """The cover's fan: one card of each kind a player holds or meets first (an item, a passport, a country, a
    special item, an event), the country in the middle, drawn by the cards' own faces."""
    kit = Kit(ctx)
    game = kit.game
    item = game.items[0]
    faces = [item_face(kit, item, 1, item.index[0], f"{item.id}-1"), passport_face(kit, game.passports[0]),
             country_face(kit, game.countries[0], 0), special_face(kit, game.special[0]),
             event_face(kit, game.events[0])]
    figures.fan(canvas, [_piece(kit, f) for f in faces], box.inset(2 * mm, 3 * mm), step=5.0, reach=3.2)


def figure(ctx: RenderContext, styles: Styles) -> Figure:
    """After the setup rules: one player's place when play begins, drawn with the cards: their transit country and
    the centre country (R4), and their hand, a passport and the starting item cards (R3, R5), each labelled."""
    kit = Kit(ctx)
    values = kit.params
    labels = {key: ctx.t(key, **values) for key in DIAGRAM_KEYS}
    title = para(ctx.t("diagram.title", **values), styles.rule_title, "diagram.title")
    caption = para(ctx.t("diagram.caption", **values), styles.body, "diagram.caption")
    caption.spaceBefore = 2 * mm  # clear of the diagram's last label
    diagram = Diagram("diagram", ctx, partial(_diagram_height, kit), partial(_draw_diagram, labels),
                      space_before=2 * mm)
    title.spaceBefore = styles.rule_gap * 2
    return Figure("setup", [title, diagram, caption])


def _label(kit: Kit, key: str, text: str, width: float) -> textfit.Fitted:
    ty = kit.ctx.print.type
    return kit.ctx.fit("rulebook diagram", key, text, width, 4 * LABEL_SIZE, LABEL_SIZE, ty.min_body, max_lines=3)


def _rows(kit: Kit, width: float) -> tuple[float, float]:
    """Heights of the diagram's two rows: the country cards with their labels, then the hand with its label."""
    card_h = width * COUNTRY_SHARE * kit.geo.h / kit.geo.w
    label_h = 3 * LABEL_SIZE * 1.25
    return card_h + LABEL_GAP + label_h, card_h * 1.15 + LABEL_GAP + label_h


def _diagram_height(kit: Kit, width: float) -> float:
    top, bottom = _rows(kit, width)
    return top + 3 * mm + bottom


def _hand(kit: Kit) -> list[figures.Piece]:
    """A passport and the starting hand: item cards, two of them items the transit country asks for."""
    game = kit.game
    transit = game.countries[0]
    wanted = [i for i in game.items if i.id in transit.needs]
    others = [i for i in game.items if i.id not in transit.needs]
    items = (wanted[:2] + others)[:int(kit.params["starting_hand"])]
    faces = [passport_face(kit, game.passports[0])]
    faces += [item_face(kit, item, 1, item.index[0], f"{item.id}-1") for item in items]
    return [_piece(kit, f) for f in faces]


def _draw_diagram(labels: dict[str, str], ctx: RenderContext, canvas: DrawingCanvas, box: Box) -> None:
    """The diagram drawn in `ctx`'s edition: its cards are that edition's faces."""
    kit = Kit(ctx)
    geo, game = kit.geo, kit.game
    top_h, hand_h = _rows(kit, box.w)
    card_w = box.w * COUNTRY_SHARE
    scale = card_w / geo.w
    card_h = geo.h * scale
    table = Box(box.x, box.y, box.w, box.h)
    canvas.setFillColor(HexColor("#f1efe9"))
    canvas.roundRect(table.x, table.y, table.w, table.h, 2 * mm, stroke=0, fill=1)
    # the transit country (left) and the centre country (right), an arrow from the one to the other
    row_top = box.top - 2 * mm
    centres = (box.x + box.w * 0.25, box.x + box.w * 0.75)
    cards = (game.countries[0], game.countries[1])
    for (key, card), cx in zip(zip(DIAGRAM_KEYS[:2], cards), centres):
        cy = row_top - card_h / 2
        figures.lay(canvas, _piece(kit, country_face(kit, card, 0)), cx, cy, scale)
        _draw_label(kit, canvas, key, labels[key], cx, row_top - card_h - LABEL_GAP, box.w * 0.46)
    _arrow(canvas, centres[0] + card_w / 2 + 2 * mm, centres[1] - card_w / 2 - 2 * mm, row_top - card_h / 2)
    # the hand, fanned, under them
    hand_top = box.top - top_h - 3 * mm
    hand_box = Box(box.x + box.w * 0.15, hand_top - card_h * 1.15, box.w * 0.7, card_h * 1.15)
    figures.fan(canvas, _hand(kit), hand_box, step=9.0)
    _draw_label(kit, canvas, "diagram.hand", labels["diagram.hand"], box.cx, hand_box.y - LABEL_GAP, box.w * 0.9)


def _draw_label(kit: Kit, canvas: DrawingCanvas, key: str, text: str, cx: float, top: float, width: float) -> None:
    fitted = _label(kit, key, text, width)
    canvas.setFillColor(INK)
    textfit.draw(canvas, fitted, cx - width / 2, top, width, align="center")


def _arrow(canvas: DrawingCanvas, x0: float, x1: float, y: float) -> None:
    """A plain arrow from x0 to x1 at height y: the way a player travels, transit country first."""
    canvas.setStrokeColor(MUTED)
    canvas.setFillColor(MUTED)
    canvas.setLineWidth(1.2)
    head = 2.2 * mm
    canvas.line(x0, y, x1 - head, y)
    path = canvas.beginPath()
    path.moveTo(x1, y)
    path.lineTo(x1 - head, y + head * 0.55)
    path.lineTo(x1 - head, y - head * 0.55)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
