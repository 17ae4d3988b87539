"""The turn-line notation: what a person writes for one turn, parsed into clauses.

    turn     := clause { ";" clause }
    clause   := "empty" tail                              the empty-hand draw at the start of a turn (R18)
              | "draw" tail                               R9
              | "recycle" cards "->" cards tail           R10: paid, then taken from the discard pile
                    (the "->" and what follows may be left out where the clause ends: a mousetrap stopped it)
              | "trade" PLAYER cards "for" cards ["refused"] tail        R11, R12
              | "steal" PLAYER ["pay" cards] ["->" card] tail            R13
              | "travel" COUNTRY { "with" card ["for" card] } tail       R14-R16 (stand-ins named only by choice)
              | "drop" card ["with"] card tail            R29: a forbidden item and one other card
              | "play" card ARGS tail                     R23; ARGS as the card's effect kind reads them (kinds/):
                    draw: ["->"] | search_draw_pile: ["->"] cards | swap_with_draw_pile: cards "->"
                    steal_choice: PLAYER ["pay" cards] ["->" card] | extra_action: nothing
              | PLAYER card                               a reaction (mousetrap, padlock) to the clause before
    tail     := { card [event] | "+" card [event] | "-" card | "reshuffle" }
                a card (bare or "+card") is a card drawn; "-card" is a card discarded for the hand limit
    event    := "[" { PLAYER tail } "]"                   what each player did for the event just drawn

Commas separate freely; `→` may stand for `->`. Cards, countries and players are matched by names.py, and so are
the words above: the grammar's (English) words, or any language's words for them (`content/travel/<lang>.yaml`,
`check.words`: `교환` for `trade`). Positions are token indices, turned into a character offset (and so into
file:line:col) only when a message needs one.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import NamedTuple

from ...content.matching import normalise
from .cards import Tables
from .kinds.base import PlayArgs
from .names import AMBIGUOUS, NameIndex


class Mark(IntEnum):
    """What a word of a tail is: a card drawn (bare, or `+card`), a card discarded for the hand limit (`-card`), or
    a reshuffle."""

    DRAW = 0
    PLUS = 1
    MINUS = 2
    RESHUFFLE = 3


class ClauseKind(IntEnum):
    EMPTY = 0
    DRAW = 1
    RECYCLE = 2
    TRADE = 3
    STEAL = 4
    TRAVEL = 5
    DROP = 6
    PLAY = 7
    REACT = 8
    TAIL = 9


class WordClass(IntEnum):
    """What a token is; the classes from MARKED on end a name of several words."""

    OTHER = 0
    KEYWORD = 1
    CARD = 2
    PLAYER = 3
    MARKED = 4
    ARROW = 5
    PUNCT = 6
    BAD = 7


#: one token: an arrow, a bracket, `;` or `,`, a word (with a leading `+` or `-`), or any other mark alone
TOKENS = re.compile(r"->|→|[\[\];,]|[+-]?(?:[^\s\[\];,>+→-]|-(?!>))+|\S")
WORD = re.compile(r"[+-]?(?:[^\s\[\];,>+→-]|-(?!>))+")
PUNCT = frozenset("[];,")
ARROWS = frozenset(("->", "→"))
NO_CARD = -1 << 31

#: the full-width marks a Japanese or Chinese input method types, and the ideographic comma, as the notation's
#: own marks (one character for one, so every offset stays where it was written)
WIDE_MARKS = str.maketrans("；，、＋－＞［］", ";,,+->[]")


def tokenize(text: str) -> list[str]:
    """The tokens of a turn line (full-width marks read as the notation's own)."""
    return TOKENS.findall(text.translate(WIDE_MARKS))


def token_offsets(text: str) -> list[int]:
    """The character offset of every token of `text` (the same tokens `tokenize` gives)."""
    return [match.start() for match in TOKENS.finditer(text.translate(WIDE_MARKS))]


class NotationError(Exception):
    """A turn line that cannot be read: `key` names the message (check.errors.notation.<key>), at token `at`."""

    def __init__(self, at: int, key: str, **facts: str):
        super().__init__(key)
        self.at = at
        self.key = key
        self.facts = facts


class EventPart(NamedTuple):
    """What one player did for an event (`Mina -coat`), written in brackets after the event card."""

    player: int
    at: int
    tail: list[Written]


class Written(NamedTuple):
    """One word of a clause's tail: a card drawn (`kind` DRAW bare, PLUS `+card`), a card discarded for the hand
    limit (MINUS, `-card`) or a reshuffle (RESHUFFLE, `card` -1); an event drawn carries its parts."""

    kind: Mark
    card: int
    at: int
    event: list[EventPart] | None = None

    @property
    def drawn(self) -> bool:
        return self.kind <= Mark.PLUS


class WrittenStandIn(NamedTuple):
    """`with card [for item]` of a travel: the stand-in, the item it stands for (-1: not said), where."""

    card: int
    item: int
    at: int


class Clause(NamedTuple):
    """One clause of a turn line; positions are token indices. Which fields a clause fills depends on its kind:
    `who` a player (a trade's or steal's other player, a reaction's reactor), `card` a card or `side` a country,
    `a` and `b` the card lists before and after the arrow (or `for`), `a_at` and `b_at` where each of their cards
    is written, `arrow` where that word is, `tail` what is written after the action."""

    kind: ClauseKind
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


#: what a token means: its class, and a keyword, a card, a seat, a normalised word, or (mark, meaning of the rest)
Meaning = tuple[WordClass, object]


class Vocabulary:
    """What a word means for the content's names, shared by every record (each record's parser then knows its
    players); each word is worked out once."""

    def __init__(self, names: NameIndex):
        self.names = names
        self.known: dict[str, Meaning] = {}

    def classify(self, word: str) -> Meaning:
        hit = self.known.get(word)
        if hit is None:
            hit = self._classify(word)
            if len(self.known) < 200_000:
                self.known[word] = hit
        return hit

    def _classify(self, word: str) -> Meaning:
        if word in ARROWS:
            return WordClass.ARROW, None
        if word in PUNCT:
            return WordClass.PUNCT, None
        if not WORD.fullmatch(word):
            return WordClass.BAD, None
        if word[0] in "+-":
            inner = self._classify(word[1:])
            if inner[0] in (WordClass.CARD, WordClass.OTHER):
                return WordClass.MARKED, (word[0], inner)
            return WordClass.BAD, None
        norm = normalise(word)
        key = self.names.keywords.get(norm)
        if key:
            return WordClass.KEYWORD, key
        if norm in self.names.multi_first:
            return WordClass.OTHER, norm
        code = self.names.cards.get(norm)
        if code is not None:
            return WordClass.CARD, code
        return WordClass.OTHER, norm


class TurnParser:
    """Parses turn lines for one record: knows its players and the content's names. Each reading step takes the
    line's tokens `tok`, their count `n` and the index `i` to read from, and returns what it read with the index
    after it."""

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, players: dict[str, int]):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.players = players

    def kind(self, word: str) -> Meaning:
        """(class, value) of a token: PLAYER -> seat, CARD -> card, KEYWORD -> keyword, MARKED -> (mark, class
        and value of the unmarked word), OTHER -> normalised text."""
        hit = self.vocabulary.classify(word)
        if hit[0] == WordClass.OTHER:
            seat = self.players.get(str(hit[1]))
            if seat is not None:
                return WordClass.PLAYER, seat
        return hit

    # -- entry points --------------------------------------------------------------------------------------

    def parse(self, text: str) -> list[Clause]:
        return self.parse_tokens(tokenize(text))

    def parse_tokens(self, tok: list[str]) -> list[Clause]:
        """The clauses of a turn line's tokens (`tokenize`)."""
        n = len(tok)
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
        tok = tokenize(text)
        n = len(tok)
        cards, at, i = self.cards(tok, 0, n)
        if i < n:
            raise NotationError(i, "expected_card", found=tok[i])
        return cards, at

    def country_only(self, text: str) -> int:
        """A country named alone (a transit or centre country)."""
        tok = tokenize(text)
        side, i = self._country(tok, 0, len(tok))
        if i < len(tok):
            raise NotationError(0, "unknown_country", word=text)
        return side

    # -- token helpers -------------------------------------------------------------------------------------

    def player_of(self, word: str) -> int:
        """The seat of a player named by `word`, else -1."""
        cls, value = self.kind(word)
        return value if cls == WordClass.PLAYER and isinstance(value, int) else -1

    def is_word(self, tok: list[str], i: int, n: int, keyword: str) -> bool:
        """Token `i` is the notation word `keyword` (in any language)."""
        return i < n and self.kind(tok[i]) == (WordClass.KEYWORD, keyword)

    @staticmethod
    def is_arrow(tok: list[str], i: int, n: int) -> bool:
        return i < n and tok[i] in ARROWS

    def _expect(self, tok: list[str], i: int, n: int, keyword: str) -> None:
        if not self.is_word(tok, i, n, keyword):
            raise NotationError(i, "expected_word", word=self.names.shown[keyword], found=_found(tok, i, n))

    def player(self, tok: list[str], at: int, n: int) -> int:
        """The seat of the player named at token `at` (one token)."""
        p = self.player_of(tok[at]) if at < n else -1
        if p < 0:
            raise NotationError(at, "expected_player", found=_found(tok, at, n))
        return p

    def _multi(self, tok: list[str], i: int, n: int, first: str) -> tuple[int, int]:
        """A card named by several words from token `i` on (longest match), and the index after it; NO_CARD
        and `i` when no name fits."""
        cards = self.names.cards
        for k in range(min(self.names.multi_first.get(first, 0), n - i), 1, -1):
            parts = [self.kind(p) for p in tok[i + 1:i + k]]
            if all(c in (WordClass.OTHER, WordClass.CARD, WordClass.KEYWORD) for c, _ in parts):
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
        if cls == WordClass.CARD and isinstance(value, int):
            return value, at + 1
        if cls == WordClass.OTHER:
            code, i = self._multi(tok, at, n, str(value))
            if code != NO_CARD:
                return code, i
        raise NotationError(at, "expected_card", found=tok[at])

    def cards(self, tok: list[str], i: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Bare card names until a keyword, arrow, mark, player name or punctuation other than a comma: the
        cards, the token of each, and the index after them."""
        cards: list[int] = []
        at: list[int] = []
        while i < n:
            word = tok[i]
            cls = self.kind(word)[0]
            if word == ",":
                i += 1
            elif cls in (WordClass.CARD, WordClass.OTHER, WordClass.BAD):
                at.append(i)
                code, i = self._card(tok, i, n)
                cards.append(code)
            else:
                break
        return tuple(cards), tuple(at), i

    def arrow_or_end(self, tok: list[str], i: int, n: int) -> int:
        """`i`, where an arrow must be written, or -1 where the clause ends there instead: nothing was drawn or
        taken after paying (a mousetrap stopped it: `recycle coat map; Mina mousetrap`)."""
        if i >= n or tok[i] == ";":
            return -1
        if self.is_arrow(tok, i, n):
            return i
        raise NotationError(i, "expected_arrow", found=_found(tok, i, n))

    def steal_args(self, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """`PLAYER ["pay" cards] ["->" card]` of a steal, and the index after."""
        who_pos = i
        who = self.player(tok, i, n)
        i += 1
        paid: tuple[int, ...] = ()
        paid_at: tuple[int, ...] = ()
        if self.is_word(tok, i, n, "pay"):
            paid, paid_at, i = self.cards(tok, i + 1, n)
        arrow = -1
        taken: tuple[int, ...] = ()
        taken_at: tuple[int, ...] = ()
        if self.is_arrow(tok, i, n):
            arrow = i
            taken, taken_at, i = self.cards(tok, i + 1, n)
        return PlayArgs(who, who_pos, paid, paid_at, arrow, taken, taken_at), i

    def _country(self, tok: list[str], at: int, n: int) -> tuple[int, int]:
        """The country named from token `at` on (a code, or a name of up to four words), and the index after."""
        if at < n:
            side = self.names.countries_raw.get(tok[at])
            if side is not None and (at + 1 >= n or self.kind(tok[at + 1])[0] >= WordClass.MARKED):
                return side, at + 1
        if at >= n or self.kind(tok[at])[0] >= WordClass.MARKED:
            raise NotationError(at, "expected_country", found=_found(tok, at, n))
        names = self.names.countries
        best = None
        for k in range(1, min(4, n - at) + 1):
            if self.kind(tok[at + k - 1])[0] >= WordClass.MARKED:
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
        cls, value = self.kind(word)
        if cls == WordClass.KEYWORD:
            read = _CLAUSE_READERS.get(str(value))
            if read is not None:
                return read(self, tok, at, at + 1, n)
        if cls == WordClass.PLAYER:
            who = self.player(tok, at, n)
            card, i = self._card(tok, at + 1, n)
            tail, i = self._tail(tok, i, n)
            return Clause(ClauseKind.REACT, at, who, at, card, at + 1, tail=tail), i
        if cls == WordClass.MARKED or (cls == WordClass.KEYWORD and value == "reshuffle"):
            tail, i = self._tail(tok, at, n)
            return Clause(ClauseKind.TAIL, at, tail=tail), i
        if cls >= WordClass.ARROW:
            raise NotationError(at, "unexpected", word=word)
        if cls == WordClass.CARD and isinstance(value, int) and self.t.kind[value].reaction is not None:
            raise NotationError(at, "reaction_alone", word=word)  # `- Mina: mousetrap`
        raise NotationError(at, "expected_action", word=word, **self.names.shown)

    def _c_empty(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.EMPTY, at, tail=tail), i

    def _c_draw(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.DRAW, at, tail=tail), i

    def _c_recycle(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        paid, paid_at, i = self.cards(tok, i, n)
        arrow = self.arrow_or_end(tok, i, n)
        taken: tuple[int, ...] = ()
        taken_at: tuple[int, ...] = ()
        if arrow >= 0:
            taken, taken_at, i = self.cards(tok, i + 1, n)
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.RECYCLE, at, a=paid, a_at=paid_at, b=taken, b_at=taken_at, tail=tail,
                      arrow=arrow), i

    def _c_trade(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        who = self.player(tok, i, n)
        give, give_at, j = self.cards(tok, i + 1, n)
        self._expect(tok, j, n, "for")
        get, get_at, k = self.cards(tok, j + 1, n)
        refused = self.is_word(tok, k, n, "refused")
        tail, k = self._tail(tok, k + refused, n)
        return Clause(ClauseKind.TRADE, at, who, i, a=give, a_at=give_at, b=get, b_at=get_at, refused=refused,
                      tail=tail, arrow=j), k

    def _c_steal(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        args, i = self.steal_args(tok, i, n)
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.STEAL, at, args.who, args.who_pos, a=args.a, a_at=args.a_at, b=args.b,
                      b_at=args.b_at, tail=tail, arrow=args.arrow), i

    def _c_travel(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        side_at = i
        side, i = self._country(tok, i, n)
        standins: list[WrittenStandIn] = []
        while self.is_word(tok, i, n, "with"):
            standin_at = i + 1
            standin, i = self._card(tok, standin_at, n)
            item = -1
            if self.is_word(tok, i, n, "for"):
                item, i = self._card(tok, i + 1, n)
            standins.append(WrittenStandIn(standin, item, standin_at))
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.TRAVEL, at, card_pos=side_at, side=side, standins=standins, tail=tail), i

    def _c_drop(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        card_at = i
        forbidden, i = self._card(tok, i, n)
        if self.is_word(tok, i, n, "with"):
            i += 1
        paired_at = i
        paired, i = self._card(tok, i, n)
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.DROP, at, card=forbidden, card_pos=card_at, a=(paired,), a_at=(paired_at,),
                      tail=tail), i

    def _c_play(self, tok: list[str], at: int, i: int, n: int) -> tuple[Clause, int]:
        """`play CARD`, then what the card's kind reads."""
        card_at = i
        c, i = self._card(tok, i, n)
        args, i = self.t.kind[c].read(self, tok, i, n) if c >= 0 else (PlayArgs(), i)
        tail, i = self._tail(tok, i, n)
        return Clause(ClauseKind.PLAY, at, args.who, args.who_pos, c, card_at, args.a, args.a_at, args.b, args.b_at,
                      tail=tail, arrow=args.arrow), i

    def _tail(self, tok: list[str], i: int, n: int, in_event: bool = False) -> tuple[list[Written], int]:
        """Cards drawn (bare or `+card`, each maybe with its event), `-card` discards and `reshuffle`, up to
        the end of the clause, or of an event entry when `in_event`; and the index after them."""
        out: list[Written] = []
        while i < n:
            at = i
            word = tok[i]
            cls, value = self.kind(word)
            i += 1
            if cls == WordClass.CARD and isinstance(value, int):
                mark, code = Mark.DRAW, value
            elif cls == WordClass.MARKED and isinstance(value, tuple):
                sign, (inner_cls, inner) = value
                mark = Mark.PLUS if sign == "+" else Mark.MINUS
                if inner_cls == WordClass.CARD:
                    code = inner
                else:
                    code, i = self._named_card(tok, at, n, str(inner), word[1:])
            elif cls == WordClass.OTHER:
                mark = Mark.DRAW
                code, i = self._named_card(tok, at, n, str(value), word)
            elif cls == WordClass.PUNCT:
                if word == "," or (word == ";" and in_event):
                    continue
                if word == ("]" if in_event else ";"):
                    return out, at
                raise NotationError(at, "bracket_after_event" if word == "[" else "unexpected", word=word)
            elif cls == WordClass.KEYWORD and value == "reshuffle":
                out.append(Written(Mark.RESHUFFLE, -1, at))
                continue
            elif cls == WordClass.PLAYER and in_event:
                return out, at
            else:
                raise NotationError(at, "unexpected", word=word)
            event = None
            if i < n and tok[i] == "[":
                event, i = self._event_entries(tok, i + 1, n, i)
            out.append(Written(mark, code, at, event))
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
        entries: list[EventPart] = []
        while True:
            while i < n and (tok[i] == "," or tok[i] == ";"):
                i += 1
            if i >= n:
                raise NotationError(start, "unclosed_bracket")
            if tok[i] == "]":
                return entries, i + 1
            at = i
            p = self.player(tok, at, n)
            tail, i = self._tail(tok, at + 1, n, True)
            entries.append(EventPart(p, at, tail))


def _found(tok: list[str], i: int, n: int) -> str:
    """The word an error found at token `i` ("" at the end of the line)."""
    return tok[i] if i < n else ""


def _unambiguous(tok: list[str], i: int, code: int) -> int:
    """`code` of the card named from token `i` on, unless that name fits several cards."""
    if code == AMBIGUOUS:
        raise NotationError(i, "ambiguous_name", word=tok[i])
    return code


#: per clause keyword: the method reading the clause (its arguments and tail)
_CLAUSE_READERS: dict[str, Callable[[TurnParser, list[str], int, int, int], tuple[Clause, int]]] = {
    "empty": TurnParser._c_empty, "draw": TurnParser._c_draw, "recycle": TurnParser._c_recycle,
    "trade": TurnParser._c_trade, "steal": TurnParser._c_steal, "travel": TurnParser._c_travel,
    "drop": TurnParser._c_drop, "play": TurnParser._c_play,
}
