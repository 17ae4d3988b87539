"""A record file as a small tree of values with their positions: read directly when the file has the common
shape, taken from libyaml's nodes otherwise.

Why: libyaml builds a node, two marks and a resolver call for every value and every turn line; for a record of
forty turns that was a third of a whole check. Records written by the simulator, and most written by hand, have
one shape, in which every value means exactly the characters written:

    game: travel
    players:
      - {name: Mina, passport: passport-kr, transit: FR, character: smuggler, hand: camera map coat}
    centre: JP
    extensions: [events, special]
    turns:
      - "Mina: draw umbrella"

Header values are words of letters, digits, `_`, `.` and `-` separated by single spaces (nothing for YAML to
interpret), or flow lists and mappings of them spaced as above; the turns are double-quoted lines without
escapes at one indentation, ending the file. `read_tree` reads exactly that itself and gives anything else
(comments, blank lines, quotes or other punctuation in the header, escapes, tabs, keys after the turns, no final
newline) to libyaml; either way the tree is the same.
"""
from __future__ import annotations

import re

import yaml

from ...content.yamlsrc import MAX_VALUES, NULLS, events
from ...errors import InputError, Position

SCALAR, SEQUENCE, MAPPING, LINES = range(4)
KIND, DATA, LINE, COL, NULL = range(5)

#: One value: a plain tuple (kind, data, line, col, null), read with the indices above. `data` is a scalar's
#: text, a sequence's values or a mapping's (key, value) pairs; `line` and `col` (0-based) are where it starts;
#: `null` says whether it is YAML's null (a plain empty value, `~` or `null`). LINES is a sequence of one-line
#: scalars written one per line, as the quick reader finds the turns: `data` holds their texts, the first on
#: line `line`, each at column `col`. Tuples, and LINES, because the quick reader makes a value for every word
#: of the header and an object cost as much as reading the word.
Value = tuple


def read_tree(text: str, path: str) -> Value | None:
    """The record's tree (None for an empty document); malformed YAML is one positioned InputError."""
    quick = quick_tree(text)
    if quick is not None and _values(quick) <= MAX_VALUES:
        return quick
    return from_events(text, path)  # also for a quick tree of too many values: refused there, at the first too many


def _values(tree: Value) -> int:
    """How many values libyaml would count in `tree` (a LINES value is one sequence of one-line texts)."""
    kind, data = tree[KIND], tree[DATA]
    if kind == SCALAR:
        return 1
    if kind == LINES:
        return 1 + len(data)
    items = [part for pair in data for part in pair] if kind == MAPPING else data
    return 1 + sum(_values(item) for item in items)


def from_events(text: str, path: str) -> Value | None:
    """The tree built from libyaml's events as they come (libyaml's own node tree, with two marks per value,
    took ten times the file's size in memory at once). `events` refuses an alias, nesting too deep and too many
    values at their position; a second document is refused here."""
    stack: list[list] = []  # the lists and mappings still open: [kind, values, line, col]
    root = None
    documents = 0
    for event in events(text, path):
        cls = type(event)
        if cls is yaml.ScalarEvent:
            mark = event.start_mark
            value = SCALAR, event.value, mark.line, mark.column, not event.style and event.value in NULLS
        elif cls is yaml.SequenceStartEvent or cls is yaml.MappingStartEvent:
            mark = event.start_mark
            stack.append([SEQUENCE if cls is yaml.SequenceStartEvent else MAPPING, [], mark.line, mark.column])
            continue
        elif cls is yaml.SequenceEndEvent or cls is yaml.MappingEndEvent:
            kind, values, line, col = stack.pop()
            if kind == MAPPING:
                values = list(zip(values[::2], values[1::2]))
            value = kind, values, line, col, False
        elif cls is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                mark = event.start_mark
                raise InputError.at(Position(path, mark.line + 1, mark.column + 1),
                                    "malformed YAML: a record is one document; remove the second `---`", "yaml")
            continue
        else:
            continue
        if stack:
            stack[-1][1].append(value)
        else:
            root = value
    return root


# Possessive: what may follow a word (`:`, `,`, `]`, `}`) never continues one, so nothing is ever given back
_WORD = r"\w[\w.-]*+"
_SCALAR = rf"{_WORD}(?: {_WORD})*+"
_VALUE = rf"(?:{_SCALAR}|\[{_SCALAR}(?:, {_SCALAR})*+\])"
_TOP_LINE = re.compile(rf"({_WORD}):(?: ({_VALUE}))?")
_ITEM_LINE = re.compile(rf"( *)- \{{{_WORD}: {_VALUE}(?:, {_WORD}: {_VALUE})*\}}")
#: the same, for an ASCII header: `\w` is then tested without Unicode's tables (a fifth of an item line's cost)
_ASCII_TOP_LINE = re.compile(_TOP_LINE.pattern, re.ASCII)
_ASCII_ITEM_LINE = re.compile(_ITEM_LINE.pattern, re.ASCII)
_PAIR = re.compile(rf"({_WORD}): ({_VALUE})")
#: the characters libyaml reads as themselves on one line, without `"` and `\` (which end a string or escape)
_QUOTED = " !#-\\[\\]-~\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff"
#: one whole line each (a line that is not a turn is skipped by findall, which the caller notices)
_TURN_LINE = re.compile(f'^ *- "([{_QUOTED}]*)"$', re.M)


def quick_tree(text: str) -> Value | None:
    """The tree of a record of the common shape, or None when `text` is anything else."""
    if text.startswith("turns:\n"):
        turns_at = 0
    else:
        turns_at = text.find("\nturns:\n") + 1
        if not turns_at:
            return None
    head = text[:turns_at]
    lines = head.split("\n")  # the header; the last item is the empty rest of it
    last = len(lines) - 1
    ascii_header = head.isascii()
    top_line = _ASCII_TOP_LINE if ascii_header else _TOP_LINE
    pairs = []
    k = 0
    while k < last:
        top = top_line.fullmatch(lines[k])
        if top is None:
            return None
        key = (SCALAR, top[1], k, 0, top[1] in NULLS)
        if top[2] is not None:
            pairs.append((key, _value(top[2], k, top.start(2))))
            k += 1
        else:
            items = _block_sequence(lines, k + 1, last, _ASCII_ITEM_LINE if ascii_header else _ITEM_LINE)
            if items is None:
                return None
            pairs.append((key, items))
            k += 1 + len(items[DATA])
    turns = _turns(text, turns_at + 7, last + 1)
    if turns is None:
        return None
    pairs.append(((SCALAR, "turns", last, 0, False), turns))
    return MAPPING, pairs, 0, 0, False


def _value(text: str, line: int, col: int) -> Value:
    """A plain scalar, or a flow list of them, starting at `line`:`col`."""
    if text[0] != "[":
        return SCALAR, text, line, col, text in NULLS
    items = []
    at = col + 1  # the list matched _VALUE: its items are separated by exactly `, ` (a regex per item cost more)
    for word in text[1:-1].split(", "):
        items.append((SCALAR, word, line, at, word in NULLS))
        at += len(word) + 2
    return SEQUENCE, items, line, col, False


def _block_sequence(lines: list[str], k: int, last: int, item_line: re.Pattern) -> Value | None:
    """The item lines `- {key: value, ...}` (`item_line`) at one indentation from line `k` on; None without items
    or with items at different indentations."""
    items = []
    indent = -1
    line = k
    while line < last and (item := item_line.fullmatch(lines[line])) is not None:
        if indent < 0:
            indent = len(item[1])
        elif len(item[1]) != indent:
            return None
        col = indent + 3  # the line matched `- {key: value, key: value}`: each word's column follows from it
        inner = lines[line][col:-1]
        if "[" in inner:  # a value is a flow list, which holds `, ` itself
            found = _PAIR.findall(inner)
        else:  # every `: ` and `, ` is a separator: one split gives key, value, key, value, ...
            words = iter(inner.replace(": ", ", ").split(", "))
            found = zip(words, words)
        pairs = []
        for key, text in found:
            value_col = col + len(key) + 2
            value = (SCALAR, text, line, value_col, text in NULLS) if text[0] != "[" else _value(text, line, value_col)
            pairs.append(((SCALAR, key, line, col, key in NULLS), value))
            col = value_col + len(text) + 2
        items.append((MAPPING, pairs, line, indent + 2, False))
        line += 1
    return (SEQUENCE, items, k, indent, False) if items else None


def _turns(text: str, start: int, first: int) -> Value | None:
    """The turn lines from `start` (line `first`) to the end of the file; None unless each is one
    double-quoted turn, all at the first one's indentation, and the file ends with a line break."""
    if text.isascii():
        return _ascii_turns(text, start, first)
    return _matched_turns(text, start, first)


def _matched_turns(text: str, start: int, first: int) -> Value | None:
    """`_turns` by _TURN_LINE, which reads any text."""
    count = text.count("\n", start)
    found = _TURN_LINE.findall(text, start)
    if not found or len(found) != count or not text.endswith("\n"):
        return None
    indent = text.find("-", start) - start
    if text.count("\n" + " " * indent + '- "', start - 1) != count:
        return None  # some line is indented differently
    return LINES, found, first, indent + 2, False


def _ascii_turns(text: str, start: int, first: int) -> Value | None:
    """`_turns` for an ASCII file, by string methods (a regex test of each character was 3% of a check): the
    turns are what lies between the separators `"\n  - "`, and each holds only characters that _TURN_LINE
    reads (printable, no quote, no backslash: so the line breaks and quotes are all in the separators)."""
    indent = text.find("-", start) - start
    if indent < 0 or text.count(" ", start, start + indent) != indent:
        return None
    opening = " " * indent + '- "'
    if not text.startswith(opening, start) or not text.endswith('"\n') or len(text) - start < len(opening) + 2:
        return None
    found = text[start + len(opening):-2].split('"\n' + opening)
    data = "".join(found).encode("ascii")
    if data.translate(_REFUSED) != data:
        return None
    return LINES, found, first, indent + 2, False


#: the ASCII bytes a turn cannot hold (the control characters, `"` and the backslash) mapped to other bytes, the
#: rest to themselves: a text holds none of them exactly when translating leaves it as it was (one pass, in C)
_REFUSED = bytes(c | 128 if c < 32 or c in b'"\\\x7f' else c for c in range(256))
