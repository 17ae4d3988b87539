"""Read a 3x16 record file: who played, the numbers called, and each player's tokens, with source positions.

    game: threesixteen
    columns: 5
    players: [Mina, Joon]
    calls: 1 7 3 ...                 # or a YAML list
    moves:
      Mina: R A B>B ...              # one token per call, as one text or a YAML list
      Joon: [R, A, C]
    tiles_left: {Mina: 0, Joon: 4}   # optional: the log sheet's last line, checked against the moves

Every scalar stays text (as in `generator.content.yamlsrc`). Tokens written in one scalar get their positions
from the raw source between the scalar's start and end marks, and only when a message needs them, so a
valid record costs one split per player. libyaml composes the file when PyYAML has it (about twenty times
faster than the pure-Python parser, with the same marks).
"""
from __future__ import annotations

import re
import unicodedata
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, overload

import yaml

from ...checking import did_you_mean
from ...content.matching import hidden_at, normalise, person_name
from ...content.texts import Texts, file_words
from ...content.yamlsrc import compose, is_null, position_in
from ...files import text_of
from ...errors import InputError, Position, character_name
from .. import registry
from .rules import Rules
from .notation import MAX_DIGITS, Notation, Token, letters_span, notation_for, shown

if TYPE_CHECKING:
    from .model import ThreeSixteenGame

KEYS = ("game", "columns", "players", "calls", "moves", "date", "tiles_left")
GAME = "threesixteen"
_NUMBER = re.compile(r"[0-9]+")
_WORD = re.compile(r"[^\s,]+")


def _at(path: str, node: yaml.Node) -> Position:
    return Position(path, node.start_mark.line + 1, node.start_mark.column + 1)


_SPACE = re.compile(r"\s")


def _split(text: str, most: int = -1) -> list[str]:
    """The words of a text of calls or tokens: separated by whitespace or commas (`1, 2, 3` as a list writes
    them), at most `most` splits."""
    return (text.replace(",", " ") if "," in text else text).split(None, most)
#: characters of a long token line read at once by `_scan_tokens`
_CHUNK = 1 << 16


def _scan_tokens(text: str, parse: Callable[[str], Token | None]) -> tuple[int, tuple[int, str] | None]:
    """How many words `text` holds (up to the first that `parse` refuses), and that word's index and text (None
    when every word is a token), reading a chunk at a time (each cut at a whitespace, so no word is split)."""
    count = at = 0
    while at < len(text):
        space = _SPACE.search(text, min(at + _CHUNK, len(text)))
        end = space.start() if space else len(text)
        for word in text[at:end].split():
            count += 1
            if parse(word) is None:
                return count, (count - 1, word)
        at = end
    return count, None


def _same_name(written: str, names: list[str]) -> str:
    """The one player `written` names when case is ignored (`mina` for Mina, as the travel checker reads
    names), else `written` itself."""
    folded = normalise(written)
    matches = [name for name in names if normalise(name) == folded]
    return matches[0] if len(matches) == 1 else written


class _Positions(Sequence[Position]):
    """Positions found one at a time (`_one`), only when a message asks for one; a slice is a list of them."""

    @overload
    def __getitem__(self, i: int) -> Position: ...
    @overload
    def __getitem__(self, i: slice) -> list[Position]: ...

    def __getitem__(self, i: int | slice) -> Position | list[Position]:
        if isinstance(i, slice):
            return [self._one(k) for k in range(*i.indices(len(self)))]
        return self._one(i)

    @abstractmethod
    def _one(self, i: int) -> Position: ...


class ItemPositions(_Positions):
    """Positions of the items of a YAML list, one token or number per item."""

    def __init__(self, path: str, nodes: list[yaml.Node]) -> None:
        self.path = path
        self.nodes = nodes

    def __len__(self) -> int:
        return len(self.nodes)

    def _one(self, i: int) -> Position:
        return _at(self.path, self.nodes[i])


class ScalarPositions(_Positions):
    """Positions of the words of one scalar, found in the raw source text when a message asks for one.

    Plain, quoted and block scalars keep their words in the source as written; when they do not (escapes in
    a double-quoted scalar), every word is placed at the scalar's start rather than at a wrong spot. Finding
    word i reads the source up to it only, so a huge line costs no more than its split.
    """

    def __init__(self, path: str, source: str, node: yaml.ScalarNode, words: list[str], count: int | None = None
                 ) -> None:
        self.path = path
        self.source = source
        self.node = node
        self.words = words  # the first words (all of them, unless a reader kept only those it needs)
        self.length = len(words) if count is None else count
        self._span: tuple[int, int] | None = None

    def __len__(self) -> int:
        return self.length

    def _one(self, i: int) -> Position:
        if not 0 <= i < self.length:
            raise IndexError(i)
        if self._span is None:
            self._span = self._source_span()
        begin, end = self._span
        if begin > end:
            return _at(self.path, self.node)
        for k, match in enumerate(_WORD.finditer(self.source, begin, end)):
            if k == i:
                return self._position(match.start())
        raise IndexError(i)

    def _source_span(self) -> tuple[int, int]:
        """Where the words are in the source, or an empty span (begin > end) when they are not as written."""
        node, text = self.node, self.source
        begin, end = node.start_mark.index, node.end_mark.index
        if node.style in ('"', "'"):
            begin, end = begin + 1, end - 1
        elif node.style in ("|", ">"):
            begin = text.index("\n", begin, end) + 1 if "\n" in text[begin:end] else end
        end = max(begin, end)
        kept = len(self.words)
        return (begin, end) if _split(text[begin:end], kept)[:kept] == self.words else (1, 0)

    def _position(self, offset: int) -> Position:
        node, text = self.node, self.source
        line = node.start_mark.line + text.count("\n", node.start_mark.index, offset) + 1
        return Position(self.path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


class Field(NamedTuple):
    """A top-level key of a record and its value, as composed nodes (the key's node places a duplicate)."""

    key: yaml.Node
    value: yaml.Node


@dataclass(frozen=True)
class PlayerTokens:
    """One player's tokens: as written (for messages), parsed (for the engine), and where they are."""

    name: str
    written: list[str]
    parsed: list[Token]
    positions: Sequence[Position]


class WrittenCount(NamedTuple):
    """A player's tiles left as the log sheet's last line gives them: the checker compares it with the moves."""

    name: str
    tiles: int
    position: Position


@dataclass(frozen=True)
class Record:
    path: str
    rules: Rules
    players: list[PlayerTokens]
    calls: list[int]
    call_positions: Sequence[Position]
    date: str | None = None
    tiles_left: tuple[WrittenCount, ...] = ()


def load_record(path: str | Path, game: ThreeSixteenGame, texts: Texts) -> Record:
    """Read and validate a record file; anything malformed is an InputError at its file:line:col."""
    name = str(path)
    source = text_of(path, name, file_words(texts))
    return parse_record(source, name, game, texts)


def parse_record(source: str, path: str, game: ThreeSixteenGame, texts: Texts) -> Record:
    """Validate record text (see the module docstring for the shape)."""
    return _RecordReader(source, path, game, texts, notation_for("".join(game.columns))).read()


@dataclass(frozen=True)
class Skeleton:
    """What the caller needs to continue a saved game: the players, the columns and the calls so far."""

    players: list[str]
    rules: Rules
    calls: list[int]
    call_positions: Sequence[Position]


def load_skeleton(path: str | Path, game: ThreeSixteenGame, texts: Texts) -> Skeleton:
    """Read a record whose moves may still be missing (a saved caller's skeleton); InputError as load_record."""
    name = str(path)
    reader = _RecordReader(text_of(path, name, file_words(texts)), name, game, texts,
                           notation_for("".join(game.columns)))
    fields = reader.fields()
    calls, positions = reader._calls(fields["calls"].value)
    return Skeleton(reader._players(fields["players"].value), reader._rules(fields.get("columns")), calls, positions)


class _RecordReader:
    """One pass over the composed YAML; the first problem found is raised with its position."""

    def __init__(self, source: str, path: str, game: ThreeSixteenGame, texts: Texts, notation: Notation) -> None:
        self.source = source
        self.path = path
        self.game = game
        self.t = texts
        self.notation = notation
        self.letters = notation.letters     # the record's own columns, once `columns` is read (bad_token names them)

    def fail(self, node_or_position: yaml.Node | Position, message: str, *,
             meant: tuple[str, Sequence[str]] | None = None, found: str | None = None, **values: object
             ) -> InputError:
        """The InputError for `check.record.<message>` at a node (or a position); `meant` is a misspelt word and
        the names it may mean, for "did you mean …?"; `found`, what was written, is shortened to be shown."""
        where = node_or_position if isinstance(node_or_position, Position) else _at(self.path, node_or_position)
        if found is not None:
            values["found"] = shown(found)
        text = self.t.get(f"check.record.{message}", **values)
        return InputError.at(where, did_you_mean(self.t, text, *meant) if meant else text, "record")

    def read(self) -> Record:
        fields = self.fields()
        if "game" in fields:
            node = fields["game"].value
            game = self._text(node)
            if game is None or registry.named(game) != GAME:     # `game:` empty or a list names no game
                raise self.fail(node, "wrong_game", game=game if game is not None else shown(self._as_written(node)))
        rules = self._rules(fields.get("columns"))
        self.letters = rules.column_letters
        names = self._players(fields["players"].value)
        calls, call_positions = self._calls(fields["calls"].value)
        players = self._moves(fields["moves"], names, len(calls))
        return Record(self.path, rules, players, calls, call_positions, self._date(fields.get("date")),
                      self._tiles_left(fields.get("tiles_left"), names))

    def fields(self) -> dict[str, Field]:
        """The top-level keys (each at most once, all known) with their nodes; players, calls and moves required."""
        root = self._compose()
        keys = ", ".join(KEYS)
        if not isinstance(root, yaml.MappingNode):
            raise self.fail(root if root is not None else Position(self.path, 1, 1), "not_mapping", keys=keys)
        fields: dict[str, Field] = {}
        for key_node, value_node in root.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key not in KEYS:
                raise self.fail(key_node, "unknown_key", found=key if key is not None else "?", keys=keys)
            if key in fields:
                first = _at(self.path, fields[key].key)
                raise InputError.at(_at(self.path, key_node),
                                    f"duplicate key '{key}' (first defined at line {first.line}, column {first.col})",
                                    "duplicate-key", key_path=key)
            fields[key] = Field(key_node, value_node)
        for key in ("players", "calls", "moves"):
            if key not in fields:
                raise self.fail(root, "missing", field=key)
        return fields

    def _compose(self) -> yaml.Node | None:
        return compose(self.source, self.path)

    @staticmethod
    def _text(node: yaml.Node) -> str | None:
        """A scalar's text; None for a list, a mapping or a plain empty value."""
        if not isinstance(node, yaml.ScalarNode) or is_null(node):
            return None
        text: str = node.value      # a scalar's value is its text (PyYAML's stubs say Any)
        return text

    def _as_written(self, node: yaml.Node) -> str:
        """A value as the file writes it (a list, a mapping), on one line, for a message that quotes what was
        found (`fail` shortens it)."""
        return " ".join(self.source[node.start_mark.index:node.end_mark.index].split())

    def _date(self, field: Field | None) -> str | None:
        if field is None:
            return None
        if not isinstance(field.value, yaml.ScalarNode):
            raise self.fail(field.value, "date")
        return self._text(field.value)

    def _rules(self, field: Field | None) -> Rules:
        most = len(self.game.columns)
        if field is None:
            return Rules.from_game(self.game)
        node = field.value
        text = self._text(node)
        if text is None or not _NUMBER.fullmatch(text.strip()) or not 1 <= int(text) <= most:
            raise self.fail(node, "columns", max=most, found=text if text is not None else self._as_written(node))
        return Rules.from_game(self.game, int(text))

    def _players(self, node: yaml.Node) -> list[str]:
        most = self.game.players.max
        if not isinstance(node, yaml.SequenceNode) or not 1 <= len(node.value) <= most:
            raise self.fail(node, "players", max=most)
        names: list[str] = []
        for item in node.value:
            name = self._text(item)
            if name is None or not name.strip():
                raise self.fail(item, "player_name")
            self._shown_whole(item, name)
            name = person_name(name)
            if name in names:
                raise self.fail(item, "duplicate_player", name=name)
            names.append(name)
        return names

    def _shown_whole(self, node: yaml.Node, name: str) -> None:
        """A name with a character that does not show (a direction override, a zero-width space) is refused at
        that character: the name a person reads must be the name checked."""
        at = hidden_at(name)
        if at is not None:
            raw = self.source.find(name[at], node.start_mark.index, node.end_mark.index)
            where = position_in(self.source, raw, self.path) if raw >= 0 else _at(self.path, node)
            raise InputError.at(where, self.t.get("checking.hidden_character", name=name,
                                                  character=character_name(name[at])), "record")

    def _calls(self, node: yaml.Node) -> tuple[list[int], Sequence[Position]]:
        words, positions = self._words(node, "calls_type", None)
        for i, word in enumerate(words):
            if not word.isascii():      # full-width digits, as a Japanese input method types them
                word = words[i] = unicodedata.normalize("NFKC", word)
            if not _NUMBER.fullmatch(word):
                raise self.fail(positions[i], "not_number", found=word)
            if len(word) > MAX_DIGITS:      # no tile number, and too long for int() to read
                raise InputError.at(positions[i], self.t.get("check.explain.number_range", number=shown(word),
                                                             high=self.game.high), "record")
        if not words:
            raise self.fail(node, "no_calls")
        return list(map(int, words)), positions

    def _words(self, node: yaml.Node, type_key: str, name: str | None) -> tuple[list[str], Sequence[Position]]:
        """The words of a scalar (split at whitespace) or of a list (one word per item)."""
        if isinstance(node, yaml.ScalarNode):
            text = self._text(node)
            words = _split(text) if text is not None else []
            return words, ScalarPositions(self.path, self.source, node, words)
        return self._item_words(node, type_key, name)

    def _tokens(self, node: yaml.Node, name: str, calls: int) -> tuple[list[str], Sequence[Position]]:
        """A player's tokens as `_words` reads them; of a scalar, only the first `calls` are kept as words, and
        the rest (a token too many, or millions of them) is only counted and checked to be tokens, a chunk at a
        time, so a huge line never becomes a list of all its words."""
        text = self._text(node)
        if text is None or not isinstance(node, yaml.ScalarNode):
            return self._words(node, "tokens_type", name)
        words = _split(text, calls)
        if len(words) <= calls:
            return words, ScalarPositions(self.path, self.source, node, words)
        rest = words.pop()
        parse = self.notation.parse
        bad = next(((i, word) for i, word in enumerate(words) if parse(word) is None), None)
        count = 0
        if bad is None:
            count, bad_in_rest = _scan_tokens(rest, parse)
            bad = bad_in_rest and (calls + bad_in_rest[0], bad_in_rest[1])
        positions = ScalarPositions(self.path, self.source, node, words, calls + count)
        if bad is not None:
            raise self.fail(positions[bad[0]], "bad_token", found=bad[1], letters=letters_span(self.letters))
        raise self.fail(positions[calls], "too_many", name=name, tokens=calls + count, calls=calls)

    def _item_words(self, node: yaml.Node, type_key: str, name: str | None) -> tuple[list[str], Sequence[Position]]:
        """The words of a list, one word per item."""
        if isinstance(node, yaml.SequenceNode):
            words = []
            for item in node.value:
                text = self._text(item)
                if text is None or len(text.split()) != 1:
                    raise self.fail(item, "one_token", found=text or "")
                words.append(text.strip())
            return words, ItemPositions(self.path, node.value)
        raise self.fail(node, type_key, name=name or "")

    def _player_key(self, node: yaml.Node, names: list[str], given: dict[str, yaml.Node]) -> str:
        """The player a key under `moves` or `tiles_left` names (case ignored), once only."""
        name = node.value if isinstance(node, yaml.ScalarNode) else None
        if name is not None:
            self._shown_whole(node, name)
            name = person_name(name)
        if name is not None and name not in names:
            name = _same_name(name, names)
        if name is None or name not in names:
            raise self.fail(node, "unknown_player", meant=(name or "", names), name=name or "?",
                            players=", ".join(names))
        if name in given:
            raise self.fail(node, "duplicate_player", name=name)
        return name

    def _tiles_left(self, field: Field | None, names: list[str]) -> tuple[WrittenCount, ...]:
        """The log sheet's tiles left, for any of the players (a count not written is not checked)."""
        if field is None or is_null(field.value):
            return ()
        key_node, node = field
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node if self._text(node) is not None else key_node, "tiles_left_type")
        given: dict[str, yaml.Node] = {}
        counts = []
        for player_node, count_node in node.value:
            name = self._player_key(player_node, names, given)
            given[name] = count_node
            text = self._text(count_node)
            if text is not None and not text.isascii():  # full-width digits
                text = unicodedata.normalize("NFKC", text)
            if text is None or not _NUMBER.fullmatch(text.strip()) or len(text.strip()) > MAX_DIGITS:
                raise self.fail(count_node, "tiles_left_count", name=name,
                                found=text if text is not None else self._as_written(count_node))
            counts.append(WrittenCount(name, int(text), _at(self.path, count_node)))
        return tuple(counts)

    def _moves(self, field: Field, names: list[str], calls: int) -> list[PlayerTokens]:
        key_node, node = field
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node if self._text(node) is not None else key_node, "moves_type")
        given: dict[str, yaml.Node] = {}
        for player_node, tokens_node in node.value:
            given[self._player_key(player_node, names, given)] = tokens_node
        out = []
        parse = self.notation.parse
        short: list[tuple[str, yaml.Node, int]] = []     # players with tokens still to write, and how many
        for name in names:
            if name not in given:
                raise self.fail(key_node, "missing_player", name=name)
            tokens_node = given[name]
            written, positions = self._tokens(tokens_node, name, calls)
            parsed: list[Token] = []
            for i, word in enumerate(written):
                token = parse(word)
                if token is None:
                    raise self.fail(positions[i], "bad_token", found=word, letters=letters_span(self.letters))
                parsed.append(token)
            if len(written) > calls:
                raise self.fail(positions[calls], "too_many", name=name, tokens=len(written), calls=calls)
            if len(written) < calls:
                short.append((name, tokens_node, len(written)))
            out.append(PlayerTokens(name, written, parsed, positions))
        if short:
            name, node, tokens = short[0]
            todo = self.t.listed(
                self.t.get("check.record.to_write", name=who, n=calls - count) for who, _, count in short)
            raise self.fail(node, "too_few", name=name, tokens=tokens, calls=calls, todo=todo)
        return out
