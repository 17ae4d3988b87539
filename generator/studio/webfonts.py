"""The card fonts, for the pages: each language's families as web fonts, cut down to what the pages show.

A browser shows the studio's words and the card texts in the same families the cards are printed in (NanumGothic,
BIZ UDGothic, DejaVu Sans), so the pages read alike on any machine, offline, with no font of its own for Korean
or Japanese. A family's file is some 4.6 MB; cut to the characters of the language's texts (and printable ASCII)
it is some 150 kB, made once per family, weight and language while the studio runs.
"""
from __future__ import annotations

import io
import logging
import threading

from ..content.load import Content
from ..content.font_files import families_for

WEIGHTS = ("regular", "bold")
#: cut fonts kept in memory: (file, characters) -> TrueType bytes
KEPT = 24
_CUT: dict[tuple[str, str], bytes] = {}
_LOCK = threading.Lock()


def family_names(content: Content, lang: str) -> list[str]:
    """The font families that draw `lang`, in the order the renderer asks them (its own script's first)."""
    return list(families_for(content.print.fonts, lang))


def font_bytes(content: Content, family: str, weight: str) -> bytes:
    """The family's TrueType file of `weight`, read through the folder it was found in (the file boundary)."""
    found = content.fonts[family]
    return found.read(found.bold if weight == "bold" and found.bold is not None else found.regular)


def characters(content: Content, lang: str) -> str:
    """Every character of `lang`'s texts (the shared words and every game's), with printable ASCII."""
    found = {chr(code) for code in range(32, 127)}
    for game in ["common", *content.games]:
        for _, value in content.texts(game, lang).leaves():
            if isinstance(value, str):
                found.update(value)
    return "".join(sorted(found))


def subset(content: Content, lang: str, family: str, weight: str) -> bytes:
    """The family's TrueType file cut to the characters of `lang` (`characters`), made once per file and text."""
    found = content.fonts[family]
    path = found.bold if weight == "bold" and found.bold is not None else found.regular
    key = (str(path), characters(content, lang))
    with _LOCK:
        if key not in _CUT:
            if len(_CUT) >= KEPT:
                _CUT.pop(next(iter(_CUT)))
            _CUT[key] = _cut(font_bytes(content, family, weight), key[1])
        return _CUT[key]


def _cut(data: bytes, chars: str) -> bytes:
    from fontTools import subset as cut
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # tables it drops are no news to a reader
    font = TTFont(io.BytesIO(data), lazy=False)
    options = cut.Options()
    options.layout_features = ["*"]
    options.hinting = False
    subsetter = cut.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
