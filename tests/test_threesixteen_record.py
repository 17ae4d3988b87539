"""Reading 3x16 records: every token at its exact file:line:col, and one clear message for malformed input."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from conftest import line_col
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.record import load_record, parse_record

CONTENT = load_content()
GAME = CONTENT.games["threesixteen"]
EN = CONTENT.texts("threesixteen", "en")
KO = CONTENT.texts("threesixteen", "ko")


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def where(path: Path, needle: str, occurrence: int = 1) -> tuple[str, int, int]:
    return (str(path), *line_col(path, needle, occurrence))


def as_tuple(position) -> tuple[str, int, int]:
    return (position.path, position.line, position.col)


RECORD = """\
game: threesixteen
columns: 3
players: [Mina, 준호, Sora, Hana]
calls: >-
  1 2
  3   2
moves:
  Mina: R A>A1
    B>B3 C
  준호: |
    R   A
    B 2C
  Sora: "R A x>9 C"
  Hana: [R, 'A', "B", C]
"""


def test_positions_of_tokens_in_every_yaml_form(tmp_path):
    path = write(tmp_path, RECORD.replace("x>9", "B"))
    record = load_record(path, GAME, EN)
    assert record.calls == [1, 2, 3, 2]
    assert [as_tuple(record.call_positions[i]) for i in range(4)] == [
        where(path, "1 2"), where(path, "2\n"), where(path, "3   2"), where(path, "2\nmoves")]
    mina, junho, sora, hana = record.players
    assert (mina.name, junho.name) == ("Mina", "준호")
    assert mina.written == ["R", "A>A1", "B>B3", "C"]
    assert [as_tuple(mina.positions[i]) for i in range(4)] == [
        where(path, "R A>A1"), where(path, "A>A1"), where(path, "B>B3"), where(path, "C\n")]
    assert [as_tuple(junho.positions[i]) for i in range(4)] == [
        where(path, "R   A"), where(path, "A\n    B 2C"), where(path, "B 2C"), where(path, "2C")]
    assert [as_tuple(sora.positions[i]) for i in range(4)] == [
        where(path, "R A B C\""), where(path, "A B C\""), where(path, "B C\""), where(path, "C\"")]
    assert [as_tuple(hana.positions[i]) for i in range(4)] == [
        where(path, "R, "), where(path, "'A'"), where(path, '"B"'), where(path, "C]")]
    assert hana.written == ["R", "A", "B", "C"]


def test_a_bad_token_is_reported_where_it_is_written(tmp_path):
    path = write(tmp_path, RECORD)
    with pytest.raises(InputError) as caught:
        load_record(path, GAME, EN)
    (diagnostic,) = caught.value.diagnostics
    assert as_tuple(diagnostic.position) == where(path, "x>9")
    assert diagnostic.message == ("'x>9' is not a 3x16 token: write R or a column (A–C), then if tiles moved onto "
                                  "rows, > and their columns, for example B>AC")


def test_escapes_in_a_quoted_scalar_put_every_token_at_its_start(tmp_path):
    path = write(tmp_path, 'players: [A]\ncalls: "1\\t2"\nmoves:\n  A: R A\n')
    record = load_record(path, GAME, EN)
    assert record.calls == [1, 2]
    assert as_tuple(record.call_positions[1]) == (str(path), 2, 8)


MALFORMED = [
    ("players: [A\n", (2, 1), "malformed YAML: did not find expected ',' or ']'"),
    ("- 1\n", (1, 1), "a 3x16 record is a mapping with the keys game, columns, players, calls, moves, date, tiles_left"),
    ("players: [A]\ncalls: 1\nmoves: {A: R}\nwinner: A\n", (4, 1),
     "unknown key 'winner'; a 3x16 record has the keys game, columns, players, calls, moves, date, tiles_left"),
    ("players: [A]\ncalls: 1\ncalls: 1\nmoves: {A: R}\n", (3, 1),
     "duplicate key 'calls' (first defined at line 2, column 1)"),
    ("players: [A]\nmoves: {A: R}\n", (1, 1), "missing key 'calls'"),
    ("game: travel\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (1, 7),
     "this record is for 'travel'; this checker reads threesixteen records"),
    ("columns: 6\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (1, 10),
     "columns must be a whole number from 1 to 5; found '6'"),
    ("columns: five\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (1, 10),
     "columns must be a whole number from 1 to 5; found 'five'"),
    ("columns: [3]\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (1, 10),
     "columns must be a whole number from 1 to 5; found '[3]'"),
    ("columns:\n  a: 1\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (2, 3),
     "columns must be a whole number from 1 to 5; found 'a: 1'"),
    ("players: A\ncalls: 1\nmoves: {A: R}\n", (1, 10), "players must be a list of 1 to 4 names"),
    ("players: [A, B, C, D, E]\ncalls: 1\nmoves: {A: R}\n", (1, 10), "players must be a list of 1 to 4 names"),
    ("players: [A, A]\ncalls: 1\nmoves: {A: R}\n", (1, 14), "'A' is listed twice among the players"),
    ("players: [A, []]\ncalls: 1\nmoves: {A: R}\n", (1, 14), "a player's name must be text"),
    ("players: [A]\ncalls: 1 two\nmoves: {A: R}\n", (2, 10), "'two' is not a number"),
    ("date: [2025]\nplayers: [A]\ncalls: 1\nmoves: {A: R}\n", (1, 7), "date must be text, for example 2025-03-14"),
    ("players: [A]\ncalls: [1, -2]\nmoves: {A: R}\n", (2, 12), "'-2' is not a number"),
    ("players: [A]\ncalls:\nmoves: {A: R}\n", (2, 7), "no calls: write the called numbers in order"),
    ("players: [A]\ncalls: {a: 1}\nmoves: {A: R}\n", (2, 8),
     "calls must be the called numbers, separated by spaces, or a list of numbers"),
    ("players: [A]\ncalls: 1\nmoves: R\n", (3, 8), "moves must give each player's name with their tokens"),
    ("players: [A]\ncalls: 1\nmoves: {A: R, B: R}\n", (3, 15), "'B' is not one of the players (A)"),
    ("players: [A, B]\ncalls: 1\nmoves: {A: R}\n", (3, 1), "no tokens for B"),
    ("players: [A]\ncalls: 1\nmoves: {A: {x: 1}}\n", (3, 12),
     "write the tokens of A as one text, separated by spaces, or as a list"),
    ("players: [A]\ncalls: 1 2\nmoves: {A: [R, A B]}\n", (3, 16), "write one token per list item; found 'A B'"),
    ("players: [A]\ncalls: 1 2\nmoves: {A: R A B>B}\n", (3, 16), "A: 3 tokens for 2 calls; this token has no call"),
    ("players: [A]\ncalls: 1 2\nmoves:\n  A: R\n", (4, 6), "A: 1 token for 2 calls; write one token per call. Still to write: A 1"),
    ("players: [A]\ncalls: 1 2\nmoves:\n  A: \"\"\n", (4, 6), "A: 0 tokens for 2 calls; write one token per call. Still to write: A 2"),
    ("players: [A]\ncalls: 1 " + "9" * 5000 + "\nmoves: {A: R A}\n", (2, 10),
     "9999999999999999…999999 is not a tile number; the tiles run from 1 to 16."),
    ("players: [A]\ncalls: [1, " + "1" * 10 + "]\nmoves: {A: R A}\n", (2, 12),
     "1111111111 is not a tile number; the tiles run from 1 to 16."),
    ("players: [A]\ncalls: 1 2\nmoves: {A: R " + "2" * 5000 + "A}\n", (3, 14),
     "'2222222222222222…22222A' is not a 3x16 token: write R or a column (A–E), then if tiles moved onto rows, "
     "> and their columns, for example B>AC"),
    ("players: [A]\ncalls: 1 2\nmoves: {A: R A>A" + "2" * 5000 + "}\n", (3, 14),
     "'A>A2222222222222…222222' is not a 3x16 token: write R or a column (A–E), then if tiles moved onto rows, "
     "> and their columns, for example B>AC"),
    # a word that is no token after the calls' count (counted, not kept: chunk by chunk) is still the message
    ("players: [A]\ncalls: 1 2\nmoves: {A: R A B A>}\n", (3, 18),
     "'A>' is not a 3x16 token: write R or a column (A–E), then if tiles moved onto rows, > and their columns, for "
     "example B>AC"),
    ("players: [A]\ncalls: 1 2\nmoves: {A: R " + "A " * 40_000 + "A>}\n", (3, 80_014),
     "'A>' is not a 3x16 token: write R or a column (A–E), then if tiles moved onto rows, > and their columns, for "
     "example B>AC"),
    ("players: [A]\ncalls: 1 2\nmoves: {A: R A " + "B>C " * 40_000 + "}\n", (3, 16),
     "A: 40002 tokens for 2 calls; this token has no call"),
]


@pytest.mark.parametrize("text, line_col_, message", MALFORMED)
def test_malformed_records_get_one_message_with_a_position(tmp_path, text, line_col_, message):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        load_record(path, GAME, EN)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.position.line, diagnostic.position.col) == line_col_
    assert diagnostic.message == message


def test_messages_follow_the_language():
    with pytest.raises(InputError) as caught:
        parse_record("players: [A]\ncalls: 1 x\nmoves: {A: R}\n", "g.yaml", GAME, KO)
    assert str(caught.value) == "g.yaml:2:10: error: 'x'는 숫자가 아닙니다 [record]"


def test_a_digit_of_another_script_gets_a_korean_message():
    """A full-width digit reads as its ASCII twin (test_full_width_letters_and_digits_read_as_ascii); an
    Arabic-Indic one is no tile number."""
    with pytest.raises(InputError) as caught:
        parse_record("players: [A]\ncalls: 1 ٢\nmoves: {A: R ٢A}\n", "g.yaml", GAME, KO)
    assert str(caught.value) == "g.yaml:2:10: error: '٢'는 숫자가 아닙니다 [record]"
    with pytest.raises(InputError) as caught:
        parse_record("players: [A]\ncalls: 1 2\nmoves: {A: R ٢A}\n", "g.yaml", GAME, KO)
    assert str(caught.value).startswith("g.yaml:3:14: error: '٢A'는 3x16 기호가 아닙니다.")


def test_a_very_long_token_line_is_read_to_the_one_position_needed():
    # a 10 MB line: the message needs the position of the first token without a call only
    tokens = " ".join(["A>B"] * 2_500_000)
    with pytest.raises(InputError) as caught:
        parse_record(f"players: [A]\ncalls: 1 2\nmoves:\n  A: R {tokens}\n", "g.yaml", GAME, EN)
    assert str(caught.value) == "g.yaml:4:12: error: A: 2500001 tokens for 2 calls; this token has no call [record]"


_RECORD_TEXT = st.text(st.sampled_from(list("0123456789 ABCDEFR>\n:[],{}'\"#-|２９ÉË가")), max_size=120)


@settings(max_examples=300)
@given(st.sampled_from(["", "players: [A, B]\n", "players: [A]\ncalls: 1 2 3\nmoves:\n  A: "]), _RECORD_TEXT,
       st.sampled_from([EN, KO]))
def test_any_text_is_a_record_or_one_positioned_message(prefix, text, texts):
    try:
        record = parse_record(prefix + text, "g.yaml", GAME, texts)
    except InputError as error:
        (diagnostic,) = error.diagnostics
        assert diagnostic.position.path == "g.yaml" and diagnostic.position.line >= 1
        assert diagnostic.message
    else:
        assert all(len(p.parsed) == len(record.calls) for p in record.players)


@pytest.mark.parametrize("name, content, message", [
    ("missing.yaml", None, "file not found"),
    ("latin1.yaml", b"players: [J\xf6rg]\n", "not UTF-8 text (at byte 11)"),
])
def test_unreadable_files(tmp_path, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(InputError) as caught:
        load_record(path, GAME, EN)
    assert caught.value.diagnostics[0].message == message


def test_full_width_letters_and_digits_read_as_ascii(tmp_path):
    """What a Japanese input method types: full-width digits, letters and `＞`, ideographic spaces."""
    path = write(tmp_path, "columns: 3\nplayers: [みな]\ncalls: １ ２ ３ ２\nmoves:\n  みな: Ｒ　Ａ＞Ａ　２Ｂ＞Ｂ３　Ｃ\n")
    record = load_record(path, GAME, EN)
    assert record.calls == [1, 2, 3, 2]
    (mina,) = record.players
    assert mina.parsed == [(None, -1, ()), (None, 0, ((0, None),)), (2, 1, ((1, 3),)), (None, 2, ())]
    assert as_tuple(mina.positions[2]) == where(path, "２Ｂ")


def test_an_arrow_reads_as_the_move_mark(tmp_path):
    """`->` and `→` (the travel notation's arrow, and what an input method offers for one) mean `>`."""
    path = write(tmp_path, "players: [Mina]\ncalls: 1 2 3 2\nmoves:\n  Mina: R A->A B→B C\n")
    (mina,) = load_record(path, GAME, EN).players
    assert mina.parsed == [(None, -1, ()), (None, 0, ((0, None),)), (None, 1, ((1, None),)), (None, 2, ())]
    assert as_tuple(mina.positions[2]) == where(path, "B→B")


def test_a_bad_token_names_the_columns_of_the_game(tmp_path):
    path = write(tmp_path, "columns: 3\nplayers: [A]\ncalls: 1 2\nmoves: {A: R B*}\n")
    with pytest.raises(InputError) as caught:
        load_record(path, GAME, EN)
    (diagnostic,) = caught.value.diagnostics
    assert as_tuple(diagnostic.position) == where(path, "B*")
    assert diagnostic.message == ("'B*' is not a 3x16 token: write R or a column (A–C), then if tiles moved onto "
                                  "rows, > and their columns, for example B>AC")


def test_a_players_name_under_moves_may_differ_in_case(tmp_path):
    """As the travel checker reads names: `mina` is Mina, unless case alone tells two players apart."""
    record = load_record(write(tmp_path, "players: [Mina, Joon]\ncalls: 1 2\nmoves:\n  mina: R A\n  JOON: R A\n"),
                         GAME, EN)
    assert [(p.name, p.written) for p in record.players] == [("Mina", ["R", "A"]), ("Joon", ["R", "A"])]
    path = write(tmp_path, "players: [Mina, MINA]\ncalls: 1 2\nmoves:\n  mina: R A\n  MINA: R A\n")
    with pytest.raises(InputError) as caught:
        load_record(path, GAME, EN)
    assert str(caught.value) == f"{path}:4:3: error: 'mina' is not one of the players (Mina, MINA) [record]"


def test_commas_may_separate_calls_and_tokens_in_one_text(tmp_path):
    path = write(tmp_path, "columns: 3\nplayers: [Mina]\ncalls: 1, 2,3 ,2\nmoves:\n  Mina: R, A>A,B>B, C\n")
    record = load_record(path, GAME, EN)
    assert record.calls == [1, 2, 3, 2] and record.players[0].written == ["R", "A>A", "B>B", "C"]
    assert as_tuple(record.call_positions[2]) == where(path, "3 ,")
    assert as_tuple(record.players[0].positions[2]) == where(path, "B>B")
