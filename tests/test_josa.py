"""Korean particles follow the word a placeholder puts before them: every form the language files use (and its
reversed spelling), after every kind of word, as Korean reads it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from generator.content.josa import attach, final, has_batchim

ROOT = Path(__file__).resolve().parents[1]

#: each written form -> (after a final consonant other than ㄹ, after ㄹ, after no final consonant)
FORMS = {
    "은(는)": ("은", "은", "는"), "는(은)": ("은", "은", "는"),
    "이(가)": ("이", "이", "가"), "가(이)": ("이", "이", "가"),
    "을(를)": ("을", "을", "를"), "를(을)": ("을", "을", "를"),
    "과(와)": ("과", "과", "와"), "와(과)": ("과", "과", "와"),
    "(으)로": ("으로", "로", "로"), "으로(로)": ("으로", "로", "로"), "로(으로)": ("으로", "로", "로"),
    "(으)로는": ("으로는", "로는", "로는"),
    "(이)라고": ("이라고", "이라고", "라고"), "라고(이라고)": ("이라고", "이라고", "라고"),
    "(이)라는": ("이라는", "이라는", "라는"),
    "(이)나": ("이나", "이나", "나"), "나(이나)": ("이나", "이나", "나"),
    "(이)다": ("이다", "이다", "다"), "다(이다)": ("이다", "이다", "다"),
}
OTHER, RIEUL, NONE = 0, 1, 2
#: every kind of word before a particle -> how Korean reads its end
WORDS = {
    # Hangul
    "준": OTHER, "소라": NONE, "서울": RIEUL, "대한민국": OTHER,
    # digits and whole numbers, as read in Korean
    "0": OTHER, "1": RIEUL, "2": NONE, "3": OTHER, "4": NONE, "5": NONE, "6": OTHER, "7": RIEUL, "8": RIEUL,
    "9": NONE, "10": OTHER, "16": OTHER, "20": OTHER, "21": RIEUL, "100": OTHER, "1000": OTHER, "10000": OTHER,
    "1,000,000,000,000": NONE, "2.5": NONE, "２": NONE, "１": RIEUL,
    # Latin letters and short names read as letter names
    "A": NONE, "C": NONE, "F": NONE, "L": RIEUL, "M": OTHER, "N": OTHER, "R": RIEUL, "X": NONE, "KR": RIEUL,
    "JP": NONE, "9A": NONE, "R13": OTHER,
    # Latin names, read as Korean writes them
    "Mina": NONE, "Joon": OTHER, "Sora": NONE, "Bill": RIEUL, "Jack": OTHER, "Mark": NONE, "James": NONE,
    "Jane": OTHER, "Kate": NONE, "Tom": OTHER,
    # quotes and brackets
    "'F'": NONE, "‘L’": RIEUL, "“준”": OTHER, "(Mina)": NONE, "[7]": RIEUL, "대한민국 (KR)": OTHER,
    "Passport · Australia": NONE,
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("word", WORDS)
def test_every_form_after_every_kind_of_word(form, word):
    expected = FORMS[form][WORDS[word]]
    assert attach("{w}" + form + " 끝", {"w": word}) == word + expected + " 끝"


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("word", ["★", "", "…", "→"])
def test_a_word_whose_reading_is_unknown_keeps_the_form_as_written(form, word):
    assert attach("{w}" + form, {"w": word}) == word + form


def test_the_issue_examples():
    assert attach("{c}(으)로 여행했습니다", {"c": "대한민국 (KR)"}) == "대한민국 (KR)으로 여행했습니다"
    assert [attach("{n}(으)로", {"n": n}) for n in ("1", "7")] == ["1로", "7로"]
    assert [attach("{x}이(가)", {"x": x}) for x in ("C", "4")] == ["C가", "4가"]
    assert attach("'{x}'은(는)", {"x": "F"}) == "'F'는"
    assert attach("{n}(이)라고", {"n": "5"}) == "5라고"


def test_every_form_the_korean_files_write_after_a_placeholder_is_known():
    written = set()
    for path in ROOT.glob("content/*/ko.yaml"):
        written |= set(re.findall(r"\}[)\]'\"’”]*((?:[가-힣]+)?\([가-힣]+\)[가-힣]*)", path.read_text(encoding="utf-8")))
    assert written
    for form in written:
        resolved = attach("{w}" + form, {"w": "준"})
        assert "(" not in resolved, form


def test_unknown_endings_keep_both_forms_and_escapes_stay():
    assert attach("{x}은(는) {{x}}은(는)", {"x": "★"}) == "★은(는) {x}은(는)"


def test_a_bracket_that_is_not_a_particle_is_left_alone():
    assert attach("{x}(들)", {"x": "카드"}) == "카드(들)"


@given(st.text(max_size=20).filter(lambda t: not set("{}(") & set(t)))
def test_text_without_particles_formats_like_str_format(text):
    assert attach(text + "{v}" + text, {"v": "값"}) == (text + "{v}" + text).format(v="값")


@given(st.integers(min_value=0, max_value=10**15))
def test_any_whole_number_resolves(number):
    assert final(str(number)) is not None
    assert "(" not in attach("{n}(으)로", {"n": number})


def test_batchim():
    assert [has_batchim(w) for w in ("각", "가", "Bo", "Ben", "7", "")] == [True, False, False, True, True, None]


SINO = "영일이삼사오육칠팔구"
UNITS = ("", "십", "백", "천")
GROUPS = ("", "만", "억", "조", "경")


def read_aloud(number: int) -> str:
    """A whole number as Korean reads it aloud (sino-Korean: 16 십육, 20 이십, 105 백오, 10000 만), spelt here
    independently of josa.py, whose choice of particle must agree with the last syllable."""
    if number == 0:
        return "영"
    words = []
    for g in range(len(GROUPS)):
        part = number // 10 ** (4 * g) % 10_000
        if not part:
            continue
        spelt = "".join((SINO[d] if d > 1 or u == 0 else "") + UNITS[u]
                        for u in range(3, -1, -1) if (d := part // 10 ** u % 10))
        words.insert(0, ("" if spelt == "일" and g == 1 else spelt) + GROUPS[g])
    return "".join(words)


def expected_form(word: str, form: str) -> str:
    """The particle after `word` (Hangul), as FORMS lists it."""
    index = (ord(word[-1]) - 0xAC00) % 28
    return FORMS[form][NONE if index == 0 else RIEUL if index == 8 else OTHER]


def test_the_reading_aloud_used_here_is_korean():
    assert [read_aloud(n) for n in (5, 10, 16, 20, 48, 100, 105, 1000, 10000, 12345, 2 * 10**8)] == [
        "오", "십", "십육", "이십", "사십팔", "백", "백오", "천", "만", "만이천삼백사십오", "이억"]


@pytest.mark.parametrize("form", FORMS)
def test_every_number_a_message_fills_in_takes_the_particle_its_reading_takes(form):
    """The numbers a message fills in (a call, a tile, a count: "기호에는 5라고 적혀 있지만") take the particle of
    their Korean reading: 5 오 -> 5라고, 3 삼 -> 3이라고, 10 십 -> 10이라고, 1 일 -> 1로."""
    for number in [*range(0, 2001), 9999, 10000, 10001, 20000, 100000, 10**6, 10**8, 10**12]:
        assert attach("{n}" + form, {"n": number}) == f"{number}{expected_form(read_aloud(number), form)}", number


@given(st.integers(min_value=0, max_value=10**16 - 1))
def test_any_number_takes_the_particle_its_reading_takes(number):
    assert attach("{n}(이)라고", {"n": number}) == f"{number}{expected_form(read_aloud(number), '(이)라고')}"
