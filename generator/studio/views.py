"""What a game hands the studio to show, in shapes every game fills the same way (so no page names a game).

A game's spec (generator/games/registry.py) points at its own functions that return these: `steps` (a checked
record turn by turn, as the checker's replay sees it), `table_setup` (a deal for the table) and `caller` (a
caller of numbers). They are plain data, already in the chosen language; the studio's pages only lay them out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a panel: a label (a player, a pile) and its cells (cards, tiles, numbers)."""

    label: str
    cells: tuple[str, ...] = ()
    #: index of a cell to mark (the tile a broken move tried to take), or -1
    marked: int = -1
    note: str = ""


@dataclass(frozen=True, slots=True)
class Panel:
    """A titled group of rows: one player's board, everyone's hands, the piles."""

    title: str
    rows: tuple[Row, ...]
    #: the panel of the player whose turn it is, or who broke the rule
    current: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one turn (or call) of a record: what happened, where it is written, what is on the table.
    `line` is the record's line (1-based) that the step comes from, 0 for the setup."""

    title: str
    line: int
    panels: tuple[Panel, ...]
    #: the step stopped by the broken rule: the table as the checker shows it with the violation
    broken: bool = False


@dataclass(frozen=True, slots=True)
class Walk:
    """A record's steps, the setup first; `complete` is False when the replay stopped at a broken rule."""

    steps: tuple[Step, ...]
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Seat:
    """One player of a dealt setup and what they were dealt, as label and value pairs."""

    name: str
    dealt: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """A setup for the table: each seat's deal, what the table shares (the centre country), who starts and why."""

    seats: tuple[Seat, ...]
    shared: tuple[tuple[str, str], ...]
    first: str
    why: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CallerWords:
    """The caller's words in the chosen language (each a format string of the game's language file)."""

    count: str        # "Call {n} of {total}"
    repeat: str       # "Call {n} of {total}, once more"
    start: str        # before the first call
    end: str          # after the last
    left: str         # heading of the numbers still to come
    last: str         # "Last calls (newest first): {numbers}"


class CallerState(Protocol):
    """A caller's state as the game keeps it: the whole call order, how many are called, a repeat shown."""

    @property
    def order(self) -> tuple[int, ...]: ...

    @property
    def called(self) -> int: ...

    @property
    def repeated(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Caller:
    """A game's caller of numbers: its numbers, how a seed deals them, what calling does, and the record
    skeleton the calls make (the file `pnp check` and the game's solver read)."""

    high: int
    columns: int
    #: (seed, calls made so far) -> the whole call order beginning with those calls
    order: Callable[[int, list[int]], list[int]]
    #: (order, called) -> the state; (state, action) -> the state after "next", "undo" or "repeat"
    start: Callable[[tuple[int, ...], int], Any]
    act: Callable[[Any, str], Any]
    #: (player names, calls, seed) -> the record skeleton's text
    skeleton: Callable[[list[str], list[int], int], str]
    words: CallerWords
    #: the players a new game gets when none are named
    players: tuple[str, ...] = field(default=())
