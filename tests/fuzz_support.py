"""What the fuzz tests share: mutations of shipped files (as a careless editor or an attacker would make them), the
number of examples (`make fuzz` raises it with FUZZ_EXAMPLES), and the promise each outcome must keep.

The promise: nothing but an InputError (or a report) comes out; every diagnostic names a file, and has a line and
column whenever the problem is in a line (only whole-file problems, such as a missing file, may lack one).
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from generator.errors import Diagnostic


#: examples per fuzz test: a quick run in `make test`, a long one in `make fuzz`
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0")) or None
#: whole-file problems (what the file is, not what is in it): the only ones without a line
WHOLE_FILE = {"file", "missing-file", "output", "usage", "language-name"}


def fuzz_settings(quick: int, share: float = 1.0):
    """`quick` examples in `make test`, `share` of FUZZ_EXAMPLES in `make fuzz` (a slow test takes a smaller
    share), with no deadline (conftest.py)."""
    examples = max(quick, int(EXAMPLES * share)) if EXAMPLES else quick
    return settings(max_examples=examples, derandomize=EXAMPLES is None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


def assert_positioned(diagnostics: list[Diagnostic]) -> None:
    """One or more diagnostics, each naming a file, with a line and column unless it is about the whole file."""
    assert diagnostics, "an InputError says what is wrong"
    for diagnostic in diagnostics:
        assert diagnostic.position.path, diagnostic
        assert diagnostic.message.strip(), diagnostic
        if diagnostic.check not in WHOLE_FILE:
            assert diagnostic.position.line >= 1 and diagnostic.position.col >= 1, str(diagnostic)


#: text a person or a fuzzer may type: YAML's marks, quotes, escapes, controls, other scripts, long digits
_PIECES = st.sampled_from([
    ":", ": ", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "!!python/name:os.system", "!!str ", "|", ">", "'", '"',
    "\\", "\\x00", "#", "%YAML 1.1\n", "---\n", "...\n", "\t", "\n", "\r\n", "  ", "~", "null", "nan", ".inf",
    "-1", "0", "1e308", "9" * 5000, "x" * 20000, "한국어", "\u202e", "\ufeff", "\x00", "\x07", "\x85", "\u2028",
    "{word}", "{", "}}", "../..", "/etc/passwd", "a4", "1F4F7", "R", "A>A", "draw", "->", ";", "１", "٣", "²",
    "9" * 4301, "A" * 5000, "R>" + "A" * 3000,
])
_TEXT = st.one_of(st.text(max_size=12), _PIECES, st.lists(_PIECES, max_size=4).map("".join))


@st.composite
def mutated(draw, original: bytes) -> bytes:
    """`original` after one to three edits: lines deleted, repeated, moved, re-indented, cut into with text,
    values replaced (by huge scalars, deep nesting, YAML's tricks), or raw bytes put in."""
    lines = original.split(b"\n")
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, max(len(lines) - 1, 0)))
        kind = draw(st.sampled_from(["delete", "repeat", "move", "indent", "cut", "value", "word", "word", "bytes",
                                     "nest"]))
        if kind == "delete" and lines:
            del lines[k]
        elif kind == "repeat" and lines:
            lines.insert(k, lines[k])
        elif kind == "move" and lines:
            lines.insert(draw(st.integers(0, len(lines) - 1)), lines.pop(k))
        elif kind == "indent" and lines:
            lines[k] = b" " * draw(st.integers(0, 6)) + lines[k].lstrip(b" ")
        elif kind == "cut" and lines:
            line = lines[k]
            i = draw(st.integers(0, len(line)))
            j = draw(st.integers(i, min(len(line), i + 20)))
            lines[k] = line[:i] + draw(_TEXT).encode("utf-8", "surrogatepass") + line[j:]
        elif kind == "value" and lines:
            head, sep, _ = lines[k].partition(b": ")
            lines[k] = head + (sep or b": ") + draw(_TEXT).encode("utf-8", "surrogatepass")
        elif kind == "word" and lines:
            words = lines[k].split(b" ")
            w = draw(st.integers(0, len(words) - 1))
            words[w] = draw(_TEXT).encode("utf-8", "surrogatepass")
            lines[k] = b" ".join(words)
        elif kind == "bytes":
            at = draw(st.integers(0, len(lines)))
            lines.insert(at, draw(st.binary(min_size=1, max_size=16)))
        elif kind == "nest" and lines:
            depth = draw(st.sampled_from([1, 10, 63, 64, 65, 200, 999, 5000]))
            head, _, _ = lines[k].partition(b": ")
            lines[k] = head + b": " + b"[" * depth + b"x" + b"]" * depth
    return b"\n".join(lines)
