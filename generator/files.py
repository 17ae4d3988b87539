"""The file boundary: every read and write pnp makes goes through here, and nothing else under `generator/` opens,
reads, writes, lists or deletes a file (tests/test_file_boundary.py holds every other module to that).

Content folders and records are shared between people and unpacked where they build, so whatever they hold is
untrusted. A `Root` is a folder pnp works under (the content folder, the output folder, a folder of package data,
a folder the user names for one command's output); it is resolved once, when made, so a root that is itself a
link is the user's choice. Inside a root:

- Reading takes a regular file only, of bounded size, found without leaving the root: a link is followed only
  while it stays inside. A FIFO, a device, a socket or a folder is refused before a byte is read (it is looked
  at with `lstat` first and opened without blocking), and the file opened must be the one that was looked at.
- Writing is whole or not at all (a temporary file beside the target, then a rename) and never goes through a
  link: the folders between the root and the file are opened one at a time without following links
  (`O_NOFOLLOW`, relative to the folder above), so a link planted anywhere below the root is refused, and the
  target name itself is replaced, never written through. Deleting works the same way.

Every problem is one InputError naming the file (exit 1), in the words a caller passes (`say`), English otherwise.
POSIX only: the walk needs `dir_fd` and `O_NOFOLLOW`, which Linux and macOS have.
"""
from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePath, PurePosixPath
from typing import Callable, Iterator

from .errors import InputError, Position

#: the largest content or record file read (a record of a very long game is well under 1 MB)
MAX_FILE_BYTES = 10 * 1024 * 1024

#: what went wrong reading a file -> the message (English); a caller may pass its own words for the same keys
FILE_MESSAGES = {
    "file_not_found": "file not found",
    "not_regular": "not a regular file",
    "too_large": "larger than {limit} MB; this is not a content or record file",
    "not_utf8": "not UTF-8 text (at byte {byte})",
    "cannot_read": "cannot read the file: {problem}",
    "outside": "a link to a file outside the content folder; content files must be inside it",
}

Say = Callable[..., str]

#: a root is opened following links (the user chose it), a folder inside it never; neither ever blocks
_ROOT_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC | os.O_NONBLOCK
_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK


def english(key: str, **values: object) -> str:
    """The English words for a FILE_MESSAGES key (what every reader says unless given other words)."""
    return FILE_MESSAGES[key].format(**values)


class FileRefused(InputError):
    """A file that is not read: `reason` is its FILE_MESSAGES key ("outside", "not_regular", ...), for a caller that
    says it in words of its own (a font's problems are said at the font's line in print.yaml)."""

    def __init__(self, name: str, reason: str, say: Say = english, **values: object) -> None:
        message = say(reason, **values) if reason in FILE_MESSAGES else reason
        super().__init__(InputError.at(Position(name), message, "file").diagnostics)
        self.reason = reason

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (InputError, (self.diagnostics,))


class FileStat:
    """Size and modification time of a regular file, as a build records its outputs."""

    __slots__ = ("size", "mtime_ns")

    def __init__(self, size: int, mtime_ns: int) -> None:
        self.size, self.mtime_ns = size, mtime_ns

    def as_list(self) -> list[int]:
        return [self.size, self.mtime_ns]


@dataclass(frozen=True, slots=True)
class Root:
    """A folder pnp reads or writes under. `path` is as the user gave it (messages show it); `real` is where it is,
    resolved once. `kind` names it in messages: "content", "output", "package"."""

    path: Path
    real: Path
    kind: str

    @classmethod
    def at(cls, path: Path | str, kind: str) -> Root:
        """The root at `path`, resolved now (a root of its own: for a folder a command names for its output)."""
        return cls(Path(path), Path(os.path.realpath(path)), kind)

    # -- names -------------------------------------------------------------------------------------------------

    def relative(self, target: Path | str | PurePath) -> PurePosixPath:
        """`target` (relative to the root, or a path under `path` or `real`) as a plain relative path: no `..`, no
        absolute part, no NUL. Anything else is outside the root by its very name (InputError)."""
        target = PurePath(target)
        if target.is_absolute():
            for base in (self.path, self.real, Path(os.path.abspath(self.path))):
                if target.is_relative_to(base):
                    target = target.relative_to(base)
                    break
            else:
                raise self._outside(target)
        parts = [part for part in target.parts if part not in ("", ".")]
        if any(part == ".." or "\x00" in part or "/" in part for part in parts):
            raise self._outside(target)
        return PurePosixPath(*parts)

    def display(self, target: Path | str | PurePath) -> str:
        """How a message names a file under the root: `content/common/en.yaml` (the root's own name first)."""
        try:
            rel = self.relative(target)
        except InputError:
            return str(target)
        return PurePosixPath(self.path.name or str(self.path), rel).as_posix() if rel.parts else str(self.path)

    def __truediv__(self, rel: str | PurePath) -> Path:
        """The path of `rel` under the root as the user named it (for messages and for handing to a library that
        takes a checked path, see `checked_file`)."""
        return self.path / self.relative(rel)

    def _outside(self, target: PurePath | str, say: Say = english) -> InputError:
        if self.kind == "content":
            message = say("outside")
        else:
            message = f"outside the {self.kind} folder {self.path}; pnp reads and writes only inside it"
        return InputError.at(Position(str(target)), message, "file")

    # -- reading -----------------------------------------------------------------------------------------------

    def _inside(self, rel: PurePosixPath, name: str, say: Say) -> str:
        """The real path of `rel`, every link resolved, which must stay inside the root."""
        real = os.path.realpath(self.real / rel)
        if not Path(real).is_relative_to(self.real):
            if self.kind == "content":
                raise FileRefused(name, "outside", say)
            raise FileRefused(name, "outside", lambda _key, **_: f"a link out of the {self.kind} folder; pnp reads "
                              "only inside it")
        return real

    def bytes_of(self, target: Path | str | PurePath, display: str | None = None, say: Say = english,
                   limit: int = MAX_FILE_BYTES) -> bytes:
        """A regular file's bytes (at most `limit`), found inside the root; anything else is one InputError."""
        rel = self.relative(target)
        name = display or self.display(rel)
        return _read_regular(self._inside(rel, name, say), name, say, limit, resolved=True)

    def head_of(self, target: Path | str | PurePath, count: int, display: str | None = None,
                  say: Say = english, limit: int = MAX_FILE_BYTES) -> bytes:
        """The first `count` bytes of a file `bytes_of` would read whole (a font's magic number)."""
        rel = self.relative(target)
        name = display or self.display(rel)
        return _read_regular(self._inside(rel, name, say), name, say, limit, resolved=True, head=count)

    def text_of(self, target: Path | str | PurePath, display: str | None = None, say: Say = english,
                  limit: int = MAX_FILE_BYTES) -> str:
        """A UTF-8 text file's contents, bounded as `bytes_of`."""
        rel = self.relative(target)
        name = display or self.display(rel)
        return decode(self.bytes_of(rel, name, say, limit), name, say)

    def is_file(self, target: Path | str | PurePath) -> bool:
        """Whether `target` is a regular file inside the root (a link to one inside counts)."""
        try:
            real = self._inside(self.relative(target), "", english)
            return stat.S_ISREG(os.stat(real).st_mode)
        except (InputError, OSError):
            return False

    def exists(self, target: Path | str | PurePath) -> bool:
        """Whether anything is at `target` (a file, a folder, a FIFO, a link even to nothing)."""
        try:
            return os.path.lexists(self.real / self.relative(target))
        except InputError:
            return False

    def is_link(self, target: Path | str | PurePath) -> bool:
        try:
            return os.path.islink(self.real / self.relative(target))
        except InputError:
            return False

    def names(self, folder: Path | str | PurePath = "", suffix: str = "") -> list[str]:
        """The names in `folder` (inside the root) ending in `suffix`, sorted; [] for a folder that is not there,
        is not a folder, or lies outside the root."""
        try:
            real = self._inside(self.relative(folder), "", english)
            entries = os.listdir(real)
        except (InputError, OSError):
            return []
        return sorted(name for name in entries if name.endswith(suffix))

    def folders(self, folder: Path | str | PurePath = "") -> list[str]:
        """The subfolders of `folder` whose real place is inside the root, sorted."""
        base = self.relative(folder)
        return [name for name in self.names(base) if self.is_folder(base / name)]

    def is_folder(self, target: Path | str | PurePath = "") -> bool:
        """Whether `target` is a folder whose real place is inside the root (the root itself by default)."""
        try:
            return os.path.isdir(self._inside(self.relative(target), "", english))
        except InputError:
            return False

    def checked_file(self, target: Path | str | PurePath, display: str | None = None, say: Say = english,
                     limit: int = MAX_FILE_BYTES) -> Path:
        """The real path of a regular file inside the root of at most `limit` bytes, for a library that insists on
        opening a path itself (matplotlib's font manager); InputError as `bytes_of`."""
        rel = self.relative(target)
        name = display or self.display(rel)
        real = self._inside(rel, name, say)
        info = _lstat(real, name, say)
        _require_regular(info, name, say, limit)
        return Path(real)

    def size(self, target: Path | str | PurePath) -> int | None:
        """The size of a regular file inside the root, None when there is none."""
        try:
            info = os.stat(self._inside(self.relative(target), "", english))
        except (InputError, OSError):
            return None
        return info.st_size if stat.S_ISREG(info.st_mode) else None

    def blocks(self, target: Path | str | PurePath) -> int | None:
        """Bytes a regular file inside the root takes on disk (its blocks, as `du` counts them), None when there is
        none."""
        try:
            info = os.stat(self._inside(self.relative(target), "", english))
        except (InputError, OSError):
            return None
        return info.st_blocks * 512 if stat.S_ISREG(info.st_mode) else None

    def version(self, target: Path | str | PurePath) -> tuple[int, int] | None:
        """(size, modification time in ns) of a regular file inside the root, links inside followed; None when
        there is none. What a cache keys on to notice a changed file."""
        try:
            info = os.stat(self._inside(self.relative(target), "", english))
        except (InputError, OSError):
            return None
        return (info.st_size, info.st_mtime_ns) if stat.S_ISREG(info.st_mode) else None

    # -- writing -----------------------------------------------------------------------------------------------

    def write(self, target: Path | str | PurePath, data: bytes) -> None:
        """Write `target` whole: a temporary file beside it, then a rename. The folders on the way are made as
        needed and never followed through a link."""
        rel = self._file(target)
        with self._folder_fd(rel.parent, create=True) as folder:
            tmp = f".{rel.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666,
                             dir_fd=folder)
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                finally:
                    os.close(fd)
                os.replace(tmp, rel.name, src_dir_fd=folder, dst_dir_fd=folder)
            except OSError as exc:
                raise cannot_write(self / rel, exc) from None
            finally:
                try:
                    os.unlink(tmp, dir_fd=folder)
                except OSError:
                    pass

    def delete(self, target: Path | str | PurePath) -> None:
        """Remove a file (or a link: the link, never what it points at); nothing when it is not there."""
        rel = self._file(target)
        try:
            with self._folder_fd(rel.parent, create=False) as folder:
                info = os.lstat(rel.name, dir_fd=folder)
                if stat.S_ISDIR(info.st_mode):
                    raise InputError.at(Position(str(self / rel)), "cannot delete: a folder, not a file", "output")
                os.unlink(rel.name, dir_fd=folder)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise cannot_write(self / rel, exc) from None

    def make_folder(self, target: Path | str | PurePath = "") -> None:
        """`target` and the folders above it, made as needed, never through a link."""
        with self._folder_fd(self.relative(target), create=True):
            pass

    def output_stat(self, target: Path | str | PurePath) -> FileStat | None:
        """Size and time of a file this root's writer made: a regular file reached without any link; None
        otherwise (missing, a link, a folder)."""
        rel = self._file(target)
        try:
            with self._folder_fd(rel.parent, create=False) as folder:
                info = os.lstat(rel.name, dir_fd=folder)
        except (OSError, InputError):
            return None
        return FileStat(info.st_size, info.st_mtime_ns) if stat.S_ISREG(info.st_mode) else None

    def _file(self, target: Path | str | PurePath) -> PurePosixPath:
        rel = self.relative(target)
        if not rel.parts:
            raise InputError.at(Position(str(self.path)), "not a file name", "output")
        return rel

    def _folder_fd(self, rel: PurePosixPath, create: bool) -> _FolderFd:
        return _FolderFd(self, rel, create)

    def _open_root(self, create: bool) -> int:
        try:
            return os.open(self.real, _ROOT_FLAGS)
        except FileNotFoundError:
            if not create:
                raise
        except OSError as exc:
            raise cannot_write(self.path, exc) from None
        try:
            os.makedirs(self.real, exist_ok=True)
            return os.open(self.real, _ROOT_FLAGS)
        except FileExistsError:
            raise InputError.at(Position(str(self.path)), "cannot write here: not a folder", "output") from None
        except OSError as exc:
            raise cannot_write(self.path, exc) from None


class _FolderFd:
    """The folder `rel` under a root, opened one level at a time without following links (made when `create`);
    a context manager giving its descriptor."""

    def __init__(self, root: Root, rel: PurePosixPath, create: bool) -> None:
        self.root, self.rel, self.create = root, rel, create
        self.fd = -1

    def __enter__(self) -> int:
        root = self.root
        self.fd = root._open_root(self.create)
        walked = PurePosixPath()
        for part in self.rel.parts:
            walked /= part
            try:
                self.fd = _step(self.fd, part, self.create)  # closes the folder above, whatever happens
            except _Link:
                out = not Path(os.path.realpath(root.real / walked)).is_relative_to(root.real)
                raise InputError.at(Position(str(root / walked)), (
                    f"a link out of the {root.kind} folder; pnp writes only inside it" if out else
                    f"a link inside the {root.kind} folder; pnp never writes through a link") + " (remove the link)",
                    "output") from None
            except _NotFolder:
                raise InputError.at(Position(str(root / walked)), "cannot write here: not a folder",
                                    "output") from None
            except OSError as exc:
                if isinstance(exc, FileNotFoundError) and not self.create:
                    raise
                raise cannot_write(root / walked, exc) from None
        return self.fd

    def __exit__(self, *_: object) -> None:
        os.close(self.fd)


class _Link(Exception):
    """A link where a folder was to be walked through."""


class _NotFolder(Exception):
    """Something other than a folder (a file) where a folder was to be walked through."""


def _step(parent: int, name: str, create: bool) -> int:
    """Open folder `name` inside the open folder `parent` (closing `parent`), never following a link."""
    try:
        try:
            return os.open(name, _FOLDER_FLAGS, dir_fd=parent)
        except FileNotFoundError:
            if not create:
                raise
            try:
                os.mkdir(name, dir_fd=parent)
            except FileExistsError:  # a dangling link, or made meanwhile: look again below
                pass
            return os.open(name, _FOLDER_FLAGS, dir_fd=parent)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                raise
            info = os.lstat(name, dir_fd=parent)
            raise (_Link() if stat.S_ISLNK(info.st_mode) else _NotFolder()) from None
    finally:
        os.close(parent)


_ROOTS: dict[tuple[str, str], Root] = {}


def root(path: Path | str, kind: str) -> Root:
    """The root at `path`, resolved the first time this process names it and the same ever after: a link swapped
    while a command runs cannot move a boundary it has drawn."""
    key = (os.path.abspath(path), kind)
    found = _ROOTS.get(key)
    if found is None:
        found = _ROOTS[key] = Root.at(path, kind)
    return found


def content(path: Path | str) -> Root:
    return root(path, "content")


def output(path: Path | str) -> Root:
    return root(path, "output")


def package(path: Path | str) -> Root:
    """A folder of installed package data (icons, fonts, pnp's own sources): trusted code put it there, but it is
    read by the same rules."""
    return root(path, "package")


# -- files named by the user (a record, a chart's folder) --------------------------------------------------------


def bytes_of(path: Path | str, display: str | None = None, say: Say = english,
               limit: int = MAX_FILE_BYTES) -> bytes:
    """A file the user named (a record to check): links are followed, as the user chose the path, but it must be a
    regular file of at most `limit` bytes; never blocks."""
    name = display or str(path)
    return _read_regular(os.fspath(path), name, say, limit)


def text_of(path: Path | str, display: str | None = None, say: Say = english,
              limit: int = MAX_FILE_BYTES) -> str:
    name = display or str(path)
    return decode(bytes_of(path, name, say, limit), name, say)


def write_file(path: Path | str, data: bytes) -> None:
    """Write a file the user named (a chart, a record): its folder is the root, made when missing."""
    path = Path(path)
    output(path.parent).write(path.name, data)


def make_folder(path: Path | str) -> Root:
    """A folder the user named for a command's output, made when missing; the root every file goes into."""
    folder = output(path)
    folder.make_folder()
    return folder


def copy_tree(source: Root, target: Path, skip: Callable[[str], bool]) -> int:
    """Copy every regular file under `source` (links inside it followed, none out of it) into the new folder
    `target`, whole or not at all: into a temporary folder beside it, renamed at the end. Returns the count."""
    target = Path(target)
    if os.path.lexists(target):
        raise InputError.at(Position(str(target)), "already exists", "output")
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    staging = Root.at(partial, "output")
    copied = 0
    try:
        for rel in _walk(source, PurePosixPath(), skip):
            staging.write(rel, source.bytes_of(rel))
            copied += 1
        staging.make_folder()
        os.rename(partial, target)
    except OSError as exc:
        raise cannot_write(target, exc) from None
    finally:
        _remove_tree(partial)
    return copied


@contextmanager
def scratch() -> Iterator[Root]:
    """A new empty folder for one command's own files (a benchmark's records), removed afterwards."""
    import tempfile

    folder = Root.at(tempfile.mkdtemp(prefix="pnp-"), "output")
    try:
        yield folder
    finally:
        _remove_tree(folder.real)


def _walk(root: Root, folder: PurePosixPath, skip: Callable[[str], bool]) -> Iterator[PurePosixPath]:
    for name in root.names(folder):
        if skip(name):
            continue
        rel = folder / name
        if root.is_folder(rel):
            yield from _walk(root, rel, skip)
        elif root.is_file(rel):
            yield rel


def _remove_tree(path: Path) -> None:
    """Remove a temporary folder this module made (never a link: rmtree refuses to follow one)."""
    import shutil

    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)


# -- shared pieces -----------------------------------------------------------------------------------------------


def cannot_write(path: Path | str, exc: OSError) -> InputError:
    """The error for an output that could not be written: the path and the system's reason."""
    return InputError.at(Position(str(path)), f"cannot write here: {exc.strerror or exc}", "output")


def decode(data: bytes, name: str, say: Say = english) -> str:
    """UTF-8 `data` as text; a byte that is not UTF-8 is an InputError at that byte's line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[start:exc.start].decode("utf-8", errors="replace")) + 1
        raise InputError.at(Position(name, line, col), say("not_utf8", byte=exc.start), "file") from None


def _lstat(path: str, name: str, say: Say) -> os.stat_result:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        raise FileRefused(name, "file_not_found", say) from None
    except OSError as exc:
        raise FileRefused(name, "cannot_read", say, problem=exc.strerror) from None


def _require_regular(info: os.stat_result, name: str, say: Say, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(name, "not_regular", say)
    if info.st_size > limit:
        raise FileRefused(name, "too_large", say, limit=max(1, limit // (1024 * 1024)))


def _read_regular(path: str, name: str, say: Say, limit: int, resolved: bool = False,
                  head: int | None = None) -> bytes:
    """The bytes of the regular file at `path` (links followed), at most `limit`: looked at first, then opened
    without blocking, then checked to be the file looked at."""
    try:
        looked = os.stat(path)
    except FileNotFoundError:
        raise FileRefused(name, "file_not_found", say) from None
    except OSError as exc:
        raise FileRefused(name, "cannot_read", say, problem=exc.strerror) from None
    _require_regular(looked, name, say, limit)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        raise FileRefused(name, "cannot_read", say, problem=exc.strerror) from None
    try:
        info = os.fstat(fd)
        if (info.st_dev, info.st_ino) != (looked.st_dev, looked.st_ino) or not _opened_at(fd, path, resolved):
            raise FileRefused(name, "cannot_read", say, problem="it changed while being opened")
        _require_regular(info, name, say, limit)
        if head is not None:
            return os.read(fd, head)
        data = _read_all(fd, info.st_size, limit)
        if len(data) > limit:  # grew while being read
            raise FileRefused(name, "too_large", say, limit=max(1, limit // (1024 * 1024)))
        return data
    except OSError as exc:
        raise FileRefused(name, "cannot_read", say, problem=exc.strerror) from None
    finally:
        os.close(fd)


def _opened_at(fd: int, path: str, resolved: bool) -> bool:
    """Whether the file open as `fd` is at `path`, when `path` is a resolved path inside a root: a folder on the
    way swapped for a link between resolving and opening shows here. Where the system cannot say (no /proc), the
    inode check stands alone."""
    if not resolved:
        return True
    try:
        return os.readlink(f"/proc/self/fd/{fd}") == path
    except OSError:
        return True


def _read_all(fd: int, size: int, limit: int) -> bytes:
    """Up to `limit` + 1 bytes of `fd`, in one call when the file is `size` bytes as fstat said."""
    chunks = [os.read(fd, size + 1)]
    got = len(chunks[0])
    while got > size and got <= limit:  # longer than fstat said (growing, or a file like /proc's)
        chunk = os.read(fd, limit + 1 - got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
