"""Write a simulated game as a record file, word for word in the order the checker reads it back.

The simulator's oracle and table call these methods as the game happens: a clause for each announced move,
then every drawn card, discard, reshuffle and event part as the rules produce them.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...content.yamlsrc import quoted
from .cards import EXTENSIONS, Tables
from .state import Setup


class _Frame:
    """Where words go now: a clause's words (top level) or one player's part of an event."""

    __slots__ = ("tokens", "bare", "pending", "entries", "parent")

    def __init__(self, tokens: list[str], bare: bool, parent: "_Frame | None" = None):
        self.tokens = tokens
        self.bare = bare
        self.pending = False
        self.entries: list[list[str]] = []
        self.parent = parent


class Recorder:
    """Builds the record text of one game."""

    def __init__(self, t: Tables, setup: Setup):
        self.t = t
        self.setup = setup
        self.lines: list[str] = []
        self.clauses: list[list[str]] = []
        self.frame: _Frame | None = None
        self.player = -1

    def name(self, c: int) -> str:
        return self.t.ids[c]

    def names(self, cards: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.t.ids[c] for c in cards)

    # -- words as the game happens ---------------------------------------------------------------------------

    @property
    def current(self) -> _Frame:
        """Where words go now (a clause or an event has begun)."""
        assert self.frame is not None
        return self.frame

    def _emit(self, word: str) -> None:
        frame = self.current
        if frame.pending:
            frame.tokens.append("reshuffle")
            frame.pending = False
        frame.tokens.append(word)

    def begin_turn(self, p: int) -> None:
        self.player = p
        self.clauses = []
        self.frame = None

    def clause(self, words: Sequence[str], bare: bool = False) -> None:
        self._flush()
        self.clauses.append(list(words))
        self.frame = _Frame(self.clauses[-1], bare)

    def extend(self, words: Sequence[str]) -> None:
        for word in words:
            self._emit(word)

    def reaction(self, p: int, c: int) -> None:
        self.clause((self.setup.names[p], self.name(c)))

    def drawn(self, c: int) -> None:
        self._emit(self.name(c) if self.current.bare else "+" + self.name(c))

    def reshuffle(self) -> None:
        self.current.pending = True

    def limit_discard(self, c: int) -> None:
        self._emit("-" + self.name(c))

    def cards(self, cards: Sequence[int]) -> None:
        for c in cards:
            self._emit(self.name(c))

    def open_event(self, c: int) -> None:
        self.frame = _Frame([], True, self.frame)

    def entry(self, p: int) -> None:
        event = self.current
        if event.pending:
            event.tokens.append("reshuffle")
            event.pending = False
        event.entries.append([self.setup.names[p]])
        event.tokens = event.entries[-1]

    def back_to_entry(self, p: int) -> None:
        """What follows belongs to `p`'s entry of the event again (their discards after a pass-cards event)."""
        event = self.current
        name = self.setup.names[p]
        event.tokens = next(entry for entry in event.entries if entry[0] == name)

    def close_event(self) -> None:
        event = self.current
        if event.pending:
            event.tokens.append("reshuffle")
        parent = event.parent
        assert parent is not None  # (an event is opened inside a clause)
        parent.tokens[-1] += "[" + ", ".join(" ".join(entry) for entry in event.entries) + "]"
        self.frame = parent

    def _flush(self) -> None:
        if self.frame is not None and self.frame.pending:
            self.frame.tokens.append("reshuffle")
            self.frame.pending = False

    def end_turn(self) -> None:
        while self.frame is not None and self.frame.parent is not None:
            self.close_event()  # the game ended inside an event: it stops there
        self._flush()
        if self.clauses:
            body = "; ".join(" ".join(words) for words in self.clauses)
            line = f"{self.setup.names[self.player]}: {body}"
            self.lines.append(f"  - {quoted(line)}")
        self.clauses = []
        self.frame = None

    # -- the file ------------------------------------------------------------------------------------------

    def text(self) -> str:
        t = self.t
        s = self.setup
        out = ["game: travel", "players:"]
        for p, name in enumerate(s.names):
            fields = [f"name: {name}", f"passport: {t.ids[s.passports[p]]}", f"transit: {t.side_codes[s.transits[p]]}"]
            if s.characters[p] >= 0:
                fields.append(f"character: {t.character_ids[s.characters[p]]}")
            fields.append(f"hand: {' '.join(t.ids[c] for c in s.hands[p])}")
            out.append("  - {" + ", ".join(fields) + "}")
        out.append(f"centre: {t.side_codes[s.centre]}")
        if s.first >= 0:
            out.append(f"first: {s.names[s.first]}")
        chosen = [e for e in EXTENSIONS if e in s.extensions]
        out.append(f"extensions: [{', '.join(chosen)}]" if chosen else "extensions: none")
        out.append("turns:")
        out.extend(self.lines)
        return "\n".join(out) + "\n"

