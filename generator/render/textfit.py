"""Fit text into a box: wrap at spaces, shrink from the wanted size down to a minimum, never further.

One measure serves the renderer and `pnp lint`: `fit` returns the lines and size used, or the overflow in pt
at the minimum size. Widths are measured once per word at 1 pt and scaled (width is linear in size), which
keeps fitting fast. Korean wraps at spaces, never inside a word (as Korean typesetting expects).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

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
            return Fitted(tuple(lines), current, font, leading, h, 0.0)
        if current - STEP < min_size - 1e-9:
            overflow = max(h - height, too_wide, 0.01 if over_lines else 0.0)
            return Fitted(tuple(lines), current, font, leading, h, round(overflow, 2))
        current = round(current - STEP, 4)


def draw(canvas, fitted: Fitted, x: float, top: float, width: float, align: str = "left",
         box_height: float | None = None, valign: str = "top") -> None:
    """Draw fitted lines with the first baseline under `top`; `valign` centres in `box_height` if given."""
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
