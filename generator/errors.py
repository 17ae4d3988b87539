"""One error shape for everything a person can get wrong: where, what was expected, what was found.

Exit codes (documented in the README): 0 ok, 1 invalid input (content, record, file), 2 usage.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

EXIT_INVALID = 1
EXIT_USAGE = 2


#: what a terminal would not show as written: the controls but line break and tab (Cc), the format characters (Cf:
#: direction overrides and isolates, zero-width characters, the soft hyphen), line and paragraph separators (Zl,
#: Zp); as ranges, so importing this costs nothing (tests/test_safety_messages.py holds it to Unicode's categories)
UNSHOWN_RANGES = ((0x00, 0x08), (0x0B, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C),
                  (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x180E, 0x180E),
                  (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF),
                  (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x13438),
                  (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F))
_UNSHOWN = re.compile("[" + "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in UNSHOWN_RANGES) + "]")


def visible(text: str) -> str:
    """`text` with every character a terminal would not show as written replaced by its escape (`\\u202e`), so
    what a person reads is what was checked: every message pnp prints goes through here."""
    return _UNSHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _UNSHOWN.search(text) else text


def character_name(ch: str) -> str:
    """`U+202E RIGHT-TO-LEFT OVERRIDE`: a character named for a message (its code alone when it has no name)."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


class PositionJson(TypedDict):
    """A position in JSON (generator/checking.schema.json)."""

    path: str
    line: int
    col: int


class ErrorJson(PositionJson):
    """An error in JSON: where, what, which check (`pnp check` and `pnp lint` alike)."""

    message: str
    check: str


class FindingJson(ErrorJson):
    """A lint finding in JSON: an error with its severity and the content key it is about."""

    severity: str
    key: str


@dataclass(frozen=True, order=True)
class Position:
    """A 1-based line and column in a file, as editors show them."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path

    def as_json(self) -> PositionJson:
        return {"path": self.path, "line": self.line, "col": self.col}


@dataclass(frozen=True)
class Diagnostic:
    """One finding: `path:line:col: error|warning: message [check-id]`."""

    position: Position
    message: str
    check: str
    severity: str = "error"
    key_path: str = ""

    def __str__(self) -> str:
        where = f"{self.key_path}: " if self.key_path else ""
        return visible(f"{self.position}: {self.severity}: {where}{self.message} [{self.check}]")

    def as_error(self) -> ErrorJson:
        """The error object `pnp check` and `pnp lint` both write (generator/checking.schema.json)."""
        return {**self.position.as_json(), "message": self.message, "check": self.check}

    def as_json(self) -> FindingJson:
        """A lint finding: the error object, with its severity and the content key it is about."""
        return {**self.as_error(), "severity": self.severity, "key": self.key_path}


@dataclass
class InputError(Exception):
    """Invalid input: carries one or more diagnostics; the CLI prints them and exits 1."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Diagnostic]]]:
        """Pickled whole (a worker process hands its error to the parent with its diagnostics)."""
        return (type(self), (self.diagnostics,))

    @classmethod
    def at(cls, position: Position, message: str, check: str, key_path: str = "") -> "InputError":
        return cls([Diagnostic(position, message, check, key_path=key_path)])
