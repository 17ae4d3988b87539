"""A character card is read once at setup and then played from memory for an hour (issue 32): its power is one
sentence a player remembers, with no condition on the number of players; the count is handled at setup."""
from __future__ import annotations

import re

import pytest

from generator.content.load import load_content
from generator.games.travel.text_keys import card_values

CONTENT = load_content()
GAME = CONTENT.games["travel"]
#: the longest power, as filled in and printed: 20 English words, and about as long to read in Korean and Japanese
#: (Korean runs near 2.3 characters an English word, Japanese near 2: the longest shipped are 53 and 43)
MOST_WORDS = 20
MOST_CHARACTERS = {"ko": 60, "ja": 50}
SENTENCE_END = {"en": ".", "ko": ".", "ja": "。"}


def printed(lang: str, character_id: str) -> str:
    character = next(c for c in GAME.characters if c.id == character_id)
    template = CONTENT.texts("travel", lang).get(f"characters.{character_id}.text")
    return template.format(**GAME.rules_params.model_dump(), **card_values(character, GAME))


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("character_id", [c.id for c in GAME.characters])
def test_a_power_is_one_short_sentence(lang, character_id):
    text = printed(lang, character_id)
    end = SENTENCE_END[lang]
    assert text.endswith(end) and text.count(end) == 1 and ";" not in text and "；" not in text, text
    if lang == "en":
        assert len(text.split()) <= MOST_WORDS, text
    else:
        assert len(text) <= MOST_CHARACTERS[lang], text


@pytest.mark.parametrize("character_id", [c.id for c in GAME.characters])
def test_a_power_names_no_player_count(character_id):
    """The count is handled at setup (the card's "3–6" mark, R33), never inside the power."""
    template = CONTENT.texts("travel", "en").get(f"characters.{character_id}.text")
    assert "{min}" not in template and "{max}" not in template
    assert not re.search(r"\bplayers?\b", printed("en", character_id)), printed("en", character_id)


def test_every_count_from_three_deals_all_six_and_two_players_deal_at_least_four():
    def dealt_at(n: int) -> list[str]:
        return [c.id for c in GAME.characters if c.players is None or c.players.min <= n <= c.players.max]

    assert all(len(dealt_at(n)) == len(GAME.characters) == 6 for n in range(3, 7))
    assert len(dealt_at(2)) >= 4
