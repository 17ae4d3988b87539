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
    TOKENS, WIDE_MARKS, Clause, ClauseKind, EventPart, Mark, NotationError, TurnParser, Written, WrittenStandIn,
    token_offsets, tokenize,
)
from generator.games.travel.simulate import simulate_one
from generator.games.travel.texts import languages, load_words
from generator.games.travel.writer import Recorder


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
    assert token_offsets(line) == [m.start() for m in TOKENS.finditer(
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
def test_the_tokens_are_every_mark_of_the_line_where_it_is_written(text):
    """Every character but white space belongs to exactly one token, each token sits at its offset, an arrow is
    a token of its own, and a word never holds white space, a bracket, `;` or `,`."""
    read = text.translate(WIDE_MARKS)
    tokens, offsets = tokenize(text), token_offsets(text)
    assert [read[at:at + len(token)] for at, token in zip(offsets, tokens)] == tokens
    assert offsets == sorted(offsets) and "".join(tokens) == "".join(read.split())
    for token in tokens:
        assert token in ("->", "→") or "->" not in token
        assert len(token) == 1 or not any(mark in token for mark in " \t[];,")


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


# -- the parser: exact readings of written lines, and lines written from clauses read back -----------------

CHECKER = Checker(CONTENT, "en")
SEATS = {"mina": 0, "joon": 1, "sora": 2}
PARSER = TurnParser(T, CHECKER.names, CHECKER.vocabulary, SEATS)
C = T.card_index
K = ClauseKind
D, P, M = Mark.DRAW, Mark.PLUS, Mark.MINUS


def w(mark: Mark, card: str, at: int, event=None) -> Written:
    return Written(mark, C[card] if card else -1, at, event)


EXACT = {
    "draw coat": [Clause(K.DRAW, 0, tail=[w(D, "coat", 1)])],
    "draw camera swimsuit -adapter": [
        Clause(K.DRAW, 0, tail=[w(D, "camera", 1), w(D, "swimsuit", 2), w(M, "adapter", 3)])],
    "recycle coat, map -> camera +umbrella": [
        Clause(K.RECYCLE, 0, a=(C["coat"], C["map"]), a_at=(1, 3), b=(C["camera"],), b_at=(5,), arrow=4,
               tail=[w(P, "umbrella", 6)])],
    "recycle coat map; Mina mousetrap": [
        Clause(K.RECYCLE, 0, a=(C["coat"], C["map"]), a_at=(1, 2), tail=[]),
        Clause(K.REACT, 4, who=0, who_pos=4, card=C["mousetrap"], card_pos=5, tail=[])],
    "trade Joon coat for map refused; draw camera": [
        Clause(K.TRADE, 0, who=1, who_pos=1, a=(C["coat"],), a_at=(2,), b=(C["map"],), b_at=(4,), refused=True,
               tail=[], arrow=3),
        Clause(K.DRAW, 7, tail=[w(D, "camera", 8)])],
    "steal Sora pay coat -> map -knife reshuffle": [
        Clause(K.STEAL, 0, who=2, who_pos=1, a=(C["coat"],), a_at=(3,), b=(C["map"],), b_at=(5,), arrow=4,
               tail=[w(M, "knife", 6), Written(Mark.RESHUFFLE, -1, 7)])],
    "travel FR with call-mom for camera +map": [
        Clause(K.TRAVEL, 0, card_pos=1, side=T.side_index["FR"], standins=[(C["call-mom"], C["camera"], 3)],
               tail=[w(P, "map", 6)])],
    "drop knife coat": [Clause(K.DROP, 0, card=C["knife"], card_pos=1, a=(C["coat"],), a_at=(2,), tail=[])],
    "drop knife with coat": [Clause(K.DROP, 0, card=C["knife"], card_pos=1, a=(C["coat"],), a_at=(3,), tail=[])],
    "play binoculars Joon pay coat -> map": [
        Clause(K.PLAY, 0, who=1, who_pos=2, card=C["binoculars"], card_pos=1, a=(C["coat"],), a_at=(4,),
               b=(C["map"],), b_at=(6,), tail=[], arrow=5)],
    "play lucky-coin -> coat map": [Clause(K.PLAY, 0, card=C["lucky-coin"], card_pos=1,
                                           tail=[w(D, "coat", 3), w(D, "map", 4)])],
    "play local-guide camera": [Clause(K.PLAY, 0, card=C["local-guide"], card_pos=1, b=(C["camera"],), b_at=(2,),
                                      tail=[])],
    "play trading-post coat map -> camera swimsuit": [
        Clause(K.PLAY, 0, card=C["trading-post"], card_pos=1, a=(C["coat"], C["map"]), a_at=(2, 3), arrow=4,
               tail=[w(D, "camera", 5), w(D, "swimsuit", 6)])],
    "play express-ticket; draw coat": [Clause(K.PLAY, 0, card=C["express-ticket"], card_pos=1, tail=[]),
                                       Clause(K.DRAW, 3, tail=[w(D, "coat", 4)])],
    "draw duty-free[Mina +coat, Joon map -camera] umbrella": [
        Clause(K.DRAW, 0, tail=[w(D, "duty-free", 1, [EventPart(0, 3, [w(P, "coat", 4)]),
                                                      EventPart(1, 6, [w(D, "map", 7), w(M, "camera", 8)])]),
                                w(D, "umbrella", 10)])],
    "empty coat map camera": [Clause(K.EMPTY, 0, tail=[w(D, "coat", 1), w(D, "map", 2), w(D, "camera", 3)])],
    "draw lucky coin": [Clause(K.DRAW, 0, tail=[w(D, "lucky-coin", 1)])],
    "뽑기 우산; -코트": [Clause(K.DRAW, 0, tail=[w(D, "umbrella", 1)]), Clause(K.TAIL, 3, tail=[w(M, "coat", 3)])],
}


@pytest.mark.parametrize("line", list(EXACT))
def test_a_written_line_reads_as_exactly_these_clauses(line):
    assert PARSER.parse(line) == EXACT[line]


@pytest.mark.parametrize("line, key, at", [
    ("draw coat map ->", "unexpected", 3),
    ("recycle coat for map", "expected_arrow", 2),
    ("trade Joon coat map", "expected_word", 4),
    ("steal coat", "expected_player", 1),
    ("draw coat; ; draw map", "empty_clause", 3),
    ("draw coat draw", "unexpected", 2),
    ("travel Atlantis", "unknown_country", 1),
    ("mousetrap", "reaction_alone", 0),
    ("draw duty-free[Mina coat", "unclosed_bracket", 2),
    ("play lucky-coin Joon", "unexpected", 2),
    ("draw [coat", "bracket_after_event", 1),
    ("draw coat [map]", "expected_player", 3),
    ("fly", "expected_action", 0),
])
def test_a_line_that_cannot_be_read_is_refused_at_its_word(line, key, at):
    with pytest.raises(NotationError) as caught:
        PARSER.parse(line)
    assert (caught.value.key, caught.value.at) == (key, at)


ITEM_IDS = [T.ids[c] for c in T.by_family[0]]
EVENT_IDS = [T.ids[c] for c in T.by_family[2]]
NAMES = ("Mina", "Joon", "Sora")


class Line:
    """Words written one by one, and the token index of the next word."""

    def __init__(self):
        self.words: list[str] = []

    @property
    def at(self) -> int:
        return len(self.words)

    def say(self, *words: str) -> int:
        """Write `words`; the token of the first."""
        at = self.at
        self.words.extend(words)
        return at


@st.composite
def tail(draw, line: Line, marked_first: bool, in_event: bool = False) -> list[Written]:
    """Words of a tail (a bare first card only where no card list comes before it), with events in brackets."""
    out = []
    for k in range(draw(st.integers(0, 3))):
        mark = draw(st.sampled_from([P, M, Mark.RESHUFFLE] if k == 0 and marked_first else list(Mark)))
        if mark == Mark.RESHUFFLE:
            out.append(Written(mark, -1, line.say("reshuffle")))
            continue
        card = draw(st.sampled_from(ITEM_IDS + EVENT_IDS))
        at = line.say({D: "", P: "+", M: "-"}[mark] + card)
        event = None
        if not in_event and mark != M and card in EVENT_IDS and draw(st.booleans()):
            line.say("[")
            event = []
            for seat in draw(st.lists(st.integers(0, 2), max_size=3)):
                if event:
                    line.say(",")
                event.append(EventPart(seat, line.say(NAMES[seat]), draw(tail(line, False, in_event=True))))
            line.say("]")
        out.append(Written(mark, C[card], at, event))
    return out


@st.composite
def card_list(draw, line: Line, low: int = 1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards = draw(st.lists(st.sampled_from(ITEM_IDS), min_size=low, max_size=3))
    return tuple(C[c] for c in cards), tuple(line.say(c) for c in cards)


@st.composite
def clause(draw, line: Line) -> Clause:
    """One clause written from its parts: the words, and the Clause the parser must read from them."""
    kind = draw(st.sampled_from([K.EMPTY, K.DRAW, K.RECYCLE, K.TRADE, K.STEAL, K.TRAVEL, K.DROP, K.PLAY, K.REACT]))
    if kind == K.EMPTY:
        pos = line.say("empty")
        return Clause(kind, pos, tail=draw(tail(line, False)))
    if kind == K.DRAW:
        pos = line.say("draw")
        return Clause(kind, pos, tail=draw(tail(line, False)))
    if kind == K.RECYCLE:
        pos = line.say("recycle")
        paid, paid_at = draw(card_list(line))
        arrow = line.say("->")
        taken, taken_at = draw(card_list(line))
        return Clause(kind, pos, a=paid, a_at=paid_at, b=taken, b_at=taken_at, arrow=arrow,
                      tail=draw(tail(line, True)))
    if kind == K.TRADE:
        pos = line.say("trade")
        who = draw(st.integers(0, 2))
        who_pos = line.say(NAMES[who])
        give, give_at = draw(card_list(line))
        arrow = line.say("for")
        get, get_at = draw(card_list(line))
        refused = draw(st.booleans())
        if refused:
            line.say("refused")
        return Clause(kind, pos, who, who_pos, a=give, a_at=give_at, b=get, b_at=get_at, refused=refused, arrow=arrow,
                      tail=draw(tail(line, not refused)))
    if kind in (K.STEAL, K.PLAY):
        pos = line.say("steal" if kind == K.STEAL else "play")
        card, card_pos = -1, 0
        if kind == K.PLAY:
            card, card_pos = C["binoculars"], line.say("binoculars")
        who = draw(st.integers(0, 2))
        who_pos = line.say(NAMES[who])
        paid, paid_at = (), ()
        if draw(st.booleans()):
            line.say("pay")
            paid, paid_at = draw(card_list(line))
        arrow, taken, taken_at = -1, (), ()
        if draw(st.booleans()):
            arrow = line.say("->")
            taken, taken_at = draw(card_list(line, 0))
        return Clause(kind, pos, who, who_pos, card, card_pos, paid, paid_at, taken, taken_at, arrow=arrow,
                      tail=draw(tail(line, True)))
    if kind == K.TRAVEL:
        pos = line.say("travel")
        side = draw(st.sampled_from(range(len(T.side_codes))))
        side_at = line.say(T.side_codes[side])
        standins = []
        for standin in draw(st.lists(st.sampled_from(["call-mom", "messy-map"]), max_size=2)):
            line.say("with")
            at = line.say(standin)
            item = -1
            if draw(st.booleans()):
                line.say("for")
                item = C[line.words[line.say(draw(st.sampled_from(ITEM_IDS)))]]
            standins.append(WrittenStandIn(C[standin], item, at))
        return Clause(kind, pos, card_pos=side_at, side=side, standins=standins, tail=draw(tail(line, True)))
    if kind == K.DROP:
        pos = line.say("drop")
        forbidden = draw(st.sampled_from([T.ids[c] for c in T.by_family[4]]))
        card_pos = line.say(forbidden)
        if draw(st.booleans()):
            line.say("with")
        other = draw(st.sampled_from(ITEM_IDS))
        other_at = line.say(other)
        return Clause(kind, pos, card=C[forbidden], card_pos=card_pos, a=(C[other],), a_at=(other_at,),
                      tail=draw(tail(line, True)))
    who = draw(st.integers(0, 2))
    pos = line.say(NAMES[who])
    reaction = draw(st.sampled_from(["mousetrap", "padlock"]))
    line.say(reaction)
    return Clause(kind, pos, who, pos, C[reaction], pos + 1, tail=draw(tail(line, True)))


@st.composite
def written_turn(draw) -> tuple[str, list[Clause]]:
    line = Line()
    clauses = []
    for k in range(draw(st.integers(1, 3))):
        if k:
            line.say(";")
        clauses.append(draw(clause(line)))
    gaps = draw(st.lists(st.sampled_from([" ", "  ", "\t"]), min_size=len(line.words), max_size=len(line.words)))
    return "".join(word + gap for word, gap in zip(line.words, gaps)), clauses


@settings(max_examples=500)
@given(written_turn())
def test_a_line_written_from_clauses_reads_back_as_those_clauses(case):
    """Clauses of every kind, written word by word (cards by id, players by name, any white space between
    words): the parser reads exactly the clauses they were written from, every word at its token."""
    text, clauses = case
    assert PARSER.parse(text) == clauses
