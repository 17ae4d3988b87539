"""Parsed TrueType fonts kept between builds, so a build does not parse the same font files again.

Making a ReportLab `TTFont` reads the font's character map, widths and glyph offsets into Python dicts and lists:
about 40 ms per NanumGothic face, before any worker can start. What it parsed is kept in the cache folder as a
pickle of the font's and its face's attributes, one file per font file (named after its path, size and modification
time) in a folder named after the ReportLab version. Restoring sets the same attributes on new objects and reads the
font file's bytes again; the two attributes that are not data (a scaling function and the per-document state) are
made as ReportLab makes them. A restored font is the parsed one attribute for attribute, so the PDFs are the same
byte for byte. A cache file that does not load is ignored and the font parsed again.
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from . import disk_cache

#: attributes made on restoring instead of kept: the file's bytes and scaling function; the per-document state
_FACE_MADE = ("_ttf_data", "_pdfScale")
_FONT_MADE = ("face", "state")


def load(name: str, path: Path) -> TTFont:
    """The font `name` from the TrueType file `path`, restored from the cache when it is there, else parsed (and
    kept when the build has a cache folder)."""
    folder = disk_cache.folder("fonts")
    if folder is None:
        return TTFont(name, str(path))
    stat = path.stat()
    where = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:10]
    kept = folder / f"reportlab-{reportlab.Version}" / f"{path.stem}-{where}-{stat.st_size}-{stat.st_mtime_ns}.pickle"
    font = _restore(kept, name, path)
    if font is None:
        font = TTFont(name, str(path))
        snapshot = {"face": {k: v for k, v in vars(font.face).items() if k not in _FACE_MADE},
                    "font": {k: v for k, v in vars(font).items() if k not in _FONT_MADE}}
        disk_cache.write(kept, pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL))
    return font


def _restore(kept: Path, name: str, path: Path) -> TTFont | None:
    try:
        snapshot = pickle.loads(kept.read_bytes())
        face = TTFontFace.__new__(TTFontFace)
        face.__dict__.update(snapshot["face"])
        face._ttf_data = path.read_bytes()
        face._pdfScale = _scale(face.unitsPerEm)
        font = TTFont.__new__(TTFont)
        font.__dict__.update(snapshot["font"])
    except Exception:  # noqa: BLE001 (no file yet, or one that does not load: parse the font instead)
        return None
    font.fontName, font.face, font.state = name, face, WeakKeyDictionary()
    return font


def _scale(units_per_em: int):
    """Font units to ReportLab's 1000 units per em, as `TTFontFile.extractInfo` sets it up."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
