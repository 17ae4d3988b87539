"""Write a 3x16 record as YAML text that `record.load_record` reads back and a person can still edit by hand."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ...content.yamlsrc import NULLS, quoted

PER_LINE = 16
_PLAIN = re.compile(r"\w(?:[\w .'-]*\w)?")


def record_text(players: Sequence[str], calls: Sequence[int], tokens: Mapping[str, Sequence[str]] | None, columns: int,
                comments: Sequence[str] = ()) -> str:
    """The record file; `tokens=None` leaves every player's moves empty (a skeleton to fill in)."""
    lines = [f"# {comment}" for comment in comments]
    lines += ["game: threesixteen", f"columns: {columns}", f"players: [{', '.join(map(_name, players))}]"]
    lines += _folded("calls", [str(number) for number in calls], "")
    lines.append("moves:")
    for player in players:
        if tokens is None:
            lines.append(f'  {_name(player)}: ""')
        else:
            lines += _folded(_name(player), tokens[player], "  ")
    return "\n".join(lines) + "\n"


def _folded(key: str, words: Sequence[str], indent: str) -> list[str]:
    """`key: >-` and the words, sixteen to a line, as on the log sheet."""
    rows = [" ".join(words[i:i + PER_LINE]) for i in range(0, len(words), PER_LINE)]
    return [f"{indent}{key}: >-"] + [f"{indent}  {row}" for row in rows]


def _name(name: str) -> str:
    """A player's name as YAML: plain when that is safe, else a double-quoted (JSON) string."""
    if _PLAIN.fullmatch(name) and name not in NULLS:
        return name
    return quoted(name)
