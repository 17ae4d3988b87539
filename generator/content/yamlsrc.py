"""Read YAML safely, keeping every value's file:line:col.

Why not `yaml.safe_load`: YAML 1.1 turns `no`, `on` and `12:30` into booleans and numbers, and silently
keeps the last of two duplicate keys. Here every scalar stays a string (typed models convert what should be
numbers), a plain empty value or `~`/`null` becomes None, and a duplicate key is an error at its position.

Content and records are untrusted, so reading is bounded: files are read through the file boundary
(generator/files.py: regular files of bounded size, never a FIFO or a device), aliases are refused (a billion-laughs bomb or an
alias cycle is one error, not unbounded work), nesting stops at `MAX_DEPTH` and a composed file holds at most
`MAX_VALUES` values, and bytes that are not UTF-8 or characters YAML forbids are reported at their line and
column.
"""
from __future__ import annotations

import json
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Protocol

import yaml

from .. import files
from ..errors import InputError, Position

NULLS = {"", "~", "null", "Null", "NULL"}
#: characters a YAML file may not hold even inside quotes, or that YAML reads as line breaks (NEL, LS, PS)
_ESCAPED = re.compile("[\x7f-\x9f\ud800-\udfff\u2028\u2029\ufffe\uffff]")
#: characters a YAML stream may not hold at all (libyaml's reader refuses them)
_FORBIDDEN = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
#: the deepest nesting of lists and mappings a file may have (content needs fewer than ten levels)
MAX_DEPTH = 64
#: the most values (texts, lists, mappings) a file libyaml composes may hold: content files have a few thousand, a
#: 3x16 record a few hundred; a composed value costs some 150 bytes and a few microseconds, so a file of millions
#: (a 10 MB list of one-letter items) is refused before it is composed
MAX_VALUES = 100_000

#: where a value is in a loaded tree: its keys and list indexes from the root (`("papers", "a4")`, `("rules", 0, "id")`)
KeyPath = tuple[str | int, ...]


class Located:
    """Positions for a loaded tree: the value node and the key node of every path."""

    def __init__(self, path: str, kept: tuple[list[Any], list[Any], bytes] | None = None) -> None:
        self.path = path
        self._kept = kept
        self._values: dict[KeyPath, Position] = {}
        self._keys: dict[KeyPath, Position] = {}

    @property
    def values(self) -> dict[KeyPath, Position]:
        if self._kept is not None:
            self._restore()
        return self._values

    @property
    def keys(self) -> dict[KeyPath, Position]:
        if self._kept is not None:
            self._restore()
        return self._keys

    def _restore(self) -> None:
        """The positions of a parse kept by parse_cache (`kept`: its rows and the file's bytes), made when first
        asked for: checking a valid record asks for none. Rows that are not positions are parsed again."""
        from .parse_cache import positions

        assert self._kept is not None
        value_rows, key_rows, source = self._kept
        self._kept = None
        values, keys = positions(self.path, value_rows), positions(self.path, key_rows)
        if values is None or keys is None:
            reparsed = parse_yaml(files.decode(source, self.path), self.path)[1]
            values, keys = reparsed.values, reparsed.keys
        self._values, self._keys = values, keys

    def of(self, loc: KeyPath, *, key: bool = False) -> Position:
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


def _convert(node: yaml.Node, loc: KeyPath, located: Located) -> Any:
    located.values[loc] = _pos(located.path, node)
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError.at(_pos(located.path, key_node), "a key must be plain text", "yaml")
            key = key_node.value
            if key == "<<":
                raise InputError.at(_pos(located.path, key_node), "merge keys (<<) are not supported; write the keys "
                                    "out", "yaml")
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


def _dotted(loc: KeyPath) -> str:
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts)


dotted = _dotted


def position_in(text: str, index: int, path: str) -> Position:
    """The 1-based line and column of character `index` of `text`."""
    start = text.rfind("\n", 0, index) + 1
    return Position(path, text.count("\n", 0, index) + 1, index - start + 1)


def forbidden_character(text: str, path: str) -> InputError | None:
    """The error for the first character YAML forbids in `text` (a control character, NUL, a lone surrogate),
    at its line and column; None when there is none."""
    found = _FORBIDDEN.search(text)
    if found is None:
        return None
    return InputError.at(position_in(text, found.start(), path),
                         f"character U+{ord(found.group()):04X} is not allowed in a YAML file (a control character); "
                         "remove it, or write it as an escape inside double quotes", "yaml")


def alias_error(text: str, path: str) -> InputError:
    """The error at the first alias (`*name`) of `text`: aliases are refused, so no file can make the reader
    expand a value without bound or loop through a cycle."""
    for event in yaml.parse(text, Loader=_ComposeLoader):
        if isinstance(event, yaml.AliasEvent):
            return InputError.at(_at(path, event.start_mark),
                                 f"aliases (*{event.anchor}) are not supported; write the value out", "yaml")
    return InputError.at(Position(path, 1, 1), "aliases are not supported; write the value out", "yaml")


@contextmanager
def _yaml_errors(text: str, path: str) -> Iterator[None]:
    """libyaml's errors as one positioned InputError."""
    try:
        yield
    except yaml.reader.ReaderError as exc:  # a character YAML forbids; libyaml gives only a byte offset
        raise (forbidden_character(text, path)
               or InputError.at(Position(path), f"malformed YAML: {exc.reason}", "yaml")) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError.at(Position(path, line, col), f"malformed YAML: {problem}", "yaml") from None
    except yaml.YAMLError as exc:  # reader errors (bad bytes) carry no mark
        raise InputError.at(Position(path), f"malformed YAML: {exc}", "yaml") from None


def compose(text: str, path: str) -> yaml.Node | None:
    """The YAML node tree of `text` (None for an empty document); malformed YAML is one positioned InputError.

    The tree has no aliases and at most MAX_DEPTH levels, so every walk over it is linear and needs no more
    stack than that."""
    _count_values(text, path)
    with _yaml_errors(text, path):
        root = yaml.compose(text, Loader=_ComposeLoader)
    if root is not None:
        _check_tree(root, text, path)
    return root


def _count_values(text: str, path: str) -> None:
    """Refuse, before anything is composed, what `events` refuses: a text too short to hold MAX_VALUES values or
    MAX_DEPTH levels is left to compose, whose tree `_check_tree` walks (cheaper than a second parse)."""
    if 2 * len(text) < MAX_VALUES and len(text) < 2 * MAX_DEPTH:
        return
    for _ in events(text, path):
        pass


def events(text: str, path: str) -> Iterator[yaml.Event]:
    """libyaml's parse events of `text`, one at a time, refusing at its position what no content file or record
    may hold: an alias (`*a`: one anchor would let a small file stand for an unbounded one), nesting deeper
    than MAX_DEPTH, more than MAX_VALUES values (texts, lists, mappings; counted as they come, so counting needs
    no memory). Malformed YAML is one positioned InputError."""
    count = depth = 0
    with _yaml_errors(text, path):
        for event in yaml.parse(text, Loader=_ComposeLoader):
            if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                count += 1
                if count > MAX_VALUES:
                    raise InputError.at(_at(path, event.start_mark), f"more than {MAX_VALUES:,} values (texts, "
                                        "lists and mappings); this is not a content or record file", "yaml")
                if not isinstance(event, yaml.ScalarEvent):
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise depth_error(path, event.start_mark)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                raise InputError.at(_at(path, event.start_mark), f"aliases (*{event.anchor}) are not supported; "
                                    "write the value out", "yaml")
            yield event


class Mark(Protocol):
    """Where libyaml (or PyYAML's pure-Python reader) is in a file, 0-based."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


def _at(path: str, mark: Mark | None) -> Position:
    """The 1-based position of libyaml's 0-based `mark` (the file alone when there is none)."""
    return Position(path, mark.line + 1, mark.column + 1) if mark is not None else Position(path)


def depth_error(path: str, mark: Mark | None) -> InputError:
    return InputError.at(_at(path, mark), f"nested more than {MAX_DEPTH} levels deep", "yaml")


def _check_tree(root: yaml.Node, text: str, path: str) -> None:
    """Refuse aliases (a node reached twice: libyaml shares the anchored node) and nesting deeper than
    MAX_DEPTH, walking without recursion."""
    seen: set[int] = set()
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            raise alias_error(text, path)
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            continue
        if depth >= MAX_DEPTH:
            raise depth_error(path, node.start_mark)
        if isinstance(node, yaml.MappingNode):
            stack.extend((part, depth + 1) for pair in node.value for part in pair)
        else:
            stack.extend((item, depth + 1) for item in node.value)


def parse_yaml(text: str, path: str) -> tuple[Any, Located]:
    """Parse YAML text into plain dicts/lists/strings plus their positions."""
    located = Located(path)
    node = compose(text, path)
    if node is None:
        located.values[()] = Position(path, 1, 1)
        return None, located
    return _convert(node, (), located), located


def load_yaml(root: Path, path: Path | str, display: str | None = None,
              cached: bool = False) -> tuple[Any, Located]:
    """Read a YAML file inside the content folder `root` (through the file boundary) and parse it with
    positions; `display` names it in messages (default: `content/<path>`). With `cached`, a file parsed before is
    read from the parse cache (content files: generator/content/parse_cache.py)."""
    folder = files.content(root)
    name = display or folder.display(path)
    data = folder.bytes_of(path, name)
    if not cached:
        return parse_yaml(files.decode(data, name), name)
    from . import parse_cache

    kept = parse_cache.load(data)
    if kept is not None:
        tree, values, keys = kept
        return tree, Located(name, (values, keys, data))
    tree, located = parse_yaml(files.decode(data, name), name)
    parse_cache.keep(data, tree, located.values, located.keys)
    return tree, located
