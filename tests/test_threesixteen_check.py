"""`pnp check threesixteen`: each rule's failing record (rule id, position, words), results, winners, the solver."""
from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from conftest import ROOT, line_col, replace_in, use_columns_v_to_z

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.check import check_file

CONTENT = load_content()
SOLVER = "generator.games.threesixteen.solver"


pytestmark = pytest.mark.usefixtures("solver_reports_nothing")


def record(tmp_path: Path, calls: str, moves: dict[str, str], columns: int = 5) -> Path:
    lines = ["game: threesixteen", f"columns: {columns}", f"players: [{', '.join(moves)}]", f"calls: {calls}",
             "moves:"] + [f"  {name}: {tokens}" for name, tokens in moves.items()]
    path = tmp_path / "game.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# calls, moves, columns, (rule, call, player, token, needle in the file, occurrence)
BROKEN = [
    ("1 2 2 2 2", {"Mina": "R A B C D"}, 5, ("R5", 5, None, None, "2\n", 1)),
    ("1 17", {"Mina": "R A"}, 5, ("R5", 2, None, None, "17", 1)),
    ("1 1", {"Mina": "R A"}, 5, ("R7", 2, "Mina", "A", "A\n", 1)),
    ("1 2", {"Mina": "R R"}, 5, ("R8", 2, "Mina", "R", "R\n", 1)),
    ("1 2 3", {"Mina": "R A D"}, 3, ("R9", 3, "Mina", "D", "D", 1)),
    ("1 2 3", {"Mina": "R A F"}, 5, ("R9", 3, "Mina", "F", "F", 1)),
    ("1 2 3", {"Mina": "R A B>E"}, 4, ("R9", 3, "Mina", "B>E", "B>E", 1)),
    ("1 2 3", {"Mina": "R A B>C"}, 3, ("R10", 3, "Mina", "B>C", "B>C", 1)),
    ("1 3 2", {"Mina": "R A>A B"}, 5, ("R11", 2, "Mina", "A>A", "A>A", 1)),
    # a number written in a token whose letters alone break a rule: the rule, not a slip (the two tokens:
    # the 2 above A's 4 taken from the top, the 5 taken from the middle; without the numbers both break R11)
    ("1 2 4 3", {"Mina": "R A A 3B>A2"}, 5, ("R11", 4, "Mina", "3B>A2", "3B>A2", 1)),
    ("1 2 5 4 6", {"Mina": "R A A A 6B>A5"}, 5, ("R11", 5, "Mina", "6B>A5", "6B>A5", 1)),
    ("1 2 1", {"Mina": "R A 5A"}, 5, ("R7", 3, "Mina", "5A", "5A", 1)),
]


@pytest.mark.parametrize("calls, moves, columns, expected", BROKEN)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_rule_has_a_failing_record(tmp_path, calls, moves, columns, expected, lang):
    rule, call, player, token, needle, occurrence = expected
    path = record(tmp_path, calls, moves, columns)
    report = check_file(path, CONTENT, lang)
    assert not report.ok
    line, col = line_col(path, needle, occurrence)
    data = report.to_json()["violation"]
    assert (data["rule"], data["call"], data["player"], data["state"]["token"]) == (rule, call, player, token)
    assert (data["position"]["line"], data["position"]["col"]) == (line, col)
    texts = CONTENT.texts("threesixteen", lang)
    values = {"high": 16, "copies": 3, "rows": 3, "columns": columns, "tiles": 48}
    assert data["text"] == texts.get(f"rules.{rule}.text", **values)
    assert data["title"] == texts.get(f"rules.{rule}.title", **values)
    text = report.to_text()
    assert f"{path}:{line}:{col}: " in text
    assert data["text"] in text and data["reason"] in text


def test_the_words_of_a_broken_rule(tmp_path):
    path = record(tmp_path, "1 2 3 3", {"Mina": "R A B C>A2BC", "Joon": "R A>A B>B C"}, columns=4)
    report = check_file(path, CONTENT, "en")
    assert report.to_text().splitlines() == [
        f"{path}: the record breaks a rule",
        f"{path}:6:15: call 4 (number 3), Mina: token C>A2BC breaks rule R11",
        "  In move 3 of this token: the bottom tile of column C is 3, but no main row ends at 2 "
        "(the rows end at 3, -, -).",
        "  R11 Moving onto a row: " + CONTENT.texts("threesixteen", "en").get("rules.R11.text"),
        "  Board of Mina at move 3, after the placement and the moves before it:",
        "    Row 1: 1 2 3",
        "    Row 2: -",
        "    Row 3: -",
        "    Columns, top to bottom (the last tile is the bottom tile):",
        "       A   B   C   D",
        "       -   -   3*  -",
        "    * the tile this move tried to take",
    ]
    board = report.to_json()["violation"]["state"]["board"]
    assert board == {"rows": [[1, 2, 3], [], []], "columns": {"A": [], "B": [], "C": [3], "D": []}, "marked": "C"}
    ko = check_file(path, CONTENT, "ko").to_text().splitlines()
    assert ko[1] == f"{path}:6:15: 4번째 부름(숫자 3), Mina의 기호 C>A2BC: 규칙 R11 위반"
    assert ko[2] == ("  이 기호의 옮기기 3에서: 세로줄 C의 맨 아래 타일은 3인데, 2로 끝나는 가로줄이 없습니다"
                     "(가로줄의 끝: 3, -, -).")


@pytest.mark.parametrize("columns, token, letter, letters", [(5, "F", "F", "A–E"), (4, "E", "E", "A–D"),
                                                            (4, "B>z", "Z", "A–D")])
def test_a_column_beyond_the_game_breaks_the_columns_rule(tmp_path, columns, token, letter, letters):
    path = record(tmp_path, "1 2 3", {"Mina": f"R A {token}"}, columns)
    text = check_file(path, CONTENT, "en").to_text().splitlines()
    rule = CONTENT.texts("threesixteen", "en").get("rules.R9.text", columns=columns)
    assert text[2:4] == [f"  {'In move 1 of this token: ' if '>' in token else ''}there is no column {letter}: "
                         f"the columns of this game are {letters}.", f"  R9 Columns: {rule}"]


# calls, moves, needle in the file, the first words of the message in English
SLIPS = [
    ("1 2", {"Mina": "R A", "Joon": "R 3A"}, "3A", "call 2 (number 2), Joon: token 3A: the token says 3, but the "
                                                   "number called is 2."),
    ("1 2 3", {"Mina": "R A B>A3"}, "B>A3", "call 3 (number 3), Mina: token B>A3: In move 1 of this token: the "
                                            "bottom tile of column A is 2, not 3."),
    # the 2 goes to B and moves on at once; the move says B3: the letters say what happened and break no rule, so
    # the number is the slip (with letters that break a rule, the rule is cited: BROKEN's R11 tokens)
    ("1 3 2", {"Mina": "R A 2B>B3"}, "2B>B3", "call 3 (number 2), Mina: token 2B>B3: In move 1 of this token: "
                                              "the bottom tile of column B is 2, not 3."),
]


@pytest.mark.parametrize("calls, moves, needle, words", SLIPS)
def test_a_written_number_that_does_not_match_is_a_slip_not_a_broken_rule(tmp_path, calls, moves, needle, words):
    path = record(tmp_path, calls, moves)
    line, col = line_col(path, needle)
    with pytest.raises(InputError) as caught:
        check_file(path, CONTENT, "en")
    [slip] = caught.value.diagnostics
    assert (slip.position.line, slip.position.col, slip.check) == (line, col, "slip")
    assert slip.message.startswith(words + " ")
    assert "not a broken rule" in slip.message and "breaks rule" not in slip.message
    with pytest.raises(InputError) as caught:
        check_file(path, CONTENT, "ko")
    assert "규칙 위반이 아니라" in caught.value.diagnostics[0].message


def test_a_misspelt_player_gets_did_you_mean(tmp_path):
    path = record(tmp_path, "1 2", {"Mina": "R A", "Joon": "R A"})
    path.write_text(path.read_text(encoding="utf-8").replace("  Joon:", "  Jon:"), encoding="utf-8")
    for lang, hint in [("en", "; did you mean 'Joon'?"), ("ko", " 혹시 'Joon'을 쓰려던 것인가요?"),
                       ("ja", "「Joon」のことですか？")]:
        with pytest.raises(InputError) as caught:
            check_file(path, CONTENT, lang)
        assert caught.value.diagnostics[0].message.endswith(hint)
    path.write_text(path.read_text(encoding="utf-8").replace("  Jon:", "  Xavier:"), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        check_file(path, CONTENT, "en")
    assert caught.value.diagnostics[0].message == "'Xavier' is not one of the players (Mina, Joon)"


def test_the_first_violation_in_call_order_wins(tmp_path):
    # Joon breaks a rule at call 2, Mina at call 3, the caller at call 5 (a fourth 2): Joon is reported
    path = record(tmp_path, "1 2 2 2 2", {"Mina": "R A B>C D E", "Joon": "R R B C D"})
    assert check_file(path, CONTENT, "en").to_json()["violation"]["player"] == "Joon"
    # at the same call the caller comes first, then seat order
    path = record(tmp_path, "1 2 2 2 2", {"Mina": "R A B C R", "Joon": "R A B C R"})
    assert check_file(path, CONTENT, "en").to_json()["violation"]["rule"] == "R5"
    path = record(tmp_path, "1 2", {"Mina": "R R", "Joon": "R R"})
    assert check_file(path, CONTENT, "en").to_json()["violation"]["player"] == "Mina"


def test_a_valid_stopped_game(tmp_path):
    path = record(tmp_path, "1 2 3 2 3 1 1 3 2", {"Mina": "R A>A A A A R R A A>AAAAA",
                                                   "Joon": "R A>A A>A A A R R A A>AA",
                                                   "Sora": "R A B C>CB D R R E A>AAED"})
    report = check_file(path, CONTENT, "en")
    assert report.ok
    data = report.to_json()["result"]
    assert [(r["name"], r["tiles_left"], r["tiles_on_rows"]) for r in data["results"]] == [
        ("Mina", 0, 9), ("Joon", 2, 7), ("Sora", 0, 9)]
    assert (data["winners"], data["win"], data["rule"]) == (["Mina", "Sora"], "fewest", "R13")
    assert "best" not in data and "best_possible" not in data["results"][0]
    assert report.to_text().splitlines() == [
        f"{path}: valid 3x16 record",
        "  calls: 9, columns: 5, players: 3",
        "  The game stopped after 9 of 48 calls; tiles left counts the called tiles outside the main rows.",
        "  Mina – tiles left: 0",
        "  Joon – tiles left: 2",
        "  Sora – tiles left: 0",
        "  Winners, tied: Mina, Sora (fewest tiles left, R13)",
    ]


def test_the_worked_examples_pass():
    envelope = check_file(ROOT / "examples" / "threesixteen-game.yaml", CONTENT, "en").to_json()
    game = envelope["result"]
    assert envelope["valid"] and game["calls"] == 48 and game["date"] == "2025-03-14"
    assert [(r["name"], r["tiles_left"], r["finished_at"]) for r in game["results"]] == [
        ("Mina", 0, 48), ("Joon", 5, None), ("Sora", 8, None)]
    assert (game["winners"], game["win"], game["rule"]) == (["Mina"], "finished", "R13")
    solo = check_file(ROOT / "examples" / "threesixteen-solo.yaml", CONTENT, "ko")
    assert solo.ok and solo.to_json()["result"]["win"] == "solo_finished"
    assert solo.to_text().splitlines()[-1] == "  혼자 하기 승리: 세 줄을 모두 완성했습니다(R14)."


def test_a_solo_score(tmp_path):
    path = record(tmp_path, "1 2 3 2", {"Yuna": "R A>A B>B C"})
    report = check_file(path, CONTENT, "en")
    assert report.to_json()["result"]["win"] == "solo_fewest"
    assert report.to_text().splitlines()[-1] == "  Solo score: 1 tile left outside the rows (R14)."


def test_best_result_from_the_solver(tmp_path, monkeypatch):
    seen = {}

    def solve(calls, columns=5, nodes=1, time_limit=1.0, high=16, copies=3, rows=3, known=None, letters="ABCDE"):
        seen.update(calls=calls, columns=columns, nodes=nodes, time_limit=time_limit, high=high, copies=copies,
                    rows=rows, known=known)
        return types.SimpleNamespace(min_tiles_left=0, proven=False, lower_bound=0, plan=["R", "A>A", "B"],
                                     nodes=10, seconds=0.1, node_budget=nodes, time_limit=time_limit,
                                     stopped="nodes")

    monkeypatch.setitem(sys.modules, SOLVER, types.SimpleNamespace(solve=solve, NODES=500, TIME_LIMIT=9.0))
    path = record(tmp_path, "1 2 3", {"Mina": "R A>A B", "Joon": "R A B"}, columns=4)
    report = check_file(path, CONTENT, "en", time_limit=2.5)
    # the best player's own play (Mina: 1 tile left) goes to the solver as a known plan
    assert seen == {"calls": [1, 2, 3], "columns": 4, "nodes": 500, "time_limit": 2.5, "high": 16, "copies": 3,
                    "rows": 3, "known": [(-1, ()), (0, (0,)), (1, ())]}
    data = report.to_json()["result"]
    assert data["best"] == {"min_tiles_left": 0, "proven": False, "lower_bound": 0, "plan": "R A>A B",
                            "nodes": 10, "node_budget": 500, "time_limit": 2.5, "stopped": "nodes"}
    assert data["results"][1]["best_possible"] == {"tiles_left": 0, "proven": False, "lower_bound": 0}
    assert "      best possible with these calls: 0 (found; at least 0, not proven within 500 search nodes)" in \
        report.to_text().splitlines()


def test_a_winner_is_told_zero_proven_without_search(monkeypatch):
    monkeypatch.undo()                          # the real solver
    report = check_file(ROOT / "examples" / "threesixteen-game.yaml", CONTENT, "en", nodes=1)
    best = report.to_json()["result"]["best"]
    assert (best["min_tiles_left"], best["proven"], best["nodes"], best["stopped"]) == (0, True, 0, "done")
    assert report.to_text().splitlines()[2:4] == ["  Mina – tiles left: 0 (completed all three rows at call 48)",
                                                  "      best possible with these calls: 0 (proven)"]


def test_the_best_shown_is_never_above_what_a_player_reached(tmp_path, monkeypatch):
    monkeypatch.undo()
    # 3x16 with three columns, deal 3: no budget for a search, so the best is the players' own play
    from generator.games.threesixteen.caller import deal
    from generator.games.threesixteen.rules import Rules
    from generator.games.threesixteen.notation import notation_for
    from generator.games.threesixteen.simulate import play
    from generator.games.threesixteen.strategies import Strong

    rules = Rules(columns=3)
    calls = deal(3, rules)
    tokens, board, _ = play(Strong(rules), rules, calls, notation_for(rules.letters))
    path = record(tmp_path, " ".join(map(str, calls)), {"Mina": " ".join(tokens)}, columns=3)
    best = check_file(path, CONTENT, "en", nodes=1).to_json()["result"]["best"]
    assert best["min_tiles_left"] <= board.tiles_left


@pytest.mark.parametrize("written, particle", [(5, "5라고"), (3, "3이라고"), (10, "10이라고"), (2, "2라고")])
def test_the_korean_slip_message_reads_the_written_number_aloud(tmp_path, written, particle):
    """"기호에는 5이라고 적혀 있지만" was the message for a 5 (오 ends in a vowel): 5라고, and 3이라고 (삼)."""
    path = record(tmp_path, "1 4", {"Mina": f"R {written}A"})
    with pytest.raises(InputError) as caught:
        check_file(path, CONTENT, "ko")
    assert f"기호에는 {particle} 적혀 있지만 부른 숫자는 4입니다." in caught.value.diagnostics[0].message


@pytest.mark.parametrize("token, letter", [("C", "C"), ("E", "E"), ("B", "B")])
def test_the_r7_message_names_the_column_the_1_went_to(tmp_path, token, letter):
    """R7 names the column by its letter: a test with the 1 in column A alone would pass a wrong letter."""
    path = record(tmp_path, "1 2 1", {"Mina": f"R A {token}"})
    data = check_file(path, CONTENT, "en").to_json()["violation"]
    assert (data["rule"], data["facts"]) == ("R7", {"column": letter})
    assert data["reason"] == f"a 1 must start a main row; it cannot go to column {letter}."


def test_the_r7_message_names_the_column_by_the_contents_letters(content_copy, tmp_path):
    """With columns V-Z in game.yaml, a 1 put in the third column is put in column X."""

    use_columns_v_to_z(content_copy)
    path = record(tmp_path, "1 2 1", {"Mina": "R V X"})
    data = check_file(path, load_content(content_copy), "en").to_json()["violation"]
    assert (data["rule"], data["facts"]) == ("R7", {"column": "X"})


def test_tiles_left_copied_from_the_log_sheet_are_checked_against_the_moves(tmp_path):
    """The log sheet's last line asks for each player's tiles left; the record refused the key (`unknown key
    'tiles_left'`) when a player typed the sheet in as written. A count that matches passes, any player may be left
    out, and a wrong count is a slip in counting at the count's position, in every language, not a broken rule."""
    path = record(tmp_path, "1 2 3", {"Mina": "R A>A B>B", "Joon": "R A B"})
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "tiles_left: {Mina: 0, joon: 2}\n", encoding="utf-8")
    report = check_file(path, CONTENT, "en", nodes=0).to_json()
    assert report["valid"] and [p["tiles_left"] for p in report["result"]["results"]] == [0, 2]
    path.write_text(text + "tiles_left:\n  Joon: 3\n", encoding="utf-8")
    for lang, words in [("en", "Joon: tiles left is written as 3, but these moves leave 2. The moves decide, so this "
                                "is a slip in counting, not a broken rule: correct the count, or leave it out."),
                        ("ko", "Joon: 남은 타일이 3개라고 적혀 있지만, 이 수들로는 2개가 남습니다."),
                        ("ja", "Joon：残りのタイルは3枚と書かれていますが、この手順では2枚残ります。")]:
        with pytest.raises(InputError) as caught:
            check_file(path, CONTENT, lang, nodes=0)
        [slip] = caught.value.diagnostics
        assert (slip.position.line, slip.position.col, slip.check) == (9, 9, "record")
        assert slip.message.startswith(words), lang


@pytest.mark.parametrize("written, words", [
    ("tiles_left: 3", "tiles_left must give each player's name with their tiles left, for example Mina: 0"),
    ("tiles_left: {Mina: three}", "Mina: tiles left must be a whole number; found 'three'"),
    ("tiles_left: {Mina: -1}", "Mina: tiles left must be a whole number; found '-1'"),
    ("tiles_left: {Sora: 1}", "'Sora' is not one of the players (Mina)"),
    ("tiles_left: {Mina: 1, mina: 1}", "'Mina' is listed twice among the players"),
])
def test_a_malformed_tiles_left_is_one_message_at_its_place(tmp_path, written, words):
    path = record(tmp_path, "1 2", {"Mina": "R A"})
    path.write_text(path.read_text(encoding="utf-8") + written + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        check_file(path, CONTENT, "en", nodes=0)
    [error] = caught.value.diagnostics
    assert error.position.line == 7 and error.message.startswith(words)
