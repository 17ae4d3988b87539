"""Line breaking per script (render/core/linebreak.py through textfit): Korean at spaces only, Japanese and Chinese between
characters under UAX #14 and kinsoku, at phrases first, Latin at spaces with hyphenation for a word wider than its
box; every piece of text kept, in order, and no line wider than its box."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.render.core import linebreak, textfit
from generator.render.core.fonts import fonts_for

#: kinsoku: no line starts with these (closing brackets, stops, small kana, the long vowel mark, a sign of relation
#: or range: "A～E|＝その", "1|～16") ...
NO_START = set("、。，．・：；？！」』）】〕ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ＝～")
#: ... and none ends with these (opening brackets, signs: "A～E＝|その", "×|1セット")
NO_END = set("「『（【〔＝～×＋")


@pytest.fixture(scope="module")
def ja_font() -> str:
    return fonts_for(load_content(), "ja").regular


def fitted_lines(text: str, font: str, width: float, lang: str, size: float = 9.0) -> list[str]:
    fitted = textfit.fit(text, font, width, 10_000, size, size, lang=lang)
    assert fitted.fits
    return [line for line, _ in fitted.lines]


def test_japanese_breaks_between_phrases_and_never_before_a_stop_or_small_kana(ja_font):
    text = "カメラを1枚、「パスポート」と交換する。ちょっと待ってください。自分の手札からカードを2枚選んで捨て札の山に置きます。"
    lines = fitted_lines(text, ja_font, 144.85, "ja")
    assert lines == ["カメラを1枚、「パスポート」と", "交換する。ちょっと", "待ってください。自分の手札から",
                     "カードを2枚選んで捨て札の山に", "置きます。"]  # a last line of four letters stands alone
    assert "".join(lines) == text


def test_a_japanese_phrase_wider_than_its_box_breaks_between_characters(ja_font):
    lines = fitted_lines("「パスポート」", ja_font, 30, "ja")
    assert "".join(lines) == "「パスポート」"
    assert all(textfit.unit_width(line, ja_font) * 9 <= 30 + 1e-6 for line in lines)
    assert lines[0].startswith("「パ") and lines[-1].endswith("ト」")  # the brackets keep a character with them


def test_korean_breaks_at_spaces_only(ja_font):
    text = "이 카드를 가지고 있으면 여행할 수 없습니다. 행동: 금지 물건이 아닌 카드 1장과 함께 버립니다."
    lines = fitted_lines(text, ja_font, 90, "ko")
    assert " ".join(lines).split(" ") == text.split(" ")


def test_a_latin_word_wider_than_its_box_is_hyphenated(ja_font):
    width = textfit.unit_width("Extraordinarily", ja_font) * 9  # the box holds the first word, not the second
    lines = fitted_lines("Extraordinarily incomprehensibilities", ja_font, width, "en")
    assert lines == ["Extraordinarily", "incompre-", "hensibilities"]


def test_a_word_without_hyphenation_points_is_cut_between_characters(ja_font):
    lines = fitted_lines("ZZZZZZZZZZZZZZZZZZZZ", ja_font, 40, "en")
    assert "".join(line.removesuffix("-") for line in lines) == "Z" * 20 and len(lines) > 1
    assert all(line.endswith("-") for line in lines[:-1])
    assert all(textfit.unit_width(line, ja_font) * 9 <= 40 + 1e-6 for line in lines)


def test_a_text_shrinks_before_its_words_are_cut(ja_font):
    width = textfit.unit_width("Extraordinarily", ja_font) * 8
    fitted = textfit.fit("Extraordinarily", ja_font, width, 100, 9, 7, lang="en")
    assert fitted.lines == (("Extraordinarily", True),) and fitted.size == 8


def test_advice_counts_characters_in_a_script_without_spaces(ja_font):
    fitted = textfit.fit("カードを2枚選んで捨て札の山に置きます。" * 6, ja_font, 100, 30, 9, 7, lang="ja")
    assert not fitted.fits and textfit.advice(fitted).startswith("cut about ")
    assert textfit.advice(fitted).endswith(" characters")
    fitted = textfit.fit("Put two cards on the discard pile. " * 6, ja_font, 100, 30, 9, 7, lang="en")
    assert textfit.advice(fitted).endswith(" words")


# ---- properties ----------------------------------------------------------------------------------------------------

_JAPANESE = ("カメラパスポート交換手札捨山置選待自分旅行国境写真", "、。「」（）ーっゃょァッ＝～×", "12AB")
_japanese_text = st.lists(st.sampled_from(list("".join(_JAPANESE))), min_size=1, max_size=80).map("".join)


@settings(max_examples=200)
@given(text=_japanese_text, width=st.floats(30, 250))
def test_japanese_lines_keep_every_character_in_order_and_the_kinsoku_rules(ja_font, text, width):
    """(Kinsoku holds while every UAX #14 unit fits the box; only a narrower box cuts one between characters.)"""
    units_fit = all(textfit.unit_width(p.text, ja_font) * 9 <= width for p in linebreak.units(text, "ja"))
    fitted = textfit.fit(text, ja_font, width, 10_000, 9, 9, lang="ja")
    for shown in (fitted, textfit.balanced(fitted)):
        lines = [line for line, _ in shown.lines]
        assert "".join(lines) == text
        assert all(textfit.unit_width(line, ja_font) * 9 <= width + 1e-6 for line in lines)
        for before, after in zip(lines, lines[1:]) if units_fit else ():
            assert after[0] not in NO_START and before[-1] not in NO_END, (before, after)


_latin_word = st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=40)


@settings(max_examples=200)
@given(words=st.lists(_latin_word, min_size=1, max_size=12), width=st.floats(25, 200))
def test_latin_lines_fit_and_rejoin_into_the_words(ja_font, words, width):
    fitted = textfit.fit(" ".join(words), ja_font, width, 10_000, 9, 9, lang="en")
    lines = [line for line, _ in fitted.lines]
    assert fitted.fits
    assert all(textfit.unit_width(line, ja_font) * 9 <= width + textfit.TOLERANCE_PT for line in lines)
    rejoined = ""
    for line in lines:
        rejoined += line[:-1] if line.endswith("-") else line + " "
    assert rejoined.split() == words


def test_the_pieces_of_unspaced_text_follow_uax14_breaks_only():
    units = [p.text for p in linebreak.units("「パスポート」と交換する。", "ja")]
    assert units == ["「パ", "ス", "ポー", "ト」", "と", "交", "換", "す", "る。"]
    assert [p.text for p in linebreak.pieces("「パスポート」と交換する。", "ja")] == ["「パスポート」と", "交換する。"]


# ---- a language without spaces that the kit does not ship: Chinese ---------------------------------------------

#: traditional forms, which BIZ UDGothic draws
CHINESE_MOUSETRAP = "有人宣布行動時打出這張牌，包括旅行。那個行動完全不會發生（不付任何費用，也沒有卡牌移動），他的回合立刻結束。"


def test_a_chinese_text_file_fits_and_renders(content_copy, tmp_path):
    """A Chinese translator's first files: English copied, a few texts in Chinese, a font named for the language.
    Lint finds nothing about the Chinese texts, and the build draws them whole."""
    import io
    import shutil

    import pdfplumber

    from generator.builder.plan import build
    from generator.content.lint import lint
    from generator.render.core.fitcheck import fit_findings
    from generator.render.core.fonts import glyphs_missing_for

    from conftest import replace_in

    for folder in ("common", "threesixteen", "travel"):
        shutil.copy(content_copy / folder / "en.yaml", content_copy / folder / "zh.yaml")
    travel = content_copy / "travel" / "zh.yaml"
    replace_in(travel, 'title: "Pack & Go"', 'title: "旅行卡牌競賽"')
    replace_in(travel, 'name: "Camera"', 'name: "相機"')
    text = travel.read_text(encoding="utf-8")
    start = text.index("text:", text.index("  mousetrap:"))
    end = text.index("\n", start)
    travel.write_text(text[:start] + f'text: "{CHINESE_MOUSETRAP}"' + text[end:], encoding="utf-8")
    replace_in(content_copy / "print.yaml", "ja: bizud", "ja: bizud\n    zh: bizud")
    zh_only = lambda content, game, lang: fit_findings(content, game, lang) if lang == "zh" else []  # noqa: E731
    report = lint(content_copy, fit_check=zh_only, glyph_check=glyphs_missing_for)  # the other languages: as shipped
    assert [str(f) for f in report.findings if "/zh.yaml" in f.position.path and f.check != "untranslated"] == []
    out = tmp_path / "out"
    build(content_copy, games=["travel"], langs=["zh"], papers=["a4"], output_dir=out, pod=False)
    with pdfplumber.open(io.BytesIO((out / "travel-zh-a4.pdf").read_bytes())) as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    assert "旅行卡牌競賽" in pages[0] and any("相機" in page for page in pages)
    [card_page] = [page for page in pages if "宣布" in page]  # the mousetrap's lines, among the other cards'
    assert "".join(line for line in card_page.split("\n") if linebreak.unspaced(line)) == CHINESE_MOUSETRAP


# ---- a number with its counter, a defined name whole ----------------------------------------------------------------

def test_a_number_stays_with_its_counter():
    assert [p.text for p in linebreak.pieces("まずカードを3枚引きます。", "ja")] == ["まず", "カードを", "3枚引きます。"]
    assert [p.text for p in linebreak.units("赤タイル×1セット", "ja")] == ["赤", "タ", "イ", "ル", "×1セッ", "ト"]
    assert [p.text for p in linebreak.units("カードの10枚目", "ja")] == ["カー", "ド", "の", "10枚", "目"]
    assert [p.text for p in linebreak.pieces("混ぜて、1枚ずつめくってください。", "ja")] == [
        "混ぜて、", "1枚ずつめくってください。"]  # BudouX alone: "1枚ず", "つめくってください。"


def test_a_phrase_ends_after_a_clause_ending_mark_though_budoux_runs_on():
    """The 3x16 log sheet's example once broke "1 2 3 2と" / "読み上げられたら：R A>A B>B C。" (BudouX runs the
    colon into the record after it)."""
    text = "1\u00a02\u00a03\u00a02と読み上げられたら：R\u00a0A>A\u00a0B>B\u00a0C。"
    assert [p.text for p in linebreak.pieces(text, "ja")] == [
        "1\u00a02\u00a03\u00a02と", "読み上げられたら：", "R\u00a0A>A\u00a0B>B\u00a0C。"]
    assert [p.text for p in linebreak.pieces("コスト：1枚、交換。", "ja")] == ["コスト：", "1枚、", "交換。"]


def test_a_flowing_japanese_line_that_would_end_short_takes_part_of_the_next_phrase(ja_font):
    """Phrase breaks alone left "読み手用タイルを混ぜて、" at 55% of the line over "1枚ずつめくってください。…": a
    ragged column. The line fills, cut where Japanese is set ("くだ|さい"), never inside a katakana word, before a
    phrase's last letter or between a number and its counter."""
    text = ("ひとりで遊ぶときは、自分が読み手になります。読み手用タイルを混ぜて、1枚ずつめくってください。"
            "最後の読み上げのあと、横列の外に残ったタイルの枚数が得点です。")
    assert textfit.wrap(text, ja_font, 9, 9 * 22, "ja") == [
        "ひとりで遊ぶときは、自分が読み手になります。", "読み手用タイルを混ぜて、1枚ずつめくってくだ",
        "さい。最後の読み上げのあと、横列の外に残った", "タイルの枚数が得点です。"]
    parts = [p.text for p in linebreak.filling(linebreak.Piece("プレイヤーは3枚引きます。"), "ja")]
    assert parts == ["プレイヤー", "は", "3枚", "引", "き", "ます。"]
    assert textfit.wrap("Pack the passport and the umbrella", ja_font, 9, 60, "en") == [
        "Pack the", "passport and", "the umbrella"]  # spaced text: as before


def test_a_justified_line_cuts_a_name_ever_more_freely_where_it_would_be_spread_far():
    """The levels a justified line goes through (`linebreak.LEVELS`): a name whole; parted at its compound seams,
    where it begins or ends with another name or its kanji meet its katakana ("アイテム|カード"; never "日本|語"); also
    between its letters but a letter from its ends ("アク|ション"); also there ("アクショ|ン"). A rule citation stays
    whole at every level, as does a number with its counter."""
    keep = ("アイテム", "アイテムカード", "日本", "日本語", "アクション", "国カード", "（R17、R30）")

    def cuts(text: str, level: int) -> list[str]:
        return [p.text for p in linebreak.filling(linebreak.Piece(text), "ja", keep, level)]

    assert [cuts("アイテムカードを", level) for level in linebreak.LEVELS] == [
        ["アイテムカードを"], ["アイテム", "カードを"], ["アイ", "テ", "ム", "カードを"],
        ["ア", "イ", "テ", "ム", "カー", "ドを"]]
    assert [cuts("アクションを", level) for level in linebreak.LEVELS] == [
        ["アクションを"], ["アクションを"], ["アク", "ションを"], ["ア", "ク", "ショ", "ンを"]]
    assert cuts("国カードに", linebreak.LOOSE) == ["国", "カードに"]
    assert linebreak.compound_seams("日本語", keep) == frozenset()
    for level in linebreak.LEVELS:
        assert cuts("（R17、R30）。", level) == ["（R17、R30）。"]
        assert "3枚" in cuts("3枚引く", level)


def centred_lines(text: str, font: str, keep: tuple[str, ...] = ()) -> list[str]:
    """`text` fitted into a card's text box (144.85 pt at 9 pt) and evened out as centred text is drawn."""
    return [line for line, _ in textfit.balanced(textfit.fit(text, font, 144.85, 10_000, 9, 9, lang="ja",
                                                             keep=keep)).lines]


def test_a_centred_japanese_text_keeps_its_phrases_unless_a_line_would_end_far_short(ja_font):
    """A two-line caption breaks between phrases though the lines differ a little ("元ど|おりには" would even them);
    a card text cuts a phrase where phrase breaks alone left a line far shorter than the others ("時計回りに、全員が"
    at 56% of the lines around it, "ほかのプレイヤーに" at 60%)."""
    assert centred_lines("一度広げたら、もう元どおりにはたためない。", ja_font) == [
        "一度広げたら、もう", "元どおりにはたためない。"]
    names = ("禁止アイテム", "税関検査")
    assert centred_lines("このカードを引いたプレイヤーから時計回りに、全員が禁止アイテム以外のカードを1枚選んで捨てます。"
                         "捨てられるカードがなければ捨てません。", ja_font, names) == [
        "このカードを引いたプレイヤー", "から時計回りに、全員が", "禁止アイテム以外のカードを",
        "1枚選んで捨てます。捨てられる", "カードがなければ捨てません。"]
    assert centred_lines("ほかのプレイヤーに盗まれそうになったとき（盗む・双眼鏡）に使います。相手は何も取れず、"
                         "払ったコストも戻らず、その手番は終わります。", ja_font) == [
        "ほかのプレイヤーに盗まれそうに", "なったとき（盗む・双眼鏡）に", "使います。相手は何も取れず、",
        "払ったコストも戻らず、", "その手番は終わります。"]


def test_a_japanese_phrase_is_cut_rather_where_the_script_changes():
    """Inside a phrase a break between two scripts more likely ends a word ("アクション|に"), but an ideograph and
    the hiragana after it are often one word ("盗|まれ"), as two letters of one script are ("で|きます")."""
    assert not linebreak.within_word("ン", "に") and not linebreak.within_word("が", "禁")
    assert linebreak.within_word("盗", "ま") and linebreak.within_word("で", "き") and linebreak.within_word("検", "査")
    assert not linebreak.within_word("）", "に") and not linebreak.within_word("1", "枚")


def test_a_japanese_determiner_stays_with_its_word(ja_font):
    """BudouX ends a phrase after "その" ("…、その" / "人の手番は…" on the Mousetrap card)."""
    assert [p.text for p in linebreak.pieces("動きません）、その人の手番は終わります。そのあと、どの国でも", "ja")] == [
        "動きません）、", "その人の", "手番は", "終わります。", "そのあと、", "どの国でも"]
    assert centred_lines("カードも動きません）、その人の手番は終わります。", ja_font) == [
        "カードも動きません）、", "その人の手番は終わります。"]


def test_a_word_a_language_keeps_with_the_word_before_it_holds_the_break_before_it_in_unspaced_text(ja_font):
    """A language without spaces may list words of its own under `typography.keep_with_previous` (Japanese lists none
    today): no line breaks just before one, at any level of cutting."""
    bound = linebreak.Bound(("こと",))
    text = "カードを捨てることができます。"
    for cut in (linebreak.pieces, linebreak.units):
        assert not any(piece.text.startswith("こと") for piece in cut(text, "ja", bound=bound))
    assert any(piece.text.startswith("こ") for piece in linebreak.units(text, "ja"))
    for level in linebreak.LEVELS:
        parts = linebreak.filling(linebreak.Piece("捨てることが"), "ja", (), level, bound)
        assert not any(part.text.startswith("こと") for part in parts), level
    width = textfit.unit_width("カードを捨てる", ja_font) * 9 + 0.5
    lines = textfit.wrap(text, ja_font, 9, width, "ja", bound=bound)
    assert "".join(lines) == text and not any(line.startswith("こと") for line in lines)


def test_a_short_quotation_is_held_whole_like_a_name_with_spaces(ja_font):
    """Page one's scale check once read "배율 100%(“실제" / "크기”)로": a print dialog's label parted."""
    text = "그렇지 않다면 배율 100%(“실제 크기”)로 다시 인쇄하십시오. ‘긴 가장자리에서 넘기기’로, “a label of five words long”"
    assert linebreak.quoted(text) == ("“실제 크기”", "‘긴 가장자리에서 넘기기’")
    width = textfit.unit_width("그렇지 않다면 배율 100%(“실제", ja_font) * 9 + 1
    lines = ["그렇지 않다면 배율", "100%(“실제 크기”)로 다시", "인쇄하십시오"]
    assert fitted_lines(text.split(".")[0], ja_font, width, "ko") == textfit.wrap(text.split(".")[0], ja_font, 9,
                                                                              width, "ko") == lines


def test_a_name_the_language_defines_is_never_cut_unless_it_alone_is_too_wide(ja_font):
    text = "イベント「税関検査」で禁止アイテムを捨てます。"
    assert [p.text for p in linebreak.units(text, "ja")][4:8] == ["「税", "関", "検", "査」"]
    kept = [p.text for p in linebreak.units(text, "ja", keep=("税関検査", "禁止アイテム"))]
    assert kept == ["イ", "ベ", "ン", "ト", "「税関検査」", "で", "禁止アイテム", "を", "捨", "て", "ま", "す。"]
    assert [p.text for p in linebreak.pieces("ぐちゃぐちゃ地図を使う", "ja")][0] != "ぐちゃぐちゃ地図を"
    assert [p.text for p in linebreak.pieces("ぐちゃぐちゃ地図を使う", "ja", keep=("ぐちゃぐちゃ地図",))] == [
        "ぐちゃぐちゃ地図を", "使う"]
    narrow = textfit.unit_width("税関", ja_font) * 9 + 1  # the name alone does not fit: cut, as nothing else can
    lines = fitted_lines("税関検査", ja_font, narrow, "ja")
    assert "".join(lines) == "税関検査" and len(lines) == 2


def test_a_name_with_spaces_is_one_piece_and_its_words_come_back_as_a_fallback():
    keep = ("Pocket Knife", "Passport · South Korea", "South Korea", "특별 물건")
    assert [p.text for p in linebreak.pieces("Drop the Pocket  Knife, then Passport · South Korea.", "en", keep)] == [
        "Drop", "the", "Pocket Knife,", "then", "Passport · South Korea."]
    assert [p.text for p in linebreak.pieces("특별 물건을 쓴다 특별", "ko", keep)] == ["특별 물건을", "쓴다", "특별"]
    assert linebreak.finer(linebreak.Piece("Passport · South Korea.", "", "-"), "en") == (
        linebreak.Piece("Passport"), linebreak.Piece("·"), linebreak.Piece("South"), linebreak.Piece("Korea.", "", "-"))


_name = st.lists(_latin_word, min_size=2, max_size=3).map(" ".join)


@settings(max_examples=200)
@given(words=st.lists(st.one_of(_latin_word, _name), min_size=1, max_size=10), names=st.lists(_name, max_size=3),
       spaces=st.sampled_from([" ", "  ", "\t", " \u00a0"]))
def test_names_are_held_whole_and_every_word_comes_back_in_order(words, names, spaces):
    """Whatever the names and the white space, the pieces rejoin into the paragraph's words, and no piece holds a
    space but inside a name of `keep`."""
    paragraph = spaces.join(words)
    keep = tuple(names) + tuple(w for w in words if " " in w)
    pieces = linebreak.pieces(paragraph, "en", keep)
    assert " ".join(p.text for p in pieces).split() == paragraph.split()
    for piece in pieces:
        inside = {at for name in keep for found in re.finditer(re.escape(name), piece.text)
                  for at in range(found.start(), found.end())}
        assert all(at in inside for at, ch in enumerate(piece.text) if ch == " "), piece


def test_wrap_breaks_a_flowing_paragraph_like_the_cards(ja_font):
    """The rulebook's paragraphs (`textfit.wrap`): kinsoku, counters and names as on the cards, each line filled to
    its end (the column is set justified)."""
    text = "パスポートの国と旅行先の国は同じでないといけませんか？"
    width = textfit.unit_width("パスポートの国と旅行先の国は同じでないと", ja_font) * 9
    assert textfit.wrap(text, ja_font, 9, width, "ja") == ["パスポートの国と旅行先の国は同じでないと", "いけませんか？"]
    lines = textfit.wrap("まずカードを3枚引きます。", ja_font, 9, textfit.unit_width("まずカードを3", ja_font) * 9, "ja")
    assert lines == ["まずカードを", "3枚引きます。"]


# ---- the Japanese rulebooks, read back from the PDF ----------------------------------------------------------------

def _column_lines(pdf_bytes: bytes) -> list[list[tuple[float, float, str]]]:
    """Each column's lines, top to bottom, as (baseline, size, text): characters grouped by baseline and by the
    half of the page they start in."""
    import io
    from collections import defaultdict

    import pdfplumber

    columns = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for page in pdf.pages:
            rows: dict[tuple[int, float], list] = defaultdict(list)
            for ch in page.chars:
                if ch["matrix"][1] != 0 or ch["size"] < 6:
                    continue  # a glyph of a piece drawn small or turned (the cover's cards, the diagrams)
                rows[(int(ch["x0"] > page.width / 2), round(ch["matrix"][5], 1))].append(ch)
            for side in (0, 1):
                lines = [(base, max(c["size"] for c in chars), "".join(c["text"] for c in
                          sorted(chars, key=lambda c: c["x0"])).strip())
                         for (s, base), chars in sorted(rows.items(), key=lambda kv: -kv[0][1]) if s == side]
                columns.append([line for line in lines if line[2]])
    return columns


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_the_japanese_rulebook_breaks_lines_under_kinsoku_with_counters_and_names_whole(game):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.render.core.context import RenderContext
    from generator.render.core.rulebook import rulebook_pages

    ctx = RenderContext(load_content(), game, "ja", "a4")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=ctx.page_size, invariant=1)
    for page in rulebook_pages(ctx):
        page.draw(canvas, *ctx.page_size)
        canvas.showPage()
    canvas.save()
    names = [name for name in ctx.names if len(name) > 1 and linebreak.unspaced(name)]
    joins = compounds = 0
    for column in _column_lines(buffer.getvalue()):
        for (base, size, before), (next_base, next_size, after) in zip(column, column[1:]):
            assert after[0] not in NO_START, (before, after)
            if base - next_base > size * 1.6 or size != next_size or not linebreak.unspaced(before + after):
                continue  # not two lines of one Japanese paragraph
            joins += 1
            assert before[-1] not in NO_END, (before, after)
            assert not (before[-1].isdigit() and linebreak.unspaced(after[0])), (before, after)
            seam, at = before[-12:] + after[:12], len(before[-12:])  # `at`: where the lines meet
            cut = [name for name in names if any(seam.find(name, i) == i for i in
                                                 range(max(0, at - len(name) + 1), at))]
            # a name parts in a justified line that would be spread far (`linebreak.LEVELS`), between two of its
            # letters of kana or kanji ("特殊 | アイテム", "アイテム | カード", "アクショ | ン"), never at its digits or
            # punctuation (a rule citation: "（R17、 | R30）")
            letters = linebreak._script(seam[at - 1]) is not None and linebreak._script(seam[at]) is not None
            assert not cut or letters, (before, after, cut)
            compounds += bool(cut)
    assert joins > 40  # the check saw the book's paragraphs
    assert compounds <= joins / 10  # only where a line would be spread far


def test_a_text_over_its_line_limit_does_not_fit_and_the_advice_names_the_lines_over(ja_font):
    """max_lines binds like the height: two lines' worth in a one-line box is one line over, not rounding."""
    text = "pack the passport and the umbrella"
    fitted = textfit.fit(text, ja_font, 60, 10_000, 9, 9, max_lines=1, lang="en")
    assert len(fitted.lines) > 1
    assert not fitted.fits
    assert fitted.overflow_pt == round(9 * textfit.LEADING, 2)
    assert textfit.fit(text, ja_font, 60, 10_000, 9, 9, max_lines=len(fitted.lines), lang="en").fits
