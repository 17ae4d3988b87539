"""The folder where a build keeps what later builds reuse: parsed fonts and icons' operators (output/.cache).

It is used only while a build prepares its work (`kept_in`), so tests and `pnp lint` never read or write it. Each
user keeps its files in its own subfolder named after the versions of whatever made them, so a new version starts
afresh. Files are written whole (a temporary file, then a rename); a file that cannot be read or written only costs
the time to make its contents again.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

_root: Path | None = None


@contextmanager
def kept_in(root: Path) -> Iterator[None]:
    """Read and keep cached files under `root` while the block runs."""
    global _root
    previous, _root = _root, root
    try:
        yield
    finally:
        _root = previous


def folder(kind: str) -> Path | None:
    """The subfolder for `kind` (e.g. "fonts"), or None when nothing is kept on disk."""
    return _root / kind if _root is not None else None


def write(path: Path, data: bytes) -> None:
    """Write `path` whole, or not at all."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:  # no such folder can be made (a file stands where one goes): nothing was written
            pass
