"""Page 1, page 2, the duplex test sheet and the credits read back from the PDF: their Japanese running text is
set justified (each line of a paragraph but its last ends on the column's right edge), English and Korean stay
ragged-right; and no justified Japanese line of any PDF, these pages, the rulebook and every edition, is spread
further than `textfit.WIDEST_SPREAD` between two characters. Read with PDFium, which places characters as a viewer
does."""
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
from generator.render.core import linebreak, pages, textfit
from generator.render.core.context import RenderContext
from generator.render.core.document import render_document
from generator.render.core.sheets import MM


class Row(NamedTuple):
    x0: float
    x1: float
    baseline: float
    size: float
    text: str
    gaps: tuple[float, ...] = ()  # the space between each two neighbouring characters, pt


def rows(page) -> list[Row]:
    """The page's lines of upright text, top to bottom: characters on one baseline at one size, two texts side by
    side on one baseline (page 1's table, the cards of a sheet) parted where a gap is wider than an em."""
    text = page.get_textpage()
    found: dict[tuple[float, float], list[tuple[float, float, str]]] = defaultdict(list)
    x, y = ctypes.c_double(), ctypes.c_double()
    for n in range(text.count_chars()):
        ch = text.get_text_range(n, 1)
        if ch in "\r\n" or abs(raw.FPDFText_GetCharAngle(text.raw, n)) > 1e-3:
            continue
        raw.FPDFText_GetCharOrigin(text.raw, n, x, y)
        left, _, right, _ = text.get_charbox(n, loose=True)  # the glyph's advance, as set
        found[(round(y.value, 1), round(raw.FPDFText_GetFontSize(text.raw, n), 2))].append((left, right, ch))
    lines = []
    for (baseline, size), chars in sorted(found.items(), key=lambda kv: -kv[0][0]):
        chars.sort()
        run = [chars[0]]
        for c in [*chars[1:], None]:
            if c is None or c[0] - run[-1][1] > size:
                lines.append(Row(run[0][0], run[-1][1], baseline, size, "".join(r[2] for r in run),
                                 tuple(b[0] - a[1] for a, b in zip(run, run[1:]))))
                run = []
            if c is not None:
                run.append(c)
    return [line for line in lines if line.text.strip()]


def reaches(line: Row, edge: float) -> bool:
    """Whether a justified line ends on `edge`: its last character's advance does, or, where that is a closing
    bracket, comma or full stop whose blank half was given up to push the line in, its ink does (the blank lies past
    the edge); or the line is spread as far as it may be and still short (the next word would not fit)."""
    if line.text[-1] in textfit.CLOSING and line.x1 - line.size / 2 - 0.3 <= edge <= line.x1 + 0.3:
        return True
    spread = line.gaps and min(line.gaps) == pytest.approx(textfit.WIDEST_SPREAD * line.size, abs=0.01)
    return abs(line.x1 - edge) < 0.3 or bool(spread) and line.x1 < edge


@lru_cache(maxsize=None)
def own_pages(game: str, lang: str, paper: str) -> tuple[tuple[float, tuple[Row, ...]], ...]:
    """(page width, its lines of text) for pages 1-4 and the last page (the credits), lines top to bottom."""
    data = render_document(RenderContext(load_content(), game, lang, paper)).data
    document = pdfium.PdfDocument(data)
    return tuple((document[index].get_width(), tuple(rows(document[index])))
                 for index in (0, 1, 2, 3, len(document) - 1))


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


def running(lines: tuple[Row, ...], texts: list[str], width: float) -> list[Row]:
    """The lines of `continued` that show a run of ten characters of one of `texts`, outside page 1's card outline
    (the words in it are centred, and two balanced lines of them may start on one edge as a paragraph's do)."""
    def shown(line: str) -> bool:
        return any(line[n:n + 10] in text for n in range(len(line) - 9) for text in texts)

    outline = width - pages.MARGIN - load_content().print.card.width_mm * MM
    return [line for line in continued(lines) if line.x0 < outline and shown("".join(line.text.split()))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_japanese_running_text_of_the_own_pages_ends_every_line_but_a_paragraphs_last_on_the_edge(game, paper):
    """Page 1's "ファイル全体を一度に、両面・長辺とじで、ほかは印刷画面の" ended short over "初期設定のまま…": phrase
    breaks left every paragraph of these pages ragged."""
    seen, texts = 0, running_texts(game, "ja")
    for width, lines in own_pages(game, "ja", paper):
        edges = column_edges(width, paper, game)
        for line in running(lines, texts, width):
            seen += 1
            assert any(reaches(line, edge) for edge in edges), line.text
    assert seen > 12


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_spaced_running_text_of_the_own_pages_stays_ragged(lang):
    short, texts = 0, running_texts("travel", lang)
    for width, lines in own_pages("travel", lang, "a4"):
        edges = column_edges(width, "a4", "travel")
        short += sum(min(abs(line.x1 - edge) for edge in edges) > 3 for line in running(lines, texts, width))
    assert short > 8


def spread(line: Row) -> float:
    """How far a justified line is spread between two characters, in ems: character spacing puts the same space
    between every two (after a bullet: its own gap); 0 for a line not set so (pushed in, or not spread: no space
    between most of its characters; a table's cells, a grid of tiles: different gaps)."""
    gaps = line.gaps[1:] if line.text.startswith("•") else line.gaps
    wide = [gap for gap in gaps if gap > 0.005 * line.size]
    even = wide and len(wide) == len(gaps) and max(wide) - min(wide) < 0.01 * line.size
    return wide[0] / line.size if even else 0.0


@pytest.mark.parametrize("edition", ["standard", "ink-saver", "gutterfold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_no_justified_japanese_line_of_any_pdf_is_spread_further_than_the_bound(game, paper, edition):
    """The rulebook spread "キャラクターカードに書かれた枚数の" 0.43 em between its characters over "アイテムカード…" (a name
    kept whole), and "盗む、旅行、禁止アイテムを捨てる、" too: a line is pushed in (its punctuation's blank halves
    given up) or cut more freely (a compound name at its seam, "アイテム|カード", then as Japanese books are) before
    it is spread further than WIDEST_SPREAD. Every page of every edition, read back from the PDF."""
    ctx = RenderContext(load_content(), game, "ja", paper, ink_saver=edition == "ink-saver")
    document = pdfium.PdfDocument(render_document(ctx, gutterfold=edition == "gutterfold").data)
    spreads = [(spread(line), line.text) for page in document for line in rows(page)
               if len(line.text) > 6 and sum(map(linebreak.unspaced, line.text)) > len(line.text) / 2]
    set_spread = [found for found in spreads if found[0] > 0]
    assert len(set_spread) > 20  # the check saw the justified lines
    assert max(set_spread) <= (textfit.WIDEST_SPREAD + 0.001, "")
