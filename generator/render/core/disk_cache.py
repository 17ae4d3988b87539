"""The folder where a build keeps what later builds reuse: parsed fonts and icons' operators (output/.cache).

It is used only while a build prepares its work (`kept_in`), so tests and `pnp lint` never read or write it. Each
user keeps its files in its own subfolder named after the versions of whatever made them, so a new version starts
afresh. Everything goes through the file boundary (generator/files.py) of the output folder: a `.cache` that is a
link, or holds one, is neither read out of the output folder nor written through. A file that cannot be read or
written only costs the time to make its contents again, and what is read is data its user checks before trusting.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator

from ... import files
from ...errors import InputError

_place: tuple[files.Root, PurePosixPath] | None = None


@contextmanager
def kept_in(folder: Path) -> Iterator[None]:
    """Read and keep cached files under `folder` (a folder inside the output folder: `output/.cache`) while the
    block runs."""
    global _place
    folder = Path(folder)
    previous, _place = _place, (files.output(folder.parent), PurePosixPath(folder.name))
    try:
        yield
    finally:
        _place = previous


def folder() -> Path | None:
    """Where files are kept, or None when nothing is kept on disk."""
    return _place[0] / _place[1] if _place is not None else None


def read(name: str, limit: int) -> bytes | None:
    """The kept file `name` (e.g. "fonts/<version>/<file>"), at most `limit` bytes; None when there is none (or
    it cannot be read)."""
    if _place is None:
        return None
    root, base = _place
    try:
        return root.bytes_of(base / name, limit=limit)
    except InputError:
        return None


def write(name: str, data: bytes) -> None:
    """Keep `name` whole, or not at all."""
    if _place is None:
        return
    root, base = _place
    try:
        root.write(base / name, data)
    except InputError:
        pass
