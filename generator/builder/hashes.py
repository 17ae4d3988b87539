"""The SHA-256 of the files a build's digests read (fonts, icons, the drawing code's source), kept between builds.

Deciding that nothing needs building reads every input: the fonts alone are 20 MB. A file whose size and
modification time (in ns) are what they were when an earlier build hashed it is taken to have the same bytes, as
make, git and the manifest's own check of the outputs do; its hash is then read from `output/.cache/hashes.json`
instead of the file. Only files whose modification time was at least `SETTLED_NS` before the build began are kept,
so a file edited twice within one tick of a coarse file-system clock is hashed again.

The cache file is untrusted data like everything in the output folder: plain JSON, read bounded, and an entry of
the wrong shape is ignored. At worst a doctored one makes a build believe an input unchanged, which a doctored
manifest can too.
"""
from __future__ import annotations

import hashlib
import json
import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .. import files
from ..errors import InputError
from ..render.core import disk_cache

#: under the output folder: what later builds reuse (parsed fonts, icons' operators, these hashes); `make clean`
#: leaves it
CACHE = ".cache"
KEPT = "hashes.json"
FORMAT = 1
#: the largest hash file read (a build's inputs take some 15 kB)
MAX_BYTES = 4 * 1024 * 1024
#: the largest file a digest reads: a font file (content/font_files.py's limit)
FONT_BYTES = 64 * 1024 * 1024
#: a file modified less than this before the build began may change again unseen within one clock tick
SETTLED_NS = 2_000_000_000
_HEX = re.compile(r"[0-9a-f]{64}")

#: (real path, size, modification time) -> SHA-256 of a file hashed before, in this process or a kept build's
_HASHED: dict[tuple[str, int, int], bytes] = {}
#: the entries looked up or made since the build began: what `kept_in` writes back
_USED: dict[tuple[str, int, int], bytes] = {}


def file_sha(root: files.Root, rel: str) -> bytes:
    """The SHA-256 of a file (read through the file boundary), or of its refusal: the job says what is wrong."""
    version = root.version(rel)
    key = (str(root.real / rel), *version) if version is not None else None
    if key is not None and key in _HASHED:
        _USED[key] = _HASHED[key]
        return _HASHED[key]
    try:
        found = hashlib.sha256(root.bytes_of(rel, limit=FONT_BYTES)).digest()
    except InputError as exc:
        return exc.diagnostics[0].message.encode()
    if key is not None:
        _HASHED[key] = _USED[key] = found
    return found


@contextmanager
def kept_in(out_dir: Path) -> Iterator[None]:
    """Hash with what `out_dir`'s cache remembers, and remember what was hashed (when anything new was)."""
    began = time.time_ns()
    with disk_cache.kept_in(Path(out_dir) / CACHE):
        known = _read()
        for key, sha in known.items():
            _HASHED.setdefault(key, sha)
        _USED.clear()
        yield
        used = {path for path, _, _ in _USED}
        kept = {key: sha for key, sha in known.items() if key[0] not in used}  # not read by this build
        kept.update((key, sha) for key, sha in _USED.items() if key[2] <= began - SETTLED_NS)
        if kept.keys() != known.keys():
            _write(kept)


def _read() -> dict[tuple[str, int, int], bytes]:
    data = disk_cache.read(KEPT, MAX_BYTES)
    try:
        kept = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):
        return {}
    entries = kept.get("files") if isinstance(kept, dict) and kept.get("format") == FORMAT else None
    if not isinstance(entries, dict):
        return {}
    return {(path, entry[0], entry[1]): bytes.fromhex(entry[2]) for path, entry in entries.items()
            if isinstance(entry, list) and len(entry) == 3 and all(type(n) is int for n in entry[:2])
            and isinstance(entry[2], str) and _HEX.fullmatch(entry[2])}


def _write(entries: dict[tuple[str, int, int], bytes]) -> None:
    listed = {path: [size, mtime, sha.hex()] for (path, size, mtime), sha in sorted(entries.items())}
    disk_cache.write(KEPT, json.dumps({"format": FORMAT, "files": listed}, indent=0).encode("utf-8"))
