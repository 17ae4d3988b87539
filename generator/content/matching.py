"""How a name a person writes is matched to the content: the same rule for record readers and for lint.

`Lucky coin`, `lucky-coin`, `LUCKYCOIN` and `lucky_coin` are one name; so are NFC and NFD spellings of `행운의 동전`.
"""
from __future__ import annotations

import re
import unicodedata

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
