"""The record notation: names in any language, the three ways to write a turn, exact positions of words, and
one clear positioned message (never a traceback) for input that cannot be read."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.travel.cards import EXTENSIONS, tables_for
from generator.games.travel.check import Checker, check_file, check_text
from generator.games.travel.names import NameIndex
from generator.games.travel.notation import (
    _TOKENS, NotationError, TurnParser, spaced_lines, token_offsets, tokenize,
)
from generator.games.travel.simulate import simulate_one
from generator.games.travel.texts import languages, load_words
from generator.games.travel.writer import Recorder

from travel_notation_reference import ReferenceParser

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
    return {p["player"]: sorted(p["hand"]) for p in report.to_json()["result"]["standing"]}


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


@pytest.mark.parametrize("written", ["[이벤트, 특별 물건]", "[イベント, 特殊アイテム]", "special items, Events",
                                     "[events, special-items]"])
def test_extensions_by_name_in_any_language(content, written):
    head = HEAD.replace("extensions: all", f"extensions: {written}")
    assert standing(content, head + "turns:\n  - Joon: draw lucky-coin\n")["Joon"] == sorted(
        ["passport-jp", "adapter", "map", "umbrella", "lucky-coin"])
    v = check_text(head + "turns:\n  - Joon: draw knife\n", "r.yaml", content, "en").to_json()["violation"]
    assert (v["rule"], v["code"]) == ("R6", "extension_not_chosen")


@pytest.mark.parametrize("extension", EXTENSIONS)
def test_an_extension_id_reads_as_its_name_in_other_spellings(content, extension):
    """The reader takes an id as the writer writes it in one step: the same extension as its other spellings."""
    checker = Checker(content, "en")
    chosen = {}
    for written in (extension, extension.upper(), f"{extension},", f"[{extension}, none]"):
        head = HEAD.replace("extensions: all", f"extensions: {written}")
        report = checker.check_text(head + "turns:\n  - Joon: draw coat\n", "r.yaml")
        chosen[written] = report.record.setup.extensions
    assert set(chosen.values()) == {frozenset([extension])}, chosen


def test_three_ways_to_write_a_turn(content):
    text = NO_CHARACTERS + 'turns:\n  - Joon: draw coat\n  - "Mina: draw coat"\n  - "Joon:   draw camera"\n'
    assert standing(content, text)["Joon"] == sorted(["passport-jp", "adapter", "map", "umbrella", "coat", "camera"])


JAPANESE_TURNS = ("Joon: 交換 Mina 地図 で コート 拒否；引く コート", "Mina：引く　カメラ",
                  "Joon: 交換 Mina 地図、変換プラグ で カメラ ＋水着")
"""Turns as a Japanese input method types them: a full-width semicolon, colon, plus and space, and the
ideographic comma between two cards."""


def test_a_japanese_input_methods_full_width_marks_read_as_the_notations_own(content):
    ascii_twin = ("Joon: trade Mina map for coat refused; draw coat", "Mina: draw camera",
                  "Joon: trade Mina map, adapter for camera +swimsuit")
    written = NO_CHARACTERS + "turns:\n" + "".join(f"  - {line}\n" for line in JAPANESE_TURNS)
    assert standing(content, written) == standing(
        content, NO_CHARACTERS + "turns:\n" + "".join(f"  - {line}\n" for line in ascii_twin))
    text, where = marked(written.replace("地図、変換プラグ で", "地図、^ライター で"))
    assert error_of(content, text, "ja").startswith(where)


def test_full_width_marks_are_tokens_where_they_are_written():
    line = "交換 Mina 地図、変換プラグ で カメラ ＋水着；引く［Mina］"
    assert tokenize(line) == tokenize(line.translate(str.maketrans("；、＋［］", ";,+[]")))
    assert token_offsets(line) == [m.start() for m in _TOKENS.finditer(
        line.translate(str.maketrans("；、＋［］", ";,+[]")))]


def test_position_inside_a_quoted_turn(content):
    text, where = marked(NO_CHARACTERS + 'turns:\n  - "Joon: draw ^umbrellas"\n')
    assert error_of(content, text).startswith(where)


def test_position_on_the_second_line_of_a_folded_turn(content):
    text, where = marked(NO_CHARACTERS + "turns:\n  - Joon: trade Mina adapter\n      for camera +coat\n"
                         "  - Mina: trade Joon coat\n      for ^adapter adapter +coat\n")
    report = check_text(text, "r.yaml", content, "en")
    v = report.to_json()["violation"]
    assert (v["rule"], f"r.yaml:{v['position']['line']}:{v['position']['col']}:") == ("R11", where)


def test_a_violation_message_in_korean(content):
    text = NO_CHARACTERS + "turns:\n  - Joon: travel JP\n"
    report = check_text(text, "r.yaml", content, "ko")
    assert "규칙 R16" in report.to_text()
    assert report.to_json()["violation"]["text"] == content.texts("travel", "ko").get("rules.R16.text")


@pytest.mark.parametrize("text, message", [
    (NO_CHARACTERS + "turns:\n  - Joon: draw ^umbrellas\n", "'umbrellas' is not a card"),
    (NO_CHARACTERS + "turns:\n  - ^Minnie: draw coat\n", "'Minnie' is not a player of this game (Mina, Joon)"),
    (NO_CHARACTERS + "turns:\n  - Joon: recycle adapter map ^for camera\n", "expected '->'; found 'for'"),
    (NO_CHARACTERS + "turns:\n  - Joon: ^jump\n", "'jump' is not an action"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw\n  - Mina: ^mousetrap\n",
     "'mousetrap' answers another player's action: write it in that player's turn, right after the action"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw duty-free^[Joon coat, Mina map\n", "is never closed"),
    (NO_CHARACTERS + "turns:\n  - Joon: travel ^Atlantis\n", "'Atlantis' is not a country of this game"),
    (NO_CHARACTERS + "turns:\n  - Joon: trade Mina adapter camera^\n", "expected 'for'; found 'the end of the line'"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw coat;^\n", "an empty part of a turn"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw coat ^] \n", "does not belong here"),
    (NO_CHARACTERS.replace("centre: JP", "centre: JP\n^centre: KR") + "turns:\n", "duplicate key 'centre'"),
    (NO_CHARACTERS.replace("transit: DE,", "transit: DE, colour: red,").replace("colour", "^colour", 1)
     + "turns:\n", "unknown key 'colour'"),
    (NO_CHARACTERS.replace("game: travel", "game: ^chess"), "not a travel record"),
    (NO_CHARACTERS + "turns:\n  - Joon: draw^: coat\n", "no ':' after 'draw'"),
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
    assert "'umbrellas'는 카드가 아닙니다" in diagnostic


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


@settings(max_examples=400)
@given(WORDS)
def test_the_fast_tokenizer_splits_exactly_like_the_full_one(text):
    assert tokenize(text) == _TOKENS.findall(text)
    assert len(token_offsets(text)) == len(tokenize(text))


@settings(max_examples=400)
@given(st.lists(st.one_of(WORDS, WORDS.map(lambda text: text.replace(">", "")), st.sampled_from(["", "a\nb"])),
                max_size=6))
def test_a_records_lines_spaced_out_at_once_split_into_the_tokens_of_each(texts):
    spaced = spaced_lines(texts)
    if spaced is None:  # only for a line break, or a `>` outside `->` (which the regex reads)
        assert any("\n" in text or ">" in text.replace("->", "") for text in texts)
    else:
        assert [line.split() for line in spaced] == [tokenize(text) for text in texts]


@settings(max_examples=400)
@given(WORDS)
def test_token_offsets_are_where_the_full_tokenizer_finds_each_token(text):
    assert token_offsets(text) == [m.start() for m in _TOKENS.finditer(text)]


#: the notation's token grammar written plainly (the module's _TOKENS is the same language, written to scan faster)
REFERENCE_TOKENS = re.compile(r"->|→|[\[\];,]|[+-]?(?:[^\s\[\];,>+→-]|-(?!>))+|\S")


@settings(max_examples=400)
@given(WORDS)
def test_the_tokenizer_regex_finds_the_tokens_of_the_plain_grammar(text):
    assert _TOKENS.findall(text) == REFERENCE_TOKENS.findall(text)


# -- the notation's words in every content language --------------------------------------------------------

NOTATION_WORDS = ("draw", "recycle", "trade", "for", "refused", "steal", "pay", "travel", "with", "drop", "play",
                  "empty", "reshuffle")
KOREAN = {"draw": "뽑기", "recycle": "재활용", "trade": "교환", "for": "로", "refused": "거절", "steal": "훔치기",
          "pay": "비용", "travel": "여행", "with": "함께", "drop": "버리기", "play": "사용", "empty": "빈핸드",
          "reshuffle": "섞기"}
CONTENT = load_content()
T = tables_for(CONTENT.games["travel"])
CLAUSE_FIELDS = ("kind", "pos", "who", "who_pos", "card", "card_pos", "a", "b", "side", "refused", "standins",
                 "tail", "arrow")


def test_the_korean_words_are_the_language_files_words():
    assert load_words(CONTENT.root, "ko").section("check.words") == KOREAN
    assert load_words(CONTENT.root, "en").section("check.words") == {w: w for w in NOTATION_WORDS}


def rewritten(text: str, korean) -> str:
    """The record with each notation word of its turns replaced by its Korean word where `korean()` says so."""
    head, _, body = text.partition("turns:\n")

    def turn(line: str) -> str:
        start = line.index(": ") + 2
        return line[:start] + re.sub(r"[^\s\[\];,\"]+", lambda m: KOREAN[m[0]] if m[0] in KOREAN and korean()
                                     else m[0], line[start:])
    return head + "turns:\n" + "\n".join(turn(line) for line in body.splitlines()) + "\n"


def clauses(report) -> list:
    record = report.record
    return [[tuple(getattr(c, f) for f in CLAUSE_FIELDS) for c in record.clauses(k)] for k in range(len(record.seats))]


def result(report) -> dict:
    return {k: v for k, v in report.to_json().items() if k not in ("path", "language")}


@settings(max_examples=100)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), bot=st.sampled_from(["greedy", "random"]),
       chosen=st.sets(st.sampled_from(EXTENSIONS)).map(frozenset), mix=st.randoms(use_true_random=False))
def test_a_record_in_korean_words_reads_exactly_like_its_english_twin(seed, players, bot, chosen, mix):
    """Every notation word of a simulated record rewritten into Korean, or only some of them (languages mixed
    in one record, even in one turn): the same clauses, token for token, and the same check result."""
    english = simulate_one(T, players, chosen, seed, bot, Recorder)[1]
    korean = rewritten(english, lambda: True)
    mixed = rewritten(english, lambda: mix.random() < 0.5)
    assert korean != english
    reports = [check_text(text, "r.yaml", CONTENT, lang) for text, lang in
               ((english, "en"), (korean, "ko"), (mixed, "en"))]
    assert reports[0].ok
    assert clauses(reports[1]) == clauses(reports[0]) == clauses(reports[2])
    assert result(reports[1]) == result(reports[0]) == result(reports[2])


def test_the_korean_example_is_the_three_player_game():
    """The same game, the stand-in named in the last turn (Call Mum for the adapter) and the players in Korean."""
    with open("examples/travel-three-players.yaml", encoding="utf-8") as file:
        english = file.read().replace("Sora: travel KR", "Sora: travel KR with call-mom for adapter")
    shown = json.dumps(result(check_text(english, "r.yaml", CONTENT, "en")), ensure_ascii=False)
    for name, korean_name in (("Mina", "민아"), ("Joon", "준"), ("Sora", "소라")):
        shown = shown.replace(f'"{name}"', f'"{korean_name}"')
    korean = check_file("examples/travel-korean.yaml", CONTENT, "ko")
    assert korean.ok and result(korean) == json.loads(shown)


def test_a_korean_stand_in_for_a_named_item(content):
    text = NO_CHARACTERS + "turns:\n  - Joon: 뽑기 엄마 찬스\n  - Mina: 뽑기 코트\n" \
        "  - Joon: 여행 독일 함께 엄마 찬스 로 배낭 +지도\n"
    report = check_text(text, "r.yaml", content, "ko")
    assert report.ok, report.to_text()
    assert report.record.clauses(2)[0].standins == [(T.ids.index("call-mom"), T.ids.index("backpack"), 3)]
    assert report.to_json()["result"]["standing"][1]["hand"] == ["passport-jp", "umbrella", "map"]


@pytest.mark.parametrize("name", ["교환", "빈핸드", "로", "Trade"])
def test_player_names_that_clash_with_a_notation_word_of_any_language_are_refused(content, name):
    diagnostic = error_of(content, NO_CHARACTERS.replace("name: Joon", f"name: {name}") + "turns:\n")
    assert diagnostic == (f"r.yaml:4:12: error: the player name '{name}' is also a card, a country or a word of "
                          f"the notation; choose another [record]")


def korean_checker(content) -> Checker:
    """The checker for Korean reports: its messages show the Korean notation words."""
    return Checker(content, "ko")


def korean_error(content, text: str) -> str:
    with pytest.raises(InputError) as caught:
        korean_checker(content).check_text(text, "r.yaml")
    return str(caught.value.diagnostics[0])


def test_messages_name_the_words_of_the_reports_language(content):
    text, where = marked(NO_CHARACTERS + "turns:\n  - Joon: ^날다 우산\n")
    assert korean_error(content, text) == (
        f"{where} error: '날다'는 행동이 아닙니다. 뽑기, 재활용, 교환, 훔치기, 여행, 버리기, 사용, 빈핸드 또는 "
        f"플레이어의 대응이 와야 합니다 [record]")
    text, where = marked(NO_CHARACTERS + "turns:\n  - Joon: 교환 Mina 멀티 어댑터^\n")
    assert korean_error(content, text) == f"{where} error: '로'가 와야 하는데 '줄 끝'이 있습니다 [record]"
    text, where = marked(NO_CHARACTERS + "turns:\n  - Joon: ^fly\n")
    assert error_of(content, text) == (
        f"{where} error: 'fly' is not an action; expected draw, recycle, trade, steal, travel, drop, play, empty, "
        f"or a player's reaction [record]")


# -- the one-step reading of `draw <card>` ------------------------------------------------------------------

def _parsed(parser, line: str):
    """The clauses' fields, or the error's key and token."""
    try:
        return [tuple(getattr(c, f) for f in CLAUSE_FIELDS) for c in parser.parse(line)]
    except NotationError as err:
        return (err.key, err.at)


@settings(max_examples=300)
@given(draw=st.sampled_from(["draw", "DRAW", "뽑기"]),
       word=st.sampled_from([*T.ids, "Umbrella", "우산", "Mina", "nothing", "travel", "+coat", "-coat", "[", "->",
                             "camera[", "souvenir-swap"]))
def test_a_draw_line_of_two_words_reads_as_the_general_parser_reads_it(draw, word):
    """`draw coat` is read in one step once its words are known; with a comma after it (which the tail skips)
    the general parser reads it, and both give the same clauses, or the same error at the same word."""
    checker = Checker(CONTENT, "en")
    parser = TurnParser(T, checker.names, checker.vocabulary, {"mina": 0, "joon": 1})
    first = _parsed(parser, f"{draw} {word}")  # the words are classified here (the general parser)
    again = _parsed(parser, f"{draw} {word}")  # now known: one step, where it is a card
    assert first == again == _parsed(parser, f"{draw} {word} ,")


# -- the parser against the one it replaced ---------------------------------------------------------------

SIMULATED_LINES = [line.partition(": ")[2].strip('"') for seed in range(6) for line in
                   simulate_one(T, 3, frozenset(EXTENSIONS), seed, "random", Recorder)[1].partition("turns:\n")[2]
                   .splitlines()]
LINE_WORDS = [
    *NOTATION_WORDS, *KOREAN.values(), "DRAW", "Travel", "引く", *T.ids, *("+" + c for c in T.ids[:40]),
    *("-" + c for c in T.ids[:40]), "lucky", "coin", "Lucky", "Coin", "lost", "luggage", "passport", "·", "Japan",
    "행운의", "동전", "우산", "カメラ", *T.side_codes, "germany", "south", "korea", "united", "states", "일본",
    "Mina", "Joon", "mina", "Sora", "+Mina", "-Joon", "+", "-", "->", "→", ">", "[", "]", ";", ",", "[]", "x-y",
    "jump", "+jump", "-lucky", "+lost", "?",
]
#: a line: generated words with or without a space between them, or a simulated line cut short and with some
#: words changed
generated_lines = st.lists(st.tuples(st.sampled_from(LINE_WORDS), st.sampled_from([" ", "", ", "])),
                           max_size=16).map(lambda words: "".join(w + sep for w, sep in words))
edited_lines = st.tuples(st.sampled_from(SIMULATED_LINES), st.integers(1, 40), st.lists(st.tuples(
    st.integers(0, 40), st.sampled_from(["", *LINE_WORDS])), max_size=3)).map(
    lambda case: " ".join(_edited(tokenize(case[0])[:case[1]], case[2])))


def _edited(tokens: list[str], edits) -> list[str]:
    for at, word in edits:
        if tokens:
            tokens[at % len(tokens)] = word
    return tokens


def _reading(read, canonical, text: str):
    """What a parser makes of `text`: its canonical result, or the error's key, token and facts."""
    try:
        return canonical(read(text))
    except NotationError as err:
        return err.key, err.at, err.facts


def _clauses_now(clauses) -> list:
    return [(c.kind, c.pos, c.who, c.who_pos, c.card, c.card_pos, tuple(zip(c.a, c.a_at)), tuple(zip(c.b, c.b_at)),
             c.side, c.refused, list(c.standins), list(c.tail), c.arrow) for c in clauses]


def _clauses_before(clauses) -> list:
    return [(c.kind, c.pos, c.who, c.who_pos, c.card, c.card_pos, tuple(c.a), tuple(c.b), c.side, c.refused,
             list(c.standins), list(c.tail), c.arrow) for c in clauses]


_CHECKER = Checker(CONTENT, "en")
_PLAYERS = {"mina": 0, "joon": 1, "sora": 2}
_NOW = TurnParser(T, _CHECKER.names, _CHECKER.vocabulary, _PLAYERS)
_BEFORE = ReferenceParser(T, _CHECKER.names, _CHECKER.vocabulary, _PLAYERS)


@settings(max_examples=1500)
@given(st.one_of(generated_lines, edited_lines, st.sampled_from(SIMULATED_LINES)))
def test_the_parser_reads_every_line_as_the_parser_it_replaced(line):
    """Clauses field for field (card lists as (card, token) pairs), or the same error at the same token with the
    same facts; a card list and a country of the setup alike."""
    assert _reading(_NOW.parse, _clauses_now, line) == _reading(_BEFORE.parse, _clauses_before, line)
    assert (_reading(_NOW.cards_only, lambda read: list(zip(*read)), line)
            == _reading(_BEFORE.cards_only, list, line))
    assert _reading(_NOW.country_only, int, line) == _reading(_BEFORE.country_only, int, line)
