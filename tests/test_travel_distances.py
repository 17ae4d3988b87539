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
from generator.render.core.sheets import MM


@pytest.fixture(scope="module")
def content():
    return load_content()


def table_page(content, lang: str, paper: str) -> tuple[list[dict], float, float]:
    """The words of the rulebook's last page drawn alone (as the document draws it: landscape), and its size."""
    ctx = RenderContext(content, "travel", lang, paper)
    page = rulebook_pages(ctx)[-1]
    assert page.landscape
    out = io.BytesIO()
    height, width = ctx.page_size
    canvas = Canvas(out, pagesize=(width, height), invariant=1)
    page.draw(canvas, width, height)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        return pdf.pages[0].extract_words(x_tolerance=1), width, height


@pytest.mark.parametrize("lang, paper", [("en", "a4"), ("ko", "letter")])
def test_the_printed_table_gives_the_checkers_distances(content, lang, paper):
    words, _, _ = table_page(content, lang, paper)
    t = tables_for(content.games["travel"])
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


@pytest.mark.parametrize("lang, paper", [("en", "a4"), ("en", "letter"), ("ko", "a4"), ("ja", "letter")])
def test_the_tables_numbers_keep_clear_air_between_columns_and_stay_on_the_page(content, lang, paper):
    """Between any two neighbours on a row of the grid (a row's name and its first number, or two numbers), at
    least 2 mm of white: the portrait table once left 1.3 mm between five-digit numbers. Everything drawn stays
    inside the book's 16 mm side margins."""
    words, width, height = table_page(content, lang, paper)
    numbers = [w for w in words if w["text"].isdigit() or w["text"] == "–"]
    rows: list[list[dict]] = []
    for w in sorted(numbers, key=lambda w: w["bottom"]):  # one row: bottoms within 1 pt ("–" sits higher)
        if rows and w["bottom"] - rows[-1][0]["bottom"] < 1:
            rows[-1].append(w)
        else:
            rows.append([w])
    grid = [sorted(row, key=lambda w: w["x0"]) for row in rows if len(row) == 24]
    assert len(grid) == 24
    gaps = []
    for row in grid:
        label = [w for w in words if abs(w["bottom"] - row[-1]["bottom"]) < 1 and w["x1"] < row[0]["x0"]]
        line = sorted(label, key=lambda w: w["x0"])[-1:] + row
        gaps += [b["x0"] - a["x1"] for a, b in zip(line, line[1:])]
    assert min(gaps) >= 2 * MM
    assert min(w["x0"] for w in words) >= 16 * MM - 0.5 and max(w["x1"] for w in words) <= width - 16 * MM + 0.5
