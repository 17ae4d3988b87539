"""Online players for simulation: they see the board, the number called and what is still to come, never the order.

`naive` puts each number on its shortest column and moves every tile the moment it fits.

`strong` looks at every column the number could go to and at every set of moves onto rows after it, and keeps the
position the static evaluation likes best (evaluation.py).

`lookahead` plans against the unseen tiles. It takes strong's best few positions after the call and judges each
again by the next call: every number still to come may be next, with a chance in proportion to how many of it
are left, and for each the best position strong would reach from there is evaluated; the position with the best
mean wins (an expectimax of one chance step). It needs only the counts of the uncalled numbers, never their order.

`sampling` plans against imagined futures. It takes strong's best few positions after the call, imagines a few
orders of the tiles still to come (shuffles of the uncalled counts), plays the next calls of each order from every
position the way strong would (playout.py), and keeps the position whose boards strong's evaluation likes best on
average. Every position meets the same imagined orders (common random numbers), so what differs between them is
the position, not the luck. The shuffles are seeded by what the player sees (the board, the call and the counts),
so the same game gives the same moves, and a reshuffled future cannot change them. A horizon of a few calls,
judged by the evaluation, beats playing to the end: whole games vary by several tiles from one imagined order to
the next, far more than the positions differ, and the mean of a few would be noise.

`solving` is sampling with the endgame solved. Once fewer tiles are still to come, it imagines orders of all of
them, plays the first calls of each from every position the way strong would, and asks the hindsight solver's
exact search whether the rest of that order could still be played to a win from there (a few nodes each: a win
is found fast or not at all). The position that wins in most orders is kept; the sampled evaluation breaks ties.
At five columns a loss is a deadlock of column orders at the end, which the evaluation sees only dimly and the
search sees exactly, for the imagined orders; the calls played first keep it from trusting a foresight the player
will not have.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, NamedTuple, Protocol, Sequence

from .engine import place, shift
from .evaluation import Evaluation, Weights
from .notation import ROW
from .playout import Playout
from .rules import Board, Rules, legal_places, legal_shifts
from .solver_budget import Budget, OutOfBudget
from .solver_exact import ExactSearch


@dataclass(frozen=True)
class Choice:
    """Where the called tile went (ROW or a column), the columns moved from in order, and the board after."""

    place: int
    moves: tuple[int, ...]
    board: Board


class Strategy(Protocol):
    name: str

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        """`unseen[v]` is how many tiles numbered v are still to be called (public knowledge)."""


class Reached(NamedTuple):
    """A board reached by moving column bottoms onto rows, and the columns moved from, in order."""

    moves: tuple[int, ...]
    board: Board


class Option(NamedTuple):
    """A position a call can lead to, and strong's evaluation of it (lower is better)."""

    score: float
    choice: Choice


class Future(NamedTuple):
    """Imagined next calls, and the counts still unseen after them."""

    calls: list[int]
    left: list[int]


def greedy_moves(board: Board) -> Reached:
    """Move bottom tiles onto rows, leftmost column first, until none fits."""
    moves: list[int] = []
    while shifts := legal_shifts(board):
        board = shift(board, shifts[0])
        moves.append(shifts[0])
    return Reached(tuple(moves), board)


def reachable(board: Board, limit: int = 256) -> list[Reached]:
    """Every distinct board reachable by moves (moving nothing included), with one move sequence for each."""
    seen = {(tuple(sorted(board.ends)), board.columns)}
    out = [Reached((), board)]
    i = 0
    while i < len(out) and len(out) < limit:
        moves, here = out[i]
        i += 1
        for column in legal_shifts(here):
            moved = shift(here, column)
            key = (tuple(sorted(moved.ends)), moved.columns)
            if key not in seen:
                seen.add(key)
                out.append(Reached(moves + (column,), moved))
    return out


#: lookahead re-judges this many of strong's best positions: on deals 1000-1199 with 5 columns, 3 won 48.0% (0.09 s per
#: game), 6 won 51.0% (0.15 s), 12 won 52.5% (0.19 s); a risk term on the spread of the outcomes only lost
KEEP = 6


class Naive:
    """The baseline: no planning at all."""

    name = "naive"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        places = legal_places(self.rules, board, number)
        where = min(places, key=lambda c: 0 if c == ROW else len(board.columns[c]))
        moves, after = greedy_moves(place(board, number, where))
        return Choice(where, moves, after)


class Strong:
    """One-ply search over placements and move sets, judged by the static evaluation (see the module docstring)."""

    name = "strong"

    def __init__(self, rules: Rules, weights: Weights = Weights()) -> None:
        self.rules = rules
        self.evaluate = Evaluation(rules, weights)

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        return self.options(board, number, unseen)[0].choice

    def options(self, board: Board, number: int, unseen: Sequence[int]) -> list[Option]:
        """Every distinct position the call can lead to, with its evaluation, best first (ties in the order found)."""
        found = [Option(self.evaluate(after, unseen), Choice(where, moves, after))
                 for where, moves, after in self._positions(board, number)]
        found.sort(key=lambda option: option.score)
        return found

    def best_score(self, board: Board, number: int, unseen: Sequence[int]) -> float | None:
        """The evaluation of the best position the call can lead to (None when the number has nowhere to go)."""
        return min((self.evaluate(after, unseen) for _, _, after in self._positions(board, number)), default=None)

    def _positions(self, board: Board, number: int) -> Iterator[tuple[int, tuple[int, ...], Board]]:
        """(place, moves, board after) for every distinct position: each distinct place, then each move set."""
        for where in _distinct_places(legal_places(self.rules, board, number), board):
            for moves, after in reachable(place(board, number, where)):
                yield where, moves, after


class Lookahead:
    """Strong's best few positions, judged again by what the next call may bring (see the module docstring)."""

    name = "lookahead"

    def __init__(self, rules: Rules, weights: Weights = Weights(), keep: int = KEEP) -> None:
        self.rules = rules
        self.strong = Strong(rules, weights)
        self.keep = keep

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        options = self.strong.options(board, number, unseen)[: self.keep]
        if len(options) == 1 or not any(unseen):
            return options[0].choice
        return min(options, key=lambda option: (self.expected(option.choice.board, unseen), option.score)).choice

    def expected(self, board: Board, unseen: Sequence[int]) -> float:
        """The mean, over the tiles still to come (each number weighted by its count), of the evaluation of the
        best position Strong reaches from `board` when that number is called next."""
        total = weight = 0.0
        after = list(unseen)
        for number, count in enumerate(unseen):
            if count:
                after[number] -= 1
                score = self.strong.best_score(board, number, after)
                after[number] += 1
                if score is not None:
                    total += count * score
                    weight += count
        return total / weight if weight else 0.0


#: sampling's search: strong's best `SAMPLED` positions, each played on `FUTURES` imagined orders for `HORIZON` calls.
#: On deals 2000-2199 with 5 columns (strong won 44.0%, lookahead 54.5%; mean tiles left 8.94 and 6.25) it won
#: 52.5% (6.34); seeded otherwise, the same search won 57.5% (5.50): the luck of the imagined orders alone moves
#: it by 5 points, so 200 deals tell apart nothing finer. 12 orders of 12 calls won 55.5% (5.12), 8 positions
#: 54.0%; with the other seeds 4 calls 56.0%, 32 orders 56.0%; whole games to the end (8 orders, deals
#: 2000-2039) won 30% to strong's 52%.
SAMPLED = 4
FUTURES = 16
HORIZON = 8


class Sampling:
    """Strong's best few positions, each played on the same imagined futures (see the module docstring)."""

    name = "sampling"

    def __init__(self, rules: Rules, weights: Weights = Weights(), keep: int = SAMPLED, futures: int = FUTURES,
                 horizon: int = HORIZON) -> None:
        self.rules = rules
        self.strong = Strong(rules, weights)
        self.playout = Playout(self.strong.evaluate)
        self.keep = keep
        self.futures = futures
        self.horizon = horizon

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        options = self.strong.options(board, number, unseen)[: self.keep]
        if len(options) == 1 or not any(unseen):
            return options[0].choice
        ranks = self.ranks(board, number, unseen, options)
        return options[min(range(len(options)), key=ranks.__getitem__)].choice

    def ranks(self, board: Board, number: int, unseen: Sequence[int],
              options: list[Option]) -> list[tuple[float, ...]]:
        """Each position's place in the choice, lowest first: its imagined futures' sum, then strong's own score."""
        sampled = self.sampled(board, number, unseen, options)
        return [(total, score) for total, (score, _) in zip(sampled, options)]

    def sampled(self, board: Board, number: int, unseen: Sequence[int],
                options: list[Option]) -> list[float]:
        """For each position, the sum of strong's evaluations after the imagined futures (lower is better)."""
        futures = self.imagine(board, number, unseen)
        return [sum(self.judge(choice.board, unseen, future, left) for future, left in futures)
                for _, choice in options]

    def imagine(self, board: Board, number: int, unseen: Sequence[int]) -> list[Future]:
        """`futures` imagined next calls (up to the horizon), each with the counts still unseen after them; seeded by
        what the player sees, so the same position always imagines the same."""
        rng = random.Random(f"{board.ends} {board.columns} {number} {list(unseen)}")
        tiles = [tile for tile, count in enumerate(unseen) for _ in range(count)]
        out = []
        for _ in range(self.futures):
            rng.shuffle(tiles)
            future = tiles[: self.horizon]
            left = list(unseen)
            for tile in future:
                left[tile] -= 1
            out.append(Future(future, left))
        return out

    def judge(self, board: Board, unseen: Sequence[int], future: list[int], left: list[int]) -> float:
        """Strong's evaluation of the board after playing `future` from `board` (`left`: unseen after it)."""
        return self.strong.evaluate(self.playout.play(board, future, unseen), left)


#: solving's endgame: once at most ENDGAME tiles are still to come, each of sampling's positions plays the first
#: PLAYED calls of SOLVED imagined orders of all of them the way strong would (playout.py), and the exact search gets
#: SOLVE_NODES nodes to find a win for the rest of each order from there. On deals 2000-2199 with 5 columns
#: (sampling 115 wins, 57.5%): 28 tiles, 12 played, 16 orders, 100 nodes won 126 (2.0 s a game); 24 tiles with
#: 8 played 117 (1.4 s); solving at once (nothing played) from 16 tiles 114 (1.2 s). Solving at once imagines
#: too much: the search knows the order, the player will not, and from most positions some play wins.
ENDGAME = 28
PLAYED = 12
SOLVED = 16
SOLVE_NODES = 100


class Solving(Sampling):
    """Sampling, with the endgame solved: the position that can still be won in most imagined futures."""

    name = "solving"

    def __init__(self, rules: Rules, weights: Weights = Weights(), endgame: int = ENDGAME, played: int = PLAYED,
                 solved: int = SOLVED, nodes: int = SOLVE_NODES) -> None:
        super().__init__(rules, weights)
        self.endgame = endgame
        self.played = played
        self.solved = solved
        self.nodes = nodes

    def ranks(self, board: Board, number: int, unseen: Sequence[int],
              options: list[Option]) -> list[tuple[float, ...]]:
        """In the endgame, the positions won in more imagined orders first; then (and before it) as sampling."""
        ranks = super().ranks(board, number, unseen, options)
        if sum(unseen) > self.endgame:
            return ranks
        won = self.won(board, number, unseen, options)
        return [(-wins, *rank) for wins, rank in zip(won, ranks)]

    def won(self, board: Board, number: int, unseen: Sequence[int], options: list[Option]) -> list[int]:
        """For each position, in how many imagined orders of every tile still to come strong's play of the first
        few calls leaves a position the exact search can still win (within its nodes; one search per order, so the
        positions share its table). The orders are seeded by what the player sees; the calls made so far matter to
        the search only by their counts."""
        # seeded "pimc": perfect-information Monte Carlo
        rng = random.Random(f"pimc {board.ends} {board.columns} {number} {list(unseen)}")
        rules = self.rules
        tiles = [tile for tile, count in enumerate(unseen) for _ in range(count)]
        played = min(self.played, len(tiles))
        won = [0] * len(options)
        for _ in range(self.solved):
            rng.shuffle(tiles)
            left = list(unseen)
            for tile in tiles[:played]:
                left[tile] -= 1
            called = [tile for tile in range(1, rules.high + 1) for _ in range(rules.copies - left[tile])]
            budget = Budget(self.nodes * len(options), None)
            search = ExactSearch(called + tiles[played:], rules.columns, rules.high, rules.rows, budget)
            for i, (_, choice) in enumerate(options):
                after = self.playout.play(choice.board, tiles[:played], unseen)
                budget.slice(self.nodes)
                try:
                    won[i] += search.prove_from(len(called), after.ends, after.columns, 0)
                except OutOfBudget:
                    pass
        return won


def _distinct_places(places: tuple[int, ...], board: Board) -> list[int]:
    """One column of each content (two empty columns are the same choice); a row start stays as it is."""
    seen: set[tuple[int, ...] | None] = set()
    out: list[int] = []
    for where in places:
        content: tuple[int, ...] | None = None if where == ROW else board.columns[where]
        if content not in seen:
            seen.add(content)
            out.append(where)
    return out


#: every online strategy by name, each made from the rules
STRATEGIES: dict[str, Callable[[Rules], Strategy]] = {"naive": Naive, "strong": Strong, "lookahead": Lookahead, "sampling": Sampling, "solving": Solving}
