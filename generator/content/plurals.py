"""Nouns that agree with the number before them: `{count} card(s)` becomes `1 card` or `2 cards`.

Translators mark a word that has a plural with its ending in brackets, `(s)` or `(es)`, as English and French
already write it, or with both endings where the singular's changes too (`cop(y|ies)`); the word agrees with the
last placeholder before it in the same text that holds a number (`{count} item card(s)`, `{have} of {need}
item(s)`). Which form a number takes is the language's CLDR plural rule, from ICU: English says `1 card` and
`0 cards`, French `0 carte` and `2 cartes`; a language without plurals (Korean, Japanese) never writes the marks.
A mark with no number before it is a content error (lint).
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Mapping, Protocol

#: a word with its plural ending in brackets: `card(s)`, `box(es)`, `carte(s)`, or both endings: `cop(y|ies)`
MARK = re.compile(r"(?<![^\W\d_])([^\W\d_]+)\((?:(s|es)|([^\W\d_]*)\|([^\W\d_]+))\)")


class _PluralRules(Protocol):
    """ICU's PluralRules, as used here: the CLDR category ("one", "other" ...) of a number."""

    def select(self, number: int | float, /) -> str: ...


def agree(template: str, values: Mapping[str, object], lang: str) -> str:
    """`template` with each marked word in the form its number asks for; the placeholders are left to fill."""
    out: list[str] = []
    number: int | float | None = None
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        literal = literal.replace("{", "{{").replace("}", "}}")
        if number is not None and MARK.search(literal):  # ICU is asked only for a marked word
            singular = _is_singular(number, lang)
            literal = MARK.sub(lambda mark: _form(mark, singular), literal)
        out.append(literal)
        if field is not None:
            out.append("{" + field + "}")
            if (value := _numeric(values.get(field))) is not None:
                number = value
    return "".join(out)


def _form(mark: re.Match[str], singular: bool) -> str:
    stem: str  # the groups of MARK: the word, then either `(s|es)` or `(singular|plural)`
    plural_ending: str | None
    singular_ending: str | None
    other_plural_ending: str | None
    stem, plural_ending, singular_ending, other_plural_ending = mark.groups()
    if plural_ending:
        return stem if singular else stem + plural_ending
    return stem + ((singular_ending or "") if singular else (other_plural_ending or ""))


def unmatched_mark(template: str) -> str | None:
    """The first marked word with no placeholder before it that could carry its number, or None."""
    seen_field = False
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        if not seen_field and (found := MARK.search(literal)):
            return found.group(0)
        seen_field = seen_field or field is not None
    return None


def _numeric(value: object) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return None


def _is_singular(number: int | float, lang: str) -> bool:
    """ICU takes a 32-bit whole number or a float; a larger whole number goes as a float (its form is the same)."""
    if isinstance(number, int) and not -2**31 < number < 2**31:
        number = float(number)
    return _rule(lang).select(number) == "one"


@lru_cache(maxsize=None)
def _rule(lang: str) -> _PluralRules:
    """The CLDR plural rule of `lang` (ICU is imported here, so a text without marks never loads it)."""
    import icu

    rules: _PluralRules = icu.PluralRules.forLocale(icu.Locale(lang))
    return rules
