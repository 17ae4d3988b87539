"""The 3x16 rules module: what a player may do now (legal places and moves), and that `check` agrees with it."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.threesixteen.engine import place, shift
from generator.games.threesixteen.notation import ROW
from generator.games.threesixteen.rules import Board, Rules, check, fits, is_legal, legal_places, legal_shifts

RULES = Rules(columns=4, letters="ABCD")


def test_a_one_starts_a_row_while_one_is_free_and_any_other_number_goes_under_any_column():
    assert legal_places(RULES, Board((0, 0, 0), ((),) * 4), 1) == (ROW,)
    assert legal_places(RULES, Board((3, 1, 2), ((),) * 4), 1) == ()
    assert legal_places(RULES, Board((0, 0, 0), ((),) * 4), 7) == (0, 1, 2, 3)


def test_only_a_bottom_tile_one_above_a_row_end_may_move():
    board = Board((3, 0, 5), ((4, 9), (6,), (), (4,)))
    assert legal_shifts(board) == (1, 3)
    assert fits(1, board.ends) and fits(4, board.ends) and not fits(9, board.ends)


def test_check_names_the_first_rule_a_token_breaks():
    board = Board((3, 0, 0), ((4, 9), (), (), ()))
    assert check(RULES, board, 4, (None, 1, ((1, None),))) is None
    broken = check(RULES, board, 5, (None, 1, ((1, None), (0, None))))
    assert (broken.rule, broken.reason, broken.part.move, broken.part.column) == ("R11", "no_fit", 1, 1)
    assert broken.state == Board((3, 0, 0), ((4, 9), (5,), (), ()))      # after the placement, before the move
    assert check(RULES, board, 5, (None, 4, ())).rule == "R9"
    assert check(RULES, board, 1, (None, 0, ())).reason == "one_to_column"
    assert not is_legal(RULES, board, 5, (6, 1, ()))


boards = st.builds(
    lambda ends, columns: Board(tuple(sorted(ends)), tuple(tuple(c) for c in columns)),
    st.lists(st.integers(0, 15), min_size=3, max_size=3),
    st.lists(st.lists(st.integers(2, 16), max_size=4), min_size=4, max_size=4),
)


@settings(max_examples=200)
@given(boards, st.integers(1, 16), st.lists(st.integers(0, 4), max_size=5))
def test_a_token_is_legal_exactly_when_each_part_is_one_the_rules_list(board, number, moves):
    """Walk the token part by part with legal_places/legal_shifts; check must agree at the first refused part."""
    token = (None, ROW if number == 1 else 0, tuple((column, None) for column in moves))
    allowed = token[1] in legal_places(RULES, board, number)
    here = place(board, number, token[1]) if allowed else board
    for column in moves:
        if not allowed:
            break
        allowed = column in legal_shifts(here)
        here = shift(here, column) if allowed else here
    assert is_legal(RULES, board, number, token) == allowed
