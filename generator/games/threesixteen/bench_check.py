"""Benchmark for `make bench`: how many tile moves per second `pnp check threesixteen` replays from record files.

A tile move is one placement or one move from a column onto a row. The clock covers everything `check_file`
does for a valid record except the hindsight solver: reading the file, composing the YAML, parsing the tokens,
replaying every call for every player, and the results. The records are 4-player games (two strong and two
naive online players on each deal) written by the simulator into a temporary folder.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from ...content.load import load_content
from ...errors import InputError
from .caller import deal
from .check import check_file
from .rules import Rules
from .notation import notation_for
from .record_text import record_text
from .simulate import play
from .strategies import Naive, Strong

TARGET = 500_000
LONG_LINE_SECONDS = 5.0     # a 10 MB record with one long token line: read in linear time, refused with a position
PLAYERS = ("Mina", "Joon", "Sora", "Hana")


def _write_records(folder: Path, deals: int, rules: Rules) -> list[tuple[Path, int]]:
    """Record files and the tile moves in each."""
    notation = notation_for(rules.letters)
    strategies = (Strong(rules), Naive(rules))
    out = []
    for seed in range(deals):
        calls = deal(seed, rules)
        played = [play(strategy, rules, calls, notation)[0] for strategy in strategies]
        tokens = {name: played[i % 2] for i, name in enumerate(PLAYERS)}
        path = folder / f"game-{seed:03d}.yaml"
        path.write_text(record_text(list(PLAYERS), calls, tokens, rules.columns), encoding="utf-8")
        moves = sum(len(t) + sum(len(token.partition(">")[2]) for token in t) for t in tokens.values())
        out.append((path, moves))
    return out


def run(deals: int = 40, seconds: float = 2.0) -> list[dict]:
    content = load_content()
    rules = Rules.from_game(content.games["threesixteen"])
    with tempfile.TemporaryDirectory() as tmp:
        records = _write_records(Path(tmp), deals, rules)
        for path, _ in records:  # warm up: caches, imports, the language file
            if not check_file(path, content, "en", nodes=0).ok:
                raise RuntimeError(f"benchmark record {path.name} does not pass the check")
        moves = files = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for path, count in records:
                check_file(path, content, "en", nodes=0)
                moves += count
                files += 1
        elapsed = time.perf_counter() - start
        long_line = Path(tmp) / "long-line.yaml"
        long_line.write_text("players: [A]\ncalls: 1 2\nmoves:\n  A: R " + " ".join(["A>B"] * 2_500_000) + "\n",
                             encoding="utf-8")
        start = time.perf_counter()
        try:
            check_file(long_line, content, "en", nodes=0)
        except InputError:
            pass
        long_seconds = time.perf_counter() - start
    rate = moves / elapsed
    return [{
        "name": "check: a 10 MB record with one long token line",
        "value": round(long_seconds, 2),
        "unit": "s",
        "target": f"< {LONG_LINE_SECONDS:g}",
        "ok": long_seconds < LONG_LINE_SECONDS,
        "detail": "2,500,001 tokens for 2 calls; the message needs one position, found in one pass",
    }, {
        "name": "check: tile moves replayed per second (parsing included)",
        "value": round(rate),
        "unit": "tile moves/s",
        "target": TARGET,
        "ok": rate >= TARGET,
        "detail": f"{files} checks of {len(records)} 4-player records, {files / elapsed:.0f} records/s, "
                  f"{moves / files:.0f} tile moves per record, without the hindsight solver",
    }]


if __name__ == "__main__":
    for row in run():
        print(row)
