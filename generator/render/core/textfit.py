"""Fit text into a box: break lines where the script allows, shrink from the wanted size down to a minimum, never
further.

One measure serves the renderer and `pnp lint`: `fit` returns the lines and size used, or the overflow in pt at the
minimum size. Where a line may break is `linebreak`'s to say: at spaces (Korean keeps whole words), between the
phrases of Japanese and Chinese, then, where nothing else fits, at every break UAX #14 allows and inside a word
too wide for its box (hyphenated, or between characters). The coarse breaks are tried at every size first, so a
text shrinks a little before its phrases or words are cut. Widths are measured once per piece at 1 pt and scaled
(width is linear in size), which keeps fitting linear in the length of the text.

Lines are broken greedily to find the size, then made to look set by hand without changing the size: no line ends
after a break that splits what is read as one ("a | rumour", "한 | 장"; a Korean dependent noun is one piece with the
word before it, "할 수", by the language's `typography`: `linebreak.Bound`) where the box has room for the line
that may add (or the paragraph can do without it), a paragraph does not end on a lone word when the line above can
spare one (left-aligned body text stays ragged-right otherwise, as a column of prose should), and centred text is
drawn with its lines as even as they can be (`balanced`), so a two-line caption never leaves one word below a
full line.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import accumulate
from typing import Callable, NamedTuple, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from . import linebreak
from .canvas import DrawingCanvas
from .linebreak import NO_BREAK_SPACE as NO_BREAK_SPACE, Piece  # NO_BREAK_SPACE: for the pages that bind words

STEP = 0.25  # pt between tried sizes
#: Korean determiners of two syllables or more: each goes with the noun after it ("아무 면이나", "모든 카드");
#: one-syllable ones ("한", "그", "두") are every one-syllable word
DETERMINERS = frozenset(("아무", "모든", "여러", "어느", "어떤", "무슨", "온갖", "이런", "그런", "저런"))
#: what cutting a phrase costs a centred paragraph that is evened out (`balanced`), as a line this share of its width
PHRASE_COST = 0.2
#: a line of Japanese or Chinese shorter than this share of its paragraph's mean line is very short (`_even_lines`)
SHORT_LINE = 0.75
#: a justified line with more room left than this many ems may cut a katakana word to fill it (`linebreak.filling`)
LOOSE_EMS = 1.5
#: the most space a justified line of Japanese or Chinese puts between two characters, in ems: where its breaks
#: would spread it further, it is pushed in or cut more freely (`_filled`); one that still would (the next word a
#: command held by no-break spaces) is spread this far and ends short (`draw_justified`)
WIDEST_SPREAD = 0.15
#: full-width punctuation whose advance is half blank (JIS X 4051's 約物): an opening bracket's blank half is before
#: its mark, a closing bracket's, an ideographic comma's and full stop's after it; a justified line that would be
#: spread far may give these halves up to take more (pushed in: `shed`, `draw_justified`), as Japanese is set
OPENING = frozenset("（「『［【〔｛〈《〘〖")
CLOSING = frozenset("）」』］】〕｝〉》〙〗、。，．")
#: the most letters (closing punctuation not counted) a paragraph's last line of Japanese or Chinese may hold and
#: still take a phrase from the line above (`_alone`)
WIDOW_LETTERS = 2
LEADING = 1.22  # line height as a multiple of the font size
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, as a multiple of the font size
#: an overrun this small (a hundredth of a point, 0.004 mm) is rounding, not ink outside the box: it fits
TOLERANCE_PT = 0.01
Line = tuple[Piece, ...]


class Blank(NamedTuple):
    """The blank half of a full-width punctuation mark in a run of text: the text from `at` on may be drawn this much
    (at 1 pt) nearer. `squeezed` blanks are always set away (JIS X 4051 sets two marks in a row, "）。", "、「",
    "（「", a half em nearer); the others are given up only to push a justified line in (`shed`)."""

    at: int
    width: float
    squeezed: bool


@lru_cache(maxsize=65536)
def blanks(text: str, font: str) -> tuple[Blank, ...]:
    """Every blank half of the punctuation in `text`, in order: a closing mark's after it, an opening bracket's before
    it (that of an opening bracket that starts `text` too, at 0)."""
    found = []
    for n, ch in enumerate(text):
        if ch in OPENING:
            found.append(Blank(n, _blank(ch, font), n > 0 and text[n - 1] in OPENING))
        elif ch in CLOSING:
            after = text[n + 1:n + 2]
            found.append(Blank(n + 1, _blank(ch, font), bool(after) and (after in CLOSING or after in OPENING)))
    return tuple(found)


@lru_cache(maxsize=65536)
def _squeezed(text: str, font: str) -> float:
    """How much nearer, at 1 pt, `draw_line` sets `text` than ReportLab measures it: its `squeezed` blanks."""
    return sum(b.width for b in blanks(text, font) if b.squeezed)


@lru_cache(maxsize=65536)
def unit_width(word: str, font: str) -> float:
    """Width of `word` at 1 pt, as `draw` sets it (two punctuation marks in a row a half em nearer: `blanks`)."""
    return stringWidth(word, font, 1.0) - _squeezed(word, font) if word else 0.0


def glue_width(left: Piece, right: Piece, font: str) -> float:
    """Width at 1 pt of what `draw_line` sets between `left` and `right` on one line: `left`'s glue, less the half em
    by which two punctuation marks meeting across them are set nearer ("、" then "「", `blanks`), which neither
    piece's own width can count; so negative where they meet with no glue."""
    return _glue_width(left.text[-1:], left.glue, right.text[:1], font)


@lru_cache(maxsize=65536)
def _glue_width(before: str, glue: str, after: str, font: str) -> float:
    # a mark's blank is squeezed by its neighbours only, so the joint's squeezes are those of these few letters
    glue_pt: float = stringWidth(glue, font, 1.0)
    return glue_pt - _squeezed(before + glue + after, font)


def line_width(line: Sequence[Piece], font: str) -> float:
    """Width at 1 pt of `line` as drawn (`set_width` of its text): its run (`run_width`) and the end of the last
    piece (a hyphen)."""
    return run_width(line, font) + unit_width(line[-1].end, font) if line else 0.0


def run_width(line: Sequence[Piece], font: str) -> float:
    """Width at 1 pt of `line`'s pieces and the glue between them (`glue_width`), without a line end after it."""
    return sum(unit_width(p.text, font) for p in line) + sum(glue_width(a, b, font) for a, b in zip(line, line[1:]))


def line_text(line: Sequence[Piece]) -> str:
    return "".join(p.text + p.glue for p in line[:-1]) + line[-1].text + line[-1].end if line else ""


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box. `overflow_pt` is 0 when it fits; otherwise how far it runs over at `size`.
    `pieces` holds each line's pieces, for balancing."""

    lines: tuple[tuple[str, bool], ...]  # (line, ends a paragraph)
    size: float
    font: str
    leading: float
    height: float
    overflow_pt: float
    pieces: tuple[Line, ...] = ()
    lang: str = "en"
    #: the text's key in the language file, when the renderer fitted it by key (RenderContext.fit): a canvas
    #: that notes where texts are drawn (the studio's preview) is told it
    key: str = field(default="", compare=False)

    @property
    def fits(self) -> bool:
        return self.overflow_pt <= TOLERANCE_PT

    @property
    def unspaced(self) -> bool:
        """Whether the text is mostly of a script written without spaces (its advice counts characters)."""
        text = "".join(line for line, _ in self.lines)
        return sum(1 for ch in text if linebreak.unspaced(ch)) > len(text) / 2


def _wrap(paragraphs: Sequence[Line], font: str, size: float, width: float, lang: str = "en",
          cut: bool = False, mend: bool = False,
          fill: Callable[[Piece, int], tuple[Piece, ...]] | None = None) -> tuple[list[tuple[Line, bool]], float]:
    """Greedy wrap; returns lines and the widest overflow of a single piece (0 when every piece fits). With `cut`,
    a piece wider than the box is cut finer (`linebreak.finer`) until its parts fit or cannot be cut. With `mend`,
    a line that would end in a `_poor_break` gives its last piece (or two) to the next line (a flowing paragraph,
    which may grow a line). With `fill`, a line takes what fits of the piece that would not fit, cut by `fill`
    (a justified line of Japanese ends as near its end as it can: `_filled`), or what fits once its punctuation is
    pushed in (`shed`) where `_filled` says so."""
    lines: list[tuple[Line, bool]] = []
    too_wide = 0.0
    for paragraph in paragraphs:
        current: list[Piece] = []
        used = shed_pt = 0.0  # the natural width of `current`, and how far it may be pushed in
        pushing = False  # `current` is pushed in to take what would not fit it
        todo = [(piece, False) for piece in reversed(paragraph)]  # (piece, a part `fill` cut: not cut again)
        while todo:
            piece, part = todo.pop()
            w = unit_width(piece.text, font) * size
            if w + unit_width(piece.end, font) * size > width + 1e-9:
                parts = linebreak.finer(piece, lang) if cut else (piece,)
                if len(parts) > 1:
                    todo.extend((p, part) for p in reversed(parts))
                    continue
                too_wide = max(too_wide, w - width)
            glue = glue_width(current[-1], piece, font) * size if current else 0.0
            room = width - used - glue  # left at the natural width; pushing in gives `shed_pt` more
            pushed = shed_pt + _shed(piece.text, font) * size if pushing else 0.0
            if current and w + unit_width(piece.end, font) * size > room + pushed + 1e-9:
                if fill and not part and not pushing:
                    parts, pushing = _filled(current, piece, fill, room, shed_pt, font, size)
                    todo.extend((p, True) for p in reversed(parts))
                    continue
                kept, moved = _mended_break(current, piece, font, size, width) if mend else (current, [])
                lines.append((tuple(kept), False))
                current = [*moved, piece]
                used = run_width(current, font) * size
                shed_pt, pushing = (shed(current, font) * size if fill else 0.0), False
            else:
                used += glue + w
                shed_pt += (_shed(piece.text, font) if current else shed([piece], font)) * size if fill else 0.0
                current.append(piece)
        lines.append((tuple(current), True))
    return lines, too_wide


def _filled(current: Sequence[Piece], piece: Piece, fill: Callable[[Piece, int], tuple[Piece, ...]], room: float,
            shed_pt: float, font: str, size: float) -> tuple[tuple[Piece, ...], bool]:
    """How the line `current`, `room` pt short of its end and `shed_pt` more where its punctuation is pushed in
    (`shed`), takes of `piece`, which does not fit it: `piece` cut by `fill`, and whether the line is pushed in.
    The first that does: its usual breaks, where the line is spread no more than LOOSE_EMS in all and WIDEST_SPREAD
    between two characters; those with the line pushed in, where that takes more; the same at ever freer breaks
    (`linebreak.LEVELS`: a katakana word or a compound name cut rather than a line spread far); at the freest, the
    line pushed in if that takes more, else spread."""
    letters = len(line_text(current))
    for level in linebreak.LEVELS:
        parts = fill(piece, level)
        natural = _taken(parts, room, None, font, size)
        left = room - run_width(parts[:natural], font) * size
        count = letters + sum(len(p.text) for p in parts[:natural])
        if left <= WIDEST_SPREAD * size * max(1, count - 1) and (level > linebreak.TIGHT or left <= LOOSE_EMS * size):
            return parts, False
        if _taken(parts, room, shed_pt, font, size) > natural:
            return parts, True
    return parts, False


def _taken(parts: Sequence[Piece], room: float, shed_pt: float | None, font: str, size: float) -> int:
    """How many of `parts` a line with `room` pt left takes, pushed in by up to `shed_pt` and what the parts it
    takes shed (not pushed in where `shed_pt` is None)."""
    used, pushed = 0.0, shed_pt
    for count, p in enumerate(parts):
        w = (unit_width(p.text, font) + (glue_width(parts[count - 1], p, font) if count else 0.0)) * size
        if pushed is not None:
            pushed += _shed(p.text, font) * size
        if used + w + unit_width(p.end, font) * size > room + (pushed or 0.0) + 1e-9:
            return count
        used += w
    return len(parts)


def shed(line: Sequence[Piece], font: str) -> float:
    """How far a justified `line` may be pushed in, at 1 pt: the blank half of each full-width bracket, comma and
    full stop in it (`OPENING`, `CLOSING`), but for an opening bracket that starts it (which keeps the line's edge)."""
    if not line:
        return 0.0
    first = line[0].text[:1]
    return sum(_shed(p.text, font) for p in line) - (_blank(first, font) if first in OPENING else 0.0)


@lru_cache(maxsize=65536)
def _shed(text: str, font: str) -> float:
    return sum(b.width for b in blanks(text, font) if not b.squeezed)


def _blank(mark: str, font: str) -> float:
    """The blank half of a full-width punctuation mark, at 1 pt."""
    mark_pt: float = stringWidth(mark, font, 1.0)
    return mark_pt / 2


def _mended_break(current: list[Piece], piece: Piece, font: str, size: float,
                  width: float) -> tuple[list[Piece], list[Piece]]:
    """Where a full line `current` breaks before `piece`: (what stays, what moves down with `piece`). Moves the
    last piece or two when the break is poor and the moved pieces fit beside `piece`; otherwise nothing."""
    both = [*current, piece]
    if not _poor_break(both, len(current)):
        return current, []
    for count in (1, 2):
        if len(current) - count < 1:
            break
        if _poor_break(both, len(current) - count):
            continue
        if line_width([*current[-count:], piece], font) * size <= width + 1e-9:
            return current[:-count], current[-count:]
        break
    return current, []


def _poor_break(pieces: Sequence[Piece], j: int) -> bool:
    """Whether a break before `pieces[j]` would split what is read as one: a one-letter Latin word, a number or a
    lone sign goes with the word after it ("a rumour", "12 cards", "50 mm", "> 뒤에", "= the bottom"); a
    one-syllable Korean word, and a longer determiner (`DETERMINERS`), goes with the word after it ("한 장",
    "맨 아래", "그 세로줄", "아무 면이나", also after a particle ending in ㄴ or ㄹ: "막히면 그 플레이어"). A Korean
    dependent noun is not judged here: it is one piece with the word before it ("할 수", "교환 후": `linebreak.Bound`,
    from the language's `typography`), which a line ends after as after any word. Breaks inside a word (between its
    syllables or characters, or the phrases of a script without spaces) are judged by `linebreak`, not here."""
    if pieces[j - 1].glue != " ":
        return False
    before = pieces[j - 1].text
    if before.isascii() and (len(before) == 1 or before.isdigit()):
        return True
    if before in DETERMINERS:
        return True
    return _is_syllable(before)


def _is_syllable(word: str) -> bool:
    """A one-syllable Korean word."""
    return len(word) == 1 and "가" <= word <= "힣"


def _mend_breaks(lines: list[tuple[Line, bool]], mended: list[tuple[Line, bool]]) -> list[tuple[Line, bool]]:
    """Per paragraph, its `mended` lines (no line ending in a `_poor_break`, "아무 | 면이나") where they keep its
    number of greedy `lines`, else those (for a box with no room for the lines mending all of them would add)."""
    out: list[tuple[Line, bool]] = []
    for greedy, fixed in zip(_paragraphs(lines), _paragraphs(mended)):
        out += fixed if len(fixed) == len(greedy) else greedy
    return out


def _paragraphs(lines: list[tuple[Line, bool]]) -> list[list[tuple[Line, bool]]]:
    """`lines` grouped by paragraph (a paragraph's last line is marked True)."""
    out: list[list[tuple[Line, bool]]] = [[]]
    for line in lines:
        out[-1].append(line)
        if line[1]:
            out.append([])
    return out[:-1]


def _mend_last_breaks(lines: list[tuple[Line, bool]], font: str, size: float,
                      width: float) -> list[tuple[Line, bool]]:
    """Where a paragraph's last line is too little to stand alone (`_alone`), or its last break is a `_poor_break`,
    move the last piece of the line above down (or the last two, when one would leave a poor break), if that line keeps two pieces
    or more and stays at least as wide as the new last line (so a short label does not turn into a stub over a long
    line). Never adds a line, never widens one beyond `width`."""
    out = list(lines)
    for n in range(1, len(out)):
        last, ends = out[n]
        above, above_ends = out[n - 1]
        both = (*above, *last)
        if not ends or above_ends or (not _alone(last) and not _poor_break(both, len(above))):
            continue
        for count in (1, 2):
            kept, moved = above[:-count], above[-count:]
            if len(kept) < 2:
                break
            if _poor_break(both, len(kept)):
                continue
            joined = (*moved, *last)
            if line_width(joined, font) * size <= min(width, line_width(kept, font) * size):
                out[n - 1], out[n] = (kept, False), (joined, True)
            break
    return out


def _alone(line: Line) -> bool:
    """Whether a paragraph's last line is too little to stand alone: one word of a spaced script; in Japanese or
    Chinese, whose phrases run long, WIDOW_LETTERS or fewer ("す。", not "経由国", which moving the phrase above down
    parted from its bracket: "（どちらの面が上でも" over "よい）：経由国")."""
    text = line_text(line)
    if linebreak.unspaced(text):
        return len(text.rstrip(linebreak.CLAUSE_MARKS)) <= WIDOW_LETTERS
    return len(line) == 1


def _height(count: int, paragraphs: int, size: float, leading: float) -> float:
    return count * size * leading + (paragraphs - 1) * size * PARAGRAPH_GAP


def _fitted(lines: list[tuple[Line, bool]], size: float, font: str, leading: float, height: float,
            overflow: float, lang: str) -> Fitted:
    return Fitted(tuple((line_text(line), ends) for line, ends in lines), size, font, leading, height, overflow,
                  tuple(line for line, _ in lines), lang)


def fit(text: str, font: str, width: float, height: float, size: float, min_size: float,
        leading: float = LEADING, max_lines: int | None = None, lang: str = "en",
        keep: tuple[str, ...] = (), flowing: bool = False, bound: linebreak.Bound = linebreak.NO_BOUND) -> Fitted:
    """Lay `text` out in `width` x `height` pt at the largest size from `size` down to `min_size` that fits, with
    the coarse breaks of `lang`'s script if they fit at any size, else the fine ones; the names of `keep` are cut
    only where one alone is wider than the box, a name with spaces (or a short quotation, `linebreak.quoted`) also
    where the text fits no other way. At that size no line ends in a `_poor_break` ("draw 3 | cards") where the box
    has room for the line mending it adds. In Japanese and Chinese the lines keep every place they could also break
    at (`linebreak.filling`), so that centred text can be evened out with a phrase cut where phrase breaks alone
    leave a line far short (`balanced`). A `flowing` paragraph (a page's running text, drawn justified) fills each
    Japanese or Chinese line to its end, as `wrap_paragraphs` does. A word of `bound` stays with the word before it
    (`linebreak.pieces`) at every level, parted from it only where the two are wider than the box."""
    texts = text.split("\n")
    keep += linebreak.quoted(text)
    loose = tuple(name for name in keep if not linebreak.spaced(name))  # a name with spaces may break, at last
    levels = [([linebreak.pieces(p, lang, keep, bound) for p in texts], False, keep)]
    freed = [linebreak.pieces(p, lang, loose, bound) for p in texts]
    if freed != levels[0][0]:
        levels.append((freed, False, loose))
    levels.append(([linebreak.units(p, lang, loose, bound) for p in texts], True, loose))
    between = linebreak.between_characters(lang)
    last: tuple[list[tuple[Line, bool]], float, float, float, float] | None = None
    for (paragraphs, cut, names), (before, _, _) in zip(levels, [([], False, ())] + levels):
        if cut and paragraphs == before and last is not None and last[4] <= TOLERANCE_PT:
            break  # nothing to cut finer: no piece was too wide, and the fine breaks are the coarse ones
        fill = partial(linebreak.filling, lang=lang, keep=names, bound=bound) if between else None
        flow = _flow_fill(lang, names, bound) if flowing and between else None
        # every line holds its pieces' text: the text's width at 1 pt bounds the lines any wrap needs from below
        natural = [sum(unit_width(p.text, font) for p in paragraph)
                   + sum(min(0.0, glue_width(a, b, font)) for a, b in zip(paragraph, paragraph[1:]))
                   for paragraph in paragraphs]
        current = size
        while True:
            final = current - STEP < min_size - 1e-9
            least = sum(max(1, math.ceil(w * current / max(width, 1e-9) - 1e-9)) for w in natural)
            hopeless = _height(least, len(texts), current, leading) > height + TOLERANCE_PT or (
                max_lines is not None and least > max_lines)
            if not hopeless or final:
                lines, too_wide = _wrap(paragraphs, font, current, width, lang, cut, fill=flow)
                h = _height(len(lines), len(texts), current, leading)
                over_lines = max_lines is not None and len(lines) > max_lines
                if h <= height + TOLERANCE_PT and too_wide <= TOLERANCE_PT and not over_lines:
                    mended, _ = _wrap(paragraphs, font, current, width, lang, cut, mend=True, fill=flow)
                    grown = _height(len(mended), len(texts), current, leading)
                    if grown <= height + TOLERANCE_PT and (max_lines is None or len(mended) <= max_lines):
                        lines, h = mended, grown
                    else:
                        lines = _mend_breaks(lines, mended)
                    if flow is None:  # a justified line is not spread to spare the last one a phrase alone
                        lines = _mend_last_breaks(lines, font, current, width)
                    if fill is not None:  # every place a line could break, for `balanced`
                        lines = [(tuple(part for piece in line for part in fill(piece)), ends) for line, ends in lines]
                    return _fitted(lines, current, font, leading, h, 0.0, lang)
                if final:
                    overflow = max(h - height, too_wide, current * leading if over_lines else 0.0)
                    last = (lines, current, h, round(overflow, 2), too_wide)
                    break
            current = round(current - STEP, 4)
    assert last is not None  # every level ends in a final try at the least size, which sets it
    lines, current, h, overflow, _ = last
    return _fitted(lines, current, font, leading, h, overflow, lang)


def wrap(text: str, font: str, size: float, width: float, lang: str, keep: tuple[str, ...] = (),
         bound: linebreak.Bound = linebreak.NO_BOUND) -> list[str]:
    """`text` broken into lines no wider than `width` at `size` (`wrap_paragraphs`' lines)."""
    return [line for line, _ in wrap_paragraphs(text, font, size, width, lang, keep, bound=bound)]


def wrap_paragraphs(text: str, font: str, size: float, width: float, lang: str,
                    keep: tuple[str, ...] = (), filled: bool = True,
                    bound: linebreak.Bound = linebreak.NO_BOUND) -> list[tuple[str, bool]]:
    """`text` broken into lines no wider than `width` at `size`, each with whether it ends a paragraph (a
    paragraph of a flowing page, which grows as tall as it needs): the coarse breaks of `lang`'s script, finer ones
    only for a piece wider than the line or, in Japanese and Chinese and where `filled` (running text, set
    justified, as Japanese is), to fill every line to its end (`linebreak.filling`), no line ending in a
    `_poor_break`, and, in a spaced script or a text not `filled` (a title: phrases whole), no lone last piece when
    the line above can spare one. A word of `bound` stays with the word before it where the line can hold both."""
    keep += linebreak.quoted(text)
    paragraphs = [linebreak.pieces(p, lang, keep, bound) for p in text.split("\n")]
    fill = _flow_fill(lang, keep, bound) if filled and linebreak.between_characters(lang) else None
    lines, too_wide = _wrap(paragraphs, font, size, width, lang, mend=True, fill=fill)
    if too_wide > TOLERANCE_PT:
        lines, _ = _wrap([linebreak.units(p, lang, keep, bound) for p in text.split("\n")], font, size, width,
                         lang, True, True)
    if fill is None:
        lines = _mend_last_breaks(lines, font, size, width)
    # a justified line of Japanese is not spread to spare the last line a phrase alone ("（R17）。"): `filling` never
    # leaves one letter alone ("ま|す。")
    return [(line_text(line), ends) for line, ends in lines]


def _flow_fill(lang: str, keep: tuple[str, ...], bound: linebreak.Bound = linebreak.NO_BOUND
               ) -> Callable[[Piece, int], tuple[Piece, ...]]:
    """How a justified line of `lang` cuts the piece that would not fit (`_filled`): `linebreak.filling`."""
    return lambda piece, level: linebreak.filling(piece, lang, keep, level, bound)


def advice(fitted: Fitted) -> str:
    """What a translator can do about a text that does not fit, in the script's own terms: about how many words,
    or characters in a script without spaces, to cut (from the lines over the box at the minimum size)."""
    line_h = fitted.size * fitted.leading
    over_lines = max(1, math.ceil(fitted.overflow_pt / line_h - 1e-9)) if fitted.overflow_pt > TOLERANCE_PT else 1
    if fitted.unspaced:
        chars = sum(len(line) for line, _ in fitted.lines) / max(1, len(fitted.lines))
        return f"cut about {max(1, round(chars * over_lines))} characters"
    counts = [len(line.split()) for line, _ in fitted.lines if line]
    per_line = sum(counts) / max(1, len(counts))
    words = max(1, round(per_line * over_lines))
    return f"cut about {words} word{'s' if words != 1 else ''}"


@lru_cache(maxsize=4096)
def balanced(fitted: Fitted) -> Fitted:
    """The same text, size and number of lines per paragraph, broken so the lines are as even as they can be:
    no line gets wider than the widest line of its paragraph was, so what fitted still fits."""
    lines: list[tuple[Line, bool]] = []
    paragraph: list[Line] = []
    for n, (line, (_, ends)) in enumerate(zip(fitted.pieces, fitted.lines)):
        paragraph.append(line)
        if ends or n == len(fitted.lines) - 1:
            if len(paragraph) > 1:
                pieces = tuple(p for part in paragraph for p in part)
                widest = max(line_width(part, fitted.font) for part in paragraph)
                paragraph = list(_even_lines(pieces, fitted.font, len(paragraph), widest,
                                             linebreak.between_characters(fitted.lang)))
            lines += [(part, ends and k == len(paragraph) - 1) for k, part in enumerate(paragraph)]
            paragraph = []
    return _fitted(lines, fitted.size, fitted.font, fitted.leading, fitted.height, fitted.overflow_pt, fitted.lang)


@lru_cache(maxsize=4096)
def _even_lines(pieces: Line, font: str, count: int, widest: float, unspaced: bool = False) -> tuple[Line, ...]:
    """`pieces` in exactly `count` lines no wider than `widest`, as even as they can be: the least sum of squared
    line widths, where a `_poor_break` costs as much as a line a quarter of `widest` long and a break inside a
    phrase (`Piece.inside`) as much as a line PHRASE_COST of `widest` long, four times that where the break
    likely cuts a word (`linebreak.within_word`: "盗|まれ", "で|きます"). In a script without spaces a line (the
    last too: the lines are centred) shorter than SHORT_LINE of the mean line costs as much as a line half of
    `widest`: a phrase is cut where that spares such a line ("ほかのプレイヤーに" over
    "盗まれそうになったとき（盗む・"), or makes the lines much more even. Widths are at 1 pt (width is linear in size, so they decide for every size)."""
    # the glue after each piece as set before the next (the last one's is taken back by `tail`)
    glues = [*(glue_width(a, b, font) for a, b in zip(pieces, pieces[1:])),
             *(unit_width(p.glue, font) for p in pieces[-1:])]
    starts = list(accumulate((unit_width(p.text, font) + g for p, g in zip(pieces, glues)), initial=0.0))
    total, limit = len(pieces), widest + 1e-9
    penalty = (widest / 4) ** 2
    inside = (widest * PHRASE_COST) ** 2
    within = (widest * PHRASE_COST * 2) ** 2
    short, shortest = ((widest / 2) ** 2 if unspaced else 0.0), SHORT_LINE * starts[-1] / count
    least = [[float("inf")] * (total + 1) for _ in range(count + 1)]  # least[c][j]: pieces before j in c lines
    start = [[0] * (total + 1) for _ in range(count + 1)]  # start[c][j]: the first piece of that c-th line
    least[0][0] = 0.0
    for c in range(1, count + 1):
        for j in range(c, total - (count - c) + 1):
            poor = 0.0
            if j < total and _poor_break(pieces, j):
                poor = penalty
            elif j < total and pieces[j - 1].inside:
                poor = within if linebreak.within_word(pieces[j - 1].text[-1], pieces[j].text[0]) else inside
            tail = unit_width(pieces[j - 1].end, font) - glues[j - 1]
            for i in range(j - 1, c - 2, -1):
                w = starts[j] - starts[i] + tail
                if w > limit:
                    break
                value = least[c - 1][i] + w * w + poor + (short if w < shortest else 0.0)
                if value < least[c][j]:
                    least[c][j], start[c][j] = value, i
    lines: list[Line] = []
    j = total
    for c in range(count, 0, -1):
        i = start[c][j]
        lines.append(pieces[i:j])
        j = i
    return tuple(reversed(lines))


def running(lang: str) -> str:
    """How a page's running text is aligned: justified in Japanese and Chinese (as their books are), else left."""
    return "justify" if linebreak.between_characters(lang) else "left"


def draw(canvas: DrawingCanvas, fitted: Fitted, x: float, top: float, width: float, align: str = "left",
         box_height: float | None = None, valign: str = "top") -> None:
    """Draw fitted lines with the first baseline under `top`; `valign` centres in `box_height` if given.
    Centred text is drawn `balanced`, each line centred on its ink (`ink_ends`); "justify" spreads each line but a
    paragraph's last to `width` by even space between its characters (Japanese and Chinese running text)."""
    note = getattr(canvas, "note_text", None)
    if note is not None and fitted.key:
        height = fitted.height if box_height is None else box_height
        note(fitted.key, x, top - height, width, height)
    if align == "center" and len(fitted.lines) > 1:
        fitted = balanced(fitted)
    size, leading = fitted.size, fitted.leading
    y = top
    if box_height is not None and valign == "middle":
        y = top - (box_height - fitted.height) / 2
    elif box_height is not None and valign == "bottom":
        y = top - (box_height - fitted.height)
    y -= size * 0.93  # ascent of the first line
    canvas.setFont(fitted.font, size)
    for line, ends_paragraph in fitted.lines:
        if align == "center":
            lead, trail = ink_ends(line, fitted.font)  # centred on its ink: "写真三百枚。" not a quarter em left
            draw_line(canvas, line, fitted.font, size,
                      x + width / 2 - 0.5 * (set_width(line, fitted.font, size) + (lead - trail) * size), y)
        elif align == "right":
            draw_line(canvas, line, fitted.font, size, x + width - set_width(line, fitted.font, size), y)
        elif align == "justify":
            draw_justified(canvas, line, fitted.font, size, x, y, width, spread=not ends_paragraph)
        else:
            draw_line(canvas, line, fitted.font, size, x, y)
        y -= size * leading + (size * PARAGRAPH_GAP if ends_paragraph else 0)


def draw_justified(canvas: DrawingCanvas, line: str, font: str, size: float, x: float, y: float, width: float,
                   spread: bool) -> None:
    """One line of justified Japanese or Chinese on `width` from `x`: a line wider than that pushed in, the blank
    half of each of its punctuation marks but an opening bracket that starts it (as `shed` counts them) given up by
    the same share; a narrower one, where `spread` (not a paragraph's last line), spread by even space between its
    characters, never more than WIDEST_SPREAD: a line `_filled` could not fill closer ends short of the edge.
    Two marks in a row are set a half em nearer either way (`blanks`)."""
    over = set_width(line, font, size) - width
    marks = [b for b in blanks(line, font) if not b.squeezed and b.at > 0]
    if over <= TOLERANCE_PT or not marks:
        gap = min(-over / (len(line) - 1), WIDEST_SPREAD * size) if spread and len(line) > 1 and over < 0 else 0.0
        draw_line(canvas, line, font, size, x, y, gap)
        return
    share = min(1.0, over / (sum(b.width for b in marks) * size))
    draw_line(canvas, line, font, size, x, y, pushed=share)


def ink_ends(line: str, font: str) -> tuple[float, float]:
    """The blank halves at the two ends of `line`, at 1 pt: an opening bracket's before it starts, a closing mark's
    after it ends (nothing is inked there)."""
    found = blanks(line, font)
    lead = found[0].width if found and found[0].at == 0 else 0.0
    trail = found[-1].width if found and found[-1].at == len(line) else 0.0
    return lead, trail


def set_width(line: str, font: str, size: float) -> float:
    """The width of `line` drawn at `size` by `draw_line` (what ReportLab measures, less its `squeezed` blanks)."""
    width: float = stringWidth(line, font, size)
    return width - size * _squeezed(line, font)


def draw_line(canvas: DrawingCanvas, line: str, font: str, size: float, x: float, y: float, gap: float = 0.0,
              pushed: float = 0.0) -> None:
    """`line` drawn from `x` as Japanese is set: two punctuation marks in a row a half em nearer (`blanks`), each other
    blank half but one that starts the line given up by the share `pushed`, `gap` pt more between characters."""
    pulled: dict[int, float] = {}  # where a run starts: how much nearer it is drawn than the run before it
    for b in blanks(line, font):
        if 0 < b.at < len(line) and (b.squeezed or pushed):
            pulled[b.at] = pulled.get(b.at, 0.0) + b.width * size * (1.0 if b.squeezed else pushed)
    start, back = 0, 0.0
    for cut in [*sorted(pulled), len(line)]:
        canvas.drawString(x + stringWidth(line[:start], font, size) + gap * start - back, y, line[start:cut],
                          charSpace=gap)  # ReportLab writes no spacing for 0
        back += pulled.get(cut, 0.0)
        start = cut
