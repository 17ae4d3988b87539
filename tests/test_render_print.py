"""What a hobbyist printing the kit at home relies on, measured from the PDFs: the card index where a fanned hand
shows it, backs that a duplex drift cannot mark, and the print editions."""
from __future__ import annotations

import io
from functools import lru_cache

import numpy as np
import pdfplumber
import pypdfium2
import pytest

from generator.content.load import load_content
from generator.render.core.context import RenderContext
from generator.render.core.document import game_components, render_document
from generator.render.core.duplex_test import MINUS
from generator.render.core.fonts import fonts_for, missing_glyphs
from generator.render.core.sheets import MM, apply
from generator.render.travel.index import corner, top_corner
from generator.render.travel.style import geometry

INDEX_DECKS = ("items", "events", "special", "forbidden", "postcards")


@lru_cache(maxsize=None)
def content():
    return load_content()


@lru_cache(maxsize=None)
def travel(lang: str, paper: str):
    return render_document(RenderContext(content(), "travel", lang, paper))


def card_indices() -> dict[str, str]:
    """Component id -> the index its card shows ('10H', 'JOKER')."""
    game = content().games["travel"]
    found = {f"{item.id}-{copy}": index for item in game.items for copy, index in enumerate(item.index, start=1)}
    for deck in INDEX_DECKS[1:]:
        found.update({card.id: card.index for card in getattr(game, deck)})
    return found


def page_rect(matrix, rect) -> tuple[float, float, float, float]:
    """A rectangle in card coordinates as (x0, y0, x1, y1) on the page (y from the bottom)."""
    points = [apply(matrix, x, y) for x in (rect.x, rect.right) for y in (rect.y, rect.top)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def inside(ch, box, page_h: float, slack: float = 0.5) -> bool:
    x0, y0, x1, y1 = box
    cx, cy = (ch["x0"] + ch["x1"]) / 2, page_h - (ch["top"] + ch["bottom"]) / 2
    return x0 - slack <= cx <= x1 + slack and y0 - slack <= cy <= y1 + slack


def overlaps(ch, box, page_h: float) -> bool:
    x0, y0, x1, y1 = box
    return ch["x1"] > x0 and ch["x0"] < x1 and page_h - ch["top"] > y0 and page_h - ch["bottom"] < y1


@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("en", "letter"), ("ko", "a4"), ("ko", "letter")])
def test_every_deck_card_shows_its_index_upper_left_and_turned_lower_right_clear_of_every_other_text(lang, paper):
    """Read from the PDF: in the upper-left corner of each deck card the rank (or joker word) reads upright, in the
    lower-right corner the same reads turned 180°, each wholly inside its corner across the card, and no other
    character of the card reaches either corner."""
    doc = travel(lang, paper)
    indices = card_indices()
    panel = geometry(RenderContext(content(), "travel", lang, paper)).panel
    joker = content().texts("travel", lang).get("card.joker")
    seen = set()
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        for n, plan in enumerate(doc.pages):
            if plan.kind != "fronts":
                continue
            page, layout = pdf.pages[n], plan.layout
            for i, placement in enumerate(plan.placements):
                if placement.component not in indices:
                    continue
                index = indices[placement.component]
                expected = joker if index == "JOKER" else index[:-1]
                matrix = layout.matrix(i)
                across = (matrix[0], matrix[1])  # the card's left-to-right direction on the page
                for rect, sign in ((top_corner(panel), 1), (corner(panel), -1)):
                    box = page_rect(matrix, rect)
                    chars = [ch for ch in page.chars if overlaps(ch, box, page.height)]
                    assert chars and all(inside(ch, box, page.height) for ch in chars), (placement.component, rect)
                    assert sorted(ch["text"] for ch in chars) == sorted(expected), placement.component
                    for ch in chars:  # upright text runs along the card's width, turned text against it
                        a, b = ch["matrix"][0], ch["matrix"][1]
                        assert (a * across[0] + b * across[1]) * sign > 0, (placement.component, ch["text"])
                        # and stays inside the corner across the card, wholly (a joker word once ran out of it,
                        # into the panel's rounded corner)
                        level = abs(across[0]) > abs(across[1])
                        low, high = (ch["x0"], ch["x1"]) if level else (page.height - ch["bottom"],
                                                                          page.height - ch["top"])
                        edges = (box[0], box[2]) if level else (box[1], box[3])
                        assert edges[0] - 0.2 <= low and high <= edges[1] + 0.2, (placement.component, ch["text"])
                seen.add(placement.component)
    assert seen == set(indices)


@lru_cache(maxsize=None)
def deck_cards(lang: str, paper: str):
    """The travel pieces showing the common back (laid out once)."""
    pieces = game_components(RenderContext(content(), "travel", lang, paper))
    return tuple(c for c in pieces if c.back is not None and c.back.key == "travel/back/deck")


def _back_pixels(lang: str, paper: str, offset: tuple[float, float], dpi: int = 60):
    """The first page of common backs rendered with the backs shifted by `offset` mm, and that page's plan."""
    ctx = RenderContext(content(), "travel", lang, paper)
    doc = render_document(ctx, back_offset_mm=offset, components=deck_cards(lang, paper)[:9], rule_pages=[],
                          full_pages=[])
    n = next(n for n, plan in enumerate(doc.pages)
             if plan.kind == "backs" and plan.placements and plan.placements[0].face == "travel/back/deck")
    image = pypdfium2.PdfDocument(doc.data)[n].render(scale=dpi / 72).to_pil().convert("RGB")
    return image, doc.pages[n]


def _depth_means(image, plan, scale: float) -> np.ndarray:
    """For each common back of the page, cropped at the trim its front's cut leaves, the mean colour of each
    1 mm strip along each of its four edges at each depth from the trim down to 6 mm (where a border would show the
    drift): rows of RGB."""
    pixels = np.asarray(image).astype(float)
    height = pixels.shape[0]
    means = []
    for placement in plan.placements:
        t = placement.trim  # the unshifted footprint: where the cut falls
        card = pixels[round(height - t.top * scale):round(height - t.y * scale), round(t.x * scale):round(t.right * scale)]
        h, w = card.shape[:2]
        for depth in range(6):
            a, b = round(depth * MM * scale), round((depth + 1) * MM * scale)
            for strip in (card[a:b, :], card[h - b:h - a, :], card[:, a:b], card[:, w - b:w - a]):
                means.append(strip.reshape(-1, 3).mean(axis=0))
    return np.array(means)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_back_printed_a_millimetre_off_in_any_direction_looks_like_every_other_back(paper):
    """Rasterized: each common back on a page of backs is cropped at the trim the front's cut leaves. Its quiet
    stripes reach the edge (the strips are not one flat colour), yet are the same at every depth: each 1 mm strip
    along each edge, from the trim down to 6 mm, has the same mean colour (to 1.5 of 255) on every card, so no band
    or border ends inside the trim. Printed 1 mm off in any of eight directions, every strip keeps its mean to
    1.5 of 255: the drift cannot be seen."""
    dpi = 100
    scale = dpi / 72
    base, plan = _back_pixels("en", paper, (0.0, 0.0), dpi)
    reference = _depth_means(base, plan, scale)
    assert (reference.max(axis=0) - reference.min(axis=0)).max() <= 1.5
    first = plan.placements[0].trim
    edge = np.asarray(base.crop((round(first.x * scale), round(base.height - first.top * scale),
                                 round(first.right * scale), round(base.height - first.top * scale + 6 * MM * scale))))
    assert int(edge.max()) - int(edge.min()) > 10, "the back's edge carries no pattern"
    for dx in (-1.0, 0.0, 1.0):
        for dy in (-1.0, 0.0, 1.0):
            if dx == dy == 0:
                continue
            shifted, _ = _back_pixels("en", paper, (dx, dy), dpi)
            assert np.abs(_depth_means(shifted, plan, scale) - reference).max() <= 1.5, (dx, dy)


#: the numbers of a duplex test scale, as printed
SCALE_NUMBERS = [f"{MINUS}4", f"{MINUS}2", "0", "2", "4"]


def _flat(nested) -> list[float]:
    if isinstance(nested, (int, float)):
        return [nested]
    return [v for item in nested for v in _flat(item)]


def _crosses(page) -> list[tuple[float, float]]:
    """Centres of the crosses on a pdfplumber page: a level and an upright line of 6 mm meeting in their middles."""
    arm = 6 * MM
    level = {(round((ln["x0"] + ln["x1"]) / 2, 2), round(page.height - ln["top"], 2)) for ln in page.lines
             if abs(ln["top"] - ln["bottom"]) < 0.01 and abs(ln["x1"] - ln["x0"] - arm) < 0.01}
    upright = {(round(ln["x0"], 2), round(page.height - (ln["top"] + ln["bottom"]) / 2, 2)) for ln in page.lines
               if abs(ln["x1"] - ln["x0"]) < 0.01 and abs(ln["bottom"] - ln["top"] - arm) < 0.01}
    return sorted(level & upright)


@pytest.mark.parametrize("paper,duplex,offset", [("a4", "long", (0.0, 0.0)), ("letter", "long", (0.8, -0.5)),
                                                 ("a4", "short", (0.0, 0.0))])
def test_the_duplex_test_sheet_puts_a_cross_behind_each_corner_of_the_first_sheet(paper, duplex, offset):
    """Pages 3 and 4: a cross at the corners of the first sheet's cards on the front, and one exactly behind each
    on the back (moved by the offset the file was built with, so a second test reads what is left)."""
    doc = render_document(RenderContext(content(), "travel", "en", paper), duplex, offset)
    assert [p.kind for p in doc.pages[:5]] == ["checklist", "instructions", "test", "test", "rulebook"]
    layout = next(p.layout for p in doc.pages if p.kind == "fronts")
    w, h = layout.page_w, layout.page_h
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        front, back = _crosses(pdf.pages[2]), _crosses(pdf.pages[3])
        words = " ".join(pdf.pages[3].extract_text().split())
    corners = sorted((round(x, 2), round(y, 2)) for x in layout.cut_xs for y in layout.cut_ys)
    assert front == corners
    dx, dy = offset[0] * MM, offset[1] * MM
    behind = sorted(((w - x if duplex == "long" else x) + dx, (y if duplex == "long" else h - y) + dy)
                    for x, y in front)
    assert _flat(back) == pytest.approx(_flat(behind), abs=0.02)
    assert "ink-saver" in words and "gutterfold" in words and "--back-offset-mm X,Y" in words


@pytest.mark.parametrize("game,lang,paper", [("travel", "en", "a4"), ("threesixteen", "ko", "letter"),
                                             ("travel", "ja", "letter")])
def test_the_duplex_test_scales_are_numbered_at_a_readable_size_and_no_two_numbers_crowd(game, lang, paper):
    """Read from the PDF: on the back of the test sheet every character is at least 6 pt (the scales' numbers were
    4.5 pt), each scale shows −4, −2, 0, 2, 4 on its ticks two millimetres apart, and no number comes within 1 pt
    of another."""
    doc = render_document(RenderContext(content(), game, lang, paper))
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        page = pdf.pages[3]
        assert min(ch["size"] for ch in page.chars) >= 6
        numbers = [w for w in page.extract_words(extra_attrs=["size"], return_chars=True) if w["size"] == 6
                   and w["text"] in set(SCALE_NUMBERS)]
    for w in numbers:  # up and down by the figures alone: the minus may come from another face, whose box differs
        figures = [c for c in w["chars"] if c["text"].isdigit()]
        w["top"], w["bottom"] = min(c["top"] for c in figures), max(c["bottom"] for c in figures)
    assert sorted(w["text"] for w in numbers) == sorted(SCALE_NUMBERS * 2)
    by_top = sorted(numbers, key=lambda w: w["top"])
    level, upright = by_top[:5], by_top[5:]  # the level scale sits above the upright one
    centres = [((w["x0"] + w["x1"]) / 2, -(w["top"] + w["bottom"]) / 2, int(w["text"].replace(MINUS, "-")))
               for w in numbers]
    for scale, axis in ((level, 0), (upright, 1)):
        along = sorted((c[axis], c[2]) for c, w in zip(centres, numbers) if w in scale)
        assert [value for _, value in along] == [-4, -2, 0, 2, 4]
        assert [b - a for (a, _), (b, _) in zip(along, along[1:])] == pytest.approx([2 * MM] * 4, abs=0.05 * MM)
    for a in numbers:
        for b in numbers:
            if a is not b:
                apart = max(b["x0"] - a["x1"], a["x0"] - b["x1"], b["top"] - a["bottom"], a["top"] - b["bottom"])
                assert apart >= 1, (a["text"], b["text"])


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_duplex_test_scales_sign_their_negative_numbers_with_a_minus_sign_the_font_draws(lang):
    """The scales printed "-4" with the hyphen-minus, shorter and higher than a minus. Read from the PDF: no hyphen
    on the back of the test sheet's scales, four minus signs (U+2212), each drawn as a level bar (its ink wider than
    tall, as no missing glyph's box is) by a face of the language's stack that has the glyph."""
    doc = render_document(RenderContext(content(), "travel", lang, "a4"))
    assert missing_glyphs(fonts_for(content(), lang).regular, MINUS) == []
    page = pypdfium2.PdfDocument(doc.data)[3]
    text = page.get_textpage()
    small = [n for n in range(text.count_chars()) if round(pypdfium2.raw.FPDFText_GetFontSize(text.raw, n)) == 6]
    signs = [n for n in small if text.get_text_range(n, 1) == MINUS]
    assert not [n for n in small if text.get_text_range(n, 1) == "-"]
    assert len(signs) == 4  # −4 and −2 on each scale
    for n in signs:
        left, bottom, right, top = text.get_charbox(n)  # the ink
        assert right - left > 2 * (top - bottom) > 0


# ---- editions# ---- editions --------------------------------------------------------------------------------------------------

def ink_coverage(image) -> float:
    """Estimated ink on a page, as a fraction of full coverage by one ink (a solid black page is 1.0, the sum of
    four solid inks 4.0): each pixel's RGB turned into CMYK with full black replacement, then summed and averaged."""
    import numpy as np

    rgb = np.asarray(image.convert("RGB"), dtype=float) / 255
    k = 1 - rgb.max(axis=2)
    room = np.where(k < 1, 1 - k, 1)
    cmy = (1 - rgb - k[..., None]) / room[..., None]
    return float((cmy.sum(axis=2) + k).mean())


@lru_cache(maxsize=None)
def edition(game: str, lang: str, paper: str, name: str):
    ctx = RenderContext(content(), game, lang, paper, ink_saver=name == "ink-saver")
    return render_document(ctx, gutterfold=name == "gutterfold")


def page_coverages(doc, dpi: int = 24) -> list[float]:
    pdf = pypdfium2.PdfDocument(doc.data)
    return [ink_coverage(pdf[n].render(scale=dpi / 72).to_pil()) for n in range(len(pdf))]


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("ko", "letter")])
def test_no_page_of_the_ink_saver_edition_takes_more_than_a_quarter_of_full_ink(game, lang, paper):
    """Rasterized: every page of the ink-saver edition stays at or under 25% estimated coverage, where the standard
    edition's pieces take more (solid navy backs; tile colours to the bleed, 48 tiles take a third of a page)."""
    saver = page_coverages(edition(game, lang, paper, "ink-saver"))
    assert max(saver) <= 0.25, [round(c, 3) for c in saver]
    standard = edition(game, lang, paper, "standard")
    pieces = [c for c, plan in zip(page_coverages(standard), standard.pages) if plan.kind in ("fronts", "backs")]
    assert max(pieces) > (0.5 if game == "travel" else 0.3)


def _marker_rects(page) -> dict[tuple, tuple[float, float, float, float]]:
    """Stroke colour -> (x0, y0, x1, y1) of each stand-in's marker rectangle (y from the bottom)."""
    found = {}
    for rect in page.rects:
        if rect["stroke"] and not rect["fill"]:
            colour = tuple(round(c, 2) for c in rect["stroking_color"])
            found[colour] = (rect["x0"], page.height - rect["bottom"], rect["x1"], page.height - rect["top"])
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_puts_each_back_exactly_behind_its_front_across_the_fold(paper):
    """Read from the PDF with stand-in pieces (a marker rectangle inset in each face): mirrored across its dashed
    fold line, every front's marker lands on its own back's marker to 0.1 mm; the file prints one-sided."""
    from test_render_core import marker_colour, stand_ins

    ctx = RenderContext(content(), "travel", "en", paper)
    doc = render_document(ctx, components=stand_ins(9), rule_pages=[], full_pages=[], gutterfold=True)
    assert [p.kind for p in doc.pages] == ["checklist", "instructions", "fronts", "fronts", "fronts", "credits"]
    checked = 0
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        assert "/Simplex" in str(pypdf_prefs(doc.data))
        for n, plan in enumerate(doc.pages):
            if plan.kind != "fronts":
                continue
            page = pdf.pages[n]
            rects = _marker_rects(page)
            folds = [ln for ln in page.lines if ln.get("dash") and ln["dash"][0]]
            layout = plan.layout
            for i in range(layout.placed):
                (x1, y1, x2, y2) = layout.fold_lines()[i]
                c = plan.placements[2 * i].component
                k = int(c[1:])
                front, back = rects[marker_colour(k, False)], rects[marker_colour(k, True)]
                if x1 == x2:  # an upright fold: mirror x
                    mirrored = (2 * x1 - front[2], front[1], 2 * x1 - front[0], front[3])
                else:
                    mirrored = (front[0], 2 * y1 - front[3], front[2], 2 * y1 - front[1])
                assert max(abs(a - b) for a, b in zip(mirrored, back)) <= 0.1 * MM, c
                checked += 1
            assert len(folds) >= layout.placed  # the fold is drawn (dashed) across every pair
    assert checked == 9


def pypdf_prefs(data: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]


# ---- 3x16 colours: told apart by everyone -------------------------------------------------------------------

CVD = ("protanomaly", "deuteranomaly", "tritanomaly")


def smallest_delta_e(colours: list[str], cvd: str | None) -> float:
    """The smallest CIELAB ΔE (1976) between any two of `colours` as seen with full protan, deutan or tritan
    colour vision (Machado et al. 2009, through colorspacious), or with normal vision for None."""
    import itertools

    import numpy as np
    from colorspacious import cspace_convert

    seen = []
    for colour in colours:
        rgb = np.array([int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
        if cvd is not None:
            rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
        seen.append(cspace_convert(rgb, "sRGB1", "CIELab"))
    return min(float(np.linalg.norm(a - b)) for a, b in itertools.combinations(seen, 2))


def test_player_colours_differ_in_lightness_and_under_every_colour_vision_deficiency():
    """The four player colours stand at least 10 L* apart, and stay at least ΔE 30 apart under full protanopia,
    deuteranopia and tritanopia (red and green were L* 45 and 47, ΔE 13 apart under protanopia)."""
    from colorspacious import cspace_convert

    fills = [c.fill for c in content().games["threesixteen"].colours]
    lightness = sorted(float(cspace_convert([int(f[i:i + 2], 16) / 255 for i in (1, 3, 5)], "sRGB1", "CIELab")[0])
                       for f in fills)
    assert min(b - a for a, b in zip(lightness, lightness[1:])) >= 10, lightness
    for cvd in (None, *CVD):
        assert smallest_delta_e(fills, cvd) >= 30, cvd


@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_player_tile_front_shows_its_colours_corner_shape_readable_in_black_and_white(ink_saver):
    """Rasterized in greyscale: the upper-left corner of a tile of each colour shows that colour's shape (distinct
    for every colour), and every tile of a colour shows the same one."""
    import numpy as np

    ctx = RenderContext(content(), "threesixteen", "en", "a4", ink_saver=ink_saver)
    doc = render_document(ctx)
    game = content().games["threesixteen"]
    assert len({c.cue for c in game.colours}) == len(game.colours) and None not in {c.cue for c in game.colours}
    dpi = 300
    scale = dpi / 72
    pdf = pypdfium2.PdfDocument(doc.data)
    size, inset = round(2.8 * MM * scale), 0.4 * MM  # the corner, clear of the trim lines and the cut
    shapes: dict[str, list] = {}
    for n, plan in enumerate(doc.pages):
        if plan.kind != "fronts":
            continue
        image = np.asarray(pdf[n].render(scale=scale).to_pil().convert("L"), dtype=float)
        for placement in plan.placements[::7]:  # a sample of every colour's tiles
            colour = placement.component.split("-")[1]
            if colour == "caller":
                continue
            t = placement.trim
            top, left = round(image.shape[0] - (t.top - inset) * scale), round((t.x + inset) * scale)
            corner = image[top:top + size, left:left + size]
            mask = np.abs(corner - np.median(corner)) > 60  # the shape, in the tile's ink, against its fill
            assert 0.04 < mask.mean() < 0.6, placement.component
            shapes.setdefault(colour, []).append(mask)
    assert set(shapes) == {c.id for c in game.colours}

    def overlap(a, b) -> float:
        return float((a & b).sum() / (a | b).sum())

    for colour, masks in shapes.items():  # the same shape on every tile of a colour ...
        assert min(overlap(masks[0], m) for m in masks) >= 0.75, colour
    firsts = [masks[0] for masks in shapes.values()]
    for i, a in enumerate(firsts):  # ... and a different one for each colour
        for b in firsts[i + 1:]:
            assert overlap(a, b) < 0.7


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_no_word_of_the_duplex_test_sheet_touches_a_cross(game, paper, duplex):
    """Read from the PDF: on both sides of the test sheet, no character (the instructions, the scales, the page
    number) comes within a cross's reach of its centre, and nothing is painted over a cross (on US Letter the
    words' white band hid a whole row of them, and the page number sat on the middle cross)."""
    doc = render_document(RenderContext(content(), game, "en", paper), duplex)
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        for index in (2, 3):
            page = pdf.pages[index]
            crosses = _crosses(page)
            assert len(crosses) >= 9
            arm = 3 * MM
            boxes = [(ch["x0"], page.height - ch["bottom"], ch["x1"], page.height - ch["top"]) for ch in page.chars
                     if ch["text"].strip()]
            boxes += [(r["x0"], page.height - r["bottom"], r["x1"], page.height - r["top"]) for r in page.rects
                      if r["fill"]]
            assert any(box for box in boxes)
            for x0, y0, x1, y1 in boxes:
                for x, y in crosses:
                    assert not (x0 < x + arm and x1 > x - arm and y0 < y + arm and y1 > y - arm), (index + 1, x, y)


@pytest.mark.parametrize("name", ["standard", "gutterfold"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_the_korean_first_page_takes_the_particle_that_its_sheet_count_reads_with(game, name):
    """Page 1's total ends "두꺼운 종이 11장이 필요합니다": 장 ends in a consonant, so the subject particle is 이 (it read
    "11장가", which no Korean writes)."""
    with pdfplumber.open(io.BytesIO(edition(game, "ko", "a4", name).data)) as pdf:
        text = pdf.pages[0].extract_text().replace("\n", " ")
    assert "장가 " not in text and "장 가 " not in text
    assert "장이 필요합니다" in text


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_page_one_lists_the_duplex_test_only_in_the_edition_that_has_one(lang):
    """The gutterfold edition (printed one-sided) has no duplex test sheet, but its page 1 listed "This page, how to
    print, the duplex test" for pp. 1–2."""
    texts = content().texts("travel", lang)
    with_test, without = texts.get("checklist.front_matter"), texts.get("checklist.front_matter_no_test")
    for name, expected in (("standard", with_test), ("ink-saver", with_test), ("gutterfold", without)):
        with pdfplumber.open(io.BytesIO(edition("travel", lang, "a4", name).data)) as pdf:
            lines = [" ".join(line.split()) for line in pdf.pages[0].extract_text().splitlines()]
        row = next(line for line in lines if line.startswith(" ".join(without.split())))
        assert row.startswith(" ".join(expected.split())), (name, row)
        assert (with_test in row) == (expected == with_test), (name, row)
