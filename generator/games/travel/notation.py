"""The turn-line notation: what a person writes for one turn, parsed into clauses.

    turn     := clause { ";" clause }
    clause   := "empty" tail                              the empty-hand draw at the start of a turn (R18)
              | "draw" ["pay" cards "->"] tail            R9; R35: the cards sold before the draw
              | "recycle" cards "->" cards tail           R10: paid, then taken from the discard pile
                    (the "->" and what follows may be left out where the clause ends: a mousetrap stopped it)
              | "trade" PLAYER cards "for" cards ["refused"] tail        R11, R12
              | "steal" PLAYER ["pay" cards] ["->" card] tail            R13
              | "travel" COUNTRY { "with" card ["for" card] } tail       R14-R16 (stand-ins named only by choice)
              | "drop" card ["with"] card tail            R29: a forbidden item and one other card
              | "play" card ARGS tail                     R23; ARGS by the card's effect kind:
                    draw: nothing | search_draw_pile: ["->"] cards | swap_with_draw_pile: cards "->"
                    steal_choice: PLAYER ["pay" cards] ["->" card] | extra_action: nothing
              | PLAYER card                               a reaction (mousetrap, padlock) to the clause before
    tail     := { card [event] | "+" card [event] | "-" card | "reshuffle" }
                a card (bare or "+card") is a card drawn; "-card" is a card discarded for the hand limit
    event    := "[" { PLAYER tail } "]"                   what each player did for the event just drawn

Commas separate freely; `→` may stand for `->`. Cards, countries and players are matched by names.py, and so are
the words above: the grammar's (English) words, or any language's words for them (`content/travel/<lang>.yaml`,
`check.words`: `교환` for `trade`).

Speed (a check reads tens of thousands of lines a second): a line is split into token strings by plain string
calls (see tokenize), each token's meaning is one dict look-up, and every position is a token index, turned into
a character offset (and so into file:line:col) only when a message needs it.
"""
from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from ...content.matching import normalise
from .cards import K_BLOCK, K_CANCEL, K_DRAW, K_SEARCH, K_STEAL_CHOICE, K_SWAP, Tables
from .names import AMBIGUOUS, NameIndex

# What a tail's word is (Written.kind)
E_DRAW, E_PLUS, E_MINUS, E_RESHUFFLE = range(4)
# Clause kinds
C_EMPTY, C_DRAW, C_RECYCLE, C_TRADE, C_STEAL, C_TRAVEL, C_DROP, C_PLAY, C_REACT, C_TAIL = range(10)

_WORD = r"[+-]?(?:[^\s\[\];,>+→-]+|-(?!>))+"
_TOKENS = re.compile(rf"->|→|[\[\];,]|{_WORD}|\S")
_WORD_FULL = re.compile(_WORD)
_PUNCT = frozenset("[];,")
NO_CARD = -1 << 31
_ARROWS = frozenset(("->", "→"))

#: makes a NamedTuple from its fields in one C call: a NamedTuple's own `__new__` is a Python function, which in
#: the parser's loops cost as much as reading the word (`_new(Clause, fields)` is `Clause(*fields)`)
_new = tuple.__new__

# Word classes: what a token is (one dict lookup per token once a word has been seen)
W_OTHER, W_KEYWORD, W_CARD, W_PLAYER, W_MARKED, W_ARROW, W_PUNCT, W_BAD = range(8)
_DRAW_WORD = (W_KEYWORD, "draw")
#: the fields of a `draw <card>` clause before its tail (the tail, then arrow -1, follow)
_DRAW_FIELDS = (C_DRAW, 0, -1, 0, -1, 0, (), (), (), (), -1, False, ())


#: the full-width marks a Japanese or Chinese input method types, and the ideographic comma, as the notation's
#: own marks (one character for one, so every offset stays where it was written)
WIDE_MARKS = str.maketrans("；，、＋－＞［］", ";,,+->[]")


def tokenize(text: str) -> list[str]:
    """The tokens _TOKENS finds, several times faster than the regex: once the marks that are tokens of their
    own are spaced out (`_spaced`), splitting at whitespace gives the same tokens. A `>` outside `->` (never
    written on purpose) is left to the regex."""
    if not text.isascii():
        text = text.translate(WIDE_MARKS)
    if ">" in text and ">" in text.replace("->", ""):
        return _TOKENS.findall(text)
    return _spaced(text).split()


def spaced_lines(texts: list[str]) -> list[str] | None:
    """Each text spaced out as `tokenize` spaces it, so that `.split()` gives its tokens: done for all the texts
    at once (a record's turn lines), which costs less than spacing each. None when a text holds a line break or
    a `>` outside `->` (then `tokenize` reads each)."""
    if not texts:
        return []
    text = "\n".join(texts)
    if not text.isascii():
        text = text.translate(WIDE_MARKS)
    if text.count(">") != text.count("->"):  # (two counts cost less than a copy without the arrows)
        return None
    lines = _spaced(text).split("\n")
    return lines if len(lines) == len(texts) else None


def _spaced(text: str) -> str:
    """`text` (its full-width marks already read as the notation's) with a space on each side of the marks that
    are tokens of their own (and before `+`, which starts a word). (A mark absent is skipped: most lines hold
    none of them, and `in` is cheaper than `replace`; written out, not looped over, as it runs for every line.)"""
    if ">" in text:
        text = text.replace("->", " -> ")
    if "[" in text:
        text = text.replace("[", " [ ")
    if "]" in text:
        text = text.replace("]", " ] ")
    if ";" in text:
        text = text.replace(";", " ; ")
    if "," in text:
        text = text.replace(",", " , ")
    if "+" in text:
        text = text.replace("+", " +")
    if not text.isascii() and "→" in text:
        text = text.replace("→", " → ")
    return text


def token_offsets(text: str) -> list[int]:
    """The character offset of every token of `text` (the same tokens `tokenize` gives). Every character that
    is not whitespace belongs to a token, so each token is the next occurrence of its text."""
    offsets = []
    at = 0
    if not text.isascii():
        text = text.translate(WIDE_MARKS)
    for token in tokenize(text):
        at = text.index(token, at)
        offsets.append(at)
        at += len(token)
    return offsets


class NotationError(Exception):
    """A turn line that cannot be read: `key` names the message (check.errors.notation.<key>), at token `at`."""

    def __init__(self, at: int, key: str, **facts):
        super().__init__(key)
        self.at = at
        self.key = key
        self.facts = facts


class EventPart(NamedTuple):
    """What one player did for an event (`Mina -coat`), written in brackets after the event card."""

    player: int
    at: int
    tail: list["Written"]


class Written(NamedTuple):
    """One word of a clause's tail: a card drawn (`kind` E_DRAW bare, E_PLUS `+card`), a card discarded for the
    hand limit (E_MINUS, `-card`) or a reshuffle (E_RESHUFFLE, `card` -1); an event drawn carries its parts."""

    kind: int
    card: int
    at: int
    event: list[EventPart] | None = None


class WrittenStandIn(NamedTuple):
    """`with card [for item]` of a travel: the stand-in, the item it stands for (-1: not said), where."""

    card: int
    item: int
    at: int


class Clause(NamedTuple):
    """One clause of a turn line; positions are token indices. Which fields a clause fills depends on its kind:
    `who` a player (a trade's or steal's other player, a reaction's reactor), `card` a card or `side` a country,
    `a` and `b` the card lists before and after the arrow (or `for`), `a_at` and `b_at` where each of their cards
    is written, `arrow` where that word is, `tail` what is written after the action. (Plain int tuples, not a
    record per card: the replay's actions take the lists as they are. The parser makes each clause with `_new`
    from all fields in this order.)"""

    kind: int
    pos: int
    who: int = -1
    who_pos: int = 0
    card: int = -1
    card_pos: int = 0
    a: tuple[int, ...] = ()
    a_at: tuple[int, ...] = ()
    b: tuple[int, ...] = ()
    b_at: tuple[int, ...] = ()
    side: int = -1
    refused: bool = False
    standins: Sequence[WrittenStandIn] = ()
    tail: Sequence[Written] = ()
    arrow: int = -1


class Vocabulary:
    """What a word means for the content's names, shared by every record: `common` maps each word seen so far
    that is a keyword, card, marked card, arrow or punctuation; `other` the rest (player names, unknown words),
    which each record's parser then resolves against its players."""

    def __init__(self, names: NameIndex):
        self.names = names
        self.common: dict[str, tuple[int, object]] = {}
        self.other: dict[str, tuple[int, object]] = {}

    def classify(self, word: str) -> tuple[int, object]:
        hit = self.common.get(word) or self.other.get(word)
        if hit is None:
            hit = self._classify(word)
            known = self.other if hit[0] == W_OTHER else self.common
            if len(known) < 200_000:
                known[word] = hit
        return hit

    def _classify(self, word: str) -> tuple[int, object]:
        if word in _ARROWS:
            return W_ARROW, None
        if word in _PUNCT:
            return W_PUNCT, None
        if not _WORD_FULL.fullmatch(word):
            return W_BAD, None
        if word[0] in "+-":
            inner = self._classify(word[1:])
            return (W_MARKED, (word[0], inner)) if inner[0] in (W_CARD, W_OTHER) else (W_BAD, None)
        norm = normalise(word)
        key = self.names.keywords.get(norm)
        if key:
            return W_KEYWORD, key
        if norm in self.names.multi_first:
            return W_OTHER, norm
        code = self.names.cards.get(norm)
        if code is not None:
            return W_CARD, code
        return W_OTHER, norm


class TurnParser:
    """Parses turn lines for one record: knows its players and the content's names.

    Each reading step takes the line's tokens `tok`, their count `n` and the index `i` to read from, and returns
    what it read with the index after it; each clause is made once, from all its fields. (An index kept in the
    parser and a clause filled in field by field took 8% more instructions for the lines that are not `draw
    <card>`.)"""

    __slots__ = ("t", "names", "vocabulary", "players", "common", "kinds")

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, players: dict[str, int]):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.players = players
        self.common = vocabulary.common
        self.kinds: dict[str, tuple[int, object]] = {}

    def kind(self, word: str) -> tuple[int, object]:
        """(class, value) of a token: W_PLAYER -> seat, W_CARD -> card, W_KEYWORD -> keyword,
        W_MARKED -> (mark, class and value of the unmarked word), W_OTHER -> normalised text."""
        hit = self.common.get(word) or self.kinds.get(word)
        if hit is None:
            hit = self.vocabulary.classify(word)
            if hit[0] == W_OTHER:
                seat = self.players.get(hit[1])
                if seat is not None:
                    hit = W_PLAYER, seat
                self.kinds[word] = hit
        return hit

    # -- entry points --------------------------------------------------------------------------------------

    def parse(self, text: str) -> list[Clause]:
        return self.parse_tokens(tokenize(text))

    def parse_tokens(self, tok: list[str]) -> list[Clause]:
        """The clauses of a turn line's tokens (`tokenize`)."""
        n = len(tok)
        if n == 2:  # the commonest line, `draw coat`: read as _clause reads it, in one step
            common = self.common
            hit = common.get(tok[1])
            if hit is not None and hit[0] == W_CARD and common.get(tok[0]) == _DRAW_WORD:
                return [_new(Clause, _DRAW_FIELDS + ([_new(Written, (E_DRAW, hit[1], 1, None))], -1))]
        clauses = []
        i = 0
        while True:
            clause, i = self._clause(tok, i, n)
            clauses.append(clause)
            if i >= n:
                return clauses
            if tok[i] != ";":
                raise NotationError(i, "expected_semicolon", word=tok[i])
            i += 1

    def cards_only(self, text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A plain list of card names (a starting hand, a passport), nothing else: the cards, and the token
        where each is written."""
        common = self.common
        hit = common.get(text)
        if hit is not None and hit[0] == W_CARD:
            return (hit[1],), (0,)  # one word already known as a card (`common` holds single tokens only)
        if text.isascii():  # words known as cards: an ASCII card name holds no mark, so each word is a token
            cards = []
            for word in text.split():
                hit = common.get(word)
                if hit is None or hit[0] != W_CARD:
                    break
                cards.append(hit[1])
            else:
                return tuple(cards), tuple(range(len(cards)))
        tok = tokenize(text)
        n = len(tok)
        cards, at, i = self._cards(tok, 0, n)
        if i < n:
            raise NotationError(i, "expected_card", found=tok[i])
        return cards, at

    def country_only(self, text: str) -> int:
        side = self.names.countries_raw.get(text)
        if side is not None:
            return side  # a country code exactly as the content writes it: one token, nothing after it
        tok = tokenize(text)
        side, i = self._country(tok, 0, len(tok))
        if i < len(tok):
            raise NotationError(0, "unknown_country", word=text)
        return side

    # -- token helpers -------------------------------------------------------------------------------------

    def player_of(self, word: str) -> int:
        """The seat of a player named by `word`, else -1 (names are in `kinds` once seen)."""
        hit = self.kinds.get(word) or self.kind(word)
        return hit[1] if hit[0] == W_PLAYER else -1

    def _is(self, tok: list[str], i: int, n: int, keyword: str) -> bool:
        """Token `i` is the notation word `keyword` (in any language)."""
        if i < n:
            word = tok[i]
            hit = self.common.get(word) or self.kind(word)
            return hit[0] == W_KEYWORD and hit[1] == keyword  # (two compares cost less than one of tuples)
        return False

    def _expect(self, tok: list[str], i: int, n: int, keyword: str) -> None:
        if not self._is(tok, i, n, keyword):
            raise NotationError(i, "expected_word", word=self.names.shown[keyword], found=_found(tok, i, n))

    def _player(self, tok: list[str], at: int, n: int) -> int:
        """The seat of the player named at token `at` (one token)."""
        if at < n:
            hit = self.kinds.get(tok[at])  # player_of, inlined for the name seen before
            p = hit[1] if hit is not None and hit[0] == W_PLAYER else self.player_of(tok[at])
            if p >= 0:
                return p
        raise NotationError(at, "expected_player", found=_found(tok, at, n))

    def _multi(self, tok: list[str], i: int, n: int, first: str) -> tuple[int, int]:
        """A card named by several words from token `i` on (longest match), and the index after it; NO_CARD
        and `i` when no name fits."""
        cards = self.names.cards
        for k in range(min(self.names.multi_first.get(first, 0), n - i), 1, -1):
            parts = [self.kind(p) for p in tok[i + 1:i + k]]
            if all(c in (W_OTHER, W_CARD, W_KEYWORD) for c, _ in parts):
                code = cards.get(first + "".join(normalise(p) for p in tok[i + 1:i + k]))
                if code is not None:
                    return _unambiguous(tok, i, code), i + k
        code = cards.get(first)
        return (NO_CARD, i) if code is None else (_unambiguous(tok, i, code), i + 1)

    def _card(self, tok: list[str], at: int, n: int) -> tuple[int, int]:
        """The card named at token `at`, and the index after its name."""
        if at >= n:
            raise NotationError(at, "expected_card", found="")
        cls, value = self.kind(tok[at])
        if cls == W_CARD:
            return value, at + 1
        if cls == W_OTHER:
            code, i = self._multi(tok, at, n, value)
            if code != NO_CARD:
                return code, i
        raise NotationError(at, "expected_card", found=tok[at])

    def _cards(self, tok: list[str], i: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Bare card names until a keyword, arrow, mark, player name or punctuation other than a comma: the
        cards, the token of each, and the index after them."""
        cards = []
        at = []
        common = self.common
        kinds = self.kinds
        while i < n:
            word = tok[i]
            hit = common.get(word) or kinds.get(word) or self.kind(word)
            cls = hit[0]
            if cls == W_CARD:
                cards.append(hit[1])
                at.append(i)
                i += 1
            elif word == ",":
                i += 1
            elif cls == W_OTHER or cls == W_BAD:
                at.append(i)
                code, i = self._card(tok, i, n)
                cards.append(code)
            else:
                break
        return tuple(cards), tuple(at), i

    def _country(self, tok: list[str], at: int, n: int) -> tuple[int, int]:
        """The country named from token `at` on (a code, or a name of up to four words), and the index after."""
        if at < n:
            side = self.names.countries_raw.get(tok[at])
            if side is not None and (at + 1 >= n or self.kind(tok[at + 1])[0] >= W_MARKED):
                return side, at + 1
        if at >= n or self.kind(tok[at])[0] >= W_MARKED:
            raise NotationError(at, "expected_country", found=_found(tok, at, n))
        names = self.names.countries
        best = None
        for k in range(1, min(4, n - at) + 1):
            if self.kind(tok[at + k - 1])[0] >= W_MARKED:
                break
            side = names.get("".join(normalise(p) for p in tok[at:at + k]))
            if side is not None:
                best = side, at + k
        if best is None:
            raise NotationError(at, "unknown_country", word=tok[at])
        return best

    # -- grammar: each reader gets the clause's first token `at` and the token after its keyword `i` ----------

    def _clause(self, tok: list[str], at: int, n: int) -> tuple[Clause, int]:
        if at >= n or tok[at] == ";":
            raise NotationError(at, "empty_clause")
        word = tok[at]
        cls, value = self.common.get(word) or self.kinds.get(word) or self.kind(word)
        if cls == W_KEYWORD:
            read = _CLAUSE_READERS.get(value)
            if read is not None:
                return read(self, tok, at, at + 1, n)
        if cls == W_PLAYER:
            who = self._player(tok, at, n)
            card, i = self._card(tok, at + 1, n)
            tail = ()
            if i < n:
                tail, i = self._tail(tok, i, n, False)
            return _new(Clause, (C_REACT, at, who, at, card, at + 1, (), (), (), (), -1, False, (), tail, -1)), i
        if cls == W_MARKED or (cls == W_KEYWORD and value == "reshuffle"):
            tail, i = self._tail(tok, at, n, False)
            return _new(Clause, (C_TAIL, at, -1, 0, -1, 0, (), (), (), (), -1, False, (), tail, -1)), i
        if cls >= W_ARROW:
            raise NotationError(at, "unexpected", word=word)
        if cls == W_CARD and value >= 0 and self.t.kind[value] in (K_CANCEL, K_BLOCK):  # `- Mina: mousetrap`
            raise NotationError(at, "reaction_alone", word=word)
        raise NotationError(at, "expected_action", word=word, **self.names.shown)

    def _c_empty(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_EMPTY, at, -1, 0, -1, 0, (), (), (), (), -1, False, (), tail, -1)), i

    def _c_draw(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        sold = sold_at = tail = ()
        arrow = -1
        if self._is(tok, i, n, "pay"):
            sold, sold_at, i = self._cards(tok, i + 1, n)
            arrow = _arrow_or_end(tok, i, n)
            i += arrow >= 0
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_DRAW, at, -1, 0, -1, 0, sold, sold_at, (), (), -1, False, (), tail, arrow)), i

    def _c_recycle(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        paid, paid_at, i = self._cards(tok, i, n)
        arrow = _arrow_or_end(tok, i, n)
        taken, taken_at, i = self._cards(tok, i + 1, n) if arrow >= 0 else ((), (), i)
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_RECYCLE, at, -1, 0, -1, 0, paid, paid_at, taken, taken_at, -1, False, (), tail,
                             arrow)), i

    def _c_trade(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        who = self._player(tok, i, n)
        give, give_at, j = self._cards(tok, i + 1, n)
        self._expect(tok, j, n, "for")
        get, get_at, k = self._cards(tok, j + 1, n)
        refused = self._is(tok, k, n, "refused")
        if refused:
            k += 1
        tail = ()
        if k < n:
            tail, k = self._tail(tok, k, n, False)
        return _new(Clause, (C_TRADE, at, who, i, -1, 0, give, give_at, get, get_at, -1, refused, (), tail, j)), k

    def _c_steal(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        steal, i = self._steal_args(tok, i, n)
        who, who_pos, paid, paid_at, arrow, taken, taken_at = steal
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_STEAL, at, who, who_pos, -1, 0, paid, paid_at, taken, taken_at, -1, False, (), tail,
                             arrow)), i

    def _steal_args(self, tok: list[str], i: int, n: int) -> tuple[tuple, int]:
        """`PLAYER ["pay" cards] ["->" card]` of a steal: (target, where, paid, where each, arrow or -1, taken,
        where each), and the index after."""
        who_pos = i
        who = self._player(tok, i, n)
        i += 1
        paid = paid_at = taken = taken_at = ()
        if self._is(tok, i, n, "pay"):
            paid, paid_at, i = self._cards(tok, i + 1, n)
        arrow = -1
        if i < n and tok[i] in _ARROWS:
            arrow = i
            taken, taken_at, i = self._cards(tok, i + 1, n)
        return (who, who_pos, paid, paid_at, arrow, taken, taken_at), i

    def _c_travel(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        side_at = i
        side, i = self._country(tok, i, n)
        standins = ()
        while self._is(tok, i, n, "with"):
            standin_at = i + 1
            standin, i = self._card(tok, standin_at, n)
            item = -1
            if self._is(tok, i, n, "for"):
                item, i = self._card(tok, i + 1, n)
            if not standins:
                standins = []
            standins.append(WrittenStandIn(standin, item, standin_at))
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_TRAVEL, at, -1, 0, -1, side_at, (), (), (), (), side, False, standins, tail, -1)), i

    def _c_drop(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        card_at = i
        forbidden, i = self._card(tok, i, n)
        if self._is(tok, i, n, "with"):
            i += 1
        paired_at = i
        paired, i = self._card(tok, i, n)
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_DROP, at, -1, 0, forbidden, card_at, (paired,), (paired_at,), (), (), -1, False, (),
                             tail, -1)), i

    def _c_play(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        card_at = i
        c, i = self._card(tok, i, n)
        kind = self.t.kind[c] if c >= 0 else 0
        who, who_pos, a, a_at, arrow, b, b_at = -1, 0, (), (), -1, (), ()
        if kind == K_DRAW:
            if i < n and tok[i] in _ARROWS:
                i += 1
        elif kind == K_SEARCH:  # the arrow may be left out, as after a Lucky Coin: the cards are those taken
            if i < n and tok[i] in _ARROWS:
                arrow = i
                i += 1
            b, b_at, i = self._cards(tok, i, n)
        elif kind == K_SWAP:
            a, a_at, i = self._cards(tok, i, n)
            arrow = _arrow_or_end(tok, i, n)
            i += arrow >= 0
        elif kind == K_STEAL_CHOICE:
            steal, i = self._steal_args(tok, i, n)
            who, who_pos, a, a_at, arrow, b, b_at = steal
        tail = ()
        if i < n:
            tail, i = self._tail(tok, i, n, False)
        return _new(Clause, (C_PLAY, at, who, who_pos, c, card_at, a, a_at, b, b_at, -1, False, (), tail, arrow)), i

    def _tail(self, tok: list[str], i: int, n: int, in_event: bool) -> tuple[list[Written], int]:
        """Cards drawn (bare or `+card`, each maybe with its event), `-card` discards and `reshuffle`, up to
        the end of the clause, or of an event entry when `in_event`; and the index after them."""
        out = []
        common = self.common
        kinds = self.kinds
        while i < n:
            at = i
            word = tok[i]
            cls, value = common.get(word) or kinds.get(word) or self.kind(word)
            i += 1
            if cls == W_CARD:
                etype = E_DRAW
                code = value
            elif cls == W_MARKED:
                etype = E_PLUS if value[0] == "+" else E_MINUS
                inner_cls, code = value[1]
                if inner_cls != W_CARD:
                    code, i = self._named_card(tok, at, n, code, word[1:])
            elif cls == W_OTHER:
                etype = E_DRAW
                code, i = self._named_card(tok, at, n, value, word)
            elif cls == W_PUNCT:
                if word == "," or (word == ";" and in_event):
                    continue
                if word == ("]" if in_event else ";"):
                    return out, at
                raise NotationError(at, "bracket_after_event" if word == "[" else "unexpected", word=word)
            elif cls == W_KEYWORD and value == "reshuffle":
                out.append(Written(E_RESHUFFLE, -1, at))
                continue
            elif cls == W_PLAYER and in_event:
                return out, at
            else:
                raise NotationError(at, "unexpected", word=word)
            if i < n and tok[i] == "[":
                sub, i = self._event_entries(tok, i + 1, n, i)
                out.append(_new(Written, (etype, code, at, sub)))
            else:
                out.append(_new(Written, (etype, code, at, None)))
        return out, i

    def _named_card(self, tok: list[str], at: int, n: int, first: str, word: str) -> tuple[int, int]:
        """The card whose name (of one or more words) starts with normalised `first` at token `at` in a tail, and
        the index after it; an unknown card names `word`, as written."""
        code, i = self._multi(tok, at, n, first)
        if code == NO_CARD:
            raise NotationError(at, "unknown_card", word=word)
        return code, i

    def _event_entries(self, tok: list[str], i: int, n: int, start: int) -> tuple[list[EventPart], int]:
        """The entries in the brackets opened at token `start`, and the index after the closing bracket."""
        entries = []
        while True:
            while i < n and (tok[i] == "," or tok[i] == ";"):
                i += 1
            if i >= n:
                raise NotationError(start, "unclosed_bracket")
            if tok[i] == "]":
                return entries, i + 1
            at = i
            p = self._player(tok, at, n)
            tail, i = self._tail(tok, at + 1, n, True)
            entries.append(_new(EventPart, (p, at, tail)))


def _found(tok: list[str], i: int, n: int) -> str:
    """The word an error found at token `i` ("" at the end of the line)."""
    return tok[i] if i < n else ""


def _arrow(tok: list[str], i: int, n: int) -> int:
    """`i`, where an arrow must be written."""
    if i < n and tok[i] in _ARROWS:
        return i
    raise NotationError(i, "expected_arrow", found=_found(tok, i, n))


def _arrow_or_end(tok: list[str], i: int, n: int) -> int:
    """`i`, where an arrow must be written, or -1 where the clause ends there instead: nothing was drawn or
    taken after paying (a mousetrap stopped it: `recycle coat map; Mina mousetrap`)."""
    if i >= n or tok[i] == ";":
        return -1
    return _arrow(tok, i, n)


def _unambiguous(tok: list[str], i: int, code: int) -> int:
    """`code` of the card named from token `i` on, unless that name fits several cards."""
    if code == AMBIGUOUS:
        raise NotationError(i, "ambiguous_name", word=tok[i])
    return code


#: per clause keyword: the method reading the clause (its arguments and tail)
_CLAUSE_READERS = {
    "empty": TurnParser._c_empty, "draw": TurnParser._c_draw, "recycle": TurnParser._c_recycle,
    "trade": TurnParser._c_trade, "steal": TurnParser._c_steal, "travel": TurnParser._c_travel,
    "drop": TurnParser._c_drop, "play": TurnParser._c_play,
}
