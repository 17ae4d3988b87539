"""`pnp check` for travel records: read and replay a record; report.py says who won (or how things stand) or
the first broken rule, where, why, and what the table looked like just before.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ...checking import did_you_mean
from ...content.folders import languages
from ...content.texts import file_words
from ... import files
from .cards import tables_for
from .model import travel_game
from .names import NameIndex
from .notation import Vocabulary
from .record import TOP_KEYS as RECORD_KEYS  # noqa: F401 (pnp check names a wrong `game:` by them)
from .record import RecordReader
from .replay import Replay
from .report import Report
from .texts import Words, load_words

if TYPE_CHECKING:
    from ...content.load import Content


class Checker:
    """What checking needs from the content, prepared once per content and language."""

    def __init__(self, content: Content, lang: str):
        self.t = tables_for(travel_game(content))
        self.words = Words(content.texts("travel", lang), self.t)
        self.names = NameIndex(self.t, [load_words(content.root, other) for other in languages(content.root)], lang)
        self.vocabulary = Vocabulary(self.names)

    def reader(self) -> RecordReader:
        """Reads a record's text in this checker's language (`check_text`; the studio's step-through too)."""
        words = self.words
        return RecordReader(self.t, self.names, self.vocabulary, lambda name, /, **v: words(f"errors.{name}", **v),
                            partial(did_you_mean, words.texts),
                            lambda name, /, **v: words.texts.get(f"checking.{name}", **v))

    def check_text(self, text: str, path: str) -> Report:
        """Check record `text` (named `path` in messages); malformed input raises InputError."""
        record = self.reader().read(text, path)
        outcome = Replay(self.t, record).run()
        record.read_rest(outcome.turns)
        return Report(record, outcome, self.words, self.t)


_CHECKERS: dict[tuple[int, str], tuple[object, Checker]] = {}


def checker_for(content: Content, lang: str) -> Checker:
    """The Checker for this content object and language (kept while the content object is the same)."""
    key = (id(content), lang)
    hit = _CHECKERS.get(key)
    if hit is None or hit[0] is not content:
        if len(_CHECKERS) > 8:
            _CHECKERS.clear()
        hit = (content, Checker(content, lang))
        _CHECKERS[key] = hit
    return hit[1]


def read_record(path: str, say: Callable[..., str]) -> str:
    """The record file's text with `\n` line ends; a missing, unreadable, oversized or non-UTF-8 file, or one
    that is not a regular file, is an InputError (messages from `say`: the report's language)."""
    text = files.text_of(path, path, say)
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def check_text(text: str, path: str, content: Content, lang: str) -> Report:
    """Check record `text` (named `path` in messages); malformed input raises InputError."""
    return checker_for(content, lang).check_text(text, path)


def check_file(path: str, content: Content, lang: str) -> Report:
    """The checker's entry point for `pnp check` (generator/checking.py): a Report with `.ok`, `.to_text()`,
    `.to_json()`.

    Malformed input (a file that cannot be read, bad YAML, a word that is not notation) raises InputError."""
    checker = checker_for(content, lang)
    return checker.check_text(read_record(path, file_words(checker.words.texts)), path)
