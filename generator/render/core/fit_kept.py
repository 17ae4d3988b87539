"""`pnp lint`'s text fit (fitcheck.py), kept between runs: drawing every piece of a game in a language takes a few
tenths of a second, the most of what lint does, and a translator's edit touches one language.

When a cache folder is in use (`disk_cache`; `pnp lint` keeps its files in the user's cache folder), the findings
of each game and language are kept there as JSON rows, named after the digest of everything drawing them reads
(its content files, the fonts and icons, the drawing code, the drawing packages' versions:
`builder.plan.drawing_digest`) and how the findings name the content folder (`shown_as`): an edited language file
redraws that language alone, an unchanged one is not drawn (nor is the renderer imported), and a copy of a content
folder finds what the original found. A kept file that is not a list of rows of
the expected types is a miss; rows are data, shown as they are.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from ... import files
from ...errors import Diagnostic, Position
from . import disk_cache

if TYPE_CHECKING:
    from ...content.load import Content

#: the format of a kept file of findings (part of its name)
FORMAT = 1
#: the largest kept file of findings read
MAX_KEPT_BYTES = 8 * 1024 * 1024
#: kept files of findings before the older half is removed (one is written per game and language an edit touches)
MOST_KEPT = 400
#: the types of a row: path, line, column, message, check, severity, key path
ROW = (str, int, int, str, str, str, str)


def fit_findings(content: Content, game: str, lang: str) -> list[Diagnostic]:
    """What drawing every piece and page of `game` in `lang` finds (fitcheck.fit_findings), kept when a cache
    folder is in use."""
    if disk_cache.folder() is None:
        return _drawn(content, game, lang)
    from ...builder.plan import drawing_digest

    name = f"fit/{FORMAT}/{drawing_digest(content.root, game, lang)}-{shown_as(content.root)}.json"
    kept = _read(disk_cache.read(name, MAX_KEPT_BYTES))
    if kept is not None:
        return kept
    found = _drawn(content, game, lang)
    rows = [[d.position.path, d.position.line, d.position.col, d.message, d.check, d.severity, d.key_path]
            for d in found]
    disk_cache.write(name, json.dumps(rows, ensure_ascii=False).encode("utf-8"))
    disk_cache.prune(f"fit/{FORMAT}", MOST_KEPT)
    return found


def shown_as(root: Path) -> str:
    """How findings name the content folder (`content/travel/ko.yaml`: its folder's name), hashed: what the findings
    of the same files say depends on it alone, so two copies of a folder of the same name share them."""
    return hashlib.sha256(files.content(root).display("print.yaml").encode()).hexdigest()[:16]


def _drawn(content: Content, game: str, lang: str) -> list[Diagnostic]:
    from . import fitcheck

    return fitcheck.fit_findings(content, game, lang)


def _read(data: bytes | None) -> list[Diagnostic] | None:
    """Kept findings, or None when `data` is not a list of rows of the expected types."""
    try:
        rows = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(rows, list) or not all(
            isinstance(row, list) and len(row) == len(ROW) and all(type(v) is t for v, t in zip(row, ROW))
            for row in rows):
        return None
    return [Diagnostic(Position(path, line, col), message, check, severity, key_path)
            for path, line, col, message, check, severity, key_path in rows]
