"""How a name a person writes is matched to the content: the same rule for record readers and for lint.

`Lucky coin`, `lucky-coin`, `LUCKYCOIN` and `lucky_coin` are one name; so are NFC and NFD spellings of `행운의 동전`.
A player's name is compared in its NFC form and may not hold a character that does not show (`hidden_at`): a
right-to-left override would make the name shown differ from the name checked.
"""
from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from typing import Iterable

_STRIP = re.compile(r"[\s\-_·.'’]+")
_norm_cache: dict[str, str] = {}


def normalise(text: str) -> str:
    """Case-folded, NFC, without spaces, hyphens, underscores, dots, middle dots and apostrophes. Cached: record
    readers call it for every word."""
    hit = _norm_cache.get(text)
    if hit is None:
        hit = _STRIP.sub("", unicodedata.normalize("NFC", text).casefold())
        if len(_norm_cache) < 100_000:
            _norm_cache[text] = hit
    return hit


#: the characters a name may not hold: controls, format characters (direction overrides and isolates, zero-width
#: spaces and joiners, the byte order mark), line and paragraph separators, private-use, unassigned and surrogates
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"})


def hidden_at(name: str) -> int | None:
    """The index of the first character of `name` that does not show, None when every one does."""
    return next((i for i, ch in enumerate(name) if unicodedata.category(ch) in HIDDEN_CATEGORIES), None)


def person_name(name: str) -> str:
    """A player's name as it is compared and shown: NFC (the NFC and NFD spellings of one name are one player)."""
    return unicodedata.normalize("NFC", name)


#: how alike a misspelt name and a known one must be (difflib's ratio) for "did you mean …?"
CLOSE = 0.75


def closest(written: str, names: Iterable[str]) -> str | None:
    """The one known name `written` most likely misspells, compared as `normalise` sees names; None when no name
    is close, or when two names are equally close (then a guess would mislead)."""
    target = normalise(written)
    if not target:
        return None
    scored: dict[str, tuple[float, str]] = {}
    for name in names:
        norm = normalise(name)
        if norm and norm != target and norm not in scored:
            scored[norm] = (SequenceMatcher(None, target, norm).ratio(), name)
    ranked = sorted(scored.values(), key=lambda pair: -pair[0])
    if not ranked or ranked[0][0] < CLOSE or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
        return None
    return ranked[0][1]
