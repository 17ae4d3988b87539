"""Page 1, page 2, the duplex test sheet and the credits read back from the PDF: their Japanese running text is
set justified (each line of a paragraph but its last ends on the column's right edge), English and Korean stay
ragged-right. Read with PDFium, which places characters as a viewer does."""
from __future__ import annotations

import ctypes
import re
from collections import defaultdict
from functools import lru_cache
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from generator.content.load import load_content
from generator.render.core import pages, textfit
from generator.render.core.context import RenderContext
from generator.render.core.document import render_document
from generator.render.core.sheets import MM


class Row(NamedTuple):
    x0: float
    x1: float
    baseline: float
    size: float
    text: str


@lru_cache(maxsize=None)
def own_pages(game: str, lang: str, paper: str) -> tuple[tuple[float, tuple[Row, ...]], ...]:
    """(page width, its lines of text) for pages 1-4 and the last page (the credits), lines top to bottom."""
    data = render_document(RenderContext(load_content(), game, lang, paper)).data
    document = pdfium.PdfDocument(data)
    out = []
    x, y = ctypes.c_double(), ctypes.c_double()
    for index in (0, 1, 2, 3, len(document) - 1):
        page = document[index]
        text = page.get_textpage()
        rows: dict[tuple[float, float], list[tuple[float, float, str]]] = defaultdict(list)
        for n in range(text.count_chars()):
            ch = text.get_text_range(n, 1)
            if ch in "\r\n":
                continue
            raw.FPDFText_GetCharOrigin(text.raw, n, x, y)
            left, _, right, _ = text.get_charbox(n, loose=True)
            rows[(round(y.value, 1), round(raw.FPDFText_GetFontSize(text.raw, n), 2))].append((left, right, ch))
        lines = []
        for (baseline, size), chars in sorted(rows.items(), key=lambda kv: -kv[0][0]):
            chars.sort()
            run = [chars[0]]
            for c in chars[1:]:  # two texts side by side on one baseline (page 1's table) are two lines
                if c[0] - run[-1][1] > size:
                    lines.append(Row(run[0][0], run[-1][1], baseline, size, "".join(r[2] for r in run)))
                    run = []
                run.append(c)
            lines.append(Row(run[0][0], run[-1][1], baseline, size, "".join(r[2] for r in run)))
        out.append((page.get_width(), tuple(line for line in lines if line.text.strip())))
    return tuple(out)


def continued(lines: tuple[Row, ...]) -> list[Row]:
    """Every line that a line of the same paragraph follows: the same size, one `textfit.LEADING` down, the same
    left edge."""
    return [upper for upper in lines for lower in lines
            if lower.size == upper.size and abs(upper.baseline - lower.baseline - upper.size * textfit.LEADING) < 0.05
            and abs(upper.x0 - lower.x0) < 0.5]


def column_edges(width: float, paper: str, game: str) -> list[float]:
    """Where a column of these pages ends: the page's right margin, and on page 1 the side column beside the card
    outline (6 mm clear of it)."""
    card = load_content().print.card.width_mm * MM
    return [width - pages.MARGIN, width - pages.MARGIN - card - 6 * MM]


def running_texts(game: str, lang: str) -> list[str]:
    """The literal parts (between placeholders, no spaces: a line is read without them) of the texts these pages
    set as running text; page 1's table lists decks and sheets in cells, which are not."""
    def strings(node) -> list[str]:
        return [node] if isinstance(node, str) else [s for value in node.values() for s in strings(value)] \
            if isinstance(node, dict) else []

    texts = load_content().texts(game, lang)
    found = [text for section in ("checklist", "scale", "instructions", "duplex_test", "credits")
             for text in strings(texts.section(section))]
    return ["".join(part.split()) for text in found for part in re.split(r"\{[^}]*\}", text)]


def running(lines: tuple[Row, ...], texts: list[str]) -> list[Row]:
    """The lines of `continued` that show a run of ten characters of one of `texts`."""
    def shown(line: str) -> bool:
        return any(line[n:n + 10] in text for n in range(len(line) - 9) for text in texts)

    return [line for line in continued(lines) if shown("".join(line.text.split()))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_japanese_running_text_of_the_own_pages_ends_every_line_but_a_paragraphs_last_on_the_edge(game, paper):
    """Page 1's "ファイル全体を一度に、両面・長辺とじで、ほかは印刷画面の" ended short over "初期設定のまま…": phrase
    breaks left every paragraph of these pages ragged."""
    seen, texts = 0, running_texts(game, "ja")
    for width, lines in own_pages(game, "ja", paper):
        edges = column_edges(width, paper, game)
        for line in running(lines, texts):
            seen += 1
            assert min(abs(line.x1 - edge) for edge in edges) < 0.3, line.text
    assert seen > 12


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_spaced_running_text_of_the_own_pages_stays_ragged(lang):
    short, texts = 0, running_texts("travel", lang)
    for width, lines in own_pages("travel", lang, "a4"):
        edges = column_edges(width, "a4", "travel")
        short += sum(min(abs(line.x1 - edge) for edge in edges) > 3 for line in running(lines, texts))
    assert short > 8
