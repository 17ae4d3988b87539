"""Korean particles that depend on the word before them: `{name}은(는)` becomes `준은` or `미나는`.

Translators write both forms right after a placeholder: a pair, in either order (`은(는)`, `는(은)`, `이(가)`,
`을(를)`, `과(와)`, `으로(로)`, `이라고(라고)` ...), or an optional 이 or 으 in brackets (`(이)라고`, `(이)나`, `(이)다`,
`(으)로`, `(으)로는`). Once the value is known the form is chosen from how the value is read aloud in Korean:
whether it ends in a final consonant (받침), and whether that is ㄹ (으로 takes 로 after ㄹ: 서울로, 1로, L로).

- Hangul is read exactly.
- Numbers are read as Korean reads them: by the last digit (1 일, 3 삼, 7 칠), or, when they end in zeros, by the
  unit (10 십, 100 백, 1000 천, 10000 만): 10으로, 16은 (십육), 20은 (이십), 7로.
- Upper-case Latin letters and a lone letter are read as letter names (C 씨, F 에프, L 엘, M 엠, N 엔, R 알): C가, 'F'는, L로,
  KR로, R13은 (ends in a number). Other Latin words are read by their spelling, as Korean writes English names (Mina 미나,
  Joon 준, Bill 빌, Jack 잭, Mark 마크, James 제임스).
- Closing quotes and brackets are looked through ('F', (Mina)); a value ending in a bracketed note is read without
  it, as Korean reads "대한민국 (KR)" (대한민국으로).
- Anything else (a symbol, an empty value) keeps the form as written, which reads correctly either way.

A particle written in one form right after a placeholder (`{written}이라고`) is right for some values only
("5이라고" should read "5라고"): `fixed_particles` finds it, and lint asks for the pair.
"""
from __future__ import annotations

import re
import string
import unicodedata
from typing import Mapping

#: (after a final consonant, after none) for each pair; either may be written first
PAIRS = {("은", "는"), ("이", "가"), ("을", "를"), ("과", "와"), ("으로", "로"), ("이랑", "랑")}
#: a form right after a placeholder, after any closing quotes or brackets: `은(는)`, `(이)라고`, `(으)로는`
_FORM = re.compile(r"([)\]'\"’”]*)(?:([가-힣]+)\(([가-힣]+)\)|\((이|으)\)([가-힣]+))")
_CLOSERS = " )]'\"’”"
#: a particle written alone that changes with the word before it -> the pair to write instead
SINGLE_FORMS = {
    **dict.fromkeys(("은", "는"), "은(는)"), **dict.fromkeys(("이", "가"), "이(가)"),
    **dict.fromkeys(("을", "를"), "을(를)"), **dict.fromkeys(("과", "와"), "과(와)"),
    **dict.fromkeys(("으로", "로"), "(으)로"), **dict.fromkeys(("으로는", "로는"), "(으)로는"),
    **dict.fromkeys(("이라고", "라고"), "(이)라고"), **dict.fromkeys(("이라는", "라는"), "(이)라는"),
    **dict.fromkeys(("이나", "나"), "(이)나"), **dict.fromkeys(("이랑", "랑"), "(이)랑"),
}
#: a whole word of Hangul right after a placeholder (or the quotes closing round it): after a closing bracket the
#: particle belongs to the word before the bracket ("빈 페이지({blanks})는"), so that is not matched
_AFTER_PLACEHOLDER = re.compile(r"\{([^{}]*)\}['\"’”]*([가-힣]+)(?![가-힣(])")
_DIGITS = "0123456789"
#: a value's last syllable final: none, ㄹ, or another consonant
NONE, RIEUL, OTHER = "", "ㄹ", "+"
#: the final of each digit's Korean reading: 영 일 이 삼 사 오 육 칠 팔 구
DIGIT_FINAL = dict(zip("0123456789", (OTHER, RIEUL, NONE, OTHER, NONE, NONE, OTHER, RIEUL, RIEUL, NONE)))
#: the final of the unit that reads a number ending in zeros: 십, 백, 천, 만 (and 십만, 백만, 천만), 억, 조
UNIT_FINAL = {**dict.fromkeys(range(1, 12), OTHER), **dict.fromkeys(range(12, 16), NONE)}
#: the final of each Latin letter's Korean name: 엘 (L), 엠 (M), 엔 (N), 알 (R); the rest end in a vowel
#: (에이, 비, 씨, 디, 이, 에프, 지, 에이치, 아이, 제이, 케이, 오, 피, 큐, 에스, 티, 유, 브이, 더블유, 엑스, 와이, 제트)
LETTER_FINAL = {"L": RIEUL, "M": OTHER, "N": OTHER, "R": RIEUL}


def final(word: str) -> str | None:
    """How `word` ends when read in Korean: NONE, RIEUL or OTHER (a final consonant), or None when it cannot be
    told."""
    word = "".join(str(d) if (d := unicodedata.decimal(ch, None)) is not None else ch for ch in _spoken(word))
    if not word:  # (any script's digit reads as its value: a full-width ２ as 2)
        return None
    last = word[-1]
    if "가" <= last <= "힣":
        index = (ord(last) - 0xAC00) % 28
        return NONE if index == 0 else RIEUL if index == 8 else OTHER
    if last.isascii() and last.isdigit():  # the number the word ends in, its thousands commas left out
        return _number_final(word[len(word.rstrip(_DIGITS + ",")):].lstrip(",").replace(",", ""))
    if last.isascii() and last.isalpha():
        letters = word[len(word.rstrip(string.ascii_letters)):]
        if letters.isupper() or len(letters) == 1:  # an abbreviation or a lone letter: read as letter names
            return LETTER_FINAL.get(last.upper(), NONE)
        return _spelled_final(letters.lower())
    return None


def has_batchim(word: str) -> bool | None:
    """Whether `word` ends in a final consonant when read in Korean; None when it cannot be told."""
    end = final(word)
    return None if end is None else end != NONE


def _spoken(word: str) -> str:
    """The part of `word` whose end is read before a particle: closing quotes and brackets looked through, and a
    bracketed note at the end left out when words come before it ("대한민국 (KR)" -> "대한민국")."""
    word = word.rstrip()
    if word.endswith((")", "]")):
        opener = "(" if word.endswith(")") else "["
        before = word[:word.rfind(opener)].rstrip() if opener in word else ""
        if before:
            return _spoken(before)
    return word.rstrip(_CLOSERS).lstrip("([ '\"‘“")


def _number_final(digits: str) -> str:
    stripped = digits.rstrip("0")
    if not stripped:
        return DIGIT_FINAL["0"]  # 영
    zeros = len(digits) - len(stripped)
    return DIGIT_FINAL[stripped[-1]] if zeros == 0 else UNIT_FINAL.get(zeros, OTHER)


def _spelled_final(word: str) -> str:
    """An English word or name as Korean writes it: a vowel or r at the end is read without a final consonant
    (Mina 미나, Peter 피터); l is ㄹ (Bill 빌); m, n, ng end in a consonant (Tom 톰, Joon 준, Kang 강); so do k, c,
    p, b, t after a single vowel (Jack 잭, Eric 에릭, Bob 밥, Pat 팻), and a silent e after n, m or l (Jane 제인,
    Nicole 니콜); any other ending is written with a vowel after it (Mark 마크, James 제임스, David 데이비드)."""
    last = word[-1]
    if last == "e" and len(word) > 2:  # a silent e: Jane 제인, Rome 롬, Nicole 니콜, Apple 애플, but Kate 케이트
        return {"n": OTHER, "m": OTHER, "l": RIEUL}.get(word[-2], NONE)
    if last in "aeiouyrw":
        return NONE
    if last == "l":
        return RIEUL
    if last in "mn" or word.endswith("ng"):
        return OTHER
    stem = word[:-2] if word.endswith("ck") else word[:-1]
    if last in "kcpbt" and stem and stem[-1] in "aeiou" and (len(stem) < 2 or stem[-2] not in "aeiou"):
        return OTHER
    return NONE


def _choice(literal: re.Match[str], end: str) -> str:
    """The form that follows a word ending `end`, or the written form when the pair is not one of ours."""
    closers: str  # the groups of _FORM: either `first(second)` or `(optional)rest`
    first: str | None
    second: str | None
    optional: str | None
    rest: str | None
    closers, first, second, optional, rest = literal.groups()
    if first is not None:
        pair = next(((a, b) for a, b in PAIRS if {a, b} == {first, second}), None)
        if pair is None and (first == "이" + second or second == "이" + first):
            pair = (max(first, second, key=len), min(first, second, key=len))
        if pair is None:
            return literal[0]
        with_, without = pair
    else:
        assert optional is not None and rest is not None  # the other alternative of _FORM matched
        with_, without = optional + rest, rest
    takes_ro = with_.startswith("으로")
    chosen = with_ if end == OTHER or (end == RIEUL and not takes_ro) else without
    return closers + chosen


def attach(template: str, values: Mapping[str, object]) -> str:
    """Format `template`, choosing each particle after a placeholder from the value written before it."""
    out: list[str] = []
    previous: str | None = None
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        if previous is not None and (match := _FORM.match(literal)):
            end = final(previous)
            if end is not None:
                literal = _choice(match, end) + literal[match.end():]
        out.append(literal)
        previous = None
        if field is not None:
            previous = str(values[field])
            out.append(previous)
    return "".join(out)


def fixed_particles(template: str) -> list[tuple[str, str, str]]:
    """(placeholder, particle, pair to write instead) for each particle written in one form right after a
    placeholder: `{written}이라고` gives ("written", "이라고", "(이)라고")."""
    return [(match.group(1), match.group(2), SINGLE_FORMS[match.group(2)])
            for match in _AFTER_PLACEHOLDER.finditer(template.replace("{{", "").replace("}}", ""))
            if match.group(2) in SINGLE_FORMS]
