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
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

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


PartT = TypeVar("PartT")
StateT = TypeVar("StateT")


@dataclass(slots=True)
class Violation(Generic[PartT, StateT]):
    """A broken rule, from the moment a game's rules find it to the report that shows it: both games' rules build
    this one record, their replays say where it happened, their reports put it in words.

    `rule` is the id the printed rulebook shows (R13), read from the game's content (the code names a rule, the
    content gives its id); `reason` names the explanation (the `code` a script reads) and `facts` fill it.
    `part` is the piece of the move that broke it, in the game's own terms (a field of a travel action, a move
    of a 3x16 token); `position` is where the record writes it; `number` the 0-based call or turn (None: before
    the first, at setup); `player` who broke it (None: nobody, a call or the setup); `state` the table at that
    moment, in the game's own terms."""

    rule: str
    reason: str
    facts: dict[str, object] = field(default_factory=dict)
    part: PartT | None = None
    position: Position | None = None
    number: int | None = None
    player: str | None = None
    state: StateT | None = None


class RuleBroken(Exception):
    """Carries a Violation out of code that cannot return one (an engine asking a record for a card) to the
    replay that reports it; `at` is where in the record, in the replay's own terms, until it has a Position."""

    def __init__(self, violation: Violation[Any, Any], at: object = None) -> None:
        super().__init__(violation.rule, violation.reason)
        self.violation = violation
        self.at = at


class RuleWords(NamedTuple):
    """A violation in a report's language: the rule's title and text as the rulebook prints them, and why this
    move breaks it."""

    title: str
    text: str
    reason: str


def violation_json(v: Violation[Any, Any], moment: Moment, words: RuleWords, facts: dict[str, object],
                   state: dict[str, object] | None) -> dict[str, object]:
    """The `violation` object of the envelope (generator/checking.schema.json): `facts` and `state` as the game
    shows them to a script (names, not seat numbers or card codes); the 1-based call or turn."""
    return {
        "rule": v.rule,
        "title": words.title,
        "text": words.text,
        "reason": words.reason,
        "code": v.reason,
        "facts": facts,
        "position": v.position.as_json() if v.position is not None else None,
        moment.value: v.number + 1 if v.number is not None else None,
        "player": v.player,
        "state": state,
    }


class Report(ABC):
    """What a game's checker returns: `.ok`, `.to_text()` in the chosen language, `.to_json()` the envelope.

    A game's report implements `violation()` (None for a valid record), `violation_json()` (it for a script),
    `result()` (the game's own result of a valid record, JSON-ready) and `to_text()`; `game`, `path` and
    `language` say what was checked and in which language the words are."""

    game: str
    path: str
    language: str

    @abstractmethod
    def violation(self) -> Violation[Any, Any] | None:
        """The first broken rule, or None."""

    @abstractmethod
    def violation_json(self, v: Violation[Any, Any]) -> dict[str, object]:
        """The envelope's `violation` object (`violation_json` builds it from the game's words and facts)."""

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
            out["violation"] = self.violation_json(broken)
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
