"""The 3x16 move notation: one token per call per player (see the log sheet).

    token := [N] place [ ">" move { move } ]     place := "R" | column letter     move := column [N]

A parsed token is a plain tuple `(written, place, moves)`: `written` is the number written before the place
or None, `place` is ROW or a column index, and `moves` is a tuple of `(column index, written number or None)`.
Parsing is cached: a record repeats the same few tokens many times.
"""
from __future__ import annotations

import re
from functools import lru_cache

ROW = -1

Token = tuple  # (written: int | None, place: int, moves: tuple[tuple[int, int | None], ...])


class Notation:
    """Token parsing and writing for one set of column letters (the game's, e.g. ABCDE)."""

    def __init__(self, letters: str) -> None:
        self.letters = letters.upper()
        cols = re.escape(self.letters)
        self._token = re.compile(rf"([0-9]*)(R|[{cols}])(?:>((?:[{cols}][0-9]*)+))?", re.IGNORECASE)
        self._move = re.compile(rf"([{cols}])([0-9]*)", re.IGNORECASE)
        self._index = {letter: i for i, letter in enumerate(self.letters)}
        self.parse = lru_cache(maxsize=8192)(self._parse)

    def _parse(self, text: str) -> Token | None:
        """The parsed token, or None when `text` is not notation."""
        match = self._token.fullmatch(text)
        if match is None:
            return None
        written, place, moves = match.groups()
        index = self._index
        place_index = ROW if place in "Rr" else index[place.upper()]
        parsed_moves = tuple(
            (index[col.upper()], int(num) if num else None) for col, num in self._move.findall(moves or "")
        )
        return (int(written) if written else None, place_index, parsed_moves)

    def write(self, place: int, moves: list[int] | tuple[int, ...] = ()) -> str:
        """The canonical token for a place (ROW or column index) and the columns moved from, in order."""
        head = "R" if place == ROW else self.letters[place]
        if not moves:
            return head
        return head + ">" + "".join(self.letters[m] for m in moves)


@lru_cache(maxsize=None)
def notation_for(letters: str) -> Notation:
    """One shared Notation (and token cache) per set of column letters."""
    return Notation(letters)


def letters_span(letters: str) -> str:
    """How people name a run of column letters: `A–E`, or `A` alone."""
    return letters if len(letters) < 2 else f"{letters[0]}–{letters[-1]}"
