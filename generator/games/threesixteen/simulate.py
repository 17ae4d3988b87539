"""Play many seeded games with online strategies, each on the same deals; every game is replayed through the
rules engine, and strategies are compared deal by deal (`head_to_head`)."""
from __future__ import annotations

from dataclasses import dataclass
from statistics import mean
from typing import NamedTuple

from .caller import deal
from .engine import replay
from .rules import Board, Rules
from .notation import Notation, Token, notation_for
from .strategies import STRATEGIES, Strategy


@dataclass(frozen=True)
class Game:
    seed: int
    calls: list[int]
    tokens: list[str]
    tiles_left: int
    finished: bool


@dataclass(frozen=True)
class Summary:
    games: int
    wins: int
    mean_tiles_left: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


class Played(NamedTuple):
    """One game for one player: the tokens written, the final board, and the call that completed the rows."""

    tokens: list[str]
    board: Board
    finished_at: int | None


def play(strategy: Strategy, rules: Rules, calls: list[int], notation: Notation) -> Played:
    """One game for one player, replayed through the rules from the tokens written."""
    board = Board.empty(rules)
    unseen = [0] + [rules.copies] * rules.high
    tokens = []
    parsed: list[Token] = []
    for number in calls:
        unseen[number] -= 1
        choice = strategy.choose(board, number, unseen)
        token = notation.write(choice.place, choice.moves)
        read = notation.parse(token)
        if read is None:
            raise RuntimeError(f"strategy {strategy.name} wrote '{token}', which the notation does not read")
        tokens.append(token)
        parsed.append(read)
        board = choice.board
    outcome = replay(rules, calls, parsed)
    if outcome.violation is not None or outcome.board != board:
        raise RuntimeError(f"strategy {strategy.name} broke rule {outcome.violation and outcome.violation.rule} "
                           f"in a game with calls {calls}")
    return Played(tokens, outcome.board, outcome.finished_at)


def simulate(strategy_name: str, games: int, rules: Rules, seed: int = 0) -> list[Game]:
    """Game i is dealt with seed `seed + i` (so `--seed 0` plays the solver benchmark's deals)."""
    strategy = STRATEGIES[strategy_name](rules)
    notation = notation_for(rules.letters)
    out = []
    for i in range(games):
        calls = deal(seed + i, rules)
        tokens, board, finished_at = play(strategy, rules, calls, notation)
        out.append(Game(seed + i, calls, tokens, board.tiles_left, finished_at is not None))
    return out


def summarise(games: list[Game]) -> Summary:
    return Summary(len(games), sum(g.finished for g in games), mean(g.tiles_left for g in games) if games else 0.0)


class HeadToHead(NamedTuple):
    """Two strategies on the same deals: in how many one left fewer tiles than the other, as many, or more."""

    fewer: int
    equal: int
    more: int


def head_to_head(games: list[Game], others: list[Game]) -> HeadToHead:
    """`games` against `others`, deal by deal (both played on the same seeds)."""
    if [g.seed for g in games] != [g.seed for g in others]:
        raise ValueError("head to head needs the same deals on both sides")
    pairs = [(g.tiles_left, o.tiles_left) for g, o in zip(games, others)]
    return HeadToHead(sum(a < b for a, b in pairs), sum(a == b for a, b in pairs), sum(a > b for a, b in pairs))
