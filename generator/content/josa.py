"""Korean particles that depend on the word before them: `{name}은(는)` becomes `준은` or `미나는`.

Translators write both forms, `은(는)`, `이(가)`, `을(를)`, `과(와)`, `으로(로)`, right after a placeholder; once
the value is known the right one is chosen from whether the value ends in a final consonant (받침). Hangul is
read exactly; digits by their Korean reading; Latin letters by a spelling rule (a final vowel letter has no 받침),
which suits names such as Mina, Joon and Sora.
"""
from __future__ import annotations

import re
import string
import unicodedata

#: (with 받침, without) for each written pair, in either order
PAIRS = {
    "은(는)": ("은", "는"), "는(은)": ("은", "는"), "이(가)": ("이", "가"), "가(이)": ("이", "가"),
    "을(를)": ("을", "를"), "를(을)": ("을", "를"), "과(와)": ("과", "와"), "와(과)": ("과", "와"),
    "으로(로)": ("으로", "로"), "로(으로)": ("으로", "로"),
}
#: a written pair right after a placeholder, after any closing quotes or brackets (`'{word}'은(는)`)
_PAIR = re.compile("([)\\]'\"’”]*)(" + "|".join(re.escape(p) for p in PAIRS) + ")")
DIGIT_BATCHIM = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False, "6": True, "7": True,
                 "8": True, "9": False}
RIEUL = 8  # ㄹ as a final consonant: 으로 takes 로 after it (서울로)


def has_batchim(word: str) -> bool | None:
    """Whether `word` ends in a final consonant when read in Korean; None when it cannot be told."""
    word = word.rstrip(" )]'\"’”")
    if not word:
        return None
    last = word[-1]
    if "가" <= last <= "힣":
        return (ord(last) - 0xAC00) % 28 != 0
    if last.isdigit():          # any script's digit reads as its value (a full-width ２ as 2)
        return DIGIT_BATCHIM[str(unicodedata.digit(last))]
    if last.isascii() and last.isalpha():
        return last.lower() not in "aeiouy"
    return None


def _rieul(word: str) -> bool:
    last = word.rstrip(" )]'\"’”")[-1:]
    return bool(last) and "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 == RIEUL


def attach(template: str, values: dict) -> str:
    """Format `template`, choosing each particle after a placeholder from the value written before it."""
    out: list[str] = []
    previous = ""
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        match = _PAIR.match(literal) if previous else None
        if match:
            batchim = has_batchim(previous)
            if batchim is not None:
                with_, without = PAIRS[match.group(2)]
                chosen = with_ if batchim and not (with_ == "으로" and _rieul(previous)) else without
                literal = match.group(1) + chosen + literal[match.end():]
        out.append(literal)
        previous = ""
        if field is not None:
            previous = str(values[field])
            out.append(previous)
    return "".join(out)
