"""One printable PDF: first page, how to print, the duplex test sheet, rulebook, every component on imposed sheets
(fronts, then mirrored backs), full pages (boards, log sheet), credits.

Components and pages come from the game's renderers, named by its spec (games/registry.py; tests pass stand-ins). The file is laid out for one two-sided
print with the dialog's defaults: every sheet starts on an odd page, a page of fronts is followed by its page of
backs, and a page that must be one-sided (a board, fronts without backs) by an empty page, so no two pages that
belong on separate sheets ever share one.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from typing import Callable

from . import duplex_test, pages as own_pages
from .canvas import DrawingCanvas
from .context import Box, Component, Page, RenderContext
from .pdfcanvas import PdfCanvas
from .rulebook import rulebook_pages
from .sheets import (MARK_WIDTH, MM, SheetLayout, map_box, compose, draw_lines, draw_marks, draw_trim_lines,
                     paint, plan_layout)
DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
#: the editions of every PDF: the standard one (two-sided), and one for a printer whose backs drift or ink is dear
EDITIONS = ("standard", "ink-saver", "gutterfold")


@dataclass(frozen=True)
class Placement:
    """One face on a page: which component, which face, and its trim box (pt)."""

    component: str
    face: str
    trim: Box


@dataclass
class PagePlan:
    """What one page of the PDF holds, for the checklist, the outline and the tests."""

    kind: str  # "checklist", "instructions", "test", "rulebook", "blank", "fronts", "backs", "page", "credits"
    width: float
    height: float
    key: str = ""
    layout: SheetLayout | None = None
    placements: list[Placement] = field(default_factory=list)


@dataclass
class Document:
    data: bytes
    pages: list[PagePlan]
    sections: list[own_pages.Section]


def game_components(ctx: RenderContext) -> list[Component]:
    """Every piece of `ctx.game` in `ctx.lang`, laid out (texts are fitted when a face is first drawn); a game may
    have none (its boards and rulebook alone)."""
    pieces = ctx.spec.part("components")
    return list(pieces(ctx)) if pieces else []


def game_pages(ctx: RenderContext) -> list[Page]:
    """The full pages of `ctx.game` (boards, log sheets), printed after its sheets of pieces; a game may have none."""
    pages = ctx.spec.part("full_pages")
    return list(pages(ctx)) if pages else []


def _sheets(group: list[Component], per_page: int, apart: bool = True) -> list[list[Component]]:
    """The pieces of one size, `per_page` to a sheet: each goes, in order, onto the first sheet that has room for it
    and where it is not kept apart (a hidden piece never shares a sheet with a piece showing another back, see
    Component; unless `apart` is False: gutterfold pairs fold each back round its own front, so no back can show
    a strip of another). So face-up pieces fill the slots other face-up pieces left (the characters and reference
    cards join the last country sheet) before a new sheet is opened."""
    sheets: list[_Sheet] = []
    for piece in group:
        sheet = next((sheet for sheet in sheets
                      if len(sheet.pieces) < per_page and not (apart and sheet.keeps_apart(piece))), None)
        if sheet is None:
            sheet = _Sheet()
            sheets.append(sheet)
        sheet.add(piece)
    return [sheet.pieces for sheet in sheets]


@dataclass(slots=True)
class _Sheet:
    """A sheet being filled, with the backs its pieces show and the backs of its hidden pieces: whether a piece
    must be kept apart from it is then a look at one or two backs, not at every piece on it (plan_layout counts
    the sheets of every group for every layout it weighs)."""

    pieces: list[Component] = field(default_factory=list)
    backs: set[str | None] = field(default_factory=set)
    hidden_backs: set[str | None] = field(default_factory=set)

    def add(self, piece: Component) -> None:
        self.pieces.append(piece)
        self.backs.add(_back_key(piece))
        if piece.hidden:
            self.hidden_backs.add(_back_key(piece))

    def keeps_apart(self, piece: Component) -> bool:
        """A hidden piece shares no sheet with another back; any piece, no sheet with a hidden piece of another."""
        back = _back_key(piece)
        return any(other != back for other in (self.backs if piece.hidden else self.hidden_backs))


def _sheet_counter(group: list[Component]) -> Callable[[int], int]:
    """How many sheets `group` takes at so many pieces to a page (`_sheets`), for plan_layout to compare layouts."""
    return lambda per_page: len(_sheets(group, per_page))


def _back_key(piece: Component) -> str | None:
    return piece.back.key if piece.back is not None else None


def _size_groups(components: list[Component]) -> list[list[Component]]:
    """Pieces grouped by trim size in order of first appearance (different sizes never share a page)."""
    groups: dict[tuple[float, float], list[Component]] = {}
    for component in components:
        key = (round(component.width, 3), round(component.height, 3))
        groups.setdefault(key, []).append(component)
    return list(groups.values())


@dataclass(frozen=True)
class _Entry:
    """A page to draw: a full page, or a sheet side of `chunk` (drawn as fronts or mirrored backs)."""

    kind: str
    page: Page | None = None
    layout: SheetLayout | None = None
    chunk: tuple[Component, ...] = ()
    group: int = 0
    sheet: int = 0

    @property
    def full_page(self) -> Page:
        """The page of an entry that is one (all but "fronts" and "backs")."""
        if self.page is None:
            raise ValueError(f"a '{self.kind}' entry is not a full page")
        return self.page

    @property
    def sheet_layout(self) -> SheetLayout:
        """The layout of a sheet side ("fronts", "backs")."""
        if self.layout is None:
            raise ValueError(f"a '{self.kind}' entry is not a sheet side")
        return self.layout


def render_document(ctx: RenderContext, duplex: str = "long", back_offset_mm: tuple[float, float] = (0.0, 0.0),
                    components: list[Component] | None = None, rule_pages: list[Page] | None = None,
                    full_pages: list[Page] | None = None, gutterfold: bool = False) -> Document:
    """Draw the whole PDF for `ctx` (game, language, paper). Raises TextOverflow when a text does not fit.

    Components and pages default to the game's renderers; tests pass their own. The gutterfold edition prints
    one-sided: each two-sided piece sits beside its own back, to be folded and glued (see `gutter_layout`).
    """
    if duplex not in DUPLEX_PREFERENCE:
        raise ValueError(f"duplex must be 'long' or 'short', not {duplex!r}")
    if components is None:
        components = game_components(ctx)
    components = [replace(c, back=None) if c.fronts_only else c for c in components]  # one-sided on the sheets
    if rule_pages is None:
        rule_pages = rulebook_pages(ctx)
    rule_pages = [page.in_edition(ctx) if page.in_edition else page for page in rule_pages]  # in this edition's inks
    if full_pages is None:
        full_pages = game_pages(ctx)
    page_w, page_h = ctx.page_size
    printcfg = ctx.print

    offset = (back_offset_mm[0] * MM, back_offset_mm[1] * MM)
    groups = _size_groups(components)
    if gutterfold:  # pieces with a back fold round it; different sizes, or backs and none, never share a page
        groups = [part for group in groups for part in (
            [c for c in group if c.back is not None], [c for c in group if c.back is None]) if part]
    planned = [plan_layout(page_w, page_h, group[0].width, group[0].height, ctx.margin,
                           printcfg.sheet_bleed_mm * MM, printcfg.cut_mark_mm * MM, printcfg.min_sheet_bleed_mm * MM,
                           off_centre=all(c.back is None for c in group), sheets_for=_sheet_counter(group))
               for group in groups]
    layouts = [gutter_layout(ctx, group[0].width, group[0].height, len(group))
               if gutterfold and group[0].back is not None else layout for group, layout in zip(groups, planned)]
    entries: list[_Entry] = [_Entry("checklist"), _Entry("instructions")]
    if layouts and not gutterfold:
        entries += [_Entry("test", page=p) for p in duplex_test.test_pages(ctx, layouts[0], duplex, offset)]
    entries += [_Entry("rulebook", page=p) for p in rule_pages]
    for g, (group, layout) in enumerate(zip(groups, layouts)):
        for s, sheet in enumerate(_sheets(group, layout.per_page, apart=not gutterfold)):
            chunk = tuple(sheet)
            placed = layout.for_count(len(chunk))
            if not gutterfold:
                _start_sheet(ctx, entries)
            entries.append(_Entry("fronts", layout=placed, chunk=chunk, group=g, sheet=s + 1))
            if gutterfold:
                continue
            if any(c.back is not None for c in chunk):
                entries.append(_Entry("backs", layout=placed, chunk=chunk, group=g, sheet=s + 1))
            else:
                entries.append(_Entry("blank", page=own_pages.blank_page(ctx)))
    for page in full_pages:  # boards and log sheets: one-sided, a sheet each, unless a page backs the one before
        if gutterfold:
            entries.append(_Entry("page", page=page))
            continue
        if page.back_of_previous and entries[-1].kind == "blank" and entries[-2].kind == "page":
            entries[-1] = _Entry("page", page=page)  # on the back, where the empty page was
            continue
        _start_sheet(ctx, entries)
        entries += [_Entry("page", page=page), _Entry("blank", page=own_pages.blank_page(ctx, page.landscape))]
    entries.append(_Entry("credits", page=own_pages.credits_page(ctx)))

    sections = _sections(ctx, entries, groups, gutterfold)
    blanks = [n for n, entry in enumerate(entries, start=1) if entry.kind == "blank"]
    edition = "gutterfold" if gutterfold else "ink-saver" if ctx.ink_saver else "standard"
    entries[0] = _Entry("checklist", page=own_pages.checklist_page(ctx, sections, duplex, len(components), blanks,
                                                                     edition))
    entries[1] = _Entry("instructions", page=own_pages.instructions_page(ctx, sections, duplex, (3, 4), edition))
    return _draw(ctx, entries, sections, None if gutterfold else duplex, offset)


def gutter_layout(ctx: RenderContext, w: float, h: float, pieces: int = 0) -> SheetLayout:
    """Pairs for the gutterfold edition: a piece's front, a gutter of twice the sheet bleed, then its back, the
    right way round, so that folding the pair in the gutter's middle puts the back exactly behind the front. Each
    side bleeds to the fold; the folded, glued pair is then cut along its trim lines through both layers. Where
    the full gutter would cost pairs on a page (poker cards on US Letter), it narrows to twice the least bleed."""
    cfg = ctx.print
    page_w, page_h = ctx.page_size
    planned = []
    for bleed_mm in dict.fromkeys((cfg.sheet_bleed_mm, min(cfg.sheet_bleed_mm, cfg.min_sheet_bleed_mm))):
        gutter = 2 * bleed_mm * MM
        layout = plan_layout(page_w, page_h, 2 * w + gutter, h, ctx.margin, cfg.sheet_bleed_mm * MM,
                             cfg.cut_mark_mm * MM, cfg.min_sheet_bleed_mm * MM,
                             sheets_for=(lambda per_page: -(-pieces // per_page)) if pieces else None)
        planned.append(replace(layout, inner_cuts=(w, w + gutter), folds=(w + gutter / 2,)))
    # the fewest pages for the pieces (the most pairs on one), the widest gutter on a tie
    return min(planned, key=lambda layout: -(-pieces // layout.per_page) if pieces else -layout.per_page)


def _start_sheet(ctx: RenderContext, entries: list[_Entry]) -> None:
    """Make the next page odd (the front of a new sheet), with an empty page after an odd run of rulebook pages."""
    if len(entries) % 2 == 1:
        previous = entries[-1].page
        entries.append(_Entry("blank", page=own_pages.blank_page(ctx, previous is not None and previous.landscape)))


def _sections(ctx: RenderContext, entries: list[_Entry], groups: list[list[Component]],
              one_sided: bool = False) -> list[own_pages.Section]:
    """The runs of pages page 1 lists, each with the empty pages after it and the sheets it takes (one per odd
    page, since every sheet starts on one, or one per page when the whole file prints one-sided), and the pages
    of the run that are printed (its empty pages left out: a rulebook of one page followed by an empty one is
    one-sided, on p. 5, not pp. 5–6)."""
    runs: dict[str, list[int]] = {}
    key = ""
    for n, entry in enumerate(entries, start=1):
        if entry.kind == "page" and entry.full_page.back_of_previous and key.startswith("page-"):
            runs[key].append(n)  # a page's back: the same section
            continue
        if entry.kind != "blank":
            key = {"checklist": "front", "instructions": "front", "test": "front", "rulebook": "rulebook",
                   "fronts": f"sheets-{entry.group}", "backs": f"sheets-{entry.group}", "page": f"page-{n}",
                   "credits": "credits"}[entry.kind]
        runs.setdefault(key, []).append(n)
    sections: list[own_pages.Section] = []
    for key, numbers in runs.items():
        first, last = numbers[0], numbers[-1]
        printed = tuple(n for n in numbers if entries[n - 1].kind != "blank")
        sheets = len(numbers) if one_sided else sum(1 for n in numbers if n % 2 == 1)
        kind = key.split("-")[0]
        if kind == "sheets":
            g = int(key.split("-")[1])
            counts: dict[str, int] = {}
            for component in groups[g]:
                counts[component.deck] = counts.get(component.deck, 0) + 1
            two_sided = any(e.kind == "backs" and e.group == g for e in entries)
            sections.append(own_pages.Section(
                "sheets", own_pages.size_label(ctx, groups[g][0].width, groups[g][0].height), first, last, two_sided,
                tuple(counts.items()), sheets, card_stock=True, printed=printed,
                fronts_only=all(component.back is None for component in groups[g])))
        elif kind == "page":
            backed = not one_sided and any(n % 2 == 0 for n in printed)  # a page printed on another's back
            sections.append(own_pages.Section("page", entries[first - 1].full_page.title, first, last, two_sided=backed,
                                              sheets=sheets, printed=printed))
        else:
            tested = any(entry.kind == "test" for entry in entries)  # the gutterfold edition has no duplex test
            label = {"front": "checklist.front_matter" if tested else "checklist.front_matter_no_test",
                     "rulebook": "checklist.rulebook", "credits": "checklist.credits"}[kind]
            backed = any(n % 2 == 0 for n in printed)  # a page printed on the back of a sheet
            sections.append(own_pages.Section(kind, ctx.t(label), first, last,
                                              two_sided=kind != "credits" and not one_sided and backed, sheets=sheets,
                                              printed=printed))
    return sections


def _draw(ctx: RenderContext, entries: list[_Entry], sections: list[own_pages.Section], duplex: str | None,
          offset: tuple[float, float]) -> Document:
    """Every page; `duplex` None for a file printed one-sided (the gutterfold edition)."""
    buffer = io.BytesIO()
    page_w, page_h = ctx.page_size
    canvas = PdfCanvas(buffer, pagesize=(page_w, page_h), invariant=1, initialFontName=ctx.fonts.regular)
    canvas.setTitle(f"{ctx.t('title')} ({ctx.lang}, {ctx.t(f'papers.{ctx.paper}')})")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex] if duplex else "Simplex")
    outline = _Outline(ctx, canvas)
    plans: list[PagePlan] = []
    total = len(entries)
    fronts_page = 0
    for n, entry in enumerate(entries, start=1):
        landscape = entry.page is not None and entry.page.landscape
        w, h = (page_h, page_w) if landscape else (page_w, page_h)
        canvas.setPageSize((w, h))
        plan = PagePlan(entry.kind, w, h, key=entry.page.key if entry.page else "", layout=entry.layout)
        if entry.kind in ("fronts", "backs"):
            fronts_page = n if entry.kind == "fronts" else fronts_page
            _draw_sheet(ctx, canvas, entry, plan, duplex, offset, n, total, fronts_page)
        else:
            page = entry.full_page
            canvas.saveState()
            page.draw(canvas, w, h)
            canvas.restoreState()
            if entry.kind in ("checklist", "instructions", "test", "blank", "credits", "rulebook"):
                own_pages.page_number(ctx, canvas, w, n, total, page.number_y)
            elif page.footer is not None:  # a board, a log sheet: its label in the band it keeps
                own_pages.footer_line(ctx, canvas, "page.full", ctx.t("page.full", n=n, total=total,
                                                                      title=page.title), page.footer(w, h))
        outline.mark(entry, n)
        plans.append(plan)
        canvas.showPage()
    canvas.save()
    return Document(buffer.getvalue(), plans, sections)


def _draw_sheet(ctx: RenderContext, canvas: DrawingCanvas, entry: _Entry, plan: PagePlan, duplex: str | None,
                offset: tuple[float, float], n: int, total: int, fronts_page: int) -> None:
    layout = entry.sheet_layout
    if layout.folds:
        _draw_pairs(ctx, canvas, entry, plan, n, total)
        return
    size = layout.piece_size
    for i, component in enumerate(entry.chunk):
        if entry.kind == "fronts":
            face, trim, clip, matrix = component.front, layout.slot(i), layout.clip(i), layout.matrix(i)
        else:
            if component.back is None:
                continue
            flip = _two_sided(duplex)
            face, trim = component.back, layout.back_slot(i, flip, offset)
            clip, matrix = layout.back_clip(i, flip, offset), layout.back_matrix(i, flip, offset)
        paint(canvas, face, matrix, size, layout.bleed, clip)
        plan.placements.append(Placement(component.id, face.key, trim))
    if entry.kind == "fronts":
        draw_trim_lines(canvas, layout)  # not on backs: a back printed off would show its line on the card
        draw_marks(canvas, layout.marks())
        key, label = "page.fronts", ctx.t("page.fronts", n=n, total=total)
    else:
        draw_marks(canvas, layout.back_marks(_two_sided(duplex), offset))
        key, label = "page.backs", ctx.t("page.backs", n=n, total=total, front=fronts_page)
    anchor = layout.footer_anchor()
    if anchor is not None:
        own_pages.footer_line(ctx, canvas, key, label, anchor)


def _two_sided(duplex: str | None) -> str:
    """The edge a sheet of backs flips on: a one-sided file (the gutterfold edition) has no such sheet."""
    if duplex is None:
        raise ValueError("a one-sided file has no sheet of backs")
    return duplex


def _draw_pairs(ctx: RenderContext, canvas: DrawingCanvas, entry: _Entry, plan: PagePlan, n: int, total: int) -> None:
    """A gutterfold page: each piece's front and, across the gutter, its back; trim lines on both, the fold dashed
    with dashed marks in the margin, cut marks for every cut."""
    layout = entry.sheet_layout
    fold = layout.folds[0]
    w, h = entry.chunk[0].width, entry.chunk[0].height
    far = 10 * (w + h)
    for i, component in enumerate(entry.chunk):
        if component.back is None:  # a gutterfold page holds only pieces with a back (render_document)
            raise ValueError(f"piece '{component.id}' has no back to fold round")
        base, clip = layout.matrix(i), layout.clip(i)
        halves = ((component.front, base, Box(-far, -far, far + fold, 3 * far)),
                  (component.back, compose(base, (1.0, 0.0, 0.0, 1.0, layout.inner_cuts[1], 0.0)),
                   Box(fold, -far, far, 3 * far)))
        for face, matrix, half in halves:
            paint(canvas, face, matrix, (w, h), layout.bleed, _meet(clip, map_box(half, base)))
            plan.placements.append(Placement(component.id, face.key, map_box(Box(0, 0, w, h), matrix)))
    draw_trim_lines(canvas, layout)
    draw_marks(canvas, layout.marks())
    canvas.saveState()
    canvas.setDash(2, 1.5)
    draw_lines(canvas, layout.fold_lines() + layout.fold_marks(), 0.0, MARK_WIDTH)
    canvas.restoreState()
    anchor = layout.footer_anchor()
    if anchor is not None:
        own_pages.footer_line(ctx, canvas, "page.fronts", ctx.t("page.fronts", n=n, total=total), anchor)


def _meet(a: Box, b: Box) -> Box:
    x, y = max(a.x, b.x), max(a.y, b.y)
    return Box(x, y, max(0.0, min(a.right, b.right) - x), max(0.0, min(a.top, b.top) - y))


class _Outline:
    """PDF bookmarks: one entry per section, one child per sheet page or named full page."""

    def __init__(self, ctx: RenderContext, canvas: DrawingCanvas) -> None:
        self.ctx, self.canvas = ctx, canvas
        self.opened: set[str] = set()

    def _entry(self, key: str, title: str, level: int) -> None:
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=level)

    def mark(self, entry: _Entry, n: int) -> None:
        t = self.ctx.t
        section = {"checklist": "checklist", "instructions": "instructions", "test": "duplex_test",
                   "rulebook": "rulebook", "blank": "blank", "page": "pages", "credits": "credits"}.get(entry.kind)
        if section is not None:
            if section not in self.opened:
                self.opened.add(section)
                self._entry(f"s-{section}", t(f"outline.{section}"), 0)
            if entry.kind in ("rulebook", "page") and entry.full_page.title:
                self._entry(f"p{n}", entry.full_page.title, 1)
            return
        group_key = f"s-sheets-{entry.group}"
        size = own_pages.size_label(self.ctx, entry.sheet_layout.item_w, entry.sheet_layout.item_h)
        if group_key not in self.opened:
            self.opened.add(group_key)
            self._entry(group_key, size, 0)
        self._entry(f"p{n}", t(f"outline.{entry.kind}", size=size, n=entry.sheet), 1)

