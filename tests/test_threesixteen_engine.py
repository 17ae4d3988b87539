"""The 3x16 rules engine: every rule's exact outcome, the board before a broken token, and purity."""
from __future__ import annotations

import pytest

from generator.games.threesixteen.engine import replay, step
from generator.games.threesixteen.rules import SLIP, Board, Rules, Violation, check_calls
from generator.games.threesixteen.notation import ROW, letters_span, notation_for

N = notation_for("ABCDE")
RULES = Rules()


def tokens(text: str) -> list:
    parsed = [N.parse(word) for word in text.split()]
    assert None not in parsed
    return parsed


def test_keeping_a_fitting_tile_can_be_best():
    """The checked fact: calls 1 2 3 2 3 1 1 3 2 on one column leave 0 if the first 3 stays, 2 if moved at once."""
    one = Rules(columns=1)
    calls = [1, 2, 3, 2, 3, 1, 1, 3, 2]
    kept = replay(one, calls, tokens("R A>A A A A R R A A>AAAAA"))
    eager = replay(one, calls, tokens("R A>A A>A A A R R A A>AA"))
    assert kept.violation is None and kept.board == Board((3, 3, 3), ((),))
    assert eager.violation is None and eager.board == Board((3, 3, 1), ((2, 3),))
    assert (kept.board.tiles_left, eager.board.tiles_left) == (0, 2)


def test_a_full_game_finishes_at_the_last_call():
    calls = [n for n in range(1, 17) for _ in range(3)]
    words = []
    for number in calls:
        words.append("R" if number == 1 else "A>A")
    outcome = replay(RULES, calls, tokens(" ".join(words)))
    assert outcome.violation is None
    assert outcome.board == Board((16, 16, 16), ((),) * 5)
    assert outcome.finished_at == 48 and outcome.board.on_rows == 48


E = ()


@pytest.mark.parametrize(
    "calls, text, rule, reason, facts, part, board, marked",
    [
        ([1, 2], "R 3A", SLIP, "wrong_number", {"written": 3, "number": 2}, 0, ((1, 0, 0), (E, E, E)), None),
        ([1, 2], "1R 2A>A3", SLIP, "wrong_bottom", {"column": "A", "bottom": 2, "written": 3}, 1,
         ((1, 0, 0), ((2,), E, E)), 0),
        ([1], "A", "R7", "one_to_column", {"column": "A"}, 0, ((0, 0, 0), (E, E, E)), None),
        ([2], "R", "R8", "needs_column", {"number": 2}, 0, ((0, 0, 0), (E, E, E)), None),
        ([2], "E", "R9", "no_column", {"column": "E", "columns": 3, "letters": "ABC"}, 0,
         ((0, 0, 0), (E, E, E)), None),
        ([2], "F", "R9", "no_column", {"column": "F", "columns": 3, "letters": "ABC"}, 0,
         ((0, 0, 0), (E, E, E)), None),
        ([1, 2], "R A>D", "R9", "no_column", {"column": "D", "columns": 3, "letters": "ABC"}, 1,
         ((1, 0, 0), ((2,), E, E)), None),
        ([1, 2], "R A>B", "R10", "empty_column", {"column": "B"}, 1, ((1, 0, 0), ((2,), E, E)), None),
        ([1, 3], "R A>A", "R11", "no_fit", {"column": "A", "tile": 3, "need": 2, "ends": [1, 0, 0]}, 1,
         ((1, 0, 0), ((3,), E, E)), 0),
        ([1, 2, 3, 5], "R A B C>ABC", "R11", "no_fit", {"column": "C", "tile": 5, "need": 4, "ends": [3, 0, 0]}, 3,
         ((3, 0, 0), (E, E, (5,))), 2),
    ],
)
def test_each_broken_rule(calls, text, rule, reason, facts, part, board, marked):
    three = Rules(columns=3)
    outcome = replay(three, calls, tokens(text), positions=[f"pos{i}" for i in range(len(calls))])
    v = outcome.violation
    assert (v.rule, v.reason, v.facts, v.part.move, v.number) == (rule, reason, facts, part, len(calls) - 1)
    assert v.position == f"pos{len(calls) - 1}"
    # the board is the one at the broken rule: the placement and the moves before the broken one are made
    assert v.state == Board(*board) == outcome.board
    assert v.part.column == marked


def test_a_fourth_row_is_refused_when_the_game_has_fewer_rows():
    two_rows = Rules(rows=2)
    v = replay(two_rows, [1, 1, 1], tokens("R R R")).violation
    assert (v.rule, v.reason, v.facts, v.number) == ("R7", "rows_full", {"rows": 2}, 2)


def test_equal_row_ends_are_interchangeable():
    outcome = replay(RULES, [1, 1, 2, 3, 2], tokens("R R A>A B>B C>C"))
    assert outcome.violation is None
    assert sorted(outcome.board.ends) == [0, 2, 3]


@pytest.mark.parametrize(
    "calls, reason, facts, call",
    [
        ([1, 17], "number_range", {"number": 17, "high": 16}, 1),
        ([0], "number_range", {"number": 0, "high": 16}, 0),
        ([5, 1, 5, 5, 2, 5], "number_copies", {"number": 5, "count": 4, "copies": 3}, 5),
    ],
)
def test_calls_follow_r5(calls, reason, facts, call):
    v = check_calls(RULES, calls, positions=["p"] * len(calls))
    assert (v.rule, v.reason, v.facts, v.number, v.state, v.position) == ("R5", reason, facts, call, None, "p")
    assert check_calls(RULES, [n for n in range(1, 17)] * 3) is None


def test_step_gives_the_next_board_or_the_broken_rule():
    board = replay(RULES, [1, 2, 4], tokens("R A>A B")).board
    after = step(RULES, board, 3, N.parse("C>CB"))
    assert after == Board((4, 0, 0), ((), (), (), (), ()))
    broken = step(RULES, board, 3, N.parse("C>B"))
    assert isinstance(broken, Violation) and broken.rule == "R11"
    assert broken.state == Board((2, 0, 0), ((), (4,), (3,), (), ())) and broken.part.column == 1


def test_notation_parsing_and_writing():
    assert N.parse("R") == (None, ROW, ())
    assert N.parse("c>ab") == (None, 2, ((0, None), (1, None)))
    assert N.parse("12D>D12E13") == (12, 3, ((3, 12), (4, 13)))
    assert N.parse("F") == (None, 5, ()) and N.parse("A>Fs") == (None, 0, ((5, None), (17, None)))
    assert N.parse("9" * 9 + "A") == (999_999_999, 0, ())
    assert N.parse("２Ａ＞Ａ２") == (2, 0, ((0, 2),)) and N.parse("ｒ") == (None, ROW, ())   # full-width, as typed
    for bad in ("", "A>", ">A", "R>R", "AB", "A>R", "A >B", "+1A", "A>1", "٣A", "２A>", "A>Ё", "9" * 10 + "A",
                "A>B" + "1" * 10):
        assert N.parse(bad) is None, bad
    assert N.write(ROW) == "R" and N.write(2, (2, 0, 0)) == "C>CAA"
    assert letters_span("ABCDE") == "A–E" and letters_span("A") == "A"
