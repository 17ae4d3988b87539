"""The turn-line parser as it was before it kept its token index in locals (commit ff853e5), kept only here: the
property test in test_travel_notation.py reads generated lines with it and with the product's parser, and both
must give the same clauses or the same error at the same token."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from generator.content.matching import normalise
from generator.games.travel.cards import K_BLOCK, K_CANCEL, K_DRAW, K_SEARCH, K_STEAL_CHOICE, K_SWAP, Tables
from generator.games.travel.names import AMBIGUOUS, NameIndex
from generator.games.travel.notation import (
    _ARROWS, _DRAW_WORD, C_DRAW, C_DROP, C_EMPTY, C_PLAY, C_REACT, C_RECYCLE, C_STEAL, C_TAIL, C_TRADE, C_TRAVEL,
    E_DRAW, E_MINUS, E_PLUS, E_RESHUFFLE, NO_CARD, W_ARROW, W_BAD, W_CARD, W_KEYWORD, W_MARKED, W_OTHER, W_PLAYER,
    W_PUNCT, EventPart, NotationError, Vocabulary, Written, WrittenStandIn, tokenize,
)

_new = tuple.__new__


class Named(NamedTuple):
    """A card a clause names, and where (its token index)."""

    card: int
    at: int



@dataclass(slots=True)
class Clause:
    """One clause of a turn line; positions are token indices. Which fields a clause fills depends on its kind:
    `who` a player (a trade's or steal's other player, a reaction's reactor), `card` a card or `side` a country,
    `a` and `b` the card lists before and after the arrow (or `for`), `arrow` where that word is, `tail` what is
    written after the action."""

    kind: int
    pos: int
    who: int = -1
    who_pos: int = 0
    card: int = -1
    card_pos: int = 0
    a: Sequence[Named] = ()
    b: Sequence[Named] = ()
    side: int = -1
    refused: bool = False
    standins: Sequence[WrittenStandIn] = ()
    tail: Sequence[Written] = ()
    arrow: int = -1


class ReferenceParser:
    """Parses turn lines for one record: knows its players and the content's names."""

    def __init__(self, tables: Tables, names: NameIndex, vocabulary: Vocabulary, players: dict[str, int]):
        self.t = tables
        self.names = names
        self.vocabulary = vocabulary
        self.players = players
        self.common = vocabulary.common
        self.kinds: dict[str, tuple[int, object]] = {}
        self.tok: list[str] = []
        self.i = 0
        self.n = 0

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
        tok = self.tok = tokenize(text)
        if len(tok) == 2:  # the commonest line, `draw coat`: read as _clause reads it, in one step
            common = self.common
            hit = common.get(tok[1])
            if hit is not None and hit[0] == W_CARD and common.get(tok[0]) == _DRAW_WORD:
                return [Clause(C_DRAW, 0, tail=[_new(Written, (E_DRAW, hit[1], 1, None))])]
        self.i = 0
        self.n = len(tok)
        clauses = []
        while True:
            clauses.append(self._clause())
            if self.i >= self.n:
                return clauses
            word = self.tok[self.i]
            if word != ";":
                raise NotationError(self.i, "expected_semicolon", word=word)
            self.i += 1

    def cards_only(self, text: str) -> list[Named]:
        """A plain list of card names (a starting hand, a passport), nothing else."""
        hit = self.common.get(text)
        if hit is not None and hit[0] == W_CARD:
            return [_new(Named, (hit[1], 0))]  # one word already known as a card (`common` holds single tokens only)
        self.tok = tokenize(text)
        self.i = 0
        self.n = len(self.tok)
        out = self._cards()
        if self.i < self.n:
            raise NotationError(self.i, "expected_card", found=self.tok[self.i])
        return out

    def country_only(self, text: str) -> int:
        side = self.names.countries_raw.get(text)
        if side is not None:
            return side  # a country code exactly as the content writes it: one token, nothing after it
        self.tok = tokenize(text)
        self.i = 0
        self.n = len(self.tok)
        side = self._country()
        if self.i < self.n:
            raise NotationError(0, "unknown_country", word=text)
        return side

    # -- token helpers -------------------------------------------------------------------------------------

    def player_of(self, word: str) -> int:
        """The seat of a player named by `word`, else -1 (names are in `kinds` once seen)."""
        hit = self.kinds.get(word) or self.kind(word)
        return hit[1] if hit[0] == W_PLAYER else -1

    def _found(self) -> str:
        return self.tok[self.i] if self.i < self.n else ""

    def _accept(self, keyword: str) -> bool:
        if self.i < self.n:
            word = self.tok[self.i]
            if (self.common.get(word) or self.kind(word)) == (W_KEYWORD, keyword):
                self.i += 1
                return True
        return False

    def _expect(self, keyword: str) -> int:
        at = self.i
        if not self._accept(keyword):
            raise NotationError(at, "expected_word", word=self.names.shown[keyword], found=self._found())
        return at

    def _accept_arrow(self) -> int:
        if self.i < self.n and self.tok[self.i] in _ARROWS:
            self.i += 1
            return self.i - 1
        return -1

    def _expect_arrow(self) -> int:
        at = self._accept_arrow()
        if at < 0:
            raise NotationError(self.i, "expected_arrow", found=self._found())
        return at

    def _player(self) -> tuple[int, int]:
        at = self.i
        if at < self.n:
            hit = self.kinds.get(self.tok[at])  # player_of, inlined for the name seen before
            p = hit[1] if hit is not None and hit[0] == W_PLAYER else self.player_of(self.tok[at])
        else:
            p = -1
        if p < 0:
            raise NotationError(at, "expected_player", found=self._found())
        self.i = at + 1
        return p, at

    def _multi(self, first: str) -> int:
        """A card named by several words from the current token on (longest match); advances past it."""
        i = self.i
        tok = self.tok
        cards = self.names.cards
        for k in range(min(self.names.multi_first.get(first, 0), self.n - i), 1, -1):
            parts = [self.kind(p) for p in tok[i + 1:i + k]]
            if all(c in (W_OTHER, W_CARD, W_KEYWORD) for c, _ in parts):
                code = cards.get(first + "".join(normalise(p) for p in tok[i + 1:i + k]))
                if code is not None:
                    return self._checked(code, i + k)
        code = cards.get(first)
        return NO_CARD if code is None else self._checked(code, i + 1)

    def _checked(self, code: int, nxt: int) -> int:
        if code == AMBIGUOUS:
            raise NotationError(self.i, "ambiguous_name", word=self.tok[self.i])
        self.i = nxt
        return code

    def _card(self) -> Named:
        at = self.i
        if at >= self.n:
            raise NotationError(at, "expected_card", found="")
        cls, value = self.kind(self.tok[at])
        if cls == W_CARD:
            self.i = at + 1
            return _new(Named, (value, at))
        code = self._multi(value) if cls == W_OTHER else NO_CARD
        if code == NO_CARD:
            raise NotationError(at, "expected_card", found=self.tok[at])
        return _new(Named, (code, at))

    def _cards(self) -> list[Named]:
        """Bare card names until a keyword, arrow, mark, player name or punctuation other than a comma."""
        out = []
        tok = self.tok
        common = self.common
        kinds = self.kinds
        n = self.n
        i = self.i
        while i < n:
            word = tok[i]
            hit = common.get(word) or kinds.get(word) or self.kind(word)
            cls = hit[0]
            if cls == W_CARD:
                out.append(_new(Named, (hit[1], i)))
                i += 1
            elif word == ",":
                i += 1
            elif cls == W_OTHER or cls == W_BAD:
                self.i = i
                out.append(self._card())
                i = self.i
            else:
                break
        self.i = i
        return out

    def _country(self) -> int:
        at = self.i
        if at < self.n:
            side = self.names.countries_raw.get(self.tok[at])
            if side is not None and (at + 1 >= self.n or self.kind(self.tok[at + 1])[0] >= W_MARKED):
                self.i = at + 1
                return side
        if at >= self.n or self.kind(self.tok[at])[0] >= W_MARKED:
            raise NotationError(at, "expected_country", found=self._found())
        names = self.names.countries
        best = None
        for k in range(1, min(4, self.n - at) + 1):
            if self.kind(self.tok[at + k - 1])[0] >= W_MARKED:
                break
            side = names.get("".join(normalise(p) for p in self.tok[at:at + k]))
            if side is not None:
                best = side, at + k
        if best is None:
            raise NotationError(at, "unknown_country", word=self.tok[at])
        self.i = best[1]
        return best[0]

    # -- grammar -------------------------------------------------------------------------------------------

    def _clause(self) -> Clause:
        at = self.i
        if at >= self.n or self.tok[at] == ";":
            raise NotationError(at, "empty_clause")
        word = self.tok[at]
        cls, value = self.common.get(word) or self.kinds.get(word) or self.kind(word)
        start = _CLAUSE_START.get(value) if cls == W_KEYWORD else None
        if start is not None:
            self.i = at + 1
            cl = Clause(start[0], at)
            if start[1] is not None:
                start[1](self, cl)
        elif cls == W_PLAYER:
            cl = Clause(C_REACT, at)
            cl.who, cl.who_pos = self._player()
            cl.card, cl.card_pos = self._card()
        elif cls == W_MARKED or (cls == W_KEYWORD and value == "reshuffle"):
            cl = Clause(C_TAIL, at)
        elif cls >= W_ARROW:
            raise NotationError(at, "unexpected", word=word)
        elif cls == W_CARD and value >= 0 and self.t.kind[value] in (K_CANCEL, K_BLOCK):
            raise NotationError(at, "reaction_alone", word=word)
        else:
            raise NotationError(at, "expected_action", word=word, **self.names.shown)
        if self.i < self.n:
            cl.tail = self._tail(False)
        return cl

    def _at_clause_end(self) -> bool:
        return self.i >= self.n or self.tok[self.i] == ";"

    def _c_draw(self, cl: Clause) -> None:
        if self._accept("pay"):
            cl.a = self._cards()
            if not self._at_clause_end():
                cl.arrow = self._expect_arrow()

    def _c_recycle(self, cl: Clause) -> None:
        cl.a = self._cards()
        if not self._at_clause_end():
            cl.arrow = self._expect_arrow()
            cl.b = self._cards()

    def _c_trade(self, cl: Clause) -> None:
        cl.who, cl.who_pos = self._player()
        cl.a = self._cards()
        cl.arrow = self._expect("for")
        cl.b = self._cards()
        cl.refused = self._accept("refused")

    def _c_steal(self, cl: Clause) -> None:
        cl.who, cl.who_pos = self._player()
        if self._accept("pay"):
            cl.a = self._cards()
        cl.arrow = self._accept_arrow()
        if cl.arrow >= 0:
            cl.b = self._cards()

    def _c_travel(self, cl: Clause) -> None:
        cl.card_pos = self.i
        cl.side = self._country()
        while self._accept("with"):
            standin, at = self._card()
            item = self._card()[0] if self._accept("for") else -1
            if not cl.standins:
                cl.standins = []
            cl.standins.append(WrittenStandIn(standin, item, at))

    def _c_drop(self, cl: Clause) -> None:
        cl.card, cl.card_pos = self._card()
        self._accept("with")
        cl.a = [self._card()]

    def _c_play(self, cl: Clause) -> None:
        cl.card, cl.card_pos = self._card()
        kind = self.t.kind[cl.card] if cl.card >= 0 else 0
        if kind == K_DRAW:
            self._accept_arrow()
        elif kind == K_SEARCH:
            cl.arrow = self._accept_arrow()
            cl.b = self._cards()
        elif kind == K_SWAP:
            cl.a = self._cards()
            if not self._at_clause_end():
                cl.arrow = self._expect_arrow()
        elif kind == K_STEAL_CHOICE:
            self._c_steal(cl)

    def _tail(self, in_event: bool) -> list[Written]:
        """Cards drawn (bare or `+card`, each maybe with its event), `-card` discards and `reshuffle`, up to
        the end of the clause, or of an event entry when `in_event`."""
        out = []
        tok = self.tok
        common = self.common
        kinds = self.kinds
        n = self.n
        i = self.i
        while i < n:
            at = i
            word = tok[i]
            cls, value = common.get(word) or kinds.get(word) or self.kind(word)
            if cls == W_CARD:
                etype = E_DRAW
                code = value
                i += 1
            elif cls == W_MARKED:
                etype = E_PLUS if value[0] == "+" else E_MINUS
                inner_cls, code = value[1]
                if inner_cls == W_CARD:
                    i += 1
                else:
                    self.i = i
                    code = self._multi(code)
                    i = self.i
            elif cls == W_OTHER:
                etype = E_DRAW
                self.i = i
                code = self._multi(value)
                i = self.i
            elif cls == W_PUNCT:
                if word == "," or (word == ";" and in_event):
                    i += 1
                    continue
                if word == ("]" if in_event else ";"):
                    break
                raise NotationError(i, "bracket_after_event" if word == "[" else "unexpected", word=word)
            elif cls == W_KEYWORD and value == "reshuffle":
                out.append(Written(E_RESHUFFLE, -1, i))
                i += 1
                continue
            elif cls == W_PLAYER and in_event:
                break
            else:
                raise NotationError(i, "unexpected", word=word)
            if code == NO_CARD:
                raise NotationError(at, "unknown_card", word=word[1:] if cls == W_MARKED else word)
            sub = None
            if i < n and tok[i] == "[":
                self.i = i + 1
                sub = self._event_entries(i)
                i = self.i
            out.append(_new(Written, (etype, code, at, sub)))
        self.i = i
        return out

    def _event_entries(self, start: int) -> list[EventPart]:
        entries = []
        tok = self.tok
        n = self.n
        while True:
            i = self.i
            while i < n and (tok[i] == "," or tok[i] == ";"):
                i += 1
            if i >= n:
                raise NotationError(start, "unclosed_bracket")
            if tok[i] == "]":
                self.i = i + 1
                return entries
            self.i = i
            p, at = self._player()
            entries.append(_new(EventPart, (p, at, self._tail(True))))


#: per clause keyword: the clause kind and the method reading its arguments (None: the tail follows at once)
_CLAUSE_START = {
    "empty": (C_EMPTY, None), "draw": (C_DRAW, ReferenceParser._c_draw), "recycle": (C_RECYCLE, ReferenceParser._c_recycle),
    "trade": (C_TRADE, ReferenceParser._c_trade), "steal": (C_STEAL, ReferenceParser._c_steal),
    "travel": (C_TRAVEL, ReferenceParser._c_travel), "drop": (C_DROP, ReferenceParser._c_drop),
    "play": (C_PLAY, ReferenceParser._c_play),
}
