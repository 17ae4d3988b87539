"""The distance table printed in the travel rulebook settles who starts as the checker does: read back from the
PDF, the cell of a transit country's row under the centre country's column is the checker's number."""
from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.games.travel.cards import tables_for
from generator.render.core.context import RenderContext
from generator.render.core.rulebook import rulebook_pages


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.mark.parametrize("lang, paper", [("en", "a4"), ("ko", "letter")])
def test_the_printed_table_gives_the_checkers_distances(content, lang, paper):
    ctx = RenderContext(content, "travel", lang, paper)
    page = rulebook_pages(ctx)[-1]
    out = io.BytesIO()
    width, height = ctx.page_size
    canvas = Canvas(out, pagesize=(width, height), invariant=1)
    page.draw(canvas, width, height)
    canvas.showPage()
    canvas.save()
    t = tables_for(content.games["travel"])
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        words = pdf.pages[0].extract_words(x_tolerance=1)
    codes = set(t.side_codes)
    header = {w["text"]: w for w in words if w["text"] in codes and abs(w["top"] - min(
        x["top"] for x in words if x["text"] in codes)) < 1}
    assert set(header) == codes
    rows = {}
    for w in sorted(words, key=lambda w: w["top"]):  # row labels, above the legend's codes
        if w["text"] in codes and w["x0"] < header["KR"]["x0"] - 1:
            rows.setdefault(w["text"], w)
    assert set(rows) == codes

    def cell(row: str, column: str) -> str:
        r, c = rows[row], header[column]
        middle = (c["x0"] + c["x1"]) / 2
        return next(w["text"] for w in words if abs(w["top"] - r["top"]) < 1 and w["x0"] <= middle <= w["x1"])

    assert (cell("FR", "DE"), cell("GB", "DE")) == ("877", "932")  # France starts, not the UK (R7)
    side = t.side_index
    for row in ("KR", "MX", "NZ", "CA"):
        for column in ("JP", "FR", "US"):
            expected = "–" if row == column else str(t.side_km[side[row]][side[column]])
            assert cell(row, column) == expected
