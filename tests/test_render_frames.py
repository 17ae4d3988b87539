"""The travel cards' frame system and type, measured from the PDF: the keyline 3 mm inside the trim on every kind,
each kind's bleed-band pattern (and none in the ink-saver edition), the kind word in tracked regular capitals, and
Latin text in the Latin face (Noto Sans) in every language.

Each face is drawn on its own page (the card, its 1/8 in bleed, a white margin) as tests/test_render_travel.py does.
"""
from __future__ import annotations

import io

import numpy as np
import pdfplumber
import pypdf
import pypdfium2
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.render.core.context import Box, Component, RenderContext
from generator.render.travel import frames
from generator.render.travel.cards import travel_components
from generator.render.core.colour import WHITE, contrast, mix, rgb
from generator.render.travel.frames import WARNING_YELLOW
from generator.render.travel.index import CLEARANCE, top_corner
from generator.render.travel.style import BAR_CONTRAST, BAR_RIM, KIND_SIZE, bar_colours, geometry, travel_game

BLEED = 3.175 * mm
MARGIN = 12.0
SCALE = 2.0  # px per pt
#: one card of each deck (its first), with its kind as game.yaml names it
DECKS = {"items": "item", "passports": "passport", "countries": "country", "events": "event", "special": "special",
         "forbidden": "forbidden", "postcards": "postcard", "characters": "character", "reference": "reference"}
PATTERNED = {"item", "passport", "forbidden", "postcard"}


@pytest.fixture(scope="module")
def content():
    return load_content()


def first_of_each_deck(ctx: RenderContext) -> list[Component]:
    seen: dict[str, Component] = {}
    for component in travel_components(ctx):
        seen.setdefault(component.deck, component)
    return [seen[deck] for deck in DECKS]


def render_fronts(ctx: RenderContext, components: list[Component]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=ctx.fonts.regular)
    for component in components:
        canvas.setPageSize((component.width + 2 * (BLEED + MARGIN), component.height + 2 * (BLEED + MARGIN)))
        component.front.draw(canvas, Box(MARGIN + BLEED, MARGIN + BLEED, component.width, component.height, BLEED))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.fixture(scope="module", params=[False, True], ids=["standard", "ink-saver"])
def fronts(request, content) -> tuple[RenderContext, list[Component], bytes]:
    ctx = RenderContext(content, "travel", "en", "a4", ink_saver=request.param)
    components = first_of_each_deck(ctx)
    return ctx, components, render_fronts(ctx, components)


def test_every_kind_has_a_thin_keyline_3mm_inside_the_trim(fronts):
    """One stroked rounded rectangle of KEYLINE_WIDTH whose bounding box is the trim inset by 3 mm on all four sides
    (to 0.01 pt); none in the ink-saver edition."""
    ctx, components, pdf = fronts
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for component, page in zip(components, doc.pages):
            trim_left, trim_top = MARGIN + BLEED, MARGIN + BLEED  # pdfplumber's top is from the page's top
            lines = [c for c in page.curves if c["stroke"] and abs(c["linewidth"] - frames.KEYLINE_WIDTH) < 1e-6]
            insets = [(c["x0"] - trim_left, c["top"] - trim_top, trim_left + component.width - c["x1"],
                       trim_top + component.height - c["bottom"]) for c in lines]
            expected = frames.KEYLINE_INSET
            keylines = [inset for inset in insets if all(abs(edge - expected) < 0.01 for edge in inset)]
            assert len(keylines) == (0 if ctx.ink_saver else 1), (component.id, insets)
    assert frames.KEYLINE_INSET == 3.0 * mm


def band_pixels(pdf: bytes, n: int, component: Component) -> np.ndarray:
    """The pixels of the band from the bleed edge to just outside the pattern's inner edge (less 2 px of
    anti-aliasing at each boundary), as rows of RGB."""
    pixels = pypdfium2.PdfDocument(pdf)[n].render(scale=SCALE).to_numpy()[:, :, :3].astype(int)
    h, w = pixels.shape[:2]
    edge = 2
    outer = round(MARGIN * SCALE) + edge
    inner = round((MARGIN + BLEED + frames.KEYLINE_INSET - frames.BAND_AIR) * SCALE) - edge
    ring = np.zeros((h, w), bool)
    ring[outer:h - outer, outer:w - outer] = True
    ring[inner:h - inner, inner:w - inner] = False
    return pixels[ring]


def test_the_bleed_band_carries_the_kinds_pattern_and_the_ink_saver_none(fronts):
    """Items, passports, forbidden items and postcards: a pattern in the band (pixels of at least two inks, the
    lesser covering 5-60% of the band); the other kinds a plain band. The ink-saver edition: every band plain white."""
    ctx, components, pdf = fronts
    for n, component in enumerate(components):
        band = band_pixels(pdf, n, component)
        colours, counts = np.unique(band, axis=0, return_counts=True)
        field = colours[counts.argmax()]
        off = np.abs(band - field).max(axis=1) > 12
        share = off.mean()
        kind = DECKS[component.deck]
        if ctx.ink_saver:
            assert (band >= 250).all(), (component.id, "a pattern or ink in the ink saver's band")
        elif kind in PATTERNED:
            assert 0.05 < share < 0.6, (component.id, share)
        else:
            assert share == 0, (component.id, share)


def test_the_pattern_is_quiet_next_to_the_field(fronts):
    """No pattern ink is further from the field than a quiet texture: at most 45 of 255 on any channel (the
    hazard stripes' yellow on the forbidden card's near-black included)."""
    ctx, components, pdf = fronts
    for n, component in enumerate(components):
        band = band_pixels(pdf, n, component)
        colours, counts = np.unique(band, axis=0, return_counts=True)
        field = colours[counts.argmax()]
        assert np.abs(band - field).max() <= 45, component.id


def test_the_kind_word_is_tracked_regular_capitals_apart_from_the_bold_title(content):
    """The kind word: capitals in the regular Latin face at KIND_SIZE, spaced; the name under it in the bold one."""
    ctx = RenderContext(content, "travel", "en", "a4")
    item = first_of_each_deck(ctx)[0]
    with pdfplumber.open(io.BytesIO(render_fronts(ctx, [item]))) as doc:
        chars = doc.pages[0].chars
    word = [c for c in chars if abs(c["size"] - KIND_SIZE) < 0.01 and c["text"].strip()]
    assert "".join(c["text"] for c in word) == ctx.t("kinds.item").upper()
    assert {c["fontname"].split("+", 1)[1] for c in word} == {"NotoSans-Regular"}
    gaps = [b["x0"] - a["x1"] for a, b in zip(word, word[1:])]
    assert min(gaps) > 1.0  # tracked: a plain setting leaves well under half a point between capitals
    name = ctx.t("items.camera.name")
    biggest = max(c["size"] for c in chars)
    title = [c for c in chars if c["size"] == biggest and c["text"].strip()]
    assert "".join(c["text"] for c in title) == name.replace(" ", "")
    assert {c["fontname"].split("+", 1)[1] for c in title} == {"NotoSans-Bold"}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_latin_letters_figures_and_punctuation_are_set_in_the_latin_face(content, lang):
    """Every Latin letter, figure and ASCII punctuation mark on the first card of each deck is drawn in Noto Sans,
    in every language; Hangul in NanumGothic and kana/kanji in BIZ UDGothic."""
    ctx = RenderContext(content, "travel", lang, "a4")
    with pdfplumber.open(io.BytesIO(render_fronts(ctx, first_of_each_deck(ctx)))) as doc:
        chars = [c for page in doc.pages for c in page.chars if c["text"].strip()]
    faces: dict[str, set[str]] = {"latin": set(), "hangul": set(), "kana": set()}
    for c in chars:
        code, face = ord(c["text"]), c["fontname"].split("+", 1)[1]
        if code < 0x7F:
            faces["latin"].add(face)
        elif 0xAC00 <= code <= 0xD7A3:
            faces["hangul"].add(face)
        elif 0x3040 <= code <= 0x30FF or 0x4E00 <= code <= 0x9FFF:
            faces["kana"].add(face)
    assert faces["latin"] and faces["latin"] <= {"NotoSans-Regular", "NotoSans-Bold"}, faces
    assert faces["hangul"] <= {"NanumGothic", "NanumGothicExtraBold"}
    assert faces["kana"] <= {"BIZUDGothic-Regular", "BIZUDGothic-Bold"}
    assert (lang == "ko") == bool(faces["hangul"]) and (lang == "ja") == bool(faces["kana"])


# ---- the title bar ----------------------------------------------------------------------------------------------

#: the kinds whose name sits at the top of the panel between the two upright indices
BETWEEN_INDICES = {"item", "event", "special", "forbidden"}


def expected_names(ctx: RenderContext) -> dict[str, str]:
    """The name each kind's first card shows on its bar (as first_of_each_deck picks the cards)."""
    game = travel_game(ctx.game_data)
    return {"item": ctx.t(f"items.{game.items[0].id}.name"), "passport": ctx.t(f"passports.{game.passports[0].id}.name"),
            "country": ctx.t(f"countries.{game.countries[0].sides[0].code}.name"),
            "event": ctx.t(f"events.{game.events[0].id}.name"), "special": ctx.t(f"special.{game.special[0].id}.name"),
            "forbidden": ctx.t(f"forbidden.{game.forbidden[0].id}.name"),
            "postcard": ctx.t(f"postcards.{game.postcards[0].id}.name"),
            "character": ctx.t(f"characters.{game.characters[0].id}.name"),
            "reference": ctx.t(f"reference.{game.reference_cards[0].sides[0]}.title")}


def same_colour(pdf_colour, hex_colour: str) -> bool:
    return pdf_colour is not None and len(pdf_colour) == 3 and all(
        abs(a - b) < 0.002 for a, b in zip(pdf_colour, rgb(hex_colour)))


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("ink_saver", [False, True], ids=["standard", "ink-saver"])
def test_every_kind_names_its_card_on_a_title_bar_in_its_colour(content, lang, ink_saver):
    """Measured from the PDF, on the first card of each deck: exactly one filled rounded rectangle in the bar's
    colour (the kind's colour, deepened only where white words on it would read at less than 4.5:1; in the
    ink-saver edition its light tint), BAR_RIM inside the panel, across it or between the indices; the card's name
    drawn inside it, wholly, in the bar's ink with a contrast of at least 4.5:1. The ink-saver edition draws no
    solid bar: nothing inside the panel is filled in the kind's full colour as large as a bar."""
    ctx = RenderContext(content, "travel", lang, "a4", ink_saver=ink_saver)
    components = first_of_each_deck(ctx)
    game = travel_game(ctx.game_data)
    names = expected_names(ctx)
    geo = geometry(ctx)
    trim = MARGIN + BLEED
    with pdfplumber.open(io.BytesIO(render_fronts(ctx, components))) as doc:
        for component, page in zip(components, doc.pages):
            kind = DECKS[component.deck]
            colour = game.kinds[kind].colour
            ink = WARNING_YELLOW if kind == "forbidden" else WHITE
            fill, words = bar_colours(colour, ink, ink_saver)
            assert contrast(fill, words) >= BAR_CONTRAST, kind
            panel = geo.panel
            left, right, top = trim + panel.x, trim + panel.right, page.height - trim - panel.top  # from page top
            bars = [c for c in page.curves + page.rects if c["fill"] and same_colour(c["non_stroking_color"], fill)
                    and c["x0"] >= left and c["x1"] <= right and c["top"] >= top and c["width"] > 20 * mm]
            assert len(bars) == 1, (kind, len(bars))
            bar = bars[0]
            if kind in BETWEEN_INDICES:
                index = top_corner(panel)
                assert bar["x0"] - trim == pytest.approx(index.right + CLEARANCE, abs=0.01), kind
                assert bar["top"] - top == pytest.approx(BAR_RIM, abs=0.01), kind
            else:
                assert bar["x0"] - left == pytest.approx(BAR_RIM, abs=0.01), kind
            assert right - bar["x1"] == pytest.approx(bar["x0"] - left, abs=0.01), kind  # centred on the panel
            inside = [c for c in page.chars if c["text"].strip() and bar["x0"] <= c["x0"] and c["x1"] <= bar["x1"]
                      and bar["top"] <= c["top"] and c["bottom"] <= bar["bottom"]]
            assert "".join(c["text"] for c in inside) == names[kind].replace(" ", ""), kind
            assert all(same_colour(c["non_stroking_color"], words) for c in inside), kind
            if ink_saver:
                solid = [c for c in page.curves + page.rects if c["fill"] and same_colour(c["non_stroking_color"],
                         colour) and c["width"] > 20 * mm and c["height"] > 5 * mm]
                assert not solid, kind


def test_a_bar_under_white_words_is_the_kinds_colour_unless_too_light_for_them():
    """A dark kind colour is the bar's colour itself; the ochre of special items and the teal of postcards (3.7
    and 4.0 to 1 under white) are deepened, no further than the step that reaches 4.5."""
    assert bar_colours("#34495e", WHITE, False) == ("#34495e", WHITE)
    for light in ("#b9770e", "#2a8c8c"):
        fill, _ = bar_colours(light, WHITE, False)
        assert fill != light and contrast(fill, WHITE) >= 4.5
        assert contrast(mix(light, "#000000", 0.0), WHITE) < 4.5


# ---- icons: one optical size ------------------------------------------------------------------------------------


def icon_ink_sides(pdf: bytes, content) -> list[float]:
    """For each page, the larger side (pt) of the ink box of the first card icon drawn on it: the icon's measured
    ink bounds (IconArt) under the transformation in force at its `Do`, read from the page's content stream."""
    from generator.render.core.icons import IconSet

    found = IconSet(content.root)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    sides = []
    for page in reader.pages:
        stack, ctm = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        side = None
        for operands, op in pypdf.generic.ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                a, b, c, d, e, f = (float(x) for x in operands)
                A, B, C, D, E, F = ctm
                ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E,
                       e * B + f * D + F)
            elif op == b"Do" and "openmoji-" in str(operands[0]) and side is None:
                art = found.art(str(operands[0]).split("openmoji-", 1)[1])
                side = max(art.right - art.left, art.top - art.bottom) * ctm[0]
        sides.append(side)
    return sides


def test_every_deck_icon_has_one_optical_size_on_its_disc(content):
    """Items, events and special items: the larger side of each icon's ink box is ICON_INK of its disc, the same on
    every card of a deck to 0.01 pt (a figure, a camera, a handshake alike)."""
    from generator.render.travel.deck_faces import ICON_INK

    ctx = RenderContext(content, "travel", "en", "a4")
    components = [c for c in travel_components(ctx) if c.deck in ("items", "events", "special")]
    sides = icon_ink_sides(render_fronts(ctx, components), content)
    discs = {"items": 98.0, "events": 60.0, "special": 60.0}
    for component, side in zip(components, sides):
        assert side is not None and abs(side - ICON_INK * discs[component.deck]) < 0.01, (component.id, side)


def test_the_icons_match_their_names(content):
    """Lost and Found shows a magnifying glass, Trading Post a handshake, Messy Map the kit's map with a question
    mark (E903, composed from OpenMoji's 1F5FA and 2753)."""
    icons = {card.id: card.icon for card in [*content.games["travel"].events, *content.games["travel"].special]}
    assert (icons["lost-and-found"], icons["trading-post"], icons["messy-map"]) == ("1F50D", "1F91D", "E903")


# ---- 3x16 tiles: the bevel line ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_tile_front_has_a_bevel_line_inside_its_trim_clear_of_the_corner_cues(content, ink_saver):
    """Each tile front: one thin stroked rounded rectangle inset BEVEL_INSET (0.8 mm, "about 1 mm") on all four
    sides to 0.01 pt, in a tone between the tile's colour and its ink; the corner cues keep at least 0.2 mm clear of
    it (their drawn bounding boxes, read back from the PDF). The ink-saver edition draws none."""
    from generator.render.threesixteen import components as tiles
    from generator.render.threesixteen.components import threesixteen_components

    ctx = RenderContext(content, "threesixteen", "en", "a4", ink_saver=ink_saver)
    fronts = {c.deck: c for c in threesixteen_components(ctx)}  # the last tile of each set
    chosen = list(fronts.values())
    pdf = render_fronts(ctx, chosen)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for component, page in zip(chosen, doc.pages):
            left, top = MARGIN + BLEED, MARGIN + BLEED
            bevels = [c for c in page.curves if c["stroke"] and abs(c["linewidth"] - tiles.BEVEL_WIDTH) < 1e-6]
            assert len(bevels) == (0 if ink_saver else 1), component.id
            if ink_saver:
                continue
            bevel = bevels[0]
            insets = (bevel["x0"] - left, bevel["top"] - top, left + component.width - bevel["x1"],
                      top + component.height - bevel["bottom"])
            assert all(abs(inset - tiles.BEVEL_INSET) < 0.01 for inset in insets), (component.id, insets)
            cues = [c for c in page.curves + page.rects if c["fill"] and not c["stroke"]
                    and c["x1"] - c["x0"] < tiles.CUE_SIZE * 1.3 and c["bottom"] - c["top"] < tiles.CUE_SIZE * 1.3]
            assert bool(cues) == (component.deck != "tiles-caller"), component.id  # a cross is two bars
            for cue in cues:
                edge = min(cue["x0"] - bevel["x0"], bevel["x1"] - cue["x1"], cue["top"] - bevel["top"],
                           bevel["bottom"] - cue["bottom"])
                assert edge >= 0.2 * mm + tiles.BEVEL_WIDTH / 2, (component.id, edge)
    assert tiles.BEVEL_INSET == 0.8 * mm


def test_the_deck_backs_airmail_ring_is_striped_all_round(content):
    """Rasterized: every eighth of the ring round the common back's medallion shows red and blue stripes (its
    upper-left part was left white: the stripes started too far right)."""
    from generator.render.travel.backs import AIRMAIL_OUTER, MEDALLION

    ctx = RenderContext(content, "travel", "en", "a4")
    component = first_of_each_deck(ctx)[0]
    back = Component(component.id, component.deck, component.width, component.height, component.back)
    pixels = pypdfium2.PdfDocument(render_fronts(ctx, [back]))[0].render(scale=SCALE).to_numpy()[:, :, :3]
    pixels = pixels.astype(int)
    h = pixels.shape[0]
    cx, cy = (MARGIN + BLEED + component.width / 2) * SCALE, h - (MARGIN + BLEED + component.height * 0.56) * SCALE
    ys, xs = np.mgrid[0:h, 0:pixels.shape[1]]
    radius = np.hypot(xs - cx, ys - cy) / SCALE
    angle = (np.degrees(np.arctan2(cy - ys, xs - cx)) + 360) % 360
    ring = (radius > MEDALLION / 2 + 1) & (radius < AIRMAIL_OUTER - 1)
    red = (pixels[:, :, 0] > 150) & (pixels[:, :, 2] < 120)
    blue = (pixels[:, :, 2] > 120) & (pixels[:, :, 0] < 100)
    for sector in range(8):
        inside = ring & (angle >= sector * 45) & (angle < (sector + 1) * 45)
        assert red[inside].mean() > 0.1 and blue[inside].mean() > 0.1, sector
