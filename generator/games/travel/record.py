"""Read a travel record file: the setup and one parsed line per turn, every word traceable to file:line:col.

The file is read into a small tree of positioned values (recordtree.py: every scalar stays a string); this reader
walks it itself (duplicate keys are errors) and works a word's position out of the raw source only when a message
needs it.

    game: travel
    players:                      # seat order; play goes clockwise = down this list
      - {name: Mina, passport: passport-kr, transit: FR, character: smuggler, hand: camera map coat}
      - ...
    centre: JP
    extensions: all               # or a list of: events, special, forbidden, postcards, characters; or none
    turns:
      - Mina: draw umbrella
      - "Joon: recycle coat map -> camera"
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ...content.matching import hidden_at, normalise, person_name
from ...errors import Diagnostic, InputError, Position, character_name
from .. import registry
from .cards import EXTENSIONS, Tables
from .names import NameIndex
from .notation import Clause, NotationError, TurnParser, Vocabulary, token_offsets, tokenize
from .recordtree import ListNode, MapNode, Node, Scalar, read_tree
from .state import Setup

TOP_KEYS = ("game", "players", "centre", "first", "extensions", "turns", "date", "notes")
PLAYER_KEYS = ("name", "passport", "transit", "character", "hand")
_REQUIRED_KEYS = ("name", "passport", "transit", "hand")


class Spot(NamedTuple):
    """A place in the file, worked out on demand: character `offset` of the scalar `value` that starts at 0-based
    `line`:`col`."""

    line: int
    col: int
    value: str
    offset: int


class Source:
    """The raw text of a record: turns a scalar's start plus an offset in its value into line:col."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, spot: Spot) -> Position:
        """Where character `offset` of a scalar's value sits in the file (quotes, folding and indentation
        between the value's characters are skipped by matching the value against the raw text)."""
        line, col, value, offset = spot
        raw = self.text
        j = self.starts[line] + col
        for i in range(min(offset, len(value))):
            while j < len(raw) and raw[j] != value[i]:
                j += 1
            j += 1
        while offset < len(value) and j < len(raw) and raw[j] != value[offset]:
            j += 1
        row = bisect.bisect_right(self.starts, j) - 1
        return Position(self.path, row + 1, j - self.starts[row] + 1)


@dataclass
class Turn:
    """Where one turn line's words are: who played (`player`, a seat); the text holding the clauses starts at
    0-based `line`:`col`, the clauses at `base` in `text`, and `key` is the player's name as a mapping key
    (`- Mina: draw coat`), else None."""

    player: int
    line: int
    col: int
    text: str
    base: int
    key: Spot | None

    @property
    def player_at(self) -> Spot:
        if self.key is not None:
            return self.key
        return Spot(self.line, self.col, self.text, len(self.text) - len(self.text.lstrip()))

    @property
    def body(self) -> str:
        """The clauses as written."""
        return self.text[self.base:]

    def spot(self, token: int) -> Spot:
        """The place of token number `token` of the clauses (one past the last: the end of the line)."""
        offsets = token_offsets(self.body)
        offset = offsets[token] if token < len(offsets) else len(self.body)
        return Spot(self.line, self.col, self.text, self.base + offset)


class HandWords(NamedTuple):
    """The cards of a starting hand as written in one value: the value, its text, and each card's token in it."""

    value: Node
    text: str
    tokens: tuple[int, ...]


#: a mapping's keys as read: name -> (key, value)
Fields = dict[str, tuple[Node, Node]]


@dataclass
class Record:
    """The setup read, where each of its parts is written (`setup_spot`), and the turns: who plays each
    (`seats`), and where and how each is written (`turns`); `clauses` parses a turn's clauses.

    The clauses are parsed when asked for, not kept: the parsed clauses of a whole file took five times the
    file's size in memory, and the replay asks each turn's clauses once (`read_rest` parses the turns it did
    not reach, so a malformed word anywhere is still an InputError)."""

    path: str
    source: Source
    setup: Setup
    top: Fields
    entries: list[Fields]  # per seat, the player's keys
    hand_words: list[list[HandWords]]  # per seat, per value of the starting hand
    reader: RecordReader
    parser: TurnParser
    turns: list[Turn] = field(default_factory=list)

    @property
    def seats(self) -> list[int]:
        return [turn.player for turn in self.turns]

    def turn(self, k: int) -> Turn:
        return self.turns[k]

    def clauses(self, k: int) -> list[Clause]:
        """The parsed clauses of turn `k`; a word that is not notation is an InputError at that word."""
        try:
            return self.parser.parse(self.turns[k].body)
        except NotationError as err:
            raise self.reader.notation_error(self.turns[k].spot, err) from None

    def tokens(self, k: int) -> list[str]:
        """The tokens of turn `k`'s clauses."""
        return tokenize(self.turns[k].body)

    def position(self, spot: Spot) -> Position:
        return self.source.position(spot)

    def setup_spot(self, key: tuple[object, ...]) -> Spot:
        """Where a part of the setup is written: `(field,)`, `(field, seat)` (`player`: the name), or
        `("hand", seat, card)`. A seat without a character is placed at the name."""
        if len(key) == 1:
            return _spot(self.top[str(key[0])][1])
        name, seat = str(key[0]), _seat(key[1])
        if len(key) == 2:
            fields = self.entries[seat]
            name = "name" if name == "player" else name
            if name == "character" and ("character" not in fields or _is_null(fields["character"][1])):
                name = "name"
            return _spot(fields[name][1])
        cards = [(words, token) for words in self.hand_words[seat] for token in words.tokens]
        words, token = cards[_seat(key[2])]
        return Spot(words.value.line, words.value.col, words.text, token_offsets(words.text)[token])

    def read_rest(self, first: int) -> None:
        """Parse the clauses of the turns from number `first` on (those the replay did not reach): a malformed
        word there is an InputError as it is anywhere else."""
        for k in range(first, len(self.turns)):
            self.clauses(k)


def _seat(value: object) -> int:
    assert isinstance(value, int)
    return value


def _spot(value: Node, text: str = "", offset: int = 0) -> Spot:
    return Spot(value.line, value.col, text, offset)


def _is_null(value: Node) -> bool:
    return isinstance(value, Scalar) and value.null


#: the top-level `turns:` key, a plain turn item `- Player: what happened` (`body` starts where that does), and
#: a player's `name:` in the players' list (read from the text: these hints are for a file YAML cannot read)
TURNS_KEY = re.compile(r"turns\s*:")
TURN_ITEM = re.compile(r"\s*-\s+(?P<player>[^\s:'\"\[{][^\s:]*):\s+(?P<body>)")
PLAYER_NAME = re.compile(r"\bname:\s*([^\s,}]+)")


def _fail(position: Position, message: str) -> InputError:
    return InputError([Diagnostic(position, message, "record")])


class Messages(Protocol):
    """A message of the report's language: (key, **values) -> text."""

    def __call__(self, key: str, /, **values: object) -> str: ...


class RecordReader:
    """Turns record text into a Record; malformed input raises InputError with the word's position."""

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, messages: Messages,
                 hint: Callable[[str, str, Sequence[str]], str], shared: Messages):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.msg = messages
        self.shared = shared  # the words every game's checker says (`checking.` in common)
        self.hint = hint  # (message, written, names) -> the message, with "did you mean …?" when one name is close
        self.src = Source("", "")
        self.seat_names: list[str] = []

    def read(self, text: str, path: str) -> Record:
        self.src = Source(path, text)
        self.seat_names = []  # known once the setup is read
        try:
            root = read_tree(text, path)
        except InputError as err:
            raise self._turn_colon(text, err.diagnostics[0].position) or err from None
        if not isinstance(root, MapNode):
            raise _fail(self._at(root) if root is not None else Position(path, 1, 1), self.msg("not_mapping"))
        top = self._mapping(root, TOP_KEYS)
        if "game" in top and registry.named(self._text(top["game"][1])) != "travel":
            raise _fail(self._at(top["game"][1]), self.msg("not_travel", found=self._text(top["game"][1])))
        for key in ("game", "players", "centre", "turns"):
            if key not in top:
                raise _fail(self._at(root), self.msg("missing_key", field=key))
        setup, entries, hand_words, parser = self._setup(top)
        self.seat_names = setup.names
        record = Record(path, self.src, setup, top, entries, hand_words, self, parser)
        turns = top["turns"][1]
        if _is_null(turns):
            return record
        if not isinstance(turns, ListNode):
            raise _fail(self._at(turns), self.msg("turns_list"))
        record.turns = [self._turn(value, parser) for value in turns.items]
        return record

    def _turn_colon(self, text: str, at: Position) -> InputError | None:
        """The notation's hint for YAML's "mapping values are not allowed" on a turn line: a second ':' after
        the player's, either a second turn on the line (`Joon: draw  Mina: draw`, when `Mina` is a name the
        players' list gives) or a ':' the notation never takes (`Joon: draw: coat`). None when it is not that."""
        lines = text.splitlines()
        if not 0 < at.line <= len(lines) or not any(TURNS_KEY.match(line) for line in lines[:at.line - 1]):
            return None
        line = lines[at.line - 1]
        turn = TURN_ITEM.match(line)
        if turn is None or at.col - 1 < turn.start("body") or line[at.col - 1:at.col] != ":":
            return None
        word = re.search(r"[^\s,;:]+$", line[:at.col - 1])
        if word is None:
            return None
        key = "two_turns_line" if word.group() in PLAYER_NAME.findall(text) else "colon_in_turn"
        return _fail(at, self.msg(key, word=word.group(), player=turn.group("player")))

    # -- the file's values -----------------------------------------------------------------------------------

    def _at(self, value: Node) -> Position:
        return Position(self.src.path, value.line + 1, value.col + 1)

    def _text(self, value: Node) -> str:
        if not isinstance(value, Scalar):
            raise _fail(self._at(value), self.msg("expected_text"))
        return "" if value.null else value.text

    def _mapping(self, value: Node, allowed: tuple[str, ...]) -> Fields:
        if not isinstance(value, MapNode):
            raise _fail(self._at(value), self.msg("expected_mapping"))
        out: Fields = {}
        for key_value, item in value.pairs:
            key = self._text(key_value)
            if key in out:
                raise _fail(self._at(key_value), self.msg("duplicate_key", field=key))
            if key not in allowed:
                raise _fail(self._at(key_value), self.msg("unknown_key", field=key, allowed=", ".join(allowed)))
            out[key] = (key_value, item)
        return out

    def _words(self, value: Node) -> list[tuple[str, Node]]:
        """A list of scalars, or one scalar of comma/space separated words (kept whole for the parser)."""
        if isinstance(value, ListNode):
            return [(self._text(item), item) for item in value.items]
        return [(self._text(value), value)]

    # -- setup -----------------------------------------------------------------------------------------------

    def _setup(self, top: Fields) -> tuple[Setup, list[Fields], list[list[HandWords]], TurnParser]:
        t = self.t
        players = top["players"][1]
        if not isinstance(players, ListNode) or not players.items:
            raise _fail(self._at(players), self.msg("players_list"))
        count = len(players.items)
        if not t.players_min <= count <= t.players_max:
            raise _fail(self._at(players), self.msg("player_count", count=count, min=t.players_min,
                                                       max=t.players_max))
        keywords = self.names.keywords
        names: list[str] = []
        seats: dict[str, int] = {}
        entries = []
        for seat, entry in enumerate(players.items):
            fields = self._mapping(entry, PLAYER_KEYS)
            missing = next((key for key in _REQUIRED_KEYS if key not in fields), None)
            if missing is not None:
                raise _fail(self._at(entry), self.msg("missing_key", field=missing))
            name_value = fields["name"][1]
            written = self._text(name_value)
            at = hidden_at(written)
            if at is not None:
                raise _fail(self.src.position(_spot(name_value, written, at)),
                            self.shared("hidden_character", name=written, character=character_name(written[at])))
            name = person_name(written.strip())
            norm = normalise(name)
            if not norm or len(name.split()) > 1 or name[0] in "+-":
                raise _fail(self._at(name_value), self.msg("player_name", name=name))
            if norm in seats:
                raise _fail(self._at(name_value), self.msg("duplicate_player", name=name))
            if (norm in self.names.cards or norm in keywords or norm in self.names.countries
                    or norm in self.names.multi_first):
                raise _fail(self._at(name_value), self.msg("name_clash", name=name))
            seats[norm] = seat
            names.append(name)
            entries.append(fields)
        parser = TurnParser(t, self.names, self.vocabulary, seats)

        passports, transits, characters, hands, hand_words = [], [], [], [], []
        for fields in entries:
            passports.append(self._one_card(parser, fields["passport"][1]))
            transits.append(self._country(parser, fields["transit"][1]))
            if "character" in fields and not _is_null(fields["character"][1]):
                characters.append(self._character(fields["character"][1]))
            else:
                characters.append(-1)
            hand: list[int] = []
            words = []
            for text, value in self._words(fields["hand"][1]):
                cards, tokens = self._card_list(parser, text, value)
                hand.extend(cards)
                words.append(HandWords(value, text, tokens))
            hands.append(hand)
            hand_words.append(words)
        centre = self._country(parser, top["centre"][1])
        extensions = self._extensions(top.get("extensions"))
        first = -1
        if "first" in top:
            first_value = top["first"][1]
            word = self._text(first_value).strip()
            first = parser.player_of(word)
            if first < 0:
                raise _fail(self._at(first_value), self.hint(self.msg("unknown_player", name=word,
                                                                       players=", ".join(names)), word, names))
        return (Setup(names, passports, transits, characters, centre, extensions, hands, first), entries, hand_words,
                parser)

    def notation_error(self, spot_of: Callable[[int], Spot], err: NotationError) -> InputError:
        """`spot_of(token)` places a token; the message names the word that could not be read."""
        facts = {k: (v if v != "" else self.msg("end_of_line")) for k, v in err.facts.items()}
        message = self.msg(f"notation.{err.key}", **facts)
        names = self._names_meant(err.key)
        if names is not None:
            message = self.hint(message, err.facts.get("word") or err.facts.get("found", ""), names)
        return _fail(self.src.position(spot_of(err.at)), message)

    def _names_meant(self, key: str) -> Sequence[str] | None:
        """The names a misspelt word of this notation error may have meant (None: it was not a name)."""
        if key in ("unknown_card", "expected_card"):
            return self.names.card_spellings
        if key in ("unknown_country", "expected_country"):
            return self.names.country_spellings
        if key == "expected_player":
            return self.seat_names
        if key == "expected_action":
            return [*self.names.shown, *self.names.shown.values()]
        return None

    def _value_error(self, value: Node, text: str, err: NotationError) -> InputError:
        offsets = token_offsets(text)

        def spot(token: int) -> Spot:
            return _spot(value, text, offsets[token] if token < len(offsets) else len(text))
        return self.notation_error(spot, err)

    def _card_list(self, parser: TurnParser, text: str, value: Node) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards written in `text` (a value of the setup), and the token where each is written."""
        try:
            return parser.cards_only(text)
        except NotationError as err:
            raise self._value_error(value, text, err) from None

    def _one_card(self, parser: TurnParser, value: Node) -> int:
        text = self._text(value)
        cards = self._card_list(parser, text, value)[0]
        if len(cards) != 1:
            raise _fail(self._at(value), self.msg("one_card", found=text))
        return cards[0]

    def _character(self, value: Node) -> int:
        """The character (its index) a setup's `character:` names; a misspelt one is offered characters, not cards."""
        word = self._text(value).strip()
        index = -2 - self.names.cards.get(normalise(word), 0)
        if not 0 <= index < len(self.t.character_ids):
            raise _fail(self._at(value), self.hint(self.msg("not_character", word=word), word,
                                                   self.names.character_spellings))
        return index

    def _country(self, parser: TurnParser, value: Node) -> int:
        text = self._text(value)
        try:
            return parser.country_only(text)
        except NotationError as err:
            raise self._value_error(value, text, err) from None

    def _extensions(self, pair: tuple[Node, Node] | None) -> frozenset[str]:
        if pair is None:
            return frozenset()
        chosen: list[str] = []
        named = self.names.extensions
        for text, value in self._words(pair[1]):
            # a name of several words stays whole between commas (`special items, 특별 물건`)
            words = [w for part in text.split(",") for w in ([part] if normalise(part) in named else part.split())]
            for word in words:
                key = word.lower()
                if key == "all":
                    chosen.extend(EXTENSIONS)
                elif key != "none":
                    found = named.get(normalise(word))
                    if found is None:
                        raise _fail(self._at(value), self.msg("unknown_extension", word=word,
                                                                allowed=", ".join(EXTENSIONS)))
                    chosen.append(found)
        return frozenset(chosen)

    # -- turns -----------------------------------------------------------------------------------------------

    def _turn(self, value: Node, parser: TurnParser) -> Turn:
        """A turn written as one text (`- "Mina: draw coat"`) or as a one-key mapping (`- Mina: draw coat`)."""
        if isinstance(value, Scalar):
            return self._text_turn(value.text, value.line, value.col, parser)
        if isinstance(value, MapNode) and len(value.pairs) == 1:
            key, clauses = value.pairs[0]
            if not isinstance(clauses, Scalar) or not isinstance(key, Scalar):
                raise _fail(self._at(clauses), self.msg("turn_text"))
            return self._text_turn("" if clauses.null else clauses.text, clauses.line, clauses.col, parser, key)
        raise _fail(self._at(value), self.msg("turn_shape"))

    def _text_turn(self, text: str, line: int, col: int, parser: TurnParser, key: Scalar | None = None) -> Turn:
        """The turn in `text`, which starts at 0-based `line`:`col`: `Name: clauses` (the name ends at the first
        colon, or the full-width one a Japanese input method types), or only the clauses when the name is the
        mapping `key` they are written under."""
        if key is None:
            base = text.find(":") + 1 or text.find("：") + 1
            if not base:
                raise _fail(Position(self.src.path, line + 1, col + 1), self.msg("turn_shape"))
            name = text[:base - 1]
            spot = None
        else:
            base = 0
            name = key.text
            spot = _spot(key, name)
        turn = Turn(parser.player_of(name.strip()), line, col, text, base, spot)
        if turn.player < 0:
            message = self.msg("unknown_player", name=name.strip(), players=", ".join(self.seat_names))
            raise _fail(self.src.position(turn.player_at), self.hint(message, name.strip(), self.seat_names))
        return turn
