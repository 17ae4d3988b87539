"""A record file as a small tree of values with their positions, built from libyaml's events as they come.

libyaml's own node tree keeps two marks per value and took ten times the file's size in memory at once; this tree
keeps a value's text (every scalar stays a string: the reader decides what a word means), where it starts, and
whether it is YAML's null. `events` refuses an alias, nesting too deep and too many values at their position;
a second document is refused here.
"""
from __future__ import annotations

from dataclasses import dataclass

import yaml

from ...content.yamlsrc import NULLS, events
from ...errors import InputError, Position


@dataclass(frozen=True, slots=True)
class Scalar:
    """A text as written; `null`: YAML's null (a plain empty value, `~` or `null`). `line` and `col` (0-based) are
    where it starts, as in every value."""

    text: str
    line: int
    col: int
    null: bool


@dataclass(frozen=True, slots=True)
class ListNode:
    items: list[Node]
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class MapNode:
    """A mapping's (key, value) pairs, as written (a duplicate key is the reader's to refuse)."""

    pairs: list[tuple[Node, Node]]
    line: int
    col: int


Node = Scalar | ListNode | MapNode


@dataclass
class _Open:
    """A list or mapping whose values are still coming."""

    mapping: bool
    values: list[Node]
    line: int
    col: int


def read_tree(text: str, path: str) -> Node | None:
    """The record's tree (None for an empty document); malformed YAML is one positioned InputError."""
    stack: list[_Open] = []
    root: Node | None = None
    documents = 0
    for event in events(text, path):
        value: Node
        mark = event.start_mark
        line, col = (mark.line, mark.column) if mark is not None else (0, 0)
        if isinstance(event, yaml.ScalarEvent):
            value = Scalar(event.value, line, col, not event.style and event.value in NULLS)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            stack.append(_Open(isinstance(event, yaml.MappingStartEvent), [], line, col))
            continue
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            done = stack.pop()
            if done.mapping:
                value = MapNode(list(zip(done.values[::2], done.values[1::2])), done.line, done.col)
            else:
                value = ListNode(done.values, done.line, done.col)
        elif isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise InputError.at(Position(path, line + 1, col + 1),
                                    "malformed YAML: a record is one document; remove the second `---`", "yaml")
            continue
        else:
            continue
        if stack:
            stack[-1].values.append(value)
        else:
            root = value
    return root
