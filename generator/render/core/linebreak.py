"""Where a line may break, per script: the pieces a paragraph is cut into for fitting (`textfit`).

- Latin and other spaced scripts, and Korean, break at spaces only (Korean keeps whole words: keep-all).
- Japanese and Chinese break between characters where the Unicode line-breaking algorithm (UAX #14, ICU's strict
  rules, which are kinsoku: no line starts with 、。」） or a small kana, none ends with 「（) allows it; at first only
  where that is also a phrase boundary (BudouX), so a line never splits a word where a reader would not expect it.
- In unspaced text a number stays with the word after it ("3枚", "×1セット"), a sign of relation, operation or range
  with what it binds ("A～E＝その", "1～16"), and a name the language file defines
  (`keep`: card, country and character names, kinds, decks) is never cut, unless it alone is wider than its box; a
  name with spaces ("Pocket Knife", "주머니 칼") is one piece, its spaces kept, cut at them only as a fallback.
- A word the language's `typography` keeps with the word before it (`Bound`: Korean dependent nouns, "할 수", "되찾을
  수도") is one piece with that word, its space kept, cut at it only where the two are wider than the box; in unspaced
  text a line never breaks just before one.
- A piece wider than its box is cut finer (`finer`): a word into syllables with a hyphen (pyphen), a phrase into
  UAX #14 units, and at last into characters (grapheme clusters).

ICU does the UAX #14 and grapheme work: uniseg, in pure Python, took 0.5 ms a character (50 s for a 100,000
character word), ICU 0.1 µs. Every step here is linear in the length of the text.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterator, NamedTuple, Protocol

import budoux
import icu
import pyphen

NO_BREAK_SPACE = "\u00a0"
BREAKING_SPACE = re.compile(r"[^\S\u00a0]+")  # any white space except the no-break space
#: languages whose phrases BudouX knows, and its parser for each
PHRASE_PARSERS = {"ja": budoux.load_default_japanese_parser, "zh": budoux.load_default_simplified_chinese_parser,
                  "zh-hant": budoux.load_default_traditional_chinese_parser}
#: a paragraph longer than this is broken at UAX #14 units only (BudouX costs ~12 µs a character)
PHRASE_LIMIT = 4000
#: a word longer than this is not hyphenated but cut into characters (no dictionary has such words)
HYPHENATE_LIMIT = 64
#: words of a language that BudouX cuts though a reader never would ("1枚ず|つめくって"), kept whole like names
UNCUT_WORDS = {"ja": ("ずつ",)}
#: words of a language that go with the word after them, which BudouX ends a phrase after ("その|人の手番")
DETERMINERS = {"ja": ("この", "その", "あの", "どの")}
#: signs of relation, range and operation in unspaced text: no line ends with one, which binds what follows it
#: ("A～E＝|その縦列" broke after the equals sign); a relation or range binds what precedes it too, so no line starts
#: with one ("A～E|＝その", "1|～16"), where an operation may ("赤タイル|×1セット")
SIGNS = frozenset("＝≠＜＞≦≧～〜＋－×÷±")
RELATIONS = frozenset("＝≠＜＞≦≧～〜")
#: full-width punctuation that ends a clause: a phrase ends after it, though BudouX may run on ("…たら：|R A>A")
CLAUSE_ENDS = frozenset("、。，．：；！？")
#: a quotation in curly quotes, and the most words one may have to be held whole (`quoted`)
QUOTED = re.compile(r"[“‘][^“”‘’\n]{1,40}[”’]")
QUOTED_WORDS = 4
#: where a compound name may part in a justified line (`compound_seams`): a word in kanji beside one in katakana
COMPOUND_SEAM = frozenset(("ideograph", "katakana"))
#: how freely a justified line may cut the phrase that does not fit it (`filling`), each level where the one before
#: would spread the line far: as a line usually is cut; also at a compound name's seams and inside a katakana word;
#: also inside a name; anywhere UAX #14 allows. Inside a word, at LOOSE and INNER, two letters stay on each side.
TIGHT, LOOSE, INNER, ANY = range(4)
LEVELS = (TIGHT, LOOSE, INNER, ANY)
CLAUSE_MARKS = "".join(sorted(CLAUSE_ENDS)) + "）」』"  # what may follow a phrase's last letter


class Bound(NamedTuple):
    """What a language keeps with the word before it (`typography` in `content/common/<lang>.yaml`): `words` a
    line does not start with while the line above can hold them with that word, each alone or followed, inside the
    same word, by any run of `endings` (Korean: "수", "수도", "때만", "것입니다"), then by punctuation or nothing;
    but not one of `exceptions`, another word that only looks so (Korean "바로", right, is not 바 + 로)."""

    words: tuple[str, ...] = ()
    endings: tuple[str, ...] = ()
    exceptions: tuple[str, ...] = ()


NO_BOUND = Bound()


class Piece(NamedTuple):
    """A run of text no line breaks inside. `glue` is drawn after it when the next piece is on the same line (a
    space, or nothing between two characters), `end` when a line ends after it (a hyphen in a broken word).
    `inside`: a line ending after it cuts a phrase (a part of `filling`), which a line may do but had better not."""

    text: str
    glue: str = " "
    end: str = ""
    inside: bool = False


def between_characters(lang: str) -> bool:
    """Whether `lang` is written without spaces, so its lines break between characters (Japanese, Chinese)."""
    return _phrase_parser(lang) is not None


def unspaced(word: str) -> bool:
    """Whether `word` holds characters of a script written without spaces (kana, kanji, hanzi, CJK punctuation and
    full-width forms): Hangul and every script below U+2E80 are written with spaces."""
    return any(ord(ch) >= 0x2E80 and not ("\uac00" <= ch <= "\ud7a3" or "\u3130" <= ch <= "\u318f") for ch in word)


def pieces(paragraph: str, lang: str, keep: tuple[str, ...] = (), bound: Bound = NO_BOUND) -> tuple[Piece, ...]:
    """The pieces of one paragraph (no line feeds) at the coarsest breaks: words, and phrases of unspaced text;
    never inside a name of `keep`, between a number and the word it counts, nor before a word of `bound`."""
    out: list[Piece] = []
    for word in _words(paragraph, keep, bound):
        if unspaced(word):
            out += _glued(_cut(word, _held(word, _phrase_boundaries(word, lang), keep, lang, bound=bound)))
        else:
            out.append(Piece(word))
    return tuple(out)


def units(paragraph: str, lang: str, keep: tuple[str, ...] = (), bound: Bound = NO_BOUND) -> tuple[Piece, ...]:
    """The pieces of one paragraph at every break UAX #14 allows in unspaced text (still words elsewhere), but
    for those inside a name of `keep`, between a number and the word it counts or before a word of `bound`."""
    out: list[Piece] = []
    for word in _words(paragraph, keep, bound):
        out += (_glued(_cut(word, _held(word, _uax14_boundaries(word, lang), keep, lang, bound=bound)))
                if unspaced(word) else [Piece(word)])
    return tuple(out)


def _held(word: str, allowed: list[int], keep: tuple[str, ...], lang: str, level: int = TIGHT,
          bound: Bound = NO_BOUND) -> list[int]:
    """`allowed` without the breaks that would cut a name of `keep` (or one of the language's `UNCUT_WORDS`), part
    a digit from the unspaced character after it (a counter: 3枚, 1セット, 2人), a sign from what it binds
    ("A～E＝その": `SIGNS`) or a determiner from its word ("その人"). At `LOOSE` (a justified line that would be spread far) a name may part at its compound seams
    ("禁止|アイテム", "アイテム|カード": `compound_seams`) and a determiner from its word; at `INNER` and `ANY`
    a name more freely still (`_name_holds`), as Japanese books are set (each level where the one before would
    spread a line further than `textfit.WIDEST_SPREAD`). At every level no break is just before a word of
    `bound`."""
    held = {at for at in allowed if word[at - 1].isdigit() and unspaced(word[at])
            or word[at - 1] in SIGNS or word[at] in RELATIONS}
    before = _unspaced_pattern(bound.words)
    if before is not None:
        held.update(found.start() for found in before.finditer(word))
    names = _names_pattern(keep + UNCUT_WORDS.get(lang, ()))
    if names is not None:
        for found in names.finditer(word):
            holds = _name_holds(found.group(), keep, level if found.group() in keep else TIGHT)
            held.update(found.start() + at for at in holds)
    determiners = _names_pattern(DETERMINERS.get(lang, ())) if level == TIGHT else None
    if determiners is not None:
        held.update(found.end() for found in determiners.finditer(word))
    return [at for at in allowed if at not in held] if held else allowed


@lru_cache(maxsize=4096)
def _name_holds(name: str, keep: tuple[str, ...], level: int) -> frozenset[int]:
    """Where a line may not break inside `name` at `level`: anywhere at TIGHT; but at its `compound_seams` from
    LOOSE on; but also between two of its letters of kana or kanji, a letter or more from its ends, at INNER
    ("アク|ション", not "アクショ|ン"), and anywhere between them at ANY. A rule citation ("（R9、R17）") stays whole."""
    seams = compound_seams(name, keep) if level > TIGHT else frozenset()

    def free(at: int) -> bool:
        letters = _script(name[at - 1]) is not None and _script(name[at]) is not None
        return at in seams or letters and (level == ANY or level == INNER and at not in (1, len(name) - 1))

    return frozenset(at for at in range(1, len(name)) if not free(at))


@lru_cache(maxsize=4096)
def compound_seams(name: str, keep: tuple[str, ...]) -> frozenset[int]:
    """Where a compound name may part in a justified line that would be spread far: where its kanji meet its
    katakana ("国|カード", "禁止|アイテム"), or another name of `keep` begins or ends inside it, two letters or more
    on each side ("アイテム|カード", "キャラクター|カード"; not "日本|語", nor "読み|手")."""
    seams = {at for at in range(1, len(name)) if {_script(name[at - 1]), _script(name[at])} == COMPOUND_SEAM}
    for other in keep:
        if other != name and len(other) > 1:
            if name.startswith(other) and len(name) - len(other) > 1:
                seams.add(len(other))
            if name.endswith(other) and len(name) - len(other) > 1:
                seams.add(len(name) - len(other))
    return frozenset(seams)


@lru_cache(maxsize=64)
def _names_pattern(keep: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern finding every name of `keep` that could be cut (unspaced, two characters or more), the longest
    first where names overlap."""
    names = sorted({name for name in keep if len(name) > 1 and unspaced(name)}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, names))) if names else None


def finer(piece: Piece, lang: str) -> tuple[Piece, ...]:
    """`piece` cut at the next finer breaks, the last part keeping its glue: a name with spaces (or words held by
    no-break spaces) into its words, a phrase into UAX #14 units, a spaced word into hyphenated syllables, anything
    else (or what did not cut) into characters (hyphenated in a script that hyphenates)."""
    words = piece.text.split()  # every white space, the no-break space too
    if len(words) > 1:
        return tuple(Piece(word) for word in words[:-1]) + (Piece(words[-1], piece.glue, piece.end),)
    parts: list[str] = []
    hyphen = ""
    if unspaced(piece.text):
        parts = _uax14(piece.text, lang)
    elif len(piece.text) <= HYPHENATE_LIMIT and piece.text.isalpha():
        parts, hyphen = _syllables(piece.text, lang), "-"
    if len(parts) <= 1:  # a word broken where no dictionary would: still hyphenated, but not Hangul or CJK
        parts = _graphemes(piece.text)
        hyphen = "" if unspaced(piece.text) or any("\uac00" <= ch <= "\ud7a3" for ch in piece.text) else "-"
    if len(parts) <= 1:
        return (piece,)
    return tuple(Piece(part, "", hyphen) for part in parts[:-1]) + (Piece(parts[-1], piece.glue, piece.end),)


@lru_cache(maxsize=65536)
def filling(piece: Piece, lang: str, keep: tuple[str, ...] = (), level: int = TIGHT,
            bound: Bound = NO_BOUND) -> tuple[Piece, ...]:
    """A phrase of unspaced text cut at the breaks UAX #14 allows, but not inside a name of `keep`, between a
    number and its counter, inside a katakana word ("プレイヤー") or after a determiner ("その|人"; more loosely at a
    higher `level`: `_held`, a katakana word but a letter from its end) or before the phrase's last letter
    ("できませ|ん。"):
    what a line too short at phrase breaks may take of the next phrase (Japanese is set that way). Anything else
    stays whole."""
    if not unspaced(piece.text):
        return (piece,)
    word = piece.text
    allowed = [at for at in _held(word, _uax14_boundaries(word, lang), keep, lang, level, bound)
               if not (_katakana(word[at - 1]) and _katakana(word[at]) and level < ANY
                       and (level == TIGHT or not _inner(word, at)))
               and len(word[at:].rstrip(CLAUSE_MARKS)) > 1]
    parts = _cut(word, allowed)
    if len(parts) <= 1:
        return (piece,)
    return tuple(Piece(part, "", "", True) for part in parts[:-1]) + (piece._replace(text=parts[-1]),)


def _inner(word: str, at: int) -> bool:
    """Whether a break at `at` between two katakana letters leaves two or more of the word on each side."""
    return at >= 2 and at + 1 < len(word) and _katakana(word[at - 2]) and _katakana(word[at + 1])


def within_word(before: str, after: str) -> bool:
    """Whether a break between two letters is likely inside a word: both hiragana ("で|きます"), both ideographs
    ("検|査"), or an ideograph and the hiragana after it (okurigana: "盗|まれ", "捨|てる"). Where katakana meets another
    script, or hiragana an ideograph, a word more likely ends ("アクション|に", "が|禁止")."""
    first, second = _script(before), _script(after)
    return first is not None and (first == second or (first, second) == ("ideograph", "hiragana"))


def _script(ch: str) -> str | None:
    if "\u3041" <= ch <= "\u309f":
        return "hiragana"
    if _katakana(ch):
        return "katakana"
    if unicodedata.category(ch) == "Lo" and ("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"):
        return "ideograph"
    return None


def _katakana(ch: str) -> bool:
    """A katakana letter or the long vowel mark (not the middle dot ・, which parts words)."""
    return "\u30a1" <= ch <= "\u30fa" or ch == "\u30fc"


def quoted(text: str) -> tuple[str, ...]:
    """The short quotations of `text` with a space in them (a label of the print dialog: “Actual size”, “실제
    크기”), quote marks included: held whole like a name with spaces, so a line does not part a label's words."""
    return tuple(dict.fromkeys(found.group() for found in QUOTED.finditer(text) if spaced(found.group())
                               and len(found.group().split()) <= QUOTED_WORDS))


def spaced(name: str) -> bool:
    """Whether `name` has a space a line could break at (a spaced name is held whole by `pieces` and `units`)."""
    return BREAKING_SPACE.search(name.strip()) is not None


@lru_cache(maxsize=64)
def _spaced_names_pattern(keep: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern finding every name of `keep` with a space in it, the longest first where names overlap, each
    space matching any run of breaking white space."""
    names = sorted({name.strip() for name in keep if spaced(name)}, key=len, reverse=True)
    if not names:
        return None
    return re.compile("|".join(BREAKING_SPACE.pattern.join(map(re.escape, BREAKING_SPACE.split(name)))
                               for name in names))


def _words(paragraph: str, keep: tuple[str, ...] = (), bound: Bound = NO_BOUND) -> list[str]:
    """A line breaks at a space, never at a no-break space ("passports ×12") nor inside a name of `keep`; a name
    comes out as one word, a plain space between its words ("Pocket Knife"), and so does a word of `bound` with
    the word before it ("할 수", "되찾을 수도")."""
    words = _spaced_words(paragraph, keep)
    follows = _bound_pattern(bound)
    if follows is None or len(words) < 2:
        return words
    out = words[:1]
    for word in words[1:]:
        if follows.fullmatch(word):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


@lru_cache(maxsize=64)
def _unspaced_pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern finding every unspaced word of `words` (a bound word of Japanese, say), the longest first."""
    found = sorted({word for word in words if unspaced(word)}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, found))) if found else None


@lru_cache(maxsize=64)
def _bound_pattern(bound: Bound) -> re.Pattern[str] | None:
    """A whole word that is a word of `bound`, then any run of its endings, then punctuation or nothing ("수",
    "수도", "것입니다.", "때만)"; not "수하물", nor an exception, "바로", with or without punctuation after it)."""
    if not bound.words:
        return None

    def either(words: tuple[str, ...]) -> str:
        return "|".join(map(re.escape, sorted(set(words), key=len, reverse=True)))

    after = r"(?:[^\w\u00a0].*)?"
    unless = rf"(?!(?:{either(bound.exceptions)}){after}$)" if bound.exceptions else ""
    ended = f"(?:{either(bound.endings)})*" if bound.endings else ""
    return re.compile(f"{unless}(?:{either(bound.words)}){ended}{after}", re.S)


def _spaced_words(paragraph: str, keep: tuple[str, ...]) -> list[str]:
    names = _spaced_names_pattern(keep)
    if names is None and NO_BREAK_SPACE not in paragraph:
        return paragraph.split()
    held = iter(found.span() for found in names.finditer(paragraph)) if names is not None else iter(())
    words, start, name = [], 0, next(held, None)
    for space in BREAKING_SPACE.finditer(paragraph):
        while name is not None and name[1] <= space.start():
            name = next(held, None)
        if name is not None and name[0] < space.start():  # inside a name
            continue
        words.append(paragraph[start:space.start()])
        start = space.end()
    words.append(paragraph[start:])
    return [BREAKING_SPACE.sub(" ", word) for word in words if word]


def _glued(parts: list[str]) -> list[Piece]:
    """The parts of one word: nothing between them, a space after the last."""
    return [Piece(part, "") for part in parts[:-1]] + [Piece(parts[-1])] if parts else []


@lru_cache(maxsize=16384)
def _phrase_boundaries(word: str, lang: str) -> list[int]:
    """Where BudouX ends a phrase, or a clause ends (`CLAUSE_ENDS`), and UAX #14 allows a break; UAX #14 alone for
    a language BudouX does not know or a word too long for it. Kept per word: a build breaks the same texts at
    every size it tries (callers never change the list)."""
    parser = _phrase_parser(lang)
    allowed = _uax14_boundaries(word, lang)
    if parser is None or len(word) > PHRASE_LIMIT:
        return allowed
    ends, at = set(), 0
    for phrase in parser.parse(word):
        at += len(phrase)
        ends.add(at)
    return [b for b in allowed if b in ends or word[b - 1] in CLAUSE_ENDS]


@lru_cache(maxsize=None)
def _phrase_parser(lang: str) -> budoux.Parser | None:
    make = PHRASE_PARSERS.get(lang.lower()) or PHRASE_PARSERS.get(lang.lower().split("-")[0])
    return make() if make else None


def _uax14(word: str, lang: str) -> list[str]:
    return _cut(word, _uax14_boundaries(word, lang))


def _uax14_boundaries(word: str, lang: str) -> list[int]:
    """Every position inside `word` where UAX #14 (strict, as Japanese and Chinese set type) allows a break."""
    return _boundaries(_line_iterator(lang), word)


def _graphemes(word: str) -> list[str]:
    return _cut(word, _boundaries(_character_iterator(), word))


class _BreakIterator(Protocol):
    """ICU's BreakIterator, as used here: set a text, then iterate its boundaries (UTF-16 offsets)."""

    def setText(self, text: str, /) -> None: ...  # noqa: N802 (ICU's name)
    def __iter__(self) -> Iterator[int]: ...


class _Hyphenator(Protocol):
    """pyphen's Pyphen, as used here: where a word may be hyphenated."""

    def positions(self, word: str, /) -> list[int]: ...


@lru_cache(maxsize=None)
def _line_iterator(lang: str) -> _BreakIterator:
    found: _BreakIterator = icu.BreakIterator.createLineInstance(icu.Locale(f"{lang}@lb=strict"))
    return found


@lru_cache(maxsize=None)
def _character_iterator() -> _BreakIterator:
    found: _BreakIterator = icu.BreakIterator.createCharacterInstance(icu.Locale.getRoot())
    return found


def _boundaries(iterator: _BreakIterator, text: str) -> list[int]:
    """The break positions ICU finds inside `text`, as indices into the Python string (ICU counts UTF-16 units)."""
    iterator.setText(text)
    found = list(iterator)
    if any(ord(ch) > 0xFFFF for ch in text):
        index: dict[int, int] = {}
        at = 0
        for n, ch in enumerate(text):
            index[at] = n
            at += 2 if ord(ch) > 0xFFFF else 1
        found = [index[b] for b in found if b in index]
    return [b for b in found if 0 < b < len(text)]


def _cut(word: str, at: list[int]) -> list[str]:
    edges = [0, *at, len(word)]
    return [word[a:b] for a, b in zip(edges, edges[1:]) if b > a]


def _syllables(word: str, lang: str) -> list[str]:
    """`word` cut where the language's hyphenation dictionary allows (none: the word whole)."""
    dictionary = _hyphenator(lang)
    if dictionary is None:
        return [word]
    return _cut(word, dictionary.positions(word))


@lru_cache(maxsize=None)
def _hyphenator(lang: str) -> _Hyphenator | None:
    name = pyphen.language_fallback(lang.replace("-", "_"))
    found: _Hyphenator | None = pyphen.Pyphen(lang=name, left=2, right=3) if name else None
    return found
