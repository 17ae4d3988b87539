"""Fuzzing the file boundary (generator/files.py): random trees of files, folders, FIFOs, devices and links (inside,
out of the root, dangling, looping), random names to read, write and delete (`..`, absolute, Unicode, NUL), YAML
with anchors and aliases, and names with characters that do not show. Whatever the tree and the name: a read gives
the bytes of a regular file inside the root or one InputError, never blocks; a write or a delete changes nothing
outside the root; nothing else escapes."""
from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator import files
from generator.content.matching import HIDDEN_CATEGORIES, hidden_at
from generator.content.yamlsrc import parse_yaml
from generator.errors import InputError, visible

from fuzz_support import assert_positioned, fuzz_settings

_NAMES = st.sampled_from(["a", "b.yaml", "c", "한글.yaml", "e\u0301", "..", ".", "", "x/y", "/abs", "nul\x00",
                          "\u202e.yaml", "deep/er/still.yaml", "a/../b.yaml", "../outside/secret", "link", "pipe"])
_KINDS = st.sampled_from(["file", "folder", "fifo", "link-in", "link-out", "link-up", "link-dangling", "link-loop",
                          "link-dev", "link-abs-in"])


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry under `folder` (links not followed): its type and, for a regular file, its bytes."""
    out = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
        out[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), data)
    return out


def _make(root: Path, outside: Path, rel: str, kind: str) -> None:
    """Put an entry of `kind` at `rel` under `root` (where its name allows one)."""
    path = root / rel
    if not rel or "\x00" in rel or rel.startswith("/") or ".." in Path(rel).parts or path.exists() \
            or path.is_symlink():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "file":
            path.write_bytes(b"inside:" + rel.encode())
        elif kind == "folder":
            path.mkdir()
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "link-in":
            path.symlink_to(root / "a")
        elif kind == "link-abs-in":
            path.symlink_to(root / "b.yaml")
        elif kind == "link-out":
            path.symlink_to(outside / "secret")
        elif kind == "link-up":
            path.symlink_to("../" * (len(Path(rel).parts)) + "outside/secret")
        elif kind == "link-dangling":
            path.symlink_to(root / "nothing-here")
        elif kind == "link-loop":
            path.symlink_to(path.name)
        elif kind == "link-dev":
            path.symlink_to("/dev/zero")
    except OSError:
        pass  # a file stands where a folder was wanted: that tree simply lacks this entry


@st.composite
def trees(draw) -> list[tuple[str, str]]:
    return draw(st.lists(st.tuples(_NAMES, _KINDS), max_size=8))


def _fresh(tmp_path: Path, n: int) -> tuple[Path, Path]:
    base = tmp_path / f"case-{n}"
    root, outside = base / "root", base / "outside"
    root.mkdir(parents=True)
    outside.mkdir()
    (outside / "secret").write_bytes(b"secret")
    return root, outside


_cases = iter(range(10**9))


@fuzz_settings(quick=60)
@given(tree=trees(), target=_NAMES, data=st.binary(max_size=64))
def test_reading_writing_and_deleting_never_leave_the_root(tmp_path_factory, tree, target, data):
    root, outside = _fresh(tmp_path_factory.getbasetemp(), next(_cases))
    for rel, kind in tree:
        _make(root, outside, rel, kind)
    before = _snapshot(outside)
    folder = files.Root.at(root, "content")
    try:
        got = folder.bytes_of(target)
    except InputError as exc:
        assert_positioned(exc.diagnostics)
    else:
        real = Path(os.path.realpath(root / target))
        assert real.is_relative_to(root.resolve()) and stat.S_ISREG(real.stat().st_mode) and got == real.read_bytes()
    output = files.Root.at(root, "output")
    for act in (lambda: output.write(target, data), lambda: output.delete(target), lambda: output.make_folder(target)):
        try:
            act()
        except InputError as exc:
            assert_positioned(exc.diagnostics)
    assert _snapshot(outside) == before, "nothing outside the root is written or deleted"


@fuzz_settings(quick=40)
@given(name=st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
       | st.lists(st.sampled_from(["Mina", "\u202e", "\u200b", "\u2066", "\x1b[31m", "\ufeff", "e\u0301", "한",
                                   "\u2028", "\x00", " ", "\t"]), max_size=5).map("".join))
def test_a_hidden_character_is_found_and_never_shown_raw(name: str):
    at = hidden_at(name)
    hidden = [i for i, ch in enumerate(name) if unicodedata.category(ch) in HIDDEN_CATEGORIES]
    assert at == (hidden[0] if hidden else None)
    shown = visible(name)
    assert all(unicodedata.category(ch) not in {"Cf", "Zl", "Zp"} for ch in shown)
    assert all(ch in "\t\n" or unicodedata.category(ch) != "Cc" for ch in shown)


_YAML_PIECES = st.sampled_from(["a: ", "- ", "&x ", "&y ", "*x", "*y", "[", "]", "{", "}", ", ", "\n", "  ", "b",
                                "'q'", "<<: *x", "!!str ", "--- ", "...\n", "key: &x [1, 2]\n", "ref: *x\n"])


@fuzz_settings(quick=80)
@given(text=st.lists(_YAML_PIECES, max_size=30).map("".join))
def test_yaml_with_anchors_and_aliases_is_read_or_refused_at_a_position(text: str):
    try:
        parse_yaml(text, "fuzz.yaml")
    except InputError as exc:
        assert_positioned(exc.diagnostics)
    else:
        assert not any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text)), "an alias is refused"
