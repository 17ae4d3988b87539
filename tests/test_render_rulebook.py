"""The rulebooks of both games, read back from the PDF: every rule with its id, title and text, FAQ, components."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.content.load import load_content
from generator.content.required import rule_values
from generator.render.core.context import RenderContext
from generator.render.core.document import render_document
from generator.render.core.figures import OUTLINE
from generator.render.core.rulebook import (BULLET, COVER_TEXT, FOOTER, MARGIN, Styles, lay_out, accent_for, bind_citations, component_counts, para,
                                       rulebook_pages)

from conftest import replace_in

PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
CASES = [(game, lang) for game in ("threesixteen", "travel") for lang in ("en", "ko")]


@pytest.fixture(scope="module")
def content():
    return load_content()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def render(ctx) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=ctx.page_size, invariant=1)
    pages = rulebook_pages(ctx)
    for n, page in enumerate(pages):  # portrait, but the travel distance table's landscape page
        size = ctx.page_size[::-1] if page.landscape else ctx.page_size
        assert page.landscape == (n == len(pages) - 1 and ctx.game == "travel")
        canvas.setPageSize(size)
        page.draw(canvas, *size)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def running_text(obj) -> bool:
    """Not a glyph of a piece drawn small or turned (the cards and tiles of the cover and the diagrams)."""
    return obj.get("object_type") != "char" or (obj["matrix"][1] == 0 and obj["size"] >= 6)


def columns_text(pdf_bytes: bytes) -> tuple[list[str], list[str], str]:
    """Each page's text read column by column (left, then right), each page's footer, and the book's header.

    The first page's header (title and tagline) spans both columns, above a thick rule; every page's footer
    sits under a thin rule at the foot of the page.
    """
    texts, footers, header = [], [], ""
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for page in pdf.pages:
            page = page.filter(running_text)
            w, h = float(page.width), float(page.height)
            assert (min(w, h), max(w, h)) in [pytest.approx(size, abs=0.01) for size in PAPERS.values()]
            # the header's rule: thick, across the text width (a diagram's arrows are shorter)
            rules = [ln["top"] for ln in page.lines if ln["linewidth"] >= 2 and ln["x1"] - ln["x0"] > w / 2]
            top = rules[0] if rules else 0
            if rules:  # the cover band's words, left of the pieces drawn on its right
                header = page.crop((0, 0, MARGIN + COVER_TEXT * (w - 2 * MARGIN), top)).extract_text()
            thin = [ln["top"] for ln in page.lines if ln["linewidth"] < 1]
            foot = max(thin)
            if len([ln for ln in page.lines if ln["linewidth"] < 1 and ln["x1"] - ln["x0"] > w / 3]) > 10:
                # the travel distance table: a grid across the page, read whole (the cover's pieces draw short lines)
                texts.append(page.crop((0, top, w, foot)).extract_text())
            else:
                left = page.crop((0, top, w / 2, foot)).extract_text()
                right = page.crop((w / 2, top, w, foot)).extract_text()
                texts.append(left + "\n" + right)
            footers.append(page.crop((0, foot, w, h)).extract_text())
    return texts, footers, header


@pytest.fixture(scope="module", params=[(g, lang, paper) for g, lang in CASES for paper in PAPERS])
def book(request, content):
    game, lang, paper = request.param
    ctx = RenderContext(content, game, lang, paper)
    return (ctx, *columns_text(render(ctx)))


def test_pages_are_portrait_and_exact_but_the_distance_tables_landscape(content):
    for paper, size in PAPERS.items():
        ctx = RenderContext(content, "travel", "ko", paper)
        with pdfplumber.open(io.BytesIO(render(ctx))) as pdf:
            sizes = [(float(p.width), float(p.height)) for p in pdf.pages]
        assert len(sizes) > 1
        assert sizes == [pytest.approx(size, abs=0.01)] * (len(sizes) - 1) + [pytest.approx(size[::-1], abs=0.01)]


def test_every_rule_appears_with_its_id_title_and_text_in_order(book):
    ctx, texts, _, _ = book
    game = ctx.game_data
    values = rule_values(ctx.spec, game)
    flat = squash("".join(texts))
    words = set("\n".join(texts).split())
    at = 0
    ordered = [r for s in game.sections for r in game.rules if r.section == s]
    for rule in ordered:
        assert rule.id in words, rule.id
        block = squash(rule.id + ctx.t(f"rules.{rule.id}.title", **values) + ctx.t(f"rules.{rule.id}.text", **values))
        found = flat.find(block, at)
        assert found >= 0, f"{rule.id} missing or out of order"
        at = found + len(block)
    for section in game.sections:
        assert squash(ctx.t(f"sections.{section}")) in flat
    assert "{" not in flat and "}" not in flat  # every placeholder filled


def test_title_tagline_components_and_footers(book):
    ctx, texts, footers, header = book
    game = ctx.game_data
    flat = squash("".join(texts))
    players = ctx.t("rulebook.players", min=game.players.min, max=game.players.max)
    assert squash(header) == squash(ctx.t("rulebook.rules") + ctx.t("title") + ctx.t("tagline") + players)
    counts = component_counts(ctx)
    assert squash(ctx.t("components.intro")) in flat
    for key in ctx.texts.section("components"):
        if key not in ("title", "intro"):
            assert squash(ctx.t(f"components.{key}", count=counts[key], **rule_values(ctx.spec, game))) in flat
    for footer in footers:  # the page number is the document's, counted over the whole PDF (test_build)
        assert squash(footer) == squash(ctx.t("title"))


def on_a_card(page, char) -> bool:
    """Whether `char` lies on a card drawn small (the cover's fan, the setup diagram): inside the hairline edge
    `figures.lay` strokes round each (a card's name, white on its title bar)."""
    edge = tuple(round(v, 3) for v in (OUTLINE.red, OUTLINE.green, OUTLINE.blue))
    return any(shape["stroke"] and tuple(round(v, 3) for v in shape["stroking_color"] or ()) == edge
               and shape["x0"] <= char["x0"] and char["x1"] <= shape["x1"] and shape["top"] <= char["top"]
               and char["bottom"] <= shape["bottom"] for shape in page.rects + page.curves)


def badge_ids(pdf_bytes: bytes) -> list[str]:
    """The words printed white on the accent colour (the rules' ids, the glossary's terms), in reading order:
    page, column, top."""
    ids = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for n, page in enumerate(pdf.pages):
            # white on colour, upright, at the badges' size: not the words of the cards drawn small on the cover
            # and in the diagram
            white = [c for c in page.chars if tuple(c["non_stroking_color"] or ()) == (1.0, 1.0, 1.0)
                     and c["upright"] and c["matrix"][1] == 0 and c["size"] >= 7.5 and not on_a_card(page, c)]
            badges: dict[tuple, list] = {}
            for c in white:
                # by baseline: a glyph's top depends on its face's ascent, and Latin and Hangul come from two faces
                badges.setdefault((n, c["x0"] > page.width / 2, -round(c["matrix"][5], 1)), []).append(c)
            ids += ["".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"]))
                    for _, chars in sorted(badges.items())]
    return ids


def test_rule_ids_are_printed_in_increasing_order(book, content):
    ctx = book[0]
    rules = ctx.game_data.rules
    printed = badge_ids(render(ctx))
    assert [word for word in printed if re.fullmatch(r"R\d+", word)] == [f"R{n}" for n in range(1, len(rules) + 1)]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_travel_rulebook_explains_every_timing_word_its_cards_print(content, lang, paper):
    """The words in a card's top band (Action, Your turn, Reaction, When drawn, While held) were never explained:
    after the rules, each is printed as the cards print it, in a pill, with what it means beside it; every word an
    event or special item card shows has one, in the order of the file."""
    ctx = RenderContext(content, "travel", lang, paper)
    game = ctx.game_data
    shown = {card.effect.timing for card in [*game.events, *game.special]}
    explained = list(ctx.texts.section("glossary.timing"))
    assert set(explained) == shown
    pills = [word for word in badge_ids(render(ctx)) if not re.fullmatch(r"R\d+", word)]
    assert [squash(pill) for pill in pills] == [squash(ctx.t(f"timing.{t}")) for t in explained]
    texts, _, _ = columns_text(render(ctx))
    flat = squash(" ".join(texts))
    for timing in explained:
        assert squash(ctx.t(f"glossary.timing.{timing}")) in flat


def rulebook_footers(ctx) -> list[tuple[float, float, float]]:
    """For each rulebook page of the whole PDF: (footer rule, running title baseline, page number baseline), pt
    from the bottom. The page number is told apart from the title by being centred."""
    document = render_document(ctx, components=[], full_pages=[])
    found = []
    with pdfplumber.open(io.BytesIO(document.data)) as pdf:
        for plan, page in zip(document.pages, pdf.pages):
            if plan.kind != "rulebook":
                continue
            h = float(page.height)
            rule = max(ln["top"] for ln in page.lines if ln["linewidth"] < 1)
            below = [c for c in page.chars if c["top"] > rule]
            centred = [c for c in below if c["x0"] > page.width / 3]
            title = [c for c in below if c["x0"] < page.width / 3]
            assert "".join(c["text"] for c in centred).replace(" ", "").count("/") == 1
            assert len({round(c["matrix"][5], 2) for c in centred}) == 1
            found.append((h - rule, title[0]["matrix"][5], centred[0]["matrix"][5]))
    return found


@pytest.mark.parametrize("game,lang", CASES)
@pytest.mark.parametrize("paper", PAPERS)
def test_page_number_sits_on_the_rulebook_footer_line(content, game, lang, paper):
    """Set normal or tight, the page number shares the running title's baseline, under the footer rule."""
    ctx = RenderContext(content, game, lang, paper)
    footers = rulebook_footers(ctx)
    assert footers
    for rule, title, number in footers:
        assert number == pytest.approx(title, abs=0.01)
        assert 3 * mm < rule - number < 6 * mm


def test_a_tight_book_moves_its_page_number_with_its_footer(content):
    """A book set tight (to save a nearly empty last page) has its footer, and the page number on it, 11 mm up;
    none of the shipped books needs it since the cover band and the diagrams (travel in Korean on A4: four pages
    either way), so the tight layout is read from `lay_out` and the normal one from the PDF."""
    ctx = RenderContext(content, "travel", "ko", "a4")
    normal = rulebook_footers(ctx)
    assert normal[0][2] == pytest.approx(16 * mm, abs=0.01)
    tight = lay_out(ctx, tight=True)
    assert tight.margin_v == pytest.approx(11 * mm)
    assert [box.y for box in tight.frames_for(1)] == [pytest.approx(11 * mm + FOOTER)] * 2


def line_starts(page) -> list[tuple[float, float, str]]:
    """(top, x0 of the first glyph, the line's text) for each text line of a page, top to bottom, per column. A line
    is the glyphs on one baseline (a glyph from a fallback font has another top)."""
    lines: dict[tuple, list] = {}
    for c in page.chars:
        if c["text"].strip():
            lines.setdefault((c["x0"] > page.width / 2, -round(c["matrix"][5])), []).append(c)
    out = []
    for _, chars in sorted(lines.items()):
        chars.sort(key=lambda c: c["x0"])
        out.append((chars[0]["top"], chars[0]["x0"], "".join(c["text"] for c in chars)))
    return out


def wrapped_bullets(pdf_bytes: bytes) -> list[tuple[float, list[float]]]:
    """Each bullet item: where its first line's text starts, and where each of its wrapped lines starts."""
    items = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for page in pdf.pages:
            lines = line_starts(page)
            for i, (_, x, text) in enumerate(lines):
                if not text.startswith(BULLET):
                    continue
                chars = sorted((c for c in page.chars if c["text"].strip() and abs(c["top"] - lines[i][0]) < 1
                                and abs(c["x0"] - x) < page.width / 2 - 20), key=lambda c: c["x0"])
                text_x = chars[1]["x0"]
                more = []
                for _, x2, text2 in lines[i + 1:]:
                    if text2.startswith(BULLET) or x2 <= x:
                        break
                    more.append(x2)
                items.append((text_x, more))
    return items


def test_bullet_items_hang_their_wrapped_lines_under_their_text(book):
    ctx = book[0]
    items = wrapped_bullets(render(ctx))
    assert len(items) >= 4
    for text_x, more in items:
        assert all(x == pytest.approx(text_x, abs=0.2) for x in more), (text_x, more)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_long_bullet_item_hangs_every_line(content, lang):
    """The book's bullet style on a narrow column: every wrapped line starts where the first line's text does."""
    ctx = RenderContext(content, "threesixteen", lang, "a4")
    styles = Styles.for_context(ctx, accent_for(ctx))
    item = para(" ".join([ctx.t("components.caller_tiles")] * 3), styles.bullet, "components.caller_tiles",
                bulletText=BULLET)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(600, 400), invariant=1)  # the item stays in the left half, one "column"
    _, h = item.wrap(250, 400)
    item.drawOn(canvas, 10, 390 - h)
    canvas.showPage()
    canvas.save()
    [(text_x, more)] = wrapped_bullets(buffer.getvalue())
    assert len(more) >= 3
    assert all(x == pytest.approx(text_x, abs=0.2) for x in more)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_travel_faq_in_order(content, lang):
    ctx = RenderContext(content, "travel", lang, "letter")
    game = ctx.content.games["travel"]
    values = rule_values(ctx.spec, game)
    flat = squash("".join(columns_text(render(ctx))[0]))
    last_rule = [r for s in game.sections for r in game.rules if r.section == s][-1]
    at = flat.find(squash(ctx.t(f"rules.{last_rule.id}.text", **values)))  # the FAQ follows the rules
    assert at >= 0
    for entry in ctx.content.games["travel"].faq:
        qa = squash(ctx.t(f"faq.{entry}.q", **values) + ctx.t(f"faq.{entry}.a", **values))
        found = flat.find(qa, at)
        assert found > at, entry
        at = found


def figure_words(ctx) -> list[str]:
    """The words the cover's and the diagram's pieces print (the cards' own texts, the steps' labels), as they
    print them."""
    if ctx.game == "travel":
        values = rule_values(ctx.spec, ctx.game_data)
        words = [ctx.t(f"diagram.{k}", **values) for k in ("title", "transit", "centre", "hand", "caption")]
        for section in ("items", "countries", "passports", "card", "kinds", "events", "special", "timing"):
            words += [str(v) for v in flatten(ctx.texts.section(section))]
        return words
    from generator.render.threesixteen.example import next_move, worked_example
    from generator.render.threesixteen.rulebook import diagram_caption, diagram_values

    example = worked_example(ctx)
    values = diagram_values(ctx, example, next_move(ctx, example))
    words = [ctx.t(f"diagram.{k}", **values) for k in ("title", "place", "move")] + [diagram_caption(ctx, values)]
    return words + [str(ctx.t(f"board.{k}", name=n)) for k in ("column",) for n in "ABCDE"]


def flatten(node) -> list:
    return [x for v in node.values() for x in (flatten(v) if isinstance(v, dict) else [v])]


def printed_texts(ctx) -> list[str]:
    """Every text the rulebook prints, placeholders filled."""
    game = ctx.game_data
    values = rule_values(ctx.spec, game)
    counts = component_counts(ctx)
    texts = [ctx.t("title"), ctx.t("tagline"), ctx.t("rulebook.faq")]
    texts += [ctx.t(f"sections.{s}") for s in game.sections]
    texts += [ctx.t(f"rules.{r.id}.{part}", **values) for r in game.rules for part in ("title", "text")]
    texts += [ctx.t(f"faq.{e}.{part}", **values) for e in getattr(game, "faq", []) for part in ("q", "a")]
    texts += [ctx.t(key) for key in ("glossary.title", "glossary.intro") if ctx.texts.has(key)]
    for group, names in ctx.texts.section("glossary").items():  # each term as the cards print it, its meaning
        if isinstance(names, dict):
            texts += [ctx.t(f"{key}.{name}") for name in names for key in (group, f"glossary.{group}")]
    texts += [ctx.t(f"components.{k}", **values, **({"count": counts[k]} if k in counts else {}))
              for k in ctx.texts.section("components")]
    texts.append(ctx.t("rulebook.rules"))  # over the cover's title
    texts += figure_words(ctx) + ["…"]
    if ctx.game == "travel":  # the distance table's page
        texts += [ctx.t("distances.title"), ctx.t("distances.intro"), "–"]
        texts += [f"{side.code} {ctx.t(f'countries.{side.code}.name')}" for card in game.countries
                  for side in card.sides]
    return texts


def test_korean_wraps_only_at_spaces(content):
    """Every word on every printed line is a whole word of the source texts (no word split over two lines)."""
    for game in ("threesixteen", "travel"):
        ctx = RenderContext(content, game, "ko", "a4")
        texts, _, _ = columns_text(render(ctx))
        known = set(" ".join(printed_texts(ctx)).split()) | {r.id for r in content.games[game].rules}
        known |= {"•", "/"}
        for text in texts:
            for line in text.splitlines():
                for word in line.split():
                    bare = word.replace("…", "")  # the diagram's rows run on ("…") beside a step's number
                    assert word in known or bare.isdigit() or not bare, (game, word, line)


def test_text_that_overflows_a_page_continues_on_the_next(content_copy):
    path = content_copy / "threesixteen" / "en.yaml"
    long_text = " ".join(f"word{i}" for i in range(2500))
    anchor = 'title: Only the bottom tile\n    text: "'
    replace_in(path, anchor, f"{anchor}{long_text} ")
    ctx = RenderContext(load_content(content_copy), "threesixteen", "en", "letter")
    texts, _, _ = columns_text(render(ctx))
    assert len(texts) >= 3
    printed = "\n".join(texts).split()
    assert [w for w in printed if w.startswith("word")] == [f"word{i}" for i in range(2500)]
    assert squash(ctx.t("rules.R14.text", **rule_values(ctx.spec, ctx.game_data))) in squash("".join(texts))


def test_same_bytes_twice(content):
    ctx = RenderContext(content, "travel", "ko", "letter")
    assert render(ctx) == render(ctx)


def test_rule_citations_stay_with_the_word_before_them():
    assert bind_citations("discard down (R9, R17). More") == "discard down\u00a0(R9,\u00a0R17). More"
    assert bind_citations("버립니다(R9, R17).") == "버립니다(R9,\u00a0R17)."  # no space in Korean: none added
    assert bind_citations("(not a citation) (R)") == "(not a citation) (R)"


def test_no_printed_line_starts_with_a_rule_citation(book):
    _, texts, _, _ = book
    lines = [line.strip() for text in texts for line in text.splitlines()]
    assert [line for line in lines if line.startswith("(R")] == []


def column_texts(pdf_bytes: bytes) -> list[str]:
    """The text of every column of the book, page by page, left before right (the first page's header apart)."""
    found = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for page in pdf.pages:
            w = float(page.width)
            top = min((ln["top"] for ln in page.lines if ln["linewidth"] >= 2), default=0)
            foot = max(ln["top"] for ln in page.lines if ln["linewidth"] < 1)
            found += [page.crop((x0, top, x1, foot)).extract_text() for x0, x1 in ((0, w / 2), (w / 2, w))]
    return found


def test_a_rule_that_fits_a_column_is_never_split(book):
    """A rule's badge, title and text stay in one column (review: R7 ran from one column into the next, R15 from one
    page onto the next); every rule of both games fits a column."""
    ctx = book[0]
    values = rule_values(ctx.spec, ctx.game_data)
    columns = [squash(text) for text in column_texts(render(ctx))]
    for rule in ctx.game_data.rules:
        whole = squash(rule.id + ctx.t(f"rules.{rule.id}.title", **values) + ctx.t(f"rules.{rule.id}.text", **values))
        assert sum(whole in column for column in columns) == 1, rule.id


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_both_rulebooks_name_the_same_kind_of_section_alike(content, lang):
    books = {game: RenderContext(content, game, lang, "a4") for game in ("threesixteen", "travel")}
    shared = set(content.games["threesixteen"].sections) & set(content.games["travel"].sections)
    assert shared >= {"goal", "setup", "ending"}
    for section in shared:
        assert books["threesixteen"].t(f"sections.{section}") == books["travel"].t(f"sections.{section}"), section


def test_korean_costs_exclude_forbidden_items_in_the_words_of_the_cards(content):
    """R10 (recycle) and R13 (steal) say "(금지 물건 제외)", as the Binoculars and Trading Post cards do."""
    ctx = RenderContext(content, "travel", "ko", "a4")
    flat = squash("".join(column_texts(render(ctx))))
    values = rule_values(ctx.spec, ctx.game_data)
    for rule in ("R10", "R13"):
        assert "(금지물건제외)" in squash(ctx.t(f"rules.{rule}.text", **values)), rule
        assert squash(ctx.t(f"rules.{rule}.text", **values)) in flat, rule
    for card in ("binoculars", "trading-post"):
        assert "(금지 물건 제외)" in ctx.t(f"special.{card}.text", cost=1, max=2)


#: what a new player had to guess, now printed in each language: (game, rule) -> a phrase of it per language
CLARIFIED = {
    # travel R4: how a country card's side is chosen ("turning some over as you do")
    ("travel", "R4"): {"en": "The side that was on top counts", "ko": "더미에서 위를 향하던 면이 적용되며",
                       "ja": "山で上を向いていた面が有効です"},
    # travel R6: the characters are dealt, not shuffled into the draw pile
    ("travel", "R6"): {"en": "The characters are not shuffled in", "ko": "캐릭터는 뽑기 더미에 섞지 않습니다",
                       "ja": "キャラクターは山札に混ぜません"},
    # travel R7: tied players who cannot agree; no record notation at the table
    ("travel", "R7"): {"en": "if they cannot agree, the youngest of them starts",
                       "ko": "의견이 맞지 않으면 그중 가장 어린 플레이어가 시작합니다",
                       "ja": "決まらなければ、その中で最年少のプレイヤーが始めます"},
    # 3x16 R4: where the caller's drawn tiles go
    ("threesixteen", "R4"): {"en": "lays it face up in a row with the tiles called before it, never on a board", "ko": "진행자용 타일은 보드에 놓지 않으며",
                             "ja": "読み手用タイルはボードには置かず"},
    # 3x16 R9: any number may go below any other (the game's core decision)
    ("threesixteen", "R9"): {"en": "Any number may go below any other", "ko": "어떤 숫자 밑에든 어떤 숫자든 놓을 수 있어",
                             "ja": "どの数字の下にもどの数字でも置ける"},
    # 3x16 R13: completing on the same call shares the win
    ("threesixteen", "R13"): {"en": "players who complete them on the same call share the win",
                              "ko": "같은 부름에서 완성한 사람이 여럿이면 모두 함께 이깁니다",
                              "ja": "同じ読み上げで完成させたプレイヤーは全員勝ちです"},
}


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_the_rulebook_says_what_a_new_player_had_to_guess(content, game, lang):
    """Read from the printed rulebook in each language: the clarifications a reading as a new player asked for
    are there in the rule they belong to, and no rule, answer or glossary entry prints a word of the record notation
    (R7 once said "a written record ... (first: NAME)", in English in the Korean and Japanese books too)."""
    ctx = RenderContext(content, game, lang, "a4")
    flat = squash("".join(columns_text(render(ctx))[0]))
    values = rule_values(ctx.spec, ctx.game_data)
    for (of, rule), phrases in CLARIFIED.items():
        if of == game:
            assert squash(phrases[lang]) in squash(ctx.t(f"rules.{rule}.text", **values)), (rule, lang)
            assert squash(ctx.t(f"rules.{rule}.text", **values)) in flat, (rule, lang)
    assert "first:" not in flat and "(first" not in flat
    if lang != "en":  # Korean and Japanese books print no English word but the rule ids and the column letters
        keys = [f"rules.{r.id}.{part}" for r in ctx.game_data.rules for part in ("title", "text")]
        keys += [f"faq.{e}.{part}" for e in getattr(ctx.game_data, "faq", []) for part in ("q", "a")]
        keys += [f"glossary.timing.{t}" for t in ctx.texts.section("glossary.timing")]
        printed = " ".join(ctx.t(key, **values) for key in keys)
        english = [w for w in re.findall(r"[A-Za-z][A-Za-z:]+", printed) if not re.fullmatch(r"R\d+", w)]
        assert english == [], english
