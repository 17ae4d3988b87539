"""Fit text into a box: wrap at spaces, shrink from the wanted size down to a minimum, never further.

One measure serves the renderer and `pnp lint`: `fit` returns the lines and size used, or the overflow in pt
at the minimum size. Widths are measured once per word at 1 pt and scaled (width is linear in size), which
keeps fitting fast. Korean wraps at spaces, never inside a word (as Korean typesetting expects).

Lines are broken greedily to find the size, then made to look set by hand without changing the size or the number
of lines: a paragraph does not end on a lone word or after a break that splits what is read as one ("a | rumour",
"할 | 수", "한 | 장") when the line above can spare a word (left-aligned body text stays ragged-right otherwise, as a
column of prose should), and centred text is drawn with its lines as even as they can be (`balanced`), so a two-line
caption never leaves one word below a full line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from reportlab.pdfbase.pdfmetrics import stringWidth

STEP = 0.25  # pt between tried sizes
LEADING = 1.22  # line height as a multiple of the font size
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, as a multiple of the font size
NO_BREAK_SPACE = "\u00a0"
BREAKING_SPACE = re.compile(r"[^\S\u00a0]+")  # any white space except the no-break space


@lru_cache(maxsize=65536)
def unit_width(word: str, font: str) -> float:
    """Width of `word` at 1 pt."""
    return stringWidth(word, font, 1.0)


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box. `overflow_pt` is 0 when it fits; otherwise how far it runs over at `size`."""

    lines: tuple[tuple[str, bool], ...]  # (line, ends a paragraph)
    size: float
    font: str
    leading: float
    height: float
    overflow_pt: float

    @property
    def fits(self) -> bool:
        return self.overflow_pt <= 0.01


def _wrap(paragraphs: list[list[str]], font: str, size: float, width: float) -> tuple[list[tuple[str, bool]], float]:
    """Greedy wrap; returns lines and the widest overflow of a single word (0 when every word fits)."""
    space = unit_width(" ", font) * size
    lines: list[tuple[str, bool]] = []
    too_wide = 0.0
    for words in paragraphs:
        current: list[str] = []
        used = 0.0
        for word in words:
            w = unit_width(word, font) * size
            if w > width:
                too_wide = max(too_wide, w - width)
            if current and used + space + w > width:
                lines.append((" ".join(current), False))
                current, used = [word], w
            else:
                used = used + space + w if current else w
                current.append(word)
        lines.append((" ".join(current), True))
    return lines, too_wide


def _poor_break(words: list[str] | tuple[str, ...], j: int) -> bool:
    """Whether a break before `words[j]` would split what is read as one: a one-letter Latin word or a lone digit
    goes with the word after it ("a rumour", "2 cards"); a one-syllable Korean word after a word ending in ㄴ or ㄹ
    is a bound noun that goes with that word ("할 수", "얻는 것", "교환 후"); any other one-syllable Korean word goes
    with the word after it ("한 장", "맨 아래", "그 세로줄")."""
    before, after = words[j - 1], words[j]
    if len(before) == 1 and before.isascii() and before.isalnum():
        return True
    if _is_syllable(after) and _adnominal(before):
        return True
    return _is_syllable(before) and not (j >= 2 and _adnominal(words[j - 2]))


def _is_syllable(word: str) -> bool:
    """A one-syllable Korean word."""
    return len(word) == 1 and "가" <= word <= "힣"


def _adnominal(word: str) -> bool:
    """Ends like a Korean modifier (a last syllable with final ㄴ or ㄹ: "할", "얻는", "가져온")."""
    last = word[-1]
    return "가" <= last <= "힣" and (ord(last) - ord("가")) % 28 in (4, 8)  # 28 finals a syllable; 4 is ㄴ, 8 is ㄹ


def _mend_last_breaks(lines: list[tuple[str, bool]], font: str, size: float,
                      width: float) -> list[tuple[str, bool]]:
    """Where a paragraph's last line holds one word alone, or its last break is a `_poor_break`, move the last word
    of the line above down (or the last two, when one would leave a poor break), if that line keeps two words or
    more and stays at least as wide as the new last line (so a short label does not turn into a stub over a long
    line). Never adds a line, never widens one beyond `width`."""
    out = list(lines)
    for n in range(1, len(out)):
        last, ends = out[n]
        above, above_ends = out[n - 1]
        words = above.split(" ")
        if not ends or above_ends or (" " in last and not _poor_break([*words, *last.split(" ")], len(words))):
            continue
        for count in (1, 2):
            kept, moved = words[:-count], words[-count:]
            if len(kept) < 2:
                break
            if _poor_break(words, len(kept)):
                continue
            kept_line, joined = " ".join(kept), " ".join([*moved, last])
            if unit_width(joined, font) * size <= min(width, unit_width(kept_line, font) * size):
                out[n - 1], out[n] = (kept_line, False), (joined, True)
            break
    return out


def _words(paragraph: str) -> list[str]:
    """The words of a paragraph: a line breaks at a space, never at a no-break space ("passports ×12")."""
    if NO_BREAK_SPACE not in paragraph:
        return paragraph.split()
    return [word for word in BREAKING_SPACE.split(paragraph) if word]


def _height(lines: list[tuple[str, bool]], size: float, leading: float) -> float:
    gaps = sum(1 for _, end in lines[:-1] if end)
    return len(lines) * size * leading + gaps * size * PARAGRAPH_GAP


def fit(text: str, font: str, width: float, height: float, size: float, min_size: float,
        leading: float = LEADING, max_lines: int | None = None) -> Fitted:
    """Lay `text` out in `width` x `height` pt at the largest size from `size` down to `min_size` that fits."""
    paragraphs = [_words(p) for p in text.split("\n")]
    current = size
    while True:
        lines, too_wide = _wrap(paragraphs, font, current, width)
        h = _height(lines, current, leading)
        over_lines = max_lines is not None and len(lines) > max_lines
        if h <= height + 0.01 and too_wide <= 0.01 and not over_lines:
            return Fitted(tuple(_mend_last_breaks(lines, font, current, width)), current, font, leading, h, 0.0)
        if current - STEP < min_size - 1e-9:
            overflow = max(h - height, too_wide, 0.01 if over_lines else 0.0)
            return Fitted(tuple(lines), current, font, leading, h, round(overflow, 2))
        current = round(current - STEP, 4)


@lru_cache(maxsize=4096)
def balanced(fitted: Fitted) -> Fitted:
    """The same text, size and number of lines per paragraph, broken so the lines are as even as they can be:
    no line gets wider than the widest line of its paragraph was, so what fitted still fits."""
    lines: list[tuple[str, bool]] = []
    paragraph: list[str] = []
    for n, (line, ends) in enumerate(fitted.lines):
        paragraph.append(line)
        if ends or n == len(fitted.lines) - 1:
            if len(paragraph) > 1:
                words = tuple(word for part in paragraph for word in part.split(" ") if word)
                widest = max(unit_width(part, fitted.font) for part in paragraph)
                paragraph = list(_even_lines(words, fitted.font, len(paragraph), widest))
            lines += [(text, ends and k == len(paragraph) - 1) for k, text in enumerate(paragraph)]
            paragraph = []
    return Fitted(tuple(lines), fitted.size, fitted.font, fitted.leading, fitted.height, fitted.overflow_pt)


@lru_cache(maxsize=4096)
def _even_lines(words: tuple[str, ...], font: str, count: int, widest: float) -> tuple[str, ...]:
    """`words` in exactly `count` lines no wider than `widest`, as even as they can be: the least sum of squared
    line widths, where a `_poor_break` costs as much as a line a quarter of `widest` long. Widths are at 1 pt
    (width is linear in size, so they decide for every size)."""
    space = unit_width(" ", font)
    starts = list(accumulate((unit_width(w, font) + space for w in words), initial=0.0))
    total, limit = len(words), widest + 1e-9
    penalty = (widest / 4) ** 2
    least = [[float("inf")] * (total + 1) for _ in range(count + 1)]  # least[c][j]: words before j in c lines
    start = [[0] * (total + 1) for _ in range(count + 1)]  # start[c][j]: the first word of that c-th line
    least[0][0] = 0.0
    for c in range(1, count + 1):
        for j in range(c, total - (count - c) + 1):
            poor = penalty if j < total and _poor_break(words, j) else 0.0
            for i in range(j - 1, c - 2, -1):
                w = starts[j] - starts[i] - space
                if w > limit:
                    break
                value = least[c - 1][i] + w * w + poor
                if value < least[c][j]:
                    least[c][j], start[c][j] = value, i
    lines: list[str] = []
    j = total
    for c in range(count, 0, -1):
        i = start[c][j]
        lines.append(" ".join(words[i:j]))
        j = i
    return tuple(reversed(lines))


def draw(canvas, fitted: Fitted, x: float, top: float, width: float, align: str = "left",
         box_height: float | None = None, valign: str = "top") -> None:
    """Draw fitted lines with the first baseline under `top`; `valign` centres in `box_height` if given.
    Centred text is drawn `balanced`."""
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
            canvas.drawCentredString(x + width / 2, y, line)
        elif align == "right":
            canvas.drawRightString(x + width, y, line)
        else:
            canvas.drawString(x, y, line)
        y -= size * leading + (size * PARAGRAPH_GAP if ends_paragraph else 0)
