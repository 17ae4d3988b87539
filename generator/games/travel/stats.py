"""Many simulated games, on every core asked for, summed up: game length, wins by seat and by character, how
often the draw pile is reshuffled, and which card decides games.

"Seat" is the place in turn order (seat 1 plays first: the player whose transit capital is closest to the centre
capital). The deciding card of a game is the card that completed the winning set: of the cards used for the
winning travel, the one that came into the winner's hand last; for a postcard win, the postcard that made it.
"""
from __future__ import annotations

import multiprocessing
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ...atomic import make_folder, write_atomic
from .cards import Tables
from .sim import Result, simulate_one
from .writer import Recorder


@dataclass
class Summary:
    """Totals over many games (mergeable, so workers can each fill one)."""

    players: int
    games: int = 0
    lengths: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_character: Counter = field(default_factory=Counter)
    games_by_character: Counter = field(default_factory=Counter)
    how: Counter = field(default_factory=Counter)
    reshuffles: int = 0
    games_reshuffled: int = 0
    deciding: Counter = field(default_factory=Counter)
    unfinished: int = 0

    def __post_init__(self) -> None:
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, result: Result) -> None:
        self.games += 1
        self.lengths.append(result.turns)
        self.reshuffles += result.reshuffles
        self.games_reshuffled += result.reshuffles > 0
        self.games_by_character.update(result.characters)
        if result.winner < 0:
            self.unfinished += 1
            return
        self.wins_by_seat[result.position] += 1
        if result.character:
            self.wins_by_character[result.character] += 1
        self.how[result.how] += 1
        self.deciding[result.deciding_card] += 1

    def merge(self, other: "Summary") -> None:
        self.games += other.games
        self.lengths += other.lengths
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat)]
        for mine, theirs in ((self.wins_by_character, other.wins_by_character),
                             (self.games_by_character, other.games_by_character), (self.how, other.how),
                             (self.deciding, other.deciding)):
            mine.update(theirs)
        self.reshuffles += other.reshuffles
        self.games_reshuffled += other.games_reshuffled
        self.unfinished += other.unfinished


def game_seed(seed: int, index: int) -> int:
    """Game `index` of a run started with `seed`: the same game whatever the number of workers."""
    return seed * 1_000_003 + index


_TABLES: Tables | None = None


def _init_worker(t: Tables) -> None:
    global _TABLES
    _TABLES = t


def _play_range(job: tuple) -> Summary:
    start, stop, players, extensions, seed, bot, records = job
    summary = Summary(players)
    factory = Recorder if records else None
    for index in range(start, stop):
        result, text = simulate_one(_TABLES, players, extensions, game_seed(seed, index), bot, factory)
        summary.add(result)
        if text is not None:
            comment = f"# simulated: seed {seed}, game {index + 1}, bot {bot}\n"
            write_atomic(Path(records) / f"game-{index + 1:05d}.yaml", (comment + text).encode("utf-8"))
    return summary


def run_games(t: Tables, players: int, games: int, extensions: frozenset[str], seed: int = 0,
              bot: str = "greedy", records: str | None = None, workers: int = 2) -> Summary:
    """Play `games` games on `workers` processes (1: in this process) and sum them up."""
    if records:
        make_folder(Path(records))
    chunks = max(1, min(games, workers * 8))
    bounds = [games * k // chunks for k in range(chunks + 1)]
    jobs = [(bounds[k], bounds[k + 1], players, extensions, seed, bot, records)
            for k in range(chunks) if bounds[k] < bounds[k + 1]]
    total = Summary(players)
    if workers <= 1 or len(jobs) == 1:
        _init_worker(t)
        for job in jobs:
            total.merge(_play_range(job))
        return total
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(t,)) as pool:
        for part in pool.imap(_play_range, jobs):
            total.merge(part)
    return total

