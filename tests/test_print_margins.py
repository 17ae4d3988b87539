"""Nothing but the page's background within each paper's printer margin, on every page of every edition: what a
home printer leaves blank (many US lasers 1/4 in, 6.35 mm; most A4 printers 4-5 mm, so 5.5 mm there). Read from
the PDF: every pixel rendered by pdfium, the bands' rectangles by pdfplumber."""
from __future__ import annotations

import io
from functools import lru_cache

import numpy as np
import pdfplumber
import pypdfium2
import pytest

from generator.content.load import load_content
from generator.render.core.context import RenderContext
from generator.render.core.document import render_document
from generator.render.core.sheets import MM

from conftest import PRINT_CASES

MARGIN_MM = {"a4": 5.5, "letter": 6.35}
DPI = 100


@lru_cache(maxsize=None)
def content():
    return load_content()


def document(game: str, lang: str, paper: str, edition: str):
    ctx = RenderContext(content(), game, lang, paper, ink_saver=edition == "ink-saver")
    return render_document(ctx, gutterfold=edition == "gutterfold")


def test_the_papers_margins_are_the_ones_printers_leave_blank():
    assert {name: paper.margin_mm for name, paper in content().print.papers.items()} == MARGIN_MM


@pytest.mark.parametrize("game, lang, paper, edition", PRINT_CASES)
def test_nothing_but_the_background_within_the_papers_margin_of_any_page(game, lang, paper, edition):
    """Page 1's and the credits page's dark band ran to the paper's edge; cut marks ended exactly on a 5 mm
    margin. Rendered at 100 dpi, every pixel within the margin (less the pixel the margin's own line falls in) is
    paper white: clipped art as it prints, not as its unclipped outlines say (the cut marks' exact ends are read
    as lines in test_render_core)."""
    doc = document(game, lang, paper, edition)
    band = int(MARGIN_MM[paper] / 25.4 * DPI) - 1  # whole pixels inside the margin
    pdf = pypdfium2.PdfDocument(doc.data)
    try:
        for n in range(len(pdf)):
            pixels = np.asarray(pdf[n].render(scale=DPI / 72).to_pil().convert("L"))
            h, w = pixels.shape
            for strip in (pixels[:band], pixels[h - band:], pixels[:, :band], pixels[:, w - band:]):
                assert strip.min() >= 250, (n + 1, doc.pages[n].kind)
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_dark_band_of_page_1_and_the_credits_page_lies_inside_the_printable_area(paper):
    """The band that opens both pages is still there, drawn inside the margin rather than bled to the edge."""
    doc = document("travel", "en", paper, "standard")
    with pdfplumber.open(io.BytesIO(doc.data)) as plumbed:
        for page in (plumbed.pages[0], plumbed.pages[-1]):
            dark = [r for r in page.rects + page.curves if r.get("fill") and r["non_stroking_color"]
                    and max(r["non_stroking_color"]) < 0.4 and r["width"] > page.width / 2]
            assert dark, "no band"
            for band in dark:
                assert min(band["x0"], band["top"], page.width - band["x1"]) >= MARGIN_MM[paper] * MM
