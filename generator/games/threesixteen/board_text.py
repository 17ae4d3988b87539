"""A player's board drawn as text for a checker message: rows left to right, columns side by side downward."""
from __future__ import annotations

from ...content.texts import Texts
from .engine import Board, Rules


def board_lines(board: Board, rules: Rules, texts: Texts, indent: str = "  ") -> list[str]:
    """Rows first (each row is 1..its end), then the columns with their bottom tile lowest, as on the table."""
    empty = texts.get("check.empty_row")
    lines = []
    for n, end in enumerate(board.ends, 1):
        tiles = " ".join(map(str, range(1, end + 1))) if end else empty
        lines.append(f"{indent}{texts.get('board.row', n=n)}: {tiles}")
    lines.append(indent + texts.get("check.columns_header"))
    width = max(2, len(str(rules.high)))
    columns = board.columns
    lines.append(indent + "  " + " ".join(letter.rjust(width) for letter in rules.column_letters))
    depth = max(1, max(map(len, columns), default=0))
    for level in range(depth):
        cells = [str(c[level]) if level < len(c) else (empty if level == 0 else "") for c in columns]
        lines.append((indent + "  " + " ".join(cell.rjust(width) for cell in cells)).rstrip())
    return lines


def board_json(board: Board, rules: Rules) -> dict:
    """Rows as their tiles, columns by letter from top to bottom (the last is the bottom tile)."""
    return {
        "rows": [list(range(1, end + 1)) for end in board.ends],
        "columns": {letter: list(column) for letter, column in zip(rules.column_letters, board.columns)},
    }
