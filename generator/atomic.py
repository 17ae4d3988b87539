"""Writing files whole or not at all, for every command that writes (builds, records, charts, schemas).

A target that cannot be written (a folder that cannot be made, no permission, a full disk) is one InputError
naming it (exit 1), never a traceback.
"""
from __future__ import annotations

import os
from pathlib import Path

from .errors import InputError, Position


def cannot_write(path: Path, exc: OSError) -> InputError:
    """The error for an output that could not be written: the path and the system's reason."""
    return InputError.at(Position(str(path)), f"cannot write here: {exc.strerror or exc}", "output")


def make_folder(path: Path) -> None:
    """`path` and its parents as folders (exist_ok), or an InputError naming it."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file (or a dangling link) where the folder goes
        raise InputError.at(Position(str(path)), "cannot write here: not a folder", "output") from None
    except OSError as exc:
        raise cannot_write(Path(path), exc) from None


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename: a reader never sees half a file."""
    path = Path(path)
    make_folder(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
