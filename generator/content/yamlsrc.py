"""Read YAML safely, keeping every value's file:line:col.

Why not `yaml.safe_load`: YAML 1.1 turns `no`, `on` and `12:30` into booleans and numbers, and silently
keeps the last of two duplicate keys. Here every scalar stays a string (typed models convert what should be
numbers), a plain empty value or `~`/`null` becomes None, and a duplicate key is an error at its position.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from ..errors import InputError, Position

NULLS = {"", "~", "null", "Null", "NULL"}
#: characters a YAML file may not hold even inside quotes, or that YAML reads as line breaks (NEL, LS, PS)
_ESCAPED = re.compile("[\x7f-\x9f\ud800-\udfff\u2028\u2029\ufffe\uffff]")


class Located:
    """Positions for a loaded tree: the value node and the key node of every path."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.values: dict[tuple, Position] = {}
        self.keys: dict[tuple, Position] = {}

    def of(self, loc: tuple, *, key: bool = False) -> Position:
        """The position of the deepest existing prefix of `loc` (the key itself when `key`)."""
        loc = tuple(loc)
        while loc:
            table = self.keys if key else self.values
            if loc in table:
                return table[loc]
            if loc in self.values:
                return self.values[loc]
            loc = loc[:-1]
        return self.values.get((), Position(self.path, 1, 1))


class _ComposeLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's loader (same marks as the pure-Python one, ~10x faster); scalars are never resolved to
    bool/int/float/timestamp."""


# Only strings and null tags: every implicit resolver except null is dropped.
_ComposeLoader.yaml_implicit_resolvers = {}


def quoted(text: str) -> str:
    """`text` as a double-quoted YAML scalar that reads back as exactly `text`, whatever it holds: JSON's
    escapes, plus \\u escapes for what YAML forbids or would read as a line break."""
    return _ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


def is_null(node: yaml.Node) -> bool:
    """A plain (unquoted) empty value, `~` or `null`; libyaml marks plain style as '' where PyYAML uses None."""
    return isinstance(node, yaml.ScalarNode) and not node.style and node.value in NULLS


def _pos(path: str, node: yaml.Node) -> Position:
    return Position(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _convert(node: yaml.Node, loc: tuple, located: Located) -> Any:
    located.values[loc] = _pos(located.path, node)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError.at(_pos(located.path, key_node), "a key must be plain text", "yaml")
            key = key_node.value
            if key == "<<":
                raise InputError.at(_pos(located.path, key_node), "merge keys (<<) are not supported; write the keys out", "yaml")
            if key in out:
                first = located.keys[loc + (key,)]
                raise InputError.at(
                    _pos(located.path, key_node),
                    f"duplicate key '{key}' (first defined at line {first.line}, column {first.col})",
                    "duplicate-key",
                    key_path=_dotted(loc + (key,)),
                )
            located.keys[loc + (key,)] = _pos(located.path, key_node)
            out[key] = _convert(value_node, loc + (key,), located)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, loc + (i,), located) for i, item in enumerate(node.value)]
    return None if is_null(node) else node.value


def _dotted(loc: tuple) -> str:
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts)


dotted = _dotted


def compose(text: str, path: str) -> yaml.Node | None:
    """The YAML node tree of `text` (None for an empty document); malformed YAML is one positioned InputError."""
    try:
        return yaml.compose(text, Loader=_ComposeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError.at(Position(path, line, col), f"malformed YAML: {problem}", "yaml") from None
    except yaml.YAMLError as exc:  # reader errors (bad bytes) carry no mark
        raise InputError.at(Position(path), f"malformed YAML: {exc}", "yaml") from None


def parse_yaml(text: str, path: str) -> tuple[Any, Located]:
    """Parse YAML text into plain dicts/lists/strings plus their positions."""
    located = Located(path)
    node = compose(text, path)
    if node is None:
        located.values[()] = Position(path, 1, 1)
        return None, located
    return _convert(node, (), located), located


def read_text(path: Path | str, display: str | None = None) -> str:
    """A UTF-8 text file's contents; a missing or unreadable file is an InputError, not a traceback."""
    name = display or str(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError.at(Position(name), "file not found", "file") from None
    except UnicodeDecodeError as exc:
        raise InputError.at(Position(name), f"not UTF-8 text ({exc.reason} at byte {exc.start})", "file") from None
    except OSError as exc:
        raise InputError.at(Position(name), f"cannot read file: {exc.strerror}", "file") from None


def load_yaml(path: Path | str, display: str | None = None) -> tuple[Any, Located]:
    """Read and parse a YAML file with positions."""
    name = display or str(path)
    return parse_yaml(read_text(path, name), name)
