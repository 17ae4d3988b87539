"""Parsed TrueType fonts kept between builds, so a build does not parse the same font files again.

Making a ReportLab `TTFont` reads the font's character map, widths and glyph offsets into Python dicts and lists:
about 40 ms per face, before any worker can start. What it parsed is kept in the build's cache folder
(`disk_cache`), one file per font file (named after its path, size and modification time) in a folder named after
the ReportLab version.

The cache folder sits in the output folder, which people share and sync, so a cache file is untrusted data and its
format can only hold data: a JSON header (every value tagged with its type: numbers, texts, bytes, lists, tuples,
mappings; nothing that names a class or a function), then the five big tables as flat little-endian arrays of
64-bit integers (the metrics of a font not of 1000 units per em, which ReportLab scales, as doubles).
Reading it back checks the format, the ReportLab version, the SHA-256 of the font file it was made from (read anew
through the file boundary, as it must be for embedding anyway), the size and shape of every table and that every
glyph index is in range. A file that fails any check is ignored and the font parsed again.

Restoring sets the same attributes on new objects: the two dicts every string measurement reads are rebuilt; the
glyph offsets stay an array and the metrics become a sequence that makes a glyph's (advance, bearing) pair when
subsetting asks for it; the glyph-to-characters map, read only when shaping, is made on first use. The attributes
that are not data (the scaling function, the encoding, the per-document state) are made as ReportLab makes them. A
restored font draws exactly what the parsed one draws, so the PDFs are the same byte for byte.
"""
from __future__ import annotations

import hashlib
import io
import json
import math
import struct
import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ... import files
from ...content.font_files import MAX_BYTES as MAX_FONT_BYTES
from . import disk_cache

FORMAT = 4  # of the cache files; part of their folder's name
MAGIC = b"pnp font cache\n"
#: the largest cache file read (NanumGothic's is about 1.2 MB)
MAX_BYTES = 32 * 1024 * 1024
#: attributes made on restoring instead of kept: the file's bytes and scaling function; the encoding and the
#: per-document state
_FACE_MADE = ("_ttf_data", "_pdfScale")
_FONT_MADE = ("face", "state", "encoding")
#: the big tables, kept as arrays (see the module docstring), in the order they follow the header
_DICTS = ("charToGlyph", "charWidths")
_ARRAYS = ("charToGlyph.keys", "charToGlyph.values", "charWidths.keys", "charWidths.values", "hmetrics.advances",
           "hmetrics.bearings", "glyphToChar.glyphs", "glyphToChar.chars", "glyphPos")
_TABLES = _DICTS + ("hmetrics", "glyphToChar", "glyphPos")
#: the tables that may hold fractions (see `_numbers`)
_FRACTIONS = ("charWidths.values", "hmetrics.advances", "hmetrics.bearings")


class Unusable(ValueError):
    """A cache file that is not one this version wrote for this font."""


class Pairs:
    """(advance, left side bearing) per glyph, as ReportLab's list of tuples reads, made only for the glyphs a
    subset asks for (a few hundred of some 20,000)."""

    def __init__(self, advances: Sequence[float], bearings: Sequence[float]) -> None:
        self.advances, self.bearings = advances, bearings

    def __len__(self) -> int:
        return len(self.advances)

    def __getitem__(self, glyph: int) -> tuple[float, float]:
        return self.advances[glyph], self.bearings[glyph]


#: subsets a face keeps made (`RestoredFace.makeSubset`); a long-lived process (the studio, a watch) starts afresh
#: past it
SUBSETS_KEPT = 64


class RestoredFace(TTFontFace):  # type: ignore[misc]  # ReportLab ships no types: TTFontFace is Any to mypy
    """A face whose tables came from the cache; the glyph-to-characters map is made on first use, and each subset
    ReportLab embeds is made once per process."""

    _glyph_chars: tuple[array[int], array[int]]

    @cached_property
    def _subsets(self) -> dict[tuple[int, ...], bytes]:
        return {}

    def makeSubset(self, subset: list[int]) -> bytes:  # noqa: N802 (ReportLab's name)
        """The TrueType file of the glyphs of `subset`, as ReportLab makes it: a build embeds the same subsets in
        the editions of one game and language on both papers (192 made a build, 70 of them different)."""
        key = tuple(subset)
        made = self._subsets.get(key)
        if made is None:
            if len(self._subsets) >= SUBSETS_KEPT:
                self._subsets.clear()
            made = self._subsets[key] = super().makeSubset(subset)
        return made

    @cached_property
    def glyphToChar(self) -> dict[int, list[int]]:  # noqa: N802 (ReportLab's name)
        glyphs, chars = self._glyph_chars
        table: dict[int, list[int]] = {}
        for glyph, char in zip(glyphs, chars):
            table.setdefault(glyph, []).append(char)
        return table


#: a font file's SHA-256 -> the snapshot of its parse, for the next load of the same bytes in this process (the
#: same font in another content folder: each copy's fonts are registered under names of their own)
_SNAPSHOTS: dict[str, bytes] = {}


def load(name: str, path: Path, folder: files.Root) -> TTFont:
    """The font `name` from the TrueType file `path` inside `folder`, read through the file boundary: restored from
    this process's snapshots or the cache folder when a good one is there, else parsed (and kept in both)."""
    data = folder.bytes_of(path, limit=MAX_FONT_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    if digest in _SNAPSHOTS:
        font = _restore(_SNAPSHOTS[digest], name, path, data, digest)
        font.face.filename = str(path)  # what ReportLab's messages name: this copy
        return font
    version = folder.version(path)
    kept = None
    if version is not None and disk_cache.folder() is not None:
        where = hashlib.sha256(str(path).encode()).hexdigest()[:10]
        kept = f"fonts/reportlab-{reportlab.Version}-{FORMAT}/{path.stem}-{where}-{version[0]}-{version[1]}.font"
        read = disk_cache.read(kept, MAX_BYTES)
        try:
            font = _restore(read, name, path, data, digest)
        except Unusable:
            pass
        else:
            assert read is not None  # restored: it was read whole
            _SNAPSHOTS[digest] = read
            return font
    font = _parsed(name, path, data)
    try:
        snapshot = _snapshot(font, digest)
    except Unusable:  # a font whose tables hold something else is parsed each time
        return font
    _SNAPSHOTS[digest] = snapshot
    if kept is not None:
        disk_cache.write(kept, snapshot)
    return font


def _parsed(name: str, path: Path, data: bytes) -> TTFont:
    stream = io.BytesIO(data)
    stream.name = str(path)  # ReportLab names the face's file after it
    return TTFont(name, stream)


# -- writing -----------------------------------------------------------------------------------------------------


def _snapshot(font: TTFont, digest: str) -> bytes:
    """The cache file of `font`; Unusable for a font whose tables hold anything but numbers (`_numbers`)."""
    face = vars(font.face)
    c2g, widths, metrics, g2c = face["charToGlyph"], face["charWidths"], face["hmetrics"], face["glyphToChar"]
    arrays = [c2g.keys(), c2g.values(), widths.keys(), widths.values(), (a for a, _ in metrics),
              (b for _, b in metrics), (g for g, chars in g2c.items() for _ in chars),
              (c for chars in g2c.values() for c in chars), face["glyphPos"]]
    packed = [_numbers(key, values) for key, values in zip(_ARRAYS, arrays)]
    header = {
        "format": FORMAT, "reportlab": reportlab.Version, "font_sha256": digest,
        "face": {k: _tagged(v) for k, v in face.items() if k not in _FACE_MADE + _TABLES},
        "font": {k: _tagged(v) for k, v in vars(font).items() if k not in _FONT_MADE},
        "arrays": [[len(values), kind] for kind, values, _ in packed],
    }
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    return MAGIC + struct.pack("<I", len(text)) + text + b"".join(
        _little(values).tobytes() + mask for _, values, mask in packed)


def _numbers(key: str, values: Iterable[Any]) -> tuple[str, array[Any], bytes]:
    """A table as (kind, flat array, mask): "q" whole numbers; for the metrics only (which ReportLab scales to 1000
    units per em, so a font of another size has fractions), "d" fractions, or "m" both, a mask byte per value
    saying which are whole (1), so each comes back as the type it was. Unusable for anything else (a bool, a number
    too large)."""
    values = list(values)
    kinds = {type(v) for v in values}
    try:
        if kinds <= {int}:
            return "q", array("q", values), b""
        if key not in _FRACTIONS or not kinds <= {int, float}:
            raise Unusable("not a whole number")
        if kinds == {float}:
            return "d", array("d", values), b""
        if any(type(v) is int and abs(v) >= 2 ** 53 for v in values):
            raise Unusable("a number too large")
        return "m", array("d", values), bytes(type(v) is int for v in values)
    except OverflowError:
        raise Unusable("a number too large") from None


def _little(values: array[Any]) -> array[Any]:
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return values


def _tagged(value: Any) -> list[Any]:
    """A value as [tag, data]: only plain data has a tag, so only plain data can come back."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return [{type(None): "none", bool: "bool", int: "int", float: "float", str: "str"}[kind], value]
    if kind in (bytes, TTFNameBytes):
        return ["name" if kind is TTFNameBytes else "bytes", value.hex()]
    if kind in (list, tuple):
        return ["list" if kind is list else "tuple", [_tagged(item) for item in value]]
    if kind is dict and all(type(key) is str for key in value):
        return ["dict", {key: _tagged(item) for key, item in value.items()}]
    raise Unusable(f"cannot keep a {kind.__name__}")


# -- reading -----------------------------------------------------------------------------------------------------

_PLAIN: dict[str, type | tuple[type, ...]] = {"none": type(None), "bool": bool, "int": int, "float": (int, float),
                                               "str": str}


def _untagged(item: Any, depth: int = 0) -> Any:
    """The value `_tagged` kept; Unusable for anything it could not have written."""
    if depth > 32 or not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
        raise Unusable("not a tagged value")
    tag, data = item
    if tag in _PLAIN:
        if not isinstance(data, _PLAIN[tag]) or (tag in ("int", "float") and isinstance(data, bool)):
            raise Unusable(f"not a {tag}")
        return float(data) if tag == "float" and isinstance(data, (int, float)) else data
    if tag in ("bytes", "name") and isinstance(data, str):
        try:
            raw = bytes.fromhex(data)
        except ValueError:
            raise Unusable("not hex") from None
        return TTFNameBytes(raw) if tag == "name" else raw
    if tag in ("list", "tuple") and isinstance(data, list):
        items = [_untagged(part, depth + 1) for part in data]
        return items if tag == "list" else tuple(items)
    if tag == "dict" and isinstance(data, dict):
        return {key: _untagged(part, depth + 1) for key, part in data.items()}
    raise Unusable(f"unknown tag {tag!r}")


def _attributes(tagged: Any) -> dict[str, Any]:
    """An object's kept attributes: plain names (never a dunder), plain values."""
    if not isinstance(tagged, dict):
        raise Unusable("no attributes")
    out = {}
    for key, item in tagged.items():
        if not key.isidentifier() or key.startswith("__"):
            raise Unusable(f"not an attribute name: {key!r}")
        out[key] = _untagged(item)
    return out


def _restore(kept: bytes | None, name: str, path: Path, data: bytes, digest: str) -> TTFont:
    """The font the cache file `kept` holds, checked against the font file's bytes `data`; Unusable otherwise."""
    if kept is None or not kept.startswith(MAGIC) or len(kept) < len(MAGIC) + 4:
        raise Unusable("no cache file")
    (size,) = struct.unpack_from("<I", kept, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        header = json.loads(kept[start:start + size])
    except (ValueError, RecursionError):
        raise Unusable("not JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("reportlab") != reportlab.Version \
            or header.get("font_sha256") != digest:
        raise Unusable("another version, or another font")
    shapes = header.get("arrays")
    if not isinstance(shapes, list) or len(shapes) != len(_ARRAYS) or not all(
            isinstance(shape, list) and len(shape) == 2 and type(shape[0]) is int and shape[0] >= 0
            and (shape[1] == "q" or shape[1] in ("d", "m") and key in _FRACTIONS)
            for key, shape in zip(_ARRAYS, shapes)) \
            or start + size + sum(8 * n + (n if kind == "m" else 0) for n, kind in shapes) != len(kept):
        raise Unusable("tables of the wrong size")
    tables: dict[str, Any] = {}
    at = start + size
    for key, (count, kind) in zip(_ARRAYS, shapes):
        values: array[Any] = array("q" if kind == "q" else "d")
        values.frombytes(kept[at:at + 8 * count])
        values = _little(values)
        at += 8 * count
        if kind == "m":
            mask = kept[at:at + count]
            at += count
            if not set(mask) <= {0, 1} or any(whole and not float(values[n]).is_integer() for n, whole in enumerate(mask)):
                raise Unusable("a mask that is not one")
            tables[key] = [int(value) if whole else value for value, whole in zip(values, mask)]
        else:
            tables[key] = values
        if kind != "q" and not all(math.isfinite(value) for value in tables[key]):
            raise Unusable("a number that is not finite")
    face_attrs, font_attrs = _attributes(header.get("face")), _attributes(header.get("font"))
    _check_shape(tables, face_attrs.get("numGlyphs"), len(data))
    face = RestoredFace.__new__(RestoredFace)
    face.__dict__.update(face_attrs)
    for key in _DICTS:
        setattr(face, key, dict(zip(tables[f"{key}.keys"], tables[f"{key}.values"])))
    face.glyphPos = tables["glyphPos"]
    face.hmetrics = Pairs(tables["hmetrics.advances"], tables["hmetrics.bearings"])
    face._glyph_chars = (tables["glyphToChar.glyphs"], tables["glyphToChar.chars"])
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    font.__dict__.update(font_attrs)
    font.fontName, font.face, font.encoding, font.state = name, face, TTEncoding(), WeakKeyDictionary()
    return font


def _check_shape(tables: dict[str, Any], glyphs: Any, font_bytes: int) -> None:
    """The tables fit together, every glyph index is one of the font's glyphs, and the glyph offsets run forward
    within the font file."""
    if type(glyphs) is not int or glyphs <= 0:
        raise Unusable("no glyph count")
    pairs = (("charToGlyph.keys", "charToGlyph.values"), ("charWidths.keys", "charWidths.values"),
             ("hmetrics.advances", "hmetrics.bearings"), ("glyphToChar.glyphs", "glyphToChar.chars"))
    if any(len(tables[a]) != len(tables[b]) for a, b in pairs) or len(tables["hmetrics.advances"]) != glyphs \
            or len(tables["glyphPos"]) != glyphs + 1:
        raise Unusable("tables that do not fit together")
    for key in ("charToGlyph.values", "glyphToChar.glyphs"):
        if tables[key] and not (0 <= min(tables[key]) and max(tables[key]) < glyphs):
            raise Unusable("a glyph index out of range")
    offsets = tables["glyphPos"]
    if offsets[0] < 0 or offsets[-1] > font_bytes or any(a > b for a, b in zip(offsets, offsets[1:])):
        raise Unusable("glyph offsets out of order or past the font's end")


def _scale(units_per_em: Any) -> Callable[[float], float]:
    """Font units to ReportLab's 1000 units per em, as `TTFontFile.extractInfo` sets it up."""
    if type(units_per_em) is not int or units_per_em <= 0:
        raise Unusable("no units per em")
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
