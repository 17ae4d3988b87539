"""Many simulated games, on every core asked for, summed up: game length, wins by seat and by character, how
often the draw pile is reshuffled, and which card decides games.

"Seat" is the place in turn order (seat 1 plays first: the player whose transit capital is closest to the centre
capital). The deciding card of a game is the card that completed the winning set: of the cards used for the
winning travel, the one that came into the winner's hand last; for a postcard win, the postcard that made it.
"""
from __future__ import annotations

import multiprocessing
import signal
import sys
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import NamedTuple, Protocol

from ... import files
from .cards import Tables
from .simulate import Result, simulate_one
from .writer import Recorder


@dataclass
class Summary:
    """Totals over many games (mergeable, so workers can each fill one)."""

    players: int
    games: int = 0
    lengths: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_character: Counter[str] = field(default_factory=Counter)
    games_by_character: Counter[str] = field(default_factory=Counter)
    how: Counter[str] = field(default_factory=Counter)
    reshuffles: int = 0
    games_reshuffled: int = 0
    deciding: Counter[str] = field(default_factory=Counter)
    #: per extension card: games it was in the winner's hand at the win, games it came into play on the
    #: winning turn (or completed the winning set)
    in_winner_hand: Counter[str] = field(default_factory=Counter)
    on_winning_turn: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    #: 2-player games only: games and wins of (character, its opponent's character), each game counted from
    #: both sides (the balance lab's head to head)
    games_by_pair: Counter[tuple[str, str]] = field(default_factory=Counter)
    wins_by_pair: Counter[tuple[str, str]] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, result: Result) -> None:
        self.games += 1
        self.lengths.append(result.turns)
        self.reshuffles += result.reshuffles
        self.games_reshuffled += result.reshuffles > 0
        self.games_by_character.update(result.characters)
        pair = len(result.characters) == 2 == self.players
        if pair:
            first, second = result.characters
            self.games_by_pair.update(((first, second), (second, first)))
        if result.winner < 0:
            self.unfinished += 1
            return
        self.wins_by_seat[result.position] += 1
        if result.character:
            self.wins_by_character[result.character] += 1
            if pair:
                loser = result.characters[0] if result.characters[1] == result.character else result.characters[1]
                self.wins_by_pair[(result.character, loser)] += 1
        self.how[result.how] += 1
        self.deciding[result.deciding_card] += 1
        self.in_winner_hand.update(result.winner_cards)
        self.on_winning_turn.update(result.winning_turn_cards)

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    def merge(self, other: "Summary") -> None:
        self.games += other.games
        self.lengths += other.lengths
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat)]
        for mine, theirs in ((self.wins_by_character, other.wins_by_character),
                             (self.games_by_character, other.games_by_character), (self.how, other.how),
                             (self.deciding, other.deciding), (self.in_winner_hand, other.in_winner_hand),
                             (self.on_winning_turn, other.on_winning_turn)):
            mine.update(theirs)
        self.games_by_pair.update(other.games_by_pair)
        self.wins_by_pair.update(other.wins_by_pair)
        self.reshuffles += other.reshuffles
        self.games_reshuffled += other.games_reshuffled
        self.unfinished += other.unfinished


def game_seed(seed: int, index: int) -> int:
    """Game `index` of a run started with `seed`: the same game whatever the number of workers."""
    return seed * 1_000_003 + index


class Batch(NamedTuple):
    """Games of one kind: which card tables (an index into the list the run was given), how many players,
    which extensions, the run's seed and the bot in every seat (or a lineup of bots in turn order)."""

    tables: int
    players: int
    extensions: frozenset[str]
    seed: int
    bot: str | tuple[str, ...]


class Job(NamedTuple):
    """Games `start` to `stop` (indexes) of one batch; `records`: the folder their records go to, if any."""

    batch: Batch
    start: int
    stop: int
    records: str | None


_TABLES: list[Tables] = []


def _init_worker(tables: list[Tables]) -> None:
    global _TABLES
    _TABLES = tables


def _init_pool_worker(tables: list[Tables]) -> None:
    """A worker process's start. Ctrl-C reaches every process of the terminal's group: the parent's stops the
    pool, and a worker that took it too would print a traceback of its own. The pool stops a worker with SIGTERM:
    as an exit, so a record being written removes its temporary file (files.Root.write)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_worker)
    _init_worker(tables)


def _exit_worker(signum: int, frame: object) -> None:
    sys.exit(128 + signum)


def _play_range(job: Job) -> Summary:
    batch = job.batch
    summary = Summary(batch.players)
    factory = Recorder if job.records else None
    t = _TABLES[batch.tables]
    for index in range(job.start, job.stop):
        result, text = simulate_one(t, batch.players, batch.extensions, game_seed(batch.seed, index), batch.bot,
                                    factory)
        summary.add(result)
        if text is not None and job.records:
            bots = batch.bot if isinstance(batch.bot, str) else " ".join(batch.bot)
            comment = f"# simulated: seed {batch.seed}, game {index + 1}, bot {bots}\n"
            files.output(job.records).write(f"game-{index + 1:05d}.yaml", (comment + text).encode("utf-8"))
    return summary


class Executor(Protocol):
    """Where the games are played: `run` plays every job (each a range of game indexes of one batch, seeded by
    those indexes) and gives their summaries in the order of `jobs`, telling `done(games)` as each job ends."""

    def run(self, tables: list[Tables], jobs: list[Job], done: Callable[[int], None]) -> list[Summary]: ...


class LocalProcesses:
    """Games on processes of this machine (`workers` 1: in this process)."""

    def __init__(self, workers: int):
        self.workers = workers

    def run(self, tables: list[Tables], jobs: list[Job], done: Callable[[int], None]) -> list[Summary]:
        parts: list[Summary] = []
        if self.workers <= 1 or len(jobs) == 1:
            _init_worker(tables)
            for job in jobs:
                parts.append(_play_range(job))
                done(job.stop - job.start)
            return parts
        # Done, the pool is closed and its workers leave on their own; only an interrupted run terminates them. A
        # worker sent SIGTERM while it waits for the task queue's lock can miss it (its handler runs only between
        # bytecodes) and the pool's join then waits for ever: `with Pool` terminates even a finished pool.
        pool = multiprocessing.get_context("fork").Pool(self.workers, initializer=_init_pool_worker,
                                                        initargs=(tables,))
        try:
            for job, part in zip(jobs, pool.imap(_play_range, jobs)):
                parts.append(part)
                done(job.stop - job.start)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
        return parts


class ClusterUnreachable(Exception):
    """No Dask scheduler answers at the address given."""


def _play_on(tables: list[Tables], job: Job) -> Summary:
    """One job on a Dask worker: the same games `_play_range` plays here."""
    _init_worker(tables)
    return _play_range(job)


class DaskCluster:
    """Games on the workers of a Dask cluster (`pnp[cluster]`): the scheduler at `address` hands each job to a
    worker; a job whose worker dies is played again elsewhere (its games are seeded by their indexes, so the
    figures do not change)."""

    def __init__(self, address: str, timeout: float = 10.0, retries: int = 3):
        self.address, self.timeout, self.retries = address, timeout, retries

    def run(self, tables: list[Tables], jobs: list[Job], done: Callable[[int], None]) -> list[Summary]:
        from ...extras import need
        distributed = need("distributed", "cluster", "--cluster")
        try:
            client = distributed.Client(self.address, timeout=self.timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterUnreachable(f"no Dask scheduler answers at {self.address} ({exc.__class__.__name__})") \
                from None
        try:
            shared = client.scatter(tables, broadcast=True, hash=False)
            futures = [client.submit(_play_on, shared, job, retries=self.retries, pure=False) for job in jobs]
            index = {future.key: i for i, future in enumerate(futures)}
            parts: list[Summary | None] = [None] * len(jobs)
            for future in distributed.as_completed(futures):
                i = index[future.key]
                parts[i] = future.result()
                done(jobs[i].stop - jobs[i].start)
            return [part for part in parts if part is not None]
        finally:
            client.close()


def run_batches(tables: list[Tables], batches: list[Batch], games: int, workers: int = 2,
                records: str | None = None, progress: Callable[[int], None] | None = None,
                executor: Executor | None = None) -> list[Summary]:
    """Play `games` games of every batch, one summary per batch, on `executor` (default: `workers` local
    processes). Game k of a batch is the same game whatever plays it (its seed is its index), and the parts are
    summed in order, so the same seed gives the same summaries on any number of workers or machines.
    `progress(games)` is told of the games played as each part ends."""
    if records:
        files.output(records).make_folder()
    chunks = max(1, min(games, workers * 8))
    bounds = [games * k // chunks for k in range(chunks + 1)]
    jobs = [Job(batch, bounds[k], bounds[k + 1], records)
            for batch in batches for k in range(chunks) if bounds[k] < bounds[k + 1]]
    totals = [Summary(batch.players) for batch in batches]
    where = {batch: i for i, batch in enumerate(batches)}
    parts = (executor or LocalProcesses(workers)).run(tables, jobs, progress or (lambda games: None))
    for job, part in zip(jobs, parts):
        totals[where[job.batch]].merge(part)
    return totals


def run_games(t: Tables, players: int, games: int, extensions: frozenset[str], seed: int = 0,
              bot: str = "greedy", records: str | None = None, workers: int = 2) -> Summary:
    """Play `games` games on `workers` processes (1: in this process) and sum them up."""
    return run_batches([t], [Batch(0, players, extensions, seed, bot)], games, workers, records)[0]
