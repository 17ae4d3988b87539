"""One error shape for everything a person can get wrong: where, what was expected, what was found.

Exit codes (documented in the README): 0 ok, 1 invalid input (content, record, file), 2 usage.
"""
from __future__ import annotations

from dataclasses import dataclass, field

EXIT_INVALID = 1
EXIT_USAGE = 2


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

    def as_json(self) -> dict:
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
        return f"{self.position}: {self.severity}: {where}{self.message} [{self.check}]"

    def as_error(self) -> dict:
        """The error object `pnp check` and `pnp lint` both write (generator/checking.schema.json)."""
        return {**self.position.as_json(), "message": self.message, "check": self.check}

    def as_json(self) -> dict:
        """A lint finding: the error object, with its severity and the content key it is about."""
        return {**self.as_error(), "severity": self.severity, "key": self.key_path}


@dataclass
class InputError(Exception):
    """Invalid input: carries one or more diagnostics; the CLI prints them and exits 1."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)

    def __reduce__(self):
        """Pickled whole (a worker process hands its error to the parent with its diagnostics)."""
        return (type(self), (self.diagnostics,))

    @classmethod
    def at(cls, position: Position, message: str, check: str, key_path: str = "") -> "InputError":
        return cls([Diagnostic(position, message, check, key_path=key_path)])
