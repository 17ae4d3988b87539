"""The travel game's words in one language: card and country names, rule texts, and the checker's phrases.

Everything the checker and the simulator print lives in `content/travel/<lang>.yaml` (rules under `rules`, the
reports' own phrases under `check`), so a new language is a new file; the punctuation that joins texts (a list's
comma) is the language's own, in `content/common/<lang>.yaml`, read with it.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ... import files
from ...content.folders import languages
from ...content.load import load_texts
from ...content.texts import Texts
from ...errors import InputError, Position
from .cards import FAMILY_KEYS, Tables

GAME_DIR = "travel"


@lru_cache(maxsize=32)
def _load(root: str, lang: str, versions: tuple[tuple[int, int], tuple[int, int] | None]) -> Texts:
    return load_texts(Path(root), GAME_DIR, lang)


def load_words(root: Path, lang: str) -> Texts:
    """The texts of `content/common/<lang>.yaml` and `content/travel/<lang>.yaml`; a language without a travel
    file is an InputError."""
    folder = files.content(root)
    version = folder.version(f"{GAME_DIR}/{lang}.yaml")
    if version is None:
        known = ", ".join(languages(root)) or "none"
        raise InputError.at(Position(f"content/{GAME_DIR}/{lang}.yaml"),
                            f"no travel texts for language '{lang}' (available: {known})", "usage")
    return _load(str(root), lang, (version, folder.version(f"common/{lang}.yaml")))


class Words:
    """Look-ups the reports need, in one language."""

    def __init__(self, texts: Texts, tables: Tables):
        self.texts = texts
        self.t = tables
        self._rule_values = dict(tables.rules)

    def __call__(self, key: str, /, **values: object) -> str:
        return self.texts.get(f"check.{key}", **values)

    def card(self, c: int) -> str:
        if c < 0:
            return self.character(-c - 2)
        return self.texts.get(f"{FAMILY_KEYS[self.t.family[c]]}.{self.t.ids[c]}.name")

    def cards(self, cards: Iterable[int]) -> str:
        cards = list(cards)
        return self.texts.listed(self.card(c) for c in cards) if cards else self("nothing")

    def character(self, index: int) -> str:
        return self.texts.get(f"characters.{self.t.character_ids[index]}.name")

    def country(self, side: int) -> str:
        code = self.t.side_codes[side]
        return f"{self.texts.get(f'countries.{code}.name')} ({code})"

    def rule_title(self, rule: str) -> str:
        return self.texts.get(f"rules.{rule}.title")

    def rule_text(self, rule: str) -> str:
        return self.texts.get(f"rules.{rule}.text", **self._rule_values)
