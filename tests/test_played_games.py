"""The games played from the printed pages alone (issue 34), kept as records under tests/records: each stays a
legal record with the result it had at the table, and what playing them found stays fixed."""
from __future__ import annotations

import pytest

from generator.content.load import load_content
from generator.games.threesixteen.check import check_file as check_threesixteen
from generator.games.travel.check import check_file as check_travel

CONTENT = load_content()


def test_the_four_player_threesixteen_game_is_legal_with_its_result():
    """Copied from the printed log sheet as written, its tiles-left line included (the checker compares it)."""
    result = check_threesixteen("tests/records/threesixteen-four-players.yaml", CONTENT, "en", nodes=0).to_json()
    assert result["valid"] and result["result"]["calls"] == 48
    assert [(p["name"], p["tiles_left"], p["finished_at"]) for p in result["result"]["results"]] == [
        ("Mina", 12, None), ("Joon", 5, None), ("Sora", 0, 48), ("Dana", 42, None)]
    assert (result["result"]["winners"], result["result"]["win"]) == (["Sora"], "finished")


def test_the_four_player_travel_game_is_legal_with_its_result():
    result = check_travel("tests/records/travel-four-players.yaml", CONTENT, "en").to_json()
    assert result["valid"]
    assert (result["result"]["turns"], result["result"]["winner"]) == (
        43, {"player": "Mina", "how": "centre", "turn": 43, "card": "sunglasses"})


@pytest.mark.parametrize("lang, one_rule", [("en", "one rule"), ("ko", "규칙 하나"), ("ja", "ルールを1つ")])
def test_r34_and_the_reference_card_do_not_say_a_character_changes_one_rule(lang, one_rule):
    """Playing the Merchant, the Smuggler and the Pickpocket: each card changes two rules (a hand limit and one
    more), but R34 and the reference card said a character "changes one rule". Neither says so now, in any
    language, while game.yaml gives some character more than one rule."""
    game = CONTENT.games["travel"]
    assert any(len(character.changes) > 1 for character in game.characters)
    texts = CONTENT.texts("travel", lang)
    for key in ("rules.R34.text", "reference.extensions.lines.characters"):
        assert one_rule not in texts.get(key), key


@pytest.mark.parametrize("lang, free_choice", [("en", "any side up"), ("ko", "아무 면이나"),
                                               ("ja", "どちらの面が上でもよい")])
def test_the_setup_reference_card_deals_a_country_as_it_lies(lang, free_choice):
    """R4 says the side on top of the stack counts; the setup reference card said "any side up", which a player
    at the table read as a choice of side. It says the card is dealt as it lies now, in every language."""
    text = CONTENT.texts("travel", lang).get("reference.setup.lines.transit")
    assert free_choice not in text
    assert {"en": "as it lies", "ko": "놓인 면 그대로", "ja": "山で上だった面が有効"}[lang] in text
