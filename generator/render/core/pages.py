"""The pages R-core writes itself: the first page (what is in the file, on which paper, a scale check), the second
(how to print), the credits page, a blank page.

Every word comes from `content/common/<lang>.yaml` (and the game's title); text is fitted with the same measure as
the cards, so a translation that runs long fails the build with its key instead of running off the page.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfdoc import xObjectName

from . import icons, textfit
from .canvas import Colour, DrawingCanvas
from .colour import INK
from .context import Page, RenderContext
from .fonts import used_families
from .sheets import MM

MARGIN = 18 * MM
MUTED = HexColor("#5f6368")
ACCENT = HexColor("#34495e")
RULE = HexColor("#c9ccd1")
TITLE_SIZE = 20
HEADING_SIZE = 12.5
BODY_SIZE = 10
SMALL_SIZE = 8
#: space between the rows of page 1's table, and the least it closes up to when a file has many sections
ROW_GAP = 2.4 * MM
MIN_ROW_GAP = 1 * MM
#: from page 1's table to the totals and the card outline under it
TABLE_GAP = 2 * MM
#: the dark band over page 1 and the credits page: across the text column, its top this far below the paper's
#: edge (beyond every paper's printer margin, so no printer clips it), this tall
BAND_TOP = 9 * MM
BAND_HEIGHT = 4.5 * MM
#: the PDF name ReportLab gives every OpenMoji form (`icons.form_name`) begins with this
OPENMOJI_FORMS = xObjectName(icons.form_name(""))


@dataclass(frozen=True)
class Section:
    """A run of pages, as the checklist and the outline describe it."""

    kind: str  # "front", "rulebook", "sheets", "page", "credits"
    label: str  # in the document's language
    first: int  # 1-based page numbers, the empty pages that follow included
    last: int
    two_sided: bool = False
    decks: tuple[tuple[str, int], ...] = ()  # (deck, count) on these sheets
    sheets: int = 0  # sheets of paper these pages take, printed as the file is laid out
    card_stock: bool = False  # pieces: card stock; everything else plain paper
    printed: tuple[int, ...] = ()  # the pages from first to last that are not empty (page 1 lists these)
    fronts_only: bool = False  # pieces without backs (a 3x16 player's tiles), in every edition


def page_range(ctx: RenderContext, first: int, last: int) -> str:
    if first == last:
        return ctx.t("checklist.pages_one", first=first)
    return ctx.t("checklist.pages_range", first=first, last=last)


def page_list(ctx: RenderContext, pages: tuple[int, ...]) -> str:
    """"p. 5", "pp. 9–10", or, where empty pages part them, "pp. 5, 7–8"."""
    runs: list[list[int]] = []
    for n in pages:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    if len(runs) == 1:
        return page_range(ctx, runs[0][0], runs[0][-1])
    return ctx.t("checklist.pages_list", pages=ctx.texts.listed(
        str(run[0]) if len(run) == 1 else ctx.t("punctuation.range", first=run[0], last=run[-1]) for run in runs))


def size_label(ctx: RenderContext, w_pt: float, h_pt: float) -> str:
    """"Cards, 63.5 × 88.9 mm" for print.yaml's card size; any other size in the game's own word for its pieces
    ("Tiles, 16 × 16 mm", `checklist.<game>.piece_size`), else "Pieces"."""
    w, h = round(w_pt / MM, 1), round(h_pt / MM, 1)
    card = ctx.print.card
    key = ("checklist.card_size" if (round(card.width_mm, 1), round(card.height_mm, 1)) == (w, h)
           else game_key(ctx, "checklist", "piece_size"))
    return ctx.t(key, w=f"{w:g}", h=f"{h:g}")


class Flow:
    """Writes blocks of fitted text down a column, top to bottom; a block that does not fit raises TextOverflow."""

    def __init__(self, ctx: RenderContext, canvas: DrawingCanvas, where: str, x: float, top: float, width: float,
                 bottom: float) -> None:
        self.ctx, self.canvas, self.where = ctx, canvas, where
        self.x, self.y, self.width, self.bottom = x, top, width, bottom

    def text(self, key: str, text: str, size: float, bold: bool = False, colour: Colour = INK, gap: float = 0.0,
             indent: float = 0.0, align: str = "left") -> float:
        """Draw `text` (shrinking only if the page is full) and move down; returns the height used. Left-aligned
        Japanese and Chinese is running text, set justified."""
        width = self.width - indent
        fitted = self.ctx.fit(self.where, key, text, width, self.y - self.bottom, size,
                              min(size, self.ctx.print.type.min_body), bold=bold, flowing=align == "left")
        if align == "left":
            align = textfit.running(self.ctx.lang)
        self.canvas.setFillColor(colour)
        textfit.draw(self.canvas, fitted, self.x + indent, self.y, width, align=align)
        self.y -= fitted.height + gap
        return fitted.height

    def heading(self, key: str) -> None:
        self.y -= 4 * MM
        self.text(key, self.ctx.t(key), HEADING_SIZE, bold=True, colour=ACCENT, gap=1.5 * MM)
        self.rule(INK, 0.8)
        self.y -= 2.5 * MM

    def rule(self, colour: Colour, width: float) -> None:
        self.canvas.setStrokeColor(colour)
        self.canvas.setLineWidth(width)
        self.canvas.line(self.x, self.y, self.x + self.width, self.y)

    def _cells(self, cells: list[tuple[str, str, float]]) -> list[tuple[textfit.Fitted, float, float]]:
        """Each cell of a table row fitted at body size: (fitted text, its x, its width)."""
        fitted, x = [], self.x
        for key, text, share in cells:
            w = self.width * share - 3 * MM
            fitted.append((self.ctx.fit(self.where, key, text, w, self.y - self.bottom, BODY_SIZE,
                                        self.ctx.print.type.min_body), x, w))
            x += self.width * share
        return fitted

    def row_height(self, cells: list[tuple[str, str, float]]) -> float:
        """The height of a table row's text, as `row` would draw it here (hairline and gap not counted)."""
        return max(fitted.height for fitted, _, _ in self._cells(cells))

    def row(self, cells: list[tuple[str, str, float]], gap: float) -> None:
        """Table row: (key, text, share of the width) per cell, top-aligned, then a hairline."""
        top, lowest = self.y, self.y
        for fitted, x, w in self._cells(cells):
            self.canvas.setFillColor(INK)
            textfit.draw(self.canvas, fitted, x, top, w)
            lowest = min(lowest, top - fitted.height)
        self.y = lowest - gap / 2
        self.rule(RULE, 0.5)
        self.y -= gap / 2


def unbroken(text: str) -> str:
    """`text` with no-break spaces: a list entry ("passport cards ×12") never splits across lines."""
    return text.replace(" ", textfit.NO_BREAK_SPACE)


def sheet_count(ctx: RenderContext, count: int, card_stock: bool) -> str:
    """"3 sheets of card stock"."""
    stock = ctx.t("checklist.stock_card" if card_stock else "checklist.stock_plain")
    return ctx.t("checklist.sheets_one", stock=stock) if count == 1 else ctx.t("checklist.sheets_many", count=count,
                                                                              stock=stock)


def checklist_page(ctx: RenderContext, sections: list[Section], duplex: str, pieces: int, blanks: list[int],
                   edition: str = "standard") -> Page:
    """Page 1: what is in the file, on how many sheets of which paper, which pages are one-sided, how to print it
    all at once, and a scale check to hold a ruler and a real card against."""
    edge = ctx.t(f"duplex.{duplex}")
    plain = sum(s.sheets for s in sections if not s.card_stock)
    card = sum(s.sheets for s in sections if s.card_stock)
    size = ctx.print.card

    def draw(canvas: DrawingCanvas, w: float, h: float) -> None:
        card_w, card_h = size.width_mm * MM, size.height_mm * MM
        lowest_top = MARGIN + 1 * MM + card_h  # the card outline's top when the table takes the whole page
        flow = Flow(ctx, canvas, "checklist page", MARGIN, h - MARGIN, w - 2 * MARGIN, lowest_top + 4 * MM)
        top_band(ctx, canvas, w, h)
        flow.text("checklist.title", ctx.t("checklist.title"), BODY_SIZE + 1, bold=True, colour=ACCENT, gap=1 * MM)
        flow.text("title", ctx.t("title"), TITLE_SIZE + 4, bold=True, gap=3 * MM)
        flow.text("checklist.intro", ctx.t("checklist.intro", paper=ctx.t(f"papers.{ctx.paper}")), BODY_SIZE + 1,
                  colour=MUTED, gap=1 * MM)
        flow.text(f"editions.{edition}", ctx.t(f"editions.{edition}"), BODY_SIZE, colour=MUTED, gap=1 * MM)
        flow.heading("checklist.heading")
        rows = [_checklist_row(ctx, section, edge) for section in sections]
        # rows as far apart as the room above the totals allows, never so close that they need a smaller size
        spare = flow.y - flow.bottom - sum(flow.row_height(cells) for cells in rows)
        gap = max(MIN_ROW_GAP, min(ROW_GAP, spare / len(rows)))
        for cells in rows:
            flow.row(cells, gap)
        # right under the table (a short table leaves its room at the foot of the page, not above the totals): the
        # card outline, and beside it the totals, how to print it all at once, then the scale check; the table's
        # rows end above `lowest_top` + 4 mm, so the outline never reaches the bottom margin
        top = flow.y - TABLE_GAP
        card_x, card_y = w - MARGIN - card_w, top - card_h
        side = Flow(ctx, canvas, "checklist page", MARGIN, top, card_x - MARGIN - 6 * MM, card_y + 12 * MM)
        if pieces:
            side.text("checklist.total", ctx.t("checklist.total", count=pieces), BODY_SIZE, colour=MUTED, gap=1 * MM)
        side.text("checklist.in_all", ctx.t("checklist.in_all", plain=sheet_count(ctx, plain, False),
                                            card=sheet_count(ctx, card, True)), BODY_SIZE, bold=True, gap=1.5 * MM)
        defaults = "checklist.defaults_one_sided" if edition == "gutterfold" else "checklist.defaults"
        side.text(defaults, ctx.t(defaults, edge=edge), BODY_SIZE, gap=1 * MM)
        if blanks:
            side.text("checklist.skip_blanks", ctx.t("checklist.skip_blanks", blanks=ctx.texts.listed(map(str, blanks))),
                      BODY_SIZE, gap=1 * MM)
        _scale_check(ctx, canvas, side, card_x, card_y, card_w, card_h)

    return Page("checklist", False, draw, ctx.t("outline.checklist"))


def top_band(ctx: RenderContext, canvas: DrawingCanvas, w: float, h: float) -> None:
    """The dark band that opens page 1 and the credits page: across the text column, inside the printable area
    (it once ran to the paper's edges, which a home printer clips)."""
    top = min(h - BAND_TOP, h - ctx.margin)
    canvas.setFillColor(ACCENT)
    canvas.roundRect(MARGIN, top - BAND_HEIGHT, w - 2 * MARGIN, BAND_HEIGHT, 1 * MM, stroke=0, fill=1)


def _checklist_row(ctx: RenderContext, section: Section, edge: str) -> list[tuple[str, str, float]]:
    """One row of page 1's table: what the pages hold, their numbers, and the sheets and sides they print on."""
    what = section.label
    if section.kind == "sheets":
        decks = ctx.texts.listed(unbroken(ctx.t("checklist.deck", name=ctx.t(f"decks.{deck}"), count=count))
                          for deck, count in section.decks)
        what = ctx.t("checklist.sheet", size=section.label, decks=decks)
    sides = ctx.t("checklist.two_sided", edge=edge) if section.two_sided else ctx.t("checklist.one_sided")
    paper = ctx.t("checklist.sheet_row", sheets=sheet_count(ctx, section.sheets, section.card_stock), sides=sides)
    return [("checklist.sheet", what, 0.5), ("checklist.pages_range", page_list(ctx, section.printed),
             0.15), ("checklist.sheet_row", paper, 0.35)]


def _scale_check(ctx: RenderContext, canvas: DrawingCanvas, flow: Flow, card_x: float, card_y: float, card_w: float,
                 card_h: float) -> None:
    """The outline of a poker card on page 1, and beside it, under `flow`'s text, a 50 mm ruler: both
    measure the print's scale."""
    canvas.saveState()
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(0.6)
    canvas.setDash(3, 2)
    canvas.rect(card_x, card_y, card_w, card_h, stroke=1, fill=0)
    canvas.restoreState()
    width = card_w - 10 * MM
    fitted = ctx.fit("checklist page", "scale.card", ctx.t("scale.card", w=f"{ctx.print.card.width_mm:g}",
                     h=f"{ctx.print.card.height_mm:g}"), width, card_h / 2, BODY_SIZE, ctx.print.type.min_body)
    canvas.setFillColor(MUTED)
    textfit.draw(canvas, fitted, card_x + 5 * MM, card_y + card_h / 2 + fitted.height / 2, width, align="center")
    flow.y -= 2 * MM
    flow.text("scale.heading", ctx.t("scale.heading"), HEADING_SIZE, bold=True, colour=ACCENT, gap=1.5 * MM)
    flow.text("scale.text", ctx.t("scale.text"), BODY_SIZE)
    _ruler(ctx, canvas, flow.x, card_y + 6 * MM)


def _ruler(ctx: RenderContext, canvas: DrawingCanvas, x: float, y: float) -> None:
    """50 mm with a tick every millimetre, longer every 5 and numbered every 10."""
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setFillColor(INK)
    canvas.setLineWidth(0.4)
    canvas.line(x, y, x + 50 * MM, y)
    canvas.setFont(ctx.fonts.regular, SMALL_SIZE)
    for k in range(51):
        tall = 4 * MM if k % 10 == 0 else 2.5 * MM if k % 5 == 0 else 1.5 * MM
        canvas.line(x + k * MM, y, x + k * MM, y + tall)
        if k % 10 == 0:
            canvas.drawCentredString(x + k * MM, y - SMALL_SIZE - 1, str(k))
    canvas.drawString(x + 50 * MM + 2 * MM, y - SMALL_SIZE - 1, ctx.t("scale.unit"))
    canvas.restoreState()


def instruction_steps(sections: list[Section], edition: str = "standard") -> list[str]:
    """The steps page 2 prints, in order: the gutterfold edition folds its pieces, the others print them two-sided
    after the duplex test; the last step is every other page, as page 1 lists it."""
    sheets = any(s.kind == "sheets" for s in sections)
    if edition == "gutterfold":
        return ["scale", "paper", *(["fold"] if sheets else []), "one_sided"]
    return ["scale", "paper", *(["test", "duplex", "no_duplex", "cut"] if sheets else []), "rest"]


def instructions_page(ctx: RenderContext, sections: list[Section], duplex: str, test: tuple[int, int],
                      edition: str = "standard") -> Page:
    """Page 2 (the back of page 1): how to print, step by step, with the duplex test first (the gutterfold edition
    folds instead). Each step names the pages it is about, as page 1 lists them: the sheets of pieces, those
    printed on one side only and those with backs, the duplex test, and every other page."""
    sheets = [s for s in sections if s.kind == "sheets"]
    steps = instruction_steps(sections, edition)

    def pages_of(chosen: list[Section]) -> str:
        return page_list(ctx, tuple(n for s in chosen for n in s.printed)) if chosen else ""

    values = {"pages": page_range(ctx, sheets[0].first, sheets[-1].last) if sheets else "",
              "one_sided": pages_of([s for s in sheets if s.fronts_only]),
              "two_sided": pages_of([s for s in sheets if not s.fronts_only]),
              "rest": pages_of([s for s in sections if s.kind not in ("front", "sheets")]),
              "edge": ctx.t(f"duplex.{duplex}"), "test": page_range(ctx, *test),
              "test_step": steps.index("test") + 1 if "test" in steps else 0}

    def draw(canvas: DrawingCanvas, w: float, h: float) -> None:
        flow = Flow(ctx, canvas, "instructions page", MARGIN, h - MARGIN, w - 2 * MARGIN, MARGIN + 8 * MM)
        flow.heading("instructions.title")
        for n, step in enumerate(steps, start=1):
            key = game_key(ctx, "instructions", step)
            text = ctx.t(key, **values)
            top = flow.y
            canvas.setFillColor(ACCENT)
            canvas.setFont(ctx.fonts.bold, BODY_SIZE)
            canvas.drawString(flow.x, top - BODY_SIZE * 0.93, f"{n}.")
            flow.text(key, text, BODY_SIZE, indent=7 * MM, gap=2.2 * MM)

    return Page("instructions", False, draw, ctx.t("outline.instructions"))


def game_key(ctx: RenderContext, section: str, name: str) -> str:
    """A shared text, or the game's own wording where its pieces differ: `<section>.<game>.<name>` when the language
    file has it (tiles are not sleeved like cards), else `<section>.<name>`, the wording every game shares."""
    own = f"{section}.{ctx.game}.{name}"
    return own if ctx.texts.has(own) else f"{section}.{name}"


def draws_openmoji(canvas: DrawingCanvas) -> bool:
    """Whether a page drawn so far on `canvas` shows OpenMoji art: `icons.ensure_form` defines an icon's form in the
    document the first time the icon is drawn. ReportLab offers no public list of a document's forms."""
    return any(name.startswith(OPENMOJI_FORMS) for name in canvas._doc.idToObject)


def credits_page(ctx: RenderContext) -> Page:
    """Last page: the typefaces and the icons with their licences, and where the texts come from.

    The icons and each font family are credited only when the file shows them: the page is drawn after every other
    page, so the document already holds a form for each icon drawn (3x16 draws none) and the subsets of each font
    used (the credits page's own words are in the language's first family)."""

    def draw(canvas: DrawingCanvas, w: float, h: float) -> None:
        flow = Flow(ctx, canvas, "credits page", MARGIN, h - MARGIN, w - 2 * MARGIN, MARGIN + 8 * MM)
        top_band(ctx, canvas, w, h)
        flow.text("credits.title", ctx.t("credits.title"), TITLE_SIZE, bold=True, gap=3 * MM)
        flow.text("credits.intro", ctx.t("credits.intro"), BODY_SIZE + 1, colour=MUTED, gap=2 * MM)
        families = [ctx.print.fonts.families[name] for name in used_families(ctx.content, ctx.lang, canvas)]
        blocks = [("font", {"source": family.source, "licence": family.licence}) for family in families]
        if draws_openmoji(canvas):
            blocks.append(("icons", {}))
        blocks += [("rules", {}), ("tools", {})]
        for n, (name, values) in enumerate(blocks):
            if n == 0 or blocks[n - 1][0] != name:
                flow.heading(f"credits.{name}_heading")
            key = game_key(ctx, "credits", name)
            flow.text(key, ctx.t(key, **values), BODY_SIZE, gap=1.5 * MM)  # each credit a paragraph of its own

    return Page("credits", False, draw, ctx.t("outline.credits"))


def blank_page(ctx: RenderContext, landscape: bool = False) -> Page:
    """Keeps every page of fronts on an odd page and gives every one-sided page a sheet of its own, so printing the
    whole file two-sided pairs fronts with backs and nothing else (the size of the page it backs)."""

    def draw(canvas: DrawingCanvas, w: float, h: float) -> None:
        width = w / 2
        fitted = ctx.fit("blank page", "page.blank", ctx.t("page.blank"), width, h / 3, SMALL_SIZE + 1,
                         ctx.print.type.min_body)
        canvas.setFillColor(MUTED)
        textfit.draw(canvas, fitted, (w - width) / 2, h / 2 + fitted.height / 2, width, align="center")

    return Page("blank", landscape, draw, ctx.t("outline.blank"))


def page_number(ctx: RenderContext, canvas: DrawingCanvas, w: float, n: int, total: int, y: float | None = None) -> None:
    """A small centred page number near the foot of a page of our own, on the baseline `y` when the page sets it."""
    canvas.setFillColor(MUTED)
    canvas.setFont(ctx.fonts.regular, SMALL_SIZE)
    canvas.drawCentredString(w / 2, MARGIN - 2 * MM if y is None else y, ctx.t("page.number", n=n, total=total))


def footer_line(ctx: RenderContext, canvas: DrawingCanvas, key: str, text: str, anchor: tuple[float, float, float, float]) -> None:
    """A sheet's page label in the style of the page numbers, centred on `anchor` = (x, y, angle, length): the
    middle of its line, the line's direction in degrees, and the length it may take (TextOverflow if longer)."""
    x, y, angle, length = anchor
    fitted = ctx.fit("sheet footer", key, text, length, SMALL_SIZE * 2, SMALL_SIZE,
                     min(SMALL_SIZE, ctx.print.type.min_body), max_lines=1)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(angle)
    canvas.setFillColor(MUTED)
    cap_middle = 0.36 * fitted.size  # half the height of capitals and digits: the line's middle sits on the anchor
    textfit.draw(canvas, fitted, -length / 2, 0.93 * fitted.size - cap_middle, length, align="center")
    canvas.restoreState()
