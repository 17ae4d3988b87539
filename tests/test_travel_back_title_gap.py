"""The travel backs, read back from the PDF: the words under the medallion keep clear of its ring in every
language and edition (Korean and Japanese glyphs reach the top of their box, where Latin capitals do not)."""
from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.render.core.context import Box, RenderContext
from generator.render.travel.backs import character_back, deck_back
from generator.render.travel.kit import Kit

#: the least clear space between a ring's lowest point and the top of the first line's boxes under it
CLEAR = 2 * mm


@pytest.fixture(scope="module")
def content():
    return load_content()


def drawn(ctx: RenderContext, back) -> pdfplumber.page.Page:
    kit = Kit(ctx)
    face = back(kit)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(kit.geo.w, kit.geo.h), invariant=1)
    face.draw(canvas, Box(0, 0, kit.geo.w, kit.geo.h))
    canvas.showPage()
    canvas.save()
    return pdfplumber.open(io.BytesIO(buffer.getvalue())).pages[0]


def ring_bottom(page) -> float:
    """The lowest point (pdfplumber's top, from the page's top) of the largest circle round the page's centre."""
    circles = [c for c in page.curves if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 0.5
               and abs((c["x0"] + c["x1"]) / 2 - page.width / 2) < 0.5]
    widest = max(circles, key=lambda c: c["x1"] - c["x0"])
    return widest["bottom"] + widest.get("linewidth", 0) / 2 * bool(widest.get("stroke"))


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("back", [deck_back, character_back])
def test_the_words_under_a_backs_medallion_keep_clear_of_its_ring(content, lang, ink_saver, back):
    page = drawn(RenderContext(content, "travel", lang, "a4", ink_saver=ink_saver), back)
    ring = ring_bottom(page)
    first = min(page.chars, key=lambda ch: ch["top"])
    assert first["top"] > page.height / 2  # the words are under the medallion
    assert first["top"] - ring >= CLEAR, (lang, first["text"], first["top"] - ring)
