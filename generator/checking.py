"""One dialect for every game's checker: the broken rule, the report and the JSON a script reads.

A script that reads `pnp check --format json` never branches on the game to find out whether a record is valid,
which rule it breaks or where: every game answers with the same envelope (generator/checking.schema.json).

    valid      {"game", "path", "valid": true,  "language", "result": {...the game's own result...}}
    invalid    {"game", "path", "valid": false, "language", "violation": {"rule", "title", "text", "reason",
                "code", "facts", "position": {"path", "line", "col"}, "call" | "turn", "player", "state"}}
    malformed  {"game", "path", "valid": false, "errors": [{"path", "line", "col", "message", "check"}]}

A game's checker is its `check.py` module's `check_file(path, content, lang, **options) -> Report`, where the
options are the game's own (3x16's solver budget); malformed input raises InputError, which `error_envelope` turns
into the third shape. Each game says the words in its own `report.py`.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from .content.matching import closest
from .errors import InputError, Position

if TYPE_CHECKING:
    from .content.texts import Texts

#: the JSON Schema every envelope (and `pnp lint --format json`) validates against
SCHEMA_PATH = Path(__file__).with_name("checking.schema.json")


class Moment(str, Enum):
    """What a game counts its record in: 3x16 in calls, travel in turns."""

    call = "call"
    turn = "turn"


@dataclass(frozen=True, slots=True)
class Violation:
    """The first broken rule of a record, in words a person reads and in facts a script reads.

    `rule` is the id the printed rulebook shows; `title` and `text` are the rule as it prints them, and `reason`
    says why this move breaks it, all in the report's language. `code` names the reason for scripts, and
    `facts` fill it. `number` is the 1-based call or turn (`moment` says which; None: before the first, at
    setup). `state` is the table at that moment, as the game shows it."""

    rule: str
    title: str
    text: str
    reason: str
    code: str
    position: Position
    moment: Moment
    number: int | None
    player: str | None
    facts: dict[str, object] = field(default_factory=dict)
    state: dict[str, object] | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "title": self.title,
            "text": self.text,
            "reason": self.reason,
            "code": self.code,
            "facts": self.facts,
            "position": self.position.as_json(),
            self.moment.value: self.number,
            "player": self.player,
            "state": self.state,
        }


class Report(ABC):
    """What a game's checker returns: `.ok`, `.to_text()` in the chosen language, `.to_json()` the envelope.

    A game's report implements `violation()` (None for a valid record), `result()` (the game's own result of a
    valid record, JSON-ready) and `to_text()`; `game`, `path` and `language` say what was checked and in which
    language the words are."""

    game: str
    path: str
    language: str

    @abstractmethod
    def violation(self) -> Violation | None:
        """The first broken rule, or None."""

    @abstractmethod
    def result(self) -> dict[str, object]:
        """A valid record's result, JSON-ready."""

    @abstractmethod
    def to_text(self) -> str:
        """The report as a person reads it."""

    @property
    def ok(self) -> bool:
        return self.violation() is None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"game": self.game, "path": self.path, "valid": True, "language": self.language}
        broken = self.violation()
        if broken is not None:
            out["valid"] = False
            out["violation"] = broken.to_json()
        else:
            out["result"] = self.result()
        return out


def error_envelope(game: str | None, path: str, exc: InputError) -> dict[str, object]:
    """The envelope of a record that could not be read (`game` None: the record does not say a known game)."""
    return {"game": game, "path": path, "valid": False, "errors": [d.as_error() for d in exc.diagnostics]}


def did_you_mean(texts: Texts, message: str, written: str, names: Iterable[str]) -> str:
    """`message` with "did you mean …?" in the texts' language when one of `names` is close to `written`."""
    near = closest(written, names)
    return texts.get("checking.did_you_mean", message=message, name=near) if near else message
