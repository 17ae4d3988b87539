"""Parsed content files kept between runs, so `pnp check` and `pnp lint` do not parse the same YAML again.

Parsing a content file with every value's position (yamlsrc.parse_yaml) costs a few milliseconds per hundred
lines; the eight files a travel check reads take longer than the check itself. What the parser made is kept as
plain JSON (never pickle: a cache file is data, read as untrusted as any other), one file per parsed text, named
after the SHA-256 of the file's bytes and of the parser's own source, so an edited file or an edited parser is
simply a miss. A cache file is used only when it is whole and of the expected shape; anything else is a miss,
and a cache that cannot be written costs only the parse. The folder is the user's cache folder
(`$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp`; `PNP_CACHE` names another, and `PNP_CACHE=off` turns it off); it
holds at most `MOST_FILES` files, the oldest removed first.

Every read and write of the cache folder is `_read` and `_write`.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from .. import files
from ..errors import InputError, Position

FORMAT = 1
MOST_FILES = 400
MOST_BYTES = 32 * 1024 * 1024
#: (path parts, line, column) of each value or key
Rows = list[list[Any]]


@cache
def folder() -> Path | None:
    """Where parsed files are kept, or None when they are not."""
    chosen = os.environ.get("PNP_CACHE")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen) / "parsed"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pnp" / "parsed"


@cache
def _parser_digest() -> bytes:
    """The parser's source: a change to it makes every earlier cache file a miss."""
    source = Path(__file__).with_name("yamlsrc.py")  # the parser, read as a file (importing it would be a circle)
    return hashlib.sha256(files.package(source.parent).bytes_of(source.name)).digest()


def key(data: bytes) -> str:
    """The cache file's name for a file of these bytes."""
    return hashlib.sha256(_parser_digest() + data).hexdigest() + ".json"


def _read(name: str) -> bytes | None:
    """The cache file's bytes, or None (no cache, no such file, unreadable, too large, a link out of the folder)."""
    where = folder()
    if where is None:
        return None
    try:
        return files.root(where, "cache").bytes_of(name, limit=MOST_BYTES)
    except InputError:
        return None


def _write(name: str, data: bytes) -> None:
    """Keep `data` as cache file `name`, whole or not at all, and the folder within MOST_FILES files."""
    where = folder()
    if where is None or len(data) > MOST_BYTES:
        return
    cache = files.root(where, "cache")
    try:
        cache.write(name, data)
        kept = cache.names("", ".json")
        if len(kept) > MOST_FILES:
            kept.sort(key=lambda entry: cache.version(entry) or (0, 0))
            for entry in kept[: len(kept) - MOST_FILES // 2]:
                cache.delete(entry)
    except InputError:
        pass


def load(source: bytes) -> tuple[Any, Rows, Rows] | None:
    """The kept parse of a file of bytes `source`: (tree, value rows, key rows), or None on a miss."""
    raw = _read(key(source))
    if raw is None:
        return None
    try:
        kept = json.loads(raw)
        shaped = isinstance(kept, dict) and _is_tree(kept.get("tree"))
    except (ValueError, RecursionError):  # not JSON, or nested past what a parse could give
        return None
    if not (shaped and kept.get("format") == FORMAT and kept.get("size") == len(source)
            and isinstance(kept.get("values"), list) and isinstance(kept.get("keys"), list)):
        return None
    return kept["tree"], kept["values"], kept["keys"]


def keep(source: bytes, tree: Any, values: dict[tuple[Any, ...], Position],
         keys: dict[tuple[Any, ...], Position]) -> None:
    """Keep the parse of a file of bytes `source`."""
    rows = {"values": [[list(loc), p.line, p.col] for loc, p in values.items()],
            "keys": [[list(loc), p.line, p.col] for loc, p in keys.items()]}
    text = json.dumps({"format": FORMAT, "size": len(source), "tree": tree, **rows}, ensure_ascii=False,
                      separators=(",", ":"))
    _write(key(source), text.encode("utf-8"))


def positions(path: str, rows: Rows) -> dict[tuple[Any, ...], Position] | None:
    """Rows as positions in file `path`; None when a row is not (path parts, line, column)."""
    if not _are_rows(rows):
        return None
    return {tuple(loc): Position(path, line, col) for loc, line, col in rows}


def _is_tree(tree: Any) -> bool:
    """Whether `tree` is what the parser makes: mappings of texts, lists, texts and None."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif node is not None and not isinstance(node, str):
            return False
    return True


def _are_rows(rows: Any) -> bool:
    """Whether `rows` are (path parts, line, column) rows."""
    return isinstance(rows, list) and all(
        isinstance(row, list) and len(row) == 3 and isinstance(row[0], list) and type(row[1]) is int
        and type(row[2]) is int and all(type(part) is str or type(part) is int for part in row[0]) for row in rows)
