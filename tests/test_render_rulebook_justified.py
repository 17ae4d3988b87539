"""The rulebook's running text read back from the PDF: Japanese is set justified (every line of a paragraph but its
last ends on the column's right edge, spread by even space between its characters, or pushed in: its punctuation's
blank halves given up), English and Korean stay ragged-right (how far a line is spread: test_render_pages_justified). A rule citation stays on one line, and a bold question keeps its phrases whole."""
from __future__ import annotations

import ctypes
import io
import re
from collections import defaultdict
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.render.core import linebreak, textfit
from generator.render.core.context import RenderContext
from generator.render.core.rulebook import BULLET, rulebook_pages
from test_render_pages_justified import reaches

#: the body's leading as a multiple of its size (rulebook.Styles: as set, and tight)
LEADINGS = (1.38, 1.28)


class Row(NamedTuple):
    x0: float
    x1: float
    baseline: float
    size: float
    gaps: tuple[float, ...]  # the space between each two neighbouring characters, pt
    text: str


@lru_cache(maxsize=None)
def running_rows(game: str, lang: str, paper: str = "a4", bold: bool = False) -> tuple[tuple[Row, ...], ...]:
    """Each column's lines of regular running text (the body size, no bold titles or questions; with `bold`, those
    only), top to bottom,
    the portrait pages only (the distance table is a page of its own). Read with PDFium, which places characters
    as a viewer does (pdfminer drops the character spacing after a glyph of some faces)."""
    ctx = RenderContext(load_content(), game, lang, paper)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=ctx.page_size, invariant=1)
    for page in rulebook_pages(ctx):
        if not page.landscape:
            page.draw(canvas, *ctx.page_size)
            canvas.showPage()
    canvas.save()
    body = ctx.print.type.body
    columns = []
    name = ctypes.create_string_buffer(128)
    x, y, flags = ctypes.c_double(), ctypes.c_double(), ctypes.c_int()
    for page in pdfium.PdfDocument(buffer.getvalue()):
        text = page.get_textpage()
        rows: dict[tuple[int, float], list[tuple[float, float, str]]] = defaultdict(list)
        for n in range(text.count_chars()):
            ch = text.get_text_range(n, 1)
            raw.FPDFText_GetFontInfo(text.raw, n, name, len(name), flags)
            if ch in "\r\n" or round(raw.FPDFText_GetFontSize(text.raw, n), 2) != body or (b"Bold" in name.value) != bold:
                continue
            raw.FPDFText_GetCharOrigin(text.raw, n, x, y)
            left, _, right, _ = text.get_charbox(n, loose=True)  # the glyph's advance, as set
            rows[(int(left > page.get_width() / 2), round(y.value, 1))].append((left, right, ch))
        for side in (0, 1):
            column = []
            for (s, baseline), chars in sorted(rows.items(), key=lambda kv: -kv[0][1]):
                if s == side and "".join(c[2] for c in chars).strip():
                    chars.sort()
                    gaps = tuple(b[0] - a[1] for a, b in zip(chars, chars[1:]))
                    column.append(Row(chars[0][0], chars[-1][1], baseline, body, gaps, "".join(c[2] for c in chars)))
            columns.append(tuple(column))
    return tuple(columns)


def continued(column: tuple[Row, ...]) -> list[tuple[Row, Row]]:
    """(line, the line under it) where the lower line goes on with the same paragraph: exactly the body's leading
    down (as set, or tight), at the same left edge, not the next item of a list."""
    return [(upper, lower) for upper, lower in zip(column, column[1:])
            if any(abs(upper.baseline - lower.baseline - leading * upper.size) < 0.05 for leading in LEADINGS)
            and abs(upper.x0 - lower.x0) < 0.5 and not lower.text.startswith(BULLET)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_japanese_running_text_is_justified_to_the_column_edge_and_never_spread_far(game, paper):
    """The Japanese rulebook broke lines at phrases and left the column ragged ("3本の横列を最初に完成させた" over
    "プレイヤーの勝ちです。"); a Japanese book is set justified, each line cut where kinsoku allows and filled (how
    a line that ends short, or past the edge by a blank half, reaches it: `reaches`)."""
    pairs, spreads = 0, []
    for column in running_rows(game, "ja", paper):
        if not column:
            continue
        edge = max(row.x1 for row in column if row.text[-1] not in textfit.CLOSING)
        for upper, _ in continued(column):
            pairs += 1
            assert reaches(upper, edge), upper.text
            spreads.append(max(upper.gaps) / upper.size)
    assert pairs > 24  # the check saw the book's paragraphs
    assert sorted(spreads)[len(spreads) // 2] < 0.1  # most lines are spread by a hair


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_spaced_running_text_stays_ragged_right_with_plain_word_spaces(game, lang):
    """The same layout code sets English and Korean ragged-right, as a column of prose should: lines end short of
    the edge by different amounts, and no line is spread by character spacing."""
    short = 0
    for column in running_rows(game, lang):
        if not column:
            continue
        edge = max(row.x1 for row in column)
        for upper, _ in continued(column):
            short += upper.x1 < edge - 3
            # a loose box may reach past its advance where a glyph overhangs (Noto Sans's f and j): under 7% of the size
            assert min(upper.gaps) > -0.07 * upper.size and sorted(upper.gaps)[len(upper.gaps) // 2] < 0.05, upper.text
    assert short > 20


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_japanese_rule_citations_stay_on_one_line(game):
    """A FAQ answer ended "…捨てます（R9、" over "R17）。": a citation in full-width brackets is held like a name."""
    for column in running_rows(game, "ja"):
        for upper, lower in continued(column):
            assert not re.search(r"（R\d+[^）]*$", upper.text), (upper.text, lower.text)


def test_japanese_questions_break_between_phrases():
    """A bold FAQ question is a title, ragged, so filling its line gains nothing: it read "どうすればいいで" over
    "すか？"; it breaks where a phrase ends ("どうすれば" / "いいですか？")."""
    names = tuple(load_content().texts("travel", "ja").names())
    breaks = 0
    for column in running_rows("travel", "ja", bold=True):
        for upper, lower in continued(column):
            text = upper.text + lower.text
            ends = set(accumulate(len(piece.text) for piece in linebreak.pieces(text, "ja", names)))
            assert len(upper.text) in ends, (upper.text, lower.text)
            breaks += 1
    assert breaks >= 3
