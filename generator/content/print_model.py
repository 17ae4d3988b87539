"""Typed model of `content/print.yaml`: papers, component sizes, bleed, margins, fonts, type sizes."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .validate import Strict, pattern

Mm = Annotated[float, Field(gt=0, le=1000)]
#: a paper's name becomes part of file names (`travel-en-<paper>.pdf`), so it is a slug: no `/`, `..` or spaces
PaperName = Annotated[str, pattern(r"^[a-z0-9][a-z0-9_-]{0,31}$",
                                   "a paper name of lowercase ASCII letters, digits, - and _ (e.g. a4)")]


class Size(Strict):
    width_mm: Mm
    height_mm: Mm


class Paper(Size):
    """A paper, and the band round its edge that home printers leave blank on it (`margin_mm`): nothing but the
    page's background is drawn there (many US lasers keep 1/4 in, 6.35 mm, most A4 printers 4-5 mm)."""

    margin_mm: Annotated[float, Field(ge=0, le=30)]


class FontFamily(Strict):
    """One typeface: files under `content/fonts/` with the font's licence file (`licence_file`) beside them, as
    every shipped family is, or TrueType files inside an installed font package (`package`, a top-level package
    name, and paths inside it). A family without `bold` is drawn in its regular face where
    bold is asked for, and lint says so (content/font_files.py checks where every file is)."""

    package: str | None = None
    regular: str
    bold: str | None = None
    licence: str
    licence_file: str | None = None
    source: str


class Fonts(Strict):
    """`default` draws every language; a language in `by_language` has its own family draw the characters of its
    own script (kana and kanji, say), while its Latin letters, digits, punctuation and Hangul stay in `default`.
    `latin`, when given, draws the Latin script (letters, digits, punctuation, symbols) of every language ahead of
    `default`: a text face made for Latin, paired with the CJK faces, which keep Hangul, kana and kanji.
    A character that a family lacks, or maps to a wrong glyph, comes from the next family that draws it right:
    the language's, then `latin`, then `default`, then each of `fallback` in order."""

    default: str
    families: dict[str, FontFamily]
    latin: str | None = None
    by_language: dict[str, str] = {}
    fallback: list[str] = []


class TypeScale(Strict):
    """Font sizes in pt; text shrinks from its size down to `min_body` and no further."""

    title: Annotated[float, Field(gt=0, le=72)] = 13
    body: Annotated[float, Field(gt=0, le=72)] = 9
    small: Annotated[float, Field(gt=0, le=72)] = 7.5
    min_body: Annotated[float, Field(gt=0, le=72)] = 7
    min_title: Annotated[float, Field(gt=0, le=72)] = 8


class PrintConfig(Strict):
    papers: Annotated[dict[PaperName, Paper], Field(min_length=1)]
    bleed_mm: Annotated[float, Field(ge=0, le=10)] = 3.175
    sheet_bleed_mm: Annotated[float, Field(ge=0, le=10)] = 1.5
    #: where the full bleed would cost a row or column of pieces (16 mm tiles across A4), it may shrink to this
    min_sheet_bleed_mm: Annotated[float, Field(ge=0, le=10)] = 0.8
    cut_mark_mm: Annotated[float, Field(ge=0, le=20)] = 4
    card: Size
    png_dpi: Annotated[int, Field(ge=72, le=1200)] = 300
    tts_max_px: Annotated[int, Field(ge=512, le=16384)] = 4096
    fonts: Fonts
    type: TypeScale = TypeScale()
