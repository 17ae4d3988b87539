"""The 3x16 move notation: one token per call per player (see the log sheet).

    token := [N] place [ ">" move { move } ]     place := "R" | column letter     move := column [N]

A parsed token is a Token `(written, place, moves)`: `written` is the number written before the place or None,
`place` is ROW or a column index, and `moves` is a tuple of Moves `(column index, written number or None)`.
Parsing is cached: a record repeats the same few tokens many times. Any Latin letter but R names a column:
the game's letters first, then the rest of the alphabet, so a letter beyond the columns of the game (`F`, or
`E` with four columns) reads as a column the rules engine refuses (R9), not as a malformed token.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from string import ascii_uppercase
from typing import NamedTuple

ROW = -1
MAX_DIGITS = 9      # a number written with more digits is refused before int() reads it (Python stops at 4,300)
SHOWN = 24          # longest text echoed whole in a message

class Move(NamedTuple):
    """One move of a token: the column whose bottom tile goes onto a row, and the number written for that tile
    (None: not written)."""

    column: int
    written: int | None


class Token(NamedTuple):
    """A parsed token: the number written (None: not written), where the tile goes (ROW or a column), and each
    move. The rules and the engine unpack it, so a plain tuple of the same shape reads the same."""

    written: int | None
    place: int
    moves: tuple[Move, ...]


class Notation:
    """Token parsing and writing for one set of column letters (the game's, e.g. ABCDE)."""

    def __init__(self, letters: str) -> None:
        self.letters = letters.upper()
        cols = re.escape(extended_letters(self.letters))
        digits = f"[0-9]{{0,{MAX_DIGITS}}}"
        self._token = re.compile(rf"({digits})(R|[{cols}])(?:>((?:[{cols}]{digits})+))?", re.IGNORECASE)
        self._move = re.compile(rf"([{cols}])({digits})", re.IGNORECASE)
        self._index = {letter: i for i, letter in enumerate(extended_letters(self.letters))}
        self.parse = lru_cache(maxsize=8192)(self._parse)

    def _parse(self, text: str) -> Token | None:
        """The parsed token, or None when `text` is not notation. Full-width letters, digits and `＞` (what a
        Japanese input method types) read as their ASCII forms, and an arrow (`->`, `→`, as the travel notation
        writes one) as `>`."""
        if not text.isascii():
            text = unicodedata.normalize("NFKC", text).replace("→", ">")
        if "->" in text:
            text = text.replace("->", ">")
        match = self._token.fullmatch(text)
        if match is None:
            return None
        written, place, moves = match.groups()
        index = self._index
        place_index = ROW if place in "Rr" else index[place.upper()]
        parsed_moves = tuple(
            Move(index[col.upper()], int(num) if num else None) for col, num in self._move.findall(moves or "")
        )
        return Token(int(written) if written else None, place_index, parsed_moves)

    def write(self, place: int, moves: list[int] | tuple[int, ...] = ()) -> str:
        """The canonical token for a place (ROW or column index) and the columns moved from, in order."""
        head = "R" if place == ROW else self.letters[place]
        if not moves:
            return head
        return head + ">" + "".join(self.letters[m] for m in moves)


def extended_letters(letters: str) -> str:
    """Column letters by index: the game's own, then every other Latin capital except R (a row)."""
    letters = letters.upper()
    return letters + "".join(c for c in ascii_uppercase if c not in letters and c != "R")


@lru_cache(maxsize=None)
def notation_for(letters: str) -> Notation:
    """One shared Notation (and token cache) per set of column letters."""
    return Notation(letters)


def letters_span(letters: str) -> str:
    """How people name a run of column letters: `A–E`, or `A` alone."""
    return letters if len(letters) < 2 else f"{letters[0]}–{letters[-1]}"


def shown(text: str) -> str:
    """`text` as a message echoes it: whole when short, else its start and end around an ellipsis."""
    return text if len(text) <= SHOWN else f"{text[:SHOWN - 8]}…{text[-6:]}"
