"""Line breaking in `textfit`: greedy fitting decides the size; then no line ends after a break that splits what is
read as one where the box has room, no paragraph ends on a lone word when the line above can spare a word, and
centred text is drawn with its lines as even as they can be. Never a smaller size, a line wider than the box or
than it was, or a word out of order."""
from __future__ import annotations

from itertools import accumulate, combinations
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.render.core import linebreak, textfit
from generator.render.core.context import RenderContext
from generator.render.core.fonts import fonts_for

ROOT = Path(__file__).resolve().parents[1]
CARD_TEXT_W = 144.85  # the text width on a poker card (63.5 mm less the margins), in pt
#: what Korean keeps with the word before it (`typography` in content/common/ko.yaml): its dependent nouns
KO = RenderContext(load_content(ROOT / "content"), "travel", "ko", "a4").bound


@pytest.fixture(scope="module")
def font() -> str:
    """NanumGothic regular, the face of every card text in both languages."""
    return fonts_for(load_content(ROOT / "content"), "ko").regular


@pytest.fixture(scope="module")
def ja_font() -> str:
    """The Japanese cards' regular face, whose full-width punctuation is one em wide with a blank half."""
    return fonts_for(load_content(ROOT / "content"), "ja").regular


def _fit(text: str, font: str, width: float = CARD_TEXT_W, size: float = 9.0) -> textfit.Fitted:
    """`text` fitted as a card fits it, Korean dependent nouns kept with their words (`KO`)."""
    fitted = textfit.fit(text, font, width, 500, size, 7.0, bound=KO)
    assert fitted.fits
    return fitted


def _lines(fitted: textfit.Fitted) -> list[str]:
    return [line for line, _ in fitted.lines]


def _greedy(text: str, font: str, size: float, width: float, lang: str = "ko",
            mend: bool = False) -> list[tuple[str, bool]]:
    lines = textfit._wrap([linebreak.pieces(p, lang) for p in text.split("\n")], font, size, width, mend=mend)[0]
    return [(textfit.line_text(line), ends) for line, ends in lines]


def _pieces(words) -> tuple[linebreak.Piece, ...]:
    return tuple(linebreak.Piece(word) for word in words)


def _strings(lines) -> tuple[str, ...]:
    return tuple(textfit.line_text(line) for line in lines)


def _width(line: str, fitted: textfit.Fitted) -> float:
    return textfit.unit_width(line, fitted.font) * fitted.size


# ---- exact breaks -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "greedy", "balanced"), [
    ("For places where summer is only a rumour.",
     ["For places where summer is only", "a rumour."],  # Noto Sans: greedy still leaves a short last line
     ["For places where", "summer is only a rumour."]),
    ("Room for everything except what you forgot.",
     ["Room for everything except what", "you forgot."],
     ["Room for everything", "except what you forgot."]),
    ("무게는 없지만 여행을 통째로 살려 줘요.",
     ["무게는 없지만 여행을 통째로 살려", "줘요."],
     ["무게는 없지만 여행을", "통째로 살려 줘요."]),
    ("뭐든 다 들어가요. 깜빡한 물건만 빼고요.",
     ["뭐든 다 들어가요. 깜빡한 물건만", "빼고요."],
     ["뭐든 다 들어가요.", "깜빡한 물건만 빼고요."]),
])
def test_a_centred_two_line_text_is_drawn_with_even_lines(font, text, greedy, balanced):
    assert [line for line, _ in _greedy(text, font, 9.0, CARD_TEXT_W)] == greedy
    fitted = _fit(text, font)
    assert _lines(textfit.balanced(fitted)) == balanced


def test_a_long_centred_text_keeps_its_six_lines_and_ends_on_more_than_one_word(font):
    text = ("Play when another player announces an action, travel included. That action does not happen at all "
            "(nothing is paid, no card moves) and their turn ends at once.")
    assert [line for line, _ in _greedy(text, font, 9.0, CARD_TEXT_W)][-1] == "at once."  # greedy: a short end
    assert _lines(textfit.balanced(_fit(text, font))) == [
        "Play when another player", "announces an action, travel", "included. That action does",
        "not happen at all (nothing", "is paid, no card moves) and", "their turn ends at once."]


def test_each_paragraph_is_balanced_on_its_own_and_keeps_its_end(font):
    fitted = _fit("For places where summer is only a rumour.\nPacked, it never rains.", font)
    assert textfit.balanced(fitted).lines == (
        ("For places where", False), ("summer is only a rumour.", True), ("Packed, it never rains.", True))


def test_a_single_line_text_is_left_as_it_is(font):
    fitted = _fit("Action: draw 2 cards.", font)
    assert len(fitted.lines) == 1
    assert textfit.balanced(fitted) == fitted


def test_words_joined_by_a_no_break_space_stay_on_one_line(font):
    fitted = _fit("Put back your passport\u00a0cards\u00a0×12 and item\u00a0cards\u00a0×32.", font, width=130, size=10)
    assert _lines(fitted) == ["Put back your", "passport\u00a0cards\u00a0×12 and", "item\u00a0cards\u00a0×32."]
    assert _lines(textfit.balanced(fitted)) == [
        "Put back your", "passport\u00a0cards\u00a0×12", "and item\u00a0cards\u00a0×32."]


def test_when_the_greedy_first_line_is_the_short_one_the_breaks_stay_as_they_were(font):
    # No break can make "bbbbbbbbbbbbbbbb" narrower: balancing moves nothing and widens nothing.
    fitted = _fit("a bbbbbbbbbbbbbbbb", font, width=textfit.unit_width("bbbbbbbbbbbbbbbb", font) * 9 + 1)
    assert _lines(fitted) == ["a", "bbbbbbbbbbbbbbbb"]
    assert textfit.balanced(fitted) == fitted


@pytest.mark.parametrize(("text", "size", "balanced"), [
    ("When a trade happens on your turn, you draw 2 cards as the trade bonus.", 9.0,
     ["When a trade happens", "on your turn, you draw", "2 cards as the trade bonus."]),
    ("A thousand lights, and I thought of you at each one.", 7.5,
     ["A thousand lights, and", "I thought of you at each one."]),
    ("이 카드를 가지고 있으면 여행할 수 없습니다. 행동: 금지 물건이 아닌 카드 1장과 함께 버립니다.", 9.0,
     ["이 카드를 가지고 있으면 여행할 수", "없습니다. 행동: 금지 물건이", "아닌 카드 1장과 함께 버립니다."]),
])
def test_balancing_keeps_a_one_letter_word_or_a_korean_bound_noun_with_its_word(font, text, size, balanced):
    assert _lines(textfit.balanced(_fit(text, font, size=size))) == balanced


@pytest.mark.parametrize(("words", "poor"), [
    ("only a | rumour", True), ("draw 2 | cards", True), ("and I | thought", True), ("is only | a", False),
    ("여행할 | 수", True), ("뽑아도 얻는 | 것", True), ("앞면으로 교환 | 후", True), ("1장을 가져온 | 뒤", True),
    ("교환 후 | 1장", False), ("여행할 수 | 없습니다", False), ("세로줄의 | 맨", False), ("쌍안경으로 | 내", False),
    ("먼저 한 | 장으로", True), ("= 그 | 세로줄의", True), ("아무것도 못 | 가져가고", True), ("그런 다음 | 이", False),
    ("막히면 그 | 플레이어의", True), ("행동을 더 | 얻더라도", True), ("막히면 | 그", False), ("행동을 | 더", False),
    ("무작위로, 아무 | 면이나", True), ("핸드의 모든 | 카드", True), ("아무것도 | 못", False),
    ("옮겼으면 > | 뒤에", True), ("A to E = | the", True), ("bottom of | that", False), ("exactly 50 | mm", True),
    ("pp. 9–30 | two-sided", False),
])
def test_a_poor_break_splits_what_is_read_as_one(words, poor):
    """Poor: a `_poor_break`, or no break at all where a Korean dependent noun is one piece with the word before it
    ("여행할 수", by `KO`), as `linebreak.pieces` cuts the text."""
    words = words.split(" ")
    at = words.index("|")
    before, after = " ".join(words[:at]), " ".join(words[at + 1:])
    pieces = linebreak.pieces(f"{before} {after}", "ko", bound=KO)
    ends = list(accumulate(len(piece.text) + 1 for piece in pieces))  # where each piece and its space end
    held = len(before) + 1 not in ends
    assert (held or textfit._poor_break(pieces, ends.index(len(before) + 1) + 1)) is poor


@pytest.mark.parametrize(("text", "pieces"), [
    ("여행할 수 없습니다", ["여행할 수", "없습니다"]),
    ("재활용해(R10) 되찾을 수도 있습니다.", ["재활용해(R10)", "되찾을 수도", "있습니다."]),
    ("3장과 2장을 교환할 수도 있습니다(R11).", ["3장과", "2장을", "교환할 수도", "있습니다(R11)."]),
    ("행동을 아직 하지 않았을 때만 할 수 있습니다.", ["행동을", "아직", "하지", "않았을 때만", "할 수", "있습니다."]),
    ("원하는 만큼 뽑은 것입니다.", ["원하는 만큼", "뽑은 것입니다."]),
    ("분실 때문에 버리지도", ["분실 때문에", "버리지도"]),
    ("할 수 있을 때에도", ["할 수", "있을 때에도"]),
    # another word that only looks like a dependent noun and its particle: 바로 ("right"), 수하물, 바꿉니다
    ("페이지 바로 뒤에", ["페이지", "바로 뒤에"]),
    ("하나를 바꿉니다 수하물", ["하나를", "바꿉니다", "수하물"]),
])
def test_a_korean_dependent_noun_is_one_piece_with_the_word_before_it(text, pieces):
    assert [piece.text for piece in linebreak.pieces(text, "ko", bound=KO)] == pieces
    assert [piece.text for piece in linebreak.units(text, "ko", bound=KO)] == pieces
    assert [piece.text for piece in linebreak.pieces(text, "ko")] == text.split()  # a language without the list


@pytest.mark.parametrize("size", [7.0, 8.0, 9.0, 10.0])
def test_hal_su_is_never_split_where_the_line_can_hold_it(font, size):
    """"할 수 있습니다" breaks after "수", never between "할" and "수", at every width that holds "할 수"; only a box
    narrower than "할 수" parts them."""
    text = "할 수 있습니다"
    least = max(textfit.unit_width("할 수", font), textfit.unit_width("있습니다", font)) * size
    for width in (least + 0.01, least + 5, textfit.unit_width("할 수 있습니", font) * size):
        assert textfit.wrap(text, font, size, width, "ko", bound=KO) == ["할 수", "있습니다"]
        assert _lines(textfit.fit(text, font, width, 500, size, size, lang="ko", bound=KO)) == ["할 수", "있습니다"]
    width = textfit.unit_width("그는 할 수", font) * size - 0.5  # "그는 할" fits, "그는 할 수" does not
    assert textfit.wrap("그는 할 수 있습니다", font, size, width, "ko", bound=KO) == ["그는", "할 수", "있습니다"]
    narrow = textfit.unit_width("있다", font) * size + 0.5  # narrower than "할 수": only then are they parted
    assert narrow < textfit.unit_width("할 수", font) * size
    assert textfit.wrap("할 수 있다", font, size, narrow, "ko", bound=KO) == ["할", "수", "있다"]


_ko_word = st.sampled_from(["카드를", "여행할", "있습니다.", "대신할", "할", "얻는", "국가로", "교환", "뽑을", "되찾을",
                            "않았을", "물건", "한", "장을", "버릴", "그"])
_ko_bound = st.sampled_from(["수", "수도", "수는", "것", "것입니다.", "때", "때만", "데", "뿐", "만큼", "후", "듯이"])


@settings(max_examples=200)
@given(words=st.lists(st.one_of(_ko_word, _ko_word, _ko_bound), min_size=2, max_size=16),
       width=st.floats(60, 200), size=st.sampled_from([7.0, 9.0]), flowing=st.booleans())
def test_no_korean_line_starts_with_a_dependent_noun_the_line_above_could_hold(font, words, width, size, flowing):
    """Every line that starts with a dependent noun (`KO`, alone or with its particles) follows a line that could
    not hold it beside the word before it: the two, with any dependent noun after them ("카드를 수도 수도"), are
    wider than the box; the words come back whole and in order, each line within the box."""
    text = " ".join(words)
    follows = linebreak._bound_pattern(KO)
    held = [piece.text for piece in linebreak.pieces(text, "ko", bound=KO)]  # each a run of whole words
    first_word = list(accumulate([0] + [len(piece.split()) for piece in held]))
    if flowing:
        lines = textfit.wrap(text, font, size, width, "ko", bound=KO)
    else:
        fitted = textfit.fit(text, font, width, 10_000, size, size, lang="ko", bound=KO)
        assert fitted.fits
        lines = _lines(fitted)
    assert " ".join(lines).split() == words
    starts = list(accumulate(len(line.split()) for line in lines))[:-1]  # the word each line but the first starts
    for above, line, at in zip(lines, lines[1:], starts):
        assert textfit.unit_width(line, font) * size <= width + 1e-6
        assert follows.fullmatch(line.split()[0]) is None or at not in first_word  # a run of whole words parted
        if at not in first_word:
            run = held[max(n for n, start in enumerate(first_word) if start < at)]
            assert textfit.unit_width(run, font) * size > width, (above, line)


# ---- the last break of a paragraph (every alignment) --------------------------------------------------------------


def test_a_paragraph_does_not_end_on_a_lone_word_when_the_line_above_can_spare_one(font):
    text = "핸드 제한 7장: 핸드의 모든 카드 포함\n넘으면 즉시 원하는 카드를 골라 버리기"
    assert [line for line, _ in _greedy(text, font, 9.0, 135.35)] == [
        "핸드 제한 7장: 핸드의 모든 카드", "포함", "넘으면 즉시 원하는 카드를 골라", "버리기"]
    assert _fit(text, font, width=135.35).lines == (
        ("핸드 제한 7장: 핸드의", False), ("모든 카드 포함", True),  # "모든" goes with its noun
        ("넘으면 즉시 원하는 카드를", False), ("골라 버리기", True))


def test_a_korean_bound_noun_goes_down_with_the_word_before_it(font):
    text = "두 더미가 다 비면 뽑아도 얻는 것 없음\n교환: 한 명과 앞면으로 교환 후 1장 뽑기"
    assert [line for line, _ in _greedy(text, font, 9.0, 135.35)] == [
        "두 더미가 다 비면 뽑아도 얻는 것", "없음", "교환: 한 명과 앞면으로 교환 후 1장", "뽑기"]
    assert _lines(_fit(text, font, width=135.35)) == [
        "두 더미가 다 비면 뽑아도", "얻는 것 없음", "교환: 한 명과 앞면으로 교환 후", "1장 뽑기"]


def test_a_poor_break_inside_a_paragraph_is_mended(font):
    text = "국가 카드 1장씩 무작위로, 아무 면이나 위로: 경유 국가"
    width = textfit.unit_width("국가 카드 1장씩 무작위로, 아무", font) * 9 + 1
    assert _greedy(text, font, 9.0, width)[0][0].endswith("아무")
    assert _lines(_fit(text, font, width=width)) == ["국가 카드 1장씩 무작위로,", "아무 면이나 위로: 경유 국가"]


@pytest.mark.parametrize(("height", "lines"), [
    (40, ["After each travel, you draw", "3 cards for free as the", "travel bonus."]),  # room for the line it adds
    (23, ["After each travel, you draw 3", "cards for free as the travel bonus."]),  # two lines only: as it was
])
def test_mending_a_poor_break_adds_a_line_only_where_the_box_has_room_for_it(font, height, lines):
    text = "After each travel, you draw 3 cards for free as the travel bonus."
    width = textfit.unit_width("cards for free as the travel bonus.", font) * 9 + 1
    fitted = textfit.fit(text, font, width, height, 9.0, 9.0)
    assert fitted.fits and _lines(fitted) == lines


def test_a_centred_text_is_balanced_without_a_poor_break(font):
    text = "After each travel, you draw 3 cards for free as the travel bonus."
    width = textfit.unit_width("cards for free as the travel bonus.", font) * 9 + 1
    fitted = textfit.fit(text, font, width, 40, 9.0, 9.0)
    assert _lines(textfit.balanced(fitted)) == ["After each travel, you", "draw 3 cards for free", "as the travel bonus."]


@pytest.mark.parametrize(("text", "greedy", "mended"), [
    ("교환: 한 명과 앞면이 보이게 교환 후 1장 뽑기",
     ["교환: 한 명과 앞면이 보이게 교환", "후 1장 뽑기"], ["교환: 한 명과 앞면이 보이게", "교환 후 1장 뽑기"]),
    ("Print the odd pages first, then put a short stack back.",
     ["Print the odd pages first, then put a", "short stack back."],
     ["Print the odd pages first, then put", "a short stack back."]),
])
def test_a_paragraph_does_not_end_after_a_poor_break(font, text, greedy, mended):
    width = textfit.unit_width(greedy[0], font) * 9 + 1
    assert [line for line, _ in _greedy(text, font, 9.0, width)] == greedy
    assert _lines(_fit(text, font, width=width)) == mended


def test_a_short_label_is_not_turned_into_a_stub_over_a_longer_line(font):
    # "양면, 긴" would be narrower than "가장자리에서 넘기기": the lone word stays.
    assert _lines(_fit("양면, 긴 가장자리에서 넘기기", font, width=119.7, size=10)) == ["양면, 긴 가장자리에서", "넘기기"]


def test_a_one_letter_word_goes_down_with_the_word_after_it(font):
    width = textfit.unit_width("For places where summer is only a rumour", font) * 9 + 1
    assert _lines(_fit("For places where summer is only a rumour today.", font, width=width)) == [
        "For places where summer is only", "a rumour today."]
    width = textfit.unit_width("Find out which way with one sheet first of a", font) * 9 + 1
    assert _lines(_fit("Find out which way with one sheet first of a stack.", font, width=width)) == [
        "Find out which way with one sheet first of", "a stack."]


def test_a_two_word_line_above_is_not_split(font):
    width = textfit.unit_width("Swimsuit today", font) * 9 + 1
    assert _lines(_fit("Swimsuit today forever", font, width=width)) == ["Swimsuit today", "forever"]


# ---- drawing -------------------------------------------------------------------------------------------------------


class _Drawn(NamedTuple):
    x: float
    y: float
    text: str


class _Canvas:
    """Records the strings drawn and where."""

    def __init__(self) -> None:
        self.drawn: list[_Drawn] = []

    def setFont(self, name, size) -> None:
        pass

    def drawString(self, x, y, text, charSpace=0) -> None:
        self.drawn.append(_Drawn(x, y, text))


@pytest.mark.parametrize(("align", "expected"), [
    ("center", ["For places where", "summer is only a rumour."]),
    ("left", ["For places where summer is only", "a rumour."]),
])
def test_draw_balances_centred_text_only(font, align, expected):
    canvas = _Canvas()
    fitted = _fit("For places where summer is only a rumour.", font)
    textfit.draw(canvas, fitted, 0, 100, CARD_TEXT_W, align=align)
    assert [run.text for run in canvas.drawn] == expected
    for x, _, text in canvas.drawn:
        width = textfit.unit_width(text, font) * fitted.size
        assert x == pytest.approx((CARD_TEXT_W - width) / 2 if align == "center" else 0.0)


def test_two_marks_in_a_row_are_set_a_half_em_nearer(ja_font):
    """JIS X 4051: "）。", "、「" and "（「" lose one blank half between them, on every alignment."""
    size = 10.0
    for align in ("left", "center", "justify"):
        canvas = _Canvas()
        fitted = textfit.fit("（「手札」）。", ja_font, 200, 50, size, size)
        textfit.draw(canvas, fitted, 0, 100, 200, align=align)
        runs = canvas.drawn
        assert [run.text for run in runs] == ["（", "「手札」", "）", "。"]
        start = runs[0].x
        # （ whole; 「 pulled a half em nearer; ）after 」 and 。 after ）: each a half em nearer
        assert [round((run.x - start) / size, 3) for run in runs] == [0.0, 0.5, 4.0, 4.5]
    assert textfit.unit_width("（「手札」）。", ja_font) == pytest.approx(7 - 1.5)


# ---- properties ----------------------------------------------------------------------------------------------------

_SYLLABLES = "가나다라마바사아자차카타파하한글여행카드뽑기물건버림더미장의는을"
_word = st.one_of(st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIWM.,()", min_size=1, max_size=11),
                  st.text(_SYLLABLES, min_size=1, max_size=6),
                  st.sampled_from(["a", "1", "I", "×12", "passport\u00a0×12"]))
_paragraph = st.lists(_word, min_size=1, max_size=30).map(" ".join)
_text = st.lists(_paragraph, min_size=1, max_size=3).map("\n".join)


def _paragraph_lines(lines) -> list[list[str]]:
    paragraphs, current = [], []
    for line, ends in lines:
        current.append(line)
        if ends:
            paragraphs.append(current)
            current = []
    return paragraphs


@settings(max_examples=300)
@given(text=_text, width=st.floats(40, 300), size=st.sampled_from([7.0, 9.0, 13.0]))
def test_lines_keep_every_word_in_order_and_never_get_wider(font, text, width, size):
    """(Texts whose every word fits the width: a wider word is cut, tested below.)"""
    assume(all(textfit.unit_width(w, font) * size <= width for w in linebreak._words(text)))
    fitted = textfit.fit(text, font, width, 10_000, size, size)
    greedy = _greedy(text, font, size, width, mend=True)
    # fitting: the greedy size, as many lines as the wrap that mends poor breaks (the box is as tall as it needs),
    # every line within the box (unless one word alone is too wide)
    assert len(fitted.lines) == len(greedy)
    assert [end for _, end in fitted.lines] == [end for _, end in greedy]
    if fitted.fits:
        assert all(_width(line, fitted) <= width + 1e-6 for line, _ in fitted.lines)
    balanced = textfit.balanced(fitted)
    assert (balanced.size, balanced.height, balanced.font) == (fitted.size, fitted.height, fitted.font)
    for before, mended, after, original in zip(_paragraph_lines(greedy), _paragraph_lines(fitted.lines),
                                               _paragraph_lines(balanced.lines), text.split("\n")):
        words = linebreak._words(original)
        assert " ".join(after).split(" ") == " ".join(mended).split(" ") == words  # every word, in order
        assert len(after) == len(mended) == len(before)
        assert all(after)
        widest = max(_width(line, fitted) for line in mended)
        assert max(_width(line, fitted) for line in after) <= widest + 1e-6
    assert [end for _, end in balanced.lines] == [end for _, end in greedy]


_plain_word = st.one_of(st.text("abcdefghijklmnopqrstuvwxyzWM.,", min_size=2, max_size=11),
                        st.text(_SYLLABLES, min_size=2, max_size=6))


@settings(max_examples=150)
@given(words=st.lists(_plain_word, min_size=2, max_size=12))
def test_two_balanced_lines_have_the_narrowest_widest_line_any_break_allows(font, words):
    lines = _strings(textfit._even_lines(_pieces(words), font, 2, textfit.unit_width(" ".join(words), font)))
    assert " ".join(lines).split(" ") == words
    narrowest = min(max(textfit.unit_width(" ".join(words[:k]), font), textfit.unit_width(" ".join(words[k:]), font))
                    for k in range(1, len(words)))
    assert max(textfit.unit_width(line, font) for line in lines) <= narrowest + 1e-9


@settings(max_examples=150)
@given(words=st.lists(_word, min_size=2, max_size=9), count=st.integers(2, 4), slack=st.floats(1.0, 2.0))
def test_the_breaks_are_the_most_even_of_all_that_keep_the_width(font, words, count, slack):
    """Checked against every way to break the words: least sum of squared widths plus the cost of poor breaks."""
    words = [w.replace("\u00a0", "") for w in words]
    if count > len(words):
        return
    widest = max(textfit.unit_width(w, font) for w in words) * slack

    def cost(breaks) -> float | None:
        edges = (0, *breaks, len(words))
        widths = [textfit.unit_width(" ".join(words[a:b]), font) for a, b in zip(edges, edges[1:])]
        if max(widths) > widest + 1e-9:
            return None
        return sum(w * w for w in widths) + sum((widest / 4) ** 2 for k in breaks
                                                if textfit._poor_break(_pieces(words), k))

    costs = [c for c in map(cost, combinations(range(1, len(words)), count - 1)) if c is not None]
    if not costs:
        return
    lines = _strings(textfit._even_lines(_pieces(words), font, count, widest))
    assert len(lines) == count
    assert " ".join(lines).split(" ") == words
    breaks = tuple(accumulate(len(line.split(" ")) for line in lines[:-1]))
    assert cost(breaks) == pytest.approx(min(costs), abs=1e-6)


_punctuated = st.text(alphabet="（「『」』）、。手札カードをAb1 \u00a0", max_size=40)


@settings(max_examples=200)
@given(text=_punctuated, align=st.sampled_from(["left", "center", "right", "justify"]))
@example(text="1111A、「、 、「、「を、「", align="center")  # centred lines are drawn balanced, not as fitted
@example(text="1、を、を、を111「、を、（", align="center")  # a centred line starts right of the last run above
def test_any_punctuation_is_drawn_whole_in_order_and_as_wide_as_measured(ja_font, text, align):
    """Whatever marks meet: every line is drawn whole and in order, each run no further left than the last, and the
    line ends where `unit_width` measured it (so a line that fits its box is drawn inside it)."""
    size = 9.0
    fitted = textfit.fit(text, ja_font, 120, 500, size, size)
    canvas = _Canvas()
    textfit.draw(canvas, fitted, 0, 100, 120, align=align)
    if align == "center" and len(fitted.lines) > 1:
        fitted = textfit.balanced(fitted)  # as `draw` sets centred text
    assert "".join(run.text for run in canvas.drawn) == "".join(line for line, _ in fitted.lines)
    for line, _ in fitted.lines:
        assert textfit.set_width(line, ja_font, size) == pytest.approx(textfit.unit_width(line, ja_font) * size)
    for run, after in zip(canvas.drawn, canvas.drawn[1:]):
        if after.y == run.y:  # the next run on the same line (centred lines start anywhere, so x cannot tell)
            assert after.x >= run.x + textfit.unit_width(run.text[:1], ja_font) * size / 2 - 1e-6
    rows = [[run for run in canvas.drawn if run.y == y] for y in dict.fromkeys(run.y for run in canvas.drawn)]
    for (line, _), row in zip(fitted.lines, rows, strict=True):
        if textfit.unit_width(line, ja_font) * size <= 120:  # a line that fits its box is inked inside it
            lead, trail = textfit.ink_ends(line, ja_font)
            assert row[0].x + lead * size >= -1e-6
            assert row[-1].x + textfit.set_width(row[-1].text, ja_font, size) - trail * size <= 120 + 1e-6
            if align == "center":  # and centred on its ink
                ink = (row[0].x + lead * size + row[-1].x + textfit.set_width(row[-1].text, ja_font, size)
                       - trail * size) / 2
                assert ink == pytest.approx(60)


_run = st.text(alphabet="（「『」』）、。手札カードをAb1", min_size=1, max_size=6)


@settings(max_examples=300)
@given(pieces=st.lists(st.tuples(_run, st.sampled_from(["", " "]), st.sampled_from(["", "-"])), min_size=1,
                       max_size=8))
@example(pieces=[("カードです、", "", ""), ("「手札」", "", "")])  # "、「" across two pieces: a half em nearer
@example(pieces=[("（", "", ""), ("「札」）", "", ""), ("。", "", "")])  # "（「" and "）。" across pieces
def test_a_line_of_pieces_is_measured_as_wide_as_it_is_drawn(ja_font, pieces):
    """Fitting measures a line piece by piece; the line is drawn as one text, where two marks that meet across
    pieces are set a half em nearer too: both widths agree, so a line that fits is never drawn over its box."""
    line = tuple(linebreak.Piece(text, glue, end) for text, glue, end in pieces)
    assert textfit.line_width(line, ja_font) * 9 == pytest.approx(
        textfit.set_width(textfit.line_text(line), ja_font, 9), abs=1e-9)


def test_two_marks_meeting_across_pieces_are_measured_a_half_em_nearer(ja_font):
    line = (linebreak.Piece("です、", ""), linebreak.Piece("「手札」", ""))
    apart = textfit.unit_width("です、", ja_font) + textfit.unit_width("「手札」", ja_font)
    assert textfit.line_width(line, ja_font) == pytest.approx(apart - textfit.unit_width("、", ja_font) / 2)
