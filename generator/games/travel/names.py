"""Names a person may write in a record: card ids or card names in any content language, countries by ISO code
or name, characters by id or name. Matching ignores case, spaces, hyphens and underscores (`Lucky coin`,
`lucky-coin`, `LUCKYCOIN` and `행운의 동전` all name the same card when the language files say so). The notation's
own words likewise: the English word (as notation.py's grammar names it) or the word any language file gives under
`check.words` (`trade` or `교환`), each one dict look-up away from the grammar's word.
"""
from __future__ import annotations

from ...content.folders import REFERENCE_LANG
from ...content.matching import normalise
from ...content.texts import Texts
from .cards import EXTENSIONS, FAMILY_KEYS, Tables
from .text_keys import NOTATION_WORDS

AMBIGUOUS = -(1 << 30)

def character_code(index: int) -> int:
    """Characters are not cards; where a card is expected they are carried as negative numbers (R33)."""
    return -index - 2


class NameIndex:
    """Normalised name -> card (characters as negative codes), country side, keyword. Messages show the notation's
    words in the language `shown` (the report's)."""

    def __init__(self, t: Tables, texts: list[Texts], shown: str = REFERENCE_LANG):
        self.t = t
        self.cards: dict[str, int] = {}
        self.countries: dict[str, int] = {}
        #: normalised first word of a multi-word name -> the most words such a name has
        self.multi_first: dict[str, int] = {}
        #: names as written in the content, for "did you mean …?": cards, characters, countries (a character is
        #: never offered where a card is wanted, nor a card where a character is)
        self.card_spellings: list[str] = list(t.ids)
        self.character_spellings: list[str] = list(t.character_ids)
        self.country_spellings: list[str] = list(t.side_codes)
        for c, card_id in enumerate(t.ids):
            self.cards[normalise(card_id)] = c
        for i, char_id in enumerate(t.character_ids):
            self.cards.setdefault(normalise(char_id), character_code(i))
        for side, code in enumerate(t.side_codes):
            self.countries[normalise(code)] = side
        #: country codes exactly as the content writes them (the common case in records)
        self.countries_raw = {code: side for side, code in enumerate(t.side_codes)}
        ids = set(self.cards)
        for words in texts:
            for c, card_id in enumerate(t.ids):
                self._add_card(words, f"{FAMILY_KEYS[t.family[c]]}.{card_id}.name", c, ids)
            for i, char_id in enumerate(t.character_ids):
                self._add_card(words, f"characters.{char_id}.name", character_code(i), ids)
            for side, code in enumerate(t.side_codes):
                if words.has(f"countries.{code}.name"):
                    name = words.get(f"countries.{code}.name")
                    self.countries.setdefault(normalise(name), side)
                    self.country_spellings.append(name)
                    self._note_words(name)
        #: normalised extension name (its id, or its name in any language, `check.extensions`) -> its id
        self.extensions = {normalise(key): key for key in EXTENSIONS}
        for words in texts:
            for key in EXTENSIONS:
                if words.has(f"check.extensions.{key}"):
                    self.extensions.setdefault(normalise(words.get(f"check.extensions.{key}")), key)
        #: normalised notation word of any language -> the grammar's word (lint keeps the words apart)
        self.keywords = {normalise(k): k for k in NOTATION_WORDS}
        #: the grammar's word -> the word messages show
        self.shown = {k: k for k in NOTATION_WORDS}
        for words in texts:
            self._add_keywords(words, words.lang == shown)

    def _add_keywords(self, words: Texts, shown: bool) -> None:
        for keyword in NOTATION_WORDS:
            key = f"check.words.{keyword}"
            word = words.get(key) if words.has(key) else ""
            if normalise(word):
                self.keywords.setdefault(normalise(word), keyword)
                if shown:
                    self.shown[keyword] = word

    def _add_card(self, words: Texts, key: str, code: int, ids: set[str]) -> None:
        if not words.has(key):
            return
        name = words.get(key)
        norm = normalise(name)
        if not norm:
            return
        self._note_words(name)
        (self.character_spellings if code < 0 else self.card_spellings).append(name)
        if norm not in ids:
            known = self.cards.get(norm)
            self.cards[norm] = code if known in (None, code) else AMBIGUOUS

    def _note_words(self, name: str) -> None:
        parts = name.split()
        if len(parts) > 1:
            first = normalise(parts[0])
            self.multi_first[first] = max(self.multi_first.get(first, 0), len(parts))
