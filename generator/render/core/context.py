"""What every drawing function receives: one language, one paper, fonts, texts and the content.

A component (a card, a tile) is a `Component` with a front and maybe a back `Face`; a face draws itself into a
trim `Box` and paints its background out to `box.bleed` around it. Full pages (a board, a log sheet, rulebook
pages) are `Page`s. The sheet code decides where faces go; faces never know about sheets.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ...content.load import Content
from ...content.model_parts import GameData
from ...content.print_model import PrintConfig
from ...content.texts import Texts
from ...games import registry
from . import linebreak, textfit
from .canvas import DrawingCanvas, mm
from .icons import IconSet
from .fonts import FontPair, fonts_for


@dataclass(frozen=True)
class Box:
    """A trim rectangle in pt (origin bottom-left) and how far artwork must extend beyond it."""

    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy, 0.0)

    def bleed_box(self) -> "Box":
        b = self.bleed
        return Box(self.x - b, self.y - b, self.w + 2 * b, self.h + 2 * b, 0.0)


DrawFn = Callable[[DrawingCanvas, Box], None]  # (canvas, trim box)


@dataclass(frozen=True)
class Face:
    key: str  # unique, stable: "travel/item/camera/1/front"
    draw: DrawFn


@dataclass(frozen=True)
class Component:
    """One piece to cut out. `deck` groups pieces for sheets, print-on-demand files and Tabletop Simulator.

    A `hidden` piece is drawn or held face down, so its back must not be told apart from the rest of its deck: it
    never shares a sheet with a piece showing another back (a back printed a millimetre off would show a strip of
    its neighbour's back on its edge).

    A `fronts_only` piece's back is never seen in play (a 3x16 player's tile): the home sheets print its front alone,
    one-sided, while exports (print on demand, Tabletop Simulator) still show the back."""

    id: str
    deck: str
    width: float  # trim size in pt
    height: float
    front: Face
    back: Face | None = None
    hidden: bool = False
    fronts_only: bool = False


@dataclass(frozen=True)
class Page:
    """A full page drawn by itself (a board, a log sheet, a rulebook page), in its own orientation."""

    key: str
    landscape: bool
    draw: Callable[[DrawingCanvas, float, float], None]  # (canvas, page width pt, page height pt)
    title: str = ""  # for the PDF outline
    number_y: float | None = None  # baseline of the page number, when the page's own footer sets it (pt from bottom)
    #: a full page (a board) that keeps a footer band: (page width, height) -> the label's line in it, as
    #: SheetLayout.footer_anchor gives a sheet's; the document writes the page number and the page's title there
    footer: Callable[[float, float], tuple[float, float, float, float]] | None = None
    #: printed on the back of the page before it (the log sheet's second side): the two share a sheet
    back_of_previous: bool = False
    #: the same page drawn in another edition's context (the ink-saver's inks) from the same layout, for a page
    #: laid out once for every edition (the rulebook's); None: the page draws alike in every edition
    in_edition: Callable[["RenderContext"], "Page"] | None = None


class TextOverflow(Exception):
    """Text that does not fit its box even at the minimum size: fails the build (and lint reports it)."""

    def __init__(self, where: str, field: str, lang: str, overflow_pt: float, advice: str = "shorten it") -> None:
        super().__init__(f"{where}: text '{field}' in '{lang}' does not fit its box at the minimum size "
                         f"(over by {overflow_pt:.1f} pt); {advice}")
        self.where, self.field, self.lang, self.overflow_pt, self.advice = where, field, lang, overflow_pt, advice


@dataclass
class RenderContext:
    content: Content
    game: str
    lang: str
    paper: str
    #: the ink-saver edition: white backs and backgrounds, light fills, colour kept for outlines and words
    ink_saver: bool = False
    #: every text fitted so far, by what fitting it depends on: the editions of one language share it
    #: (`replace(ctx, ink_saver=True)` keeps the same dict, and a build gives every paper's context the same one), so
    #: each text is fitted once, not once per edition or paper
    fitted: dict[tuple[Any, ...], textfit.Fitted] = field(default_factory=dict, repr=False, compare=False)
    texts: Texts = field(init=False)
    fonts: FontPair = field(init=False)
    #: the names the language file defines, which a line never cuts (`linebreak`)
    names: tuple[str, ...] = field(init=False)
    #: the words the language keeps with the word before them (its `typography`: "할 수"), for `linebreak`
    bound: linebreak.Bound = field(init=False)
    #: the icons the content folder draws (its icons/, then pnp's own)
    icons: IconSet = field(init=False)

    def __post_init__(self) -> None:
        self.texts = self.content.texts(self.game, self.lang)
        self.icons = IconSet(self.content.root)
        self.fonts = fonts_for(self.content, self.lang)
        self.names = self.texts.names()
        breaking = self.texts.typography
        self.bound = linebreak.Bound(breaking.keep_with_previous, breaking.endings, breaking.exceptions)

    @property
    def print(self) -> PrintConfig:
        return self.content.print

    @property
    def spec(self) -> registry.GameSpec:
        """Where this game's parts are (its renderers, rule values ...)."""
        return registry.spec(self.game)

    @property
    def game_data(self) -> GameData:
        """This game's validated game.yaml (its spec's model)."""
        return self.content.games[self.game]

    @property
    def page_size(self) -> tuple[float, float]:
        paper = self.content.print.papers[self.paper]
        return paper.width_mm * mm, paper.height_mm * mm

    @property
    def margin(self) -> float:
        """The paper's printer margin in pt: nothing but the page's background is drawn closer to its edge."""
        return self.content.print.papers[self.paper].margin_mm * mm

    def t(self, key: str, **values: Any) -> str:
        return self.texts.get(key, **values)

    def fit(self, where: str, key: str, text: str, width: float, height: float, size: float, min_size: float,
            bold: bool = False, **kw: Any) -> textfit.Fitted:
        """Fit or raise TextOverflow naming the component (`where`), the text key, the language and the overflow."""
        font = self.fonts.bold if bold else self.fonts.regular
        # not by key: the same words under several keys (the forbidden items' shared rule) are fitted once
        memo = (text, font, width, height, size, min_size, tuple(sorted(kw.items())))
        fitted = self.fitted.get(memo)
        if fitted is None:
            fitted = textfit.fit(text, font, width, height, size, min_size, lang=self.lang, keep=self.names,
                                 bound=self.bound, **kw)
            self.fitted[memo] = fitted = replace(fitted, key=key)
        elif fitted.key != key:
            fitted = replace(fitted, key=key)
        if not fitted.fits:
            raise TextOverflow(where, key, self.lang, fitted.overflow_pt, textfit.advice(fitted))
        return fitted
