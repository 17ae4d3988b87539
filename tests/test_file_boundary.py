"""One module owns file access (generator/files.py): no other module under generator/ opens, reads, writes, lists or
deletes a file itself, nor imports what could (pickle and its kin run code from data; tempfile and shutil make and
remove files outside the boundary). Read from the source, as the import-graph tests are."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"
OWNER = PACKAGE / "files.py"

#: modules no code of ours may import: they run code from data, or touch files past the boundary
FORBIDDEN_IMPORTS = {"pickle", "cPickle", "marshal", "shelve", "dbm", "tempfile", "shutil", "glob", "fileinput"}
#: os functions that touch the file system by path
FORBIDDEN_OS = {"open", "remove", "unlink", "rename", "renames", "replace", "mkdir", "makedirs", "rmdir",
                "removedirs", "listdir", "scandir", "walk", "fwalk", "stat", "lstat", "chmod", "chown", "symlink",
                "link", "truncate", "mkfifo", "mknod", "utime", "readlink", "access"}
#: methods of pathlib.Path (and file objects) that touch the file system
FORBIDDEN_METHODS = {"read_bytes", "read_text", "write_bytes", "write_text", "open", "unlink", "mkdir", "rmdir",
                     "touch", "iterdir", "glob", "rglob", "stat", "lstat", "symlink_to", "hardlink_to", "chmod",
                     "readlink", "samefile"}
#: calls that write to their first argument when it is a file name: they must be given a buffer (a name bound to
#: `io.BytesIO()` in the module, or the call itself)
SINKS = {"Canvas", "PdfCanvas", "save", "savefig"}
#: receivers whose `.open` is not a file's: the browser, a URL
NOT_FILES = {"webbrowser"}
#: the one exception, with its reason: what the build's digest reads is the installed distributions' metadata
#: folder names on sys.path (never a content or output folder)
ALLOWED = {("builder/plan.py", "os.listdir")}


def touches(path: Path) -> list[str]:
    """`line: what` for each file access or forbidden import in the module at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    buffers = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and _is_buffer(node.value)
               for target in node.targets if isinstance(target, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if a.name.split(".")[0] in FORBIDDEN_IMPORTS]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in FORBIDDEN_IMPORTS:
                found.append(f"{node.lineno}: from {node.module} import")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open":
                found.append(f"{node.lineno}: open")
            elif isinstance(func, ast.Attribute):
                owner = func.value.id if isinstance(func.value, ast.Name) else ""
                if owner == "os" and func.attr in FORBIDDEN_OS or owner == "io" and func.attr == "open":
                    found.append(f"{node.lineno}: {owner}.{func.attr}")
                elif func.attr in FORBIDDEN_METHODS and owner not in NOT_FILES and owner != "os":
                    found.append(f"{node.lineno}: .{func.attr}")
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in SINKS and node.args and not (_is_buffer(node.args[0]) or isinstance(node.args[0], ast.Name)
                                                    and node.args[0].id in buffers):
                found.append(f"{node.lineno}: {name} into a file")
    return found


def _is_buffer(node: ast.expr) -> bool:
    """`io.BytesIO(...)` or `BytesIO(...)`."""
    return isinstance(node, ast.Call) and (isinstance(node.func, ast.Attribute) and node.func.attr == "BytesIO"
                                           or isinstance(node.func, ast.Name) and node.func.id == "BytesIO")


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p != OWNER)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_but_the_boundary_touches_a_file(path: Path):
    rel = path.relative_to(PACKAGE).as_posix()
    found = [what for what in touches(path) if (rel, what.partition(": ")[2]) not in ALLOWED]
    assert found == [], f"{rel} touches files itself; go through generator/files.py"


def test_the_check_sees_what_it_must(tmp_path: Path):
    """The check itself: each kind of access it looks for is found in a sample, and the boundary has them all."""
    sample = tmp_path / "sample.py"
    sample.write_text("import os, pickle\nfrom shutil import copy\nopen('x')\nos.unlink('x')\n"
                      "p.read_bytes()\np.glob('*')\nwebbrowser.open('http://x')\nbuffer = io.BytesIO()\n"
                      "figure.savefig(buffer)\nfigure.savefig('chart.png')\nCanvas(io.BytesIO())\nCanvas(path)\n",
                      encoding="utf-8")
    assert touches(sample) == ["1: import pickle", "2: from shutil import", "3: open", "4: os.unlink",
                               "5: .read_bytes", "6: .glob", "10: savefig into a file", "12: Canvas into a file"]
    assert touches(OWNER), "the boundary module itself does the file access"
