"""3x16: the tiles (one set per player colour plus the caller set) and the full pages (boards, log sheet).

A tile carries one large numeral. A number that reads as another tile's number when turned round (6 and 9)
gets a bar under it, so a tile picked up the wrong way round is never misread. A tile's back is its set's
colour and colour name, so mixed sets can be sorted face down. Every tile of one set shares one back, drawn
once per PDF as a Form XObject. The home sheets print only the caller set's backs: a player's tiles lie face up
all game, so they print fronts only.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import getFont

from ..core.canvas import DrawingCanvas, mm
from ...games.threesixteen.model import PlayerColour, threesixteen_game
from ..core import textfit
from ..core.context import Box, Component, Face, Page, RenderContext
from ..core.colour import mix
from .board import board_page
from .layout import edition_colour
from .logsheet import log_sheet_pages

SAFE = 3 * mm  # important content stays this far inside the trim
MARK_GAP = 0.09  # gap between numeral and bar, as a multiple of the numeral size
MARK_THICKNESS = 0.075
#: digits that still read as digits when turned 180 degrees, and what they read as
TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def turned_number(n: int) -> int | None:
    """The number `n` reads as when its tile is turned upside down, or None if it reads as no number."""
    digits = str(n)
    if any(d not in TURNED for d in digits):
        return None
    turned = "".join(TURNED[d] for d in reversed(digits))
    return None if turned.startswith("0") else int(turned)


def needs_mark(n: int, high: int) -> bool:
    """True for a number that turned round reads as another number of the set (with 1..16: 6 and 9)."""
    other = turned_number(n)
    return other is not None and other != n and 1 <= other <= high


@dataclass(frozen=True)
class NumeralStyle:
    """One numeral size and baseline for every tile of a set, so numerals line up when tiles sit in a row."""

    font: str
    size: float
    baseline: float  # above the tile's bottom trim edge
    bar_width_per_digit: float

    @classmethod
    def for_tile(cls, font: str, w: float, h: float, high: int) -> "NumeralStyle":
        widest = max(textfit.unit_width(str(n), font) for n in range(1, high + 1))
        digit_height = getFont(font).face.capHeight / 1000  # numerals stand as tall as capitals
        block = digit_height + MARK_GAP + MARK_THICKNESS  # numeral plus the room its bar needs
        size = min((w - 2 * SAFE) / widest, (h - 2 * SAFE) / block)
        baseline = (h - block * size) / 2 + (MARK_GAP + MARK_THICKNESS) * size
        return cls(font, size, baseline, textfit.unit_width("0", font) * size)


#: a tile's corner cue: its size, and where its centre sits from the corner (inside the 3 mm safe band, and
#: clear of the bevel line)
CUE_SIZE = 1.9 * mm
CUE_AT = 2.2 * mm
#: the bevel: a thin line this far inside a tile front's trim, with rounded corners, a third of the way from the
#: tile's colour to its ink. It reads as a punched counter's edge and turns a cutting error of a fraction of a
#: millimetre into a border slightly wider on one side, which the eye forgives on a 16 mm piece (Rummikub's number
#: tiles show such a rim).
BEVEL_INSET = 0.8 * mm
BEVEL_WIDTH = 0.45
BEVEL_RADIUS = 0.9 * mm
BEVEL_TONE = 0.3


def draw_cue(canvas: DrawingCanvas, cue: str, cx: float, cy: float, turned: bool = False) -> None:
    """One corner cue centred on (cx, cy) in the current fill colour."""
    r = CUE_SIZE / 2
    canvas.saveState()
    canvas.translate(cx, cy)
    if turned:
        canvas.rotate(180)
    if cue == "circle":
        canvas.circle(0, 0, r, stroke=0, fill=1)
    elif cue == "bar":
        canvas.rect(-r * 1.1, -r * 0.32, 2.2 * r, 0.64 * r, stroke=0, fill=1)
    elif cue == "cross":
        bar = r * 0.5
        canvas.rect(-r, -bar / 2, 2 * r, bar, stroke=0, fill=1)
        canvas.rect(-bar / 2, -r, bar, 2 * r, stroke=0, fill=1)
    else:  # a triangle pointing to the tile's top
        path = canvas.beginPath()
        path.moveTo(0, r)
        path.lineTo(r * 1.05, -r * 0.8)
        path.lineTo(-r * 1.05, -r * 0.8)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _fill_bleed(canvas: DrawingCanvas, box: Box, colour: str) -> None:
    b = box.bleed_box()
    canvas.setFillColor(HexColor(colour))
    canvas.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)


def draw_tile_front(style: NumeralStyle, colour: PlayerColour, n: int, marked: bool, canvas: DrawingCanvas, box: Box,
                    ink_saver: bool = False) -> None:
    _fill_bleed(canvas, box, colour.fill)
    if not ink_saver:  # the ink saver's pale tiles keep to its 25% coverage: 48 bevels would take it past that
        canvas.setStrokeColor(HexColor(mix(colour.fill, colour.ink, BEVEL_TONE)))
        canvas.setLineWidth(BEVEL_WIDTH)
        k = BEVEL_INSET
        canvas.roundRect(box.x + k, box.y + k, box.w - 2 * k, box.h - 2 * k, BEVEL_RADIUS, stroke=1, fill=0)
    canvas.setFillColor(HexColor(colour.ink))
    if colour.cue:  # upper-left and, turned, lower-right, like a playing card's index
        draw_cue(canvas, colour.cue, box.x + CUE_AT, box.top - CUE_AT)
        draw_cue(canvas, colour.cue, box.right - CUE_AT, box.y + CUE_AT, turned=True)
    canvas.setFont(style.font, style.size)
    cx = box.x + box.w / 2
    canvas.drawCentredString(cx, box.y + style.baseline, str(n))
    if marked:
        bar_w = style.bar_width_per_digit * len(str(n))
        thickness = MARK_THICKNESS * style.size
        top = box.y + style.baseline - MARK_GAP * style.size
        canvas.rect(cx - bar_w / 2, top - thickness, bar_w, thickness, stroke=0, fill=1)


def _form_name(*parts: object) -> str:
    return "ts_" + "_".join(str(p) for p in parts).replace(".", "p").replace("-", "m")


def draw_tile_back(ctx: RenderContext, colour: PlayerColour, canvas: DrawingCanvas, box: Box) -> None:
    """The set's colour out to the bleed, the game title and the colour's name (a Form, defined on first use)."""
    name = _form_name("back", ctx.lang, colour.id, round(box.w, 2), round(box.h, 2), round(box.bleed, 2))
    if not canvas.hasForm(name):
        inner = Box(0, 0, box.w, box.h).inset(SAFE)
        texts = _back_texts(ctx, colour, inner)  # fitted first: a TextOverflow never leaves a form half drawn
        pad = box.bleed + 1  # a bounding box exactly on the art's edge clips a hairline off it in some viewers
        canvas.beginForm(name, -pad, -pad, box.w + pad, box.h + pad)
        _fill_bleed(canvas, Box(0, 0, box.w, box.h, box.bleed), colour.fill)
        top = inner.y + (inner.h + sum(t.height for t in texts)) / 2
        canvas.setFillColor(HexColor(colour.ink))
        for fitted in texts:
            textfit.draw(canvas, fitted, inner.x, top, inner.w, align="center")
            top -= fitted.height
        canvas.endForm()
    canvas.saveState()
    canvas.translate(box.x, box.y)
    canvas.doForm(name)
    canvas.restoreState()


def _back_texts(ctx: RenderContext, colour: PlayerColour, inner: Box) -> tuple[textfit.Fitted, textfit.Fitted]:
    """The game title (small) over the colour's name (bold)."""
    where = f"tile back '{colour.id}'"
    ty = ctx.print.type
    title = ctx.fit(where, "title", ctx.t("title"), inner.w, inner.h * 0.4, ty.small, ty.min_body, max_lines=1)
    label = ctx.fit(where, f"colours.{colour.id}", ctx.t(f"colours.{colour.id}"), inner.w, inner.h * 0.6,
                    ty.body, ty.min_body, bold=True)
    return title, label


def tile_sets(ctx: RenderContext) -> list[PlayerColour]:
    """The player colours in content order, then the caller set."""
    game = threesixteen_game(ctx.game_data)
    return [*game.colours, game.caller]


def threesixteen_components(ctx: RenderContext) -> list[Component]:
    """Every tile: for each set, numbers 1..high, `copies` of each; the set's shared back. The caller's tiles are
    drawn face down (R4), so they are hidden pieces, on sheets of their own, at their own (larger) size: they are
    never placed on a board. A player's tiles are only ever face up, so they print fronts only, every colour on
    the same sheets, one colour after another (on A4 and Letter, four full rows of 12 each)."""
    game = threesixteen_game(ctx.game_data)
    sizes = {False: (game.tile.width_mm * mm, game.tile.height_mm * mm),
             True: (game.caller_tile.width_mm * mm, game.caller_tile.height_mm * mm)}
    styles = {caller: NumeralStyle.for_tile(ctx.fonts.bold, w, h, game.high) for caller, (w, h) in sizes.items()}
    components: list[Component] = []
    for tile_set in tile_sets(ctx):
        caller = tile_set is game.caller
        (w, h), style = sizes[caller], styles[caller]
        colour = edition_colour(ctx, tile_set)
        back = Face(f"threesixteen/tile/{colour.id}/back", partial(draw_tile_back, ctx, colour))
        for n in range(1, game.high + 1):
            draw = partial(draw_tile_front, style, colour, n, needs_mark(n, game.high), ink_saver=ctx.ink_saver)
            for copy in range(1, game.copies + 1):
                front = Face(f"threesixteen/tile/{colour.id}/{n}/{copy}/front", draw)
                components.append(Component(f"tile-{colour.id}-{n}-{copy}", f"tiles-{colour.id}", w, h, front, back,
                                            hidden=caller, fronts_only=not caller))
    return components


def threesixteen_pages(ctx: RenderContext) -> list[Page]:
    """One landscape board per player colour, then the log sheet (front and back)."""
    return [*(board_page(ctx, colour) for colour in threesixteen_game(ctx.game_data).colours), *log_sheet_pages(ctx)]
