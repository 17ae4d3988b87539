"""The texts a build fitted, kept between builds: fitting every text of a game in a language (breaking it into
lines at each size tried) is a tenth of a clean build's CPU, and the same content, fonts and code fit the same.

A build keeps the fitted texts of each game and language in its cache folder (`disk_cache`, output/.cache), in
one file named after everything fitting them reads (`builder.plan.drawing_digest`: the content files, fonts,
drawing code and packages) and the Python version (whose Unicode tables the line breaking reads): an edited file,
font or line breaker is simply a miss, and the texts are fitted afresh. A kept file is data, read as untrusted as
any other: JSON rows of strings, numbers, booleans and nulls; a file or row of another shape is a miss.
"""
from __future__ import annotations

import json
import math
import sys
from typing import Any

from . import disk_cache
from .linebreak import Piece
from .textfit import Fitted

FORMAT = 1
#: the largest kept file read (a game's texts in one language take some 300 kB)
MAX_BYTES = 16 * 1024 * 1024
#: kept files before the older half is removed (one is written per game and language an edit touches)
MOST_KEPT = 60
#: the fitting memo of RenderContext.fit: (text, font, width, height, size, min_size, sorted keyword items)
Memo = tuple[Any, ...]


def name(digest: str) -> str:
    """The kept file of the texts fitted for a drawing digest."""
    return f"fitted/{FORMAT}/{digest}-py{sys.version_info[0]}.{sys.version_info[1]}.json"


def read(kept: str) -> dict[Memo, Fitted]:
    """The fitted texts kept in `kept`, {} when there are none (or the file is not one this module wrote)."""
    data = disk_cache.read(kept, MAX_BYTES)
    try:
        rows = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):
        return {}
    if not isinstance(rows, list):
        return {}
    found: dict[Memo, Fitted] = {}
    for row in rows:
        entry = _entry(row)
        if entry is None:
            return {}
        found[entry[0]] = entry[1]
    return found


def write(kept: str, fitted: dict[Memo, Fitted]) -> None:
    """Keep every fitted text whose memo is plain data (texts, numbers, booleans, None)."""
    rows = [[list(memo[:6]), [list(item) for item in memo[6]], _row(found)] for memo, found in fitted.items()
            if _plain(memo)]
    disk_cache.write(kept, json.dumps(rows, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    disk_cache.prune(f"fitted/{FORMAT}", MOST_KEPT)


def _plain(memo: Memo) -> bool:
    return all(_value(v) for v in memo[:6]) and all(type(k) is str and _value(v) for k, v in memo[6])


def _row(fitted: Fitted) -> list[Any]:
    return [[[line, ends] for line, ends in fitted.lines], fitted.size, fitted.font, fitted.leading, fitted.height,
            fitted.overflow_pt, [[list(piece) for piece in line] for line in fitted.pieces], fitted.lang, fitted.key]


def _entry(row: Any) -> tuple[Memo, Fitted] | None:
    """(memo, fitted text) of a kept row, None when the row is not of the shape `write` gives."""
    if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], list) and len(row[0]) == 6
            and isinstance(row[1], list) and isinstance(row[2], list) and len(row[2]) == 9):
        return None
    args, items, (lines, size, font, leading, height, overflow, pieces, lang, key) = row
    if not (all(_value(v) for v in args) and all(isinstance(i, list) and len(i) == 2 and isinstance(i[0], str)
                                                 and _value(i[1]) for i in items)
            and isinstance(lines, list) and all(isinstance(line, list) and len(line) == 2
                                                and isinstance(line[0], str) and isinstance(line[1], bool)
                                                for line in lines)
            and all(_number(v) for v in (size, leading, height, overflow))
            and all(isinstance(v, str) for v in (font, lang, key)) and isinstance(pieces, list)
            and all(isinstance(line, list) and all(_piece(p) for p in line) for line in pieces)):
        return None
    memo = (*args, tuple((key, value) for key, value in items))
    return memo, Fitted(tuple((text, ends) for text, ends in lines), size, font, leading, height, overflow,
                        tuple(tuple(Piece(*p) for p in line) for line in pieces), lang, key)


def _value(v: Any) -> bool:
    """A text, a boolean, None (an option left unset: `max_lines=None`) or a finite number."""
    return v is None or type(v) in (str, bool) or _number(v)


def _number(v: Any) -> bool:
    return type(v) in (int, float) and math.isfinite(v)


def _piece(p: Any) -> bool:
    return (isinstance(p, list) and len(p) == 4 and all(isinstance(s, str) for s in p[:3])
            and isinstance(p[3], bool))
