"""The rulebook of any game: title, tagline, players, components, sections with their numbered rules, FAQ.

Every rule shows its stable id (R1, R2 ...), the id the checker cites, beside its title and text. Pages are
portrait with two columns. The whole book is paginated when the page list is built (`paginate` places every
flowable at a fixed spot, keeping each rule in one column and splitting only what is longer than a column), so a
page only replays its placements and text is never clipped: whatever does not fit continues in the next column or
on a new page.
Lines break where `textfit.wrap` (the cards' line breaker) says: at spaces (Korean never inside a word), at phrases
under kinsoku in Japanese and Chinese, never inside a name the language file defines ("Pocket Knife"), between a
number and its counter, nor where a word goes with the next ("never a | forbidden", "그 | 플레이어"); ReportLab's
own CJK wrap breaks anywhere and lets a lone "？" or "。" start a line, and its word wrap knows no names.
Running text in Japanese and Chinese is set justified (`Para.drawPara`); English and Korean stay ragged-right.
"""
from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.paragraph import _drawBullet, _handleBulletWidth

from .canvas import mm
from ...content.model_parts import GameData
from ...content.required import rule_values
from . import linebreak, textfit
from .colour import INK
from .canvas import DrawingCanvas
from .context import Box, Page, RenderContext, TextOverflow

if TYPE_CHECKING:
    from reportlab.lib.abag import ABag  # what ReportLab's line breaking gives a paragraph (its `blPara`)

MARGIN = 16 * mm  # left and right; top and bottom too, unless the book is set tight
TIGHT_MARGIN = 11 * mm
FOOTER = 9 * mm  # from the bottom margin up: the footer line and page number sit below the columns
GUTTER = 7 * mm
BADGE_W = 9.5 * mm  # the rule id's column
MUTED = HexColor("#5c5c5c")
FAQ_KEY = "rulebook.faq"  # heading over the FAQ (content/common/<lang>.yaml)
#: a rule citation in a text, with any space before it: " (R9, R17)"
CITATION = re.compile(r"(\s*)\((R\d+(?:,\s*R\d+)*)\)")
#: a rule citation in Japanese or Chinese text ("（R9、R17）", "（R11参照）"): held on one line like a name
UNSPACED_CITATION = re.compile(r"（R\d+[^（）\n]{0,12}）")
PLAYERS_KEY = "rulebook.players"  # "{min}–{max} players" under the tagline (content/common/<lang>.yaml)
RULES_KEY = "rulebook.rules"  # the word over the cover's title ("How to play"; content/common/<lang>.yaml)
#: page 1's cover band, from the top margin down to its thick rule: the title on the left, the game's own pieces
#: (its spec's `rulebook_cover`) on the right. A band rather than a page of its own: the rules start on the same
#: page, as on the leaflets of small-box card and tile games, and a one-sheet rulebook stays one sheet
COVER_H = 80 * mm
COVER_TEXT = 0.44  # the title's share of the band's width
COVER_PAD = 6 * mm  # the title's distance from the band's edge
RULE_BELOW = 4 * mm  # the header's thick rule, above the columns' top
BULLET = "•"


@dataclass(frozen=True)
class Styles:
    kicker: ParagraphStyle
    title: ParagraphStyle
    tagline: ParagraphStyle
    players: ParagraphStyle
    heading: ParagraphStyle
    rule_title: ParagraphStyle
    body: ParagraphStyle
    intro: ParagraphStyle
    bullet: ParagraphStyle
    question: ParagraphStyle
    accent: Color
    rule_gap: float

    @classmethod
    def for_context(cls, ctx: RenderContext, accent: Color, tight: bool = False) -> "Styles":
        """The book's type; `tight` closes up leading and gaps a little (to save a nearly empty last page)."""
        regular, bold = ctx.fonts.regular, ctx.fonts.bold
        registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
        size = ctx.print.type.body
        gap = 0.6 if tight else 1.0
        emphasis = accent if ctx.fonts.bold_is_regular else HexColor(INK)  # a title that cannot be bold stands out in colour
        body = ParagraphStyle("body", fontName=regular, fontSize=size, leading=size * (1.28 if tight else 1.38),
                              textColor=HexColor(INK), bulletFontName=regular)  # the default bullet font is Helvetica
        styles = cls(
            kicker=ParagraphStyle("kicker", fontName=bold, fontSize=10, leading=13, textColor=accent, spaceAfter=2),
            title=ParagraphStyle("title", fontName=bold, fontSize=34, leading=38, textColor=HexColor(INK)),
            tagline=ParagraphStyle("tagline", fontName=regular, fontSize=11.5, leading=15, textColor=MUTED,
                                   spaceBefore=3),  # clear of the title's descenders
            players=ParagraphStyle("players", fontName=bold, fontSize=10, leading=13, textColor=accent,
                                   spaceBefore=3),
            heading=ParagraphStyle("heading", fontName=bold, fontSize=12.5, leading=15, textColor=accent,
                                   spaceBefore=11 * gap, spaceAfter=5 * gap),
            rule_title=ParagraphStyle("rule_title", parent=body, fontName=bold, spaceAfter=1.5, textColor=emphasis),
            body=body,
            intro=ParagraphStyle("intro", parent=body, leftIndent=BADGE_W, spaceBefore=6 * gap, spaceAfter=1),
            bullet=ParagraphStyle("bullet", parent=body, leftIndent=hanging_indent(regular, size, BADGE_W + 1),
                                  bulletIndent=BADGE_W + 1, bulletFontSize=size, spaceBefore=1.5),
            question=ParagraphStyle("question", parent=body, fontName=bold, spaceBefore=7 * gap, spaceAfter=1.5,
                                    textColor=emphasis),
            accent=accent,
            rule_gap=6 * gap,
        )
        running = (styles.body, styles.intro, styles.bullet)
        for style in vars(styles).values():
            if isinstance(style, ParagraphStyle):
                # running text in Japanese and Chinese is filled and set justified; titles, questions and headings
                # keep their phrases whole ("どうすれば | いいですか？")
                style.breaks = partial(textfit.wrap_paragraphs, lang=ctx.lang, filled=style in running,
                                       bound=ctx.bound)
                style.keep = ctx.names  # see `Para.breakLines`
                style.justified = linebreak.between_characters(ctx.lang) and style in running
                if linebreak.between_characters(ctx.lang):  # ReportLab's CJK path, and lines set by textfit
                    style.wordWrap = "CJK"                   # (see `Para.drawPara`)
        return styles


def hanging_indent(font: str, size: float, bullet_indent: float) -> float:
    """Where a bullet item's text starts, so that its wrapped lines align with its first line.

    ReportLab starts the first line 0.6 x the bullet's size after the bullet, or at the left indent if that is
    further right: a left indent exactly there puts every line of the item on one edge.
    """
    bullet: float = stringWidth(BULLET, font, size)
    return bullet_indent + bullet + 0.6 * size


class Kept(NamedTuple):
    """The lines of one part of a paragraph split between frames, as the whole was broken at `width`."""

    width: float
    lines: tuple[str, ...]
    spread: tuple[bool, ...]


class Para(Paragraph):  # type: ignore[misc]  # ReportLab ships no types: Paragraph is Any to mypy
    """A paragraph that keeps its line breaks for the width it was last wrapped to.

    Pagination and column balancing wrap the same paragraphs many times at the same width; a paragraph's
    height depends on the width only, so the breaks are reused.
    """

    text_key: str
    _wrapped_to: float
    _spread: tuple[bool, ...]  # which lines `drawPara` spreads (set by `_text_lines`)
    _kept: Kept  # the lines of a part of a split paragraph (set by `split`)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        if getattr(self, "_wrapped_to", None) != avail_w or not hasattr(self, "blPara"):  # split() may drop it
            super().wrap(avail_w, avail_h)
            self._wrapped_to = avail_w
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        """ReportLab's split, each part keeping its lines as this paragraph broke them (`Kept`): ReportLab would
        break the parts again itself."""
        parts: list[Flowable] = super().split(avail_w, avail_h)
        for part in parts:
            part.text_key = self.text_key
        spread: tuple[bool, ...] = getattr(self, "_spread", ())
        if len(parts) == 2 and spread:
            lines = tuple(line for _, (line,) in self.blPara.lines)
            cut = len(parts[0].blPara.lines)
            parts[0]._kept = Kept(self._wrapped_to, lines[:cut], self._spread[:cut])
            parts[1]._kept = Kept(self._wrapped_to, lines[cut:], self._spread[cut:])
        return parts

    def breakLines(self, width: float | list[float]) -> ABag:  # noqa: N802 (ReportLab's name)
        """A paragraph of a spaced script, broken where the cards break lines (`breakLinesCJK`)."""
        return self._text_lines(width) or super().breakLines(width)

    def breakLinesCJK(self, maxWidths: float | list[float]) -> ABag:  # noqa: N802, N803 (ReportLab's names)
        """A Japanese or Chinese paragraph, broken where the cards break lines (`_text_lines`)."""
        return self._text_lines(maxWidths) or super().breakLinesCJK(maxWidths)

    def _text_lines(self, maxWidths: float | list[float]) -> ABag | None:  # noqa: N803 (ReportLab's name)
        """The lines of a paragraph where `textfit.wrap_paragraphs` breaks them (the style's `breaks`: names and
        rule citations whole, no poor break, kinsoku), in the form ReportLab's own wrap gives a paragraph of one piece of plain text; None
        for what ReportLab must break itself (mixed fonts, the rest of a split paragraph). Keeps, for `drawPara`, which
        lines are spread: in a justified style, each but a paragraph's last."""
        breaks = getattr(self.style, "breaks", None)
        frags = self.frags
        self._spread = ()
        widths = list(maxWidths) if isinstance(maxWidths, (list, tuple)) else [maxWidths]
        kept = getattr(self, "_kept", None)
        if kept is not None and kept.width == min(widths):  # a part of a paragraph split between frames
            frag, width, self._spread = frags[0], kept.width, kept.spread
            lines = [(line, False) for line in kept.lines]
        elif breaks is None or not _one_run(frags) or getattr(self, "_splitpara", False):
            return None
        else:
            self.height = 0
            _handleBulletWidth(self.bulletText, self.style, widths)
            frag = frags[0].clone(text="".join(f.text for f in frags))
            width = min(widths)  # a bullet item's first line may be narrower; the book's hanging indent keeps it not
            lines = breaks(frag.text, frag.fontName, frag.fontSize, width,
                           keep=self.style.keep + tuple(UNSPACED_CITATION.findall(frag.text)))
            if self.style.wordWrap == "CJK":
                self._spread = tuple(self.style.justified and not ends for _, ends in lines)
        return frag.clone(kind=0, ascent=frag.fontSize, descent=-0.2 * frag.fontSize, lines=[
            (width - stringWidth(line, frag.fontName, frag.fontSize), [line]) for line, _ in lines])

    def drawPara(self, debug: int = 0) -> None:  # noqa: N802 (ReportLab's name)
        """Japanese and Chinese lines set as the cards set them (`textfit.draw_justified`): two punctuation marks in a
        row a half em nearer, and in running text each line but a paragraph's last spread to the full width by even
        space between its characters (ReportLab justifies by word spaces only, which these scripts lack), a line
        pushed in where its punctuation made room for more."""
        spread: tuple[bool, ...] = getattr(self, "_spread", ())
        if not spread or getattr(self.blPara, "kind", None) != 0:
            super().drawPara(debug)
            return
        canvas, style, block = self.canv, self.style, self.blPara
        y = self.height - block.fontSize  # as ReportLab places a paragraph's first baseline
        canvas.saveState()
        offset = style.firstLineIndent
        if self.bulletText:
            offset = _drawBullet(canvas, offset, y, self.bulletText, style, rtl=False)
        canvas.setFillColor(block.textColor)
        canvas.setFont(block.fontName, block.fontSize)
        for n, (extra, (line,)) in enumerate(block.lines):
            x = style.leftIndent + (offset if n == 0 else 0)
            textfit.draw_justified(canvas, line, block.fontName, block.fontSize, x, y - n * style.leading,
                                   stringWidth(line, block.fontName, block.fontSize) + extra, spread[n])
        canvas.restoreState()


def _one_run(frags: list[Any]) -> bool:
    """Whether a paragraph's pieces are one run of plain text in one font: ReportLab's parser cuts a text at each
    escaped sign ("4 B&gt;B" is three pieces), which must not send it to ReportLab's own line breaking."""
    return bool(frags) and all(hasattr(f, "text") and (f.fontName, f.fontSize, f.textColor) ==
                               (frags[0].fontName, frags[0].fontSize, frags[0].textColor) for f in frags)


def bind_citations(text: str) -> str:
    """Rule citations ("(R9, R17)") held together and to the word before them with no-break spaces, so a line never
    starts with one; translators write plain spaces."""
    return CITATION.sub(lambda m: ("\u00a0" if m.group(1) else "") + "(" + re.sub(r",\s*", ",\u00a0", m.group(2)) + ")",
                        text)


def para(text: str, style: ParagraphStyle, key: str, **kw: Any) -> Para:
    """A paragraph of plain text (never markup from a language file), knowing the text key it shows."""
    paragraph = Para(escape(bind_citations(text), quote=False), style, **kw)  # &, <, > only, as Paragraph needs
    paragraph.text_key = key
    return paragraph


class RuleBlock(Flowable):  # type: ignore[misc]  # ReportLab ships no types: Flowable is Any to mypy
    """A rule: its id in a badge on the left, its title and text beside it. Splits inside the text."""

    def __init__(self, styles: Styles, rule_id: str | None, title: Para | None, body: Para) -> None:
        super().__init__()
        self.styles, self.rule_id, self.title, self.body = styles, rule_id, title, body
        self.spaceBefore = styles.rule_gap if rule_id else 0
        self.text_key = body.text_key

    def _title_h(self, width: float, height: float) -> float:
        if self.title is None:
            return 0.0
        height_pt: float = self.title.wrap(width, height)[1] + self.title.getSpaceAfter()
        return height_pt

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        inner = avail_w - BADGE_W
        self.title_h = self._title_h(inner, avail_h)
        self.body_h = self.body.wrap(inner, avail_h)[1]
        self.width, self.height = avail_w, self.title_h + self.body_h
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        inner = avail_w - BADGE_W
        title_h = self._title_h(inner, avail_h)
        if title_h >= avail_h:
            return []
        parts = self.body.split(inner, avail_h - title_h)
        if len(parts) < 2:
            return []
        return [RuleBlock(self.styles, self.rule_id, self.title, parts[0]),
                RuleBlock(self.styles, None, None, parts[1])]

    def draw(self) -> None:
        canvas = self.canv
        if self.rule_id:
            size = self.styles.body.fontSize * 0.9
            badge_h = size * 1.55
            top = self.height
            canvas.setFillColor(self.styles.accent)
            canvas.roundRect(0, top - badge_h, BADGE_W - 2 * mm, badge_h, 2, stroke=0, fill=1)
            canvas.setFillColor(HexColor("#ffffff"))
            canvas.setFont(self.styles.rule_title.fontName, size)
            canvas.drawCentredString((BADGE_W - 2 * mm) / 2, top - badge_h + size * 0.42, self.rule_id)
        if self.title is not None:
            self.title.drawOn(canvas, BADGE_W, self.height - self.title_h + self.title.getSpaceAfter())
        self.body.drawOn(canvas, BADGE_W, 0)


class GlossaryEntry(Flowable):  # type: ignore[misc]  # ReportLab ships no types: Flowable is Any to mypy
    """A word the pieces print, in a pill of the book's accent as the cards set it in theirs, and its explanation
    beside it; the pills of one glossary share a column `term_w` wide (the widest of them)."""

    def __init__(self, styles: Styles, term: str, body: Para, term_w: float) -> None:
        super().__init__()
        self.styles, self.term, self.body, self.term_w = styles, term, body, term_w
        self.spaceBefore = styles.rule_gap * 0.5
        self.text_key = body.text_key
        self.stacked = False

    @staticmethod
    def pill_width(styles: Styles, term: str) -> float:
        style = styles.rule_title
        return float(stringWidth(term, style.fontName, style.fontSize) + style.fontSize)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """Beside the pill; under it when the pills leave the text less than half the column (a large type)."""
        leading = self.styles.rule_title.leading
        self.stacked = avail_w - BADGE_W - self.term_w < (avail_w - BADGE_W) / 2
        text_w = avail_w - BADGE_W - (0.0 if self.stacked else self.term_w)
        self.body_h = self.body.wrap(text_w, avail_h)[1]
        self.width = avail_w
        self.height = self.body_h + leading if self.stacked else max(self.body_h, leading)
        return self.width, self.height

    def draw(self) -> None:
        canvas, style = self.canv, self.styles.rule_title
        size, leading = style.fontSize, style.leading
        top = self.height
        canvas.setFillColor(self.styles.accent)
        canvas.roundRect(BADGE_W, top - leading, self.pill_width(self.styles, self.term), leading, leading / 2,
                         stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(style.fontName, size)
        canvas.drawString(BADGE_W + size / 2, top - leading + (leading - size) / 2 + size * 0.2, self.term)
        self.body.drawOn(canvas, BADGE_W + (0.0 if self.stacked else self.term_w), self.height - self.body_h
                         - (leading if self.stacked else 0.0))


class Diagram(Flowable):  # type: ignore[misc]  # ReportLab ships no types: Flowable is Any to mypy
    """A game's drawing in a column: as wide as the column, `height_for(width)` tall, drawn by `paint` into its box
    (the game's own pieces, drawn by their faces' code; any text it fits raises TextOverflow naming `key`).

    `paint` is given the context it draws in: the one it was laid out in, or another edition's (`drawn_in`), so
    the ink-saver edition draws its own faces in a rulebook laid out once."""

    def __init__(self, key: str, ctx: RenderContext, height_for: Callable[[float], float],
                 paint: Callable[[RenderContext, DrawingCanvas, Box], None], space_before: float = 0.0) -> None:
        super().__init__()
        self.text_key, self.ctx, self.height_for, self.paint = key, ctx, height_for, paint
        self.spaceBefore = space_before

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width, self.height = avail_w, self.height_for(avail_w)
        return self.width, self.height

    def draw(self) -> None:
        self.paint(self.ctx, self.canv, Box(0, 0, self.width, self.height))

    def drawn_in(self, ctx: RenderContext) -> "Diagram":
        """This diagram, as laid out, drawn in `ctx` (another edition of the same language and paper)."""
        if ctx is self.ctx:
            return self
        other = copy(self)
        other.ctx = ctx
        return other


@dataclass(frozen=True)
class Figure:
    """A game's diagram (its spec's `rulebook_figure`): a group of flowables (a caption, the Diagram ...) placed
    together after the rules of `section`."""

    section: str
    group: list[Flowable]


class FrameBreak:
    """In a story: continue in the next frame."""


#: flowables placed together: moved to the next frame whole when they fit one (`paginate`)
Group = list[Flowable]
#: a rulebook's content: the header group, a FrameBreak, then the groups of the rules
Story = list[Group | FrameBreak]


@dataclass(frozen=True)
class Placed:
    flowable: Flowable
    x: float
    y: float  # bottom
    frame: int  # index in its page's frames


def paginate(story: Story, frames_for: Callable[[int], list[Box]], lang: str) -> list[list[Placed]]:
    """Place every flowable of `story` (groups and FrameBreaks) into frames, page after page.

    A group (a rule with its title, a heading with the rule under it, a question with its answer) moves to the next
    frame whole when it does not fit where it would start but fits an empty frame; only a group longer than a whole
    frame is placed flowable by flowable, split between frames where they allow it.
    """
    pages: list[list[Placed]] = [[]]
    state = {"page": 0, "frame": 0}
    known: dict[int, list[Box]] = {}

    def frames_of(page: int) -> list[Box]:  # asked for at every placement: made once per page
        if page not in known:
            known[page] = frames_for(page)
        return known[page]

    cursor = {"y": frames_of(0)[0].top, "top": True}

    def frame() -> Box:
        return frames_of(state["page"])[state["frame"]]

    def next_frame() -> None:
        state["frame"] += 1
        if state["frame"] == len(frames_of(state["page"])):
            state["page"] += 1
            state["frame"] = 0
            pages.append([])
        cursor["y"], cursor["top"] = frame().top, True

    def height_of(group: list[Flowable], width: float) -> float:
        """The group's height as `place` stacks it: the space after its last flowable may fall below the frame."""
        last = len(group) - 1
        height: float = sum((f.getSpaceBefore() if i else 0) + f.wrap(width, 1e6)[1]
                            + (f.getSpaceAfter() if i < last else 0) for i, f in enumerate(group))
        return height

    def place(f: Flowable) -> None:
        pending = [f]
        while pending:
            f = pending.pop(0)
            box = frame()
            before = 0.0 if cursor["top"] else f.getSpaceBefore()
            avail = cursor["y"] - box.y - before
            if avail > 0:
                _, h = f.wrap(box.w, avail)
                if h <= avail + 1e-6:
                    pages[-1].append(Placed(f, box.x, cursor["y"] - before - h, state["frame"]))
                    cursor["y"] -= before + h + f.getSpaceAfter()
                    cursor["top"] = False
                    continue
                parts = f.split(box.w, avail)
                if len(parts) >= 2:
                    pending[:0] = parts
                    continue
            if cursor["top"]:  # not even an empty frame holds it, and it cannot be split
                over = f.wrap(box.w, box.h)[1] - box.h
                raise TextOverflow("rulebook", f.text_key, lang, over)
            next_frame()
            pending.insert(0, f)

    for item in story:
        if isinstance(item, FrameBreak):
            next_frame()
            continue
        box = frame()
        if not cursor["top"]:
            need = height_of(item, box.w) + item[0].getSpaceBefore()
            if need > cursor["y"] - box.y + 1e-6 and height_of(item, box.w) <= box.h:
                next_frame()
        for f in item:
            place(f)
    if not pages[-1]:
        pages.pop()
    return pages


def accent_for(ctx: RenderContext) -> Color:
    """The colour of the book's rules and headings: the game's own (its spec's `accent`), else the ink."""
    accent = ctx.spec.part("accent")
    return accent(ctx) if accent else HexColor(INK)


def component_counts(ctx: RenderContext) -> dict[str, int]:
    """How many of each component family the checklist line `components.<key>` fills in as {count} (the game's
    spec's `component_counts`; a game without them writes its numbers into the lines)."""
    counts = ctx.spec.part("component_counts")
    return counts(ctx.game_data) if counts else {}


def _component_lines(ctx: RenderContext, styles: Styles, game: GameData, with_title: bool) -> list[Group]:
    values = rule_values(ctx.spec, game)
    counts = component_counts(ctx)
    groups: list[Group] = []
    head = [para(ctx.t("components.title"), styles.heading, "components.title")] if with_title else []
    groups.append(head + [para(ctx.t("components.intro"), styles.intro, "components.intro")])
    for key in ctx.texts.section("components"):
        if key in ("title", "intro"):
            continue
        text = ctx.t(f"components.{key}", **values, **({"count": counts[key]} if key in counts else {}))
        groups.append([para(text, styles.bullet, f"components.{key}", bulletText=BULLET)])
    return groups


def _glossary(ctx: RenderContext, styles: Styles) -> list[list[Flowable]]:
    """The words the pieces print, explained after the rules: the language file's `glossary` (a `title`, an
    `intro`, then groups of entries), each entry in bold as the pieces print it (`<group>.<id>`, the same text the
    cards show: `timing.action` is "Action") with its explanation beside; nothing for a game without one."""
    if not ctx.texts.has_node("glossary"):
        return []
    groups: list[list[Flowable]] = [[para(ctx.t("glossary.title"), styles.heading, "glossary.title"),
                                     para(ctx.t("glossary.intro"), styles.intro, "glossary.intro")]]
    entries = [(f"{group}.{name}", f"glossary.{group}.{name}")
               for group, names in ctx.texts.section("glossary").items() if isinstance(names, dict) for name in names]
    term_w = max((GlossaryEntry.pill_width(styles, ctx.t(term)) for term, _ in entries), default=0.0) + 3 * mm
    for term, key in entries:
        groups.append([GlossaryEntry(styles, ctx.t(term), para(ctx.t(key), styles.body, key), term_w)])
    return [groups[0] + groups[1], *groups[2:]] if len(groups) > 1 else groups  # the heading keeps an entry


def build_story(ctx: RenderContext, styles: Styles) -> Story:
    game = ctx.game_data
    values = rule_values(ctx.spec, game)
    players = ctx.t(PLAYERS_KEY, min=game.players.min, max=game.players.max)
    kicker = [para(ctx.t(RULES_KEY), styles.kicker, RULES_KEY)] if ctx.spec.part("rulebook_cover") else []
    story: Story = [[*kicker, para(ctx.t("title"), styles.title, "title"),
                     para(ctx.t("tagline"), styles.tagline, "tagline"), para(players, styles.players, PLAYERS_KEY)],
                    FrameBreak()]
    make_figure = ctx.spec.part("rulebook_figure")
    figure = make_figure(ctx, styles) if make_figure else None
    components_in_section = "components" in game.sections
    if not components_in_section:
        story += _component_lines(ctx, styles, game, with_title=True)
    for section in game.sections:
        heading = para(ctx.t(f"sections.{section}"), styles.heading, f"sections.{section}")
        blocks: list[Flowable] = []
        for rule in (r for r in game.rules if r.section == section):
            title = para(ctx.t(f"rules.{rule.id}.title", **values), styles.rule_title, f"rules.{rule.id}.title")
            body = para(ctx.t(f"rules.{rule.id}.text", **values), styles.body, f"rules.{rule.id}.text")
            blocks.append(RuleBlock(styles, rule.id, title, body))
        story.append([heading, *blocks[:1]])
        story += [[b] for b in blocks[1:]]
        if section == "components" and components_in_section:
            story += _component_lines(ctx, styles, game, with_title=False)
        if figure is not None and section == figure.section:
            story.append(list(figure.group))
    story += _glossary(ctx, styles)
    faq: list[str] = getattr(game, "faq", [])  # a game's questions, if its model has any
    for entry in faq:
        q = para(ctx.t(f"faq.{entry}.q", **values), styles.question, f"faq.{entry}.q")
        a = para(ctx.t(f"faq.{entry}.a", **values), styles.body, f"faq.{entry}.a")
        if entry == faq[0]:
            story.append([para(ctx.t(FAQ_KEY), styles.heading, FAQ_KEY), q, a])
        else:
            story.append([q, a])
    return story


def _frames(page_w: float, page_h: float, header: Box, margin_v: float, index: int) -> list[Box]:
    """A page's frames: on page 1 the header's (`header`, its title's box) first, then the two columns under it."""
    col_w = (page_w - 2 * MARGIN - GUTTER) / 2
    bottom = margin_v + FOOTER
    top = page_h - margin_v
    columns_top = top - header_h(page_h, header, margin_v) if index == 0 else top
    columns = [Box(MARGIN + i * (col_w + GUTTER), bottom, col_w, columns_top - bottom) for i in range(2)]
    return ([header] if index == 0 else []) + columns


def header_h(page_h: float, header: Box, margin_v: float) -> float:
    """From the top margin down to the columns: the header's box reaches down to its rule, or the cover band does."""
    return page_h - margin_v - header.y


def cover_band(page_w: float, page_h: float, margin_v: float) -> Box:
    """Page 1's cover band: across the text width, from the top margin down to the header's thick rule."""
    return Box(MARGIN, page_h - margin_v - COVER_H + RULE_BELOW, page_w - 2 * MARGIN, COVER_H - RULE_BELOW)


def cover_art_box(band: Box) -> Box:
    """The right-hand part of the cover band, where the game draws its pieces."""
    left = band.w * COVER_TEXT
    return Box(band.x + left, band.y, band.w - left, band.h)


def column_fill(pages: list[list[Placed]], boxes: list[Box]) -> list[float]:
    """How far down each of the last page's two columns is filled, in pt."""
    columns = (len(boxes) - 2, len(boxes) - 1)
    return [max((boxes[c].top - p.y for p in pages[-1] if p.frame == c), default=0.0) for c in columns]


def balanced(story: Story, frames_for: Callable[[int], list[Box]], pages: list[list[Placed]],
             lang: str) -> list[list[Placed]]:
    """Shorten the last page's columns as far as the page count allows, so they end level.

    A last page with little on it stays in its first column: a short text split in two looks worse.
    """
    last = len(pages) - 1
    boxes = frames_for(last)
    used = column_fill(pages, boxes)
    if sum(used) < boxes[-1].h / 3:
        return pages

    def limited(height: float) -> Callable[[int], list[Box]]:
        def frames(index: int) -> list[Box]:
            if index != last:
                return frames_for(index)
            return boxes[:-2] + [Box(b.x, b.top - height, b.w, height) for b in boxes[-2:]]
        return frames

    # Level columns need at least half the height used now, and never more than the fuller column.
    low, high = sum(used) / 2 - 1, max(used)
    for _ in range(7):
        mid = (low + high) / 2
        try:
            fits = len(paginate(story, limited(mid), lang)) == len(pages)
        except TextOverflow:
            fits = False
        low, high = (low, mid) if fits else (mid, high)
    return paginate(story, limited(high), lang)


@dataclass(frozen=True)
class Book:
    styles: Styles
    story: Story
    frames_for: Callable[[int], list[Box]]
    header_h: float
    margin_v: float
    pages: list[list[Placed]]
    cover: bool = False  # page 1 opens with the cover band (the game has a `rulebook_cover`)


def lay_out(ctx: RenderContext, tight: bool) -> Book:
    styles = Styles.for_context(ctx, accent_for(ctx), tight)
    story = build_story(ctx, styles)
    page_w, page_h = ctx.page_size
    header = story[0] if not isinstance(story[0], FrameBreak) else []  # the title, tagline and players
    margin_v = TIGHT_MARGIN if tight else MARGIN
    cover = ctx.spec.part("rulebook_cover") is not None
    if cover:  # the title's lines centred in the band's left part
        band = cover_band(page_w, page_h, margin_v)
        text_w = band.w * COVER_TEXT - 2 * COVER_PAD
        text_h = _stacked_height(header, text_w, page_h)
        box = Box(band.x + COVER_PAD, band.y + (band.h - text_h) / 2, text_w, text_h)
        if text_h > band.h - 2 * mm:
            raise TextOverflow("rulebook cover", "title", ctx.lang, text_h - band.h + 2 * mm)
        box = Box(box.x, band.y - RULE_BELOW, box.w, box.top - band.y + RULE_BELOW)
    else:
        height = _stacked_height(header, page_w - 2 * MARGIN, page_h) + 8 * mm
        box = Box(MARGIN, page_h - margin_v - height, page_w - 2 * MARGIN, height)
    frames_for = partial(_frames, page_w, page_h, box, margin_v)
    return Book(styles, story, frames_for, header_h(page_h, box, margin_v), margin_v,
                paginate(story, frames_for, ctx.lang), cover)


def _stacked_height(flowables: list[Flowable], width: float, page_h: float) -> float:
    height: float = sum(f.wrap(width, page_h)[1] + (f.getSpaceBefore() if i else 0) for i, f in enumerate(flowables))
    return height


def rulebook_pages(ctx: RenderContext) -> list[Page]:
    """The rulebook of `ctx.game` in `ctx.lang`, paginated for `ctx.paper`.

    When the book runs onto more than one page, slightly tighter spacing is tried to save its last page (and with
    it, often, a sheet of paper: the travel rules in Japanese on A4 spilled a third of a page).
    """
    book = lay_out(ctx, tight=False)
    if len(book.pages) > 1:
        tighter = lay_out(ctx, tight=True)
        if len(tighter.pages) < len(book.pages):
            book = tighter
    pages = balanced(book.story, book.frames_for, book.pages, ctx.lang)
    out = [_page(book, n, placed, ctx) for n, placed in enumerate(pages, start=1)]
    extra = ctx.spec.part("rulebook_pages")  # pages of the game's own after the rules (a table, say)
    return out + (list(extra(ctx, book, len(out))) if extra else [])


def _page(book: Book, n: int, placed: list[Placed], ctx: RenderContext) -> Page:
    """Page `n` of the laid-out `book`, drawn in `ctx`'s edition; `Page.in_edition` gives the same page for
    another edition (the ink-saver's cover and diagrams draw the ink-saver's faces) without laying it out again."""
    return Page(f"{ctx.game}/rulebook/{n}", False,
                partial(_draw_page, ctx, book.styles, placed, book.header_h if n == 1 else 0, book.margin_v,
                        book.cover and n == 1),
                ctx.t("title") if n == 1 else "", number_y=book.margin_v, in_edition=partial(_page, book, n, placed))


def _draw_page(ctx: RenderContext, styles: Styles, placed: list[Placed], header_h: float, margin_v: float,
               cover: bool, canvas: DrawingCanvas, page_w: float, page_h: float) -> None:
    """One rulebook page; the document adds the page number, counted over the whole PDF, on the footer's baseline
    (`Page.number_y`, the same `margin_v` the running title sits on). A game's diagram is drawn in `ctx`'s edition,
    whichever edition laid the page out."""
    if cover:
        draw_cover(ctx, styles, canvas, cover_band(page_w, page_h, margin_v))
    if header_h:
        y = page_h - margin_v - header_h + 4 * mm
        canvas.setStrokeColor(styles.accent)
        canvas.setLineWidth(2)
        canvas.line(MARGIN, y, page_w - MARGIN, y)
    for p in placed:
        flowable = p.flowable.drawn_in(ctx) if isinstance(p.flowable, Diagram) else p.flowable
        flowable.drawOn(canvas, p.x, p.y)
    draw_footer(ctx, canvas, page_w, margin_v)


def draw_cover(ctx: RenderContext, styles: Styles, canvas: DrawingCanvas, band: Box) -> None:
    """The cover band: a light wash of the book's accent (lighter still in the ink-saver edition), then the game's
    pieces on its right (the title is placed like the rest of the page's flowables)."""
    art = ctx.spec.part("rulebook_cover")
    amount = 0.05 if ctx.ink_saver else 0.12
    accent = styles.accent
    canvas.setFillColor(Color(1 - (1 - accent.red) * amount, 1 - (1 - accent.green) * amount,
                              1 - (1 - accent.blue) * amount))
    canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    if art is not None:
        canvas.saveState()
        art(ctx, canvas, cover_art_box(band))
        canvas.restoreState()


def draw_footer(ctx: RenderContext, canvas: DrawingCanvas, page_w: float, margin_v: float) -> None:
    """The footer line and running title (the document adds the page number on the same baseline)."""
    canvas.setStrokeColor(HexColor("#bdbdbd"))
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, margin_v + FOOTER * 0.55, page_w - MARGIN, margin_v + FOOTER * 0.55)
    size = ctx.print.type.small
    canvas.setFillColor(MUTED)
    canvas.setFont(ctx.fonts.regular, size)
    canvas.drawString(MARGIN, margin_v, ctx.t("title"))
