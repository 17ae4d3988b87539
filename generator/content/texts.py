"""The words of one language: a tree of strings keyed like the game data, with positions for lint.

A language file holds text only. Lookups use dotted keys (`items.camera.name`); `{placeholders}` are filled
with `format`. A missing key is a content error that lint reports; at render time it raises KeyError. A noun
after a number agrees with it (`{count} card(s)`, plurals.py), a Korean particle with the word before it
(`{name}은(는)`, josa.py).
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..errors import Diagnostic, InputError, Position
from .josa import attach
from .plurals import agree, unmatched_mark
from .typography import Typography
from .yamlsrc import KeyPath, Located

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class MissingText(KeyError):
    """A text the renderer asks for is not in the language files (or is not a string): `key` says which."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


#: sections whose every text is a name (a kind of card, a timing, a deck, a colour)
NAME_SECTIONS = frozenset({"kinds", "timing", "decks", "colours"})


@dataclass
class Texts:
    """All strings of one language file (or several merged: common + game)."""

    lang: str
    tree: dict[str, Any]
    located: list[Located]
    #: how the language's lines break beyond its script's rules (`typography` in common/<lang>.yaml)
    typography: Typography = field(default_factory=Typography)

    def get(self, key: str, /, **values: Any) -> str:
        node: Any = self.tree
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise MissingText(f"no text '{key}' in language '{self.lang}'", key)
            node = node[part]
        if not isinstance(node, str):
            raise MissingText(f"text '{key}' in language '{self.lang}' is not a string", key)
        if not values:
            return node
        try:
            if ")" not in node:
                return node.format(**values)
            return attach(agree(node, values, self.lang), values)
        except KeyError as exc:  # a placeholder this text may not use (lint: placeholders differ)
            raise InputError.at(self.position(key), f"placeholder {{{exc.args[0]}}} cannot be filled here; use "
                                + ", ".join("{" + name + "}" for name in sorted(values)), "placeholder",
                                key) from None

    __call__ = get

    def has(self, key: str) -> bool:
        try:
            self.get(key)
        except KeyError:
            return False
        return True

    def has_node(self, key: str) -> bool:
        """True when `key` exists, whether it holds text or a mapping."""
        node: Any = self.tree
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return True

    def section(self, key: str) -> dict[str, Any]:
        node: Any = self.tree
        for part in key.split("."):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return node if isinstance(node, dict) else {}

    def position(self, key: str) -> Position:
        """Where `key` is; for a missing key, where its nearest existing parent is (in whichever file has it)."""
        loc = tuple(key.split("."))
        while loc:
            for located in self.located:
                if loc in located.values:
                    return located.values[loc]
            loc = loc[:-1]
        return self.located[0].of(()) if self.located else Position("?")

    def listed(self, items: Iterable[str]) -> str:
        """`items` as this language writes a list ("a, b" in English, "a、b" in Japanese)."""
        return self.get("punctuation.list").join(items)

    def names(self) -> tuple[str, ...]:
        """The names this language defines (every `name` of a card, country or character, and each kind, timing,
        deck and colour): what a line break never cuts. Sorted, so equal files give equal tuples."""
        return tuple(sorted({value for key, value in self.leaves() if isinstance(value, str) and (
            key.rsplit(".", 1)[-1] == "name" or key.split(".", 1)[0] in NAME_SECTIONS)}))

    def leaves(self) -> Iterator[tuple[str, Any]]:
        """Every (dotted key, value) pair; values are strings unless the file is malformed."""

        def walk(node: Any, prefix: str) -> Iterator[tuple[str, Any]]:
            for key, value in node.items():
                path = f"{prefix}.{key}" if prefix else key
                if isinstance(value, dict):
                    yield from walk(value, path)
                else:
                    yield path, value

        yield from walk(self.tree, "")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def check_shape(tree: Any, located: Located) -> None:
    """A language file is a mapping of mappings and strings: lists and numbers are not text."""
    problems: list[Diagnostic] = []

    def walk(node: Any, loc: KeyPath) -> None:
        for key, value in node.items():
            here = loc + (key,)
            if isinstance(value, dict):
                walk(value, here)
            elif isinstance(value, list):
                problems.append(Diagnostic(located.of(here), "expected text or a mapping; found a list", "schema",
                                           key_path=".".join(map(str, here))))
            elif value is not None and not isinstance(value, str):
                problems.append(Diagnostic(located.of(here), "expected text", "schema", key_path=".".join(here)))
            elif isinstance(value, str):
                bad = _bad_format(value)
                if bad:
                    problems.append(Diagnostic(located.of(here), bad, "placeholder", key_path=".".join(here)))

    if tree is None:
        tree = {}
    if not isinstance(tree, dict):
        raise InputError.at(located.of(()), "a language file must be a mapping of keys to text", "schema")
    walk(tree, ())
    if problems:
        raise InputError(problems)


def _bad_format(text: str) -> str:
    """Braces must be `{name}` placeholders or doubled `{{`/`}}`; anything else breaks `format`."""
    if "{" not in text and "}" not in text and "(" not in text:  # no placeholder, brace or plural mark
        return ""
    try:
        for _, field, spec, conv in string.Formatter().parse(text):
            if field is not None and not re.fullmatch(r"[a-z_][a-z0-9_]*", field):
                return (f"'{{{field}}}' is not a placeholder name (use lowercase letters, digits, _; write {{{{ "
                        "for a brace)")
            if spec or conv:
                return "placeholders take no format spec or conversion"
    except ValueError as exc:
        return f"unbalanced braces: {exc}"
    if mark := unmatched_mark(text):
        return f"'{mark}' has no number before it to agree with: write a {{placeholder}} before it, or the word alone"
    return ""


def file_words(texts: Texts) -> Callable[..., str]:
    """What can go wrong reading a record file (the keys of files.FILE_MESSAGES), said in the language of
    `texts`: the `record_file` words of `common/<lang>.yaml`, which every game's texts include."""
    return lambda key, /, **values: texts.get(f"record_file.{key}", **values)
