"""The record notation: names in any language, the three ways to write a turn, exact positions of words, and
one clear positioned message (never a traceback) for input that cannot be read."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.travel.check import check_file, check_text
from generator.games.travel.notation import _TOKENS, token_offsets, tokenize

HEAD = """game: travel
players:
  - {name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}
  - {name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}
centre: JP
extensions: all
"""
NO_CHARACTERS = HEAD.replace("extensions: all", "extensions: [events, special, forbidden, postcards]")


@pytest.fixture(scope="module")
def content():
    return load_content()


def error_of(content, text: str, lang: str = "en") -> str:
    with pytest.raises(InputError) as caught:
        check_text(text, "r.yaml", content, lang)
    assert len(caught.value.diagnostics) == 1
    return str(caught.value.diagnostics[0])


def marked(text: str) -> tuple[str, str]:
    at = text.index("^")
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return text.replace("^", "", 1), f"r.yaml:{line}:{col}:"


def standing(content, text: str) -> dict:
    report = check_text(text, "r.yaml", content, "en")
    assert report.ok, report.to_text()
    return {p["player"]: sorted(p["hand"]) for p in report.to_json()["standing"]}


@pytest.mark.parametrize("written", ["umbrella", "Umbrella", "UMBRELLA", "우산", "umbrella,"])
def test_a_card_by_id_or_by_name_in_any_language(content, written):
    hands = standing(content, NO_CHARACTERS + f"turns:\n  - Joon: draw {written}\n")
    assert hands["Joon"] == sorted(["passport-jp", "adapter", "map", "umbrella", "umbrella"])


@pytest.mark.parametrize("written", ["lucky-coin", "Lucky Coin", "lucky coin", "LuckyCoin", "lucky_coin", "행운의 동전"])
def test_multi_word_names_with_flexible_spaces_and_hyphens(content, written):
    hands = standing(content, NO_CHARACTERS + f"turns:\n  - Joon: draw {written}\n")
    assert "lucky-coin" in hands["Joon"]


def test_setup_names_in_korean_and_countries_by_name(content):
    text = """game: travel
players:
  - {name: 민아, passport: 여권 · 대한민국, transit: 프랑스, hand: 카메라 지도 코트}
  - {name: 준, passport: Passport · Japan, transit: germany, hand: [adapter, map, umbrella]}
centre: 일본
extensions: none
turns:
  - 준: draw 수영복
"""
    hands = standing(content, text)
    assert hands["민아"] == sorted(["passport-kr", "camera", "map", "coat"])


def test_three_ways_to_write_a_turn(content):
    text = NO_CHARACTERS + 'turns:\n  - Joon: draw coat\n  - "Mina: draw coat"\n  - "Joon:   draw camera"\n'
    assert standing(content, text)["Joon"] == sorted(["passport-jp", "adapter", "map", "umbrella", "coat", "camera"])


def test_position_inside_a_quoted_turn(content):
    text, where = marked(NO_CHARACTERS + 'turns:\n  - "Joon: draw ^umbrellas"\n')
    assert error_of(content, text).startswith(where)


def test_position_on_the_second_line_of_a_folded_turn(content):
    text, where = marked(NO_CHARACTERS + "turns:\n  - Joon: trade Mina adapter\n      for camera +coat\n"
                         "  - Mina: trade Joon coat\n      for ^adapter adapter +coat\n")
    report = check_text(text, "r.yaml", content, "en")
    v = report.to_json()["violation"]
    assert (v["rule"], f"r.yaml:{v['line']}:{v['col']}:") == ("R11", where)


def test_a_violation_message_in_korean(content):
    text = NO_CHARACTERS + "turns:\n  - Joon: travel JP\n"
    report = check_text(text, "r.yaml", content, "ko")
    assert "규칙 R16" in report.to_text()
    assert report.to_json()["violation"]["rule_text"] == content.texts("travel", "ko").get("rules.R16.text")


@pytest.mark.parametrize("text, message", [
    (NO_CHARACTERS + "turns:\n  - Joon: draw ^umbrellas\n", "'umbrellas' is not a card"),
    (NO_CHARACTERS + "turns:\n  - ^Minnie: draw coat\n", "'Minnie' is not a player of this game (Mina, Joon)"),
    (NO_CHARACTERS + "turns:\n  - Joon: recycle adapter map ^for camera\n", "expected '->'; found 'for'"),
    (NO_CHARACTERS + "turns:\n  - Joon: ^jump\n", "'jump' is not an action"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw duty-free^[Joon coat, Mina map\n", "is never closed"),
    (NO_CHARACTERS + "turns:\n  - Joon: travel ^Atlantis\n", "'Atlantis' is not a country of this game"),
    (NO_CHARACTERS + "turns:\n  - Joon: trade Mina adapter camera^\n", "expected 'for'; found 'the end of the line'"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw coat;^\n", "an empty part of a turn"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw coat ^] \n", "does not belong here"),
    (NO_CHARACTERS.replace("centre: JP", "centre: JP\n^centre: KR") + "turns:\n", "duplicate key 'centre'"),
    (NO_CHARACTERS.replace("transit: DE,", "transit: DE, colour: red,").replace("colour", "^colour", 1)
     + "turns:\n", "unknown key 'colour'"),
    (NO_CHARACTERS.replace("game: travel", "game: ^chess"), "not a travel record"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw^: coat\n", "malformed YAML: mapping values are not allowed"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw ^[coat\n", "'[' and ']' belong right after an event card"),
    (NO_CHARACTERS.replace("extensions: [events, special, forbidden, postcards]", "extensions: [events, ^snacks]")
     + "turns:\n", "unknown extension 'snacks'"),
    (NO_CHARACTERS.replace("hand: camera map coat", "hand: camera ^mapp coat") + "turns:\n", "expected a card"),
])
def test_malformed_input_is_one_positioned_message(content, text, message):
    clean, where = marked(text)
    diagnostic = error_of(content, clean)
    assert diagnostic.startswith(where), diagnostic
    assert message in diagnostic, diagnostic


def test_malformed_input_message_in_korean(content):
    diagnostic = error_of(content, NO_CHARACTERS + "turns:\n  - Joon: draw umbrellas\n", "ko")
    assert "'umbrellas'은(는) 카드가 아닙니다" in diagnostic


def test_player_names_that_clash_with_cards_are_refused(content):
    diagnostic = error_of(content, NO_CHARACTERS.replace("name: Joon", "name: Map") + "turns:\n")
    assert "r.yaml:4:12:" in diagnostic and "'Map'" in diagnostic


def test_missing_file_and_bad_bytes(content, tmp_path):
    with pytest.raises(InputError) as caught:
        check_file(str(tmp_path / "nope.yaml"), content, "en")
    assert "file not found" in str(caught.value)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"game: travel\n\xff\xfe")
    with pytest.raises(InputError) as caught:
        check_file(str(bad), content, "en")
    assert "not UTF-8" in str(caught.value)


def test_a_partial_game_shows_the_standing(content):
    report = check_text(NO_CHARACTERS + "turns:\n  - Joon: draw backpack\n", "r.yaml", content, "en")
    assert report.ok
    text = report.to_text()
    assert "not finished; Mina plays next" in text
    assert "Joon: on the way to the transit country Germany (DE) (3 of 3 items in hand)" in text


WORDS = st.lists(st.sampled_from(["a", "b", "-", "+", ">", "->", " ", "  ", "[", "]", ";", ",", "→", "\t",
                                  "x-y", "+c", "-d", "c->d", "카메라", "·"]), max_size=14).map("".join)


@settings(max_examples=400, deadline=None)
@given(WORDS)
def test_the_fast_tokenizer_splits_exactly_like_the_full_one(text):
    assert tokenize(text) == _TOKENS.findall(text)
    assert len(token_offsets(text)) == len(tokenize(text))


@settings(max_examples=400, deadline=None)
@given(WORDS)
def test_token_offsets_are_where_the_full_tokenizer_finds_each_token(text):
    assert token_offsets(text) == [m.start() for m in _TOKENS.finditer(text)]


#: the notation's token grammar written plainly (the module's _TOKENS is the same language, written to scan faster)
REFERENCE_TOKENS = re.compile(r"->|→|[\[\];,]|[+-]?(?:[^\s\[\];,>+→-]|-(?!>))+|\S")


@settings(max_examples=400, deadline=None)
@given(WORDS)
def test_the_tokenizer_regex_finds_the_tokens_of_the_plain_grammar(text):
    assert _TOKENS.findall(text) == REFERENCE_TOKENS.findall(text)
