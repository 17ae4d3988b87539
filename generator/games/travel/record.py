"""Read a travel record file: the setup and one parsed line per turn, every word traceable to file:line:col.

The YAML is composed once by libyaml (yamlsrc.compose: every scalar stays a string); this reader walks the
nodes itself (duplicate keys are errors) and works a word's position out of the raw source only when a message
needs it, so records replay fast.

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
from dataclasses import dataclass, field

import yaml

from ...content.yamlsrc import compose, is_null
from ...errors import Diagnostic, InputError, Position
from .cards import EXTENSIONS, Tables
from .engine import Setup
from .names import NameIndex, normalise
from .notation import Clause, NotationError, TurnParser, Vocabulary, token_offsets

TOP_KEYS = ("game", "players", "centre", "extensions", "turns", "date", "notes")
PLAYER_KEYS = ("name", "passport", "transit", "character", "hand")


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
    """One turn line: who played, the clauses, and where its words are."""

    __slots__ = ("player", "clauses", "line", "col", "text", "base", "key")

    def __init__(self, player: int, line: int, col: int, text: str, base: int, key: Spot | None):
        self.player = player
        self.clauses: list[Clause] = []
        self.line = line            # 0-based start of the scalar holding the clauses
        self.col = col
        self.text = text
        self.base = base            # where the clauses start in `text`
        self.key = key              # the player's name as a mapping key (`- Mina: draw coat`), else None

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


@dataclass
class Record:
    path: str
    source: Source
    setup: Setup
    setup_at: dict[tuple, Spot]
    turns: list[Turn] = field(default_factory=list)

    def position(self, spot: Spot) -> Position:
        return self.source.position(spot)


def _fail(position: Position, message: str) -> InputError:
    return InputError([Diagnostic(position, message, "record")])


class RecordReader:
    """Turns record text into a Record; malformed input raises InputError with the word's position."""

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, messages):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.msg = messages  # (key, **values) -> text in the report's language

    def read(self, text: str, path: str) -> Record:
        self.src = Source(path, text)
        root = compose(text, path)
        if not isinstance(root, yaml.MappingNode):
            raise _fail(self._at(root) if root is not None else Position(path, 1, 1), self.msg("not_mapping"))
        top = self._mapping(root, TOP_KEYS)
        if "game" in top and self._text(top["game"][1]) != "travel":
            raise _fail(self._at(top["game"][1]), self.msg("not_travel", found=self._text(top["game"][1])))
        for key in ("game", "players", "centre", "turns"):
            if key not in top:
                raise _fail(self._at(root), self.msg("missing_key", field=key))
        setup, setup_at, parser = self._setup(top)
        self.seat_names = setup.names
        record = Record(path, self.src, setup, setup_at)
        turns_node = top["turns"][1]
        if is_null(turns_node):
            return record
        if not isinstance(turns_node, yaml.SequenceNode):
            raise _fail(self._at(turns_node), self.msg("turns_list"))
        append = record.turns.append
        for node in turns_node.value:
            append(self._turn(node, parser))
        return record

    # -- YAML helpers ----------------------------------------------------------------------------------------

    def _at(self, node: yaml.Node) -> Position:
        return Position(self.src.path, node.start_mark.line + 1, node.start_mark.column + 1)

    @staticmethod
    def _spot(node: yaml.Node, text: str = "", offset: int = 0) -> Spot:
        return (node.start_mark.line, node.start_mark.column, text, offset)

    def _text(self, node: yaml.Node) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise _fail(self._at(node), self.msg("expected_text"))
        return "" if is_null(node) else node.value

    def _mapping(self, node: yaml.Node, allowed: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise _fail(self._at(node), self.msg("expected_mapping"))
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            key = self._text(key_node)
            if key in out:
                raise _fail(self._at(key_node), self.msg("duplicate_key", field=key))
            if key not in allowed:
                raise _fail(self._at(key_node), self.msg("unknown_key", field=key, allowed=", ".join(allowed)))
            out[key] = (key_node, value_node)
        return out

    def _words(self, node: yaml.Node) -> list[tuple[str, yaml.Node]]:
        """A list of scalars, or one scalar of comma/space separated words (kept whole for the parser)."""
        if isinstance(node, yaml.SequenceNode):
            return [(self._text(item), item) for item in node.value]
        return [(self._text(node), node)]

    # -- setup -----------------------------------------------------------------------------------------------

    def _setup(self, top) -> tuple[Setup, dict[tuple, Spot], TurnParser]:
        t = self.t
        players_node = top["players"][1]
        if not isinstance(players_node, yaml.SequenceNode) or not players_node.value:
            raise _fail(self._at(players_node), self.msg("players_list"))
        count = len(players_node.value)
        if not t.players_min <= count <= t.players_max:
            raise _fail(self._at(players_node), self.msg("player_count", count=count, min=t.players_min,
                                                           max=t.players_max))
        keywords = self.names.keywords
        names: list[str] = []
        seats: dict[str, int] = {}
        at: dict[tuple, Spot] = {}
        entries = []
        for seat, node in enumerate(players_node.value):
            fields = self._mapping(node, PLAYER_KEYS)
            for key in ("name", "passport", "transit", "hand"):
                if key not in fields:
                    raise _fail(self._at(node), self.msg("missing_key", field=key))
            name_node = fields["name"][1]
            name = self._text(name_node).strip()
            norm = normalise(name)
            if not norm or len(name.split()) > 1 or name[0] in "+-":
                raise _fail(self._at(name_node), self.msg("player_name", name=name))
            if norm in seats:
                raise _fail(self._at(name_node), self.msg("duplicate_player", name=name))
            if (norm in self.names.cards or norm in keywords or norm in self.names.countries
                    or norm in self.names.multi_first):
                raise _fail(self._at(name_node), self.msg("name_clash", name=name))
            seats[norm] = seat
            names.append(name)
            entries.append(fields)
            at[("player", seat)] = self._spot(name_node)
        parser = TurnParser(t, self.names, self.vocabulary, seats)

        passports, transits, characters, hands = [], [], [], []
        for seat, fields in enumerate(entries):
            node = fields["passport"][1]
            passports.append(self._one_card(parser, node))
            at[("passport", seat)] = self._spot(node)
            node = fields["transit"][1]
            transits.append(self._country(parser, node))
            at[("transit", seat)] = self._spot(node)
            if "character" in fields and not is_null(fields["character"][1]):
                node = fields["character"][1]
                code = self._one_card(parser, node)
                if code >= -1:
                    raise _fail(self._at(node), self.msg("not_character", word=self._text(node)))
                characters.append(-code - 2)
                at[("character", seat)] = self._spot(node)
            else:
                characters.append(-1)
                at[("character", seat)] = at[("player", seat)]
            hand = []
            for text, node in self._words(fields["hand"][1]):
                offsets = token_offsets(text)
                for code, token in self._card_list(parser, text, node):
                    at[("hand", seat, len(hand))] = self._spot(node, text, offsets[token])
                    hand.append(code)
            hands.append(hand)
            at[("hand", seat)] = self._spot(fields["hand"][1])
        centre_node = top["centre"][1]
        centre = self._country(parser, centre_node)
        at[("centre",)] = self._spot(centre_node)
        extensions = self._extensions(top.get("extensions"))
        return Setup(names, passports, transits, characters, centre, extensions, hands), at, parser

    def _notation_error(self, spot_of, text: str, err: NotationError) -> InputError:
        """`spot_of(token)` places a token of `text`; the message names the word that could not be read."""
        facts = {k: (v if v != "" else self.msg("end_of_line")) for k, v in err.facts.items()}
        return _fail(self.src.position(spot_of(err.at)), self.msg(f"notation.{err.key}", **facts))

    def _node_error(self, node: yaml.Node, text: str, err: NotationError) -> InputError:
        offsets = token_offsets(text)

        def spot(token: int) -> Spot:
            return self._spot(node, text, offsets[token] if token < len(offsets) else len(text))
        return self._notation_error(spot, text, err)

    def _card_list(self, parser: TurnParser, text: str, node: yaml.Node) -> list[tuple[int, int]]:
        try:
            return parser.cards_only(text)
        except NotationError as err:
            raise self._node_error(node, text, err) from None

    def _one_card(self, parser: TurnParser, node: yaml.Node) -> int:
        text = self._text(node)
        cards = self._card_list(parser, text, node)
        if len(cards) != 1:
            raise _fail(self._at(node), self.msg("one_card", found=text))
        return cards[0][0]

    def _country(self, parser: TurnParser, node: yaml.Node) -> int:
        text = self._text(node)
        try:
            return parser.country_only(text)
        except NotationError as err:
            raise self._node_error(node, text, err) from None

    def _extensions(self, pair) -> frozenset[str]:
        if pair is None:
            return frozenset()
        chosen: list[str] = []
        for text, node in self._words(pair[1]):
            for word in text.replace(",", " ").split():
                key = word.lower()
                if key == "all":
                    chosen.extend(EXTENSIONS)
                elif key != "none":
                    if key not in EXTENSIONS:
                        raise _fail(self._at(node), self.msg("unknown_extension", word=word,
                                                               allowed=", ".join(EXTENSIONS)))
                    chosen.append(key)
        return frozenset(chosen)

    # -- turns -----------------------------------------------------------------------------------------------

    def _turn(self, node: yaml.Node, parser: TurnParser) -> Turn:
        if type(node) is yaml.ScalarNode:
            text = node.value
            base = text.find(":") + 1
            if not base:
                raise _fail(self._at(node), self.msg("turn_shape"))
            mark = node.start_mark
            name = text[:base - 1]
            key = None
        elif type(node) is yaml.MappingNode and len(node.value) == 1:
            key_node, value_node = node.value[0]
            if type(value_node) is not yaml.ScalarNode or type(key_node) is not yaml.ScalarNode:
                raise _fail(self._at(value_node), self.msg("turn_text"))
            name = key_node.value
            mark = value_node.start_mark
            text = "" if is_null(value_node) else value_node.value
            base = 0
            key = self._spot(key_node, name)
        else:
            raise _fail(self._at(node), self.msg("turn_shape"))
        turn = Turn(parser.player_of(name.strip()), mark.line, mark.column, text, base, key)
        if turn.player < 0:
            raise _fail(self.src.position(turn.player_at), self.msg("unknown_player", name=name.strip(),
                                                                    players=", ".join(self.seat_names)))
        try:
            turn.clauses = parser.parse(text[base:] if base else text)
        except NotationError as err:
            raise self._notation_error(turn.spot, text, err) from None
        return turn
