"""The rulebooks' cover band and diagrams, read back from the PDF: the pieces on the cover are the printed faces
(their words are on page 1), the diagrams' labels are printed in every language, nothing leaves the band or the
paper's printable area, and the page counts the cover and diagrams cost."""
from __future__ import annotations

import io
import re
from functools import lru_cache

import pdfplumber
import pytest
from reportlab.lib.units import mm

from generator.content.load import load_content
from generator.render.core.context import RenderContext
from generator.render.core.document import render_document
from generator.render.core.rulebook import COVER_H, COVER_TEXT, MARGIN, RULE_BELOW, lay_out, rulebook_pages
from generator.render.core.pdfcanvas import PdfCanvas

LANGS = ("en", "ko", "ja")
PAPERS = ("a4", "letter")
#: rulebook pages (the travel distance table included) and whole standard PDFs, by game and paper
RULEBOOK_PAGES = {"threesixteen": 2, "travel": 5}
PDF_PAGES = {("threesixteen", "a4"): 21, ("threesixteen", "letter"): 21, ("travel", "a4"): 33,
             ("travel", "letter"): 35}


@lru_cache(maxsize=None)
def content():
    return load_content()


@lru_cache(maxsize=None)
def book(game: str, lang: str, paper: str) -> tuple[RenderContext, bytes]:
    """The rulebook's pages alone, as the document draws them."""
    ctx = RenderContext(content(), game, lang, paper)
    buffer = io.BytesIO()
    canvas = PdfCanvas(buffer, pagesize=ctx.page_size, invariant=1)
    for page in rulebook_pages(ctx):
        size = ctx.page_size[::-1] if page.landscape else ctx.page_size
        canvas.setPageSize(size)
        page.draw(canvas, *size)
        canvas.showPage()
    canvas.save()
    return ctx, buffer.getvalue()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def band_top(page) -> float:
    """The header's thick rule under the cover band (pdfplumber's top, from the page's top)."""
    return min(ln["top"] for ln in page.lines if ln["linewidth"] >= 2 and ln["x1"] - ln["x0"] > page.width / 2)


def glyphs(chars) -> str:
    """The characters in the order they were drawn (a turned card's words stay together)."""
    return squash("".join(c["text"] for c in chars))


@pytest.mark.parametrize("lang", LANGS)
def test_the_travel_cover_fans_the_printed_cards(lang):
    """Page 1's band holds five card faces drawn by the cards' own code: each card's name is printed there, turned
    with its card, right of the title; the band also holds their icons (forms) and frames (paths)."""
    ctx, data = book("travel", lang, "a4")
    game = ctx.game_data
    names = [ctx.t(f"items.{game.items[0].id}.name"), ctx.t(f"passports.{game.passports[0].id}.name"),
             ctx.t(f"countries.{game.countries[0].sides[0].code}.name"),
             ctx.t(f"special.{game.special[0].id}.name"), ctx.t(f"events.{game.events[0].id}.name")]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        rule = band_top(page)
        art_x = MARGIN + COVER_TEXT * (float(page.width) - 2 * MARGIN)
        band = [c for c in page.chars if c["bottom"] < rule]
        art = glyphs(c for c in band if c["x0"] >= art_x)
        for name in names:
            assert squash(name) in art, name
        turned = [c for c in band if c["x0"] >= art_x and abs(c["matrix"][1]) > 0.01]
        assert len(turned) > 20  # four of the five cards are turned into the fan
        assert glyphs(c for c in band if c["x1"] <= art_x) == squash(
            ctx.t("rulebook.rules") + ctx.t("title") + ctx.t("tagline")
            + ctx.t("rulebook.players", min=game.players.min, max=game.players.max))
        assert len(page.curves) + len(page.rects) > 20


@pytest.mark.parametrize("lang", LANGS)
def test_the_3x16_cover_shows_a_board_corner_and_printed_tiles(lang):
    """Page 1's band: the board's own column caps ("Column A" ...) and numbered tiles, six of them loose and
    turned."""
    ctx, data = book("threesixteen", lang, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        rule = band_top(page)
        band = [c for c in page.chars if c["bottom"] < rule]
        text = glyphs(band)
        for letter in "ABCDE":
            assert squash(ctx.t("board.column", name=letter)) in text
        loose = {c["text"] for c in band if abs(c["matrix"][1]) > 0.01}
        assert {"1", "3", "6", "9"} <= loose


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,keys", [("travel", ("diagram.transit", "diagram.centre", "diagram.hand")),
                                       ("threesixteen", ("diagram.place", "diagram.move"))])
def test_the_diagrams_labels_are_printed_in_every_language(game, keys, lang):
    """The diagram's title, its labels and its caption are printed, filled in, in the book's language."""
    ctx, data = book(game, lang, "a4")
    if game == "travel":
        values: dict[str, object] = dict(ctx.game_data.rules_params.model_dump())
    else:
        nxt = ctx.game_data.example.next
        values = {"call": nxt.call, "column": nxt.move[0], "end": nxt.call - 1, "token": nxt.move,
                  "waits": ctx.t("diagram.waiting", call=4, in_column="A", under=9)}  # game.yaml's example: 4A, 9A
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # drawn order: labels side by side do not interleave
        text = "".join(glyphs(p.chars) for p in pdf.pages)
    for key in ("diagram.title", *keys, "diagram.caption"):
        assert squash(ctx.t(key, **values)) in text, key


EXAMPLE = "example: {calls: [1, 4, 2, 9, 3, 6], moves: [R, A, B>B, A, C>C, B], next: {call: 4, move: B>B}}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example,waits", [
    (EXAMPLE, ("A", 9)),
    ("example: {calls: [1, 4, 2, 7, 3, 6], moves: [R, B, A>A, B, C>C, A], next: {call: 4, move: A>A}}", ("B", 7)),
    ("example: {calls: [1, 5, 2, 9, 3, 6], moves: [R, A, B>B, A, C>C, B], next: {call: 4, move: B>B}}", None)])
def test_the_3x16_diagram_caption_says_what_the_example_draws(tmp_path, lang, example, waits):
    """The caption is filled in from the example the diagram draws: with game.yaml's example changed, the tile
    that waits in a column (its column and the tile under it) changes with it, and a board where no tile of the
    call's number waits has no such sentence."""
    import shutil

    root = tmp_path / "content"
    shutil.copytree(content().root, root)
    game_file = root / "threesixteen" / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace(EXAMPLE, example), encoding="utf-8")
    ctx = RenderContext(load_content(root), "threesixteen", lang, "a4")
    buffer = io.BytesIO()
    canvas = PdfCanvas(buffer, pagesize=ctx.page_size, invariant=1)
    for page in rulebook_pages(ctx):
        canvas.setPageSize(ctx.page_size[::-1] if page.landscape else ctx.page_size)
        page.draw(canvas, *(ctx.page_size[::-1] if page.landscape else ctx.page_size))
        canvas.showPage()
    canvas.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        text = "".join(glyphs(p.chars) for p in pdf.pages)
    nxt = ctx.game_data.example.next
    waiting = "" if waits is None else ctx.t("diagram.waiting", call=nxt.call, in_column=waits[0], under=waits[1])
    caption = ctx.t("diagram.caption", call=nxt.call, token=nxt.move, waits=waiting)
    assert squash(caption) in text
    if waits is None:
        for letter in "ABCDE":
            for under in range(1, 17):
                assert squash(ctx.t("diagram.waiting", call=nxt.call, in_column=letter, under=under)) not in text


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_3x16_caption_follows_the_diagrams_last_step(lang, paper):
    """The diagram is as tall as its steps' words as fitted: the caption starts under the last step, not after
    the room a two-line step would need (8-12 mm of blank before, in every language)."""
    from generator.render.threesixteen.example import next_move, worked_example
    from generator.render.threesixteen.rulebook import diagram_caption, diagram_values

    ctx, data = book("threesixteen", lang, paper)
    example = worked_example(ctx)
    values = diagram_values(ctx, example, next_move(ctx, example))
    step, caption = squash(ctx.t("diagram.move", **values)), squash(diagram_caption(ctx, values))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        [(chars, at, cap_at)] = [(chars, text.find(step), text.find(caption))
                                 for page in pdf.pages
                                 for chars in [[c for c in page.chars if c["text"].strip()]]
                                 for text in ["".join(c["text"] for c in chars)] if step in text]
    step_bottom = max(c["bottom"] for c in chars[at:at + len(step)])
    assert cap_at > at and 2 * mm < chars[cap_at]["top"] - step_bottom < 5 * mm


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_cover_and_diagram_pages_keep_inside_the_printable_area_and_the_band(game, lang, paper):
    """Every glyph, line, rectangle and curve of every rulebook page lies inside the paper's printer margin; on
    page 1 the pieces lie inside the cover band (between the top margin and the header's rule, within the text
    width)."""
    ctx, data = book(game, lang, paper)
    margin = ctx.margin
    book_layout = lay_out(ctx, tight=False)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages):
            w, h = float(page.width), float(page.height)
            for obj in page.chars + page.lines + page.rects + page.curves:
                assert obj["x0"] >= margin - 0.01 and obj["x1"] <= w - margin + 0.01, (n, obj.get("text"))
                assert obj["top"] >= margin - 0.01 and obj["bottom"] <= h - margin + 0.01, (n, obj.get("text"))
            if n == 0:
                top = book_layout.margin_v
                band_bottom = top + COVER_H - RULE_BELOW
                assert band_top(page) == pytest.approx(band_bottom, abs=0.01)
                for obj in page.chars + page.curves + page.rects:
                    if obj["bottom"] <= band_bottom + 0.01:
                        assert obj["top"] >= top - 0.01 and obj["x0"] >= MARGIN - 0.01, obj.get("text")
                        assert obj["x1"] <= w - MARGIN + 0.01, obj.get("text")


@pytest.mark.parametrize("game,paper", list(PDF_PAGES))
def test_page_counts_with_the_cover_and_diagrams(game, paper):
    """3x16's rulebook takes both sides of its one sheet (the rules ran onto the page that was left blank); travel's
    rules take four pages and the distance table a fifth, so an empty page follows: one sheet more than before."""
    for lang in LANGS:
        doc = render_document(RenderContext(content(), game, lang, paper))
        kinds = [p.kind for p in doc.pages]
        assert kinds.count("rulebook") == RULEBOOK_PAGES[game], lang
        assert len(doc.pages) == PDF_PAGES[(game, paper)], lang


def solid_card_fills(page, colours: set[tuple[float, ...]]) -> int:
    """Filled shapes on `page` in one of `colours` (a card kind's full colour, as 0-1 RGB) at least 8 mm across
    both ways: a card's coloured field (a suit pip, a badge or a star in the kind's colour is smaller)."""
    return sum(1 for shape in page.rects + page.curves
               if shape["fill"] and tuple(round(v, 3) for v in shape["non_stroking_color"] or ()) in colours
               and min(shape["width"], shape["height"]) > 8 * mm)


def test_the_ink_saver_rulebook_draws_its_own_faces_from_the_one_layout(monkeypatch):
    """The ink-saver edition draws the rulebook laid out once for every edition (laying it out again fails this
    test), yet its cover and its setup diagram show the ink-saver's faces: on the standard edition's first
    rulebook page the cards fill shapes in the travel kinds' full colours, on the ink-saver's none; every word
    stands where the standard edition put it."""
    from dataclasses import replace

    from generator.render.core import rulebook
    from generator.render.core.colour import rgb
    from generator.render.travel.style import travel_game

    ctx = RenderContext(content(), "travel", "en", "a4")
    pages = rulebook_pages(ctx)

    def laid_out_again(*args, **kwargs):
        raise AssertionError("the rulebook was laid out again")

    monkeypatch.setattr(rulebook, "lay_out", laid_out_again)
    kinds = {tuple(round(v, 3) for v in rgb(kind.colour)) for kind in travel_game(ctx.game_data).kinds.values()}
    drawn = {}
    for edition in (ctx, replace(ctx, ink_saver=True)):
        doc = render_document(edition, components=[], full_pages=[], rule_pages=pages)
        numbers = [n for n, plan in enumerate(doc.pages) if plan.key.startswith("travel/rulebook/")]
        with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
            first = pdf.pages[numbers[0]]
            drawn[edition.ink_saver] = (solid_card_fills(first, kinds),
                                        [[(c["text"], round(c["x0"], 2), round(c["top"], 2)) for c in pdf.pages[n].chars
                                          if c["size"] > 8.5] for n in numbers])
    assert drawn[False][0] > 5 and drawn[True][0] == 0, (drawn[False][0], drawn[True][0])
    assert drawn[True][1] == drawn[False][1]
