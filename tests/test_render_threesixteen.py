"""3x16 tiles, boards and log sheet, read back from the PDFs they draw."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.render.core.context import Box, RenderContext, TextOverflow
from generator.render.core.document import render_document
from generator.render.threesixteen.board import AIR, BoardLayout
from generator.render.threesixteen.components import (edition_colour, needs_mark, threesixteen_components,
                                                      threesixteen_pages, tile_sets, turned_number)
from generator.render.threesixteen.logsheet import LogSheetLayout

from conftest import replace_in

PAPERS = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}  # landscape
MARGIN_MM = {"a4": 5.5, "letter": 6.35}  # each paper's printer margin (print.yaml)


@pytest.fixture(scope="module")
def content():
    return load_content()


def ctx_for(content, lang="en", paper="a4"):
    return RenderContext(content, "threesixteen", lang, paper)


def pages_pdf(ctx, pages) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for page in pages:
        w, h = ctx.page_size
        if page.landscape:
            w, h = h, w
        canvas.setPageSize((w, h))
        page.draw(canvas, w, h)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def faces_pdf(faces, w, h, bleed=0.0) -> bytes:
    """Each face alone on a page the size of its bleed box."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(w + 2 * bleed, h + 2 * bleed), invariant=1)
    for face in faces:
        face.draw(canvas, Box(bleed, bleed, w, h, bleed))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


# --- tiles -------------------------------------------------------------------------------------------------


def test_tile_counts_decks_and_shared_backs(content):
    components = threesixteen_components(ctx_for(content))
    assert len(components) == 48 * 5
    decks = {}
    for c in components:
        decks.setdefault(c.deck, []).append(c)
    assert list(decks) == ["tiles-red", "tiles-blue", "tiles-green", "tiles-yellow", "tiles-caller"]
    for deck, tiles in decks.items():
        assert len(tiles) == 48
        numbers = sorted(int(t.id.split("-")[2]) for t in tiles)
        assert numbers == sorted(list(range(1, 17)) * 3)
        assert len({t.back.key for t in tiles}) == 1, "one back per set"
    assert len({c.id for c in components}) == 240
    assert len({c.front.key for c in components}) == 240
    sizes = {c.deck: (round(c.width / mm, 3), round(c.height / mm, 3)) for c in components}
    assert sizes == {**{deck: (16.0, 16.0) for deck in list(decks)[:-1]}, "tiles-caller": (30.0, 30.0)}


def test_only_numbers_that_turn_into_another_number_are_marked():
    assert turned_number(6) == 9 and turned_number(9) == 6 and turned_number(11) == 11
    assert turned_number(16) == 91 and turned_number(10) is None and turned_number(7) is None
    assert [n for n in range(1, 17) if needs_mark(n, 16)] == [6, 9]
    assert [n for n in range(1, 100) if needs_mark(n, 99)] == [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]


def test_tile_fronts_show_their_number_and_6_and_9_carry_a_bar(content):
    components = threesixteen_components(ctx_for(content))
    red = [c for c in components if c.deck == "tiles-red" and c.id.endswith("-1")]
    w, h = red[0].width, red[0].height
    with pdfplumber.open(io.BytesIO(faces_pdf([c.front for c in red], w, h, bleed=2 * mm))) as pdf:
        for n, page in enumerate(pdf.pages, start=1):
            assert page.extract_text() == str(n)
            bars = [r for r in page.rects if r["width"] < w - 1]  # everything but the background
            if n in (6, 9):
                assert len(bars) == 1
                bar, chars = bars[0], page.chars
                # under the numeral's baseline, about as wide as the numeral
                baseline = page.height - chars[0]["matrix"][5]
                assert baseline < bar["top"] < baseline + 3 * mm
                assert abs(bar["width"] - sum(ch["width"] for ch in chars)) < 1
            else:
                assert bars == []
            # the background reaches the bleed edge; the numeral stays 3 mm inside the trim
            background = page.rects[0]
            assert background["width"] == pytest.approx(w + 4 * mm, abs=0.01)
            for ch in page.chars:
                assert 2 * mm + 3 * mm - 0.5 <= ch["x0"] and ch["x1"] <= 2 * mm + w - 3 * mm + 0.5


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_tile_backs_name_their_colour(content, lang):
    ctx = ctx_for(content, lang)
    components = threesixteen_components(ctx)
    backs = {c.deck: c.back for c in components}
    w = components[0].width
    with pdfplumber.open(io.BytesIO(faces_pdf(list(backs.values()), w, w))) as pdf:
        texts = [squash(page.extract_text()) for page in pdf.pages]
    for (deck, _), text in zip(backs.items(), texts):
        colour = deck.removeprefix("tiles-")
        assert squash(ctx.t(f"colours.{colour}")) in text


def test_tile_backs_are_one_form_per_set(content):
    components = threesixteen_components(ctx_for(content))
    pdf = faces_pdf([c.back for c in components], components[0].width, components[0].height)
    assert pdf.count(b"/Subtype /Form") == 5


def tile_fills(page, tile: float) -> list[tuple[float, ...]]:
    """The fill colour of every tile background a page of the PDF paints (a square at least a tile wide, at most a
    tile and two full bleeds)."""
    return [tuple(round(c, 3) for c in r["non_stroking_color"]) for r in page.rects
            if tile - 0.01 <= r["width"] <= tile + 6 * mm and abs(r["width"] - r["height"]) < 0.01 and r["fill"]]


def colour_key(hex_colour: str) -> tuple[float, ...]:
    value = int(hex_colour.lstrip("#"), 16)
    return tuple(round(((value >> shift) & 0xFF) / 255, 3) for shift in (16, 8, 0))


def tile_rects(page, tile: float) -> list[dict]:
    """The tile backgrounds a page of the PDF paints, as `tile_fills` finds them."""
    return [r for r in page.rects
            if tile - 0.01 <= r["width"] <= tile + 6 * mm and abs(r["width"] - r["height"]) < 0.01 and r["fill"]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["standard", "ink-saver", "gutterfold"])
def test_player_tiles_fill_one_sheet_and_the_caller_set_another(content, paper, edition):
    """Read from the PDF: the 4 x 48 player tile fronts fill one page (each colour's 48 in four full rows of 12),
    followed by an empty page (never by backs), and no page paints a player tile's back; the caller's 48 larger
    tiles fill a page of their own, fronts then backs (or, in the gutterfold edition, beside each front). Every
    tile lies inside the printer margin, and the tiles span most of the printable area (measured: 192 of 199 mm
    across A4 and 256 of 286 down it; 192 of 203.2 and 256 of 266.7 on Letter; the caller's 180 x 240 mm)."""
    ctx = RenderContext(content, "threesixteen", "en", paper, ink_saver=edition == "ink-saver")
    MARGIN = MARGIN_MM[paper] * mm
    doc = render_document(ctx, gutterfold=edition == "gutterfold")
    game = content.games["threesixteen"]
    tile, caller_tile = game.tile.width_mm * mm, game.caller_tile.width_mm * mm
    sets = [edition_colour(ctx, colour) for colour in tile_sets(ctx)]
    players, caller = {colour_key(c.fill): c.id for c in sets[:-1]}, colour_key(sets[-1].fill)
    player_pages, caller_pages, caller_faces = [], [], 0
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        for n, (page, plan) in enumerate(zip(pdf.pages, doc.pages), start=1):
            if plan.kind not in ("fronts", "backs"):  # a board's places are tile-sized squares too
                continue
            small, large = tile_rects(page, tile), tile_rects(page, caller_tile)
            assert bool(small) != bool(large), (n, len(small), len(large))  # one size to a page
            rects = small or large
            printable_w, printable_h = float(page.width) - 2 * MARGIN, float(page.height) - 2 * MARGIN
            for r in rects:
                assert r["x0"] >= MARGIN - 0.01 and r["x1"] <= float(page.width) - MARGIN + 0.01, (n, r["x0"], r["x1"])
                assert r["top"] >= MARGIN - 0.01 and r["bottom"] <= float(page.height) - MARGIN + 0.01, (n, r["top"])
            span_w = max(r["x1"] for r in rects) - min(r["x0"] for r in rects)
            span_h = max(r["bottom"] for r in rects) - min(r["top"] for r in rects)
            fills = [tuple(round(c, 3) for c in r["non_stroking_color"]) for r in rects]
            if small:
                assert plan.kind == "fronts", n
                counts = {players[f]: fills.count(f) for f in set(fills)}
                assert counts == {c.id: 48 for c in sets[:-1]}, (n, counts)
                for f in set(fills):  # a colour's tiles take whole rows of their own
                    rows = {round(r["top"]) for r, g in zip(rects, fills) if g == f}
                    assert len(rows) == 4 and not any(round(r["top"]) in rows for r, g in zip(rects, fills) if g != f)
                assert span_w >= 0.9 * printable_w and span_h >= 0.85 * printable_h, (n, span_w / mm, span_h / mm)
                player_pages.append(n)
                if edition != "gutterfold":
                    assert doc.pages[n].kind == "blank" and not tile_rects(pdf.pages[n], tile)
            else:
                assert set(fills) == {caller}, (n, set(fills))
                if edition != "gutterfold":
                    assert len(fills) == 48, (n, len(fills))
                    assert span_w >= 0.85 * printable_w and span_h >= 0.8 * printable_h, (n, span_w / mm, span_h / mm)
                caller_pages.append(n)
                caller_faces += len(fills)
    assert len(player_pages) == 1
    assert caller_faces == 2 * 48  # fronts and backs
    assert len(caller_pages) == 2  # fronts and backs; in the gutterfold edition, 24 (A4: 27) pairs to a page
    assert [p.kind for p in doc.pages].count("backs") == (0 if edition == "gutterfold" else 1)


def pages_named(ctx, text: str) -> list[int]:
    """The page numbers a checklist row names ("p. 5", "pp. 9–10", "pp. 5, 7–8" in its language), read back
    through the language's own templates."""
    def pattern(key: str, **fields: str) -> str:
        template = re.escape(ctx.t(key, **{k: f"@{k}@" for k in fields}))
        for k, rx in fields.items():
            template = template.replace(f"@{k}@", rx)
        return template

    run = pattern("punctuation.range", first=r"\d+", last=r"\d+")
    listed = f"(?:{run}|\\d+)(?:{re.escape(ctx.t('punctuation.list'))}(?:{run}|\\d+))+"
    for key, fields in (("checklist.pages_list", {"pages": f"({listed})"}),
                        ("checklist.pages_range", {"first": r"(\d+)", "last": r"(\d+)"}),
                        ("checklist.pages_one", {"first": r"(\d+)"})):
        found = re.search(pattern(key, **fields), text)
        if found is None:
            continue
        if key == "checklist.pages_one":
            return [int(found.group(1))]
        if key == "checklist.pages_range":
            return list(range(int(found.group(1)), int(found.group(2)) + 1))
        pages = []
        for part in found.group(1).split(ctx.t("punctuation.list")):
            ends = [int(x) for x in re.findall(r"\d+", part)]
            pages += list(range(ends[0], ends[-1] + 1))
        return pages
    raise AssertionError(f"no page numbers in {text!r}")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_contents_name_the_pages_the_rulebook_is_printed_on(content, lang, paper):
    """Read from the PDF: page 1's rulebook row names exactly the pages that carry rules (a rule id such as
    "R1"), not the empty page after them, and calls them one-sided when none lies on the back of a sheet; the empty
    page says so in a few words."""
    ctx = ctx_for(content, lang, paper)
    doc = render_document(ctx)
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    rule_pages = [n for n, text in enumerate(texts, start=1) if re.search(r"\bR\d{1,2}\b", text)]
    row = next(line for line in texts[0].splitlines() if line.startswith(ctx.t("checklist.rulebook")))
    # since the cover band and the diagram, both sides of the rulebook's sheet (it was p. 5 and an empty p. 6)
    assert pages_named(ctx, row[len(ctx.t("checklist.rulebook")):]) == rule_pages == [5, 6], row
    sides = ctx.t("checklist.two_sided", edge=ctx.t("duplex.long")) if any(n % 2 == 0 for n in rule_pages) \
        else ctx.t("checklist.one_sided")
    rest = texts[0][texts[0].index(row):]  # the row may wrap ("양면, | 긴 가장자리에서 넘기기")
    assert squash(rest).startswith(squash(row)) and squash(sides) in squash(rest)[:len(squash(row + sides))], row
    after = rule_pages[-1] + 1
    if doc.pages[after - 1].kind == "blank":  # kept for duplex: the tiles start a sheet of card stock
        assert squash(texts[after - 1]) == squash(ctx.t("page.blank") + ctx.t("page.number", n=after,
                                                                                  total=len(texts)))


# --- boards and log sheet ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_boards_and_log_sheet_are_landscape_and_inside_the_printer_margin(content, paper):
    ctx = ctx_for(content, "en", paper)
    pages = threesixteen_pages(ctx)
    assert [p.key for p in pages] == ["threesixteen/board/red", "threesixteen/board/blue",
                                      "threesixteen/board/green", "threesixteen/board/yellow",
                                      "threesixteen/log-sheet", "threesixteen/log-sheet/back"]
    assert all(p.landscape for p in pages)
    MARGIN = MARGIN_MM[paper] * mm
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, pages))) as pdf:
        for page in pdf.pages:
            assert (float(page.width), float(page.height)) == pytest.approx(PAPERS[paper], abs=0.01)
            for obj in page.chars + page.rects + page.lines + page.curves:
                assert obj["x0"] >= MARGIN - 0.5 and obj["x1"] <= page.width - MARGIN + 0.5
                assert obj["top"] >= MARGIN - 0.5 and obj["bottom"] <= page.height - MARGIN + 0.5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_boards_and_the_log_sheet_carry_a_page_label_clear_of_everything_drawn(content, lang, paper):
    """Read from the PDF: each board and the log sheet carries "n / total · its title" at its foot, like a sheet's
    label, inside the printer margin, and no line, box or other text of the page reaches into the label's box."""
    ctx = ctx_for(content, lang, paper)
    MARGIN = MARGIN_MM[paper] * mm
    doc = render_document(ctx)
    full = [n for n, plan in enumerate(doc.pages, start=1) if plan.kind == "page"]
    assert len(full) == 6
    titles = {p.key: p.title for p in threesixteen_pages(ctx)}
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        for n in full:
            page, key = pdf.pages[n - 1], doc.pages[n - 1].key
            label = squash(ctx.t("page.full", n=n, total=len(pdf.pages), title=titles[key]))
            lowest = max(c["bottom"] for c in page.chars)
            line = [c for c in page.chars if abs(c["bottom"] - lowest) < 2]
            assert squash("".join(c["text"] for c in line)) == label, (n, key)
            box = (min(c["x0"] for c in line), min(c["top"] for c in line), max(c["x1"] for c in line), lowest)
            assert box[0] >= MARGIN and box[2] <= page.width - MARGIN and box[3] <= page.height - MARGIN, (n, box)
            others = [o for o in page.chars + page.rects + page.lines + page.curves if o not in line]
            clash = [o for o in others if o["x0"] < box[2] and o["x1"] > box[0] and o["top"] < box[3]
                     and o["bottom"] > box[1]]
            assert not clash, (n, key, [(o.get("text"), round(o["top"], 1), round(o["bottom"], 1)) for o in clash][:5])


def test_board_is_the_same_size_on_both_papers(content):
    extents = []
    for paper in ("a4", "letter"):
        ctx = ctx_for(content, "en", paper)
        with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:1]))) as pdf:
            page = pdf.pages[0]
            rects = page.rects
            x0, x1 = min(r["x0"] for r in rects), max(r["x1"] for r in rects)
            top, bottom = min(r["top"] for r in rects), max(r["bottom"] for r in rects)
            extents.append((round(x1 - x0, 2), round(bottom - top, 2)))
    assert extents[0] == extents[1]


def dashed(obj) -> bool:
    """Drawn with a dash pattern (pdfplumber gives None before the first setDash)."""
    return bool(obj["dash"] and obj["dash"][0])


def test_board_places_fit_a_tile(content):
    """Every row place is at least a tile wide, a row holds 16 of them, and the supply has a place per tile."""
    ctx = ctx_for(content)
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:1]))) as pdf:
        page = pdf.pages[0]
        strips = [r for r in page.rects if r["width"] > 16 * 16 * mm - 1 and r["height"] > 16 * mm - 0.1]
        places = [r for r in page.rects if 16 * mm <= r["width"] < 18 * mm and abs(r["height"] - r["width"]) < 0.01
                  and not dashed(r)]  # solid: the supply (the lanes' places are dashed)
    assert len(strips) == 3
    for strip in strips:
        assert strip["width"] / 16 >= 16 * mm and strip["height"] >= 16 * mm
    assert len(places) == 48


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_boards_keep_clear_of_the_printer_margin(content, paper):
    """Not exactly on the printer margin: a little air on every side, on both papers."""
    ctx = ctx_for(content, "en", paper)
    MARGIN = MARGIN_MM[paper] * mm
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:4]))) as pdf:
        for page in pdf.pages:
            objects = page.chars + page.rects + page.lines + page.curves
            edge = MARGIN + AIR - 0.1
            assert min(o["x0"] for o in objects) >= edge and max(o["x1"] for o in objects) <= page.width - edge
            assert min(o["top"] for o in objects) >= edge and max(o["bottom"] for o in objects) <= page.height - edge


def lane_places(page, lane) -> list:
    """The dashed places inside one lane (pdfplumber coordinates: `top` grows downwards), top first."""
    return sorted((r for r in page.rects if dashed(r) and lane["x0"] < r["x0"] and r["x1"] < lane["x1"]),
                  key=lambda r: r["top"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_columns_hold_eight_tiles_and_stay_open_at_the_foot_of_the_board(content, paper):
    """Simulated games grow a longest column of 8-9 tiles (median; more than 6 in over 90 % of games, up to 17), so
    each lane has at least 8 places a tile fits, stacked with no gap under its cap, and runs on, open, to the foot
    of the board with an arrow pointing off it; nothing closes it there."""
    ctx = ctx_for(content, "en", paper)
    page_w, page_h = PAPERS[paper]
    layout = BoardLayout.for_page(ctx, page_w, page_h)
    assert layout.slots >= 8 and layout.pitch >= 16 * mm
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:1]))) as pdf:
        page = pdf.pages[0]
        foot = max(o["bottom"] for o in page.chars + page.rects + page.lines + page.curves)
        lanes = sorted((r for r in page.rects if r["height"] > 100 * mm and r["width"] < 20 * mm), key=lambda r: r["x0"])
        assert len(lanes) == len(ctx.content.games["threesixteen"].columns)
        for lane, box in zip(lanes, layout.lanes):
            assert lane["bottom"] == pytest.approx(foot, abs=0.01)
            assert lane["bottom"] == pytest.approx(page_h - box.y, abs=0.01)
            places = lane_places(page, lane)
            assert len(places) == layout.slots
            assert places[0]["top"] == pytest.approx(lane["top"], abs=0.01)  # right under the cap
            for upper, lower in zip(places, places[1:]):
                assert lower["top"] == pytest.approx(upper["bottom"], abs=0.01)
            assert all(p["width"] >= 16 * mm and p["height"] >= 16 * mm for p in places)
            arrows = [c for c in page.curves if lane["x0"] < c["x0"] and c["x1"] < lane["x1"]]
            assert len(arrows) == 1 and places[-1]["bottom"] < arrows[0]["top"] and arrows[0]["bottom"] < foot
            closing = [o for o in page.lines + [r for r in page.rects if r["stroke"]]
                       if o["x0"] <= lane["x0"] + 1 and o["x1"] >= lane["x1"] - 1 and o["bottom"] > places[-1]["bottom"]]
            assert closing == []


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_board_labels_come_from_the_language_file(content, lang):
    ctx = ctx_for(content, lang)
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:1]))) as pdf:
        page = pdf.pages[0]
        text = squash(page.extract_text())
        turned = squash("".join(ch["text"] for ch in page.chars if not ch["upright"]))
    assert squash(ctx.t("board.title")) in text and squash(ctx.t("colours.red")) in text
    for key in ("board.bottom", "board.supply"):
        assert squash(ctx.t(key)) in text, key
    for name in ctx.content.games["threesixteen"].columns:
        assert squash(ctx.t("board.column", name=name)) in text
    assert turned == squash(ctx.t("board.rows") + ctx.t("board.columns"))


def log_sheet_pdf(ctx) -> bytes:
    """The log sheet's two sides, as the document draws them."""
    return pages_pdf(ctx, threesixteen_pages(ctx)[-2:])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_log_sheet_has_48_numbered_call_lines_on_the_two_sides_of_one_sheet(content, paper):
    ctx = ctx_for(content, "en", paper)
    pages = threesixteen_pages(ctx)[-2:]
    assert [p.key for p in pages] == ["threesixteen/log-sheet", "threesixteen/log-sheet/back"]
    assert [p.back_of_previous for p in pages] == [False, True]
    page_w, page_h = PAPERS[paper]
    with pdfplumber.open(io.BytesIO(log_sheet_pdf(ctx))) as pdf:
        assert len(pdf.pages) == 2
        for side, page in enumerate(pdf.pages):
            layout = LogSheetLayout.for_page(ctx, page_w, page_h, side)
            assert (layout.calls, layout.seats, layout.first, layout.last) == (48, 4, 24 * side + 1, 24 * side + 24)
            words = page.extract_words()
            for call in range(layout.first, layout.last + 1):
                x, y = layout.line(call)
                found = [w for w in words if w["text"] == str(call) and x <= w["x0"] and w["x1"] <= x + 9 * mm
                         and y <= page_h - w["bottom"] and page_h - w["top"] <= y + layout.line_h]
                assert len(found) == 1, call
    # handwriting needs room: lines at least 5.5 mm high, token boxes 55 mm wide (19 letters by hand)
    assert layout.line_h >= 5.5 * mm and layout.token_w >= 55 * mm


def test_the_log_sheet_is_one_sheet_printed_two_sided_and_page_1_says_so(content):
    from generator.render.core.document import render_document

    doc = render_document(ctx_for(content, "en", "a4"))
    kinds = [(plan.kind, plan.key) for plan in doc.pages]
    n = kinds.index(("page", "threesixteen/log-sheet"))
    assert n % 2 == 0 and kinds[n + 1] == ("page", "threesixteen/log-sheet/back")  # an odd page, its back next
    [log] = [s for s in doc.sections if s.label == ctx_for(content).t("log_sheet.title")]
    assert (log.printed, log.two_sided, log.sheets) == ((n + 1, n + 2), True, 1)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_log_sheet_shows_the_notation_legend_its_example_and_the_board_it_leaves(content, lang):
    """The front's legend says the notation as the checker reads it, with the worked example of game.yaml (its
    tokens with and without numbers), and beside it the board that example leaves, drawn as tiles: the rows'
    1 2 3, column A's 4 above its 9, column B's 6. The header asks for the date and the number of columns played,
    each seat's head for the player's name."""
    from generator.render.threesixteen.logsheet import legend_parts

    ctx = ctx_for(content, lang)
    page_w, page_h = PAPERS["a4"]
    layout = LogSheetLayout.for_page(ctx, page_w, page_h, 0)
    parts = legend_parts(ctx, layout.legend)
    with pdfplumber.open(io.BytesIO(log_sheet_pdf(ctx))) as pdf:
        front, back = pdf.pages
        legend = layout.legend
        inside = front.crop((legend.x, page_h - legend.top, legend.right, page_h - legend.y))
        side = {name: squash(front.crop((box.x, page_h - box.top, box.right, page_h - box.y)).extract_text())
                for name, box in (("notation", parts.notation), ("example", parts.example))}
        text = squash(front.extract_text())
        back_text = squash(back.extract_text())
        tiles = sorted((round(r["x0"]), -round(r["top"])) for r in inside.rects
                       if r["fill"] and abs(r["width"] - r["height"]) < 0.1 and r["width"] < 6 * mm
                       and tuple(round(c, 3) for c in r["non_stroking_color"]) == (0.702, 0.149, 0.118))
    example = ctx.content.games["threesixteen"].example
    assert (example.calls, example.moves) == ([1, 4, 2, 9, 3, 6], ["R", "A", "B>B", "A", "C>C", "B"])
    for key in ctx.texts.section("log_sheet.notation"):
        words = {"calls": "\u00a0".join(map(str, example.calls)), "moves": "\u00a0".join(example.moves),
                 "numbered": "\u00a0".join(["1R", "4A", "2B>B2", "9A", "3C>C3", "6B"])}
        assert squash(ctx.t(f"log_sheet.notation.{key}", **words)) in side["example" if key == "example" else
                                                                          "notation"], key
    assert len(tiles) == 6  # 1, 2, 3 on the first row; 4 and 9 in column A; 6 in column B
    digits = [c["text"] for c in sorted(inside.chars, key=lambda c: (round(c["x0"]), c["top"]))
              if c["text"].isdigit() and c["size"] > 6 and c["non_stroking_color"] == (1, 1, 1)]
    assert sorted(digits) == sorted("123496")
    for key in ("title", "date", "call", "number"):
        assert squash(ctx.t(f"log_sheet.{key}")) in text
    assert squash(ctx.t("log_sheet.columns", columns=5)) in text
    assert squash(ctx.t("log_sheet.calls", first=25, last=48)) in back_text
    assert squash(ctx.t("log_sheet.tiles_left")) in back_text and squash(ctx.t("log_sheet.spare_note", calls=48)) in back_text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_japanese_log_sheet_legend_never_parts_a_sign_from_what_it_binds(content, paper):
    """The legend read "…書きます。A～E＝" over "その縦列のいちばん下。": a line ended on the equals sign, which binds the
    letters before it to their meaning after it. Read from the PDF: no line of the legend ends or starts with a
    sign of relation or range, and the legend's "A～E＝その" and "R＝1を" each stand on one line."""
    ctx = ctx_for(content, "ja", paper)
    page_w, page_h = PAPERS[paper]
    legend = LogSheetLayout.for_page(ctx, page_w, page_h, 0).legend
    with pdfplumber.open(io.BytesIO(log_sheet_pdf(ctx))) as pdf:
        page = pdf.pages[0]
        lines = page.crop((legend.x, page_h - legend.top, legend.right, page_h - legend.y)).extract_text().split("\n")
    lines = [squash(line) for line in lines if line.strip()]
    assert not [line for line in lines if line[0] in "＝～" or line[-1] in "＝～"]
    assert any("A～E＝その" in line for line in lines) and any("R＝1を" in line for line in lines)


def token_boxes(page) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Read from a log sheet page: the seats' columns (x0, x1) and the table's lines (y0, y1 from the bottom),
    from its drawn lines and frame."""
    height = float(page.height)
    frame = max((r for r in page.rects if r["stroke"] and not r["fill"]), key=lambda r: r["width"] * r["height"])
    verticals = sorted({round(ln["x0"], 2) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
                        and ln["bottom"] - ln["top"] > frame["height"] / 2})
    xs = verticals[-3:] + [round(frame["x1"], 2)]
    seats = list(zip([verticals[-4]] + xs[:-1], xs))
    rules = sorted({round(height - ln["top"], 2) for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01
                    and ln["x1"] - ln["x0"] > frame["width"] / 2})
    head = max(rules)
    ys = sorted([round(height - frame["bottom"], 2)] + [y for y in rules if y < head] + [head])
    return seats, list(zip(ys[:-1], ys[1:]))[::-1]


def four_player_game(seed: int) -> tuple[list[int], list[list[str]]]:
    """A full game of four players on one deal, each playing as one of the simulator's strategies."""
    from generator.games.threesixteen.caller import deal
    from generator.games.threesixteen.notation import notation_for
    from generator.games.threesixteen.rules import Rules
    from generator.games.threesixteen.simulate import play
    from generator.games.threesixteen.strategies import STRATEGIES

    rules = Rules()
    calls = deal(seed, rules)
    return calls, [play(STRATEGIES[name](rules), rules, calls, notation_for(rules.letters))[0]
                   for name in ("strong", "sampling", "lookahead", "naive")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_full_four_player_game_copied_by_hand_fits_the_printed_sheet(content, paper):
    """Copy real 4-player games onto the sheet as printed at 100%, writing by hand at HAND_MM a letter: each call's
    number in its box, each player's token in theirs; a token too long for its box goes on in that player's box
    of a + line on the back, one call a line (the call's number in the line's Number box). The sheet's cells were about 18 mm wide (6 letters) while a strong player's last move runs
    past 20 (`R>CBBADDDCAEEBCEEBEEBEE`); now every token of these games fits, read from the PDF's own lines."""
    from generator.render.threesixteen.logsheet import HAND_MM, SPARE

    ctx = ctx_for(content, "en", paper)
    with pdfplumber.open(io.BytesIO(log_sheet_pdf(ctx))) as pdf:
        (seats, front_lines), (back_seats, back_lines) = (token_boxes(page) for page in pdf.pages)
    assert sum(seats, ()) == pytest.approx(sum(back_seats, ())) and len(front_lines) == 24 and len(back_lines) == 24 + SPARE + 1
    line_h = min(y1 - y0 for y0, y1 in front_lines + back_lines)
    assert line_h >= 5.5 * mm  # a handwritten line
    letters = [int((x1 - x0 - 2 * mm) / (HAND_MM * mm)) for x0, x1 in seats]  # 1 mm clear either side
    longest = 0
    for seed in range(4):
        calls, players = four_player_game(seed)
        assert len(calls) == 48
        longest = max(longest, *(len(token) for tokens in players for token in tokens))
        # one + line a call (its number in the Number box): a call takes as many as its longest spill
        spill = [max(-(-len(tokens[i]) // letters[seat]) - 1 for seat, tokens in enumerate(players))
                 for i in range(len(calls))]
        assert sum(spill) <= SPARE, (seed, spill)
    assert min(letters) >= 19 and longest > 6  # the old 18 mm boxes held 6 letters
def test_pages_draw_the_same_bytes_twice(content):
    ctx = ctx_for(content, "ko")
    assert pages_pdf(ctx, threesixteen_pages(ctx)) == pages_pdf(ctx, threesixteen_pages(ctx))


def test_a_label_that_cannot_fit_fails_with_its_key_and_language(content_copy):
    path = content_copy / "threesixteen" / "ko.yaml"
    replace_in(path, 'column: "세로줄 {name}"', 'column: "아주 길고 길어서 도저히 들어갈 수 없는 세로줄 이름 {name}"')
    ctx = RenderContext(load_content(content_copy), "threesixteen", "ko", "a4")
    with pytest.raises(TextOverflow) as caught:
        pages_pdf(ctx, threesixteen_pages(ctx)[:1])
    assert (caught.value.where, caught.value.field, caught.value.lang) == ("board 'red'", "board.column", "ko")
    assert caught.value.overflow_pt > 0


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_column_headers_keep_air_in_their_caps(content, lang):
    """Each cap's name reads as a word and its letter ("Column A", 縦列 A): the letter stands a space apart from
    the word (in Japanese 縦列A set solid, the Latin letter touched 列), and the label keeps 1 mm to the cap's sides
    and top."""
    ctx = ctx_for(content, lang)
    page_w, page_h = PAPERS["a4"]
    layout = BoardLayout.for_page(ctx, page_w, page_h)
    with pdfplumber.open(io.BytesIO(pages_pdf(ctx, threesixteen_pages(ctx)[:1]))) as pdf:
        page = pdf.pages[0]
        for name, cap in zip(ctx.content.games["threesixteen"].columns, layout.caps):
            top = page_h - cap.top
            label = sorted((ch for ch in page.chars if not ch["text"].isspace() and cap.x <= ch["x0"]
                            and ch["x1"] <= cap.right and top <= ch["top"] and ch["bottom"] <= top + cap.h),
                           key=lambda ch: ch["x0"])
            assert squash("".join(ch["text"] for ch in label)) == squash(ctx.t("board.column", name=name))
            letter, before = label[-1], label[-2]
            assert letter["text"] == name
            assert letter["x0"] - before["x1"] >= 0.2 * letter["size"], (name, round(letter["x0"] - before["x1"], 2))
            assert min(label[0]["x0"] - cap.x, cap.right - letter["x1"], label[0]["top"] - top) >= 1 * mm


def _tokens_of(path: str) -> tuple[list[int], list[list[str]]]:
    import yaml

    data = yaml.safe_load(open(path, encoding="utf-8"))
    split = lambda v: v if isinstance(v, list) else str(v).split()  # noqa: E731
    return [int(c) for c in split(data["calls"])], [split(data["moves"][name]) for name in data["players"]]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_longest_end_game_token_fits_one_box_by_hand_and_a_played_game_fits_the_sheet(content, lang, paper):
    """Measured from the built PDF's own lines, every language and paper: a box holds the project's own long
    end-game token (`A>ACACCCDDDDCEEEEEEE`, 20 letters, examples/threesixteen-game.yaml) at 2.5 mm a handwritten
    letter with 1 mm clear either side, on lines at least 4 mm high (60.7 x 5.9 mm today). The 4-player game played
    from the printed pages (tests/records) is copied on at HAND_MM a letter: a token too long for its box goes on in
    + lines of its own call (one call a line, its number in the Number box), and the back's + lines hold them."""
    from generator.render.threesixteen.logsheet import HAND_MM, SPARE

    ctx = ctx_for(content, lang, paper)
    with pdfplumber.open(io.BytesIO(log_sheet_pdf(ctx))) as pdf:
        (seats, front_lines), (_, back_lines) = (token_boxes(page) for page in pdf.pages)
    widths = [x1 - x0 for x0, x1 in seats]
    assert min(y1 - y0 for y0, y1 in front_lines + back_lines) >= 4 * mm
    _, example = _tokens_of("examples/threesixteen-game.yaml")
    longest = max((t for tokens in example for t in tokens if not any(c.isdigit() for c in t)), key=len)
    assert longest == "A>ACACCCDDDDCEEEEEEE" and min(widths) >= (len(longest) * 2.5 + 2) * mm
    letters = int((min(widths) - 2 * mm) / (HAND_MM * mm))
    calls, players = _tokens_of("tests/records/threesixteen-four-players.yaml")
    spill = [max(-(-len(tokens[i]) // letters) - 1 for tokens in players) for i in range(len(calls))]
    assert sum(spill) == 1 <= SPARE  # call 48: Sora's 37 letters, Joon's 30, Mina's 23
