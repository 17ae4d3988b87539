"""Lint of travel's own texts: the record notation's words (`check.words`) of every language."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ...content.matching import normalise
from ...content.texts import Texts
from ...errors import Diagnostic
from .text_keys import CARD_FAMILIES, NOTATION_WORDS

if TYPE_CHECKING:
    from .model import TravelGame

#: the sections of a travel language file whose entries a record names (by id or by `name`)
NAMED_SECTIONS = ("items", "passports", "countries") + CARD_FAMILIES
#: characters that the record notation reads as marks (a notation word holding one would be split)
NOTATION_MARKS = "[];,+->→"


def notation_words(loaded: dict[str, Texts], game: TravelGame | None) -> Iterator[Diagnostic]:
    """The travel record's words (`check.words`) of every language: one word each, none a mark, and none alike
    (normalised as records are read) to another word or to a name or id a record may use, in any language, so
    each word of a record means one thing. Missing and empty words are reported as missing and empty texts."""
    names: dict[str, str] = {}
    for family in NAMED_SECTIONS if game is not None else ():
        for entry in getattr(game, family):
            for code in ([side.code for side in entry.sides] if family == "countries" else [entry.id]):
                names.setdefault(normalise(code), f"the id '{code}'")
    for lang, texts in loaded.items():
        for family in NAMED_SECTIONS:
            for key, entry in texts.section(family).items():
                names.setdefault(normalise(key), f"the id '{key}'")
                name = entry.get("name") if isinstance(entry, dict) else None
                if isinstance(name, str) and normalise(name):
                    where = f"'{name}' ({family}.{key}.name in {lang})"
                    names.setdefault(normalise(name), f"the name {where}")
                    if len(name.split()) > 1:
                        names.setdefault(normalise(name.split()[0]), f"the first word of the name {where}")
    taken = {normalise(word): (word, "") for word in NOTATION_WORDS}
    for lang, texts in loaded.items():
        for keyword in NOTATION_WORDS:
            key = f"check.words.{keyword}"
            word = texts.get(key) if texts.has(key) else ""
            if not word.strip():
                continue
            problem = _notation_word_problem(word, keyword, lang, names, taken)
            if problem:
                yield Diagnostic(texts.position(key), f"'{word}' cannot be the notation word for '{keyword}': "
                                 + problem, "notation-word", key_path=key)


def _notation_word_problem(word: str, keyword: str, lang: str, names: dict[str, str],
                           taken: dict[str, tuple[str, str]]) -> str:
    """Why `word` cannot stand for `keyword`, or ''; a good word is noted in `taken`."""
    if len(word.split()) > 1:
        return "it has a space; a notation word is one word"
    marks = [mark for mark in NOTATION_MARKS if mark in word]
    if marks:
        return f"'{marks[0]}' is a mark of the notation (" + " ".join(NOTATION_MARKS) + ")"
    norm = normalise(word)
    if not norm:
        return "it has no letters"
    if norm in names:
        return f"it is also {names[norm]}"
    other, where = taken.setdefault(norm, (keyword, lang))
    if other == keyword:
        return ""
    return f"it is also the word for '{other}' in {where}" if where else f"it is the notation's own word for '{other}'"
