"""The online strategies: what each one decides in plain positions, and that simulation is deterministic."""
from __future__ import annotations

from generator.games.threesixteen.rules import Board, Rules
from generator.games.threesixteen.notation import ROW
from generator.games.threesixteen.simulate import simulate, summarise
from generator.games.threesixteen.strategies import Naive, Strong, greedy_moves, reachable

RULES = Rules()
UNSEEN = [0] + [2] * 16


def board(ends, *columns) -> Board:
    columns = columns + ((),) * (5 - len(columns))
    return Board(tuple(ends), tuple(tuple(c) for c in columns))


def test_naive_uses_the_shortest_column_and_moves_at_once():
    choice = Naive(RULES).choose(board((2, 0, 0), (9, 8), (7,), (5,), (6,), (11,)), 3, UNSEEN)
    assert (choice.place, choice.moves) == (1, (1,))
    assert choice.board == board((3, 0, 0), (9, 8), (7,), (5,), (6,), (11,))
    assert Naive(RULES).choose(board((0, 0, 0)), 1, UNSEEN).place == ROW


def test_reachable_lists_every_distinct_board_once():
    start = board((2, 2, 0), (3,), (3, 4))
    assert reachable(start) == [
        ((), start),
        ((0,), board((3, 2, 0), (), (3, 4))),
        ((0, 1), board((4, 2, 0), (), (3,))),
        ((0, 1, 1), board((4, 3, 0), (), ())),
    ]
    assert greedy_moves(start) == ((0, 1, 1), board((4, 3, 0), (), ()))


def test_strong_keeps_columns_falling_towards_the_bottom():
    # 6 fits below the 7 (column B) without burying anything; below 3 or 12 it would hide a smaller tile
    choice = Strong(RULES).choose(board((2, 0, 0), (12,), (7,), (3, 14)), 6, UNSEEN)
    assert (choice.place, choice.moves) == (1, ())
    # a tile that fits a row goes there, and what it frees follows
    choice = Strong(RULES).choose(board((2, 0, 0), (12,), (4,)), 3, UNSEEN)
    assert choice.board.ends == (4, 0, 0) and choice.board.tiles_left == 1


def test_simulation_is_deterministic_and_strong_beats_naive():
    strong = simulate("strong", 6, RULES, seed=5)
    assert strong == simulate("strong", 6, RULES, seed=5)
    assert [g.seed for g in strong] == list(range(5, 11))
    naive = summarise(simulate("naive", 6, RULES, seed=5))
    assert summarise(strong).mean_tiles_left < naive.mean_tiles_left
