"""TrueType fonts from installed packages, registered once per process, with a glyph-coverage check.

ReportLab draws a character the font lacks as nothing, silently, so `missing_glyphs` checks the font's cmap.
Fonts are located with `importlib.util.find_spec` so the package that ships them is never imported; a build reuses
the fonts parsed by an earlier one (`font_cache`).
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..content.load import Content
from ..content.print_model import PrintConfig
from ..errors import InputError, Position
from . import font_cache

#: characters that are layout, not glyphs
_LAYOUT = {"\n", "\r", "\t"}


@dataclass(frozen=True)
class FontPair:
    """The registered ReportLab names of one family's regular and bold faces."""

    regular: str
    bold: str
    family: str


def package_file(spec: str) -> Path:
    """`package/rel/path.ttf` -> the absolute path inside the installed package."""
    package, _, rel = spec.partition("/")
    found = importlib.util.find_spec(package)
    if found is None or not found.submodule_search_locations:
        raise InputError.at(Position("content/print.yaml"), f"font package '{package}' is not installed", "font")
    path = Path(list(found.submodule_search_locations)[0]) / rel
    if not path.is_file():
        raise InputError.at(Position("content/print.yaml"), f"font file '{spec}' not found in package '{package}'", "font")
    return path


@lru_cache(maxsize=None)
def _register(name: str, path: str) -> TTFont:
    font = font_cache.load(name, Path(path))
    pdfmetrics.registerFont(font)
    return font


def family_for(printcfg: PrintConfig, lang: str) -> str:
    return printcfg.fonts.by_language.get(lang, printcfg.fonts.default)


def fonts_for(printcfg: PrintConfig, lang: str) -> FontPair:
    """Register (once) and return the regular and bold faces used for `lang`."""
    family = family_for(printcfg, lang)
    spec = printcfg.fonts.families[family]
    regular = f"{family}-Regular"
    bold = f"{family}-Bold"
    _register(regular, str(package_file(spec.regular)))
    _register(bold, str(package_file(spec.bold)))
    return FontPair(regular, bold, family)


def glyphs_missing_for(content: Content, lang: str, text: str) -> tuple[str, list[str]]:
    """`pnp lint`'s glyph check: the family that draws `lang`, and the characters of `text` that its regular or
    bold face cannot draw."""
    pair = fonts_for(content.print, lang)
    return pair.family, missing_glyphs(pair.regular, text) or missing_glyphs(pair.bold, text)


def missing_glyphs(font_name: str, text: str) -> list[str]:
    """Characters of `text` the registered TrueType font cannot draw, in order of first appearance."""
    cmap = pdfmetrics.getFont(font_name).face.charToGlyph
    seen: dict[str, None] = {}
    for ch in text:
        if ch not in _LAYOUT and ch != " " and ord(ch) not in cmap:
            seen.setdefault(ch, None)
    return list(seen)
