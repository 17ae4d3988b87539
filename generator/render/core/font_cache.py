"""Parsed TrueType fonts kept between builds, so a build does not parse the same font files again.

Making a ReportLab `TTFont` reads the font's character map, widths and glyph offsets into Python dicts and lists:
about 45 ms per NanumGothic face, before any worker can start. What it parsed is kept in the cache folder, one
file per font file (named after its path, size and modification time) in a folder named after the ReportLab
version. The five big tables (some 20,000 entries each) are kept as flat integer arrays, which load as a copy of
their bytes (a pickle of the dicts and lists of tuples themselves takes about 25 ms per face to load). Restoring
sets the same attributes on new objects: the two dicts every string measurement reads are rebuilt; the glyph
offsets stay an array and the metrics become a sequence that makes a glyph's (advance, bearing) pair when subsetting
asks for it; the glyph-to-characters map, read only when shaping, is made on first use. The font file's bytes are
read again and the two attributes that are not data (a scaling function and the per-document state) are made as
ReportLab makes them. A restored font draws exactly what the parsed one draws, so the PDFs are the same byte for
byte. A cache file that does not load is ignored and the font parsed again.
"""
from __future__ import annotations

import hashlib
import pickle
from array import array
from functools import cached_property
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from . import disk_cache

FORMAT = 2  # of the cache files; part of their folder's name
#: attributes made on restoring instead of kept: the file's bytes and scaling function; the per-document state
_FACE_MADE = ("_ttf_data", "_pdfScale")
_FONT_MADE = ("face", "state")
#: the big tables, kept as arrays (see the module docstring)
_DICTS = ("charToGlyph", "charWidths")
_TABLES = _DICTS + ("hmetrics", "glyphToChar", "glyphPos")


class Pairs:
    """(advance, left side bearing) per glyph, as ReportLab's list of tuples reads, made only for the glyphs a
    subset asks for (a few hundred of some 20,000)."""

    def __init__(self, advances: array, bearings: array) -> None:
        self.advances, self.bearings = advances, bearings

    def __len__(self) -> int:
        return len(self.advances)

    def __getitem__(self, glyph: int) -> tuple[int, int]:
        return self.advances[glyph], self.bearings[glyph]


class RestoredFace(TTFontFace):
    """A face whose tables came from the cache; the glyph-to-characters map is made on first use."""

    _glyph_chars: tuple[array, array]

    @cached_property
    def glyphToChar(self) -> dict[int, list[int]]:  # noqa: N802 (ReportLab's name)
        glyphs, chars = self._glyph_chars
        table: dict[int, list[int]] = {}
        for glyph, char in zip(glyphs, chars):
            table.setdefault(glyph, []).append(char)
        return table


def load(name: str, path: Path) -> TTFont:
    """The font `name` from the TrueType file `path`, restored from the cache when it is there, else parsed (and
    kept when the build has a cache folder)."""
    folder = disk_cache.folder("fonts")
    if folder is None:
        return TTFont(name, str(path))
    stat = path.stat()
    where = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:10]
    kept = (folder / f"reportlab-{reportlab.Version}-{FORMAT}"
            / f"{path.stem}-{where}-{stat.st_size}-{stat.st_mtime_ns}.pickle")
    font = _restore(kept, name, path)
    if font is None:
        font = TTFont(name, str(path))
        snapshot = _snapshot(font)
        if snapshot is not None:
            disk_cache.write(kept, pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL))
    return font


def _snapshot(font: TTFont) -> dict | None:
    """What restoring needs, or None for a font whose tables are not all whole numbers (it is parsed each time)."""
    face = vars(font.face)
    try:
        tables = {
            **{key: (_ints(face[key].keys()), _ints(face[key].values())) for key in _DICTS},
            "hmetrics": (_ints(a for a, _ in face["hmetrics"]), _ints(b for _, b in face["hmetrics"])),
            "glyphToChar": (_ints(g for g, chars in face["glyphToChar"].items() for _ in chars),
                            _ints(c for chars in face["glyphToChar"].values() for c in chars)),
            "glyphPos": _ints(face["glyphPos"]),
        }
    except TypeError:  # a width that is not a whole number (a font not drawn on 1000 units per em)
        return None
    return {"face": {k: v for k, v in face.items() if k not in _FACE_MADE + _TABLES},
            "font": {k: v for k, v in vars(font).items() if k not in _FONT_MADE},
            "tables": tables}


def _ints(values) -> array:
    """Whole numbers as a flat array; TypeError for anything else (a float, a bool is refused by the array)."""
    values = list(values)
    if any(type(v) is not int for v in values):
        raise TypeError("not a whole number")
    return array("q", values)


def _restore(kept: Path, name: str, path: Path) -> TTFont | None:
    try:
        snapshot = pickle.loads(kept.read_bytes())
        tables = snapshot["tables"]
        face = RestoredFace.__new__(RestoredFace)
        face.__dict__.update(snapshot["face"])
        for key in _DICTS:
            keys, values = tables[key]
            setattr(face, key, dict(zip(keys, values)))
        face.glyphPos = tables["glyphPos"]
        face.hmetrics = Pairs(*tables["hmetrics"])
        face._glyph_chars = tables["glyphToChar"]
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
