"""The online strategies: what each one decides in plain positions, and that simulation is deterministic."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


from generator.games.threesixteen.caller import deal
from generator.games.threesixteen.notation import ROW, notation_for
from generator.games.threesixteen.rules import Board, Rules
from generator.games.threesixteen.simulate import play, simulate, summarise
from generator.games.threesixteen.evaluation import Evaluation
from generator.games.threesixteen.playout import Playout
from generator.games.threesixteen.strategies import (ENDGAME, Lookahead, Naive, Sampling, Solving, Strong, greedy_moves,
                                                     reachable)

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


def test_lookahead_keeps_a_column_open_where_strong_stacks():
    """A 5 on a lone 10: strong slides it under the 10 (a falling column); lookahead, weighing every number still to
    come, opens a new column instead. On the last call there is nothing to weigh and both agree."""
    start = board((0, 0, 0), (10,))
    unseen = [0, 3, 3, 3, 3, 2, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3]
    assert Strong(RULES).choose(start, 5, unseen).place == 0
    assert Lookahead(RULES).choose(start, 5, unseen).place == 1
    nothing = [0] * 17
    assert Lookahead(RULES).choose(start, 5, nothing) == Strong(RULES).choose(start, 5, nothing)


@pytest.mark.parametrize("strategy", [Lookahead, Sampling, Solving])
@settings(max_examples=3, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), made=st.integers(0, 47), reshuffle=st.integers(0, 10**6))
def test_reshuffling_the_uncalled_tiles_never_changes_the_moves_already_made(strategy, seed, made, reshuffle):
    """Lookahead, sampling and solving see the counts of the uncalled numbers, never their order."""
    calls = deal(seed, RULES)
    rest = calls[made:]
    random.Random(reshuffle).shuffle(rest)
    notation = notation_for(RULES.letters)
    played = play(strategy(RULES), RULES, calls, notation)[0]
    replayed = play(strategy(RULES), RULES, calls[:made] + rest, notation)[0]
    assert replayed[:made] == played[:made]


def test_a_playout_places_and_moves_as_strong_does():
    """Strong's placements, call by call, on plain lists: the same boards."""
    start = board((2, 0, 0), (12,), (7,), (3, 14))
    future = [6, 3, 1, 4, 13, 5]
    unseen = list(UNSEEN)
    expected = start
    for number in future:
        unseen[number] -= 1
        expected = Strong(RULES).choose(expected, number, unseen).board
    assert expected == board((7, 1, 0), (12,), (), (3, 14, 13))
    assert Playout(Evaluation(RULES)).play(start, future, UNSEEN) == expected


def test_a_playout_weighs_the_moves_when_two_columns_offer_one_row_end():
    """After the 1, either 2 may go first: the one under a 3 frees the 3 too (moving leftmost first would not)."""
    after = Playout(Evaluation(RULES)).play(board((0, 0, 0), (2,), (3, 2)), [1], UNSEEN)
    assert after == board((3, 0, 0), (2,))
    assert greedy_moves(board((1, 0, 0), (2,), (3, 2)))[1] == board((2, 0, 0), (), (3, 2))


def test_sampling_is_the_same_for_the_same_deal_and_beats_strong_on_the_first_five_deals():
    sampling = simulate("sampling", 5, RULES, seed=0)
    assert sampling[:2] == simulate("sampling", 2, RULES, seed=0)
    strong = simulate("strong", 5, RULES, seed=0)
    assert (summarise(sampling).wins, summarise(strong).wins) == (2, 1)
    assert summarise(sampling).mean_tiles_left < summarise(strong).mean_tiles_left



def test_solving_plays_as_sampling_until_the_endgame():
    calls = deal(11, RULES)
    board_now, unseen = Board.empty(RULES), [0] + [RULES.copies] * RULES.high
    solving, sampling = Solving(RULES), Sampling(RULES)
    for number in calls[: RULES.tiles - ENDGAME]:
        unseen[number] -= 1
        choice = solving.choose(board_now, number, unseen)
        assert choice == sampling.choose(board_now, number, unseen)
        board_now = choice.board


def strong_wins(start: Board, unseen: list[int]) -> tuple[int, int]:
    """In how many distinct orders of the tiles still to come strong, playing on from `start`, wins; and how many
    orders there are."""
    rest = [tile for tile, count in enumerate(unseen) for _ in range(count)]
    orders = set(itertools.permutations(rest))
    won = 0
    for order in orders:
        here, left = start, list(unseen)
        for number in order:
            left[number] -= 1
            here = Strong(RULES).choose(here, number, left).board
        won += here.tiles_left == 0
    return won, len(orders)


def test_solving_keeps_the_endgame_position_that_wins_in_every_order():
    """An 11 with five tiles to come (deal 2024): sampling slides it under the 13; solving puts it under the three
    16s, and from there strong wins in every order of the five; from sampling's position three orders lose."""
    start = board((11, 8, 3), (12, 9, 12, 9, 5), (16, 16, 16), (10, 10, 14), (11, 13, 8, 7), (15, 15, 14, 14, 13))
    unseen = [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0]
    solved, sampled = Solving(RULES).choose(start, 11, unseen), Sampling(RULES).choose(start, 11, unseen)
    assert (solved.place, solved.moves, sampled.place, sampled.moves) == (1, (), 4, ())
    assert (strong_wins(solved.board, unseen), strong_wins(sampled.board, unseen)) == ((120, 120), (117, 120))
