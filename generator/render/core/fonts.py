"""The fonts of one language: a stack of TrueType families registered as one ReportLab font per weight.

ReportLab draws a character the font lacks as nothing, silently, and draws a character that the font's cmap maps
to another character's glyph as that glyph (NanumGothic maps the en dash to its soft hyphen, so "1–4" prints
"1-4"). So each character is drawn by the first family of the stack that draws it right (`draws_right`): for a
language with a family of its own, that family first for the characters of its own script and last for the
shared ones (Latin letters, digits, punctuation, Hangul), which stay in the default family, which has a bold face.
A language whose own family has no bold face gets a bold stack of regular faces with its own family first for every
character it draws: a bold title is then one face and one weight ("3本の横列" all in its regular face), not bold
Latin and digits among regular kana, which reads as random emphasis (the rulebook sets such titles in its accent
colour). Japanese has a bold face (BIZ UDGothic), so its bold stack is bold throughout, as Korean's is.
A `FontStack` is registered under one name, so every `setFont`, `drawString`, `stringWidth` and paragraph uses
it as it would a single font; it splits a string into runs of one face and hands each run to that face's own
subsetting. Font files were checked where print.yaml names them (content/font_files.py) and are parsed once per
process (and kept between builds by `font_cache`).
"""
from __future__ import annotations

import hashlib
import io
import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from ... import files
from ...content.font_files import MAX_BYTES, families_for
from ...content.load import Content
from . import disk_cache, font_cache
from .canvas import DrawingCanvas

if TYPE_CHECKING:
    from reportlab.pdfbase.pdfdoc import PDFDocument

#: characters that are layout, not glyphs
_LAYOUT = {"\n", "\r", "\t"}
#: a face's index in its stack, kept above each face's own subset numbers (ReportLab's subsets count from 0)
_FACE_SHIFT = 20
#: characters drawn as nothing: spaces, controls, format characters
_BLANK = ("Zs", "Cc", "Cf")
#: Hangul outside the range below U+2E80: compatibility jamo, jamo extensions, syllables
_HANGUL = ((0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))


@dataclass(frozen=True)
class FontPair:
    """The registered ReportLab names of one language's regular and bold stacks, and the families in them (the
    language's own first)."""

    regular: str
    bold: str
    family: str
    families: tuple[str, ...] = ()
    #: the language's own family has no bold face: `bold` draws in regular faces (lint warns: `font-bold`)
    bold_is_regular: bool = False


def is_shared(code: int) -> bool:
    """A character every language's text shares (Latin, Greek, Cyrillic, digits, general punctuation and symbols,
    Hangul): drawn by the default family even in a language with a family of its own. Everything from the CJK
    radicals (U+2E80) up, kana, kanji, CJK punctuation and full-width forms included, is the language's own."""
    return code < 0x2E80 or any(low <= code <= high for low, high in _HANGUL)


@lru_cache(maxsize=None)
def _misnamed(path: str, folder: files.Root) -> frozenset[int]:
    """Characters that the font's cmap maps to a glyph named for another character (NanumGothic's en dash gets
    `uni00AD`, the soft hyphen): read from the glyph names of the `post` table, skipping variants (`a.sc`) and
    names that do not spell one character. A font without glyph names has none.

    Reading the names with fontTools takes about 0.1 s a face, so the answer is kept in the cache folder
    (`disk_cache`, when there is one) as a JSON list of code points, named after the SHA-256 of the font file and
    of this module's source, under fontTools' version; a kept file that is not such a list is a miss."""
    import fontTools

    data = folder.bytes_of(path, limit=MAX_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    if digest in _MISNAMED:  # the same font in another content folder
        return _MISNAMED[digest]
    kept = f"fonts/misnamed-{fontTools.version}-{_source_digest()}/{digest}.json"
    found = disk_cache.read(kept, 1024 * 1024)
    try:
        codes = json.loads(found) if found is not None else None
    except (ValueError, RecursionError):
        codes = None
    if isinstance(codes, list) and all(type(code) is int and 0 <= code <= 0x10FFFF for code in codes):
        wrong = frozenset(codes)
    else:
        wrong = _misnamed_in(data)
        disk_cache.write(kept, json.dumps(sorted(wrong)).encode("ascii"))
    _MISNAMED[digest] = wrong
    return wrong


#: a font file's SHA-256 -> its misnamed characters, for the same font in another content folder
_MISNAMED: dict[str, frozenset[int]] = {}


#: the glyph names that spell one character by its code (`uniAC00`, `u1F4F7`), as the Adobe Glyph List reads them:
#: upper-case hex, no surrogates; most of a CJK face's names are such, and reading them here is ten times faster
_CODE_NAME = re.compile(r"uni([0-9A-F]{4})|u([0-9A-F]{4,6})")


def glyph_meaning(name: str) -> str:
    """The characters a glyph name spells, as `fontTools.agl.toUnicode` reads it, with the common `uniXXXX` and
    `uXXXX[XX]` names read directly."""
    from fontTools import agl

    spelled = _CODE_NAME.fullmatch(name)
    if spelled:
        code = int(spelled.group(1) or spelled.group(2), 16)
        if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
            return chr(code)
    spelled_out: str = agl.toUnicode(name)
    return spelled_out


def _misnamed_in(data: bytes) -> frozenset[int]:
    from fontTools.ttLib import TTFont as ToolsFont

    with ToolsFont(io.BytesIO(data), lazy=True) as tools:
        cmap = tools.getBestCmap() or {}
        wrong = set()
        for code, name in cmap.items():
            if "." in name or unicodedata.category(chr(code)) in _BLANK:
                continue  # a variant glyph; a space or control, drawn as nothing whatever its glyph is called
            meant = glyph_meaning(name)
            if len(meant) == 1 and meant != chr(code) and not 0xE000 <= ord(meant) <= 0xF8FF \
                    and unicodedata.normalize("NFKC", meant) != unicodedata.normalize("NFKC", chr(code)):
                wrong.add(code)
    return frozenset(wrong)


@lru_cache(maxsize=1)
def _source_digest() -> str:
    here = Path(__file__)
    return hashlib.sha256(files.package(here.parent).bytes_of(here.name)).hexdigest()[:12]


def draws_right(font: TTFont, misnamed: frozenset[int], code: int) -> bool:
    """Whether `font` draws the character `code` as itself: the cmap has it, its glyph is not one named for
    another character (`misnamed`), and the glyph has an outline (white space excepted)."""
    face = font.face
    glyph: int | None = face.charToGlyph.get(code)
    positions: Sequence[int] = face.glyphPos  # where each glyph's outline starts; an empty one ends where it starts
    if glyph is None or code in misnamed:
        return False
    if unicodedata.category(chr(code)) in _BLANK or glyph + 1 >= len(positions):
        return True
    return positions[glyph + 1] > positions[glyph]


class _StackFace:
    """What ReportLab and the faces read of a font's face without drawing: its own name (for registering), and
    the metrics (ascent, descent, cap height) of the face that draws Latin capitals."""

    builtIn = 0

    def __init__(self, name: str, metrics: TTFontFace) -> None:
        self.name = name.encode()
        self._metrics = metrics

    def __getattr__(self, attribute: str) -> Any:  # whatever ReportLab reads of the face (ascent, descent ...)
        return getattr(self._metrics, attribute)


#: strings whose runs a font stack keeps (a build draws some tens of thousands)
RUNS_KEPT = 200_000


class FontStack:
    """Several TrueType faces drawn as one ReportLab font: each character by the face `order` picks for it."""

    _dynamicFont = 1
    _multiByte = 1
    shapable = False

    def __init__(self, name: str, faces: tuple[TTFont, ...], misnamed: tuple[frozenset[int], ...],
                 own: int | None, own_first_for_all: bool = False) -> None:
        self.fontName = name
        self.faces, self.misnamed = faces, misnamed
        self.own = own  # the index of the language's own family, if it has one
        self.own_first_for_all = own_first_for_all  # the shared characters too: one face for a whole run
        #: each string's runs, worked out once: a build measures and draws the same strings many times over
        self._runs: dict[str, tuple[tuple[int, str], ...]] = {}
        self.face = _StackFace(name, faces[self.face_for(ord("H")) or 0].face)
        self.encoding = "UTF-8"
        self.substitutionFonts: list[TTFont] = []

    @lru_cache(maxsize=None)
    def face_for(self, code: int) -> int | None:
        """The index of the face that draws `code`, or None when none draws it right."""
        order = list(range(len(self.faces)))
        if self.own is not None:
            order.remove(self.own)
            order = order + [self.own] if is_shared(code) and not self.own_first_for_all else [self.own] + order
        return next((n for n in order if draws_right(self.faces[n], self.misnamed[n], code)), None)

    def runs(self, text: str) -> tuple[tuple[int, str], ...]:
        """`text` as (face index, run) pairs; a character no face draws goes to the first face (as a blank). Each
        character's face depends on that character alone, so a string is as wide as its parts added up."""
        found = self._runs.get(text)
        if found is None:
            found = tuple(self._split(text))
            if len(self._runs) < RUNS_KEPT:
                self._runs[text] = found
        return found

    def _split(self, text: str) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        start, current = 0, None
        for n, ch in enumerate(text):
            chosen = self.face_for(ord(ch))
            if chosen is None:
                chosen = 0
            if chosen != current:
                if current is not None:
                    out.append((current, text[start:n]))
                start, current = n, chosen
        if current is not None:
            out.append((current, text[start:]))
        return out

    def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802 (ReportLab's)
        width: float = sum(self.faces[n].stringWidth(run, size) for n, run in self.runs(text))
        return width

    def splitString(self, text: str, doc: PDFDocument, encoding: str = "utf-8") -> list[tuple[int, bytes]]:  # noqa: N802
        return [((n << _FACE_SHIFT) | subset, chunk) for n, run in self.runs(text)
                for subset, chunk in self.faces[n].splitString(run, doc)]

    def getSubsetInternalName(self, subset: int, doc: PDFDocument) -> str:  # noqa: N802 (ReportLab's name)
        name: str = self.faces[subset >> _FACE_SHIFT].getSubsetInternalName(subset & ((1 << _FACE_SHIFT) - 1), doc)
        return name

    def addObjects(self, doc: PDFDocument) -> None:  # noqa: N802 (ReportLab's name): each face adds its own subsets
        return None


@lru_cache(maxsize=None)
def _face(name: str, path: str, folder: files.Root) -> TTFont:
    return font_cache.load(name, Path(path), folder)


@lru_cache(maxsize=None)
def _face_name(family: str, path: Path) -> str:
    """One registered face per file (a family without bold lends the same face to both stacks); named once per
    process, as lint's glyph check asks `fonts_for` about every text."""
    return f"{family}-{path.stem}-{hashlib.sha256(str(path).encode()).hexdigest()[:8]}"


@lru_cache(maxsize=None)
def _stack(members: tuple[tuple[str, str, files.Root], ...], own: int | None,
           own_first_for_all: bool = False, latin: int | None = None, default: int = 0) -> str:
    name = "+".join(face for face, _, _ in members) + f"/{own}" + ("/all" if own_first_for_all else "")
    if name not in pdfmetrics.getRegisteredFontNames():
        faces = tuple(_face(face, path, folder) for face, path, folder in members)
        if latin is not None:
            _share_vertical_metrics(faces[latin], faces[default])
        misnamed = tuple(_misnamed(path, folder) for _, path, folder in members)
        pdfmetrics.registerFont(FontStack(name, faces, misnamed, own,
                                          own_first_for_all))
    return name


def _share_vertical_metrics(latin: TTFont, default: TTFont) -> None:
    """Set the Latin face on the default family's ascent and descent (NanumGothic's 800/-200 rather than Noto
    Sans's 1069/-293, which leaves room for stacked Vietnamese accents): a line mixing Latin and Hangul has one box
    and one baseline grid, and every paragraph keeps the leading it was laid out with. Only the metrics a layout
    and the PDF's font descriptor read change; no glyph is drawn differently."""
    latin.face.ascent, latin.face.descent = default.face.ascent, default.face.descent


def fonts_for(content: Content, lang: str) -> FontPair:
    """Register (once) and return the regular and bold stacks used for `lang`. A family without a bold face
    lends its regular face to the bold stack (lint reports it: `font_files.bold_findings`); when that family is
    the language's own, the whole bold stack is regular faces, its own family first for every character."""
    families = families_for(content.print.fonts, lang)
    own = 0 if lang in content.print.fonts.by_language else None
    bold_is_regular = own is not None and content.fonts[families[own]].bold is None
    stacks = []
    for weight in ("Regular", "Bold"):
        members = []
        for name in families:
            family = content.fonts[name]
            bold = weight == "Bold" and family.bold is not None and not bold_is_regular
            path = family.bold if bold and family.bold is not None else family.regular
            members.append((_face_name(family.name, path), str(path), family.folder))
        fonts = content.print.fonts
        latin = families.index(fonts.latin) if fonts.latin is not None else None
        stacks.append(_stack(tuple(members), own, weight == "Bold" and bold_is_regular, latin,
                             families.index(fonts.default)))
    return FontPair(stacks[0], stacks[1], families[0], families, bold_is_regular)


def glyphs_missing_for(content: Content, lang: str, text: str) -> tuple[str, list[str]]:
    """`pnp lint`'s glyph check: the families that draw `lang`, and the characters of `text` that none of them
    draws right in the regular or the bold weight."""
    pair = fonts_for(content, lang)
    return ", ".join(pair.families), missing_glyphs(pair.regular, text) or missing_glyphs(pair.bold, text)


def missing_glyphs(font_name: str, text: str) -> list[str]:
    """Characters of `text` no face of the registered stack draws right, in order of first appearance."""
    stack = pdfmetrics.getFont(font_name)
    seen: dict[str, None] = {}
    for ch in text:
        if ch not in _LAYOUT and ch != " " and ch not in seen and stack.face_for(ord(ch)) is None:
            seen.setdefault(ch, None)
    return list(seen)


def used_families(content: Content, lang: str, canvas: DrawingCanvas) -> list[str]:
    """The families of `lang`'s stacks that drew anything into the document on `canvas` so far (for the credits
    page, which is drawn last)."""
    pair = fonts_for(content, lang)
    doc = canvas._doc  # ReportLab keeps a face's per-document subsets keyed by the document
    used: list[str] = []
    for font_name in (pair.regular, pair.bold):
        stack = pdfmetrics.getFont(font_name)
        for name, face in zip(pair.families, stack.faces):
            if doc in face.state and name not in used:
                used.append(name)
    return [name for name in pair.families if name in used]
