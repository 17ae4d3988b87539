"""Read a travel record file: the setup and one parsed line per turn, every word traceable to file:line:col.

The file is read into a small tree of positioned values (recordtree.py: directly for the common shape, through
libyaml otherwise; every scalar stays a string); this reader walks it itself (duplicate keys are errors) and
works a word's position out of the raw source only when a message needs it, so records replay fast.

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
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter
from typing import Callable

from ...content.matching import hidden_at, normalise, person_name
from ...errors import Diagnostic, InputError, Position, character_name
from .. import registry
from .cards import EXTENSIONS, Tables
from .names import NameIndex
from .notation import (
    W_CARD, Clause, NotationError, TurnParser, Vocabulary, spaced_lines, token_offsets, tokenize,
)
from .recordtree import COL, DATA, KIND, LINE, LINES, MAPPING, NULL, SCALAR, SEQUENCE, Value, read_tree
from .state import Setup

TOP_KEYS = ("game", "players", "centre", "first", "extensions", "turns", "date", "notes")
PLAYER_KEYS = ("name", "passport", "transit", "character", "hand")
_REQUIRED_KEYS = frozenset(("name", "passport", "transit", "hand"))


#: a place in the file worked out on demand: (0-based line, column of a scalar's start, its value, offset)
Spot = tuple


class Source:
    """The raw text of a record: turns a scalar's start plus an offset in its value into line:col."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self._starts: list[int] | None = None

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        return self._starts

    def position(self, spot: Spot) -> Position:
        """Where character `offset` of a scalar's value sits in the file (quotes, folding and indentation
        between the value's characters are skipped by matching the value against the raw text)."""
        line, col, value, offset = spot
        starts = self._line_starts()
        raw = self.text
        j = starts[line] + col
        for i in range(min(offset, len(value))):
            ch = value[i]
            while j < len(raw) and raw[j] != ch:
                j += 1
            j += 1
        while offset < len(value) and j < len(raw) and raw[j] != value[offset]:
            j += 1
        row = bisect.bisect_right(starts, j) - 1
        return Position(self.path, row + 1, j - starts[row] + 1)


class Turn:
    """Where one turn line's words are: who played (`player`, a seat); the text holding the clauses starts at
    0-based `line`:`col`, the clauses at `base` in `text`, and `key` is the player's name as a mapping key
    (`- Mina: draw coat`), else None. (No __init__: a Python one cost a third of reading a short turn.)"""

    __slots__ = ("player", "line", "col", "text", "base", "key")
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
        return (self.line, self.col, self.text, len(self.text) - len(self.text.lstrip()))

    def spot(self, token: int) -> Spot:
        """The place of token number `token` of the clauses (one past the last: the end of the line)."""
        offsets = token_offsets(self.text[self.base:])
        offset = offsets[token] if token < len(offsets) else len(self.text) - self.base
        return (self.line, self.col, self.text, self.base + offset)


#: the cards of a starting hand as written in one value: the value, its text, and each card's token in it
HandWords = tuple


@dataclass
class Record:
    """The setup read, where each of its parts is written (`setup_spot`), and the turns: who plays each
    (`seats`) and the text of its clauses (`bodies`), parsed by `clauses`; `turn` places their words.

    The clauses are parsed when asked for, not kept: the parsed clauses of a whole file took five times the
    file's size in memory, and the replay asks each turn's clauses once (`read_rest` parses the turns it did
    not reach, so a malformed word anywhere is still an InputError)."""

    path: str
    source: Source
    setup: Setup
    top: dict[str, tuple[Value, Value]]  # the file's top keys: (key, value)
    entries: list[dict[str, tuple[Value, Value]]]  # per seat, the player's keys: (key, value)
    hand_words: list[list[HandWords]]  # per seat, per value of the starting hand
    reader: "RecordReader"
    seats: list[int] = field(default_factory=list)
    #: each turn's clauses as written, or (`spaced`) already spaced out as `tokenize` spaces them
    #: (`notation.spaced_lines`: one copy of the text, not two)
    bodies: list[str] = field(default_factory=list)
    spaced: bool = False
    #: turn k's Turn record, made when a place is asked for (a record of the quick reader's shape needs none to
    #: be replayed, and a message needs one)
    turn: Callable[[int], Turn] = field(default_factory=lambda: [].__getitem__)

    def clauses(self, k: int) -> list[Clause]:
        """The parsed clauses of turn `k`; a word that is not notation is an InputError at that word."""
        try:  # (`tokens`, inlined: this runs for every turn)
            return self.reader.parser.parse_tokens(self.bodies[k].split() if self.spaced else tokenize(self.bodies[k]))
        except NotationError as err:
            raise self.reader.notation_error(self.turn(k).spot, err) from None

    def tokens(self, k: int) -> list[str]:
        """The tokens of turn `k`'s clauses."""
        if self.spaced:
            return self.bodies[k].split()
        return tokenize(self.bodies[k])

    def position(self, spot: Spot) -> Position:
        return self.source.position(spot)

    def setup_spot(self, key: tuple) -> Spot:
        """Where a part of the setup is written: `(field,)`, `(field, seat)` (`player`: the name), or
        `("hand", seat, card)`; worked out only here (most records never need one). A seat without a
        character is placed at the name."""
        if len(key) == 1:
            value = self.top[key[0]][1]
        elif len(key) == 2:
            fields = self.entries[key[1]]
            name = "name" if key[0] == "player" else key[0]
            if name == "character" and ("character" not in fields or fields["character"][1][NULL]):
                name = "name"
            value = fields[name][1]
        else:
            cards = [(value, text, token) for value, text, tokens in self.hand_words[key[1]] for token in tokens]
            value, text, token = cards[key[2]]
            return (value[LINE], value[COL], text, token_offsets(text)[token])
        return (value[LINE], value[COL], "", 0)

    def read_rest(self, first: int) -> None:
        """Parse the clauses of the turns from number `first` on (those the replay did not reach): a malformed
        word there is an InputError as it is anywhere else."""
        for k in range(first, len(self.bodies)):
            self.clauses(k)


#: the top-level `turns:` key, a plain turn item `- Player: what happened` (`body` starts where that does), and
#: a player's `name:` in the players' list (read from the text: these hints are for a file YAML cannot read)
TURNS_KEY = re.compile(r"turns\s*:")
TURN_ITEM = re.compile(r"\s*-\s+(?P<player>[^\s:'\"\[{][^\s:]*):\s+(?P<body>)")
PLAYER_NAME = re.compile(r"\bname:\s*([^\s,}]+)")


def _fail(position: Position, message: str) -> InputError:
    return InputError([Diagnostic(position, message, "record")])


class RecordReader:
    """Turns record text into a Record; malformed input raises InputError with the word's position."""

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, messages, hint, shared):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.msg = messages  # (key, **values) -> text in the report's language
        self.shared = shared  # (key, **values) -> the words every game's checker says (`checking.` in common)
        self.hint = hint  # (message, written, names) -> the message, with "did you mean …?" when one name is close

    def read(self, text: str, path: str) -> Record:
        self.src = Source(path, text)
        self.seat_names: list[str] = []  # known once the setup is read
        try:
            root = read_tree(text, path)
        except InputError as err:
            raise self._turn_colon(text, err.diagnostics[0].position) or err from None
        if root is None or root[KIND] != MAPPING:
            raise _fail(self._at(root) if root is not None else Position(path, 1, 1), self.msg("not_mapping"))
        top = self._mapping(root, TOP_KEYS)
        if "game" in top and registry.named(self._text(top["game"][1])) != "travel":
            raise _fail(self._at(top["game"][1]), self.msg("not_travel", found=self._text(top["game"][1])))
        for key in ("game", "players", "centre", "turns"):
            if key not in top:
                raise _fail(self._at(root), self.msg("missing_key", field=key))
        setup, entries, hand_words, parser = self._setup(top)
        self.seat_names = setup.names
        self.parser = parser
        record = Record(path, self.src, setup, top, entries, hand_words, self)
        kind, items, line, col, null = top["turns"][1]
        if null:
            return record
        if kind == LINES:
            self._text_turns(record, items, line, col, parser)
        elif kind == SEQUENCE:
            turns = [self._turn(value, parser) for value in items]
            record.turn = turns.__getitem__
            record.seats = [turn.player for turn in turns]
            record.bodies = [turn.text[turn.base:] for turn in turns]
        else:
            raise _fail(self._at(top["turns"][1]), self.msg("turns_list"))
        spaced = spaced_lines(record.bodies)
        if spaced is not None:
            record.bodies = spaced
            record.spaced = True
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

    def _at(self, value: Value) -> Position:
        return Position(self.src.path, value[LINE] + 1, value[COL] + 1)

    @staticmethod
    def _spot(value: Value, text: str = "", offset: int = 0) -> Spot:
        return (value[LINE], value[COL], text, offset)

    def _text(self, value: Value) -> str:
        if value[KIND] != SCALAR:
            raise _fail(self._at(value), self.msg("expected_text"))
        return "" if value[NULL] else value[DATA]

    def _mapping(self, value: Value, allowed: tuple[str, ...]) -> dict[str, tuple[Value, Value]]:
        if value[KIND] != MAPPING:
            raise _fail(self._at(value), self.msg("expected_mapping"))
        out: dict[str, tuple[Value, Value]] = {}
        for key_value, item in value[DATA]:
            # _text without a call for the usual plain key (the header has a key per value)
            key = key_value[DATA] if key_value[KIND] == SCALAR and not key_value[NULL] else self._text(key_value)
            if key in out:
                raise _fail(self._at(key_value), self.msg("duplicate_key", field=key))
            if key not in allowed:
                raise _fail(self._at(key_value), self.msg("unknown_key", field=key, allowed=", ".join(allowed)))
            out[key] = (key_value, item)
        return out

    def _words(self, value: Value) -> list[tuple[str, Value]]:
        """A list of scalars, or one scalar of comma/space separated words (kept whole for the parser)."""
        if value[KIND] == SEQUENCE:
            return [(self._text(item), item) for item in value[DATA]]
        return [(self._text(value), value)]

    # -- setup -----------------------------------------------------------------------------------------------

    def _setup(self, top) -> tuple[Setup, list[dict], list[list[HandWords]], TurnParser]:
        t = self.t
        players = top["players"][1]
        if players[KIND] != SEQUENCE or not players[DATA]:
            raise _fail(self._at(players), self.msg("players_list"))
        count = len(players[DATA])
        if not t.players_min <= count <= t.players_max:
            raise _fail(self._at(players), self.msg("player_count", count=count, min=t.players_min,
                                                       max=t.players_max))
        keywords = self.names.keywords
        names: list[str] = []
        seats: dict[str, int] = {}
        entries = []
        for seat, entry in enumerate(players[DATA]):
            fields = self._mapping(entry, PLAYER_KEYS)
            if not fields.keys() >= _REQUIRED_KEYS:
                missing = next(key for key in ("name", "passport", "transit", "hand") if key not in fields)
                raise _fail(self._at(entry), self.msg("missing_key", field=missing))
            name_value = fields["name"][1]
            written = self._text(name_value)
            at = hidden_at(written)
            if at is not None:
                raise _fail(self.src.position(self._spot(name_value, written, at)),
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
        for seat, fields in enumerate(entries):
            value = fields["passport"][1]
            passports.append(self._one_card(parser, value))
            value = fields["transit"][1]
            transits.append(self._country(parser, value))
            if "character" in fields and not fields["character"][1][NULL]:
                characters.append(self._character(fields["character"][1]))
            else:
                characters.append(-1)
            hand = []
            words = []
            for text, value in self._words(fields["hand"][1]):
                cards, tokens = self._card_list(parser, text, value)
                hand.extend(cards)
                words.append((value, text, tokens))
            hands.append(hand)
            hand_words.append(words)
        centre_value = top["centre"][1]
        centre = self._country(parser, centre_value)
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

    def notation_error(self, spot_of, err: NotationError) -> InputError:
        """`spot_of(token)` places a token; the message names the word that could not be read."""
        facts = {k: (v if v != "" else self.msg("end_of_line")) for k, v in err.facts.items()}
        message = self.msg(f"notation.{err.key}", **facts)
        names = self._names_meant(err.key)
        if names is not None:
            message = self.hint(message, err.facts.get("word") or err.facts.get("found", ""), names)
        return _fail(self.src.position(spot_of(err.at)), message)

    def _names_meant(self, key: str):
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

    def _value_error(self, value: Value, text: str, err: NotationError) -> InputError:
        offsets = token_offsets(text)

        def spot(token: int) -> Spot:
            return self._spot(value, text, offsets[token] if token < len(offsets) else len(text))
        return self.notation_error(spot, err)

    def _card_list(self, parser: TurnParser, text: str, value: Value) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards written in `text` (a value of the setup), and the token where each is written."""
        try:
            return parser.cards_only(text)
        except NotationError as err:
            raise self._value_error(value, text, err) from None

    def _one_card(self, parser: TurnParser, value: Value) -> int:
        if value[KIND] == SCALAR and not value[NULL]:
            hit = parser.common.get(value[DATA])
            if hit is not None and hit[0] == W_CARD:
                return hit[1]  # one word already known as a card: what cards_only would give, without the list
        text = self._text(value)
        cards = self._card_list(parser, text, value)[0]
        if len(cards) != 1:
            raise _fail(self._at(value), self.msg("one_card", found=text))
        return cards[0]

    def _character(self, value: Value) -> int:
        """The character (its index) a setup's `character:` names; a misspelt one is offered characters, not cards."""
        word = self._text(value).strip()
        index = -2 - self.names.cards.get(normalise(word), 0)
        if not 0 <= index < len(self.t.character_ids):
            raise _fail(self._at(value), self.hint(self.msg("not_character", word=word), word,
                                                   self.names.character_spellings))
        return index

    def _country(self, parser: TurnParser, value: Value) -> int:
        if value[KIND] == SCALAR and not value[NULL]:
            side = self.names.countries_raw.get(value[DATA])
            if side is not None:
                return side  # a country code as the content writes it: what country_only would give
        text = self._text(value)
        try:
            return parser.country_only(text)
        except NotationError as err:
            raise self._value_error(value, text, err) from None

    def _extensions(self, pair) -> frozenset[str]:
        if pair is None:
            return frozenset()
        chosen: list[str] = []
        named = self.names.extensions
        for text, value in self._words(pair[1]):
            if text in EXTENSIONS:  # an id as the writer writes it: what the reading below gives, in one step
                chosen.append(text)
                continue
            # a name of several words stays whole between commas (`special items, 특별 물건`)
            words = [w for part in text.split(",") for w in ([part] if normalise(part) in named else part.split())]
            for word in words:
                key = word.lower()
                if key == "all":
                    chosen.extend(EXTENSIONS)
                elif key != "none":
                    key = named.get(normalise(word))
                    if key is None:
                        raise _fail(self._at(value), self.msg("unknown_extension", word=word,
                                                                allowed=", ".join(EXTENSIONS)))
                    chosen.append(key)
        return frozenset(chosen)

    # -- turns -----------------------------------------------------------------------------------------------

    def _turn(self, value: Value, parser: TurnParser) -> Turn:
        """A turn written as one text (`- "Mina: draw coat"`) or as a one-key mapping (`- Mina: draw coat`)."""
        kind, data, line, col, _ = value
        if kind == SCALAR:
            return self._text_turn(data, line, col, parser)
        if kind == MAPPING and len(data) == 1:
            key, clauses = data[0]
            if clauses[KIND] != SCALAR or key[KIND] != SCALAR:
                raise _fail(self._at(clauses), self.msg("turn_text"))
            text = "" if clauses[NULL] else clauses[DATA]
            return self._text_turn(text, clauses[LINE], clauses[COL], parser, key)
        raise _fail(self._at(value), self.msg("turn_shape"))

    def _text_turns(self, record: Record, texts: list[str], line: int, col: int, parser: TurnParser) -> None:
        """The turns `Name: clauses` written one per line from 0-based `line` on, each at column `col`: who
        plays each and its clauses' text, as `_text_turn` reads them. (This runs for every line of every record
        checked: each name is looked up once, and only a line whose name is not a player, or that has no clauses
        after an ASCII colon, is read on its own, by `_text_turn`, which reads or refuses it.)"""
        parts = list(map(str.partition, texts, repeat(":")))  # (name, colon, clauses), without a Python loop
        names = list(map(itemgetter(0), parts))
        seat_of = {}
        distinct = set(names)
        for name in distinct:
            seat = parser.player_of(name.strip())
            if seat >= 0:
                seat_of[name] = seat
        seats = list(map(seat_of.get, names))
        bodies = list(map(itemgetter(2), parts))
        # a name that is not a player's, no clauses, or no ASCII colon (tested without comparing every seat and
        # body: `None in seats` compares an int with None the slow way)
        if len(seat_of) < len(distinct) or not all(bodies):
            for k, seat in enumerate(seats):
                if seat is None or not bodies[k]:
                    turn = self._text_turn(texts[k], line + k, col, parser)
                    seats[k] = turn.player
                    bodies[k] = turn.text[turn.base:]
        record.seats = seats
        record.bodies = bodies
        record.turn = lambda k: self._text_turn(texts[k], line + k, col, parser)

    def _text_turn(self, text: str, line: int, col: int, parser: TurnParser, key: Value | None = None) -> Turn:
        """The turn in `text`, which starts at 0-based `line`:`col`: `Name: clauses` (the name ends at the first
        colon, or the full-width one a Japanese input method types), or only the clauses when the name is the
        mapping `key` they are written under."""
        turn = Turn()
        if key is None:
            base = text.find(":") + 1 or text.find("：") + 1
            if not base:
                raise _fail(Position(self.src.path, line + 1, col + 1), self.msg("turn_shape"))
            name = text[:base - 1]
            turn.key = None
        else:
            base = 0
            name = key[DATA]
            turn.key = self._spot(key, name)
        turn.player = parser.player_of(name.strip())
        turn.line = line
        turn.col = col
        turn.text = text
        turn.base = base
        if turn.player < 0:
            message = self.msg("unknown_player", name=name.strip(), players=", ".join(self.seat_names))
            raise _fail(self.src.position(turn.player_at), self.hint(message, name.strip(), self.seat_names))
        return turn

